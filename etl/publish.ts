// Stage "publish": a snapshot becomes visible only as a whole. The build writes `<db>.building-<pid>`
// and renames it over `<db>` (rename(2) is atomic on one filesystem), so readers see either the old
// file or the new one, and a failed or killed build leaves the published file byte for byte as it was.
// A lock file `<db>.lock` holding the builder's pid keeps two builds (cron and a manual
// `council etl`, or two CLI runs) from racing; a lock left by a dead process is taken over.

import { closeSync, fsyncSync, openSync, readFileSync, readdirSync, renameSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

export class EtlBusyError extends Error {
  constructor(readonly pid: number, lockPath: string) {
    super(`another ETL run (pid ${pid}) is building this database; lock: ${lockPath}`);
    this.name = 'EtlBusyError';
  }
}

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

export const lockPathOf = (dbPath: string) => `${dbPath}.lock`;
export const buildPathOf = (dbPath: string, pid = process.pid) => `${dbPath}.building-${pid}`;

/** Takes the build lock for `dbPath`, or throws EtlBusyError while a live process holds it. */
export function acquireLock(dbPath: string): () => void {
  const lockPath = lockPathOf(dbPath);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(lockPath, 'utf8').trim());
      if (Number.isInteger(holder) && holder > 0 && isAlive(holder)) throw new EtlBusyError(holder, lockPath);
      rmSync(lockPath, { force: true }); // left by a process that died mid-build
    }
  }
  throw new Error(`could not take the build lock ${lockPath}`);
}

/** Removes build files left by builds that were killed (their pid is gone). */
export function removeStaleBuilds(dbPath: string): void {
  const prefix = `${basename(dbPath)}.building-`;
  for (const name of readdirSync(dirname(dbPath))) {
    if (!name.startsWith(prefix)) continue;
    const pid = Number(name.slice(prefix.length).split('-')[0]);
    if (!isAlive(pid) || pid === process.pid) rmSync(join(dirname(dbPath), name), { force: true });
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
