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
//
// Each answer is kept with a CRC-32 of its key (version and URL) and its bytes, checked before they are
// sent: SQLite's own checks (integrity_check) see a page's structure, not a flipped byte inside a blob
// or inside the index that files a row under its URL, and a kept answer is sent as it is, to every later
// request, across restarts. The checksum is computed with the key the request looked up, so a row found
// under another URL than its own (a damaged index entry: `page=3` read as `page=4`) fails it too (issue
// 42). One that fails its checksum is never sent: the row is deleted, the error logged, and the answer
// made live (and kept again).

import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { performance } from 'node:perf_hooks';
import { crc32 } from 'node:zlib';
import Database from 'better-sqlite3';
import type { Logger } from 'pino';
import { diskFull, isDiskFull } from '../../core/disk-full.ts';
import type { Representations } from '../http/delivery.ts';
import type { AnswerSource } from './sources.ts';
import { plucked, rawRows, type Statement } from '../snapshot/statement.ts';

/** PRAGMA user_version of the layout below: a file of another layout (a cache) is emptied and made anew. */
const LAYOUT = 2; // 2: the checksum covers the key
const SCHEMA = `
DROP TABLE IF EXISTS answer;
CREATE TABLE answer (
  id      INTEGER PRIMARY KEY,
  version TEXT NOT NULL,  -- Snapshot.answersVersion: the snapshot's id and the code version
  path    TEXT NOT NULL,  -- the request's URL (path and query string, as sent)
  body    BLOB NOT NULL,  -- the answer's JSON, uncompressed
  crc     INTEGER NOT NULL -- answerChecksum(version, path, body), checked before it is sent
);
-- A rowid table with the key in an index: the blob stays out of the b-tree a lookup walks.
CREATE UNIQUE INDEX answer_path ON answer (version, path);
PRAGMA user_version = ${LAYOUT};
`;

/** The CRC-32 of a kept answer under its key: the version and URL, then the body. */
export const answerChecksum = (version: string, path: string, body: Buffer): number =>
  crc32(body, crc32(`${version}\u0000${path}\u0000`));

/** How often made answers are written, in one transaction. */
const FLUSH_MS = 250;
/** The most of the file read through a memory map (SQLite's own cap is 2 GiB unless built otherwise). */
const MMAP_MAX_BYTES = 2 ** 31;
/** Made answers waiting for the next write, at most (bytes): past it, new ones are not kept. */
const PENDING_MAX_BYTES = 16 * 2 ** 20;
/** The longest the rows just written are read through the map without a break (ms): see `touch`. */
const TOUCH_SLICE_MS = 2;
/** The share of a flush interval the event loop may spend on other work and still count as idle. */
const IDLE_SHARE = 0.05;
/** Other work between two slices that ends the touching until the next idle interval (ms): requests came
 * (a kept page takes ~0.2 ms); a monitor's timer (bench/probe.ts, every 5 ms) does not. */
const INTERRUPT_MS = 1;
/** Ranges of written rows waiting to be touched, at most: past it the oldest are read first by a request, as before. */
const UNTOUCHED_MAX = 1024;

export class AnswerStore {
  private readonly db: Database.Database;
  /** id, body, crc of a version's answer at a path. */
  private readonly read: Statement<[string, string], [number, Buffer, number]>;
  private readonly write: Database.Statement;
  private readonly drop: Database.Statement;
  private readonly pageCount: Statement<[], number>;
  private readonly freePages: Statement<[], number>;
  /** A byte of each row from `from` to `to` by id: reads the whole row through the map (see `touch`). */
  private readonly touchRows: Statement<[number, number], [number, Buffer]>;
  private readonly pageSize: number;
  /** Answers made since the last write, by version then path: served from here until written. */
  private pending = new Map<string, Map<string, Buffer>>();
  private pendingBytes = 0;
  private full = false;
  private failed = false;
  private readonly timer: NodeJS.Timeout;
  /** The newest version written by this process; older ones are deleted when it changes. */
  private current: string | undefined;
  /** Ids of the rows this process wrote and has not read since, one range a flush, oldest first. */
  private untouched: Array<{ from: number; to: number }> = [];
  private touching = false;
  /** The event loop's time at the last flush interval, and the time spent touching since (ms). */
  private loopMark = performance.eventLoopUtilization();
  private touchedMs = 0;

  private constructor(
    private readonly path: string,
    private readonly maxBytes: number,
    private readonly logger: Logger,
  ) {
    mkdirSync(dirname(path), { recursive: true });
    this.db = new Database(path);
    this.db.pragma('busy_timeout = 2000'); // sibling workers open and write the same file
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL'); // a cache: losing the last writes in a power cut is fine, a corrupt file is not
    // Read through a memory map: a kept page (116 KB on the Sejm term) is then one copy out of the map
    // instead of 29 reads of 4 KiB through SQLite's page cache, a third of its cost (docs/PERFORMANCE.md,
    // issue 43's third session). The snapshot is read without one (src/snapshot/snapshot.ts: a file
    // copied over in place would kill the process with SIGBUS); this file is the service's own cache,
    // written only by SQLite (this process and its sibling workers), never swapped or copied over. A
    // flipped byte still fails its checksum; what a map cannot turn into an error is a disk failing
    // under a read (SIGBUS, where an unmapped read failed the store and left the service answering
    // live). The map covers the budget and some room past it (the file may pass the budget by one
    // flush); SQLite reads beyond the map as before.
    this.db.pragma(`mmap_size = ${Math.min(2 * maxBytes, MMAP_MAX_BYTES)}`);
    // Sibling workers open the file together: the layout is checked and made in one write transaction.
    this.db
      .transaction(() => {
        if (this.db.pragma('user_version', { simple: true }) !== LAYOUT) this.db.exec(SCHEMA);
      })
      .immediate();
    this.read = rawRows(this.db, 'SELECT id, body, crc FROM answer WHERE version = ? AND path = ?');
    this.write = this.db.prepare('INSERT OR IGNORE INTO answer (version, path, body, crc) VALUES (?, ?, ?, ?)');
    this.drop = this.db.prepare('DELETE FROM answer WHERE id = ?'); // by rowid: the index may be what is damaged
    this.pageCount = plucked(this.db, 'PRAGMA page_count');
    this.freePages = plucked(this.db, 'PRAGMA freelist_count');
    this.pageSize = Number(this.db.pragma('page_size', { simple: true }));
    this.touchRows = rawRows(this.db, 'SELECT id, substr(body, 1, 1) FROM answer WHERE id BETWEEN ? AND ? ORDER BY id');
    this.timer = setInterval(() => {
      this.flush();
      this.touchWhenIdle();
    }, FLUSH_MS).unref();
  }

  /** The store at `path`, or undefined (with a warning) when it cannot be opened: answers are then made live every time. */
  static open(path: string, maxBytes: number, logger: Logger): AnswerStore | undefined {
    try {
      return new AnswerStore(path, maxBytes, logger);
    } catch (error) {
      logger.warn(
        { err: error, path },
        'the answer store cannot be opened; every answer not stored with the snapshot is made live',
      );
      return undefined;
    }
  }

  /** The kept answer for `path` made under `version`, if any. */
  get(version: string, path: string): Buffer | undefined {
    const waiting = this.pending.get(version)?.get(path);
    if (waiting) return waiting;
    if (this.failed) return undefined;
    try {
      const row = this.read.get(version, path);
      if (!row) return undefined;
      const [id, body, crc] = row;
      const actual = answerChecksum(version, path, body);
      if (actual === crc) return body;
      this.logger.error(
        { path, version, bytes: body.length, crc, actual },
        "a kept answer failed its checksum (the answer store's file is damaged): not sent, deleted, answered live",
      );
      // Logged first: deleting may fail on the damage itself (an index entry naming another row), which
      // leaves the store off (fail) and every answer made live.
      this.drop.run(id);
      return undefined;
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
      let from = Infinity;
      let to = -Infinity;
      this.db.transaction(() => {
        for (const [path, body] of batch.get(newest) ?? []) {
          const { changes, lastInsertRowid } = this.write.run(newest, path, body, answerChecksum(newest, path, body));
          if (changes === 0) continue; // kept already, by a sibling worker
          from = Math.min(from, Number(lastInsertRowid));
          to = Math.max(to, Number(lastInsertRowid));
        }
        if (newest !== this.current) this.db.prepare('DELETE FROM answer WHERE version <> ?').run(newest);
      })();
      this.current = newest;
      if (from <= to) {
        this.untouched.push({ from, to });
        if (this.untouched.length > UNTOUCHED_MAX) this.untouched.shift();
      }
      this.full = (this.pageCount.get()! - this.freePages.get()!) * this.pageSize >= this.maxBytes;
      if (this.full)
        this.logger.info(
          { maxBytes: this.maxBytes },
          'the answer store reached its budget (ANSWER_STORE_MB); new answers are made live',
        );
    } catch (error) {
      this.fail(error);
    }
  }

  /**
   * Reads the rows this process wrote and has not read since through the memory map, for at most `ms`;
   * true when some are left. The first read of a page through the map after it was written costs ~3×
   * a later one (each 4 KiB of the file mapped into the process by a page fault, dear on this
   * virtualised machine: docs/PERFORMANCE.md, issue 43's sixteenth session), and that is paid here, when
   * the process is idle (`touchWhenIdle`), instead of by the request that first asks for the answer.
   * Nothing read here is sent: every answer sent is read and its checksum checked by `get`, as before.
   */
  touch(ms: number): boolean {
    const start = performance.now();
    try {
      while (this.untouched.length > 0 && !this.failed) {
        const range = this.untouched[0]!;
        let timeUp = false;
        for (const [id] of this.touchRows.iterate(range.from, range.to)) {
          range.from = id + 1;
          if (performance.now() - start >= ms) {
            timeUp = true;
            break; // ends the statement
          }
        }
        if (range.from > range.to || !timeUp) this.untouched.shift();
        if (timeUp) break;
      }
    } catch (error) {
      // A read that fails here fails again for the request that asks for the row, and is handled there.
      this.untouched = [];
      this.logger.warn({ err: error }, "the answer store's rows just written could not be read ahead");
    }
    this.touchedMs += performance.now() - start;
    return this.untouched.length > 0;
  }

  /**
   * Touches the rows just written in slices of TOUCH_SLICE_MS while the event loop has nothing else to
   * do: begun when it spent under IDLE_SHARE of the last flush interval on other work, given up as soon
   * as other work (a request) ran between two slices, begun again at the next idle interval.
   */
  private touchWhenIdle(): void {
    const loop = performance.eventLoopUtilization(this.loopMark);
    const otherMs = loop.active - this.touchedMs;
    this.loopMark = performance.eventLoopUtilization();
    this.touchedMs = 0;
    if (this.touching || this.untouched.length === 0 || this.failed) return;
    if (otherMs > IDLE_SHARE * (loop.active + loop.idle)) return;
    this.touching = true;
    let mark = performance.eventLoopUtilization();
    const slice = (): void => {
      const between = performance.eventLoopUtilization(mark);
      if (!this.db.open || between.active > INTERRUPT_MS || !this.touch(TOUCH_SLICE_MS)) {
        this.touching = false;
        return;
      }
      mark = performance.eventLoopUtilization();
      setImmediate(slice);
    };
    setImmediate(slice);
  }

  private fail(error: unknown): void {
    this.failed = true;
    this.pending.clear();
    if (isDiskFull(error)) {
      const full = diskFull(error, `the answer store ${this.path} cannot keep answers`, [
        { dir: dirname(this.path), role: 'the answer store' },
      ]);
      this.logger.warn(
        { err: full, path: this.path },
        `${full.message}; every answer not stored with the snapshot is made live from now on`,
      );
      return;
    }
    this.logger.warn(
      { err: error },
      'the answer store failed; every answer not stored with the snapshot is made live from now on',
    );
  }

  /** The store as one of the answer sources of the snapshot and code `version` (Snapshot.answersVersion). */
  sourceFor(version: string): AnswerSource {
    return {
      name: 'answer store',
      keepsEncoded: false,
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
