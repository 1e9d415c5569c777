// The one way an answer leaves the service: its ETag, Vary, Cache-Control, the 304, the encoding and
// the bytes. Every answer goes through here: the API's, stored, kept or made live
// (src/answers/operations.ts), the website's pages (src/site/router.ts), /health and /api
// (src/service/routes.ts), and every error envelope and error page. It is written against node's own
// response, as the front hands it to every route.
//
// Caching: an answer is a function of (snapshot, code, URL), so its strong ETag is derived from those
// alone and a matching If-None-Match is answered 304 before any query runs; a new snapshot or a new
// build changes every ETag. Data changes nightly: clients may reuse an answer for a minute, then
// revalidate cheaply. Errors, /health and the creation of a share link are never cached.
//
// Compression: answers over 1 KB go out as brotli (quality 2) or gzip when the client accepts them.
// Each encoding is its own representation with its own strong ETag (RFC 9110 §8.8.3), answered 304
// on its own; `Vary: Accept-Encoding`. Answers written as they are read (CSV downloads, sitemaps:
// `stream`) get the same headers and are compressed on their way out.

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Writable } from 'node:stream';
import zlib from 'node:zlib';
import vary from 'vary';
import { errorEnvelopeOf } from './envelope.ts';
import { noteReason } from './request-log.ts';

export type Encoding = 'br' | 'gzip';

/** What is sent: its media type, whether it is compressed for clients that accept it, and its own Cache-Control if it has one. */
export interface Kind {
  type: string;
  compressed: boolean;
  cacheControl?: string;
}

export const JSON_ANSWER: Kind = { type: 'application/json; charset=utf-8', compressed: true };
export const HTML_PAGE: Kind = { type: 'text/html; charset=utf-8', compressed: true };

const CACHE_CONTROL_PUBLIC = 'public, max-age=60, stale-while-revalidate=300';
/** With an API key configured, shared caches must not hand answers to clients without one. */
const CACHE_CONTROL_PRIVATE = 'private, max-age=60';
const NO_STORE = 'no-store';
/** What `vary` makes of `Vary: Origin` and Accept-Encoding. */
const ORIGIN_AND_ENCODING = 'Origin, Accept-Encoding';

/**
 * Adds `field` to the response's Vary, as `vary` would: the field alone when there is none yet, and
 * `Origin, Accept-Encoding` in one string when the CORS guard's `Origin` is there (every answer by the
 * time it is cacheable), so that the list is parsed by `vary` only in any other case. The one place the
 * service writes Vary (the CORS guard, src/http/guards.ts, and `notModified`).
 */
export function addVary(res: ServerResponse, field: 'Origin' | 'Accept-Encoding'): void {
  const current = res.getHeader('Vary');
  if (current === undefined) res.setHeader('Vary', field);
  else if (current === 'Origin' && field === 'Accept-Encoding') res.setHeader('Vary', ORIGIN_AND_ENCODING);
  else vary(res, field);
}

/** The strong ETag of the answer for `url` whose data and code are `version` (Snapshot.answersVersion). */
export function etagFor(version: string, url: string): string {
  return `"${version}.${urlHash(url)}"`;
}

/**
 * 64 bits of `url` in 16 hex digits (two 32-bit lanes mixed as cyrb53 mixes them). An ETag is compared
 * only with those of the same URL, so the hash need only tell URLs apart, not resist anyone: SHA-1 took
 * 3 µs of a live request's 125 (docs/PERFORMANCE.md, issue 47's twenty-second session).
 */
function urlHash(url: string): string {
  let a = 0xdeadbeef;
  let b = 0x41c6ce57;
  for (let i = 0; i < url.length; i++) {
    const code = url.charCodeAt(i);
    a = Math.imul(a ^ code, 2654435761);
    b = Math.imul(b ^ code, 1597334677);
  }
  a = Math.imul(a ^ (a >>> 16), 2246822507) ^ Math.imul(b ^ (b >>> 13), 3266489909);
  b = Math.imul(b ^ (b >>> 16), 2246822507) ^ Math.imul(a ^ (a >>> 13), 3266489909);
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}

/** Each encoding is its own representation with its own strong ETag. */
const encodedEtag = (etag: string, encoding: Encoding) => `${etag.slice(0, -1)}-${encoding}"`;

const matches = (header: string, etag: string): boolean =>
  header.trim() === '*' || header.split(',').some((t) => t.trim() === etag);

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

/**
 * Brotli quality: 2. The Sejm term's 14,823 stored answers over 1 KB (405 MB of JSON) compress to 51.0
 * MB at 2 against 49.9 MB at 3 (+2.4 %) in about 0.7 of the CPU time, a tenth of the stored answers'
 * render (docs/PERFORMANCE.md, issue 47, sixth session); 1 would add 12 % to the bytes, and 5 gains 5 %
 * for 8 times the time of 3. Stored and live answers are compressed here alike, so they stay the same bytes.
 */
const BROTLI_QUALITY = 2;

/** Answers over this size are sent compressed to clients that accept it; smaller ones gain nothing. */
export const MIN_COMPRESSED_BYTES = 1024;

/**
 * The window need not be larger than the answer: the default (4 MiB) made brotli clear tables sized for
 * it for every answer. Sized to the answer, the Sejm term's stored answers compress to the same size
 * in 0.6 of the time (docs/PERFORMANCE.md, issue 47). Brotli's smallest window is 2^10, its largest 2^24.
 */
const windowBits = (bytes: number) => Math.max(10, Math.min(24, Math.ceil(Math.log2(bytes))));

const brotliOptions = (body: Buffer): zlib.BrotliOptions => ({
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    [zlib.constants.BROTLI_PARAM_LGWIN]: windowBits(body.length),
  },
});
const GZIP_OPTIONS: zlib.ZlibOptions = { level: 6 };

/** Compresses off the event loop, on libuv's pool. */
const compress = (body: Buffer, encoding: Encoding, done: (error: Error | null, out: Buffer) => void) => {
  if (encoding === 'br') zlib.brotliCompress(body, brotliOptions(body), done);
  else zlib.gzip(body, GZIP_OPTIONS, done);
};

/** A compressor to stream through: the same encodings and settings. */
const compressor = (encoding: Encoding) =>
  encoding === 'br'
    ? zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
    : zlib.createGzip(GZIP_OPTIONS);

/** The same encodings, at once (the stored answers' renderer runs off the event loop of any server). */
export const compressSync = (body: Buffer, encoding: Encoding): Buffer =>
  encoding === 'br' ? zlib.brotliCompressSync(body, brotliOptions(body)) : zlib.gzipSync(body, GZIP_OPTIONS);

/** An answer's bytes, with its compressed forms as far as they were made. */
export interface Representations {
  body: Buffer;
  encoded: Partial<Record<Encoding, Buffer>>;
}

export class Delivery {
  private readonly cacheControl: string;

  /** `privateResponses`: answers may carry data only key holders should see (shared caches must not keep them). */
  constructor({ privateResponses }: { privateResponses: boolean }) {
    this.cacheControl = privateResponses ? CACHE_CONTROL_PRIVATE : CACHE_CONTROL_PUBLIC;
  }

  /** The encoding an answer of `kind` goes out in for this request; null: as it is. */
  encodingFor(req: IncomingMessage, kind: Kind): Encoding | null {
    return kind.compressed ? acceptedEncoding(req.headers['accept-encoding']) : null;
  }

  /**
   * Starts a cacheable answer: sets its Cache-Control (and Vary when compressed), and answers 304 when
   * the client holds a representation that is still current (the identity's ETag or the accepted
   * encoding's). Returns whether it answered.
   */
  notModified(req: IncomingMessage, res: ServerResponse, etag: string, wanted: Encoding | null, kind: Kind): boolean {
    res.setHeader('Cache-Control', kind.cacheControl ?? this.cacheControl);
    if (kind.compressed) addVary(res, 'Accept-Encoding');
    const header = req.headers['if-none-match'];
    if (header === undefined) return false;
    for (const candidate of wanted ? [etag, encodedEtag(etag, wanted)] : [etag]) {
      if (matches(header, candidate)) {
        res.setHeader('ETag', candidate);
        res.statusCode = 304;
        res.end();
        return true;
      }
    }
    return false;
  }

  /** Sends cacheable bytes already in their final form: `encoding` is the one they are in (null: none). */
  sendAs(res: ServerResponse, etag: string, bytes: Buffer, encoding: Encoding | null, kind: Kind): void {
    res.setHeader('Content-Type', kind.type);
    if (encoding) {
      res.setHeader('ETag', encodedEtag(etag, encoding));
      res.setHeader('Content-Encoding', encoding);
    } else res.setHeader('ETag', etag);
    res.end(bytes);
  }

  /**
   * Sends a cacheable answer in the encoding wanted, compressing it only the first time it is asked for
   * in that encoding: the compressed bytes are kept in `answer.encoded`, and `onEncoded` is told (the
   * response cache counts the grown entry).
   */
  send(
    res: ServerResponse,
    etag: string,
    answer: Representations,
    wanted: Encoding | null,
    kind: Kind,
    onEncoded?: () => void,
  ): void {
    const encoding = wanted && answer.body.length > MIN_COMPRESSED_BYTES ? wanted : null;
    if (encoding === null) return this.sendAs(res, etag, answer.body, null, kind);
    const ready = answer.encoded[encoding];
    if (ready) return this.sendAs(res, etag, ready, encoding, kind);
    compress(answer.body, encoding, (error, out) => {
      if (error) return this.sendAs(res, etag, answer.body, null, kind);
      answer.encoded[encoding] = out;
      onEncoded?.();
      this.sendAs(res, etag, out, encoding, kind);
    });
  }

  /**
   * Sends a cacheable answer as `write` produces it (a download of any size: constant memory), in the
   * encoding the client accepts, after `notModified` said no. `filename`: sent as an attachment. A
   * failure before the first byte rejects (the caller answers it); after it, the response is cut off,
   * so the client sees an incomplete download rather than a truncated file that looks whole. HEAD
   * writes nothing.
   */
  async stream(
    req: IncomingMessage,
    res: ServerResponse,
    etag: string,
    kind: Kind,
    write: (out: Writable) => Promise<unknown>,
    filename?: string,
  ): Promise<void> {
    const encoding = this.encodingFor(req, kind);
    res.setHeader('Content-Type', kind.type);
    res.setHeader('ETag', encoding ? encodedEtag(etag, encoding) : etag);
    if (encoding) res.setHeader('Content-Encoding', encoding);
    if (filename) res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    const compressing = encoding ? compressor(encoding) : null;
    const out: Writable = compressing ?? res;
    if (compressing) {
      compressing.pipe(res);
      res.once('close', () => compressing.destroy());
    }
    try {
      await write(out);
    } catch (error) {
      if (!res.headersSent) {
        compressing?.unpipe(res).destroy();
        for (const name of ['ETag', 'Content-Encoding', 'Content-Disposition']) res.removeHeader(name);
        throw error;
      }
      out.destroy();
      res.destroy();
      return;
    }
    await new Promise<void>((resolve) => {
      res.once('close', resolve);
      out.end();
    });
  }

  /** Sends an answer no cache may keep (/health, the creation of a share link, errors). */
  sendUncached(res: ServerResponse, status: number, body: Buffer, kind: Kind = JSON_ANSWER): void {
    if (res.headersSent) {
      res.end();
      return;
    }
    res.removeHeader('ETag');
    res.statusCode = status;
    res.setHeader('Cache-Control', NO_STORE);
    res.setHeader('Content-Type', kind.type);
    res.end(body);
  }

  /** The error envelope; the message is noted for the request log (why the request was refused). */
  sendError(res: ServerResponse, status: number, message: string): void {
    noteReason(res, message);
    this.sendUncached(res, status, errorEnvelopeOf(status, message));
  }
}
