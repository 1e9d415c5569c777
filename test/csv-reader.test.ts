// The CSV reader and the loader on what a bundle may do that the generated ones never do: ballots of
// a vote spread over the file (the loader checks repeats in memory only while a vote's ballots come
// together), repeats inside and across those runs, and a quote where csv-parse does not allow one.

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { formatProblem } from '../etl/findings.ts';
import { checkSource, runEtl } from '../etl/run.ts';
import { type Bundle, writeBundle } from './support/bundle.ts';
import { tempDir } from './support/fixture.ts';
import { HAND_COUNCIL } from './support/hand-council.ts';

const ballots = HAND_COUNCIL['glosy.csv']!;

/** Every row of every table, in a fixed order: two snapshots with the same content compare equal. */
function contents(dbPath: string): Record<string, unknown[]> {
  const db = new Database(dbPath, { readonly: true });
  try {
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'glosowanie_szukaj%' AND name <> 'meta' ORDER BY name")
      .pluck().all() as string[];
    return Object.fromEntries(tables.map((table) => {
      const columns = (db.prepare(`SELECT name FROM pragma_table_info('${table}')`).pluck().all() as string[]).join(', ');
      return [table, db.prepare(`SELECT * FROM ${table} ORDER BY ${columns}`).raw().all()];
    }));
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
    expect(await problemsOf({ 'glosy.csv': [first, repeat, ...ballots.slice(1)] }))
      .toEqual(['glosy.csv:3: id_osoby: repeated ballot of councillor 1 in vote 1']);
    expect(await problemsOf({ 'glosy.csv': [...ballots.slice(0, 4), repeat, ...ballots.slice(4)] }))
      .toEqual(['glosy.csv:6: id_osoby: repeated ballot of councillor 1 in vote 1']);
    expect(await problemsOf({ 'glosy.csv': [...ballots.slice(0, 6), repeat, ballots[6]!, repeat, ...ballots.slice(7)] }))
      .toEqual(['glosy.csv:8: id_osoby: repeated ballot of councillor 1 in vote 1', 'glosy.csv:10: id_osoby: repeated ballot of councillor 1 in vote 1']);
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
    writeFileSync(join(dir, 'organy.csv'), readFileSync(join(dir, 'organy.csv'), 'utf8').replace('Komisja x', 'Komisja x"y'));
    const { findings } = await checkSource({ source: dir });
    expect(findings.errors.map(formatProblem)).toContainEqual(expect.stringMatching(
      /^organy\.csv:3: \(row\): invalid Opening Quote: a quote is found on field 1 at line 3, value is "Komisja x"; the rest of the file was not read$/,
    ));
  });
});
