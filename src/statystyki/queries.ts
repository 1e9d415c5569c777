// Global statistics of CONTRACT §4 and the group cohesion of §9: each endpoint is one indexed read of
// a materialised table, in an order fixed by the ETL (rank columns), filtered by the request's
// thresholds. Also the council map the site draws (etl/materialise/council-map.ts).

import type Database from 'better-sqlite3';
import { percent, percentString, ratio2 } from '../../core/contract.ts';
import { ALL_BODIES, ALL_TERMS } from '../../core/snapshot/schema.ts';
import { FilteredStatements } from '../snapshot/filtered-statements.ts';
import {
  VOTE_SUMMARY_COLUMNS,
  VOTE_SUMMARY_FROM,
  type VoteSummary,
  type VoteSummaryRow,
  voteSummaryOf,
} from '../glosowania/queries.ts';
import { plucked, type Statement } from '../snapshot/statement.ts';
import { COUNCIL_COLUMNS, COUNCIL_JOIN, type CouncilOf } from '../radni/council.ts';
import type { Topic } from '../utils/queries.ts';

type VoteRank = 'rank_kontrowersyjne' | 'rank_jednomyslne';

/** A term (or all terms) and a body (or all bodies): every statistic is stored per scope. */
export interface Scope {
  kadencja?: string | undefined;
  organ?: number | undefined;
}

/** The options of each reading, named as the endpoints' query parameters. */
export interface AttendanceRankingOptions extends Scope {
  min_posiedzen: number;
  limit: number;
}
export interface CouncillorRankingOptions extends Scope {
  min_glosowan: number;
  limit: number;
}
export interface TopPairsOptions extends Scope {
  min_wspolne: number;
  limit: number;
  tylko_miedzy_ugrupowaniami?: boolean | undefined;
}

export interface CohesionItem {
  pozycja: number;
  id_ugrupowania: number;
  nazwa: string;
  liczba_glosowan: number;
  spojnosc_procent: number;
  /** The group's council (materialised ugrupowanie.id_rady), null for none or several (issue 36). */
  id_organu: number | null;
  organ: string | null;
}
/** A topic's votes in scope (CONTRACT §11 /api/statystyki/tematy). */
export interface TopicFigures extends Topic {
  liczba_glosowan: number;
  przyjete: number;
  odrzucone: number;
  srednia_kontrowersyjnosc: number;
}
/** A topic's councillors most often against their group (`/api/statystyki/tematy-buntownicy`). */
export interface TopicRebels extends Topic {
  radni: Array<
    {
      pozycja: number;
      id_osoby: number;
      imie_nazwisko: string;
      ugrupowanie: string | null;
      wszystkie_glosowania: number;
      niezgodne: number;
      procent: number;
    } & CouncilOf
  >;
}
export interface TopicRebelsOptions extends Scope {
  temat?: string | undefined;
  min_glosowan: number;
  limit: number;
}
export interface CohesionMonth {
  miesiac: string;
  liczba_glosowan: number;
  spojnosc_procent: number;
}
/** A group of the cohesion ranking with its cohesion per month. */
export interface GroupCohesionMonths {
  pozycja: number;
  id_ugrupowania: number;
  nazwa: string;
  miesiace: CohesionMonth[];
}

export interface MapPoint {
  id_osoby: number;
  imie_nazwisko: string;
  token: string;
  id_ugrupowania: number | null;
  ugrupowanie: string | null;
  x: number;
  y: number;
}
export type LeftOut = Omit<MapPoint, 'x' | 'y'>;

/** The councillors of a council's term placed by how alike they vote. */
export interface CouncilMap {
  id_organu: number;
  kadencja: string;
  /** Shared votes every pair of placed councillors has at least. */
  prog: number;
  /** Placed councillors in name order; x and y in units of 1 − agreement, centroid at the origin. */
  radni: MapPoint[];
  /** Councillors with a ballot in the council's votes of the term, not placed, in name order. */
  pominieci: LeftOut[];
}

export class StatystykiQueries {
  private readonly summary: Statement<[string, number], SummaryRow>;
  /** Per ranking: over all bodies (radny_stat) and within one body (radny_organ, CONTRACT §7). */
  private readonly rankings: Record<
    'frekwencja' | 'buntownik' | 'lojalista',
    {
      all: Statement<[string, number, number], RankingRow>;
      body: Statement<[string, number, number, number], RankingRow>;
    }
  >;
  private readonly bodies: Statement<
    [{ kadencja: string; organ: number | null }],
    { id_organu: number; nazwa: string; typ: string; liczba_posiedzen: number; liczba_glosow: number }
  >;
  private readonly months: Statement<
    [string, number],
    { miesiac: string; liczba_posiedzen: number; obecnosci: number; nieobecnosci: number }
  >;
  private readonly topPairs: Record<'all' | 'between', Statement<[string, number, number, number], TopPairRow>>;
  private readonly voteRankings: Record<VoteRank, FilteredStatements<Statement<unknown[], VoteSummaryRow>>>;
  private readonly cohesionRanked: Statement<
    [string, number, number],
    Omit<CohesionItem, 'spojnosc_procent'> & { licznik: number; mianownik: number }
  >;
  private readonly cohesionMonths: Statement<[string, number, number], CohesionMonthRow>;
  private readonly rankedCohesionMonths: Statement<
    [{ kadencja: string; organ: number; group: number | null; limit: number }],
    { pozycja: number; id_ugrupowania: number; nazwa: string } & CohesionMonthRow
  >;
  private readonly mapTermsOf: Statement<[number], string>;
  private readonly mapHeader: Statement<[string, number], number>;
  private readonly mapPlaces: Statement<[string, number], LeftOut & { x: number | null; y: number | null }>;
  private readonly largest: {
    all: Statement<[string], LargestRow>;
    body: Statement<[string, number], LargestRow>;
    councils: Statement<[string], { id_organu: number; posiedzenia: number; glosowania: number }>;
  };
  private readonly topicRows: Statement<
    [string, number],
    Omit<TopicFigures, 'nazwa' | 'srednia_kontrowersyjnosc'> & { suma_kontrowersyjnosci: number }
  >;
  private readonly topicRebelRows: Statement<
    [string, number, string, number, number],
    Omit<TopicRebels['radni'][number], 'pozycja' | 'procent'>
  >;

  constructor(db: Database.Database) {
    const voteRanking = (rank: VoteRank): FilteredStatements<Statement<unknown[], VoteSummaryRow>> =>
      new FilteredStatements((where) =>
        db.prepare(`SELECT ${VOTE_SUMMARY_COLUMNS}
      FROM ${VOTE_SUMMARY_FROM} ${where} ORDER BY g.${rank} LIMIT ?`),
      );
    this.voteRankings = {
      rank_kontrowersyjne: voteRanking('rank_kontrowersyjne'),
      rank_jednomyslne: voteRanking('rank_jednomyslne'),
    };
    this.summary = db.prepare('SELECT * FROM zestawienie WHERE kadencja = ? AND id_organu = ?');
    // Both tables carry the same counts and rank columns; the group shown is always the scope's (radny_stat).
    const ranking = (rank: string, threshold: string): StatystykiQueries['rankings']['frekwencja'] => ({
      all: db.prepare(`SELECT s.id_osoby, r.imie_nazwisko, s.ugrupowanie,
          s.liczba_posiedzen, s.obecnosci, s.glosowania_z_wiekszoscia AS glosowania, s.w_mniejszosci, ${COUNCIL_COLUMNS}
        FROM radny_stat s JOIN radny r ON r.id_osoby = s.id_osoby ${COUNCIL_JOIN}
        WHERE s.kadencja = ? AND s.${threshold} >= ? ORDER BY s.${rank} LIMIT ?`),
      body: db.prepare(`SELECT b.id_osoby, r.imie_nazwisko, s.ugrupowanie,
          b.liczba_posiedzen, b.obecnosci, b.glosowania_z_wiekszoscia AS glosowania, b.w_mniejszosci, ${COUNCIL_COLUMNS}
        FROM radny_organ b JOIN radny r ON r.id_osoby = b.id_osoby ${COUNCIL_JOIN}
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
    const topPairs = (filter: string): StatystykiQueries['topPairs']['all'] =>
      db.prepare(`SELECT t.id_osoby_1, r1.imie_nazwisko AS imie_nazwisko_1, s1.ugrupowanie AS ugrupowanie_1,
        r1.id_rady AS id_organu_1, c1.nazwa AS organ_1,
        t.id_osoby_2, r2.imie_nazwisko AS imie_nazwisko_2, s2.ugrupowanie AS ugrupowanie_2,
        r2.id_rady AS id_organu_2, c2.nazwa AS organ_2, t.wspolne, t.zgodne
      FROM para_top t
      JOIN radny r1 ON r1.id_osoby = t.id_osoby_1 JOIN radny r2 ON r2.id_osoby = t.id_osoby_2
      LEFT JOIN organ c1 ON c1.id_organu = r1.id_rady LEFT JOIN organ c2 ON c2.id_organu = r2.id_rady
      LEFT JOIN radny_stat s1 ON s1.kadencja = t.kadencja AND s1.id_osoby = t.id_osoby_1
      LEFT JOIN radny_stat s2 ON s2.kadencja = t.kadencja AND s2.id_osoby = t.id_osoby_2
      WHERE t.kadencja = ? AND t.id_organu = ? AND t.wspolne >= ? ${filter} ORDER BY t.rank LIMIT ?`);
    this.topPairs = { all: topPairs(''), between: topPairs('AND t.miedzy_ugrupowaniami = 1') };
    this.cohesionRanked = db.prepare(`SELECT s.rank AS pozycja, s.id_ugrupowania, u.nazwa, s.liczba_glosowan,
        s.licznik, s.mianownik, u.id_rady AS id_organu, c.nazwa AS organ
      FROM ugrupowanie_spojnosc s JOIN ugrupowanie u ON u.id_ugrupowania = s.id_ugrupowania
      LEFT JOIN organ c ON c.id_organu = u.id_rady
      WHERE s.kadencja = ? AND s.id_organu = ? ORDER BY s.rank LIMIT ?`);
    this.topicRows = db.prepare(`SELECT temat, liczba_glosowan, przyjete, odrzucone, suma_kontrowersyjnosci
      FROM temat_stat WHERE kadencja = ? AND id_organu = ?`);
    // The group shown is the scope's (radny_stat), as in every ranking.
    this.topicRebelRows = db.prepare(`SELECT t.id_osoby, r.imie_nazwisko, s.ugrupowanie,
        t.zg_wszystkie AS wszystkie_glosowania, t.zg_wszystkie - t.zg_zgodne AS niezgodne, ${COUNCIL_COLUMNS}
      FROM radny_temat t JOIN radny r ON r.id_osoby = t.id_osoby ${COUNCIL_JOIN}
      LEFT JOIN radny_stat s ON s.kadencja = t.kadencja AND s.id_osoby = t.id_osoby
      WHERE t.kadencja = ? AND t.id_organu = ? AND t.temat = ? AND t.zg_wszystkie >= ?
      ORDER BY t.rank_niezgodni LIMIT ?`);
    this.cohesionMonths =
      db.prepare(`SELECT miesiac, liczba_glosowan, licznik, mianownik FROM ugrupowanie_spojnosc_miesiac
      WHERE kadencja = ? AND id_organu = ? AND id_ugrupowania = ? ORDER BY miesiac`);
    // The first @limit groups of the ranking (or the one asked for), each with its months.
    this.rankedCohesionMonths = db.prepare(`WITH ranked AS (
        SELECT rank, id_ugrupowania FROM ugrupowanie_spojnosc
        WHERE kadencja = @kadencja AND id_organu = @organ AND (@group IS NULL OR id_ugrupowania = @group)
        ORDER BY rank LIMIT @limit)
      SELECT r.rank AS pozycja, r.id_ugrupowania, u.nazwa, m.miesiac, m.liczba_glosowan, m.licznik, m.mianownik
      FROM ranked r JOIN ugrupowanie u ON u.id_ugrupowania = r.id_ugrupowania
      JOIN ugrupowanie_spojnosc_miesiac m
        ON m.kadencja = @kadencja AND m.id_organu = @organ AND m.id_ugrupowania = r.id_ugrupowania
      ORDER BY r.rank, m.miesiac`);
    this.mapTermsOf = plucked(
      db,
      `SELECT m.kadencja FROM mapa m JOIN kadencja k ON k.kadencja = m.kadencja
      WHERE m.id_organu = ? ORDER BY k.data_od DESC`,
    );
    this.mapHeader = plucked(db, 'SELECT prog FROM mapa WHERE kadencja = ? AND id_organu = ?');
    // The group is the councillor's current group in that term (CONTRACT §2), as every list shows it.
    this.mapPlaces = db.prepare(`SELECT m.id_osoby, r.imie_nazwisko, r.token, s.id_ugrupowania, s.ugrupowanie, m.x, m.y
      FROM mapa_radny m JOIN radny r ON r.id_osoby = m.id_osoby
      LEFT JOIN radny_stat s ON s.kadencja = m.kadencja AND s.id_osoby = m.id_osoby
      WHERE m.kadencja = ? AND m.id_organu = ? ORDER BY r.name_rank`);
    this.largest = {
      all: db.prepare(
        'SELECT max(liczba_posiedzen) AS posiedzenia, max(glosowania_z_wiekszoscia) AS glosowania FROM radny_stat WHERE kadencja = ?',
      ),
      body: db.prepare(`SELECT max(liczba_posiedzen) AS posiedzenia, max(glosowania_z_wiekszoscia) AS glosowania FROM radny_organ
        WHERE kadencja = ? AND id_organu = ?`),
      // Per council of its members (radny.id_rady): each council's own largest samples (issue 46).
      councils: db.prepare(`SELECT r.id_rady AS id_organu, max(s.liczba_posiedzen) AS posiedzenia,
          max(s.glosowania_z_wiekszoscia) AS glosowania
        FROM radny_stat s JOIN radny r ON r.id_osoby = s.id_osoby
        WHERE s.kadencja = ? AND r.id_rady IS NOT NULL GROUP BY r.id_rady
        HAVING max(s.liczba_posiedzen) > 0 OR max(s.glosowania_z_wiekszoscia) > 0 ORDER BY r.id_rady`),
    };
  }

  /**
   * The largest samples of the rankings in scope: the most attendance records, and the most active
   * ballots in votes with a majority position, any councillor has (the site sets its minimums from them).
   */
  largestSamples({ kadencja, organ }: Scope): {
    posiedzenia: number;
    glosowania: number;
    councils: Array<{ id_organu: number; posiedzenia: number; glosowania: number }>;
  } {
    // An aggregate without GROUP BY: always one row, its maxima null over no rows.
    const row =
      organ === undefined
        ? this.largest.all.get(kadencja ?? ALL_TERMS)!
        : this.largest.body.get(kadencja ?? ALL_TERMS, organ)!;
    // Over all bodies, the same per council: a snapshot of several councils ranks each by its own (issue 46).
    const councils = organ === undefined ? this.largest.councils.all(kadencja ?? ALL_TERMS) : [];
    return { posiedzenia: row.posiedzenia ?? 0, glosowania: row.glosowania ?? 0, councils };
  }

  dashboard({ kadencja, organ }: Scope) {
    const row = this.summary.get(kadencja ?? ALL_TERMS, organ ?? ALL_BODIES);
    const r = row ?? { liczba_posiedzen: 0, liczba_glosow: 0, liczba_radnych: 0, obecnosci: 0, liczba_obecnosci: 0 };
    return {
      liczba_posiedzen: r.liczba_posiedzen,
      liczba_glosow: r.liczba_glosow,
      liczba_radnych: r.liczba_radnych,
      srednia_frekwencja: percentString(r.obecnosci, r.liczba_obecnosci),
    };
  }

  private rankingRows(
    ranking: 'frekwencja' | 'buntownik' | 'lojalista',
    { kadencja, organ }: Scope,
    min: number,
    limit: number,
  ) {
    const scope = kadencja ?? ALL_TERMS;
    const statements = this.rankings[ranking];
    return organ === undefined ? statements.all.all(scope, min, limit) : statements.body.all(scope, organ, min, limit);
  }

  attendanceRanking({ min_posiedzen, limit, ...scope }: AttendanceRankingOptions) {
    const rows = this.rankingRows('frekwencja', scope, min_posiedzen, limit);
    return rows.map((r, i) => ({
      pozycja: i + 1,
      id_osoby: r.id_osoby,
      imie_nazwisko: r.imie_nazwisko,
      ugrupowanie: r.ugrupowanie,
      liczba_posiedzen: r.liczba_posiedzen,
      obecnosci: r.obecnosci,
      nieobecnosci: r.liczba_posiedzen - r.obecnosci,
      frekwencja_procent: percent(r.obecnosci, r.liczba_posiedzen),
      id_organu: r.id_organu,
      organ: r.organ,
    }));
  }

  rebelRanking({ min_glosowan, limit, ...scope }: CouncillorRankingOptions) {
    const rows = this.rankingRows('buntownik', scope, min_glosowan, limit);
    return rows.map((r, i) => ({
      pozycja: i + 1,
      id_osoby: r.id_osoby,
      imie_nazwisko: r.imie_nazwisko,
      ugrupowanie: r.ugrupowanie,
      glosowania: r.glosowania,
      w_mniejszosci: r.w_mniejszosci,
      procent: percent(r.w_mniejszosci, r.glosowania),
      id_organu: r.id_organu,
      organ: r.organ,
    }));
  }

  loyalistRanking({ min_glosowan, limit, ...scope }: CouncillorRankingOptions) {
    const rows = this.rankingRows('lojalista', scope, min_glosowan, limit);
    return rows.map((r, i) => {
      const w_wiekszosci = r.glosowania - r.w_mniejszosci;
      return {
        pozycja: i + 1,
        id_osoby: r.id_osoby,
        imie_nazwisko: r.imie_nazwisko,
        ugrupowanie: r.ugrupowanie,
        glosowania: r.glosowania,
        w_wiekszosci,
        procent: percent(w_wiekszosci, r.glosowania),
        id_organu: r.id_organu,
        organ: r.organ,
      };
    });
  }

  /** Votes in a fixed materialised order (`rank_kontrowersyjne` or `rank_jednomyslne`), filtered by scope. */
  rankedVotes(
    rank: VoteRank,
    { kadencja, organ, limit }: Scope & { limit: number },
  ): Array<{ pozycja: number } & VoteSummary> {
    const { statements, params } = this.voteRankings[rank].select(
      [
        ['g.kadencja = ?', kadencja],
        ['g.id_organu = ?', organ],
      ],
      [`g.${rank} IS NOT NULL`],
    );
    return statements.all(...params, limit).map((v, i) => ({
      pozycja: i + 1,
      ...voteSummaryOf(v),
    }));
  }

  bodyActivity({ kadencja, organ }: Scope) {
    const rows = this.bodies.all({ kadencja: kadencja ?? ALL_TERMS, organ: organ ?? null });
    // Written out in the columns' order, not spread: a spread copies a better-sqlite3 row through V8's
    // slow path, more than the statement's read and the JSON of all the bodies together (docs/PERFORMANCE.md,
    // issue 47's sixteenth session).
    return rows.map((r) => ({
      id_organu: r.id_organu,
      nazwa: r.nazwa,
      typ: r.typ,
      liczba_posiedzen: r.liczba_posiedzen,
      liczba_glosow: r.liczba_glosow,
      srednia_glosow_na_posiedzenie: ratio2(r.liczba_glosow, r.liczba_posiedzen),
    }));
  }

  monthlyAttendance({ kadencja, organ }: Scope) {
    const rows = this.months.all(kadencja ?? ALL_TERMS, organ ?? ALL_BODIES);
    return rows.map((r) => ({
      miesiac: r.miesiac,
      liczba_posiedzen: r.liczba_posiedzen,
      obecnosci: r.obecnosci,
      nieobecnosci: r.nieobecnosci,
      frekwencja_procent: percent(r.obecnosci, r.obecnosci + r.nieobecnosci),
    }));
  }

  topCoalitions({ kadencja, organ, min_wspolne, limit, tylko_miedzy_ugrupowaniami }: TopPairsOptions) {
    const rows = this.topPairs[tylko_miedzy_ugrupowaniami ? 'between' : 'all'].all(
      kadencja ?? ALL_TERMS,
      organ ?? ALL_BODIES,
      min_wspolne,
      limit,
    );
    return rows.map((r, i) => ({
      pozycja: i + 1,
      radny_1: {
        id_osoby: r.id_osoby_1,
        imie_nazwisko: r.imie_nazwisko_1,
        ugrupowanie: r.ugrupowanie_1,
        id_organu: r.id_organu_1,
        organ: r.organ_1,
      },
      radny_2: {
        id_osoby: r.id_osoby_2,
        imie_nazwisko: r.imie_nazwisko_2,
        ugrupowanie: r.ugrupowanie_2,
        id_organu: r.id_organu_2,
        organ: r.organ_2,
      },
      wspolne_glosowania: r.wspolne,
      zgodne: r.zgodne,
      zgodnosc_procent: percent(r.zgodne, r.wspolne),
    }));
  }

  /**
   * Group cohesion (CONTRACT §9 spojnosc-ugrupowan): the first `limit` groups in scope, in the ETL's
   * order; the percent is formed here from the stored integer sums Σ(3·max − T) and Σ 2T.
   */
  cohesion({ kadencja, organ, limit }: Scope & { limit: number }): CohesionItem[] {
    const rows = this.cohesionRanked.all(kadencja ?? ALL_TERMS, organ ?? ALL_BODIES, limit);
    return rows.map(({ licznik, mianownik, id_organu, organ, ...item }) => ({
      ...item,
      spojnosc_procent: percent(licznik, mianownik),
      id_organu,
      organ,
    }));
  }

  /**
   * Each topic with a vote in scope, in `topics` order (the vocabulary's, CONTRACT §11): its votes, their
   * results, and their mean kontrowersyjnosc half-up to two decimals (Σk over n, as §2's percent of Σk over 100·n).
   */
  topicFigures({ kadencja, organ }: Scope, topics: readonly Topic[]): TopicFigures[] {
    const found = this.topicRows.all(kadencja ?? ALL_TERMS, organ ?? ALL_BODIES);
    const rows = new Map(found.map((row) => [row.temat, row]));
    return topics.flatMap((topic) => {
      const row = rows.get(topic.temat);
      if (!row) return [];
      const { liczba_glosowan, przyjete, odrzucone, suma_kontrowersyjnosci } = row;
      const srednia_kontrowersyjnosc = percent(suma_kontrowersyjnosci, 100 * liczba_glosowan);
      return [{ ...topic, liczba_glosowan, przyjete, odrzucone, srednia_kontrowersyjnosc }];
    });
  }

  /**
   * Per topic with a vote in scope (or the one asked for), in `topics` order: its first `limit`
   * councillors by votes against their group, in the ETL's order (`radny_temat.rank_niezgodni`),
   * among those with at least `min_glosowan` votes counted in zgodnosc-grupa.
   */
  topicRebels(options: TopicRebelsOptions, topics: readonly Topic[]): TopicRebels[] {
    const { kadencja, organ, temat, min_glosowan, limit } = options;
    const scope = [kadencja ?? ALL_TERMS, organ ?? ALL_BODIES] as const;
    const withVotes = new Set(this.topicRows.all(...scope).map((row) => row.temat));
    return topics
      .filter((topic) => withVotes.has(topic.temat) && (temat === undefined || topic.temat === temat))
      .map((topic) => {
        const rows = this.topicRebelRows.all(...scope, topic.temat, min_glosowan, limit);
        const radni = rows.map(({ id_organu, organ: council, ...row }, i) => ({
          pozycja: i + 1,
          ...row,
          procent: percent(row.niezgodne, row.wszystkie_glosowania),
          id_organu,
          organ: council,
        }));
        return { ...topic, radni };
      });
  }

  /** One group's cohesion per calendar month of the vote date, ascending; months without a counted vote are absent. */
  cohesionByMonth(groupId: number, { kadencja, organ }: Scope): CohesionMonth[] {
    const rows = this.cohesionMonths.all(kadencja ?? ALL_TERMS, organ ?? ALL_BODIES, groupId);
    return rows.map(({ licznik, mianownik, ...month }) => ({
      ...month,
      spojnosc_procent: percent(licznik, mianownik),
    }));
  }

  /**
   * The cohesion per month of the first `limit` groups of the ranking in scope (or of the group
   * `ugrupowanie` alone), in ranking order, each month as `cohesionByMonth` gives it.
   */
  rankedCohesionByMonth(options: Scope & { limit: number; ugrupowanie?: number | undefined }) {
    const { kadencja, organ, limit, ugrupowanie } = options;
    const scope = { kadencja: kadencja ?? ALL_TERMS, organ: organ ?? ALL_BODIES, group: ugrupowanie ?? null, limit };
    const groups: GroupCohesionMonths[] = [];
    const rows = this.rankedCohesionMonths.all(scope);
    for (const { pozycja, id_ugrupowania, nazwa, licznik, mianownik, ...month } of rows) {
      if (groups.at(-1)?.id_ugrupowania !== id_ugrupowania) {
        groups.push({ pozycja, id_ugrupowania, nazwa, miesiace: [] });
      }
      groups.at(-1)!.miesiace.push(Object.assign(month, { spojnosc_procent: percent(licznik, mianownik) }));
    }
    return groups;
  }

  /** The terms with a map of this body, newest first (empty: not a council, or no ballots). */
  mapTerms(organ: number): string[] {
    return this.mapTermsOf.all(organ);
  }

  /** The map of a council in a term (absent: its newest term with one); undefined when there is none. */
  councilMap(organ: number, kadencja?: string): CouncilMap | undefined {
    const term = kadencja ?? this.mapTerms(organ)[0];
    if (term === undefined) return undefined;
    const prog = this.mapHeader.get(term, organ);
    if (prog === undefined) return undefined;
    const rows = this.mapPlaces.all(term, organ);
    const radni: MapPoint[] = [];
    const pominieci: LeftOut[] = [];
    for (const { x, y, ...who } of rows) {
      if (x === null || y === null) pominieci.push(who);
      else radni.push(Object.assign(who, { x, y }));
    }
    return { id_organu: organ, kadencja: term, prog, radni, pominieci };
  }
}

/** A `zestawienie` row (SELECT *: these and its key). */
interface SummaryRow {
  liczba_posiedzen: number;
  liczba_glosow: number;
  liczba_radnych: number;
  obecnosci: number;
  liczba_obecnosci: number;
}
/** The largest samples of the rankings: null over no councillor. */
interface LargestRow {
  posiedzenia: number | null;
  glosowania: number | null;
}
/** A month of a group's cohesion: the stored sums of CONTRACT §9. */
interface CohesionMonthRow {
  miesiac: string;
  liczba_glosowan: number;
  licznik: number;
  mianownik: number;
}
interface RankingRow extends CouncilOf {
  id_osoby: number;
  imie_nazwisko: string;
  ugrupowanie: string | null;
  liczba_posiedzen: number;
  obecnosci: number;
  glosowania: number;
  w_mniejszosci: number;
}

interface TopPairRow {
  id_osoby_1: number;
  imie_nazwisko_1: string;
  ugrupowanie_1: string | null;
  id_organu_1: number | null;
  organ_1: string | null;
  id_osoby_2: number;
  imie_nazwisko_2: string;
  ugrupowanie_2: string | null;
  id_organu_2: number | null;
  organ_2: string | null;
  wspolne: number;
  zgodne: number;
}
