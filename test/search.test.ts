// Title search through the trigram index (glosowanie_szukaj) finds exactly what a scan of every folded
// title finds (with, for one word, the titles holding its other forms: support/title-forms.ts), in list order, on every page: searched alone (answered by the index in ord order),
// together with another filter (the index as a subquery) and for searches too short for trigrams
// (instr over the titles). The reference below is written here, independently of the service.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import request from './support/request.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSchema } from '../core/snapshot/schema.ts';
import { startTitleIndexes } from '../etl/title-indexes.ts';
import { generateBundle } from '../tools/generate/index.ts';
import { searchReference } from './support/title-forms.ts';
import { appOver, buildDatabase, removeDir, tempDir, type TestApp } from './support/fixture.ts';

interface Vote {
  id_glosowania: number;
  tytul: string;
  kadencja: string;
}

let dir: string;
let dbPath: string;
let t: TestApp;
/** Every vote in list order (the unfiltered list). */
let votes: Vote[];

/** A title matches a search: it contains it folded, or holds another form of the one word searched (support/title-forms.ts). */
let matches: (title: string, search: string) => boolean;

async function allPages(query: Record<string, string>): Promise<{ ids: number[]; total: number }> {
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const res = await request(t.app)
      .get('/api/glosowania')
      .query({ ...query, limit: '100', page: String(page) });
    expect(res.status, res.text).toBe(200);
    const total: number = res.body.pagination.total;
    ids.push(...res.body.data.map((v: Vote) => v.id_glosowania));
    if (res.body.data.length < 100) return { ids, total };
  }
}

/** What a scan of every title finds: the naive reference. */
const expected = (search: string, kadencja?: string) =>
  votes
    .filter((v) => matches(v.tytul, search) && (kadencja === undefined || v.kadencja === kadencja))
    .map((v) => v.id_glosowania);

beforeAll(async () => {
  dir = tempDir();
  await generateBundle(dir, { seed: 11, radni: 12, glosowania: 300 });
  dbPath = await buildDatabase(dir);
  t = appOver(dbPath, { RESPONSE_CACHE_MB: 0 });
  votes = [];
  for (let page = 1; ; page++) {
    const res = await request(t.app)
      .get('/api/glosowania')
      .query({ limit: '100', page: String(page) });
    votes.push(...res.body.data);
    if (res.body.data.length < 100) break;
  }
  matches = searchReference(votes.map((v) => v.tytul));
});

afterAll(() => {
  t.close();
  removeDir(dir);
});

describe('title search', () => {
  it('finds what a scan finds, for words, fragments, case and diacritics, quotes and FTS5 syntax', async () => {
    const searches = [
      'budżet',
      'BUDZET',
      'uchwał',
      'w sprawie',
      'ia',
      'a',
      '',
      'zz',
      'nr 1',
      '"',
      '"ab',
      'a"b"c',
      'x OR y',
      'NEAR(a b)',
      '*',
      'bud*',
      '^uch',
      'sprawie:',
      '(',
      ') AND (',
      '%_%',
      '\\',
      'ąęłńóśźż',
    ];
    for (const search of searches) {
      const found = await allPages({ search });
      expect(found.ids, search).toEqual(expected(search));
      expect(found.total, search).toBe(found.ids.length);
    }
    expect(expected('w sprawie').length).toBeGreaterThan(20); // the yardstick pages
  });

  it('any fragment of any title, alone and with a term filter, on every page (property)', async () => {
    const terms = [...new Set(votes.map((v) => v.kadencja))];
    await fc.assert(
      fc.asyncProperty(
        fc.nat(votes.length - 1),
        fc.nat(200),
        fc.integer({ min: 1, max: 12 }),
        fc.boolean(),
        fc.constantFrom(undefined, ...terms),
        async (index, start, length, upper, kadencja) => {
          const title = votes[index]!.tytul;
          const from = start % title.length;
          const fragment = title.slice(from, from + length);
          const search = upper ? fragment.toUpperCase() : fragment;
          const found = await allPages(kadencja === undefined ? { search } : { search, kadencja });
          expect(found.ids).toEqual(expected(search, kadencja));
          expect(found.total).toBe(found.ids.length);
          if (kadencja === undefined || votes[index]!.kadencja === kadencja)
            expect(found.ids).toContain(votes[index]!.id_glosowania);
        },
      ),
      { numRuns: 60, seed: 16 },
    );
  });
});

describe('the title indexes built in a worker beside the materialise stages (issue 47, etl/title-indexes.ts)', () => {
  /** A build as it stands before its indexes stage: the schema and the snapshot's votes; `ord` by vote index (id order). */
  function buildBeforeIndexes(): { build: Database.Database; ord: Int32Array; at: string } {
    const folder = tempDir();
    const build = new Database(join(folder, 'build.db'));
    createSchema(build);
    build.prepare('ATTACH ? AS snapshot').run(dbPath);
    build.exec('INSERT INTO glosowanie SELECT * FROM snapshot.glosowanie; DETACH snapshot');
    const ord = Int32Array.from(
      build.prepare('SELECT ord FROM glosowanie ORDER BY id_glosowania').pluck().all() as number[],
    );
    return { build, ord, at: join(folder, 'build.db.titles') };
  }
  const tablesOf = (db: Database.Database) =>
    db.prepare("SELECT name, sql FROM sqlite_schema WHERE type = 'table' ORDER BY rowid").all() as Array<{
      name: string;
      sql: string;
    }>;

  it('copies in the tables, shadow tables and rows that building them in place gave the snapshot', async () => {
    const { build, ord, at } = buildBeforeIndexes();
    const snapshot = new Database(dbPath, { readonly: true });
    try {
      const before = new Set(tablesOf(build).map((t) => t.name));
      await startTitleIndexes(build, ord, at).finish(build);
      expect(existsSync(at)).toBe(false);
      const created = tablesOf(build).filter((t) => !before.has(t.name));
      expect(created.map((t) => t.name)).toContain('glosowanie_szukaj_data');
      // In the snapshot's order, with the snapshot's statements.
      const inSnapshot = tablesOf(snapshot);
      expect(created).toEqual(inSnapshot.filter((t) => created.some((c) => c.name === t.name)));
      // The forms of the words (lemat, …) are filled after the copy, from slowo (etl/title-lemmas.ts).
      const filledLater = ['lemat', 'lemat_slowa', 'odmiana'];
      for (const { name, sql } of created) {
        if (sql.startsWith('CREATE VIRTUAL TABLE') || filledLater.includes(name)) continue;
        const rows = (db: Database.Database) => db.prepare(`SELECT * FROM "${name}"`).raw().all();
        expect(rows(build), name).toEqual(rows(snapshot));
      }
      const found = (db: Database.Database) =>
        db.prepare(`SELECT rowid FROM glosowanie_szukaj WHERE glosowanie_szukaj MATCH '"sprawie"'`).pluck().all();
      expect(found(build).length).toBeGreaterThan(20);
      expect(found(build)).toEqual(found(snapshot));
    } finally {
      snapshot.close();
      build.close();
    }
  });

  it("fails with the worker's error, copying nothing and removing its file", async () => {
    const { build, ord, at } = buildBeforeIndexes();
    try {
      const titles = startTitleIndexes(build, ord.fill(1), at); // every title at list position 1
      await expect(titles.finish(build)).rejects.toThrow(
        /the title search's indexes could not be built .*UNIQUE constraint failed: glosowanie\.ord/s,
      );
      expect(existsSync(at)).toBe(false);
      expect(tablesOf(build).map((t) => t.name)).not.toContain('glosowanie_szukaj');
    } finally {
      build.close();
    }
  });
});
