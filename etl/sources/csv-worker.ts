// The parse worker of the CSV reader (csv.ts starts it): parses the bundle's files one after the
// other and posts their batches to the main thread, at most MAX_AHEAD batches ahead of the loader,
// so that memory stays bounded however far the parsing runs ahead.

import { parentPort, workerData } from 'node:worker_threads';
import { parseBundleFile, type RowBatch } from './csv-file.ts';

export interface ParseJob {
  files: Array<{ path: string; spec: number }>;
}

export type ParseMessage =
  | { type: 'batch'; batch: RowBatch }
  | { type: 'end'; rows: number | null }
  | { type: 'failed'; message: string; stack: string | undefined };

/** Batches posted and not yet loaded, at most. */
const MAX_AHEAD = 4;

const port = parentPort!;
let ahead = 0;
let resume: (() => void) | null = null;
// The main thread acknowledges each batch once it is loaded.
port.on('message', () => {
  ahead--;
  resume?.();
  resume = null;
});

async function emit(batch: RowBatch): Promise<void> {
  const buffers = [
    batch.lines.buffer,
    ...(batch.ballots ? [batch.ballots.vote.buffer, batch.ballots.person.buffer, batch.ballots.glos.buffer] : []),
  ];
  port.postMessage({ type: 'batch', batch } satisfies ParseMessage, buffers as ArrayBuffer[]);
  ahead++;
  while (ahead >= MAX_AHEAD)
    await new Promise<void>((wake) => {
      resume = wake;
    });
}

try {
  for (const { path, spec } of (workerData as ParseJob).files) {
    const rows = await parseBundleFile(path, spec, emit);
    port.postMessage({ type: 'end', rows } satisfies ParseMessage);
  }
} catch (error) {
  const { message, stack } = error instanceof Error ? error : new Error(String(error));
  port.postMessage({ type: 'failed', message, stack } satisfies ParseMessage);
}
// Nothing more to send: the worker may exit (what it posted is delivered).
port.unref();
