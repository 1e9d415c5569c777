// Dates as UTC day numbers: exact, timezone-free arithmetic, printed without locale.

export const MS_PER_DAY = 86_400_000;

export function dayOf(year: number, month: number, day: number): number {
  return Date.UTC(year, month - 1, day) / MS_PER_DAY;
}

export const pad2 = (n: number): string => (n < 10 ? `0${n}` : String(n));

export function isoDate(day: number): string {
  const date = new Date(day * MS_PER_DAY);
  return `${date.getUTCFullYear()}-${pad2(date.getUTCMonth() + 1)}-${pad2(date.getUTCDate())}`;
}

/** Calendar month as one integer (year·12 + month index), the key of monthly absence factors. */
export function monthKey(day: number): number {
  const date = new Date(day * MS_PER_DAY);
  return date.getUTCFullYear() * 12 + date.getUTCMonth();
}

export function yearOf(day: number): number {
  return new Date(day * MS_PER_DAY).getUTCFullYear();
}

/** The day itself on weekdays, the Friday before on weekends (councils rarely sit on Saturdays). */
export function weekdayOnOrBefore(day: number): number {
  const weekday = new Date(day * MS_PER_DAY).getUTCDay();
  return weekday === 6 ? day - 1 : weekday === 0 ? day - 2 : day;
}

/** Sessions of the running term stop here, so the sample has no sessions in the future. */
export const LAST_SESSION_DAY = dayOf(2025, 12, 31);
