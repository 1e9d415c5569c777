// The parameter schemas of CONTRACT §6, shared by the endpoints' query schemas and the website's
// pages. Every input is parsed with one of them; a violation becomes a 400 that names the parameter.

import { z } from 'zod';
import { GLOS_VALUES, ODRZUCONO, PRZYJETO } from '../../core/contract.ts';
import { isDateTime } from '../../core/dates.ts';
import { JAKOSC_KINDS } from '../../core/snapshot/schema.ts';
import { HttpError } from './envelope.ts';

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

// Each parameter is described once, on its schema (what OpenAPI shows: src/openapi.ts).
export const pageParam = wholeNumber(1, 1_000_000).default(1).meta({ description: 'Numer strony (od 1)' });
export const limitParam = (fallback: number, max = 100) =>
  wholeNumber(1, max).default(fallback).meta({ description: 'Rozmiar strony (liczba pozycji)' });
export const minParam = (fallback: number) => wholeNumber(0, 1_000_000_000).default(fallback);
export const minWspolneParam = minParam(10).meta({ description: 'Minimalna liczba wspólnych aktywnych głosowań pary' });
export const kadencjaParam = single
  .regex(/^\d{4}-\d{4}$/, 'must be a term like 2018-2023')
  .optional()
  .meta({ description: 'Kadencja, np. 2018-2023; bez niej: wszystkie kadencje' });
export const idParam = single
  .regex(/^[1-9]\d*$/, 'must be a positive integer')
  .pipe(z.coerce.number<string>().int().min(1).max(Number.MAX_SAFE_INTEGER, 'is out of range'));
export const organParam = idParam
  .optional()
  .meta({ description: 'id_organu: tylko głosowania i posiedzenia tego organu (nieznany: 404)' });
export const booleanParam = z
  .enum(['true', 'false', '1', '0'], { error: 'must be true, false, 1 or 0' })
  .transform((v) => v === 'true' || v === '1')
  .pipe(z.boolean());
export const dateParam = single
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')
  .refine(isDateTime, 'is not a calendar date');
export const wynikParam = z
  .enum([PRZYJETO, ODRZUCONO, 'przyjeto'], { error: `must be ${PRZYJETO} or ${ODRZUCONO}` })
  .transform((v) => (v === 'przyjeto' ? PRZYJETO : v))
  .meta({ description: 'Wynik głosowania: przyjęto albo odrzucono (przyjmowane także bez polskiego znaku: przyjeto)' });
export const searchParam = single.max(200, 'must be at most 200 characters');
export const glosParam = z.enum(GLOS_VALUES, { error: `must be one of ${GLOS_VALUES.join(', ')}` });
/** A topic id's form (CONTRACT §11); whether the snapshot has the topic is the handler's check (`inKnownTopic`). */
export const tematParam = single.regex(
  /^[a-z0-9-]{1,40}$/,
  'must be a topic id (the topics are listed at /api/utils/tematy)',
);

/** What a vote's record disagrees about (CONTRACT §12): the `jakosc` filter of /api/glosowania. */
export const jakoscParam = z.enum(JAKOSC_KINDS, { error: `must be one of ${JAKOSC_KINDS.join(', ')}` });

/** Parses `input` with `schema`; the first violation becomes a 400 naming the parameter. */
export function parseParams<S extends z.ZodType>(
  schema: S,
  input: unknown,
  where: 'query' | 'path' | 'body' = 'query',
): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const name = issue.path.map(String).join('.');
  throw new HttpError(
    400,
    name ? `${where} parameter '${name}' ${issue.message}` : `invalid ${where}: ${issue.message}`,
  );
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
  data_od: dateParam.optional().meta({ description: 'Od dnia (YYYY-MM-DD, włącznie)' }),
  data_do: dateParam.optional().meta({ description: 'Do dnia (YYYY-MM-DD, włącznie); nie wcześniej niż data_od' }),
};
