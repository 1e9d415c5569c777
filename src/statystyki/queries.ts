// Global statistics of CONTRACT §4: each endpoint is one indexed read of a materialised table,
// in an order fixed by the ETL (rank columns), filtered by the request's thresholds.

import type Database from 'better-sqlite3';
import { percent, percentString, ratio2 } from '../../core/contract.ts';
import { ALL_BODIES, ALL_TERMS } from '../../core/snapshot/schema.ts';
import { FilteredStatements } from '../snapshot/filtered-statements.ts';
import { VOTE_SUMMARY_COLUMNS, VOTE_SUMMARY_FROM, type VoteSummary } from '../glosowania/queries.ts';

type VoteRank = 'rank_kontrowersyjne' | 'rank_jednomyslne';

/** A term (or all terms) and a body (or all bodies): every statistic is stored per scope. */
export interface Scope {
  kadencja?: string | undefined;
  organ?: number | undefined;
}

/** The options of each reading, named as the endpoints' query parameters. */
export interface AttendanceRankingOptions extends Scope { min_posiedzen: number; limit: number }
export interface CouncillorRankingOptions extends Scope { min_glosowan: number; limit: number }
export interface TopPairsOptions extends Scope { min_wspolne: number; limit: number; tylko_miedzy_ugrupowaniami?: boolean | undefined }

export class StatystykiQueries {
  private readonly summary: Database.Statement;
  /** Per ranking: over all bodies (radny_stat) and within one body (radny_organ, CONTRACT §7). */
  private readonly rankings: Record<'frekwencja' | 'buntownik' | 'lojalista', Record<'all' | 'body', Database.Statement>>;
  private readonly bodies: Database.Statement;
  private readonly months: Database.Statement;
  private readonly topPairs: Record<'all' | 'between', Database.Statement>;
  private readonly voteRankings: Record<VoteRank, FilteredStatements>;

  constructor(db: Database.Database) {
    const voteRanking = (rank: VoteRank) => new FilteredStatements((where) => db.prepare(`SELECT ${VOTE_SUMMARY_COLUMNS}
      FROM ${VOTE_SUMMARY_FROM} ${where} ORDER BY g.${rank} LIMIT ?`));
    this.voteRankings = { rank_kontrowersyjne: voteRanking('rank_kontrowersyjne'), rank_jednomyslne: voteRanking('rank_jednomyslne') };
    this.summary = db.prepare('SELECT * FROM zestawienie WHERE kadencja = ? AND id_organu = ?');
    // Both tables carry the same counts and rank columns; the group shown is always the scope's (radny_stat).
    const ranking = (rank: string, threshold: string) => ({
      all: db.prepare(`SELECT s.id_osoby, r.imie_nazwisko, s.ugrupowanie,
          s.liczba_posiedzen, s.obecnosci, s.glosowania_z_wiekszoscia AS glosowania, s.w_mniejszosci
        FROM radny_stat s JOIN radny r ON r.id_osoby = s.id_osoby
        WHERE s.kadencja = ? AND s.${threshold} >= ? ORDER BY s.${rank} LIMIT ?`),
      body: db.prepare(`SELECT b.id_osoby, r.imie_nazwisko, s.ugrupowanie,
          b.liczba_posiedzen, b.obecnosci, b.glosowania_z_wiekszoscia AS glosowania, b.w_mniejszosci
        FROM radny_organ b JOIN radny r ON r.id_osoby = b.id_osoby
        LEFT JOIN radny_stat s ON s.kadencja = b.kadencja AND s.id_osoby = b.id_osoby
        WHERE b.kadencja = ? AND b.id_organu = ? AND b.${threshold} >= ? ORDER BY b.${rank} LIMIT ?`),
    });
    this.rankings = {
      frekwencja: ranking('rank_frekwencja', 'liczba_posiedzen'),
      buntownik: ranking('rank_buntownik', 'glosowania_z_wiekszoscia'),
      lojalista: ranking('rank_lojalista', 'glosowania_z_wiekszoscia'),
    };
    this.bodies = db.prepare(`SELECT o.id_organu, o.nazwa, o.typ, z.liczba_posiedzen, z.liczba_glosow
      FROM zestawienie z JOIN organ o ON o.id_organu = z.id_organu
      WHERE z.kadencja = @kadencja AND z.id_organu <> ${ALL_BODIES} AND (@organ IS NULL OR z.id_organu = @organ)
      ORDER BY z.liczba_glosow DESC, z.id_organu`);
    this.months = db.prepare(`SELECT miesiac, liczba_posiedzen, obecnosci, nieobecnosci FROM miesiac
      WHERE kadencja = ? AND id_organu = ? ORDER BY miesiac`);
    const topPairs = (filter: string) => db.prepare(`SELECT t.id_osoby_1, r1.imie_nazwisko AS imie_nazwisko_1, s1.ugrupowanie AS ugrupowanie_1,
        t.id_osoby_2, r2.imie_nazwisko AS imie_nazwisko_2, s2.ugrupowanie AS ugrupowanie_2, t.wspolne, t.zgodne
      FROM para_top t
      JOIN radny r1 ON r1.id_osoby = t.id_osoby_1 JOIN radny r2 ON r2.id_osoby = t.id_osoby_2
      LEFT JOIN radny_stat s1 ON s1.kadencja = t.kadencja AND s1.id_osoby = t.id_osoby_1
      LEFT JOIN radny_stat s2 ON s2.kadencja = t.kadencja AND s2.id_osoby = t.id_osoby_2
      WHERE t.kadencja = ? AND t.id_organu = ? AND t.wspolne >= ? ${filter} ORDER BY t.rank LIMIT ?`);
    this.topPairs = { all: topPairs(''), between: topPairs('AND t.miedzy_ugrupowaniami = 1') };
  }

  dashboard({ kadencja, organ }: Scope) {
    const row = this.summary.get(kadencja ?? ALL_TERMS, organ ?? ALL_BODIES) as
      { liczba_posiedzen: number; liczba_glosow: number; liczba_radnych: number; obecnosci: number; liczba_obecnosci: number } | undefined;
    const r = row ?? { liczba_posiedzen: 0, liczba_glosow: 0, liczba_radnych: 0, obecnosci: 0, liczba_obecnosci: 0 };
    return {
      liczba_posiedzen: r.liczba_posiedzen,
      liczba_glosow: r.liczba_glosow,
      liczba_radnych: r.liczba_radnych,
      srednia_frekwencja: percentString(r.obecnosci, r.liczba_obecnosci),
    };
  }

  private rankingRows(ranking: 'frekwencja' | 'buntownik' | 'lojalista', { kadencja, organ }: Scope, min: number, limit: number) {
    const scope = kadencja ?? ALL_TERMS;
    const statements = this.rankings[ranking];
    return (organ === undefined ? statements.all.all(scope, min, limit) : statements.body.all(scope, organ, min, limit)) as RankingRow[];
  }

  attendanceRanking({ min_posiedzen, limit, ...scope }: AttendanceRankingOptions) {
    const rows = this.rankingRows('frekwencja', scope, min_posiedzen, limit);
    return rows.map((r, i) => ({
      pozycja: i + 1, id_osoby: r.id_osoby, imie_nazwisko: r.imie_nazwisko, ugrupowanie: r.ugrupowanie,
      liczba_posiedzen: r.liczba_posiedzen, obecnosci: r.obecnosci, nieobecnosci: r.liczba_posiedzen - r.obecnosci,
      frekwencja_procent: percent(r.obecnosci, r.liczba_posiedzen),
    }));
  }

  rebelRanking({ min_glosowan, limit, ...scope }: CouncillorRankingOptions) {
    const rows = this.rankingRows('buntownik', scope, min_glosowan, limit);
    return rows.map((r, i) => ({
      pozycja: i + 1, id_osoby: r.id_osoby, imie_nazwisko: r.imie_nazwisko, ugrupowanie: r.ugrupowanie,
      glosowania: r.glosowania, w_mniejszosci: r.w_mniejszosci, procent: percent(r.w_mniejszosci, r.glosowania),
    }));
  }

  loyalistRanking({ min_glosowan, limit, ...scope }: CouncillorRankingOptions) {
    const rows = this.rankingRows('lojalista', scope, min_glosowan, limit);
    return rows.map((r, i) => {
      const w_wiekszosci = r.glosowania - r.w_mniejszosci;
      return {
        pozycja: i + 1, id_osoby: r.id_osoby, imie_nazwisko: r.imie_nazwisko, ugrupowanie: r.ugrupowanie,
        glosowania: r.glosowania, w_wiekszosci, procent: percent(w_wiekszosci, r.glosowania),
      };
    });
  }

  /** Votes in a fixed materialised order (`rank_kontrowersyjne` or `rank_jednomyslne`), filtered by scope. */
  rankedVotes(rank: VoteRank, { kadencja, organ, limit }: Scope & { limit: number }): Array<{ pozycja: number } & VoteSummary> {
    const { statements, params } = this.voteRankings[rank].select(
      [['g.kadencja = ?', kadencja], ['g.id_organu = ?', organ]], [`g.${rank} IS NOT NULL`]);
    return (statements.all(...params, limit) as VoteSummary[]).map((v, i) => ({ pozycja: i + 1, ...v }));
  }

  bodyActivity({ kadencja, organ }: Scope) {
    const rows = this.bodies.all({ kadencja: kadencja ?? ALL_TERMS, organ: organ ?? null }) as Array<{ id_organu: number; nazwa: string; typ: string; liczba_posiedzen: number; liczba_glosow: number }>;
    return rows.map((r) => ({ ...r, srednia_glosow_na_posiedzenie: ratio2(r.liczba_glosow, r.liczba_posiedzen) }));
  }

  monthlyAttendance({ kadencja, organ }: Scope) {
    const rows = this.months.all(kadencja ?? ALL_TERMS, organ ?? ALL_BODIES) as
      Array<{ miesiac: string; liczba_posiedzen: number; obecnosci: number; nieobecnosci: number }>;
    return rows.map((r) => ({ ...r, frekwencja_procent: percent(r.obecnosci, r.obecnosci + r.nieobecnosci) }));
  }

  topCoalitions({ kadencja, organ, min_wspolne, limit, tylko_miedzy_ugrupowaniami }: TopPairsOptions) {
    const rows = this.topPairs[tylko_miedzy_ugrupowaniami ? 'between' : 'all']
      .all(kadencja ?? ALL_TERMS, organ ?? ALL_BODIES, min_wspolne, limit) as TopPairRow[];
    return rows.map((r, i) => ({
      pozycja: i + 1,
      radny_1: { id_osoby: r.id_osoby_1, imie_nazwisko: r.imie_nazwisko_1, ugrupowanie: r.ugrupowanie_1 },
      radny_2: { id_osoby: r.id_osoby_2, imie_nazwisko: r.imie_nazwisko_2, ugrupowanie: r.ugrupowanie_2 },
      wspolne_glosowania: r.wspolne,
      zgodne: r.zgodne,
      zgodnosc_procent: percent(r.zgodne, r.wspolne),
    }));
  }
}

interface RankingRow {
  id_osoby: number; imie_nazwisko: string; ugrupowanie: string | null;
  liczba_posiedzen: number; obecnosci: number; glosowania: number; w_mniejszosci: number;
}

interface TopPairRow {
  id_osoby_1: number; imie_nazwisko_1: string; ugrupowanie_1: string | null;
  id_osoby_2: number; imie_nazwisko_2: string; ugrupowanie_2: string | null;
  wspolne: number; zgodne: number;
}
