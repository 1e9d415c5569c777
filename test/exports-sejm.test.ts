// The Sejm term's ballots (1,414,027) through the bulk export with constant memory: a snapshot built by
// the ETL from ../shared/data/sejm-term10.tar.gz, its ballots file streamed, in a process of its own
// (test/support/export-child.ts), into a slow sink that parses the CSV as it arrives, the process's
// memory sampled all along. Skipped without the data.

import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runEtl } from '../etl/run.ts';
import { removeDir, tempDir } from './support/fixture.ts';

const tarball = new URL('../../shared/data/sejm-term10.tar.gz', import.meta.url).pathname;
const present = existsSync(tarball);
if (!present) console.warn(`skipped the Sejm export test: ${tarball} is absent`);

const MB = 1024 * 1024;
const CHILD = new URL('./support/export-child.ts', import.meta.url).pathname;

describe.skipIf(!present)('the Sejm term\'s ballots as CSV', () => {
  let dir: string;
  let dbPath: string;

  beforeAll(async () => {
    dir = tempDir();
    dbPath = join(dir, 'sejm.db');
    await runEtl({ source: tarball, format: 'sejm', dbPath });
  }, 300_000);

  afterAll(() => removeDir(dir));

  it('has exactly 1,414,027 data rows, and memory does not grow with them', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', import.meta.resolve('tsx'), CHILD, dbPath], { maxBuffer: MB });
    const f = JSON.parse(stdout) as { rows: number; records: number; bytes: number; seconds: number; rssBefore: number; peakRss: number; heapBefore: number; peakHeap: number };
    expect(f.rows).toBe(1_414_027);
    expect(f.records - 1).toBe(1_414_027); // a real CSV parser's count; the header is the first record
    console.info(`Sejm ballots export: ${f.rows.toLocaleString('en')} rows, ${(f.bytes / MB).toFixed(1)} MiB in ${f.seconds.toFixed(1)} s; `
      + `RSS ${(f.rssBefore / MB).toFixed(0)} MiB before, peak ${(f.peakRss / MB).toFixed(0)} MiB (+${((f.peakRss - f.rssBefore) / MB).toFixed(1)}); `
      + `heap ${(f.heapBefore / MB).toFixed(0)} MiB before, peak ${(f.peakHeap / MB).toFixed(0)} MiB (+${((f.peakHeap - f.heapBefore) / MB).toFixed(1)})`);
    expect(f.peakRss - f.rssBefore).toBeLessThan(50 * MB); // the bound
  }, 300_000);
});
