// The one route table: every route of the service — the operations of the endpoint tables, /api, the
// documentation, /health, and the website's pages, files and assets (src/site/router.ts) — and the
// kinds of route the guards tell apart (their exemptions), looked up once per request (src/http/front.ts
// keeps the match on the request's exchange). A path no route has is the one not-found's (src/app.ts).
//
// Matching: a path is split at `/`; literal text matches in any case, a `:name` parameter any
// non-empty text of one segment (kept as sent: `decodedParams` decodes it where it is read), with the
// segment's literal text around it (`/karty/radny/:token.png`, `/sitemap-:n.xml`), and one trailing
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
  /** What answers it; none: the route only classifies (/health for other methods). */
  target?: T;
}

export interface RouteMatch<T> {
  kind: RouteKind;
  /** What answers it; undefined when no route of the table has this path and method (the one not-found). */
  target: T | undefined;
  /** The path parameters, as sent (percent-encoded). */
  params: Record<string, string>;
}

/** GET routes answer HEAD too. */
export const READ: readonly string[] = ['GET', 'HEAD'];

const API_PATH = /^\/api(?:\/|$)/i;
const NO_PARAMS: Record<string, string> = Object.freeze({});

/** A segment with a parameter: its name, and the literal text before and after it (lower case). */
interface Param {
  name: string;
  before: string;
  after: string;
}

interface Compiled<T> {
  route: Route<T>;
  /** Per segment: the literal (lower case), or the parameter in it. */
  segments: Array<string | Param>;
}

/** A pattern's segment: `:name` with literal text around it (one parameter per segment), or a literal. */
function compiledSegment(segment: string): string | Param {
  const found = /:(\w+)/.exec(segment);
  if (!found) return segment.toLowerCase();
  return {
    name: found[1]!,
    before: segment.slice(0, found.index).toLowerCase(),
    after: segment.slice(found.index + found[0].length).toLowerCase(),
  };
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
      const compiled = { route, segments: segments.map(compiledSegment) };
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
      if (params) return { kind: c.route.kind, target: c.route.target, params };
    }
    return { kind: API_PATH.test(path) ? 'data' : 'site', target: undefined, params: NO_PARAMS };
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
    const segment = c.segments[i]!;
    if (typeof segment === 'string') {
      if (lower[i] !== segment) return undefined;
      continue;
    }
    const { name, before, after } = segment;
    const part = lower[i]!;
    // The parameter's text is not empty, between its literal text.
    if (part.length <= before.length + after.length || !part.startsWith(before) || !part.endsWith(after))
      return undefined;
    (params ??= {})[name] = parts[i]!.slice(before.length, parts[i]!.length - after.length);
  }
  return params ?? NO_PARAMS;
}

const FRONT_PATH = /^\/(?:api|health)(?:\/|$)/i;

/** Whether a path is the website's (not under /api or /health): its errors are pages (src/app.ts). */
export const isSitePath = (path: string): boolean => !FRONT_PATH.test(path);

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
