// What test/service*.test.ts share: generated councils, a site (its source folder, the database built from
// it and a real `council serve` process over it), HTTP helpers, a load generator and a held request. The
// service's tests are two files (issue 41) so that the run's workers can take them side by side.

import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, readlinkSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { generateBundle, type GenerateOptions } from '../../tools/generate/index.ts';
import { runEtl } from '../../etl/run.ts';
import { renderStoredAnswers } from '../../src/answers/render.ts';
import { removeDir, tempDir } from './fixture.ts';
import { killAll, type ServerProcess, startServerProcess, waitFor } from './server-process.ts';

export const TEST_TIMEOUT = 120_000;

// ---------------------------------------------------------------------------------------------------
// Bundles and servers

export interface TestBundle {
  dir: string;
  /** What /api/utils/stats must answer for it. */
  stats: { radni: number; glosowania: number; posiedzenia: number; zalaczniki: number };
}

const root = tempDir('council-service-');
/** The generated councils a file asked for (`useServiceFixtures`), each with its own number of votes. */
const bundles: Partial<Record<BundleName, TestBundle>> = {};
/** Temporary directories to remove at the end. */
export const sites: string[] = [];

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
export function copyBundle(bundle: TestBundle, dir: string): void {
  for (const file of readdirSync(bundle.dir)) copyFileSync(join(bundle.dir, file), join(dir, file));
}

interface Site {
  dir: string;
  db: string;
  source: string;
  server: ServerProcess;
}

/** A working directory with SOURCE_DIR holding `bundle`, the database built from it, and a server over it. */
export async function startSite(bundle: TestBundle, env: Record<string, string> = {}): Promise<Site> {
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

export async function request(base: string, path: string, init: RequestInit = {}): Promise<Answer> {
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

export async function health(server: ServerProcess): Promise<Health> {
  const { status, body } = await request(server.url, '/health');
  expect(status).toBe(200);
  return body as Health;
}

export async function stats(server: ServerProcess): Promise<TestBundle['stats']> {
  const { status, body } = await request(server.url, '/api/utils/stats');
  expect(status).toBe(200);
  return body.data;
}

/** Sends SIGHUP and waits for the refresh it starts to finish; resolves with its outcome. */
export async function refreshBySighup(server: ServerProcess): Promise<NonNullable<Health['odswiezanie']['ostatnie']>> {
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
export const snapshotChange = (server: ServerProcess, previous: string, timeoutMs = 90_000) =>
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
export const LOAD_PATHS = [
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
export function startLoad(base: string, concurrency: number): Load {
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
export function heldPost(base: string, path: string, body: string, agent?: http.Agent): HeldRequest {
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
export function retiredSnapshotsClosed(pid: number, db: string): boolean {
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

export const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
export const buildFiles = (db: string) =>
  readdirSync(join(db, '..')).filter((f) => f.startsWith('council.db.building-'));

const BUNDLES = {
  a: { seed: 11, radni: 30, glosowania: 400 },
  b: { seed: 22, radni: 45, glosowania: 1500 },
  c: { seed: 33, radni: 25, glosowania: 300 },
  big: { seed: 44, radni: 300, glosowania: 2000 },
} satisfies Record<string, Partial<GenerateOptions>>;
export type BundleName = keyof typeof BUNDLES;

/** The bundle `name`, generated by `useServiceFixtures` before the file's tests. */
export const bundle = (name: BundleName): TestBundle =>
  bundles[name] ?? expect.fail(`bundle ${name} was not asked for`);

/**
 * Generates the councils `names` before the file's tests (each a different number of votes, so that an
 * answer tells which one is served), stops every process a test started after it, and removes the
 * folders at the end.
 */
export function useServiceFixtures(names: BundleName[]): void {
  beforeAll(async () => {
    for (const name of names) bundles[name] = await makeBundle(name, BUNDLES[name]);
    expect(new Set(names.map((name) => bundle(name).stats.glosowania)).size).toBe(names.length);
  }, TEST_TIMEOUT);

  afterEach(async () => {
    await killAll();
  });

  afterAll(() => {
    for (const dir of sites) removeDir(dir);
    removeDir(root);
  });
}
