// One way to hold a snapshot (issue 43): every request — an answer of the API, a page, a streamed
// download, an error, a 304, a client gone mid-download — holds the snapshot in service through its
// exchange (src/http/exchange.ts Exchange.hold) and gives it back once its response has closed and its
// answer is done. A swap while a download streams must neither cut it nor switch it to the new file,
// and no request may keep a hold: the old database closes as soon as its last request is over.
//
// A real server in this process (no spawn): a download is held mid-stream by corking its socket, so the
// swap happens while its route still writes.

import { copyFileSync, renameSync } from 'node:fs';
import {
  type IncomingMessage,
  type Server,
  type ServerResponse,
  createServer,
  request as httpRequest,
} from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateBundle } from '../tools/generate/index.ts';
import type { Snapshot } from '../src/snapshot/snapshot.ts';
import { appOver, buildDatabase, removeDir, tempDir, type TestApp } from './support/fixture.ts';

/** The bulk file of every ballot: larger than a chunk of the CSV writer, so it streams in several writes. */
const DOWNLOAD = '/dane/glosy.csv';

let dir: string;
let t: TestApp;
let server: Server;
let base: string;
/** The socket of the next request for this URL is corked: its bytes wait in the process until uncorked. */
const corkNext = new Set<string>();
const corked = new Map<string, Socket>();
/** A request for this URL reaches the app only once its client has gone (a route that asks for the snapshot late). */
const LATE = '/glosowania?strona=2';
let lateArrived = false;

beforeAll(async () => {
  dir = tempDir();
  // The council of test/exports.test.ts: built once per run for both.
  await generateBundle(dir, { seed: 31, radni: 14, glosowania: 300, rady: 2 });
  t = appOver(await buildDatabase(dir), { RESPONSE_CACHE_MB: 0 });
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (req.url !== undefined && corkNext.delete(req.url)) {
      req.socket.cork();
      corked.set(req.url, req.socket);
    }
    if (req.url === LATE) {
      lateArrived = true;
      res.once('close', () => t.app(req, res));
    } else t.app(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  t?.close();
  removeDir(dir);
});

interface Answer {
  status: number;
  etag: string | undefined;
  body: Buffer;
}

/** One request over the socket; `onSocket` gets the client's socket (to cut it off). */
function fetchRaw(
  path: string,
  { method = 'GET', headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string } = {},
  onSocket?: (socket: Socket) => void,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { method, headers: { connection: 'close', ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, etag: res.headers.etag, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    if (onSocket) req.on('socket', onSocket);
    req.end(body);
  });
}

async function until(what: string, done: () => boolean, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!done()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * Publishes another snapshot at the served path, as the ETL does (a new file renamed over it), and puts
 * it in service; returns the one it replaced. The copy's id differs, so its ETags say which answered.
 */
function swap(id: string): Snapshot {
  const old = t.snapshots.active!;
  const next = join(dirname(t.snapshots.path), `${id}.db`);
  copyFileSync(t.snapshots.path, next);
  const db = new Database(next);
  db.prepare("UPDATE meta SET value = ? WHERE key = 'snapshot'").run(id);
  db.close();
  renameSync(next, t.snapshots.path);
  expect(t.snapshots.refresh(), 'the new file is put in service').toBe(true);
  expect(t.snapshots.active).not.toBe(old);
  return old;
}

describe('one way to hold a snapshot: the exchange holds it for the request (issue 43)', () => {
  it('a download streaming across a swap finishes on its snapshot, which closes after its last byte', async () => {
    const whole = await fetchRaw(DOWNLOAD, { headers: { 'accept-encoding': 'identity' } });
    expect(whole.status).toBe(200);
    expect(whole.body.length, 'the file takes more than one write').toBeGreaterThan(128 * 1024);
    const startedOn = t.snapshots.active!;

    corkNext.add(DOWNLOAD);
    const streaming = fetchRaw(DOWNLOAD, { headers: { 'accept-encoding': 'identity' } });
    // Its route has written a chunk and waits for the socket to drain: the download is under way.
    await until('the download to be under way', () => (corked.get(DOWNLOAD)?.writableLength ?? 0) > 0);

    const old = swap('held-across-a-swap');
    expect(old).toBe(startedOn);
    expect(old.db.open, 'the download still holds the snapshot it started on').toBe(true);
    // A request after the swap is answered from the new snapshot meanwhile.
    const after = await fetchRaw('/api/utils/stats');
    expect([after.status, after.etag?.startsWith('"held-across-a-swap.')]).toEqual([200, true]);
    expect(old.db.open).toBe(true);

    corked.get(DOWNLOAD)!.uncork();
    const streamed = await streaming;
    expect(streamed.status).toBe(200);
    expect(streamed.etag).toBe(whole.etag);
    expect(streamed.body.equals(whole.body), 'the download is whole, and the bytes of its own snapshot').toBe(true);
    await until('the old snapshot to close once the download is over', () => !old.db.open);
  });

  it('no request keeps a hold: answers, pages, errors, 304s, HEADs, POSTs, a download cut off, a client gone first all give it back', async () => {
    const held = t.snapshots.active!;
    const page = await fetchRaw('/glosowania');
    const answers = await Promise.all([
      fetchRaw('/api/glosowania?limit=3'),
      fetchRaw('/api/radni/999999'),
      fetchRaw('/api/glosowania?limit=abc'),
      fetchRaw('/glosowania', { headers: { 'if-none-match': page.etag! } }),
      fetchRaw('/radni/nikt-taki'),
      fetchRaw('/glosowania?strona=abc'),
      fetchRaw('/glosowania.csv'),
      fetchRaw(DOWNLOAD, { method: 'HEAD' }),
      fetchRaw('/dane/nic.csv'),
      fetchRaw('/sitemap.xml'),
      fetchRaw('/api/glosowania/1/udostepnij', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }),
      fetchRaw('/api/glosowania/999999/udostepnij', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }),
    ]);
    expect([page.status, ...answers.map((a) => a.status)]).toEqual([
      200, 200, 404, 400, 304, 404, 400, 200, 200, 404, 404, 201, 404,
    ]);

    // A client that goes away in the middle of a download.
    corkNext.add(DOWNLOAD);
    let client: Socket | undefined;
    const cut = fetchRaw(DOWNLOAD, { headers: { 'accept-encoding': 'identity' } }, (socket) => (client = socket)).catch(
      (error: unknown) => error,
    );
    await until('the download to be under way', () => (corked.get(DOWNLOAD)?.writableLength ?? 0) > 0);
    client!.destroy();
    await cut;
    await until('the cut-off download to close on the server', () => corked.get(DOWNLOAD)!.destroyed);

    // A client gone before its route asked for the snapshot: the route still holds it, and gives it back.
    let gone: Socket | undefined;
    const late = fetchRaw(LATE, {}, (socket) => (gone = socket)).catch((error: unknown) => error);
    await until('the request to arrive', () => lateArrived);
    gone!.destroy();
    await late;

    expect(t.snapshots.active).toBe(held);
    swap('after-every-kind-of-request');
    // Retired with no request holding it, it closes at once — or, for a response whose close is still on
    // its way, a moment later; a request that kept its hold would keep it open.
    await until('the snapshot to close with no request holding it', () => !held.db.open, 1_000);
  });
});
