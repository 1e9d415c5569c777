// The forms of Polish words (core/lemmas.ts) from the Polish Hunspell dictionary: the cases of the
// issue checked by reading a grammar, and the rule on a tiny dictionary written here.

import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DicIndex, Lemmatiser } from '../core/lemmas.ts';
import { keptIndexOf, lemmaRows, polishLemmatiser } from '../etl/title-lemmas.ts';
import { tempDir } from './support/fixture.ts';

describe('a Hunspell lemmatiser on a dictionary written here', () => {
  // Flag A: feminine nouns in -a (strip a, add y / ie / ą / -); flag B: -ek nouns (strip ek, add ku / ki).
  const aff = [
    'SET UTF-8',
    'SFX A Y 4',
    'SFX A a y [^k]a',
    'SFX A a ie [^k]a',
    'SFX A a ą a',
    'SFX A a 0 a',
    '',
    'SFX B Y 2',
    'SFX B ek ku ek',
    'SFX B ek ki ek',
    'PFX N Y 1',
    'PFX N 0 nie .',
  ].join('\n');
  const dic = ['4', 'ustawa/AN', 'łaska/A', 'podatek/B', 'Gdańsk'].join('\n');
  const l = new Lemmatiser(aff, dic);

  it('finds the entries a folded word is a form of, checking each rule and its condition', () => {
    expect(l.lemmasOf('ustawy')).toEqual(['ustawa']);
    expect(l.lemmasOf('ustaw')).toEqual(['ustawa']); // SFX A a 0: the ending removed
    expect(l.lemmasOf('ustawa')).toEqual(['ustawa']); // ustawa and ustawą fold alike
    expect(l.lemmasOf('laska')).toEqual(['laska']); // łaska folded
    expect(l.lemmasOf('lasky')).toEqual([]); // [^k]a: łaska takes no -y
    expect(l.lemmasOf('podatku')).toEqual(['podatek']);
    expect(l.lemmasOf('gdansk')).toEqual(['gdansk']);
    expect(l.lemmasOf('nieustawy')).toEqual([]); // the prefix rule is left out
    expect(l.lemmasOf('dom')).toEqual([]);
  });

  it('lists every form of a lemma, folded', () => {
    expect(l.formsOf('ustawa').sort()).toEqual(['ustaw', 'ustawa', 'ustawie', 'ustawy']);
    expect(l.formsOf('podatek').sort()).toEqual(['podatek', 'podatki', 'podatku']);
    expect(l.formsOf('dom')).toEqual([]);
  });

  it('reads only the entries that may be lemmas of given words, and answers alike for them', () => {
    // Capitals, Polish letters and a letter only NFD folds (é) in the entries: found through the hash.
    const dic2 = ['6', 'ustawa/AN', 'Łaska/A', 'podatek/B', 'Gdańsk', 'café', 'dom'].join('\n');
    const all = new Lemmatiser(aff, dic2);
    const words = ['ustawy', 'laska', 'lasky', 'podatku', 'gdansk', 'cafe'];
    const some = new Lemmatiser(aff, dic2, words);
    for (const word of words) expect(some.lemmasOf(word), word).toEqual(all.lemmasOf(word));
    expect([...some.entriesRead().keys()].sort()).toEqual(['cafe', 'gdansk', 'laska', 'podatek', 'ustawa']);
    expect(some.lemmasOf('dom')).toEqual([]); // not read: no given word may be a form of it
  });

  it('looks entries up through a function, with the rules of the flags it needs', () => {
    const all = new Lemmatiser(aff, dic);
    const rules = all.rulesOf(['A', 'B']);
    expect(rules.split('\n')).toHaveLength(6);
    const lookedUp: string[] = [];
    const entries = all.entriesRead();
    const l2 = new Lemmatiser(rules, (folded) => (lookedUp.push(folded), entries.get(folded)));
    for (const word of ['ustawy', 'ustaw', 'laska', 'podatku', 'dom'])
      expect(l2.lemmasOf(word)).toEqual(all.lemmasOf(word));
    expect(lookedUp).toContain('podatek'); // podatku less „ku” plus „ek”
  });

  describe('the .dic’s index, kept in a file between processes (issue 41)', () => {
    const dic3 = ['6', 'ustawa/AN', 'Łaska/A', 'podatek/B', 'Gdańsk', 'café', 'dom'].join('\n');
    const bytes = Buffer.from(dic3);
    const words = ['ustawy', 'laska', 'podatku', 'gdansk', 'cafe', 'domu'];
    const fromText = new Lemmatiser(aff, dic3, words);
    const answersOf = (l: Lemmatiser) => [words.map((w) => l.lemmasOf(w)), [...l.entriesRead()].sort()];

    it('read back, finds what the text finds; every entry without words too', () => {
      const index = DicIndex.read(DicIndex.of(bytes).serialise(), bytes)!;
      expect(answersOf(new Lemmatiser(aff, index, words))).toEqual(answersOf(fromText));
      expect([...new Lemmatiser(aff, index).entriesRead()].sort()).toEqual(
        [...new Lemmatiser(aff, dic3).entriesRead()].sort(),
      );
    });

    it('is refused when it is not this .dic’s, or not as this code hashes', () => {
      const kept = DicIndex.of(bytes).serialise();
      expect(DicIndex.read(kept.subarray(0, kept.length - 4), bytes)).toBeUndefined(); // cut short
      expect(DicIndex.read(kept, Buffer.from(dic3.replace('podatek', 'podatki')))).toBeUndefined(); // another .dic
      const otherHash = Buffer.from(kept);
      otherHash[4] = otherHash[4]! ^ 1; // the first line's hash, as a changed fold would make it
      expect(DicIndex.read(otherHash, bytes)).toBeUndefined();
    });

    it('is written once into the cache folder, read by the next process, rebuilt when damaged', () => {
      const cache = tempDir();
      expect(answersOf(new Lemmatiser(aff, keptIndexOf(bytes, cache), words))).toEqual(answersOf(fromText));
      const [file, ...others] = readdirSync(join(cache, 'council'));
      expect(others).toEqual([]); // no partial file left
      const path = join(cache, 'council', file!);
      expect(readFileSync(path).equals(DicIndex.of(bytes).serialise())).toBe(true);
      writeFileSync(path, 'not an index');
      expect(answersOf(new Lemmatiser(aff, keptIndexOf(bytes, cache), words))).toEqual(answersOf(fromText));
      expect(readFileSync(path).equals(DicIndex.of(bytes).serialise())).toBe(true);
      // Nowhere to write (a file where the folder would be): the process keeps its own.
      const blocked = join(tempDir(), 'a-file');
      writeFileSync(blocked, '');
      expect(answersOf(new Lemmatiser(aff, keptIndexOf(bytes, blocked), words))).toEqual(answersOf(fromText));
    });
  });

  it('refuses an affix file without suffix rules', () => {
    expect(() => new Lemmatiser('SET UTF-8\n', dic)).toThrow(/no suffix rules/);
  });
});

describe('the Polish dictionary (dictionary-pl)', () => {
  const l = polishLemmatiser();
  // Each form and its lemma as a Polish grammar gives them (folded: no diacritics, ł as l).
  const cases: Array<[form: string, lemma: string]> = [
    ['ustawy', 'ustawa'],
    ['ustawie', 'ustawa'],
    ['ustaw', 'ustawa'],
    ['ustawa', 'ustawa'], // ustawą
    ['drog', 'droga'], // dróg
    ['drodze', 'droga'],
    ['szkol', 'szkola'], // szkół
    ['szkole', 'szkola'],
    ['podatku', 'podatek'],
    ['podatkow', 'podatek'],
    ['skarg', 'skarga'],
    ['skardze', 'skarga'],
    ['uchwaly', 'uchwala'],
    ['budzetu', 'budzet'],
    ['gminie', 'gmina'],
    ['katowicach', 'katowice'],
  ];
  it.each(cases)('%s is a form of %s', (form, lemma) => {
    expect(l.lemmasOf(form)).toContain(lemma);
    expect(l.formsOf(lemma)).toContain(form);
  });

  it('read for given words through its kept index, answers as read whole', () => {
    const forms = cases.map(([form]) => form);
    const some = polishLemmatiser(forms);
    for (const form of forms) expect(some.lemmasOf(form), form).toEqual(l.lemmasOf(form));
  });

  it('keeps for the titles only their lemmas, as integer ids, and the rules of their flags', () => {
    const rows = lemmaRows([
      [1, 'ustawy'],
      [2, 'ustawie'],
      [3, 'drog'],
      [4, 'xyzzy'],
      [5, '2024'],
    ]);
    const ids = new Map(rows.lemmas.map(([lemma, id]) => [lemma, id]));
    expect(rows.words).toContainEqual([ids.get('ustawa'), 1]);
    expect(rows.words).toContainEqual([ids.get('ustawa'), 2]);
    expect(rows.words).toContainEqual([ids.get('droga'), 3]);
    expect(rows.words.some(([, word]) => word === 4 || word === 5)).toBe(false);
    expect(rows.lemmas.find(([lemma]) => lemma === 'ustawa')![2]).toMatch(/^ustawa\//);
    // The rules kept lemmatise the titles' words again, with only the kept entries.
    const entries = new Map(rows.lemmas.map(([lemma, , lines]) => [lemma, lines]));
    const kept = new Lemmatiser(rows.rules, (folded) => entries.get(folded));
    expect(kept.lemmasOf('ustaw')).toContain('ustawa');
    expect(kept.lemmasOf('drodze')).toEqual(['droga']);
  });

  it('does not join unrelated words', () => {
    expect(l.lemmasOf('ustawy')).not.toContain('ustawic');
    expect(l.formsOf('droga')).not.toContain('drogowy');
    expect(l.lemmasOf('xyzzy')).toEqual([]);
  });
});
