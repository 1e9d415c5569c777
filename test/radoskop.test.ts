// The Radoskop reader (CONTRACT §8): a hand-built two-council source (test/support/radoskop-hand.ts,
// every rule and quirk, values worked out on paper) through the real pipeline and API; the one source
// that must be rejected, a file that is not JSON (Radoskop's other gaps are warnings:
// radoskop-layouts.test.ts); and, when ../shared is present, the two real councils Radoskop publishes.

import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Problem } from '../etl/findings.ts';
import { BundleRejectedError, checkSource, runEtl, type EtlSummary } from '../etl/run.ts';
import { appOver, tempDir, type TestApp } from './support/fixture.ts';
import { RADOSKOP_HAND, writeRadoskopHand } from './support/radoskop-hand.ts';

const newDir = () => tempDir('radoskop-test-');

const located = (p: Problem) => `${p.file}: ${p.column}: ${p.problem}`;

describe('a hand-built source of two councils (every §8 rule and quirk)', () => {
  let summary: EtlSummary;
  let db: Database.Database;
  let t: TestApp;
  const rows = (sql: string) => db.prepare(sql).raw().all();
  const get = async (path: string) => {
    const res = await request(t.app).get(path);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };

  beforeAll(async () => {
    const source = newDir();
    await writeRadoskopHand(source);
    const dbPath = join(newDir(), 'council.db');
    summary = await runEtl({ source, format: 'radoskop', dbPath });
    db = new Database(dbPath, { readonly: true });
    t = appOver(dbPath);
  });
  afterAll(() => { db.close(); t.close(); });

  it('loads every council, with its own counts and warnings', () => {
    expect(summary.counts).toMatchObject({ kadencje: 2, organy: 2, ugrupowania: 3, radni: 9, przynaleznosci: 11, posiedzenia: 6, glosowania: 10, glosy: 30, zalaczniki: 4 });
    expect(summary.parts.map((p) => [p.name, p.counts])).toEqual([
      ['alfa-city', { kadencje: 2, radni: 6, posiedzenia: 4, glosowania: 7, glosy: 21 }],
      ['beta-city', { kadencje: 1, radni: 3, posiedzenia: 2, glosowania: 3, glosy: 9 }],
    ]);
  });

  it('names the file and the vote id in every warning', () => {
    expect(summary.findings.warnings.map(located)).toEqual([
      'alfa-city/kadencja-2018-2023.json: counts.za: vote a1: states 3 but the named list has 2; the named lists are used',
      'alfa-city/kadencja-2018-2023.json: named_votes.nieobecni: vote a2: index 7 points to no councillor of the list (4 names); skipped',
      'alfa-city/kadencja-2018-2023.json: named_votes: vote a3: "Ewa Zając" is listed 2 times; all of their entries in this vote are dropped',
      'alfa-city/kadencja-2018-2023.json: named_votes: vote a4: no named votes: the vote has no ballots',
      'beta-city/docs/kadencja-2024-2029.json: counts.wstrzymal_sie: vote c1: states 1 but the named list has 0; the named lists are used',
    ]);
    expect(summary.findings.warningCount).toBe(5);
  });

  it('makes bodies, terms, persons, groups and memberships as §8 says', () => {
    expect(rows('SELECT id_organu, nazwa, typ FROM organ')).toEqual([[1, 'Rada Miasta Alfy', 'rada'], [2, 'Rada Miasta Beta', 'rada']]);
    // 2024-2029 starts at the earliest of Beta's config start and Alfa's first vote of the term.
    expect(rows('SELECT kadencja, data_od FROM kadencja')).toEqual([['2018-2023', '2018-11-20'], ['2024-2029', '2024-05-07']]);
    expect(rows('SELECT id_osoby, imie_nazwisko, token FROM radny')).toEqual([
      [1, 'Ewa Zając', 'ewa-zajac'], [2, 'Jan Kowalski', 'jan-kowalski'], [3, 'Adam Nowak', 'adam-nowak'], [4, 'Piotr Lis', 'piotr-lis'],
      [5, 'Zofia Wójcik', 'zofia-wojcik'], [6, 'Marta Sowa', 'marta-sowa'], [7, 'Tomasz Bąk', 'tomasz-bak'],
      [8, 'Jan Kowalski', 'jan-kowalski-2'], [9, 'Olga Kruk', 'olga-kruk'],
    ]);
    expect(rows('SELECT id_ugrupowania, nazwa FROM ugrupowanie')).toEqual([[1, 'PiS'], [2, 'KO'], [3, 'Razem']]);
    expect(rows('SELECT przynaleznosc_id, id_osoby, kadencja, id_ugrupowania FROM przynaleznosc')).toEqual([
      [1, 1, '2018-2023', null], [2, 2, '2018-2023', 1], [3, 2, '2024-2029', 3], [4, 3, '2018-2023', 2], [5, 3, '2024-2029', 2],
      [6, 4, '2018-2023', null], [7, 5, '2018-2023', 2], [8, 6, '2024-2029', null], [9, 7, '2024-2029', null],
      [10, 8, '2024-2029', null], [11, 9, '2024-2029', 2],
    ]);
  });

  it('keeps session numbers as the council wrote them (Roman, with a slash, or the position)', async () => {
    const sessions = await get('/api/posiedzenia?limit=100');
    expect(sessions.map((s: { id_posiedzenia: number; numer: string; data: string; id_organu: number }) =>
      [s.id_posiedzenia, s.numer, s.data, s.id_organu])).toEqual([
      [6, '2', '2024-06-20', 2], [5, 'LXXIV/2', '2024-06-03', 2], [4, 'I', '2024-05-20', 1],
      [3, '3', '2019-02-01', 1], [2, 'II', '2019-01-10', 1], [1, 'I', '2018-12-05', 1],
    ]);
    expect((await get('/api/glosowania/2')).posiedzenie).toEqual({ id_posiedzenia: 2, numer: 'II', data: '2019-01-10', nazwa: 'Sesja II' });
  });

  it('orders votes by date (stable in file order) and numbers them within their session', () => {
    expect(rows('SELECT id_glosowania, id_posiedzenia, numer, tytul FROM glosowanie')).toEqual([
      [1, 1, 1, 'Porządek obrad'], [2, 2, 1, 'Budżet 2019'], [3, 2, 2, 'Głosowanie 2'], [4, 3, 1, 'Skarga'], [5, 3, 2, 'Wniosek'],
      [6, 4, 1, 'Ślubowanie'], [7, 4, 2, 'Wybór przewodniczącego'], [8, 5, 1, 'Budżet'], [9, 5, 2, 'Uchwała'], [10, 6, 1, 'Absolutorium'],
    ]);
  });

  it('maps the named lists to ballots, dropping a duplicate name and an index out of range', () => {
    const [Z, P, W, N, B] = [0, 1, 2, 3, 4];
    expect(rows('SELECT id_glosowania, id_osoby, glos FROM glos')).toEqual([
      [1, 1, Z], [1, 2, Z], [1, 3, Z], [1, 4, P], [2, 1, P], [2, 2, Z], [2, 3, Z], [2, 4, W],
      [3, 1, Z], [3, 2, Z], [3, 3, P], [3, 4, N], [4, 2, P], [4, 3, Z], [4, 4, B],
      [6, 2, Z], [6, 3, Z], [6, 6, Z], [7, 2, Z], [7, 3, Z], [7, 6, P],
      [8, 7, Z], [8, 8, Z], [8, 9, P], [9, 7, P], [9, 8, P], [9, 9, Z], [10, 7, Z], [10, 8, Z], [10, 9, Z],
    ]);
    expect(rows('SELECT id_zalacznika, id_glosowania FROM zalacznik')).toEqual([[1, 1], [2, 2], [3, 5], [4, 8]]);
  });

  it('scopes the aggregates to one council with organ (CONTRACT §7)', async () => {
    const names = (items: Array<{ id_osoby: number }>) => items.map((i) => i.id_osoby);
    // Alfa: everyone with an attendance record in its sessions; Zofia (5) never voted. Name order.
    expect(names(await get('/api/radni?organ=1'))).toEqual([3, 1, 2, 6, 4]);
    expect(names(await get('/api/radni?organ=2'))).toEqual([8, 9, 7]);
    expect(await get('/api/statystyki/dashboard?organ=2')).toEqual({ liczba_posiedzen: 2, liczba_glosow: 3, liczba_radnych: 3, srednia_frekwencja: '100.00' });
    // Beta, active ballots with a majority: 7 Z P Z, 8 Z P Z, 9 P Z Z; majorities Z (c0), P (c1), Z (c2).
    const rebels = await get('/api/statystyki/ranking-buntownikow?organ=2&min_glosowan=1');
    expect(rebels.map((r: { id_osoby: number; glosowania: number; w_mniejszosci: number }) => [r.id_osoby, r.glosowania, r.w_mniejszosci]))
      .toEqual([[9, 3, 2], [7, 3, 0], [8, 3, 0]]);
    // The two Jan Kowalskis sit in different councils: never paired.
    const pairs = await get('/api/statystyki/top-koalicje?min_wspolne=1&limit=100');
    expect(pairs.some((p: { radny_1: { id_osoby: number }; radny_2: { id_osoby: number } }) => p.radny_1.id_osoby === 2 && p.radny_2.id_osoby === 8)).toBe(false);
    expect((await request(t.app).get('/api/radni?organ=3')).status).toBe(404);
  });
});

describe('a source Radoskop readers must reject: nothing is published', () => {
  const rejected = async (files: Record<string, unknown>) => {
    const source = newDir();
    await writeRadoskopHand(source, files);
    const dbPath = join(newDir(), 'council.db');
    const error = await runEtl({ source, format: 'radoskop', dbPath }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BundleRejectedError);
    expect(readdirSync(join(dbPath, '..'))).toEqual([]); // no database, no build or lock file left
    return (error as BundleRejectedError).problems.map(located);
  };

  it('a file that is not JSON', async () => {
    const problems = await rejected({ ...RADOSKOP_HAND, 'beta-city/docs/kadencja-2024-2029.json': '{"votes": [' });
    expect(problems).toEqual([expect.stringMatching(/^beta-city\/docs\/kadencja-2024-2029\.json: \(file\): is not JSON: /)]);
  });
});

const sharedDir = fileURLToPath(new URL('../../shared/data/radoskop/', import.meta.url));
const haveShared = existsSync(sharedDir);
if (!haveShared) console.warn(`skipping the real Radoskop councils: ${sharedDir} not found`);

describe.skipIf(!haveShared)('the real councils Radoskop publishes (Katowice; Gdańsk, two terms)', () => {
  it('import with the exact counts, and their quirks as warnings with file and vote id', async () => {
    const { counts, parts, findings } = await checkSource({ source: sharedDir, format: 'radoskop' });
    expect(findings.errorCount).toBe(0);
    expect(counts).toMatchObject({ organy: 2, posiedzenia: 79, glosowania: 2806, glosy: 89645, radni: 92 });
    expect(parts.map((p) => p.name)).toEqual(['gdansk', 'katowice']);
    const warnings = findings.warnings.map(located);
    expect(warnings).toContain('gdansk/kadencja-2018-2023.json: named_votes: vote 2020-04-30_33: "Powstania Listopadowego" is listed 2 times; all of their entries in this vote are dropped');
    expect(warnings.filter((w) => /^gdansk\/kadencja-20\d\d-20\d\d\.json: counts\.\w+: vote \d{4}-\d\d-\d\d_\d+: states \d+ but the named list has \d+/.test(w)).length).toBeGreaterThan(0);
    expect(parts.find((p) => p.name === 'katowice')!.warnings).toEqual({});
  });
});
