// What every share-link store offers (src/shares/sqlite.ts, src/shares/postgresql.ts). A link is 128
// random bits, base64url; the same (vote, person) pair always returns the same link, whichever
// process or replica asks. The methods are asynchronous because one of the stores is across a network.

import { randomBytes } from 'node:crypto';

export interface Share {
  link: string;
  id_glosowania: number;
  id_osoby: number | null;
  utworzono: string;
}

export interface ShareStore {
  /** Where the links are kept, for messages and /health: a path, or a PostgreSQL URL without its password. */
  readonly where: string;
  /** The link of (vote, person), created on first request. */
  linkFor(voteId: number, personId: number | null): Promise<{ link: string; created: boolean }>;
  find(link: string): Promise<Share | undefined>;
  close(): Promise<void>;
}

/** Stands for "no highlighted councillor" so that UNIQUE (id_glosowania, id_osoby) covers that case too. */
export const NO_PERSON = 0;

export const newLink = (): string => randomBytes(16).toString('base64url');

/** A stored row as a Share: NO_PERSON back to null. */
export const shareOf = (row: { link: string; id_glosowania: number; id_osoby: number; utworzono: string }): Share =>
  ({ ...row, id_osoby: row.id_osoby === NO_PERSON ? null : row.id_osoby });

/**
 * The store cannot answer now (its database is down, unreachable, busy or full); the message names the
 * database and the cause, for the log. Handlers answer 503 and the snapshot's reads are not affected.
 */
export class SharesUnavailableError extends Error {
  override name = 'SharesUnavailableError';
}

/** The public words of that 503 (the database's name and the cause stay in the log). */
export const SHARES_UNAVAILABLE = 'share links are unavailable right now: their database cannot be reached; everything else is served as usual, try again in a minute';
