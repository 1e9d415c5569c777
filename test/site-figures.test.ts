// Figures that never mislead (issue 36, the website): the dashboard's headline figures link to what they
// rest on and to their definition, „średnia frekwencja” is defined on /jak-liczymy, Polish plurals for
// 1, 2–4 and 5+, no operator detail on public pages, and a 403 that names the button the page has.

import { fileURLToPath } from 'node:url';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plural } from '../src/site/format.ts';
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
