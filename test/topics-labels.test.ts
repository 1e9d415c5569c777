// The default vocabulary against the hand-labelled real votes (test/topics-labels.json, read by
// tools/topics-labels.ts): at least 95 % agree in each source. The titles are read from
// ../shared/data; without it the test is skipped (they are not kept in the project).

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TopicClassifier } from '../core/topics.ts';
import { loadVocabulary } from '../etl/topics.ts';
import { DEFAULT_LABELS, HELD_OUT_LABELS, readLabels, scoreLabels } from '../tools/topics-labels.ts';

const haveShared = existsSync(fileURLToPath(new URL('../../shared/data/', import.meta.url)));

describe.skipIf(!haveShared)('the default vocabulary on hand-labelled real votes (needs ../shared/data)', () => {
  it('agrees with at least 95 % of the labels in each source, and finds every labelled vote', async () => {
    const labels = readLabels(DEFAULT_LABELS);
    const scores = await scoreLabels(labels, new TopicClassifier(loadVocabulary().vocabulary));
    expect(scores.map((s) => s.source).sort()).toEqual(['gdansk', 'katowice', 'sejm']);
    for (const s of scores) {
      expect(s.missing, s.source).toBe(0);
      expect(s.agree / s.labelled, `${s.source}: ${JSON.stringify(s.confusions)}`).toBeGreaterThanOrEqual(0.95);
    }
  }, 600_000);

  it('agrees with at least 94 % of the held-out labels in each source, and finds every one', async () => {
    // Held out: labelled before the vocabulary was changed for them, so not tuned to 100 %; the bound
    // (what the vocabulary reached on them: Sejm 94.4 %, Gdańsk 98.9 %, Katowice 100 %) is a guard
    // against a change that breaks what the in-sample set does not cover.
    const scores = await scoreLabels(readLabels(HELD_OUT_LABELS), new TopicClassifier(loadVocabulary().vocabulary));
    expect(scores.map((s) => s.source).sort()).toEqual(['gdansk', 'katowice', 'sejm']);
    for (const s of scores) {
      expect(s.missing, s.source).toBe(0);
      expect(s.agree / s.labelled, `${s.source}: ${JSON.stringify(s.confusions)}`).toBeGreaterThanOrEqual(0.94);
    }
  }, 600_000);
});
