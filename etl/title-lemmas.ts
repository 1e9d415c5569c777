// The forms of the titles' words (src/glosowania/title-search.ts): for every word of the titles'
// vocabulary (slowo), the dictionary words it is a form of (lemat_slowa), and every form of those
// lemmas (forma), so that a search for „ustawa” finds titles holding „ustaw” or „ustawie” without the
// server reading a dictionary: the snapshot holds what its queries need. The dictionary is the Polish
// Hunspell one of the npm package dictionary-pl (core/lemmas.ts). Reading it takes a few tenths of a
// second of CPU, so a worker thread (title-lemmas-worker.ts) reads it while the build materialises,
// and is handed the words once the word index exists.

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MessageChannel, Worker, receiveMessageOnPort } from 'node:worker_threads';
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

/** How long the build waits for the worker's answer before it gives up. */
const WORKER_TIMEOUT_MS = 10 * 60_000;

/** The worker module, through tsx when this code runs from its TypeScript sources (tests, tsx). */
function workerEntry(): URL {
  const fromSources = fileURLToPath(import.meta.url).endsWith('.ts');
  const entry = new URL(fromSources ? './title-lemmas-worker.ts' : './title-lemmas-worker.js', import.meta.url);
  if (!fromSources) return entry;
  const boot = `import { register } from ${JSON.stringify(import.meta.resolve('tsx/esm/api'))}; register(); await import(${JSON.stringify(entry.href)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(boot)}`);
}

/**
 * Starts reading the dictionary in a worker; `write` (synchronous, as the materialise stage is) fills
 * lemat_slowa and forma from slowo once the word index is built, and returns the rows written.
 */
export function startTitleLemmas(): { write(db: Database.Database): number } {
  const { port1, port2 } = new MessageChannel();
  const signal = new SharedArrayBuffer(4);
  const worker = new Worker(workerEntry(), { workerData: { port: port2, signal }, transferList: [port2] });
  worker.unref();
  return {
    write(db) {
      try {
        const words = db.prepare('SELECT id, slowo FROM slowo').raw().all() as Array<[number, string]>;
        port1.postMessage(words);
        if (Atomics.wait(new Int32Array(signal), 0, 0, WORKER_TIMEOUT_MS) === 'timed-out') {
          throw new Error("the forms of the titles' words: the dictionary worker did not answer");
        }
        const answer = receiveMessageOnPort(port1)?.message as { rows?: LemmaRows; error?: string } | undefined;
        if (answer?.rows === undefined) {
          throw new Error(`the forms of the titles' words: ${answer?.error ?? 'the dictionary worker sent nothing'}`);
        }
        const wordOf = db.prepare('INSERT INTO lemat_slowa (lemat, id_slowa) VALUES (?, ?)');
        const formOf = db.prepare('INSERT INTO forma (forma, lemat) VALUES (?, ?)');
        for (const [lemma, id] of answer.rows.words) wordOf.run(lemma, id);
        for (const [form, lemma] of answer.rows.forms) formOf.run(form, lemma);
        return answer.rows.words.length + answer.rows.forms.length;
      } finally {
        port1.close();
        void worker.terminate();
      }
    },
  };
}
