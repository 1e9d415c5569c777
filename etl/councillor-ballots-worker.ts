// The ballots by councillor's worker (councillor-ballots-job.ts starts it): writes `radny_glos` from the
// ballots pass's spill into a database of its own, while the main thread materialises the figures that
// follow, and posts how many rows it wrote.

import { workerData } from 'node:worker_threads';
import { type BallotColumns, type SpilledBallots, writeSpilledBallots } from './materialise/councillor-ballots.ts';
import { buildBeside } from './beside-build.ts';

export interface CouncillorBallotsJob {
  path: string;
  /** The statements that create `radny_glos` and its indexes in the build, as the build has them. */
  schema: string[];
  columns: BallotColumns;
  /** The spill's files are the main thread's, open in this process: read here, closed there. */
  spill: SpilledBallots;
}

// A throw-away file with a small cache: the rows arrive in key order, so each b-tree is appended to at
// its right edge and each page written once.
const { path, schema, columns, spill } = workerData as CouncillorBallotsJob;
buildBeside(path, 16, (db) => {
  for (const sql of schema) db.exec(sql);
  return writeSpilledBallots(db, columns, spill);
});
