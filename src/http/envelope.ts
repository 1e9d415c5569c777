// The two envelopes of every JSON answer (CONTRACT §5) and the error a handler throws for a 4xx.
// A handler returns its data; `envelopeOf` is the one place that wraps it, for the live path, the
// stored answers rendered with the snapshot and the service's own routes alike.

export const STATUS_NAMES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (what: string) => new HttpError(404, what);

/**
 * A refusal of a rate limit (the website's addresses answer it as a page in Polish saying when to come
 * back). Here, not beside the guards that raise it: the error pages read it, and the guards make no answer
 * (src/answers/code-version.ts).
 */
export class RateLimited extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number | undefined,
  ) {
    super(429, message);
  }
}

/**
 * A handler's data with top-level members besides `data` (count, pagination, grouped), or a success
 * status other than the endpoint's own (a share link that already existed: 200, not 201).
 */
export class Reply<D = unknown, X extends Record<string, unknown> = Record<string, unknown>> {
  constructor(
    readonly data: D,
    readonly extra: X,
    readonly status?: number,
  ) {}
}

/**
 * How an answer's data writes its own JSON: appends the UTF-8 bytes JSON.stringify would make of it to
 * a list, and returns their length (see `selfEncoding`).
 */
class JsonWriter {
  constructor(readonly write: (parts: Buffer[]) => number) {}
}

/** Where data keeps its JsonWriter: a symbol key, which JSON.stringify, zod and Object.keys skip. */
const JSON_WRITER = Symbol('jsonWriter');

/**
 * Gives `value` (an array or a plain object) its own JSON writer, invisible to everything else. `write`
 * must append exactly the bytes of `JSON.stringify(value)`; the stored and live answers both go through
 * `envelopeOf`, so they stay the same bytes either way.
 */
export function selfEncoding<T extends object>(value: T, write: (parts: Buffer[]) => number): T {
  // Configurable: a vote's ballots are one array for its plain and grouped answers (GlosowaniaQueries.ballots).
  Object.defineProperty(value, JSON_WRITER, { value: new JsonWriter(write), configurable: true });
  return value;
}

const SUCCESS_DATA = Buffer.from('{"success":true,"data":');
const CLOSE = Buffer.from('}');

/** The success envelope's bytes for a handler's result: `{success: true, data, ...extra}`. */
export function envelopeOf(result: unknown): Buffer {
  const data: unknown = result instanceof Reply ? result.data : result;
  const extra = result instanceof Reply ? result.extra : undefined;
  const writer: unknown = typeof data === 'object' && data !== null ? Reflect.get(data, JSON_WRITER) : undefined;
  // Its own writer, unless `extra` would replace `success` or `data` (then as the spread makes it).
  if (writer instanceof JsonWriter && (extra === undefined || !('success' in extra || 'data' in extra))) {
    const parts = [SUCCESS_DATA];
    let length = SUCCESS_DATA.length + writer.write(parts) + CLOSE.length;
    const members = extra === undefined ? '{}' : JSON.stringify(extra);
    if (members !== '{}') {
      const more = Buffer.from(`,${members.slice(1, -1)}`);
      parts.push(more);
      length += more.length;
    }
    parts.push(CLOSE);
    return Buffer.concat(parts, length);
  }
  const body = extra === undefined ? { success: true, data } : { success: true, data, ...extra };
  return Buffer.from(JSON.stringify(body));
}

/** The error envelope's bytes: `{success: false, error, message}`. */
export const errorEnvelopeOf = (status: number, message: string): Buffer =>
  Buffer.from(JSON.stringify({ success: false, error: STATUS_NAMES[status] ?? 'Error', message }));

export interface Pagination {
  page: number;
  limit: number;
  total: number;
  totalPages: number;
}

export const pagination = (page: number, limit: number, total: number): Pagination => ({
  page,
  limit,
  total,
  totalPages: Math.ceil(total / limit),
});
