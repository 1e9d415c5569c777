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

/** The success envelope's bytes for a handler's result: `{success: true, data, ...extra}`. */
export function envelopeOf(result: unknown): Buffer {
  const body =
    result instanceof Reply ? { success: true, data: result.data, ...result.extra } : { success: true, data: result };
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
