// What every share-link store offers (src/shares/sqlite.ts, src/shares/postgresql.ts). A link is 128
// random bits, base64url; the same (vote, person) pair always returns the same link, whichever
// process or replica asks. The methods are asynchronous because one of the stores is across a network.
//
// A link names its vote by what identifies the vote in its source (`klucz`) and its councillor by name,
// not by row ids alone: a rebuild may renumber both (Radoskop's ids are positions in its files, CONTRACT
// §8), and a link must never open another vote than the one it was made for.

import { randomBytes } from 'node:crypto';

export interface Share {
  link: string;
  /** The vote's id when the link was made: a hint, valid while the ids stay as they were. */
  id_glosowania: number;
  id_osoby: number | null;
  /** What identifies the vote in its source (GlosowaniaQueries.keyOf); null for a link made before it was recorded. */
  klucz: string | null;
  /** The highlighted councillor's name; null when none (or for a link made before it was recorded). */
  osoba: string | null;
  /**
   * Which of the vote's voters of that name (1, 2, … in id order; 0 without a councillor): two councillors
   * may share a name. Null for a link made before it was recorded (share-link schema step 3), whose `klucz`
   * may also be of an older kind: such a link is pinned to the present identity on first use.
   */
  osoba_nr: number | null;
  utworzono: string;
}

/** What a new link is for: the vote and the councillor, by id in the snapshot and by what outlives it. */
export interface ShareTarget {
  id_glosowania: number;
  klucz: string;
  id_osoby: number | null;
  osoba: string | null;
  /** See Share.osoba_nr (never null here). */
  osoba_nr: number;
  /**
   * What links made before step 3 recorded for this vote and councillor, so that linkFor takes such a link
   * over rather than make a second one: the vote's older identity (the session's and vote's numbers,
   * GlosowaniaQueries.legacyKeyOf), and whether the name alone told the councillor apart in the vote.
   */
  dawny_klucz: string;
  osoba_jednoznaczna: boolean;
}

export interface ShareStore {
  /** Where the links are kept, for messages and /health: a path, or a PostgreSQL URL without its password. */
  readonly where: string;
  /**
   * The link of (vote, person), created on first request. A link made before the present identities were
   * recorded, for the same vote and person, is taken over (pinned to this identity).
   */
  linkFor(target: ShareTarget): Promise<{ link: string; created: boolean }>;
  find(link: string): Promise<Share | undefined>;
  /**
   * Records the present identity of a link made before it was recorded (osoba_nr null); a no-op once it has
   * one, or when another link holds that identity already.
   */
  pin(link: string, target: ShareTarget): Promise<void>;
  close(): Promise<void>;
}

/** Stands for "no highlighted councillor" so that UNIQUE (id_glosowania, id_osoby) covers that case too. */
export const NO_PERSON = 0;

export const newLink = (): string => randomBytes(16).toString('base64url');

/** Stands for "no highlighted councillor" in `osoba`, so that UNIQUE (klucz, osoba) covers that case too. */
export const NO_NAME = '';

export interface ShareRow {
  link: string;
  id_glosowania: number;
  id_osoby: number;
  klucz: string | null;
  osoba: string;
  osoba_nr: number | null;
  utworzono: string;
}

/** The columns of a ShareRow, in its order. */
export const SHARE_COLUMNS = 'link, id_glosowania, id_osoby, klucz, osoba, osoba_nr, utworzono';

/** A stored row as a Share: NO_PERSON and NO_NAME back to null. */
export const shareOf = (row: ShareRow): Share => ({
  ...row,
  id_osoby: row.id_osoby === NO_PERSON ? null : row.id_osoby,
  osoba: row.osoba === NO_NAME ? null : row.osoba,
});

/**
 * The store cannot answer now (its database is down, unreachable, busy or full); the message names the
 * database and the cause, for the log. Handlers answer 503 and the snapshot's reads are not affected.
 */
export class SharesUnavailableError extends Error {
  override name = 'SharesUnavailableError';
  /** The database's disk is full: links can be read, not made (SHARES_DISK_FULL). */
  readonly diskFull: boolean;

  constructor(message: string, options: ErrorOptions & { diskFull?: boolean } = {}) {
    super(message, options);
    this.diskFull = options.diskFull ?? false;
  }
}

/** The public words of that 503 (the database's name and the cause stay in the log). */
export const SHARES_UNAVAILABLE =
  'share links are unavailable right now: their database cannot be reached; everything else is served as usual, try again in a minute';
/** …when the disk of the links' database is full (the log names the database and the free space). */
export const SHARES_DISK_FULL =
  'new share links cannot be made right now: the disk of their database is full; links made before open as usual, everything else is served as usual';
