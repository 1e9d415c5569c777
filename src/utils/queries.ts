// Lookups: groups, bodies, terms, and the system counts.

import type Database from 'better-sqlite3';
import { polishCollator } from '../../core/text.ts';
import { ALL_TERMS } from '../../core/snapshot/schema.ts';

export interface Body { id_organu: number; nazwa: string; typ: string }
export interface Term { kadencja: string; data_od: string; data_do: string | null; liczba_radnych: number; liczba_posiedzen: number; liczba_glosowan: number }
export interface Group {
  id_ugrupowania: number; nazwa: string; skrot: string | null; pelna_nazwa: string | null; liczba_radnych: number;
  /** The group's council (materialised ugrupowanie.id_rady), null for none or several (issue 36). */
  id_organu: number | null; organ: string | null;
}

export class UtilsQueries {
  private readonly groups: Database.Statement;
  private readonly bodies: Database.Statement;
  private readonly terms: Database.Statement;
  private readonly counts: Database.Statement;
  private readonly body: Database.Statement;

  constructor(db: Database.Database) {
    this.groups = db.prepare(`SELECT u.id_ugrupowania, u.nazwa, u.skrot, u.pelna_nazwa,
        coalesce(s.liczba_radnych, 0) AS liczba_radnych,
        u.id_rady AS id_organu, c.nazwa AS organ
      FROM ugrupowanie u LEFT JOIN ugrupowanie_stat s ON s.id_ugrupowania = u.id_ugrupowania AND s.kadencja = ?
      LEFT JOIN organ c ON c.id_organu = u.id_rady`);
    this.bodies = db.prepare('SELECT id_organu, nazwa, typ FROM organ ORDER BY id_organu');
    this.body = db.prepare('SELECT 1 FROM organ WHERE id_organu = ?').pluck();
    this.terms = db.prepare(`SELECT k.kadencja, k.data_od, k.data_do, t.liczba_radnych, t.liczba_posiedzen, t.liczba_glosowan
      FROM kadencja k JOIN kadencja_stat t ON t.kadencja = k.kadencja ORDER BY k.data_od DESC, k.kadencja DESC`);
    this.counts = db.prepare(`SELECT (SELECT count(*) FROM radny) AS radni, (SELECT count(*) FROM glosowanie) AS glosowania,
      (SELECT count(*) FROM posiedzenie) AS posiedzenia, (SELECT count(*) FROM zalacznik) AS zalaczniki`);
  }

  groupsOf(kadencja: string | undefined): Group[] {
    const rows = this.groups.all(kadencja ?? ALL_TERMS) as Group[];
    return rows.sort((a, b) => polishCollator.compare(a.nazwa, b.nazwa) || a.id_ugrupowania - b.id_ugrupowania);
  }

  hasBody(id: number): boolean {
    return this.body.get(id) !== undefined;
  }

  bodiesList(): Body[] {
    return this.bodies.all() as Body[];
  }

  termsList(): Term[] {
    return this.terms.all() as Term[];
  }

  systemCounts() {
    return this.counts.get() as { radni: number; glosowania: number; posiedzenia: number; zalaczniki: number };
  }
}
