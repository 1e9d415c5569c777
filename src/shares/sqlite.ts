// Share links in their own SQLite file (the default: `npm start` needs nothing else), which the ETL
// never touches: a refresh (or a failed one) cannot lose them. Cluster workers share the file (WAL).

import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { Logger } from 'pino';
import { diskFull, isDiskFull } from '../../core/disk-full.ts';
import { SHARE_MIGRATIONS, refuseNewerSchema } from './migrations.ts';
import {
  NO_NAME,
  NO_PERSON,
  SHARE_COLUMNS,
  type Share,
  type ShareRow,
  type ShareStore,
  type ShareTarget,
  SharesUnavailableError,
  newLink,
  shareOf,
} from './store.ts';
import { codeOf, messageOf } from '../../core/errors.ts';
import { plucked, type Statement } from '../snapshot/statement.ts';

/** Applies the pending migrations in one transaction; refuses a file from a newer version of the service. */
export function migrateShares(db: Database.Database, path: string): void {
  // The version is read inside the write transaction: cluster workers opening the file together
  // migrate it once.
  db.transaction(() => {
    const version = Number(db.pragma('user_version', { simple: true }));
    refuseNewerSchema(version, path);
    for (const { sqlite } of SHARE_MIGRATIONS.slice(version)) db.exec(sqlite);
    if (version < SHARE_MIGRATIONS.length) db.pragma(`user_version = ${SHARE_MIGRATIONS.length}`);
  }).immediate();
}

/** SQLite's answers that mean "not now" (locked past the busy timeout, disk full or failing), not a bug. */
const UNAVAILABLE = /^SQLITE_(BUSY|LOCKED|FULL|IOERR|CANTOPEN|READONLY)/;

const unpinnedParams = (t: ShareTarget) => ({
  id_glosowania: t.id_glosowania,
  id_osoby: t.id_osoby ?? NO_PERSON,
  dawny_klucz: t.dawny_klucz,
  osoba: t.osoba ?? NO_NAME,
  osoba_jednoznaczna: t.osoba_jednoznaczna ? 1 : 0,
});
const pinParams = (link: string, t: ShareTarget) => ({
  link,
  klucz: t.klucz,
  osoba: t.osoba ?? NO_NAME,
  osoba_nr: t.osoba_nr,
});

export class SqliteShareStore implements ShareStore {
  private readonly logger: Logger | undefined;
  private readonly db: Database.Database;
  private readonly findByKey: Statement<[string, string, number], string>;
  private readonly findUnpinned: Statement<[ReturnType<typeof unpinnedParams>], string>;
  private readonly findByLink: Statement<[string], ShareRow>;
  private readonly insert: Database.Statement;
  private readonly pinStatement: Database.Statement;

  /**
   * `busyTimeoutMs`: how long a write waits for another process's write before the store is unavailable;
   * `logger`: where a full disk is reported (the 503's public words do not name the file).
   */
  constructor(
    readonly where: string,
    { busyTimeoutMs = 5000, logger }: { busyTimeoutMs?: number; logger?: Logger } = {},
  ) {
    this.logger = logger;
    try {
      if (where !== ':memory:') mkdirSync(dirname(where), { recursive: true });
      this.db = new Database(where);
    } catch (error) {
      throw new Error(`cannot open the share-link database ${where}: ${messageOf(error)}`, { cause: error });
    }
    this.db.pragma('journal_mode = WAL');
    this.db.pragma(`busy_timeout = ${busyTimeoutMs}`);
    try {
      migrateShares(this.db, where);
    } catch (error) {
      this.db.close();
      throw error;
    }
    this.findByKey = plucked(this.db, 'SELECT link FROM udostepnienie WHERE klucz = ? AND osoba = ? AND osoba_nr = ?');
    // A link made before the present identities for this vote and person: by its ids (step 1), or by the
    // vote's older identity and the name (step 2), and its person id unless the name alone tells them apart.
    this.findUnpinned = plucked(
      this.db,
      `SELECT link FROM udostepnienie WHERE osoba_nr IS NULL AND (
        (klucz IS NULL AND id_glosowania = @id_glosowania AND id_osoby = @id_osoby)
        OR (klucz = @dawny_klucz AND osoba = @osoba AND (id_osoby = @id_osoby OR @osoba_jednoznaczna)))
      LIMIT 1`,
    );
    this.findByLink = this.db.prepare(`SELECT ${SHARE_COLUMNS} FROM udostepnienie WHERE link = ?`);
    this.insert = this.db.prepare(`INSERT INTO udostepnienie (${SHARE_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)`);
    // Pinned only while no other link holds that identity (two old links of one vote and person).
    this.pinStatement = this.db.prepare(`UPDATE udostepnienie SET klucz = @klucz, osoba = @osoba, osoba_nr = @osoba_nr
      WHERE link = @link AND osoba_nr IS NULL
      AND NOT EXISTS (SELECT 1 FROM udostepnienie WHERE klucz = @klucz AND osoba = @osoba AND osoba_nr = @osoba_nr)`);
  }

  async linkFor(target: ShareTarget): Promise<{ link: string; created: boolean }> {
    const { id_glosowania, klucz, id_osoby, osoba_nr } = target;
    // One immediate transaction: another process's link for the same target is either seen or waits.
    return this.answer(() =>
      this.db
        .transaction(() => {
          const name = target.osoba ?? NO_NAME;
          const existing = this.findByKey.get(klucz, name, osoba_nr);
          if (existing) return { link: existing, created: false };
          const unpinned = this.findUnpinned.get(unpinnedParams(target));
          if (unpinned && this.pinStatement.run(pinParams(unpinned, target)).changes === 1)
            return { link: unpinned, created: false };
          const link = newLink();
          this.insert.run(link, id_glosowania, id_osoby ?? NO_PERSON, klucz, name, osoba_nr, new Date().toISOString());
          return { link, created: true };
        })
        .immediate(),
    );
  }

  async find(link: string): Promise<Share | undefined> {
    return this.answer(() => {
      const row = this.findByLink.get(link);
      return row && shareOf(row);
    });
  }

  async pin(link: string, target: ShareTarget): Promise<void> {
    this.answer(() => this.pinStatement.run(pinParams(link, target)));
  }

  async close(): Promise<void> {
    this.db.close();
  }

  private answer<T>(read: () => T): T {
    try {
      return read();
    } catch (error) {
      if (isDiskFull(error)) {
        const full = diskFull(error, `the share-link database ${this.where} cannot store a new link`, [
          { dir: dirname(this.where), role: 'the share links' },
        ]);
        this.logger?.error(
          { err: full, db: this.where },
          'the disk of the share-link database is full: new links answer 503 until space is freed',
        );
        throw new SharesUnavailableError(full.message, { cause: error, diskFull: true });
      }
      const code = codeOf(error);
      if (typeof code === 'string' && UNAVAILABLE.test(code)) {
        throw new SharesUnavailableError(`the share-link database ${this.where} cannot answer: ${messageOf(error)}`, {
          cause: error,
        });
      }
      throw error;
    }
  }
}
