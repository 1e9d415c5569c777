// Text rules of CONTRACT §2: the search fold, URL tokens, Polish name and surname order, natural order of numbers.

const POLISH_FOLD: Record<string, string> = {
  ą: 'a',
  ć: 'c',
  ę: 'e',
  ł: 'l',
  ń: 'n',
  ó: 'o',
  ś: 's',
  ź: 'z',
  ż: 'z',
};

/** Lower case with Polish (and any other combining) diacritics removed: the search form of a title. */
export function foldText(text: string): string {
  const folded = text.toLowerCase().replace(/[ąćęłńóśźż]/g, (ch) => POLISH_FOLD[ch] ?? ch);
  // ASCII (most titles once their Polish letters are folded) is its own NFD and has no marks: the same
  // string without the two passes below, which were most of a title's fold (docs/PERFORMANCE.md, issue 47).
  if (ASCII.test(folded)) return folded;
  return folded.normalize('NFD').replace(/\p{M}/gu, '');
}

const ASCII = /^[\x00-\x7f]*$/;

/**
 * Text of ASCII and the Polish letters alone: each character is its own NFC and none is invisible (nor
 * combining, so none composes with its neighbour); visibleName returns it as it is without the search
 * for invisible characters and the normalisation.
 */
const ALREADY_VISIBLE = /^[\x00-\x7f\u00d3\u00f3\u0104-\u0107\u0118\u0119\u0141-\u0144\u015a\u015b\u0179-\u017c]*$/;

/**
 * Characters that show nothing but change how a name compares or reads: zero-width spaces and joiners,
 * the soft hyphen, the byte order mark, and the bidirectional controls (an override such as U+202E
 * shows „Jan Kowalski” for a different string). Two councillors whose names differ only by them look
 * identical.
 */
const INVISIBLE = /[\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/gu;

/**
 * A name as it is shown: without invisible characters, in Unicode NFC (a decomposed „ó” is the composed
 * one). `changed` shows the name as it came and what was done, for a warning; a name with nothing
 * visible is left as it was.
 */
export function visibleName(name: string): { name: string; changed: string | null } {
  if (ALREADY_VISIBLE.test(name)) return { name, changed: null };
  const code = (ch: string) => `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
  const removed = [...new Set(name.match(INVISIBLE) ?? [])].map(code);
  const stripped = removed.length > 0 ? name.replace(INVISIBLE, '') : name;
  const normal = stripped.normalize('NFC');
  if (normal === name || normal.trim() === '') return { name, changed: null };
  // The original with its invisible characters made visible, for the warning.
  const marked = name.replace(INVISIBLE, (ch) => `<${code(ch)}>`);
  const what = [
    removed.length > 0 ? `invisible characters (${removed.join(', ')}) removed` : '',
    stripped !== normal ? 'normalised to NFC' : '',
  ]
    .filter(Boolean)
    .join(', ');
  return { name: normal, changed: `${JSON.stringify(marked)}: ${what}` };
}

/** URL slug of a name (CONTRACT §2), before de-duplication. */
export function slugify(name: string): string {
  const slug = foldText(name)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug === '' ? 'radny' : slug;
}

/** Unique tokens: slug, then -2, -3, … in id_osoby order. */
export function assignTokens(people: ReadonlyArray<{ id_osoby: number; imie_nazwisko: string }>): Map<number, string> {
  const sorted = [...people].sort((a, b) => a.id_osoby - b.id_osoby);
  const used = new Set<string>();
  const tokens = new Map<number, string>();
  for (const person of sorted) {
    const base = slugify(person.imie_nazwisko);
    let token = base;
    for (let n = 2; used.has(token); n++) token = `${base}-${n}`;
    used.add(token);
    tokens.set(person.id_osoby, token);
  }
  return tokens;
}

export const polishCollator = new Intl.Collator('pl');

/** Name order of CONTRACT §2: Polish collation, then id_osoby. */
export function compareNames(
  a: { imie_nazwisko: string; id_osoby: number },
  b: { imie_nazwisko: string; id_osoby: number },
): number {
  return polishCollator.compare(a.imie_nazwisko, b.imie_nazwisko) || a.id_osoby - b.id_osoby;
}

/**
 * The surname of a name written "First Last" (every source we read writes it so): its last word, a
 * hyphenated double surname being one word ("Anna Nowak-Kowalska" → "Nowak-Kowalska", "Jan Maria
 * Rokita" → "Rokita"). A name of one word is its own surname.
 */
export function surnameOf(fullName: string): string {
  const words = fullName.trim().split(/\s+/);
  return words[words.length - 1] ?? '';
}

/** Surname order: the surname in Polish collation, then the whole name (so given names break ties), then id_osoby. */
export function compareSurnames(
  a: { imie_nazwisko: string; id_osoby: number },
  b: { imie_nazwisko: string; id_osoby: number },
): number {
  return polishCollator.compare(surnameOf(a.imie_nazwisko), surnameOf(b.imie_nazwisko)) || compareNames(a, b);
}

/** Natural order of agenda numbers: `7.2` < `7.10` < `7a`; numeric runs compare as numbers. */
export function compareNatural(a: string, b: string): number {
  const pa = a.match(/\d+|\D+/g) ?? [];
  const pb = b.match(/\d+|\D+/g) ?? [];
  for (let i = 0; i < Math.min(pa.length, pb.length); i++) {
    const x = pa[i]!;
    const y = pb[i]!;
    const xNum = /^\d/.test(x);
    const yNum = /^\d/.test(y);
    if (xNum && yNum) {
      const diff = Number(x) - Number(y);
      if (diff !== 0) return diff;
    } else if (x !== y) {
      if (xNum !== yNum) return xNum ? -1 : 1;
      return x < y ? -1 : 1;
    }
  }
  return pa.length - pb.length || (a < b ? -1 : a > b ? 1 : 0);
}
