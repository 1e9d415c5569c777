// Stored answers equal live ones, byte for byte: for the hand council and the bundled sample, every
// stored URL (each councillor's, vote's and session's resources and the parameterless lists) is
// requested from the service twice, once served from the snapshot and once answered live
// (STORED_ANSWERS=false), and the bodies and validators compared, in every encoding.

import { copyFileSync, existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import zlib from 'node:zlib';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import request from './support/request.ts';
import { writeBundle } from './support/bundle.ts';
import { appOver, buildDatabase, tempDir, type TestApp } from './support/fixture.ts';
import { HAND_COUNCIL } from './support/hand-council.ts';
import { renderAhead, renderStoredAnswers } from '../src/answers/render.ts';
import { StoredAnswers } from '../src/answers/stored.ts';
import { Snapshot } from '../src/snapshot/snapshot.ts';
import { runEtl } from '../etl/run.ts';

const apps: TestApp[] = [];
afterAll(() => apps.forEach((a) => a.close()));

/** The hand council's snapshot, and a copy of it to alter (the copy opened for writing). */
async function handCouncilAndCopy(): Promise<{ original: string; copy: string; db: Database.Database }> {
  const bundle = tempDir();
  await writeBundle(bundle, HAND_COUNCIL);
  const original = await buildDatabase(bundle);
  const copy = join(tempDir(), 'council.db');
  copyFileSync(original, copy);
  return { original, copy, db: new Database(copy) };
}

/** Reads a body whole, as bytes (decoded when it came compressed). */
const bytes = (res: NodeJS.ReadableStream, done: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

/** Asks `app` (in process) for each of `urls`; returns status, ETag, type, headers and body per URL. */
async function fetchAll(app: TestApp['app'], urls: string[], headers: Record<string, string> = {}) {
  const answers = new Map<
    string,
    { status: number; etag: string | null; type: string | null; headers: Record<string, string>; body: Buffer }
  >();
  for (const url of urls) {
    const res = await request(app).get(url).set(headers).parse(bytes);
    // What differs per request (its id, the clock, the rate-limit count) is left out of the comparison.
    const kept: Record<string, string> = {};
    for (const [name, value] of Object.entries(res.headers)) {
      if (!/^(date|x-request-id|x-ratelimit-.*)$/.test(name)) kept[name] = value;
    }
    answers.set(url, {
      status: res.status,
      etag: res.headers['etag'] ?? null,
      type: res.headers['content-type'] ?? null,
      headers: kept,
      body: res.body as Buffer,
    });
  }
  return answers;
}

/**
 * Stored answers are read whole into the response cache (RESPONSE_CACHE_MB > 0) or one encoding at a time
 * (0): each of `cacheMbs` is compared with the same live answers (asked once: a live app keeps nothing).
 */
async function compare(dbPath: string, { encodings = false, cacheMbs = [64, 0] } = {}) {
  const db = new Database(dbPath, { readonly: true });
  const stored = db.prepare('SELECT sciezka, tresc, br, gzip FROM odpowiedz').all() as Array<{
    sciezka: string;
    tresc: Buffer;
    br: Buffer | null;
    gzip: Buffer | null;
  }>;
  // A councillor's resources asked for by token are served from the answer stored under the id.
  const tokens = db.prepare('SELECT id_osoby, token FROM radny').all() as Array<{ id_osoby: number; token: string }>;
  db.close();
  const urls = stored.map((s) => s.sciezka);
  const byToken = urls.flatMap((url) => {
    const match = /^\/api\/radni\/(\d+)(\/.*)?$/.exec(url);
    const token = match && tokens.find((t) => t.id_osoby === Number(match[1]))!.token;
    return token ? [`/api/radni/${token}${match[2] ?? ''}`] : [];
  });
  const live = appOver(dbPath, { STORED_ANSWERS: false, RESPONSE_CACHE_MB: 0 });
  apps.push(live);
  const fromLive = await fetchAll(live.app, [...urls, ...byToken]);
  const encodingsAsked = encodings ? ['br', 'gzip'] : [];
  const liveEncoded = new Map<string, Awaited<ReturnType<typeof fetchAll>>>();
  for (const encoding of encodingsAsked)
    liveEncoded.set(encoding, await fetchAll(live.app, urls, { 'accept-encoding': encoding }));

  // What differs is collected and compared once (one `expect` per check and URL was a tenth of this file's
  // CPU on the sample's ~18,000 URLs, issue 41); every check still runs on every URL.
  const differences: string[] = [];
  const differs = (what: string | (() => string), url: string, same: boolean) => {
    if (!same) differences.push(`${url}: ${typeof what === 'string' ? what : what()}`);
  };
  // The stored rows themselves, against the live answers: the same whichever way they are served.
  for (const { sciezka, tresc, br, gzip } of stored) {
    const b = fromLive.get(sciezka)!;
    differs(`live status ${b.status}`, sciezka, b.status === 200);
    differs('stored bytes ≠ live body', sciezka, tresc.equals(b.body));
    differs('a brotli form iff over 1 KiB', sciezka, Boolean(br) === tresc.length > 1024);
    if (br) differs('brotli form ≠ stored bytes', sciezka, zlib.brotliDecompressSync(br).equals(tresc));
    differs('a gzip form stored (it is made when first asked for)', sciezka, gzip === null);
  }
  for (const cacheMb of cacheMbs) {
    const served = appOver(dbPath, { RESPONSE_CACHE_MB: cacheMb });
    apps.push(served);
    const fromStore = await fetchAll(served.app, [...urls, ...byToken]);
    const as = `(RESPONSE_CACHE_MB=${cacheMb})`;
    for (const url of byToken)
      differs(`body ≠ live ${as}`, url, fromStore.get(url)!.body.equals(fromLive.get(url)!.body));
    for (const { sciezka } of stored) {
      const a = fromStore.get(sciezka)!;
      const b = fromLive.get(sciezka)!;
      differs(`status ${a.status} ${as}`, sciezka, a.status === 200);
      differs(`body ≠ live ${as}`, sciezka, a.body.equals(b.body));
      differs(
        () => `headers ≠ live ${as}: ${JSON.stringify(a.headers)} against ${JSON.stringify(b.headers)}`,
        sciezka,
        isDeepStrictEqual(a.headers, b.headers),
      );
    }
    // Compressed: the same representation (Content-Encoding, ETag per encoding) from both paths; fetch
    // decodes the bodies, so they must equal the stored JSON.
    for (const encoding of encodingsAsked) {
      const storedEncoded = await fetchAll(served.app, urls, { 'accept-encoding': encoding });
      for (const { sciezka, tresc } of stored) {
        const a = storedEncoded.get(sciezka)!;
        const b = liveEncoded.get(encoding)!.get(sciezka)!;
        differs(
          () => `headers ≠ live (${encoding}) ${as}: ${JSON.stringify(a.headers)} against ${JSON.stringify(b.headers)}`,
          sciezka,
          isDeepStrictEqual(a.headers, b.headers),
        );
        differs(`body ≠ stored bytes (${encoding}) ${as}`, sciezka, a.body.equals(tresc));
      }
    }
  }
  expect(differences).toEqual([]);
  return stored.length;
}

describe('stored answers equal live ones, byte for byte', () => {
  it('on the hand council: every stored URL', async () => {
    const bundle = tempDir();
    await writeBundle(bundle, HAND_COUNCIL);
    const dbPath = await buildDatabase(bundle);
    // 4 lists (/api/polityki among them) + 15 statistics + 6 lookups, 7 councillors × (16 + the votes with each of 5 ballot values), 14 votes × 4,
    // 4 sessions × 4
    expect(await compare(dbPath, { encodings: true })).toBe(25 + 7 * (16 + 5) + 14 * 4 + 4 * 4);
  });

  it('on the bundled sample: every stored URL', async () => {
    const dbPath = await buildDatabase(join(import.meta.dirname, '..', 'data', 'sample'));
    expect(await compare(dbPath)).toBeGreaterThan(16_000);
  }, 240_000);

  it('past the budget only the parameterless lists and statistics are stored; the rest is answered live, the same', async () => {
    const { original: full, copy, db } = await handCouncilAndCopy();
    db.exec('DELETE FROM odpowiedz');
    expect(await renderStoredAnswers(db, { maxResourceAnswers: 7 * (16 + 5) + 14 * 4 + 4 * 4 - 1 })).toBe(25);
    db.close();
    const perResource = [
      '/api/radni/1',
      '/api/radni/1/koalicje',
      '/api/glosowania/1/glosy',
      '/api/posiedzenia/1/punkty',
    ];
    const [fromFull, fromBudget] = await Promise.all(
      [full, copy].map((path) => {
        const t = appOver(path);
        apps.push(t);
        return fetchAll(t.app, ['/api/radni', '/api/statystyki/dashboard', ...perResource]);
      }),
    );
    for (const [url, answer] of fromFull!) expect(fromBudget!.get(url)!.body.equals(answer.body), url).toBe(true);
  });

  it('rendered by workers are the same rows as rendered in one thread; the workers’ copy is removed, the cache size kept', async () => {
    const { copy, db } = await handCouncilAndCopy();
    const rows = () => db.prepare('SELECT sciezka, tresc, br FROM odpowiedz ORDER BY sciezka').all();
    const inOneThread = rows();
    db.exec('DELETE FROM odpowiedz');
    db.pragma('cache_size = -4096');
    expect(await renderStoredAnswers(db, { workers: 2 })).toBe(inOneThread.length);
    expect(rows()).toEqual(inOneThread);
    expect(existsSync(`${copy}.render`)).toBe(false);
    expect(db.pragma('cache_size', { simple: true })).toBe(-4096);
    db.close();
  });

  it.each([
    ['', undefined],
    ['; its worker then renders the rest alone', 1],
    ['; its worker then renders the rest beside another', 2],
  ])(
    'a vote’s ballots rendered ahead, beside the stages after the councillors, are the rows rendered at the end; its files removed%s',
    async (_, workers) => {
      const bundle = tempDir();
      await writeBundle(bundle, HAND_COUNCIL);
      const atTheEnd = new Database(await buildDatabase(bundle), { readonly: true });
      const dbPath = join(tempDir(), 'ahead.db');
      let started = 0;
      // The hand council's 14 votes are far fewer than a worker pays for: rendered ahead all the same.
      const render = Object.assign((db: Database.Database) => renderStoredAnswers(db, { workers }), {
        ahead: (db: Database.Database) => {
          const stop = renderAhead(db, { from: 0 });
          if (stop) started++;
          return stop;
        },
      });
      await runEtl({ source: bundle, dbPath, render });
      expect(started).toBe(1);
      const ahead = new Database(dbPath, { readonly: true });
      const rows = (db: Database.Database) =>
        db.prepare('SELECT sciezka, tresc, br FROM odpowiedz ORDER BY sciezka').all();
      expect(rows(ahead)).toEqual(rows(atTheEnd));
      expect(
        ahead.prepare("SELECT count(*) FROM odpowiedz WHERE sciezka LIKE '/api/glosowania/%/glosy%'").pluck().get(),
      ).toBe(28);
      ahead.close();
      atTheEnd.close();
      expect(readdirSync(dirname(dbPath)).filter((name) => /\.(ahead|answers|render)$/.test(name))).toEqual([]);
    },
  );

  it('are what the service sends for those URLs (a changed stored answer is sent as stored)', async () => {
    const { copy, db } = await handCouncilAndCopy();
    db.prepare('UPDATE odpowiedz SET tresc = ? WHERE sciezka = ?').run(
      Buffer.from('{"success":true,"data":"stored"}'),
      '/api/radni/1',
    );
    db.close();
    const t = appOver(copy);
    apps.push(t);
    const answers = await fetchAll(t.app, ['/api/radni/1', '/api/radni/1?kadencja=2014-2018']);
    expect(answers.get('/api/radni/1')!.body.toString()).toBe('{"success":true,"data":"stored"}');
    expect(JSON.parse(answers.get('/api/radni/1?kadencja=2014-2018')!.body.toString()).data.id_osoby).toBe(1); // parameterised: live
  });

  it('are read by their row, whose path is checked: a row filed under another path since is not sent for this one (issue 42)', async () => {
    const { copy, db } = await handCouncilAndCopy();
    const t = appOver(copy, { RESPONSE_CACHE_MB: 0 });
    apps.push(t);
    const before = (await fetchAll(t.app, ['/api/radni/1'])).get('/api/radni/1')!;
    expect(JSON.parse(before.body.toString()).data.id_osoby).toBe(1);
    // The file changed under the service (as a copy over it would): the row the service knows for the URL
    // now holds another path, and the URL's answer is another row. (Written after the turn: the service's
    // reads of a turn hold the file's shared lock until it ends.)
    await new Promise((resolve) => setImmediate(resolve));
    db.prepare("UPDATE odpowiedz SET sciezka = '/api/elsewhere' WHERE sciezka = ?").run('/api/radni/1');
    db.prepare('INSERT INTO odpowiedz (sciezka, tresc) VALUES (?, ?)').run(
      '/api/radni/1',
      Buffer.from('{"success":true,"data":"moved"}'),
    );
    db.close();
    const after = (await fetchAll(t.app, ['/api/radni/1'])).get('/api/radni/1')!;
    expect(after.body.toString()).toBe('{"success":true,"data":"moved"}');
  });

  it('share one read transaction per turn of the event loop, ended after it; none while an iterator is open', async () => {
    const { copy, db } = await handCouncilAndCopy();
    db.close();
    const snapshot = Snapshot.open(copy);
    try {
      const stored = StoredAnswers.of(snapshot)!;
      const find = (url: string) => stored.find(url, { wanted: null, params: {} });
      expect(find('/api/radni/1')).toBeDefined();
      expect(snapshot.db.inTransaction).toBe(true);
      expect(find('/api/radni/2')).toBeDefined();
      await new Promise((resolve) => setImmediate(resolve));
      expect(snapshot.db.inTransaction).toBe(false);
      // A connection busy with an iterator begins no transaction: each read is its own, as before.
      const ids = snapshot.queries.radni.ids();
      ids.next();
      expect(find('/api/radni/1')).toBeDefined();
      expect(snapshot.db.inTransaction).toBe(false);
      ids.return?.();
    } finally {
      snapshot.db.close();
    }
  });

  it('are what a page reads on its first rendering: the handler is not asked for a stored answer (issue 43)', async () => {
    const { copy, db } = await handCouncilAndCopy();
    const stored = JSON.parse(
      (db.prepare('SELECT tresc FROM odpowiedz WHERE sciezka = ?').pluck().get('/api/radni/1') as Buffer).toString(),
    ) as { data: { imie_nazwisko: string; token: string } };
    const { imie_nazwisko: name, token } = stored.data;
    stored.data.imie_nazwisko = 'Anna Zapisana';
    db.prepare('UPDATE odpowiedz SET tresc = ? WHERE sciezka = ?').run(
      Buffer.from(JSON.stringify(stored)),
      '/api/radni/1',
    );
    db.close();
    // Nothing kept in memory: what the page shows comes from the snapshot's stored answer, or its handler.
    const fromStored = appOver(copy, { RESPONSE_CACHE_MB: 0 });
    const live = appOver(copy, { RESPONSE_CACHE_MB: 0, STORED_ANSWERS: false });
    apps.push(fromStored, live);
    // Asked by token, the page's read is stored under the id (the endpoint's canonical path).
    const page = `/radni/${token}`;
    const [read, made] = [
      (await fetchAll(fromStored.app, [page])).get(page)!,
      (await fetchAll(live.app, [page])).get(page)!,
    ];
    expect([read.status, made.status]).toEqual([200, 200]);
    expect(read.body.toString()).toContain('Anna Zapisana');
    expect(made.body.toString()).not.toContain('Anna Zapisana');
    expect(made.body.toString()).toContain(name);
  });
});
