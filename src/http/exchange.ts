// One request in progress, from its arrival to its answer: node's request and response, and what the
// service decides about it on the way — its id, its route (looked up once, src/http/routes.ts), the
// snapshot it holds, why it was refused. The front (src/http/front.ts) makes it; everything after
// reads it from here instead of deciding again. It rides on the response, so that code handed only
// node's objects (the delivery module, an error page) finds the same one.

import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import parseurl from 'parseurl';
import { HttpError } from './envelope.ts';
import type { RouteMatch } from './routes.ts';

/** A snapshot store as a request sees it: what it may hold, and give back when it is done. */
export interface Holdable<T extends { release(): void }> {
  acquire(): T | null;
  /** Why nothing can be held now although data is loaded (a check under way), for the 503. */
  readonly unavailable?: string | null;
}

/** A caller's id is kept when it is a plain token, so logs can be joined across services. */
const CALLER_ID = /^[\w-]{1,64}$/;

const EXCHANGE = Symbol('exchange');
type Carrier = ServerResponse & { [EXCHANGE]?: Exchange };

export class Exchange<Target = unknown> {
  /** The request id: the caller's X-Request-Id when it is a plain token, else a new one. */
  readonly id: string;
  /** The URL as it arrived (path and query string): the key of every answer kept for it. */
  readonly url: string;
  /** Its path, not decoded (as routes are matched). */
  readonly path: string;
  /** Its query string, without the `?` ('' when none). */
  readonly search: string;
  readonly started = performance.now();
  /** Why the request was refused, for its log line. */
  reason: string | undefined;
  /** Its route, looked up once (src/http/routes.ts). */
  readonly route: RouteMatch<Target>;
  private held: { release(): void } | undefined;

  constructor(
    readonly req: IncomingMessage,
    readonly res: ServerResponse,
    routeOf: (method: string, path: string) => RouteMatch<Target>,
  ) {
    const given = req.headers['x-request-id'];
    this.id = typeof given === 'string' && CALLER_ID.test(given) ? given : randomUUID();
    this.url = req.url ?? '/';
    const question = this.url.indexOf('?');
    // An absolute-form target (`GET http://host/path`): its path.
    this.path = this.url.startsWith('/')
      ? question < 0
        ? this.url
        : this.url.slice(0, question)
      : (parseurl(req)?.pathname ?? '/');
    this.search = question < 0 ? '' : this.url.slice(question + 1);
    this.route = routeOf(req.method ?? 'GET', this.path);
    (res as Carrier)[EXCHANGE] = this;
  }

  /**
   * The snapshot this request holds: the one in service when it first asked, held until the response
   * closes (a swap never closes a database under a request still reading it). 503 while there is none.
   */
  get holding(): unknown {
    return this.held;
  }

  hold<T extends { release(): void }>(snapshots: Holdable<T>): T {
    if (this.held) return this.held as T;
    const snapshot = snapshots.acquire();
    if (!snapshot) throw new HttpError(503, snapshots.unavailable ?? 'no data has been loaded yet');
    this.held = snapshot;
    this.res.once('close', () => snapshot.release());
    return snapshot;
  }
}

/** The exchange a response belongs to (every response the front saw has one). */
export const exchangeOf = (res: ServerResponse): Exchange | undefined => (res as Carrier)[EXCHANGE];

/** What the request of `res` holds, if it has asked for a snapshot yet (for its error handler). */
export const holdingOf = (res: ServerResponse): unknown => exchangeOf(res)?.holding;

/** The snapshot the request of `res` holds (see Exchange.hold). */
export function heldSnapshot<T extends { release(): void }>(snapshots: Holdable<T>, res: ServerResponse): T {
  const exchange = exchangeOf(res);
  if (!exchange) throw new Error('a response the front did not see');
  return exchange.hold(snapshots);
}
