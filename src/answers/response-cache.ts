// Live answers kept serialized with their snapshot. An answer is a pure function of (snapshot, code,
// URL), so the bytes of a 200 can be sent again as they are, from the front (`keptAnswers`); the cache
// belongs to the snapshot object (a swap drops it with the old data) and is bounded in bytes.

import { LRUCache } from 'lru-cache';
import { type Delivery, JSON_ANSWER, type Representations, etagFor } from '../http/delivery.ts';
import type { Step } from '../http/front.ts';
import type { Snapshot, SnapshotStore } from '../snapshot/snapshot.ts';

/** Serialized answers of one snapshot, least recently used dropped first past `maxBytes` (lru-cache keeps the byte count exact, also when an entry is replaced). */
export class ResponseCache {
  private readonly entries: LRUCache<string, Representations>;

  constructor(maxBytes: number) {
    this.entries = new LRUCache<string, Representations>({
      maxSize: maxBytes,
      // One huge answer must not flush the rest: anything over a 16th of the budget is not kept.
      maxEntrySize: Math.max(1, Math.floor(maxBytes / 16)),
      sizeCalculation: (entry) => Math.max(entry.body.length + (entry.encoded.br?.length ?? 0) + (entry.encoded.gzip?.length ?? 0), 1),
    });
  }

  get(url: string): Representations | undefined {
    return this.entries.get(url);
  }

  /** Keeps `entry` (again, after it grew a compressed form, so that its size is counted). */
  set(url: string, entry: Representations): void {
    this.entries.set(url, entry);
  }

  /** Bytes held now. */
  get size(): number {
    return this.entries.calculatedSize;
  }
}

/** One cache per snapshot, of `maxBytes` each (0: none): when a retired snapshot is collected, so is its cache. */
export function responseCaches(maxBytes: number): (snapshot: Snapshot) => ResponseCache | undefined {
  const caches = new WeakMap<Snapshot, ResponseCache>();
  return (snapshot) => {
    if (maxBytes === 0) return undefined;
    let cache = caches.get(snapshot);
    if (!cache) caches.set(snapshot, (cache = new ResponseCache(maxBytes)));
    return cache;
  };
}

/**
 * The front's step that sends an answer kept from an earlier live request for the same URL, with the
 * same headers, ETags and 304s as the live path, without entering Express: after the first request
 * for a parameterised URL (a filter, a page size), the next ones cost what a stored answer costs.
 */
export function keptAnswers(snapshots: SnapshotStore, delivery: Delivery, cacheOf: (snapshot: Snapshot) => ResponseCache | undefined): Step {
  return (req, res, next) => {
    const url = req.url ?? '';
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !url.startsWith('/api/')) return next();
    const snapshot = snapshots.acquire();
    if (!snapshot) return next();
    try {
      const cache = cacheOf(snapshot);
      const kept = cache?.get(url);
      if (!kept) return next();
      const etag = etagFor(snapshot.answersVersion, url);
      const wanted = delivery.encodingFor(req, JSON_ANSWER);
      if (delivery.notModified(req, res, etag, wanted, JSON_ANSWER)) return;
      delivery.send(res, etag, kept, wanted, JSON_ANSWER, () => cache!.set(url, kept));
    } finally {
      snapshot.release(); // the bytes are in memory: nothing more is read from the snapshot
    }
  };
}
