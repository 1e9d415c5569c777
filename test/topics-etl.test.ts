// Topics in the pipeline and at the API's door (CONTRACT §11): a vocabulary that breaks §11 publishes
// nothing and names the entry; the snapshot records the vocabulary and its SHA-256; `council etl
// --topics` and TOPICS_PATH choose it; a refresh rebuilds when the vocabulary changed, and only then;
// an unknown `temat` is a 400 naming the accepted ids.

import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import request from './support/request.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VocabularyError } from '../core/topics.ts';
import { refreshOnce } from '../etl/refresh-job.ts';
import { runEtl } from '../etl/run.ts';
import { writeBundle } from './support/bundle.ts';
import { type TestApp, appOver, buildDatabase, hashOf, tempDir, vocabularyFile } from './support/fixture.ts';
import { HAND_COUNCIL, HAND_TOPICS } from './support/hand-council.ts';
import { COUNCIL_JS } from './support/server-process.ts';

const run = promisify(execFile);
// The CLI as built by the pretest (dist/): a start from it costs about half of one through tsx (issue 41).
const CLI = [COUNCIL_JS];

async function council(args: string[], env: Record<string, string> = {}) {
  const base = Object.fromEntries(Object.entries(process.env).filter(([key]) => key !== 'TOPICS_PATH'));
  try {
    const options = { env: { ...base, LOG_LEVEL: 'silent', ...env } };
    const { stdout, stderr } = await run(process.execPath, [...CLI, ...args], options);
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
const read = <T>(dbPath: string, sql: string, ...params: unknown[]): T => {
  const db = new Database(dbPath, { readonly: true });
  try {
    return db
      .prepare(sql)
      .pluck()
      .get(...params) as T;
  } finally {
    db.close();
  }
};
const meta = (dbPath: string, key: string) =>
  read<string | undefined>(dbPath, 'SELECT value FROM meta WHERE key = ?', key);
const topicOfVote = (dbPath: string, id: number) =>
  read<string>(dbPath, 'SELECT temat FROM glosowanie WHERE id_glosowania = ?', id);

/** The hand vocabulary with its second entry's id repeating the first's. */
const REPEATED_ID = [HAND_TOPICS[0], { ...HAND_TOPICS[1], id: 'procedura' }, ...HAND_TOPICS.slice(2)];

let source: string;
beforeAll(async () => {
  source = tempDir('topics-source-');
  await writeBundle(source, HAND_COUNCIL);
});

describe('a vocabulary that breaks §11 publishes nothing', () => {
  it.each([
    ['an id that repeats', REPEATED_ID, /entry 2 \("procedura"\): id: repeats entry 1/],
    ['inne', [{ id: 'inne', nazwa: 'Inne', wzorce: [] }], /entry 1 \("inne"\): id: must not be "inne"/],
    [
      'a pattern that is not a string',
      [{ id: 'a', nazwa: 'A', wzorce: [1] }],
      /entry 1 \("a"\): wzorce\[0\]: must be a string/,
    ],
    ['not an array', { tematy: [] }, /must be a JSON array/],
  ])('%s: runEtl throws naming the file and entry; the published snapshot stays', async (_, vocabulary, message) => {
    const dbPath = await buildDatabase(source, 'csv', { topics: vocabularyFile(HAND_TOPICS) });
    const before = hashOf(dbPath);
    const broken = vocabularyFile(vocabulary);
    const attempt = runEtl({ source, dbPath, topics: broken });
    await expect(attempt).rejects.toThrow(VocabularyError);
    await expect(runEtl({ source, dbPath, topics: broken })).rejects.toThrow(message);
    await expect(runEtl({ source, dbPath, topics: broken })).rejects.toThrow(broken);
    expect(hashOf(dbPath)).toBe(before);
    expect(readdirSync(dirname(dbPath)).filter((f) => f.includes('.building-'))).toEqual([]);
  });

  it('council etl --topics: one line naming the entry, exit 1, nothing published', async () => {
    const dbPath = join(tempDir(), 'council.db');
    const result = await council(['etl', '--source', source, '--db', dbPath, '--topics', vocabularyFile(REPEATED_ID)]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^council: .*tematy\.json: entry 2 \("procedura"\): id: repeats entry 1$/m);
    expect(result.stdout).not.toMatch(/published/);
    expect(existsSync(dbPath)).toBe(false);
  });
});

describe('the vocabulary a build uses, and what the snapshot records', () => {
  it('council etl --topics FILE: the votes get its topics, meta records it and its SHA-256', async () => {
    const dbPath = join(tempDir(), 'council.db');
    const file = vocabularyFile(HAND_TOPICS);
    const { code } = await council(['etl', '--source', source, '--db', dbPath, '--topics', file]);
    expect(code).toBe(0);
    expect([topicOfVote(dbPath, 6), topicOfVote(dbPath, 4)]).toEqual(['budzet', 'inne']);
    expect(meta(dbPath, 'tematy_sha256')).toBe(sha256(file));
    expect(meta(dbPath, 'tematy_plik')).toBe(file);
    expect(JSON.parse(meta(dbPath, 'tematy')!)).toEqual(HAND_TOPICS);
  });

  it('TOPICS_PATH without --topics; neither: the bundled data/tematy.json, recorded without a file', async () => {
    const configured = join(tempDir(), 'council.db');
    const file = vocabularyFile([{ id: 'wszystko', nazwa: 'Wszystko', wzorce: [...'abopsuwz'] }]);
    expect((await council(['etl', '--source', source, '--db', configured], { TOPICS_PATH: file })).code).toBe(0);
    expect(topicOfVote(configured, 4)).toBe('wszystko');
    expect(meta(configured, 'tematy_sha256')).toBe(sha256(file));
    const bundled = join(tempDir(), 'council.db');
    expect((await council(['etl', '--source', source, '--db', bundled])).code).toBe(0);
    expect(meta(bundled, 'tematy_sha256')).toBe(sha256(new URL('../data/tematy.json', import.meta.url).pathname));
    expect(meta(bundled, 'tematy_plik')).toBe('');
    expect(topicOfVote(bundled, 11)).toBe('plany'); // „Miejscowy plan zagospodarowania” in the default vocabulary
  });
});

describe('a refresh rebuilds when the vocabulary changed, and only then', () => {
  it('keeps the recorded file, notices its change, takes a configured one, refuses a broken one', async () => {
    const dbPath = join(tempDir(), 'council.db');
    const file = vocabularyFile(HAND_TOPICS);
    await runEtl({ source, dbPath, topics: file });
    const unchanged = await refreshOnce({ dbPath, configured: null });
    expect(unchanged.rebuilt).toBe(false);

    // The same file, another vocabulary: `Sprawozdanie z działalności` (V4) leaves inne.
    const reports = { id: 'sprawozdania', nazwa: 'Sprawozdania', wzorce: ['sprawozdanie'] };
    writeFileSync(file, JSON.stringify([...HAND_TOPICS, reports]));
    const changed = await refreshOnce({ dbPath, configured: null });
    expect(changed.rebuilt).toBe(true);
    expect(topicOfVote(dbPath, 4)).toBe('sprawozdania');
    expect(meta(dbPath, 'tematy_sha256')).toBe(sha256(file));
    expect((await refreshOnce({ dbPath, configured: null })).rebuilt).toBe(false);

    const other = vocabularyFile(HAND_TOPICS);
    expect((await refreshOnce({ dbPath, configured: null, topics: other })).rebuilt).toBe(true);
    expect(topicOfVote(dbPath, 4)).toBe('inne');
    expect(meta(dbPath, 'tematy_plik')).toBe(other);

    const before = hashOf(dbPath);
    const broken = refreshOnce({ dbPath, configured: null, topics: vocabularyFile(REPEATED_ID) });
    await expect(broken).rejects.toThrow(/repeats entry 1/);
    expect(hashOf(dbPath)).toBe(before);
  });
});

describe('an unknown temat is a 400 naming the accepted ids', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = appOver(await buildDatabase(source, 'csv', { topics: vocabularyFile(HAND_TOPICS) }));
  });
  afterAll(() => t.close());

  const UNKNOWN =
    "query parameter 'temat' must be one of the topics of this snapshot: " +
    'procedura, budzet, obywatelski, nazwy, plany, skargi, inne';
  it.each([
    ['/api/glosowania?temat=oswiata', UNKNOWN],
    ['/api/radni/1/glosowania?temat=oswiata', UNKNOWN],
    [
      '/api/glosowania?temat=Bud%C5%BCet',
      "query parameter 'temat' must be a topic id (the topics are listed at " + '/api/utils/tematy)',
    ],
  ])('%s', async (url, message) => {
    const res = await request(t.app).get(url);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: 'Bad Request', message });
  });

  it('a known councillor first: an unknown one is 404 whatever the topic', async () => {
    expect((await request(t.app).get('/api/radni/99/glosowania?temat=oswiata')).status).toBe(404);
    expect((await request(t.app).get('/api/glosowania?temat=inne')).status).toBe(200);
  });
});
