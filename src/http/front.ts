// The front of the service: every request enters here, on node's own request and response. It makes
// the request's exchange (src/http/exchange.ts: its id, its route looked up once), starts its log line,
// runs the guards, and then hands it to its route's answer (the one table, src/app.ts lists it: the
// API, /health, the documentation, the website) or to the one not-found. A guard's refusal, and any
// error a route throws, goes to the one error handler (`refuse`).
//
// Why the front answers everything itself: Express's request setup and router cost a stored answer
// more than its read (docs/PERFORMANCE.md), and neither the API nor the website needs them.
// test/front.test.ts checks that no answer — the API's or a page, stored, kept or live, a 304, a
// refusal — touches anything of Express.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { TLSSocket } from 'node:tls';
import proxyaddr from 'proxy-addr';
import { Exchange } from './exchange.ts';
import type { RouteTable } from './routes.ts';

export type Next = (error?: unknown) => void;
/** One step of the front: lets the request go on (`next()`), or refuses it (`next(error)`, or by throwing). */
export type Step = (exchange: Exchange, next: Next) => unknown;
export type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/** TRUST_PROXY (src/config.ts): no proxy, one hop from whoever connects, or only these proxies' addresses. */
export type TrustProxy = boolean | readonly string[];

/** Which peers' X-Forwarded-* is believed: `true`, the nearest hop (the leftmost entry, which any client can write, never). */
const trusted = (trustProxy: TrustProxy) =>
  trustProxy === true ? (_address: string, hop: number) => hop < 1 : proxyaddr.compile([...(trustProxy || [])]);

/**
 * The client's address: the address the nearest trusted proxy saw; without one (or from a peer that is
 * not one of the configured proxies), the socket's peer.
 */
export function clientAddress(trustProxy: TrustProxy): (req: IncomingMessage) => string {
  // Trusting no proxy, proxy-addr's answer is the socket's peer: read it without parsing X-Forwarded-For.
  if (trustProxy === false) return (req) => req.socket.remoteAddress ?? '';
  const trust = trusted(trustProxy);
  return (req) => proxyaddr(req, trust);
}

/** The scheme the client used: from a trusted proxy, its X-Forwarded-Proto; else the socket's. */
export function clientProtocol(trustProxy: TrustProxy): (req: IncomingMessage) => 'http' | 'https' {
  const own = (req: IncomingMessage) => (req.socket instanceof TLSSocket ? 'https' : 'http');
  const trust = trusted(trustProxy);
  return trustProxy !== false
    ? (req) => {
        if (!trust(req.socket.remoteAddress ?? '', 0)) return own(req);
        const forwarded = req.headers['x-forwarded-proto'];
        const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim().toLowerCase();
        return first === 'https' || first === 'http' ? first : own(req);
      }
    : own;
}

/** Runs `steps` one after the other as a single step: an error (thrown, rejected or passed to next) ends the chain. */
export function inOrder(steps: readonly Step[]): Step {
  return (exchange, next) => {
    let index = 0;
    const step = (error?: unknown): void => {
      if (error) return next(error);
      if (index === steps.length) return next();
      try {
        const result: unknown = steps[index++]!(exchange, step);
        if (result instanceof Promise) result.catch(next);
      } catch (thrown) {
        next(thrown);
      }
    };
    step();
  };
}

/** What answers one of the front's routes; a thrown error or a rejection is refused like a guard's. */
export type FrontAnswer = (exchange: Exchange<FrontAnswer>) => void | Promise<void>;

export interface FrontOptions {
  routes: RouteTable<FrontAnswer>;
  /** Called first for every request (the request log). */
  begin: (exchange: Exchange) => void;
  /** The guards. */
  guard: Step;
  /** A path and method that the table has no answer for (a 404, or what an OPTIONS request may do there). */
  notFound: FrontAnswer;
  /** Answers an error a guard raised (a 401, 403, 429, …) or a route threw. */
  refuse: (exchange: Exchange, error: unknown) => void;
}

/** An error answered by the error handler: the request's answer is done then too, whatever the handler does. */
function refused(refuse: FrontOptions['refuse'], exchange: Exchange, error: unknown): void {
  try {
    refuse(exchange, error);
  } finally {
    exchange.answered();
  }
}

/** The listener of the HTTP server. */
export function createFront({ routes, begin, guard, notFound, refuse }: FrontOptions): Listener {
  const lookup = routes.lookup.bind(routes);
  return (req, res) => {
    const exchange = new Exchange<FrontAnswer>(req, res, lookup);
    begin(exchange);
    guard(exchange, (error) => {
      if (error) return refused(refuse, exchange, error);
      let answering: void | Promise<void>;
      try {
        answering = (exchange.route.target ?? notFound)(exchange);
      } catch (thrown) {
        return refused(refuse, exchange, thrown);
      }
      // Its answer is done (Exchange.answered: the snapshot it holds is given back once its response has closed too).
      if (answering)
        answering.then(
          () => exchange.answered(),
          (rejected: unknown) => refused(refuse, exchange, rejected),
        );
      else exchange.answered();
    });
  };
}
