// radny_glos's rows put in key order by the spill (etl/materialise/councillor-ballots.ts), against a
// plain sort: every record once, people in order, each person's by ord, also when a range of people
// does not fit in memory at once and is read part by part; and the table written by a worker thread
// and copied in, against the same rows written on this thread.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { startCouncillorBallots } from '../etl/councillor-ballots-job.ts';
import { type BallotColumns, CouncillorBallots, writeSpilledBallots } from '../etl/materialise/councillor-ballots.ts';
import { createSchema } from '../core/snapshot/schema.ts';
import { tempDir } from './support/temp.ts';

type Row = [p: number, v: number, group: number, value: number];

/** How ord runs over the votes in index order: a permutation, or the votes' own order, or its reverse (the Sejm term's). */
type OrdKind = 'permuted' | 'ascending' | 'descending';

function ordered(
  people: number,
  votes: number,
  rows: Row[],
  recordsInMemory: number,
  kind: OrdKind = 'permuted',
): Row[] {
  // ord: a permutation of the votes (1-based), as the dimensions give it.
  const ord = Int32Array.from({ length: votes }, (_, v) =>
    kind === 'ascending' ? v + 1 : kind === 'descending' ? votes - v : ((v * 7919) % votes) + 1,
  );
  const spill = new CouncillorBallots(people, recordsInMemory);
  try {
    for (const [p, v, group, value] of rows) spill.add(p, v, group, value);
    const out: Row[] = [];
    const count = spill.forEachInOrder(ord, (p, v, group, value) => out.push([p, v, group, value]));
    expect(count).toBe(rows.length);
    const expected = [...rows].sort((a, b) => a[0] - b[0] || ord[a[1]]! - ord[b[1]]!);
    expect(out).toEqual(expected);
    return out;
  } finally {
    spill.close();
  }
}

describe('CouncillorBallots', () => {
  it('gives every row once, by person and then by ord, whatever the order they came in', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1400 }),
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 1, max: 50 }),
        fc.nat(),
        fc.constantFrom<OrdKind>('permuted', 'ascending', 'descending'),
        (people, votes, recordsInMemory, seed, kind) => {
          // Each (person, vote) at most once, as ballots are; people spread over several ranges of 512.
          const rows: Row[] = [];
          let x = seed;
          for (let v = 0; v < votes; v++) {
            for (let k = 0; k < 8; k++) {
              x = (x * 1103515245 + 12345) % 2 ** 31;
              rows.push([x % people, v, ((x >> 8) % 5) - 1, (x >> 4) & 63]);
            }
          }
          const unique = [...new Map(rows.map((r) => [`${r[0]}|${r[1]}`, r])).values()];
          ordered(people, votes, unique, recordsInMemory, kind);
        },
      ),
      { numRuns: 90 },
    );
  });

  it('holds buffered rows (fewer than a write) and a person with more rows than fit in memory', () => {
    const rows: Row[] = Array.from({ length: 30 }, (_, v): Row => [3, v, 0, v % 5]);
    rows.push([1, 4, -1, 2], [700, 2, 1, 0]);
    expect(ordered(701, 30, rows, 4).map((r) => r[0])).toEqual([1, ...Array(30).fill(3), 700]);
  });
});

describe('radny_glos written in a worker beside the stages (issue 47, etl/councillor-ballots-job.ts)', () => {
  const people = 1100;
  const votes = 400;
  const sessions = 37;
  // What the rows read beyond their records, as the dimensions would give it.
  const columns: BallotColumns = {
    personId: Float64Array.from({ length: people }, (_, p) => 10_000 + p * 3),
    voteOrd: Int32Array.from({ length: votes }, (_, v) => ((v * 7919) % votes) + 1),
    voteId: Float64Array.from({ length: votes }, (_, v) => 500_000 + v),
    voteSession: Int32Array.from({ length: votes }, (_, v) => v % sessions),
    sessionScope: Int32Array.from({ length: sessions }, (_, s) => 1 + (s % 2)),
    sessionBodyId: Float64Array.from({ length: sessions }, (_, s) => 70 + (s % 5)),
    scopes: ['*', '2018-2024', '2024-2029'],
    groupIds: [901, 902, 903, 904],
  };
  function spillOf(rows: Row[], recordsInMemory = 1 << 22): CouncillorBallots {
    const spill = new CouncillorBallots(people, recordsInMemory);
    for (const [p, v, group, value] of rows) spill.add(p, v, group, value);
    return spill;
  }
  function build(): { db: Database.Database; at: string } {
    const folder = tempDir();
    const db = new Database(join(folder, 'build.db'));
    createSchema(db);
    return { db, at: join(folder, 'build.db.radny-glos') };
  }
  const rowsOf = (db: Database.Database, where = '') =>
    db.prepare(`SELECT * FROM radny_glos ${where} ORDER BY id_osoby, ord`).raw().all();

  it('copies in the rows, and the flagged lists, that writing them on this thread gives', async () => {
    // Each (person, vote) once, every code and flag, people over three ranges, some without a group.
    const rows: Row[] = [];
    let x = 12345;
    for (let v = 0; v < votes; v++) {
      for (let k = 0; k < 40; k++) {
        x = (x * 1103515245 + 12345) % 2 ** 31;
        rows.push([x % people, v, ((x >> 8) % 5) - 1, (x >> 4) % 160]);
      }
    }
    const unique = [...new Map(rows.map((r) => [`${r[0]}|${r[1]}`, r])).values()];
    const inPlace = build();
    const inWorker = build();
    const spill = spillOf(unique, 1000); // parts of a range read again: more than fit in memory
    try {
      expect(writeSpilledBallots(inPlace.db, columns, spill.spilled())).toBe(unique.length);
      expect(await startCouncillorBallots(inWorker.db, columns, spill, inWorker.at).finish(inWorker.db)).toBe(
        unique.length,
      );
      expect(existsSync(inWorker.at)).toBe(false);
      expect(rowsOf(inWorker.db)).toEqual(rowsOf(inPlace.db));
      expect(rowsOf(inWorker.db).length).toBe(unique.length);
      for (const flag of ['samotny', 'kluczowy', 'buntowniczy']) {
        // Read through the partial index (the planner takes it for its flag), in both builds.
        const flagged = (db: Database.Database) =>
          db
            .prepare(
              `SELECT id_osoby, ord, kadencja, id_glosowania, glos FROM radny_glos WHERE ${flag} = 1 AND id_osoby = ?`,
            )
            .raw()
            .all(columns.personId[7]!);
        expect(flagged(inWorker.db)).toEqual(flagged(inPlace.db));
        const count = (db: Database.Database) =>
          db.prepare(`SELECT count(*) FROM radny_glos WHERE ${flag} = 1`).pluck().get();
        expect(count(inWorker.db)).toEqual(count(inPlace.db));
      }
      expect(inWorker.db.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      spill.close();
      inPlace.db.close();
      inWorker.db.close();
    }
  });

  it("fails with the worker's error, copying nothing and removing its file", async () => {
    const { db, at } = build();
    // Two ballots of one person at one vote: the table's key refuses the second.
    const spill = spillOf([
      [5, 10, 0, 1],
      [5, 10, 1, 2],
    ]);
    try {
      await expect(startCouncillorBallots(db, columns, spill, at).finish(db)).rejects.toThrow(
        /radny_glos could not be written .*UNIQUE constraint failed: radny_glos\.id_osoby, radny_glos\.ord/s,
      );
      expect(existsSync(at)).toBe(false);
      expect(rowsOf(db)).toEqual([]);
    } finally {
      spill.close();
      db.close();
    }
  });
});
