// The evidence behind a figure, comparison and group cohesion (CONTRACT §9), and the council map,
// through the real pipeline: CSV → ETL → materialised tables → the API over HTTP. Hand-worked values on
// the hand council (test/support/hand-council.ts) for every case issue 25 names, checked against the
// naive reference too; random councils against the reference with `kadencja` and `organ`; the monthly
// figures (the site's charts, no endpoint) against the reference over each month's votes alone.

import type Database from 'better-sqlite3';
import fc from 'fast-check';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GlosValue } from '../src/radni/queries.ts';
import type { Queries } from '../src/snapshot/queries.ts';
import { type Bundle, writeBundle } from './support/bundle.ts';
import { type TestApp, appOver, buildDatabase, removeDir, tempDir, vocabularyFile } from './support/fixture.ts';
import { HAND_COUNCIL, HAND_TOPICS, HAND_VOTES } from './support/hand-council.ts';
import { arbitraryCouncil } from './support/random-council.ts';
import { referenceGet } from './support/reference.ts';

interface Snapshot { t: TestApp; db: Database.Database; queries: Queries; dir: string }

async function snapshotOf(bundle: Bundle): Promise<Snapshot> {
  const dir = tempDir('council-evidence-');
  await writeBundle(dir, bundle);
  // The hand council's vote summaries carry the topics of its own vocabulary (hand-council.ts).
  const t = appOver(await buildDatabase(dir, 'csv', bundle === HAND_COUNCIL ? vocabularyFile(HAND_TOPICS) : undefined));
  const { db, queries } = t.snapshots.active!;
  return { t, db, queries, dir };
}

function close(s: Snapshot): void {
  s.t.close();
  removeDir(s.dir);
}

const NOT_FOUND = { notFound: true };
const BAD_REQUEST = { badRequest: true };

/** The API's answer to a GET, as the reference writes it: the body of a 200, NOT_FOUND for a 404, BAD_REQUEST for a 400. */
async function evidenceGet(s: Snapshot, path: string, query: Record<string, string> = {}): Promise<unknown> {
  const res = await request(s.t.app).get(path).query(query);
  if (res.status === 404) return NOT_FOUND;
  if (res.status === 400) return BAD_REQUEST;
  expect(res.status, `${path} ${JSON.stringify(query)}: ${res.text.slice(0, 200)}`).toBe(200);
  return res.body;
}

// ── The hand council's answers, worked out on paper (the council and its ballots: hand-council.ts) ──

const T1 = '2014-2018';
const T2 = '2018-2023';
const RDM = 'Razem dla Miasta';
const FS = 'Forum Samorządowe';
const page = (pageNo: number, limit: number, total: number, totalPages: number) => ({ page: pageNo, limit, total, totalPages });
const withBallot = (glos: string, ...votes: Array<keyof typeof HAND_VOTES>) => votes.map((v) => ({ ...HAND_VOTES[v], glos }));
/** data_czas normalised (DESIGN: a date-only value is T00:00:00, HH:MM gains :00). */
const DATA_CZAS: Record<number, string> = {
  1: '2015-03-10T10:00:00', 2: '2015-03-10T10:30:00', 3: '2015-03-10T10:30:00', 4: '2015-03-10T00:00:00',
  6: '2019-01-15T09:15:00', 7: '2019-01-15T09:30:45', 8: '2019-01-31T00:00:00', 10: '2019-02-01T10:00:00',
  11: '2019-02-01T10:00:00', 12: '2019-02-01T11:00:00',
};
const differ = (v: keyof typeof HAND_VOTES, glos: string, glos_drugiego: string) => ({
  id_glosowania: v, data_czas: DATA_CZAS[v], tytul: HAND_VOTES[v].tytul, wynik: HAND_VOTES[v].wynik, glos, glos_drugiego,
});
const SESSIONS: Record<number, { id_posiedzenia: number; id_organu: number; numer: string; data: string }> = {
  1: { id_posiedzenia: 1, id_organu: 1, numer: 'I', data: '2015-03-10' },
  2: { id_posiedzenia: 2, id_organu: 1, numer: 'I', data: '2019-01-15' },
  3: { id_posiedzenia: 3, id_organu: 2, numer: '1', data: '2019-01-31' },
  4: { id_posiedzenia: 4, id_organu: 1, numer: 'LXXIV/2', data: '2019-02-01' },
};
const record = (session: number, obecny: number) => ({ ...SESSIONS[session]!, obecny });
const who = (id: number, imie_nazwisko: string, ugrupowanie: string | null) => ({ id_osoby: id, imie_nazwisko, ugrupowanie });
const group = (pozycja: number, id: number, liczba_glosowan: number, spojnosc_procent: number) =>
  ({ pozycja, id_ugrupowania: id, nazwa: id === 1 ? RDM : FS, liczba_glosowan, spojnosc_procent });

interface Case { path: string; query?: Record<string, string>; body: unknown }
const ok = (data: unknown, pagination?: object) => (pagination ? { success: true, data, pagination } : { success: true, data });

const HAND_CASES: Case[] = [
  // ── glos on a councillor's votes: the total is profil-glosowania's count for that value ─────
  // 1: V1 Z V2 Z V3 Z V4 P │ V5 Z V6 Z V7 P V8 Z V9 N V10 Z V11 P V12 W → za 7, przeciw 3, wstrz 1, nieobecny 1
  { path: '/api/radni/1/glosowania', query: { glos: 'za' }, body: ok(withBallot('za', 10, 8, 6, 5, 3, 2, 1), page(1, 20, 7, 1)) }, // date order
  { path: '/api/radni/1/glosowania', query: { glos: 'przeciw' }, body: ok(withBallot('przeciw', 11, 7, 4), page(1, 20, 3, 1)) }, // V4 date-only: last
  { path: '/api/radni/1/glosowania', query: { glos: 'nieobecny' }, body: ok(withBallot('nieobecny', 9), page(1, 20, 1, 1)) },
  { path: '/api/radni/1/glosowania', query: { glos: 'brak_glosu' }, body: ok([], page(1, 20, 0, 0)) },
  { path: '/api/radni/1/glosowania', query: { glos: 'za', kadencja: T1 }, body: ok(withBallot('za', 3, 2, 1), page(1, 20, 3, 1)) }, // V3 before V2: same 10:30, id desc
  { path: '/api/radni/1/glosowania', query: { glos: 'za', organ: '2' }, body: ok(withBallot('za', 8), page(1, 20, 1, 1)) }, // the committee: V8, V9
  { path: '/api/radni/1/glosowania', query: { glos: 'za', organ: '1', kadencja: T2 }, body: ok(withBallot('za', 10, 6, 5), page(1, 20, 3, 1)) },
  { path: '/api/radni/1/glosowania', query: { glos: 'za', limit: '3', page: '3' }, body: ok(withBallot('za', 1), page(3, 3, 7, 3)) },
  { path: '/api/radni/lucja-wrobel/glosowania', query: { glos: 'brak_glosu' }, body: ok(withBallot('brak_glosu', 9), page(1, 20, 1, 1)) }, // 3's V9 B
  { path: '/api/radni/6/glosowania', query: { glos: 'nieobecny' }, body: ok(withBallot('nieobecny', 12, 11), page(1, 20, 2, 1)) },
  { path: '/api/radni/2/glosowania', query: { glos: 'za', kadencja: T2 }, body: ok([], page(1, 20, 0, 0)) }, // known, nothing in T2: empty, not 404
  { path: '/api/radni/7/glosowania', query: { glos: 'za' }, body: ok([], page(1, 20, 0, 0)) }, // a membership and no ballot
  { path: '/api/radni/99/glosowania', query: { glos: 'za' }, body: NOT_FOUND },
  { path: '/api/radni/1/glosowania', query: { glos: 'za', organ: '99' }, body: NOT_FOUND },

  // ── obecnosci: records by session date desc; the total is frekwencja's liczba_posiedzen ──────
  { path: '/api/radni/3/obecnosci', body: ok([record(4, 1), record(3, 1), record(2, 1), record(1, 1)], page(1, 20, 4, 1)) }, // S1 S4 given, S2 S3 derived
  { path: '/api/radni/anna-nowak-2/obecnosci', body: ok([record(4, 1), record(3, 0), record(2, 1)], page(1, 20, 3, 1)) }, // S3 derived from N, N
  { path: '/api/radni/1/obecnosci', body: ok([record(4, 1), record(3, 1), record(2, 1)], page(1, 20, 3, 1)) }, // no S1 row although 1 voted there
  { path: '/api/radni/1/obecnosci', query: { kadencja: T1 }, body: ok([], page(1, 20, 0, 0)) },
  { path: '/api/radni/2/obecnosci', body: ok([record(1, 0)], page(1, 20, 1, 1)) },
  { path: '/api/radni/2/obecnosci', query: { kadencja: T2 }, body: ok([], page(1, 20, 0, 0)) },
  { path: '/api/radni/5/obecnosci', query: { organ: '2' }, body: ok([record(3, 0)], page(1, 20, 1, 1)) },
  { path: '/api/radni/5/obecnosci', query: { organ: '1', kadencja: T2 }, body: ok([record(4, 1), record(2, 1)], page(1, 20, 2, 1)) },
  { path: '/api/radni/3/obecnosci', query: { limit: '1', page: '2' }, body: ok([record(3, 1)], page(2, 1, 4, 4)) },
  { path: '/api/radni/7/obecnosci', body: ok([], page(1, 20, 0, 0)) },
  { path: '/api/radni/99/obecnosci', body: NOT_FOUND },
  { path: '/api/radni/3/obecnosci', query: { organ: '99' }, body: NOT_FOUND },

  // ── porownanie: both active ballots; rozbiezne in date order, paged, total wspolne − zgodne ──
  // (1,3): T1 V1 ZZ V2 ZZ V3 ZP✗ V4 PZ✗ → 4/2; T2 V5 ZZ V6 ZP✗ V7 PP V8 ZZ V10 ZP✗ V11 PP V12 WZ✗ → 7/4; all 11/6 = 54.55
  {
    path: '/api/radni/1/porownanie/3',
    body: ok({
      radny: who(1, 'Anna Nowak', RDM), drugi: who(3, 'Łucja Wróbel', FS), wspolne_glosowania: 11, zgodne: 6, zgodnosc_procent: 54.55,
      rozbiezne: [differ(12, 'wstrzymujacy', 'za'), differ(10, 'za', 'przeciw'), differ(6, 'za', 'przeciw'), differ(3, 'za', 'przeciw'), differ(4, 'przeciw', 'za')],
    }, page(1, 20, 5, 1)),
  },
  { // the other way round: the ballots swap sides
    path: '/api/radni/3/porownanie/1',
    body: ok({
      radny: who(3, 'Łucja Wróbel', FS), drugi: who(1, 'Anna Nowak', RDM), wspolne_glosowania: 11, zgodne: 6, zgodnosc_procent: 54.55,
      rozbiezne: [differ(12, 'za', 'wstrzymujacy'), differ(10, 'przeciw', 'za'), differ(6, 'przeciw', 'za'), differ(3, 'przeciw', 'za'), differ(4, 'za', 'przeciw')],
    }, page(1, 20, 5, 1)),
  },
  { // in T1 both in RdM (3's T1 membership); the group switch mid-T2 shows in the all-terms group
    path: '/api/radni/1/porownanie/3', query: { kadencja: T1 },
    body: ok({
      radny: who(1, 'Anna Nowak', RDM), drugi: who(3, 'Łucja Wróbel', RDM), wspolne_glosowania: 4, zgodne: 2, zgodnosc_procent: 50,
      rozbiezne: [differ(3, 'za', 'przeciw'), differ(4, 'przeciw', 'za')],
    }, page(1, 20, 2, 1)),
  },
  {
    path: '/api/radni/1/porownanie/3', query: { kadencja: T2 }, // 7/4 = 57.14; 3's T2 group is FS (m7, latest data_od)
    body: ok({
      radny: who(1, 'Anna Nowak', RDM), drugi: who(3, 'Łucja Wróbel', FS), wspolne_glosowania: 7, zgodne: 4, zgodnosc_procent: 57.14,
      rozbiezne: [differ(12, 'wstrzymujacy', 'za'), differ(10, 'za', 'przeciw'), differ(6, 'za', 'przeciw')],
    }, page(1, 20, 3, 1)),
  },
  {
    path: '/api/radni/1/porownanie/3', query: { limit: '2', page: '2' },
    body: ok({
      radny: who(1, 'Anna Nowak', RDM), drugi: who(3, 'Łucja Wróbel', FS), wspolne_glosowania: 11, zgodne: 6, zgodnosc_procent: 54.55,
      rozbiezne: [differ(6, 'za', 'przeciw'), differ(3, 'za', 'przeciw')],
    }, page(2, 2, 5, 3)),
  },
  { // ties in date order: V11 and V10 share 10:00 (V11 agrees), V3 and V2 share 10:30:00 → V3 first. 11/3 = 27.27
    path: '/api/radni/3/porownanie/4',
    body: ok({
      radny: who(3, 'Łucja Wróbel', FS), drugi: who(4, 'Lech Mazur', FS), wspolne_glosowania: 11, zgodne: 3, zgodnosc_procent: 27.27,
      rozbiezne: [differ(10, 'przeciw', 'za'), differ(8, 'za', 'przeciw'), differ(7, 'przeciw', 'za'), differ(6, 'przeciw', 'za'),
        differ(3, 'przeciw', 'wstrzymujacy'), differ(2, 'za', 'przeciw'), differ(1, 'za', 'przeciw'), differ(4, 'za', 'przeciw')],
    }, page(1, 20, 8, 1)),
  },
  {
    path: '/api/radni/3/porownanie/4', query: { organ: '2' }, // the committee: V8 Z/P only
    body: ok({
      radny: who(3, 'Łucja Wróbel', FS), drugi: who(4, 'Lech Mazur', FS), wspolne_glosowania: 1, zgodne: 0, zgodnosc_procent: 0,
      rozbiezne: [differ(8, 'za', 'przeciw')],
    }, page(1, 20, 1, 1)),
  },
  {
    path: '/api/radni/3/porownanie/4', query: { organ: '1', kadencja: T2 }, // V5 ✓ V6 ✗ V7 ✗ V10 ✗ V11 ✓ V12 ✓ → 6/3
    body: ok({
      radny: who(3, 'Łucja Wróbel', FS), drugi: who(4, 'Lech Mazur', FS), wspolne_glosowania: 6, zgodne: 3, zgodnosc_procent: 50,
      rozbiezne: [differ(10, 'przeciw', 'za'), differ(7, 'przeciw', 'za'), differ(6, 'przeciw', 'za')],
    }, page(1, 20, 3, 1)),
  },
  { // by token; 5 has no group; (1,5): V5 ✓ V6 ZW V7 PZ V10 ✓ V11 PW V12 WP → 6/2 = 33.33 (V8: 5 N)
    path: '/api/radni/anna-nowak/porownanie/anna-nowak-2',
    body: ok({
      radny: who(1, 'Anna Nowak', RDM), drugi: who(5, 'Anna Nowak', null), wspolne_glosowania: 6, zgodne: 2, zgodnosc_procent: 33.33,
      rozbiezne: [differ(12, 'wstrzymujacy', 'przeciw'), differ(11, 'przeciw', 'wstrzymujacy'), differ(7, 'przeciw', 'za'), differ(6, 'za', 'wstrzymujacy')],
    }, page(1, 20, 4, 1)),
  },
  { // never shared a vote: 2 sat in T1 only, 5 in T2 only
    path: '/api/radni/2/porownanie/5',
    body: ok({ radny: who(2, 'Zenon Lis', FS), drugi: who(5, 'Anna Nowak', null), wspolne_glosowania: 0, zgodne: 0, zgodnosc_procent: 0, rozbiezne: [] }, page(1, 20, 0, 0)),
  },
  { // never cast a ballot at all
    path: '/api/radni/1/porownanie/borys-zuk',
    body: ok({ radny: who(1, 'Anna Nowak', RDM), drugi: who(7, 'Borys Żuk', RDM), wspolne_glosowania: 0, zgodne: 0, zgodnosc_procent: 0, rozbiezne: [] }, page(1, 20, 0, 0)),
  },
  { path: '/api/radni/1/porownanie/1', body: BAD_REQUEST },
  { path: '/api/radni/1/porownanie/anna-nowak', body: BAD_REQUEST }, // the same councillor by id and token
  { path: '/api/radni/1/porownanie/99', body: NOT_FOUND },
  { path: '/api/radni/99/porownanie/1', body: NOT_FOUND },
  { path: '/api/radni/nikt-taki/porownanie/nikt-taki', body: NOT_FOUND }, // unknown before "the same"
  { path: '/api/radni/1/porownanie/3', query: { organ: '99' }, body: NOT_FOUND },

  // ── spojnosc-ugrupowan: Σ(3·max − T) / Σ 2T over the votes where the group cast T ≥ 2 active ballots ──
  // RdM (1, 3 until 2019-01-31): V1 4/4 V2 4/4 V3 1/4 V4 1/4 V5 4/4 V6 1/4 V7 4/4 V8 4/4 → 8 votes, 23/32 = 71.88;
  //   from 2019-02-01 1 alone (3 moved to FS): V10–V12 not counted
  // FS: V1 1/4 V2 4/4 (V3 V4: 4 alone active) V5 4/4 V6 4/4 V7 1/4 (V8: 6 B) V10 3/6 (P Z Z) V11 4/4 V12 4/4 → 8, 25/34 = 73.53
  { path: '/api/statystyki/spojnosc-ugrupowan', body: ok([group(1, 2, 8, 73.53), group(2, 1, 8, 71.88)]) },
  { path: '/api/statystyki/spojnosc-ugrupowan', query: { kadencja: T1 }, body: ok([group(1, 1, 4, 62.5), group(2, 2, 2, 62.5)]) }, // 10/16 = 5/8: more votes first
  { path: '/api/statystyki/spojnosc-ugrupowan', query: { kadencja: T2 }, body: ok([group(1, 1, 4, 81.25), group(2, 2, 6, 76.92)]) }, // 13/16; 20/26
  { path: '/api/statystyki/spojnosc-ugrupowan', query: { organ: '1' }, body: ok([group(1, 2, 8, 73.53), group(2, 1, 7, 67.86)]) }, // RdM without V8: 19/28
  { path: '/api/statystyki/spojnosc-ugrupowan', query: { organ: '1', kadencja: T2 }, body: ok([group(1, 2, 6, 76.92), group(2, 1, 3, 75)]) }, // RdM V5–V7: 9/12
  { path: '/api/statystyki/spojnosc-ugrupowan', query: { organ: '2' }, body: ok([group(1, 1, 1, 100)]) }, // FS at V8: 4 P, 6 B → T = 1, not listed
  { path: '/api/statystyki/spojnosc-ugrupowan', query: { organ: '3' }, body: ok([]) },
  { path: '/api/statystyki/spojnosc-ugrupowan', query: { limit: '1' }, body: ok([group(1, 2, 8, 73.53)]) },
  { path: '/api/statystyki/spojnosc-ugrupowan', query: { organ: '99' }, body: NOT_FOUND },
];

const label = (c: { path: string; query?: Record<string, string> }) =>
  c.query ? `${c.path}?${new URLSearchParams(c.query).toString()}` : c.path;

describe('the hand council: §9 answers worked out on paper', () => {
  let s: Snapshot;
  beforeAll(async () => { s = await snapshotOf(HAND_COUNCIL); });
  afterAll(() => close(s));

  it.each(HAND_CASES.map((c) => [label(c), c] as const))('%s', async (_label, c) => {
    expect(referenceGet(HAND_COUNCIL, c.path, c.query, HAND_TOPICS), 'the naive reference').toEqual(c.body);
    const answer = await evidenceGet(s, c.path, c.query);
    expect(answer).toEqual(c.body);
    expect(JSON.stringify(answer), 'field order').toBe(JSON.stringify(c.body));
  });

  it('gives each group its cohesion per month of the vote date', () => {
    // FS: 2015-03 V1 1/4 V2 4/4 · 2019-01 V5 4/4 V6 4/4 V7 1/4 · 2019-02 V10 3/6 V11 4/4 V12 4/4
    expect(s.queries.statystyki.cohesionByMonth(2, {})).toEqual([
      { miesiac: '2015-03', liczba_glosowan: 2, spojnosc_procent: 62.5 },
      { miesiac: '2019-01', liczba_glosowan: 3, spojnosc_procent: 75 },
      { miesiac: '2019-02', liczba_glosowan: 3, spojnosc_procent: 78.57 }, // 11/14
    ]);
    // RdM: 2015-03 V1–V4 10/16 · 2019-01 V5–V8 13/16; alone in 2019-02
    expect(s.queries.statystyki.cohesionByMonth(1, {})).toEqual([
      { miesiac: '2015-03', liczba_glosowan: 4, spojnosc_procent: 62.5 },
      { miesiac: '2019-01', liczba_glosowan: 4, spojnosc_procent: 81.25 },
    ]);
    expect(s.queries.statystyki.cohesionByMonth(1, { organ: 1, kadencja: T2 })).toEqual([{ miesiac: '2019-01', liczba_glosowan: 3, spojnosc_procent: 75 }]);
  });

  it('gives a pair its agreement per month', () => {
    // (1,3): 2015-03 V1 ✓ V2 ✓ V3 ✗ V4 ✗ · 2019-01 V5 ✓ V6 ✗ V7 ✓ V8 ✓ · 2019-02 V10 ✗ V11 ✓ V12 ✗
    expect(s.queries.radni.pairMonths(1, 3, {})).toEqual([
      { miesiac: '2015-03', wspolne_glosowania: 4, zgodne: 2, zgodnosc_procent: 50 },
      { miesiac: '2019-01', wspolne_glosowania: 4, zgodne: 3, zgodnosc_procent: 75 },
      { miesiac: '2019-02', wspolne_glosowania: 3, zgodne: 1, zgodnosc_procent: 33.33 },
    ]);
    expect(s.queries.radni.pairMonths(3, 1, { organ: 2 })).toEqual([{ miesiac: '2019-01', wspolne_glosowania: 1, zgodne: 1, zgodnosc_procent: 100 }]);
    expect(s.queries.radni.pairMonths(2, 5, {})).toEqual([]);
  });

  it('leaves everyone off the map when no pair shares 20 votes, and counts them', () => {
    // Rada in T1: 1–4 voted (4 votes); in T2: 1, 3–6 (7 votes). The committee gets no map.
    expect(s.queries.statystyki.mapTerms(1)).toEqual([T2, T1]);
    expect(s.queries.statystyki.mapTerms(2)).toEqual([]);
    const map = s.queries.statystyki.councilMap(1)!;
    expect({ ...map, pominieci: map.pominieci.map((p) => p.id_osoby) }).toEqual({ id_organu: 1, kadencja: T2, prog: 20, radni: [], pominieci: [1, 5, 4, 3, 6] });
    expect(s.queries.statystyki.councilMap(1, T1)!.pominieci.map((p) => p.id_osoby)).toEqual([1, 4, 3, 2]);
    expect(s.queries.statystyki.councilMap(2)).toBeUndefined();
  });
});

// ── The errors, as the API words them ─────────────────────────────────────────────────────────

describe('the §9 endpoints refuse what they cannot answer, saying why', () => {
  let s: Snapshot;
  beforeAll(async () => { s = await snapshotOf(HAND_COUNCIL); });
  afterAll(() => close(s));

  it.each([
    ['/api/radni/1/glosowania?glos=tak', 400, "query parameter 'glos' must be one of za, przeciw, wstrzymujacy, nieobecny, brak_glosu"],
    ['/api/radni/1/glosowania?glos=za&glos=przeciw', 400, "query parameter 'glos'"],
    ['/api/radni/1/glosowania-buntownicze?glos=za', 400, "unknown query parameter 'glos': /api/radni/:id/glosowania-buntownicze accepts kadencja, page, limit"],
    ['/api/radni/1/porownanie/1', 400, "path parameters 'id' and 'id2' name the same councillor (1)"],
    ['/api/radni/anna-nowak/porownanie/1', 400, "name the same councillor (1)"],
    ['/api/radni/1/porownanie/99', 404, 'no councillor 99'],
    ['/api/radni/nikt-taki/porownanie/nikt-taki', 404, 'no councillor nikt-taki'],
    ['/api/radni/1/porownanie/3?organ=99', 404, 'no body 99'],
    ['/api/radni/1/porownanie/x_y', 400, "path parameter 'id2' must be a positive integer or a councillor token"],
    ['/api/radni/1/obecnosci?limit=101', 400, "query parameter 'limit' must be between 1 and 100"],
    ['/api/radni/1/obecnosci?kadnecja=2018-2023', 400, "unknown query parameter 'kadnecja': /api/radni/:id/obecnosci accepts kadencja, organ, page, limit"],
    ['/api/statystyki/spojnosc-ugrupowan?limit=0', 400, "query parameter 'limit' must be between 1 and 100"],
    ['/api/statystyki/spojnosc-ugrupowan?page=2', 400, "unknown query parameter 'page': /api/statystyki/spojnosc-ugrupowan accepts kadencja, organ, limit"],
  ])('%s → %i', async (url, status, message) => {
    const res = await request(s.t.app).get(url);
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ success: false, error: status === 400 ? 'Bad Request' : 'Not Found', message: expect.stringContaining(message) });
  });
});

// ── The council map on a council drawn for it ───────────────────────────────────────────────────

/**
 * One council, one term, 40 votes in two sessions. Club A (1, 2, 3) always votes za, club B (4, 5)
 * always przeciw; 6 votes with A in the first session and with B in the second; 7 joins for the last
 * 10 votes (10 < 20 shared with anyone); 8 is recorded absent throughout.
 */
function mapCouncil(): Bundle {
  const people = [1, 2, 3, 4, 5, 6, 7, 8];
  const glosy: Bundle[string] = [];
  for (let v = 1; v <= 40; v++) {
    for (const p of people) {
      if (p === 7 && v <= 30) continue;
      const glos = p === 8 ? 'nieobecny' : p <= 3 || p === 7 ? 'za' : p <= 5 ? 'przeciw' : v <= 20 ? 'za' : 'przeciw';
      glosy.push({ id_glosowania: v, id_osoby: p, glos });
    }
  }
  return {
    'kadencje.csv': [{ kadencja: '2024-2029', data_od: '2024-05-01', data_do: null }],
    'organy.csv': [{ id_organu: 1, nazwa: 'Rada Gminy', typ: 'rada' }],
    'ugrupowania.csv': [{ id_ugrupowania: 1, nazwa: 'Klub A', skrot: 'A' }, { id_ugrupowania: 2, nazwa: 'Klub B', skrot: 'B' }],
    'radni.csv': people.map((p) => ({ id_osoby: p, imie_nazwisko: `Radny ${String.fromCharCode(64 + p)}` })),
    'przynaleznosci.csv': people.map((p) => ({
      przynaleznosc_id: p, id_osoby: p, kadencja: '2024-2029', id_ugrupowania: p <= 3 ? 1 : p <= 5 ? 2 : null, data_od: '2024-05-01', data_do: null, aktywny: 1,
    })),
    'posiedzenia.csv': [
      { id_posiedzenia: 1, id_organu: 1, kadencja: '2024-2029', numer: 'I', data: '2024-06-10', nazwa: null },
      { id_posiedzenia: 2, id_organu: 1, kadencja: '2024-2029', numer: 'II', data: '2024-07-10', nazwa: null },
    ],
    'glosowania.csv': Array.from({ length: 40 }, (_, i) => ({
      id_glosowania: i + 1, id_posiedzenia: i < 20 ? 1 : 2, id_punktu: null, numer: (i % 20) + 1,
      data_czas: `${i < 20 ? '2024-06-10' : '2024-07-10'}T10:${String(i % 20).padStart(2, '0')}`, tytul: `Uchwała ${i + 1}`, wynik: null,
    })),
    'glosy.csv': glosy,
  };
}

describe('the council map', () => {
  it('places the clubs apart and the swing voter between them, and leaves out those with too few shared votes', async () => {
    const s = await snapshotOf(mapCouncil());
    try {
      // Distances: A–B 1, 6 to either club 0.5 (20 of 40 equal), within a club 0: a line A · 6 · B.
      // With A at 0, 6 at ½ and B at 1 the centroid is (3·0 + ½ + 2·1)/6 = 5/12: A −5/12, 6 1/12, B 7/12,
      // oriented so that the largest coordinate (B's) is positive; the second axis has no spread.
      const map = s.queries.statystyki.councilMap(1)!;
      const a = -0.416667;
      const b = 0.583333;
      expect(map.radni.map(({ id_osoby, ugrupowanie, x, y }) => ({ id_osoby, ugrupowanie, x, y }))).toEqual([
        { id_osoby: 1, ugrupowanie: 'Klub A', x: a, y: 0 }, { id_osoby: 2, ugrupowanie: 'Klub A', x: a, y: 0 },
        { id_osoby: 3, ugrupowanie: 'Klub A', x: a, y: 0 }, { id_osoby: 4, ugrupowanie: 'Klub B', x: b, y: 0 },
        { id_osoby: 5, ugrupowanie: 'Klub B', x: b, y: 0 }, { id_osoby: 6, ugrupowanie: null, x: 0.083333, y: 0 },
      ]);
      expect(map.pominieci.map((p) => p.id_osoby)).toEqual([7, 8]);
      expect(map.prog).toBe(20);
      expect(s.db.prepare('SELECT umieszczeni, pominieci FROM mapa').all()).toEqual([{ umieszczeni: 6, pominieci: 2 }]);

      // Deterministic: the same source gives the same rows, to the bit.
      const again = await snapshotOf(mapCouncil());
      try {
        const rows = (db: Database.Database) => db.prepare('SELECT * FROM mapa_radny ORDER BY id_osoby').all();
        expect(rows(again.db)).toEqual(rows(s.db));
      } finally {
        close(again);
      }
    } finally {
      close(s);
    }
  });
});

// ── Random councils against the naive reference ────────────────────────────────────────────────

const GLOS: GlosValue[] = ['za', 'przeciw', 'wstrzymujacy', 'nieobecny', 'brak_glosu'];

/** Every §9 request for a council: each councillor and pair, with no filter, each term, each body (and an unknown one), both together. */
function requestsFor(bundle: Bundle): Array<[string, Record<string, string>]> {
  const people = (bundle['radni.csv'] ?? []).map((r) => String(r.id_osoby));
  const terms = (bundle['kadencje.csv'] ?? []).map((r) => String(r.kadencja));
  const bodies = [...(bundle['organy.csv'] ?? []).map((r) => String(r.id_organu)), '999'];
  const scopes: Array<Record<string, string>> = [{}, ...terms.map((kadencja) => ({ kadencja })),
    ...bodies.flatMap((organ) => [{ organ }, ...terms.map((kadencja) => ({ organ, kadencja }))])];
  const requests: Array<[string, Record<string, string>]> = [];
  for (const scope of scopes) {
    requests.push(['/api/statystyki/spojnosc-ugrupowan', { ...scope, limit: '100' }]);
    for (const p of people) {
      for (const glos of GLOS) requests.push([`/api/radni/${p}/glosowania`, { ...scope, glos, limit: '100' }]);
      requests.push([`/api/radni/${p}/obecnosci`, { ...scope, limit: '100' }]);
      for (const q of people) requests.push([`/api/radni/${p}/porownanie/${q}`, { ...scope, limit: '100' }]);
    }
  }
  // Paging past the first page, and beyond the end.
  if (people.length >= 2) {
    requests.push([`/api/radni/${people[0]}/porownanie/${people[1]}`, { limit: '2', page: '2' }],
      [`/api/radni/${people[0]}/glosowania`, { glos: 'za', limit: '1', page: '2' }],
      [`/api/radni/${people[0]}/obecnosci`, { limit: '1', page: '3' }]);
  }
  return requests;
}

/** The bundle with only the votes of one calendar month (and their ballots). */
function monthOnly(bundle: Bundle, month: string): Bundle {
  const votes = (bundle['glosowania.csv'] ?? []).filter((v) => String(v.data_czas).startsWith(month));
  const ids = new Set(votes.map((v) => v.id_glosowania));
  return { ...bundle, 'glosowania.csv': votes, 'glosy.csv': (bundle['glosy.csv'] ?? []).filter((b) => ids.has(b.id_glosowania)) };
}

describe('random councils: the §9 endpoints equal the naive reference', () => {
  it('holds for 40 generated councils, with kadencja and organ', async () => {
    await fc.assert(
      fc.asyncProperty(arbitraryCouncil(), async (bundle) => {
        const s = await snapshotOf(bundle);
        try {
          for (const [path, query] of requestsFor(bundle)) {
            expect(await evidenceGet(s, path, query), label({ path, query })).toEqual(referenceGet(bundle, path, query));
          }
        } finally {
          close(s);
        }
      }),
      { numRuns: 40, seed: 20261125 },
    );
  }, 300_000);

  it('gives monthly cohesion and pair agreement equal to the reference over that month\'s votes alone', async () => {
    type Cohesion = { success: true; data: Array<{ id_ugrupowania: number; liczba_glosowan: number; spojnosc_procent: number }> };
    type Pair = { success: true; data: { wspolne_glosowania: number; zgodne: number; zgodnosc_procent: number } };
    await fc.assert(
      fc.asyncProperty(arbitraryCouncil(), async (bundle) => {
        const s = await snapshotOf(bundle);
        try {
          const months = [...new Set((bundle['glosowania.csv'] ?? []).map((v) => String(v.data_czas).slice(0, 7)))].sort();
          const people = (bundle['radni.csv'] ?? []).map((r) => Number(r.id_osoby));
          const terms = [undefined, ...(bundle['kadencje.csv'] ?? []).map((r) => String(r.kadencja))];
          for (const kadencja of terms) {
            const query: Record<string, string> = kadencja === undefined ? {} : { kadencja };
            const expectedCohesion = new Map<number, unknown[]>();
            const expectedPairs = new Map<string, unknown[]>();
            for (const month of months) {
              const alone = monthOnly(bundle, month);
              const cohesion = referenceGet(alone, '/api/statystyki/spojnosc-ugrupowan', { ...query, limit: '100' }) as Cohesion;
              for (const g of cohesion.data) {
                const list = expectedCohesion.get(g.id_ugrupowania) ?? [];
                list.push({ miesiac: month, liczba_glosowan: g.liczba_glosowan, spojnosc_procent: g.spojnosc_procent });
                expectedCohesion.set(g.id_ugrupowania, list);
              }
              for (const p of people) {
                for (const q of people) {
                  if (p === q) continue;
                  const pair = (referenceGet(alone, `/api/radni/${p}/porownanie/${q}`, query) as Pair).data;
                  if (pair.wspolne_glosowania === 0) continue;
                  const list = expectedPairs.get(`${p},${q}`) ?? [];
                  list.push({ miesiac: month, wspolne_glosowania: pair.wspolne_glosowania, zgodne: pair.zgodne, zgodnosc_procent: pair.zgodnosc_procent });
                  expectedPairs.set(`${p},${q}`, list);
                }
              }
            }
            for (const g of (bundle['ugrupowania.csv'] ?? []).map((r) => Number(r.id_ugrupowania))) {
              expect(s.queries.statystyki.cohesionByMonth(g, { kadencja }), `group ${g} ${kadencja ?? '*'}`).toEqual(expectedCohesion.get(g) ?? []);
            }
            for (const p of people) {
              for (const q of people) {
                if (p !== q) expect(s.queries.radni.pairMonths(p, q, { kadencja }), `pair ${p},${q} ${kadencja ?? '*'}`).toEqual(expectedPairs.get(`${p},${q}`) ?? []);
              }
            }
          }
        } finally {
          close(s);
        }
      }),
      { numRuns: 15, seed: 20261126 },
    );
  }, 300_000);
});
