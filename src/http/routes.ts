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
  /** Whether the front answers the request (under /api, or /health); otherwise the website does. */
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
  /** Routes by segment count and first literal (`3:radni`), in table order; `3:` those with a parameter there. */
  private readonly byShape = new Map<string, Array<Compiled<T>>>();

  constructor(readonly routes: ReadonlyArray<Route<T>>) {
    const compiled = routes.map((route) => {
      const segments = segmentsOf(route.path);
      return {
        route,
        literals: segments.map((s) => (s.startsWith(':') ? null : s.toLowerCase())),
        names: segments.map((s) => (s.startsWith(':') ? s.slice(1) : null)),
      };
    });
    for (const c of compiled) {
      const keys = c.literals[1] === null || c.literals[1] === undefined ? [`${c.literals.length}:`] : [`${c.literals.length}:${c.literals[1]}`];
      // A route with a parameter in the second segment is a candidate under every first literal too.
      if (keys[0]!.endsWith(':')) for (const other of compiled) if (other.literals.length === c.literals.length && other.literals[1]) keys.push(`${c.literals.length}:${other.literals[1]}`);
      for (const key of new Set(keys)) {
        const list = this.byShape.get(key) ?? [];
        list.push(c);
        this.byShape.set(key, list);
      }
    }
    for (const list of this.byShape.values()) list.sort((a, b) => compiled.indexOf(a) - compiled.indexOf(b));
  }

  lookup(method: string, path: string): RouteMatch<T> {
    const parts = segmentsOf(path);
    const second = parts[1]?.toLowerCase() ?? '';
    const candidates = this.byShape.get(`${parts.length}:${second}`) ?? this.byShape.get(`${parts.length}:`);
    for (const c of candidates ?? []) {
      const { methods } = c.route;
      if (methods !== 'any' && !methods.includes(method)) continue;
      const params = matchSegments(c, parts);
      if (params) return { kind: c.route.kind, front: FRONT_PATH.test(path), target: c.route.target, params };
    }
    const api = API_PATH.test(path);
    return { kind: api ? 'data' : 'site', front: api, target: undefined, params: NO_PARAMS };
  }

  /** The methods the routes at `path` answer (for an OPTIONS request's Allow). */
  methodsAt(path: string): string[] {
    const parts = segmentsOf(path);
    const candidates = this.byShape.get(`${parts.length}:${parts[1]?.toLowerCase() ?? ''}`) ?? this.byShape.get(`${parts.length}:`) ?? [];
    const methods = candidates.flatMap((c) => (c.route.target && c.route.methods !== 'any' && matchSegments(c, parts) ? c.route.methods : []));
    return [...new Set(methods)];
  }
}

function matchSegments<T>(c: Compiled<T>, parts: string[]): Record<string, string> | undefined {
  let params: Record<string, string> | undefined;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    const literal = c.literals[i];
    if (literal === null) {
      if (part === '') return undefined;
      (params ??= {})[c.names[i]!] = part;
    } else if (part.length !== literal!.length || part.toLowerCase() !== literal) {
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
