// The default vocabulary against the hand-labelled real votes (test/topics-labels.json, read by
// tools/topics-labels.ts): at least 95 % agree in each source. The titles are read from
// ../shared/data; without it the test is skipped (they are not kept in the project).

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TopicClassifier } from '../core/topics.ts';
import { loadVocabulary } from '../etl/topics.ts';
import { DEFAULT_LABELS, HELD_OUT_SETS, readLabels, scoreLabels } from '../tools/topics-labels.ts';

const haveShared = existsSync(fileURLToPath(new URL('../../shared/data/', import.meta.url)));

describe.skipIf(!haveShared)('the default vocabulary on hand-labelled real votes (needs ../shared/data)', () => {
  const classifier = new TopicClassifier(loadVocabulary().vocabulary);
  /** Each source's agreement is at least its floor (the floors name the set's sources), and every labelled vote is found. */
  async function expectAgreement(file: string, floors: Record<string, number>) {
    const scores = await scoreLabels(readLabels(file), classifier);
    expect(scores.map((s) => s.source).sort()).toEqual(Object.keys(floors).sort());
    for (const s of scores) {
      expect(s.missing, s.source).toBe(0);
      expect(s.agree / s.labelled, `${s.source}: ${JSON.stringify(s.confusions)}`).toBeGreaterThanOrEqual(
        floors[s.source]!,
      );
    }
  }

  it('agrees with at least 95 % of the labels in each source, and finds every labelled vote', async () => {
    await expectAgreement(DEFAULT_LABELS, { sejm: 0.95, gdansk: 0.95, katowice: 0.95 });
  }, 600_000);

  it('agrees with the held-out sets as well as after they were tuned on', async () => {
    // Each labelled (the last sixteen blind) and committed before the vocabulary was changed for it; their
    // first scores are the honest estimates (README, „Tematy”): the second 107, 92, 94 of 120, 100, 100;
    // the third 95, 57, 57 of 100, 60, 60; the fourth 92, 57, 54; the fifth (seed 4408, the vocabulary
    // tuned on the third and fourth) 92, 58, 55 (93 Sejm votes with one label corrected); the sixth
    // (seed 4409, the vocabulary tuned on the fifth too) 96, 60, 58; the seventh (seed 4410) 94, 55, 59
    // (58 Gdańsk with three capital increases relabelled to the sets' rule); the eighth (seed 4411) 93, 57, 57
    // (58 Katowice with one subject-less amendment relabelled inne, as the earlier sets); the ninth (seed 4412,
    // Katowice's last 18 unlabelled votes) 97, 55, 18; the tenth (seed 4413, Sejm and Gdańsk only) 105 of 110
    // and 83 of 90; the eleventh (seed 4414, Sejm and Gdańsk only) 104 of 110 and 87 of 90; the twelfth (seed
    // 4415, Sejm and Gdańsk only) 104 of 110 (105 with one agenda motion relabelled procedura, the sets' rule)
    // and 85 of 90; the thirteenth (seed 4416, Sejm and Gdańsk only) 100 of 110 (101 with one agenda motion
    // relabelled procedura) and 87 of 90; the fourteenth (seed 4417, Sejm and Gdańsk only) 106 of 110 and 85 of
    // 90; the fifteenth (seed 4418, Sejm and Gdańsk only) 106 of 110 and 87 of 90; the sixteenth (seed 4419, Sejm
    // and Gdańsk only) 107 of 110 and 87 of 90; the seventeenth (seed 4420, Sejm and Gdańsk only) 109 of 110 and
    // 89 of 90 (no vocabulary change followed: its two errors are single titles, either reading). The
    // vocabulary was tuned on all of them since with general fixes (six labels where the sets disagreed on one
    // shape settled to their majority, README: a uniformed class, the animal-health act, the e-services act, a
    // grant procedure for vocational skills centres); the floors are what it reaches now: a guard against
    // losing any.
    // The floors of each set, in HELD_OUT_SETS' order (a new set needs its own).
    const floors: Array<Record<string, number>> = [
      { sejm: 1, gdansk: 1, katowice: 1 },
      { sejm: 119 / 120, gdansk: 0.99, katowice: 0.99 },
      { sejm: 0.98, gdansk: 1, katowice: 1 },
      { sejm: 0.99, gdansk: 1, katowice: 59 / 60 },
      { sejm: 0.99, gdansk: 1, katowice: 1 },
      { sejm: 1, gdansk: 1, katowice: 1 },
      { sejm: 1, gdansk: 1, katowice: 1 },
      { sejm: 1, gdansk: 1, katowice: 58 / 60 },
      { sejm: 1, gdansk: 1, katowice: 1 },
      { sejm: 109 / 110, gdansk: 88 / 90 },
      { sejm: 108 / 110, gdansk: 89 / 90 },
      { sejm: 109 / 110, gdansk: 88 / 90 },
      { sejm: 1, gdansk: 88 / 90 },
      { sejm: 1, gdansk: 89 / 90 },
      { sejm: 1, gdansk: 87 / 90 },
      { sejm: 109 / 110, gdansk: 88 / 90 },
      { sejm: 109 / 110, gdansk: 89 / 90 },
    ];
    expect(floors).toHaveLength(HELD_OUT_SETS.length);
    for (const [i, file] of HELD_OUT_SETS.entries()) await expectAgreement(file, floors[i]!);
  }, 600_000);
});
