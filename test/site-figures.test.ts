// Figures that never mislead (issue 36, the website): the dashboard's headline figures link to what they
// rest on and to their definition, „średnia frekwencja” is defined on /jak-liczymy, Polish plurals for
// 1, 2–4 and 5+, no operator detail on public pages, and a 403 that names the button the page has.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import request from './support/request.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plural } from '../src/text/format.ts';
import { type TestApp, appOver, buildDatabase } from './support/fixture.ts';

const SAMPLE = fileURLToPath(new URL('../data/sample', import.meta.url));

let t: TestApp;
beforeAll(async () => {
  t = appOver(await buildDatabase(SAMPLE)); // no PUBLIC_URL: where the share form said its name
});
afterAll(() => t?.close());

describe('figures that never mislead', () => {
  it('Polish plurals: 1, 2–4 (not 12–14), 5 and more', () => {
    const posiedzenie = (n: number) => `${n} ${plural(n, 'posiedzenie', 'posiedzenia', 'posiedzeń')}`;
    expect([1, 2, 4, 5, 12, 14, 21, 22, 25, 112, 122].map(posiedzenie)).toEqual([
      '1 posiedzenie',
      '2 posiedzenia',
      '4 posiedzenia',
      '5 posiedzeń',
      '12 posiedzeń',
      '14 posiedzeń',
      '21 posiedzeń',
      '22 posiedzenia',
      '25 posiedzeń',
      '112 posiedzeń',
      '122 posiedzenia',
    ]);
    expect(plural(0, 'głosowanie', 'głosowania', 'głosowań')).toBe('głosowań');
  });

  it("the dashboard's headline figures link to their lists, and „średnia frekwencja” to its definition", async () => {
    const home = (await request(t.app).get('/')).text;
    const stats = /<dl class="stats">([\s\S]*?)<\/dl>/.exec(home)![1]!;
    for (const list of ['/posiedzenia', '/glosowania', '/radni']) expect(stats).toContain(`<a href="${list}">`);
    expect(stats).toContain('href="/jak-liczymy#srednia-frekwencja"');
    const dd = [...stats.matchAll(/<dd>([\s\S]*?)<\/dd>/g)].map((m) => m[1]!);
    expect(dd).toHaveLength(4);
    for (const value of dd) expect(value).toMatch(/^<a href=/);
    const method = (await request(t.app).get('/jak-liczymy')).text;
    expect(method).toContain('<h2 id="srednia-frekwencja">Średnia frekwencja</h2>');
  });

  it("a councillor's own counts are labelled for one person, not for a group", async () => {
    const people = (await request(t.app).get('/api/radni')).body.data as Array<{
      token: string;
      imie_nazwisko: string;
    }>;
    const woman = people.find((p) => /a$/.test(p.imie_nazwisko.split(' ')[0]!))!;
    const man = people.find((p) => !/a$/.test(p.imie_nazwisko.split(' ')[0]!))!;
    const figs = async (token: string) =>
      /<ul class="figs">([\s\S]*?)<\/ul>/.exec((await request(t.app).get(`/radni/${token}`)).text)![1]!;
    const hers = await figs(woman.token);
    expect(hers).toContain('Nieobecna:');
    expect(hers).toContain('Wstrzymała się:');
    expect(hers).not.toContain('Nieobecni');
    expect(await figs(man.token)).toContain('Nieobecny:');
  });

  it('no page names an operator setting; the 403 of the share form names the button the page has', async () => {
    const vote = (await request(t.app).get('/glosowania/1')).text;
    expect(vote).not.toContain('PUBLIC_URL');
    const button = /<form[^>]*method="post"[\s\S]*?<button type="submit">([^<]+)<\/button>/.exec(vote)![1]!;
    const refused = await request(t.app)
      .post('/glosowania/1/udostepnij')
      .set('Origin', 'https://evil.example')
      .type('form')
      .send({});
    expect(refused.status).toBe(403);
    expect(refused.text).toContain(`„${button}”`);
  });
});

describe('every percent with its base (issue 36, phones: „92% of 50 looks like 92% of 510”)', () => {
  const textOf = (html: string) =>
    html
      .replace(/<[^>]+>/g, ' ')
      .replace(/&nbsp;|\s+/g, ' ')
      .trim();

  it('the dashboard’s average attendance says what it is a share of: every attendance record in scope', async () => {
    const db = t.snapshots.active!.db;
    for (const kadencja of [undefined, '2018-2023']) {
      const scope = kadencja ? "WHERE s.kadencja = '2018-2023'" : '';
      const { records, present } = db
        .prepare(
          `SELECT count(*) AS records, sum(o.obecny) AS present FROM obecnosc o JOIN posiedzenie s USING (id_posiedzenia) ${scope}`,
        )
        .get() as { records: number; present: number };
      const api = (await request(t.app).get(`/api/statystyki/dashboard${kadencja ? `?kadencja=${kadencja}` : ''}`)).body
        .data;
      expect(Math.round((present / records) * 10000) / 100).toBe(Number(api.srednia_frekwencja));
      const home = textOf((await request(t.app).get(`/${kadencja ? `?kadencja=${kadencja}` : ''}`)).text);
      const average = `${api.srednia_frekwencja.replace('.', ',').replace(/,?0+$/, '')}%`;
      expect(home).toContain(`${average} (frekwencja posiedzeń) z ${records} zapisów obecności`);
    }
  });

  it('the rankings and the councillor’s partners: each percent with its base in the same cell, no base column hidden', async () => {
    const rankings = (await request(t.app).get('/rankingi')).text;
    const first = (await request(t.app).get('/api/statystyki/ranking-frekwencji?limit=1&min_posiedzen=1')).body.data[0];
    expect(rankings).toContain('Frekwencja (z ilu posiedzeń)');
    expect(textOf(rankings)).toMatch(/\d+(,\d+)?% z \d+/);
    // The site's partners share at least half the councillor's active ballots (issue 46).
    const v = (await request(t.app).get(`/api/radni/${first.id_osoby}/profil-glosowania`)).body.data;
    const min = Math.max(10, Math.ceil((v.za + v.przeciw + v.wstrzymujacy) / 2));
    const [partner] = (await request(t.app).get(`/api/radni/${first.id_osoby}/koalicje?limit=1&min_wspolne=${min}`))
      .body.data;
    const profile = textOf((await request(t.app).get(`/radni/${first.id_osoby}`)).text);
    const percent = `${String(partner.zgodnosc_procent).replace('.', ',')}%`;
    expect(profile).toContain(`${percent} z ${partner.wspolne_glosowania}`);
    expect((await request(t.app).get(`/radni/${first.id_osoby}`)).text).not.toContain('Wspólne głosowania</th>');
  });

  it('on a phone (issue 46): a topic’s percent keeps its base beside it, the votes against go under; a wide table says to scroll; words break at syllables, not anywhere', async () => {
    const [first] = (await request(t.app).get('/api/statystyki/ranking-frekwencji?limit=1')).body.data;
    const page = (await request(t.app).get(`/radni/${first.id_osoby}`)).text;
    const topics = /<section aria-labelledby="h-tematy">[\s\S]*?<\/section>/.exec(page)![0];
    const cells = [...topics.matchAll(/<td class="num wrap">([\s\S]*?)<\/td>/g)].map((m) => m[1]!);
    expect(cells.length).toBeGreaterThan(0);
    for (const cell of cells) {
      if (cell.includes('brak stanowiska')) continue;
      // the percent and its base in one unbreakable span; „wbrew” only under it, in its own line
      expect(cell).toMatch(
        /^<span class="nw">[\s\S]*?%<\/a> z \d[\d\s]*<\/span>(<div class="b">wbrew: [\s\S]*<\/div>)?$/,
      );
    }
    const [vote] = (await request(t.app).get('/api/glosowania?limit=1')).body.data;
    const votePage = (await request(t.app).get(`/glosowania/${vote.id_glosowania}`)).text;
    expect(votePage).toMatch(/<p class="scroll-hint"[^>]*>[^<]*przesuń ją w bok[^<]*<\/p><div class="tw">/);
    const css = readFileSync(new URL('../src/site/assets/site.css', import.meta.url), 'utf8');
    expect(css).not.toContain('overflow-wrap: anywhere');
    expect(/\.title \{[^}]*hyphens: auto;[^}]*\}/.exec(css)).not.toBeNull();
    expect(/\.scroll-hint \{\s*display: block;/.exec(css)).not.toBeNull(); // inside the phone's @media
    expect(page).toContain('<html lang="pl">');
  });

  it('the top menu leads to /polityki, marked there as the current section (issue 45)', async () => {
    const nav = (html: string) => /<nav class="nav"[\s\S]*?<\/nav>/.exec(html)![0];
    expect(nav((await request(t.app).get('/')).text)).toContain('<a href="/polityki">Polityki</a>');
    const [first] = (await request(t.app).get('/api/polityki')).body.data;
    for (const path of ['/polityki', `/polityki/${first.id}`])
      expect(nav((await request(t.app).get(path)).text), path).toContain(
        '<a href="/polityki" aria-current="page">Polityki</a>',
      );
  });
});
