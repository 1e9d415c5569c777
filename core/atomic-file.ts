// A file written so that a reader finds the old content or the new, never part of it: a temporary name
// in the same folder, fsync, rename. Used by the fetch's mirrors and by the snapshot's manifest.

import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { diskFull, isDiskFull } from './disk-full.ts';

/** In the name of every temporary (`.<name>.partial-<pid>`), so a later run can find what a killed one left. */
export const PARTIAL_MARK = '.partial-';

export function writeFileAtomic(path: string, data: Buffer | string): void {
  const temp = join(dirname(path), `.${basename(path)}${PARTIAL_MARK}${process.pid}`);
  try {
    writeWhole(temp, path, data);
  } catch (error) {
    // ENOSPC names no file: say which one, and how much room its folder has.
    throw isDiskFull(error)
      ? diskFull(error, `${path} could not be written (the file there, if any, stays)`, [
          { dir: dirname(path), role: 'its folder' },
        ])
      : error;
  }
}

function writeWhole(temp: string, path: string, data: Buffer | string): void {
  try {
    writeFileSync(temp, data);
    const fd = openSync(temp, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, path);
  } finally {
    rmSync(temp, { force: true });
  }
}
