// The OpenAPI document checked by an independent validator: Prism 5 (Stoplight) in proxy mode with
// `--errors`, in front of the service on the sample council. Every answer passes through it: a request
// the document would not allow (a credential it calls required, a parameter it does not list) or an
// answer that breaks the documented schema comes back as Prism's own error instead of ours, with an
// `sl-violations` header. The walk: /health, /api, six stored URLs of every kind the ETL stores for
// the sample (the answers a crawler reads), every endpoint that is not stored (§9 comparison, glos, the
// error answers). A control shows Prism refusing a keyless request where the document requires a key.

import { type ChildProcess, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import { type AddressInfo, createServer as createNetServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../src/openapi.ts';
import { API_ENDPOINTS } from '../src/answers/endpoints.ts';
import { type TestApp, appOver, buildDatabase, tempDir } from './support/fixture.ts';

const PRISM = fileURLToPath(new URL('../node_modules/@stoplight/prism-cli/dist/index.js', import.meta.url));
const SAMPLE = fileURLToPath(new URL('../data/sample', import.meta.url));

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createNetServer()
      .listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      })
      .on('error', reject);
  });

interface Proxy {
  url: string;
  child: ChildProcess;
  output: () => string;
}

/** Starts `prism proxy <document> <upstream> --errors` on a free loopback port; resolves once it listens. */
async function prismProxy(document: object, upstream: string): Promise<Proxy> {
  const dir = tempDir('council-prism-');
  const file = join(dir, 'openapi.json');
  writeFileSync(file, JSON.stringify(document));
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [PRISM, 'proxy', file, upstream, '--errors', '-h', '127.0.0.1', '-p', String(port)],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`prism did not start in 60 s:\n${output}`)), 60_000);
    child.stdout.on('data', () => {
      if (output.includes('Prism is listening')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`prism exited (${code}):\n${output}`));
    });
  });
  return { url: `http://127.0.0.1:${port}`, child, output: () => output };
}

const stopped = (p: Proxy | undefined) =>
  p &&
  new Promise<void>((resolve) => {
    if (p.child.exitCode !== null) return resolve();
    p.child.once('exit', () => resolve());
    p.child.kill('SIGTERM');
  });

let t: TestApp;
let server: Server;
let upstream: string;
let open: Proxy;
let keyed: Proxy | undefined;
let urls: string[];

beforeAll(async () => {
  t = appOver(await buildDatabase(SAMPLE));
  server = createServer(t.app as never);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  upstream = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  open = await prismProxy(buildOpenApiDocument(), upstream);

  const db = t.snapshots.active!.db;
  // Up to six stored URLs of each kind (the path with its ids as :n, and the query's names).
  const stored = db.prepare('SELECT sciezka FROM odpowiedz ORDER BY sciezka').pluck().all() as string[];
  const perKind = new Map<string, string[]>();
  for (const url of stored) {
    const kind = url.replace(/\/\d+/g, '/:n').replace(/=[^&]*/g, '');
    const seen = perKind.get(kind) ?? [];
    if (seen.length < 6) perKind.set(kind, [...seen, url]);
  }
  const [first, second] = db
    .prepare(`SELECT id_osoby FROM radny_stat WHERE kadencja = '*' ORDER BY liczba_glosowan DESC, id_osoby LIMIT 2`)
    .pluck()
    .all() as number[];
  const vote = db.prepare('SELECT id_glosowania FROM glosowanie ORDER BY ord LIMIT 1').pluck().get() as number;
  const share = await fetch(`${upstream}/api/glosowania/${vote}/udostepnij`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  const { link } = ((await share.json()) as { data: { link: string } }).data;
  const term = db.prepare('SELECT kadencja FROM kadencja ORDER BY data_od DESC LIMIT 1').pluck().get() as string;
  urls = [
    '/health',
    '/api',
    ...[...perKind.values()].flat(),
    `/api/radni/${first}/porownanie/${second}`,
    `/api/radni/${first}/porownanie/${second}?kadencja=${term}&organ=1&page=2&limit=5`,
    `/api/radni/${first}/porownanie/${second}/zgodnosc-czas`,
    `/api/glosowania?temat=budzet&limit=3`,
    `/api/radni/${first}/glosowania?glos=przeciw`,
    `/api/radni/${first}/obecnosci?kadencja=${term}&limit=100`,
    `/api/statystyki/spojnosc-ugrupowan?kadencja=${term}`,
    `/api/glosowania/share/${link}`,
    '/api/glosowania/share/AAAAAAAAAAAAAAAAAAAAAA',
    '/api/glosowania?search=budzet&limit=3',
    // The error answers are documented too. (A parameter the document itself rules out, `glos=tak`, Prism
    // refuses before the service sees it: that is request validation, checked against the API in openapi.test.ts.)
    `/api/radni/${first}/porownanie/${first}`,
    '/api/radni/987654321/obecnosci',
    '/api/glosowania/987654321',
  ];
}, 300_000);

afterAll(async () => {
  await Promise.all([stopped(open), stopped(keyed)]);
  await new Promise((resolve) => server?.close(resolve));
  t?.close();
});

describe('Prism 5 (proxy, --errors) over the sample council', () => {
  it('passes every answer of the walk unchanged: no violation of the document', async () => {
    const kinds = new Set(urls.map((url) => url.split('?')[0]!.replace(/\/\d+/g, '/:id')));
    // Every endpoint of the API is in the walk, besides the POST (its answer is checked in openapi.test.ts).
    for (const e of API_ENDPOINTS.filter((x) => x.method === 'get')) {
      expect(
        [...kinds].some((k) => new RegExp(`^${e.path.replace(/:\w+/g, '[^/]+')}$`).test(k)),
        e.path,
      ).toBe(true);
    }
    // The POST too: a link for a vote, through the proxy.
    const posted = await fetch(`${open.url}/api/glosowania/1/udostepnij`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect([posted.status, posted.headers.get('sl-violations')], await posted.clone().text()).toEqual([201, null]);
    expect(urls.length).toBeGreaterThan(150);
    const problems: string[] = [];
    for (const url of urls) {
      const [direct, proxied] = await Promise.all([fetch(upstream + url), fetch(open.url + url)]);
      const violations = proxied.headers.get('sl-violations');
      const body = await proxied.text();
      if (violations !== null || proxied.status !== direct.status) {
        problems.push(`${url}: ${direct.status} → ${proxied.status} ${violations ?? ''} ${body.slice(0, 300)}`);
      } else {
        // /health counts its seconds: the two requests may straddle one.
        const settled = (text: string) => text.replace(/"uptime_s":\d+/, '"uptime_s":0');
        expect(settled(body), url).toBe(settled(await direct.text()));
      }
    }
    expect(problems, `${problems.length} of ${urls.length}`).toEqual([]);
  }, 300_000);

  it('refuses a keyless request where the document requires a key (the control: Prism does check security)', async () => {
    keyed = await prismProxy(buildOpenApiDocument(API_ENDPOINTS, { apiKey: true, bearer: false }), upstream);
    const res = await fetch(`${keyed.url}/api/radni`);
    expect(res.status).toBe(401);
    expect((await fetch(`${open.url}/api/radni`)).status).toBe(200);
  }, 120_000);
});
