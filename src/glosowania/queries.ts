// Votes: the summary shared by every list of votes, the filtered list, detail, distribution,
// attachments. Everything reads materialised columns of `glosowanie`; nothing counts ballots.

import type Database from 'better-sqlite3';
import { ODRZUCONO, PRZYJETO } from '../../core/contract.ts';
import { foldText } from '../../core/text.ts';
import { ALL_BODIES, ALL_TERMS, JAKOSC, type JakoscKind } from '../../core/snapshot/schema.ts';
import { type Condition, FilteredStatements } from '../snapshot/filtered-statements.ts';
import { plucked, rawRows, type Statement } from '../snapshot/statement.ts';
import { z } from 'zod';
import type { Share, ShareTarget } from '../shares/store.ts';
import { VoteBallots, Voters } from './vote-ballots.ts';
import { type Located, ShareIdentity, voteFingerprint } from './share-identity.ts';
import { wordsOf as titleWords } from '../../core/title-words.ts';
import { TITLE_SEARCH_LIMITS, type TitleIndex, TitleSearch } from './title-search.ts';

/**
 * Columns of the vote summary (CONTRACT §5), over `glosowanie g JOIN organ o`; a row of them becomes a
 * summary through `voteSummaryOf` (the stated tallies become `liczby_zrodla`).
 */
export const VOTE_SUMMARY_COLUMNS = `g.id_glosowania, g.numer, g.tytul, g.data, g.godzina, g.kadencja, g.id_organu,
  o.nazwa AS organ, g.id_posiedzenia, g.id_punktu, g.wynik, g.za, g.przeciw, g.wstrzymujacy, g.nieobecni, g.brak_glosu,
  g.kontrowersyjnosc, g.jednomyslnosc_procent, g.imienne, g.za_podane, g.przeciw_podane, g.wstrzymujacy_podane,
  g.nieobecni_podane, g.brak_glosu_podane, g.temat`;
export const VOTE_SUMMARY_FROM = 'glosowanie g JOIN organ o ON o.id_organu = g.id_organu';

/**
 * The vote summary's members for SQLite's json_object, over the same tables: the bytes JSON.stringify
 * makes of `summaryOf` (test/vote-json.test.ts). SQLite writes a whole REAL as `100.0`, JSON.stringify
 * as `100`: jednomyslnosc_procent goes out as an integer when it is one. A vote's detail is one such
 * object, its JSON read as it is sent: made in JavaScript, its Polish text was decoded into strings and
 * encoded again, 40 % of the detail's read (docs/PERFORMANCE.md, issue 47's twenty-second session).
 */
const VOTE_SUMMARY_MEMBERS = `'id_glosowania', g.id_glosowania, 'numer', g.numer, 'tytul', g.tytul, 'data', g.data,
  'godzina', g.godzina, 'kadencja', g.kadencja, 'id_organu', g.id_organu, 'organ', o.nazwa,
  'id_posiedzenia', g.id_posiedzenia, 'id_punktu', g.id_punktu, 'wynik', g.wynik, 'za', g.za, 'przeciw', g.przeciw,
  'wstrzymujacy', g.wstrzymujacy, 'nieobecni', g.nieobecni, 'brak_glosu', g.brak_glosu,
  'kontrowersyjnosc', g.kontrowersyjnosc,
  'jednomyslnosc_procent', iif(g.jednomyslnosc_procent = CAST(g.jednomyslnosc_procent AS INTEGER),
    CAST(g.jednomyslnosc_procent AS INTEGER), g.jednomyslnosc_procent),
  'imienne', json(iif(g.imienne = 1, 'true', 'false')),
  'liczby_zrodla', iif(coalesce(g.za_podane, g.przeciw_podane, g.wstrzymujacy_podane, g.nieobecni_podane,
    g.brak_glosu_podane) IS NULL, NULL, json_object('za', g.za_podane, 'przeciw', g.przeciw_podane,
    'wstrzymujacy', g.wstrzymujacy_podane, 'nieobecni', g.nieobecni_podane, 'brak_glosu', g.brak_glosu_podane)),
  'temat', g.temat`;

/** The tallies a source states (CONTRACT §10), each null when not stated. */
export interface StatedTallies {
  za: number | null;
  przeciw: number | null;
  wstrzymujacy: number | null;
  nieobecni: number | null;
  brak_glosu: number | null;
}

/** A vote's result (CONTRACT §5). */
export type Wynik = typeof PRZYJETO | typeof ODRZUCONO;

export interface VoteSummary {
  id_glosowania: number;
  numer: number;
  tytul: string;
  data: string;
  godzina: string | null;
  kadencja: string;
  id_organu: number;
  organ: string;
  id_posiedzenia: number;
  id_punktu: number | null;
  wynik: Wynik;
  za: number;
  przeciw: number;
  wstrzymujacy: number;
  nieobecni: number;
  brak_glosu: number;
  kontrowersyjnosc: number;
  jednomyslnosc_procent: number;
  /** The vote has ballots (a roll call); false: its counts are the stated ones, or none. */
  imienne: boolean;
  /** The tallies the source states; null when it states none. */
  liczby_zrodla: StatedTallies | null;
  temat: string;
}

/** A row of VOTE_SUMMARY_COLUMNS as read: `imienne` 0 or 1, the stated tallies in their own columns. */
export interface VoteSummaryRow extends Omit<VoteSummary, 'imienne' | 'liczby_zrodla'> {
  imienne: number;
  za_podane: number | null;
  przeciw_podane: number | null;
  wstrzymujacy_podane: number | null;
  nieobecni_podane: number | null;
  brak_glosu_podane: number | null;
}

/** The names VOTE_SUMMARY_COLUMNS reads (`g.numer` → numer, `o.nazwa AS organ` → organ): every other column of a row read with them is kept after the summary. */
const SUMMARY_ROW_COLUMNS: ReadonlySet<string> = new Set(
  VOTE_SUMMARY_COLUMNS.split(',').map((column) =>
    column
      .trim()
      .split(/\s+AS\s+|\./)
      .at(-1)!,
  ),
);

/** The tallies the source stated (`liczby_zrodla`), or null when it stated none. */
function statedTallies(
  za: number | null,
  przeciw: number | null,
  wstrzymujacy: number | null,
  nieobecni: number | null,
  brak_glosu: number | null,
): StatedTallies | null {
  return za === null && przeciw === null && wstrzymujacy === null && nieobecni === null && brak_glosu === null
    ? null
    : { za, przeciw, wstrzymujacy, nieobecni, brak_glosu };
}

/**
 * The vote summary of a row read with VOTE_SUMMARY_COLUMNS, and nothing else: `imienne` a boolean and the
 * stated tallies as `liczby_zrodla`, both right after the counted figures (the answers' key order is
 * CONTRACT §5's). Written out, not destructured with a rest: a rest copies the row's other columns
 * through V8's slow path, twice the cost of the row's read for a vote's detail (docs/PERFORMANCE.md,
 * issue 47's eleventh session).
 */
function summaryOf(row: VoteSummaryRow): VoteSummary {
  return {
    id_glosowania: row.id_glosowania,
    numer: row.numer,
    tytul: row.tytul,
    data: row.data,
    godzina: row.godzina,
    kadencja: row.kadencja,
    id_organu: row.id_organu,
    organ: row.organ,
    id_posiedzenia: row.id_posiedzenia,
    id_punktu: row.id_punktu,
    wynik: row.wynik,
    za: row.za,
    przeciw: row.przeciw,
    wstrzymujacy: row.wstrzymujacy,
    nieobecni: row.nieobecni,
    brak_glosu: row.brak_glosu,
    kontrowersyjnosc: row.kontrowersyjnosc,
    jednomyslnosc_procent: row.jednomyslnosc_procent,
    imienne: row.imienne === 1,
    liczby_zrodla: statedTallies(
      row.za_podane,
      row.przeciw_podane,
      row.wstrzymujacy_podane,
      row.nieobecni_podane,
      row.brak_glosu_podane,
    ),
    temat: row.temat,
  };
}

/**
 * A row of VOTE_SUMMARY_COLUMNS read as an array (a `raw` statement), in the columns' order, and any
 * columns selected after them.
 */
export type VoteSummaryTuple<Rest extends unknown[] = unknown[]> = [
  id_glosowania: number,
  numer: number,
  tytul: string,
  data: string,
  godzina: string | null,
  kadencja: string,
  id_organu: number,
  organ: string,
  id_posiedzenia: number,
  id_punktu: number | null,
  wynik: Wynik,
  za: number,
  przeciw: number,
  wstrzymujacy: number,
  nieobecni: number,
  brak_glosu: number,
  kontrowersyjnosc: number,
  jednomyslnosc_procent: number,
  imienne: number,
  za_podane: number | null,
  przeciw_podane: number | null,
  wstrzymujacy_podane: number | null,
  nieobecni_podane: number | null,
  brak_glosu_podane: number | null,
  temat: string,
  ...rest: Rest,
];

/**
 * `summaryOf` of a row read as an array (VoteSummaryTuple): the same summary, key for key. The lists of
 * votes (a page of the vote list, a councillor's lists) read their rows so: better-sqlite3 builds a row
 * object property by property, 25 a row, and a page's 20 such objects cost about as much as reading
 * their rows (docs/PERFORMANCE.md, issue 47's sixteenth session). test/vote-summary-tuple.test.ts holds
 * the two equal over every vote of the sample.
 */
export function summaryOfTuple(row: VoteSummaryTuple): VoteSummary {
  return {
    id_glosowania: row[0],
    numer: row[1],
    tytul: row[2],
    data: row[3],
    godzina: row[4],
    kadencja: row[5],
    id_organu: row[6],
    organ: row[7],
    id_posiedzenia: row[8],
    id_punktu: row[9],
    wynik: row[10],
    za: row[11],
    przeciw: row[12],
    wstrzymujacy: row[13],
    nieobecni: row[14],
    brak_glosu: row[15],
    kontrowersyjnosc: row[16],
    jednomyslnosc_procent: row[17],
    imienne: row[18] === 1,
    liczby_zrodla: statedTallies(row[19], row[20], row[21], row[22], row[23]),
    temat: row[24],
  };
}

/**
 * A row read with VOTE_SUMMARY_COLUMNS (and any columns after them, kept in place, in the row's order)
 * as a vote summary (`summaryOf`).
 */
export function voteSummaryOf<T extends VoteSummaryRow>(row: T): VoteSummary & Omit<T, keyof VoteSummaryRow> {
  const summary = summaryOf(row);
  for (const column in row) if (!SUMMARY_ROW_COLUMNS.has(column)) Reflect.set(summary, column, row[column]);
  // The summary's members, then the row's other columns: what the type says (TypeScript cannot follow the loop).
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- see above
  return summary as VoteSummary & Omit<T, keyof VoteSummaryRow>;
}

const summariesOf = (rows: VoteSummaryTuple[]): VoteSummary[] => rows.map(summaryOfTuple);

export interface VoteDetail extends VoteSummary {
  posiedzenie: { id_posiedzenia: number; numer: string; data: string; nazwa: string | null };
  punkt: { id_punktu: number; numer: string; tytul: string } | null;
  liczba_zalacznikow: number;
  /** The majority the source says the vote needed (the Sejm's majorityType and majorityVotes); null: not stated. */
  wymagana_wiekszosc: { typ: string; glosow: number | null } | null;
}

export type { BallotEntry } from './vote-ballots.ts';

/** The filters of CONTRACT §6 over the vote list. */
export interface VoteFilter {
  kadencja?: string | undefined;
  organ?: number | undefined;
  data_od?: string | undefined;
  data_do?: string | undefined;
  wynik?: string | undefined;
  kontrowersyjnosc_min?: number | undefined;
  search?: string | undefined;
  /** A topic's id (CONTRACT §11). */
  temat?: string | undefined;
  /** What the vote's record disagrees about (CONTRACT §12). */
  jakosc?: JakoscKind | undefined;
}

/** The vote filters of CONTRACT §6 but the title search, as conditions over alias `g`. */
function voteConditions(filter: VoteFilter): Condition[] {
  return [
    ['g.kadencja = ?', filter.kadencja],
    ['g.id_organu = ?', filter.organ],
    ['g.data >= ?', filter.data_od],
    ['g.data <= ?', filter.data_do],
    ['g.wynik = ?', filter.wynik],
    ['g.kontrowersyjnosc >= ?', filter.kontrowersyjnosc_min],
    ['g.temat = ?', filter.temat],
    ['(g.jakosc & ?) != 0', filter.jakosc === undefined ? undefined : JAKOSC[filter.jakosc]],
  ];
}

/** The folded title contains the folded phrase (no LIKE wildcards to escape). */
const TITLE_CONTAINS = 'instr(g.tytul_folded, ?) > 0';
/** A word typed whole, or a title word among its other forms: JSON [the word, ...forms] (title-search.ts). */
const TITLE_MATCHES = 'title_matches(g.tytul_folded, ?) > 0';

/** A vote without ballots: its row in glosowanie_glosy, had it one. */
const NO_BALLOTS = Buffer.alloc(0);

/**
 * A searched list counts its matches up to this many past the page's end, no further: the count visits
 * every match it counts (all of Poland: 927,000 for `budzet`, 333 ms), the page only its own rows.
 * Past it the total is a lower bound, said in the answer (`pagination.totalExact: false`).
 */
export const SEARCH_COUNT_CAP = 10_000;

/** TITLE_MATCHES's parameter: the word typed, then its other forms. */
const searchedForms = z.array(z.string());
/** What a reader stated of a vote (glosowanie.klucz_zrodla): a JSON array, its occurrence last. */
const statedKey = z.array(z.unknown());

export interface Attachment {
  id_zalacznika: number;
  nazwa: string;
  url: string | null;
}

type SearchedStatements = FilteredStatements<{
  countUpTo: Statement<unknown[], number>;
  page: Statement<unknown[], VoteSummaryTuple>;
}>;

export class GlosowaniaQueries {
  private readonly listStatements: FilteredStatements<{
    count: Statement<unknown[], number>;
    countUpTo: Statement<unknown[], number>;
    page: Statement<unknown[], VoteSummaryTuple>;
  }>;
  private readonly detailStatement: Statement<[number], Buffer>;
  /** A vote's ballots as the ETL wrote them for its answer (glosowanie_glosy); no row: no ballots. */
  private readonly voteBallots: Statement<[number], Buffer>;
  private votersRead: Voters | undefined;
  private readonly attachmentsStatement: Statement<[number], Buffer>;
  private readonly voterNameStatement: Statement<[number, number], string>;
  private readonly votersNamedStatement: Statement<[number, string], number>;
  private readonly keyStatement: Statement<[number], { legacy: string; nazwa: string; klucz_zrodla: string | null }>;
  /** A legacy key's five parts (keysOf), as the link recorded them. */
  private readonly byKeyStatement: Statement<unknown[], number>;
  private readonly identity: ShareIdentity;
  private readonly ordStatement: Statement<[number], number>;
  private readonly unfilteredPage: Statement<[number, number], VoteSummaryTuple>;
  private unfilteredTotal: number | undefined;
  private readonly titles: TitleSearch;
  private readonly searched: Record<TitleIndex, SearchedStatements>;
  private readonly idsStatement: Statement<[], number>;
  private readonly topicTotal: Statement<[string, number, string], number>;
  /** The last distribution read: a vote's ballots are asked for twice in a row (plain and grouped, a page and its groups). */
  private lastBallots: { id: number; ballots: VoteBallots } | undefined;

  constructor(
    private readonly db: Database.Database,
    private readonly searchCountCap = SEARCH_COUNT_CAP,
    titleLimits = TITLE_SEARCH_LIMITS,
  ) {
    this.listStatements = new FilteredStatements((where) => ({
      count: plucked(db, `SELECT count(*) FROM glosowanie g ${where}`),
      countUpTo: plucked(db, `SELECT count(*) FROM (SELECT 1 FROM glosowanie g ${where} LIMIT ?)`),
      // Paging picks the page's ids first (index-only when unfiltered), then joins just those.
      page: rawRows(
        db,
        `WITH page AS (SELECT g.id_glosowania, g.ord FROM glosowanie g ${where} ORDER BY g.ord LIMIT ? OFFSET ?)
        SELECT ${VOTE_SUMMARY_COLUMNS} FROM page JOIN glosowanie g ON g.id_glosowania = page.id_glosowania
        JOIN organ o ON o.id_organu = g.id_organu ORDER BY page.ord`,
      ),
    }));
    // Unfiltered (the list a crawler pages through): `ord` numbers the votes 1..N in list order, so
    // a page is a range of it. OFFSET would step over every earlier vote (millions on a national snapshot).
    this.unfilteredPage = rawRows(
      db,
      `SELECT ${VOTE_SUMMARY_COLUMNS} FROM ${VOTE_SUMMARY_FROM} WHERE g.ord > ? ORDER BY g.ord LIMIT ?`,
    );
    // Searched through an index (src/glosowania/title-search.ts): the index yields candidates in ord
    // order (rowid = ord), so a page stops after its rows and a count at its bound. Searched and nothing
    // else: counted in the index alone, without reading a vote (all of Poland: 7 million). Otherwise each
    // candidate's vote is read for the other filters (and the phrase, when the plan checks it); CROSS
    // JOIN keeps the index outside, in its order.
    const searchedThrough = (index: TitleIndex): SearchedStatements =>
      new FilteredStatements((where) => {
        // szukaj_lub_slowa: the trigram index's matches and the word index's, merged in ord order (both
        // yield rowids in order, so ORDER BY merges them as they come); two MATCH parameters.
        const either = `SELECT rowid AS ord FROM glosowanie_szukaj WHERE glosowanie_szukaj MATCH ?
          UNION SELECT rowid AS ord FROM glosowanie_slowa WHERE glosowanie_slowa MATCH ?`;
        const matches =
          index === 'szukaj_lub_slowa'
            ? where === ''
              ? either
              : `SELECT m.ord AS ord FROM (${either} ORDER BY 1) m CROSS JOIN glosowanie g ON g.ord = m.ord ${where}`
            : where === ''
              ? `SELECT rowid AS ord FROM ${index} WHERE ${index} MATCH ?`
              : `SELECT s.rowid AS ord FROM ${index} s CROSS JOIN glosowanie g ON g.ord = s.rowid WHERE s.${index} MATCH ? ${where.replace(/^WHERE/, 'AND')}`;
        return {
          countUpTo: plucked(db, `SELECT count(*) FROM (${matches} LIMIT ?)`),
          page: rawRows(
            db,
            `WITH page AS (${matches} ORDER BY ord LIMIT ? OFFSET ?)
          SELECT ${VOTE_SUMMARY_COLUMNS} FROM page JOIN glosowanie g ON g.ord = page.ord JOIN organ o ON o.id_organu = g.id_organu ORDER BY page.ord`,
          ),
        };
      });
    this.searched = {
      glosowanie_slowa: searchedThrough('glosowanie_slowa'),
      glosowanie_pary: searchedThrough('glosowanie_pary'),
      glosowanie_szukaj: searchedThrough('glosowanie_szukaj'),
      szukaj_lub_slowa: searchedThrough('szukaj_lub_slowa'),
    };
    this.titles = new TitleSearch(db, titleLimits);
    // The search being answered, parsed once per search rather than once per title.
    let searched: { json: string; word: string; forms: Set<string>; formList: string[] } | undefined;
    db.function('title_matches', { deterministic: true }, (title: unknown, json: unknown) => {
      if (typeof title !== 'string' || typeof json !== 'string') {
        throw new TypeError(
          'title_matches(title, forms) takes a folded title and the JSON of TITLE_MATCHES, both text',
        );
      }
      if (searched === undefined || searched.json !== json) {
        const [word = '', ...forms] = searchedForms.parse(JSON.parse(json));
        searched = { json, word, forms: new Set(forms), formList: forms };
      }
      const { word, forms, formList } = searched;
      if (title.includes(word)) return 1;
      // A title holding none of the forms as text holds none as a word: most of a body's titles, each
      // then not split into words (a word within one council checks every title of the body).
      if (!formList.some((form) => title.includes(form))) return 0;
      return titleWords(title).words.some((w) => forms.has(w)) ? 1 : 0;
    });
    this.detailStatement = plucked(
      db,
      `SELECT CAST(json_object(${VOTE_SUMMARY_MEMBERS},
        'posiedzenie', json_object('id_posiedzenia', g.id_posiedzenia, 'numer', s.numer, 'data', s.data, 'nazwa', s.nazwa),
        'punkt', iif(g.id_punktu IS NULL, NULL, json_object('id_punktu', g.id_punktu, 'numer', p.numer, 'tytul', p.tytul)),
        'liczba_zalacznikow', (SELECT count(*) FROM zalacznik z WHERE z.id_glosowania = g.id_glosowania),
        'wymagana_wiekszosc', iif(g.wiekszosc IS NULL, NULL, json_object('typ', g.wiekszosc, 'glosow', g.wiekszosc_glosow))
      ) AS BLOB)
      FROM ${VOTE_SUMMARY_FROM} JOIN posiedzenie s ON s.id_posiedzenia = g.id_posiedzenia
      LEFT JOIN punkt p ON p.id_punktu = g.id_punktu
      WHERE g.id_glosowania = ?`,
    );
    // One row: the ballots in name order, each with its voter's group at the vote (CONTRACT §2), as the
    // ETL wrote them (etl/materialise/vote-ballots.ts).
    this.voteBallots = plucked(db, 'SELECT glosy FROM glosowanie_glosy WHERE id_glosowania = ?');
    this.ordStatement = plucked(db, 'SELECT ord FROM glosowanie WHERE id_glosowania = ?');
    this.idsStatement = plucked(db, 'SELECT id_glosowania FROM glosowanie ORDER BY id_glosowania');
    this.topicTotal = plucked(
      db,
      `SELECT liczba_glosowan FROM temat_stat
      WHERE kadencja = ? AND id_organu = ? AND temat = ?`,
    );
    this.voterNameStatement = plucked(
      db,
      `SELECT r.imie_nazwisko FROM glos b JOIN radny r ON r.id_osoby = b.id_osoby
      WHERE b.id_glosowania = ? AND b.id_osoby = ?`,
    );
    this.votersNamedStatement = plucked(
      db,
      `SELECT b.id_osoby FROM glos b JOIN radny r ON r.id_osoby = b.id_osoby
      WHERE b.id_glosowania = ? AND r.imie_nazwisko = ? ORDER BY b.id_osoby`,
    );
    // A vote's identity in its source: its body's name and what the reader stated (klucz_zrodla), else its
    // session (term, date, number as written) and its number in that session. None of them is a row id.
    this.keyStatement =
      db.prepare(`SELECT json_array(o.nazwa, s.kadencja, s.data, s.numer, g.numer) AS legacy, o.nazwa, g.klucz_zrodla
      FROM glosowanie g JOIN posiedzenie s ON s.id_posiedzenia = g.id_posiedzenia JOIN organ o ON o.id_organu = s.id_organu
      WHERE g.id_glosowania = ?`);
    this.byKeyStatement = plucked(
      db,
      `SELECT g.id_glosowania FROM organ o JOIN posiedzenie s ON s.id_organu = o.id_organu
      JOIN glosowanie g ON g.id_posiedzenia = s.id_posiedzenia
      WHERE o.nazwa = ? AND s.kadencja = ? AND s.data = ? AND s.numer = ? AND g.numer = ? ORDER BY g.id_glosowania LIMIT 1`,
    );
    this.identity = new ShareIdentity(db);
    // Their answer's JSON as SQLite writes it, as a vote's detail is (VOTE_SUMMARY_MEMBERS): joined in
    // the order the subquery reads them from its index (a co-routine; an ORDER BY inside the aggregate
    // would sort them again in a temporary B-tree, a third of the read).
    this.attachmentsStatement = plucked(
      db,
      `SELECT CAST('[' || coalesce(group_concat(a, ','), '') || ']' AS BLOB) FROM (
        SELECT json_object('id_zalacznika', id_zalacznika, 'nazwa', nazwa, 'url', url) AS a
        FROM zalacznik WHERE id_glosowania = ? ORDER BY id_zalacznika)`,
    );
  }

  /** How many votes the snapshot has. */
  count(): number {
    return (this.unfilteredTotal ??= this.listStatements.select([]).statements.count.get()!); // fixed for the snapshot
  }

  /** Every id_glosowania, ascending. */
  ids(): IterableIterator<number> {
    return this.idsStatement.iterate();
  }

  /**
   * A page of the filtered list, date order, and the filtered total: exact, except for a search with
   * more matches than the count cap past the page's end, whose total is that many (`exact` false).
   */
  list({ page, limit, search, ...filter }: VoteFilter & { page: number; limit: number }): {
    items: VoteSummary[];
    total: number;
    exact: boolean;
  } {
    const offset = (page - 1) * limit;
    const conditions = voteConditions(filter);
    if (search === undefined) {
      const { statements, params } = this.listStatements.select(conditions);
      if (params.length === 0)
        return { items: summariesOf(this.unfilteredPage.all(offset, limit)), total: this.count(), exact: true };
      const items = summariesOf(statements.page.all(...params, limit, offset));
      return { items, total: this.topicOnlyTotal(filter) ?? statements.count.get(...params)!, exact: true };
    }
    const folded = foldText(search);
    const plan = this.titles.plan(folded);
    if (plan.index === 'none') return { items: [], total: 0, exact: true };
    // Within one body its votes (a few thousand) are checked one by one, through its index: cheaper than
    // the country's matches of a common phrase.
    const oneByOne = plan.index === 'scan' || filter.organ !== undefined;
    const forms = 'forms' in plan ? plan.forms : undefined;
    const { statements, params } = oneByOne
      ? this.listStatements.select([
          ...conditions,
          forms === undefined ? [TITLE_CONTAINS, folded] : [TITLE_MATCHES, JSON.stringify([folded, ...forms])],
        ])
      : this.searched[plan.index].select([[TITLE_CONTAINS, plan.check ? folded : undefined], ...conditions]);
    const matchParams = oneByOne
      ? params
      : [plan.match, ...(plan.index === 'szukaj_lub_slowa' ? [plan.formsMatch] : []), ...params];
    const items = summariesOf(statements.page.all(...matchParams, limit, offset));
    // A short page is the last: the total is known without a count (a search that matches little or
    // nothing reads its candidates once, not twice).
    if (items.length < limit && (items.length > 0 || offset === 0))
      return { items, total: offset + items.length, exact: true };
    // One more than the bound: reaching it says there are more.
    const bound = offset + limit + this.searchCountCap;
    const counted = statements.countUpTo.get(...matchParams, bound + 1)!;
    return counted > bound ? { items, total: bound, exact: false } : { items, total: counted, exact: true };
  }

  /**
   * The total of a topic's list in a scope, counted by the ETL (temat_stat), when the filter is a topic
   * and nothing else but `kadencja` and `organ`; otherwise undefined (the list counts its own rows).
   */
  private topicOnlyTotal({ temat, kadencja, organ, ...rest }: Omit<VoteFilter, 'search'>): number | undefined {
    if (temat === undefined || Object.values(rest).some((value) => value !== undefined)) return undefined;
    return this.topicTotal.get(kadencja ?? ALL_TERMS, organ ?? ALL_BODIES, temat) ?? 0;
  }

  /**
   * The vote's detail (CONTRACT §5) as its answer's JSON, written by SQLite (VOTE_SUMMARY_MEMBERS), or
   * undefined when there is no such vote.
   */
  detailJson(id: number): Buffer | undefined {
    return this.detailStatement.get(id);
  }

  /** The vote's detail: the JSON of detailJson, parsed. */
  detail(id: number): VoteDetail | undefined {
    const json = this.detailJson(id);
    return json === undefined ? undefined : JSON.parse(json.toString('utf8'));
  }

  /** The vote's position in date order, or undefined when there is no such vote. */
  ordOf(id: number): number | undefined {
    return this.ordStatement.get(id);
  }

  /**
   * The vote's ballots in name order, each with the voter's group at the vote (CONTRACT §2); none for a
   * vote without ballots or no such vote. One row, as the ETL wrote it, over the snapshot's voters (read once).
   */
  ballots(id: number): VoteBallots {
    if (this.lastBallots?.id === id) return this.lastBallots.ballots;
    const ballots = new VoteBallots(this.voteBallots.get(id) ?? NO_BALLOTS, (this.votersRead ??= Voters.read(this.db)));
    this.lastBallots = { id, ballots };
    return ballots;
  }

  /** The name of a councillor with a ballot in the vote, or undefined. */
  voterName(voteId: number, personId: number): string | undefined {
    return this.voterNameStatement.get(voteId, personId);
  }

  /**
   * What identifies the vote in its source (a JSON array), whatever id this snapshot gives it: the body's
   * name, what its reader stated (`[date, session number, title, occurrence]` for Radoskop, whose numbers
   * are positions) and the vote's fingerprint (ShareIdentity: its content and its neighbours'), else the
   * older identity, `legacyKeyOf`.
   */
  keyOf(id: number): string | undefined {
    return this.keysOf(id)?.key;
  }

  /** The identity share links recorded before step 3: body, session term, date and number, vote number. */
  legacyKeyOf(id: number): string | undefined {
    return this.keysOf(id)?.legacy;
  }

  private keysOf(id: number): { key: string; legacy: string } | undefined {
    const row = this.keyStatement.get(id);
    if (!row) return undefined;
    // Built here, not by SQLite's json functions: voteOfKey compares the stated part with the stored text.
    return {
      key:
        row.klucz_zrodla === null
          ? row.legacy
          : this.sourceKey(id, row.nazwa, statedKey.parse(JSON.parse(row.klucz_zrodla))),
      legacy: row.legacy,
    };
  }

  private sourceKey(id: number, body: string, stated: unknown[]): string {
    return JSON.stringify([body, stated, this.identity.fingerprintOf(id, body, stated.slice(0, -1))]);
  }

  /**
   * The vote with that identity (`keyOf`, an older `legacyKeyOf`, or a stated identity recorded without a
   * fingerprint) in this snapshot, or why there is none: a link never opens a vote it cannot tell is its own.
   */
  private voteOfKey(key: string): Located {
    const parts: unknown = JSON.parse(key);
    const gone = { gone: 'withdrawn' } as const;
    if (!Array.isArray(parts)) return gone;
    if ((parts.length === 2 || parts.length === 3) && Array.isArray(parts[1])) {
      const [body, stated, printed]: unknown[] = parts;
      if (typeof body !== 'string' || !Array.isArray(stated)) return gone;
      if (parts.length === 2) return this.identity.locateUnprinted(body, stated.slice(0, -1), stated.at(-1));
      const fingerprint = voteFingerprint.safeParse(printed);
      return fingerprint.success ? this.identity.locate(body, stated.slice(0, -1), fingerprint.data) : gone;
    }
    if (parts.length !== 5) return gone;
    const id = this.byKeyStatement.get(...parts);
    return id === undefined ? gone : { id };
  }

  /**
   * A share target: the vote and the councillor (one with a ballot in it, or null), with what identifies
   * both across rebuilds. Undefined when the vote is not in this snapshot or the councillor has no ballot in it.
   */
  shareTarget(voteId: number, personId: number | null): ShareTarget | undefined {
    const keys = this.keysOf(voteId);
    if (!keys) return undefined;
    const vote = { id_glosowania: voteId, klucz: keys.key, dawny_klucz: keys.legacy };
    if (personId === null) return { ...vote, id_osoby: null, osoba: null, osoba_nr: 0, osoba_jednoznaczna: true };
    const name = this.voterName(voteId, personId);
    if (name === undefined) return undefined;
    const namesakes = this.votersNamedStatement.all(voteId, name);
    return {
      ...vote,
      id_osoby: personId,
      osoba: name,
      osoba_nr: namesakes.indexOf(personId) + 1,
      osoba_jednoznaczna: namesakes.length === 1,
    };
  }

  /**
   * The vote and councillor a share link names, in this snapshot: the vote by its identity (the link's id
   * first, for when the ids are as they were; a link made before step 3 by the identity it recorded then,
   * a link made before step 2 by its ids); the councillor by name, and among namesakes by the link's id
   * while the vote's ids are as they were, else by their order. When none: whether the vote is gone or
   * cannot be told apart from others stated alike (never another vote in its place).
   */
  locateShare(share: Share): ShareTarget | { gone: 'withdrawn' | 'ambiguous' } {
    const recorded =
      share.klucz === null
        ? undefined
        : share.osoba_nr === null
          ? this.legacyKeyOf(share.id_glosowania)
          : this.keyOf(share.id_glosowania);
    const located: Located =
      share.klucz === null || recorded === share.klucz
        ? this.keyOf(share.id_glosowania) === undefined
          ? { gone: 'withdrawn' }
          : { id: share.id_glosowania }
        : this.voteOfKey(share.klucz);
    if ('gone' in located) return located;
    const voteId = located.id;
    const sameIds = voteId === share.id_glosowania;
    const name =
      share.osoba ??
      (share.klucz === null && share.id_osoby !== null ? (this.voterName(voteId, share.id_osoby) ?? null) : null);
    let personId: number | null = null;
    if (name !== null) {
      const namesakes = this.votersNamedStatement.all(voteId, name);
      personId =
        sameIds && share.id_osoby !== null && namesakes.includes(share.id_osoby)
          ? share.id_osoby
          : (namesakes[(share.osoba_nr ?? 1) - 1] ?? null);
    }
    return this.shareTarget(voteId, personId) ?? { gone: 'withdrawn' };
  }

  /** A share link's answer (CONTRACT §5 share/:link) for the vote and councillor `locateShare` found. */
  shared(share: Share, target: ShareTarget) {
    const glosowanie = this.detail(target.id_glosowania);
    if (!glosowanie) return undefined;
    const glosy = this.ballots(target.id_glosowania).entries();
    const highlighted = target.id_osoby === null ? undefined : glosy.find((g) => g.id_osoby === target.id_osoby);
    return {
      link: share.link,
      utworzono: share.utworzono,
      glosowanie,
      glosy,
      wyrozniony: highlighted
        ? {
            id_osoby: highlighted.id_osoby,
            imie_nazwisko: highlighted.imie_nazwisko,
            ugrupowanie: highlighted.ugrupowanie,
            glos: highlighted.glos,
          }
        : null,
    };
  }

  /** The vote's attachments (CONTRACT §5), in id order, as their answer's JSON: `[]` for none or no such vote. */
  attachmentsJson(id: number): Buffer {
    return this.attachmentsStatement.get(id)!; // an aggregate: always a row
  }
}
