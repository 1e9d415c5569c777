// Once per test run (vitest.config.ts globalSetup): the folder where each fixture database is built
// once and cloned from (test/support/fixture.ts buildDatabase), removed when the run ends.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's folder of prebuilt fixture databases. */
    fixtureCache: string;
  }
}

export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'council-fixtures-'));
  project.provide('fixtureCache', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
