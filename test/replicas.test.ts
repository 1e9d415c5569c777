// The deployment of docs/DESIGN.md on loopback, as the README's "Several machines" section runs it:
// one builder (`council serve`, PUBLISH_PORT) and two replicas (`council serve --follow`) on three
// ports, their share links in one PostgreSQL, behind nginx. Each is a real process; PostgreSQL and
// nginx are Debian's (tools/loopback/), skipped with a message where they are not installed.

import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runEtl } from '../etl/run.ts';
import { generateBundle } from '../tools/generate/index.ts';
import { NGINX_MISSING, type NginxServer, haveNginx, startNginx } from '../tools/loopback/nginx.ts';
import { POSTGRES_MISSING, type PostgresServer, postgresBin, startPostgres } from '../tools/loopback/postgres.ts';
import { removeDir, tempDir } from './support/fixture.ts';
import {
  type ServerProcess,
  freePort,
  killAll,
  startServerProcess,
  stopProcess,
  waitFor,
} from './support/server-process.ts';

const missing = [postgresBin() ? null : POSTGRES_MISSING, haveNginx() ? null : NGINX_MISSING].filter(Boolean);
if (missing.length > 0)
  console.warn(`${missing.join('; ')}: the loopback test of one builder and two replicas behind a proxy is skipped`);

const root = tempDir('council-replicas-');
/** Two versions of the builder's source: the second has more votes, so answers tell them apart. */
const bundles = { first: join(root, 'first'), second: join(root, 'second') };
const VOTES = { first: 300, second: 340 };
/** The site's public address behind the proxy: its pages' absolute URLs, whatever Host a request names. */
const PUBLIC_URL = 'https://rada.example.org';
const source = join(root, 'source');

let postgres: PostgresServer;
let builder: ServerProcess;
let replicas: ServerProcess[];
let proxy: NginxServer;

const json = async (url: string, init: RequestInit = {}) => {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  return {
    status: res.status,
    body: (await res.json()) as {
      data: Record<string, unknown> & { snapshot?: string };
      replika?: { behindSeconds: number | null };
    },
  };
};
const servedBy = async (server: ServerProcess) => (await json(`${server.url}/health`)).body.data?.snapshot;

/** Waits until every replica serves `snapshot`. */
const allServe = async (snapshot: string) => {
  let last: unknown;
  await waitFor(
    `both replicas to serve ${snapshot}`,
    async () => {
      for (const replica of replicas) {
        const { body } = await json(`${replica.url}/health`);
        last = body.replika;
        if (body.data?.snapshot !== snapshot || body.replika?.behindSeconds !== 0) return false;
      }
      return true;
    },
    60_000,
    100,
  ).catch((error: Error) => {
    throw new Error(`${error.message}; a replica's /health replika: ${JSON.stringify(last)}`);
  });
};

const READS = [
  '/api/utils/stats',
  '/api/radni',
  '/api/glosowania?limit=20',
  '/api/glosowania/1/glosy',
  '/api/statystyki/dashboard',
  '/api/statystyki/top-koalicje',
  '/api/posiedzenia',
  '/',
  '/glosowania',
  '/radni',
];

/** Reads through the proxy from `concurrency` loops until stopped: every answer that is not a 200 is a failure. */
function readLoad(base: string, concurrency = 12) {
  let stopped = false;
  let next = 0;
  const seen = { total: 0, failures: [] as string[], voteCounts: new Set<number>() };
  const loop = async () => {
    while (!stopped) {
      const path = READS[next++ % READS.length]!;
      try {
        const res = await fetch(base + path, { signal: AbortSignal.timeout(10_000) });
        const text = await res.text();
        if (res.status !== 200) seen.failures.push(`${path}: ${res.status} ${text.slice(0, 200)}`);
        else if (path === '/api/utils/stats')
          seen.voteCounts.add((JSON.parse(text) as { data: { glosowania: number } }).data.glosowania);
      } catch (error) {
        seen.failures.push(`${path}: ${String((error as Error).cause ?? error)}`);
      }
      seen.total++;
    }
  };
  const loops = Array.from({ length: concurrency }, loop);
  return {
    total: () => seen.total,
    stop: async () => {
      stopped = true;
      await Promise.all(loops);
      return seen;
    },
  };
}

describe.skipIf(missing.length > 0)('one builder, two replicas, PostgreSQL and nginx on loopback', () => {
  beforeAll(async () => {
    await generateBundle(bundles.first, { seed: 21, radni: 20, glosowania: VOTES.first, kadencje: 1 });
    await generateBundle(bundles.second, { seed: 22, radni: 20, glosowania: VOTES.second, kadencje: 1 });
    mkdirSync(source);
    for (const file of readdirSync(bundles.first)) copyFileSync(join(bundles.first, file), join(source, file));
    postgres = await startPostgres();
    const links = await postgres.createDatabase('council');
    const common = {
      SHARES_DATABASE_URL: links,
      RATE_LIMIT_MAX_REQUESTS: '1000000',
      CRON_SCHEDULE: '',
      LOG_LEVEL: 'info',
    };

    const builderDb = join(root, 'builder', 'council.db');
    await runEtl({ source, dbPath: builderDb, createFolder: true });
    const publishPort = await freePort();
    builder = await startServerProcess({
      ...common,
      DB_PATH: builderDb,
      SOURCE_DIR: source,
      PUBLISH_PORT: String(publishPort),
    });
    const manifest = `http://127.0.0.1:${publishPort}/council.db.manifest.json`;
    replicas = await Promise.all(
      ['one', 'two'].map((name) => {
        mkdirSync(join(root, name));
        return startServerProcess(
          {
            ...common,
            DB_PATH: join(root, name, 'council.db'),
            FOLLOW_INTERVAL_S: '1',
            TRUST_PROXY: 'true',
            PUBLIC_URL,
          },
          ['--follow', manifest],
        );
      }),
    );
    proxy = await startNginx(replicas.map((r) => r.url.replace('http://', '')));
    await allServe((await servedBy(builder))!);
  }, 180_000);

  afterAll(async () => {
    await proxy?.stop();
    await killAll();
    await postgres?.destroy();
    removeDir(root);
  });

  it('a link created through one replica is read through the other, and through the proxy', async () => {
    const [one, two] = replicas as [ServerProcess, ServerProcess];
    const voter = (await json(`${one.url}/api/glosowania/1/glosy`)).body.data as unknown as Array<{ id_osoby: number }>;
    const created = await json(`${one.url}/api/glosowania/1/udostepnij`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id_osoby: voter[0]!.id_osoby }),
    });
    expect(created.status).toBe(201);
    const { link } = created.body.data as { link: string };
    const read = await json(`${two.url}/api/glosowania/share/${link}`);
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ link, wyrozniony: { id_osoby: voter[0]!.id_osoby } });
    const again = await json(`${proxy.url}/api/glosowania/1/udostepnij`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id_osoby: voter[0]!.id_osoby }),
    });
    expect(again).toMatchObject({ status: 200, body: { data: { link } } });
    const page = await fetch(`${proxy.url}/share/${link}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`<meta property="og:url" content="${PUBLIC_URL}/share/${link}"`); // never the proxy's Host
  });

  it('a snapshot the builder publishes reaches both replicas, and reads through the proxy see no failure while they swap', async () => {
    const before = (await servedBy(builder))!;
    const load = readLoad(proxy.url);
    await waitFor('some reads', () => load.total() > 200, 30_000);
    for (const file of readdirSync(bundles.second)) copyFileSync(join(bundles.second, file), join(source, file));
    builder.child.kill('SIGHUP'); // the refresh: rebuilds, since the source changed, and publishes
    const after = await waitFor(
      'the builder to publish a new snapshot',
      async () => {
        const id = await servedBy(builder);
        return id && id !== before ? id : undefined;
      },
      90_000,
      100,
    );
    await allServe(after);
    const served = load.total();
    await waitFor('reads after the swap', () => load.total() > served + 200, 30_000);
    const seen = await load.stop();
    expect(seen.failures).toEqual([]);
    expect([...seen.voteCounts].sort()).toEqual([VOTES.first, VOTES.second]);
    expect(seen.total).toBeGreaterThan(400);
  }, 180_000);

  it('a replica killed under load loses no read: the proxy retries it on the other', async () => {
    const load = readLoad(proxy.url);
    await waitFor('some reads', () => load.total() > 200, 30_000);
    const killed = replicas[0]!;
    await stopProcess(killed, 'SIGKILL');
    const atKill = load.total();
    await waitFor('reads after the kill', () => load.total() > atKill + 500, 30_000);
    const seen = await load.stop();
    expect(seen.failures).toEqual([]);
    expect((await json(`${proxy.url}/health`)).status).toBe(200);
  }, 120_000);
});
