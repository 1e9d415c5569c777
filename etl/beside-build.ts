// A table built in a worker thread beside the materialise stages, into a throw-away database file of its
// own that the main thread copies in later (the title search's indexes: title-indexes.ts; radny_glos:
// councillor-ballots-job.ts). The worker's side (`buildBeside`) and the main thread's (`startBeside`).

import { rmSync } from 'node:fs';
import { Worker, parentPort } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { journalOff } from './publish.ts';
import { workerEntry } from './worker-entry.ts';

type BesideMessage<T> = { type: 'done'; value: T } | { type: 'failed'; message: string; stack: string | undefined };

/**
 * In the worker: opens a new database at `path` as the build's own is opened (etl/run.ts openBuild: no
 * journal, no syncs), with a cache of `cacheMiB` (it runs beside the main thread's stages and their
 * memory), runs `build` over it, closes it, and posts the result or the error to the main thread.
 */
export function buildBeside<T>(path: string, cacheMiB: number, build: (db: Database.Database) => T): void {
  let message: BesideMessage<T>;
  try {
    const db = new Database(path);
    try {
      journalOff(db);
      db.pragma('synchronous = OFF');
      db.pragma(`cache_size = -${cacheMiB * 1024}`);
      db.pragma('temp_store = FILE');
      message = { type: 'done', value: build(db) };
    } finally {
      db.close();
    }
  } catch (error) {
    const { message: text, stack } = error instanceof Error ? error : new Error(String(error));
    message = { type: 'failed', message: text, stack };
  }
  parentPort!.postMessage(message);
}

/** A worker building beside the stages: what it posts when done, and how to stop it. */
export interface Beside<T> {
  /** Rejects with `failure`, the file and the worker's error when it fails or exits first. */
  result: Promise<T>;
  /** Stops the worker and removes its file: a no-op once it has finished. */
  stop(): void;
}

/**
 * Starts worker module `name` (beside `importMetaUrl`, as `workerEntry` resolves it) with `job`, building
 * the database at `path`. `failure` says what could not be done, in the error `result` rejects with.
 */
export function startBeside<T>(
  name: string,
  importMetaUrl: string,
  job: unknown,
  path: string,
  failure: string,
): Beside<T> {
  const worker = new Worker(workerEntry(name, importMetaUrl), { workerData: job });
  let settled = false;
  const result = new Promise<T>((resolve, reject) => {
    const fail = (why: string) => reject(new Error(`${failure} (in ${path}): ${why}`));
    worker.once('message', (message: BesideMessage<T>) => {
      settled = true;
      if (message.type === 'done') resolve(message.value);
      else fail(message.stack ?? message.message);
    });
    worker.once('error', (error) => fail(error.stack ?? error.message));
    worker.once('exit', (code) => {
      if (!settled) fail(`its worker exited with code ${code} before it finished`);
    });
  });
  result.catch(() => undefined); // awaited by the caller's finish; a build that fails before then fails on its own error
  return {
    result,
    stop() {
      void worker.terminate();
      rmSync(path, { force: true });
    },
  };
}
