// The app factory: every dependency comes in, nothing is opened here, so tests build an app over a
// temporary database and the server wires the real ones.
//
// A request enters the front (src/http/front.ts, on node's own request and response): its route is
// looked up once in the one route table, its log line started, the guards run; then the front answers
// everything under /api and /health itself — the operations of the endpoint tables
// (src/answers/operations.ts), /api and /health (src/service/routes.ts), the documentation
// (src/docs/routes.ts), and the website's pages already made for this snapshot (kept by the same answer
// sources as the API's answers) — and hands the rest of the website to its Express router
// (src/site/router.ts), which makes the pages the sources do not hold yet.
// Every answer leaves through the one delivery module (src/http/delivery.ts).

import express, { type ErrorRequestHandler } from 'express';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { AnswerStore } from './answers/answer-store.ts';
import type { ShareLinks } from './answers/endpoint.ts';
import { API_ENDPOINTS } from './answers/endpoints.ts';
import { operationRoutes, sourcesOfSnapshots } from './answers/operations.ts';
import type { Config } from './config.ts';
import { docsRoutes } from './docs/routes.ts';
import { Delivery } from './http/delivery.ts';
import { HttpError } from './http/envelope.ts';
import { type FrontAnswer, type Listener, clientAddress, clientProtocol, createFront } from './http/front.ts';
import { RateLimited, guards } from './http/guards.ts';
import type { HitStore } from './http/rate-limit.ts';
import { requestIdOf, requestLog } from './http/request-log.ts';
import { holdingOf } from './http/exchange.ts';
import { READ, type Route, RouteTable } from './http/routes.ts';
import type { FollowStatus } from './replication/follower.ts';
import { type RefreshStatus, serviceRoutes } from './service/routes.ts';
import { sitePageRoutes, siteRefusal, siteRouter } from './site/router.ts';
import { CHANGED_UNDER, type SnapshotStore } from './snapshot/snapshot.ts';

export interface AppDeps {
  snapshots: SnapshotStore;
  shares: ShareLinks;
  config: Config;
  logger: Logger;
  refresh?: RefreshStatus;
  /** A replica's follow status (src/replication/follower.ts), for /health. */
  follow?: FollowStatus;
  /** Shared rate-limit counts (a cluster worker's), a store per limit; default: this process's memory. */
  rateLimitStore?: (limiter: 'api' | 'site') => HitStore;
  /** Answers made live, kept on disk for the next request (src/answers/answer-store.ts); none: made every time. */
  answerStore?: AnswerStore;
}

/** The website's assets: the route table only tells them apart (their own limit rule); the site answers them. */
const SITE_ROUTES: Array<Route<FrontAnswer>> = [{ path: '/assets/:file', methods: READ, kind: 'asset' }];

export function createApp({
  snapshots,
  shares,
  config,
  logger,
  refresh = { running: false },
  follow,
  rateLimitStore,
  answerStore,
}: AppDeps): Listener {
  const delivery = new Delivery({ privateResponses: Boolean(config.API_SECRET_KEY || config.JWT_SECRET) });
  const addressOf = clientAddress(config.TRUST_PROXY);
  const answerError = errorAnswers(delivery, logger, snapshots);
  const refusePage = siteRefusal({ snapshots, shares, delivery, publicUrl: config.PUBLIC_URL });

  // One set of answer sources per snapshot for the API's answers and the website's pages.
  const sourcesOf = sourcesOfSnapshots({
    memoryBytes: config.RESPONSE_CACHE_MB * 2 ** 20,
    storedAnswers: config.STORED_ANSWERS,
    answerStore,
  });

  const site = express();
  site.disable('x-powered-by');
  site.set('etag', false); // ETags come from the snapshot and the code (src/http/delivery.ts), not from hashing each body
  site.set('query parser', 'simple'); // no nested objects from `a[b]=c`; repeats become arrays and are rejected
  site.use(
    siteRouter({
      snapshots,
      shares,
      delivery,
      logger,
      publicUrl: config.PUBLIC_URL,
      protocolOf: clientProtocol(config.TRUST_PROXY),
      sourcesOf,
    }),
  );
  site.use((req, _res, next) => next(new HttpError(404, `no route ${req.method} ${req.path}`)));
  site.use(((error, req, res, _next) => answerError(req, res, error)) satisfies ErrorRequestHandler);

  const routes = new RouteTable<FrontAnswer>([
    ...serviceRoutes(snapshots, refresh, delivery, follow),
    // /api/openapi.json and /api/docs/ (exempt from origin and key, see src/http/guards.ts)
    ...docsRoutes(delivery, { apiKey: Boolean(config.API_SECRET_KEY), bearer: Boolean(config.JWT_SECRET) }),
    ...operationRoutes(API_ENDPOINTS, {
      snapshots,
      shares,
      delivery,
      publicUrl: config.PUBLIC_URL,
      sourcesOf,
    }),
    // The pages: sent by the front when the answer sources hold them, else made by the site's router.
    ...sitePageRoutes({ snapshots, delivery, sourcesOf, site }),
    ...SITE_ROUTES,
  ]);

  return createFront({
    routes,
    begin: requestLog(logger, addressOf, [config.API_SECRET_KEY, config.JWT_SECRET]),
    guard: guards(config, { logger, addressOf, rateLimitStore }),
    notFound: ({ req, res, path }) => {
      // A preflight that CORS did not answer (no allowed Origin) learns what the path takes.
      const methods = req.method === 'OPTIONS' ? routes.methodsAt(path) : [];
      if (methods.length === 0) throw new HttpError(404, `no route ${req.method} ${path}`);
      res.setHeader('Allow', methods.join(', '));
      res.setHeader('Cache-Control', 'no-store');
      res.statusCode = 204;
      res.end();
    },
    refuse: ({ req, res }, error) =>
      error instanceof RateLimited && error.page ? refusePage(req, res, error) : answerError(req, res, error),
    site,
  });
}

/** Every error leaves in the error envelope; a 500 tells the client nothing about the internals. */
function errorAnswers(delivery: Delivery, logger: Logger, snapshots: SnapshotStore) {
  return (req: IncomingMessage, res: ServerResponse, error: unknown): void => {
    if (error instanceof HttpError) return delivery.sendError(res, error.status, error.message);
    if (snapshots.changedUnder(holdingOf(res))) return delivery.sendError(res, 503, CHANGED_UNDER);
    logger.error({ err: error, req: { id: requestIdOf(res), method: req.method, url: req.url } }, 'request failed');
    delivery.sendError(res, 500, 'the server failed to answer this request');
  };
}
