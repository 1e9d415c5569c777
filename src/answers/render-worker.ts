// A worker thread of the stored answers' renderer (./render.ts): opens its copy of the snapshot being
// built read-only and renders the chunks of URLs it is handed, sending the bytes back to be written.

import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { createQueries } from '../snapshot/queries.ts';
import { type Planned, renderer } from './render.ts';
import { z } from 'zod';

const port = parentPort!;
const db = new Database(z.object({ dbPath: z.string() }).parse(workerData).dbPath, { readonly: true });
// Mapped rather than read page by page (a third less system time on the Sejm term): the file is the
// renderer's own copy of the build, which nothing truncates or replaces while it is mapped.
db.pragma(`mmap_size = ${2 ** 40}`);
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
