// Stage "read" for the canonical CSV bundle (CONTRACT §1). Each file is streamed through csv-parse,
// each row validated by its zod schema (both in a worker thread: csv-file.ts), and handed to the
// loader in dependency order. A row that fails validation is reported (file:line: column: problem) and
// skipped; reading goes on so that one run lists every problem.

import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { z } from 'zod';
import { GLOS_CODE, GLOS_VALUES, ODRZUCONO, PRZYJETO } from '../../core/contract.ts';
import { DATE_TIME, isDateTime } from '../../core/dates.ts';
import { foldText } from '../../core/text.ts';
import type { Findings, Location } from '../findings.ts';
import type { Loader } from '../load.ts';
import type { ParseJob, ParseMessage } from './csv-worker.ts';

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
    prepare: (r) => Object.assign(r, { tytul_folded: foldText(r.tytul) }),
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

/**
 * Reads every file of the bundle in `dir` into the loader. Problems land in `loader.findings`. The files
 * are parsed and validated in a worker thread (csv-worker.ts) while the loader checks and inserts
 * what was parsed before: the two halves of the read run on two cores.
 */
export async function readCsvBundle(dir: string, loader: Loader, onFile?: (file: string, rows: number) => void): Promise<void> {
  const wrongKind = notABundle(dir);
  if (wrongKind !== null) {
    loader.findings.error({ file: dir, line: 0 }, '(source)', wrongKind);
    return;
  }
  const present = BUNDLE_FILES.map((f, spec) => ({ path: join(dir, f.file), spec })).filter((f) => existsSync(f.path));
  const parser = new BundleParser({ files: present });
  const unread: string[] = []; // absent, or without a required column: every reference to its ids fails
  try {
    for (const [spec, fileSpec] of BUNDLE_FILES.entries()) {
      if (!present.some((f) => f.spec === spec)) {
        if (!fileSpec.optional) loader.findings.error({ file: fileSpec.file, line: 0 }, '(file)', 'required file is missing');
        unread.push(fileSpec.file);
        continue;
      }
      const rows = await loadFile(parser, fileSpec as FileSpec<z.ZodObject>, loader);
      if (rows === null) unread.push(fileSpec.file);
      else onFile?.(fileSpec.file, rows);
    }
  } finally {
    await parser.close();
  }
  hintUnreadFiles(loader.findings, dir, unread);
}

/** Hands one file's batches to the loader, rows and problems in file order; returns the file's row count (null: not read). */
async function loadFile(parser: BundleParser, fileSpec: FileSpec<z.ZodObject>, loader: Loader): Promise<number | null> {
  const { file } = fileSpec;
  for (;;) {
    const message = await parser.next();
    if (message.type === 'end') return message.rows;
    const { batch } = message;
    let loaded = 0;
    const loadUpTo = (end: number) => {
      if (batch.ballots) loader.glosy(file, batch.ballots, batch.lines, loaded, end);
      else for (let i = loaded; i < end; i++) fileSpec.load(loader, batch.rows[i] as z.output<z.ZodObject>, { file, line: batch.lines[i]! });
      loaded = end;
    };
    for (const { before, severity, line, column, problem } of batch.problems) {
      loadUpTo(before);
      if (severity === 'error') loader.findings.error({ file, line }, column, problem);
      else loader.findings.warn({ file, line }, column, problem);
    }
    loadUpTo(batch.count);
    parser.loaded();
  }
}

/** The worker's module; from TypeScript sources (the tests) a loader that registers tsx first (a worker's own `--import` does not reach its entry module on node 20). */
function workerEntry(): URL {
  const fromSources = fileURLToPath(import.meta.url).endsWith('.ts');
  const entry = new URL(fromSources ? './csv-worker.ts' : './csv-worker.js', import.meta.url);
  if (!fromSources) return entry;
  const boot = `import { register } from ${JSON.stringify(import.meta.resolve('tsx/esm/api'))}; register(); await import(${JSON.stringify(entry.href)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(boot)}`);
}

type FileMessage = Exclude<ParseMessage, { type: 'failed' }>;

/** The parse worker seen from the main thread: its messages in order, and the acknowledgements that let it read on. */
class BundleParser {
  private readonly worker: Worker;
  private readonly received: FileMessage[] = [];
  private waiting: { resolve: (message: FileMessage) => void; reject: (error: Error) => void } | null = null;
  private failure: Error | null = null;

  constructor(job: ParseJob) {
    this.worker = new Worker(workerEntry(), { workerData: job });
    this.worker.on('message', (message: ParseMessage) => {
      if (message.type === 'failed') {
        this.fail(Object.assign(new Error(`reading the CSV bundle failed: ${message.message}`), { stack: message.stack }));
        return;
      }
      const waiting = this.waiting;
      this.waiting = null;
      if (waiting) waiting.resolve(message);
      else this.received.push(message);
    });
    this.worker.on('error', (error) => this.fail(error));
    // After its last message (a normal end) this changes nothing: nothing more is asked of the worker.
    this.worker.on('exit', (code) => this.fail(new Error(`the CSV parse worker stopped (exit code ${code})`)));
  }

  private fail(error: Error): void {
    this.failure ??= error;
    this.waiting?.reject(this.failure);
    this.waiting = null;
  }

  next(): Promise<FileMessage> {
    const message = this.received.shift();
    if (message) return Promise.resolve(message);
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => { this.waiting = { resolve, reject }; });
  }

  /** The last batch is loaded: the worker may parse one more. */
  loaded(): void {
    this.worker.postMessage(null);
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }
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
