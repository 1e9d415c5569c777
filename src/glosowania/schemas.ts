// /api/glosowania: parameters and responses (CONTRACT §5, §6).

import { z } from 'zod';
import {
  DATE_RANGE_ERROR,
  booleanParam,
  dateRangeOrdered,
  idParam,
  listFilters,
  searchParam,
  jakoscParam,
  tematParam,
  wholeNumber,
  wynikParam,
} from '../http/params.ts';
import {
  councilFields,
  count,
  dateString,
  glosValue,
  int,
  paginationSchema,
  text,
  voteSummary,
} from '../answers/schemas.ts';
import { SEARCH_COUNT_CAP } from './queries.ts';

export const voteIdParams = z.object({ id: idParam.meta({ description: 'id_glosowania' }) });

export const listQuery = z
  .object({
    ...listFilters,
    wynik: wynikParam.optional(),
    kontrowersyjnosc_min: wholeNumber(0, 100).optional().meta({ description: 'Minimalna kontrowersyjność 0–100' }),
    search: searchParam
      .optional()
      .meta({ description: 'Fragment tytułu; bez rozróżniania wielkości liter i polskich znaków' }),
    temat: tematParam.optional().meta({ description: 'Tylko głosowania tego tematu (id z /api/utils/tematy)' }),
    jakosc: jakoscParam.optional().meta({
      description:
        'Tylko głosowania, w których zapis rady nie zgadza się ze sobą (liczby z /api/utils/jakosc): tylko_liczby (bez listy imiennej), rozbiezne_liczby (liczby protokołu inne niż z listy imiennej), wynik_wbrew_liczbom (podany wynik wbrew liczbom)',
    }),
  })
  .refine(dateRangeOrdered, DATE_RANGE_ERROR);

/** The pagination of a search whose total is a lower bound: it counted that many matches and stopped. */
export const boundedPagination = paginationSchema
  .extend({
    total: count(
      `Co najmniej tyle pozycji: wyszukiwanie liczy trafienia do ${SEARCH_COUNT_CAP.toLocaleString('en').replace(',', ' ')} za końcem strony, nie dalej`,
    ),
    totalPages: count('Co najmniej tyle stron'),
    totalExact: z
      .literal(false)
      .meta({ description: 'false: total i totalPages są dolnym ograniczeniem (bez tego pola: dokładne)' }),
  })
  .meta({ id: 'BoundedPagination' });

export const distributionQuery = z.object({
  ugrupowanie: booleanParam.optional().meta({ description: 'true: grupuj według ugrupowań' }),
});
export const shareParams = z.object({
  link: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,64}$/, 'is not a share link')
    .meta({ description: 'Identyfikator udostępnienia' }),
});
export const shareBody = z
  .strictObject(
    {
      id_osoby: z
        .int({ error: 'must be a positive integer (the id_osoby of a councillor)' })
        .positive({ error: 'must be a positive integer (the id_osoby of a councillor)' })
        .max(Number.MAX_SAFE_INTEGER, { error: 'is out of range' })
        .optional()
        .meta({ description: 'Radny do wyróżnienia' }),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys' ? `has unknown field(s) ${issue.keys.join(', ')}` : 'must be a JSON object',
    },
  )
  .meta({ id: 'ShareRequest' });

export const voteDetail = voteSummary
  .extend({
    posiedzenie: z.strictObject({
      id_posiedzenia: int('Identyfikator posiedzenia'),
      numer: text('Numer posiedzenia, jak zapisała go rada: 7, XXII, LXXIV/2'),
      data: dateString,
      nazwa: text('Nazwa posiedzenia').nullable(),
    }),
    punkt: z
      .strictObject({
        id_punktu: int('Identyfikator punktu'),
        numer: text('Numer punktu, np. 7.3.1'),
        tytul: text('Tytuł punktu'),
      })
      .nullable(),
    liczba_zalacznikow: count('Liczba załączników'),
    wymagana_wiekszosc: z
      .strictObject({
        typ: text(
          'Rodzaj większości według źródła, np. SIMPLE_MAJORITY, ABSOLUTE_MAJORITY, MAJORITY_THREE_FIFTHS (Sejm)',
        ),
        glosow: count('Liczba głosów za potrzebna do przyjęcia').nullable(),
      })
      .nullable()
      .meta({ description: 'Większość, jakiej według źródła wymagało głosowanie; null, gdy źródło jej nie podaje' }),
  })
  .meta({ id: 'VoteDetail' });

export const ballotEntry = z
  .strictObject({
    glos: glosValue,
    id_osoby: int('Identyfikator radnego'),
    imie_nazwisko: text('Imię i nazwisko'),
    ugrupowanie: text('Ugrupowanie radnego w chwili głosowania').nullable(),
    ...councilFields('radnego'),
  })
  .meta({ id: 'BallotEntry' });

export const attachment = z
  .strictObject({
    id_zalacznika: int('Identyfikator załącznika'),
    nazwa: text('Nazwa'),
    url: text('Adres').nullable(),
  })
  .meta({ id: 'Attachment' });

export const shareLink = z
  .strictObject({
    link: text('Nieprzejrzysty identyfikator udostępnienia (128 bitów losowości, base64url)'),
    url: text('Strona udostępnienia: /share/<link>, pod adresem PUBLIC_URL (bezwzględny), gdy serwis go ma'),
  })
  .meta({ id: 'ShareLink' });

export const sharedVote = z
  .strictObject({
    link: text('Identyfikator udostępnienia'),
    utworzono: z.iso.datetime().meta({ description: 'Chwila utworzenia (ISO 8601)' }),
    glosowanie: voteDetail,
    glosy: z.array(ballotEntry),
    wyrozniony: z
      .strictObject({
        id_osoby: int('Identyfikator radnego'),
        imie_nazwisko: text('Imię i nazwisko'),
        ugrupowanie: text('Ugrupowanie').nullable(),
        glos: glosValue,
      })
      .nullable(),
  })
  .meta({ id: 'SharedVote' });
