// The default vocabulary against the hand-labelled real votes (test/topics-labels.json, read by
// tools/topics-labels.ts): at least 95 % agree in each source. The titles are read from
// ../shared/data; without it the test is skipped (they are not kept in the project).

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TopicClassifier } from '../core/topics.ts';
import { loadVocabulary } from '../etl/topics.ts';
import {
  DEFAULT_LABELS,
  HELD_OUT_2_LABELS,
  HELD_OUT_3_LABELS,
  HELD_OUT_4_LABELS,
  HELD_OUT_LABELS,
  readLabels,
  scoreLabels,
} from '../tools/topics-labels.ts';

const haveShared = existsSync(fileURLToPath(new URL('../../shared/data/', import.meta.url)));

describe.skipIf(!haveShared)('the default vocabulary on hand-labelled real votes (needs ../shared/data)', () => {
  const classifier = new TopicClassifier(loadVocabulary().vocabulary);
  /** Each source's agreement is at least its floor, and every labelled vote is found. */
  async function expectAgreement(file: string, floors: Record<string, number>) {
    const scores = await scoreLabels(readLabels(file), classifier);
    expect(scores.map((s) => s.source).sort()).toEqual(['gdansk', 'katowice', 'sejm']);
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

  it('agrees with at least 95 % of the first two held-out sets in each source', async () => {
    // Held out when labelled; the vocabulary was tuned on them since (issue 44: the first 85 → 90 of
    // 90 Sejm votes, the second 107 → 119 of 120 Sejm votes, 92 → 96 and 94 → 98 of 100 in Gdańsk and
    // Katowice), so they guard what was fixed rather than estimate (the second set's
    // Katowice 98 → 99 of 100 with the fourth round); the floors are what it reaches now.
    await expectAgreement(HELD_OUT_LABELS, { sejm: 1, gdansk: 89 / 90, katowice: 1 });
    await expectAgreement(HELD_OUT_2_LABELS, { sejm: 119 / 120, gdansk: 0.96, katowice: 0.99 });
  }, 600_000);

  it('agrees with the last two held-out sets as well as after they were tuned on', async () => {
    // Each labelled blind and committed before the vocabulary was changed for it: their first scores are
    // the honest estimate for councils never seen (the third: Sejm 95 of 100, Gdańsk 57 and Katowice 57
    // of 60; the fourth, seed 4407: 92, 57 and 54). The vocabulary was then tuned on both together with
    // general fixes (README, „Tematy”); the floors are what it reached (the third 98, 60, 60; the fourth
    // 98, 60, 58): a guard against a change that loses any.
    await expectAgreement(HELD_OUT_3_LABELS, { sejm: 0.98, gdansk: 1, katowice: 1 });
    await expectAgreement(HELD_OUT_4_LABELS, { sejm: 0.98, gdansk: 1, katowice: 58 / 60 });
  }, 600_000);
});
