// Which council (issue 36, the website): with two councils in one snapshot, /radni, /szukaj and the
// CSV name each person's council; a comparison of people from different councils says so instead of
// „0% z 0”; the term picker of a council's page offers only that council's terms; namesakes differ in
// the compare pickers; a term that is over shows no „aktywny”.
//
//   bodies  1 Rada Miasta Alfa · 2 Rada Gminy Beta
//   terms   2018-2023 (both councils) · 2024-2029 (Alfa only)
//   people  1 Ala Alfa, 2 Jan Kowalski, 3 Jan Kowalski: Alfa · 4 Cezary Beta: Beta (2018-2023 only)

import { parse } from 'csv-parse/sync';
import request from './support/request.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Bundle, writeBundle } from './support/bundle.ts';
import { type TestApp, appOver, buildDatabase, tempDir } from './support/fixture.ts';

const OLD = '2018-2023';
const NEW = '2024-2029';
const SESSIONS: Array<[id: number, organ: number, term: string, date: string]> = [
  [1, 1, OLD, '2019-01-10'],
  [2, 2, OLD, '2019-01-11'],
  [3, 1, NEW, '2024-06-10'],
];
const BALLOTS: Array<[vote: number, person: number, glos: string]> = [
  [1, 1, 'za'],
  [1, 2, 'przeciw'],
  [2, 4, 'za'],
  [3, 1, 'za'],
  [3, 2, 'za'],
  [3, 3, 'przeciw'],
];
const TWO_COUNCILS: Bundle = {
  'kadencje.csv': [
    { kadencja: OLD, data_od: '2018-11-01', data_do: '2024-05-06' },
    { kadencja: NEW, data_od: '2024-05-07', data_do: null },
  ],
  'organy.csv': [
    { id_organu: 1, nazwa: 'Rada Miasta Alfa', typ: 'rada' },
    { id_organu: 2, nazwa: 'Rada Gminy Beta', typ: 'rada' },
  ],
  'ugrupowania.csv': [
    { id_ugrupowania: 1, nazwa: 'Lewa', skrot: 'L' },
    { id_ugrupowania: 2, nazwa: 'Prawa', skrot: 'P' },
  ],
  'radni.csv': ['Ala Alfa', 'Jan Kowalski', 'Jan Kowalski', 'Cezary Beta'].map((imie_nazwisko, i) => ({
    id_osoby: i + 1,
    imie_nazwisko,
  })),
  'przynaleznosci.csv': (
    [
      [1, 1, OLD],
      [1, 1, NEW],
      [2, 2, OLD],
      [2, 2, NEW],
      [3, 1, NEW],
      [4, 2, OLD],
    ] as const
  ).map(([id_osoby, id_ugrupowania, kadencja], i) => ({
    przynaleznosc_id: i + 1,
    id_osoby,
    kadencja,
    id_ugrupowania,
    data_od: kadencja === OLD ? '2018-11-01' : '2024-05-07',
    data_do: kadencja === OLD ? '2024-05-06' : null,
    aktywny: 1,
  })),
  'posiedzenia.csv': SESSIONS.map(([id, organ, kadencja, data]) => ({
    id_posiedzenia: id,
    id_organu: organ,
    kadencja,
    numer: String(id),
    data,
  })),
  'glosowania.csv': SESSIONS.map(([id, , , data]) => ({
    id_glosowania: id,
    id_posiedzenia: id,
    numer: 1,
    data_czas: `${data}T10:00`,
    tytul: `Uchwała ${id}`,
  })),
  'glosy.csv': BALLOTS.map(([id_glosowania, id_osoby, glos]) => ({ id_glosowania, id_osoby, glos })),
};

let t: TestApp;
beforeAll(async () => {
  const dir = tempDir();
  await writeBundle(dir, TWO_COUNCILS);
  t = appOver(await buildDatabase(dir));
});
afterAll(() => t?.close());

const rowsOf = (text: string) => parse<Record<string, string>>(text, { columns: true });

describe('which council', () => {
  it("/radni and /szukaj name each person's council; the CSVs carry id_organu and organ", async () => {
    const list = (await request(t.app).get('/radni')).text;
    expect(list).toMatch(/Cezary Beta<\/a><div class="muted">Rada Gminy Beta<\/div>/);
    expect(list).toMatch(/Ala Alfa<\/a><div class="muted">Rada Miasta Alfa<\/div>/);
    // scoped to one council, the council goes without saying
    expect((await request(t.app).get('/radni?organ=1')).text).not.toContain('<div class="muted">Rada Miasta Alfa');
    expect((await request(t.app).get('/szukaj?szukaj=cezary')).text).toContain('Prawa · Rada Gminy Beta');
    const csv = rowsOf((await request(t.app).get('/radni.csv')).text);
    expect(csv.find((r) => r['imie_nazwisko'] === 'Cezary Beta')).toMatchObject({
      id_organu: '2',
      organ: 'Rada Gminy Beta',
    });
    const bulk = rowsOf((await request(t.app).get('/dane/radni.csv')).text);
    expect(bulk.find((r) => r['imie_nazwisko'] === 'Ala Alfa')).toMatchObject({
      id_organu: '1',
      organ: 'Rada Miasta Alfa',
    });
  });

  it('a comparison across councils says they never sat together instead of „0% z 0”', async () => {
    const page = (await request(t.app).get(`/porownaj?radny=1&drugi=4&kadencja=${OLD}`)).text;
    expect(page).toContain('id="rozne-organy"');
    expect(page).toContain('nie zasiadali w tym samym organie');
    expect(page).toContain('Rada Gminy Beta');
    expect(page).not.toContain('Głosowali tak samo w');
    expect(page).not.toContain('głosowali tak samo w 0');
    const same = (await request(t.app).get(`/porownaj?radny=1&drugi=2&kadencja=${OLD}`)).text;
    expect(same).not.toContain('id="rozne-organy"');
  });

  it("a council's term picker offers only the terms it sat in", async () => {
    const options = (html: string) => [...html.matchAll(/<option value="(\d{4}-\d{4})"/g)].map((m) => m[1]).sort();
    expect(options((await request(t.app).get('/glosowania')).text)).toEqual([OLD, NEW]);
    expect(options((await request(t.app).get('/glosowania?organ=2')).text)).toEqual([OLD]);
    expect(options((await request(t.app).get('/radni?organ=2')).text)).toEqual([OLD]);
    expect(options((await request(t.app).get('/posiedzenia?organ=1')).text)).toEqual([OLD, NEW]);
  });

  it('namesakes differ in the compare pickers', async () => {
    const page = (await request(t.app).get(`/porownaj?organ=1&kadencja=${NEW}`)).text;
    const first = /<select id="c-radny"[\s\S]*?<\/select>/.exec(page)![0];
    const labels = [...first.matchAll(/<option value="jan-kowalski[^"]*"[^>]*>([^<]+)</g)].map((m) => m[1]);
    expect(labels.length).toBeGreaterThanOrEqual(2);
    expect(new Set(labels).size).toBe(labels.length);
    expect(page).toContain('<option value="ala-alfa"');
    expect(page).toMatch(/>Ala Alfa</); // no namesake: the name alone
  });

  it('a councillor whose term is over is neither „aktywny” nor „nieaktywny”; a woman is „aktywna” (issue 46)', async () => {
    const page = (await request(t.app).get('/radni')).text;
    const row = /Cezary Beta<\/a>[\s\S]*?<\/tr>/.exec(page)![0];
    expect(row).toContain('po kadencji');
    expect(row).not.toMatch(/>(nie)?aktywny</);
    const current = /Ala Alfa<\/a>[\s\S]*?<\/tr>/.exec(page)![0];
    expect(current).toContain('>aktywna<');
  });
});

// Fair to each council (issue 46): Alfa sat 6 times, Beta twice. Over both, half the largest sample is 3
// records, which no Beta councillor can reach; each council's own half keeps Beta's (1 of its 2) and still
// leaves out Alfa's latecomer (2 of Alfa's 6).
//
//   1 Ala Alfa 6/6 · 2 Olek Alfa 5/6 · 3 Późny Alfa 2/2 (Alfa) · 4 Cezary Beta 2/2 · 5 Beata Beta 1/2 (Beta)
describe('rankings of several councils', () => {
  const ALFA = [1, 2, 3, 4, 5, 6];
  const BETA = [7, 8];
  const PRESENT: Array<[person: number, sessions: number[], absent: number[]]> = [
    [1, ALFA, []],
    [2, ALFA, [6]],
    [3, [5, 6], []],
    [4, BETA, []],
    [5, BETA, [8]],
  ];
  const FAIR: Bundle = {
    'kadencje.csv': [{ kadencja: OLD, data_od: '2018-11-01', data_do: '2024-05-06' }],
    'organy.csv': [
      { id_organu: 1, nazwa: 'Rada Miasta Alfa', typ: 'rada' },
      { id_organu: 2, nazwa: 'Rada Gminy Beta', typ: 'rada' },
    ],
    'ugrupowania.csv': [{ id_ugrupowania: 1, nazwa: 'Lewa', skrot: 'L' }],
    'radni.csv': ['Ala Alfa', 'Olek Alfa', 'Piotr Późny', 'Cezary Beta', 'Beata Beta'].map((imie_nazwisko, i) => ({
      id_osoby: i + 1,
      imie_nazwisko,
    })),
    'przynaleznosci.csv': [1, 2, 3, 4, 5].map((id_osoby) => ({
      przynaleznosc_id: id_osoby,
      id_osoby,
      kadencja: OLD,
      id_ugrupowania: 1,
      aktywny: 1,
    })),
    'posiedzenia.csv': [...ALFA, ...BETA].map((id) => ({
      id_posiedzenia: id,
      id_organu: ALFA.includes(id) ? 1 : 2,
      kadencja: OLD,
      numer: String(id),
      data: `2019-0${id}-10`,
    })),
    'glosowania.csv': [...ALFA, ...BETA].map((id) => ({
      id_glosowania: id,
      id_posiedzenia: id,
      numer: 1,
      data_czas: `2019-0${id}-10T10:00`,
      tytul: `Uchwała ${id}`,
    })),
    'glosy.csv': PRESENT.flatMap(([id_osoby, sessions, absent]) =>
      sessions.map((id) => ({ id_glosowania: id, id_osoby, glos: absent.includes(id) ? 'nieobecny' : 'za' })),
    ),
    'obecnosci.csv': PRESENT.flatMap(([id_osoby, sessions, absent]) =>
      sessions.map((id) => ({ id_posiedzenia: id, id_osoby, obecny: absent.includes(id) ? 0 : 1 })),
    ),
  };
  let fair: TestApp;
  beforeAll(async () => {
    const dir = tempDir();
    await writeBundle(dir, FAIR);
    fair = appOver(await buildDatabase(dir));
  });
  afterAll(() => fair?.close());

  const attendanceTable = (html: string) => /<h2 id="frekwencja">[\s\S]*?<\/table>/.exec(html)?.[0] ?? '';

  it('each council by its own minimum; each row names its council (/rankingi, its CSV, the home)', async () => {
    const page = (await request(fair.app).get('/rankingi')).text;
    const table = attendanceTable(page);
    expect(table).toMatch(/Cezary Beta<\/a><div class="muted">Lewa · Rada Gminy Beta<\/div>/);
    expect(table).toContain('Beata Beta');
    expect(table).toMatch(/Ala Alfa<\/a><div class="muted">Lewa · Rada Miasta Alfa<\/div>/);
    expect(table).not.toContain('Piotr Późny'); // 2 of Alfa's 6: under half of his own council's largest
    expect(page).toContain('Każda rada osobno');
    const csv = rowsOf((await request(fair.app).get('/rankingi/frekwencja.csv')).text);
    expect(csv.map((r) => [r['pozycja'], r['imie_nazwisko'], r['organ']])).toEqual([
      ['1', 'Ala Alfa', 'Rada Miasta Alfa'],
      ['2', 'Cezary Beta', 'Rada Gminy Beta'],
      ['3', 'Olek Alfa', 'Rada Miasta Alfa'],
      ['4', 'Beata Beta', 'Rada Gminy Beta'],
    ]);
    const home = (await request(fair.app).get('/')).text;
    expect(home).toMatch(/Cezary Beta<\/a><span class="muted"> \(Rada Gminy Beta\)<\/span>/);
    // One council chosen: its own minimum, and the council goes without saying.
    const beta = attendanceTable((await request(fair.app).get('/rankingi?organ=2')).text);
    expect(beta).toContain('Beata Beta');
    expect(beta).not.toContain('· Rada Gminy Beta');
  });
});
