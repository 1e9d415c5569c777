// The Sejm term's ballots (1,414,027) through the bulk export with constant memory: a snapshot built by
// the ETL from ../shared/data/sejm-term10.tar.gz, its ballots file streamed, in a process of its own
// (test/support/export-child.ts), into a slow sink that parses the CSV as it arrives, the process's
// memory sampled all along; and the same file downloaded from the service's /dane/glosy.csv, gzip'd,
// from a server in a process of its own (test/support/download-child.ts) whose memory is sampled the
// same way. Skipped without the data.

import { execFile, spawn } from 'node:child_process';
import http from 'node:http';
import { createInterface } from 'node:readline';
import zlib from 'node:zlib';
import { parse } from 'csv-parse';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDatabase, removeDir, tempDir } from './support/fixture.ts';

const tarball = new URL('../../shared/data/sejm-term10.tar.gz', import.meta.url).pathname;
const present = existsSync(tarball);
if (!present) console.warn(`skipped the Sejm export test: ${tarball} is absent`);

const MB = 1024 * 1024;
const CHILD = new URL('./support/export-child.ts', import.meta.url).pathname;
const SERVER_CHILD = new URL('./support/download-child.ts', import.meta.url).pathname;

/** GETs `path` gzip'd and counts the CSV records as they arrive; `stopAfter` bytes cut the download off (a reader who leaves). */
function download(
  port: number,
  path: string,
  stopAfter = Infinity,
): Promise<{ status: number; encoding: string | undefined; records: number }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, headers: { 'Accept-Encoding': 'gzip' } }, (res) => {
        let records = 0;
        let received = 0;
        const parser = parse();
        parser.on('data', () => {
          records++;
        });
        parser.on('error', reject);
        parser.on('end', () =>
          resolve({ status: res.statusCode!, encoding: res.headers['content-encoding'], records }),
        );
        res.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (received > stopAfter) {
            res.destroy();
            resolve({ status: res.statusCode!, encoding: res.headers['content-encoding'], records: -1 });
          }
        });
        res.pipe(zlib.createGunzip()).pipe(parser);
      })
      .on('error', reject);
  });
}

describe.skipIf(!present)("the Sejm term's ballots as CSV", () => {
  let dir: string;
  let dbPath: string;

  beforeAll(async () => {
    dir = tempDir();
    // The run's one build of the term without its stored answers (test/sejm.test.ts asks for it too).
    dbPath = await buildDatabase(tarball, 'sejm', { render: false });
  }, 300_000);

  afterAll(() => removeDir(dir));

  it('has exactly 1,414,027 data rows, and memory does not grow with them', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', import.meta.resolve('tsx'), CHILD, dbPath],
      { maxBuffer: MB },
    );
    const f = JSON.parse(stdout) as {
      rows: number;
      records: number;
      bytes: number;
      seconds: number;
      rssBefore: number;
      peakRss: number;
      heapBefore: number;
      peakHeap: number;
    };
    expect(f.rows).toBe(1_414_027);
    expect(f.records - 1).toBe(1_414_027); // a real CSV parser's count; the header is the first record
    console.info(
      `Sejm ballots export: ${f.rows.toLocaleString('en')} rows, ${(f.bytes / MB).toFixed(1)} MiB in ${f.seconds.toFixed(1)} s; ` +
        `RSS ${(f.rssBefore / MB).toFixed(0)} MiB before, peak ${(f.peakRss / MB).toFixed(0)} MiB (+${((f.peakRss - f.rssBefore) / MB).toFixed(1)}); ` +
        `heap ${(f.heapBefore / MB).toFixed(0)} MiB before, peak ${(f.peakHeap / MB).toFixed(0)} MiB (+${((f.peakHeap - f.heapBefore) / MB).toFixed(1)})`,
    );
    expect(f.peakRss - f.rssBefore).toBeLessThan(50 * MB); // the bound
  }, 300_000);

  it("downloads from /dane/glosy.csv with every row, and the server's memory stays within 50 MB of where it started", async () => {
    const child = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), SERVER_CHILD, dbPath, dir], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
    const next = async () => JSON.parse((await lines.next()).value as string) as Record<string, number>;
    try {
      const { port } = await next();
      await download(port!, '/dane/glosy.csv', 16 * MB); // a first reader who leaves: the server has served before
      child.stdin.write('mark\n');
      await next();
      const started = performance.now();
      const got = await download(port!, '/dane/glosy.csv');
      const seconds = (performance.now() - started) / 1000;
      child.stdin.write('report\n');
      const { rssBefore, peakRss } = await next();
      expect(got.status).toBe(200);
      expect(got.encoding).toBe('gzip');
      expect(got.records - 1).toBe(1_414_027);
      console.info(
        `Sejm ballots download (gzip): ${(got.records - 1).toLocaleString('en')} rows in ${seconds.toFixed(1)} s; ` +
          `server RSS ${(rssBefore! / MB).toFixed(0)} MiB before, peak ${(peakRss! / MB).toFixed(0)} MiB (+${((peakRss! - rssBefore!) / MB).toFixed(1)})`,
      );
      expect(peakRss! - rssBefore!).toBeLessThan(50 * MB);
    } finally {
      child.kill();
    }
  }, 300_000);
});
