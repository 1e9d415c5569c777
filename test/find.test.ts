// Finding councillors by name and the site-wide search (src/find/queries.ts): hand-computed answers on
// the hand council, then every query against a naive reference written here over a generated council
// (names full of Polish letters, namesakes, double surnames).

import Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { surnameOf } from '../core/text.ts';
import { polishLemmatiser } from '../etl/title-lemmas.ts';
import { FindQueries, nameMatches } from '../src/find/queries.ts';
import { GlosowaniaQueries } from '../src/glosowania/queries.ts';
import { generateBundle } from '../tools/generate/index.ts';
import { writeBundle } from './support/bundle.ts';
import { buildDatabase, removeDir, tempDir } from './support/fixture.ts';
import { HAND_COUNCIL } from './support/hand-council.ts';
import { searchReference } from './support/title-forms.ts';

const dirs: string[] = [];
const open = (path: string) => new Database(path, { readonly: true });
let hand: Database.Database;
let generated: Database.Database;

beforeAll(async () => {
  const handDir = tempDir();
  await writeBundle(handDir, HAND_COUNCIL);
  const genDir = tempDir();
  await generateBundle(genDir, { seed: 23, radni: 30, glosowania: 400, rady: 2 });
  dirs.push(handDir, genDir);
  hand = open(await buildDatabase(handDir));
  generated = open(await buildDatabase(genDir));
});

afterAll(() => {
  hand?.close();
  generated?.close();
  dirs.forEach(removeDir);
});

const findIn = (db: Database.Database) => new FindQueries(db, new GlosowaniaQueries(db));

describe('the surname rule', () => {
  it('takes the last word; a hyphenated double surname is one word', () => {
    expect(surnameOf('Anna Nowak')).toBe('Nowak');
    expect(surnameOf('Anna Nowak-Kowalska')).toBe('Nowak-Kowalska');
    expect(surnameOf('Jan Maria Rokita')).toBe('Rokita');
    expect(surnameOf('  Zenon   Lis ')).toBe('Lis');
    expect(surnameOf('Cher')).toBe('Cher');
  });
});

describe('councillors by name on the hand council', () => {
  const ids = (found: { items: Array<{ id_osoby: number }> }) => found.items.map((c) => c.id_osoby);

  it('lists everyone in surname order: Kos, Lis, Mazur, Nowak (1, then the namesake 5), Wróbel, Żuk', () => {
    // Surnames: 1 Nowak · 2 Lis · 3 Wróbel · 4 Mazur · 5 Nowak · 6 Kos · 7 Żuk; Ż after W in Polish order.
    const all = findIn(hand).councillors({});
    expect(ids(all)).toEqual([6, 2, 4, 1, 5, 3, 7]);
    expect(all.total).toBe(7);
    expect(ids(findIn(hand).councillors({ kolejnosc: 'imie' }))).toEqual([1, 5, 7, 4, 3, 2, 6]); // CONTRACT §2 name order
  });

  it('finds names without their Polish letters, in any case and word order', () => {
    const q = findIn(hand);
    expect(ids(q.councillors({ nazwa: 'lucja' }))).toEqual([3]);
    expect(ids(q.councillors({ nazwa: 'WRÓBEL' }))).toEqual([3]);
    expect(ids(q.councillors({ nazwa: 'zuk' }))).toEqual([7]);
    expect(ids(q.councillors({ nazwa: 'nowak anna' }))).toEqual([1, 5]);
    expect(ids(q.councillors({ nazwa: 'nowak zenon' }))).toEqual([]);
    // "z": zenon lis, lech mazur, zaneta kos, borys zuk — in surname order Kos, Lis, Mazur, Żuk.
    expect(ids(q.councillors({ nazwa: 'z' }))).toEqual([6, 2, 4, 7]);
    expect(ids(q.councillors({ nazwa: '   ' }))).toEqual([6, 2, 4, 1, 5, 3, 7]);
  });

  it('finds a name by another form of a word of it typed whole (the Polish dictionary): „Nowaka”, „Wróbla”', () => {
    const q = findIn(hand);
    expect(ids(q.councillors({ nazwa: 'Nowaka' }))).toEqual([1, 5]);
    expect(ids(q.councillors({ nazwa: 'wróbla' }))).toEqual([3]); // not contained in „wrobel”
    expect(ids(q.councillors({ nazwa: 'Anny Nowakowi' }))).toEqual([1, 5]); // every word, each by its forms
    expect(ids(q.councillors({ nazwa: 'Lisa' }))).toEqual([2]);
    expect(ids(q.councillors({ nazwa: 'Nowaka Zenona' }))).toEqual([]);
    expect(ids(q.councillors({ nazwa: 'nowa' }))).toEqual([1, 5]); // a piece of a word: contained, as before
    // The site's search box finds them so too.
    expect(ids(q.site('Wróbla', {}, 10).radni)).toEqual([3]);
  });

  it('combines the name with the term, the group and the body, as /radni filters', () => {
    const q = findIn(hand);
    // T1 display memberships: 1 RdM, 2 FS, 3 RdM, 4 FS; "a" is in every folded name of T1 but Zenon Lis'.
    expect(ids(q.councillors({ nazwa: 'a', kadencja: '2014-2018' }))).toEqual([4, 1, 3]);
    expect(ids(q.councillors({ nazwa: 'a', kadencja: '2014-2018', ugrupowanie: 2 }))).toEqual([4]);
    // Body 2 (Komisja Budżetowa) in T2: attendance records at S3 for 1, 3, 4, 5, 6.
    expect(ids(q.councillors({ kadencja: '2018-2023', organ: 2 }))).toEqual([6, 4, 1, 5, 3]);
    expect(q.councillors({}, 2)).toEqual({ items: expect.any(Array), total: 7 });
    expect(q.councillors({}, 2).items).toHaveLength(2);
  });
});

describe('against a naive reference on a generated council', () => {
  interface Person {
    id_osoby: number;
    imie_nazwisko: string;
    kadencja_biezaca: string | null;
  }
  const fold = (s: string) => s.toLowerCase().replace(/ł/g, 'l').normalize('NFD').replace(/\p{M}/gu, '');
  const collator = new Intl.Collator('pl');
  const lastWord = (name: string) => name.trim().split(/\s+/).at(-1)!;
  let people: Person[];

  beforeAll(() => {
    people = generated
      .prepare(
        `SELECT r.id_osoby, r.imie_nazwisko, s.kadencja_biezaca FROM radny r
      JOIN radny_stat s ON s.id_osoby = r.id_osoby AND s.kadencja = '*' WHERE s.przynaleznosc_id IS NOT NULL`,
      )
      .all() as Person[];
  });

  // The rule of src/find/queries.ts, from the dictionary itself: each typed word is contained in the
  // name, or is a whole word the dictionary knows whose dictionary word a word of the name is a form of
  // too („anne”, the accusative „Annę” folded, finds Anna).
  const dictionary = polishLemmatiser();
  const lemmasOf = (word: string) => (/^[a-z]{2,}$/.test(word) ? dictionary.lemmasOf(word) : []);
  const wordMatches = (name: string, word: string) =>
    fold(name).includes(word) ||
    fold(name)
      .split(/[^\p{L}]+/u)
      .some((nameWord) => lemmasOf(nameWord).some((lemma) => lemmasOf(word).includes(lemma)));
  const reference = (query: string) =>
    people
      .filter((p) =>
        fold(query)
          .split(/\s+/)
          .filter(Boolean)
          .every((w) => wordMatches(p.imie_nazwisko, w)),
      )
      .sort(
        (a, b) =>
          collator.compare(lastWord(a.imie_nazwisko), lastWord(b.imie_nazwisko)) ||
          collator.compare(a.imie_nazwisko, b.imie_nazwisko) ||
          a.id_osoby - b.id_osoby,
      )
      .map((p) => p.id_osoby);

  it('every fragment of every name finds what a scan finds, in surname order', () => {
    const q = findIn(generated);
    expect(people.length).toBeGreaterThan(60);
    const fragments = new Set<string>();
    for (const p of people)
      for (const word of p.imie_nazwisko.split(' ')) fragments.add(word.slice(0, 3)).add(word.slice(-4).toUpperCase());
    for (const fragment of fragments)
      expect(
        q.councillors({ nazwa: fragment }).items.map((c) => c.id_osoby),
        fragment,
      ).toEqual(reference(fragment));
    expect(q.councillors({}).items.map((c) => c.id_osoby)).toEqual(reference(''));
  });

  it('any typed text (fast-check) finds what a scan finds', () => {
    const q = findIn(generated);
    const letters = fc.constantFrom(...'aąbcćeęlłnńoóśzźż AŁŻ'.split(''));
    fc.assert(
      fc.property(
        fc.array(letters, { maxLength: 5 }).map((a) => a.join('')),
        (typed) => {
          expect(q.councillors({ nazwa: typed }).items.map((c) => c.id_osoby)).toEqual(reference(typed));
        },
      ),
      // „anne” once came up at random: a form of a name's word, not contained in it (CI, 2026-11-29).
      { numRuns: 300, examples: [['anne'], ['annie']] },
    );
  });

  it('nameMatches (for lists already in memory) agrees with the query', () => {
    const q = findIn(generated);
    for (const typed of ['sla', 'ŁUK', 'wójcik', 'ka-', 'anna nowak']) {
      const byQuery = q
        .councillors({ nazwa: typed })
        .items.map((c) => c.id_osoby)
        .sort((a, b) => a - b);
      expect(
        people
          .filter((p) => nameMatches(p.imie_nazwisko, typed))
          .map((p) => p.id_osoby)
          .sort((a, b) => a - b),
        typed,
      ).toEqual(byQuery);
    }
  });
});

describe('the site-wide search', () => {
  interface Vote {
    id_glosowania: number;
    tytul: string;
    id_organu: number;
  }
  const fold = (s: string) => s.toLowerCase().replace(/ł/g, 'l').normalize('NFD').replace(/\p{M}/gu, '');

  it('finds councillors by name and votes by title (newest first), each limited, with totals', () => {
    const q = findIn(generated);
    const votes = generated
      .prepare('SELECT id_glosowania, tytul, id_organu FROM glosowanie ORDER BY ord')
      .all() as Vote[];
    // A title matches by its text or, for one word, by the word's forms (issue 44: „budżetu” finds „budżecie”).
    const matches = searchReference(votes.map((v) => v.tytul));
    for (const typed of ['budżetu', 'BUDZETU', 'łąkowa', 'Zasłużony', 'absolutorium', 'nie ma takiego tytułu']) {
      const matching = votes.filter((v) => matches(v.tytul, typed));
      const found = q.site(typed, {}, 5);
      expect(found.glosowania.total, typed).toBe(matching.length);
      expect(found.glosowania.exact).toBe(true);
      expect(
        found.glosowania.items.map((v) => v.id_glosowania),
        typed,
      ).toEqual(matching.slice(0, 5).map((v) => v.id_glosowania));
      const council = 1;
      const inCouncil = matching.filter((v) => v.id_organu === council);
      expect(q.site(typed, { organ: council }, 100).glosowania.items.map((v) => v.id_glosowania)).toEqual(
        inCouncil.map((v) => v.id_glosowania),
      );
    }
    const byName = q.site('nowak', {}, 3);
    expect(byName.radni.items.length).toBeLessThanOrEqual(3);
    expect(byName.radni.total).toBe(q.councillors({ nazwa: 'nowak' }).total);
    expect(byName.radni.items.every((c) => fold(c.imie_nazwisko).includes('nowak'))).toBe(true);
  });

  it('a query of one letter searches titles too; an empty one finds nothing', () => {
    const q = findIn(generated);
    const votes = generated.prepare('SELECT id_glosowania, tytul FROM glosowanie ORDER BY ord').all() as Vote[];
    const found = q.site('ż', {}, 5);
    expect(found.glosowania.items.map((v) => v.id_glosowania)).toEqual(
      votes
        .filter((v) => fold(v.tytul).includes('z'))
        .slice(0, 5)
        .map((v) => v.id_glosowania),
    );
    expect(found.radni.total).toBeGreaterThan(0);
    expect(q.site('  ', {}, 5)).toEqual({
      radni: { items: [], total: 0 },
      glosowania: { items: [], total: 0, exact: true },
    });
  });
});
