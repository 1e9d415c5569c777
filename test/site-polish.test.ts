// The website in Polish all the way (issue 46): a mistyped site address answers a Polish HTML page with
// its status, not the API's English JSON envelope (the API's own paths keep it).

import { fileURLToPath } from 'node:url';
import request from './support/request.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMonthGen, isFeminine } from '../src/text/format.ts';
import { type TestApp, appOver, buildDatabase } from './support/fixture.ts';

const SAMPLE = fileURLToPath(new URL('../data/sample', import.meta.url));

let t: TestApp;
beforeAll(async () => {
  t = appOver(await buildDatabase(SAMPLE));
}, 120_000);
afterAll(() => t?.close());

describe('a mistyped address', () => {
  it.each(['/mapa', '/tematy/budzet', '/radni/x/y', '/kanal.atom', '/glosowania/1/nic', '/dane/nic/nic/nic'])(
    '%s: a Polish HTML page with a 404',
    async (path) => {
      const res = await request(t.app).get(path);
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.text).toContain('<html lang="pl"');
      expect(res.text).toContain('Nie ma takiej strony');
      expect(res.text).not.toMatch(/Not Found|"success"/);
    },
  );

  it('a page asked for with a malformed query: a Polish HTML page with a 400', async () => {
    const res = await request(t.app).get('/glosowania?strona=x');
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).toContain('<html lang="pl"');
  });

  it("the API's paths keep their JSON envelope", async () => {
    const res = await request(t.app).get('/api/nic');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toMatchObject({ success: false });
  });
});

describe('month names after „od” and „do”', () => {
  const GENITIVE =
    /^(stycznia|lutego|marca|kwietnia|maja|czerwca|lipca|sierpnia|września|października|listopada|grudnia)$/;

  it('are in the genitive: „od listopada 2018 do grudnia 2025”', () => {
    expect(formatMonthGen('2018-11')).toBe('listopada 2018');
    expect(formatMonthGen('2025-12')).toBe('grudnia 2025');
    expect(formatMonthGen('2025-01')).toBe('stycznia 2025');
    expect(formatMonthGen('nie-data')).toBe('nie-data');
  });

  it("in the home page's monthly chart's text alternative", async () => {
    const html = (await request(t.app).get('/')).text;
    const spans = [...html.matchAll(/od (\p{L}+) \d{4} do (\p{L}+) \d{4}/gu)];
    expect(spans.length).toBeGreaterThan(0);
    for (const [, from, to] of spans) {
      expect(from).toMatch(GENITIVE);
      expect(to).toMatch(GENITIVE);
    }
  });
});

describe("the sample's footer", () => {
  it('says the data is invented, without the command that generated it', async () => {
    const html = (await request(t.app).get('/')).text;
    const footer = html.slice(html.lastIndexOf('<footer'));
    expect(footer).toContain('wymyślone');
    expect(footer).not.toMatch(/council generate|ziarno/);
  });
});

describe('download names', () => {
  const nameOf = async (path: string) => {
    const res = await request(t.app).get(path);
    expect(res.status, path).toBe(200);
    return /filename="([^"]+)"/.exec(res.headers['content-disposition'] as string)![1]!;
  };

  it('a list and the bulk file of the same name differ, and each names the council', async () => {
    const paths = [
      '/glosowania.csv',
      '/dane/glosowania.csv',
      '/radni.arkusz.csv',
      '/dane/radni.arkusz.csv',
      '/glosowania.csv?organ=1',
    ];
    const names = await Promise.all(paths.map(nameOf));
    expect(new Set(names).size, names.join(' ')).toBe(paths.length);
    for (const name of names) expect(name).toContain('rada-miasta-przykladowa');
    expect(names[1]).toMatch(/^dane-glosowania-/);
  });
});

describe("words agree with the person's gender (by the first name: the data has none)", () => {
  it('a woman is „obecna”, „aktywna”, „głosowała”; a man „obecny”, „aktywny”; /jak-liczymy says how it is chosen', async () => {
    const people = (await request(t.app).get('/api/radni?limit=100')).body.data as Array<{
      imie_nazwisko: string;
      token: string;
    }>;
    const woman = people.find((p) => isFeminine(p.imie_nazwisko))!;
    const man = people.find((p) => !isFeminine(p.imie_nazwisko))!;
    const records = (token: string) => request(t.app).get(`/radni/${token}/obecnosci`);
    const hers = (await records(woman.token)).text;
    expect(hers).toMatch(/obecna na \d/);
    expect(hers).not.toMatch(/>obecny</);
    expect((await records(man.token)).text).toMatch(/obecny na \d/);
    const list = (await request(t.app).get('/radni')).text;
    const rowOf = (name: string) =>
      list.slice(list.indexOf(`>${name}</a>`), list.indexOf('</tr>', list.indexOf(`>${name}</a>`)));
    expect(rowOf(woman.imie_nazwisko)).not.toMatch(/>\s*(nie)?aktywny\s*</);
    expect(rowOf(man.imie_nazwisko)).not.toMatch(/>\s*(nie)?aktywna\s*</);
    const feed = (await request(t.app).get(`/radni/${woman.token}/kanal.atom`)).text;
    expect(feed).toContain(`${woman.imie_nazwisko} głosowała inaczej`);
    expect(feed).not.toContain('(a)');
    expect((await request(t.app).get('/jak-liczymy')).text).toMatch(
      /Dane nie podają płci, więc formę wybieramy po imieniu/,
    );
  });
});
