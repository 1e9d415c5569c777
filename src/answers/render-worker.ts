// A worker thread of the stored answers' renderer (./render.ts): opens its copy of the snapshot being
// built read-only and renders the chunks of URLs it is handed, sending the bytes back to be written.
// Rendering ahead, it renders a vote's ballots into a file of their own, then may be asked to serve
// chunks as above over the copy the render makes (`{ serve: path }`): one worker's start the fewer.

import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { createQueries } from '../snapshot/queries.ts';
import { type Planned, renderAheadInto, renderer } from './render.ts';
import { z } from 'zod';

const port = parentPort!;
const { dbPath, answers } = z.object({ dbPath: z.string(), answers: z.string().optional() }).parse(workerData);
// Rendering ahead, the worker adds the index stage's (empty) tables to its copy: opened for writing.
const db = opened(dbPath, answers === undefined);

if (answers !== undefined) {
  // Rendering ahead (render.ts `renderAhead`): every answer it names, into `answers`, then done, and
  // then (if asked) a render worker over the render's copy.
  renderAheadInto(db, answers).then(
    () => {
      db.close();
      port.once('message', ({ serve: path }: { serve: string }) => serve(opened(path, true)));
      port.postMessage({ done: true });
    },
    (error: unknown) =>
      port.postMessage({ error: (error instanceof Error ? error.stack : undefined) ?? String(error) }),
  );
} else serve(db);

function opened(path: string, readonly: boolean): Database.Database {
  const db = new Database(path, { readonly });
  // Mapped rather than read page by page (a third less system time on the Sejm term): the file is the
  // renderer's own copy of the build, which nothing truncates or replaces while it is mapped.
  db.pragma(`mmap_size = ${2 ** 40}`);
  return db;
}

function serve(db: Database.Database) {
  const render = renderer(createQueries(db));

  port.on('message', (chunk: Planned[]) => {
    void (async () => {
      try {
        const rows = [];
        for (const planned of chunk) rows.push(await render(planned));
        port.postMessage({ rows });
      } catch (error) {
        port.postMessage({ error: (error instanceof Error ? error.stack : undefined) ?? String(error) });
      }
    })();
  });
  port.postMessage({ ready: true });
}
