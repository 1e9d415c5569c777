// The ETL budget's check (bench/etl-budget.ts, what `npm run bench:etl -- --budget` applies): a figure
// passes up to 10 % over its budget and fails beyond, naming the stage; a stage without a budget is
// held to the floor. The budgets' values are measured figures, not tested here.

import { describe, expect, it } from 'vitest';
import { type Budget, MIN_STAGE_SECONDS, overBudget } from '../bench/etl-budget.ts';

const budget: Budget = { stages: { 'read + load': 10, 'render answers': 4 }, totalSeconds: 15, peakMib: 1024 };
const run = (stages: Record<string, number>, seconds: number, peakMib: number) => ({
  stages: Object.entries(stages).map(([stage, s]) => ({ stage, ms: s * 1000 })),
  seconds,
  maxRssKb: peakMib * 1024,
});

describe('the ETL budget', () => {
  it('passes figures up to 10 % over their budgets', () => {
    expect(overBudget('sejm', budget, run({ 'read + load': 10.9, 'render answers': 4.4 }, 16.4, 1126))).toEqual([]);
  });

  it('fails a stage, the total and the peak beyond 10 %, naming each', () => {
    const over = overBudget('sejm', budget, run({ 'read + load': 11.2, 'render answers': 3 }, 16.6, 1200));
    expect(over).toHaveLength(3);
    expect(over[0]).toMatch(/^sejm: stage "read \+ load" 11\.20 s > budget 10 s/);
    expect(over[1]).toMatch(/^sejm: total 16\.60 s > budget 15 s/);
    expect(over[2]).toMatch(/^sejm: peak RSS 1200\.00 MiB > budget 1024 MiB/);
  });

  it('holds a stage without a budget to the floor', () => {
    expect(overBudget('sejm', budget, run({ 'a new stage': MIN_STAGE_SECONDS * 1.05 }, 1, 100))).toEqual([]);
    expect(overBudget('sejm', budget, run({ 'a new stage': MIN_STAGE_SECONDS * 1.2 }, 1, 100))[0]).toContain(
      'stage "a new stage"',
    );
  });
});
