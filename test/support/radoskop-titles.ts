// A small council in Radoskop's shape (CONTRACT §8) whose vote titles are what Radoskop's real ones are
// like (core/titles.ts describes them): agenda fragments in lower case ending in „;.”, titles cut by the
// source at 150 characters mid-word or right after a space, one that is exactly 150 characters long but
// complete, and one cut at 500. Written here, word by word; nothing is copied from ../shared/data.
//
// Votes, one per day, so their ids follow the list below (1 = CUT_MID_WORD …); three councillors:
// Anna Lis (KO) and Jan Mak (PiS) vote differently in every vote, Ewa Róg (KO) is absent from the last.

const WORDS =
  'w sprawie zmiany uchwały w sprawie miejscowego planu zagospodarowania przestrzennego obszaru położonego ' +
  'w rejonie ulic Długiej i Krótkiej oraz terenów przyległych w mieście Delcie ';

/** `start` followed by the words above, again and again, cut at exactly `length` characters. */
const wordsTo = (start: string, length: number): string => {
  const text = (start + WORDS.repeat(10)).slice(0, length);
  if (text.length !== length) throw new Error(`not ${length} characters`);
  return text;
};

/** Cut at 150 mid-word: „… w rejonie uli”. */
export const CUT_MID_WORD = wordsTo('w sprawie nadania nazwy skwerowi ', 150);
/** Cut at 150 right after a space: stored trimmed, 149 characters ending in a whole word. */
export const CUT_AFTER_SPACE = wordsTo('zmieniającej uchwałę ', 150);
/** 150 characters that end complete: not cut. */
export const COMPLETE_150 = `${wordsTo('w sprawie przyjęcia ', 150 - ' (druk 1013);.'.length)} (druk 1013);.`;
/** Cut at 500 mid-word (Katowice's length). */
export const CUT_500 = wordsTo('5. Rozpatrzenie projektu uchwały ', 500);
/** A short fragment: tidied, not cut. */
export const SHORT = 'w sprawie rozpatrzenia skargi;.';

export const RADOSKOP_TITLES_VOTES = [CUT_MID_WORD, CUT_AFTER_SPACE, COMPLETE_150, CUT_500, SHORT];

for (const [name, title, length] of [
  ['CUT_MID_WORD', CUT_MID_WORD, 150],
  ['CUT_AFTER_SPACE', CUT_AFTER_SPACE, 150],
  ['COMPLETE_150', COMPLETE_150, 150],
  ['CUT_500', CUT_500, 500],
] as const) {
  if ([...title].length !== length) throw new Error(`${name} is ${[...title].length} characters, not ${length}`);
}
if (/[\s.;!?)]$/.test(CUT_MID_WORD) || /[\s.;!?)]$/.test(CUT_500)) throw new Error('a cut title must end mid-word');
if (!CUT_AFTER_SPACE.endsWith(' ') || CUT_AFTER_SPACE.endsWith('  ')) throw new Error('one trailing space');

/** The source's files, for writeRadoskopHand (test/support/radoskop-hand.ts). */
export const RADOSKOP_TITLES: Record<string, unknown> = {
  'delta/config.json': {
    city_name: 'Delta',
    city_genitive: 'Delty',
    kadencje: { '2024-2029': { start: '2024-05-07' } },
  },
  'delta/kadencja-2024-2029.json': {
    id: '2024-2029',
    councilor_index: ['Anna Lis', 'Jan Mak', 'Ewa Róg'],
    councilors: [
      { name: 'Anna Lis', club: 'KO' },
      { name: 'Jan Mak', club: 'PiS' },
      { name: 'Ewa Róg', club: 'KO' },
    ],
    votes: RADOSKOP_TITLES_VOTES.map((topic, i) => ({
      id: `t${i + 1}`,
      session_date: `2024-06-${String(i + 10)}`,
      session_number: String(i + 1),
      topic,
      named_votes: i === 4 ? { za: [0], przeciw: [1], nieobecni: [2] } : { za: [0, 2], przeciw: [1] },
    })),
  },
};
