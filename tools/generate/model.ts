// What the generator builds (terms, persons, seats, groups, bodies, councils, sessions) and the rates
// behind the realism requirements.

import { type CouncilNames } from './vocabulary.ts';

export interface Term {
  label: string;
  start: number;
  end: number;
  /** Last day a session may take place (the running term is cut at LAST_SESSION_DAY). */
  lastSessionDay: number;
  isCurrent: boolean;
}

export interface Person {
  id: number;
  name: string;
  /** Probability of following the group line; habitual rebels have a low one. */
  loyalty: number;
  /** Base probability of missing a session, scaled by a per-month factor. */
  absence: number;
}

/** From `from` on, the person belongs to council group `group` (an index; -1 = no group). */
export interface GroupPeriod {
  from: number;
  group: number;
}

/** One person holding one seat for part or all of a term. */
export interface Stint {
  person: Person;
  from: number;
  to: number;
  /** Gave up the mandate before the term ended. */
  left: boolean;
  periods: GroupPeriod[];
}

/** Successive holders of one seat during a term. */
export type Seat = Stint[];

export interface TermSeating {
  term: Term;
  seats: Seat[];
  /** Seat indices of each committee's members, ascending. */
  committees: number[][];
  /** Per council group: part of the ruling coalition. */
  coalition: boolean[];
}

export interface CouncilGroup {
  id: number;
  weight: number;
}

export interface Body {
  id: number;
  /** Index into the seating's committees; -1 for the council itself. */
  committee: number;
  genitive: string;
}

export interface Council {
  number: number;
  names: CouncilNames;
  /** Seats in every term. */
  radni: number;
  /** Votes over all terms and bodies. */
  glosowania: number;
  groups: CouncilGroup[];
  bodies: Body[];
  people: Person[];
  absenceByMonth: Map<number, number>;
  nextDruk: number;
}

export type VoteKind = 'unanimous' | 'broad' | 'coalition' | 'opposition' | 'close';

export interface PlannedVote {
  /** Index into the session's points, or null for a vote outside the agenda. */
  point: number | null;
  tytul: string;
  kind: VoteKind;
  attachments: string[];
}

export interface SessionPlan {
  points: { numer: string; tytul: string }[];
  votes: PlannedVote[];
}

/** Eligible voter of one session. */
export interface Attendee {
  person: Person;
  group: number;
  absent: boolean;
}

export type TimeFormat = 'minutes' | 'seconds' | 'date-only';

// ---------------------------------------------------------------------------------------------------
// Tuning: the rates behind the realism requirements, in one place.

export const SHARE_OF_VOTES_IN_COUNCIL = 0.75;
export const VOTES_PER_COUNCIL_SESSION = 36;
export const VOTES_PER_COMMITTEE_SESSION = 16;
export const REELECTION_RATE: [number, number] = [0.55, 0.7];
export const LEAVE_RATE = 0.07;
export const SWITCH_RATE = 0.05;
export const NO_GROUP_RATE = 0.04;
export const REBEL_RATE = 0.08;
export const SESSIONS_WITH_ATTENDANCE = 0.82;
export const STEPPED_OUT_RATE = 0.015;
export const NO_VOTE_RATE = 0.01;
export const EMPTY_WYNIK_RATE = 0.1;
export const CONTRADICTING_WYNIK_RATE = 0.003;
export const EMPTY_URL_RATE = 0.15;
/** Summer holidays and December thin the benches. */
export const SEASONAL_ABSENCE = [1, 1, 0.9, 1, 1.1, 1.2, 1.8, 1.9, 1, 0.9, 1, 1.4];
