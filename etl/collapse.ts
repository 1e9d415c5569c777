// A build never replaces the published snapshot with a collapse of it: upstream data that lost a
// council or most of its votes (a scraper that broke, a mirror cut short) must not become the served
// data. Before publishing, the build's votes per council are compared with the published snapshot's;
// the limits are configurable, and `--force` publishes anyway.

import Database from 'better-sqlite3';
import { percentString } from '../core/contract.ts';

export interface CollapseLimits {
  /** Percent of the published votes a build may lose (REFRESH_MAX_VOTES_LOST). */
  maxVotesLost: number;
  /** Percent of the councils with votes that may end up with none (REFRESH_MAX_COUNCILS_LOST). */
  maxCouncilsLost: number;
}

export const DEFAULT_LIMITS: Readonly<CollapseLimits> = { maxVotesLost: 20, maxCouncilsLost: 0 };

/** The limits of the service's configuration (src/config.ts keys). */
export const limitsFrom = (settings: {
  REFRESH_MAX_VOTES_LOST: number;
  REFRESH_MAX_COUNCILS_LOST: number;
}): CollapseLimits => ({
  maxVotesLost: settings.REFRESH_MAX_VOTES_LOST,
  maxCouncilsLost: settings.REFRESH_MAX_COUNCILS_LOST,
});

/** Votes of a snapshot: in all, and per council (a body that is not a committee), by name — ids may shift between builds. */
export interface VoteTally {
  votes: number;
  councils: Map<string, number>;
}

/**
 * The votes of the snapshot open in `db`: from the materialised summary (`zestawienie`, all terms),
 * or counted from the raw tables in a snapshot of another schema version.
 */
export function voteTally(db: Database.Database): VoteTally {
  let rows: Array<{ id_organu: number; nazwa: string | null; typ: string | null; votes: number }>;
  try {
    rows = db
      .prepare(
        `SELECT z.id_organu, o.nazwa, o.typ, z.liczba_glosow AS votes
      FROM zestawienie z LEFT JOIN organ o ON o.id_organu = z.id_organu WHERE z.kadencja = '*'`,
      )
      .all() as typeof rows;
  } catch {
    rows = db
      .prepare(
        `SELECT o.id_organu, o.nazwa, o.typ, count(g.id_glosowania) AS votes FROM organ o
      LEFT JOIN posiedzenie p ON p.id_organu = o.id_organu LEFT JOIN glosowanie g ON g.id_posiedzenia = p.id_posiedzenia
      GROUP BY o.id_organu`,
      )
      .all() as typeof rows;
    rows.push({
      id_organu: 0,
      nazwa: null,
      typ: null,
      votes: db.prepare('SELECT count(*) FROM glosowanie').pluck().get() as number,
    });
  }
  const councils = new Map<string, number>();
  let votes = 0;
  for (const row of rows) {
    if (row.id_organu === 0) votes = row.votes;
    else if (row.typ !== 'komisja' && row.nazwa !== null)
      councils.set(row.nazwa, (councils.get(row.nazwa) ?? 0) + row.votes);
  }
  return { votes, councils };
}

/** The tally of the published snapshot at `dbPath`, or null when there is none to compare with. */
export function publishedTally(dbPath: string): VoteTally | null {
  let db: Database.Database;
  try {
    db = new Database(dbPath, { readonly: true, fileMustExist: true });
  } catch {
    return null;
  }
  try {
    return voteTally(db);
  } catch {
    return null; // not a snapshot the ETL can read: checkTarget has judged it already
  } finally {
    db.close();
  }
}

const n = (count: number) => count.toLocaleString('en');
const LISTED = 10;

/** Why publishing `built` over `published` would be a collapse, or null when it is not. */
export function collapseOf(published: VoteTally, built: VoteTally, limits: CollapseLimits): string | null {
  if (published.votes === 0) return null;
  if (built.votes === 0) return `the new build has no votes (the published snapshot has ${n(published.votes)})`;
  const reasons: string[] = [];
  const withVotes = [...published.councils].filter(([, votes]) => votes > 0);
  const lost = withVotes.filter(([name]) => (built.councils.get(name) ?? 0) === 0);
  if (lost.length * 100 > limits.maxCouncilsLost * withVotes.length) {
    const named = lost
      .slice(0, LISTED)
      .map(([name, votes]) => `${name} (${n(votes)} vote${votes === 1 ? '' : 's'})`)
      .join(', ');
    reasons.push(
      `has no votes of ${lost.length} council${lost.length === 1 ? '' : 's'} that had them: ${named}` +
        `${lost.length > LISTED ? ` and ${lost.length - LISTED} more` : ''}` +
        `${limits.maxCouncilsLost > 0 ? ` (${percentString(lost.length, withVotes.length)} % of ${withVotes.length}; at most ${limits.maxCouncilsLost} % may go)` : ''}`,
    );
  }
  const gone = published.votes - built.votes;
  if (gone * 100 > limits.maxVotesLost * published.votes) {
    reasons.push(
      `loses ${n(gone)} of ${n(published.votes)} votes (${percentString(gone, published.votes)} %; at most ${limits.maxVotesLost} % may go)`,
    );
  }
  return reasons.length === 0 ? null : `the new build ${reasons.join(' and ')}`;
}

/** A build that would publish a collapse of the snapshot it replaces. */
export class CollapseRefusedError extends Error {
  readonly reason = 'collapse';
  override name = 'CollapseRefusedError';
  constructor(dbPath: string, why: string) {
    super(`refusing to publish over ${dbPath}: ${why}; the published snapshot stays (--force publishes it anyway)`);
  }
}
