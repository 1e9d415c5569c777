// Which kind of route a request is for, decided from the endpoint tables themselves (their `public`
// flag) and the few service routes outside them, matched the way Express routes them (path-to-regexp,
// the matcher Express 5 uses: case-insensitive, an optional trailing slash, decoded segments). The
// guards ask this instead of keeping their own patterns, so they and the routers cannot disagree.

import { match } from 'path-to-regexp';

/**
 * health: never guarded nor counted · docs: no origin or key, not counted · public: no origin or key,
 * counted · site: the website's pages and assets (everything outside /api), like public · data: the
 * rest of /api, every guard.
 */
export type RouteKind = 'health' | 'docs' | 'public' | 'site' | 'data';

const API = /^\/api(?:\/|$)/i;

interface ServiceRoute { path: string; methods: readonly string[] | 'any'; kind: RouteKind }

const READ: readonly string[] = ['GET', 'HEAD'];

/** Routes outside the endpoint tables (src/service/router.ts, src/docs/router.ts). */
export const SERVICE_ROUTES: readonly ServiceRoute[] = [
  { path: '/health', methods: 'any', kind: 'health' },
  { path: '/api/openapi.json', methods: READ, kind: 'docs' },
  { path: '/api/docs{/:file}', methods: READ, kind: 'docs' },
];

/** A matcher of `path` as Express 5 matches it. */
export const matcherOf = (path: string) => match(path, { sensitive: false, trailing: true, decode: false });

export type RouteKindOf = (req: { method: string; path: string }) => RouteKind;

/** The classifier of requests for these endpoints (src/answers/endpoints.ts) and the service routes. */
export function routeKinds(endpoints: ReadonlyArray<{ method: string; path: string; public?: boolean }>): RouteKindOf {
  const table = [
    ...SERVICE_ROUTES.map((r) => ({ ...r, matches: matcherOf(r.path) })),
    // A public GET also answers HEAD, as Express does.
    ...endpoints.filter((e) => e.public).map((e) => ({
      methods: e.method === 'get' ? READ : [e.method.toUpperCase()], kind: 'public' as const, matches: matcherOf(e.path),
    })),
  ];
  return (req) => {
    for (const route of table) {
      if ((route.methods === 'any' || route.methods.includes(req.method)) && route.matches(req.path)) return route.kind;
    }
    return API.test(req.path) ? 'data' : 'site';
  };
}
