// The service as it runs unattended, interrupted: a real `council serve` process on loopback and
// `council etl` processes on the same database, with builds killed mid-way, a stray lock, overlapping
// builds both ways, and the shutdown signals with requests in flight and with a refresh running.
// Refreshes under load, logs and workers: ./service.test.ts (test/support/service.ts holds what both use).

import { existsSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from './support/fixture.ts';
import { council, waitFor } from './support/server-process.ts';
import {
  bundle,
  buildFiles,
  copyBundle,
  health,
  heldPost,
  LOAD_PATHS,
  refreshBySighup,
  request,
  sha256,
  sites,
  snapshotChange,
  startSite,
  stats,
  TEST_TIMEOUT,
  useServiceFixtures,
} from './support/service.ts';

useServiceFixtures(['a', 'b', 'c', 'big']);

describe('council serve as a service', () => {
  it(
    'an ETL killed with SIGKILL mid-build leaves the served snapshot intact, and the next run succeeds',
    async () => {
      const { server, db } = await startSite(bundle('a'));
      const before = await health(server);
      const statsBefore = await stats(server);
      const listBefore = await request(server.url, '/api/glosowania?limit=50');
      const bytesBefore = sha256(db);

      const etl = council(['etl', '--source', bundle('big').dir, '--db', db], { LOG_LEVEL: 'silent' });
      // `council etl` builds in a child process it supervises: the build file is the child's.
      const building = join(
        db,
        '..',
        await waitFor(
          'a build file to be written',
          () => buildFiles(db).find((f) => statSync(join(db, '..', f)).size > 0),
          60_000,
          10,
        ),
      );
      etl.child.kill('SIGKILL');
      expect(await etl.exited).toEqual({ code: null, signal: 'SIGKILL' });

      expect(existsSync(building)).toBe(true); // left over, as after a crash
      expect(existsSync(`${db}.lock`)).toBe(true);
      expect(sha256(db)).toBe(bytesBefore);
      expect((await health(server)).data).toEqual(before.data);
      expect(await stats(server)).toEqual(statsBefore);
      expect((await request(server.url, '/api/glosowania?limit=50')).body).toEqual(listBefore.body);

      // The next run takes over the lock, removes the left-over build and publishes (another council: a
      // build is killed only if it is long, a takeover needs none).
      const again = council(['etl', '--source', bundle('b').dir, '--db', db], { LOG_LEVEL: 'silent' });
      expect(await again.exited, again.stderr()).toEqual({ code: 0, signal: null });
      const published = /\(snapshot ([^)]+)\)/.exec(again.stdout())![1]!;
      expect(buildFiles(db)).toEqual([]);
      expect(existsSync(`${db}.lock`)).toBe(false);
      expect(await snapshotChange(server, before.data!.snapshot)).toBe(published);
      expect(await stats(server)).toEqual(bundle('b').stats);
    },
    TEST_TIMEOUT,
  );

  it(
    'a stray file at the lock path (not a lock database) is taken over',
    async () => {
      const db = join(tempDir('council-lock-'), 'council.db');
      sites.push(join(db, '..'));
      writeFileSync(`${db}.lock`, 'left behind by hand\n');
      const taken = council(['etl', '--source', bundle('c').dir, '--db', db], { LOG_LEVEL: 'silent' });
      expect(await taken.exited, taken.stderr()).toEqual({ code: 0, signal: null });
      expect(existsSync(`${db}.lock`)).toBe(false);
      expect(existsSync(db)).toBe(true);
    },
    TEST_TIMEOUT,
  );

  it(
    'overlapping builds are refused both ways: SIGHUP during a council etl, council etl during a SIGHUP refresh',
    async () => {
      // The manual build publishes another folder's data, which the server's refresh then replaces with
      // its own folder's, a smaller council: both said to be wanted here.
      const { server, db, source } = await startSite(bundle('a'), {
        REPLACE_SOURCE: 'true',
        REFRESH_MAX_VOTES_LOST: '100',
      });
      const before = await health(server);
      const statsBefore = await stats(server);
      copyBundle(bundle('c'), source); // new data, so the server's refresh has something to build

      // 1. A manual `council etl` holds the lock: its build (the child it supervises, whose pid names the
      // build file) is stopped mid-build, so it holds the lock for as long as needed, whatever its size.
      const manual = council(['etl', '--source', bundle('b').dir, '--db', db], { LOG_LEVEL: 'silent' });
      const manualBuild = await waitFor('the manual build to start', () => buildFiles(db)[0], 60_000, 10);
      const manualPid = Number(manualBuild.slice('council.db.building-'.length));
      process.kill(manualPid, 'SIGSTOP');
      try {
        const refused = await refreshBySighup(server);
        expect(refused.ok).toBe(false);
        expect(refused.error).toMatch(/another ETL run/);
        const during = await health(server);
        expect(during.status).toBe('ok');
        expect(during.data).toEqual(before.data);
        expect(await stats(server)).toEqual(statsBefore);
      } finally {
        process.kill(manualPid, 'SIGCONT');
      }
      expect(await manual.exited, manual.stderr()).toEqual({ code: 0, signal: null });
      const manualSnapshot = await snapshotChange(server, before.data!.snapshot);
      expect(await stats(server)).toEqual(bundle('b').stats);

      // 2. The server's own refresh holds the lock (its child stopped mid-build); a manual run is refused.
      server.child.kill('SIGHUP');
      const childBuild = await waitFor('the refresh child to start building', () => buildFiles(db)[0], 60_000, 10);
      const childPid = Number(childBuild.slice('council.db.building-'.length));
      process.kill(childPid, 'SIGSTOP');
      try {
        expect((await health(server)).odswiezanie.trwa).toBe(true);
        // A second SIGHUP while this server's refresh runs does not start another.
        server.child.kill('SIGHUP');
        await server.waitForLog((l) => l.msg === 'refresh skipped: the previous one is still running');
        const second = council(['etl', '--source', bundle('c').dir, '--db', db], { LOG_LEVEL: 'silent' });
        expect(await second.exited).toEqual({ code: 1, signal: null });
        expect(second.stderr()).toMatch(/another ETL run/);
        expect((await health(server)).data!.snapshot).toBe(manualSnapshot);
      } finally {
        process.kill(childPid, 'SIGCONT');
      }
      const finished = await waitFor(
        'the refresh to finish',
        async () => {
          const { odswiezanie } = await health(server);
          return !odswiezanie.trwa && odswiezanie.ostatnie?.ok ? odswiezanie.ostatnie : undefined;
        },
        90_000,
        100,
      );
      expect(finished.snapshot).not.toBe(manualSnapshot);
      expect(await stats(server)).toEqual(bundle('c').stats); // SOURCE_DIR holds bundle C
    },
    TEST_TIMEOUT,
  );

  it(
    'SIGTERM lets the requests in flight complete, refuses new connections and exits 0 within 10 s',
    async () => {
      const { server } = await startSite(bundle('a'));
      const port = Number(new URL(server.url).port);
      const agent = new http.Agent({ keepAlive: true, maxSockets: 100 });

      // Requests the server is certainly handling: it has read their headers (and answered 100 Continue)
      // and waits for their bodies, which are sent only after SIGTERM.
      const inFlight = Array.from({ length: 40 }, (_, i) =>
        heldPost(server.url, `/api/glosowania/${i + 1}/udostepnij`, '{}', agent),
      );
      await Promise.all(inFlight.map((r) => r.continued));

      const signalled = Date.now();
      server.child.kill('SIGTERM');
      await server.waitForLog((l) => String(l.msg).startsWith('shutting down'), 10_000);
      // No new connections are accepted.
      const refused = await new Promise<string>((resolve) => {
        const socket = net.connect(port, '127.0.0.1');
        socket.once('connect', () => {
          socket.destroy();
          resolve('connected');
        });
        socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
      });
      expect(refused).toBe('ECONNREFUSED');
      expect(server.exit()).toBeNull(); // still draining

      for (const r of inFlight) r.send();
      const answers = await Promise.all(inFlight.map((r) => r.answered));
      const answered = Date.now();
      expect(answers.map((a) => a.status)).toEqual(inFlight.map(() => 201));
      expect(answers.every((a) => JSON.parse(a.body).data.link)).toBe(true);

      const exit = await server.exited;
      const took = Date.now() - signalled;
      // The keep-alive connections are closed as soon as their last answer is out: the exit does not
      // wait for the clients' or the server's keep-alive timeout (5 s).
      expect(Date.now() - answered).toBeLessThan(4000);
      agent.destroy();
      expect(exit).toEqual({ code: 0, signal: null });
      expect(took).toBeLessThan(10_000);
      const messages = server.logs().map((l) => l.msg);
      expect(messages).toContain('shut down');
      expect(messages).not.toContain('in-flight requests did not finish in time; closing their connections');
    },
    TEST_TIMEOUT,
  );

  it(
    'SIGTERM during a refresh stops the ETL child, keeps the published snapshot and exits 0',
    async () => {
      const { server, source, db } = await startSite(bundle('a'));
      const bytesBefore = sha256(db);
      copyBundle(bundle('big'), source);
      server.child.kill('SIGHUP');
      const childBuild = await waitFor('the refresh child to start building', () => buildFiles(db)[0], 60_000, 10);
      const childPid = Number(childBuild.slice('council.db.building-'.length));
      const signalled = Date.now();
      server.child.kill('SIGTERM');
      expect(await server.exited).toEqual({ code: 0, signal: null });
      expect(Date.now() - signalled).toBeLessThan(10_000);
      expect(() => process.kill(childPid, 0)).toThrow(); // the child is gone too
      expect(buildFiles(db)).toEqual([]);
      expect(sha256(db)).toBe(bytesBefore);
      expect(server.logs().map((l) => l.msg)).toContain(
        'stopping the refresh in progress; the published snapshot is unchanged',
      );
      // Nothing is left locked: the next run publishes.
      const next = council(['etl', '--source', bundle('b').dir, '--db', db], { LOG_LEVEL: 'silent' });
      expect(await next.exited, next.stderr()).toEqual({ code: 0, signal: null });
    },
    TEST_TIMEOUT,
  );

  it(
    'SIGINT with idle keep-alive connections exits 0 promptly',
    async () => {
      const { server } = await startSite(bundle('c'));
      const agent = new http.Agent({ keepAlive: true, maxSockets: 10 });
      const get = (path: string) =>
        new Promise<number>((resolve, reject) => {
          http
            .get(`${server.url}${path}`, { agent }, (res) => {
              res.resume();
              res.on('end', () => resolve(res.statusCode!));
            })
            .once('error', reject);
        });
      expect(await Promise.all(LOAD_PATHS.map(get))).toEqual(LOAD_PATHS.map(() => 200));
      const signalled = Date.now();
      server.child.kill('SIGINT');
      expect(await server.exited).toEqual({ code: 0, signal: null });
      expect(Date.now() - signalled).toBeLessThan(5_000);
      agent.destroy();
    },
    TEST_TIMEOUT,
  );
});
