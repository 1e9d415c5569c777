// One file of a CSV bundle parsed and validated into batches of rows, in file order, with the
// problems found between them. Runs in the parse worker (csv-worker.ts), so that parsing and
// validation use the second core while the loader checks and inserts on the main thread.
//
// Ballots (glosy.csv, four fifths of the rows of a national bundle) travel as typed columns instead
// of objects: no per-row object on either side, and the arrays are transferred, not copied. A plain
// ballot line is read from its bytes without making a string of it.

import type { z } from 'zod';
import { GLOS_VALUES } from '../../core/contract.ts';
import type { Severity } from '../findings.ts';
import { BALLOTS_FILE, BUNDLE_FILES, type FileSpec } from './csv-spec.ts';
import { readCsvRecords, type RecordSink } from './csv-records.ts';

/** A problem found by the parser, to be reported after the first `before` rows of its batch. */
export interface ParsedProblem {
  before: number;
  severity: Severity;
  line: number;
  column: string;
  problem: string;
}

/** Ballots as columns: vote id, councillor id, ballot code (GLOS_VALUES index). */
export interface BallotColumns {
  vote: Float64Array;
  person: Float64Array;
  glos: Uint8Array;
}

export interface RowBatch {
  /** Index of the file in BUNDLE_FILES. */
  spec: number;
  count: number;
  /** Line of each row. */
  lines: Float64Array;
  /** Rows as the file's schema outputs them; empty for the ballots file. */
  rows: unknown[];
  /** The ballots file's rows. */
  ballots: BallotColumns | null;
  problems: ParsedProblem[];
}

/** Rows per batch: large enough that a message costs little per row, small enough to keep the queue small. */
const ROWS_PER_BATCH = 8192;

/** Collects rows and problems into batches and hands each on when full. */
class BatchBuilder {
  private batch!: RowBatch;

  constructor(
    private readonly spec: number,
    private readonly ballots: boolean,
    private readonly emit: (batch: RowBatch) => Promise<void>,
  ) {
    this.reset();
  }

  private reset(): void {
    this.batch = {
      spec: this.spec,
      count: 0,
      lines: new Float64Array(ROWS_PER_BATCH),
      rows: [],
      problems: [],
      ballots: this.ballots
        ? {
            vote: new Float64Array(ROWS_PER_BATCH),
            person: new Float64Array(ROWS_PER_BATCH),
            glos: new Uint8Array(ROWS_PER_BATCH),
          }
        : null,
    };
  }

  problem(severity: Severity, line: number, column: string, problem: string): void {
    this.batch.problems.push({ before: this.batch.count, severity, line, column, problem });
  }

  row(line: number, row: unknown): void {
    this.batch.rows.push(row);
    this.batch.lines[this.batch.count++] = line;
  }

  ballot(line: number, vote: number, person: number, glos: number): void {
    const { ballots, lines, count } = this.batch;
    ballots!.vote[count] = vote;
    ballots!.person[count] = person;
    ballots!.glos[count] = glos;
    lines[count] = line;
    this.batch.count = count + 1;
  }

  get full(): boolean {
    return this.batch.count === ROWS_PER_BATCH;
  }

  async send(): Promise<void> {
    if (this.batch.count === 0 && this.batch.problems.length === 0) return;
    const batch = this.batch;
    this.reset();
    await this.emit(batch);
  }
}

const truncate = (value: string) => (value.length > 40 ? `${value.slice(0, 40)}…` : value);

/**
 * Parses the file at `path` (BUNDLE_FILES[spec]), handing batches to `emit` (which may wait, to hold
 * back the reading). Returns the number of data rows, or null when the file could not be read (a required
 * column is missing, or it is not UTF-8).
 */
export async function parseBundleFile(
  path: string,
  spec: number,
  emit: (batch: RowBatch) => Promise<void>,
): Promise<number | null> {
  const { schema, file, prepare } = BUNDLE_FILES[spec]! as FileSpec<z.ZodObject>;
  const ballots = file === BALLOTS_FILE;
  const out = new BatchBuilder(spec, ballots, emit);
  const report = (line: number, column: string, problem: string) => out.problem('error', line, column, problem);
  const columns = Object.keys(schema.shape);
  let indexes: number[] | null = null; // position of each schema column in the file's header
  let width = 0;
  let canonical = false; // the header is exactly the schema's columns, in order
  let rows = 0;

  const header = (record: string[]) => {
    const names = record.map((name) => name.trim());
    const isOptional = (c: string) => (schema.shape[c] as z.ZodType).safeParse(null).success;
    const missing = columns.filter((c) => !names.includes(c) && !isOptional(c));
    for (const c of missing) report(1, c, 'required column is missing');
    if (missing.length > 0) throw new Unreadable(); // rows cannot be read without their columns
    // The contract ignores unknown columns; said once, so that a typo in a header is visible.
    const absentOptional = columns.filter((c) => !names.includes(c));
    for (const name of names.filter((h) => !columns.includes(h))) {
      out.problem(
        'warning',
        1,
        name || '(empty)',
        `unknown column, ignored${
          absentOptional.length ? ` (optional columns not in this file: ${absentOptional.join(', ')})` : ''
        }`,
      );
    }
    indexes = columns.map((c) => names.indexOf(c));
    width = names.length;
    canonical = record.length === columns.length && columns.every((c, i) => record[i] === c);
  };

  const sink: RecordSink = {
    record(record, line) {
      if (indexes === null) {
        header(record);
        return;
      }
      rows++;
      if (record.length !== width) {
        report(line, '(row)', `expected ${width} fields as in the header, found ${record.length}`);
        return;
      }
      const raw: Record<string, string | null> = {};
      for (let i = 0; i < columns.length; i++) {
        const cell = indexes[i]! < 0 ? undefined : record[indexes[i]!];
        raw[columns[i]!] = cell === undefined || cell === '' ? null : cell;
      }
      const parsed = schema.safeParse(raw);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const column = String(issue.path[0] ?? '(row)');
          const value = raw[column];
          report(line, column, value == null ? issue.message : `${issue.message} (got "${truncate(value)}")`);
        }
      } else if (ballots) {
        const b = parsed.data as { id_glosowania: number; id_osoby: number; glos: number };
        out.ballot(line, b.id_glosowania, b.id_osoby, b.glos);
      } else {
        out.row(line, prepare ? prepare(parsed.data) : parsed.data);
      }
    },
    // A ballot line the schema accepts, read from its bytes; anything else goes through the schema for its messages.
    plainLine: ballots
      ? (bytes, start, end, line) => {
          if (!canonical) return false;
          const ballot = plainBallot(bytes, start, end);
          if (ballot === null) return false;
          rows++;
          out.ballot(line, ballot.vote, ballot.person, ballot.glos);
          return true;
        }
      : undefined,
    get full() {
      return out.full;
    },
    flush: () => out.send(),
  };

  try {
    const syntaxError = await readCsvRecords(path, sink);
    if (syntaxError?.encoding) {
      report(syntaxError.line, '(file)', syntaxError.message);
      throw new Unreadable(); // refused: its rows are not what the file says
    }
    if (syntaxError)
      report(
        syntaxError.line,
        '(row)',
        `${syntaxError.message.replace(/^Invalid /, 'invalid ')}; the rest of the file was not read`,
      );
  } catch (error) {
    if (!(error instanceof Unreadable)) throw error;
    await out.send();
    return null;
  }
  await out.send();
  return rows;
}

/** Ends the reading of a file whose header lacks a required column, or that is not UTF-8. */
class Unreadable extends Error {}

/** The ballot values, as GLOS_VALUES' bytes. */
const GLOS_BYTES = GLOS_VALUES.map((value) => Buffer.from(value));
const DIGIT_0 = 0x30;
const COMMA = 0x2c;
const parsedBallot = { vote: 0, person: 0, glos: 0 };

/**
 * `vote,person,glos` as the ballots schema accepts it (POSITIVE_INT ids, one of GLOS_VALUES), read from
 * the line's bytes; null for anything else. The object returned is reused.
 */
function plainBallot(bytes: Buffer, start: number, end: number): typeof parsedBallot | null {
  let at = start;
  const id = (): number => {
    const first = at;
    let value = 0;
    for (; at < end && at - first < 15; at++) {
      const digit = bytes[at]! - DIGIT_0;
      if (digit < 0 || digit > 9) break;
      value = value * 10 + digit;
    }
    return at === first || bytes[first] === DIGIT_0 || bytes[at] !== COMMA || at >= end ? -1 : value;
  };
  const vote = id();
  if (vote < 0) return null;
  at++;
  const person = id();
  if (person < 0) return null;
  at++;
  const glos = GLOS_BYTES.findIndex(
    (value) => value.length === end - at && bytes.compare(value, 0, value.length, at, end) === 0,
  );
  if (glos < 0) return null;
  parsedBallot.vote = vote;
  parsedBallot.person = person;
  parsedBallot.glos = glos;
  return parsedBallot;
}
