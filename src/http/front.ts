// The front of the service: every request enters here, on node's own request and response. It runs
// a few steps in order (the request log, the guards, the stored answers: src/app.ts lists them); a
// step either answers, or passes the request on, or raises an error, which the front answers itself
// (`refuse`). What no step answers goes on to the Express app, which owns everything else.
//
// Why it exists: Express's request setup and router steps cost a stored answer more than its read, and
// the stored answers are most of what a crawler asks for. Keeping Express off their path took the
// Sejm term's long-tail walk from 0.43 to 0.77 of its limit (docs/PERFORMANCE.md). The steps use only
// node's request and response (test/front.test.ts checks it), so nothing here is Express's, and the
// guards still run once for every request, whichever side answers.

import type { IncomingMessage, ServerResponse } from 'node:http';
import parseurl from 'parseurl';
import proxyaddr from 'proxy-addr';

export type Next = (error?: unknown) => void;
/** One step of the front: answers the request, or calls `next` (with an error to refuse it). */
export type Step = (req: IncomingMessage, res: ServerResponse, next: Next) => unknown;
export type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/** The request's path, as Express's req.path has it (parseurl caches the parse on the request for Express). */
export const pathOf = (req: IncomingMessage): string => parseurl(req)?.pathname ?? '/';

/**
 * The client's address, as Express's req.ip has it: with `trustProxy`, the address the nearest proxy
 * saw (one hop of X-Forwarded-For: `true` would trust the leftmost entry, which any client can
 * write, and so bypass the rate limit); without it, the socket's peer.
 */
export function clientAddress(trustProxy: boolean): (req: IncomingMessage) => string {
  const oneHop = (_address: string, hop: number) => hop < 1;
  // Trusting no proxy, proxy-addr's answer is the socket's peer: read it without parsing X-Forwarded-For.
  return trustProxy ? (req) => proxyaddr(req, oneHop) : (req) => req.socket.remoteAddress ?? '';
}

/** The scheme the client used: with `trustProxy`, the proxy's X-Forwarded-Proto; else the socket's. */
export function clientProtocol(trustProxy: boolean): (req: IncomingMessage) => 'http' | 'https' {
  const own = (req: IncomingMessage) => ((req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http');
  return trustProxy
    ? (req) => {
      const forwarded = req.headers['x-forwarded-proto'];
      const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim().toLowerCase();
      return first === 'https' || first === 'http' ? first : own(req);
    }
    : own;
}

/** Runs `steps` one after the other as a single step: an error (thrown, rejected or passed to next) ends the chain. */
export function inOrder(steps: readonly Step[]): Step {
  return (req, res, next) => {
    let index = 0;
    const step = (error?: unknown): void => {
      if (error) return next(error);
      if (index === steps.length) return next();
      try {
        const result: unknown = steps[index++]!(req, res, step);
        if (result instanceof Promise) result.catch(next);
      } catch (thrown) {
        next(thrown);
      }
    };
    step();
  };
}

export interface FrontOptions {
  steps: readonly Step[];
  /** Answers an error a step raised (a guard's 401, 403, 429, …). */
  refuse: (req: IncomingMessage, res: ServerResponse, error: unknown) => void;
  /** Everything no step answered. */
  app: Listener;
}

/** The listener of the HTTP server. */
export function createFront({ steps, refuse, app }: FrontOptions): Listener {
  const run = inOrder(steps);
  return (req, res) => {
    run(req, res, (error) => (error ? refuse(req, res, error) : app(req, res)));
  };
}
