// Share links against both stores: the SQLite file (the default) and PostgreSQL (SHARES_DATABASE_URL),
// a real server started here from Debian's package (test/support/postgres.ts). The same tests run on
// each: one link per (vote, person) whoever asks, the same numbered migrations applied once, a newer
// schema refused by name, a link that survives a refresh and is read through another replica, and a
// store that cannot answer making the link requests 503 while the snapshot's reads go on.

import Database from 'better-sqlite3';
import { join } from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import request from './support/request.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runEtl } from '../etl/run.ts';
import { createApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { renderStoredAnswers } from '../src/answers/render.ts';
import { PostgresShareStore } from '../src/shares/postgresql.ts';
import {
  SHARE_MIGRATIONS,
  SHARES_UNAVAILABLE,
  type ShareStore,
  SharesUnavailableError,
  SqliteShareStore,
  openShareStore,
} from '../src/shares/index.ts';
import { SnapshotStore } from '../src/snapshot/snapshot.ts';
import { generateBundle } from '../tools/generate/index.ts';
import { tempDir } from './support/fixture.ts';
import { POSTGRES_MISSING, type PostgresServer, postgresBin, startPostgres } from '../tools/loopback/postgres.ts';

const havePostgres = postgresBin() !== undefined;
if (!havePostgres) console.warn(`${POSTGRES_MISSING}: the share-link tests against PostgreSQL are skipped`);

const silent = pino({ level: 'silent' });
let postgres: PostgresServer | undefined;
let databases = 0;

/** One kind of store: how to make a fresh one, and a second handle on the same links (another replica). */
interface Backend {
  name: string;
  /** A new, empty store location. */
  fresh: () => Promise<string>;
  open: (where: string) => Promise<ShareStore>;
  /** The applied schema version, read behind the store's back. */
  version: (where: string) => Promise<number>;
  /** Marks the database as migrated by a newer service. */
  makeNewer: (where: string, version: number) => Promise<void>;
  /** Forgets a link's identity, as for a link made before step 2. */
  unpin: (where: string, link: string) => Promise<void>;
  /** Forgets which namesake a link highlights and sets its klucz, as for a link made before step 3. */
  toStepTwo: (where: string, link: string, klucz: string) => Promise<void>;
  /** A database as step 1 left it, with one link of (vote 7, person 3). */
  atStepOne: (where: string) => Promise<void>;
  /** A database as step 2 left it, with one link of (vote 7, person 8 „Radny 2”, recorded as ["vote 7"]). */
  atStepTwo: (where: string) => Promise<void>;
}

const sqlite: Backend = {
  name: 'SQLite',
  fresh: async () => join(tempDir(), 'shares.db'),
  open: async (path) => new SqliteShareStore(path),
  version: async (path) => {
    const db = new Database(path, { readonly: true });
    try {
      return db.pragma('user_version', { simple: true }) as number;
    } finally {
      db.close();
    }
  },
  makeNewer: async (path, version) => {
    const db = new Database(path);
    db.pragma(`user_version = ${version}`);
    db.close();
  },
  unpin: async (path, link) => {
    const db = new Database(path);
    db.prepare("UPDATE udostepnienie SET klucz = NULL, osoba = '', osoba_nr = NULL WHERE link = ?").run(link);
    db.close();
  },
  toStepTwo: async (path, link, klucz) => {
    const db = new Database(path);
    db.prepare('UPDATE udostepnienie SET klucz = ?, osoba_nr = NULL WHERE link = ?').run(klucz, link);
    db.close();
  },
  atStepOne: async (path) => {
    const db = new Database(path);
    db.exec(SHARE_MIGRATIONS[0]!.sqlite);
    db.prepare('INSERT INTO udostepnienie VALUES (?, ?, ?, ?)').run(
      'AAAAAAAAAAAAAAAAAAAAAA',
      7,
      3,
      '2025-01-01T00:00:00.000Z',
    );
    db.pragma('user_version = 1');
    db.close();
  },
  atStepTwo: async (path) => {
    const db = new Database(path);
    db.exec(SHARE_MIGRATIONS[0]!.sqlite);
    db.exec(SHARE_MIGRATIONS[1]!.sqlite);
    db.prepare('INSERT INTO udostepnienie VALUES (?, ?, ?, ?, ?, ?)').run(
      'AAAAAAAAAAAAAAAAAAAAAA',
      7,
      8,
      '["vote 7"]',
      'Radny 2',
      '2025-01-01T00:00:00.000Z',
    );
    db.pragma('user_version = 2');
    db.close();
  },
};

async function onPostgres<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const postgresql: Backend = {
  name: 'PostgreSQL',
  fresh: async () => postgres!.createDatabase(`shares_${++databases}`),
  open: async (url) => PostgresShareStore.open(url, silent),
  version: (url) =>
    onPostgres(url, async (c) => (await c.query('SELECT wersja FROM udostepnienie_wersja')).rows[0]?.wersja ?? 0),
  makeNewer: (url, version) =>
    onPostgres(url, async (c) => {
      await c.query('CREATE TABLE IF NOT EXISTS udostepnienie_wersja (wersja INTEGER NOT NULL)');
      await c.query('DELETE FROM udostepnienie_wersja');
      await c.query('INSERT INTO udostepnienie_wersja VALUES ($1)', [version]);
    }),
  unpin: (url, link) =>
    onPostgres(url, async (c) => {
      await c.query("UPDATE udostepnienie SET klucz = NULL, osoba = '', osoba_nr = NULL WHERE link = $1", [link]);
    }),
  toStepTwo: (url, link, klucz) =>
    onPostgres(url, async (c) => {
      await c.query('UPDATE udostepnienie SET klucz = $2, osoba_nr = NULL WHERE link = $1', [link, klucz]);
    }),
  atStepOne: (url) =>
    onPostgres(url, async (c) => {
      await c.query(SHARE_MIGRATIONS[0]!.postgresql);
      await c.query("INSERT INTO udostepnienie VALUES ('AAAAAAAAAAAAAAAAAAAAAA', 7, 3, '2025-01-01T00:00:00.000Z')");
      await c.query('CREATE TABLE udostepnienie_wersja (wersja INTEGER NOT NULL)');
      await c.query('INSERT INTO udostepnienie_wersja VALUES (1)');
    }),
  atStepTwo: (url) =>
    onPostgres(url, async (c) => {
      await c.query(SHARE_MIGRATIONS[0]!.postgresql);
      await c.query(SHARE_MIGRATIONS[1]!.postgresql);
      await c.query(`INSERT INTO udostepnienie (link, id_glosowania, id_osoby, klucz, osoba, utworzono)
      VALUES ('AAAAAAAAAAAAAAAAAAAAAA', 7, 8, '["vote 7"]', 'Radny 2', '2025-01-01T00:00:00.000Z')`);
      await c.query('CREATE TABLE udostepnienie_wersja (wersja INTEGER NOT NULL)');
      await c.query('INSERT INTO udostepnienie_wersja VALUES (2)');
    }),
};

// One small council, built once: every app below serves a copy of it.
let source: string;
let votes: Array<{ id: number; voter: number }>;

beforeAll(async () => {
  source = tempDir();
  await generateBundle(source, { seed: 5, radni: 10, glosowania: 60, kadencje: 1 });
  const dbPath = await buildSnapshot();
  const db = new Database(dbPath, { readonly: true });
  votes = db
    .prepare(
      'SELECT id_glosowania AS id, min(id_osoby) AS voter FROM glos GROUP BY id_glosowania ORDER BY id_glosowania LIMIT 3',
    )
    .all() as typeof votes;
  db.close();
  if (havePostgres) postgres = await startPostgres();
});

afterAll(async () => {
  await postgres?.destroy();
});

async function buildSnapshot(dbPath = join(tempDir(), 'council.db')): Promise<string> {
  await runEtl({ source, dbPath, render: renderStoredAnswers });
  return dbPath;
}

/** An app over its own snapshot (as a replica has its own copy) with the given share store. */
async function replica(shares: ShareStore) {
  const dbPath = await buildSnapshot();
  const snapshots = new SnapshotStore(dbPath);
  snapshots.load();
  const config = loadConfig({ NODE_ENV: 'test' }, { DB_PATH: dbPath, RATE_LIMIT_MAX_REQUESTS: 1_000_000 });
  return { app: createApp({ snapshots, shares, config, logger: silent }), snapshots, dbPath };
}

const backends = [
  { backend: sqlite, skip: false },
  { backend: postgresql, skip: !havePostgres },
];

/**
 * A link's target: vote `id` whose identity in the source is `key` (by default one per id, the same as its
 * older identity), and a councillor, „Radny <person>” unless `name` (then the `nr`-th of that name).
 */
const target = (
  id: number,
  person: number | null,
  key = `["vote ${id}"]`,
  { name, nr = 1, unique = true }: { name?: string; nr?: number; unique?: boolean } = {},
) => ({
  id_glosowania: id,
  klucz: key,
  dawny_klucz: key,
  id_osoby: person,
  osoba: person === null ? null : (name ?? `Radny ${person}`),
  osoba_nr: person === null ? 0 : nr,
  osoba_jednoznaczna: person === null || unique,
});

describe.each(backends)('share links in $backend.name', ({ backend, skip }) => {
  it.skipIf(skip)('one link per (vote, person), whichever store handle asks, ids up to 2^53 exact', async () => {
    const where = await backend.fresh();
    const a = await backend.open(where);
    const b = await backend.open(where); // another process or replica on the same links
    try {
      const first = await a.linkFor(target(7, 3));
      expect(first.created).toBe(true);
      expect(first.link).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(await b.linkFor(target(7, 3))).toEqual({ link: first.link, created: false });
      const plain = await a.linkFor(target(7, null));
      expect(plain.created).toBe(true);
      expect(plain.link).not.toBe(first.link);
      expect(await b.find(first.link)).toEqual({
        link: first.link,
        id_glosowania: 7,
        id_osoby: 3,
        klucz: '["vote 7"]',
        osoba: 'Radny 3',
        osoba_nr: 1,
        utworzono: expect.any(String),
      });
      expect(await b.find(plain.link)).toMatchObject({ id_glosowania: 7, id_osoby: null, osoba: null });
      expect(await a.find('AAAAAAAAAAAAAAAAAAAAAA')).toBeUndefined();
      const big = await a.linkFor(target(Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER - 1));
      expect(await b.find(big.link)).toMatchObject({
        id_glosowania: Number.MAX_SAFE_INTEGER,
        id_osoby: Number.MAX_SAFE_INTEGER - 1,
      });
      // Another vote under an id that an earlier snapshot gave vote 7 (a rebuild renumbered them): its own link.
      const renumbered = await a.linkFor(target(7, 3, '["another vote"]'));
      expect(renumbered.created).toBe(true);
      expect(renumbered.link).not.toBe(first.link);

      // Many requests for the same new pair at once, through both handles: one link, created once.
      const racing = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).linkFor(target(8, 1))));
      expect(new Set(racing.map((r) => r.link)).size).toBe(1);
      expect(racing.filter((r) => r.created)).toHaveLength(1);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it.skipIf(skip)('migrates a new database once, reopens without change, refuses a newer schema by name', async () => {
    const where = await backend.fresh();
    // Several stores opening a new database together (replicas starting at once) apply each step once.
    const stores = await Promise.all(Array.from({ length: 4 }, () => backend.open(where)));
    const { link } = await stores[0]!.linkFor(target(1, 2));
    await Promise.all(stores.map((s) => s.close()));
    expect(await backend.version(where)).toBe(SHARE_MIGRATIONS.length);
    const again = await backend.open(where);
    expect(await again.find(link)).toMatchObject({ id_glosowania: 1, id_osoby: 2 });
    await again.close();

    await backend.makeNewer(where, 99);
    const described = await backend.open(where).then(
      async (s) => {
        await s.close();
        return 'opened';
      },
      (e: Error) => e.message,
    );
    expect(described).toMatch(
      /^the share-link database .+ has schema version 99, newer than this service knows \(3\); upgrade the service$/,
    );
    expect(described).not.toContain('password');
  });

  it.skipIf(skip)(
    'upgrades a step-1 database: its links kept, unpinned until used, the old pair constraint gone',
    async () => {
      const where = await backend.fresh();
      await backend.atStepOne(where);
      const store = await backend.open(where);
      try {
        expect(await backend.version(where)).toBe(SHARE_MIGRATIONS.length);
        expect(await store.find('AAAAAAAAAAAAAAAAAAAAAA')).toEqual({
          link: 'AAAAAAAAAAAAAAAAAAAAAA',
          id_glosowania: 7,
          id_osoby: 3,
          klucz: null,
          osoba: null,
          osoba_nr: null,
          utworzono: '2025-01-01T00:00:00.000Z',
        });
        expect(await store.linkFor(target(7, 3))).toEqual({ link: 'AAAAAAAAAAAAAAAAAAAAAA', created: false });
        expect((await store.linkFor(target(7, 3, '["a vote given id 7 later"]'))).created).toBe(true);
      } finally {
        await store.close();
      }
    },
  );

  it.skipIf(skip)(
    'pins a link made before identities were recorded, once, and never onto an identity another link holds',
    async () => {
      const where = await backend.fresh();
      const store = await backend.open(where);
      try {
        const { link } = await store.linkFor(target(3, 1));
        await backend.unpin(where, link); // as if made before step 2
        expect(await store.find(link)).toMatchObject({ klucz: null, osoba: null, id_glosowania: 3, id_osoby: 1 });
        await store.pin(link, target(3, 1));
        expect(await store.find(link)).toMatchObject({ klucz: '["vote 3"]', osoba: 'Radny 1', osoba_nr: 1 });
        await store.pin(link, target(3, null, '["elsewhere"]')); // pinned already: nothing changes
        expect(await store.find(link)).toMatchObject({ klucz: '["vote 3"]', osoba: 'Radny 1', osoba_nr: 1 });

        const old = await store.linkFor(target(4, null));
        await backend.unpin(where, old.link);
        const fresh = await store.linkFor(target(4, null, '["vote 4, renumbered"]')); // the unpinned link for these ids is taken over…
        expect(fresh).toEqual({ link: old.link, created: false });
        const other = await store.linkFor(target(5, null));
        await backend.unpin(where, other.link);
        await store.pin(other.link, target(4, null, '["vote 4, renumbered"]')); // …and its identity is not given to another
        expect(await store.find(other.link)).toMatchObject({ klucz: null });
      } finally {
        await store.close();
      }
    },
  );

  it.skipIf(skip)(
    'two councillors of one name: a link each, and an older link taken over only by its own',
    async () => {
      const where = await backend.fresh();
      const store = await backend.open(where);
      try {
        const namesake = (person: number, nr: number) =>
          target(9, person, '["vote 9"]', { name: 'Jolanta Nowicka', nr, unique: false });
        const first = await store.linkFor(namesake(2, 1));
        const second = await store.linkFor(namesake(8, 2));
        expect([first.created, second.created]).toEqual([true, true]);
        expect(second.link).not.toBe(first.link);
        expect(await store.linkFor(namesake(8, 2))).toEqual({ link: second.link, created: false });
        expect(await store.find(second.link)).toMatchObject({ id_osoby: 8, osoba: 'Jolanta Nowicka', osoba_nr: 2 });

        // A link made before step 3 records the name only: the namesake it was made for (by id) takes it over,
        // the other one gets a link of their own.
        const old = await store.linkFor(
          target(10, 8, '["vote 10"]', { name: 'Jolanta Nowicka', nr: 2, unique: false }),
        );
        await backend.toStepTwo(where, old.link, '["vote 10, as recorded before"]');
        const other = await store.linkFor({
          ...target(10, 2, '["vote 10"]', { name: 'Jolanta Nowicka', nr: 1, unique: false }),
          dawny_klucz: '["vote 10, as recorded before"]',
        });
        expect(other.created).toBe(true);
        const own = await store.linkFor({
          ...target(10, 8, '["vote 10"]', { name: 'Jolanta Nowicka', nr: 2, unique: false }),
          dawny_klucz: '["vote 10, as recorded before"]',
        });
        expect(own).toEqual({ link: old.link, created: false });
        expect(await store.find(old.link)).toMatchObject({ klucz: '["vote 10"]', osoba_nr: 2 });
        // A name that is alone in the vote: taken over whatever its id (a rebuild renumbered the councillors).
        const renamed = await store.linkFor(target(11, 4, '["vote 11"]'));
        await backend.toStepTwo(where, renamed.link, '["vote 11, as recorded before"]');
        expect(
          await store.linkFor({
            ...target(11, 5, '["vote 11"]', { name: 'Radny 4' }),
            dawny_klucz: '["vote 11, as recorded before"]',
          }),
        ).toEqual({ link: renamed.link, created: false });
      } finally {
        await store.close();
      }
    },
  );

  it.skipIf(skip)('upgrades a step-2 database: its links kept, unpinned until used', async () => {
    const where = await backend.fresh();
    await backend.atStepTwo(where);
    const store = await backend.open(where);
    try {
      expect(await backend.version(where)).toBe(SHARE_MIGRATIONS.length);
      expect(await store.find('AAAAAAAAAAAAAAAAAAAAAA')).toEqual({
        link: 'AAAAAAAAAAAAAAAAAAAAAA',
        id_glosowania: 7,
        id_osoby: 8,
        klucz: '["vote 7"]',
        osoba: 'Radny 2',
        osoba_nr: null,
        utworzono: '2025-01-01T00:00:00.000Z',
      });
      const present = { ...target(7, 8, '["vote 7 as read now"]', { name: 'Radny 2' }), dawny_klucz: '["vote 7"]' };
      expect(await store.linkFor(present)).toEqual({ link: 'AAAAAAAAAAAAAAAAAAAAAA', created: false });
      expect(await store.find('AAAAAAAAAAAAAAAAAAAAAA')).toMatchObject({
        klucz: '["vote 7 as read now"]',
        osoba_nr: 1,
      });
    } finally {
      await store.close();
    }
  });

  it.skipIf(skip)(
    'through the API and the site: a link created through one replica is read through another, after a refresh too',
    async () => {
      const where = await backend.fresh();
      const one = await replica(await backend.open(where));
      const other = await replica(await backend.open(where));
      try {
        const [vote] = votes;
        const created = await request(one.app)
          .post(`/api/glosowania/${vote!.id}/udostepnij`)
          .send({ id_osoby: vote!.voter });
        expect(created.status).toBe(201);
        const again = await request(other.app)
          .post(`/api/glosowania/${vote!.id}/udostepnij`)
          .send({ id_osoby: vote!.voter });
        expect(again.status).toBe(200);
        expect(again.body.data).toEqual(created.body.data);
        const { link } = created.body.data as { link: string };

        const read = await request(other.app).get(`/api/glosowania/share/${link}`);
        expect(read.status).toBe(200);
        expect(read.body.data).toMatchObject({
          link,
          glosowanie: { id_glosowania: vote!.id },
          wyrozniony: { id_osoby: vote!.voter },
        });
        const page = await request(other.app).get(`/share/${link}`);
        expect(page.status).toBe(200);
        expect(page.text).toContain(`<link rel="canonical" href="/share/${link}"/>`);

        // A refresh publishes a new snapshot over the replica's file: the link is untouched.
        const before = other.snapshots.active!.id;
        await buildSnapshot(other.dbPath);
        expect(other.snapshots.refresh()).toBe(true);
        expect(other.snapshots.active!.id).not.toBe(before);
        expect((await request(other.app).get(`/api/glosowania/share/${link}`)).body.data.link).toBe(link);
      } finally {
        for (const r of [one, other]) {
          r.snapshots.close();
        }
      }
    },
  );
});

describe('a share store that cannot answer', () => {
  /** A store whose database is gone: every call fails the way the real stores fail in an outage. */
  const down: ShareStore = {
    where: 'test',
    linkFor: async () => {
      throw new SharesUnavailableError('the share-link database test is unavailable: connect ECONNREFUSED');
    },
    find: async () => {
      throw new SharesUnavailableError('the share-link database test is unavailable: connect ECONNREFUSED');
    },
    pin: async () => {
      throw new SharesUnavailableError('the share-link database test is unavailable: connect ECONNREFUSED');
    },
    close: async () => undefined,
  };

  it('makes the link requests 503 with a clear message; every read of the snapshot keeps working', async () => {
    const { app, snapshots } = await replica(down);
    try {
      const post = await request(app).post(`/api/glosowania/${votes[0]!.id}/udostepnij`).send({});
      expect(post.status).toBe(503);
      expect(post.body).toEqual({ success: false, error: 'Service Unavailable', message: SHARES_UNAVAILABLE });
      const get = await request(app).get('/api/glosowania/share/AAAAAAAAAAAAAAAAAAAAAA');
      expect(get.status).toBe(503);
      const page = await request(app).get('/share/AAAAAAAAAAAAAAAAAAAAAA');
      expect(page.status).toBe(503);
      expect(page.text).toContain('Linki udostępniania są chwilowo niedostępne');
      for (const path of [
        '/health',
        '/api/radni',
        `/api/glosowania/${votes[0]!.id}`,
        '/api/statystyki/dashboard',
        '/',
        `/glosowania/${votes[0]!.id}`,
      ]) {
        expect((await request(app).get(path)).status, path).toBe(200);
      }
    } finally {
      snapshots.close();
    }
  });

  it('SQLite: a file locked past the busy timeout is unavailable, not a failure of the server', async () => {
    const path = join(tempDir(), 'shares.db');
    const store = new SqliteShareStore(path, { busyTimeoutMs: 50 });
    const holder = new Database(path);
    holder.exec('BEGIN EXCLUSIVE');
    try {
      await expect(store.linkFor(target(1, null))).rejects.toThrow(SharesUnavailableError);
      await expect(store.linkFor(target(1, null))).rejects.toThrow(`the share-link database ${path} cannot answer`);
    } finally {
      holder.exec('ROLLBACK');
      holder.close();
    }
    expect((await store.linkFor(target(1, null))).created).toBe(true);
    await store.close();
  });

  it('SQLite: adopts a version-0 file (made before versioning) with its links intact, once', async () => {
    const path = join(tempDir(), 'shares.db');
    const old = new Database(path);
    // The table exactly as the service created it before migrations existed (user_version 0).
    old.exec(`CREATE TABLE IF NOT EXISTS udostepnienie (
      link TEXT PRIMARY KEY, id_glosowania INTEGER NOT NULL, id_osoby INTEGER NOT NULL, utworzono TEXT NOT NULL,
      UNIQUE (id_glosowania, id_osoby))`);
    old
      .prepare('INSERT INTO udostepnienie VALUES (?, ?, ?, ?)')
      .run('AAAAAAAAAAAAAAAAAAAAAA', 7, 3, '2025-01-01T00:00:00.000Z');
    old
      .prepare('INSERT INTO udostepnienie VALUES (?, ?, ?, ?)')
      .run('BBBBBBBBBBBBBBBBBBBBBB', 8, 0, '2025-01-02T00:00:00.000Z');
    old.close();
    const shares = new SqliteShareStore(path);
    expect(await shares.find('AAAAAAAAAAAAAAAAAAAAAA')).toEqual({
      link: 'AAAAAAAAAAAAAAAAAAAAAA',
      id_glosowania: 7,
      id_osoby: 3,
      klucz: null,
      osoba: null,
      osoba_nr: null,
      utworzono: '2025-01-01T00:00:00.000Z',
    });
    expect(await shares.find('BBBBBBBBBBBBBBBBBBBBBB')).toMatchObject({ id_glosowania: 8, id_osoby: null });
    expect(await shares.linkFor(target(7, 3))).toEqual({ link: 'AAAAAAAAAAAAAAAAAAAAAA', created: false });
    expect(await shares.find('AAAAAAAAAAAAAAAAAAAAAA')).toMatchObject({ klucz: '["vote 7"]', osoba: 'Radny 3' });
    await shares.close();
    expect(await sqlite.version(path)).toBe(SHARE_MIGRATIONS.length);
  });

  it("a SHARES_DATABASE_URL that is not PostgreSQL's stops the start without repeating it (it may hold a password)", () => {
    expect(() => loadConfig({ SHARES_DATABASE_URL: 'mysql://council:s3cret@db/council' })).toThrow(
      /SHARES_DATABASE_URL: must be a postgresql:\/\/ \(or postgres:\/\/\) URL, or empty \(got a value not shown here/,
    );
    expect(() => loadConfig({ SHARES_DATABASE_URL: 'mysql://council:s3cret@db/council' })).not.toThrow(/s3cret/);
  });

  describe.skipIf(!havePostgres)('PostgreSQL down, then back', () => {
    it('starts without the database, answers 503 meanwhile, migrates and serves links once it is back', async () => {
      const url = await postgres!.createDatabase(`shares_${++databases}`);
      await postgres!.stop();
      let shares: ShareStore | undefined;
      try {
        shares = await openShareStore({ DB_PATH: 'unused', SHARES_DB_PATH: '', SHARES_DATABASE_URL: url }, silent);
        const { app, snapshots } = await replica(shares);
        try {
          const vote = votes[1]!.id;
          const refused = await request(app).post(`/api/glosowania/${vote}/udostepnij`).send({});
          expect(refused.status).toBe(503);
          expect(refused.body.message).toBe(SHARES_UNAVAILABLE);
          expect((await request(app).get('/api/radni')).status).toBe(200);

          await postgres!.start();
          const created = await request(app).post(`/api/glosowania/${vote}/udostepnij`).send({});
          expect(created.status).toBe(201);

          // A restart of the database while the pool holds connections: one answer may be lost to the
          // broken connection (503), none after it.
          await postgres!.stop();
          expect((await request(app).get(`/api/glosowania/share/${created.body.data.link}`)).status).toBe(503);
          await postgres!.start();
          const read = await request(app).get(`/api/glosowania/share/${created.body.data.link}`);
          expect(read.status).toBe(200);
        } finally {
          snapshots.close();
        }
      } finally {
        await shares?.close();
        await postgres!.start().catch(() => undefined);
      }
    });

    it('refuses to start on a database that refuses us, naming it and not the password', async () => {
      const url = postgres!.urlOf('no_such_database').replace('council@', 'council:s3cret@');
      const error = await openShareStore(
        { DB_PATH: 'unused', SHARES_DB_PATH: '', SHARES_DATABASE_URL: url },
        silent,
      ).then(
        async (s) => {
          await s.close();
          return 'opened';
        },
        (e: Error) => e.message,
      );
      expect(error).toMatch(
        /^the share-link database postgresql:\/\/council@127\.0\.0\.1:\d+\/no_such_database is unavailable: database "no_such_database" does not exist$/,
      );
    });
  });
});
