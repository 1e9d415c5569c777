// Search by any form of a Polish word (src/glosowania/title-search.ts, etl/title-lemmas.ts) at the
// API's door, on a small council whose titles are written here: a word typed in any form finds the
// titles holding any form of it, alone and within one body (the votes checked one by one), and a
// fragment or a phrase still finds what contains it. The expected ids are read off the titles below.

import request from './support/request.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeBundle } from './support/bundle.ts';
import { type TestApp, appOver, buildDatabase, removeDir, tempDir } from './support/fixture.ts';
import { HAND_COUNCIL } from './support/hand-council.ts';

/** The titles given to the hand council's votes 1, 2, 3, … in order. */
const TITLES = [
  'Projekt ustawy o drogach publicznych', // 1
  'Uchwała w sprawie dróg gminnych', // 2
  'Skarga na dyrektora szkoły', // 3
  'Rozpatrzenie skarg mieszkańców', // 4
  'Stawki podatku od nieruchomości', // 5
  'Zmiana ustaw podatkowych', // 6
  'Opinia o ustawie o szkołach', // 7
  'Remont drogi przy szkole', // 8
  'Droga rowerowa', // 9
  'Drogowskazy przy ustawionych znakach', // 10
  'Szkół podstawowych sieć', // 11
  'Podatek rolny', // 12
];

let dir: string;
let t: TestApp;
beforeAll(async () => {
  dir = tempDir('search-forms-');
  const votes = HAND_COUNCIL['glosowania.csv']!.map((vote, i) =>
    i < TITLES.length ? { ...vote, tytul: TITLES[i]! } : vote,
  );
  await writeBundle(dir, { ...HAND_COUNCIL, 'glosowania.csv': votes });
  t = appOver(await buildDatabase(dir), { RESPONSE_CACHE_MB: 0 });
});
afterAll(() => {
  t.close();
  removeDir(dir);
});

async function found(query: Record<string, string>): Promise<number[]> {
  const res = await request(t.app)
    .get('/api/glosowania')
    .query({ ...query, limit: '100' });
  expect(res.status, res.text).toBe(200);
  expect(res.body.pagination.total).toBe(res.body.data.length);
  return (res.body.data as Array<{ id_glosowania: number }>).map((v) => v.id_glosowania).sort((a, b) => a - b);
}

describe('search by any form of a word', () => {
  const cases: Array<[search: string, ids: number[]]> = [
    ['ustawa', [1, 6, 7]], // ustawy, ustaw, ustawie — not „ustawionych” (ustawić)
    ['ustawy', [1, 6, 7]],
    ['USTAWĄ', [1, 6, 7]],
    ['droga', [1, 2, 8, 9]], // drogach, dróg, drogi, Droga — not „Drogowskazy”
    ['drogi', [1, 2, 8, 9]], // a form of droga though a dictionary word itself (the adjective drogi)
    ['dróg', [1, 2, 8, 9, 10]], // folded „drog”, which also begins „Drogowskazy”: §6's containment stays
    ['szkoła', [3, 7, 8, 11]], // szkoły, szkołach, szkole, Szkół
    ['skarga', [3, 4]], // Skarga, skarg
    ['podatek', [5, 12]], // podatku, Podatek — not „podatkowych” (another word)
  ];
  it.each(cases)('%s finds the titles holding a form of it', async (search, ids) => {
    expect(await found({ search })).toEqual(ids);
  });

  it('within one body the same (the votes checked one by one)', async () => {
    const all = await found({ search: 'droga' });
    const body = await found({ search: 'droga', organ: '1' });
    expect(body.length).toBeGreaterThan(0);
    expect(body.every((id) => all.includes(id))).toBe(true);
    const res = await request(t.app).get('/api/glosowania').query({ search: 'droga', organ: '1', limit: '100' });
    expect(res.body.data.every((v: { tytul: string }) => /dr(o|ó)(g|dz)/i.test(v.tytul))).toBe(true);
  });

  it('keeps fragments and phrases as they were: what contains them', async () => {
    expect(await found({ search: 'drog' })).toEqual([1, 2, 8, 9, 10]); // a piece of words, dróg folded
    expect(await found({ search: 'ustaw' })).toEqual([1, 6, 7, 10]);
    expect(await found({ search: 'ustawa o' })).toEqual([]); // a phrase: no title holds it as written
    expect(await found({ search: 'ustawy o' })).toEqual([1]);
  });
});
