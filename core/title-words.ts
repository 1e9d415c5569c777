// Words of a folded title as the title indexes see them (core/snapshot/schema.ts, src/glosowania/title-search.ts).
// A word is a run without ASCII spaces or punctuation: exactly FTS5's ascii tokenizer, so a word found
// here is a term of glosowanie_slowa. A pair is two neighbouring words with what separates them, the
// separator's ASCII characters moved to the private-use area so that the tokenizer keeps the pair one
// term of glosowanie_pary: 'druk nr' and 'druk, nr' are different pairs, as they are different text.

/** ASCII other than letters and digits: what separates words. */
const ASCII_SEPARATORS = /([\x00-\x2f\x3a-\x40\x5b-\x60\x7b-\x7f]+)/;

/**
 * The words of a folded text in order, the separator between each two (`separators[i]` follows
 * `words[i]`), and what comes before the first word and after the last ('' when nothing; the whole
 * text in `leading` when it has no word).
 */
export function wordsOf(folded: string): { words: string[]; separators: string[]; leading: string; trailing: string } {
  const pieces = folded.split(ASCII_SEPARATORS);
  // split() with a capture alternates text and separators, starting and ending with text (maybe empty).
  const words: string[] = [];
  const separators: string[] = [];
  for (let i = 0; i < pieces.length; i += 2) {
    if (pieces[i] === '') continue;
    if (words.length > 0) separators.push(pieces[i - 1]!);
    words.push(pieces[i]!);
  }
  const edge = pieces.length > 1;
  const leading = edge && pieces[0] === '' ? pieces[1]! : '';
  const trailing = edge && words.length > 0 && pieces.at(-1) === '' ? pieces.at(-2)! : '';
  return { words, separators, leading, trailing };
}

/**
 * The title's start and its end as the pair index sees them: a "word" before the first and one after
 * the last, so that every word of a title is in a pair on either side, and a phrase beginning or ending
 * with a separator (' w sprawie', 'miny grabow ') is pairs too. Private-use characters that no moved
 * separator is (those are U+E000-U+E07F) and that the ascii tokenizer keeps in a term.
 */
export const TITLE_START = '\ue080';
export const TITLE_END = '\ue081';

/** Characters of the pair terms that are not title text: a phrase holding one is not looked up as pairs. */
export const PAIR_MARKS = /[\ue000-\ue081]/;

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

/** A separator moved (privateSeparator), from movedSeparators once met. */
function movedSeparator(separator: string): string {
  let moved = movedSeparators.get(separator);
  if (moved === undefined) {
    moved = privateSeparator(separator);
    if (movedSeparators.size < MOVED_SEPARATORS_MAX) movedSeparators.set(separator, moved);
  }
  return moved;
}

/** The pair term of two neighbouring words and the separator between them. */
export const pairOf = (left: string, separator: string, right: string): string =>
  `${left}${movedSeparator(separator)}${right}`;

/** A text's characters in reverse order (code points, not UTF-16 units): a pair ending so begins so reversed. */
export const reversedText = (text: string): string => [...text].reverse().join('');

/** Whether UTF-16 unit `code` is one of ASCII_SEPARATORS' characters (ASCII, not a letter or digit). */
const isSeparator = (code: number): boolean =>
  code < 0x80 && !((code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a));

/** One space moved: nearly every separator of a title. */
const MOVED_SPACE = privateSeparator(' ');

/** The separator `folded` holds from `start` to `end`, moved. */
const movedAt = (folded: string, start: number, end: number): string =>
  end - start === 1 && folded.charCodeAt(start) === 0x20 ? MOVED_SPACE : movedSeparator(folded.slice(start, end));

/**
 * A title's pairs as the text glosowanie_pary indexes, space-separated: the title's start with its
 * first word (and what comes before it), each pair of neighbouring words, the last word with the
 * title's end (and what comes after it). Nothing for a title without a word. The pairs of wordsOf's
 * words and separators, in one pass over the text into one join: the ETL calls it for every title, and
 * wordsOf's split and arrays were a quarter of the pair index's fill (issue 47).
 */
export function titlePairs(folded: string): string {
  const length = folded.length;
  let at = 0;
  while (at < length && isSeparator(folded.charCodeAt(at))) at++;
  if (at === length) return '';
  const pieces = [TITLE_START, movedAt(folded, 0, at)];
  while (at < length) {
    const wordStart = at;
    while (at < length && !isSeparator(folded.charCodeAt(at))) at++;
    const word = folded.slice(wordStart, at);
    const separatorStart = at;
    while (at < length && isSeparator(folded.charCodeAt(at))) at++;
    // This word ends one pair and begins the next.
    pieces.push(word, ' ', word, movedAt(folded, separatorStart, at));
  }
  pieces.push(TITLE_END);
  return pieces.join('');
}

/** The words of a folded name: its runs of letters („anna nowak-kowalska”: anna, nowak, kowalska). */
export const nameWordsOf = (folded: string): string[] => folded.split(/[^\p{L}]+/u).filter(Boolean);
