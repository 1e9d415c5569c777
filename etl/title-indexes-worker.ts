// The title indexes' worker (title-indexes.ts starts it): builds the title search's tables
// (TITLE_INDEX_SQL) in a database of their own from the titles the main thread staged there, while the
// main thread materialises the figures, and posts which tables it created.

import type Database from 'better-sqlite3';
import { workerData } from 'node:worker_threads';
import { TITLE_INDEX_SQL, TITLE_INPUT_SQL, addTitleIndexFunctions } from '../core/snapshot/schema.ts';
import { buildBeside } from './beside-build.ts';

export interface TitleIndexJob {
  path: string;
  /** Each vote's list position, by vote index (id order): staged title n is vote n - 1's. */
  ord: Int32Array;
}

/** The tables of `db` in the order created. */
const tablesOf = (db: Database.Database): string[] =>
  db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY rowid").pluck().all() as string[];

// Its cache smaller than the build's: it runs beside the materialise stages and their memory.
const { path, ord } = workerData as TitleIndexJob;
buildBeside(path, 64, (db) => {
  db.function('ord_of', { deterministic: true }, (n: unknown) => ord[Number(n) - 1]!);
  db.exec(TITLE_INPUT_SQL);
  db.exec('INSERT INTO glosowanie (ord, tytul_folded) SELECT ord_of(rowid), tytul_folded FROM staged ORDER BY 1');
  const before = new Set(tablesOf(db));
  addTitleIndexFunctions(db);
  db.exec(TITLE_INDEX_SQL);
  return tablesOf(db).filter((name) => !before.has(name));
});
