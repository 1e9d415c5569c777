// Sessions: the paged list, detail, agenda points and attendance, all from materialised columns.

import type Database from 'better-sqlite3';
import { COUNCIL_COLUMNS, COUNCIL_JOIN, type CouncilOf } from '../radni/council.ts';
import { FilteredStatements } from '../snapshot/filtered-statements.ts';

export interface SessionItem {
  id_posiedzenia: number; numer: string; nazwa: string | null; data: string; kadencja: string; id_organu: number;
  organ: string; liczba_punktow: number; liczba_glosowan: number; obecni: number; liczba_obecnosci: number;
  frekwencja_procent: number;
}

/** A session's attendance entry (the person's group on the session's date), its `obecny` as stored or answered. */
interface AttendanceEntry extends CouncilOf { id_osoby: number; imie_nazwisko: string; ugrupowanie: string | null }

export interface SessionFilter {
  kadencja?: string | undefined;
  organ?: number | undefined;
  data_od?: string | undefined;
  data_do?: string | undefined;
}

const SESSION_COLUMNS = `s.id_posiedzenia, s.numer, s.nazwa, s.data, s.kadencja, s.id_organu, o.nazwa AS organ,
  s.liczba_punktow, s.liczba_glosowan, s.obecni, s.liczba_obecnosci, s.frekwencja_procent`;

export class PosiedzeniaQueries {
  private readonly listStatements: FilteredStatements<{ count: Database.Statement; page: Database.Statement }>;
  private readonly byId: Database.Statement;
  private readonly points: Database.Statement;
  private readonly attendance: Database.Statement;
  private readonly unfilteredPage: Database.Statement;
  private unfilteredTotal: number | undefined;
  private readonly idsStatement: Database.Statement;

  constructor(db: Database.Database) {
    this.listStatements = new FilteredStatements((where) => ({
      count: db.prepare(`SELECT count(*) FROM posiedzenie s ${where}`).pluck(),
      page: db.prepare(`SELECT ${SESSION_COLUMNS} FROM posiedzenie s JOIN organ o ON o.id_organu = s.id_organu
        ${where} ORDER BY s.ord LIMIT ? OFFSET ?`),
    }));
    // Unfiltered: `ord` numbers the sessions 1..N in list order, so a page is a range of it (as for votes).
    this.unfilteredPage = db.prepare(`SELECT ${SESSION_COLUMNS} FROM posiedzenie s JOIN organ o ON o.id_organu = s.id_organu
      WHERE s.ord > ? ORDER BY s.ord LIMIT ?`);
    this.idsStatement = db.prepare('SELECT id_posiedzenia FROM posiedzenie ORDER BY id_posiedzenia').pluck();
    this.byId = db.prepare(`SELECT ${SESSION_COLUMNS} FROM posiedzenie s JOIN organ o ON o.id_organu = s.id_organu
      WHERE s.id_posiedzenia = ?`);
    this.points = db.prepare(`SELECT id_punktu, numer, tytul, liczba_glosowan FROM punkt
      WHERE id_posiedzenia = ? ORDER BY ord`);
    this.attendance = db.prepare(`SELECT a.id_osoby, r.imie_nazwisko, u.nazwa AS ugrupowanie, a.obecny,
        ${COUNCIL_COLUMNS}
      FROM obecnosc a JOIN radny r ON r.id_osoby = a.id_osoby LEFT JOIN ugrupowanie u ON u.id_ugrupowania = a.id_ugrupowania
      ${COUNCIL_JOIN}
      WHERE a.id_posiedzenia = ? ORDER BY r.name_rank`);
  }

  /** How many sessions the snapshot has. */
  count(): number {
    return (this.unfilteredTotal ??= this.listStatements.select([]).statements.count.get() as number); // fixed for the snapshot
  }

  /** Every id_posiedzenia, ascending. */
  ids(): IterableIterator<number> {
    return this.idsStatement.iterate() as IterableIterator<number>;
  }

  /** A page of the filtered list, newest first, and the filtered total. */
  list({ page, limit, ...filter }: SessionFilter & { page: number; limit: number }): { items: SessionItem[]; total: number } {
    const { statements, params } = this.listStatements.select([
      ['s.kadencja = ?', filter.kadencja], ['s.id_organu = ?', filter.organ], ['s.data >= ?', filter.data_od], ['s.data <= ?', filter.data_do],
    ]);
    if (params.length === 0) return { total: this.count(), items: this.unfilteredPage.all((page - 1) * limit, limit) as SessionItem[] };
    return {
      total: statements.count.get(...params) as number,
      items: statements.page.all(...params, limit, (page - 1) * limit) as SessionItem[],
    };
  }

  detail(id: number): SessionItem | undefined {
    return this.byId.get(id) as SessionItem | undefined;
  }

  agendaPoints(id: number): Array<{ id_punktu: number; numer: string; tytul: string; liczba_glosowan: number }> {
    return this.points.all(id) as Array<{ id_punktu: number; numer: string; tytul: string; liczba_glosowan: number }>;
  }

  attendanceOf(id: number): Array<AttendanceEntry & { obecny: boolean }> {
    const rows = this.attendance.all(id) as Array<AttendanceEntry & { obecny: number }>;
    return rows.map((r) => ({ ...r, obecny: r.obecny === 1 }));
  }
}
