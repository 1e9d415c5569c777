// The service's response (src/http/response.ts) keeps its header fields in lists and gives them to node
// when the head is written. It must write the same head as node's own response, field for field and
// in the same order, whatever was set, appended, replaced or removed, and answer what node answers
// about its fields meanwhile. Both are served over loopback and read as raw bytes: first random
// sequences of header calls, then the app's own answers.

import { type IncomingMessage, type Server, ServerResponse, createServer } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HeaderListResponse } from '../src/http/response.ts';
import { writeBundle } from './support/bundle.ts';
import { appOver, buildDatabase, tempDir, type TestApp } from './support/fixture.ts';
import { HAND_COUNCIL } from './support/hand-council.ts';

type Op =
  | { op: 'set'; name: string; value: string | number | string[] }
  | { op: 'append'; name: string; value: string | string[] }
  | { op: 'remove'; name: string }
  | { op: 'writeHead'; status: number; reason?: string; fields?: Record<string, string> | string[] };

/** Names in several spellings of one field, node's special fields (Date, Connection) and one that is no field name. */
const NAMES = ['X-Test', 'x-test', 'X-TEST', 'Vary', 'Cache-Control', 'Set-Cookie', 'Date', 'Connection', 'bad name'];
const text = fc.stringMatching(/^[a-z0-9 ,;=]{0,8}$/);
/** A value node refuses (a line break) now and then. */
const value = fc.oneof({ weight: 6, arbitrary: text }, { weight: 1, arbitrary: fc.constant('a\nb') });
const name = fc.constantFrom(...NAMES);
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    op: fc.constant('set' as const),
    name,
    value: fc.oneof(value, fc.nat(99), fc.array(value, { maxLength: 3 })),
  }),
  fc.record({ op: fc.constant('append' as const), name, value: fc.oneof(value, fc.array(value, { maxLength: 3 })) }),
  fc.record({ op: fc.constant('remove' as const), name }),
);
const last: fc.Arbitrary<Op | undefined> = fc.option(
  fc.record(
    {
      op: fc.constant('writeHead' as const),
      status: fc.constantFrom(200, 201, 404),
      reason: fc.constantFrom('Fine', 'Not Here'),
      fields: fc.oneof(
        fc.dictionary(fc.constantFrom('X-Test', 'Vary', 'X-Other'), text, { maxKeys: 2 }),
        fc
          .array(fc.constantFrom('X-Test', 'X-Other', 'v1', 'v2'), { maxLength: 4 })
          .map((a) => a.slice(0, a.length - (a.length % 2))),
      ),
    },
    { requiredKeys: ['op', 'status'] },
  ),
);

/** What a response says of its fields: each name's value (as text: node keeps an appended number as a number), names, errors. */
function observe(res: ServerResponse): unknown {
  const asText = (v: unknown) => (Array.isArray(v) ? v.map(String) : v === undefined ? null : String(v));
  return {
    values: NAMES.map((n) => asText(res.getHeader(n))),
    has: NAMES.map((n) => res.hasHeader(n)),
    names: res.getHeaderNames(),
    all: Object.entries(res.getHeaders()).map(([k, v]) => [k, asText(v)]),
  };
}

/** Runs `ops` on `res`, noting what it says after each and the code of any error; the body is the notes. */
function replay(res: ServerResponse, ops: Op[]): void {
  const notes: unknown[] = [];
  for (const o of ops) {
    try {
      if (o.op === 'set') res.setHeader(o.name, o.value);
      else if (o.op === 'append') res.appendHeader(o.name, o.value);
      else if (o.op === 'remove') res.removeHeader(o.name);
      else if (o.reason === undefined) res.writeHead(o.status, o.fields);
      else res.writeHead(o.status, o.reason, o.fields);
      notes.push(observe(res));
    } catch (error) {
      notes.push((error as { code?: string }).code ?? String(error));
    }
  }
  res.end(JSON.stringify(notes));
}

/** One request over a fresh connection, closed by the server after it: the response's head and body as sent. */
function exchange(port: number, request: string): Promise<{ head: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    // Written, not ended: a client's half-close before an answer made later (compressed on the pool) ends it.
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.setTimeout(2000, () => socket.destroy(new Error(`no answer to ${request.split('\r\n')[0]}`)));
    socket.on('close', () => {
      const all = Buffer.concat(chunks);
      const end = all.indexOf('\r\n\r\n');
      resolve({ head: all.subarray(0, end).toString('latin1'), body: all.subarray(end + 4) });
    });
  });
}

const listen = async (server: Server): Promise<number> => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
};

/** The head without what differs between two servers and two moments: the date, and `drop`'s fields. */
const comparable = (head: string, drop: readonly string[] = []) =>
  head
    .split('\r\n')
    .filter((line) => !drop.some((field) => line.toLowerCase().startsWith(`${field}:`)))
    .map((line) => (line.startsWith('Date: ') ? 'Date: (a date)' : line));

describe('HeaderListResponse', () => {
  const servers: Server[] = [];
  afterAll(() => servers.forEach((s) => s.close()));

  it("writes node's head and answers node's questions over any sequence of header calls", async () => {
    const pending = new Map<string, Op[]>();
    // The connection is closed after each answer whatever it says (a Connection field set to keep-alive).
    const handler = (req: IncomingMessage, res: ServerResponse) => {
      res.on('finish', () => req.socket.end());
      replay(res, structuredClone(pending.get(req.url!)!)); // node appends to a list it was given: each its own
    };
    const nodes = createServer(handler);
    const ours = createServer({ ServerResponse: HeaderListResponse }, handler);
    servers.push(nodes, ours);
    const [nodePort, ourPort] = [await listen(nodes), await listen(ours)];
    let sequence = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 12 }), last, async (ops, final) => {
        const all = final ? [...ops, final] : ops;
        const url = `/${sequence++}`;
        pending.set(url, all);
        const request = `GET ${url} HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n`;
        const [expected, got] = [await exchange(nodePort, request), await exchange(ourPort, request)];
        expect(comparable(got.head)).toEqual(comparable(expected.head));
        expect(got.body.toString()).toBe(expected.body.toString());
      }),
      { numRuns: 300 },
    );
  });

  describe("the app's answers", () => {
    let app: TestApp;
    beforeAll(async () => {
      const bundle = tempDir();
      await writeBundle(bundle, HAND_COUNCIL);
      app = appOver(await buildDatabase(bundle), { ALLOWED_ORIGINS: ['https://allowed.example'] });
    });
    afterAll(() => app.close());

    it("are node's own, head and body, for the API, the website, downloads, 304s and refusals", async () => {
      const nodes = createServer(app.app);
      const ours = createServer({ ServerResponse: HeaderListResponse }, app.app);
      servers.push(nodes, ours);
      const [nodePort, ourPort] = [await listen(nodes), await listen(ours)];
      /** A request that closes its connection: method and path, header lines, body. */
      const request = (line: string, headers: string[] = [], body = '') =>
        `${line} HTTP/1.1\r\nHost: t\r\nConnection: close\r\n${headers.map((h) => `${h}\r\n`).join('')}\r\n${body}`;
      const first = await exchange(nodePort, request('GET /api/radni/1'));
      const etag = /^ETag: (.*)$/m.exec(first.head)![1]!;
      const allowed = 'Origin: https://allowed.example';
      const cases: Array<[string, string[]?, string?]> = [
        ['GET /api/radni/1'],
        ['GET /api/radni/1', [`If-None-Match: ${etag}`]],
        ['GET /api/glosowania?limit=50', ['Accept-Encoding: br']],
        ['GET /api/glosowania/1/glosy?ugrupowanie=true', ['Accept-Encoding: gzip']],
        ['GET /api/radni/2?kadencja=2014-2018'],
        ['HEAD /api/radni'],
        ['GET /api/nie-ma'],
        ['GET /api/glosowania?page=x'],
        ['GET /api/radni', ['Origin: https://elsewhere.example']],
        ['OPTIONS /api/radni', [allowed, 'Access-Control-Request-Method: GET']],
        ['GET /api/radni', [allowed]],
        ['POST /api/glosowania/1/udostepnij', ['Content-Type: text/plain', 'Content-Length: 1'], 'x'],
        ['GET /'],
        ['GET /glosowania'],
        ['GET /radni/1'],
        ['GET /nie-ma-takiej-strony'],
        ['GET /dane/glosy.csv', ['Accept-Encoding: gzip']],
        ['GET /health'],
      ];
      // Each request has its own id (in the head, and in an error page), and each server's rate-limit
      // window its own end (and both apps count one client's requests).
      const drop = ['x-request-id', 'x-ratelimit-remaining', 'x-ratelimit-reset'];
      const withoutIds = (body: Buffer) =>
        body.toString('latin1').replace(/[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}/g, 'ID');
      for (const [line, headers, body] of cases) {
        const sent = request(line, headers, body);
        const [expected, got] = [await exchange(nodePort, sent), await exchange(ourPort, sent)];
        expect(comparable(got.head, drop), line).toEqual(comparable(expected.head, drop));
        expect(withoutIds(got.body), line).toBe(withoutIds(expected.body));
      }
    });
  });
});
