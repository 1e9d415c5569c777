// The CSV reader's own record splitter (etl/sources/csv-records.ts) against csv-parse, which it stands
// in for on plain lines: on random files, with lines across read boundaries, the same records, the same
// line numbers and the same syntax error, whether the lines are taken as records or as bytes.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readCsvRecords, type RecordSink } from '../etl/sources/csv-records.ts';
import { Utf8Guard } from '../etl/sources/text-encoding.ts';
import { tempDir } from './support/fixture.ts';

interface Read {
  records: Array<[number, string[]]>;
  error: { line: number; message: string } | null;
}

/** What the reader did before it had its own splitter: csv-parse over the whole file, lines counted alongside. */
async function throughCsvParse(bytes: Buffer): Promise<Read> {
  const records: Read['records'] = [];
  let nextLine = 1;
  try {
    for await (const cells of Readable.from([bytes]).pipe(
      parse({ bom: true, relax_column_count: true }),
    ) as AsyncIterable<string[]>) {
      records.push([nextLine, cells]);
      nextLine++;
      for (const cell of cells) if (cell.includes('\n')) nextLine += cell.split('\n').length - 1;
    }
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    return {
      records,
      error: { line: (error as CsvError & { lines?: number }).lines ?? nextLine, message: error.message },
    };
  }
  return { records, error: null };
}

async function throughReader(path: string, chunkBytes: number, asBytes: boolean): Promise<Read & { plain: number }> {
  const records: Read['records'] = [];
  let plain = 0;
  let queued = 0;
  const sink: RecordSink = {
    record: (cells, line) => {
      records.push([line, cells]);
      queued++;
    },
    plainLine: asBytes
      ? (bytes, start, end, line) => {
          plain++;
          records.push([line, bytes.toString('utf8', start, end).split(',')]);
          queued++;
          return true;
        }
      : undefined,
    get full() {
      return queued >= 3;
    },
    flush: async () => {
      queued = 0;
    },
  };
  const error = await readCsvRecords(path, sink, chunkBytes);
  return { records, error, plain };
}

const piece = fc.constantFrom(
  'a',
  'b',
  '7',
  ',',
  ',',
  '"',
  '""',
  '\r',
  '\n',
  '\n',
  '\r\n',
  ' ',
  'ą',
  'ż',
  '\ufeff',
  'x"y',
);
const file = fc.record({
  bom: fc.boolean(),
  body: fc
    .array(
      fc.oneof(
        {
          arbitrary: fc
            .array(fc.constantFrom('12', 'za', 'Łódź', '', 'a b', '"a,b"', '"x""y"', '""', '"ą"'), {
              minLength: 1,
              maxLength: 4,
            })
            .map((cells) => `${cells.join(',')}\n`),
          weight: 4,
        },
        { arbitrary: fc.array(piece, { maxLength: 6 }).map((p) => p.join('')), weight: 1 },
      ),
      { maxLength: 30 },
    )
    .map((parts) => parts.join('')),
});

describe('readCsvRecords', () => {
  const dir = tempDir('csv-records-');

  it('reads what csv-parse reads, on random files and read sizes', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        file,
        fc.integer({ min: 1, max: 40 }),
        fc.boolean(),
        async ({ bom, body }, chunkBytes, asBytes) => {
          const bytes = Buffer.concat([bom ? Buffer.from([0xef, 0xbb, 0xbf]) : Buffer.alloc(0), Buffer.from(body)]);
          const path = join(dir, `f${n++}.csv`);
          writeFileSync(path, bytes);
          const read = await throughReader(path, chunkBytes, asBytes);
          const expected = await throughCsvParse(bytes);
          expect(read.error).toEqual(expected.error);
          if (expected.error === null) {
            expect(read.records).toEqual(expected.records);
          } else {
            // csv-parse's stream drops the records it had parsed in the read that ends with the error; the
            // splitter hands those on: all records before the error's line, of which csv-parse's are the first.
            expect(read.records.slice(0, expected.records.length)).toEqual(expected.records);
            for (const [line] of read.records) expect(line).toBeLessThanOrEqual(expected.error.line);
          }
        },
      ),
      { numRuns: 600 },
    );
  });

  it('takes plain lines as bytes, splits whole quoted fields itself, and hands the rest of the file to csv-parse from a line it cannot split', async () => {
    const path = join(dir, 'mixed.csv');
    writeFileSync(path, 'a,b\n1,2\n"3,""x""",4\n5,6\n7,"8\n9"\n10,11\n');
    const read = await throughReader(path, 4, true);
    expect(read.records).toEqual([
      [1, ['a', 'b']],
      [2, ['1', '2']],
      [3, ['3,"x"', '4']],
      [4, ['5', '6']],
      [5, ['7', '8\n9']],
      [7, ['10', '11']],
    ]);
    expect(read.plain).toBe(3); // lines 1, 2 and 4; line 3 is split here, not as bytes; from line 5 on csv-parse reads
  });

  it('numbers lines after a quoted field that spans several, and the line of a syntax error', async () => {
    const path = join(dir, 'broken.csv');
    writeFileSync(path, 'a,b\n1,"x\ny"\n2,3\n4,"unclosed\n');
    const read = await throughReader(path, 1 << 20, true);
    expect(read.records).toEqual([
      [1, ['a', 'b']],
      [2, ['1', 'x\ny']],
      [4, ['2', '3']],
    ]);
    expect(read.error).toMatchObject({ line: 5, message: expect.stringMatching(/quote/i) });
  });
});

describe('Utf8Guard (the files csv-parse reads are checked on their way)', () => {
  const text = Buffer.from('id,imie_nazwisko\n1,Zażółć Gęślą\n2,Jaźń 😀\n3,Łódź\n');

  it.each([1, 2, 3, 5, 64])('UTF-8 cut into chunks of %i bytes (characters across chunks) passes', (size) => {
    const guard = new Utf8Guard(1);
    for (let at = 0; at < text.length; at += size) expect(guard.check(text.subarray(at, at + size))).toBeUndefined();
    expect(guard.check(Buffer.alloc(0), true)).toBeUndefined();
  });

  it('names the line where the bytes stop being UTF-8, counting from its first line, and the likely encoding', () => {
    const latin2 = Buffer.concat([text, Buffer.from([0x34, 0x2c, 0xa3, 0xf3, 0x64, 0xbc, 0x0a])]); // "4,Łódź" in ISO-8859-2
    const guard = new Utf8Guard(10);
    let refused;
    for (let at = 0; at < latin2.length && !refused; at += 7) refused = guard.check(latin2.subarray(at, at + 7));
    expect(refused).toEqual({
      line: 14,
      message: expect.stringMatching(
        /^is not UTF-8 text: it looks like ISO-8859-2 \(Latin-2\), in which this line reads "4,Łódź"/,
      ),
    });
  });

  it('a character cut off at the end of the file is refused', () => {
    const guard = new Utf8Guard(1);
    expect(guard.check(Buffer.from([0x61, 0xc5]))).toBeUndefined(); // the rest may come in the next chunk…
    expect(guard.check(Buffer.alloc(0), true)).toMatchObject({ line: 1 }); // …but the file ends
  });
});
