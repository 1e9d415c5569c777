// The JSON body of a POST to /api (src/http/json-body.ts), read by the front: what body-parser's json()
// did for it under Express — at most 10 KB (also once inflated), objects and arrays only, UTF-8,
// gzip/deflate/br inflated — and a refused body is read off, so the connection carries the next request.

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../src/http/envelope.ts';
import { readJsonBody } from '../src/http/json-body.ts';

let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    readJsonBody(req).then(
      (body) => res.end(JSON.stringify({ body: body === undefined ? 'none' : body })),
      (error: unknown) => {
        res.statusCode = error instanceof HttpError ? error.status : 500;
        res.end(JSON.stringify({ message: (error as Error).message }));
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const post = async (body: BodyInit | undefined, headers: Record<string, string> = {}) => {
  const res = await fetch(base, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });
  return { status: res.status, json: (await res.json()) as { body?: unknown; message?: string } };
};

describe('the JSON body of a request', () => {
  it('is an object or an array; an empty one is no input, and a request without one has none', async () => {
    expect(await post('{"id_osoby": 1}')).toEqual({ status: 200, json: { body: { id_osoby: 1 } } });
    expect((await post('[1, 2]')).json.body).toEqual([1, 2]);
    expect((await post('')).json.body).toEqual({});
    expect(((await fetch(base, { method: 'POST' }).then((r) => r.json())) as { body: unknown }).body).toEqual({}); // Content-Length: 0
    expect(((await fetch(base).then((r) => r.json())) as { body: unknown }).body).toBe('none');
  });

  it('refuses what is not JSON, a bare value, another charset, an unknown encoding', async () => {
    expect(await post('{"id_osoby":')).toEqual({
      status: 400,
      json: { message: 'the request body is not valid JSON' },
    });
    expect((await post('1')).status).toBe(400);
    expect((await post('"x"')).status).toBe(400);
    expect((await post('{}', { 'content-type': 'application/json; charset=latin1' })).status).toBe(415);
    expect((await post('{}', { 'content-type': 'application/json; charset=UTF-8' })).status).toBe(200);
    expect((await post('{}', { 'content-encoding': 'compress' })).status).toBe(415);
  });

  it('inflates gzip, deflate and brotli', async () => {
    const json = Buffer.from('{"id_osoby": 7}');
    for (const [encoding, bytes] of [
      ['gzip', zlib.gzipSync(json)],
      ['deflate', zlib.deflateSync(json)],
      ['br', zlib.brotliCompressSync(json)],
    ] as const) {
      expect((await post(bytes, { 'content-encoding': encoding })).json.body, encoding).toEqual({ id_osoby: 7 });
    }
    expect((await post(Buffer.from('not gzip'), { 'content-encoding': 'gzip' })).status).toBe(400);
  });

  it('is at most 10 KB, as sent or once inflated, and a refused body leaves the connection usable', async () => {
    const large = JSON.stringify({ pad: 'x'.repeat(20_000) });
    expect(await post(large)).toEqual({ status: 413, json: { message: 'the request body is larger than 10 KB' } });
    const chunked = new ReadableStream({
      start(c) {
        c.enqueue(new TextEncoder().encode(large));
        c.close();
      },
    });
    expect(
      (
        await fetch(base, {
          method: 'POST',
          body: chunked,
          duplex: 'half',
          headers: { 'content-type': 'application/json' },
        } as RequestInit)
      ).status,
    ).toBe(413);
    expect((await post(zlib.gzipSync(large), { 'content-encoding': 'gzip' })).status).toBe(413);
    expect((await post(JSON.stringify({ pad: 'x'.repeat(10_000) }))).status).toBe(200); // within 10 KB
    // The same keep-alive connection (fetch's pool) carries the next request.
    expect((await post('{}')).status).toBe(200);
  });
});
