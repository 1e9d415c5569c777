// The app factory: every dependency comes in, nothing is opened here, so tests build an app over a
// temporary database and the server wires the real ones.
//
// A request enters the front (src/http/front.ts, on node's own request and response): its route is
// looked up once in the one route table, its log line started, the guards run; then its route answers
// it — the operations of the endpoint tables (src/answers/operations.ts), /api and /health
// (src/service/routes.ts), the documentation (src/docs/routes.ts), and the website's pages, downloads,
// feeds, cards, crawler files and assets (src/site/router.ts), pages and answers kept by the same
// answer sources — or the one not-found does. Every error, a guard's or a route's, goes to the one
// error handler, which answers the website's addresses with a page in Polish and the API's with the
// JSON envelope. Every answer leaves through the one delivery module (src/http/delivery.ts).
//
// No Express on the serving path (the share form's body parser excepted, src/site/share-form.tsx). The
// listener is a plain `(req, res)`: `http.createServer(createApp(deps))` (`council serve` adds its own
// response, src/http/response.ts), or inside an Express app as the last middleware,
// `app.use(createApp(deps))` (it answers every request it is given, a 404 included).

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
import { type Exchange, holdingOf } from './http/exchange.ts';
import { type FrontAnswer, type Listener, clientAddress, clientProtocol, createFront } from './http/front.ts';
import { guards } from './http/guards.ts';
import type { HitStore } from './http/rate-limit.ts';
import { requestIdOf, requestLog } from './http/request-log.ts';
import { RouteTable, isSitePath } from './http/routes.ts';
import type { FollowStatus } from './replication/follower.ts';
import { type RefreshStatus, serviceRoutes } from './service/routes.ts';
import { siteErrorPage, siteRoutes } from './site/router.ts';
import { CHANGED_UNDER, type SnapshotStore } from './snapshot/snapshot.ts';
import { SiteError } from './urls/params.ts';

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
  const publicUrl = config.PUBLIC_URL;
  const answerError = errorAnswers(
    delivery,
    logger,
    snapshots,
    siteErrorPage({ snapshots, shares, delivery, logger, publicUrl }),
  );

  // One set of answer sources per snapshot for the API's answers and the website's pages.
  const sourcesOf = sourcesOfSnapshots({
    memoryBytes: config.RESPONSE_CACHE_MB * 2 ** 20,
    storedAnswers: config.STORED_ANSWERS,
    answerStore,
  });

  /** The one not-found: a path and method no route answers (an OPTIONS request learns what the path takes). */
  const notFound: FrontAnswer = (exchange) => {
    const { req, path } = exchange;
    if (req.method === 'OPTIONS' && routes.methodsAt(path).length > 0) return answerOptions(exchange);
    throw new HttpError(404, `no route ${req.method} ${path}`);
  };
  /** The one answer to OPTIONS (a preflight from an allowed origin too, with cors's headers): 204 and what the path takes. */
  const answerOptions = ({ res, path }: Exchange): void => {
    const methods = routes.methodsAt(path);
    if (methods.length > 0) res.setHeader('Allow', methods.join(', '));
    res.setHeader('Cache-Control', 'no-store');
    res.statusCode = 204;
    res.end();
  };

  const routes: RouteTable<FrontAnswer> = new RouteTable<FrontAnswer>([
    ...serviceRoutes(snapshots, refresh, delivery, follow),
    // /api/openapi.json and /api/docs/ (exempt from origin and key, see src/http/guards.ts)
    ...docsRoutes(delivery, { apiKey: Boolean(config.API_SECRET_KEY), bearer: Boolean(config.JWT_SECRET) }),
    ...operationRoutes(API_ENDPOINTS, { snapshots, shares, delivery, publicUrl, sourcesOf }),
    // The website: its pages (sent as the answer sources keep them, else made and kept), files and assets.
    ...siteRoutes({
      snapshots,
      shares,
      delivery,
      logger,
      publicUrl,
      protocolOf: clientProtocol(config.TRUST_PROXY),
      sourcesOf,
      unknown: ({ req, path }) => {
        throw new HttpError(404, `no route ${req.method ?? 'GET'} ${path}`);
      },
    }),
  ]);

  return createFront({
    routes,
    begin: requestLog(logger, addressOf, [config.API_SECRET_KEY, config.JWT_SECRET]),
    guard: guards(config, { logger, addressOf, rateLimitStore, answerOptions }),
    notFound,
    refuse: ({ req, res, path }, error) => answerError(req, res, path, error),
  });
}

/**
 * The one error handler, for a guard's refusal and whatever a route threw: the representation is
 * negotiated — the website's addresses answer a page in Polish (`page`, src/site/router.ts), unless
 * the client asks for JSON and not HTML; the API's always the error envelope (CONTRACT §6), where a
 * 500 tells the client nothing about the internals.
 */
function errorAnswers(
  delivery: Delivery,
  logger: Logger,
  snapshots: SnapshotStore,
  page: (req: IncomingMessage, res: ServerResponse, error: unknown) => void,
) {
  return (req: IncomingMessage, res: ServerResponse, path: string, error: unknown): void => {
    if (isSitePath(path) && !wantsJsonOnly(req)) return page(req, res, error);
    // Whatever failed while the file of the snapshot the request holds was replaced under it is that
    // (a 503 a proxy retries), as the website's error page says too.
    if (snapshots.changedUnder(holdingOf(res))) return delivery.sendError(res, 503, CHANGED_UNDER);
    if (error instanceof HttpError || error instanceof SiteError)
      return delivery.sendError(res, error.status, error.message);
    logger.error({ err: error, req: { id: requestIdOf(res), method: req.method, url: req.url } }, 'request failed');
    delivery.sendError(res, 500, 'the server failed to answer this request');
  };
}

/** Whether the client takes JSON and not HTML (a program asking the website's address): its error is the envelope. */
function wantsJsonOnly(req: IncomingMessage): boolean {
  const accept = req.headers.accept;
  return accept !== undefined && /\bapplication\/json\b/i.test(accept) && !/\btext\/html\b|\*\/\*/i.test(accept);
}
