// The answer store (src/answers/answer-store.ts): answers made live are kept on disk per (snapshot,
// code) and sent again from there — by another process over the same file too — never across versions,
// never past the budget, never an error; a store that cannot be opened leaves the service answering live.

import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { pino } from 'pino';
import request from './support/request.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.ts';
import { AnswerStore, answerChecksum } from '../src/answers/answer-store.ts';
import { sourcesOfSnapshots } from '../src/answers/operations.ts';
import { ResponseCache } from '../src/answers/response-cache.ts';
import { AnswerSources } from '../src/answers/sources.ts';
import type { Representations } from '../src/http/delivery.ts';
import { answerStorePathOf, loadConfig } from '../src/config.ts';
import { SqliteShareStore } from '../src/shares/index.ts';
import { SnapshotStore } from '../src/snapshot/snapshot.ts';
import { buildDatabase, tempDir } from './support/fixture.ts';
import { startServerProcess, stopProcess } from './support/server-process.ts';

const silent = pino({ level: 'silent' });
let dbPath: string;
let otherDbPath: string;
beforeAll(async () => {
  const sample = fileURLToPath(new URL('../data/sample', import.meta.url));
  dbPath = await buildDatabase(sample);
  otherDbPath = await buildDatabase(sample, 'csv', { fresh: true }); // the same data, another snapshot (another id)
}, 240_000);

/** An app over `db` with the answer store at `storePath`, no response cache (every answer is live or kept on disk). */
function appWithStore(db: string, storePath: string, maxBytes = 2 ** 30, logger = silent) {
  const snapshots = new SnapshotStore(db);
  snapshots.refresh();
  const shares = new SqliteShareStore(join(tempDir(), 'shares.db'));
  const store = AnswerStore.open(storePath, maxBytes, logger)!;
  const config = loadConfig(
    { NODE_ENV: 'test' },
    { DB_PATH: db, RATE_LIMIT_MAX_REQUESTS: 1_000_000, RESPONSE_CACHE_MB: 0 },
  );
  const app = createApp({ snapshots, shares, config, logger: silent, answerStore: store });
  const closers: Array<() => void> = [() => snapshots.close(), () => void shares.close(), () => store.close()];
  return { app, store, snapshots, close: () => closers.forEach((c) => c()) };
}

const rowsOf = (storePath: string) => {
  const db = new Database(storePath, { readonly: true });
  try {
    return db.prepare('SELECT version, path, body FROM answer ORDER BY path').all() as Array<{
      version: string;
      path: string;
      body: Buffer;
    }>;
  } finally {
    db.close();
  }
};

describe('the answer store', () => {
  const opened: Array<{ close: () => void }> = [];
  afterAll(() => opened.forEach((o) => o.close()));

  it('keeps a live answer and sends it again from disk, to another process over the same file too', async () => {
    const storePath = join(tempDir(), 'answers.db');
    const first = appWithStore(dbPath, storePath);
    opened.push(first);
    const url = '/api/glosowania?limit=7&page=2'; // not among the answers stored with the snapshot
    const made = await request(first.app).get(url);
    expect(made.status).toBe(200);
    first.store.flush();
    const rows = rowsOf(storePath);
    expect(rows.map((r) => [r.version, r.path])).toEqual([[first.snapshots.active!.answersVersion, url]]);
    expect(rows[0]!.body.toString()).toBe(made.text);

    // Another app (as another worker or a restart would be) over the same file: the kept bytes are what it
    // sends — shown by changing them in the file first.
    const db = new Database(storePath);
    db.prepare('UPDATE answer SET body = ?, crc = ?').run(
      Buffer.from('{"kept":true}'),
      answerChecksum(first.snapshots.active!.answersVersion, url, Buffer.from('{"kept":true}')),
    );
    db.close();
    const second = appWithStore(dbPath, storePath);
    opened.push(second);
    const again = await request(second.app).get(url);
    expect(again.text).toBe('{"kept":true}');
    expect(again.headers['etag']).toBe(made.headers['etag']!.replace(/-gzip"$/, '"')); // the same answer (sent compressed the first time)
  });

  it('never sends a kept answer with a flipped byte: its checksum fails, the row is deleted, the answer made live and logged', async () => {
    const storePath = join(tempDir(), 'answers.db');
    const first = appWithStore(dbPath, storePath);
    const url = '/api/glosowania?limit=1&page=3'; // made live: not among the answers stored with the snapshot
    const made = await request(first.app).get(url);
    expect(made.status).toBe(200);
    const za = (made.body.data as Array<{ za: number }>)[0]!.za;
    first.close(); // written
    // One byte of the kept answer flipped in the file (a bad sector, a bit flip): its tally's first digit.
    const file = readFileSync(storePath);
    const at = file.indexOf(Buffer.from(made.text));
    expect(at).toBeGreaterThan(0);
    const digit = at + made.text.indexOf(`"za":${za}`) + '"za":'.length;
    file[digit] = file[digit] === 0x39 ? 0x31 : file[digit]! + 1;
    writeFileSync(storePath, file);
    const check = new Database(storePath, { readonly: true });
    expect(check.pragma('integrity_check', { simple: true })).toBe('ok'); // SQLite cannot see it
    check.close();

    const logged: Array<Record<string, unknown>> = [];
    const logger = pino(
      { level: 'error' },
      { write: (line: string) => logged.push(JSON.parse(line) as Record<string, unknown>) },
    );
    const second = appWithStore(dbPath, storePath, 2 ** 30, logger);
    opened.push(second);
    const again = await request(second.app).get(url);
    expect(again.status).toBe(200);
    expect(again.text).toBe(made.text); // made live, not the damaged bytes
    expect(logged).toMatchObject([
      {
        path: url,
        msg: "a kept answer failed its checksum (the answer store's file is damaged): not sent, deleted, answered live",
      },
    ]);
    second.store.flush(); // and kept again, whole
    expect(rowsOf(storePath).map((r) => [r.path, r.body.toString()])).toEqual([[url, made.text]]);
    expect((await request(second.app).get(url)).text).toBe(made.text);
    expect(logged).toHaveLength(1);
  });

  it('never sends a kept answer filed under another URL: a damaged index entry fails the checksum of the key asked for (issue 42)', async () => {
    const storePath = join(tempDir(), 'answers.db');
    const first = appWithStore(dbPath, storePath);
    const page3 = '/api/glosowania?page=3&limit=13';
    const page4 = '/api/glosowania?page=4&limit=13';
    const made3 = await request(first.app).get(page3);
    expect(made3.status).toBe(200);
    first.close(); // written: page 3 only
    // One byte of the index entry filing page 3's row: its URL reads page=4 there. The table's own copy
    // of the URL is followed by the body ('{'); the index's by the row id.
    const file = readFileSync(storePath);
    const key = Buffer.from(page3);
    let at = file.indexOf(key);
    while (at >= 0 && file[at + key.length] === 0x7b) at = file.indexOf(key, at + 1);
    expect(at).toBeGreaterThan(0);
    file[at + page3.indexOf('page=3') + 'page='.length] = 0x34; // '4'
    writeFileSync(storePath, file);
    const check = new Database(storePath, { readonly: true });
    expect(check.pragma('quick_check', { simple: true })).toBe('ok'); // SQLite cannot see it
    check.close();

    const logged: Array<Record<string, unknown>> = [];
    const logger = pino(
      { level: 'error' },
      { write: (line: string) => logged.push(JSON.parse(line) as Record<string, unknown>) },
    );
    const second = appWithStore(dbPath, storePath, 2 ** 30, logger);
    opened.push(second);
    const again = await request(second.app).get(page4);
    expect(again.status).toBe(200);
    expect(again.body.pagination).toMatchObject({ page: 4, limit: 13 }); // made live, not page 3's answer
    expect(logged).toMatchObject([
      {
        path: page4,
        msg: "a kept answer failed its checksum (the answer store's file is damaged): not sent, deleted, answered live",
      },
    ]);
  });

  it('empties a file kept before answers had checksums, rather than send its answers unchecked', () => {
    const storePath = join(tempDir(), 'answers.db');
    const old = new Database(storePath);
    old.exec(`CREATE TABLE answer (id INTEGER PRIMARY KEY, version TEXT NOT NULL, path TEXT NOT NULL, body BLOB NOT NULL);
      CREATE UNIQUE INDEX answer_path ON answer (version, path)`);
    old.prepare('INSERT INTO answer (version, path, body) VALUES (?, ?, ?)').run('v1', '/api/a', Buffer.from('"a"'));
    old.close();
    const store = AnswerStore.open(storePath, 2 ** 30, silent)!;
    try {
      expect(store.get('v1', '/api/a')).toBeUndefined();
      expect(rowsOf(storePath)).toEqual([]);
    } finally {
      store.close();
    }
  });

  it('keeps no error, and nothing of another snapshot: a newer one deletes the older one’s answers', async () => {
    const storePath = join(tempDir(), 'answers.db');
    const older = appWithStore(dbPath, storePath);
    opened.push(older);
    expect((await request(older.app).get('/api/glosowania/999999999')).status).toBe(404);
    expect((await request(older.app).get('/api/glosowania?kadnecja=1')).status).toBe(400);
    expect((await request(older.app).get('/api/glosowania?limit=3')).status).toBe(200);
    older.store.flush();
    expect(rowsOf(storePath).map((r) => r.path)).toEqual(['/api/glosowania?limit=3']);

    const newer = appWithStore(otherDbPath, storePath);
    opened.push(newer);
    const [olderVersion, newerVersion] = [
      older.snapshots.active!.answersVersion,
      newer.snapshots.active!.answersVersion,
    ];
    expect(newerVersion > olderVersion).toBe(true); // built later
    const fresh = await request(newer.app).get('/api/glosowania?limit=3');
    expect(fresh.status).toBe(200);
    newer.store.flush();
    expect(rowsOf(storePath).map((r) => r.version)).toEqual([newerVersion]);

    // A request still finishing on the older snapshot is not written beside the newer one's.
    newer.store.add(olderVersion, '/api/glosowania?limit=4', Buffer.from('{}'));
    newer.store.flush();
    expect(rowsOf(storePath).map((r) => r.version)).toEqual([newerVersion]);
  });

  it('is shared by sibling workers: both open the file, both write to it, each reads the other’s answers', () => {
    const storePath = join(tempDir(), 'answers.db');
    const [one, two] = [AnswerStore.open(storePath, 2 ** 30, silent)!, AnswerStore.open(storePath, 2 ** 30, silent)!];
    try {
      one.add('v1', '/api/a', Buffer.from('"a"'));
      two.add('v1', '/api/b', Buffer.from('"b"'));
      one.flush();
      two.flush();
      expect(rowsOf(storePath).map((r) => r.path)).toEqual(['/api/a', '/api/b']);
      expect(one.get('v1', '/api/b')?.toString()).toBe('"b"');
      expect(two.get('v1', '/api/a')?.toString()).toBe('"a"');
    } finally {
      one.close();
      two.close();
    }
  });

  it('stops growing at its budget', async () => {
    const storePath = join(tempDir(), 'answers.db');
    const tiny = appWithStore(dbPath, storePath, 1);
    opened.push(tiny);
    await request(tiny.app).get('/api/glosowania?limit=5');
    tiny.store.flush(); // written, then the file is over its budget
    await request(tiny.app).get('/api/glosowania?limit=6');
    tiny.store.flush();
    expect(rowsOf(storePath).map((r) => r.path)).toEqual(['/api/glosowania?limit=5']);
    expect((await request(tiny.app).get('/api/glosowania?limit=6')).status).toBe(200); // still answered, live
  });

  it('reads its file through a memory map covering twice its budget (issue 43), and still checks every answer it sends', () => {
    // The checks above (a flipped byte, a damaged index entry) run over the mapped file too.
    const store = AnswerStore.open(join(tempDir(), 'answers.db'), 2 ** 20, silent)!;
    try {
      const mapped = (store as unknown as { db: Database.Database }).db.pragma('mmap_size', { simple: true });
      expect(mapped).toBe(2 ** 21);
    } finally {
      store.close();
    }
  });

  it('reads the rows it wrote through its map once the process is idle, before a request asks (issue 43); sends only what it reads and checks', async () => {
    const storePath = join(tempDir(), 'answers.db');
    const store = AnswerStore.open(storePath, 2 ** 30, silent)!;
    const untouched = () => (store as unknown as { untouched: Array<{ from: number; to: number }> }).untouched;
    try {
      const bodies = ['a', 'b', 'c'].map((x) => Buffer.from(`<html>${x.repeat(9000)}</html>`));
      bodies.forEach((body, i) => store.add('v1', `/radni/${i}`, body));
      store.flush();
      expect(untouched()).toEqual([{ from: 1, to: 3 }]); // this flush's rows, by id
      expect(store.touch(0)).toBe(true); // a slice of no time reads one row and stops
      expect(untouched()).toEqual([{ from: 2, to: 3 }]);
      store.add('v1', '/radni/3', Buffer.from('<html>d</html>'));
      store.add('v1', '/radni/0', bodies[0]!); // kept already: not written again, not to be read ahead
      store.flush();
      expect(untouched()).toEqual([
        { from: 2, to: 3 },
        { from: 4, to: 4 },
      ]);
      // Read ahead by the store's own timer when the event loop is idle, without a request.
      for (let waited = 0; untouched().length > 0 && waited < 10_000; waited += 50)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(untouched()).toEqual([]);
      expect(store.touch(Infinity)).toBe(false);
      // What is sent is read by `get`, its checksum checked, byte for byte what was kept.
      bodies.forEach((body, i) => expect(store.get('v1', `/radni/${i}`)?.equals(body)).toBe(true));
      const db = new Database(storePath);
      db.prepare("UPDATE answer SET body = CAST(replace(CAST(body AS TEXT), 'bbb', 'bXb') AS BLOB) WHERE path = ?").run(
        '/radni/1',
      );
      db.close();
      expect(store.get('v1', '/radni/1')).toBeUndefined(); // a flipped byte still fails its checksum
      expect(store.get('v1', '/radni/2')?.equals(bodies[2]!)).toBe(true);
    } finally {
      store.close();
    }
  });

  it('is read where it is, not copied into the memory; the memory keeps what an answer grows (issue 43)', () => {
    const store = AnswerStore.open(join(tempDir(), 'answers.db'), 2 ** 20, silent)!;
    try {
      const memory = new ResponseCache(2 ** 20);
      const sources = new AnswerSources([memory, store.sourceFor('v1')]);
      const body = Buffer.from('<html>a page</html>');
      store.add('v1', '/radni', body);
      store.flush();
      const found = sources.find('/radni', { wanted: null, params: {} });
      expect(found && 'entry' in found && found.entry.body.equals(body)).toBe(true);
      // Read from the (mapped) file: not held by the memory, so a walk over more pages than it holds
      // does not churn it (docs/PERFORMANCE.md, issue 43's fourth session).
      expect(memory.size).toBe(0);
      expect(memory.find('/radni')).toBeUndefined();
      // Compressed for a client: that form costs work to make again, so the memory keeps it.
      const entry = (found as { entry: Representations }).entry;
      entry.encoded.br = Buffer.from('compressed');
      sources.grew('/radni', entry);
      expect(memory.size).toBe(body.length + 'compressed'.length);
      expect(sources.find('/radni', { wanted: 'br', params: {} })).toEqual({ entry });
    } finally {
      store.close();
    }
  });

  it('keeps a page made live on disk alone, the memory kept for the API’s answers; with no answer store the memory keeps it (issue 43)', () => {
    const store = AnswerStore.open(join(tempDir(), 'answers.db'), 2 ** 20, silent)!;
    const snapshots = new SnapshotStore(dbPath);
    snapshots.refresh();
    const snapshot = snapshots.acquire()!;
    try {
      const page = () => ({ body: Buffer.from('<html>a page</html>'), encoded: {} });
      const answer = { body: Buffer.from('{"success":true,"data":[]}'), encoded: {} };
      const [withStore, withoutStore] = [store, undefined].map((answerStore) =>
        sourcesOfSnapshots({ memoryBytes: 2 ** 20, storedAnswers: false, answerStore })(snapshot),
      );
      const memoryOf = (sources: AnswerSources) => sources.sources[0] as ResponseCache;

      withStore!.made('/radni', page(), { page: true });
      withStore!.made('/api/radni', answer);
      // The page: in the store only (64 MB of pages held in the memory cost the GC more than the store's read).
      expect(memoryOf(withStore!).find('/radni')).toBeUndefined();
      expect(store.get(snapshot.answersVersion, '/radni')?.toString()).toBe('<html>a page</html>');
      // The API's answer: in both.
      expect(memoryOf(withStore!).find('/api/radni')).toEqual({ entry: answer });
      expect(memoryOf(withStore!).size).toBe(answer.body.length);
      // A page compressed for a client is kept with its compressed form: that costs work to make again.
      const found = withStore!.find('/radni', { wanted: 'br', params: {} }) as { entry: Representations };
      found.entry.encoded.br = Buffer.from('compressed');
      withStore!.grew('/radni', found.entry);
      expect(memoryOf(withStore!).find('/radni')).toEqual({ entry: found.entry });

      // Without an answer store the memory is the only place a page can be kept.
      const alone = page();
      withoutStore!.made('/radni', alone, { page: true });
      expect(memoryOf(withoutStore!).find('/radni')).toEqual({ entry: alone });
    } finally {
      snapshot.release();
      snapshots.close();
      store.close();
    }
  });

  it('is left out, with a warning, when its file cannot be opened', () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'answers.db')); // a folder where the file should be
    const warnings: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => warnings.push(JSON.parse(line).msg) });
    expect(AnswerStore.open(join(dir, 'answers.db'), 2 ** 20, logger)).toBeUndefined();
    expect(warnings).toEqual([
      'the answer store cannot be opened; every answer not stored with the snapshot is made live',
    ]);
  });

  it('is opened by `council serve` beside the snapshot, and by none with ANSWER_STORE_MB=0', async () => {
    expect(answerStorePathOf({ DB_PATH: '/srv/council/council.db', ANSWER_STORE_PATH: '' })).toBe(
      '/srv/council/answers.db',
    );
    for (const [mb, kept] of [
      ['1024', true],
      ['0', false],
    ] as const) {
      const copy = join(tempDir(), 'council.db');
      copyFileSync(dbPath, copy);
      const server = await startServerProcess({
        DB_PATH: copy,
        ANSWER_STORE_MB: mb,
        RESPONSE_CACHE_MB: '0',
        CRON_SCHEDULE: '',
      });
      try {
        expect((await fetch(`${server.url}/api/glosowania?limit=2`)).status).toBe(200);
      } finally {
        await stopProcess(server); // the shutdown writes what is pending
      }
      const storePath = answerStorePathOf({ DB_PATH: copy, ANSWER_STORE_PATH: '' });
      expect(existsSync(storePath), `ANSWER_STORE_MB=${mb}`).toBe(kept);
      if (kept) expect(rowsOf(storePath).map((r) => r.path)).toEqual(['/api/glosowania?limit=2']);
    }
  }, 120_000);
});
