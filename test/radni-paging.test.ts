// /api/radni pages on request (issue 27): with `page` or `limit` it answers one page of the same list
// in the same order, with `pagination`; without them the answer is the whole list as before. Checked
// against the unpaged answer itself (every page size, every filter), and the website's /radni pages.

import request from './support/request.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateBundle } from '../tools/generate/index.ts';
import { type TestApp, appOver, buildDatabase, tempDir } from './support/fixture.ts';

let t: TestApp;
beforeAll(async () => {
  const dir = tempDir();
  await generateBundle(dir, { seed: 27, radni: 230, glosowania: 40 });
  t = appOver(await buildDatabase(dir), { RESPONSE_CACHE_MB: 0 });
});
afterAll(() => t.close());

const get = async (path: string) => {
  const res = await request(t.app).get(path);
  return {
    status: res.status,
    body: res.body as {
      data: Array<{ id_osoby: number; imie_nazwisko: string; token: string }>;
      count: number;
      pagination?: unknown;
      message?: string;
    },
    text: res.text,
  };
};

describe('/api/radni paging', () => {
  it('answers as before without page or limit: the whole list, no pagination', async () => {
    const all = await get('/api/radni');
    expect(all.status).toBe(200);
    expect(all.body.data.length).toBeGreaterThan(20);
    expect(all.body.count).toBe(all.body.data.length);
    expect(Object.keys(all.body)).toEqual(['success', 'data', 'count']);
  });

  it('pages through the same list in the same order, for every page size and filter', async () => {
    const filters = ['', 'aktywny=true', 'aktywny=false'];
    for (const filter of filters) {
      const all = (await get(`/api/radni${filter ? `?${filter}` : ''}`)).body.data;
      for (const limit of [1, 7, 100]) {
        const pages = Math.ceil(all.length / limit);
        const seen: unknown[] = [];
        for (let page = 1; page <= pages + 1; page++) {
          const { status, body } = await get(`/api/radni?page=${page}&limit=${limit}${filter ? `&${filter}` : ''}`);
          expect(status).toBe(200);
          expect(body.pagination).toEqual({ page, limit, total: all.length, totalPages: pages });
          expect(body.count).toBe(body.data.length);
          if (page > pages) expect(body.data).toEqual([]);
          seen.push(...body.data);
        }
        expect(seen, `${filter} limit ${limit}`).toEqual(all);
      }
    }
  });

  it('takes page alone (limit 20) or limit alone (page 1)', async () => {
    const all = (await get('/api/radni')).body.data;
    const byPage = await get('/api/radni?page=2');
    expect(byPage.body.pagination).toEqual({
      page: 2,
      limit: 20,
      total: all.length,
      totalPages: Math.ceil(all.length / 20),
    });
    expect(byPage.body.data).toEqual(all.slice(20, 40));
    const byLimit = await get('/api/radni?limit=5');
    expect(byLimit.body.pagination).toEqual({
      page: 1,
      limit: 5,
      total: all.length,
      totalPages: Math.ceil(all.length / 5),
    });
    expect(byLimit.body.data).toEqual(all.slice(0, 5));
  });

  it('refuses a page or limit out of range with a 400 naming it', async () => {
    for (const [query, name] of [
      ['page=0', 'page'],
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['page=x', 'page'],
    ] as const) {
      const { status, body } = await get(`/api/radni?${query}`);
      expect(status, query).toBe(400);
      expect(body.message, query).toContain(name);
    }
  });
});

describe("the website's /radni", () => {
  it('lists the councillors 100 a page, each once, with a pager over all of them', async () => {
    const all = (await get('/api/radni')).body.data;
    const pages = Math.ceil(all.length / 100);
    expect(pages).toBeGreaterThan(1);
    const listed: string[] = [];
    for (let page = 1; page <= pages; page++) {
      const { status, text } = await get(page === 1 ? '/radni' : `/radni?strona=${page}`);
      expect(status).toBe(200);
      expect(text).toContain(`${all.length} osób`);
      expect(text.includes('rel="next"'), `page ${page}`).toBe(page < pages);
      listed.push(...[...text.matchAll(/<td><a href="\/radni\/([a-z0-9-]+)"/g)].map((m) => m[1]!));
    }
    // Each once; the site lists in surname order (test/find.test.ts), the API as the specification does.
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual(all.map((r) => r.token).sort());
  });
});
