// Dynamic WHERE clauses without string building at each call site: one helper for every list query
// that takes optional filters (votes, sessions, councillors, vote rankings).

import type Database from 'better-sqlite3';

/** An optional condition of a filtered query: SQL with one `?`, applied when its value is defined. */
export type Condition = readonly [sql: string, value: unknown];

/**
 * The statements of one query whose WHERE clause depends on which optional filters a request sets:
 * prepared once per combination of conditions (a handful per query) and kept with the snapshot.
 */
export class FilteredStatements<T = Database.Statement> {
  private readonly prepared = new Map<string, T>();

  /** `prepare` builds the statements for a WHERE clause ('' when nothing filters). */
  constructor(private readonly prepare: (where: string) => T) {}

  /** The statements for these conditions, and the parameters in their order. `always` holds conditions without a parameter. */
  select(conditions: readonly Condition[], always: readonly string[] = []): { statements: T; params: unknown[] } {
    const clauses = [...always];
    const params: unknown[] = [];
    for (const [sql, value] of conditions) {
      if (value === undefined) continue;
      clauses.push(sql);
      params.push(value);
    }
    const where = clauses.length ? `WHERE ${clauses.join(' AND ')}` : '';
    let statements = this.prepared.get(where);
    if (!statements) this.prepared.set(where, (statements = this.prepare(where)));
    return { statements, params };
  }
}
