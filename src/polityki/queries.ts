// The SQL of /api/polityki and /api/radni/:id/polityki (CONTRACT §13): reads of the tables the ETL
// materialised (etl/materialise/policies.ts); no request counts ballots.

import type Database from 'better-sqlite3';
import { ALL_BODIES, ALL_TERMS } from '../../core/snapshot/schema.ts';
import { VOTE_SUMMARY_COLUMNS, type VoteSummaryRow, voteSummaryOf } from '../glosowania/queries.ts';
import { plucked, type Statement } from '../snapshot/statement.ts';
import type {
  CouncillorPolicy,
  LeftOutEntry,
  PolicyCouncillor,
  PolicyDetail,
  PolicyItem,
  PolicyVote,
} from './schemas.ts';

interface Scope {
  kadencja?: string | undefined;
  organ?: number | undefined;
}

const SCORE_COLUMNS = `pr.zgodne, pr.przeciwne, pr.wstrzymane, pr.nieobecne, pr.punkty, pr.mozliwe, pr.zgodnosc_procent, pr.ocena`;

export class PolitykiQueries {
  private readonly listStatement: Statement<[{ organ: number | null }], PolicyItem>;
  private readonly byId: Statement<[string], { nr: number; id: string; nazwa: string; opis: string }>;
  private readonly ids: Statement<[], string>;
  private readonly votes: Statement<
    [{ nr: number; kadencja: string | null; organ: number | null }],
    VoteSummaryRow & Pick<PolicyVote, 'stanowisko' | 'waga'>
  >;
  private readonly leftOut: Statement<[number], LeftOutEntry>;
  private readonly councillors: Statement<[number, string, number], PolicyCouncillor>;
  private readonly ofCouncillor: Statement<[number, string, number], CouncillorPolicy>;

  constructor(db: Database.Database) {
    // Per policy: its counted votes (of one body when asked), the strong ones, the entries left out.
    this.listStatement = db.prepare(`SELECT p.id, p.nazwa, p.opis,
        (SELECT count(*) FROM polityka_glosowanie pg JOIN glosowanie g ON g.id_glosowania = pg.id_glosowania
          WHERE pg.nr = p.nr AND (@organ IS NULL OR g.id_organu = @organ)) AS liczba_glosowan,
        (SELECT count(*) FROM polityka_glosowanie pg JOIN glosowanie g ON g.id_glosowania = pg.id_glosowania
          WHERE pg.nr = p.nr AND pg.waga = 'silna' AND (@organ IS NULL OR g.id_organu = @organ)) AS silne,
        (SELECT count(*) FROM polityka_niedopasowane n WHERE n.nr = p.nr) AS niedopasowane
      FROM polityka p ORDER BY p.nr`);
    this.byId = db.prepare('SELECT nr, id, nazwa, opis FROM polityka WHERE id = ?');
    this.ids = plucked(db, 'SELECT id FROM polityka ORDER BY nr');
    this.votes = db.prepare(`SELECT ${VOTE_SUMMARY_COLUMNS}, pg.stanowisko, pg.waga
      FROM polityka_glosowanie pg JOIN glosowanie g ON g.id_glosowania = pg.id_glosowania
        JOIN organ o ON o.id_organu = g.id_organu
      WHERE pg.nr = @nr AND (@kadencja IS NULL OR g.kadencja = @kadencja) AND (@organ IS NULL OR g.id_organu = @organ)
      ORDER BY g.ord`);
    this.leftOut = db.prepare(
      'SELECT data, tytul, organ, powod FROM polityka_niedopasowane WHERE nr = ? ORDER BY wpis',
    );
    this.councillors = db.prepare(`SELECT pr.id_osoby, r.imie_nazwisko, s.ugrupowanie, ${SCORE_COLUMNS}
      FROM polityka_radny pr JOIN radny r ON r.id_osoby = pr.id_osoby
      LEFT JOIN radny_stat s ON s.kadencja = pr.kadencja AND s.id_osoby = pr.id_osoby
      WHERE pr.nr = ? AND pr.kadencja = ? AND pr.id_organu = ? ORDER BY pr.pozycja`);
    this.ofCouncillor = db.prepare(`SELECT p.id, p.nazwa, p.opis, ${SCORE_COLUMNS}
      FROM polityka_radny pr JOIN polityka p ON p.nr = pr.nr
      WHERE pr.id_osoby = ? AND pr.kadencja = ? AND pr.id_organu = ? ORDER BY pr.nr`);
  }

  list({ organ }: Scope): PolicyItem[] {
    return this.listStatement.all({ organ: organ ?? null });
  }

  /** The policies' ids in file order (the stored answers, the site). */
  policyIds(): string[] {
    return this.ids.all();
  }

  /** The policy `id` in scope, or undefined for an id the snapshot has no policy of. */
  detail(id: string, { kadencja, organ }: Scope): PolicyDetail | undefined {
    const policy = this.byId.get(id);
    if (!policy) return undefined;
    const scope = { nr: policy.nr, kadencja: kadencja ?? null, organ: organ ?? null };
    return {
      id: policy.id,
      nazwa: policy.nazwa,
      opis: policy.opis,
      glosowania: this.votes.all(scope).map(voteSummaryOf),
      niedopasowane: this.leftOut.all(policy.nr),
      radni: this.councillors.all(policy.nr, kadencja ?? ALL_TERMS, organ ?? ALL_BODIES),
    };
  }

  /** The councillor's score on each policy with a ballot of theirs in scope, in file order. */
  ofPerson(id: number, { kadencja, organ }: Scope): CouncillorPolicy[] {
    return this.ofCouncillor.all(id, kadencja ?? ALL_TERMS, organ ?? ALL_BODIES);
  }
}
