import { defineConfig } from 'vitest/config';
import TiersLongestFirst from './test/support/sequencer.ts';

// Three tiers (issue 41), all run by `npm test` and CI; one of them alone with
// `npx vitest run --project in-process` (seconds to a few minutes: the loop while editing).
//  - browser: the files that drive Chromium (test/support/browser.ts), named *browser*.test.ts;
//  - processes: the files that start real processes (the CLI from dist/, a server, PostgreSQL, nginx,
//    Prism, LibreOffice) and wait on them;
//  - in-process: the rest, which call the app in process (test/support/request.ts) — where a new file goes
//    unless it spawns something.
const BROWSER = ['test/**/*browser*.test.ts'];
const PROCESSES = [
  'answer-store',
  'cards-hostile',
  'cli',
  'cli-interrupt',
  'code-version',
  'disk-full',
  'exports-sejm',
  'fetch',
  'fetch-keeps-good',
  'openapi-prism',
  'prestart',
  'refresh-collapse',
  'refresh-source',
  'replicas',
  'replication',
  'service',
  'service-builds',
  'shares',
  'shares-restart',
  'site-spreadsheet',
  'snapshot-check',
  'topics-etl',
  'usage-errors',
].map((name) => `test/${name}.test.ts`);

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // One module graph per worker, not per file: the app's modules load once per worker and tier (issue 41:
    // the in-process tier's CPU time 499 → 354 s, its import time 105 → 24 s). A worker is kept only for a
    // next file of its own tier, hence the sequencer's blocks. No file stubs modules or the environment;
    // the one that fakes timers restores them after it.
    isolate: false,
    // Three files at a time on two cores (vitest's default there is one): two workers kept 1.56 cores busy
    // on average, the rest of the time a file waited on its children, a server, a browser or a timer; a
    // third fills those waits; a fourth made the run slower, 783 s against 677 (issue 41, docs/PERFORMANCE.md).
    maxWorkers: 3,
    // The processes and in-process tiers as blocks, the browser files spread among them, the longest
    // first within each (test/support/sequencer.ts).
    sequence: { sequencer: TiersLongestFirst },
    globalSetup: ['test/support/global-setup.ts'],
    setupFiles: ['test/support/cleanup.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'in-process',
          include: ['test/**/*.test.ts'],
          exclude: [...BROWSER, ...PROCESSES],
        },
      },
      {
        extends: true,
        // Twice the time a test of real processes may take: on a loaded machine a build of the Sejm sample
        // in a child took over the 60 s of the others (fetch.test.ts), a timeout and not a failure.
        test: { name: 'processes', include: PROCESSES, exclude: BROWSER, testTimeout: 120_000 },
      },
      {
        extends: true,
        // One Chromium for the run, shared by the browser files (test/support/chromium-server.ts; added to
        // the global setup above, as `extends` joins lists).
        test: { name: 'browser', include: BROWSER, globalSetup: ['test/support/chromium-server.ts'] },
      },
    ],
  },
});
