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
   * A lemmatiser of the dictionary whose .aff text is given, with the entries of a .dic (its text or
   * its index; only those that may be lemmas of `words` when given: folded words) or looked up by a
   * function.
   */
  constructor(aff: string, dic: string | DicIndex | EntryLookup, words?: Iterable<string>) {
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
    const addLine = (untrimmed: string) => {
      const line = untrimmed.trim();
      if (line === '') return;
      const slash = line.indexOf('/');
      const folded = quickFold(slash < 0 ? line : line.slice(0, slash));
      if (wanted !== undefined && !wanted.has(folded)) return;
      const known = entries.get(folded);
      entries.set(folded, known === undefined ? line : `${known}\n${line}`);
    };
    if (wanted === undefined) {
      // The first line of a .dic is its number of entries.
      const text = dic instanceof DicIndex ? dic.text() : dic;
      const first = text.indexOf('\n');
      if (first >= 0) for (const line of text.slice(first + 1).split('\n')) addLine(line);
    } else {
      // Only the lines whose entry's folded hash is a wanted word's (and those no hash stands for), in the
      // .dic's order: 300,000 folds were most of a build's cost.
      const index = dic instanceof DicIndex ? dic : DicIndex.of(Buffer.from(dic));
      const hashes = [UNFOLDABLE, ...[...wanted].map((word) => foldedHash(word, 0, word.length))];
      for (const line of index.linesWith(hashes)) addLine(line);
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
 * A .dic's lines found by the folded hash of their entry: the hashes sorted, each with its line's start
 * (a byte offset in the .dic's UTF-8). Built once from the bytes and then read back from a file
 * (etl/title-lemmas.ts keeps one beside the dictionary): hashing the 300,000 lines and decoding the 4.7 MB
 * was most of a small build process's lemmas, paid by every process that builds (issue 41).
 */
export class DicIndex {
  private constructor(
    private readonly dic: Buffer,
    /** The lines' folded hashes, ascending. */
    private readonly hashes: Int32Array,
    /** The start of the line of each hash. */
    private readonly starts: Int32Array,
  ) {}

  /** The index of a .dic's bytes (its first line, the number of entries, is not an entry). */
  static of(dic: Buffer): DicIndex {
    const lineStarts: number[] = [];
    for (let at = dic.indexOf(NEWLINE) + 1; at > 0 && at < dic.length; at = dic.indexOf(NEWLINE, at) + 1) {
      lineStarts.push(at);
    }
    const lineHashes = new Int32Array(lineStarts.length);
    for (let line = 0; line < lineStarts.length; line++) {
      const start = lineStarts[line]!;
      let end = dic.indexOf(NEWLINE, start);
      if (end < 0) end = dic.length;
      const slash = dic.indexOf(SLASH, start);
      const entry = dic.toString('utf8', start, slash >= 0 && slash < end ? slash : end);
      lineHashes[line] = foldedHash(entry, 0, entry.length);
    }
    const order = Int32Array.from(lineStarts.keys()).sort((a, b) => lineHashes[a]! - lineHashes[b]! || a - b);
    return new DicIndex(
      dic,
      order.map((line) => lineHashes[line]!),
      order.map((line) => lineStarts[line]!),
    );
  }

  /** The index as bytes for `read`: its length, then the hashes, then the starts. */
  serialise(): Buffer {
    const bytes = Buffer.alloc(4 + 8 * this.hashes.length);
    bytes.writeInt32LE(this.hashes.length, 0);
    Buffer.from(this.hashes.buffer, this.hashes.byteOffset, this.hashes.byteLength).copy(bytes, 4);
    Buffer.from(this.starts.buffer, this.starts.byteOffset, this.starts.byteLength).copy(
      bytes,
      4 + 4 * this.hashes.length,
    );
    return bytes;
  }

  /**
   * The index `serialise` wrote for this .dic, or undefined when the bytes are not one: of another
   * length, out of order, or hashing the lines otherwise than this code (a changed fold; checked on a
   * sample of lines, so a stale file is rebuilt rather than trusted).
   */
  static read(bytes: Buffer, dic: Buffer): DicIndex | undefined {
    if (bytes.length < 4) return undefined;
    const lines = bytes.readInt32LE(0);
    if (lines <= 0 || bytes.length !== 4 + 8 * lines) return undefined;
    const copy = new Int32Array(2 * lines); // aligned, and not a view of a pooled buffer
    Buffer.from(copy.buffer).set(bytes.subarray(4));
    const index = new DicIndex(dic, copy.subarray(0, lines), copy.subarray(lines));
    const step = Math.max(1, Math.floor(lines / 64));
    for (let i = 0; i < lines; i += step) {
      const start = index.starts[i]!;
      if (start <= 0 || start >= dic.length || dic[start - 1] !== NEWLINE) return undefined;
      if (i > 0 && index.hashes[i - 1]! > index.hashes[i]!) return undefined;
      const line = index.lineAt(start);
      const slash = line.indexOf('/');
      if (foldedHash(line, 0, slash < 0 ? line.length : slash) !== index.hashes[i]) return undefined;
    }
    return index;
  }

  /** The .dic's text. */
  text(): string {
    return this.dic.toString('utf8');
  }

  /** The lines whose entry has one of the hashes (whole, untrimmed), in the .dic's order. */
  linesWith(hashes: Iterable<number>): string[] {
    const starts: number[] = [];
    for (const hash of new Set(hashes)) {
      let low = 0;
      let high = this.hashes.length;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (this.hashes[middle]! < hash) low = middle + 1;
        else high = middle;
      }
      for (let i = low; i < this.hashes.length && this.hashes[i] === hash; i++) starts.push(this.starts[i]!);
    }
    return starts.sort((a, b) => a - b).map((start) => this.lineAt(start));
  }

  private lineAt(start: number): string {
    const end = this.dic.indexOf(NEWLINE, start);
    return this.dic.toString('utf8', start, end < 0 ? this.dic.length : end);
  }
}

const NEWLINE = 0x0a;

function linesOf(lines: string): Array<{ word: string; flags: string }> {
  return lines.split('\n').map((line) => {
    const slash = line.indexOf('/');
    return slash < 0 ? { word: line, flags: '' } : { word: line.slice(0, slash), flags: line.slice(slash + 1) };
  });
}
