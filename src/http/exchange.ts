// One request in progress, from its arrival to its answer: node's request and response, and what the
// service decides about it on the way — its id, its route (looked up once, src/http/routes.ts), the
// snapshot it holds, why it was refused. The front (src/http/front.ts) makes it; everything after
// reads it from here instead of deciding again. It is found by the response too, so that code handed
// only node's objects (the delivery module, an error page) finds the same one.

import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import parseurl from 'parseurl';
import { HttpError } from './envelope.ts';
import type { Snapshot, SnapshotStore } from '../snapshot/snapshot.ts';
import type { RouteMatch } from './routes.ts';

/** A snapshot store as a request sees it: what it may hold (and give back when it is done), or why not. */
export type Holdable = Pick<SnapshotStore, 'acquire' | 'unavailable'>;

/** A caller's id is kept when it is a plain token, so logs can be joined across services. */
const CALLER_ID = /^[\w-]{1,64}$/;

/**
 * The exchange of each response the front saw, kept on the response under a symbol of this module's:
 * a WeakMap entry per request is an ephemeron the garbage collector has to trace in every collection
 * while its response lives (docs/PERFORMANCE.md, issue 43's thirteenth session).
 */
const EXCHANGE = Symbol('exchange');

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
  /** Called once when the response has closed (the request log writes its line then). */
  onClose: (() => void) | undefined;
  /** Its route, looked up once (src/http/routes.ts). */
  readonly route: RouteMatch<Target>;
  private held: Snapshot | undefined;
  /** Whether the response has closed, the route's answer is done, and the snapshot was given back (`hold`). */
  private closed = false;
  private done = false;
  private released = false;

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
    Reflect.set(res, EXCHANGE, this);
    // One listener for all that waits on the response's close: the log line, the hold's end. A response
    // handed over closed already (its client gone while an Express app before this one read the body)
    // has had its close.
    if (res.closed) this.closed = true;
    else
      res.once('close', () => {
        this.closed = true;
        this.onClose?.();
        this.giveBack();
      });
  }

  /**
   * The snapshot this request holds: the one in service when it first asked (`hold`), undefined before.
   * Still given after its hold ended, so that the error handler can ask whether its file changed.
   */
  get holding(): Snapshot | undefined {
    return this.held;
  }

  /**
   * The one way a request holds a snapshot (the API's operations, the website's pages and files, the
   * share form): the one in service when it first asks, the same one on every later ask, given back
   * once both its response has closed and its route's answer is done (`answered`, which the front
   * calls) — a streamed download keeps it to its last byte, a client gone in the middle of an answer
   * still being made keeps it until that answer stops reading, and an error releases it like a success.
   * So a swap never closes a database under a request still reading it. 503 while there is none.
   */
  hold(snapshots: Holdable): Snapshot {
    if (this.held) return this.held;
    const snapshot = snapshots.acquire();
    if (!snapshot) throw new HttpError(503, snapshots.unavailable ?? 'no data has been loaded yet');
    this.held = snapshot;
    // Given back at the response's close (the constructor's listener) or when answered, whichever is last.
    return snapshot;
  }

  /** The route's answer is done (made and handed to the response, or failed and refused): the front calls it once. */
  answered(): void {
    this.done = true;
    this.giveBack();
  }

  private giveBack(): void {
    if (this.held === undefined || !this.closed || !this.done || this.released) return;
    this.released = true;
    this.held.release();
  }
}

/** The exchange a response belongs to (every response the front saw has one). */
export const exchangeOf = (res: ServerResponse): Exchange | undefined => {
  const found: unknown = Reflect.get(res, EXCHANGE);
  return found instanceof Exchange ? found : undefined;
};

/** What the request of `res` holds, if it has asked for a snapshot yet (for its error handler). */
export const holdingOf = (res: ServerResponse): Snapshot | undefined => exchangeOf(res)?.holding;
