// The lists of the website, each defined once (SiteList, src/site/page.ts): how its rows are read (an
// endpoint's answer, or name search) and its CSV columns, named and described by the endpoint's
// response schema (src/exports/columns.ts) with a list's own column only where it shows something the
// schema has no field for. Pages show a page of a list's rows and offer its CSV (their `downloads`).

import { GLOS_VALUES } from '../../core/contract.ts';
import type { JakoscKind } from '../../core/snapshot/schema.ts';
import { councillorVote, rankedVote, voteSummary } from '../answers/schemas.ts';
import { STATED_TALLIES, columnAs, columnsOf, ownColumn, voteRecordColumns } from '../exports/columns.ts';
import type { CsvColumn } from '../exports/csv.ts';
import type { ListPage, ListRead } from '../exports/list.ts';
import type { CouncillorFound } from '../find/queries.ts';
import { glosowania } from '../glosowania/endpoints.ts';
import { ballotEntry } from '../glosowania/schemas.ts';
import { posiedzenia } from '../posiedzenia/endpoints.ts';
import { attendanceEntry, session } from '../posiedzenia/schemas.ts';
import { radni } from '../radni/endpoints.ts';
import { attendanceRecord, comparison, councillorListItem, partnerItem } from '../radni/schemas.ts';
import { statystyki } from '../statystyki/endpoints.ts';
import {
  attendanceRankingItem,
  bodyActivity,
  cohesionItem,
  loyalistRankingItem,
  rebelRankingItem,
  topPair,
} from '../statystyki/schemas.ts';
import {
  type BallotEntry,
  type Counts,
  type GroupBallots,
  type PartnerItem,
  type SessionItem,
  type VoteSummary,
  groupsOf,
} from './data.ts';
import { BALLOT_LABEL } from '../text/format.ts';
import type { LoadContext, SiteList } from './page.ts';
import type { CouncillorListName } from '../urls/params.ts';

/** A list shown whole (a ranking's top, a vote's ballots): one read, no pages. */
const whole =
  <T>(rows: readonly T[]): ListPage<T> =>
  (page) => ({ items: page === 1 ? rows : [], total: rows.length });

/** A list endpoint's answer as a page of rows. */
const paged = <T>(answer: {
  data: T[];
  extra: { pagination: { total: number; totalExact?: boolean } };
}): ListRead<T> => ({
  items: answer.data,
  total: answer.extra.pagination.total,
  exact: answer.extra.pagination.totalExact !== false,
});

const VOTE_COLUMNS = ['id_glosowania', 'data', 'godzina', 'tytul', 'organ', 'wynik', 'za', 'przeciw', 'wstrzymujacy'];

const BALLOT_WORDS: ReadonlyMap<string, string> = new Map(Object.entries(BALLOT_LABEL));

/** A ballot column in a reader's spreadsheet: „brak głosu”, „wstrzymanie się” for the codes (issue 46). */
const ballotWords =
  <T>(field: string) =>
  (row: T): string | null => {
    const code: unknown = Reflect.get(Object(row), field);
    return typeof code === 'string' ? (BALLOT_WORDS.get(code) ?? code) : null;
  };
const PERSON_COLUMNS = ['id_osoby', 'imie_nazwisko', 'ugrupowanie'];

/** A vote's own record in a list's CSV (CONTRACT §10, §11): imienne, the stated tallies, the topic. */
const recordColumns = <T extends Pick<VoteSummary, 'imienne' | 'liczby_zrodla' | 'temat'>>() =>
  voteRecordColumns<T>((v, column) =>
    column === 'imienne' || column === 'temat'
      ? v[column]
      : (v.liczby_zrodla?.[STATED_TALLIES.find((tally) => column === `${tally}_zrodla`)!] ?? null),
  );

/** "Close" votes: kontrowersyjnosc ≥ 80, i.e. the smaller of za and przeciw is at least 40 % of both. */
export const CLOSE_VOTE = 80;

// ── Councillors ──────────────────────────────────────────────────────────────────────────────────

/** Councillors per page of /radni. */
export const COUNCILLORS_PAGE = 100;

export interface CouncillorFilter {
  nazwa: string | undefined;
  kadencja: string | undefined;
  ugrupowanie: number | undefined;
  organ: number | undefined;
}

/** /radni: by name (any words, in surname order), filtered by term, group and body. */
export const councillorList: SiteList<CouncillorFilter, CouncillorFound> = {
  file: 'radni',
  batch: 1000,
  columns: columnsOf(councillorListItem, [...PERSON_COLUMNS, 'id_organu', 'organ', 'kadencja', 'aktywny', 'token']),
  rows:
    (filter, { readers }) =>
    (page, limit) =>
      readers.find.councillors(filter, limit, (page - 1) * limit),
};

/** One councillor's list of votes, in a scope; `glos` and `organ` for the full list only (their totals are counted over it). */
export interface CouncillorVotes {
  id: number;
  lista: CouncillorListName;
  kadencja: string | undefined;
  glos: (typeof GLOS_VALUES)[number] | undefined;
  temat: string | undefined;
  organ: number | undefined;
}

/** The lists other than the full one that take a topic: those counted by zgodnosc-grupa (radny_temat holds their totals). */
export const TOPIC_LISTS: ReadonlySet<CouncillorListName> = new Set(['zgodne', 'buntownicze']);

/** The endpoint of each list of a councillor's votes. */
const COUNCILLOR_VOTE_LISTS = {
  wszystkie: radni.votes,
  zgodne: radni.agreeingVotes,
  buntownicze: radni.rebelliousVotes,
  samotne: radni.solitaryVotes,
  kluczowe: radni.decisiveVotes,
} satisfies Record<CouncillorListName, unknown>;

export const councillorVoteList: SiteList<CouncillorVotes, VoteSummary & { glos: string }> = {
  file: 'glosowania-radnego',
  batch: 100,
  columns: [
    ...columnsOf(councillorVote, [...VOTE_COLUMNS.slice(0, 5), 'glos', ...VOTE_COLUMNS.slice(5)], {
      glos: { description: `Głos radnego: ${GLOS_VALUES.join(', ')}`, words: ballotWords('glos') },
    }),
    ...recordColumns(),
  ],
  rows: ({ id, lista, kadencja, glos, temat, organ }, { answer }) => {
    const query =
      lista === 'wszystkie'
        ? { kadencja, organ, glos, temat }
        : TOPIC_LISTS.has(lista)
          ? { kadencja, organ, temat }
          : { kadencja };
    return async (page, limit) =>
      paged(await answer(COUNCILLOR_VOTE_LISTS[lista], { params: { id }, query: { ...query, page, limit } }));
  },
};

/** A councillor's attendance records (/radni/:token/obecnosci), newest first. */
export const attendanceRecordList: SiteList<
  { id: number | string; kadencja: string | undefined },
  { id_posiedzenia: number; data: string; obecny: number }
> = {
  file: 'obecnosci-radnego',
  batch: 100,
  columns: columnsOf(attendanceRecord, ['id_posiedzenia', 'data', 'numer', 'id_organu', 'obecny', 'lista_obecnosci']),
  rows:
    ({ id, kadencja }, { answer }) =>
    async (page, limit) =>
      paged(await answer(radni.attendanceRecords, { params: { id }, query: { kadencja, page, limit } })),
};

const differingVote = comparison.shape.rozbiezne.element;
type DifferingVote = { id_glosowania: number; data_czas: string; glos: string; glos_drugiego: string };

/** The votes in which two councillors voted differently (/porownaj), in date order. */
export const differingVoteList: SiteList<{ id: string; id2: string; kadencja: string | undefined }, DifferingVote> = {
  file: 'rozbiezne-glosy',
  batch: 100,
  columns: columnsOf(differingVote, ['id_glosowania', 'data_czas', 'tytul', 'wynik', 'glos', 'glos_drugiego'], {
    glos: { description: `Głos pierwszego radnego (radny): ${GLOS_VALUES.join(', ')}`, words: ballotWords('glos') },
    glos_drugiego: {
      description: `Głos drugiego radnego (drugi): ${GLOS_VALUES.join(', ')}`,
      words: ballotWords('glos_drugiego'),
    },
  }),
  rows:
    ({ id, id2, kadencja }, { answer }) =>
    async (page, limit) => {
      const answered = await answer(radni.comparison, { params: { id, id2 }, query: { kadencja, page, limit } });
      return { items: answered.data.rozbiezne, total: answered.extra.pagination.total };
    },
};

/** Partners shown on a councillor's page. */
export const PARTNERS_SHOWN = 5;

/** The API's default minimum of shared votes of a pair (CONTRACT §3 koalicje), the site's floor. */
export const PARTNER_FLOOR = 10;

/**
 * The shared votes a partner of the site's lists needs: half the councillor's active ballots in scope,
 * at least 10 — a partner is compared over most of the councillor's record, so that an MP who replaced
 * another for 30 of 3,078 votes does not lead „Głosuje najczęściej inaczej niż” (issue 46). The API
 * keeps its own `min_wspolne`.
 */
export const partnerMinimum = (activeBallots: number): number => Math.max(PARTNER_FLOOR, Math.ceil(activeBallots / 2));

const partnerList = (
  file: 'koalicje' | 'oponenci',
): SiteList<{ id: number; kadencja: string | undefined }, PartnerItem> => ({
  file,
  batch: PARTNERS_SHOWN,
  columns: columnsOf(partnerItem, ['pozycja', ...PERSON_COLUMNS, 'zgodnosc_procent', 'wspolne_glosowania']),
  rows: async ({ id, kadencja }, { answer }) => {
    const v = await answer(radni.votingProfile, { params: { id }, query: { kadencja } });
    return whole(
      await answer(file === 'koalicje' ? radni.coalitions : radni.opponents, {
        params: { id },
        query: { kadencja, limit: PARTNERS_SHOWN, min_wspolne: partnerMinimum(v.za + v.przeciw + v.wstrzymujacy) },
      }),
    );
  },
});
export const coalitionList = partnerList('koalicje');
export const opponentList = partnerList('oponenci');

// ── Votes ────────────────────────────────────────────────────────────────────────────────────────

export interface VoteFilter {
  search: string | undefined;
  kadencja: string | undefined;
  wynik: string | undefined;
  temat: string | undefined;
  /** What the vote's record disagrees about (CONTRACT §12): the votes behind a count of /jakosc-danych. */
  jakosc?: JakoscKind | undefined;
  data_od: string | undefined;
  data_do: string | undefined;
  close: boolean;
  organ: number | undefined;
}

export const voteList: SiteList<VoteFilter, VoteSummary> = {
  file: 'glosowania',
  batch: 100,
  columns: [...columnsOf(voteSummary, VOTE_COLUMNS), ...recordColumns()],
  rows:
    ({ close, ...filter }, { answer }) =>
    async (page, limit) =>
      paged(
        await answer(glosowania.list, {
          query: { ...filter, kontrowersyjnosc_min: close ? CLOSE_VOTE : undefined, page, limit },
        }),
      ),
};

/** A vote's ballots grouped as the page shows them: groups by size, names within (as /glosy?ugrupowanie=true). */
export async function groupedBallots(
  { answer }: Pick<LoadContext, 'answer'>,
  id: string | number,
): Promise<GroupBallots[]> {
  const grouped = await answer(glosowania.ballots, { params: { id }, query: { ugrupowanie: true } });
  return groupsOf(grouped.data);
}

/** A vote's ballots, or its groups' counts, with the vote they are of. */
export interface VoteBallots {
  vote: Pick<VoteSummary, 'id_glosowania' | 'data' | 'tytul'>;
  groups: GroupBallots[];
}
/** A row of a vote's file with its vote: a file opened on its own says which vote it is (issue 46). */
type OfVote<T> = T & { vote: VoteBallots['vote'] };
const ofVote = <T>({ vote, groups }: VoteBallots, rows: (groups: GroupBallots[]) => T[]): ListPage<OfVote<T>> =>
  whole(rows(groups).map((row) => ({ ...row, vote })));
const VOTE_OF_ROW = [
  columnAs<OfVote<unknown>>('id_glosowania', voteSummary, 'id_glosowania', (r) => r.vote.id_glosowania),
  columnAs<OfVote<unknown>>('data', voteSummary, 'data', (r) => r.vote.data),
  columnAs<OfVote<unknown>>('tytul', voteSummary, 'tytul', (r) => r.vote.tytul),
];

export const ballotList: SiteList<VoteBallots, OfVote<BallotEntry>> = {
  file: 'glosy',
  batch: 1000,
  columns: [
    ...VOTE_OF_ROW,
    ...columnsOf<OfVote<BallotEntry>>(ballotEntry, [...PERSON_COLUMNS, 'glos'], {
      glos: { words: ballotWords('glos') },
    }),
  ],
  rows: (scope) => ofVote(scope, (groups) => groups.flatMap((g) => g.ballots)),
};

export const groupCountList: SiteList<VoteBallots, OfVote<{ nazwa: string; counts: Counts }>> = {
  file: 'glosy-ugrupowan',
  batch: 1000,
  columns: [
    ...VOTE_OF_ROW,
    ownColumn('ugrupowanie', 'Ugrupowanie radnych w chwili głosowania', (g) => g.nazwa),
    ...GLOS_VALUES.map((k) => ownColumn<{ counts: Counts }>(k, `Głosy: ${k}`, (g) => g.counts[k], 'integer')),
  ],
  rows: (scope) => ofVote(scope, (groups) => groups),
};

// ── Sessions ─────────────────────────────────────────────────────────────────────────────────────

export const sessionList: SiteList<{ kadencja: string | undefined; organ: number | undefined }, SessionItem> = {
  file: 'posiedzenia',
  batch: 100,
  columns: columnsOf(session, [
    'id_posiedzenia',
    'data',
    'numer',
    'nazwa',
    'organ',
    'liczba_glosowan',
    'frekwencja_procent',
  ]),
  rows:
    (scope, { answer }) =>
    async (page, limit) =>
      paged(await answer(posiedzenia.list, { query: { ...scope, page, limit } })),
};

/** A session's votes in the order they were taken. */
export const sessionVoteList: SiteList<{ id: number }, VoteSummary> = {
  file: 'glosowania-posiedzenia',
  batch: 1000,
  columns: [...columnsOf(voteSummary, VOTE_COLUMNS), ...recordColumns()],
  rows: async ({ id }, { answer }) => whole(await answer(posiedzenia.votes, { params: { id } })),
};

export const sessionAttendanceList: SiteList<
  { id: number | string },
  { id_osoby: number; imie_nazwisko: string; ugrupowanie: string | null; obecny: boolean }
> = {
  file: 'obecnosci',
  batch: 1000,
  columns: columnsOf(attendanceEntry, [...PERSON_COLUMNS, 'obecny']),
  rows: async ({ id }, { answer }) => whole(await answer(posiedzenia.attendance, { params: { id } })),
};

// ── Rankings ─────────────────────────────────────────────────────────────────────────────────────

/** The rankings of /rankingi, each shown to this many places. */
export const RANKING_PLACES = 15;

/** The scope of the rankings, with the site's minimum samples (rankingMinimums). */
export interface RankingScope {
  kadencja: string | undefined;
  organ: number | undefined;
  min: Minimums;
}

/**
 * The site's rankings count only councillors with at least half the largest sample in scope (the most
 * attendance records, the most ballots in votes with a majority), so that 9 of 9 sessions does not
 * rank above 103 of 103; the API keeps its own parameters and defaults.
 */
export async function rankingMinimums(
  { answer }: Pick<LoadContext, 'answer'>,
  scope: { kadencja: string | undefined; organ: number | undefined },
) {
  const largest = await answer(statystyki.largestSamples, { query: scope });
  const minimums = (l: { max_posiedzen: number; max_glosowan: number }) => ({
    min_posiedzen: Math.max(1, Math.ceil(l.max_posiedzen / 2)),
    min_glosowan: Math.max(10, Math.ceil(l.max_glosowan / 2)),
  });
  // Several councils and none chosen: each councillor is held to the half of their own council's largest
  // sample, so that Katowice's 25 sessions are not measured against Gdańsk's 54 (issue 46).
  const perCouncil =
    largest.rady.length > 1
      ? new Map(largest.rady.map((c) => [c.id_organu, { ...minimums(c), largest: c }] as const))
      : undefined;
  return { ...minimums(largest), largest, perCouncil };
}
export type Minimums = Awaited<ReturnType<typeof rankingMinimums>>;

type CouncilRow = { id_organu: number | null; pozycja: number };

/**
 * A ranking of councillors read with the site's minimums. One minimum for the scope, or per council
 * (Minimums.perCouncil): then the endpoint is read with the smallest of them to its largest page, and
 * each row kept when it reaches its own council's (a row of no single council: the scope's), renumbered.
 * The endpoint's order is the same for every minimum, so the rows kept are the top of the fair ranking —
 * as far as the largest page reaches.
 */
export async function fairRanking<T extends CouncilRow>(
  min: Minimums,
  kind: 'min_posiedzen' | 'min_glosowan',
  count: (row: NoInfer<T>) => number,
  limit: number,
  read: (min: number, limit: number) => Promise<readonly T[]>,
): Promise<T[]> {
  if (min.perCouncil === undefined) return [...(await read(min[kind], limit))];
  const own = (row: T) =>
    (row.id_organu === null ? undefined : min.perCouncil!.get(row.id_organu)?.[kind]) ?? min[kind];
  const smallest = Math.min(min[kind], ...[...min.perCouncil.values()].map((m) => m[kind]));
  const rows = await read(smallest, LARGEST_PAGE);
  return rows
    .filter((row) => count(row) >= own(row))
    .slice(0, limit)
    .map((row, i) => ({ ...row, pozycja: i + 1 }));
}

/** The largest page an endpoint answers (CONTRACT §4: limit at most 100). */
const LARGEST_PAGE = 100;

const ranking = <T>(
  file: string,
  columns: Array<CsvColumn<T>>,
  read: (context: LoadContext, scope: RankingScope) => Promise<readonly T[]>,
): SiteList<RankingScope, T> => ({
  file: `ranking-${file}`,
  batch: RANKING_PLACES,
  columns,
  rows: async (scope, context) => whole(await read(context, scope)),
});

type Ranked<T> = T & { pozycja: number };
/** A row of the ranking an endpoint answers. */
type RowOf<E extends { handler: (...args: never[]) => unknown }> =
  Awaited<ReturnType<E['handler']>> extends ReadonlyArray<infer T> ? T : never;

const top = ({ kadencja, organ }: RankingScope) => ({ kadencja, organ, limit: RANKING_PLACES });

/** The top `places` of each councillor ranking under the site's minimums (fairRanking): /rankingi's and the home's. */
export const attendanceTop = ({ answer }: Pick<LoadContext, 'answer'>, s: RankingScope, places: number) =>
  fairRanking<RowOf<typeof statystyki.attendanceRanking>>(
    s.min,
    'min_posiedzen',
    (r) => r.liczba_posiedzen,
    places,
    (min_posiedzen, limit) =>
      answer(statystyki.attendanceRanking, { query: { kadencja: s.kadencja, organ: s.organ, min_posiedzen, limit } }),
  );
export const rebelTop = ({ answer }: Pick<LoadContext, 'answer'>, s: RankingScope, places: number) =>
  fairRanking<RowOf<typeof statystyki.rebelRanking>>(
    s.min,
    'min_glosowan',
    (r) => r.glosowania,
    places,
    (min_glosowan, limit) =>
      answer(statystyki.rebelRanking, { query: { kadencja: s.kadencja, organ: s.organ, min_glosowan, limit } }),
  );
export const loyalistTop = ({ answer }: Pick<LoadContext, 'answer'>, s: RankingScope, places: number) =>
  fairRanking<RowOf<typeof statystyki.loyalistRanking>>(
    s.min,
    'min_glosowan',
    (r) => r.glosowania,
    places,
    (min_glosowan, limit) =>
      answer(statystyki.loyalistRanking, { query: { kadencja: s.kadencja, organ: s.organ, min_glosowan, limit } }),
  );
const RANKED_PERSON = ['pozycja', ...PERSON_COLUMNS];

export const RANKINGS = {
  frekwencja: ranking<RowOf<typeof statystyki.attendanceRanking>>(
    'frekwencja',
    columnsOf(attendanceRankingItem, [
      ...RANKED_PERSON,
      'frekwencja_procent',
      'obecnosci',
      'liczba_posiedzen',
      'organ',
    ]),
    (context, scope) => attendanceTop(context, scope, RANKING_PLACES),
  ),
  mniejszosc: ranking<RowOf<typeof statystyki.rebelRanking>>(
    'mniejszosc',
    columnsOf(rebelRankingItem, [...RANKED_PERSON, 'procent', 'w_mniejszosci', 'glosowania', 'organ']),
    (context, scope) => rebelTop(context, scope, RANKING_PLACES),
  ),
  wiekszosc: ranking<RowOf<typeof statystyki.loyalistRanking>>(
    'wiekszosc',
    columnsOf(loyalistRankingItem, [...RANKED_PERSON, 'procent', 'w_wiekszosci', 'glosowania', 'organ']),
    (context, scope) => loyalistTop(context, scope, RANKING_PLACES),
  ),
  sporne: ranking<Ranked<VoteSummary>>(
    'sporne',
    [...columnsOf(rankedVote, ['pozycja', ...VOTE_COLUMNS]), ...recordColumns()],
    ({ answer }, scope) => answer(statystyki.mostControversial, { query: top(scope) }),
  ),
  jednomyslne: ranking<Ranked<VoteSummary>>(
    'jednomyslne',
    [...columnsOf(rankedVote, ['pozycja', ...VOTE_COLUMNS, 'jednomyslnosc_procent']), ...recordColumns()],
    ({ answer }, scope) => answer(statystyki.mostUnanimous, { query: top(scope) }),
  ),
  pary: ranking<RowOf<typeof statystyki.topCoalitions>>(
    'pary',
    [
      ...([1, 2] as const).flatMap((n) => [
        ownColumn(
          `id_osoby_${n}`,
          `Identyfikator ${n === 1 ? 'pierwszego' : 'drugiego'} radnego`,
          (r: RowOf<typeof statystyki.topCoalitions>) => r[`radny_${n}`].id_osoby,
        ),
        ownColumn(
          `radny_${n}`,
          `${n === 1 ? 'Pierwszy' : 'Drugi'} radny`,
          (r: RowOf<typeof statystyki.topCoalitions>) => r[`radny_${n}`].imie_nazwisko,
        ),
        ownColumn(
          `ugrupowanie_${n}`,
          'Jego ugrupowanie',
          (r: RowOf<typeof statystyki.topCoalitions>) => r[`radny_${n}`].ugrupowanie,
        ),
      ]),
      ...columnsOf<RowOf<typeof statystyki.topCoalitions>>(topPair, ['zgodnosc_procent', 'wspolne_glosowania']),
    ],
    ({ answer }, scope) =>
      answer(statystyki.topCoalitions, { query: { ...top(scope), tylko_miedzy_ugrupowaniami: true } }),
  ),
  organy: ranking<Ranked<RowOf<typeof statystyki.bodyActivity>>>(
    'organy',
    [
      ownColumn(
        'pozycja',
        'Miejsce (najwięcej głosowań)',
        (b: Ranked<RowOf<typeof statystyki.bodyActivity>>) => b.pozycja,
      ),
      ...columnsOf<Ranked<RowOf<typeof statystyki.bodyActivity>>>(bodyActivity, [
        'id_organu',
        'nazwa',
        'liczba_glosow',
        'liczba_posiedzen',
      ]),
    ],
    async ({ answer }, { kadencja, organ }) =>
      (await answer(statystyki.bodyActivity, { query: { kadencja, organ } })).map((b, i) => ({ ...b, pozycja: i + 1 })),
  ),
};

export type RankingName = keyof typeof RANKINGS;

// ── Group cohesion ───────────────────────────────────────────────────────────────────────────────

/** The groups /spojnosc reads (the endpoint's largest page). */
const COHESION_GROUPS = 100;

/**
 * The groups of /spojnosc, ranked as the site's rankings are: only those whose figure rests on at least
 * half the largest group's votes (and at least 10), renumbered; the rest follow, unranked (`pozycja`
 * null), so that two groups of 7 votes at 100 % do not lead.
 */
export async function rankedCohesion(
  { answer }: Pick<LoadContext, 'answer'>,
  scope: { kadencja: string | undefined; organ: number | undefined },
) {
  const groups = await answer(statystyki.groupCohesion, { query: { ...scope, limit: COHESION_GROUPS } });
  const largest = groups.reduce((most, g) => Math.max(most, g.liczba_glosowan), 0);
  const min = Math.max(10, Math.ceil(largest / 2));
  type Placed = Omit<(typeof groups)[number], 'pozycja'> & { pozycja: number | null };
  const ranked: Placed[] = groups.filter((g) => g.liczba_glosowan >= min).map((g, i) => ({ ...g, pozycja: i + 1 }));
  const unranked: Placed[] = groups.filter((g) => g.liczba_glosowan < min).map((g) => ({ ...g, pozycja: null }));
  return { min, largest, ranked, unranked };
}
export type RankedCohesion = Awaited<ReturnType<typeof rankedCohesion>>;

export const cohesionList: SiteList<
  { kadencja: string | undefined; organ: number | undefined },
  RankedCohesion['ranked'][number]
> = {
  file: 'spojnosc',
  batch: COHESION_GROUPS,
  columns: columnsOf(cohesionItem, ['pozycja', 'id_ugrupowania', 'nazwa', 'spojnosc_procent', 'liczba_glosowan'], {
    pozycja: {
      description:
        'Miejsce w rankingu (od 1); puste: za mało głosowań (mniej niż połowa głosowań ugrupowania z największą liczbą, i mniej niż 10)',
    },
  }),
  rows: async (scope, context) => {
    const { ranked, unranked } = await rankedCohesion(context, scope);
    return whole([...ranked, ...unranked]);
  },
};
