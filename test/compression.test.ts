// Compressed answers: brotli or gzip for answers over 1 KB when the client accepts them,
// compressed once per snapshot and kept with the cached answer, each encoding its own ETag, 304s per
// encoding, `Vary: Accept-Encoding`; the same with the response cache off (compressed per request).

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import vary from 'vary';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedEncoding, addVary } from '../src/http/delivery.ts';
import { generateBundle } from '../tools/generate/index.ts';
import { type TestApp, appOver, buildDatabase, tempDir } from './support/fixture.ts';

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A GET whose body comes back as sent (supertest would decode it). */
function rawGet(app: TestApp['app'], path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const server = http.createServer(app).listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      http
        .get({ host: '127.0.0.1', port, path, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            server.close(() => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) })),
          );
        })
        .once('error', reject);
    });
  });
}

const decode = (raw: Raw) =>
  raw.headers['content-encoding'] === 'br'
    ? zlib.brotliDecompressSync(raw.body)
    : raw.headers['content-encoding'] === 'gzip'
      ? zlib.gunzipSync(raw.body)
      : raw.body;

let dbPath: string;
const apps: TestApp[] = [];
beforeAll(async () => {
  const bundle = tempDir();
  await generateBundle(bundle, { seed: 3, radni: 30, glosowania: 200 });
  dbPath = await buildDatabase(bundle);
});
afterAll(() => apps.forEach((a) => a.close()));

describe.each([
  ['on', 64],
  ['off', 0],
] as const)('compressed answers, response cache %s', (_label, cacheMb) => {
  let app: TestApp['app'];
  beforeAll(() => {
    const t = appOver(dbPath, { RESPONSE_CACHE_MB: cacheMb });
    apps.push(t);
    app = t.app;
  });

  it('sends brotli, else gzip, to clients that accept it; the bytes decode to the identity answer', async () => {
    const identity = await rawGet(app, '/api/radni');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.length).toBeGreaterThan(1024);
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip;q=0.5', 'gzip'],
      ['*', 'br'],
    ] as const) {
      for (let round = 0; round < 2; round++) {
        // the second from the kept bytes (cache on)
        const raw = await rawGet(app, '/api/radni', { 'Accept-Encoding': accept });
        expect(raw.headers['content-encoding'], accept).toBe(encoding);
        expect(raw.headers.vary).toMatch(/Accept-Encoding/);
        expect(raw.body.length).toBeLessThan(identity.body.length / 3);
        expect(decode(raw).equals(identity.body)).toBe(true);
      }
    }
  });

  it('gives each encoding its own ETag, and answers 304 to each', async () => {
    const plain = await rawGet(app, '/api/radni');
    const br = await rawGet(app, '/api/radni', { 'Accept-Encoding': 'br' });
    const gzip = await rawGet(app, '/api/radni', { 'Accept-Encoding': 'gzip' });
    const etags = [plain, br, gzip].map((r) => r.headers.etag);
    expect(new Set(etags).size).toBe(3);
    for (const [raw, accept] of [
      [plain, 'identity'],
      [br, 'br'],
      [gzip, 'gzip'],
    ] as const) {
      const again = await rawGet(app, '/api/radni', { 'Accept-Encoding': accept, 'If-None-Match': raw.headers.etag! });
      expect(again.status).toBe(304);
      expect(again.headers.etag).toBe(raw.headers.etag);
      expect(again.body.length).toBe(0);
    }
  });

  it('leaves small answers and errors uncompressed', async () => {
    const small = await rawGet(app, '/api/utils/stats', { 'Accept-Encoding': 'br' });
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    const missing = await rawGet(app, '/api/glosowania/999999', { 'Accept-Encoding': 'br' });
    expect(missing.status).toBe(404);
    expect(missing.headers['content-encoding']).toBeUndefined();
    expect(missing.headers.etag).toBeUndefined();
  });
});

describe('Accept-Encoding negotiation', () => {
  it('prefers brotli, honours q=0, and falls back to none', () => {
    expect(acceptedEncoding(undefined)).toBeNull();
    expect(acceptedEncoding('identity')).toBeNull();
    expect(acceptedEncoding('deflate')).toBeNull();
    expect(acceptedEncoding('gzip, br')).toBe('br');
    expect(acceptedEncoding('br;q=0, gzip')).toBe('gzip');
    expect(acceptedEncoding('*;q=0')).toBeNull();
    expect(acceptedEncoding('*, br;q=0')).toBe('gzip');
    expect(acceptedEncoding('GZIP;Q=1.0')).toBe('gzip');
  });
});

describe('addVary', () => {
  it('writes the header exactly as the vary package does, from any header already there', () => {
    const before: Array<string | string[] | undefined> = [
      undefined,
      'Origin',
      'Accept-Encoding',
      'Origin, Accept-Encoding',
      'Cookie',
      'origin',
      '*',
      ['Cookie', 'Origin'],
    ];
    for (const field of ['Origin', 'Accept-Encoding'] as const)
      for (const header of before) {
        const [ours, theirs] = [0, 1].map(() => {
          const res = new http.ServerResponse(new http.IncomingMessage(null as never));
          if (header !== undefined) res.setHeader('Vary', header);
          return res;
        });
        addVary(ours!, field);
        vary(theirs!, field);
        expect(ours!.getHeader('Vary'), `${field} after ${String(header)}`).toEqual(theirs!.getHeader('Vary'));
      }
  });
});
