// Answers kept on disk once made: the national counterpart of the stored answers. The ETL renders the
// answers of a few hundred thousand URLs with the snapshot (src/answers/render.ts); a national snapshot
// has about 33 million, so the rest are made live on first request and written here, keyed by the
// snapshot and code they came from (Snapshot.answersVersion), so that the next request for the same URL
// — from this process, a sibling worker, or after a restart — costs one indexed read, as a stored
// answer does. An answer is a pure function of (snapshot, code, URL), so a kept one is never stale: a
// new snapshot or new code has a new version and finds nothing of the old ones, which are deleted.
//
// It is a cache, and behaves like one: writes are batched off the request path (one transaction every
// FLUSH_MS), the file stops growing at its budget, and a file that cannot be opened or written leaves
// the service answering live, with one warning in the log.

import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { Logger } from 'pino';
import type { Representations } from '../http/delivery.ts';
import type { AnswerSource } from './sources.ts';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS answer (
  id      INTEGER PRIMARY KEY,
  version TEXT NOT NULL,  -- Snapshot.answersVersion: the snapshot's id and the code version
  path    TEXT NOT NULL,  -- the request's URL (path and query string, as sent)
  body    BLOB NOT NULL   -- the answer's JSON, uncompressed
);
-- A rowid table with the key in an index: the blob stays out of the b-tree a lookup walks.
CREATE UNIQUE INDEX IF NOT EXISTS answer_path ON answer (version, path);
`;

/** How often made answers are written, in one transaction. */
const FLUSH_MS = 250;
/** Made answers waiting for the next write, at most (bytes): past it, new ones are not kept. */
const PENDING_MAX_BYTES = 16 * 2 ** 20;

export class AnswerStore {
  private readonly db: Database.Database;
  private readonly read: Database.Statement;
  private readonly write: Database.Statement;
  private readonly pageCount: Database.Statement;
  private readonly freePages: Database.Statement;
  private readonly pageSize: number;
  /** Answers made since the last write, by version then path: served from here until written. */
  private pending = new Map<string, Map<string, Buffer>>();
  private pendingBytes = 0;
  private full = false;
  private failed = false;
  private readonly timer: NodeJS.Timeout;
  /** The newest version written by this process; older ones are deleted when it changes. */
  private current: string | undefined;

  private constructor(path: string, private readonly maxBytes: number, private readonly logger: Logger) {
    mkdirSync(dirname(path), { recursive: true });
    this.db = new Database(path);
    this.db.pragma('busy_timeout = 2000'); // sibling workers open and write the same file
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL'); // a cache: losing the last writes in a power cut is fine, a corrupt file is not
    this.db.exec(SCHEMA);
    this.read = this.db.prepare('SELECT body FROM answer WHERE version = ? AND path = ?').pluck();
    this.write = this.db.prepare('INSERT OR IGNORE INTO answer (version, path, body) VALUES (?, ?, ?)');
    this.pageCount = this.db.prepare('PRAGMA page_count').pluck();
    this.freePages = this.db.prepare('PRAGMA freelist_count').pluck();
    this.pageSize = this.db.pragma('page_size', { simple: true }) as number;
    this.timer = setInterval(() => this.flush(), FLUSH_MS).unref();
  }

  /** The store at `path`, or undefined (with a warning) when it cannot be opened: answers are then made live every time. */
  static open(path: string, maxBytes: number, logger: Logger): AnswerStore | undefined {
    try {
      return new AnswerStore(path, maxBytes, logger);
    } catch (error) {
      logger.warn({ err: error, path }, 'the answer store cannot be opened; every answer not stored with the snapshot is made live');
      return undefined;
    }
  }

  /** The kept answer for `path` made under `version`, if any. */
  get(version: string, path: string): Buffer | undefined {
    const waiting = this.pending.get(version)?.get(path);
    if (waiting) return waiting;
    if (this.failed) return undefined;
    try {
      return this.read.get(version, path) as Buffer | undefined;
    } catch (error) {
      this.fail(error);
      return undefined;
    }
  }

  /** Keeps an answer just made (written at the next flush), unless the store is full or failed. */
  add(version: string, path: string, body: Buffer): void {
    if (this.full || this.failed || this.pendingBytes + body.length > PENDING_MAX_BYTES) return;
    let byPath = this.pending.get(version);
    if (!byPath) this.pending.set(version, (byPath = new Map()));
    if (byPath.has(path)) return;
    byPath.set(path, body);
    this.pendingBytes += body.length;
  }

  /**
   * Writes what is pending in one transaction. Versions begin with their snapshot's build time
   * (Snapshot.id), so the greatest is the newest: answers of an older one (requests still finishing on
   * a retired snapshot) are not written, and when a newer one arrives the rest are deleted.
   */
  flush(): void {
    if (this.pending.size === 0 || this.failed) return;
    const batch = this.pending;
    this.pending = new Map();
    this.pendingBytes = 0;
    const newest = [...batch.keys()].reduce((a, b) => (b > a ? b : a), this.current ?? '');
    try {
      this.db.transaction(() => {
        for (const [path, body] of batch.get(newest) ?? []) this.write.run(newest, path, body);
        if (newest !== this.current) this.db.prepare('DELETE FROM answer WHERE version <> ?').run(newest);
      })();
      this.current = newest;
      this.full = ((this.pageCount.get() as number) - (this.freePages.get() as number)) * this.pageSize >= this.maxBytes;
      if (this.full) this.logger.info({ maxBytes: this.maxBytes }, 'the answer store reached its budget (ANSWER_STORE_MB); new answers are made live');
    } catch (error) {
      this.fail(error);
    }
  }

  private fail(error: unknown): void {
    this.failed = true;
    this.pending.clear();
    this.logger.warn({ err: error }, 'the answer store failed; every answer not stored with the snapshot is made live from now on');
  }

  /** The store as one of the answer sources of the snapshot and code `version` (Snapshot.answersVersion). */
  sourceFor(version: string): AnswerSource {
    return {
      name: 'answer store',
      keepsEncoded: false,
      // Read from disk: kept in memory for the next request.
      promote: true,
      find: (url) => {
        const body = this.get(version, url);
        return body && { entry: { body, encoded: {} } };
      },
      keep: (url: string, entry: Representations) => this.add(version, url, entry.body),
    };
  }

  /** Writes what is pending and closes the file. */
  close(): void {
    clearInterval(this.timer);
    this.flush();
    this.db.close();
  }
}
