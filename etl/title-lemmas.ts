// The forms of the titles' words (src/glosowania/title-search.ts): the dictionary words (lemmas) the
// titles' words are forms of, so that a search for „ustawa” finds titles holding „ustaw” or „ustawie”.
// The snapshot holds what its queries need and no more: the .dic entries of those lemmas (lemat, each
// with an integer id), which of the titles' words are forms of each (lemat_slowa, integer pairs), and
// the dictionary's suffix rules of the flags those entries take (odmiana, deflated), with which the
// server finds the lemmas of a typed word among them (core/lemmas.ts) without the whole dictionary.
// Every form of every lemma is not stored: it was 17 rows a lemma, a third of the search index's size.
// The dictionary is the Polish Hunspell one of the npm package dictionary-pl, read once per build and
// only for the entries that may be lemmas of the titles' words.

import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateRawSync } from 'node:zlib';
import type Database from 'better-sqlite3';
import { DicIndex, Lemmatiser } from '../core/lemmas.ts';
import { nameWordsOf } from '../core/title-words.ts';

/**
 * The Polish dictionary (the package exports only its index.js, which reads the two files beside it):
 * its rules and the index of its entries, read once a process.
 */
let dictionary: { aff: string; index: DicIndex } | undefined;
function polishDictionary(): { aff: string; index: DicIndex } {
  if (dictionary === undefined) {
    const dir = dirname(fileURLToPath(import.meta.resolve('dictionary-pl')));
    const dic = readFileSync(join(dir, 'index.dic'));
    dictionary = {
      aff: readFileSync(join(dir, 'index.aff'), 'utf8'),
      index: keptIndexOf(dic, join(dir, '..', '.cache')),
    };
  }
  return dictionary;
}

/**
 * The .dic's index, kept in node_modules/.cache (where build tools keep theirs) under the hash of the
 * .dic's bytes: built by the first process that needs it, then read by every other build (a process's
 * first lemmatiser 310 → 170 CPU ms; the test suite starts a hundred build processes, a server builds
 * at every refresh). A file that is not this .dic's index, or that this code would not have written, is
 * rebuilt; where nothing can be written (a read-only install), each process builds its own.
 */
export function keptIndexOf(dic: Buffer, cacheDir: string): DicIndex {
  const file = join(cacheDir, 'council', `dictionary-pl-${createHash('sha1').update(dic).digest('hex')}.index`);
  try {
    const kept = DicIndex.read(readFileSync(file), dic);
    if (kept !== undefined) return kept;
  } catch {
    // none kept yet: built below
  }
  const index = DicIndex.of(dic);
  try {
    mkdirSync(dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, index.serialise());
    renameSync(partial, file); // whole or absent for the processes reading it meanwhile
  } catch {
    // not writable: this process keeps its own
  }
  return index;
}

/** The Polish dictionary's lemmatiser: every entry, or only those that may be lemmas of the given folded words. */
export function polishLemmatiser(words?: Iterable<string>): Lemmatiser {
  const { aff, index } = polishDictionary();
  return new Lemmatiser(aff, index, words);
}

/** Words the dictionary may know: folded Polish letters only (no digits, no other scripts), two or more. */
const DICTIONARY_WORD = /^[a-z]{2,}$/;

export interface LemmaRows {
  /** [folded lemma, id, its .dic lines], by lemma. */
  lemmas: Array<[string, number, string]>;
  /** [lemma id, slowo.id]: the titles' words that are forms of each lemma, in key order. */
  words: Array<[number, number]>;
  /** The suffix rules of the flags the lemmas take, as .aff lines. */
  rules: string;
}

/**
 * The rows of lemat, lemat_slowa and odmiana for the titles' words ([slowo.id, slowo]), and for the
 * words of the councillors' names (folded): their lemmas are kept too, without title words, so that
 * the server finds a typed form's lemma among the names' (src/find/queries.ts: „Kowalskiego”, Kowalski).
 */
export function lemmaRows(words: Array<[number, string]>, nameWords: Iterable<string> = []): LemmaRows {
  const known = words.filter(([, word]) => DICTIONARY_WORD.test(word));
  const names = [...new Set(nameWords)].filter((word) => DICTIONARY_WORD.test(word));
  const dictionary = polishLemmatiser([...known.map(([, word]) => word), ...names]);
  const ids = new Map<string, number>();
  const idOf = (lemma: string) => {
    let id = ids.get(lemma);
    if (id === undefined) ids.set(lemma, (id = ids.size + 1));
    return id;
  };
  const pairs: Array<[number, number]> = [];
  for (const [slowo, word] of known) for (const lemma of dictionary.lemmasOf(word)) pairs.push([idOf(lemma), slowo]);
  for (const word of names) for (const lemma of dictionary.lemmasOf(word)) idOf(lemma);
  const entries = dictionary.entriesRead();
  const lemmas = [...ids]
    .map(([lemma, id]): [string, number, string] => [lemma, id, entries.get(lemma)!])
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const flags = new Set<string>();
  for (const [, , lines] of lemmas) {
    for (const line of lines.split('\n')) {
      const slash = line.indexOf('/');
      if (slash >= 0) for (const flag of line.slice(slash + 1)) flags.add(flag);
    }
  }
  pairs.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  return { lemmas, words: pairs, rules: dictionary.rulesOf(flags) };
}

/** Fills lemat, lemat_slowa and odmiana from slowo (the titles' words) and radny.name_folded; returns the rows written. */
export function writeTitleLemmas(db: Database.Database): number {
  const words = db.prepare('SELECT id, slowo FROM slowo').raw().all() as Array<[number, string]>;
  const names = db.prepare('SELECT name_folded FROM radny').pluck().all() as string[];
  const rows = lemmaRows(words, names.flatMap(nameWordsOf));
  // One statement a table: the rows as a JSON array, not a statement per row.
  db.prepare(
    `INSERT INTO lemat (lemat, id, wpisy)
     SELECT value ->> 0, value ->> 1, value ->> 2 FROM json_each(?)`,
  ).run(JSON.stringify(rows.lemmas));
  db.prepare('INSERT INTO lemat_slowa (lemat, id_slowa) SELECT value ->> 0, value ->> 1 FROM json_each(?)').run(
    JSON.stringify(rows.words),
  );
  db.prepare('INSERT INTO odmiana (reguly) VALUES (?)').run(deflateRawSync(rows.rules, { level: 9 }));
  return rows.lemmas.length + rows.words.length;
}
