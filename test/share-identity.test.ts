// A share link names a vote and a councillor, not two row ids: Radoskop's ids are positions (CONTRACT
// §8 numbers votes and persons 1, 2, … in file order), so a council or a vote added upstream renumbers
// every later one. A link keeps pointing at the vote and the councillor it was made for across such
// a refresh, a link whose vote is gone answers 404, and a link made before identities were recorded
// is pinned to its vote on first read.

import { join } from 'node:path';
import Database from 'better-sqlite3';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { runEtl } from '../etl/run.ts';
import { createApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { SqliteShareStore } from '../src/shares/index.ts';
import { SnapshotStore } from '../src/snapshot/snapshot.ts';
import { removeDir, tempDir } from './support/fixture.ts';
import { RADOSKOP_ALFA_BETA, writeRadoskopHand } from './support/radoskop-hand.ts';

const dirs: string[] = [];
afterAll(() => dirs.forEach(removeDir));

type Files = Record<string, unknown>;
const alfa2024 = RADOSKOP_ALFA_BETA['alfa-city/kadencja-2024-2029.json'] as { councilors: unknown[]; votes: Array<Record<string, unknown>> };
const betaTerm = RADOSKOP_ALFA_BETA['beta-city/docs/kadencja-2024-2029.json'] as { votes: Array<Record<string, unknown>> };

/**
 * Alfa gains a councillor and a vote in 2024: every vote and person of Beta (the later folder) moves
 * up by one. Before: Tomasz Bąk 6, c0 „Budżet” 8, c1 „Uchwała” 9. After: Tomasz 7, c0 9, c1 10.
 */
const RENUMBERED: Files = {
  ...RADOSKOP_ALFA_BETA,
  'alfa-city/kadencja-2024-2029.json': {
    ...alfa2024,
    councilors: [...alfa2024.councilors, { name: 'Nowa Radna', club: 'KO' }],
    votes: [...alfa2024.votes, { id: 'b2', session_date: '2024-05-21', session_number: 'II', topic: 'Nowe', named_votes: { za: [0, 3] } }],
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
  const config = loadConfig({ NODE_ENV: 'test' }, { DB_PATH: dbPath, RATE_LIMIT_MAX_REQUESTS: 1_000_000, RESPONSE_CACHE_MB: 0 });
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
const read = async (app: ReturnType<typeof createApp>, link: string) => request(app).get(`/api/glosowania/share/${link}`);

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
        glosowanie: { id_glosowania: 9, tytul: 'Uchwała' }, wyrozniony: { id_osoby: 6, imie_nazwisko: 'Tomasz Bąk', glos: 'przeciw' },
      });

      await refresh(RENUMBERED);
      const after = (await read(app, withTomasz)).body.data;
      expect(after).toMatchObject({
        link: withTomasz, glosowanie: { id_glosowania: 10, tytul: 'Uchwała', organ: 'Rada Miasta Beta' },
        wyrozniony: { id_osoby: 7, imie_nazwisko: 'Tomasz Bąk', glos: 'przeciw' },
      });
      expect((await read(app, plain)).body.data).toMatchObject({ glosowanie: { id_glosowania: 9, tytul: 'Budżet' }, wyrozniony: null });

      // The same (vote, councillor) under their new ids: the same links, not new ones.
      expect((await share(app, 10, { id_osoby: 7 })).body).toMatchObject({ data: { link: withTomasz } });
      expect((await share(app, 9)).body).toMatchObject({ data: { link: plain } });
      // Vote 8 was „Budżet” when `plain` was made; it is Alfa's new vote now, which has no link yet.
      const nowe = await share(app, 8);
      expect(nowe.status).toBe(201);
      expect(nowe.body.data.link).not.toBe(plain);
      expect((await read(app, nowe.body.data.link)).body.data.glosowanie).toMatchObject({ id_glosowania: 8, tytul: 'Nowe' });

      // Withdrawn upstream: the link answers 404, never another vote in its place.
      await refresh(WITHDRAWN);
      expect((await read(app, withTomasz)).status).toBe(404);
      expect((await read(app, plain)).body.data.glosowanie).toMatchObject({ id_glosowania: 9, tytul: 'Budżet' });
      expect((await request(app).get(`/share/${withTomasz}`)).status).toBe(404);
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
    old.prepare('INSERT INTO udostepnienie VALUES (?, ?, ?, ?)').run('AAAAAAAAAAAAAAAAAAAAAA', 9, 6, '2025-01-01T00:00:00.000Z');
    old.close();
    const { app, refresh, close } = await service(sharesPath);
    try {
      const firstAnswer = await read(app, 'AAAAAAAAAAAAAAAAAAAAAA');
      expect(firstAnswer.status, JSON.stringify(firstAnswer.body)).toBe(200);
      const first = firstAnswer.body.data;
      expect(first).toMatchObject({ utworzono: '2025-01-01T00:00:00.000Z', glosowanie: { id_glosowania: 9, tytul: 'Uchwała' }, wyrozniony: { id_osoby: 6 } });
      await refresh(RENUMBERED);
      expect((await read(app, 'AAAAAAAAAAAAAAAAAAAAAA')).body.data).toMatchObject({
        glosowanie: { id_glosowania: 10, tytul: 'Uchwała' }, wyrozniony: { id_osoby: 7, imie_nazwisko: 'Tomasz Bąk' },
      });
      expect((await share(app, 10, { id_osoby: 7 })).body).toMatchObject({ data: { link: 'AAAAAAAAAAAAAAAAAAAAAA' } });
    } finally {
      await close();
    }
  });
});
