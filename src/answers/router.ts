// The live answers: every endpoint of the tables (src/answers/endpoints.ts). A GET is answered in the
// front (`liveAnswers`, src/http/front.ts) on node's own request and response; what the front leaves
// (a POST, a path with percent-encoded characters, which Express decodes) is answered by the same code
// through Express (`answersRouter`), one route per endpoint. Either way the request holds the snapshot
// in service until its answer is made, is answered 304 from its ETag before any query runs, then its
// input is parsed with the endpoint's schemas (a violation is a 400 naming the parameter), its handler
// called and the result sent in the success envelope through the delivery module. The bytes of each
// 200 are kept with the snapshot (src/answers/response-cache.ts) and on disk (src/answers/answer-store.ts),
// where the next request for the URL finds them before any handler runs.
//
// Why GETs skip Express: on a national snapshot almost every answer is live (the render budget stores
// the parameterless lists only), and Express's request setup and router (35 routes tried in order)
// cost as much as the answer's queries (docs/PERFORMANCE.md, issue 27). The front matches the same
// paths the way Express does (path-to-regexp, case-insensitive, optional trailing slash) and parses the
// query string with the same parser as Express's `simple` one, so both sides give the same answer.

import { parse as parseQuery } from 'node:querystring';
import express, { type Request, type RequestHandler, type Response, Router } from 'express';
import type { IncomingMessage, ServerResponse } from 'node:http';
import parseurl from 'parseurl';
import { type Delivery, JSON_ANSWER, type Representations, etagFor } from '../http/delivery.ts';
import { Reply, envelopeOf } from '../http/envelope.ts';
import type { Step } from '../http/front.ts';
import { matcherOf } from '../http/route-table.ts';
import type { PublicUrl } from '../public-url.ts';
import type { Snapshot, SnapshotStore } from '../snapshot/snapshot.ts';
import type { AnswerStore } from './answer-store.ts';
import { type AnyEndpoint, type ShareLinks, parseInput } from './endpoint.ts';
import { API_ENDPOINTS } from './endpoints.ts';
import type { ResponseCache } from './response-cache.ts';

export interface AnswersOptions {
  snapshots: SnapshotStore;
  shares: ShareLinks;
  delivery: Delivery;
  /** The response cache of a snapshot, if any (src/answers/response-cache.ts). */
  cacheOf: (snapshot: Snapshot) => ResponseCache | undefined;
  /** Answers made live, kept on disk (src/answers/answer-store.ts), if any. */
  store?: AnswerStore;
  /** PUBLIC_URL: a POST's answer may name a page of the site (the share link); a GET's never does (it is stored). */
  publicUrl?: PublicUrl;
}

/** Bodies are JSON of at most 10 KB (CONTRACT §6). */
const jsonBody = express.json({ limit: '10kb', strict: true });

/** Calls `send` with the handler's result, at once when the handler answered at once. */
function whenAnswered(result: unknown, send: (result: unknown) => void): Promise<void> | undefined {
  if (result instanceof Promise) return result.then(send);
  send(result);
  return undefined;
}

/** Raw input of a GET as it arrived: path parameters and the query string's values. */
interface RawRequest {
  url: string;
  params: Record<string, unknown>;
  query: Record<string, unknown>;
}

/**
 * The answer of a GET: cacheable, validated by its ETag, kept serialized. Returns a Promise while the
 * handler answers asynchronously (the snapshot must stay held until then).
 */
function readAnswer({ shares, delivery, cacheOf, store }: AnswersOptions) {
  return (endpoint: AnyEndpoint, raw: RawRequest, snapshot: Snapshot, req: IncomingMessage, res: ServerResponse): Promise<void> | undefined => {
    const { url } = raw;
    const etag = etagFor(snapshot.answersVersion, url);
    const wanted = delivery.encodingFor(req, JSON_ANSWER);
    if (delivery.notModified(req, res, etag, wanted, JSON_ANSWER)) return undefined;
    const cache = cacheOf(snapshot);
    const send = (entry: Representations) => delivery.send(res, etag, entry, wanted, JSON_ANSWER, () => cache?.set(url, entry));
    const kept = cache?.get(url) ?? keptEntry(store?.get(snapshot.answersVersion, url));
    if (kept) {
      cache?.set(url, kept);
      send(kept);
      return undefined;
    }
    const input = parseInput(endpoint, raw);
    return whenAnswered(endpoint.handler(input, { queries: snapshot.queries, shares }), (result) => {
      const entry: Representations = { body: envelopeOf(result), encoded: {} };
      cache?.set(url, entry);
      store?.add(snapshot.answersVersion, url, entry.body);
      send(entry);
    });
  };
}

const keptEntry = (body: Buffer | undefined): Representations | undefined => (body ? { body, encoded: {} } : undefined);

/**
 * The GET endpoint a path is for, and its path parameters, matched as Express matches its routes: the
 * endpoints of a resource (`/api/<resource>/…`) in table order. Undefined for a path with
 * percent-encoded characters (Express decodes them, and answers a malformed one its own way).
 */
export function getEndpointOf(endpoints: readonly AnyEndpoint[]): (path: string) => { endpoint: AnyEndpoint; params: Record<string, string> } | undefined {
  const byResource = new Map<string, Array<{ endpoint: AnyEndpoint; matches: ReturnType<typeof matcherOf> }>>();
  for (const endpoint of endpoints) {
    if (endpoint.method !== 'get') continue;
    const resource = endpoint.path.split('/')[2]!.toLowerCase();
    const list = byResource.get(resource) ?? [];
    list.push({ endpoint, matches: matcherOf(endpoint.path) });
    byResource.set(resource, list);
  }
  return (path) => {
    if (path.includes('%')) return undefined;
    const candidates = byResource.get(path.split('/', 3)[2]?.toLowerCase() ?? '');
    if (!candidates || !/^\/api\//i.test(path)) return undefined;
    for (const { endpoint, matches } of candidates) {
      const match = matches(path);
      if (match) return { endpoint, params: match.params as Record<string, string> };
    }
    return undefined;
  };
}

/** The front's step that answers a GET (or HEAD) of an endpoint live, without entering Express. */
export function liveAnswers(options: AnswersOptions): Step {
  const endpointOf = getEndpointOf(API_ENDPOINTS);
  const answer = readAnswer(options);
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const parsed = parseurl(req);
    const found = endpointOf(parsed?.pathname ?? '/');
    if (!found) return next();
    const snapshot = options.snapshots.acquire();
    if (!snapshot) return next(); // Express answers the 503
    let pending: Promise<void> | undefined;
    try {
      pending = answer(found.endpoint, { url: req.url ?? '', params: found.params, query: parseQuery(typeof parsed?.query === 'string' ? parsed.query : '') }, snapshot, req, res);
    } finally {
      if (!pending) snapshot.release(); // the answer's bytes are made: nothing more is read from the snapshot
    }
    return pending?.finally(() => snapshot.release());
  };
}

/** What the front leaves to Express: every endpoint at its path (a GET whose path the front does not take, every POST). */
export function answersRouter(options: AnswersOptions): Router {
  const { snapshots, shares, delivery, publicUrl } = options;
  const answer = readAnswer(options);
  const read = (endpoint: AnyEndpoint): RequestHandler => (req: Request, res: Response) =>
    answer(endpoint, { url: req.originalUrl, params: req.params, query: req.query }, snapshots.holdFor(res), req, res);

  /** A POST: never cached; its status is the endpoint's, or the one its reply gives. */
  const write = (endpoint: AnyEndpoint): RequestHandler => (req: Request, res: Response) => {
    const snapshot = snapshots.holdFor(res);
    const input = parseInput(endpoint, { params: req.params, query: req.query, body: req.body });
    return whenAnswered(endpoint.handler(input, { queries: snapshot.queries, shares, publicUrl }), (result) => {
      const status = (result instanceof Reply ? result.status : undefined) ?? endpoint.status ?? 200;
      delivery.sendUncached(res, status, envelopeOf(result));
    });
  };

  /** A request with a body holds the snapshot in service when it arrives, not only once its body is in. */
  const hold: RequestHandler = (_req, res, next) => {
    snapshots.holdFor(res);
    next();
  };

  const router = Router();
  for (const endpoint of API_ENDPOINTS) {
    if (endpoint.method === 'get') router.get(endpoint.path, read(endpoint));
    else router.post(endpoint.path, hold, ...(endpoint.body ? [jsonBody] : []), write(endpoint));
  }
  return router;
}
