// Group cohesion (CONTRACT §9 spojnosc-ugrupowan): the ranked list per scope and body, and one
// group's figures per month for the site's chart. Indexed reads of `ugrupowanie_spojnosc` and its
// months, in the order the ETL ranked them; the percent is formed here from the stored integer sums.

import type Database from 'better-sqlite3';
import { percent } from '../../core/contract.ts';
import { ALL_BODIES, ALL_TERMS } from '../../core/snapshot/schema.ts';

/** A term (absent: all terms) and a body (absent: all bodies). */
export interface CohesionScope { kadencja?: string | undefined; organ?: number | undefined }

export interface CohesionItem { pozycja: number; id_ugrupowania: number; nazwa: string; liczba_glosowan: number; spojnosc_procent: number }
export interface CohesionMonth { miesiac: string; liczba_glosowan: number; spojnosc_procent: number }

export class CohesionQueries {
  private readonly body: Database.Statement;
  private readonly ranked: Database.Statement;
  private readonly months: Database.Statement;

  constructor(db: Database.Database) {
    this.body = db.prepare('SELECT 1 FROM organ WHERE id_organu = ?').pluck();
    this.ranked = db.prepare(`SELECT s.rank AS pozycja, s.id_ugrupowania, u.nazwa, s.liczba_glosowan, s.licznik, s.mianownik
      FROM ugrupowanie_spojnosc s JOIN ugrupowanie u ON u.id_ugrupowania = s.id_ugrupowania
      WHERE s.kadencja = ? AND s.id_organu = ? ORDER BY s.rank LIMIT ?`);
    this.months = db.prepare(`SELECT miesiac, liczba_glosowan, licznik, mianownik FROM ugrupowanie_spojnosc_miesiac
      WHERE kadencja = ? AND id_organu = ? AND id_ugrupowania = ? ORDER BY miesiac`);
  }

  /** The first `limit` groups by cohesion in scope; undefined when `organ` names no body. */
  cohesion(scope: CohesionScope, limit: number): CohesionItem[] | undefined {
    if (scope.organ !== undefined && this.body.get(scope.organ) === undefined) return undefined;
    const rows = this.ranked.all(scope.kadencja ?? ALL_TERMS, scope.organ ?? ALL_BODIES, limit) as
      Array<Omit<CohesionItem, 'spojnosc_procent'> & { licznik: number; mianownik: number }>;
    return rows.map(({ licznik, mianownik, ...item }) => ({ ...item, spojnosc_procent: percent(licznik, mianownik) }));
  }

  /** One group's cohesion per calendar month of the vote date, ascending; months without a counted vote are absent. */
  cohesionByMonth(groupId: number, scope: CohesionScope): CohesionMonth[] {
    const rows = this.months.all(scope.kadencja ?? ALL_TERMS, scope.organ ?? ALL_BODIES, groupId) as
      Array<{ miesiac: string; liczba_glosowan: number; licznik: number; mianownik: number }>;
    return rows.map(({ licznik, mianownik, ...month }) => ({ ...month, spojnosc_procent: percent(licznik, mianownik) }));
  }
}
