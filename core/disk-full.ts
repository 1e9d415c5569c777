// A full disk, said as such. SQLite reports it as „database or disk is full” (SQLITE_FULL) and the
// system as ENOSPC („no space left on device, write”), neither naming the file or the disk: the
// operator then cannot tell which of the folders a build writes to (the snapshot's, SQLite's temporary
// files, the ETL's spill files) ran out. Messages made here name what could not be written and how
// much space each folder involved has left.

import { accessSync, constants, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { resolve } from 'node:path';
import { codeOf, messageOf } from './errors.ts';

/** Whether `error` is a full disk (or an exhausted quota): SQLite's or the system's. */
export function isDiskFull(error: unknown): boolean {
  const code = codeOf(error);
  return code === 'SQLITE_FULL' || code === 'ENOSPC' || code === 'EDQUOT';
}

/** Where SQLite puts its temporary files (unixTempFileDir): the first writable of these. */
export function sqliteTempDir(env: NodeJS.ProcessEnv = process.env): string {
  for (const dir of [env['SQLITE_TMPDIR'], env['TMPDIR'], '/var/tmp', '/usr/tmp', '/tmp', '.']) {
    if (!dir) continue;
    try {
      accessSync(dir, constants.W_OK | constants.X_OK);
      return resolve(dir);
    } catch {
      /* the next one */
    }
  }
  return resolve('.');
}

/** Where the ETL spills files of its own (node's os.tmpdir()). */
export const spillDir = (): string => resolve(tmpdir());

const UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
/** A size for people: 512 B, 4.2 MiB. */
export function formatBytes(n: number): string {
  let unit = 0;
  while (n >= 1024 && unit < UNITS.length - 1) {
    n /= 1024;
    unit++;
  }
  return `${unit === 0 ? n : n.toFixed(1)} ${UNITS[unit]}`;
}

/** The space left on the filesystem of `dir` for an unprivileged writer, as text; why not, when it cannot be read. */
export function freeSpace(dir: string): string {
  try {
    const s = statfsSync(dir);
    return `${formatBytes(s.bavail * s.bsize)} free`;
  } catch (error) {
    return `free space unknown (${messageOf(error)})`;
  }
}

/** A full disk: the message names what could not be written and the free space of each folder involved. */
export class DiskFullError extends Error {
  override name = 'DiskFullError';
}

/**
 * The DiskFullError for `error` (a full disk, `isDiskFull`): `what` could not be written; `folders` are
 * the folders it may have been writing to, each with its role, listed with their free space (a folder of
 * several roles once).
 */
export function diskFull(
  error: unknown,
  what: string,
  folders: ReadonlyArray<{ dir: string; role: string }>,
): DiskFullError {
  const seen = new Map<string, string[]>();
  for (const { dir, role } of folders) {
    const at = resolve(dir);
    const roles = seen.get(at) ?? [];
    roles.push(role);
    seen.set(at, roles);
  }
  const cause = messageOf(error);
  const where = [...seen].map(([dir, roles]) => `${dir} (${roles.join(', ')}): ${freeSpace(dir)}`).join('; ');
  return new DiskFullError(`the disk is full: ${what} (${cause}); ${where}`, { cause: error });
}
