// Stage "read" for the canonical CSV bundle (CONTRACT §1). Each file is streamed through csv-parse,
// each row validated by its zod schema, and handed to the loader in dependency order. A row that
// fails validation is reported (file:line: column: problem) and skipped; reading goes on so that
// one run lists every problem.

import { createReadStream, existsSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse';
import { z } from 'zod';
import { DATE_TIME, GLOS_CODE, GLOS_VALUES, ODRZUCONO, PRZYJETO, isDateTime } from './metrics.ts';
import type { Loader, Location } from './load.ts';

const POSITIVE_INT = /^[1-9][0-9]{0,14}$/;
const NON_NEGATIVE_INT = /^(0|[1-9][0-9]{0,14})$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

// Cells arrive as strings, empty cells as null (CONTRACT §1). Required values reject null.
const required = z.string({ error: 'a value is required' });
const text = required.min(1, 'a value is required');
const optionalText = z.string().nullable();
const id = required.regex(POSITIVE_INT, 'must be a positive integer').transform(Number);
const optionalId = id.nullable();
const count = required.regex(NON_NEGATIVE_INT, 'must be a non-negative integer').transform(Number);
const date = required.regex(DATE, 'must be a date YYYY-MM-DD').refine(isDateTime, 'is not a calendar date');
const optionalDate = date.nullable();
const dateTime = required
  .regex(DATE_TIME, 'must be YYYY-MM-DD or YYYY-MM-DDTHH:MM[:SS]')
  .refine(isDateTime, 'is not a calendar date');
const flag = z.enum(['0', '1'], { error: 'must be 0 or 1' }).transform(Number);
const term = required.regex(/^\d{4}-\d{4}$/, 'must be a term like 2018-2023');
const wynik = z
  .enum([PRZYJETO, ODRZUCONO], { error: `must be ${PRZYJETO} or ${ODRZUCONO}` })
  .nullable();
const glos = z
  .enum(GLOS_VALUES, { error: `must be one of ${GLOS_VALUES.join(', ')}` })
  .transform((value) => GLOS_CODE.get(value)!);

interface FileSpec<S extends z.ZodObject> {
  file: string;
  optional: boolean;
  schema: S;
  load: (loader: Loader, row: z.output<S>, at: Location) => void;
}

const spec = <S extends z.ZodObject>(s: FileSpec<S>) => s;

/** The bundle's files in dependency order: every reference points to a file read earlier. */
export const BUNDLE_FILES = [
  spec({
    file: 'kadencje.csv', optional: false,
    schema: z.object({ kadencja: term, data_od: date, data_do: optionalDate }),
    load: (l, r, at) => l.kadencja(r, at),
  }),
  spec({
    file: 'organy.csv', optional: false,
    schema: z.object({ id_organu: id, nazwa: text, typ: text }),
    load: (l, r, at) => l.organ(r, at),
  }),
  spec({
    file: 'ugrupowania.csv', optional: false,
    schema: z.object({ id_ugrupowania: id, nazwa: text, skrot: optionalText }),
    load: (l, r, at) => l.ugrupowanie(r, at),
  }),
  spec({
    file: 'radni.csv', optional: false,
    schema: z.object({ id_osoby: id, imie_nazwisko: text }),
    load: (l, r, at) => l.radny(r, at),
  }),
  spec({
    file: 'przynaleznosci.csv', optional: false,
    schema: z.object({
      przynaleznosc_id: id, id_osoby: id, kadencja: term, id_ugrupowania: optionalId,
      data_od: optionalDate, data_do: optionalDate, aktywny: flag,
    }),
    load: (l, r, at) => l.przynaleznosc(r, at),
  }),
  spec({
    file: 'posiedzenia.csv', optional: false,
    schema: z.object({
      id_posiedzenia: id, id_organu: id, kadencja: term, numer: count, data: date, nazwa: optionalText,
    }),
    load: (l, r, at) => l.posiedzenie(r, at),
  }),
  spec({
    file: 'punkty.csv', optional: true,
    schema: z.object({ id_punktu: id, id_posiedzenia: id, numer: text, tytul: text }),
    load: (l, r, at) => l.punkt(r, at),
  }),
  spec({
    file: 'glosowania.csv', optional: false,
    schema: z.object({
      id_glosowania: id, id_posiedzenia: id, id_punktu: optionalId, numer: count,
      data_czas: dateTime, tytul: text, wynik,
    }),
    load: (l, r, at) => l.glosowanie(r, at),
  }),
  spec({
    file: 'glosy.csv', optional: false,
    schema: z.object({ id_glosowania: id, id_osoby: id, glos }),
    load: (l, r, at) => l.glos(r, at),
  }),
  spec({
    file: 'obecnosci.csv', optional: true,
    schema: z.object({ id_posiedzenia: id, id_osoby: id, obecny: flag }),
    load: (l, r, at) => l.obecnosc(r, at),
  }),
  spec({
    file: 'zalaczniki.csv', optional: true,
    schema: z.object({ id_zalacznika: id, id_glosowania: id, nazwa: text, url: optionalText }),
    load: (l, r, at) => l.zalacznik(r, at),
  }),
];

/** Each file's columns in CONTRACT §1 order (required and optional), from the schemas above. */
export const BUNDLE_COLUMNS: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  BUNDLE_FILES.map((f) => [f.file, Object.keys(f.schema.shape)]),
);

/** Problems reported per file before the rest are only counted: a broken reference can repeat a million times. */
const MAX_PROBLEMS_PER_FILE = 1000;

/** Reads every file of the bundle in `dir` into the loader. Problems land in `loader.findings`. */
export async function readCsvBundle(dir: string, loader: Loader, onFile?: (file: string, rows: number) => void): Promise<void> {
  if (!existsSync(dir)) {
    loader.findings.error({ file: dir, line: 0 }, '(bundle)', 'source directory does not exist');
    return;
  }
  for (const fileSpec of BUNDLE_FILES) {
    const path = join(dir, fileSpec.file);
    if (!existsSync(path)) {
      if (!fileSpec.optional) loader.findings.error({ file: fileSpec.file, line: 0 }, '(file)', 'required file is missing');
      continue;
    }
    const rows = await readFile(path, fileSpec as FileSpec<z.ZodObject>, loader);
    onFile?.(fileSpec.file, rows);
  }
}

async function readFile(path: string, fileSpec: FileSpec<z.ZodObject>, loader: Loader): Promise<number> {
  const { file, schema } = fileSpec;
  const findings = loader.findings;
  const errorsBefore = findings.errors.length;
  const limited = () => findings.errors.length - errorsBefore >= MAX_PROBLEMS_PER_FILE;
  let suppressed = 0;
  const report = (line: number, column: string, problem: string) => {
    if (limited()) suppressed++;
    else findings.error({ file, line }, column, problem);
  };

  const columns = Object.keys(schema.shape);
  let indexes: number[] | null = null; // position of each schema column in the file's header
  let rows = 0;
  // Line numbers are counted here: csv-parse's `info`/`on_record` build a context object per row,
  // which doubled the parse time. A record starts on the line after the previous one ended, and
  // quoted fields may span lines. Rows of the wrong length come through (relax_column_count) and are
  // reported below; a syntax error (an unclosed quote) ends the file, whose rest cannot be trusted.
  let nextLine = 1;
  let width = 0;
  const parser = createReadStream(path).pipe(parse({ bom: true, relax_column_count: true }));
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      const line = nextLine;
      nextLine++;
      for (const cell of record) if (cell.includes('\n')) nextLine += cell.split('\n').length - 1;
      if (indexes === null) {
        const header = record.map((name) => name.trim());
        const missing = columns.filter((c) => !header.includes(c) && !(schema.shape[c] as z.ZodType).safeParse(null).success);
        for (const c of missing) report(1, c, 'required column is missing');
        if (missing.length > 0) return 0; // rows cannot be read without their columns
        indexes = columns.map((c) => header.indexOf(c));
        width = header.length;
        continue;
      }
      rows++;
      if (record.length !== width) {
        report(line, '(row)', `expected ${width} fields as in the header, found ${record.length}`);
        continue;
      }
      const raw: Record<string, string | null> = {};
      for (let i = 0; i < columns.length; i++) {
        const cell = indexes[i]! < 0 ? undefined : record[indexes[i]!];
        raw[columns[i]!] = cell === undefined || cell === '' ? null : cell;
      }
      const parsed = schema.safeParse(raw);
      if (parsed.success) {
        if (!limited()) fileSpec.load(loader, parsed.data, { file, line });
        else suppressed++;
        continue;
      }
      for (const issue of parsed.error.issues) {
        const column = String(issue.path[0] ?? '(row)');
        const value = raw[column];
        report(line, column, value == null ? issue.message : `${issue.message} (got "${truncate(value)}")`);
      }
    }
  } catch (error) {
    const csvError = error as { code?: string; lines?: number; message: string };
    if (!csvError.code?.startsWith('CSV_')) throw error;
    report(csvError.lines ?? nextLine, '(row)', `${csvError.message.replace(/^Invalid /, 'invalid ')}; the rest of the file was not read`);
  }
  if (suppressed > 0) findings.error({ file, line: 0 }, '(file)', `${suppressed} more problem(s) not listed`);
  return rows;
}

const truncate = (value: string) => (value.length > 40 ? `${value.slice(0, 40)}…` : value);
