// PostgreSQL stopped and started again under a `council serve` process that is creating share links
// through keep-alive connections (issue 34, 1): the server must live through it. While the database is
// down every read answers as usual and the link requests answer 503; once it is back, links work again.
// A real server process (an unhandled 'error' event of a pooled connection would end it) and a real
// PostgreSQL from Debian's package (tools/loopback/postgres.ts), stopped both ways pg_ctl does: fast
// (sessions ended with an error message) and immediate (connections cut, as in a crash).

import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runEtl } from '../etl/run.ts';
import { generateBundle } from '../tools/generate/index.ts';
import { POSTGRES_MISSING, type PostgresServer, postgresBin, startPostgres } from '../tools/loopback/postgres.ts';
import { tempDir } from './support/fixture.ts';
import { type ServerProcess, killAll, startServerProcess, waitFor } from './support/server-process.ts';

const havePostgres = postgresBin() !== undefined;
if (!havePostgres) console.warn(`${POSTGRES_MISSING}: the test of a PostgreSQL restart under load is skipped`);

let postgres: PostgresServer;
let server: ServerProcess;
let voters: number[];

const READS = ['/health', '/api/radni', '/api/glosowania/1', '/api/statystyki/dashboard', '/glosowania/1'];

/**
 * Keep-alive clients (fetch keeps its connections) posting links for vote 1 and reading every READS path,
 * until stopped. Every answer is recorded by status, every failure to get one (reset, refused) as an error.
 */
function linkLoad(base: string, concurrency = 8) {
  let stopped = false;
  const statuses = { posts: new Map<number, number>(), reads: new Map<string, number>() };
  const errors: string[] = [];
  const count = <K>(map: Map<K, number>, key: K) => map.set(key, (map.get(key) ?? 0) + 1);
  const loop = async (n: number) => {
    for (let i = 0; !stopped; i++) {
      try {
        const post = await fetch(`${base}/api/glosowania/1/udostepnij`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ id_osoby: voters[(n + i) % voters.length] }),
          signal: AbortSignal.timeout(15_000),
        });
        await post.arrayBuffer();
        count(statuses.posts, post.status);
        const path = READS[i % READS.length]!;
        const read = await fetch(base + path, { signal: AbortSignal.timeout(15_000) });
        await read.arrayBuffer();
        count(statuses.reads, `${path} ${read.status}`);
      } catch (error) {
        errors.push(String((error as Error).cause ?? error));
        await new Promise((r) => setTimeout(r, 20));
      }
    }
  };
  const loops = Array.from({ length: concurrency }, (_, n) => loop(n));
  return {
    statuses,
    posts: () => [...statuses.posts.values()].reduce((a, b) => a + b, 0),
    stop: async () => {
      stopped = true;
      await Promise.all(loops);
      return { ...statuses, errors };
    },
  };
}

describe.skipIf(!havePostgres)('PostgreSQL restarted while share links are being made', () => {
  beforeAll(async () => {
    const source = tempDir();
    await generateBundle(source, { seed: 34, radni: 12, glosowania: 40, kadencje: 1 });
    const dbPath = join(tempDir(), 'council.db');
    await runEtl({ source, dbPath });
    postgres = await startPostgres();
    const url = await postgres.createDatabase('links');
    server = await startServerProcess({
      DB_PATH: dbPath,
      SHARES_DATABASE_URL: url,
      CRON_SCHEDULE: '',
      RATE_LIMIT_MAX_REQUESTS: '100000000',
    });
    const ballots = (await (await fetch(`${server.url}/api/glosowania/1/glosy`)).json()) as {
      data: Array<{ id_osoby: number }>;
    };
    voters = ballots.data.map((b) => b.id_osoby);
  }, 120_000);

  afterAll(async () => {
    await killAll();
    await postgres?.destroy();
  });

  it.each(['fast', 'immediate'] as const)(
    '%s shutdown: the server lives, reads answer, links 503 then work again',
    async (mode) => {
      const alive = () => {
        if (server.exit())
          throw new Error(`the server exited (${JSON.stringify(server.exit())}): ${server.stderr().slice(-3000)}`);
      };
      const made = () => (load.statuses.posts.get(200) ?? 0) + (load.statuses.posts.get(201) ?? 0);
      const load = linkLoad(server.url);
      for (let restart = 0; restart < 3; restart++) {
        const before = made();
        await waitFor(
          'links being made',
          () => {
            alive();
            return made() > before + 50;
          },
          30_000,
        );
        await postgres.stop(mode);
        const atStop = load.posts();
        await waitFor(
          'link requests answered while the database is down',
          () => {
            alive();
            return load.posts() > atStop + 40;
          },
          30_000,
        );
        await postgres.start();
      }
      const atStart = made();
      await waitFor(
        'links made again',
        () => {
          alive();
          return made() > atStart + 40;
        },
        30_000,
      );
      const seen = await load.stop();

      alive();
      expect(seen.errors).toEqual([]);
      expect(seen.posts.get(503)).toBeGreaterThan(0);
      expect([...seen.posts.keys()].filter((s) => ![200, 201, 503].includes(s))).toEqual([]);
      for (const [read, n] of seen.reads) expect(read, `${n} answers`).toMatch(/ 200$/);
      expect((await fetch(`${server.url}/health`)).status).toBe(200);
    },
    180_000,
  );
});
