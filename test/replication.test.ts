// One builder, many readers, in one process: the ETL's manifest, the builder's publisher, and a
// replica's follower driven poll by poll against it (and against stand-ins that cut a download off,
// corrupt it, publish during it, or are down). What a replica serves is always a whole snapshot of
// the builder's, never older than the one it had and never another source's.

import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, cpSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename, dirname, join } from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import request from './support/request.ts';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { manifestPathOf, snapshotManifest, snapshotMetaOf, type SnapshotManifest } from '../core/snapshot/manifest.ts';
import { acquireLock, publishBuild } from '../etl/publish.ts';
import { BundleRejectedError, runEtl } from '../etl/run.ts';
import { createApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { renderStoredAnswers } from '../src/answers/render.ts';
import { SnapshotFollower } from '../src/replication/follower.ts';
import { publisherApp } from '../src/replication/publisher-app.ts';
import { SqliteShareStore } from '../src/shares/index.ts';
import { SnapshotStore } from '../src/snapshot/snapshot.ts';
import { generateBundle } from '../tools/generate/index.ts';
import { tempDir } from './support/fixture.ts';
import { freePort, killAll, startServerProcess, stopProcess, waitFor } from './support/server-process.ts';

const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
const manifestAt = (dbPath: string): SnapshotManifest =>
  snapshotManifest.parse(JSON.parse(readFileSync(manifestPathOf(dbPath), 'utf8')));

/** Snapshots of the builder, oldest first: two of one source, then one of another source. */
let older: string;
let newer: string;
let otherSource: string;

async function build(source: string): Promise<string> {
  const dbPath = join(tempDir(), 'council.db');
  await runEtl({ source, dbPath, render: renderStoredAnswers });
  return dbPath;
}

beforeAll(async () => {
  const source = tempDir();
  await generateBundle(source, { seed: 3, radni: 10, glosowania: 80, kadencje: 1 });
  older = await build(source);
  newer = await build(source);
  const elsewhere = tempDir();
  cpSync(source, elsewhere, { recursive: true });
  otherSource = await build(elsewhere);
});

describe('the manifest the ETL publishes', () => {
  it('describes the published file: its snapshot, size and SHA-256, under the published name', () => {
    const manifest = manifestAt(newer);
    const meta = snapshotMetaOf(newer)!;
    expect(manifest).toEqual({
      format: 'council-snapshot-manifest/1',
      snapshot: meta.snapshot,
      built_at: meta.builtAt,
      source: meta.source,
      schema_version: meta.schemaVersion,
      file: 'council.db',
      size: statSync(newer).size,
      sha256: sha256(newer),
    });
    expect(meta.source).toMatch(/^csv:\//);
    expect(readdirSync(dirname(newer)).filter((f) => f.includes('writing'))).toEqual([]);
  });

  it('a rejected build leaves the published file and its manifest as they were', async () => {
    const dbPath = join(tempDir(), 'council.db');
    copyFileSync(newer, dbPath);
    copyFileSync(manifestPathOf(newer), manifestPathOf(dbPath));
    const before = readFileSync(manifestPathOf(dbPath), 'utf8');
    const broken = tempDir();
    writeFileSync(join(broken, 'radni.csv'), 'id_osoby,imie_nazwisko\nx,\n');
    await expect(runEtl({ source: broken, dbPath })).rejects.toThrow(BundleRejectedError);
    expect(readFileSync(manifestPathOf(dbPath), 'utf8')).toBe(before);
    expect(sha256(dbPath)).toBe(manifestAt(dbPath).sha256);
  });
});

describe('a build killed while it publishes (issue 34)', () => {
  const KILL_CHILD = new URL('./support/etl-kill-child.ts', import.meta.url).pathname;
  /** Runs `council etl`'s job in a child that SIGKILLs itself when it renames a path matching `killAt`. */
  const killedAt = (source: string, dbPath: string, killAt: string) =>
    new Promise<{ signal: NodeJS.Signals | null; out: string }>((resolve) => {
      const child = spawn(
        process.execPath,
        ['--import', import.meta.resolve('tsx'), KILL_CHILD, source, dbPath, killAt],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
      });
      child.once('close', (_code, signal) => resolve({ signal, out }));
    });
  /** What the builder's publisher answers for the manifest, and the served file's snapshot and digest. */
  const served = async (dbPath: string) => {
    const manifest = (await request(publisherApp(dbPath)).get('/council.db.manifest.json')).body as SnapshotManifest;
    return {
      manifest: { snapshot: manifest.snapshot, sha256: manifest.sha256, size: manifest.size },
      file: { snapshot: snapshotMetaOf(dbPath)!.snapshot, sha256: sha256(dbPath), size: statSync(dbPath).size },
    };
  };

  it.each([
    ['before the database is renamed into place', String.raw`\.building-\d+$`],
    ['after the database is renamed, before its manifest is', String.raw`\.manifest\.json\.next$`],
  ])(
    '%s: the manifest served names the served file, and the next build publishes',
    async (_when, killAt) => {
      const source = tempDir();
      await generateBundle(source, { seed: 3, radni: 10, glosowania: 80, kadencje: 1 });
      const dbPath = join(tempDir(), 'council.db');
      await runEtl({ source, dbPath });
      const killed = await killedAt(source, dbPath, killAt);
      expect(killed).toEqual({ signal: 'SIGKILL', out: '' });
      const after = await served(dbPath);
      expect(after.manifest).toEqual(after.file);
      // Whatever was left is settled or removed by the next build, which publishes as usual.
      await runEtl({ source, dbPath });
      const next = await served(dbPath);
      expect(next.manifest).toEqual(next.file);
      expect(readdirSync(dirname(dbPath)).sort()).toEqual(['council.db', 'council.db.manifest.json']);
    },
    60_000,
  );
});

describe('the publisher', () => {
  it("answers 416 with the file's length for a range past its end (a replica then starts again), never 500", async () => {
    const app = publisherApp(newer);
    const size = statSync(newer).size;
    const past = await request(app)
      .get('/council.db')
      .set('Range', `bytes=${size + 10}-`);
    expect(past.status).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${size}`);
    const tail = await request(app)
      .get('/council.db')
      .set('Range', `bytes=${size - 10}-`)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(tail.status).toBe(206);
    expect((tail.body as Buffer).length).toBe(10);
  });
});

// ---------------------------------------------------------------------------------------------------
// A builder (the real publisher, or a stand-in) and a replica.

interface Builder {
  url: string;
  /** Requests for the database file, with their Range and If-Range headers. */
  fileRequests: Array<{ range?: string | undefined; ifRange?: string | undefined; status?: number }>;
  close: () => Promise<void>;
}

/**
 * Serves `folder`'s `council.db` and its manifest through the real publisher; `intercept` may answer a
 * request itself first (return true).
 */
async function startBuilder(
  folder: string,
  intercept?: (req: IncomingMessage, res: ServerResponse) => boolean,
): Promise<Builder> {
  const app = publisherApp(join(folder, 'council.db'));
  const fileRequests: Builder['fileRequests'] = [];
  const server: Server = createServer((req, res) => {
    if (req.url === '/council.db') {
      const entry = { range: req.headers.range, ifRange: req.headers['if-range'] as string | undefined, status: 0 };
      fileRequests.push(entry);
      res.once('finish', () => {
        entry.status = res.statusCode;
      });
    }
    if (intercept?.(req, res)) return;
    app(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/council.db.manifest.json`,
    fileRequests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A builder's folder publishing a copy of `dbPath` (its file and manifest). */
function builderFolder(dbPath: string): string {
  const folder = tempDir();
  publishCopy(dbPath, folder);
  return folder;
}

function publishCopy(dbPath: string, folder: string): void {
  copyFileSync(dbPath, join(folder, 'council.db.new'));
  copyFileSync(manifestPathOf(dbPath), join(folder, 'council.db.manifest.json'));
  publishBuild(join(folder, 'council.db.new'), join(folder, 'council.db'));
}

interface Replica {
  dbPath: string;
  snapshots: SnapshotStore;
  follower: SnapshotFollower;
  logs: Array<Record<string, unknown>>;
  served: () => string | undefined;
}

const replicas: Replica[] = [];
const builders: Builder[] = [];
afterEach(async () => {
  for (const replica of replicas.splice(0)) {
    await replica.follower.stop();
    replica.snapshots.close();
  }
  for (const builder of builders.splice(0)) await builder.close();
});

/** A replica following `url`, serving a copy of `start` (or nothing yet). Polls only when told to. */
function startReplica(url: string, start?: string, intervalMs = 60_000): Replica {
  const dbPath = join(tempDir(), 'council.db');
  if (start) copyFileSync(start, dbPath);
  const snapshots = new SnapshotStore(dbPath);
  snapshots.load();
  const logs: Array<Record<string, unknown>> = [];
  const logger = pino(
    { level: 'info' },
    new Writable({
      write(chunk, _enc, done) {
        logs.push(JSON.parse(String(chunk)));
        done();
      },
    }),
  );
  const follower = new SnapshotFollower({
    url,
    dbPath,
    intervalMs,
    timeoutMs: 2000,
    logger,
    publish: (download, target) => {
      const release = acquireLock(target);
      try {
        publishBuild(download, target);
      } finally {
        release();
      }
    },
    onPublished: () => snapshots.refresh(),
  });
  const replica = { dbPath, snapshots, follower, logs, served: () => snapshots.active?.id };
  replicas.push(replica);
  return replica;
}

const downloadsBeside = (dbPath: string) =>
  readdirSync(dirname(dbPath)).filter((f) => f.startsWith(`${basename(dbPath)}.download-`));
const idOf = (dbPath: string) => snapshotMetaOf(dbPath)!.snapshot;

describe('the publish port', () => {
  it('answers a path it cannot decode with a clean 400, no stack trace (issue 42)', async () => {
    const res = await request(publisherApp(older)).get('/radni/%ff%fe');
    expect(res.status).toBe(400);
    expect(res.text).not.toMatch(/node_modules|at \S+ \(|URIError/);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
  });
});

describe('a replica following the builder', () => {
  it('only ever fetches from the host it follows: a manifest whose file is a URL (https:host:port) is refused (issue 42)', async () => {
    // Another host (here another port): any connection to it, TLS or not, is a fetch from elsewhere.
    const elsewhere: string[] = [];
    const other = createServer((_req, res) => res.writeHead(404).end());
    other.on('connection', (socket) => elsewhere.push(String(socket.remotePort)));
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    try {
      const port = (other.address() as AddressInfo).port;
      const folder = builderFolder(older);
      const builder = await startBuilder(folder, (req, res) => {
        if (req.url !== '/council.db.manifest.json') return false;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ ...manifestAt(older), file: `https:127.0.0.1:${port}` }));
        return true;
      });
      builders.push(builder);
      const replica = startReplica(builder.url);
      await replica.follower.runNow();
      expect(elsewhere).toEqual([]);
      expect(builder.fileRequests).toEqual([]);
      expect(replica.served()).toBeUndefined();
      expect(replica.follower.status.error).toContain("must be a bare file name in the manifest's folder");
      for (const file of ['http:x', '..', 'a/b', 'a\\b', '%2e%2e', 'council.db?x']) {
        expect(snapshotManifest.safeParse({ ...manifestAt(older), file }).success, file).toBe(false);
      }
      expect(snapshotManifest.safeParse({ ...manifestAt(older), file: 'council.db' }).success).toBe(true);
    } finally {
      other.closeAllConnections();
      await new Promise<void>((resolve) => other.close(() => resolve()));
    }
  });

  it("brings the builder's snapshot into service, then the next one; up to date, it downloads nothing", async () => {
    const folder = builderFolder(older);
    const builder = await startBuilder(folder);
    builders.push(builder);
    const replica = startReplica(builder.url);
    expect(replica.served()).toBeUndefined();

    await replica.follower.runNow();
    expect(replica.served()).toBe(idOf(older));
    expect(sha256(replica.dbPath)).toBe(manifestAt(older).sha256);
    expect(replica.follower.status).toMatchObject({ builder: { snapshot: idOf(older) }, error: null, download: null });
    expect(downloadsBeside(replica.dbPath)).toEqual([]);

    await replica.follower.runNow();
    expect(builder.fileRequests).toHaveLength(1);

    publishCopy(newer, folder);
    await replica.follower.runNow();
    expect(replica.served()).toBe(idOf(newer));
    expect(builder.fileRequests).toHaveLength(2);
    expect(
      replica.logs.find(
        (l) => l['msg'] === 'followed the builder: snapshot published' && l['snapshot'] === idOf(newer),
      ),
    ).toMatchObject({ previous: idOf(older) });
  });

  it('/health says what it follows and how far behind it is', async () => {
    const folder = builderFolder(older);
    let fileAnswers = true;
    const builder = await startBuilder(folder, (req, res) => {
      if (req.url !== '/council.db' || fileAnswers) return false;
      res.writeHead(503).end();
      return true;
    });
    builders.push(builder);
    const replica = startReplica(builder.url, older);
    const config = loadConfig({ NODE_ENV: 'test' }, { DB_PATH: replica.dbPath });
    const app = createApp({
      snapshots: replica.snapshots,
      shares: new SqliteShareStore(':memory:'),
      config,
      logger: pino({ level: 'silent' }),
      follow: replica.follower.status,
    });
    const before = (await request(app).get('/health')).body;
    expect(before.replika).toEqual({
      follows: builder.url,
      builder: null,
      lastContact: null,
      download: null,
      error: null,
      behindSeconds: null,
    });

    await replica.follower.runNow();
    expect((await request(app).get('/health')).body.replika).toMatchObject({
      builder: { snapshot: idOf(older) },
      behindSeconds: 0,
      error: null,
    });

    // The builder has a newer snapshot that did not come (its file answers 503): behind by that snapshot's age.
    publishCopy(newer, folder);
    fileAnswers = false;
    await replica.follower.runNow();
    const { builtAt } = snapshotMetaOf(newer)!;
    const behind = (await request(app).get('/health')).body.replika;
    expect(behind).toMatchObject({
      builder: { snapshot: idOf(newer), builtAt },
      error: expect.stringMatching(/^the builder answered 503 for /),
    });
    const age = (Date.now() - Date.parse(builtAt)) / 1000;
    expect(behind.behindSeconds).toBeGreaterThanOrEqual(Math.floor(age) - 1);
    expect(behind.behindSeconds).toBeLessThanOrEqual(Math.ceil(age) + 1);
    expect((await request(app).get('/health')).body.data.snapshot).toBe(idOf(older));
  });

  it("refuses an older snapshot and another source's, says why once, and keeps serving its own", async () => {
    const folder = builderFolder(older);
    const builder = await startBuilder(folder);
    builders.push(builder);
    const replica = startReplica(builder.url, newer);
    const served = sha256(replica.dbPath);

    await replica.follower.runNow();
    await replica.follower.runNow();
    expect(replica.follower.status.error).toMatch(
      new RegExp(
        `^the builder's snapshot ${idOf(older)} \\(built .+\\) is not newer than the one served \\(${idOf(newer)}, built .+\\); the served snapshot stays$`,
      ),
    );
    expect(replica.logs.filter((l) => l['level'] === 50)).toHaveLength(1);

    publishCopy(otherSource, folder);
    await replica.follower.runNow();
    expect(replica.follower.status.error).toMatch(
      /is built from another source \(csv:.+\) than the one served .+ remove the replica's database to follow the new source$/,
    );
    expect(builder.fileRequests).toEqual([]); // refused from the manifest: nothing downloaded
    expect(sha256(replica.dbPath)).toBe(served);
    expect(replica.served()).toBe(idOf(newer));
  });

  it('resumes a cut-off download where it stopped, only if the file is still the same one (If-Range)', async () => {
    const folder = builderFolder(newer);
    const size = statSync(newer).size;
    const half = Math.floor(size / 2);
    let cut = true;
    let etag = '"v1"';
    const builder = await startBuilder(folder, (req, res) => {
      if (req.url !== '/council.db' || req.method !== 'GET' || !cut) return false;
      cut = false;
      // The whole file announced, half of it sent, then the connection dropped.
      res.writeHead(200, { 'Content-Length': String(size), ETag: etag });
      res.write(readFileSync(newer).subarray(0, half), () => res.socket!.end()); // FIN after the bytes (a reset could drop some)
      return true;
    });
    builders.push(builder);
    const replica = startReplica(builder.url, older);

    // What was written before the cut stays (what was still buffered in the stream is lost with it).
    const kept = async (r: Replica) => {
      await r.follower.runNow();
      const match = new RegExp(
        `^the download of ${idOf(newer)} was cut off at (\\d+) of ${size} bytes .*; the next attempt resumes it$`,
      ).exec(r.follower.status.error ?? '');
      expect(match, r.follower.status.error ?? 'no error').not.toBeNull();
      const bytes = Number(match![1]);
      expect(bytes).toBeGreaterThan(0);
      expect(bytes).toBeLessThanOrEqual(half);
      const [partial] = downloadsBeside(r.dbPath);
      expect(statSync(join(dirname(r.dbPath), partial!)).size).toBe(bytes);
      expect(r.served()).toBe(idOf(older));
      return bytes;
    };
    const first = await kept(replica);
    await replica.follower.runNow();
    expect(builder.fileRequests[1]).toEqual({ range: `bytes=${first}-`, ifRange: '"v1"', status: 200 });
    // "v1" is not the publisher's validator: the file may have changed, so it sent all of it.
    expect(replica.served()).toBe(idOf(newer));

    // Cut off again, with the publisher's own validator this time: the rest only.
    etag = (await fetch(new URL('council.db', builder.url), { method: 'HEAD' })).headers.get('etag')!;
    const third = startReplica(builder.url, older);
    cut = true;
    const second = await kept(third);
    await third.follower.runNow();
    expect(builder.fileRequests.at(-1)).toEqual({ range: `bytes=${second}-`, ifRange: etag, status: 206 });
    expect(third.served()).toBe(idOf(newer));
    expect(sha256(third.dbPath)).toBe(manifestAt(newer).sha256);
  });

  it('never serves a corrupt download: a wrong digest is discarded and the served snapshot stays', async () => {
    const folder = builderFolder(newer);
    const corrupt = readFileSync(newer);
    corrupt[corrupt.length - 100]! ^= 0xff;
    const builder = await startBuilder(folder, (req, res) => {
      if (req.url !== '/council.db') return false;
      res.writeHead(200, { 'Content-Length': String(corrupt.length) });
      res.end(corrupt);
      return true;
    });
    builders.push(builder);
    const replica = startReplica(builder.url, older);
    const served = sha256(replica.dbPath);
    await replica.follower.runNow();
    expect(replica.follower.status.error).toMatch(
      new RegExp(`^the download of ${idOf(newer)} does not have the manifest's SHA-256 \\(.+\\): discarded$`),
    );
    expect(sha256(replica.dbPath)).toBe(served);
    expect(replica.served()).toBe(idOf(older));
    expect(downloadsBeside(replica.dbPath)).toEqual([]);
  });

  it('a snapshot published while the file was on its way is taken when the manifest read again describes it', async () => {
    const folder = builderFolder(older);
    let published = false;
    const builder = await startBuilder(folder, (req) => {
      // The builder publishes `newer` between its manifest (of `older`) and the file.
      if (req.url === '/council.db' && !published) {
        published = true;
        publishCopy(newer, folder);
      }
      return false;
    });
    builders.push(builder);
    const replica = startReplica(builder.url);
    await replica.follower.runNow();
    expect(replica.served()).toBe(idOf(newer));
    expect(replica.follower.status.error).toBeNull();
    expect(builder.fileRequests).toHaveLength(1); // not downloaded twice
  });

  it('backs off while the builder is down, keeps serving, and catches up when it is back', async () => {
    const folder = builderFolder(newer);
    const builder = await startBuilder(folder);
    const url = builder.url;
    await builder.close();
    const replica = startReplica(url, older, 1000);
    for (let i = 0; i < 4; i++) await replica.follower.runNow();
    expect(replica.follower.status.error).toMatch(
      new RegExp(`^the builder cannot be reached at ${url.replace(/\./g, '\\.')}: `),
    );
    expect(replica.served()).toBe(idOf(older));
    const retries = replica.logs
      .filter((l) => l['msg'] === 'following the builder failed; the served snapshot stays')
      .map((l) => l['retryInS'] as number);
    // 2, 4, 8, 16 s (±20 %) after an interval of 1 s.
    expect(retries).toHaveLength(4);
    retries.forEach((seconds, i) => {
      expect(seconds).toBeGreaterThanOrEqual(Math.floor(0.8 * 2 ** (i + 1)));
      expect(seconds).toBeLessThanOrEqual(Math.ceil(1.2 * 2 ** (i + 1)));
    });

    const back = await startBuilder(folder);
    builders.push(back);
    const caughtUp = startReplica(back.url, older, 1000);
    await caughtUp.follower.runNow();
    expect(caughtUp.served()).toBe(idOf(newer));
  });

  it("after an upgrade, a snapshot of another schema version does not hold back the builder's", async () => {
    const folder = builderFolder(older);
    const builder = await startBuilder(folder);
    builders.push(builder);
    const replica = startReplica(builder.url);
    // What the replica kept from before its upgrade: newer than the builder's, but of another version.
    copyFileSync(newer, replica.dbPath);
    const db = new Database(replica.dbPath);
    db.prepare("UPDATE meta SET value = '4' WHERE key = 'schema_version'").run();
    db.close();
    expect(() => new SnapshotStore(replica.dbPath).load()).toThrow(/schema version 4/);
    await replica.follower.runNow();
    expect(replica.follower.status.error).toBeNull();
    expect(replica.served()).toBe(idOf(older));
  });

  it('a replica whose download was cut off by a restart resumes it after the restart', async () => {
    const folder = builderFolder(newer);
    const builder = await startBuilder(folder);
    builders.push(builder);
    const replica = startReplica(builder.url, older);
    // What a process killed mid-download leaves: the first bytes under the download's name.
    const partial = `${replica.dbPath}.download-${manifestAt(newer).sha256.slice(0, 16)}`;
    writeFileSync(partial, readFileSync(newer).subarray(0, 4096));
    writeFileSync(`${replica.dbPath}.download-0123456789abcdef`, 'an older download'); // of a snapshot no longer offered
    await replica.follower.runNow();
    expect(builder.fileRequests).toEqual([{ range: 'bytes=4096-', ifRange: undefined, status: 206 }]);
    expect(replica.served()).toBe(idOf(newer));
    expect(existsSync(partial)).toBe(false);
    expect(downloadsBeside(replica.dbPath)).toEqual([]);
  });
});

describe('council serve --follow and PUBLISH_PORT (processes)', () => {
  afterEach(() => killAll());

  it('a builder publishing a snapshot built before manifests existed writes its manifest first', async () => {
    const dbPath = join(tempDir(), 'council.db');
    copyFileSync(newer, dbPath);
    const port = await freePort();
    const builder = await startServerProcess({ DB_PATH: dbPath, CRON_SCHEDULE: '', PUBLISH_PORT: String(port) });
    expect(builder.logs().find((l) => l.msg === 'wrote the manifest of the published snapshot')).toMatchObject({
      snapshot: idOf(newer),
    });
    const served = await fetch(`http://127.0.0.1:${port}/council.db.manifest.json`);
    expect(await served.json()).toEqual(manifestAt(newer));
    expect((await fetch(`http://127.0.0.1:${port}/shares.db`)).status).toBe(404); // only the two files
    await stopProcess(builder);
  });

  it("starts on a snapshot it cannot serve after an upgrade (503), then serves the builder's", async () => {
    const folder = builderFolder(older);
    const builder = await startBuilder(folder);
    builders.push(builder);
    const dbPath = join(tempDir(), 'council.db');
    copyFileSync(newer, dbPath);
    const db = new Database(dbPath);
    db.prepare("UPDATE meta SET value = '4' WHERE key = 'schema_version'").run();
    db.close();
    const replica = await startServerProcess({ DB_PATH: dbPath, FOLLOW_INTERVAL_S: '1' }, ['--follow', builder.url]);
    expect(
      replica
        .logs()
        .find(
          (l) =>
            l.msg ===
            "the replica's snapshot cannot be served by this version: answering 503 until the builder's arrives",
        ),
    ).toBeDefined();
    const health = await waitFor(
      "the builder's snapshot in service",
      async () => {
        const res = await fetch(`${replica.url}/health`);
        const body = (await res.json()) as {
          data: { snapshot: string } | null;
          replika: { behindSeconds: number | null };
        };
        return res.status === 200 && body.data?.snapshot === idOf(older) ? body : undefined;
      },
      30_000,
      100,
    );
    expect(health.replika.behindSeconds).toBe(0);
    await stopProcess(replica);
  });
});
