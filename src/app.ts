// The app factory: every dependency comes in, nothing is opened here, so tests build an app over a
// temporary database and the server wires the real ones. The app is the front (src/front.ts: the
// request log, the guards, the stored answers) before an Express app with the live routes.

import express, { type ErrorRequestHandler } from 'express';
import type { Store } from 'express-rate-limit';
import type { Logger } from 'pino';
import { conditionalGet } from './caching.ts';
import type { Config } from './config.ts';
import { docsRouter } from './docs/router.ts';
import { glosowaniaRouter } from './glosowania/router.ts';
import { type Listener, clientAddress, frontError, inOrder, withFront } from './front.ts';
import { guards } from './guards.ts';
import { HttpError, sendError } from './http.ts';
import { posiedzeniaRouter } from './posiedzenia/router.ts';
import { radniRouter } from './radni/router.ts';
import type { FollowStatus } from './replication/follower.ts';
import { requestLog, requestIdOf } from './request-log.ts';
import { holdSnapshot } from './request-snapshot.ts';
import { type RefreshStatus, serviceRouter } from './service/router.ts';
import type { ShareStore } from './shares/index.ts';
import { siteRouter } from './site/router.ts';
import type { SnapshotStore } from './snapshot.ts';
import { statystykiRouter } from './statystyki/router.ts';
import { storedAnswers } from './stored-answers.ts';
import { utilsRouter } from './utils/router.ts';

export interface AppDeps {
  snapshots: SnapshotStore;
  shares: ShareStore;
  config: Config;
  logger: Logger;
  refresh?: RefreshStatus;
  /** A replica's follow status (src/replication/follower.ts), for /health. */
  follow?: FollowStatus;
  /** Shared rate-limit counts (a cluster worker's); default: this process's memory. */
  rateLimitStore?: Store;
}

export function createApp({ snapshots, shares, config, logger, refresh = { running: false }, follow, rateLimitStore }: AppDeps): Listener {
  const caching = { privateResponses: Boolean(config.API_SECRET_KEY || config.JWT_SECRET), cacheBytes: config.RESPONSE_CACHE_MB * 2 ** 20 };
  const addressOf = clientAddress(config.TRUST_PROXY);
  // Every request: the request log, then the guards (CONTRACT §6; /health is exempt inside them);
  // then a stored answer (rendered with the snapshot) is sent as it is. Everything else is answered
  // live by the Express app.
  const front = inOrder([
    requestLog(logger, addressOf),
    guards(config, logger, addressOf, rateLimitStore),
    ...(config.STORED_ANSWERS ? [storedAnswers(snapshots, caching)] : []),
  ]);

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false); // ETags come from the snapshot id (caching.ts), not from hashing each body
  // One hop: the address the nearest proxy saw. `true` would trust the leftmost X-Forwarded-For entry,
  // which any client can write, and so bypass the rate limit.
  app.set('trust proxy', config.TRUST_PROXY ? 1 : false); // as the front's clientAddress
  app.set('query parser', 'simple'); // no nested objects from `a[b]=c`; repeats become arrays and are rejected

  app.use(frontError);
  app.use(serviceRouter(snapshots, refresh, follow));
  app.use(docsRouter()); // /api/openapi.json and /api/docs/ (exempt from origin and key, see guards.ts)

  const data = [holdSnapshot(snapshots), conditionalGet(caching)];
  app.use('/api/radni', data, radniRouter());
  app.use('/api/glosowania', data, glosowaniaRouter(shares));
  app.use('/api/statystyki', data, statystykiRouter());
  app.use('/api/posiedzenia', data, posiedzeniaRouter());
  app.use('/api/utils', data, utilsRouter());

  app.use(siteRouter({ snapshots, shares, logger })); // the HTML pages (/, /radni, …, /share/:link)

  app.use((req, _res, next) => next(new HttpError(404, `no route ${req.method} ${req.path}`)));
  app.use(errorHandler(logger));
  return withFront(front, app);
}

/** Every error leaves in the error envelope; a 500 tells the client nothing about the internals. */
function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    if (error instanceof HttpError) return sendError(res, error.status, error.message);
    const bodyError = error as { type?: string; status?: number };
    if (bodyError.type === 'entity.too.large') return sendError(res, 413, 'the request body is larger than 10 KB');
    if (bodyError.type === 'entity.parse.failed') return sendError(res, 400, 'the request body is not valid JSON');
    if (typeof bodyError.status === 'number' && bodyError.status >= 400 && bodyError.status < 500) {
      return sendError(res, bodyError.status, 'the request body could not be read');
    }
    logger.error({ err: error, req: { id: requestIdOf(res), method: req.method, url: req.originalUrl } }, 'request failed');
    if (res.headersSent) return res.end();
    sendError(res, 500, 'the server failed to answer this request');
  };
}
