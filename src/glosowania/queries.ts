// Votes: the summary shared by every list of votes, the filtered list, detail, distribution,
// attachments. Everything reads materialised columns of `glosowanie`; nothing counts ballots.

import type Database from 'better-sqlite3';
import { GLOS_VALUES } from '../../core/contract.ts';
import { foldText, polishCollator } from '../../core/text.ts';
import { ALL_BODIES, ALL_TERMS } from '../../core/snapshot/schema.ts';
import { type Condition, FilteredStatements } from '../snapshot/filtered-statements.ts';
import type { Share, ShareTarget } from '../shares/store.ts';
import { TITLE_INDEXES, TITLE_SEARCH_LIMITS, type TitleIndex, TitleSearch, type TitleSearchLimits } from './title-search.ts';

/** Columns of the vote summary (CONTRACT §5), over `glosowanie g JOIN organ o`. */
export const VOTE_SUMMARY_COLUMNS = `g.id_glosowania, g.numer, g.tytul, g.data, g.godzina, g.kadencja, g.id_organu,
  o.nazwa AS organ, g.id_posiedzenia, g.id_punktu, g.wynik, g.za, g.przeciw, g.wstrzymujacy, g.nieobecni, g.brak_glosu,
  g.kontrowersyjnosc, g.jednomyslnosc_procent, g.temat`;
export const VOTE_SUMMARY_FROM = 'glosowanie g JOIN organ o ON o.id_organu = g.id_organu';

export interface VoteSummary {
  id_glosowania: number; numer: number; tytul: string; data: string; godzina: string | null; kadencja: string;
  id_organu: number; organ: string; id_posiedzenia: number; id_punktu: number | null; wynik: string;
  za: number; przeciw: number; wstrzymujacy: number; nieobecni: number; brak_glosu: number;
  kontrowersyjnosc: number; jednomyslnosc_procent: number; temat: string;
}

export interface VoteDetail extends VoteSummary {
  posiedzenie: { id_posiedzenia: number; numer: string; data: string; nazwa: string | null };
  punkt: { id_punktu: number; numer: string; tytul: string } | null;
  liczba_zalacznikow: number;
}

export interface BallotEntry { glos: string; id_osoby: number; imie_nazwisko: string; ugrupowanie: string | null }

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
}

/** Members of a vote without a group are listed under this key in the grouped distribution. */
export const NO_GROUP = 'Niezrzeszeni';

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
  ];
}

/** The folded title contains the folded phrase (no LIKE wildcards to escape). */
const TITLE_CONTAINS = 'instr(g.tytul_folded, ?) > 0';

/**
 * A searched list counts its matches up to this many past the page's end, no further: the count visits
 * every match it counts (all of Poland: 927,000 for `budzet`, 333 ms), the page only its own rows.
 * Past it the total is a lower bound, said in the answer (`pagination.totalExact: false`).
 */
export const SEARCH_COUNT_CAP = 10_000;

export class GlosowaniaQueries {
  private readonly listStatements: FilteredStatements<{ count: Database.Statement; countUpTo: Database.Statement; page: Database.Statement }>;
  private readonly detailStatement: Database.Statement;
  private readonly voteDate: Database.Statement;
  private readonly ballotRange: Database.Statement;
  private votersRead: Voters | undefined;
  private readonly attachmentsStatement: Database.Statement;
  private readonly voterNameStatement: Database.Statement;
  private readonly voterNamedStatement: Database.Statement;
  private readonly keyStatement: Database.Statement;
  private readonly byKeyStatement: Database.Statement;
  private readonly ordStatement: Database.Statement;
  private readonly unfilteredPage: Database.Statement;
  private unfilteredTotal: number | undefined;
  private readonly titles: TitleSearch;
  private readonly searched: Record<TitleIndex, FilteredStatements<{ countUpTo: Database.Statement; page: Database.Statement }>>;
  private readonly idsStatement: Database.Statement;
  private readonly topicTotal: Database.Statement;
  /** The last distribution read: a vote's ballots are asked for twice in a row (plain and grouped, a page and its groups). */
  private lastBallots: { id: number; entries: BallotEntry[] } | undefined;

  constructor(private readonly db: Database.Database, private readonly searchCountCap = SEARCH_COUNT_CAP, titleLimits = TITLE_SEARCH_LIMITS) {
    this.listStatements = new FilteredStatements((where) => ({
      count: db.prepare(`SELECT count(*) FROM glosowanie g ${where}`).pluck(),
      countUpTo: db.prepare(`SELECT count(*) FROM (SELECT 1 FROM glosowanie g ${where} LIMIT ?)`).pluck(),
      // Paging picks the page's ids first (index-only when unfiltered), then joins just those.
      page: db.prepare(`WITH page AS (SELECT g.id_glosowania, g.ord FROM glosowanie g ${where} ORDER BY g.ord LIMIT ? OFFSET ?)
        SELECT ${VOTE_SUMMARY_COLUMNS} FROM page JOIN glosowanie g ON g.id_glosowania = page.id_glosowania
        JOIN organ o ON o.id_organu = g.id_organu ORDER BY page.ord`),
    }));
    // Unfiltered (the list a crawler pages through): `ord` numbers the votes 1..N in list order, so
    // a page is a range of it. OFFSET would step over every earlier vote (millions on a national snapshot).
    this.unfilteredPage = db.prepare(`SELECT ${VOTE_SUMMARY_COLUMNS} FROM ${VOTE_SUMMARY_FROM} WHERE g.ord > ? ORDER BY g.ord LIMIT ?`);
    // Searched through an index (src/glosowania/title-search.ts): the index yields candidates in ord
    // order (rowid = ord), so a page stops after its rows and a count at its bound. Searched and nothing
    // else: counted in the index alone, without reading a vote (all of Poland: 7 million). Otherwise each
    // candidate's vote is read for the other filters (and the phrase, when the plan checks it); CROSS
    // JOIN keeps the index outside, in its order.
    const searchedThrough = (index: TitleIndex) => new FilteredStatements((where) => {
      const matches = where === ''
        ? `SELECT rowid AS ord FROM ${index} WHERE ${index} MATCH ?`
        : `SELECT s.rowid AS ord FROM ${index} s CROSS JOIN glosowanie g ON g.ord = s.rowid WHERE s.${index} MATCH ? ${where.replace(/^WHERE/, 'AND')}`;
      return {
        countUpTo: db.prepare(`SELECT count(*) FROM (${matches} LIMIT ?)`).pluck(),
        page: db.prepare(`WITH page AS (${matches} ORDER BY ord LIMIT ? OFFSET ?)
          SELECT ${VOTE_SUMMARY_COLUMNS} FROM page JOIN glosowanie g ON g.ord = page.ord JOIN organ o ON o.id_organu = g.id_organu ORDER BY page.ord`),
      };
    });
    this.searched = Object.fromEntries(TITLE_INDEXES.map((index) => [index, searchedThrough(index)])) as typeof this.searched;
    this.titles = new TitleSearch(db, titleLimits);
    this.detailStatement = db.prepare(`SELECT ${VOTE_SUMMARY_COLUMNS}, g.ord,
        s.numer AS s_numer, s.data AS s_data, s.nazwa AS s_nazwa, p.numer AS p_numer, p.tytul AS p_tytul,
        (SELECT count(*) FROM zalacznik z WHERE z.id_glosowania = g.id_glosowania) AS liczba_zalacznikow
      FROM ${VOTE_SUMMARY_FROM} JOIN posiedzenie s ON s.id_posiedzenia = g.id_posiedzenia
      LEFT JOIN punkt p ON p.id_punktu = g.id_punktu
      WHERE g.id_glosowania = ?`);
    this.voteDate = db.prepare('SELECT kadencja, data FROM glosowanie WHERE id_glosowania = ?').raw();
    this.ballotRange = db.prepare('SELECT id_osoby, glos FROM glos WHERE id_glosowania = ?').raw();
    this.ordStatement = db.prepare('SELECT ord FROM glosowanie WHERE id_glosowania = ?').pluck();
    this.idsStatement = db.prepare('SELECT id_glosowania FROM glosowanie ORDER BY id_glosowania').pluck();
    this.topicTotal = db.prepare(`SELECT liczba_glosowan FROM temat_stat
      WHERE kadencja = ? AND id_organu = ? AND temat = ?`).pluck();
    this.voterNameStatement = db.prepare(`SELECT r.imie_nazwisko FROM glos b JOIN radny r ON r.id_osoby = b.id_osoby
      WHERE b.id_glosowania = ? AND b.id_osoby = ?`).pluck();
    this.voterNamedStatement = db.prepare(`SELECT b.id_osoby FROM glos b JOIN radny r ON r.id_osoby = b.id_osoby
      WHERE b.id_glosowania = ? AND r.imie_nazwisko = ? ORDER BY b.id_osoby LIMIT 1`).pluck();
    // A vote's identity in its source: its body's name, its session (term, date, number as written) and
    // its number in that session. None of them is a row id, which a rebuild may renumber.
    this.keyStatement = db.prepare(`SELECT json_array(o.nazwa, s.kadencja, s.data, s.numer, g.numer)
      FROM glosowanie g JOIN posiedzenie s ON s.id_posiedzenia = g.id_posiedzenia JOIN organ o ON o.id_organu = s.id_organu
      WHERE g.id_glosowania = ?`).pluck();
    this.byKeyStatement = db.prepare(`SELECT g.id_glosowania FROM organ o JOIN posiedzenie s ON s.id_organu = o.id_organu
      JOIN glosowanie g ON g.id_posiedzenia = s.id_posiedzenia
      WHERE o.nazwa = ? AND s.kadencja = ? AND s.data = ? AND s.numer = ? AND g.numer = ? ORDER BY g.id_glosowania LIMIT 1`).pluck();
    this.attachmentsStatement = db.prepare(
      'SELECT id_zalacznika, nazwa, url FROM zalacznik WHERE id_glosowania = ? ORDER BY id_zalacznika');
  }

  /** How many votes the snapshot has. */
  count(): number {
    return (this.unfilteredTotal ??= this.listStatements.select([]).statements.count.get() as number); // fixed for the snapshot
  }

  /** Every id_glosowania, ascending. */
  ids(): IterableIterator<number> {
    return this.idsStatement.iterate() as IterableIterator<number>;
  }

  /**
   * A page of the filtered list, date order, and the filtered total: exact, except for a search with
   * more matches than the count cap past the page's end, whose total is that many (`exact` false).
   */
  list({ page, limit, search, ...filter }: VoteFilter & { page: number; limit: number }): { items: VoteSummary[]; total: number; exact: boolean } {
    const offset = (page - 1) * limit;
    const conditions = voteConditions(filter);
    if (search === undefined) {
      const { statements, params } = this.listStatements.select(conditions);
      if (params.length === 0) return { items: this.unfilteredPage.all(offset, limit) as VoteSummary[], total: this.count(), exact: true };
      const items = statements.page.all(...params, limit, offset) as VoteSummary[];
      return { items, total: this.topicOnlyTotal(filter) ?? statements.count.get(...params) as number, exact: true };
    }
    const folded = foldText(search);
    const plan = this.titles.plan(folded);
    if (plan.index === 'none') return { items: [], total: 0, exact: true };
    // Within one body its votes (a few thousand) are checked one by one, through its index: cheaper than
    // the country's matches of a common phrase.
    const oneByOne = plan.index === 'scan' || filter.organ !== undefined;
    const { statements, params } = oneByOne
      ? this.listStatements.select([...conditions, [TITLE_CONTAINS, folded]])
      : this.searched[plan.index].select([[TITLE_CONTAINS, plan.check ? folded : undefined], ...conditions]);
    const matchParams = oneByOne ? params : [plan.match, ...params];
    const items = statements.page.all(...matchParams, limit, offset) as VoteSummary[];
    // A short page is the last: the total is known without a count (a search that matches little or
    // nothing reads its candidates once, not twice).
    if (items.length < limit && (items.length > 0 || offset === 0)) return { items, total: offset + items.length, exact: true };
    // One more than the bound: reaching it says there are more.
    const bound = offset + limit + this.searchCountCap;
    const counted = statements.countUpTo.get(...matchParams, bound + 1) as number;
    return counted > bound ? { items, total: bound, exact: false } : { items, total: counted, exact: true };
  }

  /**
   * The total of a topic's list in a scope, counted by the ETL (temat_stat), when the filter is a topic
   * and nothing else but `kadencja` and `organ`; otherwise undefined (the list counts its own rows).
   */
  private topicOnlyTotal({ temat, kadencja, organ, ...rest }: Omit<VoteFilter, 'search'>): number | undefined {
    if (temat === undefined || Object.values(rest).some((value) => value !== undefined)) return undefined;
    return (this.topicTotal.get(kadencja ?? ALL_TERMS, organ ?? ALL_BODIES, temat) as number | undefined) ?? 0;
  }

  detail(id: number): (VoteDetail & { ord: number }) | undefined {
    const row = this.detailStatement.get(id) as Record<string, unknown> | undefined;
    if (!row) return undefined;
    const { s_numer, s_data, s_nazwa, p_numer, p_tytul, liczba_zalacznikow, ord, ...summary } = row;
    return {
      ...(summary as unknown as VoteSummary),
      posiedzenie: { id_posiedzenia: summary['id_posiedzenia'] as number, numer: s_numer as string, data: s_data as string, nazwa: s_nazwa as string | null },
      punkt: summary['id_punktu'] === null ? null
        : { id_punktu: summary['id_punktu'] as number, numer: p_numer as string, tytul: p_tytul as string },
      liczba_zalacznikow: liczba_zalacznikow as number,
      ord: ord as number,
    };
  }

  /** The vote's position in date order, or undefined when there is no such vote. */
  ordOf(id: number): number | undefined {
    return this.ordStatement.get(id) as number | undefined;
  }

  /**
   * The vote's ballots in name order, each with the voter's group at the vote (read-only: the last read
   * is shared). One range of `glos`; names, name order and groups come from the snapshot's voters, read
   * once (a join per ballot was most of a live /glosy answer on a national snapshot).
   */
  ballots(id: number): BallotEntry[] {
    if (this.lastBallots?.id === id) return this.lastBallots.entries;
    const vote = this.voteDate.get(id) as [string, string] | undefined;
    const voters = (this.votersRead ??= new Voters(this.db));
    const entries: Array<BallotEntry & { rank: number }> = [];
    if (vote) {
      const [kadencja, data] = vote;
      for (const [person, glos] of this.ballotRange.all(id) as Array<[number, number]>) {
        const name = voters.names.get(person);
        if (name) entries.push({ glos: GLOS_VALUES[glos]!, id_osoby: person, imie_nazwisko: name.imie_nazwisko, ugrupowanie: voters.groupAt(person, kadencja, data), rank: name.rank });
      }
    }
    entries.sort((a, b) => a.rank - b.rank);
    const ordered = entries.map(({ rank: _rank, ...entry }) => entry);
    this.lastBallots = { id, entries: ordered };
    return ordered;
  }

  /** The name of a councillor with a ballot in the vote, or undefined. */
  voterName(voteId: number, personId: number): string | undefined {
    return this.voterNameStatement.get(voteId, personId) as string | undefined;
  }

  /** What identifies the vote in its source (a JSON array), whatever id this snapshot gives it. */
  keyOf(id: number): string | undefined {
    return this.keyStatement.get(id) as string | undefined;
  }

  /** The vote with that identity (`keyOf`) in this snapshot, or undefined. */
  private voteOfKey(key: string): number | undefined {
    const parts: unknown = JSON.parse(key);
    if (!Array.isArray(parts) || parts.length !== 5) return undefined;
    return this.byKeyStatement.get(...parts) as number | undefined;
  }

  /**
   * The vote and councillor a share link names, in this snapshot: by the vote's identity (the link's
   * id first, for when the ids are as they were), the councillor by name; a link made before identities
   * were recorded by its ids. Undefined when the vote is gone.
   */
  locateShare(share: Share): ShareTarget | undefined {
    const keyAtHint = this.keyOf(share.id_glosowania);
    const voteId = share.klucz === null || keyAtHint === share.klucz ? (keyAtHint === undefined ? undefined : share.id_glosowania)
      : this.voteOfKey(share.klucz);
    if (voteId === undefined) return undefined;
    const sameIds = voteId === share.id_glosowania;
    const byName = share.osoba === null ? undefined : this.voterNamedStatement.get(voteId, share.osoba) as number | undefined;
    const personId = byName ?? (sameIds && share.id_osoby !== null && this.voterName(voteId, share.id_osoby) !== undefined ? share.id_osoby : null);
    return {
      id_glosowania: voteId, klucz: share.klucz ?? keyAtHint!, id_osoby: personId,
      osoba: personId === null ? null : share.osoba ?? this.voterName(voteId, personId)!,
    };
  }

  /** A share link's answer (CONTRACT §5 share/:link) for the vote and councillor `locateShare` found. */
  shared(share: Share, target: ShareTarget) {
    const vote = this.detail(target.id_glosowania);
    if (!vote) return undefined;
    const { ord: _ord, ...glosowanie } = vote;
    const glosy = this.ballots(target.id_glosowania);
    const highlighted = target.id_osoby === null ? undefined : glosy.find((g) => g.id_osoby === target.id_osoby);
    return {
      link: share.link,
      utworzono: share.utworzono,
      glosowanie,
      glosy,
      wyrozniony: highlighted
        ? { id_osoby: highlighted.id_osoby, imie_nazwisko: highlighted.imie_nazwisko, ugrupowanie: highlighted.ugrupowanie, glos: highlighted.glos }
        : null,
    };
  }

  attachments(id: number): Array<{ id_zalacznika: number; nazwa: string; url: string | null }> {
    return this.attachmentsStatement.all(id) as Array<{ id_zalacznika: number; nazwa: string; url: string | null }>;
  }
}

/**
 * Every councillor's name and place in name order, and memberships, for the ballots of any vote.
 * The group at a vote is CONTRACT §2's (etl/materialise/dimensions.ts groupAt): of the voter's
 * memberships in the vote's term covering its date, the latest begun (then the highest id); its
 * group's name, or none. test/ballot-groups.test.ts checks every ballot against the ETL's radny_glos.
 */
class Voters {
  readonly names = new Map<number, { imie_nazwisko: string; rank: number }>();
  private readonly memberships = new Map<number, Array<{ kadencja: string; od: string; do: string | null; ugrupowanie: string | null }>>();

  constructor(db: Database.Database) {
    for (const [id, name, rank] of db.prepare('SELECT id_osoby, imie_nazwisko, name_rank FROM radny').raw().all() as Array<[number, string, number]>) {
      this.names.set(id, { imie_nazwisko: name, rank });
    }
    const rows = db.prepare(`SELECT m.id_osoby, m.kadencja, coalesce(m.data_od, ''), m.data_do, u.nazwa FROM przynaleznosc m
      LEFT JOIN ugrupowanie u ON u.id_ugrupowania = m.id_ugrupowania
      ORDER BY m.id_osoby, coalesce(m.data_od, '') DESC, m.przynaleznosc_id DESC`).raw().all() as Array<[number, string, string, string | null, string | null]>;
    for (const [person, kadencja, od, to, ugrupowanie] of rows) {
      let list = this.memberships.get(person);
      if (!list) this.memberships.set(person, (list = []));
      list.push({ kadencja, od, do: to, ugrupowanie });
    }
  }

  /** The name of the person's group at a vote of `kadencja` on `data`, or null. */
  groupAt(person: number, kadencja: string, data: string): string | null {
    for (const m of this.memberships.get(person) ?? []) {
      if (m.kadencja === kadencja && m.od <= data && (m.do === null || m.do >= data)) return m.ugrupowanie;
    }
    return null;
  }
}

/** Groups ballot entries by group name: largest group first, then name; no group → "Niezrzeszeni". */
export function groupBallots(entries: BallotEntry[]): Record<string, BallotEntry[]> {
  const groups = new Map<string, BallotEntry[]>();
  for (const entry of entries) {
    const key = entry.ugrupowanie ?? NO_GROUP;
    const list = groups.get(key);
    if (list) list.push(entry);
    else groups.set(key, [entry]);
  }
  const ordered = [...groups].sort(([a, x], [b, y]) => y.length - x.length || polishCollator.compare(a, b));
  return Object.fromEntries(ordered);
}
