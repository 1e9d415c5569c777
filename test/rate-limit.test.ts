// The rate limit (src/http/rate-limit.ts) on its own: counts per key within a window that starts at
// the key's first request, a request given back once, nothing given back after its window, the same
// answers from a store that answers later (the cluster's, over IPC). Two cluster workers sharing
// the counts are test/service.test.ts's (WEB_CONCURRENCY=2); the guards' use of it (headers, 429, what is counted) is test/guards.test.ts's.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type Count,
  type HitStore,
  type Hits,
  MemoryHitStore,
  RateLimit,
  secondsUntil,
} from '../src/http/rate-limit.ts';

const WINDOW = 60_000;
const failed: unknown[] = [];
const limitOf = (limit: number, store: HitStore = new MemoryHitStore()) =>
  new RateLimit(limit, WINDOW, store, (error) => failed.push(error));

/** A store that answers a turn later, like the cluster's. */
class LaterStore implements HitStore {
  readonly inner = new MemoryHitStore();
  init(options: { windowMs: number }) {
    this.inner.init(options);
    return Promise.resolve();
  }
  increment(key: string): Promise<Hits> {
    return Promise.resolve().then(() => this.inner.increment(key));
  }
  decrement(key: string): Promise<void> {
    return Promise.resolve().then(() => this.inner.decrement(key));
  }
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-24T12:00:00Z') });
  failed.length = 0;
});
afterEach(() => {
  vi.useRealTimers();
  expect(failed).toEqual([]);
});

describe('a rate limit', () => {
  it("counts each key on its own, refuses past the limit, and starts again when the key's window ends", () => {
    const limit = limitOf(2);
    vi.advanceTimersByTime(10); // the key's window starts between two sweeps
    const counts = [limit.hit('a'), limit.hit('a'), limit.hit('b'), limit.hit('a')] as Count[];
    expect(counts.map((c) => [c.remaining, c.over])).toEqual([
      [1, false],
      [0, false],
      [1, false],
      [0, true],
    ]);
    expect(counts[0]!.resetTime!.getTime()).toBe(Date.now() + WINDOW);
    vi.advanceTimersByTime(WINDOW - 1);
    expect((limit.hit('a') as Count).over).toBe(true);
    vi.advanceTimersByTime(1);
    const again = limit.hit('a') as Count;
    expect([again.remaining, again.over]).toEqual([1, false]);
    expect(again.resetTime!.getTime()).toBe(Date.now() + WINDOW);
  });

  it('takes a request back once, and not after its window ended', () => {
    const limit = limitOf(3);
    const first = limit.hit('a') as Count;
    expect((limit.hit('a') as Count).remaining).toBe(1);
    first.giveBack();
    first.giveBack(); // once only
    expect((limit.hit('a') as Count).remaining).toBe(1);
    const late = limit.hit('a') as Count;
    vi.advanceTimersByTime(WINDOW);
    const fresh = limit.hit('a') as Count; // a new window
    late.giveBack(); // its window is over: the new one keeps its count
    expect((limit.hit('a') as Count).remaining).toBe(3 - 2);
    expect(fresh.remaining).toBe(2);
  });

  it('answers at once from memory, and the same later from a store that answers later', async () => {
    const now = limitOf(1);
    const later = limitOf(1, new LaterStore());
    const answers = [];
    for (let i = 0; i < 3; i++) {
      const sync = now.hit('k');
      const async = later.hit('k');
      expect(sync).not.toBeInstanceOf(Promise);
      expect(async).toBeInstanceOf(Promise);
      answers.push([(sync as Count).over, (await async).over]);
    }
    expect(answers).toEqual([
      [false, false],
      [true, true],
      [true, true],
    ]);
  });

  it('forgets expired keys (swept once a window)', () => {
    const store = new MemoryHitStore();
    limitOf(5, store);
    for (let i = 0; i < 1000; i++) store.increment(`client-${i}`);
    expect(store.keys).toBe(1000);
    vi.advanceTimersByTime(2 * WINDOW);
    expect(store.keys).toBe(0);
  });

  it('says how long to wait: until the window ends, or the whole window when the store does not say', () => {
    expect(secondsUntil(new Date(Date.now() + 1500), WINDOW)).toBe(2);
    expect(secondsUntil(new Date(Date.now() - 1500), WINDOW)).toBe(0);
    expect(secondsUntil(undefined, WINDOW)).toBe(60);
  });
});
