// The records of a CSV file exactly as csv-parse reads them (`bom`, `relax_column_count`, the record
// delimiter detected), with their line numbers, read several times faster: csv-parse costs about a
// microsecond a row, most of a national bundle's read. A line without a carriage return whose quotes
// (if any) are whole quoted fields (all lines of a generated or exported bundle) is split here, as
// csv-parse would split it; from the first line that is not, the rest of the file goes through
// csv-parse itself.
// test/csv-records.test.ts checks both paths against csv-parse on random files.

import { isUtf8 } from 'node:buffer';
import { createReadStream } from 'node:fs';
import { Transform, pipeline } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { Utf8Guard, firstLineNotUtf8 } from './text-encoding.ts';

const LF = 0x0a;
const CR = 0x0d;
const QUOTE = 0x22;
const COMMA = 0x2c;
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

export interface RecordSink {
  /** A record (its cells) that starts on `line`. */
  record(cells: string[], line: number): void;
  /**
   * Optionally takes a plain line (no quote, no carriage return: its cells are its bytes between
   * commas) as bytes, before any string is made of it; returns false to have it passed to `record`.
   */
  plainLine?(bytes: Buffer, start: number, end: number, line: number): boolean;
  /** Whether the records taken fill a batch to hand on: then `flush` is awaited before reading on. */
  readonly full: boolean;
  flush(): Promise<void>;
}

/**
 * A syntax error of the file (csv-parse's message), on `line`, or (`encoding`) the line from which the
 * file is not UTF-8 (text-encoding.ts); nothing after it was read.
 */
export interface CsvSyntaxError {
  line: number;
  message: string;
  encoding?: true;
}

/**
 * Reads the file at `path` into `sink`; returns the syntax error that ended it early, if any.
 * `chunkBytes`: how much is read at a time (the tests make it small to put lines across reads).
 */
export async function readCsvRecords(
  path: string,
  sink: RecordSink,
  chunkBytes = 1 << 20,
): Promise<CsvSyntaxError | null> {
  let line = 1;
  let fileOffset = 0; // of `pending`'s first byte
  let pending: Buffer | null = null; // an incomplete last line
  let started = false; // past a byte order mark, if the file has one
  for await (const chunk of createReadStream(path, { highWaterMark: chunkBytes }) as AsyncIterable<Buffer>) {
    let bytes: Buffer = pending ? Buffer.concat([pending, chunk]) : chunk;
    if (!started) {
      if (bytes.length < BOM.length) {
        pending = bytes; // too short yet to tell whether the file starts with a byte order mark
        continue;
      }
      started = true;
      if (bytes.subarray(0, BOM.length).equals(BOM)) {
        bytes = bytes.subarray(BOM.length);
        fileOffset = BOM.length;
      }
    }
    // Whole lines are checked to be UTF-8 before any is decoded (the last, incomplete one with the next chunk).
    const checked = bytes.lastIndexOf(LF) + 1;
    if (!isUtf8(bytes.subarray(0, checked))) return { ...firstLineNotUtf8(bytes, 0, checked, line)!, encoding: true };
    const crAt = indexOrEnd(bytes, CR, 0); // a line through this byte goes to csv-parse
    let quoteAt = indexOrEnd(bytes, QUOTE, 0); // the next quote
    let at = 0;
    for (let end = bytes.indexOf(LF); end >= 0; end = bytes.indexOf(LF, at)) {
      if (end >= crAt || !take(sink, bytes, at, end, quoteAt < end, line))
        return handOff(path, fileOffset + at, line, sink);
      line++;
      at = end + 1;
      if (quoteAt < at) quoteAt = indexOrEnd(bytes, QUOTE, at);
      if (sink.full) await sink.flush();
    }
    fileOffset += at;
    pending = at < bytes.length ? bytes.subarray(at) : null;
  }
  if (!started) return handOff(path, 0, 1, sink); // a file of fewer than three bytes
  if (pending) {
    // The last line, without a line break after it.
    if (!isUtf8(pending)) return { ...firstLineNotUtf8(pending, 0, pending.length, line)!, encoding: true };
    const quoted = pending.includes(QUOTE);
    if (pending.includes(CR) || !take(sink, pending, 0, pending.length, quoted, line))
      return handOff(path, fileOffset, line, sink);
    if (sink.full) await sink.flush();
  }
  return null;
}

/** Position of the first `byte` in `bytes` at or after `from`, or the length. */
function indexOrEnd(bytes: Buffer, byte: number, from: number): number {
  const at = bytes.indexOf(byte, from);
  return at < 0 ? bytes.length : at;
}

/** Hands on a line without a carriage return; false (nothing handed on) when its quotes are not all well-formed quoted fields. */
function take(sink: RecordSink, bytes: Buffer, start: number, end: number, quoted: boolean, line: number): boolean {
  if (!quoted) {
    if (!sink.plainLine?.(bytes, start, end, line)) sink.record(bytes.toString('utf8', start, end).split(','), line);
    return true;
  }
  const cells = splitQuoted(bytes.toString('utf8', start, end));
  if (cells === null) return false;
  sink.record(cells, line);
  return true;
}

/**
 * The cells of a line whose quoted fields are whole and well-formed (`"…"`, a quote inside doubled,
 * then a comma or the end of the line), as csv-parse reads them; null for any other quote.
 */
export function splitQuoted(text: string): string[] | null {
  const cells: string[] = [];
  for (let at = 0; ;) {
    if (text.charCodeAt(at) !== QUOTE) {
      const comma = text.indexOf(',', at);
      const cell = text.slice(at, comma < 0 ? text.length : comma);
      if (cell.includes('"')) return null;
      cells.push(cell);
      if (comma < 0) return cells;
      at = comma + 1;
      continue;
    }
    let cell = '';
    for (let from = at + 1; ;) {
      const quote = text.indexOf('"', from);
      if (quote < 0) return null; // the field goes on past the line: csv-parse's to read
      if (text.charCodeAt(quote + 1) === QUOTE) {
        cell += text.slice(from, quote + 1);
        from = quote + 2;
        continue;
      }
      cell += text.slice(from, quote);
      at = quote + 1;
      break;
    }
    cells.push(cell);
    if (at === text.length) return cells;
    if (text.charCodeAt(at) !== COMMA) return null;
    at++;
  }
}

/** The file stopped being UTF-8 on its way to csv-parse (the refusal is kept beside it). */
class EncodingRefused extends Error {}

/**
 * The rest of the file from `offset` (the start of `line`) through csv-parse: the whole file when no
 * line was read yet; else the lines read before ended with a bare line feed, which is then the record
 * delimiter csv-parse would have detected.
 */
async function handOff(path: string, offset: number, line: number, sink: RecordSink): Promise<CsvSyntaxError | null> {
  const fromStart = line === 1;
  const options = fromStart
    ? { bom: true, relax_column_count: true }
    : { relax_column_count: true, record_delimiter: '\n' };
  const firstLine = line;
  let nextLine = line;
  // A record starts on the line after the previous one ended, and quoted fields may span lines.
  // The rest of the file is checked to be UTF-8 on its way to csv-parse, which would decode it regardless.
  const guard = new Utf8Guard(line);
  let notUtf8: CsvSyntaxError | undefined;
  const checked = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const refused = guard.check(chunk);
      if (refused) done(new EncodingRefused((notUtf8 = { ...refused, encoding: true }).message));
      else done(null, chunk);
    },
    flush(done) {
      const refused = guard.check(Buffer.alloc(0), true);
      done(refused ? new EncodingRefused((notUtf8 = { ...refused, encoding: true }).message) : null);
    },
  });
  try {
    // pipeline, not pipe: the refusal (an error of `checked`) must end the records' iteration.
    const records = pipeline(
      createReadStream(path, { start: fromStart ? 0 : offset }),
      checked,
      parse(options),
      () => undefined,
    );
    for await (const cells of records as AsyncIterable<string[]>) {
      const at = nextLine;
      nextLine++;
      for (const cell of cells) if (cell.includes('\n')) nextLine += cell.split('\n').length - 1;
      sink.record(cells, at);
      if (sink.full) await sink.flush();
    }
  } catch (error) {
    if (notUtf8) return notUtf8;
    if (!(error instanceof CsvError)) throw error;
    const { lines } = error as CsvError & { lines?: number };
    if (lines === undefined) return { line: nextLine, message: error.message };
    // csv-parse counts lines from where it started; its message names the line it counted.
    const line = lines + firstLine - 1;
    return { line, message: error.message.replace(`at line ${lines}`, `at line ${line}`) };
  }
  return null;
}
