// HTTP caching of the read API. A response is a pure function of (snapshot, request URL), so:
// - its strong ETag is derived from those two alone, and a matching If-None-Match is answered 304
//   before any query runs; every ETag changes when a new snapshot is published;
// - the serialized body of a 200 can be kept with the snapshot and sent again as bytes. The cache
//   belongs to the Snapshot object, so a swap drops it with the old data; it is bounded in bytes.
// Data changes nightly: clients may reuse a response for a minute, then revalidate cheaply.

import { hash } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { LRUCache } from 'lru-cache';
import { snapshotOf } from './request-snapshot.ts';
import type { Snapshot } from './snapshot.ts';

export const CACHE_CONTROL_PUBLIC = 'public, max-age=60, stale-while-revalidate=300';
/** With an API key configured, shared caches must not hand responses to clients without one. */
export const CACHE_CONTROL_PRIVATE = 'private, max-age=60';

export function etagFor(snapshotId: string, url: string): string {
  return `"${snapshotId}.${hash('sha1', url, 'base64url').slice(0, 16)}"`;
}

const matches = (header: string | undefined, etag: string): boolean =>
  header !== undefined && (header.trim() === '*' || header.split(',').some((t) => t.trim() === etag));

interface CachedResponse {
  etag: string;
  body: Buffer;
}

/** Serialized 200 responses of one snapshot, least recently used dropped first past `maxBytes` (lru-cache keeps the byte count exact, also when an entry is replaced). */
export class ResponseCache {
  private readonly entries: LRUCache<string, CachedResponse>;

  constructor(maxBytes: number) {
    this.entries = new LRUCache<string, CachedResponse>({
      maxSize: maxBytes,
      // One huge answer must not flush the rest: anything over a 16th of the budget is not kept.
      maxEntrySize: Math.max(1, Math.floor(maxBytes / 16)),
      sizeCalculation: (entry) => Math.max(entry.body.length, 1),
    });
  }

  get(url: string): CachedResponse | undefined {
    return this.entries.get(url);
  }

  set(url: string, entry: CachedResponse): void {
    this.entries.set(url, entry);
  }

  /** Bytes held now. */
  get size(): number {
    return this.entries.calculatedSize;
  }
}

export interface CachingOptions {
  /** Responses may carry data only key holders should see: keep them out of shared caches. */
  privateResponses: boolean;
  /** Byte budget of the response cache per snapshot; 0 disables it. */
  cacheBytes: number;
}

export function conditionalGet({ privateResponses, cacheBytes }: CachingOptions) {
  const cacheControl = privateResponses ? CACHE_CONTROL_PRIVATE : CACHE_CONTROL_PUBLIC;
  // One cache per snapshot object: when a retired snapshot is collected, so is its cache.
  const caches = new WeakMap<Snapshot, ResponseCache>();
  const cacheOf = (snapshot: Snapshot): ResponseCache | undefined => {
    if (cacheBytes === 0) return undefined;
    let cache = caches.get(snapshot);
    if (!cache) caches.set(snapshot, (cache = new ResponseCache(cacheBytes)));
    return cache;
  };
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const snapshot = snapshotOf(res);
    const url = req.originalUrl;
    const cache = cacheOf(snapshot);
    const cached = cache?.get(url);
    const etag = cached?.etag ?? etagFor(snapshot.id, url);
    res.setHeader('ETag', etag);
    res.setHeader('Cache-Control', cacheControl);
    if (matches(req.headers['if-none-match'], etag)) {
      res.status(304).end();
      return;
    }
    if (cached) {
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      res.end(cached.body);
      return;
    }
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      if (res.statusCode >= 400) {
        // Errors are not cacheable: drop the validators.
        res.removeHeader('ETag');
        res.setHeader('Cache-Control', 'no-store');
        return json(body);
      }
      const serialized = Buffer.from(JSON.stringify(body));
      cache?.set(url, { etag, body: serialized });
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      res.end(serialized);
      return res;
    };
    next();
  };
}
