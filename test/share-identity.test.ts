// A share link names a vote and a councillor, not two row ids: Radoskop's ids are positions (CONTRACT
// §8 numbers votes and persons 1, 2, … in file order), so a council or a vote added upstream renumbers
// every later one. A link keeps pointing at the vote and the councillor it was made for across such
// a refresh, a link whose vote is gone answers 404, and a link made before identities were recorded
// is pinned to its vote on first read.

import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { pino } from 'pino';
import request from './support/request.ts';
import { afterAll, describe, expect, it } from 'vitest';
import { runEtl } from '../etl/run.ts';
import { createApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { SqliteShareStore } from '../src/shares/index.ts';
import { SnapshotStore } from '../src/snapshot/snapshot.ts';
import { generateBundle } from '../tools/generate/index.ts';
import { removeDir, tempDir } from './support/fixture.ts';
import { RADOSKOP_ALFA_BETA, writeRadoskopHand } from './support/radoskop-hand.ts';

const dirs: string[] = [];
afterAll(() => dirs.forEach(removeDir));

type Files = Record<string, unknown>;
const alfa2024 = RADOSKOP_ALFA_BETA['alfa-city/kadencja-2024-2029.json'] as {
  councilors: unknown[];
  votes: Array<Record<string, unknown>>;
};
const betaTerm = RADOSKOP_ALFA_BETA['beta-city/docs/kadencja-2024-2029.json'] as {
  votes: Array<Record<string, unknown>>;
};

/**
 * Alfa gains a councillor and a vote in 2024: every vote and person of Beta (the later folder) moves
 * up by one. Before: Tomasz Bąk 6, c0 „Budżet” 8, c1 „Uchwała” 9. After: Tomasz 7, c0 9, c1 10.
 */
const RENUMBERED: Files = {
  ...RADOSKOP_ALFA_BETA,
  'alfa-city/kadencja-2024-2029.json': {
    ...alfa2024,
    councilors: [...alfa2024.councilors, { name: 'Nowa Radna', club: 'KO' }],
    votes: [
      ...alfa2024.votes,
      { id: 'b2', session_date: '2024-05-21', session_number: 'II', topic: 'Nowe', named_votes: { za: [0, 3] } },
    ],
  },
};
/** …and then Beta's „Uchwała” is withdrawn upstream. */
const WITHDRAWN: Files = {
  ...RENUMBERED,
  'beta-city/docs/kadencja-2024-2029.json': { ...betaTerm, votes: betaTerm.votes.filter((v) => v['id'] !== 'c1') },
};

/** A server over one snapshot file that each `publish` rebuilds, as a refresh does. */
async function service(sharesPath = join(tempDir(), 'shares.db')) {
  const dir = tempDir();
  dirs.push(dir);
  const dbPath = join(dir, 'council.db');
  let builds = 0;
  const publish = async (files: Files) => {
    const source = join(dir, `source-${++builds}`);
    await writeRadoskopHand(source, files);
    await runEtl({ source, format: 'radoskop', dbPath, force: true });
  };
  await publish(RADOSKOP_ALFA_BETA);
  const snapshots = new SnapshotStore(dbPath);
  snapshots.load();
  const shares = new SqliteShareStore(sharesPath);
  const config = loadConfig(
    { NODE_ENV: 'test' },
    {
      DB_PATH: dbPath,
      RATE_LIMIT_MAX_REQUESTS: 1_000_000,
      SITE_RATE_LIMIT_MAX_REQUESTS: 1_000_000,
      RESPONSE_CACHE_MB: 0,
    },
  );
  const app = createApp({ snapshots, shares, config, logger: pino({ level: 'silent' }) });
  return {
    app,
    refresh: async (files: Files) => {
      await publish(files);
      expect(snapshots.refresh()).toBe(true);
    },
    close: async () => {
      snapshots.close();
      await shares.close();
    },
  };
}

const share = (app: ReturnType<typeof createApp>, vote: number, body: object = {}) =>
  request(app).post(`/api/glosowania/${vote}/udostepnij`).send(body);
const read = async (app: ReturnType<typeof createApp>, link: string) =>
  request(app).get(`/api/glosowania/share/${link}`);

describe('a share link across a refresh that renumbers votes and councillors', () => {
  it('keeps its vote and its councillor; the new ids find the same links; a new vote gets a new one', async () => {
    const { app, refresh, close } = await service();
    try {
      const uchwala = await share(app, 9, { id_osoby: 6 });
      expect(uchwala.status).toBe(201);
      const budzet = await share(app, 8);
      expect(budzet.status).toBe(201);
      const [withTomasz, plain] = [uchwala.body.data.link as string, budzet.body.data.link as string];
      expect((await read(app, withTomasz)).body.data).toMatchObject({
        glosowanie: { id_glosowania: 9, tytul: 'Uchwała' },
        wyrozniony: { id_osoby: 6, imie_nazwisko: 'Tomasz Bąk', glos: 'przeciw' },
      });

      await refresh(RENUMBERED);
      const after = (await read(app, withTomasz)).body.data;
      expect(after).toMatchObject({
        link: withTomasz,
        glosowanie: { id_glosowania: 10, tytul: 'Uchwała', organ: 'Rada Miasta Beta' },
        wyrozniony: { id_osoby: 7, imie_nazwisko: 'Tomasz Bąk', glos: 'przeciw' },
      });
      expect((await read(app, plain)).body.data).toMatchObject({
        glosowanie: { id_glosowania: 9, tytul: 'Budżet' },
        wyrozniony: null,
      });

      // The same (vote, councillor) under their new ids: the same links, not new ones.
      expect((await share(app, 10, { id_osoby: 7 })).body).toMatchObject({ data: { link: withTomasz } });
      expect((await share(app, 9)).body).toMatchObject({ data: { link: plain } });
      // Vote 8 was „Budżet” when `plain` was made; it is Alfa's new vote now, which has no link yet.
      const nowe = await share(app, 8);
      expect(nowe.status).toBe(201);
      expect(nowe.body.data.link).not.toBe(plain);
      expect((await read(app, nowe.body.data.link)).body.data.glosowanie).toMatchObject({
        id_glosowania: 8,
        tytul: 'Nowe',
      });

      // Withdrawn upstream: the link answers 404, never another vote in its place.
      await refresh(WITHDRAWN);
      expect((await read(app, withTomasz)).status).toBe(404);
      expect((await read(app, plain)).body.data.glosowanie).toMatchObject({ id_glosowania: 9, tytul: 'Budżet' });
      const page = await request(app).get(`/share/${withTomasz}`);
      expect(page.status).toBe(410);
      expect(page.text).toContain('nie ma już w danych');
    } finally {
      await close();
    }
  });

  it('pins a link made before identities were recorded to its vote on first read', async () => {
    const sharesPath = join(tempDir(), 'shares.db');
    // A share-link file of schema version 1: (vote id, person id) only.
    const old = new Database(sharesPath);
    old.exec(`CREATE TABLE udostepnienie (link TEXT PRIMARY KEY, id_glosowania INTEGER NOT NULL, id_osoby INTEGER NOT NULL,
      utworzono TEXT NOT NULL, UNIQUE (id_glosowania, id_osoby)); PRAGMA user_version = 1`);
    old
      .prepare('INSERT INTO udostepnienie VALUES (?, ?, ?, ?)')
      .run('AAAAAAAAAAAAAAAAAAAAAA', 9, 6, '2025-01-01T00:00:00.000Z');
    old.close();
    const { app, refresh, close } = await service(sharesPath);
    try {
      const firstAnswer = await read(app, 'AAAAAAAAAAAAAAAAAAAAAA');
      expect(firstAnswer.status, JSON.stringify(firstAnswer.body)).toBe(200);
      const first = firstAnswer.body.data;
      expect(first).toMatchObject({
        utworzono: '2025-01-01T00:00:00.000Z',
        glosowanie: { id_glosowania: 9, tytul: 'Uchwała' },
        wyrozniony: { id_osoby: 6 },
      });
      await refresh(RENUMBERED);
      expect((await read(app, 'AAAAAAAAAAAAAAAAAAAAAA')).body.data).toMatchObject({
        glosowanie: { id_glosowania: 10, tytul: 'Uchwała' },
        wyrozniony: { id_osoby: 7, imie_nazwisko: 'Tomasz Bąk' },
      });
      expect((await share(app, 10, { id_osoby: 7 })).body).toMatchObject({ data: { link: 'AAAAAAAAAAAAAAAAAAAAAA' } });
    } finally {
      await close();
    }
  });
});

/** The vote titled `title` in the served snapshot (its id, whatever it is now). */
async function voteTitled(app: ReturnType<typeof createApp>, title: string): Promise<number> {
  const list = await request(app).get('/api/glosowania?limit=100');
  const found = (list.body.data as Array<{ id_glosowania: number; tytul: string }>).filter((v) => v.tytul === title);
  expect(found, title).toHaveLength(1);
  return found[0]!.id_glosowania;
}

const betaVotes = betaTerm.votes;
/** Radoskop adds a vote at the start of Beta's session of 2024-06-03 (before „Budżet” and „Uchwała”). */
const VOTE_ADDED_EARLIER: Files = {
  ...RADOSKOP_ALFA_BETA,
  'beta-city/docs/kadencja-2024-2029.json': {
    ...betaTerm,
    votes: [
      {
        id: 'c-1',
        session_date: '2024-06-03',
        session_number: 'LXXIV/2',
        topic: 'Porządek obrad',
        named_votes: { za: [0, 1, 2] },
      },
      ...betaVotes,
    ],
  },
};
/** …and a session without a number before „Absolutorium”'s (also unnumbered, so its position moves). */
const SESSION_ADDED_EARLIER: Files = {
  ...VOTE_ADDED_EARLIER,
  'beta-city/docs/kadencja-2024-2029.json': {
    ...betaTerm,
    votes: [
      ...(VOTE_ADDED_EARLIER['beta-city/docs/kadencja-2024-2029.json'] as typeof betaTerm).votes,
      {
        id: 'c3',
        session_date: '2024-06-10',
        session_number: null,
        topic: 'Absolutorium',
        named_votes: { przeciw: [0, 1, 2] },
      },
    ],
  },
};

describe('a Radoskop share link when Radoskop adds a vote or a session earlier (issue 34)', () => {
  it('keeps its vote and councillor: a vote added earlier in the session, a session added earlier in the term', async () => {
    const { app, refresh, close } = await service();
    try {
      const budzet = (await share(app, await voteTitled(app, 'Budżet'), { id_osoby: 8 })).body.data.link as string; // Olga Kruk
      const uchwala = (await share(app, await voteTitled(app, 'Uchwała'))).body.data.link as string;
      const absolutorium = (await share(app, await voteTitled(app, 'Absolutorium'), { id_osoby: 6 })).body.data
        .link as string; // Tomasz Bąk
      const opened = async () =>
        Promise.all(
          [budzet, uchwala, absolutorium].map(async (link) => {
            const { status, body } = await read(app, link);
            expect(status, JSON.stringify(body)).toBe(200);
            return {
              tytul: body.data.glosowanie.tytul,
              data: body.data.glosowanie.data,
              osoba: body.data.wyrozniony?.imie_nazwisko ?? null,
            };
          }),
        );
      const before = await opened();
      expect(before).toEqual([
        { tytul: 'Budżet', data: '2024-06-03', osoba: 'Olga Kruk' },
        { tytul: 'Uchwała', data: '2024-06-03', osoba: null },
        { tytul: 'Absolutorium', data: '2024-06-20', osoba: 'Tomasz Bąk' },
      ]);
      await refresh(VOTE_ADDED_EARLIER);
      expect(await opened()).toEqual(before);
      await refresh(SESSION_ADDED_EARLIER); // a second „Absolutorium”, on 2024-06-10: not the link's
      expect(await opened()).toEqual(before);
      // The same vote and councillor under their new ids: the same link.
      expect(
        (
          await share(
            app,
            (await request(app).get(`/api/glosowania/share/${absolutorium}`)).body.data.glosowanie.id_glosowania,
            { id_osoby: 6 },
          )
        ).body.data.link,
      ).toBe(absolutorium);
    } finally {
      await close();
    }
  });

  it('a vote whose ballots and tallies are corrected upstream, its title unique in its session, keeps its link', async () => {
    const { app, refresh, close } = await service();
    try {
      const budzet = (await share(app, await voteTitled(app, 'Budżet'), { id_osoby: 8 })).body.data.link as string; // Olga Kruk
      await refresh({
        ...RADOSKOP_ALFA_BETA,
        'beta-city/docs/kadencja-2024-2029.json': {
          ...betaTerm,
          votes: betaVotes.map((v) =>
            v['topic'] === 'Budżet'
              ? {
                  ...v,
                  named_votes: { za: [0, 1, 2] },
                  counts: { za: 3, przeciw: 0, wstrzymal_sie: 0, brak_glosu: 0, nieobecni: 0 },
                }
              : v,
          ),
        },
      });
      const { status, body } = await read(app, budzet);
      expect(status, JSON.stringify(body)).toBe(200);
      expect([body.data.glosowanie.tytul, body.data.glosowanie.za, body.data.wyrozniony?.imie_nazwisko]).toEqual([
        'Budżet',
        3,
        'Olga Kruk',
      ]);
    } finally {
      await close();
    }
  });

  it('a vote gone upstream: the API says so (404), the page answers 410, never another vote', async () => {
    const { app, refresh, close } = await service();
    try {
      const uchwala = (await share(app, await voteTitled(app, 'Uchwała'), { id_osoby: 6 })).body.data.link as string;
      await refresh({
        ...VOTE_ADDED_EARLIER,
        'beta-city/docs/kadencja-2024-2029.json': {
          ...betaTerm,
          votes: (VOTE_ADDED_EARLIER['beta-city/docs/kadencja-2024-2029.json'] as typeof betaTerm).votes.filter(
            (v) => v['id'] !== 'c1',
          ),
        },
      });
      const api = await read(app, uchwala);
      expect(api.status).toBe(404);
      expect(api.body.message).toBe(
        `the vote of share link ${uchwala} is no longer in the data: its source withdrew or changed it`,
      );
      const page = await request(app).get(`/share/${uchwala}`);
      expect(page.status).toBe(410);
      expect(page.text).toContain('Głosowanie usunięte z danych');
      expect(page.text).toContain('nie pokaże innego głosowania');
      expect((await read(app, 'AAAAAAAAAAAAAAAAAAAAAA')).body.message).toBe('no share link AAAAAAAAAAAAAAAAAAAAAA');
    } finally {
      await close();
    }
  });

  it('a link made under the older identity (session and vote numbers) keeps its vote, and is pinned on first read', async () => {
    const sharesPath = join(tempDir(), 'shares.db');
    // A share-link file of schema version 2 holding a link to „Uchwała” (vote 9, Beta's second vote of
    // session LXXIV/2) with Tomasz Bąk (6), as the service recorded it before version 3.
    const old = new Database(sharesPath);
    old.exec(`CREATE TABLE udostepnienie (link TEXT PRIMARY KEY, id_glosowania INTEGER NOT NULL, id_osoby INTEGER NOT NULL,
      klucz TEXT, osoba TEXT NOT NULL DEFAULT '', utworzono TEXT NOT NULL);
      CREATE UNIQUE INDEX udostepnienie_klucz ON udostepnienie (klucz, osoba) WHERE klucz IS NOT NULL;
      CREATE INDEX udostepnienie_para ON udostepnienie (id_glosowania, id_osoby) WHERE klucz IS NULL;
      PRAGMA user_version = 2`);
    old
      .prepare('INSERT INTO udostepnienie VALUES (?, ?, ?, ?, ?, ?)')
      .run(
        'BBBBBBBBBBBBBBBBBBBBBB',
        9,
        6,
        '["Rada Miasta Beta","2024-2029","2024-06-03","LXXIV/2",2]',
        'Tomasz Bąk',
        '2025-01-01T00:00:00.000Z',
      );
    old.close();
    const { app, refresh, close } = await service(sharesPath);
    try {
      expect((await read(app, 'BBBBBBBBBBBBBBBBBBBBBB')).body.data).toMatchObject({
        glosowanie: { tytul: 'Uchwała' },
        wyrozniony: { imie_nazwisko: 'Tomasz Bąk', glos: 'przeciw' },
      });
      await refresh(VOTE_ADDED_EARLIER); // „Uchwała” is the session's third vote now
      expect((await read(app, 'BBBBBBBBBBBBBBBBBBBBBB')).body.data).toMatchObject({
        glosowanie: { tytul: 'Uchwała' },
        wyrozniony: { imie_nazwisko: 'Tomasz Bąk', glos: 'przeciw' },
      });
      expect((await share(app, await voteTitled(app, 'Uchwała'), { id_osoby: 6 })).body.data.link).toBe(
        'BBBBBBBBBBBBBBBBBBBBBB',
      );
    } finally {
      await close();
    }
  });
});

describe('two councillors of one name (issue 34)', () => {
  it('each gets their own link, which opens with them highlighted, in the API, the page and its preview', async () => {
    const source = tempDir();
    dirs.push(source);
    await generateBundle(source, { seed: 34, radni: 10, glosowania: 60, kadencje: 1 });
    // Person 2 takes person 1's name: two councillors of one name, as „Jolanta Nowicka” 2 and 8 of the sample.
    const radni = readFileSync(join(source, 'radni.csv'), 'utf8').split('\n');
    const nameOf = (id: number) => radni.find((line) => line.startsWith(`${id},`))!.slice(`${id},`.length);
    const name = nameOf(1);
    writeFileSync(
      join(source, 'radni.csv'),
      radni.map((line) => (line.startsWith('2,') ? `2,${name}` : line)).join('\n'),
    );
    const dbPath = join(source, 'council.db');
    await runEtl({ source, dbPath });
    const db = new Database(dbPath, { readonly: true });
    const vote = db
      .prepare(
        `SELECT a.id_glosowania FROM glos a JOIN glos b ON b.id_glosowania = a.id_glosowania
      WHERE a.id_osoby = 1 AND b.id_osoby = 2 AND a.glos <> b.glos ORDER BY a.id_glosowania LIMIT 1`,
      )
      .pluck()
      .get() as number;
    db.close();
    expect(vote).toBeGreaterThan(0);

    const snapshots = new SnapshotStore(dbPath);
    snapshots.load();
    const shares = new SqliteShareStore(join(tempDir(), 'shares.db'));
    const config = loadConfig(
      { NODE_ENV: 'test' },
      {
        DB_PATH: dbPath,
        RATE_LIMIT_MAX_REQUESTS: 1_000_000,
        SITE_RATE_LIMIT_MAX_REQUESTS: 1_000_000,
        PUBLIC_URL: 'https://rada.example.org',
      },
    );
    const app = createApp({ snapshots, shares, config, logger: pino({ level: 'silent' }) });
    try {
      const ballots = (await request(app).get(`/api/glosowania/${vote}/glosy`)).body.data as Array<{
        id_osoby: number;
        glos: string;
        imie_nazwisko: string;
      }>;
      const ballotOf = (id: number) => ballots.find((b) => b.id_osoby === id)!;
      expect(ballotOf(1).imie_nazwisko).toBe(ballotOf(2).imie_nazwisko);
      const links: string[] = [];
      for (const person of [1, 2]) {
        const made = await share(app, vote, { id_osoby: person });
        expect(made.status).toBe(201);
        links.push(made.body.data.link as string);
      }
      expect(links[0]).not.toBe(links[1]);
      for (const [i, person] of [1, 2].entries()) {
        expect((await share(app, vote, { id_osoby: person })).body).toMatchObject({ data: { link: links[i] } });
        const opened = await read(app, links[i]!);
        expect(opened.body.data.wyrozniony).toMatchObject({ id_osoby: person, glos: ballotOf(person).glos });
        const page = await request(app).get(`/share/${links[i]}`);
        expect(page.status).toBe(200);
        expect(page.text).toContain(`/karty/glosowanie/${vote}/radny/${person}.png`);
        // The profile link is the councillor's own page: their token, the namesake's with its suffix.
        const token = (await request(app).get(`/api/radni/${person}`)).body.data.token as string;
        expect(page.text).toContain(`<a href="/radni/${token}">Profil: ${name}</a>`);
      }
    } finally {
      snapshots.close();
      await shares.close();
    }
  });
});

// Issue 42: Gdańsk's votes whose (cut) titles repeat within a session, on the real data changed upstream
// in the two ways that moved a link onto another vote: a vote of the same title inserted earlier in its
// session, and the first of a pair withdrawn. Each vote's `source_url` is set to its Radoskop id, so the
// attachment tells which upstream vote a link opened (the fingerprint does not read attachments).
const gdanskDir = fileURLToPath(new URL('../../shared/data/radoskop/gdansk/', import.meta.url));
const haveGdansk = existsSync(gdanskDir);
if (!haveGdansk) console.warn(`skipping the share links over real Gdańsk data: ${gdanskDir} not found`);

type RadoskopVote = Record<string, unknown> & {
  id: string;
  session_date: string;
  session_number: string;
  topic: string;
};
const TERM_FILE = 'kadencja-2024-2029.json';

describe.skipIf(!haveGdansk)('share links of Gdańsk votes whose titles repeat in a session (issue 42)', () => {
  const real = JSON.parse(readFileSync(join(gdanskDir, TERM_FILE), 'utf8')) as { votes: RadoskopVote[] };
  const marked = real.votes.map((v) => ({ ...v, source_url: `https://radoskop.test/${v.id}` }));
  const statedOf = (v: RadoskopVote) => JSON.stringify([v.session_date, v.session_number, v.topic]);
  const groups = new Map<string, RadoskopVote[]>();
  for (const v of marked) groups.set(statedOf(v), [...(groups.get(statedOf(v)) ?? []), v]);
  const repeated = [...groups.values()].filter((g) => g.length > 1);
  // Votes the source states exactly alike (result, tallies, ballots) as another of their group.
  const contentOf = (v: RadoskopVote) => JSON.stringify([v['resolution'], v['counts'], v['named_votes']]);
  const twins = new Set(
    repeated.flatMap((g) => g.filter((v) => g.some((w) => w !== v && contentOf(w) === contentOf(v))).map((v) => v.id)),
  );
  // A few votes whose title is their session's own: an insert of that title makes it repeat.
  const single = [...groups.values()]
    .filter((g) => g.length === 1)
    .filter((_, i) => i % 97 === 0)
    .flat();

  /** Builds `votes` as Gdańsk's 2024 term into a fresh snapshot at dbPath (one ETL run). */
  async function build(dbPath: string, votes: RadoskopVote[]) {
    const source = tempDir();
    dirs.push(source);
    mkdirSync(join(source, 'gdansk'));
    copyFileSync(join(gdanskDir, 'config.json'), join(source, 'gdansk', 'config.json'));
    writeFileSync(join(source, 'gdansk', TERM_FILE), JSON.stringify({ ...real, votes }));
    await runEtl({ source, format: 'radoskop', dbPath, force: true });
  }

  /** Upstream id → vote id in the snapshot, by the marked attachment. */
  function idsIn(dbPath: string): Map<string, number> {
    const db = new Database(dbPath, { readonly: true });
    try {
      const rows = db
        .prepare("SELECT id_glosowania, url FROM zalacznik WHERE url LIKE 'https://radoskop.test/%'")
        .all();
      return new Map(
        (rows as Array<{ id_glosowania: number; url: string }>).map((r) => [
          r.url.slice('https://radoskop.test/'.length),
          r.id_glosowania,
        ]),
      );
    } finally {
      db.close();
    }
  }

  /** A vote stated like `v` (same session and title) but another vote: other tallies and ballots. */
  const lookalike = (v: RadoskopVote, n: number): RadoskopVote => ({
    ...v,
    id: `${v.id}-inserted-${n}`,
    source_url: `https://radoskop.test/${v.id}-inserted-${n}`,
    resolution: 'odrzucono',
    counts: { za: 1, przeciw: 30, wstrzymal_sie: 0, brak_glosu: 0, nieobecni: 2 },
    named_votes: { za: [0], przeciw: Array.from({ length: 30 }, (_, i) => i + 1) },
  });

  /** Every link opens the upstream vote it was made for, or answers 404 (API) and 410 (page). */
  async function check(app: ReturnType<typeof createApp>, links: Map<string, string>) {
    const outcome = new Map<string, 'own' | 'gone'>();
    for (const [upstream, link] of links) {
      const api = await read(app, link);
      if (api.status === 404) {
        expect(api.body.message, upstream).toMatch(
          /^the vote of share link \S+ (is no longer in the data|can no longer be told apart)/,
        );
        expect((await request(app).get(`/share/${link}`)).status, upstream).toBe(410);
        outcome.set(upstream, 'gone');
        continue;
      }
      expect(api.status, upstream).toBe(200);
      const id = api.body.data.glosowanie.id_glosowania as number;
      const attachments = (await request(app).get(`/api/glosowania/${id}/zalaczniki`)).body.data as Array<{
        url: string;
      }>;
      expect(
        attachments.map((a) => a.url),
        `link of ${upstream} opened another vote`,
      ).toContain(`https://radoskop.test/${upstream}`);
      outcome.set(upstream, 'own');
    }
    return outcome;
  }

  it('after a vote of the same title is inserted earlier, and after the first of a pair is withdrawn, every link opens its own vote or says it is gone', async () => {
    expect(repeated.length).toBeGreaterThan(3);
    expect(twins.size, 'most repeated votes differ in what the source states of them').toBeLessThan(
      repeated.flat().length / 2,
    );
    const dir = tempDir();
    dirs.push(dir);
    const dbPath = join(dir, 'council.db');
    await build(dbPath, marked);
    const snapshots = new SnapshotStore(dbPath);
    snapshots.load();
    const shares = new SqliteShareStore(join(dir, 'shares.db'));
    const config = loadConfig(
      { NODE_ENV: 'test' },
      {
        DB_PATH: dbPath,
        RATE_LIMIT_MAX_REQUESTS: 1_000_000,
        SITE_RATE_LIMIT_MAX_REQUESTS: 1_000_000,
        RESPONSE_CACHE_MB: 0,
      },
    );
    const app = createApp({ snapshots, shares, config, logger: pino({ level: 'silent' }) });
    try {
      const ids = idsIn(dbPath);
      const targets = [...repeated.flat(), ...single];
      const links = new Map<string, string>();
      for (const v of targets) {
        const made = await share(app, ids.get(v.id)!);
        expect(made.status, v.id).toBe(201);
        links.set(v.id, made.body.data.link as string);
      }

      // Inserted: before each group's (and each single vote's) first vote, a vote stated alike.
      const firsts = new Set([...repeated, ...single.map((v) => [v])].map((g) => g[0]!.id));
      const inserted = marked.flatMap((v, i) => (firsts.has(v.id) ? [lookalike(v, i), v] : [v]));
      await build(dbPath, inserted);
      expect(snapshots.refresh()).toBe(true);
      const afterInsert = await check(app, links);
      // Nothing of theirs changed: each opens its own vote (the inserted ones differ in tallies and ballots),
      // except where a twin stated exactly alike moved too: then nothing tells which was meant.
      const goneOf = (o: Map<string, 'own' | 'gone'>) => [...o].filter(([, x]) => x === 'gone').map(([id]) => id);
      expect(goneOf(afterInsert).filter((id) => !twins.has(id))).toEqual([]);

      // Withdrawn: the first of each repeated group (from the original data, nothing inserted).
      const withdrawn = new Set(repeated.map((g) => g[0]!.id));
      await build(
        dbPath,
        marked.filter((v) => !withdrawn.has(v.id)),
      );
      expect(snapshots.refresh()).toBe(true);
      const afterWithdrawal = await check(app, links);
      for (const id of withdrawn) expect(afterWithdrawal.get(id), id).toBe('gone');
      // The others of each group keep their vote unless a twin stated exactly alike was withdrawn.
      expect(goneOf(afterWithdrawal).filter((id) => !withdrawn.has(id) && !twins.has(id))).toEqual([]);
      expect(afterWithdrawal.size).toBe(targets.length);
    } finally {
      snapshots.close();
      await shares.close();
    }
  }, 120_000);
});
