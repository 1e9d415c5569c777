// Vote titles as the sources give them, tidied for display. The API keeps the raw title; the site shows
// the tidy one and says when the source cut it.
//
// What the real data holds (../shared/data, issue 36):
// - Radoskop, Gdańsk (2,133 votes): agenda fragments — 1,982 begin in lower case („w sprawie …”,
//   „zmieniająca uchwałę …”), they end in „;.” (643), „;” (523), „; .” (43), „,.” (12), „..” (6), or
//   a stray space; none is longer than 150 characters, and 719 are exactly 150, nearly all of them cut
//   mid-word („… w mieście Gda”) or after a space, a few at a natural end („… (druk 1013)”).
// - Radoskop, Katowice (673 votes): whole sentences („5. Zmiany w porządku obrad. …”), at most 500
//   characters; the 6 of exactly 500 are cut („… (DS-73/2”). Their „...” and „.....” inside a title
//   are the council's own elisions, not cuts.
// - The Sejm (3,078 votes): „<title> — <topic>”, the title capitalised, the topic in lower case by
//   design („… — głosowanie nad całością projektu.”); nothing cut, but 108 are exactly 150 characters
//   long and end in a whole word, so a length alone says nothing without knowing the source.
// No source marks a cut („…” or „[…]” at the end); a cut is told by its length, per source.

import type { SourceFormat } from './sources.ts';

/** The lengths, in characters, at which a source is known to cut its titles (see above). */
export const TITLE_CUT_LENGTHS: Readonly<Record<SourceFormat, readonly number[]>> = {
  radoskop: [150, 500],
  sejm: [],
  csv: [],
};

export interface TidyTitle {
  /** The title to show. */
  title: string;
  /** The source cut the title: its end is missing. */
  cut: boolean;
}

/**
 * A title that ends here is complete: a sentence, a clause, a bracket, a quote. Not a space: every
 * Gdańsk title that ends in one is 150 characters long, cut after a word („… przy ul. ”).
 */
const COMPLETE_END = /[.;!?)\]"”»…]$/u;

/**
 * The display form of a raw title, and whether the source cut it. Only what is safe is tidied: runs
 * of spaces (and tabs, line breaks) become one space and the ends are trimmed; the list punctuation an
 * agenda fragment ends with („;”, „;.”, „; .”, „,.”, „,”) is dropped, but the full stop of an
 * abbreviation before it („r.;” → „r.”), as is a space before a final full stop and a doubled one
 * („r..” → „r.”, never an ellipsis); a first letter in lower case is
 * capitalised („w sprawie …” → „W sprawie …”). Nothing else is changed: words, inner punctuation, a
 * final full stop. `cutLengths`: the lengths at which the title's source cuts (TITLE_CUT_LENGTHS);
 * a title of such a length is cut unless it ends complete.
 */
export function tidyTitle(raw: string, cutLengths: readonly number[] = []): TidyTitle {
  const cut = cutLengths.includes([...raw].length) && !COMPLETE_END.test(raw);
  let title = raw.replace(/\s{2,}|[\t\r\n]/g, ' ').trim();
  // The trailing run of spaces, „;”, „,” and full stops: with a „;” or „,” only its leading dots stay
  // („r.;” → „r.”), else its dots; two dots are one, three an ellipsis.
  title = title.replace(/[\s;,.]+$/u, (run) => {
    const dots = /[;,]/.test(run) ? /^\.*/.exec(run)![0] : run.replace(/\s/gu, '');
    return dots.length === 2 ? '.' : dots;
  });
  title = title.replace(/^\p{Ll}/u, (letter) => letter.toLocaleUpperCase('pl'));
  return { title: title || raw.trim(), cut };
}

/**
 * tidyTitle for a title as a snapshot stores it. The ETL trims a source's title and collapses its runs
 * of spaces (etl/sources/radoskop.ts, CONTRACT §8), so a title its source cut right after a space —
 * 75 of Gdańsk's 719 cut titles — is stored one character shorter than the cut, ending in a whole
 * word: a stored title one short of a cut length is cut too, unless it ends complete. The price: a
 * title that long which ends without punctuation by nature is taken for cut (one of Katowice's 673,
 * where only 500 is a cut; the format's lengths are the union of its councils').
 */
export function tidyStoredTitle(stored: string, cutLengths: readonly number[] = []): TidyTitle {
  const tidy = tidyTitle(stored, cutLengths);
  if (tidy.cut) return tidy;
  return { ...tidy, cut: cutLengths.includes([...stored].length + 1) && !COMPLETE_END.test(stored) };
}
