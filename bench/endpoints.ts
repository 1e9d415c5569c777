// npm run bench:endpoints [-- --sejm]
// The cold cost of each kind of answer: the API over a built database with the response cache off,
// one request at a time over keep-alive, mean of 200 after 20 warm-up requests. An empty answer's
// time (the last row, /health) is the round trip every figure includes.

import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { runEtl } from '../etl/run.ts';
import { createApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { ShareStore } from '../src/shares.ts';
import { SnapshotStore } from '../src/snapshot.ts';

const here = fileURLToPath(import.meta.url);
const up = here.endsWith('.ts') ? '../' : '../../';
const sejm = process.argv.includes('--sejm');
const source = fileURLToPath(new URL(sejm ? `${up}../shared/data/sejm-term10.tar.gz` : `${up}data/sample`, import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'council-bench-endpoints-'));
try {
  const dbPath = join(work, 'council.db');
  await runEtl({ source, format: sejm ? 'sejm' : 'csv', dbPath });
  const config = loadConfig({ NODE_ENV: 'test' }, { DB_PATH: dbPath, RESPONSE_CACHE_MB: 0, RATE_LIMIT_MAX_REQUESTS: 1_000_000_000 });
  const snapshots = new SnapshotStore(dbPath);
  snapshots.refresh();
  const shares = new ShareStore(join(work, 'shares.db'));
  const server = createApp({ snapshots, shares, config, logger: pino({ level: 'silent' }) }).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

  const db = snapshots.active!.db;
  const one = (sql: string) => db.prepare(sql).pluck().get();
  const who = one("SELECT id_osoby FROM radny_stat WHERE kadencja = '*' ORDER BY liczba_glosowan DESC LIMIT 1");
  const vote = one('SELECT id_glosowania FROM glosowanie ORDER BY ord LIMIT 1');
  const session = one('SELECT id_posiedzenia FROM posiedzenie ORDER BY ord LIMIT 1');
  const term = one('SELECT kadencja FROM kadencja ORDER BY data_od DESC LIMIT 1');
  const paths = [
    '/api/radni', `/api/radni/${who}`, `/api/radni/${who}/glosowania`, `/api/radni/${who}/glosowania?page=50`,
    `/api/radni/${who}/koalicje`, `/api/radni/${who}/frekwencja-czas`, `/api/radni/${who}/glosowania-buntownicze`,
    '/api/glosowania', '/api/glosowania?page=100', '/api/glosowania?search=ustawy', `/api/glosowania?kadencja=${term}&limit=50`,
    `/api/glosowania/${vote}`, `/api/glosowania/${vote}/glosy`, `/api/glosowania/${vote}/glosy?ugrupowanie=true`,
    '/api/statystyki/dashboard', '/api/statystyki/ranking-frekwencji', '/api/statystyki/ranking-buntownikow',
    '/api/statystyki/najbardziej-kontrowersyjne', '/api/statystyki/top-koalicje', '/api/statystyki/frekwencja-czas',
    '/api/posiedzenia', `/api/posiedzenia/${session}/punkty`, `/api/posiedzenia/${session}/obecnosci`,
    '/api/utils/ugrupowania', '/api/utils/kadencje', '/health',
  ];
  console.log(`cold answers (RESPONSE_CACHE_MB=0) on ${sejm ? 'the Sejm term' : 'the sample council'}\n\n| path | bytes | µs per request |\n|---|---:|---:|`);
  for (const path of paths) {
    const get = () => new Promise<number>((resolve, reject) => {
      http.get(base + path, { agent }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => { bytes += chunk.length; });
        res.on('end', () => resolve(bytes));
      }).on('error', reject);
    });
    for (let i = 0; i < 20; i++) await get();
    const started = performance.now();
    let bytes = 0;
    for (let i = 0; i < 200; i++) bytes = await get();
    console.log(`| ${path} | ${bytes.toLocaleString('en')} | ${Math.round(((performance.now() - started) / 200) * 1000).toLocaleString('en')} |`);
  }
  agent.destroy();
  server.close();
  snapshots.close();
  shares.close();
} finally {
  rmSync(work, { recursive: true, force: true });
}
