// Stage "read" for the canonical CSV bundle (CONTRACT §1). Each file is streamed through csv-parse,
// each row validated by its zod schema (both in a worker thread for a large bundle, on this thread for
// a small one: csv-file.ts), and handed to the loader in dependency order. A row that fails validation is reported (file:line: column: problem) and
// skipped; reading goes on so that one run lists every problem.

import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { z } from 'zod';
import type { Findings } from '../findings.ts';
import type { Loader } from '../load.ts';
import { parseBundleFile, type RowBatch } from './csv-file.ts';
import { BUNDLE_FILES, type FileSpec } from './csv-spec.ts';
import type { ParseJob, ParseMessage } from './csv-worker.ts';
import { otherFormatHint } from './layout.ts';
import { workerEntry } from '../worker-entry.ts';

export { BUNDLE_COLUMNS } from './csv-spec.ts';

/** What each file's ids are called in the loader's problems ("unknown agenda point 7"), for hints. */
const ENTITY_OF_FILE: Readonly<Record<string, string>> = {
  'kadencje.csv': 'term',
  'organy.csv': 'body',
  'ugrupowania.csv': 'group',
  'radni.csv': 'councillor',
  'posiedzenia.csv': 'session',
  'punkty.csv': 'agenda point',
  'glosowania.csv': 'vote',
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
  if (readdirSync(path).some((n) => n.endsWith('.csv'))) return null;
  const what =
    otherFormatHint(path, 'csv') || ': a CSV bundle is a directory of kadencje.csv, organy.csv, … (CONTRACT §1)';
  return `holds no CSV files${what}`;
}

/**
 * From this many bytes of CSV a bundle is parsed in a worker thread. Starting one costs about 0.05 s
 * from dist/ (0.3 s under tsx, which it registers and compiles again), about what parsing 2 MB on
 * this thread costs; a city's bundle is far smaller and a national one far larger.
 */
export const PARSE_WORKER_FROM_BYTES = 4 * 1024 * 1024;

/**
 * The parse worker's young generation, MiB. Its rows live from their parse until their batch is posted
 * (8,192 rows): with V8's default (16 MiB semi-spaces) most of them survived a scavenge or two and were
 * copied, and garbage collection was over a quarter of the worker's busy time. 128 MiB: a tenth of
 * Poland's read + load 40 → 36 CPU s (docs/PERFORMANCE.md, "Issue 47, next session") for 50–90 MiB more
 * at the peak; not more, as all of Poland's peak is reached while it reads.
 */
const PARSE_WORKER_YOUNG_MB = 128;

export interface ReadCsvOptions {
  /** Where to parse: by the bundle's size (the default), or always in a worker or on this thread (tests of both). */
  parseIn?: 'auto' | 'worker' | 'thread';
}

/**
 * Reads every file of the bundle in `dir` into the loader. Problems land in `loader.findings`. A large
 * bundle's files are parsed and validated in a worker thread (csv-worker.ts) while the loader checks
 * and inserts what was parsed before: the two halves of the read run on two cores. A small bundle's
 * are parsed on this thread, in the same batches, which costs less than starting the worker.
 */
export async function readCsvBundle(
  dir: string,
  loader: Loader,
  onFile?: (file: string, rows: number) => void,
  options: ReadCsvOptions = {},
): Promise<void> {
  const wrongKind = notABundle(dir);
  if (wrongKind !== null) {
    loader.findings.error({ file: dir, line: 0 }, '(source)', wrongKind);
    return;
  }
  const present = BUNDLE_FILES.map((f, spec) => ({ path: join(dir, f.file), spec })).filter((f) => existsSync(f.path));
  const bytes = present.reduce((sum, f) => sum + statSync(f.path).size, 0);
  const parseIn = options.parseIn ?? 'auto';
  const inWorker = parseIn === 'worker' || (parseIn === 'auto' && bytes >= PARSE_WORKER_FROM_BYTES);
  const parser: BundleParser = inWorker ? new WorkerParser({ files: present }) : new ThreadParser({ files: present });
  const unread: string[] = []; // absent, or without a required column: every reference to its ids fails
  try {
    for (const [spec, fileSpec] of BUNDLE_FILES.entries()) {
      if (!present.some((f) => f.spec === spec)) {
        if (!fileSpec.optional)
          loader.findings.error({ file: fileSpec.file, line: 0 }, '(file)', 'required file is missing');
        unread.push(fileSpec.file);
        continue;
      }
      const rows = await loadFile(parser, fileSpec, loader);
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
      else
        for (let i = loaded; i < end; i++)
          fileSpec.load(loader, batch.rows[i] as z.output<z.ZodObject>, { file, line: batch.lines[i]! });
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

type FileMessage = Exclude<ParseMessage, { type: 'failed' }>;

/** The parser seen by the loading loop: the files' messages in order, and the acknowledgement that lets it read on. */
interface BundleParser {
  next(): Promise<FileMessage>;
  /** The last batch is loaded: the parser may parse one more. */
  loaded(): void;
  close(): Promise<void>;
}

/** Batches parsed and not yet loaded, at most (as in csv-worker.ts): memory stays bounded. */
const MAX_AHEAD = 4;

/** The parser on this thread: csv-worker.ts's loop without the thread, its batches handed over as they are. */
class ThreadParser implements BundleParser {
  private readonly received: FileMessage[] = [];
  private waiting: { resolve: (message: FileMessage) => void; reject: (error: Error) => void } | null = null;
  private failure: Error | null = null;
  private ahead = 0;
  private resume: (() => void) | null = null;
  private closed = false;

  constructor(job: ParseJob) {
    this.run(job).catch((error: unknown) => {
      const { message, stack } = error instanceof Error ? error : new Error(String(error));
      this.failure ??= Object.assign(new Error(`reading the CSV bundle failed: ${message}`), { stack });
      this.waiting?.reject(this.failure);
      this.waiting = null;
    });
  }

  private async run(job: ParseJob): Promise<void> {
    const emit = async (batch: RowBatch): Promise<void> => {
      this.deliver({ type: 'batch', batch });
      this.ahead++;
      while (this.ahead >= MAX_AHEAD && !this.closed)
        await new Promise<void>((wake) => {
          this.resume = wake;
        });
    };
    for (const { path, spec } of job.files) {
      if (this.closed) return;
      const rows = await parseBundleFile(path, spec, emit);
      this.deliver({ type: 'end', rows });
    }
  }

  private deliver(message: FileMessage): void {
    const waiting = this.waiting;
    this.waiting = null;
    if (waiting) waiting.resolve(message);
    else this.received.push(message);
  }

  next(): Promise<FileMessage> {
    const message = this.received.shift();
    if (message) return Promise.resolve(message);
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
    });
  }

  loaded(): void {
    this.ahead--;
    this.wake();
  }

  close(): Promise<void> {
    // A read that stopped early (the loader threw) lets the parse loop end instead of waiting forever.
    this.closed = true;
    this.wake();
    return Promise.resolve();
  }

  private wake(): void {
    const resume = this.resume;
    this.resume = null;
    resume?.();
  }
}

/** The parse worker seen from the main thread: its messages in order, and the acknowledgements that let it read on. */
class WorkerParser implements BundleParser {
  private readonly worker: Worker;
  private readonly received: FileMessage[] = [];
  private waiting: { resolve: (message: FileMessage) => void; reject: (error: Error) => void } | null = null;
  private failure: Error | null = null;

  constructor(job: ParseJob) {
    this.worker = new Worker(workerEntry('./csv-worker', import.meta.url), {
      workerData: job,
      resourceLimits: { maxYoungGenerationSizeMb: PARSE_WORKER_YOUNG_MB },
    });
    this.worker.on('message', (message: ParseMessage) => {
      if (message.type === 'failed') {
        this.fail(
          Object.assign(new Error(`reading the CSV bundle failed: ${message.message}`), { stack: message.stack }),
        );
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
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
    });
  }

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
    const notUtf8 = findings.errors.some(
      (p) => p.file === file && p.column === '(file)' && p.problem.startsWith('is not UTF-8'),
    );
    const why = !existsSync(join(dir, file))
      ? spec.optional
        ? `${file} is absent (it is optional)`
        : `${file} is missing`
      : `${file} was not read (${notUtf8 ? 'it is not UTF-8' : 'a required column is missing'})`;
    findings.hint(
      (kind) => kind.severity === 'error' && kind.pattern.startsWith(`unknown ${entity} `),
      `${why}, but rows of this file refer to its ids${spec.optional ? `: add ${file}, or leave the column empty` : ''}`,
    );
  }
}
