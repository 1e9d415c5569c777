// The request guards of CONTRACT §6, as one ordered list of steps run in the front (src/http/front.ts),
// before any route, on node's own request and response:
//
//   1. helmet        security headers for a JSON API (every response)
//   2. cors          CORS headers for allowed origins; their preflights are answered here, by the
//                    one answer to OPTIONS (src/app.ts), so a preflight needs no key and is not counted
//   3. origin check  403 unless Origin (else the Referer's origin) is on ALLOWED_ORIGINS
//   4. rate limits   the API's: RATE_LIMIT_MAX_REQUESTS per RATE_LIMIT_WINDOW_MS per client address;
//                    the website's own, SITE_RATE_LIMIT_MAX_REQUESTS in the same window (a person
//                    reading pages asks for far more than an API client)
//   5. credentials   X-API-Key and/or Bearer JWT, 401 otherwise
//   6. JSON only     a request to /api that carries a body must carry it as application/json (415)
//
// The limiter runs before the credential check on purpose: every key or token guess is counted, so
// the credentials cannot be guessed faster than the rate limit allows.
//
// Exemptions (the kind of the request's route, src/http/routes.ts: from the endpoint table's `public`
// flag and the service routes):
//   - /health (any method): no origin check, no credentials, not counted, no 415 rule.
//   - GET/HEAD /api/glosowania/share/:link (public): no origin check and no credentials, but counted.
//   - GET/HEAD /api/openapi.json and /api/docs, /api/docs/<file> (the documentation, which a browser
//     opens without X-API-Key): no origin check, no credentials, not counted (static files).
//   - the website (any path outside /api: pages, downloads, feeds, preview images, /share/:link, the
//     share form): no origin check, no credentials, no 415 rule (the share form posts a form; its own
//     route checks where the post comes from), counted by the site's limit, 304s not counted; its
//     assets (/assets/<file>) not counted at all. A refusal of the site's limit is a page in Polish
//     (answered by the one error handler, src/app.ts, for the website's addresses).
//   - CORS preflight (OPTIONS from an allowed origin): answered after cors's headers, before the later guards.
// CORS headers themselves are only ever given to allowed origins, the share link included.

import { hash, timingSafeEqual } from 'node:crypto';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import cors from 'cors';
import { ipKeyGenerator } from 'express-rate-limit';
import helmet from 'helmet';
import type { Logger } from 'pino';
import typeis from 'type-is';
import { type Config, ConfigError, isOrigin } from '../config.ts';
import { addVary } from './delivery.ts';
import { HttpError, RateLimited } from './envelope.ts';
import type { Exchange } from './exchange.ts';
import { type Step, inOrder } from './front.ts';
import { type Count, type HitStore, MemoryHitStore, RateLimit, secondsUntil } from './rate-limit.ts';
import type { RouteKind } from './routes.ts';

type GuardConfig = Pick<
  Config,
  | 'ALLOWED_ORIGINS'
  | 'API_SECRET_KEY'
  | 'JWT_SECRET'
  | 'JWT_MAX_AGE_S'
  | 'RATE_LIMIT_WINDOW_MS'
  | 'RATE_LIMIT_MAX_REQUESTS'
  | 'SITE_RATE_LIMIT_MAX_REQUESTS'
  | 'NODE_ENV'
  | 'TRUST_PROXY'
>;

/** Exempt from the origin check and the credentials: health, docs, the public endpoints (the share link) and the website. */
const isOpen = (kind: RouteKind) => kind !== 'data';
/** Under /api (the JSON-bodies rule applies). */
const isApi = (kind: RouteKind) => kind === 'data' || kind === 'public' || kind === 'docs';
/** Counted by each limit: the API's counts /api but its documentation; the website's, outside /api but the assets. */
const COUNTED: Record<'api' | 'site', (kind: RouteKind) => boolean> = {
  api: (kind) => kind === 'data' || kind === 'public',
  site: (kind) => kind === 'site',
};

export interface GuardOptions {
  logger: Logger;
  /** The client's address, which the limiter counts by (src/http/front.ts clientAddress). */
  addressOf: (req: IncomingMessage) => string;
  /** Replaces each limit's in-process counts (a cluster worker shares them): one store per limit, by name. */
  rateLimitStore?: ((limiter: 'api' | 'site') => HitStore) | undefined;
  /** The one answer to an OPTIONS request (src/app.ts): an allowed origin's preflight gets it here, after its CORS headers. */
  answerOptions: (exchange: Exchange) => void;
}

/**
 * The ordered guard list, run in the front (src/http/front.ts) before any route. The website's pages
 * (outside /api) are opened by browsers following links: no key, no Origin, a Referer from anywhere;
 * so the origin check and the credentials guard /api only, and the site has its own rate limit. Which
 * kind of route a request is for was decided once, when the front looked its route up.
 */
export function guards(config: GuardConfig, { logger, addressOf, rateLimitStore, answerOptions }: GuardOptions): Step {
  const allowed = allowedOrigins(config.ALLOWED_ORIGINS);
  return inOrder([
    securityHeaders(),
    corsHeaders(allowed, answerOptions),
    originCheck(allowed, config.NODE_ENV === 'production'),
    rateLimiter('api', config.RATE_LIMIT_MAX_REQUESTS, config, logger, addressOf, rateLimitStore?.('api')),
    rateLimiter('site', config.SITE_RATE_LIMIT_MAX_REQUESTS, config, logger, addressOf, rateLimitStore?.('site')),
    // Neither a key nor a secret configured: the API is open, and no request pays for the check.
    ...(config.API_SECRET_KEY || config.JWT_SECRET ? [credentials(config)] : []),
    jsonBodiesOnly(),
  ]);
}

// --- 1. helmet ----------------------------------------------------------------------------------

function securityHeaders(): Step {
  const middleware = helmet({
    // The API serves JSON only: nothing may be loaded by, or frame, its responses.
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    // same-site: the frontend on an allowed origin reads the API with CORS-mode fetch, which
    // Cross-Origin-Resource-Policy does not apply to (CORS decides); CORP only governs no-cors loads
    // (<script>, <img>, …), and those are refused to other sites so they cannot pull the JSON into
    // their process. `cross-origin` would only be needed for no-cors embedding by other sites.
    crossOriginResourcePolicy: { policy: 'same-site' },
    xFrameOptions: { action: 'deny' },
    // Headers that only mean something for HTML documents (or for IE8 and Flash) are left out: a JSON
    // API gains nothing from them, and each costs a middleware call and bytes on every response.
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  // helmet's headers do not depend on the request: take them from helmet once, on a response that is
  // never sent, and set them in one call, instead of a chain of one middleware per header on every request.
  const probe = new ServerResponse(new IncomingMessage(new Socket()));
  middleware(probe.req, probe, () => undefined);
  const headers = new Map(Object.entries(probe.getHeaders()).map(([name, value]) => [name, String(value)]));
  return ({ res }, next) => {
    res.setHeaders(headers);
    next();
  };
}

// --- 2. cors ------------------------------------------------------------------------------------

function corsHeaders(allowed: ReadonlySet<string>, answerOptions: (exchange: Exchange) => void): Step {
  const handler = cors({
    // Reflects the request's Origin when it is allowed; otherwise cors does nothing and calls next(),
    // so a disallowed origin's preflight reaches the origin check and gets its 403.
    origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin) ? origin : false),
    methods: ['GET', 'POST', 'OPTIONS'],
    allowedHeaders: ['Content-Type', 'Authorization', 'X-API-Key'],
    exposedHeaders: ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'Retry-After', 'X-Request-Id'],
    maxAge: 600,
    // cors only writes the headers; the preflight is answered as every OPTIONS request is.
    preflightContinue: true,
  });
  return (exchange, next) => {
    const { req, res } = exchange;
    // Every answer depends on Origin (403 or not, CORS headers or not), so caches must key on it.
    addVary(res, 'Origin');
    // Without an Origin there is nothing to allow: cors would do nothing (most requests, cheaper so).
    if (req.headers.origin === undefined) return next();
    handler(req, res, (error?: unknown) => {
      if (error) return next(error);
      // An allowed origin's preflight (cors gave it the headers): answered now, not counted, no key asked.
      if (req.method === 'OPTIONS' && res.hasHeader('Access-Control-Allow-Origin')) return answerOptions(exchange);
      next();
    });
  };
}

// --- 3. origin check ----------------------------------------------------------------------------

/** ALLOWED_ORIGINS in their serialised form (`scheme://host[:port]`, default port omitted). */
function allowedOrigins(list: readonly string[]): Set<string> {
  return new Set(
    list.map((entry) => {
      // loadConfig checks the environment's list; this catches one given in code (overrides, tests).
      if (!isOrigin(entry))
        throw new ConfigError(`ALLOWED_ORIGINS: "${entry}" is not an origin (scheme://host[:port])`);
      return new URL(entry).origin;
    }),
  );
}

function originCheck(allowed: ReadonlySet<string>, production: boolean): Step {
  return ({ req, route }, next) => {
    if (isOpen(route.kind)) return next();
    const { origin, referer } = req.headers;
    // Origin, when present, decides alone (an allowed Referer does not rescue it). It must equal an
    // allowed origin as sent, byte for byte: browsers send the serialised form, and `null` (sandboxed
    // frames, file: pages, redirects) is never allowed.
    const refused = (from: string, header: string) =>
      new HttpError(
        403,
        `the origin ${JSON.stringify(from)} (from the ${header} header) is not allowed; allowed origins are set by ALLOWED_ORIGINS`,
      );
    if (origin !== undefined) {
      return next(allowed.has(origin) ? undefined : refused(origin, 'Origin'));
    }
    if (referer !== undefined) {
      let refererOrigin: string;
      try {
        refererOrigin = new URL(referer).origin;
      } catch {
        return next(new HttpError(403, 'the Referer header is not a valid URL'));
      }
      return next(allowed.has(refererOrigin) ? undefined : refused(refererOrigin, 'Referer'));
    }
    if (production)
      return next(
        new HttpError(
          403,
          'the request carries neither an Origin nor a Referer header (required when NODE_ENV=production)',
        ),
      );
    next();
  };
}

// --- 4. rate limits -----------------------------------------------------------------------------

/** The API's refusal points a script that pages through everything to the bulk files instead. */
const BULK_DOWNLOADS =
  'To take whole tables (votes, ballots, councillors, sessions, groups) download the bulk files ' +
  'listed at /dane/ instead: one request per file';

/**
 * One limit: the API's counts /api (but its documentation), the website's counts everything else but
 * the assets, and not a 304 (a revalidation costs the server nothing: it is given back when it ends).
 * A counted answer carries X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset (the end of
 * the window in whole Unix seconds, rounded up); a refusal also Retry-After (seconds). The key is the
 * client's address, IPv6 grouped by /56 (X-Forwarded-For counts only when TRUST_PROXY is set).
 */
function rateLimiter(
  which: 'api' | 'site',
  limit: number,
  config: GuardConfig,
  logger: Logger,
  addressOf: (req: IncomingMessage) => string,
  store: HitStore = new MemoryHitStore(),
): Step {
  let proxyWarned = false;
  const keyOf = rateLimitKeys();
  const counted = COUNTED[which];
  const counts = new RateLimit(limit, config.RATE_LIMIT_WINDOW_MS, store, (error) =>
    logger.error({ err: error }, `the ${which} rate limit's store failed`),
  );
  const what = `at most ${limit} ${which === 'api' ? 'API requests' : 'page requests'} per ${Math.round(config.RATE_LIMIT_WINDOW_MS / 1000)} s per client address`;

  const limitHeader = String(limit);
  const decide = ({ res }: Exchange, next: (error?: unknown) => void, count: Count) => {
    res.setHeader('X-RateLimit-Limit', count.limit === limit ? limitHeader : String(count.limit));
    res.setHeader('X-RateLimit-Remaining', String(count.remaining));
    if (count.resetTime) res.setHeader('X-RateLimit-Reset', String(Math.ceil(count.resetTime.getTime() / 1000)));
    if (which === 'site')
      res.once('finish', () => {
        if (res.statusCode === 304) count.giveBack();
      });
    if (!count.over) return next();
    const seconds = secondsUntil(count.resetTime, config.RATE_LIMIT_WINDOW_MS);
    res.setHeader('Retry-After', String(seconds));
    next(new RateLimited(`${what}; try again in ${seconds} s${which === 'api' ? `. ${BULK_DOWNLOADS}` : ''}`, seconds));
  };

  return (exchange, next) => {
    if (!counted(exchange.route.kind)) return next();
    const { req } = exchange;
    if (!config.TRUST_PROXY && !proxyWarned && req.headers['x-forwarded-for'] !== undefined) {
      proxyWarned = true; // once: behind a proxy every client would share the proxy's count
      logger.warn(
        "a request carries X-Forwarded-For but TRUST_PROXY is off: the rate limit counts by the proxy's address",
      );
    }
    const count = counts.hit(keyOf(addressOf(req)));
    if (count instanceof Promise) return count.then((c) => decide(exchange, next, c));
    decide(exchange, next, count);
  };
}

/** How many IPv6 clients' keys `rateLimitKeys` keeps before it starts again. */
export const KEPT_IPV6_KEYS = 10_000;

/**
 * The rate limit's key of a client address: ipKeyGenerator's (an IPv6 address counts by its /56, an
 * IPv4 one as itself), the IPv6 ones kept. Its IPv6 parse took 47–73 µs an address (`::ffff:127.0.0.1`,
 * `2001:db8::1`; an IPv4 address 0.5 µs), more than a whole answer: every request of a server listening
 * on `::`, or of an IPv6 client, paid it.
 */
export function rateLimitKeys(): (address: string) => string {
  const kept = new Map<string, string>();
  return (address) => {
    if (!address.includes(':')) return address; // not IPv6: its own key (ipKeyGenerator's test, without its regex)
    let key = kept.get(address);
    if (key === undefined) {
      if (kept.size >= KEPT_IPV6_KEYS) kept.clear();
      kept.set(address, (key = ipKeyGenerator(address)));
    }
    return key;
  };
}

// --- 5. credentials -----------------------------------------------------------------------------

// One-shot hash: no Hash object per request (it showed up at 5 % of a request's CPU).
const sha256 = (value: string): Buffer => hash('sha256', value, 'buffer');
const BEARER = /^Bearer(?:[ \t]+(\S*))?[ \t]*$/i;
/** How far the issuer's clock may be ahead of ours (seconds). */
const CLOCK_SKEW_S = 60;

/**
 * API key and Bearer JWT (mounted only when at least one is configured). A Bearer token (JWT_SECRET
 * set) decides alone: valid (HS256, with an `exp` not passed) → in, whatever X-API-Key says; invalid,
 * expired, without `exp`, malformed or unsigned →
 * 401 even next to a right key (a bad credential is never ignored). Authorization with another
 * scheme is not ours and is ignored. Without a Bearer token, X-API-Key must match API_SECRET_KEY;
 * with only JWT_SECRET set a valid token is required.
 */
function credentials(config: GuardConfig): Step {
  const keyDigest = config.API_SECRET_KEY ? sha256(config.API_SECRET_KEY) : undefined;
  const jwtKey = config.JWT_SECRET ? new TextEncoder().encode(config.JWT_SECRET) : undefined;
  // Loaded only where tokens are accepted (46 modules a start without JWT_SECRET need not read).
  const jose = jwtKey ? import('jose') : undefined;
  const challenge = (error?: string) => `Bearer realm="council-api"${error ? `, error="${error}"` : ''}`;

  return async ({ req, res, route }, next) => {
    if (req.method === 'OPTIONS' || isOpen(route.kind)) return next();
    const deny = (message: string, error?: string) => {
      if (jwtKey) res.setHeader('WWW-Authenticate', challenge(error));
      next(new HttpError(401, message));
    };

    const authorization = req.headers.authorization;
    const bearer = jwtKey && authorization !== undefined ? BEARER.exec(authorization) : null;
    if (bearer) {
      const token = bearer[1];
      if (!token) return deny('the Bearer token is missing', 'invalid_request');
      const { jwtVerify, errors: joseErrors } = await jose!;
      try {
        // exp required: a token without one, once leaked, would open the API for ever; so would one
        // whose exp is in 2100 (issue 42): at most JWT_MAX_AGE_S ahead, and not issued in the future.
        const { payload } = await jwtVerify(token, jwtKey!, { algorithms: ['HS256'], requiredClaims: ['exp'] });
        const nowS = Date.now() / 1000;
        if (payload.exp! - nowS > config.JWT_MAX_AGE_S + CLOCK_SKEW_S)
          return deny(
            `the Bearer token expires too far ahead: tokens may live at most ${config.JWT_MAX_AGE_S} s (JWT_MAX_AGE_S)`,
            'invalid_token',
          );
        if (payload.iat !== undefined && payload.iat > nowS + CLOCK_SKEW_S)
          return deny('the Bearer token was issued in the future (iat)', 'invalid_token');
      } catch (error) {
        return deny(
          error instanceof joseErrors.JWTExpired
            ? 'the Bearer token has expired'
            : error instanceof joseErrors.JWTClaimValidationFailed && error.claim === 'exp'
              ? 'the Bearer token has no expiry (exp): only tokens that expire are accepted'
              : 'the Bearer token is not valid',
          'invalid_token',
        );
      }
      return next();
    }

    if (keyDigest === undefined) return deny('a Bearer token is required');
    const given = req.headers['x-api-key'];
    const key = Array.isArray(given) ? given.join(', ') : given;
    if (!key)
      return deny(jwtKey ? 'an X-API-Key header or a Bearer token is required' : 'the X-API-Key header is required');
    // Both sides hashed first: equal lengths for timingSafeEqual, and the key's length does not leak.
    if (!timingSafeEqual(sha256(key), keyDigest)) return deny('the API key is wrong');
    next();
  };
}

// --- 6. JSON bodies only ------------------------------------------------------------------------

/**
 * A request to /api with a body (Content-Length > 0, or any Transfer-Encoding) must send it as
 * application/json (a charset parameter is fine). `Content-Length: 0` is no body: fetch sends it on a
 * bare POST. (type-is alone would count it as a body.) The website's share form posts a form; its
 * route reads it.
 */
function jsonBodiesOnly(): Step {
  return ({ req, route }, next) => {
    const length = req.headers['content-length'];
    const hasBody = req.headers['transfer-encoding'] !== undefined || (length !== undefined && Number(length) > 0);
    if (!hasBody || !isApi(route.kind) || typeis(req, ['application/json'])) return next();
    next(new HttpError(415, 'the request body must be JSON (Content-Type: application/json)'));
  };
}
