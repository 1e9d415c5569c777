// npm run bench:search -- --db PATH [--queries N] [--drop-caches]
//
// Title search latency as a reader meets it: `GET /api/glosowania?search=…` against the real server in
// its own process with the response cache and the answer store off, one request at a time, each query
// asked once on a freshly started server ("cold"), then all of them again ("warm"). The queries are
// drawn from the snapshot's own titles with a fixed seed, as people type them (whole words with Polish
// letters, beginnings of words, pieces cut anywhere, two or three words in a row, the same within one
// council) plus a fixed list of hard cases (a rare phrase of common trigrams, numbers, one letter).
// --drop-caches (root): the kernel's page cache is dropped before the server starts, so the cold
// round reads the file from disk.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { Rng } from '../tools/generate/random.ts';
import { ext, get, start } from './children.ts';

const argValue = (name: string, fallback: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1]! : fallback;
};
const dbPath = argValue('--db', '');
const QUERIES = Number(argValue('--queries', '1000'));
if (!dbPath || !existsSync(dbPath)) {
  console.error('bench:search: --db PATH names a built snapshot (e.g. `npm run bench:etl -- --poland --keep PATH`)');
  process.exit(2);
}

const HARD = [
  'uchwala',
  'uchwały',
  'budżet',
  'budzet',
  'projekt',
  'w sprawie',
  'zmian',
  'nr 12',
  'druk nr 1234',
  'xyzq',
  'ow',
  'a',
  '2024',
  'gminy',
  'rady',
];

interface Query {
  kind: string;
  path: string;
}

/** The queries, drawn from the titles of votes picked at random (fixed seed). */
function queries(): Query[] {
  const db = new Database(dbPath, { readonly: true });
  try {
    const rng = new Rng(20261124);
    const votes = db.prepare('SELECT count(*) FROM glosowanie').pluck().get() as number;
    const titleAt = db.prepare('SELECT tytul, id_organu FROM glosowanie WHERE ord = ?');
    const picked: Query[] = HARD.map((q) => ({
      kind: 'hard',
      path: `/api/glosowania?search=${encodeURIComponent(q)}`,
    }));
    const seen = new Set(picked.map((q) => q.path));
    const kinds = ['word', 'beginning', 'piece', 'words', 'word in a council'] as const;
    for (let attempt = 0; picked.length < QUERIES + HARD.length && attempt < QUERIES * 20; attempt++) {
      const kind = kinds[attempt % kinds.length]!;
      const { tytul, id_organu } = titleAt.get(rng.int(1, votes)) as { tytul: string; id_organu: number };
      const words = tytul.split(/[\s,.;:()„”"–-]+/).filter((w) => w.length >= 3);
      if (words.length < 3) continue;
      const at = rng.int(0, words.length - 3);
      const search =
        kind === 'word' || kind === 'word in a council'
          ? words[at]!
          : kind === 'beginning'
            ? words[at]!.slice(0, rng.int(3, 6))
            : kind === 'piece'
              ? tytul.slice(rng.int(0, tytul.length - 4)).slice(0, rng.int(4, 12))
              : words.slice(at, at + rng.int(2, 3)).join(' ');
      const path = `/api/glosowania?search=${encodeURIComponent(search)}${kind === 'word in a council' ? `&organ=${id_organu}` : ''}`;
      if (seen.has(path)) continue;
      seen.add(path);
      picked.push({ kind, path });
    }
    return picked;
  } finally {
    db.close();
  }
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;

async function round(port: number, list: Query[]): Promise<Map<string, number[]>> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const times = new Map<string, number[]>();
  const slowest: Array<{ ms: number; path: string }> = [];
  for (const { kind, path } of list) {
    const started = performance.now();
    const { status, body } = await get(agent, port, path);
    const ms = performance.now() - started;
    if (status !== 200) throw new Error(`${path} answered ${status}: ${body.toString().slice(0, 200)}`);
    for (const key of [kind, 'all']) {
      if (!times.has(key)) times.set(key, []);
      times.get(key)!.push(ms);
    }
    slowest.push({ ms, path });
  }
  agent.destroy();
  slowest.sort((a, b) => b.ms - a.ms);
  console.log(
    `  slowest: ${slowest
      .slice(0, 5)
      .map((s) => `${decodeURIComponent(s.path.replace('/api/glosowania?search=', ''))} ${s.ms.toFixed(1)} ms`)
      .join('; ')}`,
  );
  return times;
}

function table(name: string, times: Map<string, number[]>) {
  console.log(`\n${name}\n| queries | n | p50 ms | p95 ms | p99 ms | max ms |\n|---|---:|---:|---:|---:|---:|`);
  for (const [kind, values] of [...times].sort(([a], [b]) =>
    a === 'all' ? 1 : b === 'all' ? -1 : a.localeCompare(b),
  )) {
    const sorted = [...values].sort((a, b) => a - b);
    console.log(
      `| ${kind} | ${sorted.length} | ${quantile(sorted, 0.5).toFixed(1)} | ${quantile(sorted, 0.95).toFixed(1)} | ${quantile(sorted, 0.99).toFixed(1)} | ${sorted.at(-1)!.toFixed(1)} |`,
    );
  }
}

const list = queries();
if (process.argv.includes('--drop-caches')) {
  spawnSync('sync');
  try {
    writeFileSync('/proc/sys/vm/drop_caches', '3');
    console.log('dropped the page cache');
  } catch (error) {
    console.log(
      `could not drop the page cache (${(error as Error).message}); the cold round reads what the kernel holds`,
    );
  }
}
const work = mkdtempSync(join(tmpdir(), 'council-bench-search-'));
const service = await start(
  [fileURLToPath(new URL(`../cli/council.${ext}`, import.meta.url)), 'serve'],
  {
    HOST: '127.0.0.1',
    DB_PATH: dbPath,
    SHARES_DB_PATH: join(work, 'shares.db'),
    CRON_SCHEDULE: '',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX_REQUESTS: '1000000000',
    RESPONSE_CACHE_MB: '0',
    ANSWER_STORE_MB: '0',
  },
  '/health',
);
try {
  console.log(`${list.length} title searches over ${dbPath}, one at a time, response cache off`);
  const cold = await round(service.port, list);
  const warm = await round(service.port, list);
  table('cold (first time each query is asked, fresh server)', cold);
  table('warm (the same queries again)', warm);
} finally {
  service.child.kill();
  rmSync(work, { recursive: true, force: true });
}
