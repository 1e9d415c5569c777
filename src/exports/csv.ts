// CSV as RFC 4180 writes it: UTF-8, a header row, CRLF line ends, a field quoted only when it holds a
// comma, a quote or a line break (quotes doubled). Rows come in batches (a few thousand from one indexed
// read) and go out through a TextWriter, so memory holds one batch and one chunk whatever the size.
//
// Every CSV the service writes passes through csvField, which neutralises formulas (OWASP's CSV
// injection): a text field that a spreadsheet would run as a formula — starting with =, +, -, @, a tab
// or a carriage return (or their full-width forms) — gets an apostrophe in front, which spreadsheets
// show as text. The titles come from the councils' documents and the sources; a title such as
// `=HYPERLINK("http://…")` must stay text. Numbers are written as they are (-1 is a number, not a formula).
//
// Two dialects of the same rows: RFC 4180 for programs, and the spreadsheet's (SPREADSHEET_CSV) for a
// double-click in a Polish Excel or LibreOffice: a UTF-8 byte order mark (without it Excel reads the
// file as Windows-1250: „GdaĹ„ska”), `;` between fields (the list separator of a Polish system) and a
// decimal comma (92,50: with a point a Polish spreadsheet reads 92.50 as text). No .xlsx: no streaming
// writer is among the dependencies, and LibreOffice reads this file right with the options its import
// dialog offers for it (test/site-spreadsheet.test.ts measures it).

import type { Writable } from 'node:stream';
import { TextWriter } from './text-writer.ts';

/** The media type to serve these files with (RFC 4180 §3, with the header parameter). */
export const CSV_MEDIA_TYPE = 'text/csv; charset=utf-8; header=present';

export type Cell = string | number | boolean | null | undefined;

/** The type of a column's values, as a Table Schema names it (the Data Package of /dane/). */
export type ColumnType = 'integer' | 'number' | 'string' | 'boolean' | 'date';

/** One column of a CSV file: its header, what it means (for the description beside the files), its value. */
export interface CsvColumn<T> {
  name: string;
  description: string;
  value: (row: T) => Cell;
  /** The type of its values (from the response schema's field; a column of its own says it). */
  type?: ColumnType;
  /**
   * Its value in words, for a reader's spreadsheet (a dialect with `words`): a ballot's `brak_glosu` as
   * „brak głosu” (issue 46). Programs' files keep `value`, the codes the API and the bulk files use.
   */
  words?: (row: T) => Cell;
}

/** Whether a text starting with this character would be a formula in a spreadsheet (see above). */
const startsFormula = (code: number): boolean =>
  code === 0x3d ||
  code === 0x2b ||
  code === 0x2d ||
  code === 0x40 ||
  code === 0x09 ||
  code === 0x0d ||
  code === 0xff1d ||
  code === 0xff0b ||
  code === 0xff0d ||
  code === 0xff20;

/** The apostrophe put before a text that would be a formula: spreadsheets show the rest as text. */
export const FORMULA_GUARD = "'";

/** How a file is written: its separator, its decimal mark, whether it starts with a byte order mark. */
export interface CsvDialect {
  separator: ',' | ';';
  decimal: '.' | ',';
  bom: boolean;
  /** Columns that have words (CsvColumn.words) write them instead of their codes. */
  words: boolean;
}

/** RFC 4180, for programs. */
export const RFC4180_CSV: CsvDialect = { separator: ',', decimal: '.', bom: false, words: false };
/** For a spreadsheet in a Polish locale (see above); a column's codes in words where it has them. */
export const SPREADSHEET_CSV: CsvDialect = { separator: ';', decimal: ',', bom: true, words: true };

/** A decimal number written as text (a percentage such as `92.50`). */
const DECIMAL_TEXT = /^-?\d+\.\d+$/;
const NEEDS_QUOTES: Record<CsvDialect['separator'], RegExp> = { ',': /[",\r\n]/, ';': /[";\r\n]/ };

/** One field: empty for null, `1`/`0` for booleans, a formula neutralised, quoted only when it must be. */
export function csvField(value: Cell, dialect: CsvDialect = RFC4180_CSV): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (typeof value === 'number') return dialect.decimal === '.' ? String(value) : String(value).replace('.', ',');
  if (dialect.decimal === ',' && DECIMAL_TEXT.test(value)) return value.replace('.', ',');
  const text = value.length > 0 && startsFormula(value.charCodeAt(0)) ? `${FORMULA_GUARD}${value}` : value;
  return NEEDS_QUOTES[dialect.separator].test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One row's line: built by concatenation (no array per row: a million rows' garbage counts). */
function rowLine<T>(values: ReadonlyArray<(row: T) => Cell>, row: T, dialect: CsvDialect): string {
  let text = csvField(values[0]!(row), dialect);
  for (let i = 1; i < values.length; i++) text += `${dialect.separator}${csvField(values[i]!(row), dialect)}`;
  return `${text}\r\n`;
}

/**
 * Writes the header and every row of `batches` to `out`, waiting for the stream between chunks; returns
 * the number of data rows. Does not end `out`. Rejects with OutputClosedError when `out` closes early,
 * and then reads no further batch.
 */
export async function writeCsv<T>(
  out: Writable,
  columns: ReadonlyArray<CsvColumn<T>>,
  batches: Iterable<readonly T[]> | AsyncIterable<readonly T[]>,
  dialect: CsvDialect = RFC4180_CSV,
): Promise<number> {
  const writer = new TextWriter(out);
  const header = columns.map((c) => csvField(c.name, dialect)).join(dialect.separator);
  await writer.write(`${dialect.bom ? '\uFEFF' : ''}${header}\r\n`);
  const values = columns.map((c) => (dialect.words && c.words ? c.words : c.value));
  let rows = 0;
  for await (const batch of batches) {
    let text = '';
    for (const row of batch) text += rowLine(values, row, dialect);
    rows += batch.length;
    await writer.write(text);
  }
  await writer.flush();
  return rows;
}
