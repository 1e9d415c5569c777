// Where a slow request's time goes, inside a server the benchmark loads (`bench/api.ts --probe`): this
// module is preloaded into each server process (`node --import`, bench/children.ts) when PROBE_DIR is
// set, and measures nothing otherwise. On SIGUSR2 the process writes PROBE_DIR/<pid>.json with what
// happened since the previous signal, and starts again:
// - each request's time in the server, from its arrival (node's parse, diagnostics_channel
//   `http.server.request.start`) to its response's `finish`, and the slowest 0.5 % with their URLs;
// - the event loop's delay (perf_hooks.monitorEventLoopDelay), and every stall of a 5 ms timer by more
//   than 20 ms, split by the main thread's own counters (/proc/thread-self/schedstat) into the time it
//   ran (our work or the collector), the time it waited for a CPU (the machine: another process, or
//   the server's own helper threads), and the rest (blocked in a system call or a page fault, or idle:
//   no request to read); with the process's major page faults across it (a file read through a memory
//   map — the answer store — that the kernel had dropped);
// - every collection of the garbage collector (PerformanceObserver).
// The probe costs a timer every 5 ms and two reads of /proc each time: a figure taken with it is not
// the bench's figure without it.

import dc from 'node:diagnostics_channel';
import { readFileSync, writeFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { PerformanceObserver, monitorEventLoopDelay, performance } from 'node:perf_hooks';

/** What a server writes on SIGUSR2 (times in ms). */
export interface ProbeReport {
  requests: number;
  server: { p50: number; p99: number; max: number };
  /** The slowest 0.5 % of requests in the server, the slowest first (at most 20): ms and URL. */
  slowest: Array<{ ms: number; url: string }>;
  loopDelay: { p99: number; max: number };
  stalls: {
    count: number;
    ms: number;
    running: number;
    waitingForCpu: number;
    blockedOrIdle: number;
    longest: number;
    majorFaults: number;
  };
  gc: { count: number; ms: number; longest: number };
  majorFaults: number;
  /** The process's CPU time (all its threads), ms. */
  cpuMs: number;
}

const TICK_MS = 5;
const STALL_MS = 20;

/** The main thread's time on a CPU and waiting for one (ms). */
const schedstat = (): [number, number] => {
  const [run = '0', wait = '0'] = readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ');
  return [Number(run) / 1e6, Number(wait) / 1e6];
};
/** The process's major page faults so far. */
const majorFaults = (): number => {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
  return Number(fields[9] ?? 0);
};
const at = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
const round = (ms: number) => Math.round(ms * 10) / 10;

function probe(dir: string): void {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const noStalls = () => ({
    count: 0,
    ms: 0,
    running: 0,
    waitingForCpu: 0,
    blockedOrIdle: 0,
    longest: 0,
    majorFaults: 0,
  });
  const noCollections = () => ({ count: 0, ms: 0, longest: 0 });
  let stalls = noStalls();
  let gc = noCollections();
  let times: Array<[number, string]> = [];
  let faultsAtStart = majorFaults();
  let cpuAtStart = process.cpuUsage();
  let last = performance.now();
  let lastSched = schedstat();
  let lastFaults = faultsAtStart;
  setInterval(() => {
    const now = performance.now();
    const sched = schedstat();
    const faults = majorFaults();
    const wall = now - last;
    if (wall - TICK_MS > STALL_MS) {
      const running = sched[0] - lastSched[0];
      const waiting = sched[1] - lastSched[1];
      stalls.count++;
      stalls.ms += wall;
      stalls.running += running;
      stalls.waitingForCpu += waiting;
      stalls.blockedOrIdle += Math.max(0, wall - running - waiting);
      stalls.longest = Math.max(stalls.longest, wall);
      stalls.majorFaults += faults - lastFaults;
    }
    last = now;
    lastSched = sched;
    lastFaults = faults;
  }, TICK_MS).unref();
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gc.count++;
      gc.ms += entry.duration;
      gc.longest = Math.max(gc.longest, entry.duration);
    }
  }).observe({ entryTypes: ['gc'] });
  const arrived = new WeakMap<IncomingMessage, number>();
  dc.subscribe('http.server.request.start', (message) => {
    const { request } = message as { request: IncomingMessage };
    arrived.set(request, performance.now());
  });
  dc.subscribe('http.server.response.finish', (message) => {
    const { request } = message as { request: IncomingMessage };
    const started = arrived.get(request);
    if (started !== undefined) times.push([performance.now() - started, request.url ?? '']);
  });
  process.on('SIGUSR2', () => {
    const sorted = times.map(([ms]) => ms).sort((a, b) => a - b);
    const slowest = times
      .sort((a, b) => b[0] - a[0])
      .slice(0, Math.min(20, Math.ceil(times.length * 0.005)))
      .map(([ms, url]) => ({ ms: round(ms), url }));
    const report: ProbeReport = {
      requests: times.length,
      server: { p50: round(at(sorted, 0.5)), p99: round(at(sorted, 0.99)), max: round(at(sorted, 1)) },
      slowest,
      loopDelay: { p99: round(delay.percentile(99) / 1e6), max: round(delay.max / 1e6) },
      stalls: {
        count: stalls.count,
        ms: round(stalls.ms),
        running: round(stalls.running),
        waitingForCpu: round(stalls.waitingForCpu),
        blockedOrIdle: round(stalls.blockedOrIdle),
        longest: round(stalls.longest),
        majorFaults: stalls.majorFaults,
      },
      gc: { count: gc.count, ms: round(gc.ms), longest: round(gc.longest) },
      majorFaults: majorFaults() - faultsAtStart,
      cpuMs: round(Object.values(process.cpuUsage(cpuAtStart)).reduce((a, b) => a + b, 0) / 1000),
    };
    writeFileSync(join(dir, `${process.pid}.json`), JSON.stringify(report));
    delay.reset();
    stalls = noStalls();
    gc = noCollections();
    times = [];
    faultsAtStart = majorFaults();
    cpuAtStart = process.cpuUsage();
  });
}

const dir = process.env['PROBE_DIR'];
if (dir) probe(dir);
