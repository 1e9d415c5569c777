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
}

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

export const OPTION_LIMITS: Record<keyof GenerateOptions, [number, number]> = {
  seed: [-(2 ** 31), 2 ** 32 - 1],
  radni: [1, 100_000],
  glosowania: [0, 100_000_000],
  kadencje: [1, 20],
  rady: [1, 100_000],
};

export function resolveOptions(partial: Partial<GenerateOptions>): GenerateOptions {
  const options = { ...DEFAULT_GENERATE_OPTIONS };
  for (const key of Object.keys(OPTION_LIMITS) as (keyof GenerateOptions)[]) {
    const value = partial[key];
    if (value === undefined) continue;
    const [min, max] = OPTION_LIMITS[key];
    if (!Number.isInteger(value) || value < min || value > max) {
      throw new RangeError(`generate: ${key} must be an integer in ${min}..${max}, got ${value}`);
    }
    options[key] = value;
  }
  return options;
}
