// Multi-row INSERT for the million-row tables: one prepared statement binds `rowsPerBatch` rows,
// so the per-call cost of crossing into SQLite is paid once per batch instead of once per row.
// Rows are typed, and the type is given (never inferred): the column list has the row's length, and
// `add` takes the row's values in order.

import type Database from 'better-sqlite3';

export class BatchInsert<Row extends unknown[] = never> {
  private readonly full: Database.Statement<unknown[]>;
  private readonly single: Database.Statement<unknown[]>;
  private readonly pending: unknown[];
  private queued = 0;

  constructor(
    db: Database.Database,
    table: string,
    private readonly columns: NoInfer<{ readonly [K in keyof Row]: string }>,
    private readonly rowsPerBatch = 64,
  ) {
    const row = `(${columns.map(() => '?').join(', ')})`;
    const sql = (rows: number) =>
      `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${Array(rows).fill(row).join(', ')}`;
    this.full = db.prepare(sql(rowsPerBatch));
    this.single = db.prepare(sql(1));
    this.pending = new Array<unknown>(rowsPerBatch * columns.length);
  }

  /** Queues one row; writes a batch when enough are queued. */
  add(...values: Row): void {
    for (let i = 0; i < values.length; i++) this.pending[this.queued++] = values[i];
    if (this.queued === this.pending.length) {
      // As arguments, not as one array: better-sqlite3 reads an array's values one by one through V8's
      // generic property lookup, which was most of the binding (docs/PERFORMANCE.md, issue 47's ninth session).
      this.full.run(...this.pending);
      this.queued = 0;
    }
  }

  /** Writes what is queued. Call before reading the table, and at the end. */
  flush(): void {
    const width = this.columns.length;
    for (let i = 0; i < this.queued; i += width) this.single.run(this.pending.slice(i, i + width));
    this.queued = 0;
  }
}
