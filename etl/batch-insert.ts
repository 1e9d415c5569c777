// Multi-row INSERT for the million-row tables: one prepared statement binds `rowsPerBatch` rows,
// so the per-call cost of crossing into SQLite is paid once per batch instead of once per row.

import type Database from 'better-sqlite3';

export class BatchInsert {
  private readonly full: Database.Statement;
  private readonly single: Database.Statement;
  private readonly pending: unknown[] = [];

  constructor(db: Database.Database, table: string, private readonly columns: readonly string[], private readonly rowsPerBatch = 64) {
    const row = `(${columns.map(() => '?').join(', ')})`;
    const sql = (rows: number) => `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${Array(rows).fill(row).join(', ')}`;
    this.full = db.prepare(sql(rowsPerBatch));
    this.single = db.prepare(sql(1));
  }

  /** Queues one row (values in column order); writes a batch when enough are queued. */
  add(...values: unknown[]): void {
    for (const v of values) this.pending.push(v);
    if (this.pending.length === this.rowsPerBatch * this.columns.length) {
      this.full.run(this.pending);
      this.pending.length = 0;
    }
  }

  /** Writes what is queued. Call before reading the table, and at the end. */
  flush(): void {
    const width = this.columns.length;
    for (let i = 0; i < this.pending.length; i += width) this.single.run(this.pending.slice(i, i + width));
    this.pending.length = 0;
  }
}
