// Which council a person or a group belongs to (issue 36): every API list item of a person or a group
// names it (`id_organu`, `organ`) when there is exactly one, and a comparison of two persons says
// whether they ever sat in one body. Two councils by hand:
//
//   bodies  1 Rada Miasta Alfa (rada) · 2 Rada Gminy Beta (rada) · 3 Komisja Alfy (komisja)
//   groups  1 Lewa (1) · 2 Prawa (3) · 3 Wspólna (2, 4, 5: members in both councils)
//   people  1 Ala: Alfa, and the committee · 2 Bartek: Alfa · 3 Cezary: Beta · 4 Dorota: Beta
//           5 Ewa: both councils → none · 6 Filip: only the committee → none (not a council)
//           7 Gosia: a membership and nothing else → none
//   votes   V1 (S1, Alfa): 1 za, 2 przeciw, 5 za · V2 (S2, Beta): 3 za, 4 przeciw, 5 za
//           V3 (S3, the committee): 1 za, 6 za

import request from './support/request.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Bundle, writeBundle } from './support/bundle.ts';
import { type TestApp, appOver, buildDatabase, tempDir } from './support/fixture.ts';

const TERM = '2018-2023';
const TWO_COUNCILS: Bundle = {
  'kadencje.csv': [{ kadencja: TERM, data_od: '2018-11-01', data_do: null }],
  'organy.csv': [
    { id_organu: 1, nazwa: 'Rada Miasta Alfa', typ: 'rada' },
    { id_organu: 2, nazwa: 'Rada Gminy Beta', typ: 'rada' },
    { id_organu: 3, nazwa: 'Komisja Alfy', typ: 'komisja' },
  ],
  'ugrupowania.csv': [
    { id_ugrupowania: 1, nazwa: 'Lewa', skrot: 'L' },
    { id_ugrupowania: 2, nazwa: 'Prawa', skrot: 'P' },
    { id_ugrupowania: 3, nazwa: 'Wspólna', skrot: 'W' },
  ],
  'radni.csv': ['Ala Alfa', 'Bartek Alfa', 'Cezary Beta', 'Dorota Beta', 'Ewa Obie', 'Filip Komisja', 'Gosia Nikt'].map(
    (imie_nazwisko, i) => ({ id_osoby: i + 1, imie_nazwisko }),
  ),
  'przynaleznosci.csv': (
    [
      [1, 1],
      [2, 3],
      [3, 2],
      [4, 3],
      [5, 3],
      [6, null],
      [7, 1],
    ] as const
  ).map(([id_osoby, id_ugrupowania], i) => ({
    przynaleznosc_id: i + 1,
    id_osoby,
    kadencja: TERM,
    id_ugrupowania,
    data_od: '2018-11-01',
    data_do: null,
    aktywny: 1,
  })),
  'posiedzenia.csv': [1, 2, 3].map((id) => ({
    id_posiedzenia: id,
    id_organu: id,
    kadencja: TERM,
    numer: String(id),
    data: `2019-01-1${id}`,
  })),
  'glosowania.csv': [1, 2, 3].map((id) => ({
    id_glosowania: id,
    id_posiedzenia: id,
    numer: 1,
    data_czas: `2019-01-1${id}T10:00`,
    tytul: `Uchwała ${id}`,
  })),
  'glosy.csv': (
    [
      [1, 1, 'za'],
      [1, 2, 'przeciw'],
      [1, 5, 'za'],
      [2, 3, 'za'],
      [2, 4, 'przeciw'],
      [2, 5, 'za'],
      [3, 1, 'za'],
      [3, 6, 'za'],
    ] as const
  ).map(([id_glosowania, id_osoby, glos]) => ({ id_glosowania, id_osoby, glos })),
};

const ALFA = { id_organu: 1, organ: 'Rada Miasta Alfa' };
const BETA = { id_organu: 2, organ: 'Rada Gminy Beta' };
const NONE = { id_organu: null, organ: null };
const COUNCIL_OF: Record<number, typeof ALFA | typeof NONE> = {
  1: ALFA,
  2: ALFA,
  3: BETA,
  4: BETA,
  5: NONE,
  6: NONE,
  7: NONE,
};
const councilOf = (id: number) => COUNCIL_OF[id]!;

let t: TestApp;
beforeAll(async () => {
  const dir = tempDir();
  await writeBundle(dir, TWO_COUNCILS);
  t = appOver(await buildDatabase(dir));
});
afterAll(() => t?.close());

const data = async (path: string) => {
  const res = await request(t.app).get(path);
  expect(res.status, path).toBe(200);
  return res.body.data;
};

/** The council fields, and that they come last (CONTRACT §5: fields are added at the end). */
function expectCouncil(item: Record<string, unknown>, id: number): void {
  expect({ id_organu: item['id_organu'], organ: item['organ'] }, `person ${id}`).toEqual(councilOf(id));
  expect(Object.keys(item).slice(-2)).toEqual(['id_organu', 'organ']);
}

describe('the council of a person', () => {
  it('in /api/radni and the profile', async () => {
    const list = (await data('/api/radni')) as Array<Record<string, unknown> & { id_osoby: number }>;
    expect(list.map((p) => p.id_osoby).sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    for (const item of list) expectCouncil(item, item.id_osoby);
    for (const id of [1, 3, 5, 7]) expectCouncil(await data(`/api/radni/${id}`), id);
  });

  it("in a vote's ballots (plain and grouped) and a session's attendance", async () => {
    for (const vote of [1, 2, 3]) {
      for (const entry of await data(`/api/glosowania/${vote}/glosy`)) expectCouncil(entry, entry.id_osoby);
      const grouped = (await data(`/api/glosowania/${vote}/glosy?ugrupowanie=true`)) as Record<
        string,
        Array<{ id_osoby: number }>
      >;
      for (const entry of Object.values(grouped).flat()) expectCouncil(entry, entry.id_osoby);
      for (const entry of await data(`/api/posiedzenia/${vote}/obecnosci`)) expectCouncil(entry, entry.id_osoby);
    }
  });

  it('in the rankings, the partners and the top pairs', async () => {
    for (const path of [
      'ranking-frekwencji',
      'ranking-buntownikow?min_glosowan=0',
      'ranking-lojalistow?min_glosowan=0',
    ]) {
      const items = (await data(`/api/statystyki/${path}`)) as Array<{ id_osoby: number }>;
      expect(items.length, path).toBeGreaterThan(0);
      for (const item of items) expectCouncil(item, item.id_osoby);
    }
    const partners = (await data('/api/radni/5/koalicje?min_wspolne=0')) as Array<{ id_osoby: number }>;
    expect(partners.map((p) => p.id_osoby).sort()).toEqual([1, 2, 3, 4]);
    for (const item of partners) expectCouncil(item, item.id_osoby);
    for (const item of await data('/api/radni/1/oponenci?min_wspolne=0')) expectCouncil(item, item.id_osoby);
    const pairs = (await data('/api/statystyki/top-koalicje?min_wspolne=0')) as Array<
      Record<'radny_1' | 'radny_2', { id_osoby: number }>
    >;
    expect(pairs.length).toBeGreaterThan(0);
    for (const pair of pairs) for (const who of [pair.radny_1, pair.radny_2]) expectCouncil(who, who.id_osoby);
  });
});

describe('the council of a group', () => {
  const GROUP_COUNCIL: Record<number, typeof ALFA | typeof NONE> = { 1: ALFA, 2: BETA, 3: NONE };
  it('in /api/utils/ugrupowania and the cohesion ranking', async () => {
    const groups = (await data('/api/utils/ugrupowania')) as Array<
      Record<string, unknown> & { id_ugrupowania: number }
    >;
    expect(groups.map((g) => g.id_ugrupowania).sort()).toEqual([1, 2, 3]);
    for (const group of groups) {
      expect({ id_organu: group['id_organu'], organ: group['organ'] }, group['nazwa'] as string).toEqual(
        GROUP_COUNCIL[group.id_ugrupowania],
      );
      expect(Object.keys(group).slice(-2)).toEqual(['id_organu', 'organ']);
    }
    for (const group of (await data('/api/statystyki/spojnosc-ugrupowan')) as Array<
      Record<string, unknown> & { id_ugrupowania: number }
    >) {
      expect({ id_organu: group['id_organu'], organ: group['organ'] }).toEqual(GROUP_COUNCIL[group.id_ugrupowania]);
      expect(Object.keys(group).slice(-2)).toEqual(['id_organu', 'organ']);
    }
  });
});

describe('a comparison of two persons', () => {
  it.each([
    [1, 3, {}, false], // Alfa and Beta: never one body
    [3, 6, {}, false],
    [1, 2, {}, true], // both on Alfa
    [1, 5, {}, true], // Ewa sits on Alfa too
    [1, 6, {}, true], // the committee
    [1, 5, { organ: '2' }, false], // within Beta's votes and sessions, Ala is not there
    [5, 3, { organ: '2' }, true],
  ])('%i beside %i %j: wspolny_organ %s', async (id, id2, query, shared) => {
    const qs = new URLSearchParams(query).toString();
    const answer = await data(`/api/radni/${id}/porownanie/${id2}${qs ? `?${qs}` : ''}`);
    expect(answer.wspolny_organ).toBe(shared);
    expect(Object.keys(answer).at(-1)).toBe('wspolny_organ');
    expectCouncil(answer.radny, id);
    expectCouncil(answer.drugi, id2);
    if (!shared) expect(answer).toMatchObject({ wspolne_glosowania: 0, zgodne: 0, rozbiezne: [] });
  });
});
