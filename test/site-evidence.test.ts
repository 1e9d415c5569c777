// Every figure of the website leads to its evidence (issue 25): on a councillor's page and a vote's page
// of the sample council, each figure link (`data-liczba`) is followed through every page of the list it
// opens, and the list has exactly as many rows (`data-dowod`) as the figure says. Also the pages built
// on the evidence: the comparison, the method page, group cohesion, the council map, and the rankings'
// minimum sample.

import { fileURLToPath } from 'node:url';
import request from './support/request.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateBundle } from '../tools/generate/index.ts';
import { type TestApp, appOver, buildDatabase, tempDir } from './support/fixture.ts';

let t: TestApp;
let councillor: { id_osoby: number; token: string };
let other: { id_osoby: number; token: string };
let vote: number;

beforeAll(async () => {
  t = appOver(await buildDatabase(fileURLToPath(new URL('../data/sample', import.meta.url))));
  const db = t.snapshots.active!.db;
  // The councillor with the most ballots, and one with fewer who served at the same time.
  [councillor, other] = db
    .prepare(
      `SELECT r.id_osoby, r.token FROM radny r JOIN radny_stat s ON s.id_osoby = r.id_osoby AND s.kadencja = '*'
    ORDER BY s.liczba_glosowan DESC, r.id_osoby LIMIT 2`,
    )
    .all() as [typeof councillor, typeof other];
  // A vote where every ballot value occurs, if there is one.
  vote = db
    .prepare(
      `SELECT id_glosowania FROM glosowanie ORDER BY (za > 0) + (przeciw > 0) + (wstrzymujacy > 0) + (nieobecni > 0) + (brak_glosu > 0) DESC,
    id_glosowania LIMIT 1`,
    )
    .pluck()
    .get() as number;
}, 240_000);
afterAll(() => t.close());

const decode = (s: string) => s.replaceAll('&amp;', '&');

async function page(url: string): Promise<string> {
  const res = await request(t.app).get(url);
  expect(res.status, url).toBe(200);
  return res.text;
}

/** The figures of a page: each link's target and the count it shows. */
function figuresOf(html: string): Array<{ to: string; count: number }> {
  return [...html.matchAll(/<a class="fig" href="([^"]*)" data-liczba="(\d+)"/g)].map((m) => ({
    to: decode(m[1]!),
    count: Number(m[2]),
  }));
}

/** The rows of the evidence list at `url`, over all its pages (following rel="next"). */
async function evidenceRows(url: string): Promise<number> {
  let rows = 0;
  let next: string | undefined = url.split('#')[0];
  for (let pages = 0; next !== undefined; pages++) {
    expect(pages, `${url}: too many pages`).toBeLessThan(1000);
    const html = await page(next);
    rows += html.match(/ data-dowod(?=[\s>=])/g)?.length ?? 0;
    const link = /<a href="([^"]*)" rel="next"/.exec(html);
    next = link ? decode(link[1]!) : undefined;
  }
  return rows;
}

async function expectFiguresMatch(url: string, least: number, leadsTo = ''): Promise<void> {
  const figures = figuresOf(await page(url)).filter((f) => f.to.startsWith(leadsTo));
  expect(figures.length, url).toBeGreaterThanOrEqual(least);
  expect(
    figures.some((f) => f.count > 20),
    'at least one figure spans several pages',
  ).toBe(true);
  for (const { to, count } of figures) expect(await evidenceRows(to), `${url} → ${to}`).toBe(count);
}

describe('every figure links to a list of exactly that many rows', () => {
  it('on a councillor page: ballot counts, attendance, agreement with the group, partners', async () => {
    // 5 ballot counts, the attendance records, with and against the group, 5 + 5 partners.
    await expectFiguresMatch(`/radni/${councillor.token}`, 5 + 1 + 2 + 1);
  }, 600_000);

  it('on a councillor page in one term', async () => {
    const term = t.snapshots
      .active!.db.prepare('SELECT kadencja FROM kadencja ORDER BY data_od LIMIT 1')
      .pluck()
      .get() as string;
    await expectFiguresMatch(`/radni/${councillor.token}?kadencja=${term}`, 5 + 1 + 2);
  }, 600_000);

  it('on /tematy: per topic the councillors most often against their group, whole and in one body', async () => {
    // Per topic up to 5 councillors' votes against their group (the topics' own counts lead to /glosowania,
    // a search page without evidence marks).
    await expectFiguresMatch('/tematy', 3, '/radni/');
    const html = await page('/tematy');
    expect(html).toContain('Kto najczęściej głosuje wbrew swojemu klubowi');
    expect(html).toMatch(/lista=buntownicze&amp;temat=[a-z-]+#glosowania" data-liczba="[1-9]/);
    // In one body the counts are that body's, and so are the lists they open (CONTRACT §7).
    const body = t.snapshots
      .active!.db.prepare("SELECT id_organu FROM organ WHERE typ = 'rada' ORDER BY id_organu LIMIT 1")
      .pluck()
      .get() as number;
    await expectFiguresMatch(`/tematy?organ=${body}`, 3, '/radni/');
  }, 600_000);

  it('on a vote page: its counts, controversy and unanimity', async () => {
    await expectFiguresMatch(`/glosowania/${vote}`, 5 + 2 + 1 + 1);
  }, 120_000);
});

describe('the pages built on the evidence', () => {
  it('compares two councillors: both profiles, the agreement and its basis, the differing votes, a monthly chart', async () => {
    const api = (await request(t.app).get(`/api/radni/${councillor.id_osoby}/porownanie/${other.id_osoby}`)).body.data;
    const html = await page(`/porownaj?radny=${councillor.token}&drugi=${other.token}`);
    expect(html).toContain(api.radny.imie_nazwisko);
    expect(html).toContain(api.drugi.imie_nazwisko);
    const differing = api.wspolne_glosowania - api.zgodne;
    expect(figuresOf(html)).toContainEqual({
      to: `/porownaj?radny=${councillor.token}&drugi=${other.token}#rozbiezne`,
      count: differing,
    });
    expect(html).toMatch(/Zgodność w kolejnych miesiącach[\s\S]*<svg class="chart"/);
    expect(await evidenceRows(`/porownaj?radny=${councillor.token}&drugi=${other.token}`)).toBe(differing);
    // Picked with the form (a GET, no script): the form on the councillor page names the fields.
    expect(await page(`/radni/${councillor.token}`)).toMatch(
      /<form class="filters" method="get" action="\/porownaj"[\s\S]*name="drugi"/,
    );
  });

  it('answers the same councillor twice with a 400 page and an unknown one with a 404 page', async () => {
    expect((await request(t.app).get(`/porownaj?radny=${councillor.token}&drugi=${councillor.id_osoby}`)).status).toBe(
      400,
    );
    expect((await request(t.app).get(`/porownaj?radny=${councillor.token}&drugi=nikt-taki`)).status).toBe(404);
    // Several bodies (the sample's council and its committees): a body first, then its councillors.
    expect(await page('/porownaj')).toContain('name="organ"');
    const body = t.snapshots.active!.db.prepare('SELECT min(id_organu) FROM organ').pluck().get() as number;
    expect(await page(`/porownaj?organ=${body}`)).toContain('name="radny"');
  });

  it('explains every figure on „Jak liczymy”, with worked examples from the snapshot', async () => {
    const html = await page('/jak-liczymy');
    for (const anchor of [
      'profil',
      'frekwencja',
      'zgodnosc-grupa',
      'porownanie',
      'w-mniejszosci',
      'kontrowersyjnosc',
      'jednomyslnosc',
      'spojnosc',
      'mapa',
      'minimum',
    ]) {
      expect(html, anchor).toContain(`id="${anchor}"`);
    }
    const leader = (await request(t.app).get('/api/statystyki/ranking-frekwencji?limit=1&min_posiedzen=1')).body
      .data[0];
    expect(html).toMatch(/obecny na [\d\s]+ z [\d\s]+ posiedzeń: [\d\s]+ \/ [\d\s]+ × 100 = [\d,]+%/);
    expect(leader).toBeDefined();
    // Every method link of a councillor page points at an anchor the page has.
    for (const [, anchor] of (await page(`/radni/${councillor.token}`)).matchAll(/href="\/jak-liczymy#([\w-]+)"/g))
      expect(html).toContain(`id="${anchor}"`);
  });

  it('ranks the groups by cohesion, each with its monthly chart', async () => {
    const api = (await request(t.app).get('/api/statystyki/spojnosc-ugrupowan?limit=100')).body.data as Array<{
      nazwa: string;
    }>;
    const html = await page('/spojnosc');
    expect(api.length).toBeGreaterThan(1);
    let at = 0;
    for (const g of api) {
      const next = html.indexOf(g.nazwa.replaceAll('&', '&amp;').replaceAll('"', '&quot;'), at);
      expect(next, g.nazwa).toBeGreaterThan(at);
      at = next;
    }
    expect(html.match(/<svg class="chart"/g)?.length).toBe(api.length);
  });

  it('draws the council map on the dashboard: a link per placed councillor, a caption, nearest neighbours as text', async () => {
    const map = t.snapshots.active!.queries.statystyki.councilMap(1)!;
    expect(map.radni.length).toBeGreaterThan(10);
    const html = await page('/');
    const svg = /<svg class="map"[\s\S]*?<\/svg>/.exec(html)![0];
    expect(svg.match(/<a href="\/radni\//g)?.length).toBe(map.radni.length);
    expect(html).toMatch(/<figcaption class="map-cap">Każdy punkt to radny/);
    expect(html).toContain(`Pominięto ${map.pominieci.length}`);
    expect(html).toMatch(/Mapa jako tekst: najbliżsi sąsiedzi/);
    expect(await page('/')).toBe(html); // deterministic
  });

  it('ranks only councillors with a sample of at least half the largest, and says so', async () => {
    const html = await page('/rankingi');
    const db = t.snapshots.active!.db;
    const largest = db
      .prepare("SELECT max(liczba_posiedzen) FROM radny_stat WHERE kadencja = '*'")
      .pluck()
      .get() as number;
    const min = Math.ceil(largest / 2);
    expect(html).toContain(`co najmniej ${min} zapisami obecności`);
    const ranked = [...html.matchAll(/<td class="num hide-s">(\d+) \/ (\d+)<\/td>/g)].slice(0, 15);
    expect(ranked.length).toBeGreaterThan(0);
    for (const [, , of] of ranked.slice(0, 1)) expect(Number(of)).toBeGreaterThanOrEqual(min);
  });
});

describe('the comparison form where there are several bodies', () => {
  let several: TestApp;
  beforeAll(async () => {
    const dir = tempDir();
    await generateBundle(dir, { seed: 11, radni: 9, glosowania: 60, kadencje: 1, rady: 3 });
    several = appOver(await buildDatabase(dir));
  }, 240_000);
  afterAll(() => several.close());

  const get = async (url: string) => {
    const res = await request(several.app).get(url);
    expect(res.status, url).toBe(200);
    return res.text;
  };
  const formOf = (html: string) =>
    /<form class="filters" method="get" action="\/porownaj"[\s\S]*?<\/form>/.exec(html)![0];
  const optionsOf = (select: string, form: string) =>
    [
      ...new RegExp(`name="${select}">([\\s\\S]*?)</select>`)
        .exec(form)![1]!
        .matchAll(/<option value="([^"]*)"( selected)?/g),
    ].map((m) => ({ token: m[1]!, selected: m[2] !== undefined }));

  it('lists the councillor’s own body and starts the second choice on someone else', async () => {
    const db = several.snapshots.active!.db;
    const bodies = db.prepare('SELECT id_organu FROM organ ORDER BY id_organu').pluck().all() as number[];
    expect(bodies.length).toBeGreaterThanOrEqual(3);
    const person = db
      .prepare(
        `SELECT r.id_osoby, r.token, b.id_organu FROM radny r JOIN radny_organ b ON b.id_osoby = r.id_osoby
      AND b.kadencja = '*' AND b.liczba_posiedzen > 0 ORDER BY r.id_osoby LIMIT 1`,
      )
      .get() as { id_osoby: number; token: string; id_organu: number };
    // Every body the councillor sat in (attendance records in its sessions), each body's councillors in name order.
    const theirBodies = db
      .prepare(
        `SELECT id_organu FROM radny_organ WHERE id_osoby = ? AND kadencja = '*' AND liczba_posiedzen > 0
      ORDER BY id_organu`,
      )
      .pluck()
      .all(person.id_osoby) as number[];
    const colleagues = theirBodies.flatMap((organ) =>
      several.snapshots.active!.queries.radni.list({ organ }).map((r) => r.token),
    );
    const form = formOf(await get(`/radni/${person.token}`));
    const first = optionsOf('radny', form);
    const second = optionsOf('drugi', form);
    expect(first.map((o) => o.token)).toEqual(colleagues);
    expect(first.filter((o) => o.selected).map((o) => o.token)).toEqual([person.token]); // once, though listed in each of their bodies
    const secondChoice = second.filter((o) => o.selected).map((o) => o.token);
    expect(secondChoice).toHaveLength(1);
    expect(secondChoice[0]).not.toBe(person.token);
    // The form as submitted by default is a comparison, not an error page.
    await get(`/porownaj?radny=${person.token}&drugi=${secondChoice[0]}`);
  });

  it('asks for a body first when none is chosen, then lists only that body', async () => {
    const landing = formOf(await get('/porownaj'));
    expect(landing).toContain('name="organ"');
    expect(landing).not.toContain('<option value="">'); // a body must be chosen: „Wszystkie” would lead back here
    expect(landing).not.toContain('name="radny"');
    const body = several.snapshots.active!.db.prepare('SELECT max(id_organu) FROM organ').pluck().get() as number;
    const inBody = several.snapshots.active!.queries.radni.list({ organ: body }).map((r) => r.token);
    expect(optionsOf('radny', formOf(await get(`/porownaj?organ=${body}`))).map((o) => o.token)).toEqual(inBody);
  });
});
