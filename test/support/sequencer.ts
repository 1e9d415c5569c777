// The order the run starts its files in (vitest.config.ts `sequence.sequencer`), issue 41:
//  - The processes tier, then the in-process tier, each as a block: a worker whose file is done is kept
//    for the next file only when that file is of the same tier (vitest's pool, `isolate: false`); a file
//    of another tier next ends the worker, and the one started instead loads the app's modules again.
//  - The browser files spread through the first three quarters of them by time: as a block they ran three
//    at a time on the one Chromium and each took 1.2–2 times as long (the browser tier's files summed
//    358 s interleaved, 554 s as a block, in two gates).
//  - The longest first within each: so that the workers finish together instead of one of them starting
//    a long file when the others have nothing left; the in-process tier's many short files fill the end.
// The order changes no test.
//
// A file's length: its duration in vitest's results cache (a run on this checkout before), else the
// estimate below, measured on a full run; the files with neither follow in vitest's own order.

import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Seconds per file of 5 s or more, from the last full run (three workers, this machine: the gate of
 * docs/PERFORMANCE.md's issue-41 section, sixth session). Only the order is taken from them: a stale figure costs
 * wall time, never a check; a file missing here started among the last (four of the ten longest once
 * did) and kept one worker busy alone at the end of the run.
 */
const ESTIMATES: Record<string, number> = {
  'test/fetch.test.ts': 112,
  'test/evidence.test.ts': 87,
  'test/stored-answers.test.ts': 85,
  'test/site-evidence.test.ts': 80,
  'test/site-browser-phones.test.ts': 79,
  'test/exports-sejm.test.ts': 76,
  'test/site-sejm-browser.test.ts': 73,
  'test/refresh-collapse.test.ts': 70,
  'test/site-browser-reader.test.ts': 69,
  'test/service-builds.test.ts': 67,
  'test/service.test.ts': 65,
  'test/refresh-source.test.ts': 64,
  'test/cli.test.ts': 47,
  'test/metrics.test.ts': 37,
  'test/site-browser.test.ts': 37,
  'test/usage-errors.test.ts': 36,
  'test/site-evidence-browser.test.ts': 36,
  'test/code-version.test.ts': 34,
  'test/snapshot-check.test.ts': 34,
  'test/replicas.test.ts': 33,
  'test/cli-interrupt.test.ts': 31,
  'test/site-browser-take-away.test.ts': 31,
  'test/replication.test.ts': 29,
  'test/topics-etl.test.ts': 23,
  'test/shares-restart.test.ts': 22,
  'test/shares.test.ts': 22,
  'test/answer-store.test.ts': 22,
  'test/site-record-browser.test.ts': 21,
  'test/fetch-keeps-good.test.ts': 16,
  'test/search-bound.test.ts': 14,
  'test/docs-browser.test.ts': 13,
  'test/openapi-prism.test.ts': 13,
  'test/prestart.test.ts': 12,
  'test/sejm.test.ts': 11,
  'test/credit.test.ts': 9,
  'test/site-take-away.test.ts': 8,
  'test/share-identity.test.ts': 8,
  'test/policies.test.ts': 8,
  'test/councillor-ballots.test.ts': 8,
  'test/site-spreadsheet.test.ts': 7,
  'test/find.test.ts': 7,
  'test/ballot-groups.test.ts': 7,
  'test/search-recall.test.ts': 7,
  'test/radni-paging.test.ts': 5,
  'test/topics-labels.test.ts': 5,
  'test/openapi.test.ts': 5,
  'test/disk-full.test.ts': 5,
};

/** The share of the other files' time over which the browser files start. */
const SPREAD = 0.75;

/** The blocks of tiers (vitest.config.ts's projects) in the order they start; another project's files after them. */
const BLOCKS = ['processes', 'in-process'];

export default class TiersLongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const base = await super.sort(files);
    const root = this.ctx.config.root;
    const length = (spec: TestSpecification): number => {
      const path = relative(root, spec.moduleId);
      const cached = this.ctx.cache.getFileTestResults(`${spec.project.name}:${path}`)?.duration;
      return cached !== undefined ? cached / 1000 : (ESTIMATES[path] ?? -1);
    };
    const lengths = new Map(base.map((spec) => [spec, length(spec)]));
    const block = (spec: TestSpecification) => {
      const at = BLOCKS.indexOf(spec.project.name);
      return at < 0 ? BLOCKS.length : at;
    };
    // Array.prototype.sort is stable: equal lengths (the unknown ones) keep vitest's order.
    const ordered = [...base].sort((a, b) => block(a) - block(b) || lengths.get(b)! - lengths.get(a)!);
    const browser = ordered.filter((spec) => spec.project.name === 'browser');
    const others = ordered.filter((spec) => spec.project.name !== 'browser');
    // Spread by time, not by count, over the first SPREAD of the others' time: spread by count, the last
    // browser file started among the in-process tier's last short files and ran on alone at the end of
    // the run (10–14 s, issue 41: two gates' timelines).
    const weight = (spec: TestSpecification) => Math.max(1, lengths.get(spec)!);
    const total = others.reduce((sum, spec) => sum + weight(spec), 0);
    const gap = (total * SPREAD) / Math.max(1, browser.length);
    const order: TestSpecification[] = [];
    let placed = 0; // browser files placed so far
    let before = 0; // the others' time started before this one
    for (const spec of others) {
      while (placed < browser.length && before >= placed * gap) order.push(browser[placed++]!);
      order.push(spec);
      before += weight(spec);
    }
    order.push(...browser.slice(placed));
    return order;
  }
}
