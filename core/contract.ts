// CONTRACT §2 as code: ballot values, the outcome of a vote, and every figure's exact arithmetic.
// Everything is integer arithmetic until the final division by 100, so two implementations print the
// same figures. Shared by the ETL (which computes), the API (which formats) and the tests.

export const GLOS_VALUES = ['za', 'przeciw', 'wstrzymujacy', 'nieobecny', 'brak_glosu'] as const;
export const ZA = 0;
export const PRZECIW = 1;
export const WSTRZYMUJACY = 2;
export const NIEOBECNY = 3;
export const BRAK_GLOSU = 4;

export const GLOS_CODE: ReadonlyMap<string, number> = new Map(GLOS_VALUES.map((v, i) => [v, i]));

export const isActive = (code: number): boolean => code <= WSTRZYMUJACY;

export const PRZYJETO = 'przyjęto';
export const ODRZUCONO = 'odrzucono';

/** Hundredths of a/b×100, rounded half-up: floor((a·20000 + b) / 2b). 0 when b = 0. */
export function percentHundredths(a: number, b: number): number {
  if (b === 0) return 0;
  return Math.floor((a * 20000 + b) / (2 * b));
}

/** a/b×100 rounded half-up to two decimals (1/8 → 12.5, 2/3 → 66.67); 0 when b = 0. */
export function percent(a: number, b: number): number {
  return percentHundredths(a, b) / 100;
}

/** The same percent as a string with exactly two decimals ("87.25", "12.50"). */
export function percentString(a: number, b: number): string {
  const h = percentHundredths(a, b);
  return `${Math.floor(h / 100)}.${String(h % 100).padStart(2, '0')}`;
}

/** a/b rounded half-up to two decimals (srednia_glosow_na_posiedzenie); 0 when b = 0. */
export function ratio2(a: number, b: number): number {
  if (b === 0) return 0;
  return Math.floor((a * 200 + b) / (2 * b)) / 100;
}

/** round_half_up(100 × 2 × min(za, przeciw) / (za + przeciw)); 0 when nobody voted za or przeciw. */
export function kontrowersyjnosc(za: number, przeciw: number): number {
  const total = za + przeciw;
  if (total === 0) return 0;
  return Math.floor((400 * Math.min(za, przeciw) + total) / (2 * total));
}

/** Compares a/b with c/d exactly (b, d > 0; products stay far below 2^53). Negative: a/b < c/d. */
export function compareRatio(a: number, b: number, c: number, d: number): number {
  return a * d - c * b;
}

/** The option (0..2) with the strictly largest count, or -1 on a tie for the largest / no active ballot. */
export function strictMax(za: number, przeciw: number, wstrzymujacy: number): number {
  const max = Math.max(za, przeciw, wstrzymujacy);
  if (max === 0) return -1;
  let winners = 0;
  let option = -1;
  if (za === max) {
    winners++;
    option = ZA;
  }
  if (przeciw === max) {
    winners++;
    option = PRZECIW;
  }
  if (wstrzymujacy === max) {
    winners++;
    option = WSTRZYMUJACY;
  }
  return winners === 1 ? option : -1;
}

export function derivedWynik(za: number, przeciw: number): string {
  return za > przeciw ? PRZYJETO : ODRZUCONO;
}
