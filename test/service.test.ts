// The service as it runs unattended: a real `council serve` process on loopback, refreshed by SIGHUP
// (the same job the cron runs) and by separate `council etl` processes on the same database, under
// concurrent load, with broken bundles, killed builds, overlapping builds and shutdown signals.

import { createHash, randomUUID } from 'node:crypto';
import {
  appendFileSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { generateBundle, type GenerateOptions } from '../tools/generate/index.ts';
import { runEtl } from '../etl/run.ts';
import { renderStoredAnswers } from '../src/answers/render.ts';
import { removeDir, tempDir } from './support/fixture.ts';
import {
  council,
  freePort,
  killAll,
  type LogLine,
  type ServerProcess,
  startServerProcess,
  stopProcess,
  waitFor,
} from './support/server-process.ts';

const TEST_TIMEOUT = 120_000;

// ---------------------------------------------------------------------------------------------------
// Bundles and servers

interface TestBundle {
  dir: string;
  /** What /api/utils/stats must answer for it. */
  stats: { radni: number; glosowania: number; posiedzenia: number; zalaczniki: number };
}

const root = tempDir('council-service-');
const bundles = {} as Record<'a' | 'b' | 'c' | 'big', TestBundle>;
/** Temporary directories to remove at the end. */
const sites: string[] = [];

async function makeBundle(name: string, options: Partial<GenerateOptions>): Promise<TestBundle> {
  const dir = join(root, `bundle-${name}`);
  const { files } = await generateBundle(dir, { kadencje: 2, ...options });
  return {
    dir,
    stats: {
      radni: files['radni.csv']!,
      glosowania: files['glosowania.csv']!,
      posiedzenia: files['posiedzenia.csv']!,
      zalaczniki: files['zalaczniki.csv']!,
    },
  };
}

/** Copies every file of `bundle` into `dir` (the server's SOURCE_DIR), replacing what is there. */
function copyBundle(bundle: TestBundle, dir: string): void {
  for (const file of readdirSync(bundle.dir)) copyFileSync(join(bundle.dir, file), join(dir, file));
}

interface Site {
  dir: string;
  db: string;
  source: string;
  server: ServerProcess;
}

/** A working directory with SOURCE_DIR holding `bundle`, the database built from it, and a server over it. */
async function startSite(bundle: TestBundle, env: Record<string, string> = {}): Promise<Site> {
  const dir = tempDir('council-site-');
  sites.push(dir);
  const source = join(dir, 'source');
  mkdirSync(source, { recursive: true });
  copyBundle(bundle, source);
  const db = join(dir, 'data', 'council.db');
  await runEtl({ source, dbPath: db, createFolder: true, render: renderStoredAnswers }); // as `council etl` builds it
  mkdirSync(join(dir, 'shares')); // the server creates no folder but the default var/
  const server = await startServerProcess({
    DB_PATH: db,
    SHARES_DB_PATH: join(dir, 'shares', 'shares.db'),
    SOURCE_DIR: source,
    CRON_SCHEDULE: '',
    RATE_LIMIT_MAX_REQUESTS: '1000000',
    API_SECRET_KEY: '',
    JWT_SECRET: '',
    ...env,
  });
  return { dir, db, source, server };
}

// ---------------------------------------------------------------------------------------------------
// HTTP

interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- parsed JSON of many shapes
  body: any;
  headers: Headers;
}

async function request(base: string, path: string, init: RequestInit = {}): Promise<Answer> {
  const res = await fetch(base + path, { ...init, signal: AbortSignal.timeout(30_000) });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON: kept as text */
  }
  return { status: res.status, body, headers: res.headers };
}

interface Health {
  status: string;
  data: { snapshot: string; zaktualizowano: string; liczba_glosowan: number } | null;
  odswiezanie: {
    trwa: boolean;
    ostatnie: { ok: boolean; finished: string; seconds: number; snapshot?: string; error?: string } | null;
  };
}

async function health(server: ServerProcess): Promise<Health> {
  const { status, body } = await request(server.url, '/health');
  expect(status).toBe(200);
  return body as Health;
}

async function stats(server: ServerProcess): Promise<TestBundle['stats']> {
  const { status, body } = await request(server.url, '/api/utils/stats');
  expect(status).toBe(200);
  return body.data;
}

/** Sends SIGHUP and waits for the refresh it starts to finish; resolves with its outcome. */
async function refreshBySighup(server: ServerProcess): Promise<NonNullable<Health['odswiezanie']['ostatnie']>> {
  const before = (await health(server)).odswiezanie.ostatnie?.finished;
  server.child.kill('SIGHUP');
  return waitFor(
    'the SIGHUP refresh to finish',
    async () => {
      const { odswiezanie } = await health(server);
      return !odswiezanie.trwa && odswiezanie.ostatnie && odswiezanie.ostatnie.finished !== before
        ? odswiezanie.ostatnie
        : undefined;
    },
    90_000,
    100,
  );
}

/** Waits until /health serves a snapshot other than `previous`; resolves with its id. */
const snapshotChange = (server: ServerProcess, previous: string, timeoutMs = 90_000) =>
  waitFor(
    `a snapshot other than ${previous}`,
    async () => {
      const id = (await health(server)).data?.snapshot;
      return id && id !== previous ? id : undefined;
    },
    timeoutMs,
    50,
  );

// A mix of endpoints whose answers exist in every bundle used here.
const LOAD_PATHS = [
  '/api/utils/stats',
  '/api/radni',
  '/api/glosowania?limit=20',
  '/api/glosowania/1',
  '/api/glosowania/1/glosy',
  '/api/statystyki/dashboard',
  '/api/statystyki/ranking-frekwencji',
  '/api/statystyki/top-koalicje',
  '/api/posiedzenia',
  '/api/utils/kadencje',
  '/health',
];

interface Load {
  /** Answers received so far. */
  completed: () => number;
  /** Stops issuing, waits for the requests in flight; resolves with what was seen. */
  stop: () => Promise<LoadResult>;
}

interface LoadResult {
  total: number;
  /** Every non-2xx answer or failed request, described. */
  failures: string[];
  /** glosowania counts seen in /api/utils/stats answers. */
  voteCounts: Set<number>;
  /** Completion time (Date.now()) of every request. */
  times: number[];
  maxInFlight: number;
}

/** Keeps `concurrency` requests in flight over LOAD_PATHS (and share-link POSTs) until stopped. */
function startLoad(base: string, concurrency: number): Load {
  let stopped = false;
  let inFlight = 0;
  let next = 0;
  const result: LoadResult = { total: 0, failures: [], voteCounts: new Set(), times: [], maxInFlight: 0 };
  const worker = async () => {
    while (!stopped) {
      const n = next++;
      // Every twelfth request creates (or finds) a share link: a POST, whose body is read
      // asynchronously while the request already holds its snapshot.
      const post = n % 12 === 11;
      const path = post ? `/api/glosowania/${(n % 50) + 1}/udostepnij` : LOAD_PATHS[n % LOAD_PATHS.length]!;
      inFlight++;
      result.maxInFlight = Math.max(result.maxInFlight, inFlight);
      try {
        const { status, body } = await request(
          base,
          path,
          post ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' } : {},
        );
        if (status < 200 || status > 299)
          result.failures.push(`${path}: ${status} ${JSON.stringify(body).slice(0, 200)}`);
        else if (path === '/api/utils/stats') result.voteCounts.add(body.data.glosowania);
      } catch (error) {
        result.failures.push(`${path}: ${String((error as Error).cause ?? error)}`);
      } finally {
        inFlight--;
        result.total++;
        result.times.push(Date.now());
      }
    }
  };
  const workers = Array.from({ length: concurrency }, worker);
  return {
    completed: () => result.total,
    stop: async () => {
      stopped = true;
      await Promise.all(workers);
      return result;
    },
  };
}

interface HeldRequest {
  /** Resolves once the server has read the request's headers (and answered 100 Continue). */
  continued: Promise<void>;
  /** Sends the body: the server then finishes the request. */
  send: () => void;
  answered: Promise<{ status: number; body: string }>;
}

/**
 * A POST the server is certainly handling, held open: it sends `Expect: 100-continue` and its body
 * only when told. The server runs the request's middleware up to the body parser (so the request
 * holds its snapshot) and waits for the body.
 */
function heldPost(base: string, path: string, body: string, agent?: http.Agent): HeldRequest {
  const req = http.request(`${base}${path}`, {
    method: 'POST',
    agent: agent ?? false,
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), expect: '100-continue' },
  });
  const continued = new Promise<void>((resolve) => req.once('continue', () => resolve()));
  const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.once('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => {
        text += chunk.toString();
      });
      res.on('end', () => resolve({ status: res.statusCode!, body: text }));
      res.on('error', reject);
    });
    req.once('error', reject);
  });
  req.flushHeaders();
  return { continued, send: () => req.end(body), answered };
}

/** Whether `pid` has no descriptor open on a replaced (deleted) copy of `db`: every retired snapshot closed. Always true off Linux. */
function retiredSnapshotsClosed(pid: number, db: string): boolean {
  const fdDir = `/proc/${pid}/fd`;
  if (!existsSync(fdDir)) return true;
  let open = 0;
  for (const fd of readdirSync(fdDir)) {
    try {
      const target = readlinkSync(join(fdDir, fd));
      if (target.startsWith(db) && target.endsWith('(deleted)')) open++;
    } catch {
      /* closed meanwhile */
    }
  }
  return open === 0;
}

const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
const buildFiles = (db: string) => readdirSync(join(db, '..')).filter((f) => f.startsWith('council.db.building-'));

// ---------------------------------------------------------------------------------------------------

beforeAll(async () => {
  bundles.a = await makeBundle('a', { seed: 11, radni: 30, glosowania: 400 });
  bundles.b = await makeBundle('b', { seed: 22, radni: 45, glosowania: 1500 });
  bundles.c = await makeBundle('c', { seed: 33, radni: 25, glosowania: 300 });
  bundles.big = await makeBundle('big', { seed: 44, radni: 300, glosowania: 2000 });
  expect(new Set(Object.values(bundles).map((b) => b.stats.glosowania)).size).toBe(4);
}, TEST_TIMEOUT);

afterEach(async () => {
  await killAll();
});

afterAll(() => {
  for (const dir of sites) removeDir(dir);
  removeDir(root);
});

describe('council serve as a service', () => {
  it(
    'a SIGHUP refresh under concurrent load answers every request and puts the new data in service',
    async () => {
      const { server, source, db } = await startSite(bundles.a);
      const before = await health(server);
      expect(before.status).toBe('ok');
      expect(before.odswiezanie).toEqual({
        trwa: false,
        ostatnie: null,
        pobieranie: null,
        zrodlo: expect.objectContaining({ path: source, from: 'configuration' }),
      });
      expect(await stats(server)).toEqual(bundles.a.stats);

      const load = startLoad(server.url, 64);
      await waitFor('the load to get going', () => load.completed() >= 100);
      // A request that starts on the old snapshot and finishes after the swap.
      const straddling = heldPost(server.url, '/api/glosowania/77/udostepnij', '{}');
      await straddling.continued;
      copyBundle(bundles.b, source);
      const refreshStarted = Date.now();
      server.child.kill('SIGHUP');
      const next = await snapshotChange(server, before.data!.snapshot);
      const swapped = Date.now();
      // The old snapshot stays open while a request still holds it, and answers it.
      if (existsSync('/proc/self/fd')) expect(retiredSnapshotsClosed(server.pid, db)).toBe(false);
      straddling.send();
      expect((await straddling.answered).status).toBe(201);
      // Keep the load going over the swap and the retirement of the old snapshot.
      const atSwap = load.completed();
      await waitFor('more requests after the swap', () => load.completed() >= Math.max(atSwap + 200, 450));
      const result = await load.stop();

      expect(result.failures).toEqual([]);
      expect(result.total).toBeGreaterThanOrEqual(450);
      expect(result.maxInFlight).toBe(64);
      expect(result.times.filter((t) => t >= refreshStarted && t <= swapped).length).toBeGreaterThanOrEqual(200);
      // Both data sets were served during the stream: the swap happened while it ran.
      expect([...result.voteCounts].sort()).toEqual([bundles.a.stats.glosowania, bundles.b.stats.glosowania].sort());

      expect(await stats(server)).toEqual(bundles.b.stats);
      const after = await health(server);
      expect(after.data).toMatchObject({ snapshot: next, liczba_glosowan: bundles.b.stats.glosowania });
      expect(after.data!.zaktualizowano > before.data!.zaktualizowano).toBe(true);
      expect(after.odswiezanie).toMatchObject({ trwa: false, ostatnie: { ok: true, snapshot: next } });

      // The old snapshot is closed once its requests are done: no descriptor on the replaced file stays open.
      await waitFor('the old snapshot to be closed', () => retiredSnapshotsClosed(server.pid, db), 3_000);

      // The refresh logged each ETL stage with its counts and timing, structured.
      // (The server's log reaches this process through a pipe, behind the answers: wait for the line.)
      expect(await server.waitForLog((l) => l.msg === 'refresh published')).toMatchObject({ ok: true, snapshot: next });
      const stages = server.logs().filter((l) => l.msg === 'etl stage');
      expect(stages.map((l) => l['stage'])).toEqual(
        expect.arrayContaining(['read + load', 'materialise: pairs', 'publish']),
      );
      expect(stages.find((l) => l['stage'] === 'read + load')).toMatchObject({
        rows: expect.any(Number),
        ms: expect.any(Number),
      });
      expect(stages.find((l) => l['stage'] === 'read + load')!['rows']).toBeGreaterThan(0);
    },
    TEST_TIMEOUT,
  );

  it(
    'a snapshot published by a separate council etl process is picked up under concurrent load',
    async () => {
      const { server, db } = await startSite(bundles.a);
      const before = await health(server);
      const load = startLoad(server.url, 64);
      await waitFor('the load to get going', () => load.completed() >= 100);
      const straddling = heldPost(server.url, '/api/glosowania/77/udostepnij', '{}');
      await straddling.continued;
      const etlStarted = Date.now();
      const etl = council(['etl', '--source', bundles.b.dir, '--db', db], { LOG_LEVEL: 'silent' });
      const next = await snapshotChange(server, before.data!.snapshot);
      const swapped = Date.now();
      if (existsSync('/proc/self/fd')) expect(retiredSnapshotsClosed(server.pid, db)).toBe(false);
      straddling.send();
      expect((await straddling.answered).status).toBe(201);
      expect(await etl.exited, etl.stderr()).toEqual({ code: 0, signal: null });
      expect(etl.stdout()).toContain(`(snapshot ${next})`);
      const atSwap = load.completed();
      await waitFor('more requests after the swap', () => load.completed() >= Math.max(atSwap + 200, 450));
      const result = await load.stop();

      expect(result.failures).toEqual([]);
      expect(result.times.filter((t) => t >= etlStarted && t <= swapped).length).toBeGreaterThanOrEqual(200);
      expect([...result.voteCounts].sort()).toEqual([bundles.a.stats.glosowania, bundles.b.stats.glosowania].sort());
      expect(await stats(server)).toEqual(bundles.b.stats);
      expect((await health(server)).data).toMatchObject({
        snapshot: next,
        liczba_glosowan: bundles.b.stats.glosowania,
      });
      await waitFor('the old snapshot to be closed', () => retiredSnapshotsClosed(server.pid, db), 3_000);
    },
    TEST_TIMEOUT,
  );

  it(
    'a refresh from a broken bundle keeps the data and the share links, and /health reports the failure',
    async () => {
      const { server, source, dir } = await startSite(bundles.a);
      const before = await health(server);
      const statsBefore = await stats(server);

      // Share links: one plain, one highlighting a councillor with a ballot in the vote.
      const glosy = await request(server.url, '/api/glosowania/2/glosy');
      const person = glosy.body.data[0].id_osoby as number;
      const created = [
        await request(server.url, '/api/glosowania/1/udostepnij', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        }),
        await request(server.url, '/api/glosowania/2/udostepnij', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ id_osoby: person }),
        }),
      ];
      expect(created.map((c) => c.status)).toEqual([201, 201]);
      const links = created.map((c) => c.body.data.link as string);
      const shared = await Promise.all(links.map((link) => request(server.url, `/api/glosowania/share/${link}`)));
      expect(shared.map((s) => s.status)).toEqual([200, 200]);
      expect(shared[1]!.body.data.wyrozniony).toMatchObject({ id_osoby: person });

      appendFileSync(join(source, 'glosy.csv'), '999999,1,za\n'); // a ballot for an unknown vote
      const failed = await refreshBySighup(server);
      expect(failed.ok).toBe(false);
      expect(failed.error).toMatch(/unknown vote 999999/);
      expect(failed.error).toMatch(/the published database was not changed/);
      const during = await health(server);
      expect(during.status).toBe('ok');
      expect(during.data).toEqual(before.data);
      expect(await stats(server)).toEqual(statsBefore);
      for (const [i, link] of links.entries()) {
        const again = await request(server.url, `/api/glosowania/share/${link}`);
        expect(again.status).toBe(200);
        expect(again.body).toEqual(shared[i]!.body);
      }
      expect(
        await server.waitForLog((l) => l.msg === 'refresh failed; the previous snapshot stays in service'),
      ).toMatchObject({ ok: false });

      // Repaired to the data in service: nothing to rebuild, and the refresh says so.
      copyBundle(bundles.a, source);
      const restored = await refreshBySighup(server);
      expect(restored).toMatchObject({ ok: true, rebuilt: false, snapshot: before.data!.snapshot });
      expect(
        await server.waitForLog((l) => l.msg === 'unchanged, nothing rebuilt: the source is the one in service'),
      ).toMatchObject({ ok: true });
      // New data: the next refresh publishes it, and the links still resolve over the new snapshot.
      copyBundle(bundles.b, source);
      const repaired = await refreshBySighup(server);
      expect(repaired).toMatchObject({ ok: true, rebuilt: true });
      expect(repaired.snapshot).not.toBe(before.data!.snapshot);
      expect((await health(server)).data!.snapshot).toBe(repaired.snapshot);
      for (const [i, link] of links.entries()) {
        const again = await request(server.url, `/api/glosowania/share/${link}`);
        expect(again.status).toBe(200);
        expect(again.body.data.link).toBe(link);
        expect(again.body.data.utworzono).toBe(shared[i]!.body.data.utworzono);
      }
      expect(existsSync(join(dir, 'shares', 'shares.db'))).toBe(true);
    },
    TEST_TIMEOUT,
  );

  it(
    'an ETL killed with SIGKILL mid-build leaves the served snapshot intact, and the next run succeeds',
    async () => {
      const { server, db } = await startSite(bundles.a);
      const before = await health(server);
      const statsBefore = await stats(server);
      const listBefore = await request(server.url, '/api/glosowania?limit=50');
      const bytesBefore = sha256(db);

      const etl = council(['etl', '--source', bundles.big.dir, '--db', db], { LOG_LEVEL: 'silent' });
      // `council etl` builds in a child process it supervises: the build file is the child's.
      const building = join(
        db,
        '..',
        await waitFor(
          'a build file to be written',
          () => buildFiles(db).find((f) => statSync(join(db, '..', f)).size > 0),
          60_000,
          10,
        ),
      );
      etl.child.kill('SIGKILL');
      expect(await etl.exited).toEqual({ code: null, signal: 'SIGKILL' });

      expect(existsSync(building)).toBe(true); // left over, as after a crash
      expect(existsSync(`${db}.lock`)).toBe(true);
      expect(sha256(db)).toBe(bytesBefore);
      expect((await health(server)).data).toEqual(before.data);
      expect(await stats(server)).toEqual(statsBefore);
      expect((await request(server.url, '/api/glosowania?limit=50')).body).toEqual(listBefore.body);

      // The next run takes over the lock, removes the left-over build and publishes.
      const again = council(['etl', '--source', bundles.big.dir, '--db', db], { LOG_LEVEL: 'silent' });
      expect(await again.exited, again.stderr()).toEqual({ code: 0, signal: null });
      const published = /\(snapshot ([^)]+)\)/.exec(again.stdout())![1]!;
      expect(buildFiles(db)).toEqual([]);
      expect(existsSync(`${db}.lock`)).toBe(false);
      expect(await snapshotChange(server, before.data!.snapshot)).toBe(published);
      expect(await stats(server)).toEqual(bundles.big.stats);
    },
    TEST_TIMEOUT,
  );

  it(
    'a stray file at the lock path (not a lock database) is taken over',
    async () => {
      const db = join(tempDir('council-lock-'), 'council.db');
      sites.push(join(db, '..'));
      writeFileSync(`${db}.lock`, 'left behind by hand\n');
      const taken = council(['etl', '--source', bundles.c.dir, '--db', db], { LOG_LEVEL: 'silent' });
      expect(await taken.exited, taken.stderr()).toEqual({ code: 0, signal: null });
      expect(existsSync(`${db}.lock`)).toBe(false);
      expect(existsSync(db)).toBe(true);
    },
    TEST_TIMEOUT,
  );

  it(
    'overlapping builds are refused both ways: SIGHUP during a council etl, council etl during a SIGHUP refresh',
    async () => {
      // The manual build publishes another folder's data, which the server's refresh then replaces with
      // its own folder's, a smaller council: both said to be wanted here.
      const { server, db, source } = await startSite(bundles.a, {
        REPLACE_SOURCE: 'true',
        REFRESH_MAX_VOTES_LOST: '100',
      });
      const before = await health(server);
      const statsBefore = await stats(server);
      copyBundle(bundles.c, source); // new data, so the server's refresh has something to build

      // 1. A manual `council etl` holds the lock (stopped mid-build, so it holds it for as long as needed).
      const manual = council(['etl', '--source', bundles.big.dir, '--db', db], { LOG_LEVEL: 'silent' });
      await waitFor('the manual build to start', () => buildFiles(db).length > 0, 60_000, 10);
      manual.child.kill('SIGSTOP');
      const refused = await refreshBySighup(server);
      expect(refused.ok).toBe(false);
      expect(refused.error).toMatch(/another ETL run/);
      const during = await health(server);
      expect(during.status).toBe('ok');
      expect(during.data).toEqual(before.data);
      expect(await stats(server)).toEqual(statsBefore);
      manual.child.kill('SIGCONT');
      expect(await manual.exited, manual.stderr()).toEqual({ code: 0, signal: null });
      const manualSnapshot = await snapshotChange(server, before.data!.snapshot);
      expect(await stats(server)).toEqual(bundles.big.stats);

      // 2. The server's own refresh holds the lock (its child stopped mid-build); a manual run is refused.
      server.child.kill('SIGHUP');
      const childBuild = await waitFor('the refresh child to start building', () => buildFiles(db)[0], 60_000, 10);
      const childPid = Number(childBuild.slice('council.db.building-'.length));
      process.kill(childPid, 'SIGSTOP');
      try {
        expect((await health(server)).odswiezanie.trwa).toBe(true);
        // A second SIGHUP while this server's refresh runs does not start another.
        server.child.kill('SIGHUP');
        await server.waitForLog((l) => l.msg === 'refresh skipped: the previous one is still running');
        const second = council(['etl', '--source', bundles.c.dir, '--db', db], { LOG_LEVEL: 'silent' });
        expect(await second.exited).toEqual({ code: 1, signal: null });
        expect(second.stderr()).toMatch(/another ETL run/);
        expect((await health(server)).data!.snapshot).toBe(manualSnapshot);
      } finally {
        process.kill(childPid, 'SIGCONT');
      }
      const finished = await waitFor(
        'the refresh to finish',
        async () => {
          const { odswiezanie } = await health(server);
          return !odswiezanie.trwa && odswiezanie.ostatnie?.ok ? odswiezanie.ostatnie : undefined;
        },
        90_000,
        100,
      );
      expect(finished.snapshot).not.toBe(manualSnapshot);
      expect(await stats(server)).toEqual(bundles.c.stats); // SOURCE_DIR holds bundle C
    },
    TEST_TIMEOUT,
  );

  it(
    'SIGTERM lets the requests in flight complete, refuses new connections and exits 0 within 10 s',
    async () => {
      const { server } = await startSite(bundles.a);
      const port = Number(new URL(server.url).port);
      const agent = new http.Agent({ keepAlive: true, maxSockets: 100 });

      // Requests the server is certainly handling: it has read their headers (and answered 100 Continue)
      // and waits for their bodies, which are sent only after SIGTERM.
      const inFlight = Array.from({ length: 40 }, (_, i) =>
        heldPost(server.url, `/api/glosowania/${i + 1}/udostepnij`, '{}', agent),
      );
      await Promise.all(inFlight.map((r) => r.continued));

      const signalled = Date.now();
      server.child.kill('SIGTERM');
      await server.waitForLog((l) => String(l.msg).startsWith('shutting down'), 10_000);
      // No new connections are accepted.
      const refused = await new Promise<string>((resolve) => {
        const socket = net.connect(port, '127.0.0.1');
        socket.once('connect', () => {
          socket.destroy();
          resolve('connected');
        });
        socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
      });
      expect(refused).toBe('ECONNREFUSED');
      expect(server.exit()).toBeNull(); // still draining

      for (const r of inFlight) r.send();
      const answers = await Promise.all(inFlight.map((r) => r.answered));
      const answered = Date.now();
      expect(answers.map((a) => a.status)).toEqual(inFlight.map(() => 201));
      expect(answers.every((a) => JSON.parse(a.body).data.link)).toBe(true);

      const exit = await server.exited;
      const took = Date.now() - signalled;
      // The keep-alive connections are closed as soon as their last answer is out: the exit does not
      // wait for the clients' or the server's keep-alive timeout (5 s).
      expect(Date.now() - answered).toBeLessThan(4000);
      agent.destroy();
      expect(exit).toEqual({ code: 0, signal: null });
      expect(took).toBeLessThan(10_000);
      const messages = server.logs().map((l) => l.msg);
      expect(messages).toContain('shut down');
      expect(messages).not.toContain('in-flight requests did not finish in time; closing their connections');
    },
    TEST_TIMEOUT,
  );

  it(
    'SIGTERM during a refresh stops the ETL child, keeps the published snapshot and exits 0',
    async () => {
      const { server, source, db } = await startSite(bundles.a);
      const bytesBefore = sha256(db);
      copyBundle(bundles.big, source);
      server.child.kill('SIGHUP');
      const childBuild = await waitFor('the refresh child to start building', () => buildFiles(db)[0], 60_000, 10);
      const childPid = Number(childBuild.slice('council.db.building-'.length));
      const signalled = Date.now();
      server.child.kill('SIGTERM');
      expect(await server.exited).toEqual({ code: 0, signal: null });
      expect(Date.now() - signalled).toBeLessThan(10_000);
      expect(() => process.kill(childPid, 0)).toThrow(); // the child is gone too
      expect(buildFiles(db)).toEqual([]);
      expect(sha256(db)).toBe(bytesBefore);
      expect(server.logs().map((l) => l.msg)).toContain(
        'stopping the refresh in progress; the published snapshot is unchanged',
      );
      // Nothing is left locked: the next run publishes.
      const next = council(['etl', '--source', bundles.b.dir, '--db', db], { LOG_LEVEL: 'silent' });
      expect(await next.exited, next.stderr()).toEqual({ code: 0, signal: null });
    },
    TEST_TIMEOUT,
  );

  it(
    'SIGINT with idle keep-alive connections exits 0 promptly',
    async () => {
      const { server } = await startSite(bundles.c);
      const agent = new http.Agent({ keepAlive: true, maxSockets: 10 });
      const get = (path: string) =>
        new Promise<number>((resolve, reject) => {
          http
            .get(`${server.url}${path}`, { agent }, (res) => {
              res.resume();
              res.on('end', () => resolve(res.statusCode!));
            })
            .once('error', reject);
        });
      expect(await Promise.all(LOAD_PATHS.map(get))).toEqual(LOAD_PATHS.map(() => 200));
      const signalled = Date.now();
      server.child.kill('SIGINT');
      expect(await server.exited).toEqual({ code: 0, signal: null });
      expect(Date.now() - signalled).toBeLessThan(5_000);
      agent.destroy();
    },
    TEST_TIMEOUT,
  );

  it(
    'logs JSON with a request id per request and never the API key, tokens or cookies',
    async () => {
      const apiKey = `key-${randomUUID()}`;
      const jwtSecret = `jwt-secret-${randomUUID()}`;
      const token = await new SignJWT({ sub: 'frontend' })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(new TextEncoder().encode(jwtSecret));
      const wrongKey = `wrong-${randomUUID()}`;
      const badToken = `bad.${randomUUID()}.token`;
      const cookie = `session-${randomUUID()}`;
      const { server } = await startSite(bundles.c, {
        API_SECRET_KEY: apiKey,
        JWT_SECRET: jwtSecret,
        LOG_LEVEL: 'info',
        CRON_SCHEDULE: '0 3 * * *',
      });
      expect(await server.waitForLog((l) => l.msg === 'refresh scheduled')).toMatchObject({
        schedule: '0 3 * * *',
        timezone: 'Europe/Warsaw',
      });

      const withKey = await request(server.url, '/api/utils/stats', {
        headers: { 'X-API-Key': apiKey, 'X-Request-Id': 'trace-service-test-1' },
      });
      expect(withKey.status).toBe(200);
      expect(withKey.headers.get('x-request-id')).toBe('trace-service-test-1');
      const withToken = await request(server.url, '/api/radni', { headers: { Authorization: `Bearer ${token}` } });
      expect(withToken.status).toBe(200);
      const generated = withToken.headers.get('x-request-id');
      expect(generated).toMatch(/^[\w-]{8,}$/);
      // Refused or not (that is the guards' business), these must not reach the log either.
      await request(server.url, '/api/utils/stats', { headers: { 'X-API-Key': wrongKey } });
      await request(server.url, '/api/utils/stats', {
        headers: { Authorization: `Bearer ${badToken}`, Cookie: `sid=${cookie}` },
      });
      await request(server.url, '/api/utils/stats', {
        headers: { 'X-API-Key': apiKey, 'Proxy-Authorization': `Basic ${cookie}` },
      });

      expect(await stopProcess(server)).toEqual({ code: 0, signal: null });
      const stdout = server.stdout();
      for (const secret of [apiKey, jwtSecret, token, token.split('.')[2]!, wrongKey, badToken, cookie]) {
        expect(stdout.includes(secret), `the log contains ${secret}`).toBe(false);
      }
      expect(server.stderr()).toBe('');
      // Every stdout line is one JSON object; each answered request has its own id.
      const lines = stdout.trim().split('\n');
      expect(
        lines.every((l) => {
          try {
            return typeof JSON.parse(l) === 'object';
          } catch {
            return false;
          }
        }),
      ).toBe(true);
      const requests = server
        .logs()
        .filter((l) => (l['req'] as { url?: string } | undefined)?.url?.startsWith('/api/'));
      expect(requests).toHaveLength(5);
      const ids = requests.map((l) => (l['req'] as { id: string }).id);
      expect(new Set(ids).size).toBe(5);
      expect(ids).toContain('trace-service-test-1');
      expect(ids).toContain(generated);
      // Each line names the request, never its headers (where keys, tokens and cookies travel).
      for (const line of requests) {
        expect(Object.keys(line['req'] as object).sort()).toEqual(['id', 'method', 'remoteAddress', 'url']);
        expect(line).toMatchObject({
          msg: 'request completed',
          res: { statusCode: expect.any(Number) },
          responseTime: expect.any(Number),
        });
      }
    },
    TEST_TIMEOUT,
  );

  it(
    'WEB_CONCURRENCY=2: workers share the rate limit, all serve a refresh, and stop with the primary',
    async () => {
      const { server, source } = await startSite(bundles.a, { WEB_CONCURRENCY: '2', RATE_LIMIT_MAX_REQUESTS: '40' });
      const fresh = (path: string) => request(server.url, path, { headers: { Connection: 'close' } }); // a new connection each: any worker
      await waitFor('both workers to listen', () => server.logs().filter((l) => l.msg === 'listening').length === 2);
      const pids = new Set(
        server
          .logs()
          .filter((l) => l.msg === 'listening')
          .map((l) => l['pid']),
      );
      expect(pids.size).toBe(2);

      // One count for the client, whichever worker answers: Remaining falls by one per request.
      const remaining: number[] = [];
      for (let i = 0; i < 40; i++) {
        const answer = await fresh('/api/utils/stats');
        expect(answer.status).toBe(200);
        remaining.push(Number(answer.headers.get('x-ratelimit-remaining')));
      }
      expect(remaining).toEqual(Array.from({ length: 40 }, (_, i) => 39 - i));
      const over = await fresh('/api/utils/stats');
      expect(over.status).toBe(429);
      expect(over.body).toMatchObject({ success: false, error: 'Too Many Requests' });

      // The primary runs the refresh; every worker serves the new snapshot and reports the outcome.
      const before = await health(server);
      copyBundle(bundles.b, source);
      server.child.kill('SIGHUP');
      const next = await snapshotChange(server, before.data!.snapshot);
      await waitFor(
        'every worker to report the refresh',
        async () => {
          const answers = await Promise.all(Array.from({ length: 12 }, () => fresh('/health')));
          return (
            answers.every((a) => a.body.data?.snapshot === next && a.body.odswiezanie.ostatnie?.ok === true) ||
            undefined
          );
        },
        30_000,
        200,
      );

      expect(await stopProcess(server)).toEqual({ code: 0, signal: null });
      expect(server.logs().filter((l) => l.msg === 'shut down')).toHaveLength(3); // two workers, then the primary
    },
    TEST_TIMEOUT,
  );

  it(
    'LOG_LEVEL=warn leaves out the per-request info lines',
    async () => {
      const { server } = await startSite(bundles.c, { LOG_LEVEL: 'warn', PORT: String(await freePort()) });
      expect((await request(server.url, '/api/utils/stats')).status).toBe(200);
      expect(await stopProcess(server)).toEqual({ code: 0, signal: null });
      const levels = server.logs().map((l: LogLine) => l.level ?? 0);
      expect(server.stdout()).not.toContain('"listening"'); // info
      expect(levels.every((level) => level >= 40)).toBe(true);
    },
    TEST_TIMEOUT,
  );
});
