// The published snapshot, opened read-only, and the swap to a newer one. Each request holds the
// snapshot it started with (acquire/release), so a swap never pulls a database from under a request:
// the old connection closes when its last request finishes. A new snapshot is noticed by polling
// the file's identity, which also catches one published by a separate `council etl` process.

import { type BigIntStats, statSync } from 'node:fs';
import Database from 'better-sqlite3';
import type { Logger } from 'pino';
import { SCHEMA_VERSION } from '../../core/snapshot/schema.ts';
import { CODE_VERSION } from '../answers/code-version.ts';
import { createQueries, type Queries } from './queries.ts';
import { messageOf } from '../../core/errors.ts';
import { plucked } from './statement.ts';

export class Snapshot {
  readonly id: string;
  readonly builtAt: string;
  readonly voteCount: number;
  /** Date of the newest vote served (YYYY-MM-DD), null for a snapshot without votes. */
  readonly newestVote: string | null;
  readonly queries: Queries;
  /** The code version its stored answers were rendered by (src/answers/code-version.ts); undefined: none recorded. */
  readonly renderedBy: string | undefined;
  /**
   * Whether its stored answers are this code's (src/answers/stored.ts serves them only then; else every
   * answer is computed live until a refresh re-renders them).
   */
  readonly storedAnswersCurrent: boolean;
  /** What every answer from it is a function of: the snapshot and the code. Every ETag starts with it. */
  readonly answersVersion: string;
  private users = 0;
  private retired = false;
  /** A read transaction is open until the end of this turn of the event loop (`readTogether`). */
  private together = false;
  private readonly begin: Database.Statement;
  private readonly commit: Database.Statement;

  constructor(
    readonly db: Database.Database,
    readonly fileKey: string,
  ) {
    const meta = new Map(
      db
        .prepare<[], { key: string; value: string }>('SELECT key, value FROM meta')
        .all()
        .map((r) => [r.key, r.value]),
    );
    if (meta.get('schema_version') !== String(SCHEMA_VERSION)) {
      throw new Error(
        `snapshot schema version ${meta.get('schema_version')} is not ${SCHEMA_VERSION}; rebuild it with council etl`,
      );
    }
    this.id = meta.get('snapshot') ?? 'unknown';
    this.builtAt = meta.get('built_at') ?? '';
    this.voteCount = plucked<[], number>(db, 'SELECT count(*) FROM glosowanie').get()!;
    this.newestVote = plucked<[], string>(db, 'SELECT data FROM glosowanie WHERE ord = 1').get() ?? null;
    this.queries = createQueries(db);
    this.renderedBy = meta.get('code_version');
    this.storedAnswersCurrent = this.renderedBy === CODE_VERSION;
    this.answersVersion = `${this.id}.${CODE_VERSION}`;
    this.begin = db.prepare('BEGIN');
    this.commit = db.prepare('COMMIT');
  }

  /**
   * The reads of this turn of the event loop share one read transaction, ended when the turn's I/O has
   * been handled (setImmediate). Each statement on its own is a transaction of its own, and SQLite
   * starts every one by locking the file, checking that no journal is hot and that the file has not
   * changed, and ends it by unlocking: 4 fcntl, 3 stat and a read a statement, a third of a stored
   * answer's read (docs/PERFORMANCE.md, issue 43's ninth session). Many requests arrive in one turn
   * under load. The file is read-only for the service and replaced by a rename, so the shared lock held
   * for a turn stands in no one's way; a file written over in place is noticed at the next turn's first
   * read, where each statement noticed it before (issue 42: a read that fails still answers 503).
   * Nothing changes when a transaction cannot be begun (an iterator is open on the connection).
   */
  readTogether(): void {
    if (this.together || !this.db.open || this.db.inTransaction) return;
    try {
      this.begin.run();
    } catch {
      return;
    }
    this.together = true;
    setImmediate(this.endTogether);
  }

  private readonly endTogether = (): void => {
    // An error may have ended it already (SQLite rolls a read back on an I/O error), or a swap closed it.
    if (this.db.open && this.db.inTransaction)
      try {
        this.commit.run();
      } catch {
        // The connection is busy (an iterator open): ended at the next turn.
        setImmediate(this.endTogether);
        return;
      }
    this.together = false;
  };

  /**
   * Opens the file at `path`. Its identity is taken before and after opening: if a publish renamed a
   * new file over the path in between, the connection may hold either file, so it opens again.
   */
  static open(path: string): Snapshot {
    for (let attempt = 0; ; attempt++) {
      const key = fileKeyOf(path);
      if (key === null) throw new Error(`${path} does not exist`);
      const db = new Database(path, { readonly: true, fileMustExist: true });
      let snapshot: Snapshot;
      try {
        db.pragma('query_only = ON');
        // No memory mapping (issue 42): a file rewritten in place under the server (`cp other.db
        // council.db`, the same inode cut short and refilled) turns a read of a mapped page past its new
        // end into SIGBUS, which kills the process. Read through SQLite's page cache, a changed file is
        // an error SQLite reports, and the poll (refresh) takes it out of service.
        db.pragma('mmap_size = 0');
        snapshot = new Snapshot(db, key);
      } catch (error) {
        db.close();
        throw error;
      }
      if (fileKeyOf(path) === key || attempt >= 4) return snapshot;
      db.close();
    }
  }

  acquire(): this {
    this.users++;
    return this;
  }

  release(): void {
    this.users--;
    if (this.retired && this.users === 0) this.db.close();
  }

  /** Closes now if idle, else when the last request releases it. */
  retire(): void {
    this.retired = true;
    if (this.users === 0) this.db.close();
  }
}

/** Identity of a file from its stat: device, inode, modification time, size. */
export const fileKeyOfStat = (s: BigIntStats): string => `${s.dev}:${s.ino}:${s.mtimeNs}:${s.size}`;

/** Whether two file keys (fileKeyOfStat) are of one file: the same device and inode. */
const sameInode = (a: string, b: string): boolean => a.split(':', 2).join(':') === b.split(':', 2).join(':');

/** Identity of the file at `path` (inode and modification time), or null when there is none. */
function fileKeyOf(path: string): string | null {
  try {
    return fileKeyOfStat(statSync(path, { bigint: true }));
  } catch {
    return null;
  }
}

/** The 503 of a request whose snapshot's file was written over while it read it (SnapshotStore.changedUnder). */
export const CHANGED_UNDER = 'the data file changed while this request read it: try again in a moment';

/** The 503 while the file in service was withdrawn and no good one is in place yet (the reason is logged, not sent). */
export const OUT_OF_SERVICE = 'the data is out of service until a good snapshot is in place: try again in a moment';

export class SnapshotStore {
  private current: Snapshot | null = null;
  private timer: NodeJS.Timeout | null = null;
  private failedKey: string | null = null;
  private refused: string | null = null;
  private closed = false;
  /**
   * The file whose SHA-256 is being checked against its manifest (ManifestCheck): until it passes, no byte
   * of it is served (503, no-store), since a damaged one would be sent — and kept by shared caches (issue 42).
   */
  private unchecked: string | null = null;
  /** The key of a file written over in place, seen by the last poll: opened once a poll sees it unchanged. */
  private rewritten: string | null = null;

  constructor(
    readonly path: string,
    private readonly logger?: Logger,
  ) {}

  /** The snapshot in service (for /health), without holding it. */
  get active(): Snapshot | null {
    return this.current;
  }

  /** Why the file at the path is not served (withdraw), until another file is published there; else null. */
  get refusal(): string | null {
    return this.refused;
  }

  /** The identity of the file in service, to withdraw exactly it (withdraw) once a check of it ends. */
  get activeFileKey(): string | null {
    return this.current?.fileKey ?? null;
  }

  /**
   * Takes the snapshot out of service because its file is not what it should be (`reason`, for the log
   * and /health): requests answer 503 until another file is published at the path. With `fileKey`, only
   * if that file is still the one in service (a check that took a while must not withdraw its successor).
   */
  withdraw(reason: string, fileKey: string | null = this.activeFileKey ?? fileKeyOf(this.path)): boolean {
    if (this.closed || fileKey === null || (this.current !== null && this.current.fileKey !== fileKey)) return false;
    const withdrawn = this.current;
    this.current = null;
    this.failedKey = fileKey; // not opened again by the poll
    this.refused = reason;
    withdrawn?.retire();
    this.logger?.error(
      { path: this.path, snapshot: withdrawn?.id ?? null, reason },
      'the snapshot is not served: answering 503 until another is published',
    );
    return true;
  }

  acquire(): Snapshot | null {
    if (this.current !== null && this.current.fileKey === this.unchecked) return null;
    return this.current?.acquire() ?? null;
  }

  /**
   * Why `acquire` gives nothing although data was loaded: its check is not done, or its file was taken
   * out of service (withdraw: damaged, or written over in place) and no good one is in place yet; else null.
   */
  get unavailable(): string | null {
    if (this.current !== null && this.current.fileKey === this.unchecked)
      return 'the snapshot is being checked against its manifest: try again in a few seconds';
    if (this.current === null && this.refused !== null) return OUT_OF_SERVICE;
    return null;
  }

  /** Serves nothing of the file in service until `checked` is called with its key (or another file is published). */
  awaitCheck(): void {
    this.unchecked = this.current?.fileKey ?? null;
  }

  /** The file `fileKey` passed its check (or could not be checked): served from now on. */
  checked(fileKey: string): void {
    if (this.unchecked === fileKey) this.unchecked = null;
  }

  /**
   * Puts the published file in service at start-up, when there is one. A file that exists but cannot
   * be served (not a snapshot, another schema version, unreadable) throws: a server must not start
   * on it and answer 503 forever.
   */
  load(): void {
    if (fileKeyOf(this.path) === null) return;
    try {
      this.swapTo(Snapshot.open(this.path));
    } catch (error) {
      throw new Error(`cannot serve ${this.path}: ${messageOf(error)}`, { cause: error });
    }
  }

  /** Opens the file if it changed since the snapshot in service; returns whether a swap happened. */
  refresh(): boolean {
    if (this.closed) return false;
    const key = fileKeyOf(this.path);
    if (key === null || key === this.current?.fileKey || key === this.failedKey) return false;
    // The file in service written over in place (same device and inode, another size or time: `cp` over
    // it, not a rename): its bytes are gone, so it is not served (503), and whatever the copy leaves is
    // opened only once it has stopped changing for a poll (issue 42).
    if (this.current !== null && sameInode(key, this.current.fileKey)) {
      this.withdraw(
        `${this.path} was written over in place while in service (copied over, not renamed into place): publish a new snapshot by renaming it over the path`,
        this.current.fileKey,
      );
      this.rewritten = key;
      return false;
    }
    if (this.rewritten !== null) {
      const settled = key === this.rewritten;
      this.rewritten = key;
      if (!settled) return false;
      this.rewritten = null;
    }
    let next: Snapshot;
    try {
      next = Snapshot.open(this.path);
    } catch (error) {
      // Logged once per file: the poll does not retry a file that could not be opened.
      this.failedKey = key;
      this.logger?.error(
        { err: error, path: this.path },
        'could not open the new snapshot; keeping the one in service',
      );
      return false;
    }
    this.swapTo(next);
    return true;
  }

  private swapTo(next: Snapshot): void {
    this.failedKey = null;
    this.refused = null;
    const previous = this.current;
    this.current = next;
    previous?.retire();
    this.logger?.info(
      { snapshot: next.id, builtAt: next.builtAt, votes: next.voteCount, previous: previous?.id ?? null },
      'snapshot in service',
    );
    if (next.renderedBy !== undefined && !next.storedAnswersCurrent) {
      this.logger?.warn(
        { snapshot: next.id, renderedBy: next.renderedBy ?? null, code: CODE_VERSION },
        'its stored answers were rendered by other code: every answer is computed live until the next refresh renders them again',
      );
    }
  }

  /**
   * Whether a request that failed reading `held` (a Snapshot, or what its response holds: holdingOf) failed
   * because the file was written over under it (`cp` over the served file: SQLite then reads an empty file
   * or pages of another one — "no such table", "database disk image is malformed", … — issue 42). The
   * poll runs at once, so the file is withdrawn now rather than at its next tick; the request answers 503
   * (`CHANGED_UNDER`), which a proxy retries on another replica.
   */
  changedUnder(held: unknown): boolean {
    if (!(held instanceof Snapshot) || fileKeyOf(this.path) === held.fileKey) return false;
    this.refresh();
    return true;
  }

  /** Polls the file every `intervalMs` for a newly published snapshot. */
  watch(intervalMs = 1000): void {
    if (this.timer || this.closed) return;
    this.timer = setInterval(() => this.refresh(), intervalMs);
    this.timer.unref();
  }

  /** Stops watching and retires the snapshot in service (it closes once its last request finishes). */
  close(): void {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.current?.retire();
    this.current = null;
  }
}
