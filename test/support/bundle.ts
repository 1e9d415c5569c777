// A CSV bundle (CONTRACT §1) held in memory, and the writer that puts it on disk for the ETL.
// Tests describe councils as plain rows; this is the only place that knows the file format.

import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BUNDLE_COLUMNS } from '../../etl/sources/csv.ts';
import { type Cell, csvField } from '../../tools/generate/csv.ts';

export type { Cell };
export type Row = Record<string, Cell>;
/** File name (e.g. `glosy.csv`) → rows. A file left out of the record is absent from the bundle. */
export type Bundle = Record<string, Array<Record<string, Cell>>>;

/** Header: the union of the rows' keys, in order of first appearance (first row first). */
export function csvHeader(fileName: string, rows: ReadonlyArray<Record<string, Cell>>): string[] {
  if (rows.length === 0) return [...(BUNDLE_COLUMNS[fileName] ?? [])];
  const header: string[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    for (const key of Object.keys(row)) {
      if (!seen.has(key)) {
        seen.add(key);
        header.push(key);
      }
    }
  }
  return header;
}

/** The text of one CSV file: header line, one line per row, every line ended by `\n`. */
export function toCsv(fileName: string, rows: ReadonlyArray<Record<string, Cell>>): string {
  const header = csvHeader(fileName, rows);
  const lines = [header.map((name) => csvField(name)).join(',')];
  for (const row of rows) lines.push(header.map((name) => csvField(row[name])).join(','));
  return lines.map((line) => `${line}\n`).join('');
}

/** Writes every file of the bundle into `dir` (created if missing), UTF-8 without a BOM. */
export async function writeBundle(dir: string, bundle: Bundle): Promise<void> {
  await mkdir(dir, { recursive: true });
  for (const [fileName, rows] of Object.entries(bundle)) {
    await writeFile(join(dir, fileName), toCsv(fileName, rows), 'utf8');
  }
}
