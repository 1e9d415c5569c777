// Files of a mirror are written atomically: a temporary name in the same folder, fsync, rename, so
// a fetch killed at any moment leaves only complete files under their real names, and the next run
// removes the temporaries and resumes.

import { closeSync, fsyncSync, openSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { PARTIAL_MARK } from '../../core/atomic-file.ts';

export { writeFileAtomic } from '../../core/atomic-file.ts';

/** Makes the renames of a run durable. */
export function syncFolder(folder: string): void {
  const fd = openSync(folder, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Removes temporaries left by a killed run. */
export function removePartials(folder: string): number {
  let removed = 0;
  for (const name of readdirSync(folder)) {
    if (name.startsWith('.') && name.includes(PARTIAL_MARK)) {
      rmSync(join(folder, name), { force: true });
      removed++;
    }
  }
  return removed;
}
