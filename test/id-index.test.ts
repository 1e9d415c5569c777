// The loader's compact id index (etl/id-index.ts) against a Map: positions in the order added and
// absent ids, for ids in ascending order (bisection) and in any order (the Map it moves to).

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IdIndex } from '../etl/id-index.ts';

describe('IdIndex', () => {
  it('finds what a Map finds, whatever the order of the ids', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 5000 }), { maxLength: 3000 }),
        fc.boolean(),
        fc.array(fc.integer({ min: 0, max: 5001 }), { maxLength: 300 }),
        (ids, sorted, probes) => {
          const added = sorted ? [...ids].sort((a, b) => a - b) : ids;
          const index = new IdIndex();
          const map = new Map<number, number>();
          for (const id of added) {
            expect(index.has(id)).toBe(false);
            expect(index.add(id)).toBe(map.size);
            map.set(id, map.size);
          }
          for (const id of [...probes, ...added]) expect(index.indexOf(id)).toBe(map.get(id) ?? -1);
          expect(index.size).toBe(map.size);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('keeps ids up to 15 digits exactly', () => {
    const index = new IdIndex();
    index.add(999_999_999_999_998);
    index.add(999_999_999_999_999);
    expect(index.indexOf(999_999_999_999_999)).toBe(1);
    expect(index.indexOf(999_999_999_999_997)).toBe(-1);
  });
});
