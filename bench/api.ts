// npm run bench:api [-- --sejm] [-- --duration 10] [-- --workers 2]
// Starts the real server (guards on: origin allow-list and API key; rate limit raised for the run)
// and a bare Express 5 server, and drives each with autocannon from a separate process at 50
// connections. The service gets a mix touching every GET endpoint with ids, filters and pages
// taken from the loaded data; then the same mix again with If-None-Match (the 304 path).

import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { runEtl } from '../etl/run.ts';
import { API_ENDPOINTS } from '../src/endpoints.ts';

const here = fileURLToPath(import.meta.url);
const fromSources = here.endsWith('.ts');
const ext = fromSources ? 'ts' : 'js';
const nodeArgs = fromSources ? ['--import', 'tsx'] : [];
const local = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const argValue = (name: string, fallback: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1]! : fallback;
};

const CONNECTIONS = 50;
const DURATION = Number(argValue('--duration', '10'));
/** WEB_CONCURRENCY of the service: HTTP worker processes (the rate limit is shared between them). */
const WORKERS = argValue('--workers', '2');
const ORIGIN = 'http://bench.local';
const API_KEY = 'bench-key';
/** Request logs go to stdout at info; the bench measures the service as deployed with LOG_LEVEL=warn unless told otherwise. */
const LOG_LEVEL = process.env['LOG_LEVEL'] ?? 'warn';

interface LoadResult { requestsPerSecond: number; p50: number; p99: number; total: number; non2xx: number; errors: number; timeouts: number; statusCodes: Record<string, { count: number }> }

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Starts a server process on a free port and waits until `readyPath` answers. */
async function start(args: string[], env: Record<string, string>, readyPath: string): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeArgs, ...args], { env: { ...process.env, ...env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'inherit'] });
  let exited = false;
  child.on('exit', () => { exited = true; });
  for (let attempt = 0; attempt < 300 && !exited; attempt++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}${readyPath}`)).ok) return { child, port };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${args.join(' ')} did not start`);
}

function load(port: number, requests: Array<{ path: string; headers: Record<string, string> }>): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const config = JSON.stringify({ url: `http://127.0.0.1:${port}`, requests, connections: CONNECTIONS, duration: DURATION });
    const child = spawn(process.execPath, [...nodeArgs, local(`./load.${ext}`), config], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => { out += c.toString(); });
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').pop()!) as LoadResult) : reject(new Error(`load exited ${code}`))));
  });
}

/** Request paths touching every GET endpoint, with ids, filters and pages from the data. */
function requestMix(dbPath: string): string[] {
  const db = new Database(dbPath, { readonly: true });
  const pick = <T>(sql: string) => db.prepare(sql).pluck().all() as T[];
  const people = pick<number>(`SELECT id_osoby FROM radny_stat WHERE kadencja = '*' ORDER BY liczba_glosowan DESC LIMIT 20`);
  const tokens = pick<string>(`SELECT token FROM radny WHERE id_osoby IN (${people.slice(0, 5).join(',')})`);
  const votes = pick<number>('SELECT id_glosowania FROM glosowanie ORDER BY ord LIMIT 200');
  const sessions = pick<number>('SELECT id_posiedzenia FROM posiedzenie ORDER BY ord LIMIT 20');
  const terms = pick<string>('SELECT kadencja FROM kadencja');
  const bodies = pick<number>('SELECT id_organu FROM organ LIMIT 5');
  db.close();
  const paths: string[] = [];
  const at = <T>(list: T[], i: number) => list[i % list.length]!;
  for (let i = 0; i < 20; i++) {
    const who = i % 4 === 0 ? at(tokens, i) : at(people, i);
    const term = at(terms, i);
    for (const endpoint of API_ENDPOINTS.filter((e) => e.method === 'get' && !e.path.includes(':link'))) {
      const path = endpoint.path
        .replace(':id', String(endpoint.path.startsWith('/api/radni') ? who : endpoint.path.startsWith('/api/posiedzenia') ? at(sessions, i) : at(votes, i * 7)));
      const query = endpoint.path === '/api/glosowania'
        ? [`?page=${1 + (i % 5)}`, `?kadencja=${term}&limit=50`, `?search=${i % 2 ? 'budzet' : 'uchwala'}`, `?organ=${at(bodies, i)}&wynik=przyjeto`, '?kontrowersyjnosc_min=50'][i % 5]
        : endpoint.path.endsWith('/glosy') && i % 2 ? '?ugrupowanie=true'
        : endpoint.path.includes('koalicje') || endpoint.path.includes('oponenci') || endpoint.path.includes('ranking') ? (i % 2 ? `?kadencja=${term}` : '')
        : endpoint.path.endsWith('/glosowania') && i % 3 === 0 ? `?page=2&kadencja=${term}` : '';
      paths.push(path + query);
    }
  }
  return paths;
}

const format = (r: LoadResult) => `${r.requestsPerSecond.toFixed(0).padStart(8)} req/s   p50 ${String(r.p50).padStart(3)} ms   p99 ${String(r.p99).padStart(3)} ms   (${r.total.toLocaleString('en')} requests, non-2xx ${r.non2xx}, errors ${r.errors})`;

const sejm = process.argv.includes('--sejm');
const work = mkdtempSync(join(tmpdir(), 'council-bench-api-'));
const children: ChildProcess[] = [];
try {
  const source = sejm ? local(`../../${fromSources ? '' : '../'}shared/data/sejm-term10.tar.gz`) : local(`../${fromSources ? '' : '../'}data/sample`);
  if (!existsSync(source)) {
    console.log(`skipped: ${source} not found`);
    process.exit(0);
  }
  const dbPath = join(work, 'council.db');
  console.log(`building the database from ${source} …`);
  await runEtl({ source, format: sejm ? 'sejm' : 'csv', dbPath });

  const service = await start([local(`../cli/council.${ext}`), 'serve'], {
    HOST: '127.0.0.1', DB_PATH: dbPath, SHARES_DB_PATH: join(work, 'shares.db'), CRON_SCHEDULE: '',
    ALLOWED_ORIGINS: ORIGIN, API_SECRET_KEY: API_KEY, RATE_LIMIT_MAX_REQUESTS: '1000000000', LOG_LEVEL: LOG_LEVEL, NODE_ENV: 'production',
    WEB_CONCURRENCY: WORKERS,
  }, '/health');
  children.push(service.child);
  const bare = await start([local(`./bare-server.${ext}`)], {}, '/');
  children.push(bare.child);

  const headers = { Origin: ORIGIN, 'X-API-Key': API_KEY };
  const paths = requestMix(dbPath);
  // Warm up and collect each path's ETag for the 304 run; every path must answer 200.
  const etags = new Map<string, string>();
  for (const path of paths) {
    const res = await fetch(`http://127.0.0.1:${service.port}${path}`, { headers });
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
    etags.set(path, res.headers.get('etag')!);
    await res.arrayBuffer();
  }
  console.log(`mix: ${paths.length} requests over ${new Set(paths.map((p) => p.replace(/\d+|\?.*/g, ''))).size} endpoint shapes; ${CONNECTIONS} connections, ${DURATION} s each; service WEB_CONCURRENCY=${WORKERS}, LOG_LEVEL=${LOG_LEVEL}`);

  const bareResult = await load(bare.port, [{ path: '/', headers: {} }]);
  const serviceResult = await load(service.port, paths.map((path) => ({ path, headers })));
  const notModified = await load(service.port, paths.map((path) => ({ path, headers: { ...headers, 'If-None-Match': etags.get(path)! } })));

  console.log(`\nbare express   ${format(bareResult)}`);
  console.log(`service (mix)  ${format(serviceResult)}`);
  console.log(`service (304)  ${format(notModified)}  statuses ${JSON.stringify(Object.keys(notModified.statusCodes))}`);
  console.log(`\nratio service / bare: ${(serviceResult.requestsPerSecond / bareResult.requestsPerSecond).toFixed(2)}` +
    `   (304 path: ${(notModified.requestsPerSecond / bareResult.requestsPerSecond).toFixed(2)})`);
  console.log(`machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, node ${process.version}; data: ${sejm ? 'Sejm term 10' : 'sample council'}`);
} finally {
  for (const child of children) child.kill('SIGTERM');
  rmSync(work, { recursive: true, force: true });
}
