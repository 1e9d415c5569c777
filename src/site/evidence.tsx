// The evidence behind the site's figures (CONTRACT §9) and the pages built on it:
//
//   /radni/:token/obecnosci          a councillor's attendance records (the sessions behind frekwencja)
//   /porownaj?radny=…&drugi=…        two councillors side by side: agreement, the votes where they differed
//   /spojnosc                        how united each group votes, ranked, and per group by month
//
// and the pieces every page uses to show a figure with what it rests on: `Figure` (a number that links
// to the list of its rows; `data-liczba` says how many the list has, and each row of such a list carries
// `data-dowod`, so a test can follow every figure) and `Method` (the figure's definition on /jak-liczymy).

import type { ComponentChildren } from 'preact';
import { radni } from '../radni/endpoints.ts';
import { statystyki } from '../statystyki/endpoints.ts';
import type { CouncilMap } from '../statystyki/queries.ts';
import { utils } from '../utils/endpoints.ts';
import { BodySelect, CsvLink, FilterForm, MonthlyChart, Pager, ScopeNote, TermSelect } from './components.tsx';
import { pagedOf, scoped } from './data.ts';
import {
  BALLOT_LABEL,
  ballotOf,
  formatDate,
  formatNumber,
  formatPercent,
  formatTerm,
  genderedAs,
  plural,
} from '../text/format.ts';
import { type PageContext, bodyName, groupName } from './layout.tsx';
import { attendanceRecordList, cohesionList, differingVoteList, rankedCohesion } from './lists.ts';
import { NO_BASE, PercentWithBase, VoteLink, percentText } from './record.tsx';
import { type InputOf, type LoadContext, download, page } from './page.ts';
import { SiteError, orNotFound } from '../urls/params.ts';
import { PAGES, linkTo, listHref, pagePath } from '../urls/paths.ts';
import { capital } from '../text/wording.ts';

/** A figure that leads to its evidence: `count` is how many rows the list at `to` has. */
export function Figure({ to, count, children }: { to: string; count: number; children?: ComponentChildren }) {
  return (
    <a class="fig" href={to} data-liczba={String(count)}>
      {children ?? formatNumber(count)}
    </a>
  );
}

/** The link from a figure's label to its definition on „Jak liczymy”. */
export function Method({ ctx, anchor, what }: { ctx: PageContext; anchor: string; what: string }) {
  return (
    <a class="how" href={`${linkTo(ctx, PAGES.method)}#${anchor}`}>
      jak liczymy<span class="vh">: {what}</span>
    </a>
  );
}

/** "84,38% z 1 034 głosowań": a percent with the count it is a share of. */
export const percentOf = (percent: number, total: number, unit: [string, string, string]) =>
  total === 0
    ? `— (brak ${unit[2]}: nie ma z czego liczyć)`
    : `${formatPercent(percent)} z ${formatNumber(total)} ${plural(total, ...unit)}`;

const GLOSOWAN: [string, string, string] = ['głosowania', 'głosowań', 'głosowań'];

// ── /radni/:token/obecnosci ──────────────────────────────────────────────────────────────────────

export const attendanceRecordsPage = page({
  route: PAGES.attendanceRecords,
  load: async ({ params: { token }, query: { kadencja, strona: page } }, { answer, frame }) => {
    const p = await orNotFound(
      `Nie ma takiego ${frame.wording.memberGen}.`,
      answer(radni.profile, { params: { id: token }, query: { kadencja } }),
    );
    const person = { params: { id: p.id_osoby }, query: { kadencja } };
    // The records behind the profile's frekwencja, which counts every body: no organ here either.
    const [attendance, records, terms] = await Promise.all([
      answer(radni.attendance, person),
      answer(radni.attendanceRecords, { params: person.params, query: { kadencja, page, limit: 20 } }),
      answer(utils.terms, {}),
    ]);
    return { p, kadencja, attendance, list: pagedOf(records), terms };
  },
  render: ({ p, kadencja, attendance, list, terms }, ctx) => {
    const self = (query: { kadencja?: string | undefined; strona?: number | undefined }) =>
      linkTo(ctx, PAGES.attendanceRecords, { token: p.token }, query);
    return {
      title: `${p.imie_nazwisko}: obecności`,
      section: 'radni',
      description: `${p.imie_nazwisko}: obecność na ${attendance.obecnosci} z ${attendance.liczba_posiedzen} posiedzeń.`,
      body: (
        <>
          <h1>{p.imie_nazwisko}: obecności na posiedzeniach</h1>
          <p class="meta">
            <a href={linkTo(ctx, PAGES.councillor, { token: p.token }, { kadencja })}>Profil {ctx.wording.memberGen}</a>
          </p>
          <FilterForm ctx={ctx} label="Zakres" action={pagePath(PAGES.attendanceRecords, { token: p.token })}>
            <TermSelect terms={terms} value={kadencja} />
          </FilterForm>
          <ScopeNote ctx={ctx} scoped={scoped(null, false)} />
          {attendance.liczba_posiedzen === 0 ? (
            <p class="lead">
              Frekwencja — brak zapisów obecności w tym zakresie, więc nie ma z czego jej liczyć (
              <Method ctx={ctx} anchor="frekwencja" what="frekwencja" />
              ).
            </p>
          ) : (
            <p class="lead">
              Frekwencja{' '}
              <strong>
                {percentOf(attendance.frekwencja_procent, attendance.liczba_posiedzen, [
                  'posiedzenia',
                  'posiedzeń',
                  'posiedzeń',
                ])}
              </strong>
              : {genderedAs(p.imie_nazwisko, 'obecny', 'obecna')} na {formatNumber(attendance.obecnosci)},{' '}
              {genderedAs(p.imie_nazwisko, 'nieobecny', 'nieobecna')} na {formatNumber(attendance.nieobecnosci)} (
              <Method ctx={ctx} anchor="frekwencja" what="frekwencja" />
              ).
            </p>
          )}
          <p>
            Obecność na posiedzeniu bierzemy z listy obecności, gdy źródło ją publikuje; na posiedzeniu bez listy{' '}
            {ctx.wording.member} jest obecny, gdy oddał choć jeden głos. Zapisy są tylko z czasu, gdy był członkiem
            organu (<a href={`${linkTo(ctx, PAGES.method)}#listy-obecnosci`}>jak liczymy</a>).
          </p>
          {list.items.length === 0 ? (
            <p class="muted">Brak zapisów obecności.</p>
          ) : (
            <div class="tw">
              <table>
                <caption class="vh">Zapisy obecności, od najnowszych</caption>
                <thead>
                  <tr>
                    <th scope="col">Data</th>
                    <th scope="col">Posiedzenie</th>
                    <th scope="col">Obecność</th>
                    <th scope="col">Skąd</th>
                  </tr>
                </thead>
                <tbody>
                  {list.items.map((r) => (
                    <tr data-dowod="">
                      <td class="nw">{formatDate(r.data)}</td>
                      <td>
                        <a href={linkTo(ctx, PAGES.session, { id: r.id_posiedzenia })}>posiedzenie nr {r.numer}</a>
                      </td>
                      <td>
                        {r.obecny ? (
                          genderedAs(p.imie_nazwisko, 'obecny', 'obecna')
                        ) : (
                          <strong>{genderedAs(p.imie_nazwisko, 'nieobecny', 'nieobecna')}</strong>
                        )}
                      </td>
                      <td>{r.lista_obecnosci ? 'z listy obecności' : 'z głosowań'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pager page={list.page} pages={list.pages} link={(strona) => self({ kadencja, strona })} />
          {list.items.length > 0 && (
            <CsvLink href={listHref(ctx, PAGES.attendanceRecords, { token: p.token }, '')} what="wszystkie zapisy" />
          )}
        </>
      ),
    };
  },
  downloads: {
    '': download(
      attendanceRecordList,
      ({ params: { token }, query: { kadencja } }: InputOf<typeof PAGES.attendanceRecords>) => ({
        id: token,
        kadencja,
      }),
    ),
  },
});

// ── /porownaj ────────────────────────────────────────────────────────────────────────────────────

/** The councillors the compare form offers: per body in scope, its councillors; none: a body must be chosen first. */
export type CompareChoices =
  | Array<{
      name: string;
      people: Array<{ id_osoby: number; imie_nazwisko: string; token: string; ugrupowanie: string | null }>;
    }>
  | undefined;

/**
 * What the compare form offers. Only councillors of one body share votes, so it lists the bodies in
 * scope: the chosen body's, else the first councillor's (grouped by body), else, where there are
 * several bodies and none is chosen, none (the form asks for a body first: a national snapshot has
 * 50,000 councillors).
 */
export async function compareChoices(
  { answer, frame }: Pick<LoadContext, 'answer' | 'frame'>,
  { kadencja, first }: { kadencja: string | undefined; first?: number | undefined },
): Promise<CompareChoices> {
  const bodyIds =
    frame.organ !== undefined
      ? [frame.organ]
      : first !== undefined
        ? (await answer(radni.bodies, { params: { id: first }, query: { kadencja } })).map((b) => b.id_organu)
        : frame.bodies.length === 1
          ? [frame.bodies[0]!.id_organu]
          : [];
  if (bodyIds.length === 0) return undefined;
  return Promise.all(
    bodyIds.map(async (organ) => ({
      name: bodyName(frame, organ) ?? String(organ),
      people: (await answer(radni.list, { query: { kadencja, organ } })).data,
    })),
  );
}

/**
 * The form that picks two councillors (a plain GET form: no script needed), from `choices`. The second
 * choice starts on someone other than the first.
 */
export function CompareForm({
  ctx,
  choices,
  kadencja,
  first,
  second,
}: {
  ctx: PageContext;
  choices: CompareChoices;
  kadencja: string | undefined;
  first?: number | undefined;
  second?: number | undefined;
}) {
  const action = pagePath(PAGES.compare);
  if (choices === undefined) {
    return (
      <form class="filters" method="get" action={action} aria-label="Wybierz organ">
        {kadencja && <input type="hidden" name="kadencja" value={kadencja} />}
        <BodySelect bodies={ctx.bodies} value={undefined} required />
        <button type="submit">Wybierz {ctx.wording.membersGen} tego organu</button>
      </form>
    );
  }
  const groups = choices;
  const secondChoice = second ?? groups.flatMap((g) => g.people).find((r) => r.id_osoby !== first)?.id_osoby;
  const options = (value: number | undefined) => {
    let selected = false; // one selected option, though someone in two bodies is listed twice
    return groups.map(({ name, people }) => {
      const named = new Map<string, number>();
      for (const r of people) named.set(r.imie_nazwisko, (named.get(r.imie_nazwisko) ?? 0) + 1);
      const list = people.map((r) => {
        const selects = !selected && r.id_osoby === value;
        selected ||= selects;
        return (
          <option value={r.token} selected={selects}>
            {r.imie_nazwisko}
            {named.get(r.imie_nazwisko)! > 1 ? ` (${groupName(ctx, r.ugrupowanie)}, ${r.token})` : ''}
          </option>
        );
      });
      return groups.length === 1 ? list : <optgroup label={name}>{list}</optgroup>;
    });
  };
  return (
    <form class="filters" method="get" action={action} aria-label={`Wybierz dwóch ${ctx.wording.membersGen}`}>
      {ctx.organ !== undefined && <input type="hidden" name="organ" value={String(ctx.organ)} />}
      {kadencja && <input type="hidden" name="kadencja" value={kadencja} />}
      <label for="c-radny">
        {capital(ctx.wording.member)}
        <select id="c-radny" name="radny">
          {options(first)}
        </select>
      </label>
      <label for="c-drugi">
        Porównaj z
        <select id="c-drugi" name="drugi">
          {options(secondChoice)}
        </select>
      </label>
      <button type="submit">Porównaj</button>
    </form>
  );
}

export const comparePage = page({
  route: PAGES.compare,
  load: async ({ query: { kadencja, radny: first, drugi: second, strona: page } }, context) => {
    const { answer } = context;
    const w = context.frame.wording;
    const terms = await answer(utils.terms, {});
    if (first === undefined || second === undefined)
      return { kadencja, terms, compare: await compareChoices(context, { kadencja }), pair: undefined };
    const [a, b] = await Promise.all(
      [first, second].map((id) =>
        orNotFound(`Nie ma ${w.memberGen} „${id}”.`, answer(radni.profile, { params: { id }, query: { kadencja } })),
      ),
    );
    if (a!.id_osoby === b!.id_osoby) throw new SiteError(400, `Wybierz dwóch różnych ${w.membersGen}.`);
    const ids = { id: a!.id_osoby, id2: b!.id_osoby };
    const [compared, figures, months, compare] = await Promise.all([
      answer(radni.comparison, { params: ids, query: { kadencja, page, limit: 20 } }),
      Promise.all(
        [a!, b!].map(async (p) => {
          const person = { params: { id: p.id_osoby }, query: { kadencja } };
          const [attendance, agreement, voting] = await Promise.all([
            answer(radni.attendance, person),
            answer(radni.groupAgreement, person),
            answer(radni.votingProfile, person),
          ]);
          return { p, attendance, agreement, voting };
        }),
      ),
      answer(radni.pairMonths, { params: ids, query: { kadencja } }),
      compareChoices(context, { kadencja, first: a!.id_osoby }),
    ]);
    return { kadencja, terms, compare, pair: { a: a!, b: b!, compared, figures, months } };
  },
  render: ({ kadencja, terms, compare, pair }, ctx) => {
    const w = ctx.wording;
    if (pair === undefined) {
      return {
        title: `Porównaj ${w.membersGen}`,
        section: 'radni',
        description: `Dwóch ${w.membersGen} obok siebie: jak często głosują tak samo i w których głosowaniach się różnili.`,
        body: (
          <>
            <h1>Porównaj {w.membersGen}</h1>
            <p>
              Wybierz dwóch {w.membersGen}: zobaczysz ich profile obok siebie, jak często głosują tak samo i głosowania,
              w których się różnili.
            </p>
            <CompareForm ctx={ctx} choices={compare} kadencja={kadencja} />
          </>
        ),
      };
    }
    const { a, b, compared, figures } = pair;
    const c = compared.data;
    const differing = pagedOf({ data: c.rozbiezne, extra: compared.extra });
    const months = pair.months.map((m) => ({
      miesiac: m.miesiac,
      procent: m.zgodnosc_procent,
      z: m.wspolne_glosowania,
    }));
    const params = { kadencja, radny: a.token, drugi: b.token };
    const rows: Array<[string, (f: (typeof figures)[number]) => ComponentChildren]> = [
      [w.groupHeader, (f) => groupName(ctx, f.p.ugrupowanie)],
      [
        'Frekwencja',
        (f) => (
          <>
            {percentText(f.attendance.frekwencja_procent, f.attendance.liczba_posiedzen, NO_BASE.attendance)} z{' '}
            <Figure
              to={linkTo(ctx, PAGES.attendanceRecords, { token: f.p.token }, { kadencja })}
              count={f.attendance.liczba_posiedzen}
            />{' '}
            posiedzeń
          </>
        ),
      ],
      [
        `Zgodność z ${w.groupInst}`,
        (f) => (
          <>
            {percentText(f.agreement.zgodnosc_procent, f.agreement.wszystkie_glosowania, NO_BASE.agreement)} z{' '}
            {formatNumber(f.agreement.wszystkie_glosowania)} głosowań
          </>
        ),
      ],
      [
        'Głosy za / przeciw / wstrzymania',
        (f) =>
          `${formatNumber(f.voting.za)} / ${formatNumber(f.voting.przeciw)} / ${formatNumber(f.voting.wstrzymujacy)}`,
      ],
    ];
    return {
      title: `${a.imie_nazwisko} i ${b.imie_nazwisko}`,
      section: 'radni',
      description: c.wspolny_organ
        ? `${a.imie_nazwisko} i ${b.imie_nazwisko} głosowali tak samo w ${percentOf(c.zgodnosc_procent, c.wspolne_glosowania, ['wspólnego głosowania', 'wspólnych głosowań', 'wspólnych głosowań'])}.`
        : `${a.imie_nazwisko} i ${b.imie_nazwisko} nie zasiadali w tym samym organie.`,
      body: (
        <>
          <h1>
            {a.imie_nazwisko} i {b.imie_nazwisko}
          </h1>
          <CompareForm ctx={ctx} choices={compare} kadencja={kadencja} first={a.id_osoby} second={b.id_osoby} />
          <FilterForm ctx={ctx} label="Zakres porównania">
            <input type="hidden" name="radny" value={a.token} />
            <input type="hidden" name="drugi" value={b.token} />
            <TermSelect terms={terms} value={kadencja} id="f-kadencja-porownanie" />
          </FilterForm>
          <ScopeNote ctx={ctx} scoped={scoped(null, false)} />
          <div class="tw">
            <table>
              <caption class="vh">
                Profile obok siebie ({kadencja ? `kadencja ${formatTerm(kadencja)}` : 'wszystkie kadencje'})
              </caption>
              <thead>
                <tr>
                  <td></td>
                  {figures.map((f) => (
                    <th scope="col">
                      <a href={linkTo(ctx, PAGES.councillor, { token: f.p.token }, { kadencja })}>
                        {f.p.imie_nazwisko}
                      </a>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map(([label, cell]) => (
                  <tr>
                    <th scope="row">{label}</th>
                    {figures.map((f) => (
                      <td>{cell(f)}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <h2>
            Zgodność <Method ctx={ctx} anchor="porownanie" what={`zgodność dwóch ${w.membersGen}`} />
          </h2>
          {c.wspolny_organ ? (
            <p class="lead">
              Głosowali tak samo w{' '}
              <strong>
                {percentOf(c.zgodnosc_procent, c.wspolne_glosowania, [
                  'wspólnego głosowania',
                  'wspólnych głosowań',
                  'wspólnych głosowań',
                ])}
              </strong>{' '}
              ({formatNumber(c.zgodne)} zgodnych), różnie w{' '}
              <Figure to={`${linkTo(ctx, PAGES.compare, params)}#rozbiezne`} count={c.wspolne_glosowania - c.zgodne} />.
            </p>
          ) : (
            <p class="lead" id="rozne-organy">
              {a.imie_nazwisko} ({a.organ ?? 'bez jednej rady'}) i {b.imie_nazwisko} ({b.organ ?? 'bez jednej rady'})
              nie zasiadali w tym samym organie{kadencja ? ` w kadencji ${formatTerm(kadencja)}` : ''}: nie głosowali w
              tych samych głosowaniach, więc ich zgodności nie da się policzyć.
            </p>
          )}
          {c.wspolny_organ && c.wspolne_glosowania === 0 && (
            <p class="muted">Nie oddali aktywnego głosu (za, przeciw, wstrzymanie się) w żadnym wspólnym głosowaniu.</p>
          )}
          <h3>Zgodność w kolejnych miesiącach</h3>
          <MonthlyChart
            months={months}
            caption="Zgodność miesięczna"
            label="Zgodność"
            of="wspólnych głosowań"
            empty="Brak wspólnych głosowań."
          />
          <h2 id="rozbiezne">Głosowania, w których głosowali różnie ({formatNumber(differing.total)})</h2>
          {differing.items.length === 0 ? (
            <p class="muted">Brak takich głosowań.</p>
          ) : (
            <div class="tw">
              <table>
                <caption class="vh">Głosowania, w których głosowali różnie</caption>
                <thead>
                  <tr>
                    <th scope="col" class="hide-s">
                      Data
                    </th>
                    <th scope="col">Głosowanie</th>
                    <th scope="col">{a.imie_nazwisko}</th>
                    <th scope="col">{b.imie_nazwisko}</th>
                  </tr>
                </thead>
                <tbody>
                  {differing.items.map((v) => (
                    <tr data-dowod="">
                      <td class="nw hide-s">{formatDate(v.data_czas.slice(0, 10))}</td>
                      <td class="title">
                        <VoteLink ctx={ctx} vote={v} />
                        <div class="muted">{v.wynik}</div>
                      </td>
                      <td>{BALLOT_LABEL[ballotOf(v.glos)]}</td>
                      <td>{BALLOT_LABEL[ballotOf(v.glos_drugiego)]}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pager
            page={differing.page}
            pages={differing.pages}
            link={(strona) => linkTo(ctx, PAGES.compare, { ...params, strona })}
          />
          {differing.items.length > 0 && (
            <CsvLink href={listHref(ctx, PAGES.compare, {}, 'rozbiezne')} what="wszystkie rozbieżne głosowania" />
          )}
        </>
      ),
    };
  },
  downloads: {
    rozbiezne: download(
      differingVoteList,
      ({ query: { radny, drugi, kadencja } }: InputOf<typeof PAGES.compare>, { frame }) => {
        if (radny === undefined || drugi === undefined)
          throw new SiteError(400, `Wybierz dwóch ${frame.wording.membersGen} (radny, drugi).`);
        return { id: radny, id2: drugi, kadencja };
      },
    ),
  },
});

// ── /spojnosc ────────────────────────────────────────────────────────────────────────────────────

export const cohesionPage = page({
  route: PAGES.cohesion,
  load: async ({ query: { kadencja }, organ }, { answer }) => {
    const scope = { kadencja, organ, limit: 100 };
    const [cohesion, months, terms] = await Promise.all([
      rankedCohesion({ answer }, { kadencja, organ }),
      answer(statystyki.cohesionByMonth, { query: scope }),
      answer(utils.terms, {}),
    ]);
    return { kadencja, cohesion, months: new Map(months.map((g) => [g.id_ugrupowania, g.miesiace])), terms };
  },
  render: ({ kadencja, cohesion, months, terms }, ctx) => {
    const { ranked, unranked, min } = cohesion;
    const groups = [...ranked, ...unranked];
    const w = ctx.wording;
    return {
      title: 'Spójność klubów',
      section: 'rankingi',
      description: `Jak jednolicie głosuje ${w.everyGroup} (${kadencja ? `kadencja ${formatTerm(kadencja)}` : 'wszystkie kadencje'}).`,
      body: (
        <>
          <h1>Spójność klubów</h1>
          <p data-definicja="">
            Jak jednolicie głosują członkowie każdego {w.groupGen}: 100% gdy zawsze głosują tak samo, 0% gdy dzielą się
            po równo między za, przeciw i wstrzymanie się (indeks zgodności Hixa, Noury’ego i Rolanda,{' '}
            <Method ctx={ctx} anchor="spojnosc" what="spójność klubu" />
            ).
          </p>
          <FilterForm ctx={ctx} label="Zakres">
            <TermSelect terms={terms} value={kadencja} />
          </FilterForm>
          <p class="note" data-definicja="">
            W rankingu są {w.groups}, których spójność opiera się na co najmniej {formatNumber(min)}{' '}
            {plural(min, 'głosowaniu', 'głosowaniach', 'głosowaniach')}: to połowa głosowań {w.groupGen} z największą
            ich liczbą w tym zakresie, nie mniej niż 10 (co najmniej 10 głosowań), żeby dwa kluby z 7 głosowaniami po
            100% nie wyprzedziły klubu ze 100 głosowaniami (
            <a href={`${linkTo(ctx, PAGES.method)}#minimum`}>jak liczymy</a>
            ).
          </p>
          {groups.length === 0 ? (
            <p class="muted">
              Brak głosowań, w których co najmniej dwóch członków jednego {w.groupGen} oddało aktywny głos.
            </p>
          ) : ranked.length === 0 ? (
            <p class="muted">Brak {w.groupsGen} z dość liczną próbą głosowań, by znaleźć się w rankingu.</p>
          ) : (
            <div class="tw">
              <table>
                <caption class="vh">{capital(w.groups)} od najbardziej spójnego</caption>
                <thead>
                  <tr>
                    <th scope="col" class="num">
                      #
                    </th>
                    <th scope="col">{w.groupHeader}</th>
                    <th scope="col" class="num">
                      Spójność (z ilu głosowań)
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {ranked.map((g) => (
                    <tr>
                      <td class="num">{g.pozycja}</td>
                      <td>
                        <a href={`#grupa-${g.id_ugrupowania}`}>{groupName(ctx, g.nazwa)}</a>
                      </td>
                      <td class="num">
                        <PercentWithBase percent={g.spojnosc_procent} base={g.liczba_glosowan} reason="brak głosowań" />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {unranked.length > 0 && (
            <>
              <h2>Za mało głosowań, by umieścić w rankingu</h2>
              <ul>
                {unranked.map((g) => (
                  <li>
                    <a href={`#grupa-${g.id_ugrupowania}`}>{groupName(ctx, g.nazwa)}</a>: spójność{' '}
                    {percentOf(g.spojnosc_procent, g.liczba_glosowan, GLOSOWAN)}
                  </li>
                ))}
              </ul>
            </>
          )}
          {groups.length > 0 && <CsvLink href={listHref(ctx, PAGES.cohesion, {}, '')} what="tę tabelę" />}
          {groups.map((g) => (
            <section aria-labelledby={`grupa-${g.id_ugrupowania}`}>
              <h2 id={`grupa-${g.id_ugrupowania}`}>{groupName(ctx, g.nazwa)}</h2>
              <p>Spójność {percentOf(g.spojnosc_procent, g.liczba_glosowan, GLOSOWAN)}.</p>
              <MonthlyChart
                months={(months.get(g.id_ugrupowania) ?? []).map((m) => ({
                  miesiac: m.miesiac,
                  procent: m.spojnosc_procent,
                  z: m.liczba_glosowan,
                }))}
                caption={`Spójność miesięczna: ${groupName(ctx, g.nazwa)}`}
                label="Spójność"
                of="głosowań"
                empty="Brak głosowań."
              />
            </section>
          ))}
        </>
      ),
    };
  },
  downloads: {
    '': download(cohesionList, ({ query: { kadencja }, organ }: InputOf<typeof PAGES.cohesion>) => ({
      kadencja,
      organ,
    })),
  },
});

// ── The council map (on the dashboard of a council) ─────────────────────────────────────────────

/** Colours for groups, in order of size on the map; groups past the tenth share the last. Each ≥ 3:1 against white. */
const GROUP_COLOURS = [
  '#0a58ca',
  '#cf222e',
  '#1a7f37',
  '#8250df',
  '#bc4c00',
  '#0f7b8a',
  '#bf3989',
  '#7d4e00',
  '#1b1f24',
  '#6e7781',
];
const NEIGHBOURS = 3;

/**
 * The councillors of a council's term placed by how alike they vote (etl/materialise/council-map.ts):
 * an SVG whose points link to the councillors, a legend, a caption saying how to read it and who is
 * left out, and, as its text alternative, each councillor's nearest neighbours on the map.
 */
export function CouncilMapFigure({ ctx, map }: { ctx: PageContext; map: CouncilMap }) {
  const size = 360;
  const pad = 14;
  const groups = [...new Map(map.radni.map((r) => [r.ugrupowanie ?? 'niezrzeszeni', 0])).keys()]
    .map((name) => ({ name, n: map.radni.filter((r) => (r.ugrupowanie ?? 'niezrzeszeni') === name).length }))
    .sort((x, y) => y.n - x.n || x.name.localeCompare(y.name, 'pl'));
  const colourOf = new Map(groups.map((g, i) => [g.name, GROUP_COLOURS[Math.min(i, GROUP_COLOURS.length - 1)]!]));
  const span = Math.max(1e-9, ...map.radni.flatMap((r) => [Math.abs(r.x), Math.abs(r.y)]));
  const at = (v: number) => Math.round((size / 2 + (v / span) * (size / 2 - pad)) * 10) / 10;
  const left = map.pominieci.length;
  const w = ctx.wording;
  const caption =
    `Każdy punkt to ${w.member} kadencji ${formatTerm(map.kadencja)}; im bliżej siebie, tym częściej głosują tak samo ` +
    `(odległość to 1 − zgodność, w parach z co najmniej ${map.prog} wspólnymi głosowaniami). Kolor: ${w.group}. ` +
    (left
      ? `Pominięto ${left} ${plural(left, w.memberGen, w.membersGen, w.membersGen)} z za małą liczbą wspólnych głosowań.`
      : 'Nikogo nie pominięto.');
  const nearest = (r: CouncilMap['radni'][number]) =>
    map.radni
      .filter((o) => o !== r)
      .map((o) => ({ o, d: Math.hypot(o.x - r.x, o.y - r.y) }))
      .sort((p, q) => p.d - q.d || p.o.id_osoby - q.o.id_osoby)
      .slice(0, NEIGHBOURS)
      .map(({ o }) => o);
  if (map.radni.length === 0) return <p class="muted">{caption}</p>;
  return (
    <figure class="map">
      <svg class="map" viewBox={`0 0 ${size} ${size}`} aria-labelledby="mapa-opis">
        <title id="mapa-opis">
          Mapa {w.bodyGen}: {map.radni.length} {w.membersGen} według podobieństwa głosowań
        </title>
        <rect class="map-bg" x="0" y="0" width={size} height={size} />
        {map.radni.map((r) => (
          <a href={linkTo(ctx, PAGES.councillor, { token: r.token }, { kadencja: map.kadencja })}>
            <circle
              cx={at(r.x)}
              cy={at(-r.y)}
              r="6"
              fill={colourOf.get(r.ugrupowanie ?? 'niezrzeszeni')}
              stroke="#fff"
              stroke-width="1.5"
            >
              <title>{`${r.imie_nazwisko} (${groupName(ctx, r.ugrupowanie)})`}</title>
            </circle>
          </a>
        ))}
      </svg>
      <figcaption class="map-cap">{caption}</figcaption>
      <ul class="legend">
        {groups.map((g) => (
          <li class="sw">
            <svg width="12" height="12" aria-hidden="true">
              <circle cx="6" cy="6" r="6" fill={colourOf.get(g.name)} />
            </svg>{' '}
            {groupName(ctx, g.name === 'niezrzeszeni' ? null : g.name, 'niezrzeszeni')} ({g.n})
          </li>
        ))}
      </ul>
      <details>
        <summary>Mapa jako tekst: najbliżsi sąsiedzi każdego {w.memberGen}</summary>
        <ul>
          {map.radni.map((r) => (
            <li>
              <a href={linkTo(ctx, PAGES.councillor, { token: r.token }, { kadencja: map.kadencja })}>
                {r.imie_nazwisko}
              </a>{' '}
              ({groupName(ctx, r.ugrupowanie)}):{' '}
              {nearest(r)
                .map((o) => `${o.imie_nazwisko} (${groupName(ctx, o.ugrupowanie)})`)
                .join(', ')}
            </li>
          ))}
        </ul>
        {left > 0 && <p>Pominięci: {map.pominieci.map((p) => p.imie_nazwisko).join(', ')}.</p>}
      </details>
    </figure>
  );
}
