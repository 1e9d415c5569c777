// Routes declared once: an endpoint of the table (src/<resource>/schemas.ts) is registered at its own
// path and method, its path, query and body parsed with its own schemas (a violation is a 400 naming
// the parameter), an `organ` it accepts checked against the snapshot (CONTRACT §7: unknown → 404),
// and the handler's result sent in the success envelope. Handlers only call a query and return.

import express, { type Response, type Router } from 'express';
import type { z } from 'zod';
import { parseParams, sendData } from './http.ts';
import { knownBody } from './request-snapshot.ts';
import type { Endpoint } from './schemas.ts';

type Parsed<S> = S extends z.ZodType ? z.output<S> : Record<string, never>;

export interface RouteInput<E extends Endpoint> {
  params: Parsed<E['params']>;
  query: Parsed<E['query']>;
  body: Parsed<E['body']>;
}

/** A success answer with top-level members besides `data` (count, pagination, grouped) or another status. */
export class Reply {
  constructor(readonly data: unknown, readonly extra: Record<string, unknown> = {}, readonly status?: number) {}
}

type Handler = (input: RouteInput<Endpoint>, res: Response) => unknown;

/** Every registered GET handler by endpoint: what renders the stored answers (src/stored-answers.ts). */
export const GET_HANDLERS = new Map<Endpoint, Handler>();

/** The success envelope's bytes for a handler's result, exactly as `sendData` serialises it. */
export function envelopeOf(result: unknown): Buffer {
  const body = result instanceof Reply ? { success: true, data: result.data, ...result.extra } : { success: true, data: result };
  return Buffer.from(JSON.stringify(body));
}

function send(res: Response, result: unknown, endpoint: Endpoint): void {
  if (result instanceof Reply) sendData(res, result.data, result.extra, result.status ?? endpoint.status ?? 200);
  else sendData(res, result, {}, endpoint.status ?? 200);
}

/** Bodies are JSON of at most 10 KB (CONTRACT §6). */
const jsonBody = express.json({ limit: '10kb', strict: true });

/**
 * The `route(endpoint, handler)` of a router mounted at `mount` (e.g. `/api/radni`): every endpoint it
 * registers must live under that prefix.
 */
export function routesOf(router: Router, mount: string) {
  return <E extends Endpoint>(endpoint: E, handler: (input: RouteInput<E>, res: Response) => unknown): void => {
    if (!endpoint.path.startsWith(mount)) throw new Error(`route: ${endpoint.path} is not under ${mount}`);
    const path = endpoint.path.slice(mount.length) || '/';
    const handlers = [
      ...(endpoint.body ? [jsonBody] : []),
      (req: express.Request, res: Response) => {
        const params = endpoint.params ? parseParams(endpoint.params, req.params, 'path') : {};
        const query = endpoint.query ? parseParams(endpoint.query, req.query) : {};
        const body = endpoint.body ? parseParams(endpoint.body, req.body ?? {}, 'body') : {};
        if ((query as { organ?: number }).organ !== undefined) knownBody(res, query as { organ?: number });
        const result = handler({ params, query, body } as RouteInput<E>, res);
        // The share store answers asynchronously (Express 5 passes a rejection on as an error).
        if (result instanceof Promise) return result.then((settled) => send(res, settled, endpoint));
        send(res, result, endpoint);
      },
    ];
    router[endpoint.method](path, ...handlers);
    if (endpoint.method === 'get') GET_HANDLERS.set(endpoint, handler as Handler);
  };
}
