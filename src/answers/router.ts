// The live answers: every endpoint of the tables (src/answers/endpoints.ts) registered at its own path
// and method. A request holds the snapshot in service until it closes, is answered 304 from its ETag
// before any query runs, then its input is parsed with the endpoint's schemas (a violation is a 400
// naming the parameter), its handler called and the result sent in the success envelope through the
// delivery module. The bytes of each 200 are kept with the snapshot (src/answers/response-cache.ts).

import express, { type Request, type RequestHandler, type Response, Router } from 'express';
import { type Delivery, JSON_ANSWER, type Representations, etagFor } from '../http/delivery.ts';
import { Reply, envelopeOf } from '../http/envelope.ts';
import type { Snapshot, SnapshotStore } from '../snapshot/snapshot.ts';
import { type AnyEndpoint, type ShareLinks, parseInput } from './endpoint.ts';
import { API_ENDPOINTS } from './endpoints.ts';
import type { ResponseCache } from './response-cache.ts';

export interface AnswersOptions {
  snapshots: SnapshotStore;
  shares: ShareLinks;
  delivery: Delivery;
  /** The response cache of a snapshot, if any (src/answers/response-cache.ts). */
  cacheOf: (snapshot: Snapshot) => ResponseCache | undefined;
}

/** Bodies are JSON of at most 10 KB (CONTRACT §6). */
const jsonBody = express.json({ limit: '10kb', strict: true });

/** Calls `send` with the handler's result, at once when the handler answered at once. */
function whenAnswered(result: unknown, send: (result: unknown) => void): Promise<void> | undefined {
  if (result instanceof Promise) return result.then(send);
  send(result);
  return undefined;
}

export function answersRouter({ snapshots, shares, delivery, cacheOf }: AnswersOptions): Router {
  /** A GET: cacheable, validated by its ETag, kept serialized. */
  const read = (endpoint: AnyEndpoint): RequestHandler => (req: Request, res: Response) => {
    const snapshot = snapshots.holdFor(res);
    const url = req.originalUrl;
    const etag = etagFor(snapshot.answersVersion, url);
    const wanted = delivery.encodingFor(req, JSON_ANSWER);
    if (delivery.notModified(req, res, etag, wanted, JSON_ANSWER)) return undefined;
    const cache = cacheOf(snapshot);
    const send = (entry: Representations) => delivery.send(res, etag, entry, wanted, JSON_ANSWER, () => cache?.set(url, entry));
    const cached = cache?.get(url);
    if (cached) return send(cached);
    const input = parseInput(endpoint, { params: req.params, query: req.query });
    return whenAnswered(endpoint.handler(input, { queries: snapshot.queries, shares }), (result) => {
      const entry: Representations = { body: envelopeOf(result), encoded: {} };
      cache?.set(url, entry);
      send(entry);
    });
  };

  /** A POST: never cached; its status is the endpoint's, or the one its reply gives. */
  const write = (endpoint: AnyEndpoint): RequestHandler => (req: Request, res: Response) => {
    const snapshot = snapshots.holdFor(res);
    const input = parseInput(endpoint, { params: req.params, query: req.query, body: req.body });
    return whenAnswered(endpoint.handler(input, { queries: snapshot.queries, shares }), (result) => {
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
