// What issue 47's eleventh session changed for all of Poland's peak RSS, checked for the same results:
// the votes' rankings sorted by a merge sort over Int32Arrays (etl/materialise/votes.ts sortIndexes)
// instead of V8's typed-array sort; the source digest read through one buffer instead of each file
// whole (etl/source-digest.ts); the columns the build's workers read in SharedArrayBuffers
// (etl/materialise/dimensions.ts).

import { mkdtempSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sortIndexes } from '../etl/materialise/votes.ts';
import { sourceDigest } from '../etl/source-digest.ts';
import { type Dimensions, Sessions, Votes } from '../etl/materialise/dimensions.ts';
import { DerivedPresence } from '../etl/materialise/ballots.ts';
import { collectGarbage } from '../etl/collect-garbage.ts';
import { Rng } from '../tools/generate/random.ts';

describe('sortIndexes', () => {
  it('sorts as Array.prototype.sort does under a total order, at every length around its runs', () => {
    const rng = new Rng(47); // the project's seeded generator: the same cases every run
    const next = () => rng.next();
    for (const n of [0, 1, 2, 31, 32, 33, 63, 64, 65, 100, 1000, 4097, 20_000]) {
      // Keys with many ties, broken by the index: a total order, as the votes' rankings (ties end on ord).
      const key = Float64Array.from({ length: n }, () => Math.floor(next() * 7));
      const compare = (a: number, b: number) => key[b]! - key[a]! || a - b;
      const values = Int32Array.from({ length: n }, (_, i) => i);
      for (let i = n - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [values[i], values[j]] = [values[j]!, values[i]!];
      }
      const expected = Array.from(values).sort(compare);
      expect(Array.from(sortIndexes(values.slice(), compare))).toEqual(expected);
    }
  });
});

describe('sourceDigest', () => {
  const dir = mkdtempSync(join(tmpdir(), 'council-digest-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('hashes every file as its whole bytes, files larger than its buffer included', () => {
    const bundle = join(dir, 'bundle');
    mkdirSync(join(bundle, 'sub'), { recursive: true });
    const big = Buffer.alloc(3 * (1 << 20) + 12_345);
    const rng = new Rng(7);
    const next = () => rng.next();
    for (let i = 0; i < big.length; i++) big[i] = Math.floor(next() * 256);
    writeFileSync(join(bundle, 'glosy.csv'), big);
    writeFileSync(join(bundle, 'empty.csv'), '');
    writeFileSync(join(bundle, 'sub', 'radni.csv'), 'id_osoby,imie_nazwisko\n1,Anna\n');
    writeFileSync(join(bundle, '.fetch-state'), 'hidden: not part of the source');
    // What it hashed before reading through a buffer: each file read whole, in path order.
    const hash = createHash('sha256');
    for (const name of readdirSync(bundle, { recursive: true, encoding: 'utf8' })
      .filter((name) => !name.startsWith('.') && name !== 'sub')
      .sort()) {
      hash.update(name);
      hash.update('\0');
      hash.update(readFileSync(join(bundle, name)));
      hash.update('\0');
    }
    expect(sourceDigest(bundle)).toBe(`sha256:${hash.digest('hex')}`);
    const file = join(bundle, 'glosy.csv');
    expect(sourceDigest(file)).toBe(
      `sha256:${createHash('sha256').update('.').update('\0').update(big).update('\0').digest('hex')}`,
    );
  });
});

describe("the columns the build's workers read", () => {
  it('are in SharedArrayBuffers (shared with a worker, not copied)', () => {
    const votes = new Votes(3);
    const sessions = new Sessions(2);
    for (const column of [votes.id, votes.session, votes.ord, sessions.scope, sessions.bodyId])
      expect(column.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(votes.ord.length).toBe(3);
    expect(sessions.bodyId.length).toBe(2);
  });
});

// Issue 47's twelfth session: a large build collects the main thread's heap between stages
// (etl/collect-garbage.ts), and the ballots pass's derived presence is let go after the attendance stage.
describe('collectGarbage', () => {
  it('collects, more than once, without exposing gc to this context', () => {
    expect((globalThis as { gc?: unknown }).gc).toBeUndefined();
    expect(Array.from({ length: 1000 }, (_, i) => [i, i + 1]).length).toBe(1000); // garbage once checked
    expect(collectGarbage()).toBeGreaterThanOrEqual(0);
    expect(collectGarbage()).toBeGreaterThanOrEqual(0);
    expect((globalThis as { gc?: unknown }).gc).toBeUndefined();
  });
});

describe('DerivedPresence.release', () => {
  it('lets go of the rows', () => {
    const sessions = { count: 1 } as unknown as Dimensions['sessions'];
    const votes = { count: 2, session: Int32Array.of(0, 0) } as unknown as Dimensions['votes'];
    const derived = new DerivedPresence({ sessions, votes } as unknown as Dimensions);
    derived.note(0, 3, 1);
    derived.votePassed(0);
    derived.note(0, 4, 1);
    derived.votePassed(0);
    expect(derived.size).toBe(2);
    expect([derived.session[0], derived.person[0], derived.person[1]]).toEqual([0, 3, 4]);
    derived.release();
    expect(derived.size).toBe(0);
    for (const column of [derived.session, derived.person, derived.present, derived.ballots, derived.absent])
      expect(column.length).toBe(0);
  });
});
