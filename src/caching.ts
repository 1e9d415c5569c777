// HTTP caching of the read API. A response is a pure function of (snapshot, request URL), so:
// - its strong ETag is derived from those two alone, and a matching If-None-Match is answered 304
//   before any query runs; every ETag changes when a new snapshot is published;
// - the serialized body of a 200 can be kept with the snapshot and sent again as bytes. The cache
//   belongs to the Snapshot object, so a swap drops it with the old data; it is bounded in bytes.
// Data changes nightly: clients may reuse a response for a minute, then revalidate cheaply.

import { hash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { LRUCache } from 'lru-cache';
import zlib from 'node:zlib';
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

export interface CachedResponse {
  /** The identity representation's ETag; an encoded one adds its encoding (encodedEtag). */
  etag: string;
  body: Buffer;
  /** The body compressed, per encoding, once it was first asked for. */
  encoded: Partial<Record<'br' | 'gzip', Buffer>>;
}

/** Serialized 200 responses of one snapshot, least recently used dropped first past `maxBytes` (lru-cache keeps the byte count exact, also when an entry is replaced). */
export class ResponseCache {
  private readonly entries: LRUCache<string, CachedResponse>;

  constructor(maxBytes: number) {
    this.entries = new LRUCache<string, CachedResponse>({
      maxSize: maxBytes,
      // One huge answer must not flush the rest: anything over a 16th of the budget is not kept.
      maxEntrySize: Math.max(1, Math.floor(maxBytes / 16)),
      sizeCalculation: (entry) => Math.max(entry.body.length + (entry.encoded.br?.length ?? 0) + (entry.encoded.gzip?.length ?? 0), 1),
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

/**
 * Brotli quality: 3 compresses the Sejm term's /api/radni (89,807 bytes) to 11,791 in 0.8 ms; 5 gains
 * 5 % (11,187) for 8 times the time (6.2 ms), the default 11 far more. Measured with node:zlib here.
 */
export const BROTLI_QUALITY = 3;

/** Answers over this size are sent compressed to clients that accept it; smaller ones gain nothing. */
export const MIN_COMPRESSED_BYTES = 1024;

export type Encoding = 'br' | 'gzip';

/** The encoding to send for an Accept-Encoding header: brotli, else gzip, else none (q=0 refuses one). */
export function acceptedEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const q = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [token, ...params] = part.trim().split(';');
    const weight = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)).find(Boolean);
    q.set(token!.trim(), weight ? Number(weight[1]) : 1);
  }
  const accepts = (name: Encoding) => (q.get(name) ?? q.get('*') ?? 0) > 0;
  return accepts('br') ? 'br' : accepts('gzip') ? 'gzip' : null;
}

/** Each encoding is its own representation with its own strong ETag (RFC 9110 §8.8.3). */
export const encodedEtag = (etag: string, encoding: Encoding) => `${etag.slice(0, -1)}-${encoding}"`;

const brotliOptions = (body: Buffer): zlib.BrotliOptions =>
  ({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
const GZIP_OPTIONS: zlib.ZlibOptions = { level: 6 };

const compress = (body: Buffer, encoding: Encoding, done: (error: Error | null, out: Buffer) => void) => {
  if (encoding === 'br') zlib.brotliCompress(body, brotliOptions(body), done);
  else zlib.gzip(body, GZIP_OPTIONS, done);
};

/** The same encodings, at once: for answers rendered with the snapshot (src/render-answers.ts). */
export const compressSync = (body: Buffer, encoding: Encoding): Buffer =>
  (encoding === 'br' ? zlib.brotliCompressSync(body, brotliOptions(body)) : zlib.gzipSync(body, GZIP_OPTIONS));

/**
 * Sends a serialized answer in the encoding the client accepts, compressing it (off the event loop,
 * on libuv's pool) only the first time: the encoded bytes are kept with the entry, and `keep` puts the
 * grown entry back into the cache so its size is counted.
 */
export function deliver(res: Response, entry: CachedResponse, wanted: Encoding | null, keep: () => void): void {
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  const encoding = wanted && entry.body.length > MIN_COMPRESSED_BYTES ? wanted : null;
  if (encoding === null) {
    res.setHeader('ETag', entry.etag);
    res.end(entry.body);
    return;
  }
  const ready = entry.encoded[encoding];
  const send = (bytes: Buffer) => {
    res.setHeader('ETag', encodedEtag(entry.etag, encoding));
    res.setHeader('Content-Encoding', encoding);
    res.end(bytes);
  };
  if (ready) return send(ready);
  compress(entry.body, encoding, (error, out) => {
    if (error) {
      res.setHeader('ETag', entry.etag);
      res.end(entry.body);
      return;
    }
    entry.encoded[encoding] = out;
    keep();
    send(out);
  });
}

export const cacheControlOf = ({ privateResponses }: Pick<CachingOptions, 'privateResponses'>) =>
  (privateResponses ? CACHE_CONTROL_PRIVATE : CACHE_CONTROL_PUBLIC);

/** Answers 304 when the client holds either representation that is still current (identity or the accepted encoding). */
export function ifNoneMatch(req: IncomingMessage, res: ServerResponse, etag: string, wanted: Encoding | null): boolean {
  for (const candidate of wanted ? [etag, encodedEtag(etag, wanted)] : [etag]) {
    if (matches(req.headers['if-none-match'], candidate)) {
      res.setHeader('ETag', candidate);
      res.statusCode = 304;
      res.end();
      return true;
    }
  }
  return false;
}

export function conditionalGet(options: CachingOptions) {
  const { cacheBytes } = options;
  const cacheControl = cacheControlOf(options);
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
    const etag = etagFor(snapshot.id, url);
    const wanted = acceptedEncoding(req.headers['accept-encoding']);
    res.setHeader('Cache-Control', cacheControl);
    res.vary('Accept-Encoding');
    if (ifNoneMatch(req, res, etag, wanted)) return;
    const keep = (entry: CachedResponse) => () => cache?.set(url, entry);
    const cached = cache?.get(url);
    if (cached) return deliver(res, cached, wanted, keep(cached));
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      if (res.statusCode >= 400) {
        // Errors are not cacheable: no validators.
        res.setHeader('Cache-Control', 'no-store');
        return json(body);
      }
      const entry: CachedResponse = { etag, body: Buffer.from(JSON.stringify(body)), encoded: {} };
      cache?.set(url, entry);
      deliver(res, entry, wanted, keep(entry));
      return res;
    };
    next();
  };
}
