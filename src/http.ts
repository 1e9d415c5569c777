// The two envelopes (success, error), the HTTP error type, and the parameter schemas of CONTRACT §6.
// Handlers parse with these schemas; a violation becomes a 400 that names the parameter.

import type { Response } from 'express';
import { z } from 'zod';
import { ODRZUCONO, PRZYJETO } from '../core/contract.ts';
import { isDateTime } from '../core/dates.ts';

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
  constructor(readonly status: number, message: string) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (what: string) => new HttpError(404, what);

export function sendError(res: Response, status: number, message: string): void {
  res.locals['reason'] = message; // for the request log: why the request was refused
  res.status(status).json({ success: false, error: STATUS_NAMES[status] ?? 'Error', message });
}

export interface Pagination {
  page: number;
  limit: number;
  total: number;
  totalPages: number;
}

export const pagination = (page: number, limit: number, total: number): Pagination =>
  ({ page, limit, total, totalPages: Math.ceil(total / limit) });

/** The success envelope; extra top-level members (count, grouped, pagination) go in `extra`. */
export function sendData(res: Response, data: unknown, extra: Record<string, unknown> = {}, status = 200): void {
  res.status(status).json({ success: true, data, ...extra });
}

// --- Parameter schemas ------------------------------------------------------------------------

// Query values arrive as strings; a repeated parameter arrives as an array and is rejected here.
// Numbers and booleans are parsed in two steps, the strict text form, then `.pipe()` into the typed
// value with its bounds: the pipe's output is what the OpenAPI document shows (src/openapi.ts).
const single = z.string({ error: 'must be given once, as a single value' });

export const wholeNumber = (min: number, max: number) => {
  const range = `must be between ${min} and ${max}`;
  return single
    .regex(/^\d{1,16}$/, 'must be a whole number')
    .pipe(z.coerce.number<string>().int().min(min, range).max(max, range));
};

export const pageParam = wholeNumber(1, 1_000_000).default(1);
export const limitParam = (fallback: number, max = 100) => wholeNumber(1, max).default(fallback);
export const minParam = (fallback: number) => wholeNumber(0, 1_000_000_000).default(fallback);
export const kadencjaParam = single.regex(/^\d{4}-\d{4}$/, 'must be a term like 2018-2023').optional();
export const idParam = single
  .regex(/^[1-9]\d*$/, 'must be a positive integer')
  .pipe(z.coerce.number<string>().int().min(1).max(Number.MAX_SAFE_INTEGER, 'is out of range'));
export const organParam = idParam.optional().meta({ description: 'id_organu: tylko głosowania i posiedzenia tego organu (nieznany: 404)' });
export const booleanParam = z
  .enum(['true', 'false', '1', '0'], { error: 'must be true, false, 1 or 0' })
  .transform((v) => v === 'true' || v === '1')
  .pipe(z.boolean());
export const dateParam = single
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')
  .refine(isDateTime, 'is not a calendar date');
export const wynikParam = z
  .enum([PRZYJETO, ODRZUCONO, 'przyjeto'], { error: `must be ${PRZYJETO} or ${ODRZUCONO}` })
  .transform((v) => (v === 'przyjeto' ? PRZYJETO : v));
export const searchParam = single.max(200, 'must be at most 200 characters');

/** Parses `input` with `schema`; the first violation becomes a 400 naming the parameter. */
export function parseParams<S extends z.ZodType>(schema: S, input: unknown, where: 'query' | 'path' | 'body' = 'query'): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const name = issue.path.map(String).join('.');
  throw new HttpError(400, name ? `${where} parameter '${name}' ${issue.message}` : `invalid ${where}: ${issue.message}`);
}

/** data_od ≤ data_do (CONTRACT §6), reported against data_do. */
export const dateRangeOrdered = (q: { data_od?: string | undefined; data_do?: string | undefined }) =>
  q.data_od === undefined || q.data_do === undefined || q.data_od <= q.data_do;
export const DATE_RANGE_ERROR = { message: 'must not be before data_od', path: ['data_do'] };

/** The paging and scope filters shared by the vote and session lists. */
export const listFilters = {
  page: pageParam,
  limit: limitParam(20),
  kadencja: kadencjaParam,
  organ: organParam,
  data_od: dateParam.optional(),
  data_do: dateParam.optional(),
};
