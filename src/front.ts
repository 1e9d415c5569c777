// The front of the service: every request enters here, on node's own request and response. The
// request log and the guards run first, then a stored answer is sent from here; everything else
// goes on to the Express app and its routers. Express is kept off the path of a stored answer: the
// Sejm term's long-tail walk went from 0.43 to 0.77 of its limit (docs/PERFORMANCE.md).

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import parseurl from 'parseurl';
import proxyaddr from 'proxy-addr';

export type Next = (error?: unknown) => void;
/** A middleware on node's own request and response (Express accepts it too). */
export type Handler = (req: IncomingMessage, res: ServerResponse, next: Next) => unknown;
export type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/** Values of one request shared by the front and the Express app (which keeps an existing res.locals). */
export type Locals = Record<string, unknown>;
export const localsOf = (res: ServerResponse): Locals =>
  ((res as ServerResponse & { locals?: Locals }).locals ??= Object.create(null) as Locals);

/** The request's path, as Express's req.path has it (parseurl caches the parse on the request for Express). */
export const pathOf = (req: IncomingMessage): string => parseurl(req)?.pathname ?? '/';

/**
 * The client's address, as Express's req.ip has it: with `trustProxy`, the address the nearest proxy
 * saw (one hop of X-Forwarded-For); without it, the socket's peer.
 */
export function clientAddress(trustProxy: boolean): (req: IncomingMessage) => string {
  const oneHop = (_address: string, hop: number) => hop < 1;
  // Trusting no proxy, proxy-addr's answer is the socket's peer: read it without parsing X-Forwarded-For.
  return trustProxy ? (req) => proxyaddr(req, oneHop) : (req) => req.socket.remoteAddress ?? '';
}

/**
 * Runs `handlers` one after the other as a single middleware: an error (thrown, rejected or passed
 * to next) ends the chain.
 */
export function inOrder(handlers: readonly Handler[]): Handler {
  return (req, res, next) => {
    let index = 0;
    const step = (error?: unknown): void => {
      if (error) return next(error);
      if (index === handlers.length) return next();
      try {
        const result: unknown = handlers[index++]!(req, res, step);
        if (result instanceof Promise) result.catch(next);
      } catch (thrown) {
        next(thrown);
      }
    };
    step();
  };
}

const FRONT_ERROR = 'frontError';

/** Runs `front` on every request; what it does not answer goes on to `app`, with the error that ended it, if any. */
export function withFront(front: Handler, app: Listener): Listener {
  return (req, res) => {
    front(req, res, (error) => {
      if (error) localsOf(res)[FRONT_ERROR] = error;
      app(req, res);
    });
  };
}

/** The Express app's first middleware: an error raised in the front goes to the app's error handler. */
export const frontError: RequestHandler = (_req, res, next) => next(res.locals[FRONT_ERROR]);
