// npm run soak -- --replicas [--duration 300 --every 20]
// The soak of one builder and two replicas behind nginx (the deployment of docs/DESIGN.md, on
// loopback; tools/loopback/): autocannon (its own process) reads a mix of the API and the site
// through the proxy at 50 connections while every `--every` seconds the builder's source changes
// (two generated councils, alternately) and the builder is sent SIGHUP; it rebuilds and publishes,
// and both replicas (FOLLOW_INTERVAL_S=2) download the new snapshot and swap to it. Each cycle also
// creates a share link through the proxy and reads it back from each replica (PostgreSQL). At the end:
// failed requests (must be 0), snapshots that reached both replicas (must be all), how long they took
// from the builder's publish, the replicas' RSS.

import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, waitUntil } from '../tools/loopback/debian.ts';
import { NGINX_MISSING, type NginxServer, haveNginx, startNginx } from '../tools/loopback/nginx.ts';
import { POSTGRES_MISSING, type PostgresServer, postgresBin, startPostgres } from '../tools/loopback/postgres.ts';
import type { LoadResult, LoadSpec } from './load.ts';
import { DURATION_S, EVERY_S, alternatingSource, cli, ext, local, nodeArgs, rssMiB, sleep } from './soak-common.ts';

const CONNECTIONS = 50;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

interface Health { data: { snapshot: string } | null; replika: { behindSeconds: number | null } | null }
const health = async (url: string) => (await (await fetch(`${url}/health`, { signal: AbortSignal.timeout(5000) })).json()) as Health;

const missing = [postgresBin() ? null : POSTGRES_MISSING, haveNginx() ? null : NGINX_MISSING].filter(Boolean);
if (missing.length > 0) {
  console.error(`soak --replicas needs Debian's PostgreSQL and nginx: ${missing.join('; ')}`);
  process.exit(1);
}

const work = mkdtempSync(join(tmpdir(), 'council-soak-replicas-'));
const children: ChildProcess[] = [];
let postgres: PostgresServer | undefined;
let proxy: NginxServer | undefined;
try {
  const { bundles, source } = alternatingSource(work);
  postgres = await startPostgres();
  const links = await postgres.createDatabase('council');

  const serve = (name: string, env: Record<string, string>, args: string[]) => {
    mkdirSync(join(work, name));
    const child = spawn(process.execPath, [...nodeArgs, cli, 'serve', ...args], {
      env: {
        ...process.env, HOST: '127.0.0.1', DB_PATH: join(work, name, 'council.db'), SHARES_DATABASE_URL: links, CRON_SCHEDULE: '',
        LOG_LEVEL: 'warn', RATE_LIMIT_MAX_REQUESTS: '1000000000', NODE_ENV: 'test', ...env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(child);
    return child;
  };
  const [builderPort, publishPort, onePort, twoPort] = [await freePort(), await freePort(), await freePort(), await freePort()];
  const builderUrl = `http://127.0.0.1:${builderPort}`;
  const builder = serve('builder', { PORT: String(builderPort), SOURCE_DIR: source, SOURCE_FORMAT: 'csv', PUBLISH_PORT: String(publishPort) }, ['--bootstrap']);
  await waitUntil('the builder to serve its first snapshot', async () => (await health(builderUrl)).data !== null, 120_000);
  const manifest = `http://127.0.0.1:${publishPort}/council.db.manifest.json`;
  const replicaUrls = [onePort, twoPort].map((port) => `http://127.0.0.1:${port}`);
  const replicas = [onePort, twoPort].map((port, i) =>
    serve(`replica-${i + 1}`, { PORT: String(port), FOLLOW_INTERVAL_S: '2', TRUST_PROXY: 'true' }, ['--follow', manifest]));
  let snapshot = (await health(builderUrl)).data!.snapshot;
  const bothServe = async (id: string) => {
    for (const url of replicaUrls) if ((await health(url).catch(() => null))?.data?.snapshot !== id) return false;
    return true;
  };
  // A replica joins the proxy once it serves the builder's snapshot (before, it would answer 503).
  await waitUntil('both replicas to serve the builder\'s snapshot', () => bothServe(snapshot), 60_000);
  proxy = await startNginx(replicaUrls.map((u) => u.replace('http://', '')), { clientKeepaliveRequests: 1_000_000_000 });

  const paths = ['/api/radni', '/api/glosowania?limit=50', '/api/statystyki/dashboard', '/api/statystyki/ranking-frekwencji',
    '/api/statystyki/top-koalicje', '/api/posiedzenia', '/api/radni/1', '/api/radni/1/glosowania', '/api/glosowania/1/glosy', '/api/utils/stats',
    '/', '/glosowania', '/radni/1'];
  const spec: LoadSpec = { url: proxy.url, paths, headers: {}, connections: CONNECTIONS, duration: DURATION_S };
  const load = spawn(process.execPath, [...nodeArgs, local(`./load.${ext}`), '--autocannon', JSON.stringify(spec)], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(load);
  let loadOut = '';
  load.stdout.on('data', (c: Buffer) => { loadOut += c.toString(); });
  const loadDone = new Promise<void>((resolve) => load.once('exit', () => resolve()));

  const rss: number[][] = [[], []];
  const sampler = setInterval(() => replicas.forEach((r, i) => rss[i]!.push(rssMiB(r.pid!))), 5000);
  const started = Date.now();
  let published = 0;
  let reached = 0;
  const lags: number[] = [];
  const linkFailures: string[] = [];
  // A new snapshot every EVERY_S seconds of the run (not EVERY_S after the last one reached the replicas).
  for (let cycle = 1; cycle * EVERY_S <= DURATION_S - EVERY_S / 2; cycle++) {
    await sleep(Math.max(0, started + cycle * EVERY_S * 1000 - Date.now()));
    cpSync(bundles[(published + 1) % 2]!, source, { recursive: true });
    builder.kill('SIGHUP');
    let publishedAt = 0;
    for (let i = 0; i < 600 && !publishedAt; i++) {
      await sleep(50);
      const now = (await health(builderUrl)).data!.snapshot;
      if (now !== snapshot) {
        snapshot = now;
        publishedAt = Date.now();
        published++;
      }
    }
    if (publishedAt) {
      for (let i = 0; i < 300; i++) {
        if (await bothServe(snapshot)) {
          reached++;
          lags.push((Date.now() - publishedAt) / 1000);
          break;
        }
        await sleep(50);
      }
    }
    // A link made through the proxy is found through each replica (one PostgreSQL for all).
    const made = await fetch(`${proxy.url}/api/glosowania/${published}/udostepnij`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    const link = made.ok ? ((await made.json()) as { data: { link: string } }).data.link : undefined;
    if (!link) linkFailures.push(`POST through the proxy: ${made.status}`);
    for (const url of link ? replicaUrls : []) {
      const read = await fetch(`${url}/api/glosowania/share/${link}`);
      if (read.status !== 200) linkFailures.push(`${url}: ${read.status}`);
    }
    console.log(`  ${Math.round((Date.now() - started) / 1000)} s: ${published} published, ${reached} on both replicas${lags.length ? ` (last after ${lags.at(-1)!.toFixed(1)} s)` : ''}, replica RSS ${rss.map((r) => r.at(-1)?.toFixed(0) ?? '?').join(' / ')} MiB`);
  }
  await loadDone;
  clearInterval(sampler);
  const last = loadOut.trim().split('\n').pop();
  if (!last) throw new Error('the load generator printed no result');
  const result = JSON.parse(last) as LoadResult;
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  console.log(`\nsoak --replicas: ${DURATION_S} s, a new snapshot every ${EVERY_S} s, ${CONNECTIONS} connections through nginx to 2 replicas`);
  console.log(`requests: ${result.total.toLocaleString('en')} (${Math.round(result.requestsPerSecond).toLocaleString('en')} req/s, p99 ${result.p99} ms); failed: non-2xx ${result.non2xx}, errors and timeouts ${result.errors}`);
  console.log(`snapshots: ${published} published by the builder, ${reached} in service on both replicas; from publish to both: median ${median(lags).toFixed(1)} s, max ${Math.max(...lags).toFixed(1)} s`);
  console.log(`share links: ${published} made through the proxy and read through each replica, ${linkFailures.length} failed${linkFailures.length ? `: ${linkFailures.slice(0, 5).join('; ')}` : ''}`);
  rss.forEach((samples, i) => {
    const third = Math.max(1, Math.floor(samples.length / 3));
    console.log(`replica ${i + 1} RSS (MiB, every 5 s): first third mean ${mean(samples.slice(0, third)).toFixed(0)}, last third mean ${mean(samples.slice(-third)).toFixed(0)}, max ${Math.max(...samples).toFixed(0)}`);
  });
  const proxyErrors = proxy.log().split('\n').filter((line) => /\[(error|crit|alert|emerg)\]/.test(line));
  const kinds = new Map<string, number>();
  for (const line of proxyErrors) {
    const kind = /\*\d+ (.+?), client:/.exec(line)?.[1] ?? line;
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  }
  console.log(`nginx error log: ${proxyErrors.length} error lines${[...kinds].map(([kind, n]) => `\n  ${n} × ${kind}`).join('')}`);
  if (process.env['SOAK_PROXY_LOG']) console.log(proxy.log());
  const ok = result.non2xx === 0 && result.errors === 0 && published > 0 && reached === published && linkFailures.length === 0;
  console.log(ok ? 'PASS' : 'FAIL');
  process.exitCode = ok ? 0 : 1;
} finally {
  for (const child of children) child.kill('SIGTERM');
  await sleep(1000);
  await proxy?.stop();
  await postgres?.destroy();
  rmSync(work, { recursive: true, force: true });
}
