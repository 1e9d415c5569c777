// Stored answers: what each endpoint declares as stored (its `stored`, src/answers/endpoint.ts) was
// rendered with the snapshot by the handlers themselves (src/answers/render.ts) and kept in it with
// its brotli form. A request for one of those exact URLs is one indexed read of the bytes in the
// encoding the client accepts, sent from the front (src/http/front.ts) through the delivery module
// like any answer; everything else is answered live (src/answers/router.ts). A client that takes
// gzip but not brotli gets the JSON compressed on first request, kept in the response cache.
//
// Only answers rendered by this code are served (Snapshot.storedAnswersCurrent): after an upgrade the
// old bytes would be the old code's figures.

import type Database from 'better-sqlite3';
import { type Delivery, JSON_ANSWER, etagFor } from '../http/delivery.ts';
import type { Step } from '../http/front.ts';
import { matcherOf } from '../http/route-table.ts';
import type { Queries } from '../snapshot/queries.ts';
import type { Snapshot, SnapshotStore } from '../snapshot/snapshot.ts';
import { pathWith } from './endpoint.ts';
import { API_ENDPOINTS } from './endpoints.ts';
import type { ResponseCache } from './response-cache.ts';

export interface StoredAnswer {
  body: Buffer;
  /** The encoding of `body`; null for the JSON itself (brotli not asked for, or an answer too small to compress). */
  encoding: 'br' | null;
}

/** Reads the stored answers of one snapshot. */
class StoredAnswers {
  /** One statement per form, so that a read touches only the bytes it sends. */
  private readonly reads: Record<'br' | 'identity', Database.Statement>;
  private readonly exists: Database.Statement;

  constructor(db: Database.Database) {
    const read = (column: string) => db.prepare(`SELECT ${column} FROM odpowiedz WHERE sciezka = ?`).raw();
    this.reads = { identity: read('tresc, NULL'), br: read("coalesce(br, tresc), iif(br IS NULL, NULL, 'br')") };
    this.exists = db.prepare('SELECT 1 FROM odpowiedz WHERE sciezka = ?');
  }

  get(url: string, brotli: boolean): StoredAnswer | undefined {
    const row = this.reads[brotli ? 'br' : 'identity'].get(url) as [Buffer, 'br' | null] | undefined;
    return row && { body: row[0], encoding: row[1] };
  }

  has(url: string): boolean {
    return this.exists.get(url) !== undefined;
  }
}

/** The stored answers of a snapshot; null when it has none, or none of this code. */
const readers = new WeakMap<Snapshot, StoredAnswers | null>();
function storedOf(snapshot: Snapshot): StoredAnswers | null {
  let reader = readers.get(snapshot);
  if (reader === undefined) {
    const any = snapshot.storedAnswersCurrent && snapshot.db.prepare('SELECT 1 FROM odpowiedz LIMIT 1').get() !== undefined;
    readers.set(snapshot, (reader = any ? new StoredAnswers(snapshot.db) : null));
  }
  return reader;
}

/** The endpoints whose answers may be asked for under other path parameters than they are stored under. */
const CANONICAL_FORMS = API_ENDPOINTS.flatMap((endpoint) => {
  const canonical = endpoint.method === 'get' ? endpoint.stored?.canonical : undefined;
  return canonical ? [{ path: endpoint.path, canonical, matches: matcherOf(endpoint.path) }] : [];
});

/** The URL `url`'s answer is stored under when it is not `url` itself (a councillor's token → id), if any. */
function canonicalUrl(url: string, queries: Queries): string | undefined {
  const search = url.indexOf('?');
  const path = search < 0 ? url : url.slice(0, search);
  for (const form of CANONICAL_FORMS) {
    const match = form.matches(path);
    if (!match) continue;
    const params = form.canonical(match.params as Record<string, string>, queries);
    return params && pathWith(form.path, params) + (search < 0 ? '' : url.slice(search));
  }
  return undefined;
}

/**
 * The front's step that sends a stored answer when there is one for the request's exact URL, with the
 * same headers, ETags and 304s as the live path: no Express, no routing, no snapshot held past the read
 * (the bytes are copied out of SQLite), no compression. Anything not stored goes on.
 */
export function storedAnswers(snapshots: SnapshotStore, delivery: Delivery, cacheOf: (snapshot: Snapshot) => ResponseCache | undefined): Step {
  return (req, res, next) => {
    const url = req.url ?? '';
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !url.startsWith('/api/')) return next();
    const snapshot = snapshots.acquire();
    if (!snapshot) return next(); // the live path answers 503
    try {
      const stored = storedOf(snapshot);
      if (!stored) return next();
      const wanted = delivery.encodingFor(req, JSON_ANSWER);
      const etag = etagFor(snapshot.answersVersion, url);
      const read = (path: string) => stored.get(path, wanted === 'br');
      const send = (answer: StoredAnswer) => {
        if (wanted !== 'gzip') return delivery.sendAs(res, etag, answer.body, answer.encoding, JSON_ANSWER);
        const cache = cacheOf(snapshot);
        const entry = cache?.get(url) ?? { body: answer.body, encoded: {} };
        delivery.send(res, etag, entry, wanted, JSON_ANSWER, () => cache?.set(url, entry));
      };
      if (req.headers['if-none-match'] === undefined) {
        const answer = read(url) ?? lookUp(canonicalUrl(url, snapshot.queries), read);
        if (!answer) return next();
        delivery.notModified(req, res, etag, wanted, JSON_ANSWER); // no validator given: sets the headers only
        return send(answer);
      }
      // A revalidation: whether there is an answer decides; its bytes are read only if it changed.
      const path = stored.has(url) ? url : lookUp(canonicalUrl(url, snapshot.queries), (p) => (stored.has(p) ? p : undefined));
      if (path === undefined) return next();
      if (delivery.notModified(req, res, etag, wanted, JSON_ANSWER)) return;
      send(read(path)!);
    } finally {
      snapshot.release();
    }
  };
}

const lookUp = <T>(url: string | undefined, look: (url: string) => T | undefined): T | undefined => (url === undefined ? undefined : look(url));
