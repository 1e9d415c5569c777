// The service as it runs unattended, refreshed: a real `council serve` process on loopback, refreshed by
// SIGHUP (the same job the cron runs) and by separate `council etl` processes on the same database, under
// concurrent load, with a broken bundle; its logs, its workers and its log level. Builds killed, locked
// and overlapping, and shutdown signals: ./service-builds.test.ts (test/support/service.ts holds what both use).

import { randomUUID } from 'node:crypto';
import { appendFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { council, freePort, type LogLine, stopProcess, waitFor } from './support/server-process.ts';
import {
  bundle,
  copyBundle,
  health,
  heldPost,
  refreshBySighup,
  request,
  retiredSnapshotsClosed,
  snapshotChange,
  startLoad,
  startSite,
  stats,
  TEST_TIMEOUT,
  useServiceFixtures,
} from './support/service.ts';

useServiceFixtures(['a', 'b', 'c']);

describe('council serve as a service', () => {
  it(
    'a SIGHUP refresh under concurrent load answers every request and puts the new data in service',
    async () => {
      const { server, source, db } = await startSite(bundle('a'));
      const before = await health(server);
      expect(before.status).toBe('ok');
      expect(before.odswiezanie).toEqual({
        trwa: false,
        ostatnie: null,
        pobieranie: null,
        zrodlo: expect.objectContaining({ path: source, from: 'configuration' }),
      });
      expect(await stats(server)).toEqual(bundle('a').stats);

      const load = startLoad(server.url, 64);
      await waitFor('the load to get going', () => load.completed() >= 100);
      // A request that starts on the old snapshot and finishes after the swap.
      const straddling = heldPost(server.url, '/api/glosowania/77/udostepnij', '{}');
      await straddling.continued;
      copyBundle(bundle('b'), source);
      const refreshStarted = Date.now();
      server.child.kill('SIGHUP');
      const next = await snapshotChange(server, before.data!.snapshot);
      const swapped = Date.now();
      // The old snapshot stays open while a request still holds it, and answers it.
      if (existsSync('/proc/self/fd')) expect(retiredSnapshotsClosed(server.pid, db)).toBe(false);
      straddling.send();
      expect((await straddling.answered).status).toBe(201);
      // Keep the load going over the swap and the retirement of the old snapshot.
      const atSwap = load.completed();
      await waitFor('more requests after the swap', () => load.completed() >= Math.max(atSwap + 200, 450));
      const result = await load.stop();

      expect(result.failures).toEqual([]);
      expect(result.total).toBeGreaterThanOrEqual(450);
      expect(result.maxInFlight).toBe(64);
      expect(result.times.filter((t) => t >= refreshStarted && t <= swapped).length).toBeGreaterThanOrEqual(200);
      // Both data sets were served during the stream: the swap happened while it ran.
      expect([...result.voteCounts].sort()).toEqual(
        [bundle('a').stats.glosowania, bundle('b').stats.glosowania].sort(),
      );

      expect(await stats(server)).toEqual(bundle('b').stats);
      const after = await health(server);
      expect(after.data).toMatchObject({ snapshot: next, liczba_glosowan: bundle('b').stats.glosowania });
      expect(after.data!.zaktualizowano > before.data!.zaktualizowano).toBe(true);
      expect(after.odswiezanie).toMatchObject({ trwa: false, ostatnie: { ok: true, snapshot: next } });

      // The old snapshot is closed once its requests are done: no descriptor on the replaced file stays open.
      await waitFor('the old snapshot to be closed', () => retiredSnapshotsClosed(server.pid, db), 3_000);

      // The refresh logged each ETL stage with its counts and timing, structured.
      // (The server's log reaches this process through a pipe, behind the answers: wait for the line.)
      expect(await server.waitForLog((l) => l.msg === 'refresh published')).toMatchObject({ ok: true, snapshot: next });
      const stages = server.logs().filter((l) => l.msg === 'etl stage');
      expect(stages.map((l) => l['stage'])).toEqual(
        expect.arrayContaining(['read + load', 'materialise: pairs', 'publish']),
      );
      expect(stages.find((l) => l['stage'] === 'read + load')).toMatchObject({
        rows: expect.any(Number),
        ms: expect.any(Number),
      });
      expect(stages.find((l) => l['stage'] === 'read + load')!['rows']).toBeGreaterThan(0);
    },
    TEST_TIMEOUT,
  );

  it(
    'a snapshot published by a separate council etl process is picked up under concurrent load',
    async () => {
      const { server, db } = await startSite(bundle('a'));
      const before = await health(server);
      const load = startLoad(server.url, 64);
      await waitFor('the load to get going', () => load.completed() >= 100);
      const straddling = heldPost(server.url, '/api/glosowania/77/udostepnij', '{}');
      await straddling.continued;
      const etlStarted = Date.now();
      const etl = council(['etl', '--source', bundle('b').dir, '--db', db], { LOG_LEVEL: 'silent' });
      const next = await snapshotChange(server, before.data!.snapshot);
      const swapped = Date.now();
      if (existsSync('/proc/self/fd')) expect(retiredSnapshotsClosed(server.pid, db)).toBe(false);
      straddling.send();
      expect((await straddling.answered).status).toBe(201);
      expect(await etl.exited, etl.stderr()).toEqual({ code: 0, signal: null });
      expect(etl.stdout()).toContain(`(snapshot ${next})`);
      const atSwap = load.completed();
      await waitFor('more requests after the swap', () => load.completed() >= Math.max(atSwap + 200, 450));
      const result = await load.stop();

      expect(result.failures).toEqual([]);
      expect(result.times.filter((t) => t >= etlStarted && t <= swapped).length).toBeGreaterThanOrEqual(200);
      expect([...result.voteCounts].sort()).toEqual(
        [bundle('a').stats.glosowania, bundle('b').stats.glosowania].sort(),
      );
      expect(await stats(server)).toEqual(bundle('b').stats);
      expect((await health(server)).data).toMatchObject({
        snapshot: next,
        liczba_glosowan: bundle('b').stats.glosowania,
      });
      await waitFor('the old snapshot to be closed', () => retiredSnapshotsClosed(server.pid, db), 3_000);
    },
    TEST_TIMEOUT,
  );

  it(
    'a refresh from a broken bundle keeps the data and the share links, and /health reports the failure',
    async () => {
      const { server, source, dir } = await startSite(bundle('a'));
      const before = await health(server);
      const statsBefore = await stats(server);

      // Share links: one plain, one highlighting a councillor with a ballot in the vote.
      const glosy = await request(server.url, '/api/glosowania/2/glosy');
      const person = glosy.body.data[0].id_osoby as number;
      const created = [
        await request(server.url, '/api/glosowania/1/udostepnij', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        }),
        await request(server.url, '/api/glosowania/2/udostepnij', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ id_osoby: person }),
        }),
      ];
      expect(created.map((c) => c.status)).toEqual([201, 201]);
      const links = created.map((c) => c.body.data.link as string);
      const shared = await Promise.all(links.map((link) => request(server.url, `/api/glosowania/share/${link}`)));
      expect(shared.map((s) => s.status)).toEqual([200, 200]);
      expect(shared[1]!.body.data.wyrozniony).toMatchObject({ id_osoby: person });

      appendFileSync(join(source, 'glosy.csv'), '999999,1,za\n'); // a ballot for an unknown vote
      const failed = await refreshBySighup(server);
      expect(failed.ok).toBe(false);
      expect(failed.error).toMatch(/unknown vote 999999/);
      expect(failed.error).toMatch(/the published database was not changed/);
      const during = await health(server);
      expect(during.status).toBe('ok');
      expect(during.data).toEqual(before.data);
      expect(await stats(server)).toEqual(statsBefore);
      for (const [i, link] of links.entries()) {
        const again = await request(server.url, `/api/glosowania/share/${link}`);
        expect(again.status).toBe(200);
        expect(again.body).toEqual(shared[i]!.body);
      }
      expect(
        await server.waitForLog((l) => l.msg === 'refresh failed; the previous snapshot stays in service'),
      ).toMatchObject({ ok: false });

      // Repaired to the data in service: nothing to rebuild, and the refresh says so.
      copyBundle(bundle('a'), source);
      const restored = await refreshBySighup(server);
      expect(restored).toMatchObject({ ok: true, rebuilt: false, snapshot: before.data!.snapshot });
      expect(
        await server.waitForLog((l) => l.msg === 'unchanged, nothing rebuilt: the source is the one in service'),
      ).toMatchObject({ ok: true });
      // New data: the next refresh publishes it, and the links still resolve over the new snapshot.
      copyBundle(bundle('b'), source);
      const repaired = await refreshBySighup(server);
      expect(repaired).toMatchObject({ ok: true, rebuilt: true });
      expect(repaired.snapshot).not.toBe(before.data!.snapshot);
      expect((await health(server)).data!.snapshot).toBe(repaired.snapshot);
      for (const [i, link] of links.entries()) {
        const again = await request(server.url, `/api/glosowania/share/${link}`);
        expect(again.status).toBe(200);
        expect(again.body.data.link).toBe(link);
        expect(again.body.data.utworzono).toBe(shared[i]!.body.data.utworzono);
      }
      expect(existsSync(join(dir, 'shares', 'shares.db'))).toBe(true);
    },
    TEST_TIMEOUT,
  );

  it(
    'logs JSON with a request id per request and never the API key, tokens or cookies',
    async () => {
      const apiKey = `key-${randomUUID()}`;
      const jwtSecret = `jwt-secret-${randomUUID()}`;
      const token = await new SignJWT({ sub: 'frontend' })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(new TextEncoder().encode(jwtSecret));
      const wrongKey = `wrong-${randomUUID()}`;
      const badToken = `bad.${randomUUID()}.token`;
      const cookie = `session-${randomUUID()}`;
      const { server } = await startSite(bundle('c'), {
        API_SECRET_KEY: apiKey,
        JWT_SECRET: jwtSecret,
        LOG_LEVEL: 'info',
        CRON_SCHEDULE: '0 3 * * *',
      });
      expect(await server.waitForLog((l) => l.msg === 'refresh scheduled')).toMatchObject({
        schedule: '0 3 * * *',
        timezone: 'Europe/Warsaw',
      });

      const withKey = await request(server.url, '/api/utils/stats', {
        headers: { 'X-API-Key': apiKey, 'X-Request-Id': 'trace-service-test-1' },
      });
      expect(withKey.status).toBe(200);
      expect(withKey.headers.get('x-request-id')).toBe('trace-service-test-1');
      const withToken = await request(server.url, '/api/radni', { headers: { Authorization: `Bearer ${token}` } });
      expect(withToken.status).toBe(200);
      const generated = withToken.headers.get('x-request-id');
      expect(generated).toMatch(/^[\w-]{8,}$/);
      // Refused or not (that is the guards' business), these must not reach the log either.
      await request(server.url, '/api/utils/stats', { headers: { 'X-API-Key': wrongKey } });
      await request(server.url, '/api/utils/stats', {
        headers: { Authorization: `Bearer ${badToken}`, Cookie: `sid=${cookie}` },
      });
      await request(server.url, '/api/utils/stats', {
        headers: { 'X-API-Key': apiKey, 'Proxy-Authorization': `Basic ${cookie}` },
      });

      expect(await stopProcess(server)).toEqual({ code: 0, signal: null });
      const stdout = server.stdout();
      for (const secret of [apiKey, jwtSecret, token, token.split('.')[2]!, wrongKey, badToken, cookie]) {
        expect(stdout.includes(secret), `the log contains ${secret}`).toBe(false);
      }
      expect(server.stderr()).toBe('');
      // Every stdout line is one JSON object; each answered request has its own id.
      const lines = stdout.trim().split('\n');
      expect(
        lines.every((l) => {
          try {
            return typeof JSON.parse(l) === 'object';
          } catch {
            return false;
          }
        }),
      ).toBe(true);
      const requests = server
        .logs()
        .filter((l) => (l['req'] as { url?: string } | undefined)?.url?.startsWith('/api/'));
      expect(requests).toHaveLength(5);
      const ids = requests.map((l) => (l['req'] as { id: string }).id);
      expect(new Set(ids).size).toBe(5);
      expect(ids).toContain('trace-service-test-1');
      expect(ids).toContain(generated);
      // Each line names the request, never its headers (where keys, tokens and cookies travel).
      for (const line of requests) {
        expect(Object.keys(line['req'] as object).sort()).toEqual(['id', 'method', 'remoteAddress', 'url']);
        expect(line).toMatchObject({
          msg: 'request completed',
          res: { statusCode: expect.any(Number) },
          responseTime: expect.any(Number),
        });
      }
    },
    TEST_TIMEOUT,
  );

  it(
    'WEB_CONCURRENCY=2: workers share the rate limit, all serve a refresh, and stop with the primary',
    async () => {
      const { server, source } = await startSite(bundle('a'), { WEB_CONCURRENCY: '2', RATE_LIMIT_MAX_REQUESTS: '40' });
      const fresh = (path: string) => request(server.url, path, { headers: { Connection: 'close' } }); // a new connection each: any worker
      await waitFor('both workers to listen', () => server.logs().filter((l) => l.msg === 'listening').length === 2);
      const pids = new Set(
        server
          .logs()
          .filter((l) => l.msg === 'listening')
          .map((l) => l['pid']),
      );
      expect(pids.size).toBe(2);

      // One count for the client, whichever worker answers: Remaining falls by one per request.
      const remaining: number[] = [];
      for (let i = 0; i < 40; i++) {
        const answer = await fresh('/api/utils/stats');
        expect(answer.status).toBe(200);
        remaining.push(Number(answer.headers.get('x-ratelimit-remaining')));
      }
      expect(remaining).toEqual(Array.from({ length: 40 }, (_, i) => 39 - i));
      const over = await fresh('/api/utils/stats');
      expect(over.status).toBe(429);
      expect(over.body).toMatchObject({ success: false, error: 'Too Many Requests' });

      // The primary runs the refresh; every worker serves the new snapshot and reports the outcome.
      const before = await health(server);
      copyBundle(bundle('b'), source);
      server.child.kill('SIGHUP');
      const next = await snapshotChange(server, before.data!.snapshot);
      await waitFor(
        'every worker to report the refresh',
        async () => {
          const answers = await Promise.all(Array.from({ length: 12 }, () => fresh('/health')));
          return (
            answers.every((a) => a.body.data?.snapshot === next && a.body.odswiezanie.ostatnie?.ok === true) ||
            undefined
          );
        },
        30_000,
        200,
      );

      expect(await stopProcess(server)).toEqual({ code: 0, signal: null });
      expect(server.logs().filter((l) => l.msg === 'shut down')).toHaveLength(3); // two workers, then the primary
    },
    TEST_TIMEOUT,
  );

  it(
    'LOG_LEVEL=warn leaves out the per-request info lines',
    async () => {
      const { server } = await startSite(bundle('c'), { LOG_LEVEL: 'warn', PORT: String(await freePort()) });
      expect((await request(server.url, '/api/utils/stats')).status).toBe(200);
      expect(await stopProcess(server)).toEqual({ code: 0, signal: null });
      const levels = server.logs().map((l: LogLine) => l.level ?? 0);
      expect(server.stdout()).not.toContain('"listening"'); // info
      expect(levels.every((level) => level >= 40)).toBe(true);
    },
    TEST_TIMEOUT,
  );
});
