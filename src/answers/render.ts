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
import Database from 'better-sqlite3';
import { MIN_COMPRESSED_BYTES, compressSync } from '../http/delivery.ts';
import { envelopeOf } from '../http/envelope.ts';
import { createQueries, type Queries } from '../snapshot/queries.ts';
import { CODE_VERSION } from './code-version.ts';
import { type AnyEndpoint, type ShareLinks, callHandler, pathWith } from './endpoint.ts';
import { API_ENDPOINTS } from './endpoints.ts';
import { plucked } from '../snapshot/statement.ts';
import { fieldOf, messageOf } from '../../core/errors.ts';
import { INDEX_SQL, SCHEMA_SQL, addTitleIndexFunctions } from '../../core/snapshot/schema.ts';

/**
 * Per-resource answers (each councillor's, vote's and session's, and the further list pages) are
 * rendered when there are at most this many. A parliament's term has ~18,000 and a city's far fewer;
 * all of Poland's councils in one snapshot have ~33 million, which would take hours to render and
 * tens of GB to keep. There, only the lists and statistics without parameters are stored (they are
 * the answers that grow with the snapshot) and the small per-resource answers are computed live.
 */
export const MAX_RESOURCE_ANSWERS = 250_000;

/**
 * Workers render when a snapshot has at least this many answers and PARALLEL_FROM_BALLOTS ballots; else
 * one thread does. Two workers cost ~2 CPU s (their start, the copy of the build, sending the bytes back)
 * and pay on large answers only: the bundled sample's 16,000 small ones (131,000 ballots) took 8.8–10.8 s
 * and 5.9 CPU s in one thread against 11.9–16.5 s and 8.2 CPU s with two (issue 41, docs/PERFORMANCE.md),
 * the Sejm term's 18,000 large ones 6.2 s against 4.7 s.
 */
const PARALLEL_FROM = 2_000;
/**
 * Ballots from which the render takes workers, and a vote's ballots are rendered ahead: a ballots
 * answer's cost is its ballots (the Sejm term's 1.4 million took ~5 CPU s of the render), and a worker
 * costs its start and a copy of the build, more than the second core saves below a quarter of a million
 * ballots (the bundled sample has 131,000; a city's term tens of thousands).
 */
const PARALLEL_FROM_BALLOTS = 250_000;

/** Whether the snapshot has at least `count` ballots: counted up to there only (all of Poland has 100 million). */
const hasBallots = (db: Database.Database, count: number): boolean =>
  plucked<[number], number>(db, 'SELECT count(*) FROM (SELECT 1 FROM glos LIMIT ?)').get(count)! >= count;

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

/** A stored endpoint's query strings: its default (none) and its variants. */
const queryStrings = (variants: ReadonlyArray<Record<string, string>> = []) => [{}, ...variants];

/** Every URL whose answer is stored, in an order that reads each vote's ballots once (plain, then grouped). */
export function plan(queries: Queries, maxResourceAnswers = MAX_RESOURCE_ANSWERS): Planned[] {
  const stored = API_ENDPOINTS.flatMap((endpoint, index) =>
    endpoint.method === 'get' && endpoint.stored ? [{ index, endpoint, stored: endpoint.stored }] : [],
  );
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
  const add = (index: number, params: Record<string, string>, query: Record<string, string>) =>
    urls.push(planned(index, params, query));
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

const planned = (index: number, params: Record<string, string>, query: Record<string, string>): Planned => {
  const search = new URLSearchParams(query).toString();
  const path = pathWith(API_ENDPOINTS[index]!.path, params);
  return { endpoint: index, url: search ? `${path}?${search}` : path, params, query };
};

/**
 * Rendered ahead (`renderAhead`): a vote's ballots, plain and grouped, 84 % of the Sejm term's stored
 * bytes and ~40 % of its render. They read only what is complete once the councillors are written
 * (etl/materialise/index.ts `onBallotTables`), so they are rendered on the second core while the
 * stages after that run on one (on the Sejm term: the totals, the map, the indexes, the forms).
 */
const AHEAD = API_ENDPOINTS.findIndex((e) => e.method === 'get' && e.path === '/api/glosowania/:id/glosy');

/** The answers rendered ahead, as `plan` has them (read-only `queries` over the build as it stands then). */
export function plannedAhead(queries: Queries): Planned[] {
  const stored = API_ENDPOINTS[AHEAD]!.stored!;
  const urls: Planned[] = [];
  for (const id of stored.each!.ids(queries))
    for (const query of queryStrings(stored.variants)) urls.push(planned(AHEAD, { id: String(id) }, query));
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

/** A render ahead under way (`renderAhead`): the worker, its copy of the build and the file it writes. */
interface Ahead {
  done: Promise<void>;
  answers: string;
  stop: () => void;
  /** The worker, which once done may render chunks of the rest (`inWorkers`' `joining`). */
  worker: Worker;
}

/** What `renderAhead` started, by the build's connection, for `renderStoredAnswers` to take in. */
const aheadOf = new WeakMap<Database.Database, Ahead>();

/**
 * Starts rendering a vote's ballots (AHEAD) in a worker thread over a copy of the build as it stands,
 * into a file of their own beside it; `renderStoredAnswers` then renders the rest and takes them in.
 * Called by the ETL once their tables are complete (etl/run.ts `AnswerRender.ahead`). Nothing is
 * started for a snapshot whose ballots are too few for the overlap to pay (`from` ballots), or whose votes
 * are too many for its per-resource answers to be stored (then the render stores none). Returns what
 * stops it.
 */
export function renderAhead(
  db: Database.Database,
  {
    maxResourceAnswers = MAX_RESOURCE_ANSWERS,
    from = PARALLEL_FROM_BALLOTS,
  }: { maxResourceAnswers?: number; from?: number } = {},
): (() => void) | undefined {
  // The copy must be the tables as committed; none is open here in the ETL, but a caller's could be.
  if (db.inTransaction) return undefined;
  const each = API_ENDPOINTS[AHEAD]!.stored!.each!;
  // The answers each vote has (its detail, ballots, …): at least those must fit the budget.
  const perVote = API_ENDPOINTS.reduce(
    (sum, e) => sum + (e.method === 'get' && e.stored?.each === each ? queryStrings(e.stored.variants).length : 0),
    0,
  );
  const votes = plucked<[], number>(db, 'SELECT count(*) FROM glosowanie').get()!;
  if (votes * perVote > maxResourceAnswers) return undefined;
  if (!hasBallots(db, from)) return undefined;
  const copy = `${db.name}.ahead`;
  const answers = `${db.name}.answers`;
  copyFileSync(db.name, copy);
  const worker = startWorker({ dbPath: copy, answers });
  const done = new Promise<void>((resolve, reject) => {
    worker.on('message', (message: { done: true } | { error: string }) => {
      if ('error' in message) reject(new Error(`rendering a vote's ballots ahead failed: ${message.error}`));
      else resolve();
    });
    worker.on('error', reject);
    worker.on('exit', (code) => reject(new Error(`the render ahead stopped (exit code ${code}) before it was done`)));
  });
  done.catch(() => undefined); // awaited by the render; a build that fails before it only stops it
  const stop = () => {
    aheadOf.delete(db);
    void worker.terminate();
    rmSync(copy, { force: true });
    rmSync(answers, { force: true });
  };
  aheadOf.set(db, { done, answers, stop, worker });
  return stop;
}

/**
 * Makes `db` (a copy of a build taken before its indexes stage) one that `createQueries` can prepare
 * its statements over: the tables that stage creates (the title search's), created empty. Taken from
 * INDEX_SQL run over an empty schema, so that they are what the stage creates.
 */
export function addIndexStageTables(db: Database.Database): void {
  const empty = new Database(':memory:');
  try {
    addTitleIndexFunctions(empty);
    empty.exec(SCHEMA_SQL);
    const before = new Set(empty.prepare("SELECT name FROM sqlite_schema WHERE type = 'table'").pluck().all());
    empty.exec(INDEX_SQL);
    const created = empty
      .prepare<[], { name: string; sql: string }>(
        "SELECT name, sql FROM sqlite_schema WHERE type = 'table' ORDER BY rowid",
      )
      .all();
    const virtual = created.filter((t) => !before.has(t.name) && /^CREATE VIRTUAL TABLE/i.test(t.sql));
    // A virtual table's shadow tables (name_data, …) are created with it.
    const isShadow = (name: string) => virtual.some((v) => name.startsWith(`${v.name}_`));
    const exists = db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?").pluck();
    for (const { name, sql } of created) if (!before.has(name) && !isShadow(name) && !exists.get(name)) db.exec(sql);
  } finally {
    empty.close();
  }
}

/** In the render worker (./render-worker.ts): renders what `plannedAhead` names into the file `answers`. */
export async function renderAheadInto(db: Database.Database, answers: string): Promise<void> {
  db.pragma('journal_mode = OFF'); // the worker's own copy: nothing to roll back
  addIndexStageTables(db);
  const queries = createQueries(db);
  const render = renderer(queries);
  const out = new Database(answers);
  try {
    out.pragma('journal_mode = OFF');
    out.pragma('synchronous = OFF');
    out.exec('CREATE TABLE odpowiedz (sciezka TEXT NOT NULL, tresc BLOB NOT NULL, br BLOB)');
    const insert = out.prepare('INSERT INTO odpowiedz (sciezka, tresc, br) VALUES (?, ?, ?)');
    out.exec('BEGIN');
    for (const planned of plannedAhead(queries)) {
      const { url, body, br } = await render(planned);
      insert.run(url, body, br);
    }
    out.exec('COMMIT');
  } finally {
    out.close();
  }
}

/** Renders and stores every stored answer of the snapshot being built in `db`; returns their number. */
export async function renderStoredAnswers(db: Database.Database, options: RenderOptions = {}): Promise<number> {
  const ahead = aheadOf.get(db);
  const all = plan(createQueries(db), options.maxResourceAnswers);
  // What was rendered ahead is taken in below; the rest is rendered here.
  const urls = ahead ? all.filter((p) => p.endpoint !== AHEAD) : all;
  const large = urls.length >= PARALLEL_FROM && hasBallots(db, PARALLEL_FROM_BALLOTS);
  const workers = options.workers ?? (large ? availableParallelism() : 0);
  // The worker that renders ahead joins the render's workers once it is done, in place of a new one
  // (its start, ~0.5 CPU s, not paid twice); if it fails, the render fails with it (as `takeIn` would).
  const joining = workers > 0 && ahead ? ahead.done.then(() => ahead.worker) : undefined;
  joining?.catch(() => undefined); // awaited by inWorkers; a render that fails before it only stops the worker
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
    if (copy) await inWorkers(copy, urls, joining ? workers - 1 : workers, store, joining);
    else {
      const render = renderer(createQueries(db));
      for (const planned of urls) store([await render(planned)]);
    }
    db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('code_version', ?)").run(CODE_VERSION);
    db.exec('COMMIT');
    if (ahead)
      await takeIn(
        db,
        ahead,
        all.filter((p) => p.endpoint === AHEAD),
      );
  } finally {
    if (db.inTransaction) db.exec('ROLLBACK');
    if (copy) rmSync(copy, { force: true });
    ahead?.stop();
    db.pragma(`cache_size = ${cacheSize}`);
  }
  return all.length;
}

/** The ETL's hook (etl/run.ts `AnswerRender`): a vote's ballots rendered ahead once their tables are complete. */
renderStoredAnswers.ahead = (db: Database.Database) => renderAhead(db);

/** Copies the answers rendered ahead that the plan stores (all of them, unless it stores no per-resource answer). */
async function takeIn(db: Database.Database, ahead: Ahead, wanted: Planned[]): Promise<void> {
  await ahead.done;
  db.prepare('ATTACH DATABASE ? AS ahead').run(ahead.answers);
  try {
    const copied = db
      .prepare(
        `INSERT INTO odpowiedz (sciezka, tresc, br) SELECT sciezka, tresc, br FROM ahead.odpowiedz
         WHERE sciezka IN (SELECT value FROM json_each(?))`,
      )
      .run(JSON.stringify(wanted.map((p) => p.url))).changes;
    if (copied !== wanted.length)
      throw new Error(`rendered ahead: ${copied} of the ${wanted.length} planned answers of a vote's ballots`);
  } finally {
    db.exec('DETACH DATABASE ahead');
  }
}

/** The worker module, run through tsx when this code runs from its TypeScript sources (tests, tsx). */
function startWorker(workerData: { dbPath: string; answers?: string }): Worker {
  const fromSources = import.meta.url.endsWith('.ts');
  const module = new URL(`./render-worker.${fromSources ? 'ts' : 'js'}`, import.meta.url);
  if (!fromSources) return new Worker(module, { workerData });
  const tsx = import.meta.resolve('tsx/esm/api');
  const load = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(module.href)}); })`;
  return new Worker(load, { eval: true, workerData });
}

/**
 * Hands the URLs out to `count` new workers, and to the worker `joining` once it is there, a chunk at a
 * time, storing each chunk they send back.
 */
function inWorkers(
  dbPath: string,
  urls: Planned[],
  count: number,
  store: (rows: Rendered[]) => void,
  joining?: Promise<Worker>,
): Promise<void> {
  return new Promise((resolve, reject) => {
    let next = 0;
    let running = 0;
    let awaited = joining ? 1 : 0;
    let failed = false;
    const workers: Worker[] = [];
    const fail = (error: Error) => {
      if (failed) return;
      failed = true;
      for (const worker of workers) void worker.terminate();
      reject(error);
    };
    // Done when every worker is gone: the copy they read is removed only once no connection holds it.
    const finishing = () => {
      if (running === 0 && awaited === 0 && !failed)
        void Promise.all(workers.map((w) => w.terminate())).then(() => resolve());
    };
    const attach = (worker: Worker) => {
      workers.push(worker);
      running++;
      let busy = false;
      const handOut = () => {
        if (next < urls.length) {
          busy = true;
          worker.postMessage(urls.slice(next, (next += CHUNK)));
          return;
        }
        busy = false;
        running--;
        finishing();
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
    };
    for (let i = 0; i < count; i++) attach(startWorker({ dbPath }));
    joining?.then(
      (worker) => {
        awaited = 0;
        if (failed) return;
        attach(worker);
        worker.postMessage({ serve: dbPath });
      },
      (error: unknown) => fail(error instanceof Error ? error : new Error(messageOf(error))),
    );
    finishing();
  });
}
