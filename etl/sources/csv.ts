// Stage "read" for the canonical CSV bundle (CONTRACT §1). Each file is streamed through csv-parse,
// each row validated by its zod schema, and handed to the loader in dependency order. A row that
// fails validation is reported (file:line: column: problem) and skipped; reading goes on so that
// one run lists every problem.

import { createReadStream, existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse';
import { z } from 'zod';
import { GLOS_CODE, GLOS_VALUES, ODRZUCONO, PRZYJETO } from '../../core/contract.ts';
import { DATE_TIME, isDateTime } from '../../core/dates.ts';
import type { Findings, Location } from '../findings.ts';
import type { Loader } from '../load.ts';

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
// `abort`: a value of the wrong form is not also reported as "not a calendar date" (one message per problem).
const date = required.regex(DATE, { error: 'must be a date YYYY-MM-DD', abort: true }).refine(isDateTime, 'is not a calendar date');
const optionalDate = date.nullable();
const dateTime = required
  .regex(DATE_TIME, { error: 'must be YYYY-MM-DD or YYYY-MM-DDTHH:MM[:SS]', abort: true })
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
      id_posiedzenia: id, id_organu: id, kadencja: term, numer: text, data: date, nazwa: optionalText,
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

/** What each file's ids are called in the loader's problems ("unknown agenda point 7"), for hints. */
const ENTITY_OF_FILE: Readonly<Record<string, string>> = {
  'kadencje.csv': 'term', 'organy.csv': 'body', 'ugrupowania.csv': 'group', 'radni.csv': 'councillor',
  'posiedzenia.csv': 'session', 'punkty.csv': 'agenda point', 'glosowania.csv': 'vote',
};

/**
 * What a path that is not a CSV bundle directory looks like, for a message that says what to do;
 * null when it is a directory that may be one.
 */
export function notABundle(path: string): string | null {
  let isDirectory: boolean;
  try {
    isDirectory = statSync(path).isDirectory();
  } catch {
    return 'does not exist';
  }
  if (!isDirectory) {
    if (/\.(tar\.gz|tgz)$/i.test(path)) return 'is a .tar.gz file, not a directory; did you mean --format sejm?';
    return 'is a file, not a directory: a CSV bundle is a directory of CSV files (CONTRACT §1)';
  }
  const names = readdirSync(path);
  if (names.some((n) => n.endsWith('.csv'))) return null;
  if (names.some((n) => /^\d+_\d+\.json$/.test(n))) return 'holds Sejm API files ({sitting}_{votingNumber}.json), not CSV files; did you mean --format sejm?';
  return 'holds no CSV files: a CSV bundle is a directory of kadencje.csv, organy.csv, … (CONTRACT §1)';
}

/** Reads every file of the bundle in `dir` into the loader. Problems land in `loader.findings`. */
export async function readCsvBundle(dir: string, loader: Loader, onFile?: (file: string, rows: number) => void): Promise<void> {
  const wrongKind = notABundle(dir);
  if (wrongKind !== null) {
    loader.findings.error({ file: dir, line: 0 }, '(source)', wrongKind);
    return;
  }
  const unread: string[] = []; // absent, or without a required column: every reference to its ids fails
  for (const fileSpec of BUNDLE_FILES) {
    const path = join(dir, fileSpec.file);
    if (!existsSync(path)) {
      if (!fileSpec.optional) loader.findings.error({ file: fileSpec.file, line: 0 }, '(file)', 'required file is missing');
      unread.push(fileSpec.file);
      continue;
    }
    const rows = await readFile(path, fileSpec as FileSpec<z.ZodObject>, loader);
    if (rows === null) unread.push(fileSpec.file);
    else onFile?.(fileSpec.file, rows);
  }
  hintUnreadFiles(loader.findings, dir, unread);
}

/** A file that was not read explains every "unknown <its entity>" problem of the files that refer to it. */
function hintUnreadFiles(findings: Findings, dir: string, unread: string[]): void {
  for (const file of unread) {
    const entity = ENTITY_OF_FILE[file];
    if (entity === undefined) continue;
    const spec = BUNDLE_FILES.find((f) => f.file === file)!;
    const why = !existsSync(join(dir, file))
      ? (spec.optional ? `${file} is absent (it is optional)` : `${file} is missing`)
      : `${file} was not read (a required column is missing)`;
    findings.hint(
      (kind) => kind.severity === 'error' && kind.pattern.startsWith(`unknown ${entity} `),
      `${why}, but rows of this file refer to its ids${spec.optional ? `: add ${file}, or leave the column empty` : ''}`,
    );
  }
}

/** Reads one file into the loader; returns its row count, or null when its rows could not be read at all. */
async function readFile(path: string, fileSpec: FileSpec<z.ZodObject>, loader: Loader): Promise<number | null> {
  const { file, schema } = fileSpec;
  const findings = loader.findings;
  const report = (line: number, column: string, problem: string) => findings.error({ file, line }, column, problem);

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
        const isOptional = (c: string) => (schema.shape[c] as z.ZodType).safeParse(null).success;
        const missing = columns.filter((c) => !header.includes(c) && !isOptional(c));
        for (const c of missing) report(1, c, 'required column is missing');
        if (missing.length > 0) return null; // rows cannot be read without their columns
        // The contract ignores unknown columns; said once, so that a typo in a header is visible.
        const absentOptional = columns.filter((c) => !header.includes(c));
        for (const name of header.filter((h) => !columns.includes(h))) {
          findings.warn({ file, line: 1 }, name || '(empty)', `unknown column, ignored${absentOptional.length
            ? ` (optional columns not in this file: ${absentOptional.join(', ')})` : ''}`);
        }
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
        fileSpec.load(loader, parsed.data, { file, line });
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
  return rows;
}

const truncate = (value: string) => (value.length > 40 ? `${value.slice(0, 40)}…` : value);
