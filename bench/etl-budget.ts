// The ETL's budgets (issue 47): what `npm run bench:etl -- --budget` holds the Sejm term and a tenth of
// Poland to. Each stage's budget is its wall time measured on this machine (docs/PERFORMANCE.md, "The
// ETL's budgets"), rounded up; a run fails when a stage, the total or the peak RSS exceeds its budget
// by more than TOLERANCE. Stages measured under MIN_STAGE_SECONDS are held to that floor: their time
// is mostly noise. A stage not listed here (a new one) is held to the floor too, so adding a stage
// means measuring it and writing its budget down.

/** How far over its budget a figure may go before the run fails. */
export const TOLERANCE = 0.1;

/** The budget of a stage too small to measure reliably, and of a stage without one. */
export const MIN_STAGE_SECONDS = 0.5;

export interface Budget {
  /** Wall seconds per stage, by the stage's name as the ETL reports it. */
  stages: Record<string, number>;
  /** Wall seconds of the whole ETL. */
  totalSeconds: number;
  /** Peak RSS of the ETL's process, MiB. */
  peakMib: number;
}

export const BUDGETS: Record<'sejm' | 'poland-0.1', Budget> = {
  sejm: {
    stages: {
      'read + load': 3,
      'materialise: ballots': 2.5,
      'materialise: ballots by councillor': 1.5,
      'materialise: pairs': 1.5,
      indexes: 1,
      "indexes: forms of the titles' words": 3.5,
      'render answers': 4.5,
      publish: 1,
    },
    totalSeconds: 15,
    peakMib: 1024,
  },
  'poland-0.1': {
    stages: {
      'read + load': 14,
      'materialise: ballots': 9,
      'materialise: ballots by councillor': 8,
      'materialise: pairs': 3,
      indexes: 12,
      "indexes: forms of the titles' words": 3,
      'render answers': 3,
      publish: 4,
    },
    totalSeconds: 60,
    peakMib: 1024,
  },
};

export interface Measured {
  stages: Array<{ stage: string; ms: number }>;
  seconds: number;
  maxRssKb: number;
}

/** What exceeds its budget by more than TOLERANCE, one line each naming the stage; empty: within budget. */
export function overBudget(name: string, budget: Budget, measured: Measured): string[] {
  const over: string[] = [];
  const check = (what: string, value: number, limit: number, unit: string) => {
    if (value > limit * (1 + TOLERANCE))
      over.push(
        `${name}: ${what} ${value.toFixed(2)} ${unit} > budget ${limit} ${unit} + ${TOLERANCE * 100} % (${(limit * (1 + TOLERANCE)).toFixed(2)} ${unit})`,
      );
  };
  for (const { stage, ms } of measured.stages)
    check(`stage "${stage}"`, ms / 1000, budget.stages[stage] ?? MIN_STAGE_SECONDS, 's');
  check('total', measured.seconds, budget.totalSeconds, 's');
  check('peak RSS', measured.maxRssKb / 1024, budget.peakMib, 'MiB');
  return over;
}
