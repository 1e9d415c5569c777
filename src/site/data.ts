// The shapes of the data pages render, as the endpoints answer them, and the pure helpers that arrange
// them (pages, groups of ballots, the site's name). Pages import their data types from here.

import type { GLOS_VALUES } from '../../core/contract.ts';
import type { BallotEntry, VoteDetail, VoteSummary } from '../glosowania/queries.ts';
import type { SessionItem } from '../posiedzenia/queries.ts';
import type { PartnerItem } from '../radni/queries.ts';
import type { Body, Group, Term } from '../utils/queries.ts';

export type { BallotEntry, Body, Group, PartnerItem, SessionItem, Term, VoteDetail, VoteSummary };

/** A read and whether the body filter (`organ`) applied to it. */
export interface Scoped<T> {
  data: T;
  organ: boolean;
}

export const scoped = <T>(data: T, organ = true): Scoped<T> => ({ data, organ });

export interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  pages: number;
}

/** A page of a list endpoint's answer (its items and pagination), for the pager. */
export const pagedOf = <T>({
  data,
  extra: { pagination },
}: {
  data: T[];
  extra: { pagination: { page: number; total: number; totalPages: number } };
}): Paged<T> => ({
  items: data,
  total: pagination.total,
  page: pagination.page,
  pages: Math.max(1, pagination.totalPages),
});

/** Pages of `size` rows for `total` rows: at least one (an empty list is one empty page). */
export const pagesOf = (total: number, size: number): number => Math.max(1, Math.ceil(total / size));

export type Counts = Record<(typeof GLOS_VALUES)[number], number>;

/** Whether `glos` is a ballot value a count is kept of. */
const isCounted = (counts: Counts, glos: string): glos is keyof Counts => Object.hasOwn(counts, glos);

const countsOf = (ballots: ReadonlyArray<{ glos: string }>): Counts => {
  const counts: Counts = { za: 0, przeciw: 0, wstrzymujacy: 0, nieobecny: 0, brak_glosu: 0 };
  for (const { glos } of ballots) if (isCounted(counts, glos)) counts[glos]++;
  return counts;
};

export interface GroupBallots {
  nazwa: string;
  counts: Counts;
  ballots: BallotEntry[];
}

/** Groups of a grouped distribution (`/glosy?ugrupowanie=true`), in its order, with their counts. */
/** What the ballots endpoint answers: a list, or the lists by group (asked with `ugrupowanie`). */
type BallotsData = BallotEntry[] | Record<string, BallotEntry[]>;

/** A vote's ballots asked for by group, as a page shows them. */
export const groupsOf = (grouped: BallotsData): GroupBallots[] => {
  if (Array.isArray(grouped)) throw new Error('the ballots were asked for by group and came as a list');
  return Object.entries(grouped).map(([nazwa, ballots]) => ({ nazwa, counts: countsOf(ballots), ballots }));
};

/** A vote's ballots asked for as a list. */
export const ballotsListed = (data: BallotsData): BallotEntry[] => {
  if (!Array.isArray(data)) throw new Error('the ballots were asked for as a list and came by group');
  return data;
};

/** A vote as its page shows it: the detail, the ballots plain and by group, the attachments; the voters' tokens. */
export interface VotePageData {
  vote: VoteDetail;
  ballots: BallotEntry[];
  groups: GroupBallots[];
  attachments: Array<{ id_zalacznika: number; nazwa: string; url: string | null }>;
  tokens: ReadonlyMap<number, string>;
}

export const COUNCIL = 'rada';

/** The site's name: its one council's (or one body's), else a name for many. */
export function siteNameOf(bodies: readonly Body[]): string {
  const councils = bodies.filter((b) => b.typ === COUNCIL);
  if (councils.length === 1) return councils[0]!.nazwa;
  if (bodies.length === 1) return bodies[0]!.nazwa;
  return 'Głosowania rad';
}
