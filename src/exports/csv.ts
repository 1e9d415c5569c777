// CSV as RFC 4180 writes it: UTF-8, a header row, CRLF line ends, a field quoted only when it holds a
// comma, a quote or a line break (quotes doubled). Rows come in batches (a few thousand from one indexed
// read) and go out through a TextWriter, so memory holds one batch and one chunk whatever the size.
//
// Every CSV the service writes passes through csvField, which neutralises formulas (OWASP's CSV
// injection): a text field that a spreadsheet would run as a formula — starting with =, +, -, @, a tab
// or a carriage return (or their full-width forms) — gets an apostrophe in front, which spreadsheets
// show as text. The titles come from the councils' documents and the sources; a title such as
// `=HYPERLINK("http://…")` must stay text. Numbers are written as they are (-1 is a number, not a formula).

import type { Writable } from 'node:stream';
import { TextWriter } from './text-writer.ts';

/** The media type to serve these files with (RFC 4180 §3, with the header parameter). */
export const CSV_MEDIA_TYPE = 'text/csv; charset=utf-8; header=present';

export type Cell = string | number | boolean | null | undefined;

/** One column of a CSV file: its header, what it means (for the description beside the files), its value. */
export interface CsvColumn<T> {
  name: string;
  description: string;
  value: (row: T) => Cell;
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

/** One field: empty for null, `1`/`0` for booleans, a formula neutralised, quoted only when it must be. */
export function csvField(value: Cell): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return typeof value === 'boolean' ? (value ? '1' : '0') : String(value);
  const text = value.length > 0 && startsFormula(value.charCodeAt(0)) ? `${FORMULA_GUARD}${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One row's line: built by concatenation (no array per row: a million rows' garbage counts). */
function rowLine<T>(columns: ReadonlyArray<CsvColumn<T>>, row: T): string {
  let text = csvField(columns[0]!.value(row));
  for (let i = 1; i < columns.length; i++) text += `,${csvField(columns[i]!.value(row))}`;
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
): Promise<number> {
  const writer = new TextWriter(out);
  await writer.write(`${columns.map((c) => csvField(c.name)).join(',')}\r\n`);
  let rows = 0;
  for await (const batch of batches) {
    let text = '';
    for (const row of batch) text += rowLine(columns, row);
    rows += batch.length;
    await writer.write(text);
  }
  await writer.flush();
  return rows;
}
