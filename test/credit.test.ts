// The data credit a snapshot records (core/credit.ts, etl/source-credit.ts, src/credit.ts): the format's
// credit for the Sejm and Radoskop, a CSV bundle's own `zrodlo.json`, the generator's "synthetic", and a
// bad `zrodlo.json` refused before anything is published.

import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { CREDIT_META_KEY, RADOSKOP_CREDIT, SEJM_CREDIT, UNDESCRIBED_CSV_CREDIT, creditLine } from '../core/credit.ts';
import { checkSource, runEtl } from '../etl/run.ts';
import { readCredit } from '../src/credit.ts';
import { generateBundle } from '../tools/generate/index.ts';
import { writeBundle } from './support/bundle.ts';
import { removeDir, tempDir } from './support/fixture.ts';
import { HAND_COUNCIL } from './support/hand-council.ts';
import { writeRadoskopHand } from './support/radoskop-hand.ts';

const dirs: string[] = [];
const dir = () => {
  const d = tempDir();
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach(removeDir));

async function creditOfBuilt(source: string, format: 'csv' | 'sejm' | 'radoskop' = 'csv') {
  const dbPath = join(dir(), 'council.db');
  await runEtl({ source, format, dbPath });
  const db = new Database(dbPath, { readonly: true });
  try {
    return readCredit(db);
  } finally {
    db.close();
  }
}

describe('the credit of each source', () => {
  it('a generated bundle says it is synthetic', async () => {
    const source = dir();
    await generateBundle(source, { seed: 2, radni: 6, glosowania: 20, kadencje: 1 });
    expect(JSON.parse(readFileSync(join(source, 'zrodlo.json'), 'utf8'))).toMatchObject({ syntetyczne: true });
    const credit = await creditOfBuilt(source);
    expect(credit.synthetic).toBe(true);
    expect(credit.text).toMatch(/^Przykład syntetyczny: .*wymyślone/);
  });

  it('the bundled sample is synthetic and names no real council or party', async () => {
    const sample = new URL('../data/sample', import.meta.url).pathname;
    expect((await creditOfBuilt(sample)).synthetic).toBe(true);
    const names = ['organy.csv', 'ugrupowania.csv'].map((f) => readFileSync(join(sample, f), 'utf8')).join('\n');
    for (const real of [
      'Gdańsk',
      'Koalicja Obywatelska',
      'Prawo i Sprawiedliwość',
      'Lewica',
      'Konfederacja',
      'Trzecia Droga',
      'PSL',
      'Polska 2050',
    ]) {
      expect(names).not.toContain(real);
    }
  });

  it('a CSV bundle without zrodlo.json is credited as undescribed', async () => {
    const source = dir();
    await writeBundle(source, HAND_COUNCIL);
    expect(await creditOfBuilt(source)).toEqual(UNDESCRIBED_CSV_CREDIT);
  });

  it("a bundle's zrodlo.json is its credit", async () => {
    const source = dir();
    await writeBundle(source, HAND_COUNCIL);
    writeFileSync(
      join(source, 'zrodlo.json'),
      JSON.stringify({
        opis: 'Dane: Rada Miasta, protokoły sesji',
        licencja: 'CC0 1.0',
        licencja_url: 'https://creativecommons.org/publicdomain/zero/1.0/',
      }),
    );
    expect(await creditOfBuilt(source)).toEqual({
      text: 'Dane: Rada Miasta, protokoły sesji',
      licence: 'CC0 1.0',
      licenceUrl: 'https://creativecommons.org/publicdomain/zero/1.0/',
      url: null,
      synthetic: false,
    });
  });

  it('Radoskop data carries the credit its licence asks for', async () => {
    const source = dir();
    await writeRadoskopHand(source);
    const credit = await creditOfBuilt(source, 'radoskop');
    expect(credit).toEqual(RADOSKOP_CREDIT);
    expect(creditLine(credit)).toBe('Dane: Radoskop, na podstawie Biuletynów Informacji Publicznej rad, CC BY 4.0');
  });

  const sejmSample = new URL('../../shared/data/sejm-sample', import.meta.url).pathname;
  it.skipIf(!existsSync(sejmSample))('the Sejm is credited to its API', async () => {
    expect(await creditOfBuilt(sejmSample, 'sejm')).toEqual(SEJM_CREDIT);
  });
  if (!existsSync(sejmSample)) console.warn(`skipped the Sejm credit: ${sejmSample} is absent`);

  it('a snapshot built before credits were recorded is credited by its format', async () => {
    const source = dir();
    await writeRadoskopHand(source);
    const dbPath = join(dir(), 'council.db');
    await runEtl({ source, format: 'radoskop', dbPath });
    const db = new Database(dbPath);
    try {
      db.prepare('DELETE FROM meta WHERE key = ?').run(CREDIT_META_KEY);
      expect(readCredit(db)).toEqual(RADOSKOP_CREDIT);
    } finally {
      db.close();
    }
  });
});

describe('a bad zrodlo.json', () => {
  it('is refused with the file and the problem named, and the published snapshot is left as it was', async () => {
    const source = dir();
    await writeBundle(source, HAND_COUNCIL);
    const dbPath = join(dir(), 'council.db');
    await runEtl({ source, dbPath });
    const before = createHash('sha256').update(readFileSync(dbPath)).digest('hex');
    const file = join(source, 'zrodlo.json');
    for (const [content, problem] of [
      ['{"opis": ', /zrodlo\.json: not JSON/],
      ['{"opis": "x", "syntetyczne": "tak"}', /zrodlo\.json: syntetyczne: /],
      ['{"opis": "x", "url": "javascript:alert(1)"}', /zrodlo\.json: url: must be an http\(s\) address/],
      ['{"opis": "", "licencja": "CC BY"}', /zrodlo\.json: opis: a value is required/],
      ['{"opis": "x", "autor": "y"}', /zrodlo\.json: .*autor/],
    ] as const) {
      writeFileSync(file, content);
      await expect(runEtl({ source, dbPath }), content).rejects.toThrow(problem);
      await expect(checkSource({ source }), content).rejects.toThrow(problem);
    }
    expect(createHash('sha256').update(readFileSync(dbPath)).digest('hex')).toBe(before);
  });
});
