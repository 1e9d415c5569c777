// The order the run starts its files in (vitest.config.ts `sequence.sequencer`): the longest first,
// across the three tiers, so that the two workers finish together instead of one of them starting a
// four-minute file when the other has nothing left (issue 41). vitest's own order runs the tiers one
// after the other (by name) and, on a clean clone without its results cache, the larger files first
// within each: the processes tier's longest file started last. The order changes no test.
//
// A file's length: its duration in vitest's results cache (a run on this checkout before), else the
// estimate below, measured on a full run; the files with neither follow in vitest's own order.

import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Seconds per file measured on a full run (two workers, this machine; the slowest files of
 * docs/PERFORMANCE.md's issue-41 section). Only the order is taken from them: a stale figure costs
 * wall time, never a check.
 */
const ESTIMATES: Record<string, number> = {
  'test/site-browser-phones.test.ts': 150,
  'test/service.test.ts': 205,
  'test/evidence.test.ts': 120,
  'test/site-browser.test.ts': 80,
  'test/site-sejm-browser.test.ts': 80,
  'test/site-browser-reader.test.ts': 80,
  'test/fetch.test.ts': 111,
  'test/stored-answers.test.ts': 98,
  'test/metrics.test.ts': 85,
  'test/usage-errors.test.ts': 60,
};

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const base = await super.sort(files);
    const root = this.ctx.config.root;
    const length = (spec: TestSpecification): number => {
      const path = relative(root, spec.moduleId);
      const cached = this.ctx.cache.getFileTestResults(`${spec.project.name}:${path}`)?.duration;
      return cached !== undefined ? cached / 1000 : (ESTIMATES[path] ?? -1);
    };
    const lengths = new Map(base.map((spec) => [spec, length(spec)]));
    // Array.prototype.sort is stable: equal lengths (the unknown ones) keep vitest's order.
    return [...base].sort((a, b) => lengths.get(b)! - lengths.get(a)!);
  }
}
