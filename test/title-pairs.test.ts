// titlePairs (core/title-words.ts) walks a title once (issue 47: the pair index's fill is the ETL's
// largest call per title); what it gives must stay the pairs of wordsOf's words and separators, the
// definition the searches read the pair index by (src/glosowania/title-search.ts). The reference below
// is that definition, written out here.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TITLE_END, TITLE_START, pairOf, titlePairs, wordsOf } from '../core/title-words.ts';

function pairsByDefinition(folded: string): string {
  const { words, separators, leading, trailing } = wordsOf(folded);
  if (words.length === 0) return '';
  const pairs = [pairOf(TITLE_START, leading, words[0]!)];
  for (let i = 1; i < words.length; i++) pairs.push(pairOf(words[i - 1]!, separators[i - 1]!, words[i]!));
  pairs.push(pairOf(words.at(-1)!, trailing, TITLE_END));
  return pairs.join(' ');
}

// Titles' characters, separators and not, and what a source may hold besides.
const titleChar = fc.constantFrom(...'ab zł1-,.;:()/"\'\t\n\u0000\u007f\u00a0ąęśżźćńół§–„”\ue000\ud800');

describe('titlePairs', () => {
  it('gives the pairs of wordsOf’s words and separators, for any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: titleChar, maxLength: 40 }), (folded) => {
        expect(titlePairs(folded)).toBe(pairsByDefinition(folded));
      }),
      { numRuns: 2000 },
    );
  });

  it('over the edges: no word, one word, separators at either end', () => {
    for (const folded of ['', ' ', ', ', 'uchwala', ' uchwala', 'uchwala ', '(druk nr 12)', 'a  b', 'a,b', '-']) {
      expect(titlePairs(folded), JSON.stringify(folded)).toBe(pairsByDefinition(folded));
    }
  });
});
