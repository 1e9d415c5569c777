// Words of a folded title as the title indexes see them (core/snapshot/schema.ts, src/glosowania/title-search.ts).
// A word is a run without ASCII spaces or punctuation: exactly FTS5's ascii tokenizer, so a word found
// here is a term of glosowanie_slowa. A pair is two neighbouring words with what separates them, the
// separator's ASCII characters moved to the private-use area so that the tokenizer keeps the pair one
// term of glosowanie_pary: 'druk nr' and 'druk, nr' are different pairs, as they are different text.

/** ASCII other than letters and digits: what separates words. */
const ASCII_SEPARATORS = /([\x00-\x2f\x3a-\x40\x5b-\x60\x7b-\x7f]+)/;

/** The words of a folded text in order, and the separator between each two (`separators[i]` follows `words[i]`). */
export function wordsOf(folded: string): { words: string[]; separators: string[] } {
  const pieces = folded.split(ASCII_SEPARATORS);
  // split() with a capture alternates text and separators, starting and ending with text (maybe empty).
  const words: string[] = [];
  const separators: string[] = [];
  for (let i = 0; i < pieces.length; i += 2) {
    if (pieces[i] === '') continue;
    if (words.length > 0) separators.push(pieces[i - 1]!);
    words.push(pieces[i]!);
  }
  return { words, separators };
}

/** A separator's ASCII characters moved to the private-use area. */
const privateSeparator = (separator: string): string =>
  separator.replace(/[\x00-\x7f]/g, (ch) => String.fromCharCode(0xe000 + ch.charCodeAt(0)));

/**
 * The separators met so far, moved: a title's are nearly all one space or ', ', and the replace with
 * its callback was half of titlePairs' time (the ETL calls it for every title: issue 47). Bounded, as
 * a source may separate words by anything.
 */
const movedSeparators = new Map<string, string>();
const MOVED_SEPARATORS_MAX = 1024;

/** The pair term of two neighbouring words and the separator between them. */
export function pairOf(left: string, separator: string, right: string): string {
  let moved = movedSeparators.get(separator);
  if (moved === undefined) {
    moved = privateSeparator(separator);
    if (movedSeparators.size < MOVED_SEPARATORS_MAX) movedSeparators.set(separator, moved);
  }
  return `${left}${moved}${right}`;
}

/** A text's characters in reverse order (code points, not UTF-16 units): a pair ending so begins so reversed. */
export const reversedText = (text: string): string => [...text].reverse().join('');

/** A title's pairs as the text glosowanie_pary indexes: each pair of neighbouring words, space-separated. */
export function titlePairs(folded: string): string {
  const { words, separators } = wordsOf(folded);
  const pairs: string[] = [];
  for (let i = 1; i < words.length; i++) pairs.push(pairOf(words[i - 1]!, separators[i - 1]!, words[i]!));
  return pairs.join(' ');
}

/** The words of a folded name: its runs of letters („anna nowak-kowalska”: anna, nowak, kowalska). */
export const nameWordsOf = (folded: string): string[] => folded.split(/[^\p{L}]+/u).filter(Boolean);
