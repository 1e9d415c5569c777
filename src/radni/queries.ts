// Councillors: list, profile and the per-councillor metrics of CONTRACT §3, read from the
// materialised `radny_stat` (one row per person and scope), `radny_glos`, `radny_miesiac` and `para`.

import type Database from 'better-sqlite3';
import { GLOS_VALUES, percent } from '../../core/contract.ts';
import { unpackPartners } from '../../core/snapshot/partners.ts';
import { ALL_TERMS } from '../../core/snapshot/schema.ts';
import { FilteredStatements } from '../snapshot/filtered-statements.ts';
import { VOTE_SUMMARY_COLUMNS, type VoteSummary } from '../glosowania/queries.ts';

export interface CouncillorListItem {
  id_osoby: number; imie_nazwisko: string; kadencja: string; przynaleznosc_id: number;
  id_ugrupowania: number | null; ugrupowanie: string | null; aktywny: number; token: string;
}

/** A `radny_stat` row; absent rows (no data in scope) read as zeros. */
export interface CouncillorStat {
  przynaleznosc_id: number | null; kadencja_biezaca: string | null; id_ugrupowania: number | null;
  ugrupowanie: string | null; aktywny: number;
  za: number; przeciw: number; wstrzymujacy: number; nieobecny: number; brak_glosu: number;
  liczba_posiedzen: number; obecnosci: number; zg_wszystkie: number; zg_zgodne: number;
  liczba_glosowan: number; liczba_samotnych: number; liczba_kluczowych: number; liczba_buntowniczych: number;
}

const EMPTY_STAT: CouncillorStat = {
  przynaleznosc_id: null, kadencja_biezaca: null, id_ugrupowania: null, ugrupowanie: null, aktywny: 0,
  za: 0, przeciw: 0, wstrzymujacy: 0, nieobecny: 0, brak_glosu: 0, liczba_posiedzen: 0, obecnosci: 0,
  zg_wszystkie: 0, zg_zgodne: 0, liczba_glosowan: 0, liczba_samotnych: 0, liczba_kluczowych: 0, liczba_buntowniczych: 0,
};

export type VoteListKind = 'wszystkie' | 'samotne' | 'kluczowe' | 'buntownicze';

const FLAG_OF: Record<VoteListKind, string | null> = {
  wszystkie: null, samotne: 'samotny', kluczowe: 'kluczowy', buntownicze: 'buntowniczy',
};
const TOTAL_OF: Record<VoteListKind, keyof CouncillorStat> = {
  wszystkie: 'liczba_glosowan', samotne: 'liczba_samotnych', kluczowe: 'liczba_kluczowych', buntownicze: 'liczba_buntowniczych',
};

export interface PartnerItem {
  pozycja: number; id_osoby: number; imie_nazwisko: string; ugrupowanie: string | null;
  wspolne_glosowania: number; zgodne: number; zgodnosc_procent: number;
}

/** A page of a councillor's votes (the organ filter is offered for kind 'wszystkie' only: radny_organ counts all ballots). */
export interface VoteListOptions { kadencja?: string | undefined; organ?: number | undefined; page: number; limit: number }
export interface PartnerOptions { kadencja?: string | undefined; min_wspolne: number; limit: number }

export class RadniQueries {
  private readonly byId: Database.Statement;
  private readonly byToken: Database.Statement;
  private readonly person: Database.Statement;
  private readonly stat: Database.Statement;
  private readonly months: Database.Statement;
  private readonly bodyTotal: Database.Statement;
  private readonly partners: Database.Statement;
  private readonly partnerDisplay: Database.Statement;
  private readonly countStatement: Database.Statement;
  private readonly idsStatement: Database.Statement;
  private readonly listStatements: FilteredStatements;
  private readonly voteStatements: FilteredStatements;

  constructor(db: Database.Database) {
    this.listStatements = new FilteredStatements((where) => db.prepare(`SELECT s.id_osoby, r.imie_nazwisko,
        s.kadencja_biezaca AS kadencja, s.przynaleznosc_id, s.id_ugrupowania, s.ugrupowanie, s.aktywny, r.token
      FROM radny_stat s JOIN radny r ON r.id_osoby = s.id_osoby ${where} ORDER BY r.name_rank`));
    // The page's keys come from the index alone; only those rows are joined to their votes.
    this.voteStatements = new FilteredStatements((where) => db.prepare(`WITH page AS (
        SELECT rg.ord, rg.id_glosowania, rg.glos FROM radny_glos rg ${where} ORDER BY rg.ord LIMIT ? OFFSET ?)
      SELECT ${VOTE_SUMMARY_COLUMNS}, page.glos
      FROM page JOIN glosowanie g ON g.id_glosowania = page.id_glosowania JOIN organ o ON o.id_organu = g.id_organu
      ORDER BY page.ord`));
    this.countStatement = db.prepare('SELECT count(*) FROM radny').pluck();
    this.idsStatement = db.prepare('SELECT id_osoby FROM radny ORDER BY id_osoby').pluck();
    this.byId = db.prepare('SELECT id_osoby FROM radny WHERE id_osoby = ?').pluck();
    this.byToken = db.prepare('SELECT id_osoby FROM radny WHERE token = ?').pluck();
    this.person = db.prepare('SELECT id_osoby, imie_nazwisko, token FROM radny WHERE id_osoby = ?');
    this.stat = db.prepare('SELECT * FROM radny_stat WHERE kadencja = ? AND id_osoby = ?');
    this.months = db.prepare(`SELECT miesiac, liczba_posiedzen, obecnosci FROM radny_miesiac
      WHERE kadencja = ? AND id_osoby = ? ORDER BY miesiac`);
    this.bodyTotal = db.prepare('SELECT liczba_glosowan FROM radny_organ WHERE kadencja = ? AND id_osoby = ? AND id_organu = ?').pluck();
    this.partners = db.prepare('SELECT koalicje, oponenci FROM radny_partnerzy WHERE kadencja = ? AND id_osoby = ?');
    this.partnerDisplay = db.prepare(`SELECT r.imie_nazwisko, s.ugrupowanie FROM radny r
      LEFT JOIN radny_stat s ON s.kadencja = ? AND s.id_osoby = r.id_osoby WHERE r.id_osoby = ?`);
  }

  /** How many councillors the snapshot has. */
  count(): number {
    return this.countStatement.get() as number;
  }

  /** Every id_osoby, ascending. */
  ids(): IterableIterator<number> {
    return this.idsStatement.iterate() as IterableIterator<number>;
  }

  /** The id_osoby of an id or token, or undefined when it matches no councillor. */
  resolve(idOrToken: number | string): number | undefined {
    return (typeof idOrToken === 'number' ? this.byId.get(idOrToken) : this.byToken.get(idOrToken)) as number | undefined;
  }

  list(filter: { kadencja?: string | undefined; organ?: number | undefined; ugrupowanie?: number | undefined; aktywny?: boolean | undefined }): CouncillorListItem[] {
    const { statements, params } = this.listStatements.select([
      ['s.kadencja = ?', filter.kadencja ?? ALL_TERMS],
      // CONTRACT §7: persons with an attendance record in the body's sessions (in scope).
      [`EXISTS (SELECT 1 FROM radny_organ b
        WHERE b.kadencja = s.kadencja AND b.id_organu = ? AND b.id_osoby = s.id_osoby AND b.liczba_posiedzen > 0)`, filter.organ],
      ['s.id_ugrupowania = ?', filter.ugrupowanie],
      ['s.aktywny = ?', filter.aktywny === undefined ? undefined : Number(filter.aktywny)],
    ], ['s.przynaleznosc_id IS NOT NULL']);
    return statements.all(...params) as CouncillorListItem[];
  }

  statOf(id: number, kadencja: string | undefined): CouncillorStat {
    return (this.stat.get(kadencja ?? ALL_TERMS, id) as CouncillorStat | undefined) ?? EMPTY_STAT;
  }

  profile(id: number, kadencja: string | undefined) {
    const person = this.person.get(id) as { id_osoby: number; imie_nazwisko: string; token: string };
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
    };
  }

  votingProfile(id: number, kadencja: string | undefined) {
    const s = this.statOf(id, kadencja);
    const total = s.za + s.przeciw + s.wstrzymujacy + s.nieobecny + s.brak_glosu;
    return {
      za: s.za, przeciw: s.przeciw, wstrzymujacy: s.wstrzymujacy, nieobecny: s.nieobecny, brak_glosu: s.brak_glosu,
      za_procent: percent(s.za, total), przeciw_procent: percent(s.przeciw, total),
      wstrzymujacy_procent: percent(s.wstrzymujacy, total), nieobecny_procent: percent(s.nieobecny, total),
      brak_glosu_procent: percent(s.brak_glosu, total),
    };
  }

  attendance(id: number, kadencja: string | undefined) {
    const s = this.statOf(id, kadencja);
    return {
      liczba_posiedzen: s.liczba_posiedzen, obecnosci: s.obecnosci, nieobecnosci: s.liczba_posiedzen - s.obecnosci,
      frekwencja_procent: percent(s.obecnosci, s.liczba_posiedzen),
    };
  }

  groupAgreement(id: number, kadencja: string | undefined) {
    const s = this.statOf(id, kadencja);
    return { wszystkie_glosowania: s.zg_wszystkie, zgodne: s.zg_zgodne, zgodnosc_procent: percent(s.zg_zgodne, s.zg_wszystkie) };
  }

  monthlyAttendance(id: number, kadencja: string | undefined) {
    const rows = this.months.all(kadencja ?? ALL_TERMS, id) as Array<{ miesiac: string; liczba_posiedzen: number; obecnosci: number }>;
    return rows.map((r) => ({ ...r, frekwencja_procent: percent(r.obecnosci, r.liczba_posiedzen) }));
  }

  /** How many votes of each kind the councillor has in scope (the totals of the four lists). */
  voteTotals(id: number, kadencja: string | undefined): Record<VoteListKind, number> {
    const s = this.statOf(id, kadencja);
    return Object.fromEntries(Object.entries(TOTAL_OF).map(([kind, column]) => [kind, s[column] as number])) as Record<VoteListKind, number>;
  }

  /** One councillor's votes of a kind, date order, with the page total from the materialised counts. */
  votes(id: number, kind: VoteListKind, { kadencja, organ, page, limit }: VoteListOptions): { items: Array<VoteSummary & { glos: string }>; total: number } {
    const flag = FLAG_OF[kind];
    const { statements, params } = this.voteStatements.select(
      [['rg.id_osoby = ?', id], ['rg.kadencja = ?', kadencja], ['rg.id_organu = ?', organ]],
      flag ? [`rg.${flag} = 1`] : [],
    );
    const rows = statements.all(...params, limit, (page - 1) * limit) as Array<VoteSummary & { glos: number }>;
    const total = organ === undefined
      ? this.statOf(id, kadencja)[TOTAL_OF[kind]] as number
      : (this.bodyTotal.get(kadencja ?? ALL_TERMS, id, organ) as number | undefined) ?? 0;
    return { items: rows.map((r) => ({ ...r, glos: GLOS_VALUES[r.glos]! })), total };
  }

  /** A councillor's partners: most alike (`koalicje`) or least alike (`oponenci`), with at least `min_wspolne` shared votes. */
  partnersOf(id: number, order: 'koalicje' | 'oponenci', { kadencja, min_wspolne, limit }: PartnerOptions): PartnerItem[] {
    const scope = kadencja ?? ALL_TERMS;
    const row = this.partners.get(scope, id) as Record<'koalicje' | 'oponenci', Buffer> | undefined;
    if (!row) return [];
    return unpackPartners(row[order], min_wspolne, limit).map((p, i) => {
      const shown = this.partnerDisplay.get(scope, p.id_osoby) as { imie_nazwisko: string; ugrupowanie: string | null };
      return {
        pozycja: i + 1, id_osoby: p.id_osoby, imie_nazwisko: shown.imie_nazwisko, ugrupowanie: shown.ugrupowanie,
        wspolne_glosowania: p.wspolne, zgodne: p.zgodne, zgodnosc_procent: percent(p.zgodne, p.wspolne),
      };
    });
  }
}
