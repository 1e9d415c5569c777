// npm run bench:api [-- --sejm | --poland-fraction F | --db PATH] [-- --sample N] [-- --workers N] [-- --duration S] [-- --rounds R] [-- --workloads walk,zipf,hot,pages] [-- --probe]
// (--db: an already built snapshot, e.g. all of Poland from `npm run bench:etl -- --poland --keep PATH`;
// --poland-fraction F: generates that share of the Poland plan (`council generate --poland --fraction F`)
// and builds it first, then walks 20,000 of its URLs unless --sample says otherwise;
// --sample: walk about N of its URLs, every k-th of each kind;
// --probe: every server runs bench/probe.ts, and each run's line is followed by where its server's time
// went: its own time per request, the event loop's stalls split into running, waiting for a CPU and
// blocked, the collector, major page faults; and the machine's wait for a CPU (PSI) and TCP
// retransmissions — with --workers 1)
//
// The real server against its physical limit, like for like:
// - the limit is bare Express 5 sending the service's own answers, byte for byte, from memory
//   (bench/bare-server.ts), with the same number of processes as the service (--workers, default 1);
//   bare node:http sending the same bytes is measured too, and each ratio is also given against it;
// - the load generator runs in its own process: wrk (Debian's package) when installed, else autocannon
//   in a child; 50 connections;
// - four workloads (bench/workloads.ts): the long-tail walk over every resource URL of the snapshot in
//   a fixed shuffled order, a Zipf mix drawn from it, the small hot mix, and (`pages`, asked for by
//   name) the website's walk: every councillor's, vote's and session's page and the list pages, each
//   once in a fixed shuffled order, measured in steady state — one pass over them is made first
//   against every server that keeps what it makes (a page, unlike most API answers, is never stored
//   with the snapshot, so without that pass a run of seconds measures only its first making); each against the service
//   with its default response cache (RESPONSE_CACHE_MB=64), with the cache off (the answer store on,
//   empty at the start), and with both off (every answer made by its handler: the live path);
// - this machine is noisy (other tenants): the servers run side by side and are loaded in turn,
//   round after round (--rounds, default 3), the three configurations of the service in reverse order
//   every other round and each run two seconds after the last (the first after a `sync` and the kernel's
//   writeback of what the bench wrote); each figure is the median over the
//   rounds, and each ratio the median of the per-round ratios, so that a slow minute hits both sides of
//   a ratio alike; the p99 of every round is printed beside the median (it is the run's slowest second
//   or so: its spread between rounds is the first thing to read);
// - then the cold cost of each kind of answer (live, one request at a time).
// The service runs in its default configuration (no key, default origins, LOG_LEVEL as in the
// environment, default info) except for the rate limits (the API's and the site's), raised so that the run is not refused.

import { type ChildProcess, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runEtl } from '../etl/run.ts';
import { renderStoredAnswers } from '../src/answers/render.ts';
import { generateBundle } from '../tools/generate/index.ts';
import { ext, get, nodeArgs, start } from './children.ts';
import { type LoadResult, type LoadSpec, hasWrk, runWrk } from './load.ts';
import type { ProbeReport } from './probe.ts';
import { hotUrls, kindOf, sitePageUrls, walkUrls, zipfUrls } from './workloads.ts';

const local = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const argValue = (name: string, fallback: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1]! : fallback;
};

const CONNECTIONS = 50;
/** The pause between two loaded runs. */
const SETTLE_MS = 2000;
/** Before the first round: the kernel's dirty and writeback pages under this, or WRITTEN_BACK_MAX_MS passed. */
const WRITTEN_BACK_KB = 64 * 1024;
const WRITTEN_BACK_MAX_MS = 120_000;

/** The kernel's dirty and under-writeback memory (kB) from /proc/meminfo; undefined where it cannot be read. */
function unwrittenKb(): number | undefined {
  try {
    const meminfo = readFileSync('/proc/meminfo', 'utf8');
    const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(meminfo)?.[1] ?? 0);
    return kb('Dirty') + kb('Writeback');
  } catch {
    return undefined;
  }
}

/**
 * Lets what was just written settle before the rounds: `sync` (the snapshot the bench built, the answer
 * stores' first writes, the answers file: about a gigabyte for a tenth of Poland), then waits until the
 * kernel's dirty and writeback pages are few, and a SETTLE_MS more. Without it the first round measured
 * the kernel's writeback as much as the servers (the lead's run of 2026-11-30: rounds' ratios 0.53, 0.87
 * and 1.06 within four minutes, ~1 GB still being written back as the rounds began).
 */
async function settleWrites(): Promise<void> {
  const started = performance.now();
  const before = unwrittenKb();
  spawnSync('sync', { stdio: 'ignore' });
  let left = unwrittenKb();
  while (left !== undefined && left > WRITTEN_BACK_KB && performance.now() - started < WRITTEN_BACK_MAX_MS) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    left = unwrittenKb();
  }
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const mib = (kb: number | undefined) => (kb === undefined ? '?' : (kb / 1024).toFixed(0));
  console.log(
    `written data settled: ${mib(before)} MiB dirty or under writeback before a sync, ${mib(left)} MiB after, ` +
      `${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}
const DURATION = Number(argValue('--duration', '10'));
const ROUNDS = Number(argValue('--rounds', '3'));
const WORKERS = argValue('--workers', '1');
const WORKLOADS = argValue('--workloads', 'walk,zipf,hot').split(',');
const LOG_LEVEL = process.env['LOG_LEVEL'] ?? 'info';
const sejm = process.argv.includes('--sejm');
const builtDb = argValue('--db', '');
const polandFraction = process.argv.includes('--poland-fraction')
  ? Number(argValue('--poland-fraction', ''))
  : undefined;
if (polandFraction !== undefined && !(polandFraction > 0 && polandFraction <= 1)) {
  console.error('bench:api: --poland-fraction takes a number in (0, 1]');
  process.exit(2);
}
const PROBE = process.argv.includes('--probe');
const SAMPLE = process.argv.includes('--sample')
  ? Number(argValue('--sample', ''))
  : polandFraction === undefined
    ? undefined
    : 20_000;

function load(port: number, paths: string[]): LoadResult {
  const spec: LoadSpec = {
    url: `http://127.0.0.1:${port}`,
    paths,
    headers: {},
    connections: CONNECTIONS,
    duration: DURATION,
  };
  if (hasWrk()) return runWrk(spec);
  const child = spawnSync(process.execPath, [...nodeArgs, local(`./load.${ext}`), '--autocannon'], {
    encoding: 'utf8',
    maxBuffer: 1 << 26,
    stdio: ['pipe', 'pipe', 'inherit'],
    input: JSON.stringify(spec),
  });
  if (child.status !== 0)
    throw new Error(`autocannon exited ${child.status}${child.error ? `: ${child.error.message}` : ''}`);
  return JSON.parse(child.stdout.trim().split('\n').pop()!) as LoadResult;
}

/** Every answer of `paths`, as the service sends it (each must be a 200), in the bare server's file format. */
async function collectAnswers(port: number, paths: string[], file: string): Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  const records: Buffer[] = [];
  let bytes = 0;
  for (const path of new Set(paths)) {
    const { status, body } = await get(agent, port, path);
    if (status !== 200) throw new Error(`${path} answered ${status}: ${body.toString().slice(0, 200)}`);
    const url = Buffer.from(path);
    const header = Buffer.alloc(4);
    header.writeUInt32LE(url.length);
    const length = Buffer.alloc(4);
    length.writeUInt32LE(body.length);
    records.push(header, url, length, body);
    bytes += body.length;
  }
  agent.destroy();
  writeFileSync(file, Buffer.concat(records));
  return bytes;
}

/** One pass over `paths` (8 at a time), each a 200: what the server keeps, it holds afterwards. */
async function warm(port: number, paths: string[]): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < paths.length) {
        const path = paths[next++]!;
        const { status } = await get(agent, port, path);
        if (status !== 200) throw new Error(`${path} answered ${status}`);
      }
    }),
  );
  agent.destroy();
}

/** Mean time and size per kind of answer, one request at a time over keep-alive (the server's cache is off). */
async function coldCosts(
  port: number,
  walk: string[],
): Promise<Array<{ kind: string; urls: number; bytes: number; us: number }>> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const byKind = new Map<string, string[]>();
  for (const url of walk) {
    const list = byKind.get(kindOf(url)) ?? [];
    if (list.length < 100) list.push(url);
    byKind.set(kindOf(url), list);
  }
  const rows = [];
  for (const [kind, urls] of byKind) {
    for (const url of urls.slice(0, 5)) await get(agent, port, url); // warm-up
    let bytes = 0;
    const started = performance.now();
    for (const url of urls) bytes += (await get(agent, port, url)).body.length;
    rows.push({
      kind,
      urls: urls.length,
      bytes: Math.round(bytes / urls.length),
      us: Math.round(((performance.now() - started) / urls.length) * 1000),
    });
  }
  agent.destroy();
  return rows.sort((a, b) => b.us - a.us);
}

/**
 * The machine's TCP segments retransmitted and retransmission timeouts so far (/proc/net/snmp, netstat),
 * the time (ms) some task waited for a CPU (/proc/pressure/cpu: wrk's waits are there, the server's, any
 * other process's), and what server `pid` has read from the disk, not from the page cache (/proc/PID/io).
 */
function machineCounters(pid: number): {
  retransmitted: number;
  timeouts: number;
  cpuWaitMs: number;
  diskReadBytes: number;
} {
  const value = (file: string, group: string, name: string) => {
    const lines = readFileSync(file, 'utf8').split('\n');
    const i = lines.findIndex((line) => line.startsWith(`${group}: `) && line.split(' ').includes(name));
    return Number(lines[i + 1]?.split(' ')[lines[i]!.split(' ').indexOf(name)] ?? NaN);
  };
  return {
    retransmitted: value('/proc/net/snmp', 'Tcp', 'RetransSegs'),
    timeouts: value('/proc/net/netstat', 'TcpExt', 'TCPTimeouts'),
    cpuWaitMs: Number(/^some .*total=(\d+)/m.exec(readFileSync('/proc/pressure/cpu', 'utf8'))?.[1] ?? NaN) / 1000,
    diskReadBytes: Number(/^read_bytes: (\d+)/m.exec(readFileSync(`/proc/${pid}/io`, 'utf8'))?.[1] ?? NaN),
  };
}

/** Asks a probed server (bench/probe.ts) for its report since the last one; undefined when none comes. */
async function probeReport(dir: string, pid: number): Promise<ProbeReport | undefined> {
  const file = join(dir, `${pid}.json`);
  rmSync(file, { force: true });
  process.kill(pid, 'SIGUSR2');
  for (let i = 0; i < 50; i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    if (existsSync(file)) {
      try {
        return JSON.parse(readFileSync(file, 'utf8')) as ProbeReport;
      } catch {
        // still being written
      }
    }
  }
  return undefined;
}

const probeLine = (p: ProbeReport, machine: ReturnType<typeof machineCounters>) =>
  `    probe: ${p.requests} requests, ${((p.cpuMs * 1000) / Math.max(1, p.requests)).toFixed(0)} CPU µs each; in the server p50 ${p.server.p50} ms, p99 ${p.server.p99}, max ${p.server.max} (slowest ${p.slowest
    .slice(0, 3)
    .map((s) => `${s.url} ${s.ms}`)
    .join(', ')}); event loop delay p99 ${p.loopDelay.p99} ms, max ${p.loopDelay.max}; ` +
  `${p.stalls.count} stalls over 20 ms, ${p.stalls.ms} ms in all (longest ${p.stalls.longest}): the main thread ` +
  `running ${p.stalls.running}, waiting for a CPU ${p.stalls.waitingForCpu}, blocked or idle ${p.stalls.blockedOrIdle}; ` +
  `GC ${p.gc.count}, ${p.gc.ms} ms (longest ${p.gc.longest}); major page faults ${p.majorFaults}; ` +
  `the machine: some task waiting for a CPU ${machine.cpuWaitMs.toFixed(0)} ms of the run, TCP retransmissions ` +
  `${machine.retransmitted}, timeouts ${machine.timeouts}; the server read ${(machine.diskReadBytes / 2 ** 20).toFixed(1)} MiB ` +
  `from the disk; load average ${readFileSync('/proc/loadavg', 'utf8').split(' ')[0]}`;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/**
 * One table row from a server's runs: medians over the rounds; each ratio is the median of the
 * per-round ratios, to the limit (bare Express) and to bare node:http.
 */
const row = (name: string, runs: LoadResult[], limit: LoadResult[], node: LoadResult[]) => {
  const ratio = (to: LoadResult[]) =>
    median(runs.map((r, i) => r.requestsPerSecond / to[i]!.requestsPerSecond)).toFixed(2);
  const sum = (pick: (r: LoadResult) => number) => runs.reduce((total, r) => total + pick(r), 0);
  return (
    `| ${name} | ${median(runs.map((r) => r.requestsPerSecond)).toFixed(0)} | ${median(runs.map((r) => r.p50)).toFixed(1)} | ` +
    `${median(runs.map((r) => r.p99)).toFixed(1)} | ${ratio(limit)} | ${ratio(node)} | ${runs.map((r) => r.requestsPerSecond.toFixed(0)).join(' / ')} | ` +
    `${runs.map((r) => r.p99.toFixed(1)).join(' / ')} | ` +
    `${sum((r) => r.non2xx + r.errors)} |`
  );
};

const work = mkdtempSync(join(tmpdir(), 'council-bench-api-'));
const probeDir = join(work, 'probe');
if (PROBE) {
  mkdirSync(probeDir);
  process.env['PROBE_DIR'] = probeDir; // read by bench/children.ts when it starts a server
}
const children: ChildProcess[] = [];
try {
  let source =
    builtDb ||
    (sejm
      ? local(`../../${ext === 'ts' ? '' : '../'}shared/data/sejm-term10.tar.gz`)
      : local(`../${ext === 'ts' ? '' : '../'}data/sample`));
  if (polandFraction !== undefined) {
    source = join(work, 'poland');
    console.log(`generating the Poland plan at fraction ${polandFraction} …`);
    await generateBundle(source, { seed: 1, plan: 'poland', fraction: polandFraction });
  }
  if (!existsSync(source)) {
    console.log(`skipped: ${source} not found (the Sejm data lives in ../shared/data beside the repository)`);
    process.exit(0);
  }
  const dbPath = builtDb || join(work, 'council.db');
  if (!builtDb) {
    console.log(`building the database from ${source} …`);
    await runEtl({ render: renderStoredAnswers, source, format: sejm ? 'sejm' : 'csv', dbPath });
  }

  const walk = walkUrls(dbPath, { sample: SAMPLE });
  const lists: Record<string, string[]> = { walk, zipf: zipfUrls(walk, 100_000), hot: hotUrls(dbPath) };
  // The site's page sizes: src/site/glosowania.tsx VOTES_PAGE, src/site/posiedzenia.tsx SESSIONS_PAGE.
  if (WORKLOADS.includes('pages')) lists['pages'] = sitePageUrls(dbPath, { votesPage: 20, sessionsPage: 25 });
  const unknown = WORKLOADS.filter((w) => !lists[w]);
  if (unknown.length > 0) throw new Error(`unknown workloads: ${unknown.join(', ')} (walk, zipf, hot, pages)`);
  // Each server its own share and answer store, new for this run: an answer store left by an earlier run
  // would be warm before the first request.
  const serviceEnv = (name: string, cacheMb: string, storeMb: string) => ({
    HOST: '127.0.0.1',
    DB_PATH: dbPath,
    SHARES_DB_PATH: join(work, `shares-${name}.db`),
    ANSWER_STORE_PATH: join(work, `answers-${name}.db`),
    CRON_SCHEDULE: '',
    RATE_LIMIT_MAX_REQUESTS: '1000000000',
    SITE_RATE_LIMIT_MAX_REQUESTS: '1000000000',
    LOG_LEVEL,
    WEB_CONCURRENCY: WORKERS,
    RESPONSE_CACHE_MB: cacheMb,
    ANSWER_STORE_MB: storeMb,
  });
  /** The process of each server by port (bench/probe.ts answers by pid). */
  const pidOf = new Map<number, number>();
  const startService = async (name: string, cacheMb: string, storeMb = '1024') => {
    const service = await start(
      [local(`../cli/council.${ext}`), 'serve'],
      serviceEnv(name, cacheMb, storeMb),
      '/health',
    );
    children.push(service.child);
    pidOf.set(service.port, service.child.pid!);
    return service;
  };

  // The limit serves exactly the bytes the service sends. They are collected from the service with
  // neither cache nor store (every answer made by its handler), which is also measured as 'live'.
  const uncached = await startService('live', '0', '0');
  const answersFile = join(work, 'answers.bin');
  // The answers of the workloads asked for (the Zipf mix is drawn from the walk).
  const collected = WORKLOADS.flatMap((w) => lists[w === 'zipf' ? 'walk' : w]!);
  const bytes = await collectAnswers(uncached.port, collected, answersFile);
  const cold = WORKLOADS.includes('walk') ? await coldCosts(uncached.port, walk) : [];
  const bare = await start([local(`./bare-server.${ext}`)], { ANSWERS: answersFile, WORKERS }, '/ready');
  children.push(bare.child);
  pidOf.set(bare.port, bare.child.pid!);
  const bareNode = await start(
    [local(`./bare-server.${ext}`)],
    { ANSWERS: answersFile, WORKERS, BARE: 'node' },
    '/ready',
  );
  children.push(bareNode.child);
  pidOf.set(bareNode.port, bareNode.child.pid!);
  // 'cache 64' and 'store' are as `council serve` runs by default, but for the response cache of the
  // second; their answer stores start empty and fill during the first round.
  const servers: Record<string, number> = {
    limit: bare.port,
    node: bareNode.port,
    'cache 64': (await startService('cache', '64')).port,
    store: (await startService('store', '0')).port,
    live: uncached.port,
  };

  if (lists['pages'])
    for (const server of ['cache 64', 'store']) {
      const started = performance.now();
      await warm(servers[server]!, lists['pages']);
      console.log(`pages made once on '${server}' first: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }

  console.log(
    `walk: ${walk.length.toLocaleString('en')} URLs${lists['pages'] ? `, pages: ${lists['pages'].length.toLocaleString('en')} URLs` : ''}, ${(bytes / 2 ** 20).toFixed(0)} MiB of answers; ` +
      `load: ${hasWrk() ? 'wrk' : 'autocannon'}, ${CONNECTIONS} connections, ${DURATION} s per run, ${ROUNDS} rounds; ` +
      `processes: ${WORKERS} on each side; service LOG_LEVEL=${LOG_LEVEL}`,
  );

  await settleWrites();
  const runs: Record<string, Record<string, LoadResult[]>> = {};
  const services = ['cache 64', 'store', 'live'];
  for (let round = 1; round <= ROUNDS; round++) {
    // The bare servers first, then the service's configurations, in reverse order every other round: none
    // always runs in the same place (docs/PERFORMANCE.md, issue 43's fourteenth session).
    const order = ['limit', 'node', ...(round % 2 === 1 ? services : [...services].reverse())];
    for (const workload of WORKLOADS) {
      for (const server of order) {
        const port = servers[server]!;
        // Probed, the server's count starts anew and the machine's counters are read around the run (only
        // then: /proc/pressure is not on every kernel).
        const pid = pidOf.get(port)!;
        if (PROBE) await probeReport(probeDir, pid);
        const before = PROBE ? machineCounters(pid) : undefined;
        const result = load(port, lists[workload]!);
        ((runs[workload] ??= {})[server] ??= []).push(result);
        console.log(
          `round ${round}, ${workload}, ${server}: ${result.requestsPerSecond.toFixed(0)} req/s, p99 ${result.p99.toFixed(1)} ms`,
        );
        if (before) {
          const after = machineCounters(pid);
          const report = await probeReport(probeDir, pid);
          if (report)
            console.log(
              probeLine(report, {
                retransmitted: after.retransmitted - before.retransmitted,
                timeouts: after.timeouts - before.timeouts,
                cpuWaitMs: after.cpuWaitMs - before.cpuWaitMs,
                diskReadBytes: after.diskReadBytes - before.diskReadBytes,
              }),
            );
        }
        // What the server still has in hand when the load stops (the live path's pages: up to one a
        // connection) is finished before the next server is loaded.
        await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      }
    }
  }

  for (const workload of WORKLOADS) {
    const r = runs[workload]!;
    console.log(
      `\n${workload} (${lists[workload]!.length.toLocaleString('en')} requests in the list; medians of ${ROUNDS} rounds)\n`,
    );
    console.log(
      '| server | req/s | p50 ms | p99 ms | ratio | ratio to node:http | req/s per round | p99 ms per round | failed |\n|---|---:|---:|---:|---:|---:|---|---|---:|',
    );
    const [limit, node] = [r['limit']!, r['node']!];
    console.log(row('same bytes from memory (limit)', limit, limit, node));
    console.log(row('same bytes from memory, bare node:http', node, limit, node));
    console.log(row('service, RESPONSE_CACHE_MB=64 (default)', r['cache 64']!, limit, node));
    console.log(row('service, RESPONSE_CACHE_MB=0 (answer store on)', r['store']!, limit, node));
    console.log(row('service, RESPONSE_CACHE_MB=0 ANSWER_STORE_MB=0 (live)', r['live']!, limit, node));
  }

  console.log('\ncold cost per kind of answer (cache off, one request at a time, keep-alive)\n');
  console.log('| kind | URLs timed | bytes | µs per request |\n|---|---:|---:|---:|');
  for (const c of cold)
    console.log(`| ${c.kind} | ${c.urls} | ${c.bytes.toLocaleString('en')} | ${c.us.toLocaleString('en')} |`);
  console.log(
    `\nmachine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, node ${process.version}; data: ${builtDb || (sejm ? 'Sejm term 10' : polandFraction !== undefined ? `Poland plan at fraction ${polandFraction}` : 'sample council')}`,
  );
} finally {
  for (const child of children) child.kill('SIGTERM');
  rmSync(work, { recursive: true, force: true });
}
