// A vote's summary read as an array (issue 47: the vote list's pages and a councillor's lists read their
// rows so, src/glosowania/queries.ts summaryOfTuple) is the summary read as an object (summaryOf), key for
// key, for every vote; and a page of the vote list is the votes' summaries in list order.

import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  VOTE_SUMMARY_COLUMNS,
  VOTE_SUMMARY_FROM,
  type VoteSummaryRow,
  type VoteSummaryTuple,
  summaryOfTuple,
  voteSummaryOf,
} from '../src/glosowania/queries.ts';
import { createQueries } from '../src/snapshot/queries.ts';
import { plucked, rawRows } from '../src/snapshot/statement.ts';
import { generateBundle } from '../tools/generate/index.ts';
import { buildDatabase, tempDir } from './support/fixture.ts';

let db: Database.Database;
beforeAll(async () => {
  const dir = tempDir();
  await generateBundle(dir, { seed: 48, radni: 30, glosowania: 60 });
  db = new Database(await buildDatabase(dir), { readonly: true });
});
afterAll(() => db.close());

describe('a vote summary read as an array', () => {
  it('is the summary read as an object, for every vote', () => {
    const sql = `SELECT ${VOTE_SUMMARY_COLUMNS} FROM ${VOTE_SUMMARY_FROM} ORDER BY g.ord`;
    const objects = db.prepare<[], VoteSummaryRow>(sql).all();
    const tuples = rawRows<[], VoteSummaryTuple>(db, sql).all();
    expect(tuples.length).toBe(objects.length);
    expect(objects.length).toBeGreaterThan(50);
    objects.forEach((row, i) =>
      expect(JSON.stringify(summaryOfTuple(tuples[i]!)), `vote ${row.id_glosowania}`).toBe(
        JSON.stringify(voteSummaryOf(row)),
      ),
    );
    // With stated tallies (the sample states none): each row again with some stated, as an array in the
    // columns' order.
    const stated = objects.map((row, i) => ({ ...row, za_podane: i, wstrzymujacy_podane: i % 3 === 0 ? null : 1 }));
    for (const row of stated) {
      // The row's values, in the columns' order, are the tuple.
      const tuple = Object.values(row) as VoteSummaryTuple;
      expect(JSON.stringify(summaryOfTuple(tuple))).toBe(JSON.stringify(voteSummaryOf(row)));
    }
    expect(stated.every((row) => voteSummaryOf(row).liczby_zrodla !== null)).toBe(true);
  });

  it('gives the vote list’s pages, unfiltered and filtered, in list order', () => {
    const queries = createQueries(db);
    const ids = plucked<[], number>(db, 'SELECT id_glosowania FROM glosowanie ORDER BY ord').all();
    const byId = new Map(
      db
        .prepare<[], VoteSummaryRow>(`SELECT ${VOTE_SUMMARY_COLUMNS} FROM ${VOTE_SUMMARY_FROM}`)
        .all()
        .map((row) => [row.id_glosowania, JSON.stringify(voteSummaryOf(row))]),
    );
    const limit = 7;
    for (let page = 1; (page - 1) * limit < ids.length; page++) {
      const { items } = queries.glosowania.list({ page, limit });
      const expected = ids.slice((page - 1) * limit, page * limit).map((id) => byId.get(id));
      expect(
        items.map((item) => JSON.stringify(item)),
        `page ${page}`,
      ).toEqual(expected);
    }
    const organ = plucked<[], number>(db, 'SELECT id_organu FROM glosowanie ORDER BY ord LIMIT 1').get()!;
    const inBody = plucked<[number], number>(
      db,
      'SELECT id_glosowania FROM glosowanie WHERE id_organu = ? ORDER BY ord',
    ).all(organ);
    const { items } = queries.glosowania.list({ page: 1, limit: 100, organ });
    expect(items.map((item) => JSON.stringify(item))).toEqual(inBody.slice(0, 100).map((id) => byId.get(id)));
  });
});
