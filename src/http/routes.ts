// The one route table: every route the front answers itself — the operations of the endpoint tables,
// /api, the documentation, /health — and the kinds of route the guards tell apart (their exemptions),
// looked up once per request (src/http/front.ts keeps the match on the request's exchange). What is
// not under /api or /health is the website's (Express's router, src/site/router.ts); the table only
// says which of its paths are the assets.
//
// Matching: a path is split at `/`; a literal segment matches in any case, a `:name` segment any
// non-empty segment (kept as sent: `decodedParams` decodes it where it is read), and one trailing
// slash is allowed. The first route in table order that matches wins.

import { HttpError } from './envelope.ts';

/**
 * health: never guarded nor counted · docs: no origin or key, not counted · public: no origin or key,
 * counted by the API's limit · site: the website (everything outside /api but its assets): no origin
 * or key, counted by the site's own limit · asset: the website's style sheet, script and icon, like
 * docs · data: the rest of /api, every guard.
 */
export type RouteKind = 'health' | 'docs' | 'public' | 'site' | 'asset' | 'data';

export interface Route<T> {
  /** Literal segments and `:name` parameters, e.g. `/api/radni/:id/porownanie/:id2`. */
  path: string;
  methods: readonly string[] | 'any';
  kind: RouteKind;
  /** What answers it; none: the route only classifies (the site's assets, /health for other methods). */
  target?: T;
}

export interface RouteMatch<T> {
  kind: RouteKind;
  /** Whether the front answers the request (under /api, /health, or a route with an answer); otherwise the website's router does. */
  front: boolean;
  /** What answers it; undefined when no route of the table has this path and method (a 404 in the front). */
  target: T | undefined;
  /** The path parameters, as sent (percent-encoded). */
  params: Record<string, string>;
}

/** GET routes answer HEAD too. */
export const READ: readonly string[] = ['GET', 'HEAD'];

const FRONT_PATH = /^\/(?:api|health)(?:\/|$)/i;
const API_PATH = /^\/api(?:\/|$)/i;
const NO_PARAMS: Record<string, string> = Object.freeze({});

interface Compiled<T> {
  route: Route<T>;
  /** Per segment: the literal (lower case), or null for a parameter. */
  literals: Array<string | null>;
  names: Array<string | null>;
}

/** The segments of a path: without the leading slash and one trailing one. */
function segmentsOf(path: string): string[] {
  const parts = path.split('/');
  parts.shift();
  if (parts.length > 1 && parts[parts.length - 1] === '') parts.pop();
  return parts;
}

export class RouteTable<T> {
  /** The routes by their number of segments, in table order. */
  private readonly bySegments = new Map<number, Array<Compiled<T>>>();

  constructor(readonly routes: ReadonlyArray<Route<T>>) {
    for (const route of routes) {
      const segments = segmentsOf(route.path);
      const compiled = {
        route,
        literals: segments.map((s) => (s.startsWith(':') ? null : s.toLowerCase())),
        names: segments.map((s) => (s.startsWith(':') ? s.slice(1) : null)),
      };
      const list = this.bySegments.get(segments.length) ?? [];
      list.push(compiled);
      this.bySegments.set(segments.length, list);
    }
  }

  lookup(method: string, path: string): RouteMatch<T> {
    const parts = segmentsOf(path);
    const lower = parts.map((part) => part.toLowerCase());
    for (const c of this.bySegments.get(parts.length) ?? []) {
      const { methods } = c.route;
      if (methods !== 'any' && !methods.includes(method)) continue;
      const params = matchSegments(c, parts, lower);
      // A route with an answer is the front's (the website's pages among them); one without only classifies.
      if (params)
        return {
          kind: c.route.kind,
          front: c.route.target !== undefined || FRONT_PATH.test(path),
          target: c.route.target,
          params,
        };
    }
    const api = API_PATH.test(path);
    return { kind: api ? 'data' : 'site', front: api, target: undefined, params: NO_PARAMS };
  }

  /** The methods the routes at `path` answer (for an OPTIONS request's Allow). */
  methodsAt(path: string): string[] {
    const parts = segmentsOf(path);
    const lower = parts.map((part) => part.toLowerCase());
    const methods = (this.bySegments.get(parts.length) ?? []).flatMap((c) =>
      c.route.target && c.route.methods !== 'any' && matchSegments(c, parts, lower) ? c.route.methods : [],
    );
    return [...new Set(methods)];
  }
}

/** The path parameters when `parts` (and their lower case, `lower`) match the route, else undefined. */
function matchSegments<T>(c: Compiled<T>, parts: string[], lower: string[]): Record<string, string> | undefined {
  let params: Record<string, string> | undefined;
  for (let i = 0; i < parts.length; i++) {
    const literal = c.literals[i];
    if (literal === null) {
      if (parts[i] === '') return undefined;
      (params ??= {})[c.names[i]!] = parts[i]!;
    } else if (lower[i] !== literal) {
      return undefined;
    }
  }
  return params ?? NO_PARAMS;
}

/** Path parameters decoded (`%33` → `3`); malformed percent-encoding is a 400 naming the parameter. */
export function decodedParams(params: Record<string, string>): Record<string, string> {
  const decoded: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    try {
      decoded[name] = value.includes('%') ? decodeURIComponent(value) : value;
    } catch {
      throw new HttpError(400, `path parameter '${name}' is not valid percent-encoding`);
    }
  }
  return decoded;
}
