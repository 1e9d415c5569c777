// The Radoskop reader (CONTRACT §8, §10): a hand-built three-council source (test/support/radoskop-hand.ts,
// every rule and quirk, values worked out on paper) through the real pipeline and API; the one source
// that must be rejected, a file that is not JSON (Radoskop's other gaps are warnings:
// radoskop-layouts.test.ts); and, when ../shared is present, the two real councils Radoskop publishes.

import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import request from './support/request.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Problem } from '../etl/findings.ts';
import { BundleRejectedError, checkSource, runEtl, type EtlSummary } from '../etl/run.ts';
import { appOver, tempDir, type TestApp } from './support/fixture.ts';
import { RADOSKOP_HAND, RADOSKOP_RECORD, writeRadoskopHand } from './support/radoskop-hand.ts';

const newDir = () => tempDir('radoskop-test-');

const located = (p: Problem) => `${p.file}: ${p.column}: ${p.problem}`;

describe('a hand-built source of three councils (every §8 and §10 rule and quirk)', () => {
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
  afterAll(() => {
    db.close();
    t.close();
  });

  it('loads every council, with its own counts and warnings', () => {
    expect(summary.counts).toMatchObject({
      kadencje: 2,
      organy: 3,
      ugrupowania: 6,
      radni: 13,
      przynaleznosci: 15,
      posiedzenia: 13,
      glosowania: 17,
      glosy: 44,
      obecnosci: 15,
      zalaczniki: 4,
    });
    expect(summary.parts.map((p) => [p.name, p.counts])).toEqual([
      ['alfa-city', { kadencje: 2, radni: 5, posiedzenia: 6, glosowania: 7, glosy: 17, obecnosci: 0 }],
      ['beta-city', { kadencje: 1, radni: 3, posiedzenia: 2, glosowania: 3, glosy: 9, obecnosci: 0 }],
      ['gamma-city', { kadencje: 1, radni: 5, posiedzenia: 5, glosowania: 7, glosy: 18, obecnosci: 15 }],
    ]);
  });

  it('names the file and the vote id (or the session) in every warning', () => {
    const alfa = 'alfa-city/kadencja-2018-2023.json';
    const gamma = 'gamma-city/kadencja-2024-2029.json';
    expect(summary.findings.warnings.map(located)).toEqual([
      `${alfa}: named_votes.przeciw: vote a0: "Piotr Lis" is in the index but not among the councillors; skipped`,
      `${alfa}: named_votes.wstrzymal_sie: vote a1: "Piotr Lis" is in the index but not among the councillors; skipped`,
      `${alfa}: counts.za: vote a1: states 3 but the named list has 2; the named lists are used for the ballots, both are served`,
      `${alfa}: named_votes.nieobecni: vote a2: "Piotr Lis" is in the index but not among the councillors; skipped`,
      `${alfa}: named_votes.nieobecni: vote a2: index 7 points to no councillor of the list (4 names); skipped`,
      `${alfa}: named_votes.brak_glosu: vote a3: "Piotr Lis" is in the index but not among the councillors; skipped`,
      `${alfa}: named_votes: vote a3: "Ewa Zając" is listed 2 times; all of their entries in this vote are dropped`,
      `${alfa}: named_votes: vote a4: no named votes: the vote has no ballots (its stated counts are kept)`,
      'beta-city/docs/kadencja-2024-2029.json: counts.wstrzymal_sie: vote c1: states 1 but the named list has 0; the named lists are used for the ballots, both are served',
      `${gamma}: id: vote g1: repeats an earlier vote of 2024-06-10, session V; the copy is skipped`,
      `${gamma}: named_votes: vote g4: no named votes: the vote has no ballots (its stated counts are kept)`,
      `${gamma}: named_votes.za: vote g6: "Ulica Długa" is in the index but not among the councillors; skipped`,
      `${gamma}: sessions.attendees: session 2024-06-10 V: "1)" is not a councillor of this term; skipped`,
      `${gamma}: sessions.attendees: session 2024-06-10 VI: "Wygenerowano za pomocą eSesja.pl" is not a councillor of this term; skipped`,
      `${gamma}: sessions.attendees: session 2024-09-01: the attendance list names no councillor of this term; attendance is derived from the ballots`,
      `${gamma}: sessions: the attendance list of 2024-12-01, session X matches no session with votes; ignored`,
      `${gamma}: wynik: vote 15: stated odrzucono but za 2, przeciw 0`,
    ]);
  });

  it('makes bodies, terms, persons, groups (one per council and club) and memberships as §8 says', () => {
    expect(rows('SELECT id_organu, nazwa, typ FROM organ')).toEqual([
      [1, 'Rada Miasta Alfy', 'rada'],
      [2, 'Rada Miasta Beta', 'rada'],
      [3, 'Rada Miasta Gammy', 'rada'],
    ]);
    // 2024-2029 starts at the earliest of Beta's config start and the first votes of Alfa and Gamma.
    expect(rows('SELECT kadencja, data_od FROM kadencja')).toEqual([
      ['2018-2023', '2018-11-20'],
      ['2024-2029', '2024-05-07'],
    ]);
    // Piotr Lis and Ulica Długa are in an index but not among the councillors: no persons.
    expect(rows('SELECT id_osoby, imie_nazwisko, token FROM radny')).toEqual([
      [1, 'Ewa Zając', 'ewa-zajac'],
      [2, 'Jan Kowalski', 'jan-kowalski'],
      [3, 'Adam Nowak', 'adam-nowak'],
      [4, 'Zofia Wójcik', 'zofia-wojcik'],
      [5, 'Marta Sowa', 'marta-sowa'],
      [6, 'Tomasz Bąk', 'tomasz-bak'],
      [7, 'Jan Kowalski', 'jan-kowalski-2'],
      [8, 'Olga Kruk', 'olga-kruk'],
      [9, 'Anna Adamska', 'anna-adamska'],
      [10, 'Bartosz Bem', 'bartosz-bem'],
      [11, 'Celina Cis', 'celina-cis'],
      [12, 'Dawid Dąb', 'dawid-dab'],
      [13, 'Ewa Ek', 'ewa-ek'],
    ]);
    // KO of Alfa, of Beta and of Gamma are three groups; PiS of Alfa and of Gamma two.
    expect(rows('SELECT id_ugrupowania, nazwa FROM ugrupowanie')).toEqual([
      [1, 'PiS'],
      [2, 'KO'],
      [3, 'Razem'],
      [4, 'KO'],
      [5, 'KO'],
      [6, 'PiS'],
    ]);
    expect(rows('SELECT przynaleznosc_id, id_osoby, kadencja, id_ugrupowania FROM przynaleznosc')).toEqual([
      [1, 1, '2018-2023', null],
      [2, 2, '2018-2023', 1],
      [3, 2, '2024-2029', 3],
      [4, 3, '2018-2023', 2],
      [5, 3, '2024-2029', 2],
      [6, 4, '2018-2023', 2],
      [7, 5, '2024-2029', null],
      [8, 6, '2024-2029', null],
      [9, 7, '2024-2029', null],
      [10, 8, '2024-2029', 4],
      [11, 9, '2024-2029', 5],
      [12, 10, '2024-2029', 6],
      [13, 11, '2024-2029', 5],
      [14, 12, '2024-2029', null],
      [15, 13, '2024-2029', 6],
    ]);
  });

  it('makes one session per (date, session number): two on one day stay two; numbers as written, or the position', async () => {
    expect(rows('SELECT id_posiedzenia, id_organu, numer, data FROM posiedzenie ORDER BY id_posiedzenia')).toEqual([
      [1, 1, 'I', '2018-12-05'],
      [2, 1, 'II', '2019-01-10'],
      [3, 1, '3', '2019-01-10'],
      [4, 1, '4', '2019-02-01'],
      [5, 1, 'IV', '2019-02-01'],
      [6, 1, 'I', '2024-05-20'],
      [7, 2, 'LXXIV/2', '2024-06-03'],
      [8, 2, '2', '2024-06-20'],
      [9, 3, 'V', '2024-06-10'],
      [10, 3, 'VI', '2024-06-10'],
      [11, 3, 'VII', '2024-07-01'],
      [12, 3, '4', '2024-09-01'],
      [13, 3, 'IX', '2024-10-01'],
    ]);
    expect((await get('/api/glosowania/2')).posiedzenie).toEqual({
      id_posiedzenia: 2,
      numer: 'II',
      data: '2019-01-10',
      nazwa: 'Sesja II',
    });
    expect((await get('/api/statystyki/dashboard?organ=3')).liczba_posiedzen).toBe(5);
  });

  it('orders votes by date (stable in file order), skips a vote published twice, numbers them within their session', () => {
    expect(rows('SELECT id_glosowania, id_posiedzenia, numer, tytul FROM glosowanie')).toEqual([
      [1, 1, 1, 'Porządek obrad'],
      [2, 2, 1, 'Budżet 2019'],
      [3, 3, 1, 'Głosowanie 1'],
      [4, 4, 1, 'Skarga'],
      [5, 5, 1, 'Wniosek'],
      [6, 6, 1, 'Ślubowanie'],
      [7, 6, 2, 'Wybór przewodniczącego'],
      [8, 7, 1, 'Budżet'],
      [9, 7, 2, 'Uchwała'],
      [10, 8, 1, 'Absolutorium'],
      // g1 twice in session V: one vote; g1 in session VI: another vote
      [11, 9, 1, 'Porządek obrad'],
      [12, 10, 1, 'Budżet'],
      [13, 10, 2, 'Zmiana budżetu'],
      [14, 11, 1, 'Pożyczka'],
      [15, 11, 2, 'Skarga'],
      [16, 12, 1, 'Wniosek'],
      [17, 13, 1, 'Absolutorium'],
    ]);
  });

  it('maps the named lists to ballots, dropping a duplicate name, an index out of range and names that are no person', () => {
    const [Z, P, N, B] = [0, 1, 3, 4];
    expect(rows('SELECT id_glosowania, id_osoby, glos FROM glos')).toEqual([
      [1, 1, Z],
      [1, 2, Z],
      [1, 3, Z],
      [2, 1, P],
      [2, 2, Z],
      [2, 3, Z],
      [3, 1, Z],
      [3, 2, Z],
      [3, 3, P],
      [4, 2, P],
      [4, 3, Z],
      [6, 2, Z],
      [6, 3, Z],
      [6, 5, Z],
      [7, 2, Z],
      [7, 3, Z],
      [7, 5, P],
      [8, 6, Z],
      [8, 7, Z],
      [8, 8, P],
      [9, 6, P],
      [9, 7, P],
      [9, 8, Z],
      [10, 6, Z],
      [10, 7, Z],
      [10, 8, Z],
      [11, 9, Z],
      [11, 10, Z],
      [11, 11, Z],
      [11, 12, N],
      [12, 9, Z],
      [12, 10, P],
      [12, 12, B],
      [13, 9, Z],
      [13, 12, Z],
      [15, 9, N],
      [15, 10, Z],
      [15, 11, Z],
      [15, 12, N],
      [16, 9, Z],
      [16, 13, P],
      [17, 9, Z],
      [17, 10, Z],
      [17, 13, Z],
    ]);
    expect(rows('SELECT id_zalacznika, id_glosowania FROM zalacznik')).toEqual([
      [1, 1],
      [2, 2],
      [3, 5],
      [4, 8],
    ]);
  });

  it('serves the stated tallies; a tally-only vote takes them; resolution words are the result, numbers are not', async () => {
    const vote = async (id: number) => {
      const v = await get(`/api/glosowania/${id}`);
      return [
        v.wynik,
        v.za,
        v.przeciw,
        v.wstrzymujacy,
        v.nieobecni,
        v.brak_glosu,
        v.kontrowersyjnosc,
        v.imienne,
        v.liczby_zrodla,
      ];
    };
    const stated = (
      za: number | null,
      przeciw: number | null,
      wstrzymujacy: number | null,
      nieobecni: number | null,
      brak_glosu: number | null,
    ) => ({ za, przeciw, wstrzymujacy, nieobecni, brak_glosu });
    expect(await vote(2)).toEqual(['przyjęto', 2, 1, 0, 0, 0, 67, true, stated(3, 1, 1, 0, 0)]); // counted 2:1 beside the stated 3:1
    expect(await vote(5)).toEqual(['przyjęto', 4, 0, 0, 0, 0, 0, false, stated(4, null, null, null, null)]); // tally-only; "0" as text is not stated
    expect(await vote(6)).toEqual(['przyjęto', 3, 0, 0, 0, 0, 0, true, null]); // no counts: none stated
    expect(await vote(14)).toEqual(['przyjęto', 3, 0, 0, 2, 0, 0, false, stated(3, 0, 0, 2, 0)]); // "Przyjęta", an empty roll call
    expect(await vote(15)).toEqual(['odrzucono', 2, 0, 0, 2, 0, 0, true, null]); // "odrzucona" stands against 2:0
    expect(await vote(16)).toEqual(['odrzucono', 1, 1, 0, 0, 0, 100, true, null]); // "XX/524/20" states no result: 1:1
    // The tally-only votes are in the lists and rankings like any vote, and in no councillor's figures.
    const listed = (await get('/api/glosowania?organ=3&limit=100')).map(
      (v: { id_glosowania: number }) => v.id_glosowania,
    );
    expect(listed).toEqual([17, 16, 15, 14, 13, 12, 11]);
    const unanimous = (await get('/api/statystyki/najbardziej-jednomyslne?organ=3&limit=100')).map(
      (v: { id_glosowania: number }) => v.id_glosowania,
    );
    expect(unanimous).toContain(14);
    expect(await get('/api/glosowania/14/glosy')).toEqual([]);
  });

  it('takes attendance from the official lists within each councillor tenure, and from the ballots without a list', async () => {
    expect(rows('SELECT id_posiedzenia, lista_obecnosci FROM posiedzenie WHERE id_organu = 3 ORDER BY 1')).toEqual([
      [9, 1],
      [10, 1],
      [11, 1],
      [12, 0],
      [13, 1],
    ]);
    const present = async (session: number) =>
      Object.fromEntries(
        (await get(`/api/posiedzenia/${session}/obecnosci`)).map((r: { id_osoby: number; obecny: boolean }) => [
          r.id_osoby,
          r.obecny,
        ]),
      );
    expect(await present(9)).toEqual({ 9: true, 10: true, 11: true, 12: false }); // Dawid: N and not listed; Ewa: before her seat
    expect(await present(10)).toEqual({ 9: true, 10: true, 11: false, 12: true }); // Bartosz voted though not listed; Celina neither
    expect(await present(11)).toEqual({ 9: false, 10: true, 11: true, 12: true }); // Dawid listed though N on every vote
    expect(await present(12)).toEqual({ 9: true, 13: true }); // no list naming a councillor: from the ballots
    expect(await present(13)).toEqual({ 9: true, 10: true, 13: true }); // Celina and Dawid: after their last session
    const attendance = async (id: number) => {
      const f = await get(`/api/radni/${id}/frekwencja`);
      return [f.liczba_posiedzen, f.obecnosci, f.frekwencja_procent];
    };
    expect(await attendance(9)).toEqual([5, 4, 80]);
    expect(await attendance(10)).toEqual([4, 4, 100]);
    expect(await attendance(11)).toEqual([3, 2, 66.67]); // from the ballots alone: 2 of 2
    expect(await attendance(12)).toEqual([3, 2, 66.67]);
    expect(await attendance(13)).toEqual([2, 2, 100]);
    expect((await get('/api/statystyki/dashboard?organ=3')).srednia_frekwencja).toBe('82.35'); // 14 present of 17 records
  });

  it("counts each attendance record's ballots at the session, and what each council's record disagrees about (§5, §12)", async () => {
    const ballots = async (session: number) =>
      Object.fromEntries(
        (await get(`/api/posiedzenia/${session}/obecnosci`)).map(
          (r: { id_osoby: number; glosowania: number; nieobecny_w_glosowaniach: number }) => [
            r.id_osoby,
            [r.glosowania, r.nieobecny_w_glosowaniach],
          ],
        ),
      );
    // Session 11 (VII): g4 has no ballots; g5 Bartosz Z, Celina Z, Anna N, Dawid N. Dawid is on the list: present,
    // absent from every vote there.
    expect(await ballots(11)).toEqual({ 9: [1, 1], 10: [1, 0], 11: [1, 0], 12: [1, 1] });
    // Session 10 (VI): g2 Anna Z, Bartosz P, Dawid B; g1 (VI) Anna Z, Dawid Z; Celina no ballot (absent, in tenure).
    expect(await ballots(10)).toEqual({ 9: [2, 0], 10: [1, 0], 11: [0, 0], 12: [2, 0] });
    const row = (id_organu: number, organ: string, votes: number[], sessions: number[]) => ({
      id_organu,
      organ,
      ...Object.fromEntries(
        ['glosowania', 'imienne', 'tylko_liczby', 'rozbiezne_liczby', 'wynik_wbrew_liczbom'].map((k, i) => [
          k,
          votes[i],
        ]),
      ),
      ...Object.fromEntries(['posiedzenia', 'z_lista_obecnosci', 'obecni_bez_glosu'].map((k, i) => [k, sessions[i]])),
    });
    // Alfa: V5 tally-only; V1–V4 state tallies their roll calls do not give (Piotr's and index 7's entries
    // skipped, V1 przeciw 1 against 0; V2 za 3 against 2; V3 nieobecni 2 against 0; V4 za 3 against 1).
    // Beta: V8's stated 2 1 0 0 0 equal its roll call, V9 states wstrzymal_sie 1 against 0.
    // Gamma: V14 tally-only (przyjęto at 3:0 agrees), V15 odrzucono at 2:0; lists in 9, 10, 11, 13; Dawid in 11.
    expect(await get('/api/utils/jakosc')).toEqual([
      row(1, 'Rada Miasta Alfy', [7, 6, 1, 4, 0], [6, 0, 0]),
      row(2, 'Rada Miasta Beta', [3, 3, 0, 1, 0], [2, 0, 0]),
      row(3, 'Rada Miasta Gammy', [7, 6, 1, 0, 1], [5, 4, 1]),
    ]);
    expect(await get('/api/utils/jakosc?kadencja=2018-2023')).toEqual([
      row(1, 'Rada Miasta Alfy', [5, 4, 1, 4, 0], [5, 0, 0]),
    ]);
    const ids = async (query: string) =>
      (await get(`/api/glosowania?${query}`)).map((v: { id_glosowania: number }) => v.id_glosowania);
    expect(await ids('jakosc=tylko_liczby')).toEqual([14, 5]); // date order
    expect(await ids('jakosc=rozbiezne_liczby&organ=1')).toEqual([4, 3, 2, 1]);
    expect(await ids('jakosc=wynik_wbrew_liczbom')).toEqual([15]);
  });

  it('scopes the aggregates to one council with organ (CONTRACT §7)', async () => {
    const names = (items: Array<{ id_osoby: number }>) => items.map((i) => i.id_osoby);
    // Alfa: everyone with an attendance record in its sessions; Zofia (4) never voted. Name order.
    expect(names(await get('/api/radni?organ=1'))).toEqual([3, 1, 2, 5]);
    expect(names(await get('/api/radni?organ=2'))).toEqual([7, 8, 6]);
    expect(await get('/api/statystyki/dashboard?organ=2')).toEqual({
      liczba_posiedzen: 2,
      liczba_glosow: 3,
      liczba_radnych: 3,
      srednia_frekwencja: '100.00',
    });
    // Beta, active ballots with a majority: 6 Z P Z, 7 Z P Z, 8 P Z Z; majorities Z (c0), P (c1), Z (c2).
    const rebels = await get('/api/statystyki/ranking-buntownikow?organ=2&min_glosowan=1');
    expect(
      rebels.map((r: { id_osoby: number; glosowania: number; w_mniejszosci: number }) => [
        r.id_osoby,
        r.glosowania,
        r.w_mniejszosci,
      ]),
    ).toEqual([
      [8, 3, 2],
      [6, 3, 0],
      [7, 3, 0],
    ]);
    // The two Jan Kowalskis sit in different councils: never paired.
    const pairs = await get('/api/statystyki/top-koalicje?min_wspolne=1&limit=100');
    expect(
      pairs.some(
        (p: { radny_1: { id_osoby: number }; radny_2: { id_osoby: number } }) =>
          p.radny_1.id_osoby === 2 && p.radny_2.id_osoby === 7,
      ),
    ).toBe(false);
    expect((await request(t.app).get('/api/radni?organ=4')).status).toBe(404);
  });
});

describe("a council's own words: two spellings of a name, a non-attached club by its full name, empty records", () => {
  let summary: EtlSummary;
  let db: Database.Database;
  let t: TestApp;
  const rows = (sql: string) => db.prepare(sql).raw().all();
  const get = async (path: string) => {
    const res = await request(t.app).get(path);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    const source = newDir();
    await writeRadoskopHand(source, RADOSKOP_RECORD);
    const dbPath = join(newDir(), 'council.db');
    summary = await runEtl({ source, format: 'radoskop', dbPath });
    db = new Database(dbPath, { readonly: true });
    t = appOver(dbPath);
  });
  afterAll(() => {
    db.close();
    t.close();
  });

  it('skips an empty record before ids are assigned, with a warning naming the file and the id', () => {
    const file = 'delta-sejmik/kadencja-2024-2029.json';
    const empty = summary.findings.warnings.map(located).filter((w) => w.includes('empty record'));
    expect(empty).toEqual(
      ['d2', 'd4'].map(
        (id) =>
          `${file}: (vote): vote ${id}: an empty record (no named votes, no count above zero, no resolution) is no vote; skipped`,
      ),
    );
    expect(rows('SELECT id_glosowania, id_posiedzenia, numer, tytul FROM glosowanie')).toEqual([
      [1, 1, 1, 'Porządek obrad'],
      [2, 1, 2, 'Druk 1433'],
      [3, 2, 1, 'Uchwała'],
      [4, 2, 2, 'Pożyczka'],
    ]);
  });

  it('reads one person from every spelling with whitespace beside a hyphen, in every list', () => {
    expect(rows('SELECT id_osoby, imie_nazwisko FROM radny')).toEqual([
      [1, 'Julia Kloc-Kondracka'],
      [2, 'Jan Nowak'],
      [3, 'Ola Lis'],
    ]);
    expect(rows('SELECT id_glosowania, id_osoby, glos FROM glos ORDER BY 1, 2')).toEqual([
      [1, 1, 0],
      [1, 2, 0],
      [1, 3, 1],
      [2, 1, 0], // index 3, the other spelling
      [2, 2, 3],
      [2, 3, 1],
      [3, 1, 0],
      [3, 2, 3],
      [3, 3, 0],
    ]);
    expect(rows('SELECT id_posiedzenia, id_osoby, obecny FROM obecnosc ORDER BY 1, 2')).toEqual([
      [1, 1, 1],
      [1, 2, 1],
      [1, 3, 1],
      [2, 1, 1],
      [2, 2, 1],
      [2, 3, 1],
    ]);
  });

  it('takes the first club that is a group; a club whose config full name is Niezrzeszeni is none; pelna_nazwa from config', async () => {
    expect(rows('SELECT id_ugrupowania, nazwa, skrot, pelna_nazwa FROM ugrupowanie')).toEqual([
      [1, 'KO', 'KO', 'Klub Radnych KO'],
      [2, 'PiS', 'PiS', null],
    ]);
    expect(rows('SELECT id_osoby, id_ugrupowania FROM przynaleznosc ORDER BY 1')).toEqual([
      [1, 1],
      [2, null],
      [3, 2],
    ]);
    const groups = (await get('/api/utils/ugrupowania')).data;
    expect(groups.map((g: { nazwa: string; pelna_nazwa: string | null }) => [g.nazwa, g.pelna_nazwa])).toEqual([
      ['KO', 'Klub Radnych KO'],
      ['PiS', null],
    ]);
  });

  it('marks who was on the list and absent from every vote, and counts what the record disagrees about', async () => {
    const at = async (session: number) =>
      (await get(`/api/posiedzenia/${session}/obecnosci`)).data.map(
        (r: { id_osoby: number; obecny: boolean; glosowania: number; nieobecny_w_glosowaniach: number }) => [
          r.id_osoby,
          r.obecny,
          r.glosowania,
          r.nieobecny_w_glosowaniach,
        ],
      );
    // Name order: Jan Nowak, Julia Kloc-Kondracka, Ola Lis.
    expect(await at(1)).toEqual([
      [2, true, 2, 1],
      [1, true, 2, 0],
      [3, true, 2, 0],
    ]);
    expect(await at(2)).toEqual([
      [2, true, 1, 1], // on the list, absent from every vote there
      [1, true, 1, 0],
      [3, true, 1, 0],
    ]);
    expect((await get('/api/utils/jakosc')).data).toEqual([
      {
        id_organu: 1,
        organ: 'Sejmik Województwa Delta',
        glosowania: 4,
        imienne: 3,
        tylko_liczby: 1,
        rozbiezne_liczby: 1,
        wynik_wbrew_liczbom: 1,
        posiedzenia: 2,
        z_lista_obecnosci: 2,
        obecni_bez_glosu: 1,
      },
    ]);
    const listed = async (jakosc: string) => {
      const body = await get(`/api/glosowania?jakosc=${jakosc}`);
      return [body.data.map((v: { id_glosowania: number }) => v.id_glosowania), body.pagination.total];
    };
    expect(await listed('tylko_liczby')).toEqual([[4], 1]);
    expect(await listed('rozbiezne_liczby')).toEqual([[3], 1]);
    expect(await listed('wynik_wbrew_liczbom')).toEqual([[3], 1]);
    const bad = await request(t.app).get('/api/glosowania?jakosc=wszystko');
    expect([bad.status, bad.body.message]).toEqual([
      400,
      "query parameter 'jakosc' must be one of tylko_liczby, rozbiezne_liczby, wynik_wbrew_liczbom",
    ]);
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
    expect(problems).toEqual([
      expect.stringMatching(/^beta-city\/docs\/kadencja-2024-2029\.json: \(file\): is not JSON: /),
    ]);
  });
});

const sharedDir = fileURLToPath(new URL('../../shared/data/radoskop/', import.meta.url));
const haveShared = existsSync(sharedDir);
if (!haveShared) console.warn(`skipping the real Radoskop councils: ${sharedDir} not found`);

describe.skipIf(!haveShared)('the real councils Radoskop publishes (Katowice; Gdańsk, two terms)', () => {
  it('import with the exact counts, and their quirks as warnings with file and vote id', async () => {
    const { counts, parts, findings } = await checkSource({ source: sharedDir, format: 'radoskop' });
    expect(findings.errorCount).toBe(0);
    // 14 street and municipality names of Gdańsk's index are no persons; KO and PiS of each city are groups of their own.
    expect(counts).toMatchObject({
      organy: 2,
      ugrupowania: 6,
      posiedzenia: 79,
      glosowania: 2802, // Gdańsk's four empty records are no votes
      glosy: 89631,
      radni: 78,
      obecnosci: 2530,
    });
    expect(parts.map((p) => [p.name, p.counts.radni, p.counts.obecnosci])).toEqual([
      ['gdansk', 47, 1830],
      ['katowice', 31, 700],
    ]);
    const warnings = findings.warnings.map(located);
    expect(warnings).toContain(
      'gdansk/kadencja-2018-2023.json: named_votes.nieobecni: vote 2020-04-30_33: "Powstania Listopadowego" is in the index but not among the councillors; skipped',
    );
    expect(warnings).toContain(
      'gdansk/kadencja-2024-2029.json: sessions.attendees: session 2024-05-16 II: "Wygenerowano za pomocą eSesja.pl" is not a councillor of this term; skipped',
    );
    expect(
      warnings.filter((w) =>
        /^gdansk\/kadencja-20\d\d-20\d\d\.json: counts\.\w+: vote \d{4}-\d\d-\d\d_\d+: states \d+ but the named list has \d+/.test(
          w,
        ),
      ).length,
    ).toBeGreaterThan(0);
    expect(parts.find((p) => p.name === 'katowice')!.warnings).toEqual({});
  });

  it("serve the council's own record: tally-only votes adopted as stated, attendance from the official lists", async () => {
    const dbPath = join(newDir(), 'council.db');
    await runEtl({ source: sharedDir, format: 'radoskop', dbPath });
    const t = appOver(dbPath);
    const db = new Database(dbPath, { readonly: true });
    try {
      // Gdańsk, 2022-06-30: a loan adopted 33 : 0 with an empty roll call (it read "odrzucono 0 : 0").
      const loan = (await request(t.app).get('/api/glosowania/505')).body.data;
      expect([loan.data, loan.wynik, loan.za, loan.przeciw, loan.imienne, loan.liczby_zrodla.za]).toEqual([
        '2022-06-30',
        'przyjęto',
        33,
        0,
        false,
        33,
      ]);
      expect(
        db.prepare('SELECT count(*) FROM glosowanie WHERE imienne = 0 AND za_podane IS NOT NULL').pluck().get(),
      ).toBe(33); // 35 before the two empty records with every count 0 were skipped
      // Every session of both councils has an official list naming its councillors.
      expect(db.prepare('SELECT count(*), sum(lista_obecnosci) FROM posiedzenie').raw().get()).toEqual([79, 79]);
      // Attendance is not participation (§10): Gdańsk's lists name 44 councillor-sessions whose every ballot is
      // nieobecny; one councillor is on all 54 lists and absent from 166 votes.
      const gdansk = (await request(t.app).get('/api/utils/jakosc?organ=1')).body.data[0];
      expect([gdansk.organ, gdansk.posiedzenia, gdansk.z_lista_obecnosci, gdansk.obecni_bez_glosu]).toEqual([
        'Rada Miasta Gdańska',
        54,
        54,
        44,
      ]);
      const id = db.prepare("SELECT id_osoby FROM radny WHERE imie_nazwisko = 'Anna Golędzinowska'").pluck().get();
      const [attendance, profile] = await Promise.all(
        [`/api/radni/${id}/frekwencja`, `/api/radni/${id}/profil-glosowania`].map(
          async (path) => (await request(t.app).get(path)).body.data,
        ),
      );
      expect([attendance.liczba_posiedzen, attendance.obecnosci, profile.nieobecny]).toEqual([54, 54, 166]);
      // The session of 14 December 2023: 34 on the list, one of them absent from all 64 votes.
      const session = db.prepare("SELECT id_posiedzenia FROM posiedzenie WHERE data = '2023-12-14'").pluck().get();
      const silent = (await request(t.app).get(`/api/posiedzenia/${session}/obecnosci`)).body.data.filter(
        (r: { obecny: boolean; glosowania: number; nieobecny_w_glosowaniach: number }) =>
          r.obecny && r.glosowania > 0 && r.nieobecny_w_glosowaniach === r.glosowania,
      );
      expect(silent.map((r: { imie_nazwisko: string; glosowania: number }) => [r.imie_nazwisko, r.glosowania])).toEqual(
        [['Anna Golędzinowska', 64]],
      );
      // The four empty records („Włączenie druku nr 1433”, 1432, 1863, 1865) are no votes.
      expect(
        db
          .prepare('SELECT count(*) FROM glosowanie WHERE imienne = 0 AND za_podane IS NULL AND wynik_podany IS NULL')
          .pluck()
          .get(),
      ).toBe(0);
      expect(
        db
          .prepare("SELECT count(*) FROM radny WHERE imie_nazwisko IN ('Gminą Gardeja', 'Powstania Listopadowego')")
          .pluck()
          .get(),
      ).toBe(0);
    } finally {
      db.close();
      t.close();
    }
  });
});
