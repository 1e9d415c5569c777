// An endpoint: its method and path, its zod schemas (what the router validates with, what OpenAPI
// documents, what the contract tests check), its handler, and what of it is stored with the snapshot.
// Each resource exports its table of them (src/<resource>/endpoints.ts).
//
// A handler is a plain function `(input, context) => data`: the input parsed with the endpoint's own
// schemas, the context carrying the snapshot's queries and the share links. It may return a Promise
// (the share store may answer asynchronously). Whoever answers calls the same function: the router
// for a live request (src/answers/operations.ts), the renderer for the stored answers
// (src/answers/render.ts), the website for its pages (src/site/).

import { z } from 'zod';
import type { PublicUrl } from '../public-url.ts';
import type { ShareStore } from '../shares/store.ts';
import type { Queries } from '../snapshot/queries.ts';
import { type AnswerData, HttpError, type Reply, answerData, notFound } from '../http/envelope.ts';
import { parseParams } from '../http/params.ts';

/** The share-link store as the handlers see it (src/shares/ implements it). */
export type ShareLinks = Pick<ShareStore, 'find' | 'linkFor' | 'pin'>;

/** What a handler reads from: the queries of the snapshot the request holds, and the share links. */
export interface AnswerContext {
  readonly queries: Queries;
  readonly shares: ShareLinks;
  /** PUBLIC_URL, for the answers that name a page of the site (a share link's url); absent: relative. */
  readonly publicUrl?: PublicUrl | undefined;
}

type Parsed<S> = S extends z.ZodType ? z.output<S> : Record<string, never>;

export interface Input<P = unknown, Q = unknown, B = unknown> {
  params: Parsed<P>;
  query: Parsed<Q>;
  body: Parsed<B>;
}

/**
 * What of an endpoint is rendered with the snapshot (src/answers/render.ts) and served from it (src/answers/stored.ts):
 * its answer at the bare path (no query string), for each id when `each` is given, plus `variants`
 * and, for a paged list, its further `pages`. Answers per id and further pages are stored only while
 * the snapshot's total of them stays within the render budget; the rest are answered live.
 */
export interface Stored {
  /** One answer per id of a resource (the path parameter `id`): how many there are, and which. */
  each?: { count: (queries: Queries) => number; ids: (queries: Queries) => Iterable<number | string> };
  /** Query strings stored besides the bare path, e.g. `{ ugrupowanie: 'true' }`. */
  variants?: ReadonlyArray<Record<string, string>>;
  /** A paged list: its total, whose pages after the first are stored too, at the default page size. */
  pages?: (queries: Queries) => number;
  /**
   * The path parameters a request's answer is stored under, when they are not those it was asked with
   * (a councillor asked for by token is stored under the id); undefined: not stored.
   */
  canonical?: (params: Record<string, string>, queries: Queries) => Record<string, string> | undefined;
}

export interface Endpoint<P = unknown, Q = unknown, B = unknown, R = unknown> {
  method: 'get' | 'post';
  /** Its path: literal segments and `:name` parameters, e.g. `/api/radni/:id` (src/http/routes.ts). */
  path: string;
  summary: string;
  tag: string;
  params?: P;
  query?: Q;
  body?: B;
  response: z.ZodType;
  /** Success status (200 unless said). */
  status?: number;
  /** Error statuses besides those every endpoint can answer (401, 403, 429, 500). */
  errors: number[];
  /** Exempt from the origin check and the API key (the share link). */
  public?: boolean;
  /** Rendered with the snapshot: see `Stored`. */
  stored?: Stored;
  handler: (input: Input<P, Q, B>, context: AnswerContext) => R;
}

/**
 * What a handler may return for its response schema `S` (an envelope of src/answers/schemas.ts): the
 * envelope's `data`, or a Reply of that data with the envelope's other members (`count`, `pagination`);
 * a Reply only, when the envelope has other members. Over a union of envelopes (a list answered whole
 * or a page at a time), any of them. So a handler that drifts from its schema fails tsc, not only the
 * contract tests.
 */
export type Answer<S extends z.ZodType> = AnswerOf<z.input<S>>;
type AnswerOf<T> = T extends { success: true; data: infer D }
  ? [keyof Omit<T, 'success' | 'data'>] extends [never]
    ? D | Reply<D, Record<never, never>>
    : Reply<D, Omit<T, 'success' | 'data'>>
  : never;

/**
 * Any endpoint of the tables, whatever its schemas (for the routes, the renderer, OpenAPI). `any`: a
 * handler typed for its own input is not a handler of every input, so no narrower type holds them all.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above: the one type of every endpoint
export type AnyEndpoint = Endpoint<any, any, any, unknown>;

/**
 * Declares an endpoint: the handler's input is typed by the endpoint's own schemas, and what it returns
 * by its response schema (`Answer`).
 */
export const endpoint = <
  P extends z.ZodObject | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  S extends z.ZodType = z.ZodType,
  R extends Answer<S> | Promise<Answer<S>> = Answer<S>,
>(
  definition: Endpoint<P, Q, B, R> & { response: S },
): Endpoint<P, Q, B, R> => definition;

/** An endpoint's `path` with its `:name` parameters filled in. */
export const pathWith = (path: string, params: Record<string, string>): string =>
  path.replace(/:(\w+)/g, (_, name: string) => params[name]!);

/** Raw input as it arrives in a URL and body: strings (a repeated query parameter is an array). */
export interface RawInput {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
}

/** An endpoint's params, query or body schema: a z.object (every table's is), checked where it is read. */
function objectSchema(schema: unknown, part: 'params' | 'query' | 'body'): z.ZodObject | undefined {
  if (schema === undefined) return undefined;
  if (schema instanceof z.ZodObject) return schema;
  throw new TypeError(`an endpoint's ${part} schema must be a z.object (its keys are what it accepts)`);
}

/** The query parameters an endpoint accepts: the keys of its query schema (a z.object), in order. */
export const acceptedQuery = (endpoint: { query?: unknown }): string[] =>
  Object.keys(objectSchema(endpoint.query, 'query')?.shape ?? {});

/** How many unknown parameter names a 400 echoes, and how many characters of each. */
const ECHOED_NAMES = 5;
const ECHOED_NAME_CHARS = 40;
const cutName = (name: string): string =>
  name.length <= ECHOED_NAME_CHARS ? name : `${name.slice(0, ECHOED_NAME_CHARS)}… (${name.length} characters)`;

/**
 * A query parameter the endpoint does not know is a 400 naming it and what is accepted, so a typo
 * (`kadnecja`) never silently widens an answer (issue 25; CONTRACT §6 says they are ignored).
 */
export function rejectUnknownQuery(path: string, accepted: readonly string[], given: Iterable<string>): void {
  let unknown: string[] | undefined;
  for (const name of given) if (!accepted.includes(name)) (unknown ??= []).push(name);
  if (unknown === undefined) return;
  // What is echoed is bounded (issue 42: up to 15 KB of input came back): the first few names, each cut.
  const shown = unknown.slice(0, ECHOED_NAMES).map((name) => `'${cutName(name)}'`);
  if (unknown.length > ECHOED_NAMES) shown.push(`and ${unknown.length - ECHOED_NAMES} more`);
  const names = shown.join(', ');
  const what = unknown.length === 1 ? `unknown query parameter ${names}` : `unknown query parameters ${names}`;
  throw new HttpError(400, `${what}: ${path} accepts ${accepted.length ? accepted.join(', ') : 'no query parameters'}`);
}

/** An endpoint's schemas of its parts, and the query parameters it accepts. */
interface Schemas {
  accepted: readonly string[];
  params: z.ZodObject | undefined;
  query: z.ZodObject | undefined;
  body: z.ZodObject | undefined;
}

/** Each endpoint's schemas, checked and listed once (not on every request it answers). */
const SCHEMAS = new WeakMap<object, Schemas>();

function schemasOf(endpoint: { params?: unknown; query?: unknown; body?: unknown }): Schemas {
  let schemas = SCHEMAS.get(endpoint);
  if (schemas === undefined) {
    schemas = {
      accepted: acceptedQuery(endpoint),
      params: objectSchema(endpoint.params, 'params'),
      query: objectSchema(endpoint.query, 'query'),
      body: objectSchema(endpoint.body, 'body'),
    };
    SCHEMAS.set(endpoint, schemas);
  }
  return schemas;
}

/** Parses raw input with the endpoint's schemas; an unknown query parameter or the first violation is a 400 naming it. */
export function parseInput<P, Q, B>(endpoint: Endpoint<P, Q, B, unknown>, raw: RawInput): Input<P, Q, B> {
  const { accepted, params, query, body } = schemasOf(endpoint);
  if (raw.query !== undefined) rejectUnknownQuery(endpoint.path, accepted, Object.keys(raw.query));
  // The one assertion of the input: each part is its schema's output, or {} without one (Parsed), which
  // TypeScript cannot follow through a conditional type of a generic endpoint.
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- Parsed<P> of a generic endpoint (see above)
  return {
    params: params ? parseParams(params, raw.params ?? {}, 'path') : {},
    query: query ? parseParams(query, raw.query ?? {}) : {},
    body: body ? parseParams(body, raw.body ?? {}, 'body') : {},
  } as Input<P, Q, B>;
}

/**
 * The one place an endpoint's handler is called (test/architecture.test.ts holds it to this): the raw
 * input parsed with the endpoint's own schemas (`parseInput`: a 400 naming the parameter), then the
 * handler over the context. Everything that answers comes here — the API's operations
 * (src/answers/operations.ts, whose answers the answer sources keep), the stored answers' renderer
 * (src/answers/render.ts), the website's reads (`answer` below, for a page's load; the frame's bodies,
 * topics and groups; the share form) — so an answer is the same whoever asks. Its result as the handler
 * gives it: at once when the handler answers at once (a Promise only from the share links).
 */
export function callHandler<P, Q, B, R>(endpoint: Endpoint<P, Q, B, R>, raw: RawInput, context: AnswerContext): R {
  return endpoint.handler(parseInput(endpoint, raw), context);
}

/** A value given to `answer`: what a URL would carry, written as the type it means. */
type Value = string | number | boolean | undefined;

/**
 * The endpoint's answer for input written as a URL would carry it (numbers and booleans as themselves,
 * undefined left out): parsed with the endpoint's own schemas and defaults, then its handler. For
 * callers other than the router, e.g. a page of the website; a Reply with nothing beside its data is
 * that data (answerData), as a kept answer reads back.
 */
export async function answer<P, Q, B, R>(
  endpoint: Endpoint<P, Q, B, R>,
  raw: { params?: Record<string, Value>; query?: Record<string, Value> },
  context: AnswerContext,
): Promise<AnswerData<Awaited<R>>> {
  const strings = (values: Record<string, Value> = {}) =>
    Object.fromEntries(
      Object.entries(values).flatMap(([name, value]) => (value === undefined ? [] : [[name, String(value)]])),
    );
  return answerData(await callHandler(endpoint, { params: strings(raw.params), query: strings(raw.query) }, context));
}

/**
 * CONTRACT §11: a `temat` that is neither an entry of the snapshot's vocabulary nor `inne` answers 400
 * naming the accepted ids. Returns `query` unchanged.
 */
export function inKnownTopic<T extends { temat?: string | undefined }>(query: T, queries: Queries): T {
  if (query.temat !== undefined && !queries.utils.hasTopic(query.temat)) {
    const ids = queries.utils
      .topics()
      .map((t) => t.temat)
      .join(', ');
    throw new HttpError(400, `query parameter 'temat' must be one of the topics of this snapshot: ${ids}`);
  }
  return query;
}

/** CONTRACT §7: an `organ` that is not a body of the snapshot answers 404. Returns `scope` unchanged. */
export function inKnownBody<T extends { organ?: number | undefined }>(scope: T, queries: Queries): T {
  if (scope.organ !== undefined && !queries.utils.hasBody(scope.organ)) {
    throw notFound(`no body ${scope.organ} (the bodies are listed at /api/utils/organy)`);
  }
  return scope;
}
