// Once per test run (vitest.config.ts globalSetup): the folder where each fixture database is built
// once and cloned from (test/support/fixture.ts buildDatabase), removed when the run ends.
// vitest calls this setup once per project (tier): the tiers share one folder, kept in the main
// process's global registry, so the sample or the Sejm sample is built once a run, not once a tier.

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

/** The run's folder and how many projects still use it (the last one's teardown removes it). */
interface Shared {
  dir: string;
  users: number;
}
const KEY = Symbol.for('council-voting-analytics.fixtureCache');
const registry = globalThis as unknown as Record<symbol, Shared | undefined>;

export default function setup(project: TestProject): () => void {
  const shared = (registry[KEY] ??= { dir: mkdtempSync(join(tmpdir(), 'council-fixtures-')), users: 0 });
  shared.users++;
  project.provide('fixtureCache', shared.dir);
  return () => {
    if (--shared.users > 0) return;
    rmSync(shared.dir, { recursive: true, force: true });
    registry[KEY] = undefined;
  };
}
