// A title search counts its matches only so far (issue 27): up to the cap past the page's end, the
// total is exact; beyond it the total is that bound and says so (`exact` false, in the answer
// `pagination.totalExact: false`). The page itself is always the exact page. Checked against a naive
// reference (every title folded and tested) for many caps, pages, searches and other filters.

import Database from 'better-sqlite3';
import fc from 'fast-check';
import request from './support/request.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldText } from '../core/text.ts';
import { GlosowaniaQueries } from '../src/glosowania/queries.ts';
import { TITLE_INDEX_SQL, TITLE_INPUT_SQL, addTitleIndexFunctions } from '../core/snapshot/schema.ts';
import { TitleSearch, type TitlePlan } from '../src/glosowania/title-search.ts';
import { generateBundle } from '../tools/generate/index.ts';
import { searchReference } from './support/title-forms.ts';
import { type TestApp, appOver, buildDatabase, tempDir } from './support/fixture.ts';

let dbPath: string;
let db: Database.Database;
let votes: Array<{ id_glosowania: number; tytul: string; kadencja: string; id_organu: number }>;
let t: TestApp;
/** A title matches a search: it contains it folded, or holds another form of the one word searched (support/title-forms.ts). */
let matches: (title: string, search: string) => boolean;
beforeAll(async () => {
  const dir = tempDir();
  await generateBundle(dir, { seed: 5, radni: 8, glosowania: 400, kadencje: 2 });
  dbPath = await buildDatabase(dir);
  db = new Database(dbPath, { readonly: true });
  votes = db
    .prepare('SELECT id_glosowania, tytul, kadencja, id_organu FROM glosowanie ORDER BY ord')
    .all() as typeof votes;
  matches = searchReference(votes.map((v) => v.tytul));
  t = appOver(dbPath, { RESPONSE_CACHE_MB: 0 });
});
afterAll(() => {
  db.close();
  t.close();
});

const SEARCHES = ['budzet', 'BUDŻET', 'uchwał', 'zmian', 'w', 'ni', 'nie ma takiego tytułu', 'a'];

describe('the search count bound', () => {
  it('gives the exact page, and the exact total up to cap past the page, else that bound marked inexact', () => {
    const terms = [...new Set(votes.map((v) => v.kadencja))];
    fc.assert(
      fc.property(
        fc.constantFrom(...SEARCHES),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 1, max: 30 }),
        fc.option(fc.constantFrom(...terms), { nil: undefined }),
        (search, cap, page, limit, kadencja) => {
          const queries = new GlosowaniaQueries(db, cap);
          const matching = votes.filter(
            (v) => matches(v.tytul, search) && (kadencja === undefined || v.kadencja === kadencja),
          );
          const { items, total, exact } = queries.list({ search, kadencja, page, limit });
          expect(items.map((v) => v.id_glosowania)).toEqual(
            matching.slice((page - 1) * limit, page * limit).map((v) => v.id_glosowania),
          );
          const bound = (page - 1) * limit + limit + cap;
          expect({ total, exact }).toEqual(
            matching.length > bound ? { total: bound, exact: false } : { total: matching.length, exact: true },
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it('finds what a plain filter finds for any piece of any title, through every plan', () => {
    // Phrases cut from the titles at random (mid-word, across words and punctuation, case and Polish
    // letters changed) and a few made up; limits from none to tiny, so each plan answers some of them.
    const terms = [...new Set(votes.map((v) => v.kadencja))];
    const bodies = [...new Set(votes.map((v) => v.id_organu))];
    const seen = new Set<TitlePlan['index']>();
    let phrasesOfPairs = 0; // searches answered by a phrase query of the pair index, unchecked
    const piece = fc
      .tuple(
        fc.nat(votes.length - 1),
        fc.nat(200),
        fc.integer({ min: 1, max: 24 }),
        fc.constantFrom('as is', 'upper', 'plain'),
      )
      .map(([i, start, length, change]) => {
        const title = votes[i]!.tytul;
        const cut = title.slice(start % title.length, (start % title.length) + length);
        return change === 'upper' ? cut.toUpperCase() : change === 'plain' ? foldText(cut) : cut;
      });
    const phrase = fc.oneof(
      piece,
      piece.map((p) => `${p}x`),
      fc.constantFrom(
        'uchwala',
        'UCHWAŁY',
        'uchwałę',
        'budżetu',
        'sprawa',
        'druk nr',
        '„',
        '–',
        '(',
        ' ',
        'ż',
        'qq',
        'ó9',
      ),
    );
    fc.assert(
      fc.property(
        phrase,
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 25 }),
        fc.option(fc.constantFrom(...terms), { nil: undefined }),
        fc.option(fc.constantFrom(...bodies), { nil: undefined }),
        fc.constantFrom(
          { maxWords: 0, maxChecked: 0, maxScanned: 0 },
          { maxWords: 2, maxChecked: 0, maxScanned: 1_000_000 },
          { maxWords: 3, maxChecked: 40, maxScanned: 20 },
          { maxWords: 200, maxChecked: 5_000, maxScanned: 0 },
          { maxWords: 200, maxChecked: 5_000, maxScanned: 100_000 },
        ),
        (search, page, limit, kadencja, organ, titleLimits) => {
          const plan = new TitleSearch(db, titleLimits).plan(foldText(search));
          seen.add(plan.index);
          if (plan.index === 'glosowanie_pary' && plan.match.includes(' + ')) phrasesOfPairs++;
          const queries = new GlosowaniaQueries(db, 1_000_000, titleLimits);
          const matching = votes.filter(
            (v) =>
              matches(v.tytul, search) &&
              (kadencja === undefined || v.kadencja === kadencja) &&
              (organ === undefined || v.id_organu === organ),
          );
          const { items, total } = queries.list({ search, kadencja, organ, page, limit });
          expect(
            items.map((v) => v.id_glosowania),
            search,
          ).toEqual(matching.slice((page - 1) * limit, page * limit).map((v) => v.id_glosowania));
          expect(total, search).toBe(matching.length);
        },
      ),
      // „te”, a short word in too many words to list, once lost its forms („w tym”) under tight limits (a gate).
      { numRuns: 1_500, examples: [['te', 1, 1, undefined, undefined, { maxWords: 0, maxChecked: 0, maxScanned: 0 }]] },
    );
    expect([...seen].sort()).toEqual([
      'glosowanie_pary',
      'glosowanie_slowa',
      'glosowanie_szukaj',
      'none',
      'scan',
      'szukaj_lub_slowa',
    ]);
    expect(phrasesOfPairs).toBeGreaterThan(20);
  }, 180_000); // 1,500 runs: 29–34 s alone, more beside other files

  it('plans a rare phrase of common trigrams through its few words', () => {
    const titles = new TitleSearch(db);
    expect(titles.plan('uchwalam')).toEqual({ index: 'none' }); // every trigram is in 'uchwalamy'… the word in no title
    // 'uchwała' in no title, but its other forms are: the titles holding them, from the word index.
    expect(titles.plan('uchwala')).toMatchObject({ index: 'glosowanie_slowa', check: false });
    expect((titles.plan('uchwala') as { forms: string[] }).forms).toContain('uchwaly');
    const budzet = titles.plan('budzet');
    expect(budzet).toMatchObject({ index: 'glosowanie_slowa', check: false });
    expect(votes.some((v) => foldText(v.tytul).includes('projektu uchwaly w sprawie'))).toBe(true);
    // Its pairs at consecutive positions: a phrase query of the pair index, no title read.
    expect(titles.plan('projektu uchwaly w sprawie')).toMatchObject({ index: 'glosowanie_pary', check: false });
    expect((titles.plan('projektu uchwaly w sprawie') as { match: string }).match).toContain(' + ');
    expect(titles.plan('poprawka projektu uchwaly')).toEqual({ index: 'none' }); // common words, never neighbours
    expect(titles.plan('ojektu uchwaly w spr')).toMatchObject({ index: 'glosowanie_pary', check: false }); // 'ojektu' ends a word, 'spr' begins one
    expect(titles.plan('w spr')).toMatchObject({ index: 'glosowanie_pary', check: false }); // two parts: a pair is the phrase
    // A separator before the first part or after the last: the pairs of the word before (or the
    // title's start) and after (or its end), at consecutive positions too.
    expect(titles.plan(' w spr')).toMatchObject({ index: 'glosowanie_pary', check: false });
    expect(titles.plan('projektu uchwaly w sprawie ')).toMatchObject({ index: 'glosowanie_pary', check: false });
    expect(titles.plan(' uchwaly ')).toMatchObject({ index: 'glosowanie_pary', check: false }); // one part, a whole word
    // Every 'w' of these titles follows a space: ' w sprawie' is 'w sprawie' with 'w' a whole word, no
    // pair before it listed, however tight the limits.
    const tightest = new TitleSearch(db, { maxWords: 1, maxChecked: 5_000, maxScanned: 0 });
    expect(tightest.plan(' w sprawie')).toMatchObject({ index: 'glosowanie_pary', check: false });
    expect((tightest.plan(' w sprawie') as { match: string }).match).not.toContain(' OR ');
    // The first part ends too many words to list: the pairs ending with it and the second part, read
    // from the reversed pairs, while they are few; else the pairs listed narrow and the check decides.
    const tight = new TitleSearch(db, { maxWords: 1, maxChecked: 5_000, maxScanned: 100_000 });
    expect(tight.plan('u uchwaly w spr')).toMatchObject({ index: 'glosowanie_pary', check: false });
    expect((tight.plan('u uchwaly w spr') as { match: string }).match).toContain('projektu');
    expect(tight.plan('y w sprawie')).toMatchObject({ index: 'glosowanie_pary', check: true }); // uchwaly w, zmiany w, …
    expect(titles.plan('uchwaly uchw sprawie')).toEqual({ index: 'none' }); // an inner part must be a whole word
  });

  it('answers a phrase with a separator at either end from the pairs alone, at a title’s start and end too', () => {
    // The title indexes alone (as the ETL's worker builds them), over titles that begin and end with
    // separators or not: each plan that checks no title must match exactly the titles holding the phrase.
    const titles = [
      '(druk nr 12) w sprawie budzetu',
      'druk nr 12 w sprawie budzetu.',
      ' w sprawie budzetu (druk nr 12)',
      'w sprawie  budzetu, druk nr 12',
      '"budzet" gminy',
      'zmiana budzetu "gminy"',
      'budzetu gminy -- nr 12',
    ];
    const small = new Database(':memory:');
    try {
      addTitleIndexFunctions(small);
      small.exec(TITLE_INPUT_SQL);
      const insert = small.prepare('INSERT INTO glosowanie (ord, tytul_folded) VALUES (?, ?)');
      titles.forEach((title, i) => insert.run(i + 1, title));
      small.exec(TITLE_INDEX_SQL);
      const search = new TitleSearch(small);
      const matched = small.prepare('SELECT rowid FROM glosowanie_pary WHERE glosowanie_pary MATCH ? ORDER BY rowid');
      let exact = 0;
      for (const title of titles) {
        for (let start = 0; start < title.length; start++) {
          for (let end = start + 1; end <= title.length; end++) {
            const phrase = title.slice(start, end);
            const plan = search.plan(phrase);
            const expected = titles.flatMap((t, i) => (t.includes(phrase) ? [i + 1] : []));
            if (plan.index === 'none') expect(expected, phrase).toEqual([]);
            if (plan.index !== 'glosowanie_pary') continue;
            const found = matched.pluck().all(plan.match) as number[];
            if (plan.check) expect(found, phrase).toEqual(expect.arrayContaining(expected));
            else {
              expect(found, phrase).toEqual(expected);
              if (/^[^a-z0-9]|[^a-z0-9]$/.test(phrase)) exact++;
            }
          }
        }
      }
      expect(exact).toBeGreaterThan(100); // phrases with a separator at an end, answered from the pairs
      // 'budzetu' follows a space but also begins a title: the pairs before it are listed (' sprawie
      // budzetu', ' zmiana budzetu'); were their phrase query to read too much, the check decides.
      expect(search.plan(' budzetu (druk')).toMatchObject({ index: 'glosowanie_pary', check: false });
      expect(matched.pluck().all((search.plan(' budzetu (druk') as { match: string }).match)).toEqual([3]);
      const cautious = new TitleSearch(small, { maxWords: 200, maxChecked: 5_000, maxScanned: 0 });
      expect(cautious.plan(' budzetu (druk')).toMatchObject({ index: 'glosowanie_pary', check: true });
      expect(cautious.plan(' sprawie budzetu')).toMatchObject({ index: 'glosowanie_pary', check: false }); // 'sprawie' only after '
      expect(search.plan('(druk')).toMatchObject({ index: 'glosowanie_pary', check: false }); // the title's start
      expect(search.plan('12) ')).toMatchObject({ index: 'glosowanie_pary', check: false });
      expect(matched.pluck().all((search.plan('budzetu.') as { match: string }).match)).toEqual([2]); // its end
    } finally {
      small.close();
    }
  });

  it('leaves the other lists exact, however long', () => {
    const queries = new GlosowaniaQueries(db, 0);
    expect(queries.list({ page: 1, limit: 5 })).toMatchObject({ total: votes.length, exact: true });
    expect(queries.list({ page: 1, limit: 5, kadencja: votes[0]!.kadencja })).toMatchObject({ exact: true });
  });

  it('answers an exact search as before, with no totalExact member', async () => {
    const res = await request(t.app).get('/api/glosowania?search=budzet&limit=3');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.pagination)).toEqual(['page', 'limit', 'total', 'totalPages']);
  });

  it('documents the bound in OpenAPI', async () => {
    const doc = (await request(t.app).get('/api/openapi.json')).body as {
      components: { schemas: Record<string, { properties: Record<string, { description?: string }> }> };
    };
    const bounded = doc.components.schemas['BoundedPagination']!;
    expect(Object.keys(bounded.properties).sort()).toEqual(['limit', 'page', 'total', 'totalExact', 'totalPages']);
    expect(bounded.properties['total']!.description).toMatch(/Co najmniej/);
    expect(bounded.properties['totalExact']!.description).toMatch(/dolnym ograniczeniem/);
  });
});
