// One structured log line per request, with a request id. pino-http was measured at 16 % of the
// CPU of a request even with its lines switched off (it serialises the request into a child logger
// up front); this builds nothing unless the line is written. Request headers are never logged, so
// keys, tokens and cookies cannot reach the log; the URL is logged with credentials sent in its query
// string redacted (redactUrl).

import { LogThrottle } from '../../core/log-throttle.ts';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type Logger, pino } from 'pino';
import { type Exchange, exchangeOf } from './exchange.ts';

/** The request id of the request `res` answers. */
export const requestIdOf = (res: ServerResponse): string | undefined => exchangeOf(res)?.id;

/** Why the request was refused, for its line (the error's message). */
export function noteReason(res: ServerResponse, reason: string): void {
  const exchange = exchangeOf(res);
  if (exchange) exchange.reason = reason;
}

/** Query parameters that carry credentials by their name (compared in lower case without - and _). */
const CREDENTIAL_NAMES = new Set([
  'apikey',
  'xapikey',
  'key',
  'apisecretkey',
  'token',
  'accesstoken',
  'idtoken',
  'jwt',
  'bearer',
  'auth',
  'authorization',
  'secret',
  'password',
  'passwd',
  'pass',
  'pwd',
  'session',
  'sessionid',
  'sid',
  'signature',
  'sig',
]);
/** A JSON Web Token, whatever parameter carries it. */
const JWT = /^eyJ[\w-]*\.[\w-]*\.[\w-]*$/;
export const REDACTED = '[redacted]';

const decoded = (text: string): string => {
  // Nothing to decode (most names and values): the text itself, without a copy.
  if (!text.includes('%') && !text.includes('+')) return text;
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return text;
  }
};

/**
 * The URL for the log, without credentials: the value of a query parameter named like one (api_key,
 * token, …), of one that holds a JWT or a configured secret (a key sent as `?k=…`), and any configured
 * secret elsewhere in it. The API takes keys only in headers and refuses such a request (400, unknown
 * parameter), but it was sent, and the log must not keep it.
 */
export function redactUrl(url: string, secrets: readonly string[]): string {
  let safe = url;
  const query = url.indexOf('?');
  // Split and joined again only when a parameter is to be redacted: otherwise the URL as it is.
  if (query >= 0 && hasCredential(url.slice(query + 1), secrets)) {
    const pairs = url
      .slice(query + 1)
      .split('&')
      .map((pair) => (carriesCredential(pair, secrets) ? `${pair.slice(0, pair.indexOf('='))}=${REDACTED}` : pair));
    safe = `${url.slice(0, query)}?${pairs.join('&')}`;
  }
  for (const secret of secrets) if (safe.includes(secret)) safe = safe.replaceAll(secret, REDACTED);
  return safe;
}

/** Whether a `name=value` pair of a query string carries a credential (not empty) to redact. */
function carriesCredential(pair: string, secrets: readonly string[]): boolean {
  const equals = pair.indexOf('=');
  if (equals < 0) return false;
  const value = decoded(pair.slice(equals + 1));
  if (value === '') return false;
  const name = decoded(pair.slice(0, equals)).toLowerCase().replace(/[-_]/g, '');
  return CREDENTIAL_NAMES.has(name) || JWT.test(value) || secrets.some((secret) => value.includes(secret));
}

/** Whether any pair of the query string `search` carries a credential (carriesCredential). */
function hasCredential(search: string, secrets: readonly string[]): boolean {
  for (let start = 0; start <= search.length;) {
    let end = search.indexOf('&', start);
    if (end < 0) end = search.length;
    if (carriesCredential(search.slice(start, end), secrets)) return true;
    start = end + 1;
  }
  return false;
}

/** Where a pino logger writes its lines. */
interface LineSink {
  write(line: string): unknown;
}
const isLineSink = (value: unknown): value is LineSink =>
  typeof value === 'object' && value !== null && 'write' in value && typeof value.write === 'function';

/** At most one line of a 503 per this many milliseconds (LogThrottle). */
export const UNAVAILABLE_LOG_INTERVAL_MS = 10_000;

/**
 * Starts each request's line, written when its response closes; `addressOf` gives the client's address
 * for it; `secrets` (the configured API key and JWT secret) never reach it, nor credentials sent in a
 * query string (redactUrl).
 */
export function requestLog(
  logger: Logger,
  addressOf: (req: IncomingMessage) => string,
  secrets: readonly string[] = [],
): (exchange: Exchange) => void {
  const kept = secrets.filter((secret) => secret.length > 0);
  // The line is built here from named fields, never from headers, as pino writes a line of the logger
  // (its level and time, the logger's bindings, the fields, the message), and handed to the logger's
  // destination. Pino's call made the line in 1.0 µs in process against 0.5 here, and measured 5.75 µs of
  // the line's 6.1 in a live server (docs/PERFORMANCE.md, issue 47's twenty-second session); its redaction
  // cost 2.5 µs before that. The logger has no formatters or hooks.
  const destination: unknown = Reflect.get(logger, pino.symbols.streamSym);
  const bindings: unknown = Reflect.get(logger, pino.symbols.chindingsSym);
  if (!isLineSink(destination) || typeof bindings !== 'string') throw new Error('requestLog: not a pino logger');
  const levels = logger.levels.values;
  // A 503 is an outage's answer (share links while PostgreSQL is down, no snapshot yet): one line per
  // interval, with how many were left out, rather than one error line per request.
  const unavailable = new LogThrottle(UNAVAILABLE_LOG_INTERVAL_MS);
  return (exchange) => {
    const { req, res, id } = exchange;
    res.setHeader('X-Request-Id', id);
    exchange.onClose = () => {
      const status = res.statusCode;
      const level = status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info';
      if (!logger.isLevelEnabled(level)) return;
      let suppressed = '';
      if (status === 503) {
        const taken = unavailable.take();
        if (!taken.write) return;
        if (taken.suppressed > 0) suppressed = `,"suppressed503":${taken.suppressed}`;
      }
      const request = JSON.stringify({
        id,
        method: req.method,
        url: redactUrl(exchange.url, kept),
        remoteAddress: addressOf(req),
      });
      const reason =
        exchange.reason === undefined
          ? ''
          : `,"reason":${JSON.stringify(kept.reduce((text, secret) => text.replaceAll(secret, REDACTED), exchange.reason))}`;
      const message = res.writableFinished ? 'request completed' : 'request aborted';
      destination.write(
        `{"level":${levels[level]},"time":${Date.now()}${bindings}${suppressed},"req":${request},` +
          `"res":{"statusCode":${status}}${reason},"responseTime":${Math.round(performance.now() - exchange.started)},` +
          `"msg":"${message}"}\n`,
      );
    };
  };
}
