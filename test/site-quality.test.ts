// What the record disagrees about on the site (CONTRACT §10, §12; issue 40): /jakosc-danych per council with
// each count a link to the votes behind it, /glosowania?jakosc=…, participation in votes beside every
// attendance figure of a councillor, and a session page marking who signed the list and missed every vote.
// Over the hand council (test/support/hand-council.ts: V14 tally-only, V10 stated 5:1 against 4:1, V13
// odrzucono at 1:0; S1 and S4 with lists) and the Radoskop record source (test/support/radoskop-hand.ts
// RADOSKOP_RECORD: Jan Nowak on the list of session 2 and nieobecny in its one vote).

import { join } from 'node:path';
import request from './support/request.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runEtl } from '../etl/run.ts';
import { writeBundle } from './support/bundle.ts';
import { type TestApp, appOver, buildDatabase, removeDir, tempDir, vocabularyFile } from './support/fixture.ts';
import { HAND_COUNCIL, HAND_TOPICS } from './support/hand-council.ts';
import { RADOSKOP_RECORD, writeRadoskopHand } from './support/radoskop-hand.ts';
import { decodeEntities } from './support/site-councils.ts';

/** A page's text: tags dropped, entities decoded, whitespace folded. */
const textOf = (html: string) =>
  decodeEntities(html.replace(/<[^>]+>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
/** The hrefs of a page, entities decoded. */
const hrefsOf = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => decodeEntities(m[1]!));

const pageOf = (t: () => TestApp) => async (path: string) => {
  const res = await request(t().app).get(path);
  expect(res.status, path).toBe(200);
  return { html: res.text, text: textOf(res.text), hrefs: hrefsOf(res.text) };
};

describe('the hand council: what its record disagrees about, and participation beside attendance', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = tempDir('council-bundle-');
    await writeBundle(dir, HAND_COUNCIL);
    t = appOver(await buildDatabase(dir, 'csv', { topics: vocabularyFile(HAND_TOPICS) }));
  });
  afterAll(() => {
    t?.close();
    removeDir(dir);
  });
  const page = pageOf(() => t);

  it('/jakosc-danych gives each council its counts, each a link to the votes behind it, and says what they mean', async () => {
    const { text, hrefs } = await page('/jakosc-danych');
    const headings = (html: string) => [...html.matchAll(/<h2 id="organ-\d+">([^<]*)</g)].map((m) => m[1]);
    expect(headings((await page('/jakosc-danych')).html)).toEqual(['Rada Miasta', 'Komisja Budżetowa']); // not Komisja Rewizyjna: no vote, no session
    // Rada: 12 votes, 11 with a roll call; V14, V10, V13 one each; 3 sessions, 2 with lists, nobody silent.
    expect(text).toContain('12 głosowań , z tego 11 z imienną listą głosów');
    expect(text).toContain('1 głosowanie tylko z liczbami głosów, bez imiennej listy');
    expect(text).toContain('1 głosowanie, w którym liczby z protokołu różnią się od policzonych z imiennej listy');
    expect(text).toContain('1 głosowanie, w którym podany wynik przeczy liczbom głosów');
    expect(text).toContain('0 głosowań, w których podany wynik przeczy liczbom głosów'); // Komisja
    expect(text).toContain('3 posiedzenia, z tego 2 z listą obecności');
    const link = (jakosc: string, organ: number) =>
      hrefs.find((h) => h.startsWith('/glosowania?') && h.includes(`jakosc=${jakosc}`) && h.includes(`organ=${organ}`));
    for (const jakosc of ['tylko_liczby', 'rozbiezne_liczby', 'wynik_wbrew_liczbom']) {
      expect(link(jakosc, 1), jakosc).toBeDefined();
      expect(link(jakosc, 2), jakosc).toBeDefined();
    }
    expect(hrefs.some((h) => h.startsWith('/posiedzenia?') && h.includes('organ=2'))).toBe(true);
    // What each disagreement means, and which figure the site uses.
    for (const anchor of ['tylko_liczby', 'rozbiezne_liczby', 'wynik_wbrew_liczbom', 'obecni_bez_glosu'])
      expect(hrefs).toContain(`#${anchor}`);
    expect(text).toContain('liczymy z imiennej listy');
    expect(text).toContain('Pokazujemy wynik podany przez radę');
    // The term filter narrows the counts: T1 has only Rada's S1, V1–V4.
    const t1 = (await page('/jakosc-danych?kadencja=2014-2018')).text;
    expect(t1).toContain('4 głosowania , z tego 4 z imienną listą głosów');
    expect(headings((await page('/jakosc-danych?kadencja=2014-2018')).html)).toEqual(['Rada Miasta']);
  });

  it('is linked from /jak-liczymy and from every page’s footer', async () => {
    for (const path of ['/jak-liczymy', '/', '/glosowania/10'])
      expect((await page(path)).hrefs, path).toContain('/jakosc-danych');
  });

  it('/glosowania?jakosc= lists exactly the votes of that count, and says which; another value is a 400', async () => {
    const ids = (html: string) => [...new Set([...html.matchAll(/href="\/glosowania\/(\d+)"/g)].map((m) => m[1]))];
    const wbrew = await page('/glosowania?jakosc=wynik_wbrew_liczbom');
    expect(ids(wbrew.html)).toEqual(['13']);
    expect(wbrew.text).toContain('Tylko głosowania, w których podany wynik przeczy liczbom głosów za i przeciw');
    expect(wbrew.text).toContain('1 głosowanie.');
    expect(ids((await page('/glosowania?jakosc=rozbiezne_liczby')).html)).toEqual(['10']);
    expect(ids((await page('/glosowania?jakosc=tylko_liczby')).html)).toEqual(['14']);
    expect(ids((await page('/glosowania?jakosc=tylko_liczby&organ=2')).html)).toEqual([]);
    const bad = await request(t.app).get('/glosowania?jakosc=wszystko');
    expect(bad.status).toBe(400);
    expect(textOf(bad.text)).toContain('Parametr „jakosc” musi mieć jedną z wartości: tylko_liczby');
  });

  it('shows participation in votes, with its base, beside attendance on a councillor’s page', async () => {
    // The second Anna Nowak: 2 of 3 sessions; 2 of her 8 ballots nieobecny (V8, V9): 100 − 25 = 75 %.
    const anna = (await page('/radni/anna-nowak-2')).text;
    expect(anna).toContain('66,67% : obecność na 2 z 3 posiedzeń');
    expect(anna).toContain('Udział w głosowaniach: 75% z 8 głosowań (nieobecna w 2 )');
    // Łucja Wróbel: 12 ballots, none nieobecny.
    expect((await page('/radni/lucja-wrobel')).text).toContain('Udział w głosowaniach: 100% z 12 głosowań');
    // Borys Żuk has no ballot: no 0 %, the reason instead.
    expect((await page('/radni/borys-zuk')).text).toMatch(/Udział w głosowaniach: — \(brak głosowań/);
  });

  it('shows participation beside attendance in every row of the attendance ranking', async () => {
    const { html } = await page('/rankingi?kadencja=2018-2023');
    const table = html.slice(html.indexOf('id="frekwencja"'), html.indexOf('id="mniejszosc"'));
    expect(textOf(table)).toContain('Udział w głosowaniach (z ilu głosowań)');
    // T2 attendance: Anna Nowak (5) 2/3 with 8 ballots, 2 nieobecny → 75 % z 8.
    const row = textOf(table.slice(table.indexOf('radni/anna-nowak-2')));
    expect(row).toMatch(/^[^#]*?66,67% z 3 75% z 8/);
  });
});

describe('a session page marks who was on the list and absent from every vote (Radoskop record source)', () => {
  let t: TestApp;
  beforeAll(async () => {
    const source = tempDir('radoskop-site-');
    await writeRadoskopHand(source, RADOSKOP_RECORD);
    const dbPath = join(tempDir('radoskop-site-db-'), 'council.db');
    await runEtl({ source, format: 'radoskop', dbPath });
    t = appOver(dbPath);
  });
  afterAll(() => t?.close());
  const page = pageOf(() => t);

  it('session 2: Jan Nowak signed the list and was nieobecny in its one vote; session 1 marks nobody', async () => {
    const two = await page('/posiedzenia/2');
    expect(two.text).toContain('Obecnych 3 z 3 (100%');
    expect(two.text).toContain('Z obecnych na liście 1 osoba była nieobecna w każdym głosowaniu posiedzenia');
    expect(two.text).toContain('Jan Nowak niezrzeszony — na liście obecności, ale nieobecny w jedynym głosowaniu');
    expect(two.text.match(/na liście obecności, ale/g)).toHaveLength(1);
    const one = await page('/posiedzenia/1');
    expect(one.text).not.toContain('na liście obecności, ale');
  });

  it('/jakosc-danych counts him, linking to the council’s sessions', async () => {
    const { text } = await page('/jakosc-danych');
    expect(text).toContain('Sejmik Województwa Delta');
    expect(text).toMatch(
      /1 raz ktoś był na liście obecności, a w każdym głosowaniu posiedzenia zapisano go jako nieobecnego/,
    );
  });
});
