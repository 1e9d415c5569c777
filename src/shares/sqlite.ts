// Share links in their own SQLite file (the default: `npm start` needs nothing else), which the ETL
// never touches: a refresh (or a failed one) cannot lose them. Cluster workers share the file (WAL).

import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { SHARE_MIGRATIONS, refuseNewerSchema } from './migrations.ts';
import { NO_PERSON, type Share, type ShareStore, SharesUnavailableError, newLink, shareOf } from './store.ts';

/** Applies the pending migrations in one transaction; refuses a file from a newer version of the service. */
export function migrateShares(db: Database.Database, path: string): void {
  // The version is read inside the write transaction: cluster workers opening the file together
  // migrate it once.
  db.transaction(() => {
    const version = db.pragma('user_version', { simple: true }) as number;
    refuseNewerSchema(version, path);
    for (const { sqlite } of SHARE_MIGRATIONS.slice(version)) db.exec(sqlite);
    if (version < SHARE_MIGRATIONS.length) db.pragma(`user_version = ${SHARE_MIGRATIONS.length}`);
  }).immediate();
}

/** SQLite's answers that mean "not now" (locked past the busy timeout, disk full or failing), not a bug. */
const UNAVAILABLE = /^SQLITE_(BUSY|LOCKED|FULL|IOERR|CANTOPEN|READONLY)/;

export class SqliteShareStore implements ShareStore {
  private readonly db: Database.Database;
  private readonly findByPair: Database.Statement;
  private readonly findByLink: Database.Statement;
  private readonly insert: Database.Statement;

  /** `busyTimeoutMs`: how long a write waits for another process's write before the store is unavailable. */
  constructor(readonly where: string, { busyTimeoutMs = 5000 } = {}) {
    try {
      if (where !== ':memory:') mkdirSync(dirname(where), { recursive: true });
      this.db = new Database(where);
    } catch (error) {
      throw new Error(`cannot open the share-link database ${where}: ${(error as Error).message}`, { cause: error });
    }
    this.db.pragma('journal_mode = WAL');
    this.db.pragma(`busy_timeout = ${busyTimeoutMs}`);
    try {
      migrateShares(this.db, where);
    } catch (error) {
      this.db.close();
      throw error;
    }
    this.findByPair = this.db.prepare('SELECT link FROM udostepnienie WHERE id_glosowania = ? AND id_osoby = ?').pluck();
    this.findByLink = this.db.prepare('SELECT link, id_glosowania, id_osoby, utworzono FROM udostepnienie WHERE link = ?');
    this.insert = this.db.prepare(
      'INSERT INTO udostepnienie (link, id_glosowania, id_osoby, utworzono) VALUES (?, ?, ?, ?) ON CONFLICT (id_glosowania, id_osoby) DO NOTHING');
  }

  async linkFor(voteId: number, personId: number | null): Promise<{ link: string; created: boolean }> {
    return this.answer(() => {
      const person = personId ?? NO_PERSON;
      const existing = this.findByPair.get(voteId, person) as string | undefined;
      if (existing) return { link: existing, created: false };
      const link = newLink();
      const inserted = this.insert.run(link, voteId, person, new Date().toISOString()).changes === 1;
      // Another process may have created the pair between the two statements: return its link.
      return inserted ? { link, created: true } : { link: this.findByPair.get(voteId, person) as string, created: false };
    });
  }

  async find(link: string): Promise<Share | undefined> {
    return this.answer(() => {
      const row = this.findByLink.get(link) as Parameters<typeof shareOf>[0] | undefined;
      return row && shareOf(row);
    });
  }

  async close(): Promise<void> {
    this.db.close();
  }

  private answer<T>(read: () => T): T {
    try {
      return read();
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (typeof code === 'string' && UNAVAILABLE.test(code)) {
        throw new SharesUnavailableError(`the share-link database ${this.where} cannot answer: ${(error as Error).message}`, { cause: error });
      }
      throw error;
    }
  }
}
