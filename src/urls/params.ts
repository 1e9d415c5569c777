// What a page reads from its URL: the website's query parameters, parsed with the API's own parameter
// schemas (src/http/params.ts) under the site's Polish names, forgiving of the empty values a GET form
// sends for "any"; and the error a page throws for a 400 or a 404, in Polish. The router parses them
// (src/site/router.ts) for the parameters a page's route names (src/urls/paths.ts); no page reads its
// request itself.

import { z } from 'zod';
import { HttpError } from '../http/envelope.ts';
import {
  dateParam,
  dateRangeOrdered,
  glosParam,
  idParam,
  jakoscParam,
  kadencjaParam,
  pageParam,
  searchParam,
  tematParam,
  wynikParam,
} from '../http/params.ts';

/** An error page: the site's error handler renders it as HTML with this status; `detail` goes to the request log instead of the message. */
export class SiteError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'SiteError';
  }
}

/**
 * The resource a page shows, or its 404: an id or token the API rejects (400) or does not know (404)
 * is, for a reader, a page that is not there.
 */
export async function orNotFound<T>(message: string, answer: Promise<T>): Promise<T> {
  try {
    return await answer;
  } catch (error) {
    if (error instanceof HttpError && (error.status === 400 || error.status === 404)) throw new SiteError(404, message);
    throw error;
  }
}

/** The lists of a councillor's votes on their page, in the order of its tabs (`lista`). */
export const COUNCILLOR_LISTS = ['wszystkie', 'zgodne', 'buntownicze', 'samotne', 'kluczowe'] as const;
export type CouncillorListName = (typeof COUNCILLOR_LISTS)[number];

/** What a councillor's ballot is on a policy's vote (CONTRACT §13): the kinds a policy score counts. */
export const POLICY_AGREEMENTS = ['zgodne', 'przeciwne', 'wstrzymane', 'nieobecne'] as const;
export type PolicyAgreement = (typeof POLICY_AGREEMENTS)[number];

/** Every query parameter of the website: the schema that parses it, and what it must be (for the 400 page). */
const SITE_PARAMS = {
  kadencja: { schema: kadencjaParam, must: 'musi mieć postać kadencji, np. 2018-2023' },
  organ: { schema: idParam.optional(), must: 'musi być dodatnią liczbą całkowitą' },
  ugrupowanie: { schema: idParam.optional(), must: 'musi być dodatnią liczbą całkowitą' },
  strona: { schema: pageParam, must: 'musi być liczbą całkowitą od 1 do 1 000 000' },
  szukaj: { schema: searchParam.optional(), must: 'może mieć najwyżej 200 znaków' },
  nazwa: { schema: searchParam.optional(), must: 'może mieć najwyżej 200 znaków' },
  od: { schema: dateParam.optional(), must: 'musi być datą w postaci RRRR-MM-DD' },
  do: { schema: dateParam.optional(), must: 'musi być datą w postaci RRRR-MM-DD' },
  wynik: { schema: wynikParam.optional(), must: 'musi mieć jedną z wartości: przyjęto, odrzucono' },
  wyrownane: {
    schema: z
      .literal('1')
      .optional()
      .transform((v) => v === '1'),
    must: 'może mieć tylko wartość 1',
  },
  lista: {
    schema: z.enum(COUNCILLOR_LISTS).default('wszystkie'),
    must: `musi mieć jedną z wartości: ${COUNCILLOR_LISTS.join(', ')}`,
  },
  glos: {
    schema: glosParam.optional(),
    must: 'musi mieć jedną z wartości: za, przeciw, wstrzymujacy, nieobecny, brak_glosu',
  },
  temat: { schema: tematParam.optional(), must: 'musi być identyfikatorem tematu (lista na stronie /tematy)' },
  jakosc: {
    schema: jakoscParam.optional(),
    must: 'musi mieć jedną z wartości: tylko_liczby, rozbiezne_liczby, wynik_wbrew_liczbom (strona /jakosc-danych)',
  },
  radny: { schema: searchParam.optional(), must: 'musi być numerem albo identyfikatorem radnego' },
  drugi: { schema: searchParam.optional(), must: 'musi być numerem albo identyfikatorem radnego' },
  zgodnosc: {
    schema: z.enum(POLICY_AGREEMENTS).optional(),
    must: `musi mieć jedną z wartości: ${POLICY_AGREEMENTS.join(', ')}`,
  },
} satisfies Record<string, { schema: z.ZodType; must: string }>;

type SiteParams = typeof SITE_PARAMS;
export type SiteParamName = keyof SiteParams;
/** The parsed values of the named parameters. */
export type SiteQuery<N extends SiteParamName> = { [K in N]: z.output<SiteParams[K]['schema']> };

/** The raw query of a URL: repeated names as arrays (as Express's simple parser has it). */
function rawQuery(url: URL): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const [name, value] of url.searchParams) {
    const given = query[name];
    query[name] = given === undefined ? value : [...(Array.isArray(given) ? given : [given]), value];
  }
  return query;
}

/** The URL's non-empty single-valued parameters (for forms and links that keep them). */
export function keptParams(url: URL): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(rawQuery(url))) {
    if (typeof value === 'string' && value.trim() !== '') params[name] = value.trim();
  }
  return params;
}

/** The named parameters of a page's URL, parsed; a repeated or invalid one is a 400 page naming it. */
export function parseSiteQuery<N extends SiteParamName>(url: URL, names: readonly N[]): SiteQuery<N> {
  const raw = rawQuery(url);
  const parsed: Record<string, unknown> = {};
  for (const name of names) {
    const value = raw[name];
    if (Array.isArray(value)) throw new SiteError(400, `Parametr „${name}” podano więcej niż raz.`);
    const { schema, must } = SITE_PARAMS[name];
    const parser: z.ZodType = schema;
    const result = parser.safeParse(value?.trim() || undefined); // an empty value is a form's "any"
    if (!result.success) throw new SiteError(400, `Parametr „${name}” ${must}.`);
    parsed[name] = result.data;
  }
  const [od, to] = [parsed['od'], parsed['do']];
  if (
    !dateRangeOrdered({
      data_od: typeof od === 'string' ? od : undefined,
      data_do: typeof to === 'string' ? to : undefined,
    })
  )
    throw new SiteError(400, 'Data „do” nie może być wcześniejsza niż data „od”.');
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- each name is its schema's output (the loop above): a mapped type no loop can build
  return parsed as SiteQuery<N>;
}
