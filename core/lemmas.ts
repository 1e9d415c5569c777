// Forms of Polish words for the title search: which dictionary words (lemmas) a folded word is a form
// of, and every form of a lemma. Read from a Hunspell dictionary (the Polish one of the npm package
// dictionary-pl: an .aff of suffix rules and a .dic of ~300,000 entries, each an entry with the flags
// of the rules it takes). A lemma is an entry of the .dic as written there (ustawa, droga, podatek);
// its forms are the entry and every suffix rule of its flags applied to it (ustawy, ustawie, ustaw,
// ustawą, …). Everything is compared folded (core/text.ts foldText, as titles are indexed): ustawą and
// ustawa are one folded word. The prefix rule (nie-) is left out: „nieważny” is not a form of „ważny”
// for a reader searching either.

import { foldText } from './text.ts';

interface SuffixRule {
  flag: string;
  strip: string;
  add: string;
  /** The rule's condition on the end of the entry, as a regular expression. */
  condition: RegExp;
  /** fold(strip): a folded form's candidate entry is the form less fold(add), plus this. */
  foldedStrip: string;
}

export class Lemmatiser {
  /** The suffix rules of each flag. */
  private readonly rules = new Map<string, SuffixRule[]>();
  /** The rules by fold(add) (the suffixes a folded form may end with), then by fold(strip). */
  private readonly byFoldedAdd = new Map<string, Map<string, SuffixRule[]>>();
  private longestAdd = 0;
  /** Folded entry -> its .dic lines (entry/flags), '\n'-separated: entries that fold alike share it (laska, łaska). */
  private readonly entries = new Map<string, string>();

  /** A lemmatiser of the dictionary whose .aff and .dic texts are given. */
  constructor(aff: string, dic: string) {
    for (const line of aff.split('\n')) {
      const fields = line.trim().split(/\s+/);
      // A rule line is `SFX flag strip add condition`; its block's header `SFX flag Y count` has four fields.
      if (fields[0] !== 'SFX' || fields.length < 5) continue;
      const [, flag, strip, add, condition] = fields as [string, string, string, string, string];
      const rule: SuffixRule = {
        flag,
        strip: strip === '0' ? '' : strip,
        add: add === '0' ? '' : add,
        condition: new RegExp(`(?:${condition})$`, 'u'),
        foldedStrip: strip === '0' ? '' : foldText(strip),
      };
      let ofFlag = this.rules.get(flag);
      if (!ofFlag) this.rules.set(flag, (ofFlag = []));
      ofFlag.push(rule);
      const foldedAdd = foldText(rule.add);
      let byStrip = this.byFoldedAdd.get(foldedAdd);
      if (!byStrip) this.byFoldedAdd.set(foldedAdd, (byStrip = new Map()));
      let same = byStrip.get(rule.foldedStrip);
      if (!same) byStrip.set(rule.foldedStrip, (same = []));
      same.push(rule);
      this.longestAdd = Math.max(this.longestAdd, foldedAdd.length);
    }
    if (this.rules.size === 0) throw new Error('the Hunspell affix file has no suffix rules (SFX)');
    const lines = dic.split('\n');
    // The first line of a .dic is its number of entries.
    for (let i = 1; i < lines.length; i++) {
      const line = lines[i]!.trim();
      if (line === '') continue;
      const slash = line.indexOf('/');
      const folded = quickFold(slash < 0 ? line : line.slice(0, slash));
      const known = this.entries.get(folded);
      this.entries.set(folded, known === undefined ? line : `${known}\n${line}`);
    }
  }

  /** Whether a folded word is itself an entry of the dictionary (its own lemma). */
  isLemma(folded: string): boolean {
    return this.entries.has(folded);
  }

  /**
   * The lemmas (folded) a folded word is a form of: the entries some rule of whose flags makes the
   * word, and the word itself when it is an entry. None for a word the dictionary does not know.
   */
  lemmasOf(folded: string): string[] {
    const lemmas = new Set<string>();
    if (this.entries.has(folded)) lemmas.add(folded);
    for (let k = 0; k <= Math.min(this.longestAdd, folded.length - 1); k++) {
      const byStrip = this.byFoldedAdd.get(folded.slice(folded.length - k));
      if (!byStrip) continue;
      for (const [strip, rules] of byStrip) {
        const candidate = folded.slice(0, folded.length - k) + strip;
        if (lemmas.has(candidate)) continue;
        const lines = this.entries.get(candidate);
        if (lines === undefined) continue;
        // Folding loses letters, so the candidate is checked by making the form from the entry as written.
        for (const { word, flags } of linesOf(lines)) {
          for (const rule of rules) {
            if (!flags.includes(rule.flag)) continue;
            const form = formOf(word, rule);
            if (form !== undefined && quickFold(form) === folded) lemmas.add(candidate);
          }
        }
      }
    }
    return [...lemmas];
  }

  /** Every form (folded) of a folded lemma, itself included; none when it is not an entry. */
  formsOf(lemma: string): string[] {
    const lines = this.entries.get(lemma);
    if (lines === undefined) return [];
    const forms = new Set<string>([lemma]);
    for (const { word, flags } of linesOf(lines)) {
      for (const flag of flags) {
        for (const rule of this.rules.get(flag) ?? []) {
          const form = formOf(word, rule);
          if (form !== undefined) forms.add(quickFold(form));
        }
      }
    }
    return [...forms];
  }
}

const POLISH = /[ąćęłńóśźż]/g;
const POLISH_FOLD: Record<string, string> = { ą: 'a', ć: 'c', ę: 'e', ł: 'l', ń: 'n', ó: 'o', ś: 's', ź: 'z', ż: 'z' };
/** foldText of a dictionary entry, without its Unicode normalisation when the entry needs none (nearly all). */
function quickFold(word: string): string {
  const lower = word.toLowerCase().replace(POLISH, (ch) => POLISH_FOLD[ch]!);
  return /^[\x00-\x7f]*$/.test(lower) ? lower : foldText(word);
}

function linesOf(lines: string): Array<{ word: string; flags: string }> {
  return lines.split('\n').map((line) => {
    const slash = line.indexOf('/');
    return slash < 0 ? { word: line, flags: '' } : { word: line.slice(0, slash), flags: line.slice(slash + 1) };
  });
}

/** The form a suffix rule makes of an entry, undefined when its condition does not hold. */
function formOf(word: string, rule: SuffixRule): string | undefined {
  if (!rule.condition.test(word) || !word.endsWith(rule.strip)) return undefined;
  return word.slice(0, word.length - rule.strip.length) + rule.add;
}
