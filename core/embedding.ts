// The council map's arithmetic: classical multidimensional scaling (Torgerson) of a distance matrix
// into two dimensions, and the choice of the members whose pairwise distances are all known.
// Pure and dependency-free; deterministic to the bit for the same input (a fixed start vector, a
// fixed iteration order and a fixed orientation of each axis), so the same snapshot always gives
// the same picture.

/** Power iterations per axis at most: the ratio of successive eigenvalues rarely needs a tenth of it. */
const MAX_ITERATIONS = 3_000;
/** Iteration stops when no component of the unit eigenvector moves by more than this. */
const TOLERANCE = 1e-13;
/** An axis whose eigenvalue is below this share of the largest carries no spread: its coordinates are 0. */
const NEGLIGIBLE = 1e-12;

/**
 * Two coordinates per point from an n×n symmetric matrix of distances (row-major, zero diagonal):
 * the double-centred matrix of squared distances B = −½·J·D²·J, its two largest eigenvalues λ and
 * unit eigenvectors v, coordinates v·√λ. A Euclidean configuration is recovered up to rotation,
 * reflection and translation; otherwise (negative eigenvalues) the best two-dimensional
 * approximation in the classical sense. The centroid is at the origin; each axis is oriented so that
 * its largest coordinate in absolute value (the first such point on a tie) is positive.
 */
export function classicalMds(distances: ArrayLike<number>, n: number): Array<[number, number]> {
  if (n === 0) return [];
  const b = doubleCentred(distances, n);
  const first = largestEigenpair(b, n, 0x9e3779b9);
  deflate(b, n, first);
  // Another start: from the first one's, the second iteration would miss an eigenvalue equal to the
  // first (its start has no component in that eigenspace orthogonal to the first eigenvector).
  const second = largestEigenpair(b, n, 0x85ebca6b);
  const scale = Math.max(first.value, 0);
  const axes = [first, second].map(({ value, vector }) => {
    if (!(value > NEGLIGIBLE * scale)) return new Float64Array(n);
    const root = Math.sqrt(value);
    return orient(vector.map((c) => c * root));
  });
  return Array.from({ length: n }, (_, i) => [axes[0]![i]! + 0, axes[1]![i]! + 0]); // + 0 turns −0 into 0
}

/**
 * The members kept when every remaining pair must have a weight (shared votes) of at least
 * `minimum`: repeatedly drops the member with the most pairs below it, on a tie the one with the
 * smaller total weight to the others remaining, then the higher index, until no such pair is left.
 * Ascending indexes. Greedy, hence deterministic and fast; the largest such set in general would be
 * a maximum clique.
 */
export function completeSubset(n: number, weight: (i: number, j: number) => number, minimum: number): number[] {
  const missing = new Int32Array(n);
  const support = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const w = weight(i, j);
      support[i]! += w;
      support[j]! += w;
      if (w < minimum) {
        missing[i]!++;
        missing[j]!++;
      }
    }
  }
  const kept = new Uint8Array(n).fill(1);
  for (;;) {
    let worst = -1;
    for (let i = 0; i < n; i++) {
      if (!kept[i] || missing[i] === 0) continue;
      if (
        worst < 0 ||
        missing[i]! > missing[worst]! ||
        (missing[i] === missing[worst] && support[i]! <= support[worst]!)
      )
        worst = i;
    }
    if (worst < 0) break;
    kept[worst] = 0;
    for (let j = 0; j < n; j++) {
      if (!kept[j]) continue;
      const w = weight(worst, j);
      support[j]! -= w;
      if (w < minimum) missing[j]!--;
    }
  }
  return Array.from({ length: n }, (_, i) => i).filter((i) => kept[i]);
}

/** B = −½·J·D²·J with J = I − 11ᵀ/n: B_ij = −½ (d²_ij − r_i − r_j + g), r the row means of D², g their mean. */
function doubleCentred(distances: ArrayLike<number>, n: number): Float64Array {
  const squared = new Float64Array(n * n);
  const rowMean = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let sum = 0;
    for (let j = 0; j < n; j++) {
      const d = distances[i * n + j]!;
      squared[i * n + j] = d * d;
      sum += d * d;
    }
    rowMean[i] = sum / n;
  }
  const grandMean = rowMean.reduce((s, r) => s + r, 0) / n;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++)
      squared[i * n + j] = -0.5 * (squared[i * n + j]! - rowMean[i]! - rowMean[j]! + grandMean);
  }
  return squared;
}

interface Eigenpair {
  value: number;
  vector: Float64Array;
}

/**
 * The largest (algebraic, not absolute) eigenvalue of the symmetric matrix m and a unit eigenvector,
 * by power iteration on m + s·I: the shift s, a Gershgorin bound, makes every eigenvalue non-negative,
 * so the dominant one is the largest of m even when m has larger negative ones, and the iterates do
 * not alternate in sign.
 */
function largestEigenpair(m: Float64Array, n: number, seed: number): Eigenpair {
  let shift = 0;
  for (let i = 0; i < n; i++) {
    let off = 0;
    for (let j = 0; j < n; j++) if (j !== i) off += Math.abs(m[i * n + j]!);
    shift = Math.max(shift, off - m[i * n + i]!);
  }
  let v: Float64Array = startVector(n, seed);
  let next: Float64Array = new Float64Array(n);
  for (let iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
    multiply(m, n, v, next);
    for (let i = 0; i < n; i++) next[i]! += shift * v[i]!;
    let squares = 0;
    for (let i = 0; i < n; i++) squares += next[i]! * next[i]!;
    const norm = Math.sqrt(squares);
    if (norm === 0) return { value: 0, vector: new Float64Array(n) };
    let moved = 0;
    for (let i = 0; i < n; i++) {
      next[i]! /= norm;
      moved = Math.max(moved, Math.abs(next[i]! - v[i]!));
    }
    [v, next] = [next, v];
    if (moved < TOLERANCE) break;
  }
  multiply(m, n, v, next);
  let value = 0;
  for (let i = 0; i < n; i++) value += v[i]! * next[i]!;
  return { value, vector: v };
}

/** m ← m − λ·v·vᵀ: the next power iteration finds the next eigenvalue. */
function deflate(m: Float64Array, n: number, { value, vector }: Eigenpair): void {
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) m[i * n + j]! -= value * vector[i]! * vector[j]!;
  }
}

function multiply(m: Float64Array, n: number, v: Float64Array, out: Float64Array): void {
  for (let i = 0; i < n; i++) {
    let sum = 0;
    const row = i * n;
    for (let j = 0; j < n; j++) sum += m[row + j]! * v[j]!;
    out[i] = sum;
  }
}

/** A start vector with no structure (xorshift32 from a fixed seed), so it is orthogonal to no eigenvector in practice. */
function startVector(n: number, seed: number): Float64Array {
  const v = new Float64Array(n);
  let state = seed;
  for (let i = 0; i < n; i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    v[i] = (state >>> 0) / 2 ** 32 - 0.5;
  }
  return v;
}

/** Flips the axis so that its largest coordinate in absolute value is positive (the first on a near tie). */
function orient(axis: Float64Array): Float64Array {
  const largest = Math.max(0, ...axis.map(Math.abs));
  const first = axis.findIndex((c) => Math.abs(c) >= largest * (1 - 1e-9));
  return first >= 0 && axis[first]! < 0 ? axis.map((c) => -c) : axis;
}
