// npm run soak -- --replicas [--duration 300 --every 20]
// The soak of one builder and two replicas behind nginx (the deployment of docs/DESIGN.md, on
// loopback; tools/loopback/): autocannon (its own process) reads a mix of the API and the site
// through the proxy at 50 connections while every `--every` seconds the builder's source changes
// (two generated councils, alternately) and the builder is sent SIGHUP; it rebuilds and publishes,
// and both replicas (FOLLOW_INTERVAL_S=2) download the new snapshot and swap to it. Meanwhile share
// links are made through the proxy a few times a second (PostgreSQL), each read back through every
// replica that is up. Three faults are injected: at a third of the run PostgreSQL is stopped (fast
// shutdown) and started again 5 s later (issue 34); at half, replica 2's snapshot file is copied over
// replica 1's with `cp` (written in place under the running server, issue 42); at two thirds replica 2
// is killed (SIGKILL) and started again 10 s later (issue 34). At the end: failed reads through the proxy (must be 0), snapshots
// that reached the replicas, links acknowledged (201/200) and whether every one is in PostgreSQL and
// opens through each replica (must be all), link requests refused while PostgreSQL was down, RSS.

import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort, waitUntil } from '../tools/loopback/debian.ts';
import { NGINX_MISSING, type NginxServer, haveNginx, startNginx } from '../tools/loopback/nginx.ts';
import { POSTGRES_MISSING, type PostgresServer, postgresBin, startPostgres } from '../tools/loopback/postgres.ts';
import type { LoadResult, LoadSpec } from './load.ts';
import { DURATION_S, EVERY_S, alternatingSource, cli, ext, local, nodeArgs, rssMiB, sleep } from './soak-common.ts';

const CONNECTIONS = 50;
/** How often a share link is made through the proxy. */
const LINK_EVERY_MS = 300;
/** PostgreSQL is down this long, from a third of the run. */
const POSTGRES_DOWN_MS = 5000;
/** Replica 2 is down this long, from two thirds of the run. */
const REPLICA_DOWN_MS = 10_000;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

interface Health {
  data: { snapshot: string } | null;
  replika: { behindSeconds: number | null } | null;
}
const health = async (url: string) =>
  (await (await fetch(`${url}/health`, { signal: AbortSignal.timeout(5000) })).json()) as Health;

const missing = [postgresBin() ? null : POSTGRES_MISSING, haveNginx() ? null : NGINX_MISSING].filter(Boolean);
if (missing.length > 0) {
  console.error(`soak --replicas needs Debian's PostgreSQL and nginx: ${missing.join('; ')}`);
  process.exit(1);
}

const work = mkdtempSync(join(tmpdir(), 'council-soak-replicas-'));
const children = new Set<ChildProcess>();
let postgres: PostgresServer | undefined;
let proxy: NginxServer | undefined;
try {
  const { bundles, source } = alternatingSource(work);
  postgres = await startPostgres();
  const links = await postgres.createDatabase('council');

  const serve = (name: string, env: Record<string, string>, args: string[]) => {
    mkdirSync(join(work, name), { recursive: true });
    const child = spawn(process.execPath, [...nodeArgs, cli, 'serve', ...args], {
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        DB_PATH: join(work, name, 'council.db'),
        SHARES_DATABASE_URL: links,
        CRON_SCHEDULE: '',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_MAX_REQUESTS: '1000000000',
        SITE_RATE_LIMIT_MAX_REQUESTS: '1000000000',
        NODE_ENV: 'test',
        ...env,
      },
      stdio: ['ignore', openSync(join(work, `${name}.log`), 'a'), 'inherit'], // warnings and errors, summed up at the end
    });
    children.add(child);
    child.once('exit', () => children.delete(child));
    return child;
  };
  const [builderPort, publishPort, onePort, twoPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const builderUrl = `http://127.0.0.1:${builderPort}`;
  const builder = serve(
    'builder',
    { PORT: String(builderPort), SOURCE_DIR: source, SOURCE_FORMAT: 'csv', PUBLISH_PORT: String(publishPort) },
    ['--bootstrap'],
  );
  await waitUntil(
    'the builder to serve its first snapshot',
    async () => (await health(builderUrl)).data !== null,
    120_000,
  );
  const manifest = `http://127.0.0.1:${publishPort}/council.db.manifest.json`;
  const replicaUrls = [onePort, twoPort].map((port) => `http://127.0.0.1:${port}`);
  const startReplica = (i: number) =>
    serve(
      `replica-${i + 1}`,
      { PORT: String([onePort, twoPort][i]), FOLLOW_INTERVAL_S: '2', TRUST_PROXY: '127.0.0.1' },
      ['--follow', manifest],
    );
  const replicas = [startReplica(0), startReplica(1)];
  const up = [true, true];
  let snapshot = (await health(builderUrl)).data!.snapshot;
  /** Whether every replica that is up serves `id`. */
  const liveServe = async (id: string) => {
    for (const [i, url] of replicaUrls.entries())
      if (up[i] && (await health(url).catch(() => null))?.data?.snapshot !== id) return false;
    return true;
  };
  // A replica joins the proxy once it serves the builder's snapshot (before, it would answer 503).
  await waitUntil("both replicas to serve the builder's snapshot", () => liveServe(snapshot), 60_000);
  proxy = await startNginx(
    replicaUrls.map((u) => u.replace('http://', '')),
    { clientKeepaliveRequests: 1_000_000_000 },
  );

  const paths = [
    '/api/radni',
    '/api/glosowania?limit=50',
    '/api/statystyki/dashboard',
    '/api/statystyki/ranking-frekwencji',
    '/api/statystyki/top-koalicje',
    '/api/posiedzenia',
    '/api/radni/1',
    '/api/radni/1/glosowania',
    '/api/glosowania/1/glosy',
    '/api/utils/stats',
    '/',
    '/glosowania',
    '/radni/1',
  ];
  const spec: LoadSpec = { url: proxy.url, paths, headers: {}, connections: CONNECTIONS, duration: DURATION_S };
  const load = spawn(process.execPath, [...nodeArgs, local(`./load.${ext}`), '--autocannon'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  load.stdin.end(JSON.stringify(spec)); // the spec on stdin (bench/load.ts)
  children.add(load);
  let loadOut = '';
  load.stdout.on('data', (c: Buffer) => {
    loadOut += c.toString();
  });
  const loadDone = new Promise<void>((resolve) => load.once('exit', () => resolve()));
  const started = Date.now();
  const at = () => `${Math.round((Date.now() - started) / 1000)} s`;

  // Share links, made and read back all through the run.
  const acknowledged: string[] = [];
  const linkFailures: string[] = [];
  const outage = { from: 0, to: 0, refused: 0, firstLinkAfter: NaN };
  // Replica 1 from the copy over its file until it serves again: it answers 503 (its snapshot is out of
  // service), which nginx retries on replica 2; a direct read of it is no lost link then.
  const copied = { at: 0, servedAgainAfter: NaN, withdrawn503: 0, refusedPosts: 0 };
  // Replica 2 from its kill until it serves again: a POST under way on it when it dies has no answer (nginx
  // answers 502 and does not retry a POST); it was not acknowledged, so no link is lost.
  const killed = { at: 0, back: 0, cutPosts: 0 };
  const inKill = () => killed.at > 0 && (killed.back === 0 || Date.now() < killed.back + 2000);
  const inCopy = (i: number) => i === 0 && copied.at > 0 && Number.isNaN(copied.servedAgainAfter);
  let linksRunning = true;
  const inOutage = () => outage.from > 0 && (outage.to === 0 || Date.now() < outage.to + 15_000);
  const linkMaker = (async () => {
    for (let n = 0; linksRunning; n++) {
      await sleep(LINK_EVERY_MS);
      const vote = 1 + (n % 1000);
      try {
        const made = await fetch(`${proxy.url}/api/glosowania/${vote}/udostepnij`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
          signal: AbortSignal.timeout(10_000),
        });
        const text = await made.text();
        if (made.status === 503 && inOutage()) {
          outage.refused++;
          continue;
        }
        // A POST is not retried by nginx: one that reaches replica 1 while its file is out of service gets its 503.
        if (made.status === 503 && inCopy(0)) {
          copied.refusedPosts++;
          continue;
        }
        if (made.status === 502 && inKill()) {
          killed.cutPosts++;
          continue;
        }
        if (made.status !== 200 && made.status !== 201) {
          linkFailures.push(
            `${at()}: POST /api/glosowania/${vote}/udostepnij through the proxy: ${made.status} ${text.slice(0, 160)}`,
          );
          continue;
        }
        const { link } = (JSON.parse(text) as { data: { link: string } }).data;
        acknowledged.push(link);
        if (outage.to > 0 && Number.isNaN(outage.firstLinkAfter))
          outage.firstLinkAfter = (Date.now() - outage.to) / 1000;
        for (const [i, url] of replicaUrls.entries()) {
          if (!up[i]) continue;
          const read = await fetch(`${url}/api/glosowania/share/${link}`, {
            signal: AbortSignal.timeout(10_000),
          }).catch((e: Error) => e);
          // A replica that is being killed right now, or PostgreSQL going down between the two requests, is
          // not a lost link; nor a 404 saying that its vote is not in the snapshot that replica serves (the
          // two councils alternate, and the replicas swap a moment apart).
          const failed =
            read instanceof Error
              ? up[i]
                ? read.message
                : null
              : read.status === 200 || (read.status === 503 && (inOutage() || inCopy(i)))
                ? null
                : read.status === 404 && /is no longer in the data/.test(await read.text())
                  ? null
                  : String(read.status);
          if (failed !== null) linkFailures.push(`${at()}: ${link} through replica ${i + 1}: ${failed}`);
        }
      } catch (error) {
        linkFailures.push(`${at()}: POST through the proxy: ${(error as Error).message}`);
      }
    }
  })();

  // The faults, at a third and two thirds of the run.
  const faults = (async () => {
    await sleep(Math.max(0, started + (DURATION_S * 1000) / 3 - Date.now()));
    outage.from = Date.now();
    await postgres.stop('fast');
    console.log(`  ${at()}: PostgreSQL stopped`);
    await sleep(POSTGRES_DOWN_MS);
    await postgres.start();
    outage.to = Date.now();
    console.log(`  ${at()}: PostgreSQL started again`);
    await sleep(Math.max(0, started + (DURATION_S * 1000) / 2 - Date.now()));
    // What an operator does who copies instead of renaming: the same inode cut short and refilled.
    const over = spawnSync('cp', [join(work, 'replica-2', 'council.db'), join(work, 'replica-1', 'council.db')]);
    if (over.status !== 0) throw new Error(`cp over replica 1's snapshot failed: ${over.stderr.toString()}`);
    copied.at = Date.now();
    console.log(`  ${at()}: replica 2's snapshot copied over replica 1's (cp, in place)`);
    await waitUntil(
      'replica 1 to serve again after the copy',
      async () => {
        const answer = await fetch(`${replicaUrls[0]}/api/utils/stats`, { signal: AbortSignal.timeout(5000) }).catch(
          () => null,
        );
        if (answer?.status === 503) copied.withdrawn503++;
        return answer?.status === 200;
      },
      60_000,
    );
    copied.servedAgainAfter = (Date.now() - copied.at) / 1000;
    console.log(`  ${at()}: replica 1 serves again, ${copied.servedAgainAfter.toFixed(1)} s after the copy`);
    await sleep(Math.max(0, started + (DURATION_S * 2000) / 3 - Date.now()));
    up[1] = false;
    killed.at = Date.now();
    replicas[1]!.kill('SIGKILL');
    console.log(`  ${at()}: replica 2 killed (SIGKILL)`);
    await sleep(REPLICA_DOWN_MS);
    replicas[1] = startReplica(1);
    await waitUntil(
      'replica 2 to serve again',
      async () => Boolean((await health(replicaUrls[1]!).catch(() => null))?.data),
      60_000,
    );
    up[1] = true;
    killed.back = Date.now();
    console.log(`  ${at()}: replica 2 serves again`);
  })();

  const rss: number[][] = [[], []];
  const sampler = setInterval(
    () =>
      replicas.forEach((r, i) => {
        if (up[i]) rss[i]!.push(rssMiB(r.pid!));
      }),
    5000,
  );
  let published = 0;
  let reached = 0;
  const lags: number[] = [];
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
        if (await liveServe(snapshot)) {
          reached++;
          lags.push((Date.now() - publishedAt) / 1000);
          break;
        }
        await sleep(50);
      }
    }
    console.log(
      `  ${at()}: ${published} published, ${reached} on the replicas up${lags.length ? ` (last after ${lags.at(-1)!.toFixed(1)} s)` : ''}, ` +
        `${acknowledged.length} links, replica RSS ${rss.map((r) => r.at(-1)?.toFixed(0) ?? '?').join(' / ')} MiB`,
    );
  }
  await loadDone;
  await faults;
  linksRunning = false;
  await linkMaker;
  clearInterval(sampler);
  await waitUntil('both replicas to serve the last snapshot', () => liveServe(snapshot), 60_000);

  // Every acknowledged link is in PostgreSQL and opens through each replica: 200, or 404 saying that its
  // vote is not in the snapshot now served (the two councils alternate), never "no share link".
  const client = new pg.Client({ connectionString: links });
  await client.connect();
  const stored = new Set(
    (await client.query<{ link: string }>('SELECT link FROM udostepnienie')).rows.map((r) => r.link),
  );
  await client.end();
  const lost = acknowledged.filter((link) => !stored.has(link));
  const notOpened: string[] = [];
  for (const link of acknowledged) {
    for (const [i, url] of replicaUrls.entries()) {
      const read = await fetch(`${url}/api/glosowania/share/${link}`);
      const body = (await read.json()) as { message?: string };
      if (read.status !== 200 && !(read.status === 404 && /is no longer in the data/.test(body.message ?? '')))
        notOpened.push(`${link} via replica ${i + 1}: ${read.status} ${body.message ?? ''}`);
    }
  }

  const last = loadOut.trim().split('\n').pop();
  if (!last) throw new Error('the load generator printed no result');
  const result = JSON.parse(last) as LoadResult;
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  console.log(
    `\nsoak --replicas: ${DURATION_S} s, a new snapshot every ${EVERY_S} s, ${CONNECTIONS} connections through nginx to 2 replicas`,
  );
  console.log(
    `faults: PostgreSQL stopped at ${Math.round((outage.from - started) / 1000)} s for ${POSTGRES_DOWN_MS / 1000} s; ` +
      `replica 2's snapshot copied over replica 1's at ${Math.round((copied.at - started) / 1000)} s (replica 1 answered 503 to ${copied.withdrawn503} direct probes, served again after ${copied.servedAgainAfter.toFixed(1)} s); replica 2 killed (SIGKILL) at ${Math.round((DURATION_S * 2) / 3)} s, started again ${REPLICA_DOWN_MS / 1000} s later`,
  );
  console.log(
    `requests: ${result.total.toLocaleString('en')} (${Math.round(result.requestsPerSecond).toLocaleString('en')} req/s, p99 ${result.p99} ms); failed reads: non-2xx ${result.non2xx}, errors and timeouts ${result.errors} (timeouts ${result.timeouts})`,
  );
  console.log(
    `snapshots: ${published} published by the builder, ${reached} in service on the replicas up; from publish to them: median ${median(lags).toFixed(1)} s, max ${Math.max(...lags).toFixed(1)} s`,
  );
  console.log(
    `share links: ${acknowledged.length} acknowledged through the proxy, ${outage.refused} refused (503) while PostgreSQL was down, ${copied.refusedPosts} refused (503) by replica 1 while its file was out of service, ${killed.cutPosts} cut (502) by the kill of replica 2, first link ${outage.firstLinkAfter.toFixed(1)} s after it was back; ` +
      `${acknowledged.length - lost.length} of ${acknowledged.length} in PostgreSQL afterwards, ${notOpened.length} failed to open; ${linkFailures.length} failures during the run` +
      `${[...linkFailures, ...lost.map((l) => `lost: ${l}`), ...notOpened]
        .slice(0, 8)
        .map((f) => `\n  ${f}`)
        .join('')}`,
  );
  rss.forEach((samples, i) => {
    const third = Math.max(1, Math.floor(samples.length / 3));
    console.log(
      `replica ${i + 1} RSS (MiB, every 5 s while up): first third mean ${mean(samples.slice(0, third)).toFixed(0)}, last third mean ${mean(samples.slice(-third)).toFixed(0)}, max ${Math.max(...samples).toFixed(0)}`,
    );
  });
  const proxyErrors = proxy
    .log()
    .split('\n')
    .filter((line) => /\[(error|crit|alert|emerg)\]/.test(line));
  const kinds = new Map<string, number>();
  for (const line of proxyErrors) {
    const kind = /\*\d+ (.+?), client:/.exec(line)?.[1] ?? line;
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  }
  console.log(
    `nginx error log: ${proxyErrors.length} error lines${[...kinds].map(([kind, n]) => `\n  ${n} × ${kind}`).join('')}`,
  );
  if (process.env['SOAK_PROXY_LOG']) console.log(proxy.log());
  for (const name of ['builder', 'replica-1', 'replica-2']) {
    const byMessage = new Map<string, number>();
    for (const line of readFileSync(join(work, `${name}.log`), 'utf8').split('\n')) {
      if (!line.startsWith('{')) continue;
      const entry = JSON.parse(line) as { level: number; msg: string; res?: { statusCode: number }; reason?: string };
      const reason = entry.reason
        ?.replace(/\b[\w-]{22}\b/g, '…')
        .replace(/\d+/g, 'N')
        .slice(0, 100);
      const key = `${entry.level >= 50 ? 'error' : 'warn'}: ${entry.msg}${entry.res ? ` ${entry.res.statusCode}` : ''}${reason ? ` (${reason})` : ''}`;
      byMessage.set(key, (byMessage.get(key) ?? 0) + 1);
    }
    console.log(`${name} log: ${[...byMessage].map(([m, n]) => `\n  ${n} × ${m}`).join('') || 'no warning or error'}`);
  }
  const ok =
    result.non2xx === 0 &&
    result.errors === 0 &&
    published > 0 &&
    reached === published &&
    linkFailures.length === 0 &&
    lost.length === 0 &&
    notOpened.length === 0 &&
    acknowledged.length > 0 &&
    outage.refused > 0 &&
    copied.servedAgainAfter >= 0 &&
    replicas.every((r) => r.exitCode === null);
  console.log(ok ? 'PASS' : 'FAIL');
  process.exitCode = ok ? 0 : 1;
} finally {
  for (const child of children) child.kill('SIGTERM');
  await sleep(1000);
  await proxy?.stop();
  await postgres?.destroy();
  rmSync(work, { recursive: true, force: true });
}
