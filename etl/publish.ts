// Stage "publish": a snapshot becomes visible only as a whole. The build writes `<db>.building-<pid>`
// and renames it over `<db>` (rename(2) is atomic on one filesystem), so readers see either the old
// file or the new one, and a failed or killed build leaves the published file byte for byte as it was.
//
// The build lock `<db>.lock` keeps two builds (cron and a manual `council etl`, or two CLI runs) from
// racing. It is an exclusive SQLite lock (a POSIX record lock) on that file, not a pid written into
// it: the kernel drops the lock when its holder exits, however it exits (SIGKILL, OOM, power loss of a
// container), so a lock left behind by a dead build is simply taken, with no guessing from pids that
// can be reused (containers restart with the same pids) or that belong to another pid namespace.

import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { tmpdir } from 'node:os';
import { APPLICATION_ID } from '../core/snapshot/schema.ts';
import { pendingManifestPathOf, settleManifest } from '../core/snapshot/manifest.ts';
import { SPILL_PREFIX } from './materialise/councillor-ballots.ts';

export class EtlBusyError extends Error {
  constructor(readonly lockPath: string) {
    super(`another ETL run is building this database; lock: ${lockPath}`);
    this.name = 'EtlBusyError';
  }
}

/** The ETL refuses to write where it would destroy something that is not its own. */
export class TargetRefusedError extends Error {
  override name = 'TargetRefusedError';
}

/** Where the snapshot lives unless told otherwise: the only folder the ETL creates when missing. */
export const DEFAULT_DB_PATH = 'var/council.db';
export const isInDefaultFolder = (dbPath: string): boolean =>
  dirname(resolve(dbPath)) === dirname(resolve(DEFAULT_DB_PATH));

/** Opens a SQLite file, naming the path when it cannot (SQLite's own message does not). */
export function openDatabase(path: string, options?: Database.Options): Database.Database {
  try {
    return new Database(path, options);
  } catch (error) {
    throw new Error(`cannot open ${path}: ${(error as Error).message}`, { cause: error });
  }
}

/**
 * Turns the rollback journal of `db`'s schema `schema` off (a throw-away build file). better-sqlite3 opens
 * connections in SQLite's defensive mode, which refuses journal_mode = OFF (the pragma answers `delete` and
 * every transaction wrote a rollback journal): off for this pragma only.
 */
export function journalOff(db: Database.Database, schema = 'main'): void {
  db.unsafeMode(true);
  try {
    db.pragma(`${schema}.journal_mode = OFF`);
  } finally {
    db.unsafeMode(false);
  }
}

/** Whether the file at `path` is a snapshot the ETL built (of this or an earlier schema version). */
function isSnapshot(path: string): boolean {
  let db: Database.Database | undefined;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
    if (db.pragma('application_id', { simple: true }) === APPLICATION_ID) return true;
    // Snapshots from before the application id was set: the schema marker and our tables.
    const tables = new Set(db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[]);
    return (
      tables.has('meta') &&
      tables.has('radny_stat') &&
      tables.has('glosowanie') &&
      db.prepare("SELECT 1 FROM meta WHERE key = 'schema_version'").pluck().get() === 1
    );
  } catch {
    return false; // not SQLite at all
  } finally {
    db?.close();
  }
}

/**
 * Checks that a build may publish to `dbPath`: the ETL replaces only a snapshot of its own, or
 * nothing. A missing folder is created only when asked (the default `var/`); otherwise it is an error,
 * since a typo in a path should not silently create folders.
 */
export function checkTarget(dbPath: string, options: { createFolder: boolean }): void {
  const folder = dirname(dbPath);
  if (!existsSync(folder)) {
    if (!options.createFolder)
      throw new TargetRefusedError(`the folder ${folder} does not exist (for --db ${dbPath}): create it first`);
    mkdirSync(folder, { recursive: true });
  } else if (!statSync(folder).isDirectory()) {
    throw new TargetRefusedError(`${folder} is not a folder (for --db ${dbPath})`);
  }
  if (!existsSync(dbPath)) return;
  if (!statSync(dbPath).isFile()) throw new TargetRefusedError(`${dbPath} is not a file; refusing to replace it`);
  if (!isSnapshot(dbPath)) {
    throw new TargetRefusedError(
      `${dbPath} exists and is not a council snapshot; refusing to replace it (choose another --db, or remove the file yourself)`,
    );
  }
}

export const lockPathOf = (dbPath: string) => `${dbPath}.lock`;
export const buildPathOf = (dbPath: string, pid = process.pid) => `${dbPath}.building-${pid}`;

/** dev:ino of the file at `path`, or null when there is none. */
function inodeOf(path: string): string | null {
  try {
    const s = statSync(path, { bigint: true });
    return `${s.dev}:${s.ino}`;
  } catch {
    return null;
  }
}

/**
 * Takes the build lock for `dbPath`, or throws EtlBusyError while another run (in any process, or in
 * this one) holds it. The returned function releases it: the lock file is removed while still locked,
 * then the lock is dropped, so a waiting process never locks a file that is no longer at the path.
 */
export function acquireLock(dbPath: string): () => void {
  const lockPath = lockPathOf(dbPath);
  for (let attempt = 0; attempt < 5; attempt++) {
    const before = inodeOf(lockPath);
    const db = openDatabase(lockPath, { timeout: 0 });
    try {
      db.pragma('journal_mode = MEMORY'); // nothing is ever written: no `-journal` file beside the lock
      db.exec('BEGIN EXCLUSIVE');
    } catch (error) {
      db.close();
      const code = (error as { code?: string }).code;
      if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED') throw new EtlBusyError(lockPath);
      if (code === 'SQLITE_NOTADB') {
        // Something else sits at the lock path (a file written by hand, a truncated copy): no build
        // can hold a lock on it, so it is stale.
        rmSync(lockPath, { force: true });
        continue;
      }
      throw error;
    }
    // The file locked must be the one at the path (a releasing run removes it while it still holds it).
    // A first attempt that found no file has just created it: the next attempt checks that one.
    if (before !== null && inodeOf(lockPath) === before) {
      return () => {
        rmSync(lockPath, { force: true });
        try {
          db.exec('ROLLBACK');
        } finally {
          db.close();
        }
      };
    }
    db.close();
  }
  throw new Error(`could not take the build lock ${lockPath}`);
}

/**
 * Runs `work` holding the build lock of `dbPath`, released when it returns (or its promise settles).
 * While another build holds the lock: `whenBusy`'s answer when given, else EtlBusyError.
 */
export function withBuildLock<T>(dbPath: string, work: () => T, whenBusy?: () => T): T {
  let release: () => void;
  try {
    release = acquireLock(resolve(dbPath));
  } catch (error) {
    if (whenBusy && error instanceof EtlBusyError) return whenBusy();
    throw error;
  }
  let result: T;
  try {
    result = work();
  } catch (error) {
    release();
    throw error;
  }
  if (result instanceof Promise) result.then(release, release);
  else release();
  return result;
}

/**
 * Removes build files left by builds that were killed. Called with the lock held: every build holds
 * the lock for as long as its build file exists, so any build file found now is left over.
 */
export function removeStaleBuilds(dbPath: string): void {
  const prefix = `${basename(dbPath)}.building-`;
  for (const name of readdirSync(dirname(dbPath))) {
    if (name.startsWith(prefix)) rmSync(join(dirname(dbPath), name), { force: true });
  }
}

/** Makes the finished build the published snapshot: fsync, atomic rename, fsync the directory. */
export function publishBuild(buildPath: string, dbPath: string): void {
  const fd = openSync(buildPath, 'r');
  fsyncSync(fd);
  closeSync(fd);
  renameSync(buildPath, dbPath);
  const dir = openSync(dirname(dbPath), 'r');
  try {
    fsyncSync(dir);
  } finally {
    closeSync(dir);
  }
}

/** What removeKilledBuild removed (path and size), or null when another build holds the lock. */
export type KilledBuildLeftovers = Array<{ path: string; bytes: number }> | null;

const sizeOf = (path: string): number => {
  try {
    const stat = statSync(path);
    if (!stat.isDirectory()) return stat.size;
    return readdirSync(path).reduce((sum, name) => sum + sizeOf(join(path, name)), 0);
  } catch {
    return 0;
  }
};

/**
 * After a build process was killed (SIGINT, SIGTERM, SIGKILL): removes what it left, under the build
 * lock — its build file (any `.building-*` is stale then), a pending manifest (put in place instead when
 * it describes the published file: the build had renamed its file), the spill folder of process `pid` in
 * the temporary folder, and the lock file itself. Null when another build holds the lock: that build
 * removes the leftovers beside the database when it starts.
 */
export function removeKilledBuild(dbPath: string, pid?: number): KilledBuildLeftovers {
  let release: () => void;
  try {
    release = acquireLock(dbPath);
  } catch (error) {
    if (error instanceof EtlBusyError) return null;
    throw error;
  }
  const removed: Array<{ path: string; bytes: number }> = [];
  try {
    const pending = pendingManifestPathOf(dbPath);
    const pendingBytes = sizeOf(pending);
    if (existsSync(pending) && !settleManifest(dbPath, { removeStale: true }))
      removed.push({ path: pending, bytes: pendingBytes });
    const prefix = `${basename(dbPath)}.building-`;
    for (const name of readdirSync(dirname(dbPath))) {
      if (!name.startsWith(prefix)) continue;
      const path = join(dirname(dbPath), name);
      removed.push({ path, bytes: sizeOf(path) });
      rmSync(path, { force: true });
    }
    if (pid !== undefined) {
      for (const name of readdirSync(tmpdir())) {
        if (!name.startsWith(`${SPILL_PREFIX}${pid}-`)) continue;
        const path = join(tmpdir(), name);
        removed.push({ path, bytes: sizeOf(path) });
        rmSync(path, { recursive: true, force: true });
      }
    }
  } finally {
    release(); // removes the lock file
  }
  removed.push({ path: lockPathOf(dbPath), bytes: 0 });
  return removed;
}
