// A parliament is not a council (issue 36, the website): served from the Sejm sample
// (../shared/data/sejm-sample, built once for the file), every page speaks of posłowie, kluby i koła,
// posiedzenia Sejmu and the Sejm — never of radni, ugrupowania or a rada — in what a reader sees (text,
// titles, labels, descriptions, download names), and shows each club by its full name from clubs.json
// (a club the file does not name — one that ceased before it was written — by its code, `_` read as a
// space). The council sample keeps the council's words. Skipped without ../shared.

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { parse } from 'csv-parse/sync';
import request from './support/request.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, appOver, buildDatabase } from './support/fixture.ts';
import { decodeEntities } from './support/site-councils.ts';

const SEJM = fileURLToPath(new URL('../../shared/data/sejm-sample/', import.meta.url));
const present = existsSync(SEJM);
if (!present) console.warn(`site-sejm.test.ts: ${SEJM} is absent: the Sejm wording of the website is not checked`);

/** What a reader meets on a page: its text, and the attributes read out or shown (title, labels, descriptions, alt). */
export function readerText(html: string): string {
  const shown = [...html.matchAll(/\s(?:aria-label|placeholder|title|alt|content)="([^"]*)"/g)].map((m) => m[1]);
  const text = html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
  return decodeEntities(`${text} ${shown.join(' ')}`);
}

/**
 * Council words: radny and ugrupowanie in every form, and rada in every form in lower case (the data's own
 * „Krajowej Rady Sądownictwa” is a vote's title, not the site's words).
 */
const COUNCIL_WORDS = /[Rr]adn|[Uu]grupowa|(?<!\p{L})(?:rada|rady|radzie|radę|radą|rad|radom|radach)(?!\p{L})/u;

const FULL = {
  PiS: 'Klub Parlamentarny Prawo i Sprawiedliwość',
  KO: 'Klub Parlamentarny Koalicja Obywatelska - Platforma Obywatelska, Nowoczesna, Inicjatywa Polska, Zieloni',
};

describe.skipIf(!present)('the website over the Sejm sample', () => {
  let t: TestApp;
  let db: Database.Database;
  let mp: string;
  let other: string;
  let session: number;
  // Vote 1 of sitting 1: KO and PiS by name, and Nowa_Lewica, which clubs.json (of a later date) does not name.
  const vote = 10001001;

  beforeAll(async () => {
    const dbPath = await buildDatabase(SEJM, 'sejm');
    db = new Database(dbPath, { readonly: true });
    mp = db.prepare("SELECT token FROM radny WHERE token = 'piotr-adamowicz'").pluck().get() as string;
    other = db.prepare("SELECT token FROM radny WHERE token = 'andrzej-adamczyk'").pluck().get() as string;
    session = db.prepare('SELECT min(id_posiedzenia) FROM posiedzenie').pluck().get() as number;
    t = appOver(dbPath);
  }, 120_000);

  afterAll(() => {
    t?.close();
    db?.close();
  });

  const pages = () => [
    '/',
    '/radni',
    `/radni/${mp}`,
    `/radni/${mp}/obecnosci`,
    `/glosowania/${vote}`,
    '/glosowania',
    '/spojnosc',
    '/posiedzenia',
    `/posiedzenia/${session}`,
    '/rankingi',
    '/tematy',
    `/porownaj?radny=${mp}&drugi=${other}`,
    '/porownaj',
    '/szukaj?szukaj=adam',
    '/szukaj',
    '/jak-liczymy',
    '/nie-ma-takiej-strony',
  ];

  it('no page speaks of radni, ugrupowania or a rada', async () => {
    for (const path of pages()) {
      const res = await request(t.app).get(path);
      expect(res.status, path).toBe(path === '/nie-ma-takiej-strony' ? 404 : 200);
      // What is quoted („…”) is the data's (the topic vocabulary's patterns, a search), not the site's words.
      const text = readerText(res.text).replace(/„[^”]*”/g, '„…”');
      expect(
        text.match(COUNCIL_WORDS)?.[0],
        `${path}: …${text.slice(Math.max(0, text.search(COUNCIL_WORDS) - 80), text.search(COUNCIL_WORDS) + 40)}…`,
      ).toBeUndefined();
    }
  });

  it('/dane/ keeps the files’ own names (one format for councils and the Sejm) and says what they mean here', async () => {
    const html = (await request(t.app).get('/dane/')).text;
    const text = readerText(html);
    expect(text).toContain('„radni” to posłowie, „ugrupowanie” to klub lub koło');
    expect(text).not.toContain('Jedna rada w jednej kadencji');
    expect(html).toContain(
      'content="Pliki CSV z głosowaniami, głosami, posłami, posiedzeniami i klubami oraz kołami: całość."',
    );
  });

  it('the words are a parliament’s, declined: „498 posłów”, „Posłowie”, posiedzenia Sejmu', async () => {
    const home = readerText((await request(t.app).get('/')).text);
    expect(home).toMatch(/Posłowie 498/);
    const list = readerText((await request(t.app).get('/radni')).text);
    expect(list).toContain('Posłowie · Sejm RP');
    expect(list).toContain('Klub lub koło');
    expect(list).toContain('498 posłów');
    expect(readerText((await request(t.app).get('/posiedzenia')).text)).toContain('Posiedzenia Sejmu');
    const person = readerText((await request(t.app).get(`/radni/${mp}`)).text);
    expect(person).toContain('Porównaj z innym posłem');
    expect(person).toContain('Zgodność z klubem');
  });

  it('clubs by their full names: lists, pickers, a person, a vote’s ballots by club, cohesion', async () => {
    const codes = /(?:>|\()\s*(?:PiS|KO|Nowa_Lewica|PSL-TD)\s*(?:<|\))/;
    const list = (await request(t.app).get('/radni')).text;
    expect(list).toContain(`<option value="11">${FULL.PiS}</option>`);
    expect(readerText(list)).toContain(FULL.PiS);
    expect(list).not.toMatch(codes);
    const person = (await request(t.app).get(`/radni/${mp}`)).text;
    expect(readerText(person)).toContain(FULL.KO);
    expect(person).not.toMatch(codes);
    const ballots = (await request(t.app).get(`/glosowania/${vote}`)).text;
    expect(readerText(ballots)).toContain(FULL.KO);
    expect(readerText(ballots)).toContain('Nowa Lewica');
    expect(ballots).not.toContain('Nowa_Lewica');
    expect(ballots).not.toMatch(codes);
    const cohesion = (await request(t.app).get('/spojnosc')).text;
    expect(readerText(cohesion)).toContain(FULL.PiS);
    expect(cohesion).not.toMatch(codes);
    const rankings = (await request(t.app).get('/rankingi')).text;
    expect(rankings).not.toMatch(codes);
  });

  it("a member's feed speaks of the club, by its full name", async () => {
    const token = db
      .prepare(
        `SELECT r.token FROM radny_glos g JOIN radny r ON r.id_osoby = g.id_osoby JOIN ugrupowanie u ON u.id_ugrupowania = g.id_ugrupowania
        WHERE g.buntowniczy = 1 AND u.nazwa = 'KO' LIMIT 1`,
      )
      .pluck()
      .get() as string;
    const feed = (await request(t.app).get(`/radni/${token}/kanal.atom`)).text;
    expect(feed).toContain(': głosy wbrew klubowi i głosy decydujące</title>');
    expect(feed).toContain(`wbrew większości swojego klubu (${FULL.KO})`);
    expect(feed).not.toMatch(/ugrupowa/i); // (its links are /radni/…: the addresses stay)
  });

  it('one body: the home has its map, no page offers an „Organ” to pick, no „Aktywność organów” (issue 46)', async () => {
    const home = (await request(t.app).get('/')).text;
    expect(home).toContain('id="mapa"');
    for (const path of ['/radni', '/glosowania', '/posiedzenia', '/polityki', '/jakosc-danych']) {
      const res = await request(t.app).get(path);
      expect(res.status, path).toBe(200);
      expect(res.text, path).not.toContain('name="organ"');
    }
    const rankings = (await request(t.app).get('/rankingi')).text;
    expect(rankings).not.toContain('Aktywność organów');
    expect(rankings).toContain('id="frekwencja"');
  });

  it('partners share at least half of the member’s active votes, not 30 of 3,078 (issue 46)', async () => {
    const api = async <T>(path: string) => (await request(t.app).get(path)).body.data as T;
    type Partner = { id_osoby: number; wspolne_glosowania: number };
    // Members whose API list (min_wspolne 10) leads with a partner sharing under half their active votes.
    const short: Array<{ token: string; half: number }> = [];
    for (const token of db.prepare('SELECT token FROM radny ORDER BY id_osoby').pluck().all() as string[]) {
      const v = await api<{ za: number; przeciw: number; wstrzymujacy: number }>(
        `/api/radni/${token}/profil-glosowania`,
      );
      const half = Math.ceil((v.za + v.przeciw + v.wstrzymujacy) / 2);
      const opponents = await api<Partner[]>(`/api/radni/${token}/oponenci?limit=5`);
      if (opponents.some((p) => p.wspolne_glosowania < half)) short.push({ token, half });
      if (short.length === 3) break;
    }
    expect(short.length).toBeGreaterThan(0);
    for (const { token, half } of short) {
      for (const list of ['oponenci', 'koalicje']) {
        const rows = parse((await request(t.app).get(`/radni/${token}/${list}.csv`)).text, {
          columns: true,
          bom: true,
        });
        for (const row of rows as Array<Record<string, string>>)
          expect(Number(row.wspolne_glosowania), `${token} ${list}`).toBeGreaterThanOrEqual(half);
      }
      const page = readerText((await request(t.app).get(`/radni/${token}`)).text);
      expect(page).toContain(`Pary z co najmniej ${half.toLocaleString('pl-PL')} wspólnymi głosowaniami`);
    }
  });

  it('downloads are named for a parliament; their URLs are the same', async () => {
    const list = await request(t.app).get('/radni.csv');
    expect(list.status).toBe(200);
    expect(list.headers['content-disposition']).toContain('filename="poslowie-sejm-rp.csv"');
    const records = await request(t.app).get(`/radni/${mp}/obecnosci.csv`);
    expect(records.headers['content-disposition']).toContain(`filename="obecnosci-posla-${mp}-sejm-rp.csv"`);
    const groups = await request(t.app).get(`/glosowania/${vote}/ugrupowania.csv`);
    expect(groups.headers['content-disposition']).toContain(`filename="glosy-klubow-${vote}-sejm-rp.csv"`);
  });
});
