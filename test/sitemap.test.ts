// robots.txt and the sitemaps (src/sitemap/sitemap.ts) over the bundled sample: every councillor,
// session and vote page and the main lists, each once, in files of at most the limit, parsed by a
// strict XML parser; and PUBLIC_URL's parsing (src/public-url.ts), the only source of their host.

import { PassThrough } from 'node:stream';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicUrlSchema } from '../src/public-url.ts';
import { SITE_LISTS, SITEMAP_URL_LIMIT, Sitemaps, robotsTxt, sitemapPath } from '../src/sitemap/sitemap.ts';
import { buildDatabase } from './support/fixture.ts';
import { children, parseXml } from './support/xml.ts';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const BASE = 'https://rada.example.org';
let db: Database.Database;

beforeAll(async () => {
  db = new Database(await buildDatabase(new URL('../data/sample', import.meta.url).pathname), { readonly: true });
});
afterAll(() => db?.close());

async function file(
  sitemaps: Sitemaps,
  n: number,
  base = BASE,
): Promise<{ locs: string[]; written: number; text: string }> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const written = await sitemaps.write(n, base, out);
  const text = Buffer.concat(chunks).toString('utf8');
  const urlset = parseXml(text).documentElement!;
  expect(urlset.namespaceURI).toBe(NS);
  expect(urlset.localName).toBe('urlset');
  const locs = children(urlset, NS, 'url').map((url) => {
    const [loc, ...rest] = children(url, NS, 'loc');
    expect(rest).toEqual([]);
    return loc!.textContent!;
  });
  expect(locs).toHaveLength(written);
  return { locs, written, text };
}

describe('sitemaps of the sample', () => {
  /** Every page the sitemaps must list, from the snapshot's tables directly. */
  const everyPage = () =>
    [
      ...SITE_LISTS,
      ...(db.prepare('SELECT token FROM radny').pluck().all() as string[]).map((t) => `/radni/${t}`),
      ...(db.prepare('SELECT id_posiedzenia FROM posiedzenie').pluck().all() as number[]).map(
        (id) => `/posiedzenia/${id}`,
      ),
      ...(db.prepare('SELECT id_glosowania FROM glosowanie').pluck().all() as number[]).map(
        (id) => `/glosowania/${id}`,
      ),
    ].map((path) => `${BASE}${path}`);

  it('list every page once, split into files of at most the limit, named by the index', async () => {
    const expected = everyPage();
    expect(expected).toHaveLength(SITE_LISTS.length + 57 + 146 + 4000);
    const sitemaps = new Sitemaps(db, 1000);
    expect(sitemaps.files).toBe(Math.ceil(expected.length / 1000));
    const index = parseXml(sitemaps.index(BASE)).documentElement!;
    expect(index.localName).toBe('sitemapindex');
    expect(children(index, NS, 'sitemap').map((s) => children(s, NS, 'loc')[0]!.textContent)).toEqual(
      Array.from({ length: sitemaps.files }, (_, i) => `${BASE}${sitemapPath(i + 1)}`),
    );
    const listed: string[] = [];
    for (let n = 1; n <= sitemaps.files; n++) {
      const { locs } = await file(sitemaps, n);
      expect(locs.length).toBeLessThanOrEqual(1000);
      if (n < sitemaps.files) expect(locs).toHaveLength(1000);
      listed.push(...locs);
    }
    expect(listed.slice(0, SITE_LISTS.length)).toEqual(SITE_LISTS.map((p) => `${BASE}${p}`));
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual([...expected].sort());
  });

  it('fit in one file at the protocol limit, and refuse a file that does not exist', async () => {
    const sitemaps = new Sitemaps(db);
    expect(sitemaps.files).toBe(1);
    expect((await file(sitemaps, 1)).written).toBe(everyPage().length);
    await expect(sitemaps.write(2, BASE, new PassThrough())).rejects.toThrow('no sitemap file 2 (there are 1)');
    await expect(sitemaps.write(0, BASE, new PassThrough())).rejects.toThrow(RangeError);
    expect(() => new Sitemaps(db, SITEMAP_URL_LIMIT + 1)).toThrow(/urlsPerFile/);
  });

  it('escape what XML must escape in the public URL', async () => {
    const base = 'https://example.org/rada&co';
    const { locs, text } = await file(new Sitemaps(db), 1, base);
    expect(text).toContain('https://example.org/rada&amp;co/radni');
    expect(locs[1]).toBe(`${base}/radni`);
  });
});

describe('robots.txt', () => {
  it('names the sitemap index only with a public URL, and keeps crawlers off the API', () => {
    expect(robotsTxt(BASE)).toBe(`User-agent: *\nDisallow: /api/\n\nSitemap: ${BASE}/sitemap.xml\n`);
    expect(robotsTxt(null)).toBe('User-agent: *\nDisallow: /api/\n');
  });
});

describe('PUBLIC_URL', () => {
  it('is an http(s) origin with an optional path, normalised without its trailing slash; empty means none', () => {
    const parse = (v: string | undefined) => publicUrlSchema.parse(v);
    expect(parse(undefined)).toBeNull();
    expect(parse('  ')).toBeNull();
    expect(parse('https://rada.example.org/')).toBe('https://rada.example.org');
    expect(parse('HTTPS://Rada.Example.org:443/')).toBe('https://rada.example.org');
    expect(parse('http://127.0.0.1:4101')).toBe('http://127.0.0.1:4101');
    expect(parse('https://example.org/rada//')).toBe('https://example.org/rada');
  });

  it('refuses anything else, saying why', () => {
    const problem = (v: string) => publicUrlSchema.safeParse(v).error?.issues[0]?.message;
    expect(problem('rada.example.org')).toMatch(/absolute http\(s\) URL/);
    expect(problem('ftp://example.org')).toMatch(/http:\/\/ or https:\/\//);
    expect(problem('javascript:alert(1)')).toMatch(/http:\/\/ or https:\/\//);
    expect(problem('https://user:pw@example.org')).toMatch(/user name or password/);
    expect(problem('https://example.org/?a=1')).toMatch(/query or a fragment/);
    expect(problem('https://example.org/#top')).toMatch(/query or a fragment/);
  });
});
