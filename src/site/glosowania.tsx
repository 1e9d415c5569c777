// `/glosowania` (search, filters, paging) and `/glosowania/:id` (result, distribution by group,
// attachments, the share form). The vote's body (`VoteSummaryBlock`, `BallotsByGroup`) is shared with
// the share-link page.

import { glosowania } from '../glosowania/endpoints.ts';
import {
  BodySelect,
  CountsBar,
  CsvLink,
  FilterForm,
  Pager,
  ResultBadge,
  TermSelect,
  VoteTable,
  ballotClass,
  voteCounts,
} from './components.tsx';
import { type BallotEntry, type VotePageData, ballotsListed, groupsOf, pagesOf } from './data.ts';
import { Figure, Method } from './evidence.tsx';
import {
  BALLOTS,
  BALLOT_LABEL,
  COUNT_LABEL,
  ballotLabelFor,
  formatDate,
  formatDateTime,
  formatNumber,
  formatPercent,
  plural,
  safeHttpUrl,
  requiredMajority,
} from '../text/format.ts';
import { type PageContext, bodyName, groupName } from './layout.tsx';
import { TopicLink, VoteRecord, matchedPattern, titleOf, topicName } from './record.tsx';
import { type VoteBallots, type VoteFilter, ballotList, groupCountList, voteList } from './lists.ts';
import { type InputOf, type LoadContext, download, page, readList, termsIn } from './page.ts';
import { SiteError, orNotFound } from '../urls/params.ts';
import { PAGES, cardPaths, feedPaths, linkTo, listHref, pagePath } from '../urls/paths.ts';
import { QUALITY_FILTER } from './quality.tsx';
import { ShareButton, ShareForm } from './share-form.tsx';

/** Votes per page of /glosowania. */
const VOTES_PAGE = 20;

type VotesInput = InputOf<typeof PAGES.votes>;

/** The filters of /glosowania as the list endpoint takes them. */
const voteFilter = ({ query: q, organ }: VotesInput): VoteFilter => ({
  search: q.szukaj,
  kadencja: q.kadencja,
  wynik: q.wynik,
  temat: q.temat,
  jakosc: q.jakosc,
  data_od: q.od,
  data_do: q.do,
  close: q.wyrownane,
  organ,
});

export const votesPage = page({
  route: PAGES.votes,
  load: async (input, context) => {
    const filter = voteFilter(input);
    const page = input.query.strona;
    const topics = context.frame.topics ?? new Map<string, string>();
    if (filter.temat !== undefined && !topics.has(filter.temat)) {
      throw new SiteError(400, `Nie ma tematu „${filter.temat}”; tematy: ${[...topics.keys()].join(', ')}.`);
    }
    const [{ items, total, exact }, terms] = await Promise.all([
      readList(voteList, filter, context, page, VOTES_PAGE),
      termsIn(context, input.organ),
    ]);
    return { filter, terms, exact, result: { items, total, page, pages: pagesOf(total, VOTES_PAGE) } };
  },
  render: ({ filter, terms, exact, result }, ctx) => {
    const atLeast = exact === false ? 'co najmniej ' : ''; // a long search counted only so far
    const scopeName = bodyName(ctx, ctx.organ) ?? ctx.siteName;
    const params = {
      szukaj: filter.search,
      kadencja: filter.kadencja,
      wynik: filter.wynik,
      temat: filter.temat,
      jakosc: filter.jakosc,
      od: filter.data_od,
      do: filter.data_do,
      wyrownane: filter.close,
    };
    return {
      title: filter.search
        ? `Głosowania: „${filter.search}”`
        : filter.temat
          ? `Głosowania: ${topicName(ctx, filter.temat)}`
          : 'Głosowania',
      section: 'glosowania',
      description: `${formatNumber(result.total)} ${plural(result.total, 'głosowanie', 'głosowania', 'głosowań')}: tytuł, wynik i rozkład głosów każdego.`,
      feed: { title: `Najnowsze głosowania: ${scopeName}`, href: feedPaths.votes(ctx.organ) },
      body: (
        <>
          <h1>Głosowania{filter.temat && <>: {topicName(ctx, filter.temat)}</>}</h1>
          {filter.jakosc && (
            <p>
              Tylko głosowania, w których {QUALITY_FILTER[filter.jakosc]} (
              <a href={`${linkTo(ctx, PAGES.quality, { kadencja: filter.kadencja })}#${filter.jakosc}`}>
                co to znaczy dla liczb
              </a>
              ; <a href={linkTo(ctx, PAGES.votes, { ...params, jakosc: undefined })}>pokaż wszystkie</a>).
            </p>
          )}
          <FilterForm ctx={ctx} label="Wyszukiwanie głosowań" ownOrgan>
            {filter.jakosc && <input type="hidden" name="jakosc" value={filter.jakosc} />}
            <label for="f-szukaj">
              Szukaj w tytułach
              <input id="f-szukaj" type="search" name="szukaj" value={filter.search ?? ''} maxLength={200} />
            </label>
            <TermSelect terms={terms} value={filter.kadencja} />
            <BodySelect bodies={ctx.bodies} value={ctx.organ} />
            <label for="f-wynik">
              Wynik
              <select id="f-wynik" name="wynik">
                <option value="">Każdy</option>
                <option value="przyjęto" selected={filter.wynik === 'przyjęto'}>
                  Przyjęto
                </option>
                <option value="odrzucono" selected={filter.wynik === 'odrzucono'}>
                  Odrzucono
                </option>
              </select>
            </label>
            <label for="f-temat">
              Temat
              <select id="f-temat" name="temat">
                <option value="">Każdy</option>
                {[...(ctx.topics ?? [])].map(([id, nazwa]) => (
                  <option value={id} selected={filter.temat === id}>
                    {nazwa}
                  </option>
                ))}
              </select>
            </label>
            <label for="f-od">
              Od dnia
              <input id="f-od" type="date" name="od" value={filter.data_od ?? ''} />
            </label>
            <label for="f-do">
              Do dnia
              <input id="f-do" type="date" name="do" value={filter.data_do ?? ''} />
            </label>
            <label class="check" for="f-wyrownane">
              <input id="f-wyrownane" type="checkbox" name="wyrownane" value="1" checked={filter.close} />
              Tylko wyrównane
            </label>
          </FilterForm>
          <p role="status">
            {atLeast}
            {formatNumber(result.total)} {plural(result.total, 'głosowanie', 'głosowania', 'głosowań')}
            {result.pages > 1 ? `, strona ${result.page} z ${atLeast}${result.pages}` : ''}.
          </p>
          <p class="muted">
            <a href={linkTo(ctx, PAGES.topics, { kadencja: filter.kadencja })}>Głosowania według tematów</a> i jak
            głosowanie dostaje temat; <a href={linkTo(ctx, PAGES.policies)}>polityki</a>: jak {ctx.wording.members}{' '}
            głosują w sprawie stanowisk.
          </p>
          <VoteTable ctx={ctx} votes={result.items} caption="Wyniki wyszukiwania" />
          <Pager
            page={result.page}
            pages={result.pages}
            link={(strona) => linkTo(ctx, PAGES.votes, { ...params, strona })}
          />
          {result.total > 0 && <CsvLink href={listHref(ctx, PAGES.votes, {}, '')} what="tę listę" />}
          <p class="muted">
            Obserwuj nowe głosowania:{' '}
            <a href={feedPaths.votes(ctx.organ)} type="application/atom+xml">
              kanał Atom
            </a>{' '}
            ({scopeName}).
          </p>
        </>
      ),
    };
  },
  downloads: { '': download(voteList, (input: VotesInput) => voteFilter(input)) },
});

/**
 * The ballots of a vote grouped by group, with `highlight`'s entry marked; `share`: each councillor's
 * row has a button of the page's share form, and the lists their downloads.
 */
export function BallotsByGroup({
  ctx,
  data,
  highlight,
  share = false,
}: {
  ctx: PageContext;
  data: VotePageData;
  highlight?: number | undefined;
  share?: boolean;
}) {
  if (!data.vote.imienne) return null; // VoteRecord says why: the source gives no roll call
  if (data.ballots.length === 0) return <p class="muted">Brak zapisanych głosów.</p>;
  const person = (b: BallotEntry) => {
    const marked = b.id_osoby === highlight;
    return (
      <li class={`${ballotClass(b.glos)}${marked ? ' hl' : ''}`}>
        <a href={linkTo(ctx, PAGES.councillor, { token: data.tokens.get(b.id_osoby)! })}>{b.imie_nazwisko}</a>{' '}
        <span class="g">{ballotLabelFor(b.imie_nazwisko, b.glos)}</span>
        {marked && <strong class="vh"> (wyróżniony głos)</strong>}
        {share && (
          <>
            {' '}
            <ShareButton personId={b.id_osoby} name={b.imie_nazwisko} />
          </>
        )}
      </li>
    );
  };
  const id = data.vote.id_glosowania;
  return (
    <>
      <p class="scroll-hint" aria-hidden="true">
        Tabela ma sześć kolumn: przesuń ją w bok →
      </p>
      <div class="tw">
        <table>
          <caption class="vh">Rozkład głosów według {ctx.wording.groupsGen}</caption>
          <thead>
            <tr>
              <th scope="col">{ctx.wording.groupHeader}</th>
              <th scope="col" class="num">
                {COUNT_LABEL.za}
              </th>
              <th scope="col" class="num">
                {COUNT_LABEL.przeciw}
              </th>
              <th scope="col" class="num">
                {COUNT_LABEL.wstrzymujacy}
              </th>
              <th scope="col" class="num">
                {COUNT_LABEL.nieobecny}
              </th>
              <th scope="col" class="num">
                {COUNT_LABEL.brak_glosu}
              </th>
            </tr>
          </thead>
          <tbody>
            {data.groups.map((g) => (
              <tr>
                <th scope="row">
                  <a href={`#${groupAnchor(data.groups.indexOf(g))}`}>{groupName(ctx, g.nazwa)}</a>
                </th>
                <td class="num">{g.counts.za}</td>
                <td class="num">{g.counts.przeciw}</td>
                <td class="num">{g.counts.wstrzymujacy}</td>
                <td class="num">{g.counts.nieobecny}</td>
                <td class="num">{g.counts.brak_glosu}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {share && <CsvLink href={listHref(ctx, PAGES.vote, { id }, 'ugrupowania')} what="tę tabelę" />}
      {data.groups.map((g, i) => (
        <section aria-labelledby={groupAnchor(i)}>
          <h3 id={groupAnchor(i)}>
            {groupName(ctx, g.nazwa)} <span class="muted">({g.ballots.length})</span>
          </h3>
          <ul class="ballots">{g.ballots.map(person)}</ul>
        </section>
      ))}
      {share && <CsvLink href={listHref(ctx, PAGES.vote, { id }, 'glosy')} what="wszystkie głosy" />}
    </>
  );
}

/** Anchors are positional: group names are data and may hold anything. */
const groupAnchor = (index: number) => `grupa-${index + 1}`;

/** A title longer than this is shortened on a phone, to PHONE_HEADING characters (the whole title follows under it). */
const PHONE_LONG = 180;
const PHONE_HEADING = 120;

/** `text` cut to at most `chars` characters at a word boundary (no trailing punctuation), for a short heading. */
function shortHeading(text: string, chars: number): string {
  const head = [...text].slice(0, chars + 1).join('');
  const space = head.lastIndexOf(' ');
  return (space > chars / 2 ? head.slice(0, space) : head.slice(0, -1)).replace(/[\s,;:.–—-]+$/u, '');
}

/**
 * A vote's heading: its title as the site shows it (tidied, „…” where the source cut it, and then a
 * note saying so). A long title is shortened on a phone, where 500 characters would fill the first
 * screen: the heading keeps its first words and the whole title is under it, folded in a <details>
 * (no script; the style sheet decides by the screen's width). Elsewhere the heading is the whole title.
 */
export function VoteHeading({ ctx, raw }: { ctx: PageContext; raw: string }) {
  const title = titleOf(ctx, raw);
  const short = [...title.text].length > PHONE_LONG ? shortHeading(title.text, PHONE_HEADING) : undefined;
  return (
    <>
      {short === undefined ? (
        <h1 class="title">{title.text}</h1>
      ) : (
        <>
          <h1 class="title">
            {short}
            <span class="tr">{title.text.slice(short.length)}</span>
            <span class="te" aria-hidden="true">
              …
            </span>
          </h1>
          <details class="tf">
            <summary>Cały tytuł</summary>
            <p class="title">{title.text}</p>
          </details>
        </>
      )}
      {title.cut && (
        <p class="note" id="tytul-uciety">
          <strong>Tytuł ucięty przez źródło.</strong> Źródło podało tylko {formatNumber([...raw].length)} pierwszych
          znaków tytułu, urwanych w pół zdania; dalszej części nie ma w danych (
          <a href={`${linkTo(ctx, PAGES.method)}#tytuly`}>jak to rozpoznajemy</a>).
        </p>
      )}
    </>
  );
}

/** Title, date, body, session, result and the counts bar of a vote. */
export function VoteSummaryBlock({ ctx, data }: { ctx: PageContext; data: VotePageData }) {
  const v = data.vote;
  return (
    <>
      <p class="meta">
        {formatDateTime(v.data, v.godzina)} · {v.organ} ·{' '}
        <a href={linkTo(ctx, PAGES.session, { id: v.posiedzenie.id_posiedzenia })}>
          posiedzenie nr {v.posiedzenie.numer}
          {v.posiedzenie.nazwa ? ` (${v.posiedzenie.nazwa})` : ''}
        </a>
        {v.punkt && (
          <>
            {' '}
            · punkt {v.punkt.numer}: {v.punkt.tytul}
          </>
        )}{' '}
        · temat: <TopicLink ctx={ctx} temat={v.temat} />
      </p>
      <p class="lead">
        <ResultBadge wynik={v.wynik} /> {v.za} za, {v.przeciw} przeciw, {v.wstrzymujacy}{' '}
        {plural(v.wstrzymujacy, 'wstrzymał się', 'wstrzymało się', 'wstrzymało się')}
      </p>
      <CountsBar counts={voteCounts(v)} />
      <VoteRecord vote={v} wording={ctx.wording} />
    </>
  );
}

/** A vote, its ballots (plain and by group) and its attachments, as the endpoints answer them; the voters' tokens. */
export async function votePageData(
  { answer, tokens }: Pick<LoadContext, 'answer' | 'tokens'>,
  id: number | string,
): Promise<VotePageData> {
  const vote = { params: { id } };
  const [detail, ballots, grouped, attachments] = await Promise.all([
    answer(glosowania.detail, vote),
    answer(glosowania.ballots, vote),
    answer(glosowania.ballots, { ...vote, query: { ugrupowanie: true } }),
    answer(glosowania.attachments, vote),
  ]);
  const plain = ballotsListed(ballots.data);
  const people = await tokens(
    plain.map((b) => b.id_osoby),
    { organ: detail.id_organu, kadencja: detail.kadencja },
  );
  return {
    vote: detail,
    ballots: plain,
    groups: groupsOf(grouped.data),
    attachments,
    tokens: people,
  };
}

type VoteInput = InputOf<typeof PAGES.vote>;
const NO_VOTE = 'Nie ma takiego głosowania.';

/** The ballots of the vote a page or download is about (grouped as the page shows them), or its 404. */
const ballotsOf = async ({ params: { id } }: VoteInput, { answer }: LoadContext): Promise<VoteBallots> => {
  const [grouped, vote] = await orNotFound(
    NO_VOTE,
    Promise.all([
      answer(glosowania.ballots, { params: { id }, query: { ugrupowanie: true } }),
      answer(glosowania.detail, { params: { id } }),
    ]),
  );
  return { vote, groups: groupsOf(grouped.data) };
};

export const votePage = page({
  route: PAGES.vote,
  load: async ({ params: { id }, query: { glos } }, context) => {
    const found = await orNotFound(NO_VOTE, votePageData(context, id));
    return { glos, found, filed: matchedPattern(context.readers.vocabulary, found.vote.tytul) };
  },
  render: ({ glos, found, filed }, ctx) => {
    const v = found.vote;
    const counts = voteCounts(v);
    // Each figure of the vote leads to the ballots behind it: this page, its ballots with one value.
    const ballotsWith = (b: keyof typeof counts) =>
      `${linkTo(ctx, PAGES.vote, { id: v.id_glosowania }, { glos: b })}#glosy`;
    const active = v.za + v.przeciw + v.wstrzymujacy;
    const largest = (['za', 'przeciw', 'wstrzymujacy'] as const).reduce<'za' | 'przeciw' | 'wstrzymujacy'>(
      (best, b) => (counts[b] > counts[best] ? b : best),
      'za',
    );
    const shown = glos === undefined ? [] : found.ballots.filter((b) => b.glos === glos);
    // A tally-only vote's figures are the minutes' numbers: no ballots to lead to (CONTRACT §10).
    const stated = v.liczby_zrodla;
    const Count = ({ b }: { b: keyof typeof counts }) =>
      v.imienne ? (
        <Figure to={ballotsWith(b)} count={counts[b]} />
      ) : stated && stated[b === 'nieobecny' ? 'nieobecni' : b] === null ? (
        <>
          — <span class="muted">(nie podano)</span>
        </>
      ) : (
        <>{formatNumber(counts[b])}</>
      );
    const title = titleOf(ctx, v.tytul).text;
    // A preview keeps what the result needed where it was more than a simple majority (issue 46).
    const needed = requiredMajority(v.wymagana_wiekszosc?.typ ?? null, v.wymagana_wiekszosc?.glosow ?? null);
    const result = `${v.wynik} ${v.za} : ${v.przeciw}${needed ? `, ${needed}` : ''}`;
    return {
      title,
      section: 'glosowania',
      description: `${formatDate(v.data)}, ${v.organ}: ${result}.`,
      preview: {
        path: pagePath(PAGES.vote, { id: v.id_glosowania }),
        image: cardPaths.vote(v.id_glosowania),
        imageAlt: `${title}: ${result}`,
      },
      body: (
        <>
          <VoteHeading ctx={ctx} raw={v.tytul} />
          <VoteSummaryBlock ctx={ctx} data={found} />
          <p class="muted">
            Temat „{topicName(ctx, v.temat)}” nadany automatycznie według słów tytułu:{' '}
            {filed ? `tytuł zawiera „${filed.wzorzec}”` : 'żaden wzorzec nie pasuje do tytułu'} (
            <a href={`${linkTo(ctx, PAGES.topics)}#wzorce`}>jak głosowanie dostaje temat</a>).
          </p>
          <ul class="figs">
            {BALLOTS.map((b) => (
              <li>
                {COUNT_LABEL[b]}: <Count b={b} />
              </li>
            ))}
          </ul>
          <dl class="stats">
            <div>
              <dt>
                Kontrowersyjność <Method ctx={ctx} anchor="kontrowersyjnosc" what="kontrowersyjność" />
              </dt>
              {v.za + v.przeciw === 0 ? (
                <dd>
                  — <span class="muted">nikt nie głosował za ani przeciw</span>
                </dd>
              ) : (
                <>
                  <dd>
                    {v.kontrowersyjnosc}
                    <span class="vh"> na 100</span>
                  </dd>
                  <dd class="basis">
                    z <Count b="za" /> za i <Count b="przeciw" /> przeciw
                  </dd>
                </>
              )}
            </div>
            <div>
              <dt>
                Jednomyślność <Method ctx={ctx} anchor="jednomyslnosc" what="jednomyślność" />
              </dt>
              {active === 0 ? (
                <dd>
                  — <span class="muted">brak aktywnych głosów (za, przeciw, wstrzymujących się)</span>
                </dd>
              ) : (
                <>
                  <dd>{formatPercent(v.jednomyslnosc_procent)}</dd>
                  <dd class="basis">
                    <Count b={largest} /> ({BALLOT_LABEL[largest]}) z {formatNumber(active)}{' '}
                    {plural(active, 'aktywnego głosu', 'aktywnych głosów', 'aktywnych głosów')}
                  </dd>
                </>
              )}
            </div>
            <div>
              <dt>Nieobecni</dt>
              <dd>
                <Count b="nieobecny" />
              </dd>
            </div>
          </dl>
          {glos !== undefined && (
            <section aria-labelledby="glosy">
              <h2 id="glosy">
                Głosy: {COUNT_LABEL[glos]} ({formatNumber(shown.length)})
              </h2>
              <p>
                <a href={linkTo(ctx, PAGES.vote, { id: v.id_glosowania })}>
                  Wszystkie głosy według {ctx.wording.groupsGen}
                </a>
              </p>
              {shown.length === 0 ? (
                <p class="muted">Nikt.</p>
              ) : (
                <ul class="ballots">
                  {shown.map((b) => (
                    <li data-dowod="" class={ballotClass(b.glos)}>
                      <a href={linkTo(ctx, PAGES.councillor, { token: found.tokens.get(b.id_osoby)! })}>
                        {b.imie_nazwisko}
                      </a>{' '}
                      <span class="g">{groupName(ctx, b.ugrupowanie)}</span>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          )}
          {v.imienne && (
            <>
              <ShareForm voteId={v.id_glosowania} publicUrl={ctx.publicUrl} wording={ctx.wording} />
              <h2>Głosy według {ctx.wording.groupsGen}</h2>
              <BallotsByGroup ctx={ctx} data={found} share />
            </>
          )}
          <h2>Załączniki</h2>
          {found.attachments.length === 0 ? (
            <p class="muted">Brak załączników.</p>
          ) : (
            <ul>
              {found.attachments.map((a) => {
                const url = safeHttpUrl(a.url);
                return (
                  <li>
                    {url ? (
                      <a href={url} rel="nofollow noopener noreferrer">
                        {a.nazwa}
                      </a>
                    ) : (
                      a.nazwa
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </>
      ),
    };
  },
  downloads: { glosy: download(ballotList, ballotsOf), ugrupowania: download(groupCountList, ballotsOf) },
});
