// Pure definitions from CONTRACT §2, shared by the ETL and the tests. Everything is integer
// arithmetic until the final division by 100, so two implementations print the same figures.

export const GLOS_VALUES = ['za', 'przeciw', 'wstrzymujacy', 'nieobecny', 'brak_glosu'] as const;
export const ZA = 0;
export const PRZECIW = 1;
export const WSTRZYMUJACY = 2;
export const NIEOBECNY = 3;
export const BRAK_GLOSU = 4;

export const GLOS_CODE: ReadonlyMap<string, number> = new Map(GLOS_VALUES.map((v, i) => [v, i]));

export const isActive = (code: number): boolean => code <= WSTRZYMUJACY;

/** `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM[:SS]` (CONTRACT §1 data_czas). */
export const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?)?$/;

/** A date or date-time of DATE_TIME's form whose date is on the calendar (rejects 2024-02-30). */
export function isDateTime(value: string): boolean {
  const m = DATE_TIME.exec(value);
  if (m === null) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

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
  if (za === max) { winners++; option = ZA; }
  if (przeciw === max) { winners++; option = PRZECIW; }
  if (wstrzymujacy === max) { winners++; option = WSTRZYMUJACY; }
  return winners === 1 ? option : -1;
}

export function derivedWynik(za: number, przeciw: number): string {
  return za > przeciw ? PRZYJETO : ODRZUCONO;
}

const POLISH_FOLD: Record<string, string> = {
  ą: 'a', ć: 'c', ę: 'e', ł: 'l', ń: 'n', ó: 'o', ś: 's', ź: 'z', ż: 'z',
};

/** Lower case with Polish (and any other combining) diacritics removed: the search form of a title. */
export function foldText(text: string): string {
  return text
    .toLowerCase()
    .replace(/[ąćęłńóśźż]/g, (ch) => POLISH_FOLD[ch] ?? ch)
    .normalize('NFD')
    .replace(/\p{M}/gu, '');
}

/** URL slug of a name (CONTRACT §2), before de-duplication. */
export function slugify(name: string): string {
  const slug = foldText(name)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug === '' ? 'radny' : slug;
}

/** Unique tokens: slug, then -2, -3, … in id_osoby order. */
export function assignTokens(people: ReadonlyArray<{ id_osoby: number; imie_nazwisko: string }>): Map<number, string> {
  const sorted = [...people].sort((a, b) => a.id_osoby - b.id_osoby);
  const used = new Set<string>();
  const tokens = new Map<number, string>();
  for (const person of sorted) {
    const base = slugify(person.imie_nazwisko);
    let token = base;
    for (let n = 2; used.has(token); n++) token = `${base}-${n}`;
    used.add(token);
    tokens.set(person.id_osoby, token);
  }
  return tokens;
}

export const polishCollator = new Intl.Collator('pl');

/** Name order of CONTRACT §2: Polish collation, then id_osoby. */
export function compareNames(
  a: { imie_nazwisko: string; id_osoby: number },
  b: { imie_nazwisko: string; id_osoby: number },
): number {
  return polishCollator.compare(a.imie_nazwisko, b.imie_nazwisko) || a.id_osoby - b.id_osoby;
}

/** Natural order of agenda numbers: `7.2` < `7.10` < `7a`; numeric runs compare as numbers. */
export function compareNatural(a: string, b: string): number {
  const pa = a.match(/\d+|\D+/g) ?? [];
  const pb = b.match(/\d+|\D+/g) ?? [];
  for (let i = 0; i < Math.min(pa.length, pb.length); i++) {
    const x = pa[i]!;
    const y = pb[i]!;
    const xNum = /^\d/.test(x);
    const yNum = /^\d/.test(y);
    if (xNum && yNum) {
      const diff = Number(x) - Number(y);
      if (diff !== 0) return diff;
    } else if (x !== y) {
      if (xNum !== yNum) return xNum ? -1 : 1;
      return x < y ? -1 : 1;
    }
  }
  return pa.length - pb.length || (a < b ? -1 : a > b ? 1 : 0);
}

/** Number of set bits in a 32-bit word. */
export function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
