// The app factory: every dependency comes in, nothing is opened here, so tests build an app over a
// temporary database and the server wires the real ones.
//
// A request enters the front (src/http/front.ts, on node's own request and response): the request log,
// the guards, then an answer that is bytes already, if there is one for the exact URL: kept from an
// earlier live request (the response cache), or stored with the snapshot; then the live answer of a
// GET endpoint (src/answers/router.ts). Everything else goes on to the Express app: /health and /api,
// the documentation, the POSTs (and a GET the front leaves), the website. Every answer leaves through
// the one delivery module (src/http/delivery.ts).

import express, { type ErrorRequestHandler } from 'express';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Store } from 'express-rate-limit';
import type { Logger } from 'pino';
import type { AnswerStore } from './answers/answer-store.ts';
import type { ShareLinks } from './answers/endpoint.ts';
import { API_ENDPOINTS } from './answers/endpoints.ts';
import { keptAnswers, responseCaches } from './answers/response-cache.ts';
import { answersRouter, liveAnswers } from './answers/router.ts';
import { storedAnswers } from './answers/stored.ts';
import type { Config } from './config.ts';
import { docsRouter } from './docs/router.ts';
import { Delivery } from './http/delivery.ts';
import { HttpError } from './http/envelope.ts';
import { type Listener, clientAddress, clientProtocol, createFront } from './http/front.ts';
import { RateLimited, guards } from './http/guards.ts';
import { requestIdOf, requestLog } from './http/request-log.ts';
import { routeKinds } from './http/route-table.ts';
import type { FollowStatus } from './replication/follower.ts';
import { type RefreshStatus, serviceRouter } from './service/router.ts';
import { siteRefusal, siteRouter } from './site/router.ts';
import type { SnapshotStore } from './snapshot/snapshot.ts';

export interface AppDeps {
  snapshots: SnapshotStore;
  shares: ShareLinks;
  config: Config;
  logger: Logger;
  refresh?: RefreshStatus;
  /** A replica's follow status (src/replication/follower.ts), for /health. */
  follow?: FollowStatus;
  /** Shared rate-limit counts (a cluster worker's), a store per limiter; default: this process's memory. */
  rateLimitStore?: (limiter: 'api' | 'site') => Store;
  /** Answers made live, kept on disk for the next request (src/answers/answer-store.ts); none: made every time. */
  answerStore?: AnswerStore;
}

export function createApp({ snapshots, shares, config, logger, refresh = { running: false }, follow, rateLimitStore, answerStore }: AppDeps): Listener {
  const delivery = new Delivery({ privateResponses: Boolean(config.API_SECRET_KEY || config.JWT_SECRET) });
  const addressOf = clientAddress(config.TRUST_PROXY);
  const answerError = errorAnswers(delivery, logger);
  const refusePage = siteRefusal({ snapshots, shares, delivery, publicUrl: config.PUBLIC_URL });
  const cacheOf = responseCaches(config.RESPONSE_CACHE_MB * 2 ** 20);

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false); // ETags come from the snapshot and the code (src/http/delivery.ts), not from hashing each body
  app.set('query parser', 'simple'); // no nested objects from `a[b]=c`; repeats become arrays and are rejected
  app.use(serviceRouter(snapshots, refresh, delivery, follow));
  // /api/openapi.json and /api/docs/ (exempt from origin and key, see src/http/guards.ts)
  app.use(docsRouter(delivery, { apiKey: Boolean(config.API_SECRET_KEY), bearer: Boolean(config.JWT_SECRET) }));
  const answers = {
    snapshots, shares, delivery, cacheOf, publicUrl: config.PUBLIC_URL, ...(answerStore ? { store: answerStore } : {}),
  };
  app.use(answersRouter(answers));
  app.use(siteRouter({ snapshots, shares, delivery, logger, publicUrl: config.PUBLIC_URL, protocolOf: clientProtocol(config.TRUST_PROXY) })); // the HTML pages
  app.use((req, _res, next) => next(new HttpError(404, `no route ${req.method} ${req.path}`)));
  app.use(((error, req, res, _next) => answerError(req, res, error)) satisfies ErrorRequestHandler);

  return createFront({
    steps: [
      requestLog(logger, addressOf),
      guards(config, { logger, addressOf, routeKindOf: routeKinds(API_ENDPOINTS), rateLimitStore }),
      ...(config.RESPONSE_CACHE_MB > 0 ? [keptAnswers(snapshots, delivery, cacheOf)] : []),
      ...(config.STORED_ANSWERS ? [storedAnswers(snapshots, delivery, cacheOf)] : []),
      liveAnswers(answers),
    ],
    refuse: (req, res, error) => (error instanceof RateLimited && error.page ? refusePage(req, res, error) : answerError(req, res, error)),
    app,
  });
}

/** Every error leaves in the error envelope; a 500 tells the client nothing about the internals. */
function errorAnswers(delivery: Delivery, logger: Logger) {
  return (req: IncomingMessage, res: ServerResponse, error: unknown): void => {
    if (error instanceof HttpError) return delivery.sendError(res, error.status, error.message);
    const bodyError = error as { type?: string; status?: number };
    if (bodyError.type === 'entity.too.large') return delivery.sendError(res, 413, 'the request body is larger than 10 KB');
    if (bodyError.type === 'entity.parse.failed') return delivery.sendError(res, 400, 'the request body is not valid JSON');
    if (typeof bodyError.status === 'number' && bodyError.status >= 400 && bodyError.status < 500) {
      return delivery.sendError(res, bodyError.status, 'the request body could not be read');
    }
    logger.error({ err: error, req: { id: requestIdOf(res), method: req.method, url: req.url } }, 'request failed');
    delivery.sendError(res, 500, 'the server failed to answer this request');
  };
}
