// Stage "indexes", the title search's part (issue 27's named fix, issue 47): its three FTS5 indexes
// and their vocabularies (TITLE_INDEX_SQL) were three quarters of the indexes stage, on the main thread
// after every materialise stage. They read nothing but each vote's title and list position, both known
// once the dimensions are read: a worker thread builds them then, in a database file of its own, beside
// the materialise stages (the second core), and the indexes stage copies the finished tables in, row for
// row (SQLite's transfer of identical tables: records copied, not rebuilt). What the snapshot holds is
// what building them in place held: the same statements, the same rows.

import { rmSync } from 'node:fs';
import type Database from 'better-sqlite3';
import { INDEX_SQL, TABLE_INDEX_SQL, addTitleIndexFunctions } from '../core/snapshot/schema.ts';
import type { TitleIndexJob } from './title-indexes-worker.ts';
import { journalOff } from './publish.ts';
import { startBeside } from './beside-build.ts';

/**
 * The votes from which the title indexes are built in a worker: below, on this thread, as before. The
 * Sejm term's 3,078 titles take well under a second to index, less than a worker's start and the copy
 * are worth while the render ahead has the second core; a tenth of Poland's 717,055 took ~20 CPU s.
 */
export const TITLE_WORKER_FROM_VOTES = 50_000;

/** The title indexes being built beside the materialise stages. */
export interface TitleIndexes {
  /**
   * Creates the build's other indexes, waits for the title indexes and copies them into `db`; returns
   * how long it waited for them and how long the copy took (ms): a wait means the worker had less than
   * its core.
   */
  finish(db: Database.Database): Promise<{ waitedMs: number; copiedMs: number }>;
  /** Stops the worker and removes its file: a no-op once finished. */
  stop(): void;
}

/** Creates every index of INDEX_SQL in `db` on this thread: a build without a file for a worker (`council check`). */
export function createIndexesInPlace(db: Database.Database): void {
  addTitleIndexFunctions(db);
  db.exec(INDEX_SQL);
}

/**
 * Stages the titles of `db` (list position `ord` by vote index, the votes in id order) into a new
 * database at `path` and starts building the title indexes there in a worker thread.
 */
export function startTitleIndexes(db: Database.Database, ord: Int32Array, path: string): TitleIndexes {
  rmSync(path, { force: true });
  db.prepare('ATTACH ? AS titles').run(path);
  try {
    journalOff(db, 'titles');
    db.exec(`PRAGMA titles.synchronous = OFF;
      CREATE TABLE titles.staged (tytul_folded TEXT NOT NULL);
      INSERT INTO titles.staged (tytul_folded) SELECT tytul_folded FROM main.glosowanie ORDER BY id_glosowania;`);
  } finally {
    db.exec('DETACH titles');
  }
  // Staged title n (its rowid) is vote n - 1's: the votes' indexes are in id order (dimensions.ts).
  const { result: built, stop } = startBeside<string[]>(
    './title-indexes-worker',
    import.meta.url,
    { path, ord } satisfies TitleIndexJob,
    path,
    "the title search's indexes could not be built",
  );
  return {
    async finish(build) {
      // With the large build's smaller cache where it applies: CREATE INDEX sorts (materialise/index.ts).
      build.exec(TABLE_INDEX_SQL);
      try {
        const waiting = performance.now();
        const created = await built;
        const copying = performance.now();
        copyTables(build, path, created);
        return { waitedMs: copying - waiting, copiedMs: performance.now() - copying };
      } finally {
        stop();
      }
    },
    stop,
  };
}

/** Creates the tables `names` of the database at `path` in `db` as they were created there, with their rows. */
function copyTables(db: Database.Database, path: string, names: string[]): void {
  db.prepare('ATTACH ? AS titles').run(path);
  // An FTS5 index's rows are in its shadow tables, which SQLite keeps read-only in defensive mode (on
  // in better-sqlite3 unless unsafe): only while copying them.
  db.unsafeMode(true);
  try {
    const kinds = new Map(
      (db.prepare('PRAGMA titles.table_list').all() as Array<{ name: string; type: string }>).map((t) => [
        t.name,
        t.type,
      ]),
    );
    const sqlOf = db
      .prepare<[string], string>("SELECT sql FROM titles.sqlite_schema WHERE type = 'table' AND name = ?")
      .pluck();
    db.transaction(() => {
      // A virtual table's statement creates its shadow tables, as in the worker, in the same order.
      for (const name of names) if (kinds.get(name) !== 'shadow') db.exec(sqlOf.get(name)!);
      for (const name of names) {
        if (kinds.get(name) === 'virtual') continue; // its rows are its shadow tables'
        const quoted = `"${name.replaceAll('"', '""')}"`;
        // Emptied first: an FTS5 table's creation writes its empty structure and its version.
        db.exec(`DELETE FROM main.${quoted}; INSERT INTO main.${quoted} SELECT * FROM titles.${quoted}`);
      }
    })();
  } finally {
    db.unsafeMode(false);
    db.exec('DETACH titles');
  }
}
