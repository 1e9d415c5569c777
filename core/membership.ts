// The group a councillor was in at a vote (CONTRACT §2): of their memberships in the vote's term, the
// latest begun (a tie: the higher id; no start: the oldest) whose dates hold the vote's day. The ETL
// applies it once per ballot (etl/materialise/dimensions.ts) and stores the group beside each ballot, in
// radny_glos and in the vote's row of glosowanie_glosy, which the answers read.

/** The digits of a normalised date (`YYYY-MM-DD`) or date-time (`YYYY-MM-DDTHH:MM:SS`) as one number. */
export function dateNumber(text: string): number {
  if (!(text.length === 10 || (text.length === 19 && text[10] === 'T')))
    throw new Error(`materialise: not a normalised date: ${text}`);
  let value = 0;
  for (let i = 0; i < text.length; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (digit >= 0 && digit <= 9) value = value * 10 + digit;
  }
  return value;
}

/** A membership's span as day numbers: 0 and Infinity when open. */
export interface MembershipSpan {
  id: number;
  from: number;
  to: number;
}

/** `data_od`, `data_do` as a span's bounds. */
export const spanFrom = (from: string | null) => (from === null ? 0 : dateNumber(from));
export const spanTo = (to: string | null) => (to === null ? Infinity : dateNumber(to));

/** The order membershipAt expects a person's memberships in one term to be sorted in. */
export const byRecency = (a: MembershipSpan, b: MembershipSpan) => b.from - a.from || b.id - a.id;

/** The membership holding `day` (a vote's date as a day number), of a list sorted byRecency; undefined: none. */
export function membershipAt<M extends MembershipSpan>(sorted: readonly M[], day: number): M | undefined {
  for (const m of sorted) if (m.from <= day && m.to >= day) return m;
  return undefined;
}
