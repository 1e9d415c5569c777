// Share links live in their own database file, which the ETL never touches: a refresh (or a failed
// one) cannot lose them. A link is 128 random bits, base64url; the same (vote, person) pair always
// returns the same link. Unlike the rebuilt snapshot this file lives for years, so its schema changes
// by numbered migrations (PRAGMA user_version), never by rebuilding it.

import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';

export interface Share {
  link: string;
  id_glosowania: number;
  id_osoby: number | null;
  utworzono: string;
}

const NO_PERSON = 0; // stands for "no highlighted councillor" so that UNIQUE covers that case too

/**
 * The schema's history, oldest first; `user_version` records how many are applied. Append only: a
 * file in service has run the earlier ones. Migration 1 adopts files made before versioning (version
 * 0, the same table created with IF NOT EXISTS) without touching their rows.
 */
export const SHARE_MIGRATIONS: readonly string[] = [
  `CREATE TABLE IF NOT EXISTS udostepnienie (
    link          TEXT PRIMARY KEY,
    id_glosowania INTEGER NOT NULL,
    id_osoby      INTEGER NOT NULL,
    utworzono     TEXT NOT NULL,
    UNIQUE (id_glosowania, id_osoby)
  )`,
];

/** Applies the pending migrations in one transaction; refuses a file from a newer version of the service. */
export function migrateShares(db: Database.Database, path: string): void {
  // The version is read inside the write transaction: cluster workers opening the file together
  // migrate it once.
  db.transaction(() => {
    const version = db.pragma('user_version', { simple: true }) as number;
    if (version > SHARE_MIGRATIONS.length) {
      throw new Error(`the share-link database ${path} has schema version ${version}, newer than this service knows (${SHARE_MIGRATIONS.length}); upgrade the service`);
    }
    for (const sql of SHARE_MIGRATIONS.slice(version)) db.exec(sql);
    if (version < SHARE_MIGRATIONS.length) db.pragma(`user_version = ${SHARE_MIGRATIONS.length}`);
  }).immediate();
}

export class ShareStore {
  private readonly db: Database.Database;
  private readonly findByPair: Database.Statement;
  private readonly findByLink: Database.Statement;
  private readonly insert: Database.Statement;

  constructor(path: string) {
    try {
      if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
      this.db = new Database(path);
    } catch (error) {
      throw new Error(`cannot open the share-link database ${path}: ${(error as Error).message}`, { cause: error });
    }
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('busy_timeout = 5000');
    try {
      migrateShares(this.db, path);
    } catch (error) {
      this.db.close();
      throw error;
    }
    this.findByPair = this.db.prepare('SELECT link FROM udostepnienie WHERE id_glosowania = ? AND id_osoby = ?').pluck();
    this.findByLink = this.db.prepare('SELECT link, id_glosowania, id_osoby, utworzono FROM udostepnienie WHERE link = ?');
    this.insert = this.db.prepare(
      'INSERT INTO udostepnienie (link, id_glosowania, id_osoby, utworzono) VALUES (?, ?, ?, ?) ON CONFLICT (id_glosowania, id_osoby) DO NOTHING');
  }

  /** The link of (vote, person), created on first request. */
  linkFor(voteId: number, personId: number | null): { link: string; created: boolean } {
    const person = personId ?? NO_PERSON;
    const existing = this.findByPair.get(voteId, person) as string | undefined;
    if (existing) return { link: existing, created: false };
    const link = randomBytes(16).toString('base64url');
    const inserted = this.insert.run(link, voteId, person, new Date().toISOString()).changes === 1;
    // Another process may have created the pair between the two statements: return its link.
    return inserted ? { link, created: true } : { link: this.findByPair.get(voteId, person) as string, created: false };
  }

  find(link: string): Share | undefined {
    const row = this.findByLink.get(link) as Share | undefined;
    return row && { ...row, id_osoby: row.id_osoby === NO_PERSON ? null : row.id_osoby };
  }

  close(): void {
    this.db.close();
  }
}
