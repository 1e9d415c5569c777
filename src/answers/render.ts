// Renders the stored answers of a snapshot being built: what each endpoint declares as stored
// (src/answers/endpoint.ts `Stored`), by the endpoints' own handlers and the one envelope, kept in the
// snapshot with its brotli form, and the code version that rendered them recorded beside
// them (meta `code_version`, src/answers/code-version.ts). The ETL calls this through a hook its
// composition roots (cli/council.ts, src/server.ts) pass in, so the pipeline never imports the API.
//
// A large snapshot is rendered in parallel: worker threads (./render-worker.ts) each open a copy of
// the build read-only and render a share of the URLs, while this thread writes what they send back
// into the build, so the readers and the writer never wait on each other's locks. Not the build itself
// in WAL, as before: the Sejm term's 460 MB of answers written twice (the log, then the checkpoint)
// cost this thread 11 CPU s, more than the workers' rendering (docs/PERFORMANCE.md).

import { copyFileSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';
import { MIN_COMPRESSED_BYTES, compressSync } from '../http/delivery.ts';
import { envelopeOf } from '../http/envelope.ts';
import { createQueries, type Queries } from '../snapshot/queries.ts';
import { CODE_VERSION } from './code-version.ts';
import { type AnyEndpoint, type ShareLinks, callHandler, pathWith } from './endpoint.ts';
import { API_ENDPOINTS } from './endpoints.ts';
import { fieldOf, messageOf } from '../../core/errors.ts';

/**
 * Per-resource answers (each councillor's, vote's and session's, and the further list pages) are
 * rendered when there are at most this many. A parliament's term has ~18,000 and a city's far fewer;
 * all of Poland's councils in one snapshot have ~33 million, which would take hours to render and
 * tens of GB to keep. There, only the lists and statistics without parameters are stored (they are
 * the answers that grow with the snapshot) and the small per-resource answers are computed live.
 */
export const MAX_RESOURCE_ANSWERS = 250_000;

/** Below this many answers one thread renders them: starting workers would cost more than it saves. */
const PARALLEL_FROM = 2_000;

/** URLs handed to a worker at a time: small enough to keep every worker busy to the end. */
const CHUNK = 128;

/** One stored answer to render: which endpoint (its index in API_ENDPOINTS), its URL and the input the URL carries. */
export interface Planned {
  endpoint: number;
  url: string;
  params: Record<string, string>;
  query: Record<string, string>;
}

export interface Rendered {
  url: string;
  body: Uint8Array;
  br: Uint8Array | null;
}

/** Every URL whose answer is stored, in an order that reads each vote's ballots once (plain, then grouped). */
export function plan(queries: Queries, maxResourceAnswers = MAX_RESOURCE_ANSWERS): Planned[] {
  const stored = API_ENDPOINTS.flatMap((endpoint, index) =>
    endpoint.method === 'get' && endpoint.stored ? [{ index, endpoint, stored: endpoint.stored }] : [],
  );
  const queryStrings = (variants: ReadonlyArray<Record<string, string>> = []) => [{}, ...variants];
  const pagesOf = (endpoint: AnyEndpoint, total: number) => {
    const limit = fieldOf(endpoint.query?.parse({}), 'limit'); // the default page size
    if (typeof limit !== 'number') throw new Error(`${endpoint.path}: a stored paged list needs a default limit`);
    return Math.max(0, Math.ceil(total / limit) - 1);
  };
  const perResource = stored.reduce(
    (sum, { endpoint, stored: s }) =>
      sum +
      (s.each ? s.each.count(queries) * queryStrings(s.variants).length : 0) +
      (s.pages ? pagesOf(endpoint, s.pages(queries)) : 0),
    0,
  );
  const withinBudget = perResource <= maxResourceAnswers;

  const urls: Planned[] = [];
  const add = (index: number, params: Record<string, string>, query: Record<string, string>) => {
    const search = new URLSearchParams(query).toString();
    const path = pathWith(API_ENDPOINTS[index]!.path, params);
    urls.push({ endpoint: index, url: search ? `${path}?${search}` : path, params, query });
  };
  for (const { index, endpoint, stored: s } of stored) {
    if (!s.each) for (const query of queryStrings(s.variants)) add(index, {}, query);
    if (!withinBudget) continue;
    if (s.each)
      for (const id of s.each.ids(queries))
        for (const query of queryStrings(s.variants)) add(index, { id: String(id) }, query);
    if (s.pages)
      for (let page = 2; page <= pagesOf(endpoint, s.pages(queries)) + 1; page++)
        add(index, {}, { page: String(page) });
  }
  return urls;
}

/** No stored endpoint reads share links: a handler that asked while rendering would be a mistake. */
const NO_SHARE_LINKS: ShareLinks = {
  find: () => {
    throw new Error('share links are not rendered into a snapshot');
  },
  linkFor: () => {
    throw new Error('share links are not rendered into a snapshot');
  },
  pin: () => {
    throw new Error('share links are not rendered into a snapshot');
  },
};

/**
 * Renders planned answers over `queries`: the handler, the envelope, the brotli form. Not gzip: every
 * browser takes brotli, and for the rest the server compresses an answer the first time it is asked
 * for (src/answers/stored.ts); gzip was 4.3 s of the Sejm term's render (docs/PERFORMANCE.md).
 */
export function renderer(queries: Queries): (planned: Planned) => Promise<Rendered> {
  // Every councillor's vote lists show the same votes: their summaries read once (src/radni/queries.ts).
  queries.radni.keepVoteSummaries();
  const context = { queries, shares: NO_SHARE_LINKS };
  return async ({ endpoint: index, url, params, query }) => {
    const endpoint = API_ENDPOINTS[index]!;
    const body = envelopeOf(await callHandler(endpoint, { params, query }, context));
    return { url, body, br: body.length > MIN_COMPRESSED_BYTES ? compressSync(body, 'br') : null };
  };
}

export interface RenderOptions {
  /** See MAX_RESOURCE_ANSWERS. */
  maxResourceAnswers?: number;
  /** Worker threads; default: one per core for a large snapshot, none for a small one. */
  workers?: number;
}

/** Renders and stores every stored answer of the snapshot being built in `db`; returns their number. */
export async function renderStoredAnswers(db: Database.Database, options: RenderOptions = {}): Promise<number> {
  const urls = plan(createQueries(db), options.maxResourceAnswers);
  const workers = options.workers ?? (urls.length < PARALLEL_FROM ? 0 : availableParallelism());
  const insert = db.prepare('INSERT INTO odpowiedz (sciezka, tresc, br) VALUES (?, ?, ?)');
  // Bytes from a worker arrive as plain Uint8Arrays: viewed as Buffers (no copy) for SQLite.
  const bytes = (array: Uint8Array | null) => array && Buffer.from(array.buffer, array.byteOffset, array.byteLength);
  const store = (rows: Rendered[]) => {
    for (const { url, body, br } of rows) insert.run(url, bytes(body), bytes(br));
  };
  // What the workers read: the build as the stages before left it (committed, so all in the file).
  const copy = workers > 0 ? `${db.name}.render` : undefined;
  if (copy) copyFileSync(db.name, copy);
  // The answers are written once and not read back here: the build's large page cache (etl/run.ts)
  // would only cost the page faults of filling it, 2–3 CPU s of the Sejm term's 460 MB of answers
  // against 1 s through SQLite's default cache (docs/PERFORMANCE.md).
  const cacheSize = Number(db.pragma('cache_size', { simple: true }));
  db.pragma('cache_size = -2000');
  db.exec('BEGIN');
  try {
    if (copy) await inWorkers(copy, urls, workers, store);
    else {
      const render = renderer(createQueries(db));
      for (const planned of urls) store([await render(planned)]);
    }
    db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('code_version', ?)").run(CODE_VERSION);
    db.exec('COMMIT');
  } finally {
    if (db.inTransaction) db.exec('ROLLBACK');
    if (copy) rmSync(copy, { force: true });
    db.pragma(`cache_size = ${cacheSize}`);
  }
  return urls.length;
}

/** The worker module, run through tsx when this code runs from its TypeScript sources (tests, tsx). */
function startWorker(dbPath: string): Worker {
  const fromSources = import.meta.url.endsWith('.ts');
  const module = new URL(`./render-worker.${fromSources ? 'ts' : 'js'}`, import.meta.url);
  if (!fromSources) return new Worker(module, { workerData: { dbPath } });
  const tsx = import.meta.resolve('tsx/esm/api');
  const load = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(module.href)}); })`;
  return new Worker(load, { eval: true, workerData: { dbPath } });
}

/** Hands the URLs out to `count` workers a chunk at a time, storing each chunk they send back. */
function inWorkers(dbPath: string, urls: Planned[], count: number, store: (rows: Rendered[]) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    let next = 0;
    let running = count;
    let failed = false;
    const workers: Worker[] = [];
    const fail = (error: Error) => {
      if (failed) return;
      failed = true;
      for (const worker of workers) void worker.terminate();
      reject(error);
    };
    for (let i = 0; i < count; i++) {
      const worker = startWorker(dbPath);
      workers.push(worker);
      let busy = false;
      const handOut = () => {
        if (next < urls.length) {
          busy = true;
          worker.postMessage(urls.slice(next, (next += CHUNK)));
          return;
        }
        busy = false;
        // Done when every worker is gone: the copy they read is removed only once no connection holds it.
        if (--running === 0 && !failed) void Promise.all(workers.map((w) => w.terminate())).then(() => resolve());
      };
      worker.on('message', (message: { ready: true } | { rows: Rendered[] } | { error: string }) => {
        if ('error' in message) return fail(new Error(`rendering the stored answers failed: ${message.error}`));
        if ('rows' in message) {
          try {
            store(message.rows);
          } catch (error) {
            return fail(error instanceof Error ? error : new Error(messageOf(error)));
          }
        }
        handOut();
      });
      worker.on('error', fail);
      worker.on('exit', (code) => {
        if (busy) fail(new Error(`a render worker stopped (exit code ${code}) before sending its answers back`));
      });
    }
  });
}
