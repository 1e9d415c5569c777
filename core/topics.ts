// CONTRACT §11: what a vote is about. A vocabulary is a list of topics, each with patterns; a vote's
// topic is the first topic, in file order, one of whose patterns occurs in its folded title at a
// word start; none: `inne`. Pure: the ETL classifies every vote with it, the API lists the topics.

import { z } from 'zod';
import { fieldOf } from './errors.ts';

/** The topic of a vote no entry matches: after every entry of the vocabulary. */
export const OTHER_TOPIC = { id: 'inne', nazwa: 'Inne' } as const;

/** The snapshot's meta keys: the vocabulary (JSON), its file's SHA-256, and the file (empty: the bundled one). */
export const TOPICS_META = { vocabulary: 'tematy', sha256: 'tematy_sha256', path: 'tematy_plik' } as const;

export interface TopicEntry {
  id: string;
  nazwa: string;
  wzorce: string[];
  /** Optional: patterns of titles the entry does not take, whatever its patterns match (README, „Tematy”). */
  wykluczenia?: string[];
  /**
   * Optional: patterns of titles in which the entry gives way: it takes such a title only when no other
   * entry does (README, „Tematy”): „… oraz ustawy o podatku …” names a tax law beside the bill's subject.
   */
  ustepuje?: string[];
}
export type Vocabulary = readonly TopicEntry[];

/** The fold of §11 step by step, as written there: the definition the fast fold below keeps. */
export function foldBySteps(text: string): string {
  return text
    .replace(/ł/g, 'l')
    .replace(/Ł/g, 'L')
    .normalize('NFKD')
    .replace(/\p{Mn}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * One character's fold, whitespace as one space and nothing trimmed. Below U+0250 (Latin and its
 * extensions) and in General Punctuation no character is a combining mark, so a title made of them is
 * folded character by character exactly as whole: NFKD decomposes each character on its own, every
 * mark it produces is removed, and none of them lowers differently in context.
 */
const foldOne = (ch: string) =>
  [
    ...ch
      .replace(/ł/g, 'l')
      .replace(/Ł/g, 'L')
      .normalize('NFKD')
      .replace(/\p{Mn}/gu, '')
      .toLowerCase()
      .replace(/\s/g, ' '),
  ].map((c) => c.charCodeAt(0));
const TABLE_LOW = 0x250;
const PUNCTUATION_FROM = 0x2000;
const PUNCTUATION_TO = 0x2070;
const FOLD_TABLE: number[][] = [
  ...Array.from({ length: TABLE_LOW }, (_, c) => foldOne(String.fromCharCode(c))),
  ...Array.from({ length: PUNCTUATION_TO - PUNCTUATION_FROM }, (_, c) =>
    foldOne(String.fromCharCode(PUNCTUATION_FROM + c)),
  ),
];
const SPACE = 32;
/** The fold of each ASCII character that folds to one character other than a space, 0 for the rest. */
const ASCII_KEEPS = Uint16Array.from({ length: 128 }, (_, c) => {
  const folded = FOLD_TABLE[c]!;
  return folded.length === 1 && folded[0] !== SPACE ? folded[0]! : 0;
});

/** A reusable buffer of UTF-16 code units: a folded title, without a string made for it. */
class Folded {
  units = new Uint16Array(256);
  length = 0;

  /** Folds `text` into the buffer (§11). */
  fold(text: string): void {
    this.length = 0;
    if (text.length * 4 > this.units.length) this.units = new Uint16Array(text.length * 4);
    let space = false;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      // The common case: a letter, digit or punctuation that folds to itself or its lower case.
      if (c < 128 && ASCII_KEEPS[c] !== 0) {
        if (space) this.units[this.length++] = SPACE;
        space = false;
        this.units[this.length++] = ASCII_KEEPS[c]!;
        continue;
      }
      const folded =
        c < TABLE_LOW
          ? FOLD_TABLE[c]
          : c >= PUNCTUATION_FROM && c < PUNCTUATION_TO
            ? FOLD_TABLE[TABLE_LOW + c - PUNCTUATION_FROM]
            : undefined;
      if (folded === undefined) return this.set(foldBySteps(text));
      for (let k = 0; k < folded.length; k++) {
        const unit = folded[k]!;
        if (unit === SPACE) space = this.length > 0;
        else {
          if (space) this.units[this.length++] = SPACE;
          space = false;
          this.units[this.length++] = unit;
        }
      }
    }
  }

  private set(text: string): void {
    if (text.length > this.units.length) this.units = new Uint16Array(text.length);
    for (let i = 0; i < text.length; i++) this.units[i] = text.charCodeAt(i);
    this.length = text.length;
  }

  toString(): string {
    let out = '';
    for (let i = 0; i < this.length; i += 4096) {
      out += String.fromCharCode(...this.units.subarray(i, Math.min(i + 4096, this.length)));
    }
    return out;
  }

  /** Whether position `i` is a word start: the start, or after a character that is neither a letter nor a digit. */
  isWordStart(i: number): boolean {
    if (i === 0) return true;
    const before = this.units[i - 1]!;
    if (before < 128) return ASCII_WORD[before] === 0;
    // A character outside the BMP ends with its low surrogate: test the whole code point.
    const high = i >= 2 ? this.units[i - 2]! : 0;
    const point =
      before >= 0xdc00 && before <= 0xdfff && high >= 0xd800 && high <= 0xdbff
        ? String.fromCharCode(high, before)
        : String.fromCharCode(before);
    return !LETTER_OR_DIGIT.test(point);
  }
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
/** What matched the title being classified, per topic (bits of TopicClassifier.sideRules): an exclusion, a pattern of giving way, a pattern. */
const EXCLUDED = 1;
const YIELDS = 2;
const MATCHED = 4;
/** Letters and digits among the ASCII characters, the common case, without a regular expression. */
const ASCII_WORD = Uint8Array.from({ length: 128 }, (_, c) => (LETTER_OR_DIGIT.test(String.fromCharCode(c)) ? 1 : 0));

/**
 * The fold of §11: ł→l and Ł→L (they have no decomposition), Unicode NFKD, every combining mark (Mn)
 * removed, lower case, every run of whitespace one space, the ends trimmed (`foldBySteps`). Titles made
 * of Latin letters and common punctuation (nearly all) are folded a character at a time from a table
 * of each character's fold; any other character takes the steps themselves.
 */
export function foldTopicText(text: string): string {
  SHARED.fold(text);
  return SHARED.toString();
}
const SHARED = new Folded();

/**
 * Classifies titles by a vocabulary (§11). Topic codes: the entry's position in the vocabulary,
 * `vocabulary.length` for `inne`. The folded patterns form a trie; at each word start of a folded
 * title the trie is walked along the title, and the lowest topic of a pattern ending on the way wins.
 */
export class TopicClassifier {
  private readonly folded = new Folded();
  /** A code unit's index in the patterns' alphabet, -1 when no pattern has it. */
  private readonly letter = new Int16Array(0x10000).fill(-1);
  private alphabet = 0;
  /** child[node × alphabet + letter]: the next node, 0 for none (node 0, the root, is nobody's child). */
  private child: Int32Array;
  /** The lowest topic of a pattern ending at the node (`other` for none), and in the node's subtree. */
  private ending: Int32Array;
  private lowestBelow: Int32Array;

  /**
   * When some entry has exclusions (wykluczenia) or patterns of giving way (ustepuje): every pattern of
   * the three kinds in one trie of its own, one entry per pattern, so that one walk over a title finds
   * them all (`topicWithSideRules`); undefined: none. `sideTopic` and `sideKind` say whose pattern each
   * entry is and which kind (MATCHED, EXCLUDED, YIELDS). Three tries walked apart took ~3 s of a tenth of
   * Poland's ETL (docs/PERFORMANCE.md, issue 47).
   */
  private readonly sides: TopicClassifier | undefined;
  private readonly sideTopic: Int32Array | undefined;
  private readonly sideKind: Uint8Array | undefined;
  /** Per topic, what matched the title being classified (bits MATCHED, EXCLUDED, YIELDS). */
  private readonly sideRules: Uint8Array | undefined;
  /** Every entry a pattern ends at the node with (the side rules' trie: a lower one may be excluded). */
  private readonly endingAll: number[][] = [];

  constructor(readonly vocabulary: Vocabulary) {
    const patterns: Array<{ units: Uint16Array; topic: number }> = [];
    vocabulary.forEach((entry, topic) => {
      for (const pattern of entry.wzorce) {
        this.folded.fold(pattern);
        if (this.folded.length === 0) continue; // §11: a pattern whose fold is empty never matches
        const units = this.folded.units.slice(0, this.folded.length);
        for (const unit of units) if (this.letter[unit] === -1) this.letter[unit] = this.alphabet++;
        patterns.push({ units, topic });
      }
    });
    if (vocabulary.some((entry) => (entry.wykluczenia ?? []).length + (entry.ustepuje ?? []).length > 0)) {
      const sides: Array<{ pattern: string; topic: number; kind: number }> = vocabulary.flatMap((entry, topic) => [
        ...entry.wzorce.map((pattern) => ({ pattern, topic, kind: MATCHED })),
        ...(entry.wykluczenia ?? []).map((pattern) => ({ pattern, topic, kind: EXCLUDED })),
        ...(entry.ustepuje ?? []).map((pattern) => ({ pattern, topic, kind: YIELDS })),
      ]);
      this.sides = new TopicClassifier(sides.map(({ pattern }) => ({ id: '', nazwa: '', wzorce: [pattern] })));
      this.sideTopic = Int32Array.from(sides, (side) => side.topic);
      this.sideKind = Uint8Array.from(sides, (side) => side.kind);
      this.sideRules = new Uint8Array(vocabulary.length);
    }
    const nodes = 1 + patterns.reduce((n, p) => n + p.units.length, 0);
    this.child = new Int32Array(nodes * Math.max(this.alphabet, 1));
    this.ending = new Int32Array(nodes).fill(this.other);
    this.lowestBelow = new Int32Array(nodes).fill(this.other);
    let used = 1;
    for (const { units, topic } of patterns) {
      let node = 0;
      this.lowestBelow[0] = Math.min(this.lowestBelow[0]!, topic);
      for (const unit of units) {
        const at = node * this.alphabet + this.letter[unit]!;
        if (this.child[at] === 0) this.child[at] = used++;
        node = this.child[at]!;
        this.lowestBelow[node] = Math.min(this.lowestBelow[node]!, topic);
      }
      this.ending[node] = Math.min(this.ending[node]!, topic);
      (this.endingAll[node] ??= []).push(topic);
    }
  }

  /** Topics there are: every entry and `inne`. */
  get size(): number {
    return this.vocabulary.length + 1;
  }
  get other(): number {
    return this.vocabulary.length;
  }

  /** The topic code of a title. */
  topicOf(title: string): number {
    if (this.sideRules) return this.topicWithSideRules(title);
    const { folded, letter, alphabet, child, ending, lowestBelow } = this;
    folded.fold(title);
    const { units, length } = folded;
    let best = this.other;
    for (let i = 0; i < length && lowestBelow[0]! < best; i++) {
      const first = letter[units[i]!]!;
      if (first < 0) continue;
      let node = child[first]!;
      if (node === 0 || lowestBelow[node]! >= best || !folded.isWordStart(i)) continue;
      for (let j = i; ;) {
        if (ending[node]! < best) best = ending[node]!;
        if (++j === length) break;
        const next = letter[units[j]!]!;
        if (next < 0) break;
        node = child[node * alphabet + next]!;
        if (node === 0 || lowestBelow[node]! >= best) break;
      }
    }
    return best;
  }

  /**
   * The first entry that matches the title, none of whose exclusions does and that does not give way;
   * none: the first that matches and is not excluded (it gave way, and no other entry took the title).
   */
  private topicWithSideRules(title: string): number {
    const marks = this.sideRules!;
    marks.fill(0);
    this.sides!.markMatches(title, marks, this.sideTopic!, this.sideKind!);
    let gaveWay = this.other;
    for (let topic = 0; topic < marks.length; topic++) {
      const mark = marks[topic]!;
      if ((mark & MATCHED) === 0 || mark & EXCLUDED) continue;
      if ((mark & YIELDS) === 0) return topic;
      if (gaveWay === this.other) gaveWay = topic;
    }
    return gaveWay;
  }

  /**
   * For every entry one of whose patterns matches the title (§11's word-start rule), ors `kind[entry]`
   * into `marks[topic[entry]]`.
   */
  private markMatches(title: string, marks: Uint8Array, topic: Int32Array, kind: Uint8Array): void {
    const { folded, letter, alphabet, child, endingAll } = this;
    folded.fold(title);
    const { units, length } = folded;
    for (let i = 0; i < length; i++) {
      const first = letter[units[i]!]!;
      if (first < 0 || child[first] === 0 || !folded.isWordStart(i)) continue;
      let node = 0;
      for (let j = i; j < length; j++) {
        const next = letter[units[j]!]!;
        if (next < 0) break;
        node = child[node * alphabet + next]!;
        if (node === 0) break;
        const entries = endingAll[node];
        if (entries !== undefined) for (const entry of entries) marks[topic[entry]!]! |= kind[entry]!;
      }
    }
  }

  idOf(topic: number): string {
    return topic === this.other ? OTHER_TOPIC.id : this.vocabulary[topic]!.id;
  }

  nameOf(topic: number): string {
    return topic === this.other ? OTHER_TOPIC.nazwa : this.vocabulary[topic]!.nazwa;
  }
}

/** Every topic of a vocabulary as the API lists them: the entries in file order, then `inne`. */
export const topicsOf = (vocabulary: Vocabulary): Array<{ id: string; nazwa: string }> => [
  ...vocabulary.map(({ id, nazwa }) => ({ id, nazwa })),
  { ...OTHER_TOPIC },
];

export const TOPIC_ID = /^[a-z0-9-]{1,40}$/;

/** A vocabulary that breaks §11's rules; the message names the file and the entry. */
export class VocabularyError extends Error {
  override name = 'VocabularyError';
}

const string = { error: 'must be a string' };
const entrySchema = z.object(
  {
    id: z
      .string(string)
      .regex(TOPIC_ID, `must match ${TOPIC_ID.source}`)
      .refine(
        (id) => id !== OTHER_TOPIC.id,
        `must not be "${OTHER_TOPIC.id}" (the topic of the votes no entry matches)`,
      ),
    nazwa: z.string(string).min(1, 'must not be empty'),
    wzorce: z.array(z.string(string), { error: 'must be an array of strings (patterns)' }),
    wykluczenia: z.array(z.string(string), { error: 'must be an array of strings (patterns)' }).optional(),
    ustepuje: z.array(z.string(string), { error: 'must be an array of strings (patterns)' }).optional(),
  },
  { error: 'must be an object {"id", "nazwa", "wzorce"}' },
);

/**
 * The vocabulary in `text` (JSON), checked against §11: a JSON array of {id, nazwa, wzorce}, ids
 * matching TOPIC_ID, unique, not `inne`; `wykluczenia` and `ustepuje`, when given, arrays of strings; other keys
 * of an entry are ignored. Throws a VocabularyError
 * naming `source` and the first entry that breaks a rule.
 */
export function parseVocabulary(text: string, source: string): TopicEntry[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new VocabularyError(`${source}: is not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!Array.isArray(value)) {
    throw new VocabularyError(`${source}: must be a JSON array of topics {"id", "nazwa", "wzorce"}`);
  }
  const seen = new Map<string, number>();
  return value.map((raw: unknown, i) => {
    const id = fieldOf(raw, 'id');
    const where = `${source}: entry ${i + 1}${typeof id === 'string' ? ` (${JSON.stringify(id)})` : ''}`;
    const parsed = entrySchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const path = issue.path
        .map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`))
        .join('')
        .replace(/^\./, '');
      throw new VocabularyError(`${where}: ${path ? `${path}: ` : ''}${issue.message}`);
    }
    const entry = parsed.data;
    const earlier = seen.get(entry.id);
    if (earlier !== undefined) throw new VocabularyError(`${where}: id: repeats entry ${earlier}`);
    seen.set(entry.id, i + 1);
    return {
      id: entry.id,
      nazwa: entry.nazwa,
      wzorce: entry.wzorce,
      ...(entry.wykluczenia === undefined ? {} : { wykluczenia: entry.wykluczenia }),
      ...(entry.ustepuje === undefined ? {} : { ustepuje: entry.ustepuje }),
    };
  });
}
