// A councillor's vote lists with their votes' summaries kept (issue 47: the render of the stored answers
// keeps them, src/radni/queries.ts keepVoteSummaries) are the lists read without: the same items in the
// same order, key for key, whether a page's votes are all kept, some or none, and when the kept summaries
// are emptied because they are full.

import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GLOS_VALUES } from '../core/contract.ts';
import type { VoteListKind } from '../src/radni/queries.ts';
import { createQueries } from '../src/snapshot/queries.ts';
import { generateBundle } from '../tools/generate/index.ts';
import { buildDatabase, tempDir } from './support/fixture.ts';

let db: Database.Database;
beforeAll(async () => {
  const dir = tempDir();
  await generateBundle(dir, { seed: 47, radni: 30, glosowania: 40 });
  db = new Database(await buildDatabase(dir), { readonly: true });
});
afterAll(() => db.close());

const KINDS: VoteListKind[] = ['wszystkie', 'samotne', 'kluczowe', 'buntownicze', 'zgodne'];

describe('kept vote summaries', () => {
  it('give every councillor’s vote lists as read without them, also when emptied for being full', () => {
    const live = createQueries(db);
    const kept = createQueries(db);
    // Fewer than a page (7): a page's votes are read again after every emptying, and partly kept otherwise.
    kept.radni.keepVoteSummaries(5);
    let items = 0;
    for (const id of live.radni.ids())
      for (const kind of KINDS)
        for (const glos of [undefined, ...GLOS_VALUES])
          for (let page = 1; ; page++) {
            const options = { glos, page, limit: 7 };
            const expected = live.radni.votes(id, kind, options);
            const actual = kept.radni.votes(id, kind, options);
            expect(JSON.stringify(actual), `${id} ${kind} ${glos} page ${page}`).toBe(JSON.stringify(expected));
            items += expected.items.length;
            if (expected.items.length < 7) break;
          }
    expect(items).toBeGreaterThan(1000); // the lists were not empty
  });
});
