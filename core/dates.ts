// Dates as the contract writes them: `YYYY-MM-DD`, optionally `THH:MM[:SS]` (CONTRACT §1 data_czas).

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
