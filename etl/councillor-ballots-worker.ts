// The ballots by councillor's worker (councillor-ballots-job.ts starts it): writes `radny_glos` from the
// ballots pass's spill into a database of its own, while the main thread materialises the figures that
// follow, and posts how many rows it wrote.

import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import { type BallotColumns, type SpilledBallots, writeSpilledBallots } from './materialise/councillor-ballots.ts';
import { journalOff } from './publish.ts';

export interface CouncillorBallotsJob {
  path: string;
  /** The statements that create `radny_glos` and its indexes in the build, as the build has them. */
  schema: string[];
  columns: BallotColumns;
  /** The spill's files are the main thread's, open in this process: read here, closed there. */
  spill: SpilledBallots;
}

export type CouncillorBallotsMessage =
  { type: 'done'; rows: number } | { type: 'failed'; message: string; stack: string | undefined };

function build({ path, schema, columns, spill }: CouncillorBallotsJob): number {
  const db = new Database(path);
  try {
    // A throw-away file, like the build's own (etl/run.ts openBuild), with a small cache: the rows
    // arrive in key order, so each b-tree is appended to at its right edge and each page written once;
    // the worker runs beside the main thread's stages and their memory.
    journalOff(db);
    db.pragma('synchronous = OFF');
    db.pragma('cache_size = -16384'); // 16 MiB
    db.pragma('temp_store = FILE');
    for (const sql of schema) db.exec(sql);
    return writeSpilledBallots(db, columns, spill);
  } finally {
    db.close();
  }
}

const port = parentPort!;
try {
  port.postMessage({
    type: 'done',
    rows: build(workerData as CouncillorBallotsJob),
  } satisfies CouncillorBallotsMessage);
} catch (error) {
  const { message, stack } = error instanceof Error ? error : new Error(String(error));
  port.postMessage({ type: 'failed', message, stack } satisfies CouncillorBallotsMessage);
}
