// radny_glos's rows put in key order by the spill (etl/materialise/councillor-ballots.ts), against a
// plain sort: every record once, people in order, each person's by ord, also when a range of people
// does not fit in memory at once and is read part by part.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CouncillorBallots } from '../etl/materialise/councillor-ballots.ts';

type Row = [p: number, v: number, group: number, value: number];

function ordered(people: number, votes: number, rows: Row[], recordsInMemory: number): Row[] {
  // ord: a permutation of the votes (1-based), as the dimensions give it.
  const ord = Int32Array.from({ length: votes }, (_, v) => ((v * 7919) % votes) + 1);
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
        (people, votes, recordsInMemory, seed) => {
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
          ordered(people, votes, unique, recordsInMemory);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('holds buffered rows (fewer than a write) and a person with more rows than fit in memory', () => {
    const rows: Row[] = Array.from({ length: 30 }, (_, v): Row => [3, v, 0, v % 5]);
    rows.push([1, 4, -1, 2], [700, 2, 1, 0]);
    expect(ordered(701, 30, rows, 4).map((r) => r[0])).toEqual([1, ...Array(30).fill(3), 700]);
  });
});
