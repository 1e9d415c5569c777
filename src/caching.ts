// HTTP caching of the read API. A response is a pure function of (snapshot, request URL): its strong
// ETag is derived from those two alone, so a matching If-None-Match is answered 304 before any query
// runs, and every ETag changes when a new snapshot is published. Data changes nightly: clients may
// reuse a response for a minute, then revalidate cheaply.

import { createHash } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { snapshotOf } from './request-snapshot.ts';

export const CACHE_CONTROL_PUBLIC = 'public, max-age=60, stale-while-revalidate=300';
/** With an API key configured, shared caches must not hand responses to clients without one. */
export const CACHE_CONTROL_PRIVATE = 'private, max-age=60';

export function etagFor(snapshotId: string, url: string): string {
  return `"${snapshotId}.${createHash('sha1').update(url).digest('base64url').slice(0, 16)}"`;
}

const matches = (header: string | undefined, etag: string): boolean =>
  header !== undefined && (header.trim() === '*' || header.split(',').some((t) => t.trim() === etag));

export function conditionalGet(privateResponses: boolean) {
  const cacheControl = privateResponses ? CACHE_CONTROL_PRIVATE : CACHE_CONTROL_PUBLIC;
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const etag = etagFor(snapshotOf(res).id, req.originalUrl);
    res.setHeader('ETag', etag);
    res.setHeader('Cache-Control', cacheControl);
    if (matches(req.headers['if-none-match'], etag)) {
      res.status(304).end();
      return;
    }
    // Errors are not cacheable: drop the validators if the handler answers with one.
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      if (res.statusCode >= 400) {
        res.removeHeader('ETag');
        res.setHeader('Cache-Control', 'no-store');
      }
      return json(body);
    };
    next();
  };
}
