// Sessions: the paged list, detail, agenda points and attendance, all from materialised columns.

import type Database from 'better-sqlite3';
import { COUNCIL_COLUMNS, COUNCIL_JOIN, type CouncilOf } from '../radni/council.ts';
import { FilteredStatements } from '../snapshot/filtered-statements.ts';
import {
  VOTE_SUMMARY_COLUMNS,
  VOTE_SUMMARY_FROM,
  type VoteSummary,
  type VoteSummaryRow,
  voteSummaryOf,
} from '../glosowania/queries.ts';
import { plucked, type Statement } from '../snapshot/statement.ts';

export interface SessionItem {
  id_posiedzenia: number;
  numer: string;
  nazwa: string | null;
  data: string;
  kadencja: string;
  id_organu: number;
  organ: string;
  liczba_punktow: number;
  liczba_glosowan: number;
  obecni: number;
  liczba_obecnosci: number;
  frekwencja_procent: number;
  /** The attendance is the source's own list (CONTRACT §10); false: derived from the ballots. */
  lista_obecnosci: boolean;
}

/** A session's attendance entry (the person's group on the session's date), its `obecny` as stored or answered. */
interface AttendanceEntry extends CouncilOf {
  id_osoby: number;
  imie_nazwisko: string;
  ugrupowanie: string | null;
  /** The person's ballots in the session's votes, and those `nieobecny` (CONTRACT §5, §10). */
  glosowania: number;
  nieobecny_w_glosowaniach: number;
}

export interface SessionFilter {
  kadencja?: string | undefined;
  organ?: number | undefined;
  data_od?: string | undefined;
  data_do?: string | undefined;
}

const SESSION_COLUMNS = `s.id_posiedzenia, s.numer, s.nazwa, s.data, s.kadencja, s.id_organu, o.nazwa AS organ,
  s.liczba_punktow, s.liczba_glosowan, s.obecni, s.liczba_obecnosci, s.frekwencja_procent, s.lista_obecnosci`;

type SessionRow = Omit<SessionItem, 'lista_obecnosci'> & { lista_obecnosci: number };
const sessionItemOf = (row: SessionRow): SessionItem => ({ ...row, lista_obecnosci: row.lista_obecnosci === 1 });
const sessionItemsOf = (rows: SessionRow[]): SessionItem[] => rows.map(sessionItemOf);
type AgendaPoint = { id_punktu: number; numer: string; tytul: string; liczba_glosowan: number };

export class PosiedzeniaQueries {
  private readonly listStatements: FilteredStatements<{
    count: Statement<unknown[], number>;
    page: Statement<unknown[], SessionRow>;
  }>;
  private readonly byId: Statement<[number], SessionRow>;
  private readonly points: Statement<[number], AgendaPoint>;
  private readonly attendance: Statement<[number], AttendanceEntry & { obecny: number }>;
  private readonly votes: Statement<[number], VoteSummaryRow>;
  private readonly unfilteredPage: Statement<[number, number], SessionRow>;
  private unfilteredTotal: number | undefined;
  private readonly idsStatement: Statement<[], number>;

  constructor(db: Database.Database) {
    this.listStatements = new FilteredStatements((where) => ({
      count: plucked(db, `SELECT count(*) FROM posiedzenie s ${where}`),
      page: db.prepare(`SELECT ${SESSION_COLUMNS} FROM posiedzenie s JOIN organ o ON o.id_organu = s.id_organu
        ${where} ORDER BY s.ord LIMIT ? OFFSET ?`),
    }));
    // Unfiltered: `ord` numbers the sessions 1..N in list order, so a page is a range of it (as for votes).
    this.unfilteredPage =
      db.prepare(`SELECT ${SESSION_COLUMNS} FROM posiedzenie s JOIN organ o ON o.id_organu = s.id_organu
      WHERE s.ord > ? ORDER BY s.ord LIMIT ?`);
    this.idsStatement = plucked(db, 'SELECT id_posiedzenia FROM posiedzenie ORDER BY id_posiedzenia');
    this.byId = db.prepare(`SELECT ${SESSION_COLUMNS} FROM posiedzenie s JOIN organ o ON o.id_organu = s.id_organu
      WHERE s.id_posiedzenia = ?`);
    this.points = db.prepare(`SELECT id_punktu, numer, tytul, liczba_glosowan FROM punkt
      WHERE id_posiedzenia = ? ORDER BY ord`);
    this.attendance = db.prepare(`SELECT a.id_osoby, r.imie_nazwisko, u.nazwa AS ugrupowanie, a.obecny,
        a.glosowania, a.nieobecny_w_glosowaniach, ${COUNCIL_COLUMNS}
      FROM obecnosc a JOIN radny r ON r.id_osoby = a.id_osoby LEFT JOIN ugrupowanie u ON u.id_ugrupowania = a.id_ugrupowania
      ${COUNCIL_JOIN}
      WHERE a.id_posiedzenia = ? ORDER BY r.name_rank`);
    // `ord` counts down in time: descending is the order the votes were taken.
    this.votes = db.prepare(`SELECT ${VOTE_SUMMARY_COLUMNS} FROM ${VOTE_SUMMARY_FROM}
      WHERE g.id_posiedzenia = ? ORDER BY g.ord DESC`);
  }

  /** How many sessions the snapshot has. */
  count(): number {
    return (this.unfilteredTotal ??= this.listStatements.select([]).statements.count.get()!); // fixed for the snapshot
  }

  /** Every id_posiedzenia, ascending. */
  ids(): IterableIterator<number> {
    return this.idsStatement.iterate();
  }

  /** A page of the filtered list, newest first, and the filtered total. */
  list({ page, limit, ...filter }: SessionFilter & { page: number; limit: number }): {
    items: SessionItem[];
    total: number;
  } {
    const { statements, params } = this.listStatements.select([
      ['s.kadencja = ?', filter.kadencja],
      ['s.id_organu = ?', filter.organ],
      ['s.data >= ?', filter.data_od],
      ['s.data <= ?', filter.data_do],
    ]);
    if (params.length === 0)
      return { total: this.count(), items: sessionItemsOf(this.unfilteredPage.all((page - 1) * limit, limit)) };
    return {
      total: statements.count.get(...params)!,
      items: sessionItemsOf(statements.page.all(...params, limit, (page - 1) * limit)),
    };
  }

  detail(id: number): SessionItem | undefined {
    const row = this.byId.get(id);
    return row && sessionItemOf(row);
  }

  agendaPoints(id: number): AgendaPoint[] {
    return this.points.all(id);
  }

  attendanceOf(id: number): Array<AttendanceEntry & { obecny: boolean }> {
    const rows = this.attendance.all(id);
    return rows.map((r) => ({ ...r, obecny: r.obecny === 1 }));
  }

  /** The session's votes in the order they were taken (date and time, then id). */
  votesOf(id: number): VoteSummary[] {
    return this.votes.all(id).map(voteSummaryOf);
  }
}
