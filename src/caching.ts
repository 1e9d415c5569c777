// HTTP caching of the read API. A response is a pure function of (snapshot, request URL), so:
// - its strong ETag is derived from those two alone, and a matching If-None-Match is answered 304
//   before any query runs; every ETag changes when a new snapshot is published;
// - the serialized body of a 200 can be kept with the snapshot and sent again as bytes. The cache
//   belongs to the Snapshot object, so a swap drops it with the old data; it is bounded in bytes.
// Data changes nightly: clients may reuse a response for a minute, then revalidate cheaply.

import { hash } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
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

/** Serialized 200 responses of one snapshot, least recently used dropped first past `maxBytes`. */
export class ResponseCache {
  private readonly entries = new Map<string, CachedResponse>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(url: string): CachedResponse | undefined {
    const hit = this.entries.get(url);
    if (hit) {
      this.entries.delete(url); // re-insert: Map order is the recency order
      this.entries.set(url, hit);
    }
    return hit;
  }

  set(url: string, entry: CachedResponse): void {
    if (entry.body.length > this.maxBytes / 16) return; // one huge answer must not flush the rest
    this.entries.set(url, entry);
    this.bytes += entry.body.length;
    for (const [key, old] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(key);
      this.bytes -= old.body.length;
    }
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
