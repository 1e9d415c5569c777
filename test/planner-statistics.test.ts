// The statistics a snapshot gives SQLite's query planner: sqlite_stat1 only (etl/run.ts, after ANALYZE).
// better-sqlite3 builds SQLite with STAT4, and with its samples every statement that compares an indexed
// column with a bound parameter compiles itself again on each run, since the plan might depend on the
// value; every read of the service is such a statement (a vote's attachments paid twice their read,
// docs/PERFORMANCE.md, issue 47's eighteenth session). Without the samples each keeps its one plan.

import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDatabase } from './support/fixture.ts';

let db: Database.Database;
beforeAll(async () => {
  db = new Database(await buildDatabase('data/sample'), { readonly: true });
});
afterAll(() => db.close());

const count = (table: string) => db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;

describe("the snapshot's planner statistics", () => {
  it('are the tables’ and indexes’ sizes (sqlite_stat1), without STAT4’s samples of their values', () => {
    expect(count('sqlite_stat1')).toBeGreaterThan(0);
    expect(count('sqlite_stat4')).toBe(0);
  });

  it('still lead the live reads through their indexes', () => {
    const plan = (sql: string) =>
      (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(1) as Array<{ detail: string }>).map((row) => row.detail);
    expect(
      plan('SELECT id_zalacznika, nazwa, url FROM zalacznik WHERE id_glosowania = ? ORDER BY id_zalacznika'),
    ).toEqual([expect.stringContaining('USING INDEX zalacznik_glosowanie (id_glosowania=?)')]);
    expect(plan('SELECT glos FROM glos WHERE id_glosowania = ?')).toEqual([
      expect.stringContaining('USING PRIMARY KEY (id_glosowania=?)'),
    ]);
  });
});
