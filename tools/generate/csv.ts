// Writing CSV files of CONTRACT §1: one field function (shared with the tests' bundle writer) and
// buffered files, so ballots go straight out and memory does not grow with the number of councils.

import { open, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { BUNDLE_COLUMNS } from '../../etl/sources/csv.ts';

export type FileName = string;
export type Cell = string | number | null;

/** Characters buffered per file before it is written out. */
export const FLUSH_CHARS = 1 << 20;

/** One RFC 4180 field: empty for null, quoted only when it holds a comma, a quote or a line break. */
export function csvField(value: Cell | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value); // numbers are integers: no locale, no exponent
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export class CsvFile {
  rows = 0;
  private buffer: string;

  constructor(
    private readonly handle: FileHandle,
    columns: readonly string[],
  ) {
    this.buffer = `${columns.join(',')}\n`;
  }

  row(cells: readonly Cell[]): void {
    this.line(cells.map(csvField).join(','));
  }

  /** A pre-formatted line whose cells need no quoting (the hot path for ballots). */
  line(text: string): void {
    this.buffer += `${text}\n`;
    this.rows++;
  }

  async flush(minChars: number): Promise<void> {
    if (this.buffer.length === 0 || this.buffer.length < minChars) return;
    const text = this.buffer;
    this.buffer = '';
    await this.handle.writeFile(text, 'utf8'); // writes everything, from the current position
  }

  async close(): Promise<void> {
    await this.flush(0);
    await this.handle.close();
  }
}

export class Bundle {
  private constructor(private readonly files: Record<FileName, CsvFile>) {}

  static async open(dir: string): Promise<Bundle> {
    const names = Object.keys(BUNDLE_COLUMNS);
    const handles = await Promise.all(names.map((name) => open(join(dir, name), 'w')));
    const files = Object.fromEntries(
      names.map((name, i) => [name, new CsvFile(handles[i]!, BUNDLE_COLUMNS[name]!)]),
    ) as Record<FileName, CsvFile>;
    return new Bundle(files);
  }

  file(name: FileName): CsvFile {
    const file = this.files[name];
    if (!file) throw new Error(`${name} is not a file of the bundle`);
    return file;
  }

  /** Writes out the files whose buffers are full; called between sessions, never per row. */
  async drain(): Promise<void> {
    for (const file of Object.values(this.files)) await file.flush(FLUSH_CHARS);
  }

  async close(): Promise<void> {
    for (const file of Object.values(this.files)) await file.close();
  }

  rowCounts(): Record<string, number> {
    return Object.fromEntries(Object.entries(this.files).map(([name, file]) => [name, file.rows]));
  }
}
