// Validates the test oracle itself: the naive reference must reproduce every answer worked out on
// paper for the hand council, and must run on random councils. Only then is it fit to judge the
// ETL and the API.

import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Bundle, csvHeader, toCsv, writeBundle } from './support/bundle.ts';
import { HAND_COUNCIL, HAND_EXPECTED, HAND_TOPICS, expectedBody } from './support/hand-council.ts';
import { arbitraryCouncil } from './support/random-council.ts';
import { API_ENDPOINTS } from '../src/answers/endpoints.ts';
import { READ, RouteTable } from '../src/http/routes.ts';
import { NOT_COMPARED, evidenceRequests, figureRequests, monthlyRequests } from './support/differential.ts';
import { BAD_REQUEST, HAND_EVIDENCE, NOT_FOUND } from './support/hand-evidence.ts';
import { HAND_POLICIES, HAND_POLICY_CASES } from './support/hand-policies.ts';
import { referenceGet } from './support/reference.ts';

/** The paths of the GET endpoints, from the endpoint tables. */
const GET_ENDPOINTS = API_ENDPOINTS.filter((e) => e.method === 'get').map((e) => e.path);
const GET_TABLE = new RouteTable(
  GET_ENDPOINTS.map((path) => ({ path, methods: READ, kind: 'data' as const, target: path })),
);
/** The GET endpoint a URL is for (its path), or undefined. */
const endpointOf = (url: string): string | undefined => GET_TABLE.lookup('GET', url.split('?')[0]!).target;

function label(c: { path: string; query?: Record<string, string> }): string {
  const qs = c.query ? new URLSearchParams(c.query).toString() : '';
  return qs ? `${c.path}?${qs}` : c.path;
}

describe('writeBundle', () => {
  it('writes RFC 4180 CSV with the union header, quoting and empty cells for null', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'bundle-'));
    try {
      const bundle: Bundle = {
        'radni.csv': [
          { id_osoby: 1, imie_nazwisko: 'Nowak, Anna "Ania"' },
          { id_osoby: 2, imie_nazwisko: 'Łucja\nWróbel', extra: 'x' },
        ],
        'glosy.csv': [],
      };
      await writeBundle(dir, bundle);
      expect((await readdir(dir)).sort()).toEqual(['glosy.csv', 'radni.csv']);
      const radni = await readFile(join(dir, 'radni.csv'), 'utf8');
      expect(radni).toBe('id_osoby,imie_nazwisko,extra\n1,"Nowak, Anna ""Ania""",\n2,"Łucja\nWróbel",x\n');
      expect(parse(radni, { columns: true })).toEqual([
        { id_osoby: '1', imie_nazwisko: 'Nowak, Anna "Ania"', extra: '' },
        { id_osoby: '2', imie_nazwisko: 'Łucja\nWróbel', extra: 'x' },
      ]);
      expect(await readFile(join(dir, 'glosy.csv'), 'utf8')).toBe('id_glosowania,id_osoby,glos\n');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('round-trips the hand council through csv-parse', () => {
    for (const [file, rows] of Object.entries(HAND_COUNCIL)) {
      const parsed = parse<Record<string, string>>(toCsv(file, rows), { columns: true });
      // A key some rows leave out (glosowania.csv's stated tallies) is an empty cell in theirs.
      const header = csvHeader(file, rows);
      expect(parsed).toEqual(
        rows.map((row) =>
          Object.fromEntries(header.map((k) => [k, row[k] === null || row[k] === undefined ? '' : String(row[k])])),
        ),
      );
    }
  });
});

describe('reference oracle against the hand computation', () => {
  it('has a case worked out on paper for every GET endpoint compared with it', () => {
    const compared = GET_ENDPOINTS.filter((path) => !(path in NOT_COMPARED));
    const cases = [
      ...HAND_EXPECTED.filter((c) => !c.notFound),
      ...HAND_EVIDENCE.filter((c) => c.body !== NOT_FOUND && c.body !== BAD_REQUEST),
      ...HAND_POLICY_CASES.filter((c) => !c.notFound),
    ];
    const worked = new Set(cases.map((c) => endpointOf(c.path)));
    expect(worked.has(undefined), 'every case is for a GET endpoint').toBe(false);
    expect(compared.filter((path) => !worked.has(path))).toEqual([]);
  });

  for (const c of [...HAND_EXPECTED, ...HAND_POLICY_CASES]) {
    it(label(c), () => {
      // The policies (CONTRACT §13) are the hand council's too: no other case asks for them.
      const body = referenceGet(HAND_COUNCIL, c.path, c.query, HAND_TOPICS, HAND_POLICIES);
      const expected = c.notFound ? { notFound: true } : expectedBody(c); // the reference's answer for a 404
      expect(body).toEqual(expected);
      // Field order is part of the design ("field order as served"), and group keys are ordered.
      expect(JSON.stringify(body)).toBe(JSON.stringify(expected));
    });
  }
});

describe("the oracle's coverage, from the endpoint tables", () => {
  it('is compared with the API on every GET endpoint by the differential tests, or the endpoint is exempt with a reason', () => {
    const requested = new Set<string | undefined>();
    for (const bundle of fc.sample(arbitraryCouncil(), { numRuns: 5, seed: 35 })) {
      for (const url of figureRequests(bundle)) requested.add(endpointOf(url));
      for (const [path] of [...evidenceRequests(bundle), ...monthlyRequests(bundle)]) requested.add(endpointOf(path));
    }
    expect(requested.has(undefined), 'every request is for a GET endpoint').toBe(false);
    const missing = GET_ENDPOINTS.filter((path) => !requested.has(path) && !(path in NOT_COMPARED));
    expect(
      missing,
      'compare it in test/support/differential.ts (and the reference), or list it in NOT_COMPARED with the reason',
    ).toEqual([]);
    expect(
      Object.keys(NOT_COMPARED).filter((path) => requested.has(path) || !GET_ENDPOINTS.includes(path)),
      'stale exemptions',
    ).toEqual([]);
  });
});

describe('reference oracle on random councils', () => {
  const ENDPOINTS: Array<
    (ids: { person: number; vote: number | null; session: number }) => [string, Record<string, string>?]
  > = [
    () => ['/api/radni'],
    ({ person }) => [`/api/radni/${person}`],
    ({ person }) => [`/api/radni/${person}/glosowania`],
    ({ person }) => [`/api/radni/${person}/profil-glosowania`],
    ({ person }) => [`/api/radni/${person}/frekwencja-czas`],
    ({ person }) => [`/api/radni/${person}/zgodnosc-grupa`],
    ({ person }) => [`/api/radni/${person}/koalicje`, { min_wspolne: '1' }],
    ({ person }) => [`/api/radni/${person}/oponenci`, { min_wspolne: '1' }],
    ({ person }) => [`/api/radni/${person}/glosowania-samotne`],
    ({ person }) => [`/api/radni/${person}/glosowania-kluczowe`],
    ({ person }) => [`/api/radni/${person}/glosowania-buntownicze`],
    () => ['/api/glosowania', { search: 'budzet' }],
    ({ vote }) => (vote === null ? ['/api/glosowania'] : [`/api/glosowania/${vote}`]),
    ({ vote }) => (vote === null ? ['/api/glosowania'] : [`/api/glosowania/${vote}/glosy`, { ugrupowanie: 'true' }]),
    () => ['/api/statystyki/dashboard'],
    () => ['/api/statystyki/ranking-frekwencji'],
    () => ['/api/statystyki/ranking-buntownikow', { min_glosowan: '1' }],
    () => ['/api/statystyki/ranking-lojalistow', { min_glosowan: '0' }],
    () => ['/api/statystyki/najbardziej-kontrowersyjne'],
    () => ['/api/statystyki/najbardziej-jednomyslne'],
    () => ['/api/statystyki/aktywnosc-organow'],
    () => ['/api/statystyki/frekwencja-czas'],
    () => ['/api/statystyki/top-koalicje', { min_wspolne: '1', tylko_miedzy_ugrupowaniami: 'true' }],
    () => ['/api/posiedzenia'],
    ({ session }) => [`/api/posiedzenia/${session}/punkty`],
    ({ session }) => [`/api/posiedzenia/${session}/obecnosci`],
    () => ['/api/utils/ugrupowania'],
    () => ['/api/utils/kadencje'],
    () => ['/api/utils/stats'],
  ];

  const firstId = (bundle: Bundle, file: string, key: string): number | null => {
    const row = bundle[file]?.[0];
    return row === undefined ? null : Number(row[key]);
  };

  it('answers a handful of endpoints on sampled councils', () => {
    for (const bundle of fc.sample(arbitraryCouncil(), { numRuns: 30, seed: 42 })) {
      const ids = {
        person: firstId(bundle, 'radni.csv', 'id_osoby')!,
        vote: firstId(bundle, 'glosowania.csv', 'id_glosowania'),
        session: firstId(bundle, 'posiedzenia.csv', 'id_posiedzenia')!,
      };
      for (const endpoint of ENDPOINTS) {
        const [path, query] = endpoint(ids);
        const body = referenceGet(bundle, path, query) as { success?: boolean };
        expect(body.success, label({ path, query })).toBe(true);
      }
    }
  });

  it('generates valid bundles: positive unique ids, resolving references, one ballot per (vote, person)', () => {
    fc.assert(
      fc.property(arbitraryCouncil(), (bundle) => {
        const ids = (file: string, key: string) => (bundle[file] ?? []).map((r) => Number(r[key]));
        const unique = (xs: number[]) =>
          new Set(xs).size === xs.length && xs.every((x) => Number.isInteger(x) && x > 0);
        const persons = ids('radni.csv', 'id_osoby');
        const votes = ids('glosowania.csv', 'id_glosowania');
        const sessions = ids('posiedzenia.csv', 'id_posiedzenia');
        const points = ids('punkty.csv', 'id_punktu');
        expect(unique(persons) && unique(votes) && unique(sessions) && unique(points)).toBe(true);
        expect(unique(ids('przynaleznosci.csv', 'przynaleznosc_id'))).toBe(true);
        expect(unique(ids('zalaczniki.csv', 'id_zalacznika'))).toBe(true);
        expect(persons.length).toBeGreaterThanOrEqual(2);
        expect(persons.length).toBeLessThanOrEqual(8);
        expect(votes.length).toBeLessThanOrEqual(25);
        const pairs = new Set<string>();
        for (const b of bundle['glosy.csv'] ?? []) {
          expect(votes).toContain(Number(b.id_glosowania));
          expect(persons).toContain(Number(b.id_osoby));
          expect(['za', 'przeciw', 'wstrzymujacy', 'nieobecny', 'brak_glosu']).toContain(b.glos);
          const key = `${b.id_glosowania}:${b.id_osoby}`;
          expect(pairs.has(key)).toBe(false);
          pairs.add(key);
        }
        const terms = (bundle['kadencje.csv'] ?? []).map((t) => t.kadencja);
        const bodies = ids('organy.csv', 'id_organu');
        for (const s of bundle['posiedzenia.csv'] ?? []) {
          expect(terms).toContain(s.kadencja);
          expect(bodies).toContain(Number(s.id_organu));
        }
        for (const v of bundle['glosowania.csv'] ?? []) {
          expect(sessions).toContain(Number(v.id_posiedzenia));
          if (v.id_punktu !== null) {
            const point = (bundle['punkty.csv'] ?? []).find((p) => Number(p.id_punktu) === Number(v.id_punktu));
            expect(point?.id_posiedzenia).toBe(v.id_posiedzenia);
          }
        }
        for (const m of bundle['przynaleznosci.csv'] ?? []) {
          expect(persons).toContain(Number(m.id_osoby));
          expect(terms).toContain(m.kadencja);
        }
        for (const o of bundle['obecnosci.csv'] ?? []) {
          expect(sessions).toContain(Number(o.id_posiedzenia));
          expect(persons).toContain(Number(o.id_osoby));
        }
      }),
      { numRuns: 200, seed: 7 },
    );
  });

  it('keeps its own figures consistent across endpoints', () => {
    type Paging = { page: number; limit: number; total: number; totalPages: number };
    type Body<T> = { success: true; data: T; pagination?: Paging };
    type Counts = Record<string, number>;
    type Partner = { id_osoby: number; wspolne_glosowania: number; zgodne: number };
    type TopPair = {
      radny_1: { id_osoby: number };
      radny_2: { id_osoby: number };
      wspolne_glosowania: number;
      zgodne: number;
    };
    fc.assert(
      fc.property(arbitraryCouncil(), (bundle) => {
        const get = <T>(path: string, query?: Record<string, string>) => referenceGet(bundle, path, query) as Body<T>;
        const total = (path: string, query?: Record<string, string>) => get<unknown[]>(path, query).pagination?.total;
        const stats = get<Counts>('/api/utils/stats').data;
        expect(total('/api/glosowania', { limit: '100' })).toBe(stats.glosowania);
        expect(get<Counts>('/api/statystyki/dashboard').data.liczba_glosow).toBe(stats.glosowania);
        const ranking = get<Array<{ id_osoby: number; liczba_posiedzen: number }>>(
          '/api/statystyki/ranking-frekwencji',
          { limit: '100' },
        ).data;
        for (const person of bundle['radni.csv'] ?? []) {
          const id = Number(person.id_osoby);
          const profile = get<Counts>(`/api/radni/${id}`).data;
          const frekwencja = get<Counts>(`/api/radni/${id}/frekwencja`).data;
          expect(profile.liczba_posiedzen).toBe(frekwencja.liczba_posiedzen);
          const profil = get<Counts>(`/api/radni/${id}/profil-glosowania`).data;
          const active = profil.za! + profil.przeciw! + profil.wstrzymujacy!;
          expect(active).toBe(profile.liczba_glosow);
          expect(total(`/api/radni/${id}/glosowania`)).toBe(active + profil.nieobecny! + profil.brak_glosu!);
          const inRanking = ranking.find((r) => r.id_osoby === id);
          expect(inRanking?.liczba_posiedzen ?? 0).toBe(frekwencja.liczba_posiedzen);
          const zg = get<Counts>(`/api/radni/${id}/zgodnosc-grupa`).data;
          expect(total(`/api/radni/${id}/glosowania-buntownicze`)).toBe(zg.wszystkie_glosowania! - zg.zgodne!);
          // koalicje and oponenci hold the same pairs, in opposite agreement order
          const ko = get<Partner[]>(`/api/radni/${id}/koalicje`, { min_wspolne: '1', limit: '100' }).data;
          const op = get<Partner[]>(`/api/radni/${id}/oponenci`, { min_wspolne: '1', limit: '100' }).data;
          expect(ko.map((x) => x.id_osoby).sort()).toEqual(op.map((x) => x.id_osoby).sort());
        }
        // every pair seen by one councillor is in top-koalicje with the same counts
        const top = get<TopPair[]>('/api/statystyki/top-koalicje', { min_wspolne: '1', limit: '100' }).data;
        let partnerEntries = 0;
        for (const person of bundle['radni.csv'] ?? []) {
          const ko = get<Partner[]>(`/api/radni/${Number(person.id_osoby)}/koalicje`, {
            min_wspolne: '1',
            limit: '100',
          }).data;
          partnerEntries += ko.length;
          for (const p of ko) {
            const [a, b] = [Number(person.id_osoby), p.id_osoby].sort((x, y) => x - y);
            const pair = top.find((t) => t.radny_1.id_osoby === a && t.radny_2.id_osoby === b);
            expect(pair && [pair.wspolne_glosowania, pair.zgodne]).toEqual([p.wspolne_glosowania, p.zgodne]);
          }
        }
        expect(partnerEntries).toBe(2 * top.length);
      }),
      { numRuns: 60, seed: 11 },
    );
  });
});
