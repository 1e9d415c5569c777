// The Sejm term's ballots (1,414,027) through the bulk export with constant memory: a snapshot built by
// the ETL from ../shared/data/sejm-term10.tar.gz, its ballots file streamed into a slow counting sink
// that parses the CSV as it arrives, the process's memory sampled all along. Skipped without the data.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import Database from 'better-sqlite3';
import { parse } from 'csv-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runEtl } from '../etl/run.ts';
import { BulkExports } from '../src/exports/bulk.ts';
import { removeDir, tempDir } from './support/fixture.ts';

const tarball = new URL('../../shared/data/sejm-term10.tar.gz', import.meta.url).pathname;
const present = existsSync(tarball);
if (!present) console.warn(`skipped the Sejm export test: ${tarball} is absent`);

const MB = 1024 * 1024;

describe.skipIf(!present)('the Sejm term\'s ballots as CSV', () => {
  let dir: string;
  let db: Database.Database;

  beforeAll(async () => {
    dir = tempDir();
    const dbPath = join(dir, 'sejm.db');
    await runEtl({ source: tarball, format: 'sejm', dbPath });
    db = new Database(dbPath, { readonly: true });
  }, 300_000);

  afterAll(() => {
    db?.close();
    removeDir(dir);
  });

  it('has exactly 1,414,027 data rows, and memory does not grow with them', async () => {
    const exports = new BulkExports(db);
    let records = 0;
    let bytes = 0;
    let peakRss = 0;
    let peakHeap = 0;
    // A real CSV parser counts records (a quoted line break would not be a row); the sink answers each
    // chunk on the next turn of the event loop, like a socket, so the export has to wait for it.
    const parser = parse({ relax_quotes: false });
    parser.on('data', () => { records++; });
    const parsed = new Promise((resolve, reject) => { parser.on('end', resolve); parser.on('error', reject); });
    const sink = new Writable({
      highWaterMark: 64 * 1024,
      write(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        const { rss, heapUsed } = process.memoryUsage();
        peakRss = Math.max(peakRss, rss);
        peakHeap = Math.max(peakHeap, heapUsed);
        if (parser.write(chunk)) setImmediate(done);
        else parser.once('drain', () => setImmediate(done));
      },
    });

    const before = process.memoryUsage();
    const started = performance.now();
    const rows = await exports.write('glosy', {}, sink);
    const seconds = (performance.now() - started) / 1000;
    parser.end();
    await parsed;

    expect(rows).toBe(1_414_027);
    expect(records - 1).toBe(1_414_027); // the header is the first record
    console.info(`Sejm ballots export: ${rows.toLocaleString('en')} rows, ${(bytes / MB).toFixed(1)} MiB in ${seconds.toFixed(1)} s; `
      + `RSS ${(before.rss / MB).toFixed(0)} MiB before, peak ${(peakRss / MB).toFixed(0)} MiB (+${((peakRss - before.rss) / MB).toFixed(1)}); `
      + `heap ${(before.heapUsed / MB).toFixed(0)} MiB before, peak ${(peakHeap / MB).toFixed(0)} MiB (+${((peakHeap - before.heapUsed) / MB).toFixed(1)})`);
    // The bound; the heap's peak is printed, not bounded: it counts garbage not yet collected.
    expect(peakRss - before.rss).toBeLessThan(50 * MB);
  }, 300_000);
});
