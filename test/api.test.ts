// The read API over a real database built by the real pipeline: every endpoint's success shape
// (validated against its schema, strictly), its 404s, and a 400 for each kind of bad parameter.

import { join } from 'node:path';
import Database from 'better-sqlite3';
import request from './support/request.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { generateBundle } from '../tools/generate/index.ts';
import { API_ENDPOINTS } from '../src/answers/endpoints.ts';
import { errorEnvelope } from '../src/answers/schemas.ts';
import { type TestApp, appOver, buildDatabase, policyFile, tempDir } from './support/fixture.ts';

let t: TestApp;
let ids: {
  radny: number;
  drugi: number;
  token: string;
  glosowanie: number;
  posiedzenie: number;
  kadencja: string;
  organ: number;
  link: string;
  polityka: string;
};

beforeAll(async () => {
  const dir = tempDir();
  await generateBundle(dir, { seed: 11, radni: 12, glosowania: 200 });
  // A policy (CONTRACT §13) on three of the council's own votes, so /api/polityki/:id has one to answer.
  const plain = new Database(await buildDatabase(dir), { readonly: true });
  const tested = plain
    .prepare('SELECT substr(data_czas, 1, 10) AS data, tytul FROM glosowanie ORDER BY ord LIMIT 3')
    .all() as Array<{ data: string; tytul: string }>;
  plain.close();
  const policies = policyFile([
    {
      id: 'polityka',
      nazwa: 'Polityka',
      opis: 'Stanowisko.',
      glosowania: tested.map((v) => ({ ...v, stanowisko: 'za' })),
    },
  ]);
  t = appOver(await buildDatabase(dir, 'csv', { policies }));
  const db = t.snapshots.active!.db;
  const radny = db
    .prepare(
      `SELECT r.id_osoby, r.token FROM radny r JOIN radny_stat s ON s.id_osoby = r.id_osoby AND s.kadencja = '*'
    ORDER BY s.liczba_glosowan DESC LIMIT 2`,
    )
    .all() as Array<{ id_osoby: number; token: string }>;
  const vote = db
    .prepare('SELECT id_glosowania, id_posiedzenia, kadencja, id_organu FROM glosowanie ORDER BY ord LIMIT 1')
    .get() as { id_glosowania: number; id_posiedzenia: number; kadencja: string; id_organu: number };
  const share = await request(t.app).post(`/api/glosowania/${vote.id_glosowania}/udostepnij`).send({});
  ids = {
    radny: radny[0]!.id_osoby,
    drugi: radny[1]!.id_osoby,
    token: radny[0]!.token,
    glosowanie: vote.id_glosowania,
    posiedzenie: vote.id_posiedzenia,
    kadencja: vote.kadencja,
    organ: vote.id_organu,
    link: share.body.data.link,
    polityka: 'polityka',
  };
});

afterAll(() => t.close());

/** The path with realistic ids from the loaded data. */
function concrete(path: string, overrides: Partial<Record<'id' | 'link', string>> = {}): string {
  return path
    .replace(':link', overrides.link ?? ids.link)
    .replace(':id2', String(ids.drugi))
    .replace(
      ':id',
      overrides.id ??
        String(
          path.startsWith('/api/radni')
            ? ids.radny
            : path.startsWith('/api/polityki')
              ? ids.polityka
              : path.startsWith('/api/posiedzenia')
                ? ids.posiedzenie
                : ids.glosowanie,
        ),
    );
}

const call = (method: 'get' | 'post', path: string) =>
  method === 'get' ? request(t.app).get(path) : request(t.app).post(path).send({});

describe('every endpoint answers in its documented shape', () => {
  it('lists each operation once (method and path)', () => {
    expect(new Set(API_ENDPOINTS.map((e) => `${e.method} ${e.path}`)).size).toBe(API_ENDPOINTS.length);
  });

  it.each(API_ENDPOINTS.map((e) => [`${e.method.toUpperCase()} ${e.path}`, e] as const))(
    '%s',
    async (_name, endpoint) => {
      const res = await call(endpoint.method, concrete(endpoint.path));
      expect(res.status, JSON.stringify(res.body)).toBe(200); // the POST's (vote, no one) link exists since beforeAll
      const parsed = endpoint.response.safeParse(res.body);
      expect(parsed.success, parsed.success ? '' : z.prettifyError(parsed.error)).toBe(true);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    },
  );

  it('lists are not empty on the generated council (the shapes above were checked on real items)', async () => {
    for (const path of [
      '/api/radni',
      '/api/glosowania',
      '/api/posiedzenia',
      `/api/radni/${ids.radny}/koalicje?min_wspolne=1`,
      `/api/radni/${ids.radny}/glosowania`,
      '/api/statystyki/ranking-frekwencji',
      '/api/statystyki/top-koalicje?min_wspolne=1',
      `/api/glosowania/${ids.glosowanie}/glosy`,
      `/api/posiedzenia/${ids.posiedzenie}/obecnosci`,
      '/api/utils/kadencje',
    ]) {
      const res = await request(t.app).get(path);
      expect((res.body.data as unknown[]).length, path).toBeGreaterThan(0);
    }
  });

  it('accepts a token wherever it accepts a councillor id', async () => {
    for (const endpoint of API_ENDPOINTS.filter((e) => e.path.startsWith('/api/radni/:id'))) {
      const byId = await request(t.app).get(concrete(endpoint.path));
      const byToken = await request(t.app).get(concrete(endpoint.path, { id: ids.token }));
      expect(byToken.status).toBe(200);
      expect(byToken.body).toEqual(byId.body);
    }
  });
});

describe('404 for what does not exist, in the error envelope', () => {
  const withId = API_ENDPOINTS.filter((e) => e.path.includes(':id') || e.path.includes(':link'));
  it.each(withId.map((e) => [`${e.method.toUpperCase()} ${e.path}`, e] as const))('%s', async (_name, endpoint) => {
    const res = await call(
      endpoint.method,
      concrete(endpoint.path, { id: '987654321', link: 'AAAAAAAAAAAAAAAAAAAAAA' }),
    );
    expect(res.status).toBe(404);
    expect(errorEnvelope.parse(res.body).error).toBe('Not Found');
  });

  // (An unknown path outside /api is the website's: its Polish 404 page, test/site-polish.test.ts.)
  it.each(['/api/nie-ma', '/api/radni/1/nie-ma', '/api/glosowania/1/glosy/extra'])('unknown route %s', async (path) => {
    const res = await request(t.app).get(path);
    expect(res.status).toBe(404);
    expect(errorEnvelope.parse(res.body)).toMatchObject({ error: 'Not Found' });
  });

  it('a token that matches nobody', async () => {
    const res = await request(t.app).get('/api/radni/nikt-taki/frekwencja');
    expect(res.status).toBe(404);
  });
});

/** Bad values for each parameter name, by the rule of CONTRACT §6 it breaks. */
const BAD_VALUES: Record<string, string[]> = {
  page: ['0', '-1', 'abc', '1.5', '1e309'],
  limit: ['0', '-1', '101', 'ten'],
  kadencja: ['2020', '2020-21', 'abcd-efgh'],
  organ: ['0', '-3', 'x'],
  ugrupowanie: ['0', 'x'],
  aktywny: ['yes', '2'],
  data_od: ['2024-02-30', '2024-13-01', '24-01-01'],
  data_do: ['2024-02-30', 'tomorrow'],
  wynik: ['maybe', 'PRZYJETO'],
  kontrowersyjnosc_min: ['101', '-1', 'x'],
  search: ['x'.repeat(201)],
  min_wspolne: ['-1', 'x'],
  min_posiedzen: ['-1', 'x'],
  min_glosowan: ['-1', 'x'],
  tylko_miedzy_ugrupowaniami: ['maybe'],
  glos: ['tak', 'ZA', ''],
  temat: ['Budżet', 'a b', 'x'.repeat(41), 'nieznany-temat'], // the last of the right form, but no topic of the snapshot
  jakosc: ['wszystko', 'TYLKO_LICZBY', ''], // CONTRACT §12: only the three counts' names
};

const queryKeys = (schema: z.ZodType | undefined): string[] => {
  const inner = schema as unknown as { shape?: Record<string, unknown> } | undefined;
  return Object.keys(inner?.shape ?? {});
};

describe('400 naming the parameter, for each kind of bad parameter', () => {
  const cases = API_ENDPOINTS.flatMap((endpoint) => [
    ...queryKeys(endpoint.query).flatMap((key) => {
      const bad = key === 'ugrupowanie' && endpoint.path.endsWith('/glosy') ? ['maybe'] : BAD_VALUES[key];
      if (!bad) throw new Error(`no bad values listed for parameter ${key}`);
      return bad.map(
        (value) =>
          [
            `${endpoint.path} ?${key}=${value.slice(0, 12)}`,
            endpoint,
            `?${key}=${encodeURIComponent(value)}`,
            key,
          ] as const,
      );
    }),
    ...queryKeys(endpoint.query)
      .slice(0, 1)
      .map((key) => [`${endpoint.path} ?${key} repeated`, endpoint, `?${key}=1&${key}=2`, key] as const),
    ...(endpoint.params ? [[`${endpoint.path} malformed :id`, endpoint, '', 'bad-path'] as const] : []),
  ]);

  it.each(cases)('%s', async (_name, endpoint, query, key) => {
    const path =
      key === 'bad-path'
        ? concrete(endpoint.path, {
            id:
              endpoint.path.startsWith('/api/radni') || endpoint.path.startsWith('/api/polityki') ? 'Nie Token!' : '-5',
            link: 'short',
          })
        : concrete(endpoint.path);
    const res = await call(endpoint.method, path + query);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    const body = errorEnvelope.parse(res.body);
    expect(body.error).toBe('Bad Request');
    expect(body.message).toContain(
      key === 'bad-path' ? (endpoint.path.includes(':link') ? "'link'" : "'id'") : `'${key}'`,
    );
  });

  it('data_od after data_do names data_do', async () => {
    const res = await request(t.app).get('/api/glosowania?data_od=2024-05-01&data_do=2024-04-01');
    expect(res.status).toBe(400);
    expect(res.body.message).toContain("'data_do'");
  });

  it.each(API_ENDPOINTS.map((e) => [`${e.method.toUpperCase()} ${e.path}`, e] as const))(
    'an unknown parameter is a 400 naming it and what is accepted: %s',
    async (_name, endpoint) => {
      const res = await call(endpoint.method, `${concrete(endpoint.path)}?kadnecja=2018-2023`);
      expect(res.status).toBe(400);
      const accepted = queryKeys(endpoint.query);
      expect(errorEnvelope.parse(res.body).message).toBe(
        `unknown query parameter 'kadnecja': ${endpoint.path} accepts ${accepted.length ? accepted.join(', ') : 'no query parameters'}`,
      );
    },
  );

  it('names every unknown parameter; /api takes none', async () => {
    expect((await request(t.app).get('/api/glosowania?foo=bar&limit=2&baz=1')).body.message).toMatch(
      /^unknown query parameters 'foo', 'baz': \/api\/glosowania accepts /,
    );
    // Echoed within bounds (issue 42): a long name cut, many names counted, never kilobytes of input back.
    const long = 'x'.repeat(5000);
    const many = Array.from({ length: 200 }, (_, i) => `p${i}${'y'.repeat(30)}=1`).join('&');
    const res = await request(t.app).get(`/api/glosowania?${long}=1&${many}`);
    expect(res.status, res.text.slice(0, 300)).toBe(400);
    const echoed = res.body.message as string;
    expect(echoed).toMatch(/^unknown query parameters 'x{40}… \(5000 characters\)', 'p0y{30}', .* and 196 more: /);
    expect(echoed.length).toBeLessThan(600);
    const index = await request(t.app).get('/api?x=1');
    expect(index.status).toBe(400);
    expect(index.body.message).toBe("unknown query parameter 'x': /api accepts no query parameters");
  });
});

describe('filters and paging of the vote list', () => {
  it('pages: pagination totals match and pages do not overlap', async () => {
    const first = await request(t.app).get('/api/glosowania?limit=7&page=1');
    const second = await request(t.app).get('/api/glosowania?limit=7&page=2');
    expect(first.body.pagination).toEqual({ page: 1, limit: 7, total: 200, totalPages: 29 });
    const ids1 = first.body.data.map((v: { id_glosowania: number }) => v.id_glosowania);
    const ids2 = second.body.data.map((v: { id_glosowania: number }) => v.id_glosowania);
    expect(new Set([...ids1, ...ids2]).size).toBe(14);
    const past = await request(t.app).get('/api/glosowania?limit=7&page=999');
    expect(past.body.data).toEqual([]);
  });

  it('an unfiltered page (a range of the list order) equals the same page under a filter that keeps everything (OFFSET)', async () => {
    for (const list of ['/api/glosowania', '/api/posiedzenia']) {
      for (const page of [1, 2, 5, 29, 30]) {
        const plain = await request(t.app).get(`${list}?limit=7&page=${page}`);
        const filtered = await request(t.app).get(`${list}?limit=7&page=${page}&data_od=1900-01-01`);
        expect(plain.status, `${list} page ${page}`).toBe(200);
        expect(plain.body, `${list} page ${page}`).toEqual(filtered.body);
      }
    }
  });

  it('search is case- and diacritic-insensitive', async () => {
    const plain = await request(t.app).get('/api/glosowania?search=budzet&limit=100');
    const accented = await request(t.app).get('/api/glosowania?search=BUDŻET&limit=100');
    expect(plain.body.pagination.total).toBeGreaterThan(0);
    expect(accented.body.pagination).toEqual(plain.body.pagination);
    // The word by its forms (issue 44): „budżet” finds „budżecie” too.
    for (const v of plain.body.data as Array<{ tytul: string }>)
      expect(v.tytul.toLowerCase()).toMatch(/bud[zż](et|eci)/);
    expect((plain.body.data as Array<{ tytul: string }>).some((v) => /budżecie/.test(v.tytul))).toBe(true);
  });

  it('combined filters all hold on every item', async () => {
    const res = await request(t.app).get(
      `/api/glosowania?kadencja=${ids.kadencja}&organ=${ids.organ}&wynik=przyjeto&kontrowersyjnosc_min=1&data_od=2000-01-01&limit=100`,
    );
    expect(res.status).toBe(200);
    for (const v of res.body.data) {
      expect(v).toMatchObject({ kadencja: ids.kadencja, id_organu: ids.organ, wynik: 'przyjęto' });
      expect(v.kontrowersyjnosc).toBeGreaterThanOrEqual(1);
    }
  });
});

describe('distribution and share links', () => {
  it('groups the distribution by group, largest first, members without a group under Niezrzeszeni', async () => {
    const flat = await request(t.app).get(`/api/glosowania/${ids.glosowanie}/glosy`);
    const grouped = await request(t.app).get(`/api/glosowania/${ids.glosowanie}/glosy?ugrupowanie=true`);
    expect(grouped.body.grouped).toBe(true);
    const groups = Object.entries(grouped.body.data as Record<string, Array<{ ugrupowanie: string | null }>>);
    expect(groups.flatMap(([, entries]) => entries)).toHaveLength(flat.body.data.length);
    for (let i = 1; i < groups.length; i++)
      expect(groups[i - 1]![1].length).toBeGreaterThanOrEqual(groups[i]![1].length);
    for (const [name, entries] of groups) for (const e of entries) expect(e.ugrupowanie ?? 'Niezrzeszeni').toBe(name);
  });

  it('round trip: create, read, the same link again, a highlighted councillor, 400 and 404', async () => {
    const voter = (await request(t.app).get(`/api/glosowania/${ids.glosowanie}/glosy`)).body.data[0] as {
      id_osoby: number;
      glos: string;
    };
    const created = await request(t.app)
      .post(`/api/glosowania/${ids.glosowanie}/udostepnij`)
      .send({ id_osoby: voter.id_osoby });
    expect(created.status).toBe(201);
    expect(created.body.data.url).toBe(`/share/${created.body.data.link}`);
    expect(created.body.data.link).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    const again = await request(t.app)
      .post(`/api/glosowania/${ids.glosowanie}/udostepnij`)
      .send({ id_osoby: voter.id_osoby });
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(created.body.data);
    const read = await request(t.app).get(`/api/glosowania/share/${created.body.data.link}`);
    expect(read.status).toBe(200);
    expect(read.body.data.glosowanie.id_glosowania).toBe(ids.glosowanie);
    expect(read.body.data.wyrozniony).toMatchObject({ id_osoby: voter.id_osoby, glos: voter.glos });
    const plain = await request(t.app).get(`/api/glosowania/share/${ids.link}`);
    expect(plain.body.data.wyrozniony).toBeNull();

    const absent = t.snapshots
      .active!.db.prepare(
        `SELECT id_osoby FROM radny WHERE id_osoby NOT IN
      (SELECT id_osoby FROM glos WHERE id_glosowania = ?) LIMIT 1`,
      )
      .pluck()
      .get(ids.glosowanie) as number;
    const noBallot = await request(t.app)
      .post(`/api/glosowania/${ids.glosowanie}/udostepnij`)
      .send({ id_osoby: absent });
    expect(noBallot.status).toBe(400);
    const unknownPerson = await request(t.app)
      .post(`/api/glosowania/${ids.glosowanie}/udostepnij`)
      .send({ id_osoby: 987654 });
    expect(unknownPerson.status).toBe(404);
    const unknownVote = await request(t.app).post('/api/glosowania/987654/udostepnij').send({});
    expect(unknownVote.status).toBe(404);
    const unknownLink = await request(t.app).get('/api/glosowania/share/AAAAAAAAAAAAAAAAAAAAAA');
    expect(unknownLink.status).toBe(404);
  });

  it("with PUBLIC_URL the link's url is absolute under it (issue 36)", async () => {
    const published = appOver(t.config.DB_PATH, { PUBLIC_URL: 'https://example.org/rada' });
    try {
      const created = await request(published.app).post(`/api/glosowania/${ids.glosowanie}/udostepnij`).send({});
      expect(created.status).toBe(201);
      expect(created.body.data.url).toBe(`https://example.org/rada/share/${created.body.data.link}`);
    } finally {
      published.close();
    }
  });

  it('bad bodies: malformed JSON 400, over 10 KB 413, unknown fields 400', async () => {
    const path = `/api/glosowania/${ids.glosowanie}/udostepnij`;
    const malformed = await request(t.app).post(path).set('Content-Type', 'application/json').send('{"id_osoby":');
    expect(malformed.status).toBe(400);
    expect(errorEnvelope.parse(malformed.body).error).toBe('Bad Request');
    const big = await request(t.app)
      .post(path)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ pad: 'x'.repeat(20_000) }));
    expect(big.status).toBe(413);
    expect(errorEnvelope.parse(big.body).message).toMatch(/10 KB/);
    const extra = await request(t.app).post(path).send({ id_osoby: 1, admin: true });
    expect(extra.status).toBe(400);
  });
});

describe('service endpoints', () => {
  it('/api lists every endpoint', async () => {
    const res = await request(t.app).get('/api');
    expect(res.body.data).toMatchObject({ wersja: '2.0.0', dokumentacja: '/api/openapi.json' });
    const listed = res.body.data.endpoints.map((e: { method: string; path: string }) => `${e.method} ${e.path}`);
    for (const e of API_ENDPOINTS) expect(listed).toContain(`${e.method.toUpperCase()} ${e.path}`);
  });

  it('an OPTIONS request that is no CORS preflight learns what the path takes', async () => {
    const res = await request(t.app).options(`/api/radni/${ids.radny}`);
    expect(res.status).toBe(204);
    expect(res.headers['allow']).toBe('GET, HEAD');
    expect((await request(t.app).options(`/api/glosowania/${ids.glosowanie}/udostepnij`)).headers['allow']).toBe(
      'POST',
    );
    expect((await request(t.app).options('/api/nothing')).status).toBe(404);
  });

  it('/health reports the snapshot in service', async () => {
    const res = await request(t.app).get('/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      status: 'ok',
      version: '2.0.0',
      data: { snapshot: t.snapshots.active!.id, liczba_glosowan: 200 },
    });
    expect(res.body.uptime_s).toBeGreaterThanOrEqual(0);
  });
});

describe('conditional requests', () => {
  it('a strong ETag per snapshot and request; If-None-Match answers 304 with no body', async () => {
    const first = await request(t.app).get('/api/statystyki/dashboard');
    const etag = first.headers['etag'] as string;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(etag).toContain(t.snapshots.active!.id);
    expect(first.headers['cache-control']).toMatch(/max-age=60/);
    const again = await request(t.app).get('/api/statystyki/dashboard').set('If-None-Match', etag);
    expect(again.status).toBe(304);
    expect(again.text ?? '').toBe('');
    const other = await request(t.app).get('/api/statystyki/dashboard?kadencja=2024-2029');
    expect(other.headers['etag']).not.toBe(etag);
    const stale = await request(t.app).get('/api/statystyki/dashboard').set('If-None-Match', '"other"');
    expect(stale.status).toBe(200);
  });

  it('errors carry no validator and are not stored', async () => {
    const res = await request(t.app).get('/api/glosowania/987654321');
    expect(res.status).toBe(404);
    expect(res.headers['etag']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('response cache', () => {
  it('serves the same bytes as a freshly computed answer, repeatedly', async () => {
    const uncached = appOver(t.config.DB_PATH, { RESPONSE_CACHE_MB: 0 });
    try {
      for (const path of [
        '/api/radni',
        `/api/radni/${ids.radny}/koalicje`,
        '/api/glosowania?search=budzet',
        `/api/glosowania/${ids.glosowanie}/glosy?ugrupowanie=true`,
      ]) {
        const fresh = await request(uncached.app).get(path);
        const first = await request(t.app).get(path);
        const second = await request(t.app).get(path);
        expect(first.text).toBe(fresh.text);
        expect(second.text).toBe(fresh.text);
        expect(second.headers['etag']).toBe(fresh.headers['etag']);
        expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
      }
    } finally {
      uncached.close();
    }
  });

  it('keeps within its byte budget, dropping the least recently used', async () => {
    const { ResponseCache } = await import('../src/answers/response-cache.ts');
    const cache = new ResponseCache(160);
    const entry = (n: number) => ({ body: Buffer.alloc(10, n), encoded: {} });
    for (let i = 0; i < 16; i++) cache.keep(`/${i}`, entry(i));
    expect(cache.find('/0')).toBeDefined(); // used: now the most recent
    cache.keep('/16', entry(16));
    expect(cache.find('/1')).toBeUndefined();
    expect(cache.find('/0')).toBeDefined();
    cache.keep('/big', { body: Buffer.alloc(11), encoded: {} }); // over 1/16 of the budget: not kept
    expect(cache.find('/big')).toBeUndefined();
  });

  it('counts a replaced entry once: its old size is given back', async () => {
    const { ResponseCache } = await import('../src/answers/response-cache.ts');
    const cache = new ResponseCache(160);
    const entry = (bytes: number) => ({ body: Buffer.alloc(bytes), encoded: {} });
    for (let i = 0; i < 100; i++) cache.keep('/same', entry(i % 2 ? 10 : 4)); // re-answered after each refresh of the entry
    expect(cache.size).toBe(10);
    cache.keep('/same', entry(4));
    expect(cache.size).toBe(4);
    // The budget still holds 156 other bytes: nothing was evicted by phantom bytes.
    for (let i = 0; i < 15; i++) cache.keep(`/${i}`, entry(10));
    expect(cache.size).toBe(154);
    expect(cache.find('/same')).toBeDefined();
  });
});

describe('before any data is published', () => {
  it('/health answers 503 "unavailable" and data endpoints 503 in the error envelope', async () => {
    const empty = appOver(join(tempDir(), 'not-built-yet.db'));
    try {
      const health = await request(empty.app).get('/health');
      expect(health.status).toBe(503);
      expect(health.body).toMatchObject({ success: false, status: 'unavailable', version: '2.0.0', data: null });
      const data = await request(empty.app).get('/api/radni');
      expect(data.status).toBe(503);
      expect(errorEnvelope.parse(data.body)).toMatchObject({ error: 'Service Unavailable' });
    } finally {
      empty.close();
    }
  });
});
