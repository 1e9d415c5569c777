// Response schemas shared by several resources, and the envelope builders. Every endpoint's
// parameters and response are described once, in zod (`<resource>/schemas.ts`): the router validates
// with them, the OpenAPI document is generated from them, and the contract tests check real responses
// against them. Field descriptions are the contract's, in Polish.

import { z } from 'zod';
import { GLOS_VALUES, ODRZUCONO, PRZYJETO } from '../../core/contract.ts';

export const int = (description: string) => z.int().meta({ description });
export const count = (description: string) => z.int().min(0).meta({ description });
export const text = (description: string) => z.string().meta({ description });
export const percentNumber = (description: string) =>
  z
    .number()
    .min(0)
    .max(100)
    .meta({ description: `${description} (procent, dwa miejsca po przecinku, zaokrąglenie połówkowe w górę)` });

export const glosValue = z
  .enum(GLOS_VALUES)
  .meta({ description: 'Głos: za, przeciw, wstrzymujacy, nieobecny, brak_glosu' });
export const wynikValue = z.enum([PRZYJETO, ODRZUCONO]).meta({ description: 'Wynik głosowania' });
export const dateString = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .meta({ description: 'Data YYYY-MM-DD' });
export const kadencjaString = z
  .string()
  .regex(/^\d{4}-\d{4}$/)
  .meta({ description: 'Kadencja, np. 2018-2023' });

const statedCount = (description: string) =>
  z
    .int()
    .min(0)
    .nullable()
    .meta({ description: `${description}; null: źródło nie podaje` });
/** The tallies a source states (CONTRACT §10). */
export const statedTallies = z
  .strictObject({
    za: statedCount('Za według źródła'),
    przeciw: statedCount('Przeciw według źródła'),
    wstrzymujacy: statedCount('Wstrzymujący się według źródła'),
    nieobecni: statedCount('Nieobecni według źródła'),
    brak_glosu: statedCount('Obecni bez głosu według źródła'),
  })
  .meta({ id: 'StatedTallies', description: 'Liczby głosów, jak je podaje źródło' });
/**
 * The council a person or a group belongs to (issue 36), added at the end of every item that names
 * one: the body of typ rada (or the Sejm) in which they have ballots or attendance records (a group:
 * its members, in the terms of their memberships); null for none, or for several.
 */
export const councilFields = (whose: 'radnego' | 'ugrupowania') => ({
  id_organu: int(`Rada ${whose} (identyfikator organu typu rada albo Sejmu); null: żadna albo kilka`).nullable(),
  organ: text(`Nazwa rady ${whose}; null: żadna albo kilka`).nullable(),
});

export const voteSummary = z
  .strictObject({
    id_glosowania: int('Identyfikator głosowania'),
    numer: count('Numer głosowania na posiedzeniu'),
    tytul: text('Tytuł głosowania'),
    data: dateString,
    godzina: z
      .string()
      .regex(/^\d{2}:\d{2}$/)
      .nullable()
      .meta({ description: 'Godzina HH:MM albo null, gdy źródło jej nie podaje' }),
    kadencja: kadencjaString,
    id_organu: int('Identyfikator organu'),
    organ: text('Nazwa organu'),
    id_posiedzenia: int('Identyfikator posiedzenia'),
    id_punktu: int('Identyfikator punktu porządku obrad').nullable(),
    wynik: wynikValue,
    za: count('Głosy za'),
    przeciw: count('Głosy przeciw'),
    wstrzymujacy: count('Głosy wstrzymujące się'),
    nieobecni: count('Nieobecni'),
    brak_glosu: count('Obecni bez głosu'),
    kontrowersyjnosc: z
      .int()
      .min(0)
      .max(100)
      .meta({ description: 'Kontrowersyjność 0–100: 100 × 2 × min(za, przeciw) / (za + przeciw)' }),
    jednomyslnosc_procent: percentNumber('Jednomyślność: najliczniejsza opcja wśród aktywnych głosów'),
    imienne: z.boolean().meta({
      description:
        'true: głosowanie ma imienną listę głosów; false: liczby to liczby podane przez źródło (albo brak liczb)',
    }),
    liczby_zrodla: statedTallies
      .nullable()
      .meta({ description: 'Liczby głosów podane przez źródło (protokół), null gdy ich nie podaje' }),
    temat: text(
      'Temat głosowania: id tematu (/api/utils/tematy), nadany według słów tytułu; „inne”, gdy nic nie pasuje',
    ),
  })
  .meta({ id: 'VoteSummary', description: 'Podsumowanie głosowania' });

export const councillorVote = voteSummary
  .extend({ glos: glosValue })
  .meta({ id: 'CouncillorVote', description: 'Głosowanie z głosem radnego' });

export const rankedVote = z
  .strictObject({ pozycja: int('Pozycja (od 1)'), ...voteSummary.shape })
  .meta({ id: 'RankedVote' });

export const paginationSchema = z
  .strictObject({
    page: int('Numer strony (od 1)'),
    limit: int('Rozmiar strony'),
    total: count('Liczba wszystkich pozycji'),
    totalPages: count('Liczba stron'),
  })
  .meta({ id: 'Pagination' });

export const errorEnvelope = z
  .strictObject({
    success: z.literal(false),
    error: z.enum([
      'Bad Request',
      'Unauthorized',
      'Forbidden',
      'Not Found',
      'Payload Too Large',
      'Unsupported Media Type',
      'Too Many Requests',
      'Internal Server Error',
      'Service Unavailable',
    ]),
    message: text('Opis błędu'),
  })
  .meta({ id: 'Error' });

/** `{success: true, data}` plus the named extra members. */
export const envelope = <T extends z.ZodType, E extends z.ZodRawShape = Record<never, never>>(data: T, extra?: E) =>
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- no extra members: the empty shape, typed as E
  z.strictObject({ success: z.literal(true), data, ...(extra ?? ({} as E)) });

export const paged = <T extends z.ZodType>(item: T) => envelope(z.array(item), { pagination: paginationSchema });
