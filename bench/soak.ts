// npm run soak [-- --duration 300 --every 20] [-- --replicas]
// The refresh under load (issue 15): the real server (one process, guards on) serves while
// autocannon (its own process) reads a mix of the API at 50 connections, and every `--every` seconds
// the source changes (two generated councils, alternately) and the server is sent SIGHUP. At the end:
// failed requests (must be 0), refreshes published and seen on /health (must be all), and the
// server's RSS sampled every 5 s (must stay flat). Loopback only; bounded by --duration.

import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../tools/loopback/debian.ts';
import type { LoadResult, LoadSpec } from './load.ts';
import { DURATION_S, EVERY_S, alternatingSource, cli, ext, local, nodeArgs, rssMiB, sleep } from './soak-common.ts';

// `--replicas`: the soak of one builder and two replicas behind a proxy (bench/soak-replicas.ts) instead.
if (process.argv.includes('--replicas')) {
  await import(`./soak-replicas.${ext}`);
  process.exit(process.exitCode ?? 0);
}
const work = mkdtempSync(join(tmpdir(), 'council-soak-'));
let server: ChildProcess | undefined;
try {
  const { bundles, source } = alternatingSource(work);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DB_PATH: join(work, 'council.db'),
    SOURCE_DIR: source,
    SOURCE_FORMAT: 'csv',
    CRON_SCHEDULE: '',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX_REQUESTS: '1000000000',
    NODE_ENV: 'test',
  };
  server = spawn(process.execPath, [...nodeArgs, cli, 'serve', '--bootstrap'], {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const health = async () =>
    (await (await fetch(`${url}/health`)).json()) as {
      data: { snapshot: string } | null;
      odswiezanie: { trwa: boolean };
    };
  for (let i = 0; ; i++) {
    try {
      if ((await health()).data) break;
    } catch {
      /* not listening yet */
    }
    if (i > 600) throw new Error('the server did not start');
    await sleep(100);
  }
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
  ];
  const spec: LoadSpec = { url, paths, headers: {}, connections: 50, duration: DURATION_S };
  const load = spawn(process.execPath, [...nodeArgs, local(`./load.${ext}`), '--autocannon'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  load.stdin.end(JSON.stringify(spec)); // the spec on stdin (bench/load.ts)
  let loadOut = '';
  load.stdout.on('data', (c: Buffer) => {
    loadOut += c.toString();
  });
  const loadDone = new Promise<void>((resolve) => load.once('exit', () => resolve()));

  const rss: number[] = [];
  const sampler = setInterval(() => rss.push(rssMiB(server!.pid!)), 5000);
  const started = Date.now();
  let refreshes = 0;
  let seen = 0;
  let snapshot = (await health()).data!.snapshot;
  while (Date.now() - started < (DURATION_S - EVERY_S / 2) * 1000) {
    await sleep(EVERY_S * 1000);
    cpSync(bundles[++refreshes % 2]!, source, { recursive: true });
    server.kill('SIGHUP');
    for (let i = 0; i < 300; i++) {
      await sleep(100);
      const now = (await health()).data!.snapshot;
      if (now !== snapshot) {
        snapshot = now;
        seen++;
        break;
      }
    }
    console.log(
      `  ${Math.round((Date.now() - started) / 1000)} s: refresh ${refreshes}, ${seen} seen in service, RSS ${rss.at(-1)?.toFixed(0) ?? '?'} MiB`,
    );
  }
  await loadDone;
  clearInterval(sampler);
  const last = loadOut.trim().split('\n').pop();
  if (!last) throw new Error('the load generator printed no result');
  const result = JSON.parse(last) as LoadResult;
  const third = Math.max(1, Math.floor(rss.length / 3));
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  console.log(`\nsoak: ${DURATION_S} s, a refresh every ${EVERY_S} s, 50 connections`);
  console.log(
    `requests: ${result.total.toLocaleString('en')} (${Math.round(result.requestsPerSecond).toLocaleString('en')} req/s, p99 ${result.p99} ms); failed: non-2xx ${result.non2xx}, errors and timeouts ${result.errors}`,
  );
  console.log(`refreshes: ${refreshes} triggered, ${seen} seen in service`);
  console.log(
    `server RSS (MiB, every 5 s): first third mean ${mean(rss.slice(0, third)).toFixed(0)}, last third mean ${mean(rss.slice(-third)).toFixed(0)}, min ${Math.min(...rss).toFixed(0)}, max ${Math.max(...rss).toFixed(0)}`,
  );
  const ok = result.non2xx === 0 && result.errors === 0 && seen === refreshes;
  console.log(ok ? 'PASS' : 'FAIL');
  process.exitCode = ok ? 0 : 1;
} finally {
  server?.kill('SIGTERM');
  await sleep(500);
  rmSync(work, { recursive: true, force: true });
}
