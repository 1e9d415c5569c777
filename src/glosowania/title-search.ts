// Title search (CONTRACT §6 `search`: the folded title contains the folded phrase), planned per query
// so that a query costs what its matches cost, not what the country's titles cost. Reads the indexes
// core/snapshot/schema.ts builds, all with rowid = ord: glosowanie_slowa (the titles' words),
// glosowanie_pary (their pairs of neighbouring words), slowo with slowo_szukaj (every distinct word,
// how many titles hold it, its trigrams) and glosowanie_szukaj (the titles' trigrams).
//
// Words are runs between ASCII spaces and punctuation (core/title-words.ts); call the typed phrase's
// runs its parts. A phrase of one part occurs in a title exactly when it occurs inside one of the
// title's words, so its matches are the titles holding any word of the vocabulary that contains it: an
// OR of a few words' rowid lists, however common its trigrams are ('uchwala' reads none of the millions
// of 'uchwały'). In a phrase of several parts, the inner parts are whole words, the first ends a word
// and the last begins one; each neighbouring two, with the separator between them, are a pair of the
// title, so the candidates are the titles holding one pair of each (an AND of ORs of the pair terms
// the vocabulary has: few, however common the words), each then checked whole; when every two have
// their pairs listed, those pairs at consecutive positions are the phrase itself (an FTS5 phrase of
// pairs; the pair index keeps positions), checked by none. The title's start and end are in pairs with
// its first and last word, so a separator before the first part or after the last is a pair too (or
// implied, when the word is never next to another separator). A phrase the vocabulary cannot narrow (parts in too many words) goes to the trigram index,
// where its matches are dense, so a page stops after a few rows.

import { inflateRawSync } from 'node:zlib';
import type Database from 'better-sqlite3';
import { Lemmatiser } from '../../core/lemmas.ts';
import { PAIR_MARKS, pairOf, reversedText, wordsOf } from '../../core/title-words.ts';
import { plucked, type Statement } from '../snapshot/statement.ts';

/** The title indexes a search reads its candidates from, in ord order (rowid = ord). */
export const TITLE_INDEXES = ['glosowanie_slowa', 'glosowanie_pary', 'glosowanie_szukaj', 'szukaj_lub_slowa'] as const;
export type TitleIndex = (typeof TITLE_INDEXES)[number];

/** How a title search reads: which index yields the candidates (in ord order), and whether each is checked. */
export type TitlePlan =
  /** A part of the phrase is in no title's word: nothing matches. */
  | { index: 'none' }
  /**
   * The word index; `check`: candidates hold the rarest part, the whole phrase is checked in the title.
   * `forms`, for one word typed whole: the titles' words that are other forms of its dictionary word
   * and do not contain it (a title holding one matches too).
   */
  | { index: 'glosowanie_slowa'; match: string; check: boolean; forms?: string[] }
  /**
   * One word typed whole that is in too many words to list, with other forms that do not contain it:
   * the trigram index's matches (`match`) and the word index's titles holding those forms
   * (`formsMatch`), merged in ord order.
   */
  | { index: 'szukaj_lub_slowa'; match: string; formsMatch: string; check: false; forms: string[] }
  /** The pair index: candidates hold a pair for each two neighbouring parts; `check`: the whole phrase is checked. */
  | { index: 'glosowanie_pary'; match: string; check: boolean }
  /** The trigram index, exact: the phrase as one FTS5 phrase of trigrams. */
  | { index: 'glosowanie_szukaj'; match: string; check: false }
  /**
   * No index can narrow it (under three letters, only ASCII punctuation): every title in scope is checked;
   * `forms`, for a short word typed whole that is in too many words to list: a title holding one matches too.
   */
  | { index: 'scan'; forms?: string[] };

export interface TitleSearchLimits {
  /** A part found in more words than this (or two neighbouring parts in more pairs) is too common to OR their lists. */
  maxWords: number;
  /** A longer phrase's rarest part in more titles than this would check too many: the trigram index instead. */
  maxChecked: number;
  /**
   * A phrase with a separator at an end whose phrase query of pairs may read through more titles than
   * this (the sum of each choice's rarest pair's) is checked instead.
   */
  maxScanned: number;
}

/** How many pairs of a word are read to learn whether every one has a given separator before or after it. */
const EDGE_PAIRS_READ = 2_000;
/** The first moved separator, and the character past the title's start and end marks (core/title-words.ts). */
const [FIRST_MARK, PAST_MARKS] = ['\ue000', '\ue082'];

export const TITLE_SEARCH_LIMITS: TitleSearchLimits = { maxWords: 200, maxChecked: 5_000, maxScanned: 100_000 };

interface Word {
  slowo: string;
  glosowan: number;
}

export class TitleSearch {
  private readonly wordsByTrigram: Statement<[string, number], Word>;
  private readonly wordsByScan: Statement<[string, number], Word>;
  private readonly pairExists: Statement<[string], number>;
  /** How many titles hold a pair. */
  private readonly pairTitles: Statement<[string], number>;
  private readonly pairsFrom: Statement<[string, number], string>;
  /** The pair terms reversed, from a reversed ending on. */
  private readonly pairsEndingFrom: Statement<[string, number], string>;
  private readonly wordsOfLemma: Statement<[string], string>;
  /** The snapshot's lemmatiser (etl/title-lemmas.ts), made at the first search by a word; null: no title's word has a lemma. */
  private lemmatiser: Lemmatiser | null | undefined;

  private readonly db: Database.Database;

  constructor(
    db: Database.Database,
    private readonly limits: TitleSearchLimits = TITLE_SEARCH_LIMITS,
  ) {
    this.wordsByTrigram = db.prepare(`SELECT w.slowo, w.glosowan FROM slowo_szukaj f JOIN slowo w ON w.id = f.rowid
      WHERE slowo_szukaj MATCH ? LIMIT ?`);
    // A part of one or two letters has no trigram; the vocabulary (words, not titles) is scanned.
    this.wordsByScan = db.prepare('SELECT slowo, glosowan FROM slowo WHERE instr(slowo, ?) > 0 LIMIT ?');
    this.pairExists = plucked(db, 'SELECT 1 FROM para WHERE para = ?');
    this.pairTitles = plucked(db, 'SELECT glosowan FROM para WHERE para = ?');
    this.pairsFrom = plucked(db, 'SELECT para FROM para WHERE para >= ? ORDER BY para LIMIT ?');
    this.pairsEndingFrom = plucked(
      db,
      'SELECT odwrocona FROM para_od_konca WHERE odwrocona >= ? ORDER BY odwrocona LIMIT ?',
    );
    this.wordsOfLemma = plucked(
      db,
      `SELECT s.slowo FROM lemat m JOIN lemat_slowa l ON l.lemat = m.id JOIN slowo s ON s.id = l.id_slowa
         WHERE m.lemat = ?`,
    );
    this.db = db;
  }

  /** The plan for a folded phrase (foldText of what was typed). */
  plan(folded: string): TitlePlan {
    const { words: parts, separators, leading, trailing } = wordsOf(folded);
    const containing = new Map(parts.map((part) => [part, this.wordsContaining(part)]));
    const common = (words: Word[]) => words.length > this.limits.maxWords;
    if (parts.length === 1 && parts[0] === folded) {
      // One word typed whole: the titles' words containing it, and those that are other forms of the
      // dictionary word it is a form of (the forms containing it are among the first already).
      const forms = this.formsInTitles(folded).filter((word) => !word.includes(folded));
      const containingIt = containing.get(folded)!;
      if (!common(containingIt)) {
        if (containingIt.length === 0 && forms.length === 0) return { index: 'none' };
        return {
          index: 'glosowanie_slowa',
          match: [...containingIt.map((w) => w.slowo), ...forms].map(quoted).join(' OR '),
          check: false,
          ...(forms.length > 0 ? { forms } : {}),
        };
      }
      if (forms.length > 0 && [...folded].length >= 3) {
        return {
          index: 'szukaj_lub_slowa',
          match: quoted(folded),
          formsMatch: forms.map(quoted).join(' OR '),
          check: false,
          forms,
        };
      }
      // Under three letters no trigram narrows it: every title is checked, for the word and its forms
      // („te” finds „w tym”; dropping the forms here once made a limit change what a search finds).
      if (forms.length > 0) return { index: 'scan', forms };
    }
    if ([...containing.values()].some((words) => words.length === 0)) return { index: 'none' }; // a part no title's word holds
    // Two parts or more, or one with a separator before or after it: pairs. Not a phrase holding what
    // the pair terms use for separators and the title's ends (no title's text does, as folded).
    const edged = leading !== '' || trailing !== '';
    if ((parts.length >= 2 || (parts.length === 1 && edged)) && !PAIR_MARKS.test(folded)) {
      const found = this.pairsOf(parts, separators, containing, leading, trailing);
      if (found === 'none') return { index: 'none' };
      // A pair listed for each two neighbouring parts, and for the separator before the first part and
      // after the last when the phrase has them: a title holds the phrase exactly when it holds one pair
      // of each at consecutive positions (an inner part is the word two pairs share; two parts and
      // nothing around them: one pair; the title's start and end are in pairs too). A phrase query of
      // pairs answers it from the index, with no title read (the check reads a vote's row per
      // candidate: a common phrase's count, 10,000 rows, took 100-300 ms).
      const phrases = found.complete ? this.phrasesOf(found.constraints) : undefined;
      // With a separator at an end, each pair before or after is a choice more, and a choice whose
      // pairs are all common but seldom neighbours reads their doclists through (' w sprawie n':
      // 'stanowiska w' + 'w sprawie' + 'sprawie nadania', no title, 260 ms): only when the choices'
      // rarest pairs are few; else the pairs between the parts narrow and the check decides, as before.
      if (phrases !== undefined && (found.edges === 0 || this.scannedBy(phrases) <= this.limits.maxScanned))
        return { index: 'glosowanie_pary', match: phrasesQuery(phrases), check: false };
      const narrowing = edged
        ? parts.length >= 2
          ? this.pairsOf(parts, separators, containing, '', '')
          : undefined
        : found;
      if (narrowing === 'none') return { index: 'none' };
      if (narrowing !== undefined && narrowing.constraints.length > 0)
        return {
          index: 'glosowanie_pary',
          match: narrowing.constraints.map((terms) => `(${terms.map(quoted).join(' OR ')})`).join(' AND '),
          check: true,
        };
    }
    const rarest = parts
      .map((part) => containing.get(part)!)
      .filter((words) => !common(words))
      .map((words) => ({ words, titles: words.reduce((sum, w) => sum + w.glosowan, 0) }))
      .sort((a, b) => a.titles - b.titles)[0];
    if (rarest !== undefined && rarest.titles <= this.limits.maxChecked) {
      return { index: 'glosowanie_slowa', match: rarest.words.map((w) => quoted(w.slowo)).join(' OR '), check: true };
    }
    return [...folded].length >= 3 && !folded.includes('\0')
      ? { index: 'glosowanie_szukaj', match: quoted(folded), check: false }
      : { index: 'scan' };
  }

  /**
   * For each two neighbouring parts, the pair terms a matching title must hold one of, as found in the
   * pairs' vocabulary, in the order they follow each other in the title: first, when the phrase begins
   * with a separator, the pairs of any word (or the title's start) with a separator ending so and the
   * first part; last, when it ends with one, those of the last part with a separator beginning so and
   * any word (or the title's end). A part with a separator on both sides is a whole word; the first
   * part otherwise ends its word, the last begins its word. Constraints with more pairs than the limit
   * are left out (`complete` false); 'none' when one has no pair at all.
   */
  private pairsOf(
    parts: string[],
    separators: string[],
    containing: Map<string, Word[]>,
    leading: string,
    trailing: string,
  ): { constraints: string[][]; complete: boolean; edges: number } | 'none' {
    const last = parts.length - 1;
    const maxPairs = this.limits.maxWords;
    const sides = parts.map((part, i) => {
      const [begins, ends] = [i > 0 || leading !== '', i < last || trailing !== '']; // its word, with a separator
      if (begins && ends) return [part];
      const words = containing.get(part)!;
      if (words.length > this.limits.maxWords) return undefined; // the list is cut short: it may miss words that hold it
      return words.map((w) => w.slowo).filter((word) => (begins ? word.startsWith(part) : word.endsWith(part)));
    });
    const constraints: string[][] = [];
    let complete = true;
    /** Adds the pairs `list` yields, or notes that they were too many; false: there were none. */
    const listed = (list: (add: (pair: string) => boolean) => void): boolean => {
      const pairs: string[] = [];
      list((pair) => pairs.push(pair) <= maxPairs);
      if (pairs.length === 0) return false;
      if (pairs.length <= maxPairs) constraints.push(pairs);
      else complete = false;
      return true;
    };
    /** Gives `add` the pairs beginning with `prefix` (listed in order); false when it took no more. */
    const from = (prefix: string, add: (pair: string) => boolean) => {
      for (const pair of this.pairsFrom.iterate(prefix, maxPairs + 1)) {
        if (!pair.startsWith(prefix)) break;
        if (!add(pair)) return false;
      }
      return true;
    };
    /** Gives `add` the pairs ending with `suffix` (read reversed from their beginning); false when it took no more. */
    const ending = (suffix: string, add: (pair: string) => boolean) => {
      const reversed = reversedText(suffix);
      for (const pair of this.pairsEndingFrom.iterate(reversed, maxPairs + 1)) {
        if (!pair.startsWith(reversed)) break;
        if (!add(reversedText(pair))) return false;
      }
      return true;
    };
    let edges = 0;
    if (leading !== '' && !(last > 0 && this.onlyAfter(parts[0]!, leading))) {
      // Whatever comes before: the word before or the title's start, with a separator ending so.
      const first = sides[0];
      edges++;
      if (first === undefined) complete = false;
      else if (!listed((add) => first.every((word) => ending(pairOf('', leading, word), add)))) return 'none';
    }
    for (let i = 0; i < last; i++) {
      const [left, right] = [sides[i], sides[i + 1]];
      if (left === undefined && i === 0 && last >= 2) {
        // The first part ends too many words to list, the second is a whole word: the pairs that end
        // with the two (read reversed from their beginning), while they are few.
        if (!listed((add) => ending(pairOf(parts[0]!, separators[0]!, parts[1]!), add))) return 'none';
        continue;
      }
      if (left === undefined || left.length > maxPairs) {
        complete = false;
        continue;
      }
      if (right !== undefined) {
        if (left.length * right.length > maxPairs) {
          complete = false;
          continue;
        }
        const pairs = left
          .flatMap((l) => right.map((r) => pairOf(l, separators[i]!, r)))
          .filter((pair) => this.pairExists.get(pair) !== undefined);
        if (pairs.length === 0) return 'none';
        constraints.push(pairs);
        continue;
      }
      // The last part begins too many words to list: the pairs that begin with it, while they are few.
      if (!listed((add) => left.every((l) => from(pairOf(l, separators[i]!, parts[i + 1]!), add)))) return 'none';
    }
    if (trailing !== '' && !(last > 0 && this.onlyBefore(parts[last]!, trailing))) {
      // Whatever comes after: the word after or the title's end, with a separator beginning so.
      const lastSide = sides[last];
      edges++;
      if (lastSide === undefined) complete = false;
      else if (!listed((add) => lastSide.every((word) => from(pairOf(word, trailing, ''), add)))) return 'none';
    }
    return { constraints, complete, edges };
  }

  /**
   * Whether every pair of the titles ending with `word` has a separator ending with `separator` before
   * it (the title's start counts, with what precedes its first word): then a title holding `word` as a
   * whole word holds it after such a separator, and a phrase beginning so needs no pair before it ('nr'
   * follows ' ' in every title, so ' nr 2 do p' is 'nr 2 do p' with 'nr' whole: the pairs ending ' nr'
   * include 'druk nr', 2.9 million titles, whose phrase query reads far more). False past a limit.
   */
  private onlyAfter(word: string, separator: string): boolean {
    // The reversed pairs of `word` (it, then a separator or the title's start): those beginning with it
    // reversed and a mark; with a letter after it reversed, a longer word's, sorted before them.
    const reversed = reversedText(word);
    const wanted = reversedText(pairOf('', separator, word));
    return this.everyPair(this.pairsEndingFrom, reversed, (pair) => pair.startsWith(wanted));
  }

  /** Whether every pair of the titles beginning with `word` has a separator beginning with `separator` after it (the title's end counts). */
  private onlyBefore(word: string, separator: string): boolean {
    const wanted = pairOf(word, separator, '');
    return this.everyPair(this.pairsFrom, word, (pair) => pair.startsWith(wanted));
  }

  /** Whether `test` holds for every (pair) term of `terms` that is `word` and then a mark; false when they are more than read. */
  private everyPair(
    terms: Statement<[string, number], string>,
    word: string,
    test: (term: string) => boolean,
  ): boolean {
    const [from, to] = [`${word}${FIRST_MARK}`, `${word}${PAST_MARKS}`];
    let read = 0;
    for (const term of terms.iterate(from, EDGE_PAIRS_READ + 1)) {
      if (term >= to) return true;
      if (++read > EDGE_PAIRS_READ || !test(term)) return false;
    }
    return read <= EDGE_PAIRS_READ;
  }

  /**
   * A phrase's pairs at consecutive positions, one phrase per choice of a pair for each two
   * neighbouring parts and for the separators at its ends (inner pairs are whole words: only the first
   * and the last pair, and those at the ends, have a choice); undefined when the choices are more than
   * the limit.
   */
  private phrasesOf(constraints: string[][]): string[][] | undefined {
    let phrases: string[][] = [[]];
    for (const terms of constraints) {
      if (phrases.length * terms.length > this.limits.maxWords) return undefined;
      phrases = phrases.flatMap((phrase) => terms.map((term) => [...phrase, term]));
    }
    return phrases;
  }

  /** The titles a phrase query of pairs may read through: for each phrase, those holding its rarest pair. */
  private scannedBy(phrases: string[][]): number {
    const titlesOf = new Map<string, number>();
    const titles = (pair: string) => {
      let n = titlesOf.get(pair);
      if (n === undefined) titlesOf.set(pair, (n = this.pairTitles.get(pair) ?? 0));
      return n;
    };
    return phrases.reduce((sum, phrase) => sum + Math.min(...phrase.map(titles)), 0);
  }

  /**
   * The titles' words that are forms of the dictionary word(s) `word` is a form of (etl/title-lemmas.ts):
   * of every lemma it may be a form of (ustaw: ustawa and ustawić; drogi: droga and the adjective
   * drogi). Not of itself alone when it is a dictionary word: „drogi” typed would then miss the roads
   * („dróg”, „drodze”), and the other lemmas' forms cost few titles (test/search-recall.test.ts).
   */
  private formsInTitles(word: string): string[] {
    if (!/^[a-z]{2,}$/.test(word)) return []; // what etl/title-lemmas.ts looks up in the dictionary
    if (this.lemmatiser === undefined) this.lemmatiser = snapshotLemmatiser(this.db);
    if (this.lemmatiser === null) return [];
    const lemmas = this.lemmatiser.lemmasOf(word);
    return [...new Set(lemmas.flatMap((lemma) => this.wordsOfLemma.all(lemma)))];
  }

  /** Words of the vocabulary containing `part`, up to one more than the limit. */
  private wordsContaining(part: string): Word[] {
    const limit = this.limits.maxWords + 1;
    return [...part].length >= 3 ? this.wordsByTrigram.all(quoted(part), limit) : this.wordsByScan.all(part, limit);
  }
}

/**
 * The lemmatiser of a snapshot's titles and names (null when none of their words is a form of a
 * dictionary word): its stored suffix rules and its lemmas (lemat). A few thousand short rules parsed,
 * no dictionary read.
 */
export function snapshotLemmatiser(db: Database.Database): Lemmatiser | null {
  // One per open snapshot (a snapshot is read-only): every TitleSearch over it shares the parsed rules.
  let lemmatiser = lemmatisers.get(db);
  if (lemmatiser === undefined) lemmatisers.set(db, (lemmatiser = readLemmatiser(db)));
  return lemmatiser;
}
const lemmatisers = new WeakMap<Database.Database, Lemmatiser | null>();

function readLemmatiser(db: Database.Database): Lemmatiser | null {
  const rules = plucked<[], Buffer>(db, 'SELECT reguly FROM odmiana').get();
  const aff = rules === undefined ? '' : inflateRawSync(rules).toString('utf8');
  if (aff === '') return null;
  // A word's candidate entries are a few hundred strings, nearly all no lemma: they are tried against
  // the lemmas held in memory (a few thousand short strings; a query each was 1 ms a search).
  const lemmas = new Set(plucked<[], string>(db, 'SELECT lemat FROM lemat').all());
  const entry = plucked<[string], string>(db, 'SELECT wpisy FROM lemat WHERE lemat = ?');
  return new Lemmatiser(aff, (folded) => (lemmas.has(folded) ? entry.get(folded) : undefined));
}

/** The FTS5 query of phrases of pairs (phrasesOf), OR-ed. */
const phrasesQuery = (phrases: string[][]) => phrases.map((phrase) => phrase.map(quoted).join(' + ')).join(' OR ');

/** An FTS5 string: the text between double quotes, quotes doubled. */
const quoted = (text: string) => `"${text.replaceAll('"', '""')}"`;
