// The reference of a title search with the forms of Polish words (src/glosowania/title-search.ts),
// written from the rule rather than from the index: a title matches a search when its folded text
// contains the folded search, or when the search is one word and the title holds a word that is a
// form of the same dictionary word. The dictionary words of the search: those it may be a form of
// that some title's word is a form of too (all of them, itself among them or not: drogi is a form of
// droga and the adjective drogi).

import { foldText } from '../../core/text.ts';
import { wordsOf } from '../../core/title-words.ts';
import { polishLemmatiser } from '../../etl/title-lemmas.ts';

export function searchReference(titles: readonly string[]): (title: string, search: string) => boolean {
  const lemmatiser = polishLemmatiser();
  const lemmasOfWord = new Map<string, string[]>();
  const lemmasOf = (word: string) => {
    let lemmas = lemmasOfWord.get(word);
    if (lemmas === undefined) {
      lemmas = /^[a-z]{2,}$/.test(word) ? lemmatiser.lemmasOf(word) : [];
      lemmasOfWord.set(word, lemmas);
    }
    return lemmas;
  };
  const inTitles = new Set(titles.flatMap((title) => wordsOf(foldText(title)).words.flatMap(lemmasOf)));
  return (title, search) => {
    const folded = foldText(title);
    const query = foldText(search);
    if (folded.includes(query)) return true;
    const parts = wordsOf(query).words;
    if (parts.length !== 1 || parts[0] !== query) return false;
    const lemmas = new Set(lemmatiser.lemmasOf(query).filter((lemma) => inTitles.has(lemma)));
    return wordsOf(folded).words.some((word) => lemmasOf(word).some((lemma) => lemmas.has(lemma)));
  };
}
