// The canonical CSV bundle's files (CONTRACT §1): each file's zod schema, what the parse worker adds
// to a valid row, and the loader call that takes it; in dependency order. Read by the main thread
// (csv.ts) and by the parse worker (csv-file.ts).

import { z } from 'zod';
import { GLOS_CODE, GLOS_VALUES, ODRZUCONO, PRZYJETO } from '../../core/contract.ts';
import { DATE_TIME, isDateTime } from '../../core/dates.ts';
import { foldText } from '../../core/text.ts';
import type { Location } from '../findings.ts';
import type { Loader } from '../load.ts';

export const POSITIVE_INT = /^[1-9][0-9]{0,14}$/;
const NON_NEGATIVE_INT = /^(0|[1-9][0-9]{0,14})$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

// Cells arrive as strings, empty cells as null (CONTRACT §1). Required values reject null.
const required = z.string({ error: 'a value is required' });
const text = required.min(1, 'a value is required');
const optionalText = z.string().nullable();
const id = required.regex(POSITIVE_INT, 'must be a positive integer').transform(Number);
const optionalId = id.nullable();
const count = required.regex(NON_NEGATIVE_INT, 'must be a non-negative integer').transform(Number);
const optionalCount = count.nullable();
// `abort`: a value of the wrong form is not also reported as "not a calendar date" (one message per problem).
const date = required
  .regex(DATE, { error: 'must be a date YYYY-MM-DD', abort: true })
  .refine(isDateTime, 'is not a calendar date');
const optionalDate = date.nullable();
const dateTime = required
  .regex(DATE_TIME, { error: 'must be YYYY-MM-DD or YYYY-MM-DDTHH:MM[:SS]', abort: true })
  .refine(isDateTime, 'is not a calendar date');
const flag = z.enum(['0', '1'], { error: 'must be 0 or 1' }).transform(Number);
const term = required.regex(/^\d{4}-\d{4}$/, 'must be a term like 2018-2023');
const wynik = z.enum([PRZYJETO, ODRZUCONO], { error: `must be ${PRZYJETO} or ${ODRZUCONO}` }).nullable();
const glos = z
  .enum(GLOS_VALUES, { error: `must be one of ${GLOS_VALUES.join(', ')}` })
  .transform((value) => GLOS_CODE.get(value)!);

export interface FileSpec<S extends z.ZodObject> {
  file: string;
  optional: boolean;
  schema: S;
  /** Adds to a valid row what the loader would otherwise compute, in the parse worker (the second core). */
  prepare?: (row: z.output<S>) => z.output<S>;
  load: (loader: Loader, row: z.output<S>, at: Location) => void;
}

const spec = <S extends z.ZodObject>(s: FileSpec<S>) => s;

/** The file read into typed columns rather than row objects (csv-file.ts): ballots, most of a bundle's rows. */
export const BALLOTS_FILE = 'glosy.csv';

/** The bundle's files in dependency order: every reference points to a file read earlier. */
export const BUNDLE_FILES = [
  spec({
    file: 'kadencje.csv',
    optional: false,
    schema: z.object({ kadencja: term, data_od: date, data_do: optionalDate }),
    load: (l, r, at) => l.kadencja(r, at),
  }),
  spec({
    file: 'organy.csv',
    optional: false,
    schema: z.object({ id_organu: id, nazwa: text, typ: text }),
    load: (l, r, at) => l.organ(r, at),
  }),
  spec({
    file: 'ugrupowania.csv',
    optional: false,
    schema: z.object({ id_ugrupowania: id, nazwa: text, skrot: optionalText }),
    load: (l, r, at) => l.ugrupowanie(r, at),
  }),
  spec({
    file: 'radni.csv',
    optional: false,
    schema: z.object({ id_osoby: id, imie_nazwisko: text }),
    load: (l, r, at) => l.radny(r, at),
  }),
  spec({
    file: 'przynaleznosci.csv',
    optional: false,
    schema: z.object({
      przynaleznosc_id: id,
      id_osoby: id,
      kadencja: term,
      id_ugrupowania: optionalId,
      data_od: optionalDate,
      data_do: optionalDate,
      aktywny: flag,
    }),
    load: (l, r, at) => l.przynaleznosc(r, at),
  }),
  spec({
    file: 'posiedzenia.csv',
    optional: false,
    schema: z.object({
      id_posiedzenia: id,
      id_organu: id,
      kadencja: term,
      numer: text,
      data: date,
      nazwa: optionalText,
    }),
    load: (l, r, at) => l.posiedzenie(r, at),
  }),
  spec({
    file: 'punkty.csv',
    optional: true,
    schema: z.object({ id_punktu: id, id_posiedzenia: id, numer: text, tytul: text }),
    load: (l, r, at) => l.punkt(r, at),
  }),
  spec({
    file: 'glosowania.csv',
    optional: false,
    schema: z.object({
      id_glosowania: id,
      id_posiedzenia: id,
      id_punktu: optionalId,
      numer: count,
      data_czas: dateTime,
      tytul: text,
      wynik,
      // The tallies the source states (CONTRACT §10): used where the vote has no ballots, shown beside the counted ones.
      za: optionalCount,
      przeciw: optionalCount,
      wstrzymujacy: optionalCount,
      nieobecni: optionalCount,
      brak_glosu: optionalCount,
    }),
    prepare: (r) => Object.assign(r, { tytul_folded: foldText(r.tytul) }),
    // Every field named, none read from a property the row lacks: the spread and the loader's reads of
    // absent fields (`klucz`, `wiekszosc`) missed V8's caches on every row (docs/PERFORMANCE.md, issue 47's ninth session).
    load: (l, r, at) =>
      l.glosowanie(
        {
          id_glosowania: r.id_glosowania,
          id_posiedzenia: r.id_posiedzenia,
          id_punktu: r.id_punktu,
          numer: r.numer,
          data_czas: r.data_czas,
          tytul: r.tytul,
          wynik: r.wynik,
          tytul_folded: (r as { tytul_folded?: string }).tytul_folded,
          liczby: r,
          wiekszosc: null,
          wiekszosc_glosow: null,
          klucz: undefined,
        },
        at,
      ),
  }),
  spec({
    file: 'glosy.csv',
    optional: false,
    schema: z.object({ id_glosowania: id, id_osoby: id, glos }),
    load: (l, r, at) => l.glos(r, at),
  }),
  spec({
    file: 'obecnosci.csv',
    optional: true,
    schema: z.object({ id_posiedzenia: id, id_osoby: id, obecny: flag }),
    load: (l, r, at) => l.obecnosc(r, at),
  }),
  spec({
    file: 'zalaczniki.csv',
    optional: true,
    schema: z.object({ id_zalacznika: id, id_glosowania: id, nazwa: text, url: optionalText }),
    load: (l, r, at) => l.zalacznik(r, at),
  }),
];

/** Each file's columns in CONTRACT §1 order (required and optional), from the schemas above. */
export const BUNDLE_COLUMNS: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  BUNDLE_FILES.map((f) => [f.file, Object.keys(f.schema.shape)]),
);
