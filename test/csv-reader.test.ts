// The CSV reader and the loader on what a bundle may do that the generated ones never do: ballots of
// a vote spread over the file (the loader checks repeats in memory only while a vote's ballots come
// together), repeats inside and across those runs, and a quote where csv-parse does not allow one.

import { foldText } from '../core/text.ts';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { createSchema } from '../core/snapshot/schema.ts';
import { formatProblem } from '../etl/findings.ts';
import { Loader } from '../etl/load.ts';
import { checkSource, runEtl } from '../etl/run.ts';
import { PARSE_WORKER_FROM_BYTES, readCsvBundle } from '../etl/sources/csv.ts';
import { type Bundle, writeBundle } from './support/bundle.ts';
import { tempDir } from './support/fixture.ts';
import { HAND_COUNCIL } from './support/hand-council.ts';

const ballots = HAND_COUNCIL['glosy.csv']!;

/** Every row of every table, in a fixed order: two snapshots with the same content compare equal. */
function contents(dbPath: string): Record<string, unknown[]> {
  const db = new Database(dbPath, { readonly: true });
  try {
    const tables = db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'glosowanie_szukaj%' AND name <> 'meta' ORDER BY name",
      )
      .pluck()
      .all() as string[];
    return Object.fromEntries(
      tables.map((table) => {
        const columns = (db.prepare(`SELECT name FROM pragma_table_info('${table}')`).pluck().all() as string[]).join(
          ', ',
        );
        return [table, db.prepare(`SELECT * FROM ${table} ORDER BY ${columns}`).raw().all()];
      }),
    );
  } finally {
    db.close();
  }
}

async function bundleWith(files: Bundle): Promise<string> {
  const dir = tempDir('csv-reader-');
  await writeBundle(dir, { ...HAND_COUNCIL, ...files });
  return dir;
}

async function problemsOf(files: Bundle): Promise<string[]> {
  const { findings } = await checkSource({ source: await bundleWith(files) });
  return findings.errors.map(formatProblem);
}

describe('ballots in any order', () => {
  it('give the same snapshot as ballots grouped by vote', async () => {
    // Every vote's ballots split into runs far apart: odd rows first, then even rows backwards.
    const scattered = [...ballots.filter((_, i) => i % 2 === 1), ...ballots.filter((_, i) => i % 2 === 0).reverse()];
    const built = async (rows: typeof ballots) => {
      const dbPath = join(tempDir(), 'council.db');
      await runEtl({ source: await bundleWith({ 'glosy.csv': rows }), dbPath });
      return contents(dbPath);
    };
    expect(await built(scattered)).toEqual(await built(ballots));
  });

  it('a repeated ballot is found next to the first, further in its run, and in a later run of its vote', async () => {
    const first = ballots[0]!; // vote 1, councillor 1; the rows of vote 1 are lines 2-5
    const repeat = { ...first, glos: 'przeciw' };
    expect(await problemsOf({ 'glosy.csv': [first, repeat, ...ballots.slice(1)] })).toEqual([
      'glosy.csv:3: id_osoby: repeated ballot of councillor 1 in vote 1',
    ]);
    expect(await problemsOf({ 'glosy.csv': [...ballots.slice(0, 4), repeat, ...ballots.slice(4)] })).toEqual([
      'glosy.csv:6: id_osoby: repeated ballot of councillor 1 in vote 1',
    ]);
    expect(
      await problemsOf({ 'glosy.csv': [...ballots.slice(0, 6), repeat, ballots[6]!, repeat, ...ballots.slice(7)] }),
    ).toEqual([
      'glosy.csv:8: id_osoby: repeated ballot of councillor 1 in vote 1',
      'glosy.csv:10: id_osoby: repeated ballot of councillor 1 in vote 1',
    ]);
  });

  it('a vote met again keeps the ballots of its later runs (no repeat)', async () => {
    // Vote 1's last ballot moved to the end of the file.
    const moved = [...ballots.slice(0, 3), ...ballots.slice(4), ballots[3]!];
    expect(await problemsOf({ 'glosy.csv': moved })).toEqual([]);
  });
});

describe('a quote inside an unquoted field', () => {
  it('is a problem of its line that ends the file, not a failed run', async () => {
    const organy = HAND_COUNCIL['organy.csv']!.map((row, i) => (i === 1 ? { ...row, nazwa: 'Komisja x' } : row));
    const dir = await bundleWith({ 'organy.csv': organy });
    // csvField quotes only values with a quote; this one is written bare, as a hand-edited file might.
    writeFileSync(
      join(dir, 'organy.csv'),
      readFileSync(join(dir, 'organy.csv'), 'utf8').replace('Komisja x', 'Komisja x"y'),
    );
    const { findings } = await checkSource({ source: dir });
    expect(findings.errors.map(formatProblem)).toContainEqual(
      expect.stringMatching(
        /^organy\.csv:3: \(row\): invalid Opening Quote: a quote is found on field 1 at line 3, value is "Komisja x"; the rest of the file was not read$/,
      ),
    );
  });
});

describe('names with characters that show nothing (issue 34)', () => {
  it('are read without them, in NFC, each with a warning naming its line: no two councillors that only look alike', async () => {
    const radni = HAND_COUNCIL['radni.csv']!;
    const dir = await bundleWith({
      'radni.csv': [
        ...radni,
        { id_osoby: 8, imie_nazwisko: 'Zenon\u200b Lis' }, // a zero-width space
        { id_osoby: 9, imie_nazwisko: '\u202eŻaneta Kos\u202c' }, // a right-to-left override and its end
        { id_osoby: 10, imie_nazwisko: 'Łucja Wro\u0301bel' }, // ó decomposed
      ],
      'ugrupowania.csv': [
        ...HAND_COUNCIL['ugrupowania.csv']!.slice(0, 1),
        { id_ugrupowania: 2, nazwa: 'Forum\u2060 Samorządowe', skrot: 'FS\u200d' },
      ],
    });
    const dbPath = join(tempDir(), 'council.db');
    const { findings } = await runEtl({ source: dir, dbPath });
    const db = new Database(dbPath, { readonly: true });
    try {
      const names = db
        .prepare('SELECT id_osoby, imie_nazwisko FROM radny WHERE id_osoby IN (2, 6, 3, 8, 9, 10) ORDER BY id_osoby')
        .raw()
        .all();
      expect(names).toEqual([
        [2, 'Zenon Lis'],
        [3, 'Łucja Wróbel'],
        [6, 'Żaneta Kos'],
        [8, 'Zenon Lis'],
        [9, 'Żaneta Kos'],
        [10, 'Łucja Wróbel'],
      ]);
      expect(db.prepare('SELECT nazwa, skrot FROM ugrupowanie WHERE id_ugrupowania = 2').raw().get()).toEqual([
        'Forum Samorządowe',
        'FS',
      ]);
    } finally {
      db.close();
    }
    const warnings = findings.warnings.map(formatProblem).filter((w) => /invisible|NFC/.test(w));
    expect(warnings).toEqual([
      'ugrupowania.csv:3: nazwa: "Forum<U+2060> Samorządowe": invisible characters (U+2060) removed; read as "Forum Samorządowe"',
      'ugrupowania.csv:3: skrot: "FS<U+200D>": invisible characters (U+200D) removed; read as "FS"',
      'radni.csv:9: imie_nazwisko: "Zenon<U+200B> Lis": invisible characters (U+200B) removed; read as "Zenon Lis"',
      'radni.csv:10: imie_nazwisko: "<U+202E>Żaneta Kos<U+202C>": invisible characters (U+202E, U+202C) removed; read as "Żaneta Kos"',
      'radni.csv:11: imie_nazwisko: "Łucja Wro\u0301bel": normalised to NFC; read as "Łucja Wróbel"',
    ]);
  });
});

describe('vote titles with characters that show nothing (issue 42)', () => {
  it('are read without them, with a warning naming the line, as names are', async () => {
    const votes = HAND_COUNCIL['glosowania.csv']!;
    const first = votes[0]! as Record<string, unknown>;
    const dir = await bundleWith({
      'glosowania.csv': [{ ...first, tytul: `\u202e${String(first['tytul'])}\u202c\u200b` }, ...votes.slice(1)],
    });
    const dbPath = join(tempDir(), 'council.db');
    const { findings } = await runEtl({ source: dir, dbPath });
    const db = new Database(dbPath, { readonly: true });
    try {
      expect(
        db
          .prepare('SELECT tytul, tytul_folded FROM glosowanie WHERE id_glosowania = ?')
          .raw()
          .get(first['id_glosowania']),
      ).toEqual([first['tytul'], foldText(String(first['tytul']))]);
    } finally {
      db.close();
    }
    expect(findings.warnings.map(formatProblem).filter((w) => /invisible/.test(w))).toEqual([
      `glosowania.csv:2: tytul: "<U+202E>${String(first['tytul'])}<U+202C><U+200B>": invisible characters (U+202E, U+202C, U+200B) removed; read as "${String(first['tytul'])}"`,
    ]);
  });
});

describe('where the bundle is parsed (issue 41)', () => {
  // A small bundle is parsed on the main thread, a large one in the worker: both must load the same
  // rows and report the same problems, in the same order.
  async function readIn(dir: string, parseIn: 'worker' | 'thread') {
    const db = new Database(':memory:');
    try {
      createSchema(db);
      const loader = new Loader(db);
      const files: Array<[string, number]> = [];
      await readCsvBundle(dir, loader, (file, rows) => files.push([file, rows]), { parseIn });
      const counts = loader.finish();
      return {
        files,
        counts,
        errors: loader.findings.errors.map(formatProblem),
        warnings: loader.findings.warnings.map(formatProblem),
      };
    } finally {
      db.close();
    }
  }

  it('the worker and this thread read the hand council alike, problems included', async () => {
    const first = ballots[0]!;
    const dir = await bundleWith({
      'glosy.csv': [first, { ...first, glos: 'przeciw' }, ...ballots.slice(1)],
      'radni.csv': HAND_COUNCIL['radni.csv']!.map((row, i) =>
        i === 0 ? { ...row, imie_nazwisko: 'Anna\u200bNowak' } : row,
      ),
    });
    const inWorker = await readIn(dir, 'worker');
    expect(inWorker.errors).toEqual(['glosy.csv:3: id_osoby: repeated ballot of councillor 1 in vote 1']);
    expect(inWorker.warnings.length).toBeGreaterThan(0);
    expect(await readIn(dir, 'thread')).toEqual(inWorker);
  });

  it('a small bundle is below the worker threshold', async () => {
    const dir = await bundleWith({});
    const bytes = readdirSync(dir).reduce((sum, f) => sum + statSync(join(dir, f)).size, 0);
    expect(bytes).toBeLessThan(PARSE_WORKER_FROM_BYTES);
  });
});
