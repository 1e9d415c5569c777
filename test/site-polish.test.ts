// The website in Polish all the way (issue 46): a mistyped site address answers a Polish HTML page with
// its status, not the API's English JSON envelope (the API's own paths keep it).

import { fileURLToPath } from 'node:url';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
