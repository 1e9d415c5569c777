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
 * Writes `before`, the JSON of an answer's data (exactly the bytes JSON.stringify makes of it) and
 * `after` into one buffer (Reply.written).
 */
export type JsonWrite = (before: Buffer, after: Buffer) => Buffer;

/** Data a Reply makes when it is first read, and the writer of its JSON (Reply.written). */
class Deferred<D> {
  constructor(
    readonly make: () => D,
    readonly write: JsonWrite,
  ) {}
}

/**
 * A handler's data with top-level members besides `data` (count, pagination, grouped), or a success
 * status other than the endpoint's own (a share link that already existed: 200, not 201).
 */
export class Reply<D = unknown, X extends Record<string, unknown> = Record<string, unknown>> {
  #data: D | Deferred<D>;
  readonly #write: JsonWrite | undefined;

  constructor(
    data: D | Deferred<D>,
    readonly extra: X,
    readonly status?: number,
  ) {
    this.#data = data;
    this.#write = data instanceof Deferred ? data.write : undefined;
  }

  /**
   * A reply that writes its own JSON and makes its data only when asked: an HTTP answer needs only the
   * bytes, a page of the website reads the data. `write` must make exactly the bytes JSON.stringify
   * makes of `make()`; stored and live answers both go through envelopeOf, so they stay the same bytes.
   */
  static written<D, X extends Record<string, unknown>>(make: () => D, write: JsonWrite, extra: X): Reply<D, X> {
    return new Reply(new Deferred(make, write), extra);
  }

  /** A reply whose data comes as its JSON (written by SQLite): sent as it is, parsed only when read. */
  static json<D, X extends Record<string, unknown>>(json: Buffer, extra: X): Reply<D, X> {
    return Reply.written<D, X>(
      () => JSON.parse(json.toString('utf8')),
      (before, after) => Buffer.concat([before, json, after], before.length + json.length + after.length),
      extra,
    );
  }

  get data(): D {
    if (this.#data instanceof Deferred) this.#data = this.#data.make();
    return this.#data;
  }

  /** The writer of Reply.written, unless `extra` would replace `success` or `data` (then JSON.stringify's spread). */
  get write(): JsonWrite | undefined {
    return this.#write !== undefined && !('success' in this.extra || 'data' in this.extra) ? this.#write : undefined;
  }
}

/**
 * A handler's result as a reader of its answer takes it: a Reply with nothing beside its data is that
 * data, as its envelope reads back when kept (src/answers/kept.ts).
 */
export type AnswerData<R> = R extends Reply<infer D, infer X> ? ([keyof X] extends [never] ? D : R) : R;

export function answerData<R>(result: R): AnswerData<R>;
export function answerData(result: unknown): unknown {
  return result instanceof Reply && result.status === undefined && Object.keys(result.extra).length === 0
    ? result.data
    : result;
}

const SUCCESS_DATA = Buffer.from('{"success":true,"data":');
const CLOSE = Buffer.from('}');

/** The success envelope's bytes for a handler's result: `{success: true, data, ...extra}`. */
export function envelopeOf(result: unknown): Buffer {
  if (!(result instanceof Reply)) return Buffer.from(JSON.stringify({ success: true, data: result }));
  const { write, extra } = result;
  if (write === undefined) return Buffer.from(JSON.stringify({ success: true, data: result.data, ...extra }));
  const members = JSON.stringify(extra);
  return write(SUCCESS_DATA, members === '{}' ? CLOSE : Buffer.from(`,${members.slice(1)}`));
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
