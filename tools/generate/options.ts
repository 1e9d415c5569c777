// The generator's options, their defaults and their bounds.

export interface GenerateOptions {
  /** PRNG seed; different seeds give different data. */
  seed: number;
  /** Seats of each council in every term (replacements and new faces add more persons). */
  radni: number;
  /** Votes per council, over all its terms and bodies. */
  glosowania: number;
  /** Consecutive terms, the newest being 2024-2029. */
  kadencje: number;
  /** Councils in the bundle; each has its own councillors, bodies and sessions. */
  rady: number;
  /**
   * 'poland': instead of `rady` alike councils, every council of Polish local government as the
   * plan in poland.ts sizes it, in one term (radni, glosowania, rady and kadencje do not apply).
   */
  plan?: 'poland';
  /** With plan 'poland': the share of councils kept, in (0, 1] (every k-th of each kind). */
  fraction?: number;
}

type NumericOption = 'seed' | 'radni' | 'glosowania' | 'kadencje' | 'rady';

export const DEFAULT_GENERATE_OPTIONS: GenerateOptions = Object.freeze({
  seed: 1,
  radni: 40,
  glosowania: 4000,
  kadencje: 2,
  rady: 1,
});

export interface GenerateSummary {
  /** Data rows (header excluded) per file name. */
  files: Record<string, number>;
}

export const OPTION_LIMITS: Record<NumericOption, [number, number]> = {
  seed: [-(2 ** 31), 2 ** 32 - 1],
  radni: [1, 100_000],
  glosowania: [0, 100_000_000],
  kadencje: [1, 20],
  rady: [1, 100_000],
};

/** The options the Poland plan decides itself. */
export const PLANNED_OPTIONS: readonly NumericOption[] = ['radni', 'glosowania', 'kadencje', 'rady'];

export function resolveOptions(partial: Partial<GenerateOptions>): GenerateOptions {
  const options: GenerateOptions = { ...DEFAULT_GENERATE_OPTIONS };
  for (const key of Object.keys(OPTION_LIMITS) as NumericOption[]) {
    const value = partial[key];
    if (value === undefined) continue;
    const [min, max] = OPTION_LIMITS[key];
    if (!Number.isInteger(value) || value < min || value > max) {
      throw new RangeError(`generate: ${key} must be an integer in ${min}..${max}, got ${value}`);
    }
    options[key] = value;
  }
  if (partial.plan === undefined) {
    if (partial.fraction !== undefined) throw new RangeError('generate: fraction applies only to plan "poland"');
    return options;
  }
  if (partial.plan !== 'poland') throw new RangeError(`generate: plan must be "poland", got ${String(partial.plan)}`);
  const given = PLANNED_OPTIONS.filter((key) => partial[key] !== undefined);
  if (given.length > 0)
    throw new RangeError(
      `generate: plan "poland" sizes the councils itself; ${given.join(', ')} cannot be given with it`,
    );
  const fraction = partial.fraction ?? 1;
  if (typeof fraction !== 'number' || !(fraction > 0 && fraction <= 1)) {
    throw new RangeError(`generate: fraction must be a number in (0, 1], got ${fraction}`);
  }
  return { ...options, kadencje: 1, plan: 'poland', fraction };
}
