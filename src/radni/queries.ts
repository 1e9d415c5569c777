// Councillors: list, profile and the per-councillor metrics of CONTRACT §3, read from the
// materialised `radny_stat` (one row per person and scope), `radny_glos`, `radny_miesiac` and `para`;
// and the evidence behind them (CONTRACT §9): the votes with one ballot value, the attendance records,
// any two councillors compared. Pages walk one councillor's rows in an index (radny_glos,
// radny_obecnosc) and take their totals from materialised counts (radny_stat, radny_organ,
// radny_organ_glosy, para_top); nothing counts over all ballots.

import type Database from 'better-sqlite3';
import { GLOS_CODE, GLOS_VALUES, percent } from '../../core/contract.ts';
import { unpackPartners } from '../../core/snapshot/partners.ts';
import { ALL_BODIES, ALL_TERMS } from '../../core/snapshot/schema.ts';
import { FilteredStatements } from '../snapshot/filtered-statements.ts';
import { plucked, rawRows, type Statement } from '../snapshot/statement.ts';
import {
  VOTE_SUMMARY_COLUMNS,
  VOTE_SUMMARY_FROM,
  type VoteSummary,
  type VoteSummaryRow,
  type VoteSummaryTuple,
  type Wynik,
  summaryOfTuple,
  voteSummaryOf,
} from '../glosowania/queries.ts';
import type { Body, Topic } from '../utils/queries.ts';
import { COUNCIL_COLUMNS, COUNCIL_JOIN, type CouncilOf } from './council.ts';

export interface CouncillorListItem extends CouncilOf {
  id_osoby: number;
  imie_nazwisko: string;
  kadencja: string;
  przynaleznosc_id: number;
  id_ugrupowania: number | null;
  ugrupowanie: string | null;
  aktywny: 0 | 1;
  token: string;
}

/** A `radny_stat` row; absent rows (no data in scope) read as zeros. */
export interface CouncillorStat {
  przynaleznosc_id: number | null;
  kadencja_biezaca: string | null;
  id_ugrupowania: number | null;
  ugrupowanie: string | null;
  aktywny: 0 | 1;
  za: number;
  przeciw: number;
  wstrzymujacy: number;
  nieobecny: number;
  brak_glosu: number;
  liczba_posiedzen: number;
  obecnosci: number;
  zg_wszystkie: number;
  zg_zgodne: number;
  liczba_glosowan: number;
  liczba_samotnych: number;
  liczba_kluczowych: number;
  liczba_buntowniczych: number;
}

const EMPTY_STAT: CouncillorStat = {
  przynaleznosc_id: null,
  kadencja_biezaca: null,
  id_ugrupowania: null,
  ugrupowanie: null,
  aktywny: 0,
  za: 0,
  przeciw: 0,
  wstrzymujacy: 0,
  nieobecny: 0,
  brak_glosu: 0,
  liczba_posiedzen: 0,
  obecnosci: 0,
  zg_wszystkie: 0,
  zg_zgodne: 0,
  liczba_glosowan: 0,
  liczba_samotnych: 0,
  liczba_kluczowych: 0,
  liczba_buntowniczych: 0,
};

export type GlosValue = (typeof GLOS_VALUES)[number];

/** The lists of a councillor's votes: the endpoints' four, and `zgodne` (with the group, the site's evidence of zgodnosc-grupa). */
export type VoteListKind = 'wszystkie' | 'samotne' | 'kluczowe' | 'buntownicze' | 'zgodne';

const FLAG_OF: Record<VoteListKind, string | null> = {
  wszystkie: null,
  samotne: 'samotny',
  kluczowe: 'kluczowy',
  buntownicze: 'buntowniczy',
  zgodne: 'z_grupa',
};
/** The stat column of each list's total, in the order /glosowania-liczby answers them (voteTotals keeps it). */
const TOTAL_OF = {
  wszystkie: 'liczba_glosowan',
  zgodne: 'zg_zgodne',
  buntownicze: 'liczba_buntowniczych',
  samotne: 'liczba_samotnych',
  kluczowe: 'liczba_kluczowych',
} as const satisfies Record<VoteListKind, keyof CouncillorStat>;

export interface PartnerItem extends CouncilOf {
  pozycja: number;
  id_osoby: number;
  imie_nazwisko: string;
  ugrupowanie: string | null;
  wspolne_glosowania: number;
  zgodne: number;
  zgodnosc_procent: number;
}

/**
 * A page of a councillor's votes. The organ and glos filters are offered for kind 'wszystkie': their
 * totals are counted per body and per ballot value over all of a councillor's ballots. The topic
 * filter (CONTRACT §11) and the organ filter for 'wszystkie', 'zgodne' and 'buntownicze': their totals
 * are counted per topic and body (`radny_temat`).
 */
export interface VoteListOptions {
  kadencja?: string | undefined;
  organ?: number | undefined;
  glos?: GlosValue | undefined;
  temat?: string | undefined;
  page: number;
  limit: number;
}

/** A councillor's figures on one topic (CONTRACT §11 /api/radni/:id/tematy): profil-glosowania's, zgodnosc-grupa's. */
export interface CouncillorTopic extends Topic {
  za: number;
  przeciw: number;
  wstrzymujacy: number;
  nieobecny: number;
  brak_glosu: number;
  za_procent: number;
  przeciw_procent: number;
  wszystkie_glosowania: number;
  zgodne: number;
  zgodnosc_procent: number;
}
const TOPIC_COUNTS = 'za, przeciw, wstrzymujacy, nieobecny, brak_glosu, zg_wszystkie, zg_zgodne';
type TopicCount = 'za' | 'przeciw' | 'wstrzymujacy' | 'nieobecny' | 'brak_glosu' | 'zg_wszystkie' | 'zg_zgodne';
/** At most this many vote summaries kept (keepVoteSummaries): ~10 MB; the map is emptied when full. */
const KEPT_SUMMARIES = 10_000;

/** A vote's topic, for a row of `radny_glos` (a key lookup: a councillor's ballots are few). */
const TOPIC_OF_BALLOT = '(SELECT t.temat FROM glosowanie t WHERE t.id_glosowania = rg.id_glosowania)';
export interface PartnerOptions {
  kadencja?: string | undefined;
  min_wspolne: number;
  limit: number;
}

/** A term (absent: all terms) and a body (absent: all bodies). */
export interface Scope {
  kadencja?: string | undefined;
  organ?: number | undefined;
}
export interface PageRequest {
  page: number;
  limit: number;
}

export interface AttendanceRecord {
  id_posiedzenia: number;
  id_organu: number;
  numer: string;
  data: string;
  obecny: 0 | 1;
  /** The session's attendance is the source's own list (CONTRACT §10). */
  lista_obecnosci: boolean;
}
export interface Councillor extends CouncilOf {
  id_osoby: number;
  imie_nazwisko: string;
  ugrupowanie: string | null;
}
export interface DifferingVote {
  id_glosowania: number;
  data_czas: string;
  tytul: string;
  wynik: Wynik;
  glos: GlosValue;
  glos_drugiego: GlosValue;
}
/** `data` of /api/radni/:id/porownanie/:id2. */
export interface Comparison {
  radny: Councillor;
  drugi: Councillor;
  wspolne_glosowania: number;
  zgodne: number;
  zgodnosc_procent: number;
  rozbiezne: DifferingVote[];
  /** Both have a ballot or an attendance record in one body in scope: false for two councils' members (issue 36). */
  wspolny_organ: boolean;
}
export interface PairMonth {
  miesiac: string;
  wspolne_glosowania: number;
  zgodne: number;
  zgodnosc_procent: number;
}

/** Statement parameters of a scope: null where the request does not filter. */
type ScopeParams = { kadencja: string | null; organ: number | null };
type OffsetParams = { limit: number; offset: number };
/** Whose ballots a pair's statements walk (@driver) and look up (@other). */
type WalkParams = { driver: number; other: number };
const scopeParams = (scope: Scope): ScopeParams => ({ kadencja: scope.kadencja ?? null, organ: scope.organ ?? null });
const offsetOf = ({ page, limit }: PageRequest): OffsetParams => ({ limit, offset: (page - 1) * limit });
/** The shared votes of councillors @driver and @other (both active ballots) in scope: one walk of @driver's ballots, each looked up in @other's. */
const SHARED_FROM = 'radny_glos a JOIN radny_glos b ON b.id_osoby = @other AND b.ord = a.ord';
const SHARED_WHERE = `a.id_osoby = @driver AND a.glos < 3 AND b.glos < 3
  AND (@kadencja IS NULL OR a.kadencja = @kadencja) AND (@organ IS NULL OR a.id_organu = @organ)`;

/** The filters of the councillor list (CONTRACT §6, §7). */
export interface CouncillorFilter {
  kadencja?: string | undefined;
  organ?: number | undefined;
  ugrupowanie?: number | undefined;
  aktywny?: boolean | undefined;
}

export class RadniQueries {
  private readonly byId: Statement<[number], number>;
  private readonly bodies: Statement<[number, string], Body>;
  private readonly byToken: Statement<[string], number>;
  private readonly person: Statement<[number], { id_osoby: number; imie_nazwisko: string; token: string } & CouncilOf>;
  private readonly stat: Statement<[string, number], CouncillorStat>;
  private readonly months: Statement<
    [string, number],
    { miesiac: string; liczba_posiedzen: number; obecnosci: number }
  >;
  private readonly bodyTotal: Statement<[string, number, number], number>;
  private readonly partners: Statement<[string, number], Record<'koalicje' | 'oponenci', Buffer>>;
  private readonly partnerDisplay: Statement<[string, number], Councillor>;
  private readonly countStatement: Statement<[], number>;
  private readonly idsStatement: Statement<[], number>;
  private readonly listStatements: FilteredStatements<{
    all: Statement<unknown[], CouncillorListItem>;
    page: Statement<unknown[], CouncillorListItem>;
    count: Statement<unknown[], number>;
  }>;
  /** A page of the councillor's ballots: its votes' summaries and ballots (`summaries`), or ids and ballots (`ids`). */
  private readonly voteStatements: FilteredStatements<{
    /** VOTE_SUMMARY_COLUMNS, then the ballot's glos (a code) at 25. */
    summaries: Statement<unknown[], VoteSummaryTuple<[glos: number]>>;
    ids: Statement<unknown[], [number, number]>;
  }>;
  /** The summaries of the votes whose ids are in a JSON array. */
  private readonly voteSummaries: Statement<[string], VoteSummaryRow>;
  /** Vote summaries kept for the vote lists, by id_glosowania, once `keepVoteSummaries` was called. */
  private summaries: Map<number, VoteSummary> | undefined;
  private keptAtMost = KEPT_SUMMARIES;
  /** za, przeciw, wstrzymujacy, nieobecny, brak_glosu: by GLOS_CODE. */
  private readonly ballotCounts: Statement<[string, number], number[]>;
  private readonly bodyBallotCounts: Statement<[string, number, number], number[]>;
  private readonly attendancePage: Statement<
    [ScopeParams & OffsetParams & { id: number }],
    Omit<AttendanceRecord, 'lista_obecnosci'> & { lista_obecnosci: number }
  >;
  private readonly bodyAttendanceTotal: Statement<[string, number, number], number>;
  private readonly pair: Statement<[string, number, number, number], { wspolne: number; zgodne: number }>;
  private readonly differingPage: Statement<
    [WalkParams & ScopeParams & OffsetParams],
    Omit<DifferingVote, 'glos' | 'glos_drugiego'> & { glos_a: number; glos_b: number }
  >;
  private readonly pairMonthRows: Statement<[WalkParams & ScopeParams], Omit<PairMonth, 'zgodnosc_procent'>>;
  private readonly sharedBody: Statement<
    [{ id: number; other: number; kadencja: string; organ: number | null }],
    number
  >;
  private readonly topicRows: Statement<[number, string, number], { temat: string } & Pick<CouncillorStat, TopicCount>>;
  /** TOPIC_COUNTS, in order. */
  private readonly topicRow: Statement<[number, string, number, string], number[]>;
  private readonly topicSums: Statement<[number, string, number], number[]>;

  constructor(db: Database.Database) {
    this.listStatements = new FilteredStatements((where) => {
      const list = `SELECT s.id_osoby, r.imie_nazwisko,
          s.kadencja_biezaca AS kadencja, s.przynaleznosc_id, s.id_ugrupowania, s.ugrupowanie, s.aktywny, r.token,
          ${COUNCIL_COLUMNS}
        FROM radny_stat s JOIN radny r ON r.id_osoby = s.id_osoby ${COUNCIL_JOIN} ${where} ORDER BY r.name_rank`;
      return {
        all: db.prepare(list),
        page: db.prepare(`${list} LIMIT ? OFFSET ?`),
        count: plucked(db, `SELECT count(*) FROM radny_stat s ${where}`),
      };
    });
    // The page's keys come from the index alone; only those rows are joined to their votes.
    this.voteStatements = new FilteredStatements((where) => {
      const page = `SELECT rg.ord, rg.id_glosowania, rg.glos FROM radny_glos rg ${where} ORDER BY rg.ord LIMIT ? OFFSET ?`;
      return {
        // Rows as arrays (summaryOfTuple): better-sqlite3's row objects cost a page about what its reads do.
        summaries: rawRows(
          db,
          `WITH page AS (${page})
          SELECT ${VOTE_SUMMARY_COLUMNS}, page.glos
          FROM page JOIN glosowanie g ON g.id_glosowania = page.id_glosowania JOIN organ o ON o.id_organu = g.id_organu
          ORDER BY page.ord`,
        ),
        ids: rawRows(db, `SELECT id_glosowania, glos FROM (${page})`),
      };
    });
    this.voteSummaries = db.prepare(`SELECT ${VOTE_SUMMARY_COLUMNS} FROM ${VOTE_SUMMARY_FROM}
      WHERE g.id_glosowania IN (SELECT value FROM json_each(?))`);
    this.countStatement = plucked(db, 'SELECT count(*) FROM radny');
    this.idsStatement = plucked(db, 'SELECT id_osoby FROM radny ORDER BY id_osoby');
    this.byId = plucked(db, 'SELECT id_osoby FROM radny WHERE id_osoby = ?');
    this.byToken = plucked(db, 'SELECT id_osoby FROM radny WHERE token = ?');
    this.person = db.prepare(`SELECT r.id_osoby, r.imie_nazwisko, r.token, ${COUNCIL_COLUMNS}
      FROM radny r ${COUNCIL_JOIN} WHERE r.id_osoby = ?`);
    this.stat = db.prepare('SELECT * FROM radny_stat WHERE kadencja = ? AND id_osoby = ?');
    this.months = db.prepare(`SELECT miesiac, liczba_posiedzen, obecnosci FROM radny_miesiac
      WHERE kadencja = ? AND id_osoby = ? ORDER BY miesiac`);
    this.bodies = db.prepare(`SELECT o.id_organu, o.nazwa, o.typ
      FROM radny_organ b JOIN organ o ON o.id_organu = b.id_organu
      WHERE b.id_osoby = ? AND b.kadencja = ? AND b.liczba_posiedzen > 0 ORDER BY o.id_organu`);
    this.bodyTotal = plucked(
      db,
      'SELECT liczba_glosowan FROM radny_organ WHERE kadencja = ? AND id_osoby = ? AND id_organu = ?',
    );
    this.partners = db.prepare('SELECT koalicje, oponenci FROM radny_partnerzy WHERE kadencja = ? AND id_osoby = ?');
    this.partnerDisplay = db.prepare(`SELECT r.id_osoby, r.imie_nazwisko, s.ugrupowanie, ${COUNCIL_COLUMNS} FROM radny r
      LEFT JOIN radny_stat s ON s.kadencja = ? AND s.id_osoby = r.id_osoby ${COUNCIL_JOIN} WHERE r.id_osoby = ?`);
    this.ballotCounts = rawRows(
      db,
      `SELECT za, przeciw, wstrzymujacy, nieobecny, brak_glosu FROM radny_stat
      WHERE kadencja = ? AND id_osoby = ?`,
    );
    this.bodyBallotCounts = rawRows(
      db,
      `SELECT za, przeciw, wstrzymujacy, nieobecny, brak_glosu FROM radny_organ_glosy
      WHERE kadencja = ? AND id_organu = ? AND id_osoby = ?`,
    );
    this.attendancePage = db.prepare(`SELECT o.id_posiedzenia, o.id_organu, p.numer, p.data, o.obecny, p.lista_obecnosci
      FROM radny_obecnosc o JOIN posiedzenie p ON p.id_posiedzenia = o.id_posiedzenia
      WHERE o.id_osoby = @id AND (@kadencja IS NULL OR o.kadencja = @kadencja) AND (@organ IS NULL OR o.id_organu = @organ)
      ORDER BY o.ord LIMIT @limit OFFSET @offset`);
    this.bodyAttendanceTotal = plucked(
      db,
      'SELECT liczba_posiedzen FROM radny_organ WHERE kadencja = ? AND id_organu = ? AND id_osoby = ?',
    );
    this.pair = db.prepare(`SELECT wspolne, zgodne FROM para_top
      WHERE kadencja = ? AND id_organu = ? AND id_osoby_1 = ? AND id_osoby_2 = ?`);
    this.differingPage = db.prepare(`WITH page AS (
        SELECT a.ord, a.id_glosowania, a.glos AS glos_a, b.glos AS glos_b FROM ${SHARED_FROM} WHERE ${SHARED_WHERE} AND a.glos <> b.glos
        ORDER BY a.ord LIMIT @limit OFFSET @offset)
      SELECT g.id_glosowania, g.data_czas, g.tytul, g.wynik, page.glos_a, page.glos_b
      FROM page JOIN glosowanie g ON g.id_glosowania = page.id_glosowania ORDER BY page.ord`);
    // A body where both have a ballot or an attendance record in scope (radny_organ_osoba: each person's rows).
    this.sharedBody = plucked(
      db,
      `SELECT 1 FROM radny_organ a JOIN radny_organ b
        ON b.id_osoby = @other AND b.kadencja = a.kadencja AND b.id_organu = a.id_organu
      WHERE a.id_osoby = @id AND a.kadencja = @kadencja AND (@organ IS NULL OR a.id_organu = @organ) LIMIT 1`,
    );
    this.topicRows = db.prepare(`SELECT temat, ${TOPIC_COUNTS} FROM radny_temat
      WHERE id_osoby = ? AND kadencja = ? AND id_organu = ?`);
    this.topicSums = rawRows(
      db,
      `SELECT ${TOPIC_COUNTS.split(', ')
        .map((c) => `coalesce(sum(${c}), 0)`)
        .join(', ')} FROM radny_temat WHERE id_osoby = ? AND kadencja = ? AND id_organu = ?`,
    );
    this.topicRow = rawRows(
      db,
      `SELECT ${TOPIC_COUNTS} FROM radny_temat
      WHERE id_osoby = ? AND kadencja = ? AND id_organu = ? AND temat = ?`,
    );
    this.pairMonthRows =
      db.prepare(`SELECT substr(g.data, 1, 7) AS miesiac, count(*) AS wspolne_glosowania, sum(a.glos = b.glos) AS zgodne
      FROM ${SHARED_FROM} JOIN glosowanie g ON g.id_glosowania = a.id_glosowania WHERE ${SHARED_WHERE}
      GROUP BY miesiac ORDER BY miesiac`);
  }

  /** How many councillors the snapshot has. */
  count(): number {
    return this.countStatement.get()!;
  }

  /** Every id_osoby, ascending. */
  ids(): IterableIterator<number> {
    return this.idsStatement.iterate();
  }

  /** The id_osoby of an id or token, or undefined when it matches no councillor. */
  resolve(idOrToken: number | string): number | undefined {
    return typeof idOrToken === 'number' ? this.byId.get(idOrToken) : this.byToken.get(idOrToken);
  }

  /** The bodies whose sessions the councillor attended or missed in scope (CONTRACT §7 membership), by id. */
  bodiesOf(id: number, kadencja: string | undefined): Body[] {
    return this.bodies.all(id, kadencja ?? ALL_TERMS);
  }

  list(filter: CouncillorFilter): CouncillorListItem[] {
    const { statements, params } = this.listFiltered(filter);
    return statements.all.all(...params);
  }

  /** A page of the same list, in the same order, and the list's total. */
  listPage(filter: CouncillorFilter, page: number, limit: number): { items: CouncillorListItem[]; total: number } {
    const { statements, params } = this.listFiltered(filter);
    return {
      items: statements.page.all(...params, limit, (page - 1) * limit),
      total: statements.count.get(...params)!,
    };
  }

  private listFiltered(filter: CouncillorFilter) {
    return this.listStatements.select(
      [
        ['s.kadencja = ?', filter.kadencja ?? ALL_TERMS],
        // CONTRACT §7: persons with an attendance record in the body's sessions (in scope).
        [
          `EXISTS (SELECT 1 FROM radny_organ b
        WHERE b.kadencja = s.kadencja AND b.id_organu = ? AND b.id_osoby = s.id_osoby AND b.liczba_posiedzen > 0)`,
          filter.organ,
        ],
        ['s.id_ugrupowania = ?', filter.ugrupowanie],
        ['s.aktywny = ?', filter.aktywny === undefined ? undefined : Number(filter.aktywny)],
      ],
      ['s.przynaleznosc_id IS NOT NULL'],
    );
  }

  statOf(id: number, kadencja: string | undefined): CouncillorStat {
    return this.stat.get(kadencja ?? ALL_TERMS, id) ?? EMPTY_STAT;
  }

  profile(id: number, kadencja: string | undefined) {
    const person = this.person.get(id)!;
    const s = this.statOf(id, kadencja);
    return {
      id_osoby: person.id_osoby,
      imie_nazwisko: person.imie_nazwisko,
      token: person.token,
      kadencja: s.kadencja_biezaca,
      id_ugrupowania: s.id_ugrupowania,
      ugrupowanie: s.ugrupowanie,
      aktywny: s.aktywny,
      liczba_glosow: s.za + s.przeciw + s.wstrzymujacy,
      liczba_posiedzen: s.liczba_posiedzen,
      id_organu: person.id_organu,
      organ: person.organ,
    };
  }

  votingProfile(id: number, kadencja: string | undefined) {
    const s = this.statOf(id, kadencja);
    const total = s.za + s.przeciw + s.wstrzymujacy + s.nieobecny + s.brak_glosu;
    return {
      za: s.za,
      przeciw: s.przeciw,
      wstrzymujacy: s.wstrzymujacy,
      nieobecny: s.nieobecny,
      brak_glosu: s.brak_glosu,
      za_procent: percent(s.za, total),
      przeciw_procent: percent(s.przeciw, total),
      wstrzymujacy_procent: percent(s.wstrzymujacy, total),
      nieobecny_procent: percent(s.nieobecny, total),
      brak_glosu_procent: percent(s.brak_glosu, total),
    };
  }

  attendance(id: number, kadencja: string | undefined) {
    const s = this.statOf(id, kadencja);
    return {
      liczba_posiedzen: s.liczba_posiedzen,
      obecnosci: s.obecnosci,
      nieobecnosci: s.liczba_posiedzen - s.obecnosci,
      frekwencja_procent: percent(s.obecnosci, s.liczba_posiedzen),
    };
  }

  groupAgreement(id: number, kadencja: string | undefined) {
    const s = this.statOf(id, kadencja);
    return {
      wszystkie_glosowania: s.zg_wszystkie,
      zgodne: s.zg_zgodne,
      zgodnosc_procent: percent(s.zg_zgodne, s.zg_wszystkie),
    };
  }

  monthlyAttendance(id: number, kadencja: string | undefined) {
    const rows = this.months.all(kadencja ?? ALL_TERMS, id);
    // Each row (read here, not shared) given its percent after its columns: a spread adding a member is slow.
    return rows.map((r) => Object.assign(r, { frekwencja_procent: percent(r.obecnosci, r.liczba_posiedzen) }));
  }

  /** How many votes of each kind the councillor has in scope (the totals of the four lists). */
  voteTotals(id: number, kadencja: string | undefined): Record<VoteListKind, number> {
    const s = this.statOf(id, kadencja);
    return {
      wszystkie: s[TOTAL_OF.wszystkie],
      zgodne: s[TOTAL_OF.zgodne],
      buntownicze: s[TOTAL_OF.buntownicze],
      samotne: s[TOTAL_OF.samotne],
      kluczowe: s[TOTAL_OF.kluczowe],
    };
  }

  /**
   * One councillor's votes of a kind, date order, with the page total from the materialised counts:
   * with `glos`, that value's count in profil-glosowania over the same votes (CONTRACT §9).
   */
  votes(
    id: number,
    kind: VoteListKind,
    { kadencja, organ, glos, temat, page, limit }: VoteListOptions,
  ): { items: Array<VoteSummary & { glos: GlosValue }>; total: number } {
    const flag = FLAG_OF[kind];
    const code = glos === undefined ? undefined : GLOS_CODE.get(glos)!;
    const { statements, params } = this.voteStatements.select(
      [
        ['rg.id_osoby = ?', id],
        ['rg.kadencja = ?', kadencja],
        ['rg.id_organu = ?', organ],
        ['rg.glos = ?', code],
        [`${TOPIC_OF_BALLOT} = ?`, temat],
      ],
      flag ? [`rg.${flag} = 1`] : [],
    );
    const offset = (page - 1) * limit;
    const items = this.summaries
      ? this.keptVotes(this.summaries, statements.ids.all(...params, limit, offset))
      : statements.summaries
          .all(...params, limit, offset)
          // glos added to the summary made here (a spread adding a member is V8's slow path: µs a row).
          .map((r) => Object.assign(summaryOfTuple(r), { glos: GLOS_VALUES[r[25]]! }));
    const byTopic = temat !== undefined || (organ !== undefined && (kind === 'zgodne' || kind === 'buntownicze'));
    const total = byTopic
      ? this.topicVotesTotal(id, kind, { kadencja, organ }, temat, code)
      : this.votesTotal(id, kind, kadencja, organ, code);
    return { items, total };
  }

  /**
   * Keeps the summaries of the votes the vote lists read, from now on: for the render of the stored
   * answers (src/answers/render.ts), where each councillor's eleven lists show the same few thousand
   * votes of a parliament's term, and reading a vote's 27 columns into a summary was most of a list
   * (docs/PERFORMANCE.md, issue 47). Not on the live path: there a page's votes are seldom kept, and
   * reading its keys apart from its votes cost a list a quarter more. The snapshot is read-only, so a
   * kept summary stays true.
   */
  keepVoteSummaries(atMost = KEPT_SUMMARIES): void {
    this.summaries ??= new Map();
    this.keptAtMost = atMost;
  }

  /** A page of ballots as vote list items, from the kept summaries; those not kept yet are read and kept. */
  private keptVotes(
    kept: Map<number, VoteSummary>,
    ballots: Array<[number, number]>,
  ): Array<VoteSummary & { glos: GlosValue }> {
    let missing = ballots.flatMap(([vote]) => (kept.has(vote) ? [] : [vote]));
    if (missing.length > 0) {
      if (kept.size + missing.length > this.keptAtMost) {
        kept.clear();
        missing = ballots.map(([vote]) => vote);
      }
      for (const row of this.voteSummaries.all(JSON.stringify(missing)))
        kept.set(row.id_glosowania, voteSummaryOf(row));
    }
    // An answer copies a kept summary, never changes it. A vote without a row (or body) is left out, as
    // the join leaves it out.
    return ballots.flatMap(([vote, glos]) => {
      const summary = kept.get(vote);
      return summary ? [{ ...summary, glos: GLOS_VALUES[glos]! }] : [];
    });
  }

  /**
   * How many of the councillor's votes of a topic (or, without one, of every topic: a body's votes with
   * and against the group are counted only per topic) a list holds: its ballot counts, or its zgodnosc-grupa counts.
   */
  private topicVotesTotal(
    id: number,
    kind: VoteListKind,
    scope: Scope,
    temat: string | undefined,
    code?: number,
  ): number {
    const { kadencja, organ } = scope;
    const key = [id, kadencja ?? ALL_TERMS, organ ?? ALL_BODIES] as const;
    const row = temat === undefined ? this.topicSums.get(...key) : this.topicRow.get(...key, temat);
    const [za, przeciw, wstrzymujacy, nieobecny, brakGlosu, wszystkie, zgodne] = row ?? [0, 0, 0, 0, 0, 0, 0];
    if (kind === 'wszystkie') {
      return code === undefined ? za! + przeciw! + wstrzymujacy! + nieobecny! + brakGlosu! : (row?.[code] ?? 0);
    }
    if (kind === 'zgodne') return zgodne!;
    if (kind === 'buntownicze') return wszystkie! - zgodne!;
    throw new Error(`radni.votes: the list of ${kind} votes takes no topic (its totals are not counted per topic)`);
  }

  /**
   * X's figures per topic in scope (CONTRACT §11), for every topic with a ballot of theirs, in `topics`
   * order: profil-glosowania's five counts and two percents, and zgodnosc-grupa's over the topic's votes.
   */
  topicFigures(id: number, { kadencja, organ }: Scope, topics: readonly Topic[]): CouncillorTopic[] {
    const found = this.topicRows.all(id, kadencja ?? ALL_TERMS, organ ?? ALL_BODIES);
    const rows = new Map(found.map((row) => [row.temat, row]));
    return topics.flatMap((topic) => {
      const r = rows.get(topic.temat);
      if (!r) return [];
      const total = r.za + r.przeciw + r.wstrzymujacy + r.nieobecny + r.brak_glosu;
      return [
        {
          ...topic,
          za: r.za,
          przeciw: r.przeciw,
          wstrzymujacy: r.wstrzymujacy,
          nieobecny: r.nieobecny,
          brak_glosu: r.brak_glosu,
          za_procent: percent(r.za, total),
          przeciw_procent: percent(r.przeciw, total),
          wszystkie_glosowania: r.zg_wszystkie,
          zgodne: r.zg_zgodne,
          zgodnosc_procent: percent(r.zg_zgodne, r.zg_wszystkie),
        },
      ];
    });
  }

  private votesTotal(
    id: number,
    kind: VoteListKind,
    kadencja: string | undefined,
    organ: number | undefined,
    code: number | undefined,
  ): number {
    const scope = kadencja ?? ALL_TERMS;
    if (code !== undefined) {
      const counts =
        organ === undefined ? this.ballotCounts.get(scope, id) : this.bodyBallotCounts.get(scope, organ, id);
      return counts?.[code] ?? 0;
    }
    if (organ === undefined) return this.statOf(id, kadencja)[TOTAL_OF[kind]];
    return this.bodyTotal.get(scope, id, organ) ?? 0;
  }

  /** A councillor's partners: most alike (`koalicje`) or least alike (`oponenci`), with at least `min_wspolne` shared votes. */
  partnersOf(
    id: number,
    order: 'koalicje' | 'oponenci',
    { kadencja, min_wspolne, limit }: PartnerOptions,
  ): PartnerItem[] {
    const scope = kadencja ?? ALL_TERMS;
    const row = this.partners.get(scope, id);
    if (!row) return [];
    return unpackPartners(row[order], min_wspolne, limit).map((p, i) => {
      const shown = this.partnerDisplay.get(scope, p.id_osoby)!;
      return {
        pozycja: i + 1,
        id_osoby: p.id_osoby,
        imie_nazwisko: shown.imie_nazwisko,
        ugrupowanie: shown.ugrupowanie,
        wspolne_glosowania: p.wspolne,
        zgodne: p.zgodne,
        zgodnosc_procent: percent(p.zgodne, p.wspolne),
        id_organu: shown.id_organu,
        organ: shown.organ,
      };
    });
  }

  /**
   * X's attendance records, session date desc then id desc (CONTRACT §9 obecnosci); the total is
   * frekwencja's liczba_posiedzen in the same scope.
   */
  attendanceRecords(id: number, scope: Scope, page: PageRequest): { items: AttendanceRecord[]; total: number } {
    const rows = this.attendancePage.all({ id, ...scopeParams(scope), ...offsetOf(page) });
    const items = rows.map((r) => ({ ...r, lista_obecnosci: r.lista_obecnosci === 1 }));
    const total =
      scope.organ === undefined
        ? this.statOf(id, scope.kadencja).liczba_posiedzen
        : (this.bodyAttendanceTotal.get(scope.kadencja ?? ALL_TERMS, scope.organ, id) ?? 0);
    return { items, total };
  }

  /**
   * X beside Y, two different known councillors (CONTRACT §9 porownanie): their shared and equal votes
   * in scope (no threshold) and one page of the shared votes where they differ, date order; the total
   * of those is wspolne − zgodne.
   */
  comparison(id: number, otherId: number, scope: Scope, page: PageRequest): { comparison: Comparison; total: number } {
    const kadencja = scope.kadencja ?? ALL_TERMS;
    const figures = this.pair.get(kadencja, scope.organ ?? ALL_BODIES, Math.min(id, otherId), Math.max(id, otherId));
    const wspolne = figures?.wspolne ?? 0;
    const zgodne = figures?.zgodne ?? 0;
    const walk = this.walk(id, otherId, scope.kadencja);
    const rows =
      wspolne === zgodne ? [] : this.differingPage.all({ ...walk, ...scopeParams(scope), ...offsetOf(page) });
    const swapped = walk.driver !== id;
    return {
      comparison: {
        radny: this.partnerDisplay.get(kadencja, id)!,
        drugi: this.partnerDisplay.get(kadencja, otherId)!,
        wspolne_glosowania: wspolne,
        zgodne,
        zgodnosc_procent: percent(zgodne, wspolne),
        rozbiezne: rows.map(({ glos_a, glos_b, ...vote }) => ({
          ...vote,
          glos: GLOS_VALUES[swapped ? glos_b : glos_a]!,
          glos_drugiego: GLOS_VALUES[swapped ? glos_a : glos_b]!,
        })),
        wspolny_organ:
          wspolne > 0 ||
          this.sharedBody.get({ id, other: otherId, kadencja, organ: scope.organ ?? null }) !== undefined,
      },
      total: wspolne - zgodne,
    };
  }

  /**
   * The pair's shared and equal votes per calendar month of the vote date, ascending (the site's
   * chart): one walk of the shorter of their ballot lists.
   */
  pairMonths(id: number, otherId: number, scope: Scope): PairMonth[] {
    if (id === otherId) return [];
    const rows = this.pairMonthRows.all({ ...this.walk(id, otherId, scope.kadencja), ...scopeParams(scope) });
    // Each row (read here, not shared) given its percent after its columns: a spread adding a member is slow.
    return rows.map((r) => Object.assign(r, { zgodnosc_procent: percent(r.zgodne, r.wspolne_glosowania) }));
  }

  /** Walk the ballots of whichever of the two has fewer in scope, looking each up in the other's. */
  private walk(id: number, otherId: number, kadencja: string | undefined): WalkParams {
    const ballots = (person: number) => this.statOf(person, kadencja).liczba_glosowan;
    return ballots(otherId) < ballots(id) ? { driver: otherId, other: id } : { driver: id, other: otherId };
  }
}
