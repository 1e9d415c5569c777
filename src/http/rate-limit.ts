// A fixed-window rate limit: at most `limit` requests per key (a client address) in `windowMs`, the
// window starting at the key's first request. The counts live in a store: this process's memory
// (`MemoryHitStore`), or, for the workers of a cluster, the primary's, through
// @express-rate-limit/cluster-memory-store, whose worker implements the same interface (it is
// express-rate-limit's `Store`, of which this uses what a limit needs).
//
// A store answers at once (memory) or later (the cluster's, over IPC); `hit` answers the same way, so a
// request counted in memory costs no promise.

/** What a store says of a key after counting a request. */
export interface Hits {
  totalHits: number;
  /** When the key's window ends (its count starts again). */
  resetTime: Date | undefined;
}

/** The counts of a limit (express-rate-limit's Store, as far as a limit uses it). */
export interface HitStore {
  /** Told the window once, before the first count. */
  init?(options: { windowMs: number }): unknown;
  increment(key: string): Hits | Promise<Hits>;
  /** Gives back one request of the key (a request that is not to be counted after all). */
  decrement(key: string): void | Promise<void>;
}

/** The counts of this process. Expired windows are swept once per window. */
export class MemoryHitStore implements HitStore {
  private windowMs = 60_000;
  /** Per key: its count, and when its window ends (the one Date every count of the window shares). */
  private readonly clients = new Map<string, { hits: number; resetTime: Date }>();
  private sweeper: NodeJS.Timeout | undefined;

  init({ windowMs }: { windowMs: number }): void {
    this.windowMs = windowMs;
    clearInterval(this.sweeper);
    this.sweeper = setInterval(() => this.sweep(), windowMs).unref();
  }

  increment(key: string): Hits {
    const now = Date.now();
    let client = this.clients.get(key);
    if (!client || client.resetTime.getTime() <= now)
      this.clients.set(key, (client = { hits: 0, resetTime: new Date(now + this.windowMs) }));
    client.hits++;
    return { totalHits: client.hits, resetTime: client.resetTime };
  }

  decrement(key: string): void {
    const client = this.clients.get(key);
    if (client && client.hits > 0) client.hits--;
  }

  /** How many keys are counted now. */
  get keys(): number {
    return this.clients.size;
  }

  private sweep(): void {
    const now = Date.now();
    for (const [key, client] of this.clients) if (client.resetTime.getTime() <= now) this.clients.delete(key);
  }
}

/** The outcome of counting one request. */
export interface Count {
  limit: number;
  /** Requests left in the window (0 once over). */
  remaining: number;
  resetTime: Date | undefined;
  /** Over the limit: the request is refused. */
  over: boolean;
  /** Gives the request back (it is not counted after all); nothing once its window has ended. */
  giveBack: () => void;
}

export class RateLimit {
  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly store: HitStore,
    private readonly onStoreError: (error: unknown) => void,
  ) {
    Promise.resolve(store.init?.({ windowMs })).catch(onStoreError);
  }

  /** Counts one request of `key`; at once when the store answers at once. */
  hit(key: string): Count | Promise<Count> {
    const hits = this.store.increment(key);
    return hits instanceof Promise ? hits.then((h) => this.countOf(key, h)) : this.countOf(key, hits);
  }

  private countOf(key: string, { totalHits, resetTime }: Hits): Count {
    let givenBack = false;
    return {
      limit: this.limit,
      remaining: Math.max(this.limit - totalHits, 0),
      resetTime,
      over: totalHits > this.limit,
      giveBack: () => {
        if (givenBack || (resetTime && Date.now() >= resetTime.getTime())) return;
        givenBack = true;
        const done = this.store.decrement(key);
        if (done instanceof Promise) done.catch(this.onStoreError);
      },
    };
  }
}

/** Seconds until `resetTime` (at least 0), or the whole window when the store does not say. */
export const secondsUntil = (resetTime: Date | undefined, windowMs: number): number =>
  resetTime ? Math.max(0, Math.ceil((resetTime.getTime() - Date.now()) / 1000)) : Math.ceil(windowMs / 1000);
