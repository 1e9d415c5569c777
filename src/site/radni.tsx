// `/radni` (the list, filtered by term, group and body) and `/radni/:token` (one councillor's voting
// profile, attendance by month, agreement with the group, partners and opponents, vote lists).

import { radni } from '../radni/endpoints.ts';
import { utils } from '../utils/endpoints.ts';
import {
  BodySelect,
  CountsBar,
  CsvLink,
  FilterForm,
  GroupSelect,
  MonthlyChart,
  Pager,
  ScopeNote,
  TermSelect,
  VoteTable,
} from './components.tsx';
import { type PartnerItem, pagesOf, scoped } from './data.ts';
import { CompareForm, Figure, Method, compareChoices, percentOf } from './evidence.tsx';
import {
  BALLOTS,
  COUNT_LABEL,
  ballotLabelFor,
  countLabelsFor,
  formatNumber,
  formatPercent,
  formatTerm,
  genderedAs,
  participationPercent,
  plural,
} from '../text/format.ts';
import { type PageContext, bodyName, groupName } from './layout.tsx';
import { NO_BASE, PercentWithBase, percentText, topicName } from './record.tsx';
import {
  COUNCILLORS_PAGE,
  type CouncillorFilter,
  type CouncillorVotes,
  PARTNERS_SHOWN,
  PARTNER_FLOOR,
  partnerMinimum,
  TOPIC_LISTS,
  coalitionList,
  councillorList,
  councillorVoteList,
  opponentList,
} from './lists.ts';
import { type InputOf, type LoadContext, download, page, readList, termsIn } from './page.ts';
import { COUNCILLOR_LISTS, type CouncillorListName, orNotFound } from '../urls/params.ts';
import { PAGES, cardPaths, feedPaths, linkTo, listHref, pagePath } from '../urls/paths.ts';
import { type Wording, capital, memberCount } from '../text/wording.ts';
import { PolicyFigures } from './polityki.tsx';

type CouncillorsInput = InputOf<typeof PAGES.councillors>;
const councillorFilter = ({ query: { kadencja, ugrupowanie, nazwa }, organ }: CouncillorsInput): CouncillorFilter => ({
  nazwa,
  kadencja,
  ugrupowanie,
  organ,
});

export const councillorsPage = page({
  route: PAGES.councillors,
  load: async (input, context) => {
    const { kadencja, ugrupowanie, nazwa, strona: page } = input.query;
    const [groups, terms, { items, total }] = await Promise.all([
      context.answer(utils.groups, { query: { kadencja } }),
      termsIn(context, input.organ),
      readList(councillorList, councillorFilter(input), context, page, COUNCILLORS_PAGE),
    ]);
    return { kadencja, ugrupowanie, nazwa, page, groups, terms, items, total };
  },
  render: ({ kadencja, ugrupowanie, nazwa, page, groups, terms, items, total }, ctx) => {
    const pages = pagesOf(total, COUNCILLORS_PAGE);
    // Where a person sits, when the snapshot holds several councils and the list is not one council's.
    const showCouncil = ctx.councils.length > 1 && ctx.organ === undefined;
    // `aktywny` is a mandate in the current term: for a term that is over, neither word is true.
    const newestTerm = terms.reduce<string | undefined>(
      (n, t) => (n === undefined || t.kadencja > n ? t.kadencja : n),
      undefined,
    );
    const w = ctx.wording;
    const members = capital(w.members);
    const group = groups.find((g) => g.id_ugrupowania === ugrupowanie)?.nazwa;
    return {
      title: nazwa ? `${members}: „${nazwa}”` : members,
      section: 'radni',
      description: `${memberCount(w, total)}${group ? ` z ${w.groupGen} ${groupName(ctx, group)}` : ''}${kadencja ? ` w kadencji ${formatTerm(kadencja)}` : ''}.`,
      body: (
        <>
          <h1>{members}</h1>
          <FilterForm ctx={ctx} label={`Filtry listy: ${w.members}`} ownOrgan>
            <label for="f-nazwa">
              Imię lub nazwisko
              <input id="f-nazwa" type="search" name="nazwa" value={nazwa ?? ''} maxLength={200} />
            </label>
            <TermSelect terms={terms} value={kadencja} />
            <GroupSelect ctx={ctx} groups={groups} value={ugrupowanie} />
            <BodySelect bodies={ctx.bodies} value={ctx.organ} />
          </FilterForm>
          <p role="status">
            {formatNumber(total)} {plural(total, 'osoba', 'osoby', 'osób')}
            {pages > 1 ? `, strona ${page} z ${pages}` : ''}. Kolejność według nazwisk.
          </p>
          {items.length === 0 ? (
            <p class="muted">Nikt nie spełnia tych warunków.</p>
          ) : (
            <div class="tw">
              <table>
                <caption class="vh">{members}</caption>
                <thead>
                  <tr>
                    <th scope="col">Imię i nazwisko</th>
                    <th scope="col" class="hide-s">
                      {w.groupHeader}
                    </th>
                    <th scope="col" class="hide-s">
                      Kadencja
                    </th>
                    <th scope="col">Status</th>
                  </tr>
                </thead>
                <tbody>
                  {items.map((r) => (
                    <tr>
                      <td>
                        <a href={linkTo(ctx, PAGES.councillor, { token: r.token }, { kadencja })}>{r.imie_nazwisko}</a>
                        {showCouncil && r.organ && <div class="muted">{r.organ}</div>}
                        {/* on a phone the group goes under the name: a long club name and the status both fit */}
                        <div class="muted">
                          <span class="show-s">{groupName(ctx, r.ugrupowanie)}</span>
                        </div>
                      </td>
                      <td class="hide-s">{groupName(ctx, r.ugrupowanie)}</td>
                      <td class="hide-s nw">{formatTerm(r.kadencja)}</td>
                      <td>
                        {r.kadencja !== newestTerm
                          ? 'po kadencji'
                          : genderedAs(
                              r.imie_nazwisko,
                              r.aktywny ? 'aktywny' : 'nieaktywny',
                              r.aktywny ? 'aktywna' : 'nieaktywna',
                            )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pager
            page={page}
            pages={pages}
            link={(strona) => linkTo(ctx, PAGES.councillors, { nazwa, kadencja, ugrupowanie, strona })}
          />
          {total > 0 && <CsvLink href={listHref(ctx, PAGES.councillors, {}, '')} what="tę listę" />}
        </>
      ),
    };
  },
  downloads: { '': download(councillorList, (input: CouncillorsInput) => councillorFilter(input)) },
});

/** Votes per page of a councillor's lists. */
const VOTES_PAGE = 20;

const LIST_LABEL: Record<CouncillorListName, string> = {
  wszystkie: 'Wszystkie',
  zgodne: 'Z klubem',
  buntownicze: 'Wbrew klubowi',
  samotne: 'W pojedynkę',
  kluczowe: 'Rozstrzygające',
};

const LIST_HELP = (w: Wording): Record<CouncillorListName, string> => ({
  wszystkie: `Wszystkie głosowania, w których ${w.member} miał głos, od najnowszych.`,
  zgodne: `Głosowania liczone w zgodności z ${w.groupInst}, w których ${w.member} zagłosował tak jak większość jego ${w.groupGen}.`,
  buntownicze: `Głosowania, w których ${w.member} zagłosował inaczej niż większość jego ${w.groupGen}.`,
  samotne: `Głosowania, w których ${w.member} jako jedyny oddał taki głos (przy co najmniej dwóch aktywnych głosach).`,
  kluczowe: `Głosowania rozstrzygnięte jednym głosem, w których głos ${w.memberGen} był po stronie zwycięskiej.`,
});

function PartnerTable({
  ctx,
  rows,
  caption,
  csv,
  token,
  kadencja,
  people,
  min,
}: {
  ctx: PageContext;
  rows: readonly PartnerItem[];
  caption: string;
  csv: string;
  token: string;
  kadencja: string | undefined;
  people: ReadonlyMap<number, string>;
  /** The shared votes a partner needs (partnerMinimum). */
  min: number;
}) {
  if (rows.length === 0)
    return <p class="muted">Za mało wspólnych głosowań (potrzeba co najmniej {formatNumber(min)}).</p>;
  return (
    <>
      <div class="tw">
        <table>
          <caption class="vh">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{capital(ctx.wording.member)}</th>
              <th scope="col" class="num">
                Zgodność (z ilu wspólnych głosowań)
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((p) => (
              <tr>
                <td>
                  <a href={linkTo(ctx, PAGES.councillor, { token: people.get(p.id_osoby)! })}>{p.imie_nazwisko}</a>
                  <div class="muted">{groupName(ctx, p.ugrupowanie)}</div>
                </td>
                <td class="num">
                  <PercentWithBase percent={p.zgodnosc_procent} base={p.wspolne_glosowania} reason="" />
                  <div>
                    <Figure
                      to={`${linkTo(ctx, PAGES.compare, { kadencja, radny: token, drugi: people.get(p.id_osoby)! })}#rozbiezne`}
                      count={p.wspolne_glosowania - p.zgodne}
                    >
                      porównaj<span class="vh"> (różne głosy: {formatNumber(p.wspolne_glosowania - p.zgodne)})</span>
                    </Figure>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <CsvLink href={csv} what="tę listę" />
    </>
  );
}

type CouncillorInput = InputOf<typeof PAGES.councillor>;

/** The councillor a page or download is about (by token or id), or its 404. */
const councillorOf = (
  {
    params: { token },
    query: { kadencja },
  }: Pick<CouncillorInput, 'params'> & { query: { kadencja: string | undefined } },
  { answer, frame }: Pick<LoadContext, 'answer' | 'frame'>,
) =>
  orNotFound(
    `Nie ma takiego ${frame.wording.memberGen}.`,
    answer(radni.profile, { params: { id: token }, query: { kadencja } }),
  );

/**
 * The list of the councillor's votes the page shows, in the scope of the figure it is the evidence of:
 * a ballot value (`glos`, the evidence of the profile's counts, which cover every body) keeps every
 * body; a topic (the evidence of „Jak głosuje w tematach”, counted in the page's body scope) keeps the
 * body, and takes the lists with and against the group too.
 */
const councillorVotes = (
  id: number,
  { query: { kadencja, lista, glos, temat }, organ }: CouncillorInput,
): CouncillorVotes => {
  const ballot = lista === 'wszystkie' ? glos : undefined;
  const topic = lista === 'wszystkie' || TOPIC_LISTS.has(lista) ? temat : undefined;
  const takesOrgan = topic !== undefined || (lista === 'wszystkie' && ballot === undefined);
  return { id, lista, kadencja, glos: ballot, temat: topic, organ: takesOrgan ? organ : undefined };
};

/** What a partner list of the councillor needs. */
const partnersOf = async (input: CouncillorInput, context: LoadContext) => ({
  id: (await councillorOf(input, context)).id_osoby,
  kadencja: input.query.kadencja,
});

export const councillorPage = page({
  route: PAGES.councillor,
  load: async (input, context) => {
    const { answer } = context;
    const { kadencja, lista: list, strona: page } = input.query;
    const p = await councillorOf(input, context);
    const person = { params: { id: p.id_osoby }, query: { kadencja } };
    const listed = councillorVotes(p.id_osoby, input);
    const [
      voting,
      attendance,
      months,
      agreement,
      partners,
      opponents,
      votes,
      listTotals,
      terms,
      compare,
      topics,
      policies,
    ] = await Promise.all([
      answer(radni.votingProfile, person),
      answer(radni.attendance, person),
      answer(radni.monthlyAttendance, person),
      answer(radni.groupAgreement, person),
      readList(coalitionList, { id: p.id_osoby, kadencja }, context, 1, PARTNERS_SHOWN),
      readList(opponentList, { id: p.id_osoby, kadencja }, context, 1, PARTNERS_SHOWN),
      readList(councillorVoteList, listed, context, page, VOTES_PAGE),
      answer(radni.voteListTotals, person),
      answer(utils.terms, {}),
      compareChoices(context, { kadencja, first: p.id_osoby }),
      answer(radni.topics, { params: person.params, query: { kadencja, organ: input.organ } }),
      answer(radni.policies, { params: person.params, query: { kadencja, organ: input.organ } }),
    ]);
    const people = await context.tokens([...partners.items, ...opponents.items].map((x) => x.id_osoby));
    return {
      p,
      kadencja,
      list,
      ballot: listed.glos,
      topic: listed.temat,
      topics,
      policies,
      voting,
      attendance,
      months,
      agreement,
      listTotals,
      terms,
      compare,
      people,
      partners: partners.items,
      opponents: opponents.items,
      // The body filter of a councillor's votes applies to the full list without a ballot value only.
      votes: scoped({ ...votes, page, pages: pagesOf(votes.total, VOTES_PAGE) }, listed.organ !== undefined),
    };
  },
  render: ({ p, kadencja, list, ballot, topic, voting, ...c }, ctx) => {
    const { za, przeciw, wstrzymujacy, nieobecny, brak_glosu } = voting;
    const counts = { za, przeciw, wstrzymujacy, nieobecny, brak_glosu };
    const total = za + przeciw + wstrzymujacy + nieobecny + brak_glosu;
    const partners = partnerMinimum(za + przeciw + wstrzymujacy);
    const self = pagePath(PAGES.councillor, { token: p.token });
    const here = (
      query: {
        kadencja?: string | undefined;
        lista?: string | undefined;
        temat?: string | undefined;
        glos?: string | undefined;
        strona?: number | undefined;
      } = {},
    ) => linkTo(ctx, PAGES.councillor, { token: p.token }, query);
    const votes = c.votes.data;
    const termLabel = kadencja ? `kadencja ${formatTerm(kadencja)}` : 'wszystkie kadencje';
    const scopeName = bodyName(ctx, ctx.organ);
    const w = ctx.wording;
    return {
      title: p.imie_nazwisko,
      section: 'radni',
      description:
        `${p.imie_nazwisko}${p.ugrupowanie ? ` (${groupName(ctx, p.ugrupowanie)})` : ''}, ${termLabel}: frekwencja ` +
        `${percentText(c.attendance.frekwencja_procent, c.attendance.liczba_posiedzen, NO_BASE.attendance)}, ` +
        `zgodność z ${w.groupInst} ${percentText(c.agreement.zgodnosc_procent, c.agreement.wszystkie_glosowania, NO_BASE.agreement)}.`,
      preview: {
        path: self,
        image: cardPaths.councillor(p.token),
        imageAlt: `${p.imie_nazwisko}: frekwencja i zgodność z ${w.groupInst}`,
        type: 'profile',
      },
      feed: {
        title: `${p.imie_nazwisko}: głosy wbrew ${w.groupDat} i głosy decydujące`,
        href: feedPaths.councillor(p.token),
      },
      body: (
        <>
          <h1>{p.imie_nazwisko}</h1>
          <p class="meta">
            {groupName(ctx, p.ugrupowanie)}
            {p.kadencja && <> · kadencja {formatTerm(p.kadencja)}</>}
            {' · '}
            {p.aktywny ? 'aktywny' : 'nieaktywny'}
          </p>
          <FilterForm ctx={ctx} label="Zakres profilu" action={self}>
            <input type="hidden" name="lista" value={list} />
            <TermSelect terms={c.terms} value={kadencja} />
          </FilterForm>
          <p class="muted">
            Statystyki: {termLabel}
            {scopeName ? '; obejmują wszystkie organy' : ''}.
          </p>

          <h2>
            Jak głosuje <Method ctx={ctx} anchor="profil" what="jak głosuje" />
          </h2>
          <CountsBar counts={counts} labels={countLabelsFor(p.imie_nazwisko)} />
          <p>
            {formatNumber(p.liczba_glosow)}{' '}
            {plural(p.liczba_glosow, 'aktywny głos', 'aktywne głosy', 'aktywnych głosów')} (za, przeciw, wstrzymanie
            się) na {formatNumber(total)} {plural(total, 'głosowanie', 'głosowania', 'głosowań')}.
          </p>
          <ul class="figs">
            {BALLOTS.map((b) => (
              <li>
                {countLabelsFor(p.imie_nazwisko)[b]}:{' '}
                <Figure to={`${here({ kadencja, glos: b })}#glosowania`} count={counts[b]} />{' '}
                <span class="muted">
                  ({percentOf(total === 0 ? 0 : voting[`${b}_procent`], total, ['głosowania', 'głosowań', 'głosowań'])})
                </span>
              </li>
            ))}
          </ul>

          <div class="cols">
            <section aria-labelledby="h-frekwencja">
              <h2 id="h-frekwencja">
                Frekwencja <Method ctx={ctx} anchor="frekwencja" what="frekwencja" />
              </h2>
              {c.attendance.liczba_posiedzen === 0 ? (
                <p class="lead">— brak zapisów obecności w tym zakresie, więc nie ma z czego liczyć frekwencji.</p>
              ) : (
                <p class="lead">
                  <strong>{formatPercent(c.attendance.frekwencja_procent)}</strong>: obecność na{' '}
                  {formatNumber(c.attendance.obecnosci)} z{' '}
                  <Figure
                    to={linkTo(ctx, PAGES.attendanceRecords, { token: p.token }, { kadencja })}
                    count={c.attendance.liczba_posiedzen}
                  />{' '}
                  posiedzeń.
                </p>
              )}
              <p>
                Udział w głosowaniach:{' '}
                <strong>
                  {percentOf(participationPercent(voting.nieobecny_procent), total, [
                    'głosowania',
                    'głosowań',
                    'głosowań',
                  ])}
                </strong>
                {total > 0 && (
                  <>
                    {' '}
                    ({ballotLabelFor(p.imie_nazwisko, 'nieobecny')} w{' '}
                    <Figure to={`${here({ kadencja, glos: 'nieobecny' })}#glosowania`} count={nieobecny} />)
                  </>
                )}
                . Frekwencja mówi, czy {w.member} był na posiedzeniu (lista obecności), udział — czy głosował (
                <a href={`${linkTo(ctx, PAGES.quality)}#obecni_bez_glosu`}>dlaczego obie liczby</a>).
              </p>
            </section>
            <section aria-labelledby="h-zgodnosc">
              <h2 id="h-zgodnosc">
                Zgodność z {w.groupInst} <Method ctx={ctx} anchor="zgodnosc-grupa" what={`zgodność z ${w.groupInst}`} />
              </h2>
              <p class="lead">
                <strong>
                  {percentOf(c.agreement.zgodnosc_procent, c.agreement.wszystkie_glosowania, [
                    'głosowania',
                    'głosowań',
                    'głosowań',
                  ])}
                </strong>
                : z klubem w{' '}
                <Figure to={`${here({ kadencja, lista: 'zgodne' })}#glosowania`} count={c.agreement.zgodne} />, wbrew
                klubowi w{' '}
                <Figure
                  to={`${here({ kadencja, lista: 'buntownicze' })}#glosowania`}
                  count={c.agreement.wszystkie_glosowania - c.agreement.zgodne}
                />
                .
              </p>
            </section>
          </div>
          <TopicFigures ctx={ctx} topics={c.topics} link={(query) => `${here({ kadencja, ...query })}#glosowania`} />
          <PolicyFigures ctx={ctx} policies={c.policies} token={p.token} kadencja={kadencja} />
          <h3>Frekwencja w kolejnych miesiącach</h3>
          <MonthlyChart
            months={c.months.map((m) => ({ miesiac: m.miesiac, procent: m.frekwencja_procent, z: m.liczba_posiedzen }))}
            caption="Frekwencja miesięczna"
            label="Frekwencja"
            of="posiedzeń"
            empty="Brak zapisów obecności."
          />

          <p class="muted" id="partnerzy">
            Pary z co najmniej {formatNumber(partners)} wspólnymi głosowaniami: to połowa z{' '}
            {formatNumber(za + przeciw + wstrzymujacy)} głosów aktywnych w tym zakresie (nie mniej niż {PARTNER_FLOOR}),
            żeby porównanie obejmowało większość tych głosów (
            <a href={`${linkTo(ctx, PAGES.method)}#porownanie`}>jak liczymy</a>).
          </p>
          <div class="cols">
            <section aria-labelledby="h-koalicje">
              <h2 id="h-koalicje">Głosuje najczęściej jak</h2>
              <PartnerTable
                ctx={ctx}
                rows={c.partners}
                caption={`Najbardziej zgodni ${w.members}`}
                csv={listHref(ctx, PAGES.councillor, { token: p.token }, 'koalicje')}
                token={p.token}
                kadencja={kadencja}
                people={c.people}
                min={partners}
              />
            </section>
            <section aria-labelledby="h-oponenci">
              <h2 id="h-oponenci">Głosuje najczęściej inaczej niż</h2>
              <PartnerTable
                ctx={ctx}
                rows={c.opponents}
                caption={`Najmniej zgodni ${w.members}`}
                csv={listHref(ctx, PAGES.councillor, { token: p.token }, 'oponenci')}
                token={p.token}
                kadencja={kadencja}
                people={c.people}
                min={partners}
              />
            </section>
          </div>
          <h3>
            Porównaj z innym {w.memberInst}{' '}
            <Method ctx={ctx} anchor="porownanie" what={`zgodność dwóch ${w.membersGen}`} />
          </h3>
          <CompareForm ctx={ctx} choices={c.compare} kadencja={kadencja} first={p.id_osoby} />

          <h2 id="glosowania">Głosowania</h2>
          <nav aria-label="Listy głosowań">
            <ul class="tabs">
              {COUNCILLOR_LISTS.map((kind) => (
                <li>
                  <a
                    href={`${here({ kadencja, lista: kind === 'wszystkie' ? undefined : kind })}#glosowania`}
                    aria-current={kind === list ? 'page' : undefined}
                  >
                    {LIST_LABEL[kind]} ({formatNumber(kind === list ? votes.total : c.listTotals[kind])})
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <p class="muted">{LIST_HELP(w)[list]}</p>
          {(ballot || topic) && (
            <p class="note">
              Tylko głosowania{topic && <> tematu „{topicName(ctx, topic)}”</>}
              {ballot && <> z zapisem „{COUNT_LABEL[ballot]}”</>} ({formatNumber(votes.total)})
              {topic && ctx.organ !== undefined ? '' : ', ze wszystkich organów'}.{' '}
              <a href={`${here({ kadencja, lista: list === 'wszystkie' ? undefined : list })}#glosowania`}>
                Pokaż wszystkie
              </a>
            </p>
          )}
          <ScopeNote ctx={ctx} scoped={c.votes} />
          <VoteTable ctx={ctx} votes={votes.items} caption={`Głosowania: ${LIST_LABEL[list]}`} ballot evidence />
          <Pager
            page={votes.page}
            pages={votes.pages}
            link={(strona) =>
              here({ kadencja, lista: list === 'wszystkie' ? undefined : list, temat: topic, glos: ballot, strona })
            }
          />
          {votes.total > 0 && (
            <CsvLink href={listHref(ctx, PAGES.councillor, { token: p.token }, 'glosowania')} what="tę listę" />
          )}
          <p class="muted">
            Obserwuj:{' '}
            <a href={feedPaths.councillor(p.token)} type="application/atom+xml">
              kanał Atom
            </a>{' '}
            z głosami wbrew {w.groupDat} i głosami decydującymi.
          </p>
        </>
      ),
    };
  },
  downloads: {
    glosowania: download(councillorVoteList, async (input: CouncillorInput, context) =>
      councillorVotes((await councillorOf(input, context)).id_osoby, input),
    ),
    koalicje: download(coalitionList, partnersOf),
    oponenci: download(opponentList, partnersOf),
  },
});

type CouncillorTopic = Awaited<ReturnType<typeof radni.topics.handler>>[number];

/**
 * „Jak głosuje w tematach” (CONTRACT §11): per topic the councillor's ballots and agreement with their
 * group, each count leading to their votes of that topic with that ballot, the agreement to their
 * votes of that topic with the group, and the votes against it.
 */
function TopicFigures({
  ctx,
  topics,
  link,
}: {
  ctx: PageContext;
  topics: readonly CouncillorTopic[];
  link: (query: { temat: string; glos?: string; lista?: 'zgodne' | 'buntownicze' }) => string;
}) {
  // za and przeciw only, each a link: the page must stay within its budget (test/site.test.ts)
  const shown = ['za', 'przeciw'] as const;
  return (
    <section aria-labelledby="h-tematy">
      <h2 id="h-tematy">
        Jak głosuje w tematach <Method ctx={ctx} anchor="tematy" what="tematy głosowań" />
      </h2>
      {topics.length === 0 ? (
        <p class="muted">Brak głosów w tym zakresie.</p>
      ) : (
        <div class="tw">
          <table>
            <caption class="vh">
              Głosy {ctx.wording.memberGen} i zgodność z {ctx.wording.groupInst} według tematów
            </caption>
            <thead>
              <tr>
                <th scope="col">Temat</th>
                {shown.map((b) => (
                  <th scope="col" class="num">
                    {COUNT_LABEL[b]}
                  </th>
                ))}
                <th scope="col" class="num">
                  Zgodność z klubem
                </th>
              </tr>
            </thead>
            <tbody>
              {topics.map((t) => (
                <tr>
                  <th scope="row">
                    <a href={link({ temat: t.temat })}>{t.nazwa}</a>
                  </th>
                  {shown.map((b) => (
                    <td class="num">
                      <Figure to={link({ temat: t.temat, glos: b })} count={t[b]} />
                    </td>
                  ))}
                  {/* On a phone the percent and its base stay on one line, the votes against under them (issue 46). */}
                  <td class="num wrap">
                    {t.wszystkie_glosowania === 0 ? (
                      <>
                        — <span class="muted">brak stanowiska klubu</span>
                      </>
                    ) : (
                      <>
                        <span class="nw">
                          <Figure to={link({ temat: t.temat, lista: 'zgodne' })} count={t.zgodne}>
                            {formatPercent(t.zgodnosc_procent)}
                          </Figure>{' '}
                          z {formatNumber(t.wszystkie_glosowania)}
                        </span>
                        {t.zgodne < t.wszystkie_glosowania && (
                          <div class="b">
                            wbrew:{' '}
                            <Figure
                              to={link({ temat: t.temat, lista: 'buntownicze' })}
                              count={t.wszystkie_glosowania - t.zgodne}
                            />
                          </div>
                        )}
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
