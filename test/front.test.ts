// The front (src/http/front.ts) runs on node's own request and response and answers all of /api and
// /health itself: the request log, the guards and every answer of the API must not use anything
// Express adds (req.ip, req.query, res.locals, res.json, …), and no answer of /api — stored, kept or
// live, a 304, a refusal, a POST — may enter Express at all, nor may the website's (issue 43: one
// stack; the share form's body parser is Express's, and touches the request's body only). Every request here
// goes through the real app over a real socket, its request and response watched by a proxy that notes
// each Express member touched before Express takes the request over (its first acts: `req.res = res`,
// then its own prototypes).

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../src/config.ts';
import { writeBundle } from './support/bundle.ts';
import { appOver, buildDatabase, tempDir, type TestApp } from './support/fixture.ts';
import { HAND_COUNCIL } from './support/hand-council.ts';
import { ASSETS } from '../src/site/assets.ts';

/** What Express adds to node's request and response (its prototypes' own members, and what its router sets). */
const EXPRESS_MEMBERS = {
  req: new Set([
    ...Object.getOwnPropertyNames(express.request),
    'res',
    'next',
    'app',
    'originalUrl',
    'baseUrl',
    'params',
    'route',
    'body',
  ]),
  res: new Set([...Object.getOwnPropertyNames(express.response), 'locals', 'next', 'app']),
};

interface Watch {
  express: boolean;
  touched: string[];
}

function watched<T extends IncomingMessage | ServerResponse>(target: T, which: 'req' | 'res', watch: Watch): T {
  const note = (name: string | symbol, how: string) => {
    if (which === 'req' && name === 'res' && how === 'write') watch.express = true; // Express's app.handle begins
    if (watch.express || typeof name !== 'string' || !EXPRESS_MEMBERS[which].has(name)) return;
    watch.touched.push(`${how} ${which}.${name}`);
  };
  return new Proxy(target, {
    // Methods run on the object itself: node's internals compare it by identity (the socket's message).
    get: (t, name) => {
      note(name, 'read');
      const value: unknown = Reflect.get(t, name, t);
      return typeof value === 'function' ? value.bind(t) : value;
    },
    set: (t, name, value) => {
      note(name, 'write');
      return Reflect.set(t, name, value, t);
    },
    has: (t, name) => {
      note(name, 'test');
      return Reflect.has(t, name);
    },
    defineProperty: (t, name, descriptor) => {
      note(name, 'define');
      return Reflect.defineProperty(t, name, descriptor);
    },
    setPrototypeOf: (t, prototype) => {
      watch.express = true;
      return Reflect.setPrototypeOf(t, prototype);
    },
  });
}

const KEY = 'front-key';
const ORIGIN = 'https://allowed.example';
const CONFIG: Partial<Config> = {
  NODE_ENV: 'production',
  API_SECRET_KEY: KEY,
  JWT_SECRET: 'front-jwt-secret-0123456789abcdef',
  ALLOWED_ORIGINS: [ORIGIN],
  RATE_LIMIT_MAX_REQUESTS: 1000,
};

let dbPath: string;
const opened: TestApp[] = [];
beforeAll(async () => {
  const bundle = tempDir();
  await writeBundle(bundle, HAND_COUNCIL);
  dbPath = await buildDatabase(bundle);
});
afterAll(() => opened.forEach((t) => t.close()));

/** Serves `overrides`' app with every request and response watched; `send` makes one request and reports what it touched. */
async function watchedServer(overrides: Partial<Config>) {
  const t = appOver(dbPath, overrides);
  opened.push(t);
  const listener = t.app;
  let last: Watch = { express: false, touched: [] };
  const server = createServer((req, res) => {
    last = { express: false, touched: [] };
    listener(watched(req, 'req', last), watched(res, 'res', last));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const send = async (path: string, init: RequestInit = {}) => {
    const res = await fetch(`${base}${path}`, init);
    await res.arrayBuffer();
    return { status: res.status, headers: res.headers, ...last };
  };
  return { send, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe('the front', () => {
  it("answers stored and kept answers, 304s and refusals on node's own request and response, without Express", async () => {
    const { send, close } = await watchedServer(CONFIG);
    const ok = { origin: ORIGIN, 'x-api-key': KEY };
    try {
      const stored = await send('/api/radni/1', { headers: ok });
      expect(stored.status).toBe(200);
      const cases = [
        stored,
        await send('/api/radni/1', { headers: { ...ok, 'if-none-match': stored.headers.get('etag')! } }),
        await send('/api/glosowania', { headers: { ...ok, 'accept-encoding': 'br' } }),
        await send('/api/radni/1', { headers: { origin: ORIGIN } }), // no key
        await send('/api/radni/1', { headers: { origin: 'https://elsewhere.example', 'x-api-key': KEY } }),
        await send('/api/radni', {
          method: 'OPTIONS',
          headers: { origin: ORIGIN, 'access-control-request-method': 'GET' },
        }),
        await send('/api/glosowania/1/udostepnij', {
          method: 'POST',
          headers: { ...ok, 'content-type': 'text/plain' },
          body: 'x',
        }),
      ];
      expect(cases.map((c) => c.status)).toEqual([200, 304, 200, 401, 403, 204, 415]);
      // A live answer, made by the front, then kept from the first and sent again by the front.
      cases.push(await send('/api/radni/2?kadencja=2014-2018', { headers: ok }));
      cases.push(await send('/api/radni/2?kadencja=2014-2018', { headers: ok }));
      expect(cases.at(-2)!.status).toBe(200);
      expect(cases.at(-1)!.status).toBe(200);
      expect(cases[2]!.headers.get('content-encoding')).toBe('br');
      for (const c of cases) {
        expect(c.express, `status ${c.status}`).toBe(false);
        expect(c.touched, `status ${c.status}`).toEqual([]);
      }
    } finally {
      await close();
    }
  });

  it('refuses the request past the rate limit without Express', async () => {
    const { send, close } = await watchedServer({ ...CONFIG, RATE_LIMIT_MAX_REQUESTS: 1 });
    try {
      const headers = { origin: ORIGIN, 'x-api-key': KEY };
      expect((await send('/api/radni/1', { headers })).status).toBe(200);
      const refused = await send('/api/radni/1', { headers });
      expect(refused.status).toBe(429);
      expect([refused.express, refused.touched]).toEqual([false, []]);
    } finally {
      await close();
    }
  });

  it('answers live GETs of the endpoints without Express: 200, HEAD, 400, 404, with the cache off too', async () => {
    const { send, close } = await watchedServer({ ...CONFIG, RESPONSE_CACHE_MB: 0 });
    try {
      const headers = { origin: ORIGIN, 'x-api-key': KEY };
      const cases = [
        await send('/api/radni/3?kadencja=2014-2018', { headers }),
        await send('/API/Radni/3/?kadencja=2014-2018', { headers }), // Express's matching: any case, a trailing slash
        await send('/api/radni/3?kadencja=2014-2018', { headers, method: 'HEAD' }),
        await send('/api/radni/3?kadencja=bad', { headers }),
        await send('/api/radni/999', { headers }),
        await send('/api/glosowania?page=2&limit=1', { headers }),
      ];
      expect(cases.map((c) => c.status)).toEqual([200, 200, 200, 400, 404, 200]);
      for (const c of cases) expect([c.express, c.touched], `status ${c.status}`).toEqual([false, []]);
    } finally {
      await close();
    }
  });

  it('answers the rest of /api and /health too, without Express: a percent-encoded path, a POST, /api, the docs, a 404', async () => {
    const { send, close } = await watchedServer(CONFIG);
    try {
      const headers = { origin: ORIGIN, 'x-api-key': KEY };
      const cases = [
        await send('/api/radni/%33', { headers }),
        await send('/api/glosowania/1/udostepnij', {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: '{}',
        }),
        await send('/api/glosowania/1/udostepnij', {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: '{"id_osoby":',
        }),
        await send('/health', { headers }),
        await send('/api', { headers }),
        await send('/api/openapi.json', { headers }),
        await send('/api/docs', { headers, redirect: 'manual' }),
        await send('/api/docs/', { headers }),
        await send('/api/nothing', { headers }),
      ];
      expect(cases.map((c) => c.status)).toEqual([200, 201, 400, 200, 200, 200, 301, 200, 404]);
      for (const c of cases) expect([c.express, c.touched], `status ${c.status}`).toEqual([false, []]);
    } finally {
      await close();
    }
  });

  it('answers the website without Express too (issue 43): pages made and kept, a 304, downloads, feeds, cards, crawler files, assets, OPTIONS, 404s', async () => {
    const { send, close } = await watchedServer(CONFIG);
    try {
      const made = await send('/glosowania?strona=1');
      const kept = await send('/glosowania?strona=1');
      const cases = [
        made,
        kept,
        await send('/glosowania?strona=1', { headers: { 'if-none-match': kept.headers.get('etag')! } }),
        await send('/radni', { headers: { 'accept-encoding': 'br' } }),
        await send('/radni.csv'),
        await send('/glosowania/kanal.atom'),
        await send('/karty/glosowanie/1.png'),
        await send('/robots.txt'),
        await send('/dane/opis.txt'),
        await send('/dane/glosowania.arkusz.csv'),
        await send(ASSETS.css.url),
        await send('/radni', { method: 'OPTIONS' }),
        await send('/nothing'),
        await send('/assets/nothing.css'),
        await send('/radni/%E0%A4%A'), // malformed percent-encoding: a 400 page
      ];
      expect(cases.map((c) => c.status)).toEqual([
        200, 200, 304, 200, 200, 200, 200, 200, 200, 200, 200, 204, 404, 404, 400,
      ]);
      expect(cases[3]!.headers.get('content-encoding')).toBe('br');
      expect(cases[11]!.headers.get('allow')).toBe('GET, HEAD');
      for (const c of cases.slice(-3)) expect(c.headers.get('content-type')).toBe('text/html; charset=utf-8');
      for (const c of cases) expect([c.express, c.touched], `status ${c.status}`).toEqual([false, []]);
    } finally {
      await close();
    }
  });

  it("the share form's post: only Express's body parser touches the request (its fields), the rest is the front's", async () => {
    const { send, close } = await watchedServer(CONFIG);
    try {
      const posted = await send('/glosowania/1/udostepnij', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
        body: '',
        redirect: 'manual',
      });
      expect(posted.status).toBe(303);
      expect(posted.express).toBe(false);
      expect(
        posted.touched.every((t) => t.endsWith('req.body')),
        posted.touched.join(', '),
      ).toBe(true);
    } finally {
      await close();
    }
  });
});
