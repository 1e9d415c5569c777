// Which kind of route a request is for, decided from the endpoint table itself (its `public` flag)
// and the few service routes outside it, matched the way Express routes them (path-to-regexp, the
// matcher Express 5 uses: case-insensitive, an optional trailing slash, decoded segments). The guards
// ask this instead of keeping their own patterns, so they and the routers cannot disagree.

import type { Request } from 'express';
import { match } from 'path-to-regexp';
import { API_ENDPOINTS } from './endpoints.ts';

/**
 * health: never guarded nor counted · docs: no origin or key, not counted · public: no origin or key,
 * counted · site: the website's pages and assets (everything outside /api), like public · data: the
 * rest of /api, every guard.
 */
export type RouteKind = 'health' | 'docs' | 'public' | 'site' | 'data';

const API = /^\/api(?:\/|$)/i;

interface ServiceRoute { path: string; methods: readonly string[] | 'any'; kind: RouteKind }

const READ: readonly string[] = ['GET', 'HEAD'];

/** Routes outside the endpoint table (src/service/router.ts, src/docs/router.ts). */
export const SERVICE_ROUTES: readonly ServiceRoute[] = [
  { path: '/health', methods: 'any', kind: 'health' },
  { path: '/api/openapi.json', methods: READ, kind: 'docs' },
  { path: '/api/docs{/:file}', methods: READ, kind: 'docs' },
];

const matcherOf = (path: string) => match(path, { sensitive: false, trailing: true, decode: false });

const TABLE = [
  ...SERVICE_ROUTES.map((r) => ({ ...r, matches: matcherOf(r.path) })),
  // A public GET also answers HEAD, as Express does.
  ...API_ENDPOINTS.filter((e) => e.public).map((e) => ({
    methods: e.method === 'get' ? READ : [e.method.toUpperCase()], kind: 'public' as const, matches: matcherOf(e.path),
  })),
];

export function routeKind(req: Pick<Request, 'method' | 'path'>): RouteKind {
  for (const route of TABLE) {
    if ((route.methods === 'any' || route.methods.includes(req.method)) && route.matches(req.path)) return route.kind;
  }
  return API.test(req.path) ? 'data' : 'site';
}
