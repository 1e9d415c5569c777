// The forms of Polish words (core/lemmas.ts) from the Polish Hunspell dictionary: the cases of the
// issue checked by reading a grammar, and the rule on a tiny dictionary written here.

import { describe, expect, it } from 'vitest';
import { Lemmatiser } from '../core/lemmas.ts';
import { polishLemmatiser } from '../etl/title-lemmas.ts';

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

  it('does not join unrelated words', () => {
    expect(l.lemmasOf('ustawy')).not.toContain('ustawic');
    expect(l.formsOf('droga')).not.toContain('drogowy');
    expect(l.lemmasOf('xyzzy')).toEqual([]);
  });
});
