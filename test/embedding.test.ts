// The council map's arithmetic (core/embedding.ts): classical multidimensional scaling and the choice
// of councillors whose pairs are all known. Pure functions, checked on configurations whose answer
// is known in advance.

import { describe, expect, it } from 'vitest';
import { classicalMds, completeSubset } from '../core/embedding.ts';

type Point = readonly number[];

/** The n×n matrix of Euclidean distances between points (row-major). */
function distancesOf(points: readonly Point[]): Float64Array {
  const n = points.length;
  const d = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) d[i * n + j] = Math.hypot(...points[i]!.map((c, k) => c - points[j]![k]!));
  }
  return d;
}

/** Largest difference between the pairwise distances of two configurations: 0 up to rotation, reflection and translation. */
function distortion(a: readonly Point[], b: readonly Point[]): number {
  const da = distancesOf(a);
  const db = distancesOf(b);
  return Math.max(0, ...da.map((x, i) => Math.abs(x - db[i]!)));
}

describe('classicalMds', () => {
  it('recovers a planar configuration up to rotation, reflection and translation', () => {
    const points = [
      [0, 0],
      [3, 0],
      [3, 1],
      [0, 2],
      [-1, 5],
      [2.5, -4],
      [1, 1],
    ];
    const placed = classicalMds(distancesOf(points), points.length);
    expect(placed).toHaveLength(points.length);
    expect(distortion(placed, points)).toBeLessThan(1e-9);
    // Centred: classical scaling puts the centroid at the origin.
    for (const axis of [0, 1]) expect(Math.abs(placed.reduce((s, p) => s + p[axis]!, 0))).toBeLessThan(1e-9);
  });

  it('recovers a regular polygon, whose two eigenvalues are equal', () => {
    const hexagon = Array.from({ length: 6 }, (_, k) => [Math.cos((k * Math.PI) / 3), Math.sin((k * Math.PI) / 3)]);
    expect(distortion(classicalMds(distancesOf(hexagon), 6), hexagon)).toBeLessThan(1e-9);
    const square = [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 1],
    ];
    expect(distortion(classicalMds(distancesOf(square), 4), square)).toBeLessThan(1e-9);
  });

  it('keeps the two principal axes of a configuration in three dimensions', () => {
    // Spread along x and y, a little along z (uncorrelated with both): the picture is the projection onto the x–y plane.
    const points = [
      [-6, 0, 0.1],
      [6, 0, 0.1],
      [0, -3, -0.1],
      [0, 3, -0.1],
      [4, 2, 0],
      [-4, -2, 0],
    ];
    const placed = classicalMds(distancesOf(points), points.length);
    expect(
      distortion(
        placed,
        points.map(([x, y]) => [x!, y!]),
      ),
    ).toBeLessThan(1e-9);
  });

  it('is deterministic and orients each axis so that its largest coordinate is positive', () => {
    const points = [
      [1, 0],
      [-4, 0.5],
      [2, 2],
      [0.5, -3],
      [1.5, 1],
    ];
    const d = distancesOf(points);
    const first = classicalMds(d, points.length);
    expect(classicalMds(Float64Array.from(d), points.length)).toEqual(first);
    for (const axis of [0, 1]) {
      const values = first.map((p) => p[axis]!);
      const largest = values.reduce((best, v) => (Math.abs(v) > Math.abs(best) ? v : best), 0);
      expect(largest).toBeGreaterThan(0);
    }
  });

  it('handles no councillor, one and two', () => {
    expect(classicalMds(new Float64Array(0), 0)).toEqual([]);
    expect(classicalMds(Float64Array.of(0), 1)).toEqual([[0, 0]]);
    const two = classicalMds(Float64Array.of(0, 0.5, 0.5, 0), 2);
    expect(two[0]![0]).toBeCloseTo(0.25, 12);
    expect(two[1]![0]).toBeCloseTo(-0.25, 12);
    expect(two.map((p) => p[1])).toEqual([0, 0]);
  });

  it('puts identical councillors on one point and collinear ones on a line', () => {
    expect(classicalMds(new Float64Array(9), 3)).toEqual([
      [0, 0],
      [0, 0],
      [0, 0],
    ]);
    const line = classicalMds(distancesOf([[0], [1], [3], [7]]), 4);
    expect(line.map((p) => p[1])).toEqual([0, 0, 0, 0]);
    expect(
      distortion(line, [
        [0, 0],
        [1, 0],
        [3, 0],
        [7, 0],
      ]),
    ).toBeLessThan(1e-9);
  });

  it('stays finite when the distances are not Euclidean (negative eigenvalues)', () => {
    // 1 − agreement need not be a Euclidean distance: here the triangle inequality fails outright.
    const d = Float64Array.of(0, 1, 0.1, 0.1, 1, 0, 0.1, 0.1, 0.1, 0.1, 0, 1, 0.1, 0.1, 1, 0);
    const placed = classicalMds(d, 4);
    expect(placed.flat().every(Number.isFinite)).toBe(true);
    expect(classicalMds(d, 4)).toEqual(placed);
  });
});

describe('completeSubset', () => {
  const weights = (matrix: number[][]) => (i: number, j: number) => matrix[i]![j]!;

  it('keeps everyone when every pair reaches the minimum', () => {
    expect(
      completeSubset(
        3,
        weights([
          [0, 30, 25],
          [30, 0, 40],
          [25, 40, 0],
        ]),
        20,
      ),
    ).toEqual([0, 1, 2]);
    expect(completeSubset(0, () => 0, 20)).toEqual([]);
    expect(completeSubset(1, () => 0, 20)).toEqual([0]);
  });

  it('drops the one without shared votes, and of a predecessor and successor the one with less behind them', () => {
    // 0 and 3 never sat together (3 replaced 0); 3 shares fewer votes with the rest; 4 never voted.
    const m = [
      [0, 90, 80, 0, 0],
      [90, 0, 95, 30, 0],
      [80, 95, 0, 25, 0],
      [0, 30, 25, 0, 0],
      [0, 0, 0, 0, 0],
    ];
    expect(completeSubset(5, weights(m), 20)).toEqual([0, 1, 2]);
  });

  it('breaks a full tie by dropping the later index', () => {
    expect(completeSubset(2, () => 5, 20)).toEqual([0]);
  });
});
