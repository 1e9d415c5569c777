// Stage "ballots by councillor" beside the others (issue 47): writing `radny_glos` (every ballot, in
// key order, with its flags) was the longest single-threaded stage of a tenth of Poland (~11 s of
// the main thread), and no stage after the ballots pass reads the table. From COUNCILLOR_WORKER_FROM_VOTES
// votes a worker thread writes it into a database file of its own from the pass's spill, beside the
// stages that follow, and the indexes stage copies it in, row for row (SQLite's transfer of identical
// tables, as the title indexes are copied: records copied, not rebuilt). The same rows, the same
// statements create the table and its indexes.

import { rmSync } from 'node:fs';
import type Database from 'better-sqlite3';
import type { CouncillorBallotsJob } from './councillor-ballots-worker.ts';
import type { BallotColumns, CouncillorBallots } from './materialise/councillor-ballots.ts';
import { startBeside } from './beside-build.ts';

/**
 * The votes from which `radny_glos` is written in a worker: below, on the main thread, as before. The
 * Sejm term (3,078 votes, 1.4 million ballots: ~1.6 s) renders a vote's ballots ahead on the second
 * core then; a tenth of Poland (717,055 votes) stores no per-resource answer and leaves that core idle
 * from the pairs to the publish.
 */
export const COUNCILLOR_WORKER_FROM_VOTES = 50_000;

/** `radny_glos` being written beside the materialise stages. */
export interface CouncillorBallotsWriter {
  /** Waits for the worker and copies the table into `db`; returns the rows. */
  finish(db: Database.Database): Promise<number>;
  /** Stops the worker and removes its file: a no-op once finished. The spill stays the caller's to close. */
  stop(): void;
}

/**
 * Starts writing `radny_glos` of `db` from `rows` (the ballots pass's spill, complete) and `columns`
 * (`columnsOf` the dimensions) into a new database at `path`.
 */
export function startCouncillorBallots(
  db: Database.Database,
  columns: BallotColumns,
  rows: CouncillorBallots,
  path: string,
): CouncillorBallotsWriter {
  rmSync(path, { force: true });
  const schema = db
    .prepare("SELECT sql FROM sqlite_schema WHERE tbl_name = 'radny_glos' AND sql IS NOT NULL ORDER BY rowid")
    .pluck()
    .all() as string[];
  const job: CouncillorBallotsJob = { path, schema, columns, spill: rows.spilled() };
  const { result: written, stop } = startBeside<number>(
    './councillor-ballots-worker',
    import.meta.url,
    job,
    path,
    'radny_glos could not be written',
  );
  return {
    async finish(build) {
      try {
        const count = await written;
        build.prepare('ATTACH ? AS radny_glos_build').run(path);
        try {
          // The build's radny_glos is empty and both tables and their indexes were created by the same
          // statements: SQLite copies the records as they are.
          build.transaction(() => {
            build.exec('INSERT INTO main.radny_glos SELECT * FROM radny_glos_build.radny_glos');
          })();
        } finally {
          build.exec('DETACH radny_glos_build');
        }
        return count;
      } finally {
        stop();
      }
    },
    stop,
  };
}
