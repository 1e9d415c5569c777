// /dane/datapackage.json checked by the Frictionless Data Package library's own validator (npm
// `datapackage`, which bundles the specs' profiles), against the Tabular Data Package profile, for the
// synthetic sample, the Sejm sample and a Radoskop council (issue 46: the licence name, empty arrays and
// the missing profile broke it, and the Sejm's package spoke of councils). The shared data's parts skip
// with a message when ../shared is absent.

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Profile, validate } from 'datapackage';
import request from './support/request.ts';
import { describe, expect, it } from 'vitest';
import { dataPackage } from '../src/exports/datapackage.ts';
import { type TestApp, appOver, buildDatabase } from './support/fixture.ts';

const SAMPLE = fileURLToPath(new URL('../data/sample', import.meta.url));
const SEJM = fileURLToPath(new URL('../../shared/data/sejm-sample/', import.meta.url));
const KATOWICE = fileURLToPath(new URL('../../shared/data/radoskop/katowice/', import.meta.url));

interface Descriptor {
  name: string;
  title: string;
  profile?: string;
  licenses?: Array<{ name: string }>;
  resources: Array<{ name: string; schema: { foreignKeys?: unknown[] } }>;
}

/** The descriptor's errors by the library's validator and by the tabular profile itself: none expected. */
async function check(pkg: Descriptor): Promise<void> {
  const byLibrary = await validate(pkg);
  expect(byLibrary.errors.map((e) => e.message)).toEqual([]);
  expect(byLibrary.valid).toBe(true);
  const tabular = await Profile.load('tabular-data-package');
  const byProfile = tabular.validate(pkg);
  expect(byProfile.errors.map((e) => e.message)).toEqual([]);
  expect(pkg.profile).toBe('tabular-data-package');
  for (const r of pkg.resources) expect(r.schema.foreignKeys ?? ['none'], r.name).not.toEqual([]);
  expect(pkg.licenses ?? ['none']).not.toEqual([]);
}

async function served(source: string, format?: 'sejm' | 'radoskop'): Promise<Descriptor> {
  const t: TestApp = appOver(await buildDatabase(source, format));
  try {
    const res = await request(t.app).get('/dane/datapackage.json');
    expect(res.status).toBe(200);
    return res.body as Descriptor;
  } finally {
    t.close();
  }
}

describe('/dane/datapackage.json as a Tabular Data Package', () => {
  it('a licence named as the profile wants it (CC-BY-4.0), its title as the source says it', async () => {
    const credit = {
      text: 'Dane: Radoskop',
      licence: 'CC BY 4.0',
      licenceUrl: 'https://creativecommons.org/licenses/by/4.0/',
      url: 'https://radoskop.pl',
      synthetic: false,
    };
    const pkg = dataPackage(credit, '2026-01-01T00:00:00Z', [{ nazwa: 'Rada Miasta Gdańska', typ: 'rada' }]);
    expect(pkg.licenses).toEqual([
      { name: 'CC-BY-4.0', title: 'CC BY 4.0', path: 'https://creativecommons.org/licenses/by/4.0/' },
    ]);
    expect(pkg.name).toBe('glosowania-rada-miasta-gdanska');
    await check(pkg);
  });

  it('the synthetic sample', { timeout: 120_000 }, async () => {
    const pkg = await served(SAMPLE);
    await check(pkg);
    expect(pkg.title).toContain('Rada Miasta Przykładowa');
  });

  it.skipIf(!existsSync(SEJM))(
    'the Sejm sample: its name and title say Sejm and posłowie',
    { timeout: 300_000 },
    async () => {
      const pkg = await served(SEJM, 'sejm');
      await check(pkg);
      expect(pkg.name).toMatch(/sejm/);
      expect(pkg.title).toMatch(/posłowie/);
      expect(pkg.title).toMatch(/Sejm/);
      expect(pkg.title).not.toMatch(/radni|ugrupowania/);
    },
  );

  it.skipIf(!existsSync(KATOWICE))('a Radoskop council (Katowice)', { timeout: 300_000 }, async () => {
    const pkg = await served(KATOWICE, 'radoskop');
    await check(pkg);
    expect(pkg.name).toMatch(/katowic/);
  });
});
if (!existsSync(SEJM) || !existsSync(KATOWICE))
  console.warn('skipped part of the Data Package test: ../shared/data is absent');
