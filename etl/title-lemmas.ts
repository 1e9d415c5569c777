// The forms of the titles' words (src/glosowania/title-search.ts): for every word of the titles'
// vocabulary (slowo), the dictionary words it is a form of (lemat_slowa), and every form of those
// lemmas (forma), so that a search for „ustawa” finds titles holding „ustaw” or „ustawie” without the
// server reading a dictionary: the snapshot holds what its queries need. The dictionary is the Polish
// Hunspell one of the npm package dictionary-pl (core/lemmas.ts), read once per build.

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type Database from 'better-sqlite3';
import { Lemmatiser } from '../core/lemmas.ts';

/** The Polish dictionary's lemmatiser, read from the package's files. */
export function polishLemmatiser(): Lemmatiser {
  // The package exports only its index.js, which reads the two files beside it.
  const dir = dirname(fileURLToPath(import.meta.resolve('dictionary-pl')));
  return new Lemmatiser(readFileSync(join(dir, 'index.aff'), 'utf8'), readFileSync(join(dir, 'index.dic'), 'utf8'));
}

/** Words the dictionary may know: folded Polish letters only (no digits, no other scripts), two or more. */
const DICTIONARY_WORD = /^[a-z]{2,}$/;

export interface LemmaRows {
  /** [lemma, slowo.id]: the titles' words that are forms of each lemma. */
  words: Array<[string, number]>;
  /** [form, lemma]: every form of those lemmas. */
  forms: Array<[string, string]>;
}

/** The rows of lemat_slowa and forma for the titles' words ([slowo.id, slowo]). */
export function lemmaRows(lemmatiser: Lemmatiser, words: Array<[number, string]>): LemmaRows {
  const rows: LemmaRows = { words: [], forms: [] };
  const lemmas = new Set<string>();
  for (const [id, word] of words) {
    if (!DICTIONARY_WORD.test(word)) continue;
    for (const lemma of lemmatiser.lemmasOf(word)) {
      rows.words.push([lemma, id]);
      lemmas.add(lemma);
    }
  }
  for (const lemma of lemmas) for (const form of lemmatiser.formsOf(lemma)) rows.forms.push([form, lemma]);
  return rows;
}

/** Fills lemat_slowa and forma from slowo (the titles' words); returns the rows written. */
export function writeTitleLemmas(db: Database.Database, lemmatiser: Lemmatiser = polishLemmatiser()): number {
  const words = db.prepare('SELECT id, slowo FROM slowo').raw().all() as Array<[number, string]>;
  const rows = lemmaRows(lemmatiser, words);
  const wordOf = db.prepare('INSERT INTO lemat_slowa (lemat, id_slowa) VALUES (?, ?)');
  const formOf = db.prepare('INSERT INTO forma (forma, lemat) VALUES (?, ?)');
  for (const [lemma, id] of rows.words) wordOf.run(lemma, id);
  for (const [form, lemma] of rows.forms) formOf.run(form, lemma);
  return rows.words.length + rows.forms.length;
}
