// Statements typed by their parameters and their row. better-sqlite3 types a statement's row as
// `unknown` unless told; these say it once, where the statement is prepared, so the methods that run it
// need no cast. `pluck` and `raw` change what a row is (its first column; an array of its columns),
// which better-sqlite3's types cannot follow through the chained call; these two take the row they
// return. A statement's parameters and row are inferred from the field or variable it is assigned to.

import type Database from 'better-sqlite3';

/** A prepared statement taking `P` (the `?` values in order, or `[{ ...@name values }]`) and giving rows `R`. */
export type Statement<P extends unknown[] = unknown[], R = unknown> = Database.Statement<P, R>;

/** A statement giving each row's first column (better-sqlite3's `pluck`). */
export function plucked<P extends unknown[] = unknown[], R = unknown>(
  db: Database.Database,
  sql: string,
): Statement<P, R> {
  return db.prepare<P, R>(sql).pluck();
}

/** A statement giving each row as the array of its columns (better-sqlite3's `raw`). */
export function rawRows<P extends unknown[] = unknown[], R extends unknown[] = unknown[]>(
  db: Database.Database,
  sql: string,
): Statement<P, R> {
  return db.prepare<P, R>(sql).raw();
}
