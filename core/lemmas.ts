// Forms of Polish words for the title search: which dictionary words (lemmas) a folded word is a form
// of, and every form of a lemma. Read from a Hunspell dictionary (the Polish one of the npm package
// dictionary-pl: an .aff of suffix rules and a .dic of ~300,000 entries, each an entry with the flags
// of the rules it takes). A lemma is an entry of the .dic as written there (ustawa, droga, podatek);
// its forms are the entry and every suffix rule of its flags applied to it (ustawy, ustawie, ustaw,
// ustawą, …). Everything is compared folded (core/text.ts foldText, as titles are indexed): ustawą and
// ustawa are one folded word. The prefix rule (nie-) is left out: „nieważny” is not a form of „ważny”
// for a reader searching either.
//
// The entries may be all of a .dic, only those that may be lemmas of given words (the ETL keeps the
// few hundred or thousand its titles need, not 300,000), or looked up one by one (the server, in the
// snapshot's table of the titles' lemmas): lemmasOf answers the same for any word whose lemmas are kept.

import { foldText } from './text.ts';

interface SuffixRule {
  flag: string;
  strip: string;
  add: string;
  /** The rule's condition on the end of the entry, a regular expression's source (compiled when first used). */
  condition: string;
  /** fold(strip): a folded form's candidate entry is the form less fold(add), plus this. */
  foldedStrip: string;
  /** The rule's line of the .aff. */
  line: string;
}

/** The .dic lines (entry/flags) of a folded entry, '\n'-separated (entries that fold alike share it: laska, łaska). */
export type EntryLookup = (folded: string) => string | undefined;

/** The suffix rules of an .aff, as the lemmatiser looks them up. */
interface AffixRules {
  /** The suffix rules of each flag. */
  rules: Map<string, SuffixRule[]>;
  /** The rules by fold(add) (the suffixes a folded form may end with), then by fold(strip). */
  byFoldedAdd: Map<string, Map<string, SuffixRule[]>>;
  longestAdd: number;
  /** The rules' conditions compiled, when first used. */
  conditions: Map<string, RegExp>;
}

/** The rules of the .aff texts parsed in this process (the Polish one; a snapshot's few): parsed once each. */
const parsedAffixes = new Map<string, AffixRules>();
function affixRules(aff: string): AffixRules {
  let parsed = parsedAffixes.get(aff);
  if (parsed !== undefined) return parsed;
  parsed = { rules: new Map(), byFoldedAdd: new Map(), longestAdd: 0, conditions: new Map() };
  for (const line of aff.split('\n')) {
    const fields = line.trim().split(/\s+/);
    // A rule line is `SFX flag strip add condition`; its block's header `SFX flag Y count` has four fields.
    if (fields[0] !== 'SFX' || fields.length < 5) continue;
    const [, flag = '', strip = '', add = '', condition = ''] = fields; // five or more: none is missing
    const rule: SuffixRule = {
      flag,
      strip: strip === '0' ? '' : strip,
      add: add === '0' ? '' : add,
      condition,
      foldedStrip: strip === '0' ? '' : quickFold(strip),
      line: fields.join(' '),
    };
    let ofFlag = parsed.rules.get(flag);
    if (!ofFlag) parsed.rules.set(flag, (ofFlag = []));
    ofFlag.push(rule);
    const foldedAdd = quickFold(rule.add);
    let byStrip = parsed.byFoldedAdd.get(foldedAdd);
    if (!byStrip) parsed.byFoldedAdd.set(foldedAdd, (byStrip = new Map()));
    let same = byStrip.get(rule.foldedStrip);
    if (!same) byStrip.set(rule.foldedStrip, (same = []));
    same.push(rule);
    parsed.longestAdd = Math.max(parsed.longestAdd, foldedAdd.length);
  }
  if (parsed.rules.size === 0) throw new Error('the Hunspell affix file has no suffix rules (SFX)');
  if (parsedAffixes.size >= 16) parsedAffixes.clear(); // a long-lived server reads each snapshot's rules
  parsedAffixes.set(aff, parsed);
  return parsed;
}

export class Lemmatiser {
  private readonly rules: AffixRules['rules'];
  private readonly byFoldedAdd: AffixRules['byFoldedAdd'];
  private readonly longestAdd: number;
  private readonly conditions: AffixRules['conditions'];
  private readonly entryOf: EntryLookup;
  /** The entries read from a .dic, by folded entry (undefined when they are looked up). */
  private readonly entries: Map<string, string> | undefined;

  /**
   * A lemmatiser of the dictionary whose .aff text is given, with the entries of a .dic text (only
   * those that may be lemmas of `words` when given: folded words) or looked up by a function.
   */
  constructor(aff: string, dic: string | EntryLookup, words?: Iterable<string>) {
    ({
      rules: this.rules,
      byFoldedAdd: this.byFoldedAdd,
      longestAdd: this.longestAdd,
      conditions: this.conditions,
    } = affixRules(aff));
    if (typeof dic === 'function') {
      this.entryOf = dic;
      return;
    }
    let wanted: Set<string> | undefined;
    if (words !== undefined) {
      wanted = new Set();
      for (const word of words) {
        // candidatesOf's strings, without its rules (a loop: a generator per word was a third of the stage).
        wanted.add(word);
        for (let k = 0; k <= Math.min(this.longestAdd, word.length - 1); k++) {
          const byStrip = this.byFoldedAdd.get(word.slice(word.length - k));
          if (!byStrip) continue;
          const stem = word.slice(0, word.length - k);
          for (const strip of byStrip.keys()) wanted.add(stem + strip);
        }
      }
    }
    const entries = new Map<string, string>();
    const addLine = (lineStart: number, end: number) => {
      const line = dic.slice(lineStart, end).trim();
      if (line === '') return;
      const slash = line.indexOf('/');
      const folded = quickFold(slash < 0 ? line : line.slice(0, slash));
      if (wanted !== undefined && !wanted.has(folded)) return;
      const known = entries.get(folded);
      entries.set(folded, known === undefined ? line : `${known}\n${line}`);
    };
    if (wanted === undefined) {
      // The first line of a .dic is its number of entries.
      let start = dic.indexOf('\n') + 1;
      while (start > 0 && start < dic.length) {
        let end = dic.indexOf('\n', start);
        if (end < 0) end = dic.length;
        addLine(start, end);
        start = end + 1;
      }
    } else {
      // Only the lines whose entry's folded hash is a wanted word's (and those no hash stands for), in the
      // .dic's order: 300,000 folds were most of a build's cost, and hashing every line once a process
      // (dicIndex) was most of the rest, paid again by every build of a process that builds many.
      const index = dicIndex(dic);
      const hashes = new Set([UNFOLDABLE, ...[...wanted].map((word) => foldedHash(word, 0, word.length))]);
      // A bucket holds other words' lines too: addLine keeps only the wanted ones.
      const starts = [...new Set([...hashes].map((hash) => index.bucketOf(hash)))].flatMap((b) => index.linesIn(b));
      starts.sort((a, b) => a - b);
      for (const start of starts) {
        const end = dic.indexOf('\n', start);
        addLine(start, end < 0 ? dic.length : end);
      }
    }
    this.entries = entries;
    this.entryOf = (folded) => entries.get(folded);
  }

  /** The entries read from the .dic (folded entry -> its lines); none when they are looked up. */
  entriesRead(): ReadonlyMap<string, string> {
    return this.entries ?? new Map();
  }

  /** The .aff's suffix rules of the given flags, one `SFX flag strip add condition` line each. */
  rulesOf(flags: Iterable<string>): string {
    return [...new Set(flags)]
      .flatMap((flag) => this.rules.get(flag) ?? [])
      .map((rule) => rule.line)
      .join('\n');
  }

  /**
   * The lemmas (folded) a folded word is a form of: the entries some rule of whose flags makes the
   * word, and the word itself when it is an entry. None for a word the dictionary does not know.
   */
  lemmasOf(folded: string): string[] {
    const lemmas = new Set<string>();
    for (const [candidate, rules] of this.candidatesOf(folded)) {
      if (lemmas.has(candidate)) continue;
      const lines = this.entryOf(candidate);
      if (lines === undefined) continue;
      if (rules === undefined) {
        lemmas.add(candidate);
        continue;
      }
      // Folding loses letters, so the candidate is checked by making the form from the entry as written.
      for (const { word, flags } of linesOf(lines)) {
        for (const rule of rules) {
          if (!flags.includes(rule.flag)) continue;
          const form = this.formOf(word, rule);
          if (form !== undefined && quickFold(form) === folded) lemmas.add(candidate);
        }
      }
    }
    return [...lemmas];
  }

  /**
   * The entries a folded word may be a form of, before any check: the word itself (no rules), and the
   * word less the folded ending of some rules plus their folded strip (those rules).
   */
  private *candidatesOf(folded: string): Generator<[string, SuffixRule[] | undefined]> {
    yield [folded, undefined];
    for (let k = 0; k <= Math.min(this.longestAdd, folded.length - 1); k++) {
      const byStrip = this.byFoldedAdd.get(folded.slice(folded.length - k));
      if (!byStrip) continue;
      for (const [strip, rules] of byStrip) yield [folded.slice(0, folded.length - k) + strip, rules];
    }
  }

  /** Every form (folded) of a folded lemma, itself included; none when it is not an entry. */
  formsOf(lemma: string): string[] {
    const lines = this.entryOf(lemma);
    if (lines === undefined) return [];
    const forms = new Set<string>([lemma]);
    for (const { word, flags } of linesOf(lines)) {
      for (const flag of flags) {
        for (const rule of this.rules.get(flag) ?? []) {
          const form = this.formOf(word, rule);
          if (form !== undefined) forms.add(quickFold(form));
        }
      }
    }
    return [...forms];
  }

  /** The form a suffix rule makes of an entry, undefined when its condition does not hold. */
  private formOf(word: string, rule: SuffixRule): string | undefined {
    if (!word.endsWith(rule.strip)) return undefined;
    let condition = this.conditions.get(rule.condition);
    if (!condition) this.conditions.set(rule.condition, (condition = new RegExp(`(?:${rule.condition})$`, 'u')));
    if (!condition.test(word)) return undefined;
    return word.slice(0, word.length - rule.strip.length) + rule.add;
  }
}

const POLISH = /[ąćęłńóśźż]/g;
const POLISH_FOLD: Record<string, string> = { ą: 'a', ć: 'c', ę: 'e', ł: 'l', ń: 'n', ó: 'o', ś: 's', ź: 'z', ż: 'z' };
/** foldText of a dictionary entry, without its Unicode normalisation when the entry needs none (nearly all). */
function quickFold(word: string): string {
  const lower = word.toLowerCase().replace(POLISH, (ch) => POLISH_FOLD[ch]!);
  return ASCII.test(lower) ? lower : foldText(word);
}
const ASCII = /^[\x00-\x7f]*$/;

const SLASH = '/'.charCodeAt(0);
/** Each UTF-16 code unit of Latin script folded as quickFold does (0: beyond it, or not folded alike by NFD). */
const FOLDED_CODE = new Uint16Array(0x180);
for (let code = 0; code < FOLDED_CODE.length; code++) {
  const folded = quickFold(String.fromCharCode(code));
  FOLDED_CODE[code] =
    code <= 0x20 ? 0x20 : folded.length === 1 && folded.charCodeAt(0) < 0x80 ? folded.charCodeAt(0) : 0;
}
/** A hash no folded word has: the text has a letter only foldText folds (checked in full). */
const UNFOLDABLE = -1;
/**
 * FNV-1a of text[from, to) folded (spaces and controls skipped, as trim would at the ends), or
 * UNFOLDABLE. Equal folded words hash alike, so a wanted word's entry is never skipped.
 */
function foldedHash(text: string, from: number, to: number): number {
  let hash = 0x811c9dc5;
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    const folded = code < 0x180 ? FOLDED_CODE[code]! : 0;
    if (folded === 0) return UNFOLDABLE;
    if (folded !== 0x20) hash = Math.imul(hash ^ folded, 0x01000193);
  }
  return hash | 0;
}

/**
 * The .dic's lines (their starts) by the folded hash of their entry: a chain per bucket of an open table
 * of typed arrays. A Map of 300,000 numbers was most of a build process's start (issue 41).
 */
class DicIndex {
  private readonly mask: number;
  /** Bucket (hash & mask) -> its first line's number + 1 (0: none). */
  private readonly heads: Int32Array;
  /** Line number -> the next line's number + 1 in its bucket (0: none). */
  private readonly next: Int32Array;
  private readonly starts: Int32Array;

  constructor(dic: string) {
    // The first line of a .dic is its number of entries.
    const first = dic.indexOf('\n') + 1;
    let lines = 0;
    for (let at = first; at > 0 && at < dic.length; at = dic.indexOf('\n', at) + 1) lines++;
    let size = 1;
    while (size < lines * 2) size *= 2;
    this.mask = size - 1;
    this.heads = new Int32Array(size);
    this.next = new Int32Array(lines);
    this.starts = new Int32Array(lines);
    let start = first;
    for (let line = 0; line < lines; line++) {
      let end = dic.indexOf('\n', start);
      if (end < 0) end = dic.length;
      let wordEnd = start;
      while (wordEnd < end && dic.charCodeAt(wordEnd) !== SLASH) wordEnd++;
      const bucket = foldedHash(dic, start, wordEnd) & this.mask;
      this.next[line] = this.heads[bucket]!;
      this.heads[bucket] = line + 1;
      this.starts[line] = start;
      start = end + 1;
    }
  }

  /** The bucket of a hash: every line of that hash is in it, with others (in no particular order). */
  bucketOf(hash: number): number {
    return hash & this.mask;
  }

  /** The starts of the lines in a bucket. */
  linesIn(bucket: number): number[] {
    const starts: number[] = [];
    for (let line = this.heads[bucket]!; line > 0; line = this.next[line - 1]!) starts.push(this.starts[line - 1]!);
    return starts;
  }
}

/** The index of the last .dic text asked for (one dictionary a process: the Polish one). */
let lastIndex: { dic: string; index: DicIndex } | undefined;
function dicIndex(dic: string): DicIndex {
  if (lastIndex?.dic !== dic) lastIndex = { dic, index: new DicIndex(dic) };
  return lastIndex.index;
}

function linesOf(lines: string): Array<{ word: string; flags: string }> {
  return lines.split('\n').map((line) => {
    const slash = line.indexOf('/');
    return slash < 0 ? { word: line, flags: '' } : { word: line.slice(0, slash), flags: line.slice(slash + 1) };
  });
}
