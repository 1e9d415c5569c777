// Temporary folders for tests, each removed after the test file that made it (test/support/cleanup.ts).

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const removeDir = (dir: string) => rmSync(dir, { recursive: true, force: true });

const created: string[] = [];

/** A new temporary folder in the system's temporary directory. */
export function tempDir(prefix = 'council-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  created.push(dir);
  return dir;
}

/** Removes every folder tempDir made in this test file. */
export const removeTempDirs = () => created.splice(0).forEach(removeDir);
