// The evidence behind a figure, comparison and group cohesion (CONTRACT §9), and the council map,
// through the real pipeline: CSV → ETL → materialised tables → the API over HTTP. Hand-worked values on
// the hand council (test/support/hand-council.ts) for every case issue 25 names, checked against the
// naive reference too; random councils against the reference with `kadencja` and `organ`; the monthly
// figures (the site's charts, no endpoint) against the reference over each month's votes alone.

import type Database from 'better-sqlite3';
import fc from 'fast-check';
import request from './support/request.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queries } from '../src/snapshot/queries.ts';
import { type Bundle, writeBundle } from './support/bundle.ts';
import { type TestApp, appOver, buildDatabase, removeDir, tempDir, vocabularyFile } from './support/fixture.ts';
import { HAND_COUNCIL, HAND_TOPICS } from './support/hand-council.ts';
import { BAD_REQUEST, HAND_EVIDENCE, NOT_FOUND, T1, T2 } from './support/hand-evidence.ts';
import { evidenceRequests, monthlyRequests } from './support/differential.ts';
import { arbitraryCouncil } from './support/random-council.ts';
import { referenceGet } from './support/reference.ts';

interface Snapshot {
  t: TestApp;
  db: Database.Database;
  queries: Queries;
  dir: string;
}

async function snapshotOf(bundle: Bundle, fresh = false): Promise<Snapshot> {
  const dir = tempDir('council-evidence-');
  await writeBundle(dir, bundle);
  // The hand council's vote summaries carry the topics of its own vocabulary (hand-council.ts).
  const topics = bundle === HAND_COUNCIL ? vocabularyFile(HAND_TOPICS) : undefined;
  const t = appOver(await buildDatabase(dir, 'csv', { fresh, topics }));
  const { db, queries } = t.snapshots.active!;
  return { t, db, queries, dir };
}

function close(s: Snapshot): void {
  s.t.close();
  removeDir(s.dir);
}

/** The API's answer to a GET, as the reference writes it: the body of a 200, NOT_FOUND for a 404, BAD_REQUEST for a 400. */
async function evidenceGet(s: Snapshot, path: string, query: Record<string, string> = {}): Promise<unknown> {
  const res = await request(s.t.app).get(path).query(query);
  if (res.status === 404) return NOT_FOUND;
  if (res.status === 400) return BAD_REQUEST;
  expect(res.status, `${path} ${JSON.stringify(query)}: ${res.text.slice(0, 200)}`).toBe(200);
  return res.body;
}

const label = (c: { path: string; query?: Record<string, string> }) =>
  c.query ? `${c.path}?${new URLSearchParams(c.query).toString()}` : c.path;

describe('the hand council: §9 answers worked out on paper', () => {
  let s: Snapshot;
  beforeAll(async () => {
    s = await snapshotOf(HAND_COUNCIL);
  });
  afterAll(() => close(s));

  it.each(HAND_EVIDENCE.map((c) => [label(c), c] as const))('%s', async (_label, c) => {
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
    expect(s.queries.statystyki.cohesionByMonth(1, { organ: 1, kadencja: T2 })).toEqual([
      { miesiac: '2019-01', liczba_glosowan: 3, spojnosc_procent: 75 },
    ]);
  });

  it('gives a pair its agreement per month', () => {
    // (1,3): 2015-03 V1 ✓ V2 ✓ V3 ✗ V4 ✗ · 2019-01 V5 ✓ V6 ✗ V7 ✓ V8 ✓ · 2019-02 V10 ✗ V11 ✓ V12 ✗
    expect(s.queries.radni.pairMonths(1, 3, {})).toEqual([
      { miesiac: '2015-03', wspolne_glosowania: 4, zgodne: 2, zgodnosc_procent: 50 },
      { miesiac: '2019-01', wspolne_glosowania: 4, zgodne: 3, zgodnosc_procent: 75 },
      { miesiac: '2019-02', wspolne_glosowania: 3, zgodne: 1, zgodnosc_procent: 33.33 },
    ]);
    expect(s.queries.radni.pairMonths(3, 1, { organ: 2 })).toEqual([
      { miesiac: '2019-01', wspolne_glosowania: 1, zgodne: 1, zgodnosc_procent: 100 },
    ]);
    expect(s.queries.radni.pairMonths(2, 5, {})).toEqual([]);
  });

  it('leaves everyone off the map when no pair shares 20 votes, and counts them', () => {
    // Rada in T1: 1–4 voted (4 votes); in T2: 1, 3–6 (7 votes). The committee gets no map.
    expect(s.queries.statystyki.mapTerms(1)).toEqual([T2, T1]);
    expect(s.queries.statystyki.mapTerms(2)).toEqual([]);
    const map = s.queries.statystyki.councilMap(1)!;
    expect({ ...map, pominieci: map.pominieci.map((p) => p.id_osoby) }).toEqual({
      id_organu: 1,
      kadencja: T2,
      prog: 20,
      radni: [],
      pominieci: [1, 5, 4, 3, 6],
    });
    expect(s.queries.statystyki.councilMap(1, T1)!.pominieci.map((p) => p.id_osoby)).toEqual([1, 4, 3, 2]);
    expect(s.queries.statystyki.councilMap(2)).toBeUndefined();
  });
});

// ── The errors, as the API words them ─────────────────────────────────────────────────────────

describe('the §9 endpoints refuse what they cannot answer, saying why', () => {
  let s: Snapshot;
  beforeAll(async () => {
    s = await snapshotOf(HAND_COUNCIL);
  });
  afterAll(() => close(s));

  it.each([
    [
      '/api/radni/1/glosowania?glos=tak',
      400,
      "query parameter 'glos' must be one of za, przeciw, wstrzymujacy, nieobecny, brak_glosu",
    ],
    ['/api/radni/1/glosowania?glos=za&glos=przeciw', 400, "query parameter 'glos'"],
    [
      '/api/radni/1/glosowania-buntownicze?glos=za',
      400,
      "unknown query parameter 'glos': /api/radni/:id/glosowania-buntownicze accepts kadencja, page, limit",
    ],
    ['/api/radni/1/porownanie/1', 400, "path parameters 'id' and 'id2' name the same councillor (1)"],
    ['/api/radni/anna-nowak/porownanie/1', 400, 'name the same councillor (1)'],
    ['/api/radni/1/porownanie/99', 404, 'no councillor 99'],
    ['/api/radni/nikt-taki/porownanie/nikt-taki', 404, 'no councillor nikt-taki'],
    ['/api/radni/1/porownanie/3?organ=99', 404, 'no body 99'],
    ['/api/radni/1/porownanie/x_y', 400, "path parameter 'id2' must be a positive integer or a councillor token"],
    ['/api/radni/1/obecnosci?limit=101', 400, "query parameter 'limit' must be between 1 and 100"],
    [
      '/api/radni/1/obecnosci?kadnecja=2018-2023',
      400,
      "unknown query parameter 'kadnecja': /api/radni/:id/obecnosci accepts kadencja, organ, page, limit",
    ],
    ['/api/statystyki/spojnosc-ugrupowan?limit=0', 400, "query parameter 'limit' must be between 1 and 100"],
    [
      '/api/statystyki/spojnosc-ugrupowan?page=2',
      400,
      "unknown query parameter 'page': /api/statystyki/spojnosc-ugrupowan accepts kadencja, organ, limit",
    ],
  ])('%s → %i', async (url, status, message) => {
    const res = await request(s.t.app).get(url);
    expect(res.status).toBe(status);
    expect(res.body).toEqual({
      success: false,
      error: status === 400 ? 'Bad Request' : 'Not Found',
      message: expect.stringContaining(message),
    });
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
    'ugrupowania.csv': [
      { id_ugrupowania: 1, nazwa: 'Klub A', skrot: 'A' },
      { id_ugrupowania: 2, nazwa: 'Klub B', skrot: 'B' },
    ],
    'radni.csv': people.map((p) => ({ id_osoby: p, imie_nazwisko: `Radny ${String.fromCharCode(64 + p)}` })),
    'przynaleznosci.csv': people.map((p) => ({
      przynaleznosc_id: p,
      id_osoby: p,
      kadencja: '2024-2029',
      id_ugrupowania: p <= 3 ? 1 : p <= 5 ? 2 : null,
      data_od: '2024-05-01',
      data_do: null,
      aktywny: 1,
    })),
    'posiedzenia.csv': [
      { id_posiedzenia: 1, id_organu: 1, kadencja: '2024-2029', numer: 'I', data: '2024-06-10', nazwa: null },
      { id_posiedzenia: 2, id_organu: 1, kadencja: '2024-2029', numer: 'II', data: '2024-07-10', nazwa: null },
    ],
    'glosowania.csv': Array.from({ length: 40 }, (_, i) => ({
      id_glosowania: i + 1,
      id_posiedzenia: i < 20 ? 1 : 2,
      id_punktu: null,
      numer: (i % 20) + 1,
      data_czas: `${i < 20 ? '2024-06-10' : '2024-07-10'}T10:${String(i % 20).padStart(2, '0')}`,
      tytul: `Uchwała ${i + 1}`,
      wynik: null,
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
        { id_osoby: 1, ugrupowanie: 'Klub A', x: a, y: 0 },
        { id_osoby: 2, ugrupowanie: 'Klub A', x: a, y: 0 },
        { id_osoby: 3, ugrupowanie: 'Klub A', x: a, y: 0 },
        { id_osoby: 4, ugrupowanie: 'Klub B', x: b, y: 0 },
        { id_osoby: 5, ugrupowanie: 'Klub B', x: b, y: 0 },
        { id_osoby: 6, ugrupowanie: null, x: 0.083333, y: 0 },
      ]);
      expect(map.pominieci.map((p) => p.id_osoby)).toEqual([7, 8]);
      expect(map.prog).toBe(20);
      expect(s.db.prepare('SELECT umieszczeni, pominieci FROM mapa').all()).toEqual([{ umieszczeni: 6, pominieci: 2 }]);

      // Deterministic: the same source gives the same rows, to the bit.
      const again = await snapshotOf(mapCouncil(), true); // built again, not the run's clone
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

/** The bundle with only the votes of one calendar month (and their ballots). */
function monthOnly(bundle: Bundle, month: string): Bundle {
  const votes = (bundle['glosowania.csv'] ?? []).filter((v) => String(v.data_czas).startsWith(month));
  const ids = new Set(votes.map((v) => v.id_glosowania));
  return {
    ...bundle,
    'glosowania.csv': votes,
    'glosy.csv': (bundle['glosy.csv'] ?? []).filter((b) => ids.has(b.id_glosowania)),
  };
}

describe('random councils: the §9 endpoints equal the naive reference', () => {
  it('holds for 40 generated councils, with kadencja and organ', async () => {
    await fc.assert(
      fc.asyncProperty(arbitraryCouncil(), async (bundle) => {
        const s = await snapshotOf(bundle);
        try {
          for (const [path, query] of evidenceRequests(bundle)) {
            expect(await evidenceGet(s, path, query), label({ path, query })).toEqual(
              referenceGet(bundle, path, query),
            );
          }
        } finally {
          close(s);
        }
      }),
      { numRuns: 40, seed: 20261125 },
    );
  }, 300_000);

  it('answers spojnosc-czas and porownanie/…/zgodnosc-czas as the reference does, on 20 councils', async () => {
    await fc.assert(
      fc.asyncProperty(arbitraryCouncil(), async (bundle) => {
        const s = await snapshotOf(bundle);
        try {
          for (const [path, query] of monthlyRequests(bundle)) {
            const expected = referenceGet(bundle, path, query);
            expect(await evidenceGet(s, path, query), label({ path, query })).toEqual(expected);
          }
        } finally {
          close(s);
        }
      }),
      { numRuns: 20, seed: 20261127 },
    );
  }, 300_000);

  it("gives monthly cohesion and pair agreement equal to the reference over that month's votes alone", async () => {
    type Cohesion = {
      success: true;
      data: Array<{ id_ugrupowania: number; liczba_glosowan: number; spojnosc_procent: number }>;
    };
    type Pair = { success: true; data: { wspolne_glosowania: number; zgodne: number; zgodnosc_procent: number } };
    await fc.assert(
      fc.asyncProperty(arbitraryCouncil(), async (bundle) => {
        const s = await snapshotOf(bundle);
        try {
          const months = [
            ...new Set((bundle['glosowania.csv'] ?? []).map((v) => String(v.data_czas).slice(0, 7))),
          ].sort();
          const people = (bundle['radni.csv'] ?? []).map((r) => Number(r.id_osoby));
          const terms = [undefined, ...(bundle['kadencje.csv'] ?? []).map((r) => String(r.kadencja))];
          for (const kadencja of terms) {
            const query: Record<string, string> = kadencja === undefined ? {} : { kadencja };
            const expectedCohesion = new Map<number, unknown[]>();
            const expectedPairs = new Map<string, unknown[]>();
            for (const month of months) {
              const alone = monthOnly(bundle, month);
              const cohesion = referenceGet(alone, '/api/statystyki/spojnosc-ugrupowan', {
                ...query,
                limit: '100',
              }) as Cohesion;
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
                  list.push({
                    miesiac: month,
                    wspolne_glosowania: pair.wspolne_glosowania,
                    zgodne: pair.zgodne,
                    zgodnosc_procent: pair.zgodnosc_procent,
                  });
                  expectedPairs.set(`${p},${q}`, list);
                }
              }
            }
            for (const g of (bundle['ugrupowania.csv'] ?? []).map((r) => Number(r.id_ugrupowania))) {
              expect(s.queries.statystyki.cohesionByMonth(g, { kadencja }), `group ${g} ${kadencja ?? '*'}`).toEqual(
                expectedCohesion.get(g) ?? [],
              );
            }
            for (const p of people) {
              for (const q of people) {
                if (p !== q)
                  expect(s.queries.radni.pairMonths(p, q, { kadencja }), `pair ${p},${q} ${kadencja ?? '*'}`).toEqual(
                    expectedPairs.get(`${p},${q}`) ?? [],
                  );
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
