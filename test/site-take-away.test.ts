// The website as a reader uses it and comes back to it (issue 26): its own rate limit and its Polish
// 429, absolute URLs from PUBLIC_URL only (a foreign Host leaves no trace), the share form and its
// cross-site refusal, the preview cards, name search and the search box, the CSV of every list and
// the bulk files, the feeds and the sitemap over HTTP, the footer's credit and the synthetic notice,
// and pages compressed with an ETag per encoding.

import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import Database from 'better-sqlite3';
import { parse } from 'csv-parse/sync';
import request from './support/request.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { ASSETS } from '../src/site/assets.ts';
import { writeBundle } from './support/bundle.ts';
import { type TestApp, appOver, buildDatabase, tempDir } from './support/fixture.ts';
import { HAND_COUNCIL } from './support/hand-council.ts';
import { children, childText, parseXml } from './support/xml.ts';

const SAMPLE = fileURLToPath(new URL('../data/sample', import.meta.url));
const PUBLIC = 'https://rada.example.org';

let handDb: string;
let sampleDb: string;
beforeAll(async () => {
  const dir = join(tempDir(), 'bundle');
  await writeBundle(dir, HAND_COUNCIL);
  handDb = await buildDatabase(dir);
  sampleDb = await buildDatabase(SAMPLE);
});

/** Every kind of page of the hand council, once. */
const HAND_PAGES = [
  '/',
  '/radni',
  '/radni/lucja-wrobel',
  '/glosowania',
  '/glosowania/1',
  '/posiedzenia',
  '/posiedzenia/4',
  '/rankingi',
  '/szukaj?szukaj=budzet',
  '/dane/',
];

/** Reads a binary answer (a PNG) into a Buffer. */
const binary = (res: NodeJS.ReadableStream, callback: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
};

/** A GET answered as sent, encoded bytes and all (supertest would decode them). */
async function raw(
  t: TestApp,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  const server = http.createServer(t.app).listen(0, '127.0.0.1');
  await once(server, 'listening');
  try {
    const { port } = server.address() as AddressInfo;
    const res = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http.get({ host: '127.0.0.1', port, path, headers }, resolve).on('error', reject),
    );
    const chunks: Buffer[] = [];
    for await (const chunk of res) chunks.push(chunk as Buffer);
    return { status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) };
  } finally {
    server.close();
  }
}

describe('rate limits that fit people', () => {
  it('300 page views in a row get no 429; the API keeps its 100', async () => {
    // The site's default limit (the test apps lift both limits unless told otherwise).
    const t = appOver(handDb, {
      RATE_LIMIT_MAX_REQUESTS: 100,
      SITE_RATE_LIMIT_MAX_REQUESTS: loadConfig({}).SITE_RATE_LIMIT_MAX_REQUESTS,
    });
    try {
      for (let i = 0; i < 300; i++) {
        const res = await request(t.app).get(HAND_PAGES[i % HAND_PAGES.length]!);
        expect(res.status, `view ${i + 1}`).toBe(200);
      }
      for (let i = 0; i < 100; i++) expect((await request(t.app).get('/api/radni')).status).toBe(200);
      const refused = await request(t.app).get('/api/radni');
      expect(refused.status).toBe(429);
      expect(refused.headers['content-type']).toMatch(/^application\/json/);
      expect((await request(t.app).get('/radni')).status).toBe(200); // the API's refusal is not the site's
    } finally {
      t.close();
    }
  });

  it("assets and 304s are not counted; the site's 429 is a Polish page with Retry-After", async () => {
    const t = appOver(handDb, { SITE_RATE_LIMIT_MAX_REQUESTS: 3 });
    try {
      for (let i = 0; i < 10; i++) expect((await request(t.app).get(ASSETS.css.url)).status).toBe(200);
      const first = await request(t.app).get('/glosowania');
      expect(first.status).toBe(200);
      for (let i = 0; i < 10; i++) {
        expect(
          (
            await request(t.app)
              .get('/glosowania')
              .set('If-None-Match', first.headers['etag'] as string)
          ).status,
        ).toBe(304);
      }
      expect((await request(t.app).get('/radni')).status).toBe(200);
      expect((await request(t.app).get('/rankingi')).status).toBe(200);
      const refused = await request(t.app).get('/posiedzenia');
      expect(refused.status).toBe(429);
      expect(refused.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.headers['cache-control']).toMatch(/no-store/);
      expect(refused.headers['content-security-policy']).toContain("default-src 'none'");
      expect(refused.text).toContain('<h1>Za dużo żądań</h1>');
      expect(refused.text).toMatch(/Wróć za \d+ min/);
      expect((await request(t.app).get(ASSETS.css.url)).status).toBe(200);
    } finally {
      t.close();
    }
  });
});

describe('ALLOWED_ORIGINS follows HOST, PORT and PUBLIC_URL', () => {
  it("names the server's own origins unless set", () => {
    expect(loadConfig({ PORT: '4101' }).ALLOWED_ORIGINS).toEqual(['http://localhost:4101', 'http://127.0.0.1:4101']);
    expect(
      loadConfig({ HOST: '10.0.0.5', PORT: '8080', PUBLIC_URL: 'https://rada.example.org/rada/' }).ALLOWED_ORIGINS,
    ).toEqual(['http://10.0.0.5:8080', 'https://rada.example.org']);
    expect(loadConfig({ HOST: '::1', PORT: '3000' }).ALLOWED_ORIGINS).toEqual([
      'http://localhost:3000',
      'http://127.0.0.1:3000',
    ]);
    expect(loadConfig({ PORT: '4101', ALLOWED_ORIGINS: 'https://app.example.org' }).ALLOWED_ORIGINS).toEqual([
      'https://app.example.org',
    ]);
  });

  it("so the API answers the site's own origin on another port", async () => {
    const t = appOver(handDb, {
      NODE_ENV: 'production',
      ...(({ ALLOWED_ORIGINS }) => ({ ALLOWED_ORIGINS }))(loadConfig({ PORT: '4101' })),
    });
    try {
      expect((await request(t.app).get('/api/radni').set('Origin', 'http://localhost:4101')).status).toBe(200);
      expect((await request(t.app).get('/api/radni').set('Origin', 'http://localhost:3000')).status).toBe(403);
    } finally {
      t.close();
    }
  });
});

/** Everything a reader or a crawler may fetch from the site, pages and their links' targets. */
async function everyAnswer(t: TestApp, host: string): Promise<Array<{ path: string; text: string; headers: string }>> {
  const paths = [
    ...HAND_PAGES,
    '/glosowania/kanal.atom',
    '/glosowania/kanal.atom?organ=1',
    '/radni/lucja-wrobel/kanal.atom',
    '/robots.txt',
    '/sitemap.xml',
    '/sitemap-1.xml',
    '/glosowania.csv',
    '/dane/opis.txt',
    '/nie-ma-takiej',
  ];
  const created = await request(t.app).post('/api/glosowania/1/udostepnij').set('Host', host).send({ id_osoby: 4 });
  paths.push(new URL(created.body.data.url as string, 'http://localhost').pathname); // absolute under PUBLIC_URL
  const answers = [];
  for (const path of paths) {
    const res = await request(t.app).get(path).set('Host', host).set('X-Forwarded-Host', host);
    answers.push({ path, text: res.text, headers: JSON.stringify(res.headers) });
  }
  return answers;
}

describe('absolute URLs from PUBLIC_URL only', () => {
  it.each([[null], [PUBLIC]])(
    'PUBLIC_URL %s: a foreign Host leaves no trace in any page, feed or sitemap',
    async (publicUrl) => {
      const t = appOver(handDb, { PUBLIC_URL: publicUrl });
      try {
        const answers = await everyAnswer(t, 'evil.example');
        for (const { path, text, headers } of answers) {
          expect(text, path).not.toContain('evil.example');
          expect(headers, path).not.toContain('evil.example');
        }
        const page = answers.find((a) => a.path === '/glosowania/1')!.text;
        if (publicUrl === null) {
          expect(page).toContain('<link rel="canonical" href="/glosowania/1"/>');
          expect(page).not.toContain('og:url');
          expect(page).not.toContain('og:image');
        } else {
          expect(page).toContain(`<meta property="og:url" content="${PUBLIC}/glosowania/1"/>`);
          expect(page).toContain(`<meta property="og:image" content="${PUBLIC}/karty/glosowanie/1.png"/>`);
          const feed = answers.find((a) => a.path === '/glosowania/kanal.atom')!.text;
          expect(feed).toContain(`${PUBLIC}/glosowania/1`);
          expect(answers.find((a) => a.path === '/robots.txt')!.text).toContain(`Sitemap: ${PUBLIC}/sitemap.xml`);
        }
      } finally {
        t.close();
      }
    },
  );
});

describe('the share form', () => {
  let t: TestApp;
  beforeAll(() => {
    t = appOver(handDb, { PUBLIC_URL: PUBLIC });
  });
  afterAll(() => t?.close());

  it("is on the vote page, with a button in each councillor's row", async () => {
    const html = (await request(t.app).get('/glosowania/1')).text;
    expect(html).toContain('<form id="udostepnij" method="post" action="/glosowania/1/udostepnij" data-share>');
    expect(html).toContain('<button type="submit" form="udostepnij" name="id_osoby" value="4" class="link">');
  });

  it('posted from the page, answers a 303 to the new link, which opens with the councillor marked', async () => {
    const res = await request(t.app)
      .post('/glosowania/1/udostepnij')
      .set('Sec-Fetch-Site', 'same-origin')
      .type('form')
      .send({ id_osoby: '4' });
    expect(res.status).toBe(303);
    const link = res.headers['location'] as string;
    expect(link).toMatch(/^\/share\/[A-Za-z0-9_-]{22}$/);
    const page = await request(t.app).get(link);
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/<li class="k-przeciw hl"><a href="\/radni\/lech-mazur">Lech Mazur<\/a>/);
    // the same link again, also from a browser that sends only Origin, and the vote's own link
    const again = await request(t.app)
      .post('/glosowania/1/udostepnij')
      .set('Origin', PUBLIC)
      .type('form')
      .send({ id_osoby: '4' });
    expect(again.headers['location']).toBe(link);
    const plain = await request(t.app)
      .post('/glosowania/1/udostepnij')
      .set('Sec-Fetch-Site', 'same-origin')
      .type('form')
      .send('');
    expect(plain.status).toBe(303);
    expect(plain.headers['location']).not.toBe(link);
  });

  it('refuses a cross-site post, one with neither header, and one that is not a form', async () => {
    const refusals = [
      request(t.app)
        .post('/glosowania/1/udostepnij')
        .set('Sec-Fetch-Site', 'cross-site')
        .type('form')
        .send({ id_osoby: '4' }),
      request(t.app)
        .post('/glosowania/1/udostepnij')
        .set('Sec-Fetch-Site', 'same-site')
        .type('form')
        .send({ id_osoby: '4' }),
      request(t.app)
        .post('/glosowania/1/udostepnij')
        .set('Origin', 'https://evil.example')
        .type('form')
        .send({ id_osoby: '4' }),
      request(t.app).post('/glosowania/1/udostepnij').set('Origin', 'null').type('form').send({ id_osoby: '4' }),
      request(t.app).post('/glosowania/1/udostepnij').type('form').send({ id_osoby: '4' }),
    ];
    for (const res of await Promise.all(refusals)) {
      expect(res.status).toBe(403);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['location']).toBeUndefined();
    }
    const json = await request(t.app)
      .post('/glosowania/1/udostepnij')
      .set('Sec-Fetch-Site', 'same-origin')
      .send({ id_osoby: 4 });
    expect(json.status).toBe(415);
  });

  it('a councillor without a ballot in the vote, or an unknown vote: Polish error pages', async () => {
    const none = await request(t.app)
      .post('/glosowania/1/udostepnij')
      .set('Sec-Fetch-Site', 'same-origin')
      .type('form')
      .send({ id_osoby: '5' });
    expect([400, 404]).toContain(none.status);
    const unknown = await request(t.app)
      .post('/glosowania/999/udostepnij')
      .set('Sec-Fetch-Site', 'same-origin')
      .type('form')
      .send('');
    expect(unknown.status).toBe(404);
    expect(unknown.text).toContain('Nie ma takiego głosowania.');
  });
});

/** Width and height of a PNG from its IHDR chunk, after checking the signature. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

describe('preview cards', () => {
  it('every og:image of a vote, councillor and share page is a PNG of 1200×630 under 200 KB, cached with an ETag', async () => {
    const t = appOver(handDb, { PUBLIC_URL: PUBLIC });
    try {
      const made = await request(t.app).post('/api/glosowania/12/udostepnij').send({ id_osoby: 1 });
      const share = new URL(made.body.data.url as string, 'http://localhost').pathname; // absolute under PUBLIC_URL
      for (const page of ['/glosowania/1', '/radni/lucja-wrobel', '/radni/3', share]) {
        const html = (await request(t.app).get(page)).text;
        const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
        expect(image, page).toMatch(new RegExp(`^${PUBLIC}/karty/`));
        expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>');
        const res = await request(t.app).get(image!.slice(PUBLIC.length)).buffer(true).parse(binary);
        expect(res.status, image).toBe(200);
        expect(res.headers['content-type']).toBe('image/png');
        const png = res.body as Buffer;
        expect(pngSize(png)).toEqual({ width: 1200, height: 630 });
        expect(png.length).toBeLessThan(200 * 1024);
        expect(
          (
            await request(t.app)
              .get(image!.slice(PUBLIC.length))
              .set('If-None-Match', res.headers['etag'] as string)
          ).status,
        ).toBe(304);
      }
      expect((await request(t.app).get('/karty/glosowanie/999.png')).status).toBe(404);
      expect((await request(t.app).get('/karty/glosowanie/1/radny/5.png')).status).toBe(404); // no ballot of 5 in vote 1
      expect((await request(t.app).get('/karty/radny/nikt.png')).status).toBe(404);
    } finally {
      t.close();
    }
  });
});

describe('find', () => {
  let t: TestApp;
  beforeAll(() => {
    t = appOver(handDb);
  });
  afterAll(() => t?.close());

  it('/radni finds a name without Polish letters, in surname order', async () => {
    const html = (await request(t.app).get('/radni?nazwa=lucja')).text;
    expect(html).toContain('>Łucja Wróbel</a>');
    expect(html).not.toContain('>Anna Nowak</a>');
    const all = (await request(t.app).get('/radni')).text;
    const order = ['Żaneta Kos', 'Zenon Lis', 'Lech Mazur', 'Anna Nowak', 'Łucja Wróbel', 'Borys Żuk'].map((n) =>
      all.indexOf(`>${n}</a>`),
    );
    expect(order.every((at) => at > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it('every page has the search box; /szukaj finds councillors and votes', async () => {
    for (const path of HAND_PAGES)
      expect((await request(t.app).get(path)).text, path).toContain(
        '<form class="search" method="get" action="/szukaj" role="search">',
      );
    const found = (await request(t.app).get('/szukaj?szukaj=BUDZET')).text;
    expect(found).toContain('>Budżet miasta na 2015 rok</a>');
    const person = (await request(t.app).get('/szukaj?szukaj=zuk')).text;
    expect(person).toContain('>Borys Żuk</a>');
  });
});

const csvRows = (text: string) => parse<Record<string, string>>(text, { columns: true, bom: false });

describe('take it away', () => {
  let t: TestApp;
  beforeAll(() => {
    t = appOver(sampleDb);
  });
  afterAll(() => t?.close());

  it("the CSV of a list holds every page of it, under the page's own filters", async () => {
    const api = (await request(t.app).get('/api/glosowania?limit=1')).body.pagination.total as number;
    expect(api).toBeGreaterThan(20); // more than one page of /glosowania
    const page = (await request(t.app).get('/glosowania')).text;
    expect(page).toContain('href="/glosowania.csv" download');
    const all = await request(t.app).get('/glosowania.csv');
    expect(all.status).toBe(200);
    expect(all.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    expect(all.headers['content-disposition']).toBe(
      'attachment; filename="glosowania-rada-miasta-przykladowa-i-komisje.csv"',
    );
    expect(csvRows(all.text)).toHaveLength(api);
    const rejected = (await request(t.app).get('/api/glosowania?wynik=odrzucono&limit=1')).body.pagination
      .total as number;
    const filtered = csvRows((await request(t.app).get('/glosowania.csv?wynik=odrzucono')).text);
    expect(filtered).toHaveLength(rejected);
    expect(new Set(filtered.map((r) => r['wynik']))).toEqual(new Set(['odrzucono']));
    const councillors = ((await request(t.app).get('/api/radni')).body.data as unknown[]).length;
    expect(csvRows((await request(t.app).get('/radni.csv')).text)).toHaveLength(councillors);
    expect((await request(t.app).get('/glosowania.csv?wynik=nie')).status).toBe(400);
  });

  it('every CSV link of every page answers a CSV', async () => {
    const pages = [
      '/',
      '/radni',
      '/radni/1',
      '/glosowania',
      '/glosowania/1',
      '/posiedzenia',
      '/posiedzenia/1',
      '/rankingi',
      '/radni/1/obecnosci',
      '/porownaj?radny=1&drugi=2',
      '/szukaj?szukaj=budzet',
    ];
    const links = new Set<string>();
    for (const path of pages) {
      for (const [, link] of (await request(t.app).get(path)).text.matchAll(/<a href="([^"]+\.csv[^"]*)" download>/g))
        links.add(link!.replaceAll('&amp;', '&'));
    }
    expect(links.size).toBeGreaterThan(30);
    for (const link of links) {
      const res = await request(t.app).get(link);
      expect(res.status, link).toBe(200);
      const rows = link.includes('.arkusz.csv')
        ? parse<Record<string, string>>(res.text, { columns: true, bom: true, delimiter: ';' })
        : csvRows(res.text);
      expect(rows.length, link).toBeGreaterThan(0);
    }
  });

  it('/dane/: bulk files with their columns and the credit; compressed, an ETag per snapshot and encoding', async () => {
    const html = (await request(t.app).get('/dane/')).text;
    for (const file of ['glosowania', 'glosy', 'radni', 'posiedzenia', 'ugrupowania'])
      expect(html).toContain(`href="/dane/${file}.csv"`);
    expect(html).toContain('<code>id_glosowania</code>');
    const ballots = (await request(t.app).get('/api/statystyki/dashboard')).body.data;
    const plain = await raw(t, '/dane/glosowania.csv', {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(csvRows(plain.body.toString())).toHaveLength(ballots.liczba_glosow);
    const gz = await raw(t, '/dane/glosowania.csv', { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(plain.body.toString());
    expect(gz.headers['etag']).not.toBe(plain.headers['etag']);
    expect(
      (
        await request(t.app)
          .get('/dane/glosowania.csv')
          .set('Accept-Encoding', 'gzip')
          .set('If-None-Match', gz.headers['etag'] as string)
      ).status,
    ).toBe(304);
    expect((await request(t.app).get('/dane/nic.csv')).status).toBe(404);
  });
});

const ATOM = 'http://www.w3.org/2005/Atom';

describe('feeds', () => {
  it('per council and per councillor: valid Atom with the newest votes, named by the pages', async () => {
    const t = appOver(sampleDb, { PUBLIC_URL: PUBLIC });
    try {
      const votesPage = (await request(t.app).get('/glosowania')).text;
      expect(votesPage).toContain('<link rel="alternate" type="application/atom+xml"');
      const href = /<link rel="alternate" type="application\/atom\+xml" title="[^"]*" href="([^"]+)"/.exec(
        votesPage,
      )![1]!;
      const res = await request(t.app).get(href.replaceAll('&amp;', '&'));
      expect(res.headers['content-type']).toMatch(/^application\/atom\+xml/);
      const feed = parseXml(res.text).documentElement!;
      expect(feed.namespaceURI).toBe(ATOM);
      expect(feed.localName).toBe('feed');
      for (const name of ['id', 'title', 'updated']) expect(childText(feed, ATOM, name), name).toBeTruthy();
      const entries = children(feed, ATOM, 'entry');
      expect(entries.length).toBeGreaterThan(0);
      for (const entry of entries)
        for (const name of ['id', 'title', 'updated']) expect(childText(entry, ATOM, name), name).toBeTruthy();
      const newest = (await request(t.app).get('/api/glosowania?limit=1')).body.data[0];
      expect(children(entries[0]!, ATOM, 'link')[0]!.getAttribute('href')).toBe(
        `${PUBLIC}/glosowania/${newest.id_glosowania}`,
      );

      // The home page names the newest votes' feed too, where feed readers look for it (issue 36).
      const feedOf = (html: string) =>
        /<link rel="alternate" type="application\/atom\+xml" title="[^"]*" href="([^"]+)"/.exec(html)?.[1];
      expect(feedOf((await request(t.app).get('/')).text)).toBe('/glosowania/kanal.atom');
      const body = (await request(t.app).get('/api/utils/organy')).body.data[0].id_organu as number;
      expect(feedOf((await request(t.app).get(`/?organ=${body}`)).text)?.replaceAll('&amp;', '&')).toBe(
        `/glosowania/kanal.atom?organ=${body}`,
      );

      const profile = (await request(t.app).get('/radni/1')).text;
      const own = /<link rel="alternate" type="application\/atom\+xml" title="[^"]*" href="([^"]+)"/.exec(profile)![1]!;
      const personal = parseXml((await request(t.app).get(own)).text).documentElement!;
      expect(personal.localName).toBe('feed');
      expect(childText(personal, ATOM, 'id')).toBeTruthy();
      expect((await request(t.app).get('/radni/nikt/kanal.atom')).status).toBe(404);
    } finally {
      t.close();
    }
  });
});

describe('for crawlers', () => {
  it('the sitemap lists every page of the sample once; robots.txt names it', async () => {
    const t = appOver(sampleDb, { PUBLIC_URL: PUBLIC });
    const db = new Database(sampleDb, { readonly: true });
    try {
      expect((await request(t.app).get('/robots.txt')).text).toBe(
        `User-agent: *\nDisallow: /api/\n\nSitemap: ${PUBLIC}/sitemap.xml\n`,
      );
      const index = parseXml((await request(t.app).get('/sitemap.xml')).text).documentElement!;
      const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
      const files = children(index, NS, 'sitemap').map((s) => childText(s, NS, 'loc')!);
      const locs: string[] = [];
      for (const file of files) {
        const urlset = parseXml((await request(t.app).get(file.slice(PUBLIC.length))).text).documentElement!;
        for (const url of children(urlset, NS, 'url')) locs.push(childText(url, NS, 'loc')!);
      }
      const expected = [
        ...['/', '/radni', '/glosowania', '/posiedzenia', '/rankingi', '/tematy'],
        ...(db.prepare('SELECT token FROM radny').pluck().all() as string[]).map((token) => `/radni/${token}`),
        ...(db.prepare('SELECT id_posiedzenia FROM posiedzenie').pluck().all() as number[]).map(
          (id) => `/posiedzenia/${id}`,
        ),
        ...(db.prepare('SELECT id_glosowania FROM glosowanie').pluck().all() as number[]).map(
          (id) => `/glosowania/${id}`,
        ),
      ].map((path) => `${PUBLIC}${path}`);
      expect([...locs].sort()).toEqual([...expected].sort());
      for (const loc of locs.slice(0, 40))
        expect((await request(t.app).get(loc.slice(PUBLIC.length))).status, loc).toBe(200);
    } finally {
      db.close();
      t.close();
    }
  });

  it('without PUBLIC_URL there is no sitemap, and robots.txt names none', async () => {
    const t = appOver(sampleDb);
    try {
      expect((await request(t.app).get('/robots.txt')).text).toBe('User-agent: *\nDisallow: /api/\n');
      expect((await request(t.app).get('/sitemap.xml')).status).toBe(404);
    } finally {
      t.close();
    }
  });
});

describe('credit, freshness, the synthetic sample', () => {
  it('every page of the sample says it is a synthetic example; the footer names the source and the newest vote', async () => {
    const t = appOver(sampleDb);
    try {
      const newest = (await request(t.app).get('/api/glosowania?limit=1')).body.data[0].data as string;
      const [year, month, day] = newest.split('-').map(Number);
      for (const path of [
        '/',
        '/radni',
        '/radni/1',
        '/glosowania',
        '/glosowania/1',
        '/posiedzenia',
        '/rankingi',
        '/dane/',
        '/glosowania/999',
      ]) {
        const html = (await request(t.app).get(path)).text;
        expect(html, path).toContain('<strong>Dane przykładowe.</strong>');
        expect(html, path).toMatch(new RegExp(`Najnowsze głosowanie: ${day} [a-zśźżłęąóńć]+ ${year}`));
        expect(month).toBeGreaterThan(0);
      }
      const hand = appOver(handDb);
      try {
        const html = (await request(hand.app).get('/')).text;
        expect(html).not.toContain('Dane przykładowe.');
        expect(html).toContain('<p class="credit">Dane: pakiet CSV bez opisu źródła.</p>');
      } finally {
        hand.close();
      }
    } finally {
      t.close();
    }
  });
});

describe('phones and bytes', () => {
  it('pages go out as br or gzip, each with its own ETag and 304', async () => {
    const t = appOver(sampleDb);
    try {
      const plain = await raw(t, '/radni/1', {});
      expect(plain.headers['content-encoding']).toBeUndefined();
      const text = plain.body.toString();
      const br = await raw(t, '/radni/1', { 'Accept-Encoding': 'br' });
      const gzip = await raw(t, '/radni/1', { 'Accept-Encoding': 'gzip' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(br.headers['vary']).toMatch(/Accept-Encoding/);
      expect(zlib.brotliDecompressSync(br.body).toString()).toBe(text);
      expect(zlib.gunzipSync(gzip.body).toString()).toBe(text);
      expect(br.body.length).toBeLessThan(plain.body.length / 3);
      const etags = new Set([plain.headers['etag'], br.headers['etag'], gzip.headers['etag']]);
      expect(etags.size).toBe(3);
      expect(
        (
          await request(t.app)
            .get('/radni/1')
            .set('Accept-Encoding', 'br')
            .set('If-None-Match', br.headers['etag'] as string)
        ).status,
      ).toBe(304);
      expect(
        (
          await request(t.app)
            .get('/radni/1')
            .set('Accept-Encoding', 'gzip')
            .set('If-None-Match', br.headers['etag'] as string)
        ).status,
      ).toBe(200);
    } finally {
      t.close();
    }
  });

  it('vote tallies and session attendance are not hidden on small screens', async () => {
    const t = appOver(handDb);
    try {
      const votes = (await request(t.app).get('/glosowania?wyrownane=1')).text;
      expect(votes).toContain('<th scope="col" class="num">Za : przeciw : wstrz.</th>');
      const sessions = (await request(t.app).get('/posiedzenia')).text;
      expect(sessions).toContain('<th scope="col" class="num">Frekwencja (z ilu zapisów obecności)</th>');
    } finally {
      t.close();
    }
  });
});
