// Stored answers (issue 16): every resource answer at its default parameters is a pure function of
// the snapshot, so it is rendered once when the snapshot is built (src/render-answers.ts) and kept in
// it with its brotli and gzip forms. A request for one of those exact URLs is one indexed read of the
// bytes in the encoding the client accepts; everything parameterised is answered live.

import type Database from 'better-sqlite3';
import vary from 'vary';
import { type CachingOptions, type Encoding, acceptedEncoding, cacheControlOf, encodedEtag, etagFor, ifNoneMatch } from './caching.ts';
import type { Handler } from './front.ts';
import type { Snapshot, SnapshotStore } from './snapshot.ts';

export interface StoredAnswer {
  body: Buffer;
  /** The encoding of `body`; null for the JSON itself (no encoding accepted, or an answer too small to compress). */
  encoding: Encoding | null;
}

/** Reads stored answers of one snapshot (none in a snapshot built without them). */
export class StoredAnswers {
  /** One statement per encoding, so that a read touches only the bytes it sends. */
  private readonly reads: Record<Encoding | 'identity', Database.Statement> | null;
  private readonly exists: Database.Statement | null;

  constructor(db: Database.Database) {
    const any = db.prepare('SELECT 1 FROM odpowiedz LIMIT 1').get() !== undefined;
    const read = (column: string) => db.prepare(`SELECT ${column} FROM odpowiedz WHERE sciezka = ?`).raw();
    this.reads = any
      ? { identity: read('tresc, NULL'), br: read("coalesce(br, tresc), iif(br IS NULL, NULL, 'br')"), gzip: read("coalesce(gzip, tresc), iif(gzip IS NULL, NULL, 'gzip')") }
      : null;
    this.exists = any ? db.prepare('SELECT 1 FROM odpowiedz WHERE sciezka = ?') : null;
  }

  get(url: string, wanted: Encoding | null): StoredAnswer | undefined {
    const row = this.reads?.[wanted ?? 'identity'].get(url) as [Buffer, Encoding | null] | undefined;
    return row && { body: row[0], encoding: row[1] };
  }

  has(url: string): boolean {
    return this.exists?.get(url) !== undefined;
  }
}

/** A councillor's resource asked for by token is stored under the id: the same bytes. */
function idPathOf(snapshot: Snapshot, url: string): string | undefined {
  const match = /^\/api\/radni\/([a-z][a-z0-9-]*)(\/[a-z-]+)?$/.exec(url);
  const id = match ? snapshot.queries.radni.resolve(match[1]!) : undefined;
  return id === undefined ? undefined : `/api/radni/${id}${match![2] ?? ''}`;
}

/** The stored answer for `url` in the accepted encoding, or (a revalidation) whether there is one. */
function find(snapshot: Snapshot, url: string, wanted: Encoding | null, revalidating: boolean): StoredAnswer | boolean {
  const look = (path: string) => (revalidating ? snapshot.stored.has(path) : snapshot.stored.get(path, wanted));
  const found = look(url);
  if (found) return found;
  const idPath = idPathOf(snapshot, url);
  return idPath === undefined ? false : look(idPath) ?? false;
}

/**
 * Serves a stored answer when there is one for the request's exact URL, with the same headers, ETags
 * and 304s as the live path (src/caching.ts). Runs in the front, right after the guards (src/front.ts):
 * a stored answer costs no Express, no routing, no snapshot hold past the read (the bytes are copied
 * out of SQLite) and no compression. Anything not stored goes on to the live routes.
 */
export function storedAnswers(snapshots: SnapshotStore, options: CachingOptions): Handler {
  const cacheControl = cacheControlOf(options);
  return (req, res, next) => {
    const url = req.url ?? '';
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !url.startsWith('/api/')) return next();
    const snapshot = snapshots.acquire();
    if (!snapshot) return next(); // the live path answers 503
    try {
      const wanted = acceptedEncoding(req.headers['accept-encoding']);
      const revalidating = req.headers['if-none-match'] !== undefined;
      let answer = find(snapshot, url, wanted, revalidating);
      if (answer === false) return next();
      const etag = etagFor(snapshot.id, url);
      res.setHeader('Cache-Control', cacheControl);
      vary(res, 'Accept-Encoding');
      if (revalidating) {
        if (ifNoneMatch(req, res, etag, wanted)) return;
        answer = find(snapshot, url, wanted, false);
      }
      const { body, encoding } = answer as StoredAnswer;
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      if (encoding) {
        res.setHeader('ETag', encodedEtag(etag, encoding));
        res.setHeader('Content-Encoding', encoding);
      } else res.setHeader('ETag', etag);
      res.end(body);
    } finally {
      snapshot.release();
    }
  };
}
