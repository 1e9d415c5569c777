// The lists of the website, each defined once: how its rows are read under a request's parameters (the
// endpoints' handlers, or name search), and its CSV columns. A page shows a page of the rows; its CSV
// download (`<list path>.csv` with the page's own query) writes every page of the same read, so the
// file is exactly what the list shows, all of it (src/exports/list.ts).

import type Database from 'better-sqlite3';
import type { Request } from 'express';
import { GLOS_VALUES } from '../../core/contract.ts';
import type { CsvColumn } from '../exports/csv.ts';
import type { ListPage } from '../exports/list.ts';
import type { CouncillorFound } from '../find/queries.ts';
import { VOTE_SUMMARY_COLUMNS, VOTE_SUMMARY_FROM, voteSummaryOf } from '../glosowania/queries.ts';
import { glosowania } from '../glosowania/endpoints.ts';
import { posiedzenia } from '../posiedzenia/endpoints.ts';
import { radni } from '../radni/endpoints.ts';
import { statystyki } from '../statystyki/endpoints.ts';
import type { StatystykiQueries } from '../statystyki/queries.ts';
import { type BallotEntry, CLOSE_VOTE, type PageData, type PartnerItem, type SessionItem, type VoteListKind, type VoteSummary, groupsOf } from './data.ts';
import { ballotOf } from './format.ts';
import type { PageContext } from './layout.tsx';
import { rankingMinimums } from './method.tsx';
import { orNotFound, pathParam, siteQuery } from './params.ts';
import { readersOf } from './readers.ts';

export interface SiteList<T> {
  /** The download's name, without `.csv`. */
  file: string;
  columns: ReadonlyArray<CsvColumn<T>>;
  /** The rows under this request's parameters, a page at a time; throws the page's 400 or 404 first. */
  open: (ctx: PageContext, data: PageData, req: Request) => Promise<ListPage<T>>;
  /** Rows per read of the download (the endpoint's largest page). */
  batch: number;
}

/** A list shown whole (a ranking's top, a vote's ballots): one read, no pages. */
const whole = <T>(rows: readonly T[]): ListPage<T> => (page) => ({ items: page === 1 ? rows : [], total: rows.length });

/** A list endpoint's answer as a page of rows. */
const paged = <T>(answer: { data: T[]; extra: { pagination: { total: number; totalExact?: boolean } } }) =>
  ({ items: answer.data, total: answer.extra.pagination.total, exact: answer.extra.pagination.totalExact !== false });

const col = <T>(name: string, description: string, value: (row: T) => string | number | boolean | null): CsvColumn<T> => ({ name, description, value });

const voteColumns = <T extends VoteSummary>(): Array<CsvColumn<T>> => [
  col('id_glosowania', 'identyfikator głosowania (adres /glosowania/<id>)', (v) => v.id_glosowania),
  col('data', 'data, RRRR-MM-DD', (v) => v.data),
  col('godzina', 'godzina GG:MM', (v) => v.godzina),
  col('tytul', 'tytuł', (v) => v.tytul),
  col('organ', 'organ', (v) => v.organ),
  col('wynik', 'przyjęto albo odrzucono', (v) => v.wynik),
  col('za', 'głosy za', (v) => v.za),
  col('przeciw', 'głosy przeciw', (v) => v.przeciw),
  col('wstrzymujacy', 'głosy wstrzymujące się', (v) => v.wstrzymujacy),
];

const personColumns = <T extends { id_osoby: number; imie_nazwisko: string; ugrupowanie: string | null }>(): Array<CsvColumn<T>> => [
  col('id_osoby', 'identyfikator radnego', (r) => r.id_osoby),
  col('imie_nazwisko', 'imię i nazwisko', (r) => r.imie_nazwisko),
  col('ugrupowanie', 'ugrupowanie; puste: niezrzeszony', (r) => r.ugrupowanie),
];

/** Councillors per page of /radni. */
export const COUNCILLORS_PAGE = 100;

export const councillorList: SiteList<CouncillorFound> = {
  file: 'radni',
  batch: 1000,
  columns: [
    ...personColumns(),
    col('kadencja', 'kadencja pokazywanej przynależności', (r) => r.kadencja),
    col('aktywny', '1: mandat aktywny, 0: wygasł', (r) => r.aktywny),
    col('token', 'adres profilu: /radni/<token>', (r) => r.token),
  ],
  open: async (ctx, data, req) => {
    const { kadencja, ugrupowanie, nazwa } = siteQuery(req, ['kadencja', 'ugrupowanie', 'nazwa']);
    const find = readersOf(data.snapshot).find;
    return (page, limit) => find.councillors({ nazwa, kadencja, ugrupowanie, organ: ctx.organ }, limit, (page - 1) * limit);
  },
};

/** The filters of /glosowania as the list endpoint takes them. */
export function voteFilters(req: Request) {
  const q = siteQuery(req, ['szukaj', 'kadencja', 'wynik', 'od', 'do', 'wyrownane', 'strona']);
  return { search: q.szukaj, kadencja: q.kadencja, wynik: q.wynik, data_od: q.od, data_do: q.do, close: q.wyrownane, page: q.strona };
}

export const voteList: SiteList<VoteSummary> = {
  file: 'glosowania',
  batch: 100,
  columns: voteColumns(),
  open: async (ctx, data, req) => {
    const { close, page: _page, ...filter } = voteFilters(req);
    const query = { ...filter, organ: ctx.organ, kontrowersyjnosc_min: close ? CLOSE_VOTE : undefined };
    return async (page, limit) => paged(await data.answer(glosowania.list, { query: { ...query, page, limit } }));
  },
};

export const sessionList: SiteList<SessionItem> = {
  file: 'posiedzenia',
  batch: 100,
  columns: [
    col('id_posiedzenia', 'identyfikator posiedzenia (adres /posiedzenia/<id>)', (s) => s.id_posiedzenia),
    col('data', 'data', (s) => s.data),
    col('numer', 'numer, jak zapisała go rada', (s) => s.numer),
    col('nazwa', 'nazwa', (s) => s.nazwa),
    col('organ', 'organ', (s) => s.organ),
    col('liczba_glosowan', 'głosowania', (s) => s.liczba_glosowan),
    col('frekwencja_procent', 'frekwencja, procent', (s) => s.frekwencja_procent),
  ],
  open: async (ctx, data, req) => {
    const { kadencja } = siteQuery(req, ['kadencja']);
    return async (page, limit) => paged(await data.answer(posiedzenia.list, { query: { kadencja, organ: ctx.organ, page, limit } }));
  },
};

/** The endpoint of each list of a councillor's votes. */
/** The endpoint of each list of a councillor's votes (`zgodne`, the site's evidence of zgodnosc-grupa, has none: read from its query). */
export const COUNCILLOR_VOTE_LISTS = {
  wszystkie: radni.votes, buntownicze: radni.rebelliousVotes, samotne: radni.solitaryVotes, kluczowe: radni.decisiveVotes,
} satisfies Record<Exclude<VoteListKind, 'zgodne'>, unknown>;

/** The councillor a page is about (by token or id), or its 404. */
export const councillorOf = (data: PageData, req: Request, kadencja: string | undefined) =>
  orNotFound('Nie ma takiego radnego.', data.answer(radni.profile, { params: { id: pathParam(req, 'token') }, query: { kadencja } }));

export const councillorVoteList: SiteList<VoteSummary & { glos: string }> = {
  file: 'glosowania-radnego',
  batch: 100,
  columns: [...voteColumns<VoteSummary & { glos: string }>().slice(0, 5), col('glos', 'głos radnego', (v) => ballotOf(v.glos)), ...voteColumns<VoteSummary & { glos: string }>().slice(5)],
  open: async (ctx, data, req) => {
    const { kadencja, lista, glos } = siteQuery(req, ['kadencja', 'lista', 'glos']);
    const person = await councillorOf(data, req, kadencja);
    if (lista === 'zgodne') return async (page, limit) => data.snapshot.queries.radni.votes(person.id_osoby, 'zgodne', { kadencja, page, limit });
    // The body filter of a councillor's votes is defined for the full list only (its total is counted per body);
    // a ballot value (`glos`, the evidence of the profile's counts, which cover every body) keeps every body.
    const ballot = lista === 'wszystkie' ? glos : undefined;
    const organ = lista === 'wszystkie' && ballot === undefined ? ctx.organ : undefined;
    return async (page, limit) => paged(await data.answer(COUNCILLOR_VOTE_LISTS[lista], { params: { id: person.id_osoby }, query: { kadencja, organ, glos: ballot, page, limit } }));
  },
};

/** Partners shown on a councillor's page. */
export const PARTNERS_SHOWN = 5;

const partnerList = (file: 'koalicje' | 'oponenci'): SiteList<PartnerItem> => ({
  file,
  batch: PARTNERS_SHOWN,
  columns: [
    col('pozycja', 'miejsce', (p) => p.pozycja),
    ...personColumns<PartnerItem>(),
    col('zgodnosc_procent', 'zgodność głosów, procent', (p) => p.zgodnosc_procent),
    col('wspolne_glosowania', 'wspólne głosowania', (p) => p.wspolne_glosowania),
  ],
  open: async (_ctx, data, req) => {
    const { kadencja } = siteQuery(req, ['kadencja']);
    const person = await councillorOf(data, req, kadencja);
    const endpoint = file === 'koalicje' ? radni.coalitions : radni.opponents;
    return whole(await data.answer(endpoint, { params: { id: person.id_osoby }, query: { kadencja, limit: PARTNERS_SHOWN } }));
  },
});
export const coalitionList = partnerList('koalicje');
export const opponentList = partnerList('oponenci');

/** A vote's ballots grouped as the page shows them: groups by size, names within. */
export async function groupedBallots(data: PageData, id: string | number) {
  const grouped = await orNotFound('Nie ma takiego głosowania.', data.answer(glosowania.ballots, { params: { id }, query: { ugrupowanie: true } }));
  return groupsOf(grouped.data as Record<string, BallotEntry[]>);
}

export const ballotList: SiteList<BallotEntry & { grupa: string }> = {
  file: 'glosy',
  batch: 1000,
  columns: [
    ...personColumns<BallotEntry & { grupa: string }>(),
    col('glos', `${GLOS_VALUES.join(', ')}`, (b) => ballotOf(b.glos)),
  ],
  open: async (_ctx, data, req) => {
    const groups = await groupedBallots(data, pathParam(req, 'id'));
    return whole(groups.flatMap((g) => g.ballots.map((b) => ({ ...b, grupa: g.nazwa }))));
  },
};

export const groupCountList: SiteList<{ nazwa: string; counts: Record<string, number> }> = {
  file: 'glosy-ugrupowan',
  batch: 1000,
  columns: [
    col('ugrupowanie', 'ugrupowanie radnych w chwili głosowania', (g) => g.nazwa),
    ...(['za', 'przeciw', 'wstrzymujacy', 'nieobecny', 'brak_glosu'] as const).map((k) => col<{ counts: Record<string, number> }>(k, `głosy: ${k}`, (g) => g.counts[k] ?? 0)),
  ],
  open: async (_ctx, data, req) => whole(await groupedBallots(data, pathParam(req, 'id'))),
};

/**
 * The votes of one session, in the order they were taken: no endpoint lists them (the vote list has
 * no session filter), so this list has its own statement, prepared once per snapshot.
 */
const sessionVotesStatements = new WeakMap<Database.Database, Database.Statement>();
export function sessionVotes(db: Database.Database, id: number): VoteSummary[] {
  let statement = sessionVotesStatements.get(db);
  if (!statement) {
    statement = db.prepare(`SELECT ${VOTE_SUMMARY_COLUMNS} FROM ${VOTE_SUMMARY_FROM} WHERE g.id_posiedzenia = ? ORDER BY g.ord DESC`);
    sessionVotesStatements.set(db, statement);
  }
  return (statement.all(id) as Array<Record<string, unknown>>).map(voteSummaryOf);
}

/** A session the page is about, or its 404. */
export const sessionOf = (data: PageData, req: Request) =>
  orNotFound('Nie ma takiego posiedzenia.', data.answer(posiedzenia.detail, { params: { id: pathParam(req, 'id') } }));

export const sessionVoteList: SiteList<VoteSummary> = {
  file: 'glosowania-posiedzenia',
  batch: 1000,
  columns: voteColumns(),
  open: async (_ctx, data, req) => whole(sessionVotes(data.snapshot.db, (await sessionOf(data, req)).id_posiedzenia)),
};

export const sessionAttendanceList: SiteList<{ id_osoby: number; imie_nazwisko: string; ugrupowanie: string | null; obecny: boolean }> = {
  file: 'obecnosci',
  batch: 1000,
  columns: [...personColumns(), col('obecny', '1: obecny, 0: nieobecny', (a) => a.obecny)],
  open: async (_ctx, data, req) =>
    whole(await orNotFound('Nie ma takiego posiedzenia.', data.answer(posiedzenia.attendance, { params: { id: pathParam(req, 'id') } }))),
};

/** The rankings of /rankingi, each shown to this many places. */
export const RANKING_PLACES = 15;

type Scope = { kadencja: string | undefined; organ: number | undefined; limit: number };
const scopeOf = (ctx: PageContext, req: Request): Scope => ({ kadencja: siteQuery(req, ['kadencja']).kadencja, organ: ctx.organ, limit: RANKING_PLACES });

const ranking = <T extends { pozycja: number }>(file: string, columns: Array<CsvColumn<T>>, read: (data: PageData, scope: Scope) => Promise<T[]>): SiteList<T> => ({
  file: `ranking-${file}`,
  batch: RANKING_PLACES,
  columns: [col('pozycja', 'miejsce', (r) => r.pozycja), ...columns],
  open: async (ctx, data, req) => whole(await read(data, scopeOf(ctx, req))),
});

type Ranked<T> = T & { pozycja: number };
/** A row of one of the rankings' queries. */
type RowOf<K extends keyof StatystykiQueries> = StatystykiQueries[K] extends (...args: never[]) => ReadonlyArray<infer T> ? T : never;

export const RANKINGS = {
  frekwencja: ranking<RowOf<'attendanceRanking'>>('frekwencja', [
    ...personColumns(), col('frekwencja_procent', 'frekwencja, procent', (r) => r.frekwencja_procent),
    col('obecnosci', 'obecności', (r) => r.obecnosci), col('liczba_posiedzen', 'posiedzenia', (r) => r.liczba_posiedzen),
  ], (data, query) => data.answer(statystyki.attendanceRanking, { query: { ...query, min_posiedzen: rankingMinimums(data, query).min_posiedzen } })),
  mniejszosc: ranking<RowOf<'rebelRanking'>>('mniejszosc', [
    ...personColumns(), col('procent', 'w mniejszości, procent', (r) => r.procent),
    col('w_mniejszosci', 'głosy w mniejszości', (r) => r.w_mniejszosci), col('glosowania', 'głosowania', (r) => r.glosowania),
  ], (data, query) => data.answer(statystyki.rebelRanking, { query: { ...query, min_glosowan: rankingMinimums(data, query).min_glosowan } })),
  wiekszosc: ranking<RowOf<'loyalistRanking'>>('wiekszosc', [
    ...personColumns(), col('procent', 'z większością, procent', (r) => r.procent),
    col('w_wiekszosci', 'głosy z większością', (r) => r.w_wiekszosci), col('glosowania', 'głosowania', (r) => r.glosowania),
  ], (data, query) => data.answer(statystyki.loyalistRanking, { query: { ...query, min_glosowan: rankingMinimums(data, query).min_glosowan } })),
  sporne: ranking<Ranked<VoteSummary>>('sporne', voteColumns(), (data, query) => data.answer(statystyki.mostControversial, { query })),
  jednomyslne: ranking<Ranked<VoteSummary>>('jednomyslne', [...voteColumns<Ranked<VoteSummary>>(), col('jednomyslnosc_procent', 'jednomyślność, procent', (v) => v.jednomyslnosc_procent)],
    (data, query) => data.answer(statystyki.mostUnanimous, { query })),
  pary: ranking<RowOf<'topCoalitions'>>('pary', [
    col('id_osoby_1', 'identyfikator pierwszego radnego', (r) => r.radny_1.id_osoby), col('radny_1', 'pierwszy radny', (r) => r.radny_1.imie_nazwisko),
    col('ugrupowanie_1', 'jego ugrupowanie', (r) => r.radny_1.ugrupowanie),
    col('id_osoby_2', 'identyfikator drugiego radnego', (r) => r.radny_2.id_osoby), col('radny_2', 'drugi radny', (r) => r.radny_2.imie_nazwisko),
    col('ugrupowanie_2', 'jego ugrupowanie', (r) => r.radny_2.ugrupowanie),
    col('zgodnosc_procent', 'zgodność, procent', (r) => r.zgodnosc_procent), col('wspolne_glosowania', 'wspólne głosowania', (r) => r.wspolne_glosowania),
  ], (data, query) => data.answer(statystyki.topCoalitions, { query: { ...query, tylko_miedzy_ugrupowaniami: true } })),
  organy: ranking<Ranked<RowOf<'bodyActivity'>>>('organy', [
    col('id_organu', 'identyfikator organu', (b) => b.id_organu), col('nazwa', 'organ', (b) => b.nazwa),
    col('liczba_glosow', 'głosowania', (b) => b.liczba_glosow), col('liczba_posiedzen', 'posiedzenia', (b) => b.liczba_posiedzen),
  ], async (data, { limit: _all, ...scope }) => (await data.answer(statystyki.bodyActivity, { query: scope })).map((b, i) => ({ ...b, pozycja: i + 1 }))),
};

export type RankingName = keyof typeof RANKINGS;

/** Every list and where its download is: `path` is the page's path pattern, the file `<path>.csv` or `<path>/<file>.csv`. */
export const LIST_DOWNLOADS: ReadonlyArray<{ route: string; list: SiteList<never> }> = [
  { route: '/radni.csv', list: councillorList },
  { route: '/glosowania.csv', list: voteList },
  { route: '/posiedzenia.csv', list: sessionList },
  { route: '/radni/:token/glosowania.csv', list: councillorVoteList },
  { route: '/radni/:token/koalicje.csv', list: coalitionList },
  { route: '/radni/:token/oponenci.csv', list: opponentList },
  { route: '/glosowania/:id/glosy.csv', list: ballotList },
  { route: '/glosowania/:id/ugrupowania.csv', list: groupCountList },
  { route: '/posiedzenia/:id/obecnosci.csv', list: sessionAttendanceList },
  { route: '/posiedzenia/:id/glosowania.csv', list: sessionVoteList },
  ...Object.entries(RANKINGS).map(([name, list]) => ({ route: `/rankingi/${name}.csv`, list })),
] as unknown as ReadonlyArray<{ route: string; list: SiteList<never> }>;
