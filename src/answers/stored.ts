// Stored answers: what each endpoint declares as stored (its `stored`, src/answers/endpoint.ts) was
// rendered with the snapshot by the handlers themselves (src/answers/render.ts) and kept in it with
// its brotli form. One of the answer sources (./sources.ts): a request for one of those exact URLs is
// one indexed read of the bytes in the encoding the client accepts. A client that takes gzip but not
// brotli gets the JSON compressed on first request, kept in memory.
//
// Only answers rendered by this code are served (Snapshot.storedAnswersCurrent): after an upgrade the
// old bytes would be the old code's figures.

import { decodedParams } from '../http/routes.ts';
import type { Snapshot } from '../snapshot/snapshot.ts';
import { pathWith } from './endpoint.ts';
import type { AnswerSource, Asked, Found } from './sources.ts';
import { plucked, rawRows, type Statement } from '../snapshot/statement.ts';

/**
 * Up to this many stored answers, their paths are kept in memory with their rows, so that a URL without
 * one (on a national snapshot nearly every request: only the lists are stored) is told so without a
 * query, and one with one is read by its row, without a walk down the paths' index.
 */
const PATHS_IN_MEMORY = 100_000;

type Read = [Buffer, 'br' | null];

/** The JSON itself may still be compressed for a client that takes gzip (then kept in memory). */
const foundOf = (bytes: Buffer, encoding: 'br' | null): Found =>
  encoding === null ? { entry: { body: bytes, encoded: {} } } : { bytes, encoding };

/** The stored answers of one snapshot. */
export class StoredAnswers implements AnswerSource {
  readonly name = 'stored';
  readonly keepsEncoded = false;
  /** A stored answer's bytes at a path, and their encoding (null: identity): one statement per form, so that a read touches only the bytes it sends. */
  private readonly reads: Record<'br' | 'identity', Statement<[string], Read>>;
  /** The same by row, with the row's path first (checked against the URL asked for). */
  private readonly readsByRow: Record<'br' | 'identity', Statement<[number], [string, ...Read]>>;
  /** Every stored path and its row, when there are few enough; undefined: ask the table. */
  private readonly rows: Map<string, number> | undefined;

  private constructor(private readonly snapshot: Snapshot) {
    const { db } = snapshot;
    const columns = { identity: 'tresc, NULL', br: "coalesce(br, tresc), iif(br IS NULL, NULL, 'br')" };
    const read = (form: keyof typeof columns): Statement<[string], Read> =>
      rawRows(db, `SELECT ${columns[form]} FROM odpowiedz WHERE sciezka = ?`);
    const readByRow = (form: keyof typeof columns): Statement<[number], [string, ...Read]> =>
      rawRows(db, `SELECT sciezka, ${columns[form]} FROM odpowiedz WHERE rowid = ?`);
    this.reads = { identity: read('identity'), br: read('br') };
    this.readsByRow = { identity: readByRow('identity'), br: readByRow('br') };
    const few = plucked(db, `SELECT count(*) <= ${PATHS_IN_MEMORY} FROM odpowiedz`).get() === 1;
    this.rows = few
      ? new Map(rawRows<[], [string, number]>(db, 'SELECT sciezka, rowid FROM odpowiedz').all())
      : undefined;
  }

  /** The stored answers of `snapshot`; undefined when it has none, or none of this code. */
  static of(snapshot: Snapshot): StoredAnswers | undefined {
    const any =
      snapshot.storedAnswersCurrent && snapshot.db.prepare('SELECT 1 FROM odpowiedz LIMIT 1').get() !== undefined;
    return any ? new StoredAnswers(snapshot) : undefined;
  }

  /** The answer stored for `url`, or for its canonical form (a councillor asked for by token is stored under the id). */
  find(url: string, { wanted, endpoint, params }: Asked): Found | undefined {
    const brotli = wanted === 'br';
    const found = this.read(url, brotli);
    if (found || !endpoint?.stored?.canonical) return found;
    const canonical = endpoint.stored.canonical(decodedParams(params), this.snapshot.queries);
    if (!canonical) return undefined;
    const search = url.indexOf('?');
    return this.read(pathWith(endpoint.path, canonical) + (search < 0 ? '' : url.slice(search)), brotli);
  }

  private read(url: string, brotli: boolean): Found | undefined {
    const form = brotli ? 'br' : 'identity';
    const rowid = this.rows?.get(url);
    if (this.rows && rowid === undefined) return undefined;
    this.snapshot.readTogether();
    if (rowid !== undefined) {
      const row = this.readsByRow[form].get(rowid);
      // The row is the URL's, unless the file changed under the service (issue 42): then asked by its path, as before.
      if (row?.[0] === url) return foundOf(row[1], row[2]);
    }
    const row = this.reads[form].get(url);
    return row && foundOf(row[0], row[1]);
  }
}
