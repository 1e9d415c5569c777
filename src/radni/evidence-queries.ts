// The evidence behind a councillor's figures and two councillors side by side (CONTRACT §9): the votes
// where X cast one ballot value, X's attendance records, and the comparison of X with anyone. Pages
// walk one councillor's rows in an index (radny_glos, radny_obecnosc) and take their totals from
// materialised counts (radny_stat, radny_organ, radny_organ_glosy, para_top); nothing counts over
// all ballots.

import type Database from 'better-sqlite3';
import { GLOS_CODE, GLOS_VALUES, percent } from '../../core/contract.ts';
import { ALL_BODIES, ALL_TERMS } from '../../core/snapshot/schema.ts';
import { VOTE_SUMMARY_COLUMNS, type VoteSummary } from '../glosowania/queries.ts';

export type GlosValue = (typeof GLOS_VALUES)[number];

/** A term (absent: all terms) and a body (absent: all bodies). */
export interface Scope { kadencja?: string | undefined; organ?: number | undefined }
export interface PageRequest { page: number; limit: number }
/** One page of a list and the length of the whole list (`pagination.total`). */
export interface Paged<T> { items: T[]; total: number }

export interface AttendanceRecord { id_posiedzenia: number; id_organu: number; numer: string; data: string; obecny: number }

export interface Councillor { id_osoby: number; imie_nazwisko: string; ugrupowanie: string | null }

export interface DifferingVote {
  id_glosowania: number; data_czas: string; tytul: string; wynik: string; glos: GlosValue; glos_drugiego: GlosValue;
}

/** `data` of /api/radni/:id/porownanie/:id2. */
export interface Comparison {
  radny: Councillor; drugi: Councillor;
  wspolne_glosowania: number; zgodne: number; zgodnosc_procent: number;
  rozbiezne: DifferingVote[];
}

/** Why there is no answer: an id that names no councillor or no body (404). */
export interface Unknown { unknown: 'councillor' | 'body'; id: number }

/** A comparison, or why there is none: an unknown id (404), the same councillor twice (400). */
export type ComparisonOutcome = { comparison: Comparison; total: number } | Unknown | { same: number };

export interface PairMonth { miesiac: string; wspolne_glosowania: number; zgodne: number; zgodnosc_procent: number }

/** Statement parameters of a scope: null where the request does not filter. */
const scopeParams = (scope: Scope) => ({ kadencja: scope.kadencja ?? null, organ: scope.organ ?? null });
const offsetOf = ({ page, limit }: PageRequest) => ({ limit, offset: (page - 1) * limit });
/** The shared votes of councillors @driver and @other (both active ballots) in scope: one walk of @driver's ballots, each looked up in @other's. */
const SHARED_FROM = 'radny_glos a JOIN radny_glos b ON b.id_osoby = @other AND b.ord = a.ord';
const SHARED_WHERE = `a.id_osoby = @driver AND a.glos < 3 AND b.glos < 3
  AND (@kadencja IS NULL OR a.kadencja = @kadencja) AND (@organ IS NULL OR a.id_organu = @organ)`;

export class EvidenceQueries {
  private readonly byId: Database.Statement;
  private readonly byToken: Database.Statement;
  private readonly body: Database.Statement;
  private readonly votesPage: Database.Statement;
  private readonly ballotCounts: Database.Statement;
  private readonly bodyBallotCounts: Database.Statement;
  private readonly attendancePage: Database.Statement;
  private readonly attendanceTotal: Database.Statement;
  private readonly bodyAttendanceTotal: Database.Statement;
  private readonly councillor: Database.Statement;
  private readonly ballotTotal: Database.Statement;
  private readonly pair: Database.Statement;
  private readonly differingPage: Database.Statement;
  private readonly pairMonthRows: Database.Statement;

  constructor(db: Database.Database) {
    this.byId = db.prepare('SELECT id_osoby FROM radny WHERE id_osoby = ?').pluck();
    this.byToken = db.prepare('SELECT id_osoby FROM radny WHERE token = ?').pluck();
    this.body = db.prepare('SELECT 1 FROM organ WHERE id_organu = ?').pluck();
    // The page's keys come from X's range of radny_glos (keyed by id_osoby, ord), then only they are joined.
    this.votesPage = db.prepare(`WITH page AS (
        SELECT rg.ord, rg.id_glosowania, rg.glos FROM radny_glos rg
        WHERE rg.id_osoby = @id AND rg.glos = @glos
          AND (@kadencja IS NULL OR rg.kadencja = @kadencja) AND (@organ IS NULL OR rg.id_organu = @organ)
        ORDER BY rg.ord LIMIT @limit OFFSET @offset)
      SELECT ${VOTE_SUMMARY_COLUMNS}, page.glos
      FROM page JOIN glosowanie g ON g.id_glosowania = page.id_glosowania JOIN organ o ON o.id_organu = g.id_organu
      ORDER BY page.ord`);
    this.ballotCounts = db.prepare(`SELECT za, przeciw, wstrzymujacy, nieobecny, brak_glosu FROM radny_stat
      WHERE kadencja = ? AND id_osoby = ?`).raw();
    this.bodyBallotCounts = db.prepare(`SELECT za, przeciw, wstrzymujacy, nieobecny, brak_glosu FROM radny_organ_glosy
      WHERE kadencja = ? AND id_organu = ? AND id_osoby = ?`).raw();
    this.attendancePage = db.prepare(`SELECT o.id_posiedzenia, o.id_organu, p.numer, p.data, o.obecny
      FROM radny_obecnosc o JOIN posiedzenie p ON p.id_posiedzenia = o.id_posiedzenia
      WHERE o.id_osoby = @id AND (@kadencja IS NULL OR o.kadencja = @kadencja) AND (@organ IS NULL OR o.id_organu = @organ)
      ORDER BY o.ord LIMIT @limit OFFSET @offset`);
    this.attendanceTotal = db.prepare('SELECT liczba_posiedzen FROM radny_stat WHERE kadencja = ? AND id_osoby = ?').pluck();
    this.bodyAttendanceTotal = db.prepare('SELECT liczba_posiedzen FROM radny_organ WHERE kadencja = ? AND id_organu = ? AND id_osoby = ?').pluck();
    this.councillor = db.prepare(`SELECT r.id_osoby, r.imie_nazwisko, s.ugrupowanie FROM radny r
      LEFT JOIN radny_stat s ON s.kadencja = ? AND s.id_osoby = r.id_osoby WHERE r.id_osoby = ?`);
    this.ballotTotal = db.prepare('SELECT liczba_glosowan FROM radny_stat WHERE kadencja = ? AND id_osoby = ?').pluck();
    this.pair = db.prepare(`SELECT wspolne, zgodne FROM para_top
      WHERE kadencja = ? AND id_organu = ? AND id_osoby_1 = ? AND id_osoby_2 = ?`);
    this.differingPage = db.prepare(`WITH page AS (
        SELECT a.ord, a.id_glosowania, a.glos AS glos_a, b.glos AS glos_b FROM ${SHARED_FROM} WHERE ${SHARED_WHERE} AND a.glos <> b.glos
        ORDER BY a.ord LIMIT @limit OFFSET @offset)
      SELECT g.id_glosowania, g.data_czas, g.tytul, g.wynik, page.glos_a, page.glos_b
      FROM page JOIN glosowanie g ON g.id_glosowania = page.id_glosowania ORDER BY page.ord`);
    this.pairMonthRows = db.prepare(`SELECT substr(g.data, 1, 7) AS miesiac, count(*) AS wspolne_glosowania, sum(a.glos = b.glos) AS zgodne
      FROM ${SHARED_FROM} JOIN glosowanie g ON g.id_glosowania = a.id_glosowania WHERE ${SHARED_WHERE}
      GROUP BY miesiac ORDER BY miesiac`);
  }

  /** The id_osoby of an id or token, or undefined when it matches no councillor. */
  resolve(idOrToken: number | string): number | undefined {
    return (typeof idOrToken === 'number' ? this.byId.get(idOrToken) : this.byToken.get(idOrToken)) as number | undefined;
  }

  hasBody(id: number): boolean {
    return this.body.get(id) !== undefined;
  }

  /**
   * X's votes where X's ballot is `glos`, date order (§9 `glos` on /radni/:id/glosowania); the total is
   * that value's count in profil-glosowania over the same votes.
   */
  votesWithBallot(id: number, glos: GlosValue, scope: Scope, page: PageRequest): Paged<VoteSummary & { glos: GlosValue }> | Unknown {
    const unknown = this.unknownIn(scope, id);
    if (unknown) return unknown;
    const code = GLOS_CODE.get(glos)!;
    const rows = this.votesPage.all({ id, glos: code, ...scopeParams(scope), ...offsetOf(page) }) as Array<VoteSummary & { glos: number }>;
    const kadencja = scope.kadencja ?? ALL_TERMS;
    const counts = (scope.organ === undefined
      ? this.ballotCounts.get(kadencja, id)
      : this.bodyBallotCounts.get(kadencja, scope.organ, id)) as number[] | undefined;
    return { items: rows.map((r) => ({ ...r, glos })), total: counts?.[code] ?? 0 };
  }

  /**
   * X's attendance records, session date desc then id desc (§9 obecnosci); the total is frekwencja's
   * liczba_posiedzen in the same scope.
   */
  attendanceRecords(id: number, scope: Scope, page: PageRequest): Paged<AttendanceRecord> | Unknown {
    const unknown = this.unknownIn(scope, id);
    if (unknown) return unknown;
    const items = this.attendancePage.all({ id, ...scopeParams(scope), ...offsetOf(page) }) as AttendanceRecord[];
    const kadencja = scope.kadencja ?? ALL_TERMS;
    const total = scope.organ === undefined
      ? this.attendanceTotal.get(kadencja, id)
      : this.bodyAttendanceTotal.get(kadencja, scope.organ, id);
    return { items, total: (total as number | undefined) ?? 0 };
  }

  /**
   * X beside Y (§9 porownanie): their shared and equal votes in scope (no threshold) and one page of
   * the shared votes where they differ, date order; the total of those is wspolne − zgodne.
   */
  comparison(id: number, otherId: number, scope: Scope, page: PageRequest): ComparisonOutcome {
    const unknown = this.unknownIn(scope, id, otherId);
    if (unknown) return unknown;
    if (id === otherId) return { same: id };
    const kadencja = scope.kadencja ?? ALL_TERMS;
    const figures = this.pair.get(kadencja, scope.organ ?? ALL_BODIES, Math.min(id, otherId), Math.max(id, otherId)) as
      { wspolne: number; zgodne: number } | undefined;
    const wspolne = figures?.wspolne ?? 0;
    const zgodne = figures?.zgodne ?? 0;
    const walk = this.walk(id, otherId, kadencja);
    const rows = wspolne === zgodne ? [] : this.differingPage.all({ ...walk, ...scopeParams(scope), ...offsetOf(page) }) as
      Array<{ id_glosowania: number; data_czas: string; tytul: string; wynik: string; glos_a: number; glos_b: number }>;
    const swapped = walk.driver !== id;
    return {
      comparison: {
        radny: this.councillor.get(kadencja, id) as Councillor,
        drugi: this.councillor.get(kadencja, otherId) as Councillor,
        wspolne_glosowania: wspolne,
        zgodne,
        zgodnosc_procent: percent(zgodne, wspolne),
        rozbiezne: rows.map(({ glos_a, glos_b, ...vote }) => ({
          ...vote, glos: GLOS_VALUES[swapped ? glos_b : glos_a]!, glos_drugiego: GLOS_VALUES[swapped ? glos_a : glos_b]!,
        })),
      },
      total: wspolne - zgodne,
    };
  }

  /**
   * The pair's shared and equal votes per calendar month of the vote date, ascending (the site's
   * chart): one walk of the shorter of their ballot lists. Empty for an unknown id or the same one twice.
   */
  pairMonths(id: number, otherId: number, scope: Scope): PairMonth[] {
    if (id === otherId) return [];
    const kadencja = scope.kadencja ?? ALL_TERMS;
    const rows = this.pairMonthRows.all({ ...this.walk(id, otherId, kadencja), ...scopeParams(scope) }) as Array<Omit<PairMonth, 'zgodnosc_procent'>>;
    return rows.map((r) => ({ ...r, zgodnosc_procent: percent(r.zgodne, r.wspolne_glosowania) }));
  }

  /** The first of the councillors, then the body, that does not exist. */
  private unknownIn(scope: Scope, ...ids: number[]): Unknown | undefined {
    const missing = ids.find((id) => this.byId.get(id) === undefined);
    if (missing !== undefined) return { unknown: 'councillor', id: missing };
    if (scope.organ !== undefined && !this.hasBody(scope.organ)) return { unknown: 'body', id: scope.organ };
    return undefined;
  }

  /** Walk the ballots of whichever of the two has fewer in scope, looking each up in the other's. */
  private walk(id: number, otherId: number, kadencja: string): { driver: number; other: number } {
    const ballots = (person: number) => (this.ballotTotal.get(kadencja, person) as number | undefined) ?? 0;
    return ballots(otherId) < ballots(id) ? { driver: otherId, other: id } : { driver: id, other: otherId };
  }
}
