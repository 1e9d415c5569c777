// The snapshot in service checked against its manifest at start (issue 34): a file cut short is never
// served; one whose bytes were changed on disk (a letter of a title: SQLite opens and reads it happily)
// is withdrawn once its SHA-256 has been read — 503, /health saying why, an error in the log — and a
// builder rebuilds it from its source, a replica downloads the builder's again. Real server processes.

import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { manifestPathOf, snapshotMetaOf } from '../core/snapshot/manifest.ts';
import { runEtl } from '../etl/run.ts';
import { publisherApp } from '../src/replication/publisher-app.ts';
import { generateBundle } from '../tools/generate/index.ts';
import { pino } from 'pino';
import request from './support/request.ts';
import { createApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { ManifestCheck } from '../src/process/manifest-check.ts';
import { SqliteShareStore } from '../src/shares/index.ts';
import { CHANGED_UNDER, OUT_OF_SERVICE, SnapshotStore } from '../src/snapshot/snapshot.ts';
import { tempDir } from './support/fixture.ts';
import { council, killAll, startServerProcess, waitFor } from './support/server-process.ts';

let source: string;
let built: string;

beforeAll(async () => {
  source = tempDir();
  await generateBundle(source, { seed: 12, radni: 10, glosowania: 80, kadencje: 1 });
  built = join(tempDir(), 'council.db');
  await runEtl({ source, dbPath: built });
}, 120_000);

afterEach(killAll);

/** A copy of the built snapshot and its manifest in a folder of its own. */
function copyOf(dir = tempDir()): string {
  const dbPath = join(dir, 'council.db');
  copyFileSync(built, dbPath);
  copyFileSync(manifestPathOf(built), manifestPathOf(dbPath));
  return dbPath;
}

/** Changes one letter of a vote's title in the file's bytes: the file still opens and reads as SQLite. */
function damage(dbPath: string): void {
  const db = new Database(dbPath, { readonly: true });
  const title = db.prepare('SELECT tytul FROM glosowanie WHERE id_glosowania = 40').pluck().get() as string;
  db.close();
  const bytes = readFileSync(dbPath);
  const at = bytes.indexOf(Buffer.from(title));
  expect(at).toBeGreaterThan(0);
  bytes[at] = bytes[at] === 0x58 ? 0x59 : 0x58;
  writeFileSync(dbPath, bytes);
}

const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
type Health = { status: number; body: { data: { snapshot: string } | null; odrzucona: string | null } };
const health = async (url: string): Promise<Health> => {
  const res = await fetch(`${url}/health`);
  return { status: res.status, body: (await res.json()) as Health['body'] };
};

describe('a builder', () => {
  it('does not start on a file cut short, saying why', async () => {
    const dbPath = copyOf();
    truncateSync(dbPath, readFileSync(dbPath).length - 4096);
    const run = council(['serve'], {
      DB_PATH: dbPath,
      CRON_SCHEDULE: '',
      PORT: '0',
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
    });
    expect(await run.exited).toEqual({ code: 1, signal: null });
    expect(run.stderr()).toContain(
      `council: cannot serve ${dbPath}: ${dbPath} is not the snapshot its manifest describes: `,
    );
    expect(run.stderr()).toMatch(/\d+ bytes, the manifest says \d+ \(cut short or damaged\)/);
  }, 120_000);

  it('withdraws a file whose bytes changed once its SHA-256 is read, says why, and rebuilds it from its source', async () => {
    const dbPath = copyOf();
    const expected = JSON.parse(readFileSync(manifestPathOf(dbPath), 'utf8')) as { sha256: string; snapshot: string };
    damage(dbPath);
    const server = await startServerProcess({ DB_PATH: dbPath, CRON_SCHEDULE: '' });
    const refused = await server.waitForLog(
      (l) => l.msg === 'the snapshot is not served: answering 503 until another is published',
      60_000,
    );
    expect(refused['reason']).toBe(
      `${dbPath} is not the snapshot its manifest describes: its SHA-256 is ${sha256(dbPath)}, the manifest's ${expected.sha256} (damaged on disk)`,
    );
    // The refresh it starts rebuilds from the snapshot's own source although that did not change.
    const rebuilt = await waitFor(
      'a rebuilt snapshot in service',
      async () => {
        const now = await health(server.url);
        return now.status === 200 && now.body.data!.snapshot !== expected.snapshot ? now : undefined;
      },
      120_000,
      200,
    );
    expect(rebuilt.body.odrzucona).toBeNull();
    expect(server.logs().some((l) => l.msg === 'the snapshot in service matches its manifest (SHA-256)')).toBe(false);
  }, 240_000);

  it('serves a good file and says it matches its manifest', async () => {
    const dbPath = copyOf();
    const server = await startServerProcess({ DB_PATH: dbPath, CRON_SCHEDULE: '' });
    expect(
      await server.waitForLog((l) => l.msg === 'the snapshot in service matches its manifest (SHA-256)', 60_000),
    ).toMatchObject({ snapshot: expect.any(String) });
    expect((await health(server.url)).status).toBe(200);
  }, 120_000);
});

describe('a replica', () => {
  let builder: Server;
  let manifestUrl: string;

  beforeAll(async () => {
    const folder = tempDir();
    copyOf(folder);
    builder = createServer(publisherApp(join(folder, 'council.db')));
    await new Promise<void>((resolve) => builder.listen(0, '127.0.0.1', resolve));
    manifestUrl = `http://127.0.0.1:${(builder.address() as AddressInfo).port}/council.db.manifest.json`;
  });

  afterAll(
    () =>
      new Promise<void>((resolve) => {
        builder.closeAllConnections();
        builder.close(() => resolve());
      }),
  );

  it("answers 503 on a copy cut short, saying why, and downloads the builder's again", async () => {
    const dbPath = copyOf();
    truncateSync(dbPath, readFileSync(dbPath).length - 4096);
    const replica = await startServerProcess({ DB_PATH: dbPath, FOLLOW_INTERVAL_S: '1' }, ['--follow', manifestUrl]);
    await replica.waitForLog((l) => l.msg === 'followed the builder: snapshot published', 60_000);
    expect(
      replica.logs().find((l) => l.msg === 'the snapshot is not served: answering 503 until another is published')?.[
        'reason'
      ],
    ).toMatch(/is not the snapshot its manifest describes: \d+ bytes, the manifest says \d+ \(cut short or damaged\)$/);
    const served = await waitFor(
      'the downloaded copy in service',
      async () => {
        const now = await health(replica.url);
        return now.status === 200 ? now : undefined;
      },
      60_000,
      200,
    );
    expect(served.body.odrzucona).toBeNull();
    expect(sha256(dbPath)).toBe(sha256(built));
  }, 240_000);

  it("keeps the builder's manifest beside its copy; a copy damaged on disk is withdrawn and the builder's downloaded again", async () => {
    const dir = tempDir();
    mkdirSync(dir, { recursive: true });
    const dbPath = join(dir, 'council.db');
    const first = await startServerProcess({ DB_PATH: dbPath, FOLLOW_INTERVAL_S: '1' }, ['--follow', manifestUrl]);
    await waitFor(
      "the builder's snapshot in service",
      async () => (await health(first.url)).status === 200,
      60_000,
      200,
    );
    await killAll();
    const manifest = JSON.parse(readFileSync(manifestPathOf(dbPath), 'utf8')) as { sha256: string; snapshot: string };
    expect(manifest.sha256).toBe(sha256(dbPath));

    damage(dbPath);
    const again = await startServerProcess({ DB_PATH: dbPath, FOLLOW_INTERVAL_S: '1' }, ['--follow', manifestUrl]);
    await again.waitForLog(
      (l) => l.msg === 'the snapshot is not served: answering 503 until another is published',
      60_000,
    );
    await again.waitForLog((l) => l.msg === 'followed the builder: snapshot published', 60_000);
    const served = await waitFor(
      'the downloaded copy in service',
      async () => {
        const now = await health(again.url);
        return now.status === 200 ? now : undefined;
      },
      60_000,
      200,
    );
    expect(served.body).toMatchObject({ data: { snapshot: manifest.snapshot }, odrzucona: null });
    expect(sha256(dbPath)).toBe(manifest.sha256);
  }, 240_000);
});

describe('a snapshot file written over in place under a running server (issue 42)', () => {
  it('does not kill it (no SIGBUS): the rewritten file is withdrawn (503, saying why), the copy served once it settles', async () => {
    const otherSource = tempDir();
    await generateBundle(otherSource, { seed: 13, radni: 12, glosowania: 90, kadencje: 1 });
    const other = join(tempDir(), 'other.db');
    await runEtl({ source: otherSource, dbPath: other });
    const otherId = snapshotMetaOf(other)!.snapshot;

    const dbPath = copyOf();
    const server = await startServerProcess({
      DB_PATH: dbPath,
      CRON_SCHEDULE: '',
      RESPONSE_CACHE_MB: '0',
      ANSWER_STORE_MB: '0',
      RATE_LIMIT_MAX_REQUESTS: '1000000',
    });
    const statuses = new Map<number, number>();
    const refusals = new Set<string>();
    let reading = true;
    const reader = (async () => {
      for (let i = 0; reading; i++) {
        // The API and, one request in four, a page of the website (their errors are answered apart).
        const path =
          i % 4 === 3
            ? `/glosowania?strona=${1 + (i % 3)}`
            : `/api/glosowania?limit=${1 + (i % 40)}&page=${1 + (i % 3)}`;
        const res = await fetch(`${server.url}${path}`).catch(() => null);
        const status = res?.status ?? 0; // 0: refused, the process is gone
        const body = (await res?.text()) ?? '';
        if (status === 503 && path.startsWith('/api/')) refusals.add((JSON.parse(body) as { message: string }).message);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    })();
    await new Promise((r) => setTimeout(r, 300));
    // What `cp other.db council.db` does, slowed down: the same inode cut to nothing, then refilled.
    truncateSync(dbPath, 0);
    await new Promise((r) => setTimeout(r, 1500));
    writeFileSync(dbPath, readFileSync(other), { flag: 'r+' });
    const served = await waitFor(
      'the copied snapshot in service',
      async () => {
        const now = await health(server.url).catch(() => null);
        return now?.status === 200 && now.body.data!.snapshot === otherId ? now : undefined;
      },
      30_000,
      200,
    );
    reading = false;
    await reader;
    expect(server.exit()).toBeNull();
    expect(served.body.odrzucona).toBeNull();
    expect(statuses.get(0) ?? 0).toBe(0);
    expect(statuses.get(503) ?? 0).toBeGreaterThan(0);
    // A read under way when the file changed answers 503 too (it is retried elsewhere), never 500.
    expect([...statuses.keys()].filter((s) => s !== 200 && s !== 503)).toEqual([]);
    // Its 503s say that the data is out of service (or changed under the request), not that none was ever loaded.
    expect(refusals).toContain(OUT_OF_SERVICE);
    expect([...refusals].filter((m) => m !== OUT_OF_SERVICE && m !== CHANGED_UNDER)).toEqual([]);
    expect(
      server.logs().find((l) => l.msg === 'the snapshot is not served: answering 503 until another is published')?.[
        'reason'
      ],
    ).toBe(
      `${dbPath} was written over in place while in service (copied over, not renamed into place): publish a new snapshot by renaming it over the path`,
    );
  }, 120_000);
});

describe('no byte of a snapshot before its check (issue 42)', () => {
  it('answers 503 with no-store while the SHA-256 is read; a damaged file is then withdrawn, a good one served', async () => {
    const opened: Array<{ close(): void }> = [];
    try {
      for (const damaged of [true, false]) {
        const dbPath = copyOf();
        if (damaged) damage(dbPath);
        const snapshots = new SnapshotStore(dbPath);
        opened.push(snapshots);
        snapshots.load();
        snapshots.awaitCheck(); // as putInService does when the file has a manifest
        const app = createApp({
          snapshots,
          shares: new SqliteShareStore(':memory:'),
          config: loadConfig({ NODE_ENV: 'test' }, { DB_PATH: dbPath, RESPONSE_CACHE_MB: 0 }),
          logger: pino({ level: 'silent' }),
        });
        for (const url of ['/api/glosowania/40', '/api/utils/stats', '/glosowania']) {
          const before = await request(app).get(url);
          expect(before.status, url).toBe(503);
          expect(before.headers['cache-control'], url).toBe('no-store');
          expect(before.text, url).not.toContain('"tytul"');
        }
        const refused: string[] = [];
        await new ManifestCheck(snapshots, pino({ level: 'silent' }), (reason) => refused.push(reason)).open();
        const after = await request(app).get('/api/glosowania/40');
        expect([after.status, refused.length]).toEqual(damaged ? [503, 1] : [200, 0]);
        if (damaged) expect(after.headers['cache-control']).toBe('no-store');
      }
    } finally {
      opened.forEach((o) => o.close());
    }
  });
});
