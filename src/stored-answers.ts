// Stored answers (issue 16): every resource answer at its default parameters is a pure function of
// the snapshot, so it is rendered once when the snapshot is built (src/render-answers.ts) and kept in
// it with its brotli form. A request for one of those exact URLs is a primary-key read and the stored
// bytes; everything parameterised is answered live.

import type Database from 'better-sqlite3';
import type { NextFunction, Request, Response } from 'express';
import { type CachingOptions, acceptedEncoding, cacheControlOf, deliver, etagFor, ifNoneMatch } from './caching.ts';
import { snapshotOf } from './request-snapshot.ts';

/** Reads stored answers of one snapshot (none in a snapshot built without them). */
export class StoredAnswers {
  private readonly byUrl: Database.Statement | null;

  constructor(db: Database.Database) {
    const count = db.prepare('SELECT count(*) FROM odpowiedz').pluck().get() as number;
    this.byUrl = count > 0 ? db.prepare('SELECT tresc, br FROM odpowiedz WHERE sciezka = ?') : null;
  }

  get(url: string): { tresc: Buffer; br: Buffer | null } | undefined {
    return this.byUrl?.get(url) as { tresc: Buffer; br: Buffer | null } | undefined;
  }
}

/** A councillor's resource asked for by token: the answer stored under the id is the same bytes. */
function byToken(snapshot: ReturnType<typeof snapshotOf>, url: string) {
  const match = /^\/api\/radni\/([a-z][a-z0-9-]*)(\/[a-z-]+)?$/.exec(url);
  if (!match) return undefined;
  const id = snapshot.queries.radni.resolve(match[1]!);
  return id === undefined ? undefined : snapshot.stored.get(`/api/radni/${id}${match[2] ?? ''}`);
}

/**
 * Serves a stored answer when there is one for the request's exact URL: the same headers, ETags and
 * 304s as the live path (src/caching.ts), brotli from the stored bytes, gzip compressed on demand.
 */
export function storedAnswers(options: CachingOptions) {
  const cacheControl = cacheControlOf(options);
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const snapshot = snapshotOf(res);
    const stored = snapshot.stored.get(req.originalUrl) ?? byToken(snapshot, req.originalUrl);
    if (!stored) return next();
    const etag = etagFor(snapshot.id, req.originalUrl);
    const wanted = acceptedEncoding(req.headers['accept-encoding']);
    res.setHeader('Cache-Control', cacheControl);
    res.vary('Accept-Encoding');
    if (ifNoneMatch(req, res, etag, wanted)) return;
    deliver(res, { etag, body: stored.tresc, encoded: stored.br ? { br: stored.br } : {} }, wanted, () => undefined);
  };
}
