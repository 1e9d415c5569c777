// The app factory: every dependency comes in, nothing is opened here, so tests build an app over a
// temporary database and the server wires the real ones.
//
// A request enters the front (src/http/front.ts, on node's own request and response): the request log,
// the guards, then an answer that is bytes already, if there is one for the exact URL: kept from an
// earlier live request (the response cache), or stored with the snapshot. Everything else goes on to
// the Express app: /health and /api, the documentation, the live answers of every endpoint, the
// website. Every answer leaves through the one delivery module (src/http/delivery.ts).

import express, { type ErrorRequestHandler } from 'express';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Store } from 'express-rate-limit';
import type { Logger } from 'pino';
import type { ShareLinks } from './answers/endpoint.ts';
import { API_ENDPOINTS } from './answers/endpoints.ts';
import { keptAnswers, responseCaches } from './answers/response-cache.ts';
import { answersRouter } from './answers/router.ts';
import { storedAnswers } from './answers/stored.ts';
import type { Config } from './config.ts';
import { docsRouter } from './docs/router.ts';
import { Delivery } from './http/delivery.ts';
import { HttpError } from './http/envelope.ts';
import { type Listener, clientAddress, clientProtocol, createFront } from './http/front.ts';
import { guards } from './http/guards.ts';
import { requestIdOf, requestLog } from './http/request-log.ts';
import { routeKinds } from './http/route-table.ts';
import type { FollowStatus } from './replication/follower.ts';
import { type RefreshStatus, serviceRouter } from './service/router.ts';
import { siteRouter } from './site/router.ts';
import type { SnapshotStore } from './snapshot/snapshot.ts';

export interface AppDeps {
  snapshots: SnapshotStore;
  shares: ShareLinks;
  config: Config;
  logger: Logger;
  refresh?: RefreshStatus;
  /** A replica's follow status (src/replication/follower.ts), for /health. */
  follow?: FollowStatus;
  /** Shared rate-limit counts (a cluster worker's); default: this process's memory. */
  rateLimitStore?: Store;
}

export function createApp({ snapshots, shares, config, logger, refresh = { running: false }, follow, rateLimitStore }: AppDeps): Listener {
  const delivery = new Delivery({ privateResponses: Boolean(config.API_SECRET_KEY || config.JWT_SECRET) });
  const addressOf = clientAddress(config.TRUST_PROXY);
  const answerError = errorAnswers(delivery, logger);
  const cacheOf = responseCaches(config.RESPONSE_CACHE_MB * 2 ** 20);

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false); // ETags come from the snapshot and the code (src/http/delivery.ts), not from hashing each body
  app.set('query parser', 'simple'); // no nested objects from `a[b]=c`; repeats become arrays and are rejected
  app.use(serviceRouter(snapshots, refresh, delivery, follow));
  app.use(docsRouter(delivery)); // /api/openapi.json and /api/docs/ (exempt from origin and key, see src/http/guards.ts)
  app.use(answersRouter({ snapshots, shares, delivery, cacheOf }));
  app.use(siteRouter({ snapshots, shares, delivery, logger, protocolOf: clientProtocol(config.TRUST_PROXY) })); // the HTML pages
  app.use((req, _res, next) => next(new HttpError(404, `no route ${req.method} ${req.path}`)));
  app.use(((error, req, res, _next) => answerError(req, res, error)) satisfies ErrorRequestHandler);

  return createFront({
    steps: [
      requestLog(logger, addressOf),
      guards(config, { logger, addressOf, routeKindOf: routeKinds(API_ENDPOINTS), rateLimitStore }),
      ...(config.RESPONSE_CACHE_MB > 0 ? [keptAnswers(snapshots, delivery, cacheOf)] : []),
      ...(config.STORED_ANSWERS ? [storedAnswers(snapshots, delivery, cacheOf)] : []),
    ],
    refuse: answerError,
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
