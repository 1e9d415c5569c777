// The ballots pass reads each ballot as one number, id_glosowania × span + id_osoby × 8 + glos
// (etl/materialise/ballots.ts packedSpan), only when every id fits exactly: else as a row of three, as
// before. The span is the least power of two above every id_osoby × 8 + glos, and the largest vote's
// numbers stay below 2^53.

import { describe, expect, it } from 'vitest';
import { packedSpan } from '../etl/materialise/ballots.ts';
import type { Dimensions } from '../etl/materialise/dimensions.ts';

const dimsOf = (people: number[], votes: number[]) =>
  ({ people: people.map((id) => ({ id, name: '' })), votes: { id: Float64Array.from(votes) } }) as unknown as Pick<
    Dimensions,
    'people' | 'votes'
  >;

describe('packedSpan', () => {
  it('is the least power of two above every id_osoby × 8 + 7', () => {
    expect(packedSpan(dimsOf([0], [1]))).toBe(8);
    expect(packedSpan(dimsOf([1], [1]))).toBe(16);
    expect(packedSpan(dimsOf([3, 2], [5]))).toBe(32);
    expect(packedSpan(dimsOf([4], [5]))).toBe(64);
    expect(packedSpan(dimsOf([5012], [717_055]))).toBe(65_536);
    expect(packedSpan(dimsOf([], []))).toBe(8);
  });

  it('gives none when a number would not be exact or a ballot would not fit 31 bits', () => {
    // id_osoby × 8 + 7 below 2^31: ids up to 2^28 - 1.
    expect(packedSpan(dimsOf([2 ** 28 - 1], [1]))).toBe(2 ** 31);
    expect(packedSpan(dimsOf([2 ** 28], [1]))).toBeUndefined();
    // (largest vote id + 1) × span at most 2^53.
    expect(packedSpan(dimsOf([1], [2 ** 49 - 1]))).toBe(16);
    expect(packedSpan(dimsOf([1], [2 ** 49]))).toBeUndefined();
    expect(packedSpan(dimsOf([-1], [1]))).toBeUndefined();
    expect(packedSpan(dimsOf([1], [-3]))).toBeUndefined();
    expect(packedSpan(dimsOf([1.5], [1]))).toBeUndefined();
    expect(packedSpan(dimsOf([1], [2.5]))).toBeUndefined();
  });
});
