// The operations of the endpoint tables (src/answers/endpoints.ts) as routes of the front: each
// endpoint at its path, answered on node's own request and response.
//
// A GET (or HEAD) holds the snapshot in service while its answer is made, and then:
//   1. its ETag is derived from the snapshot, the code and the URL; a matching If-None-Match is
//      answered 304 before anything is read;
//   2. the bytes for (snapshot and code, URL) are looked for in the answer sources, in order, each
//      once (./sources.ts: this process's memory, the answers stored with the snapshot, the answer
//      store on disk);
//   3. else the input is parsed with the endpoint's schemas (a violation is a 400 naming the
//      parameter), its handler called, the result wrapped in the success envelope and kept by the
//      sources that keep answers;
// and the bytes leave through the delivery module. A POST holds the snapshot from its arrival, reads
// its JSON body (src/http/json-body.ts), and is never cached.

import { parse as parseQuery } from 'node:querystring';
import { type Delivery, JSON_ANSWER, type Representations, etagFor } from '../http/delivery.ts';
import type { PublicUrl } from '../public-url.ts';
import { Reply, envelopeOf } from '../http/envelope.ts';
import type { Exchange } from '../http/exchange.ts';
import type { FrontAnswer } from '../http/front.ts';
import { readJsonBody } from '../http/json-body.ts';
import { READ, type Route, decodedParams } from '../http/routes.ts';
import type { Snapshot, SnapshotStore } from '../snapshot/snapshot.ts';
import type { AnswerStore } from './answer-store.ts';
import { type AnyEndpoint, type ShareLinks, callHandler } from './endpoint.ts';
import { ResponseCache } from './response-cache.ts';
import { type AnswerSource, AnswerSources, type Found } from './sources.ts';
import { StoredAnswers } from './stored.ts';

export interface SourcesOptions {
  /** Bytes of answers kept in memory per snapshot (0: none). */
  memoryBytes: number;
  /** Whether the answers stored with the snapshot are served (else they are made live). */
  storedAnswers: boolean;
  /** Answers made live, kept on disk (src/answers/answer-store.ts), if any. */
  answerStore?: AnswerStore | undefined;
}

/**
 * The answer sources of the snapshot in service, for the API's operations and the website's pages
 * alike (one memory budget, one store): made when a snapshot comes into service, dropped with it.
 */
export function sourcesOfSnapshots(options: SourcesOptions): (snapshot: Snapshot) => AnswerSources {
  let current: { snapshot: Snapshot; sources: AnswerSources } | undefined;
  return (snapshot) => {
    if (current?.snapshot !== snapshot) {
      const sources: AnswerSource[] = [];
      // Pages made live go to the answer store alone when there is one (./sources.ts).
      if (options.memoryBytes > 0) sources.push(new ResponseCache(options.memoryBytes, !options.answerStore));
      const stored = options.storedAnswers ? StoredAnswers.of(snapshot) : undefined;
      if (stored) sources.push(stored);
      if (options.answerStore) sources.push(options.answerStore.sourceFor(snapshot.answersVersion));
      current = { snapshot, sources: new AnswerSources(sources) };
    }
    return current.sources;
  };
}

export interface OperationsOptions {
  snapshots: SnapshotStore;
  shares: ShareLinks;
  delivery: Delivery;
  /** PUBLIC_URL: a POST's answer may name a page of the site (the share link); a GET's never does (it is stored). */
  publicUrl?: PublicUrl | undefined;
  /** The answer sources per snapshot (sourcesOfSnapshots; src/app.ts shares them with the website's pages). */
  sourcesOf: (snapshot: Snapshot) => AnswerSources;
}

/** Calls `send` with the handler's result, at once when the handler answered at once. */
function whenAnswered(result: unknown, send: (result: unknown) => void): Promise<void> | undefined {
  if (result instanceof Promise) return result.then(send);
  send(result);
  return undefined;
}

/** The routes of every operation of `endpoints`, in table order. */
export function operationRoutes(
  endpoints: readonly AnyEndpoint[],
  options: OperationsOptions,
): Array<Route<FrontAnswer>> {
  const { snapshots, shares, delivery, publicUrl, sourcesOf } = options;

  const answerGet = (
    endpoint: AnyEndpoint,
    exchange: Exchange<FrontAnswer>,
    snapshot: Snapshot,
  ): Promise<void> | undefined => {
    const { req, res, url } = exchange;
    const etag = etagFor(snapshot.answersVersion, url);
    const wanted = delivery.encodingFor(req, JSON_ANSWER);
    if (delivery.notModified(req, res, etag, wanted, JSON_ANSWER)) return undefined;
    const sources = sourcesOf(snapshot);
    const send = (entry: Representations) =>
      delivery.send(res, etag, entry, wanted, JSON_ANSWER, () => sources.grew(url, entry));
    const found: Found | undefined = sources.find(url, { wanted, endpoint, params: exchange.route.params });
    if (found) {
      if ('entry' in found) send(found.entry);
      else delivery.sendAs(res, etag, found.bytes, found.encoding, JSON_ANSWER);
      return undefined;
    }
    const raw = { params: decodedParams(exchange.route.params), query: parseQuery(exchange.search) };
    // The live reads of this turn share one read transaction, as the stored reads do (Snapshot.readTogether):
    // each statement on its own locked, checked and unlocked the file (8 system calls; a vote's answer runs
    // one to three statements).
    snapshot.readTogether();
    return whenAnswered(callHandler(endpoint, raw, { queries: snapshot.queries, shares }), (result) => {
      const entry: Representations = { body: envelopeOf(result), encoded: {} };
      sources.made(url, entry);
      send(entry);
    });
  };

  /** A GET: the request holds the snapshot (Exchange.hold) until its response has closed and its answer is done. */
  const get =
    (endpoint: AnyEndpoint): FrontAnswer =>
    (exchange) =>
      answerGet(endpoint, exchange, exchange.hold(snapshots));

  /** A POST: holds the snapshot from its arrival; its status is the endpoint's, or the one its reply gives. */
  const post =
    (endpoint: AnyEndpoint): FrontAnswer =>
    async (exchange) => {
      const snapshot = exchange.hold(snapshots);
      const body = endpoint.body ? await readJsonBody(exchange.req) : undefined;
      const raw = { params: decodedParams(exchange.route.params), query: parseQuery(exchange.search), body };
      const result: unknown = await callHandler(endpoint, raw, { queries: snapshot.queries, shares, publicUrl });
      const status = (result instanceof Reply ? result.status : undefined) ?? endpoint.status ?? 200;
      delivery.sendUncached(exchange.res, status, envelopeOf(result));
    };

  return endpoints.map((endpoint) => ({
    path: endpoint.path,
    methods: endpoint.method === 'get' ? READ : ['POST'],
    kind: endpoint.public ? 'public' : 'data',
    target: endpoint.method === 'get' ? get(endpoint) : post(endpoint),
  }));
}
