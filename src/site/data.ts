// The website's one door to the data. A page is another rendering of what the API's endpoints answer:
// it asks the endpoints' own handlers (src/answers/endpoint.ts `answer`), with their parameter schemas
// and defaults, over the snapshot the request holds; the lookups behind every page (bodies, terms,
// groups) are the resources' queries. Pages import their data types from this module only.
//
// Scope: a page may be scoped to a body (`organ`, the council picker). Each read passes the organ on
// where its endpoint accepts one, and says so in `organ` of its `Scoped` answer, so a page can tell
// the reader which sections cover every body.

import type { GLOS_VALUES } from '../../core/contract.ts';
import { type AnswerContext, type Endpoint, type ShareLinks, answer } from '../answers/endpoint.ts';
import type { BallotEntry, VoteDetail, VoteSummary } from '../glosowania/queries.ts';
import type { PartnerItem, VoteListKind } from '../radni/queries.ts';
import type { SessionItem } from '../posiedzenia/queries.ts';
import type { Snapshot } from '../snapshot/snapshot.ts';
import type { Body, Group, Term } from '../utils/queries.ts';

export type { BallotEntry, Body, Group, PartnerItem, SessionItem, Term, VoteDetail, VoteListKind, VoteSummary };

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
export const pagedOf = <T>({ data, extra: { pagination } }: { data: T[]; extra: { pagination: { page: number; total: number; totalPages: number } } }): Paged<T> =>
  ({ items: data, total: pagination.total, page: pagination.page, pages: Math.max(1, pagination.totalPages) });

export type Counts = Record<(typeof GLOS_VALUES)[number], number>;

const countsOf = (ballots: ReadonlyArray<{ glos: string }>): Counts => {
  const counts: Counts = { za: 0, przeciw: 0, wstrzymujacy: 0, nieobecny: 0, brak_glosu: 0 };
  for (const b of ballots) if (b.glos in counts) counts[b.glos as keyof Counts]++;
  return counts;
};

export interface GroupBallots {
  nazwa: string;
  counts: Counts;
  ballots: BallotEntry[];
}

/** Groups of a grouped distribution (`/glosy?ugrupowanie=true`), in its order, with their counts. */
export const groupsOf = (grouped: Record<string, BallotEntry[]>): GroupBallots[] =>
  Object.entries(grouped).map(([nazwa, ballots]) => ({ nazwa, counts: countsOf(ballots), ballots }));

export interface VotePageData {
  vote: VoteDetail;
  ballots: BallotEntry[];
  groups: GroupBallots[];
  attachments: Array<{ id_zalacznika: number; nazwa: string; url: string | null }>;
}

export const COUNCILLOR_LISTS = ['wszystkie', 'buntownicze', 'samotne', 'kluczowe'] as const satisfies readonly VoteListKind[];

/** "Close" votes: kontrowersyjnosc ≥ 80, i.e. the smaller of za and przeciw is at least 40 % of both. */
export const CLOSE_VOTE = 80;

type Value = string | number | boolean | undefined;

/** The snapshot a page request holds, and the share links. */
export class PageData {
  readonly context: AnswerContext;
  private bodiesRead: Body[] | undefined;

  constructor(readonly snapshot: Snapshot, shares: ShareLinks) {
    this.context = { queries: snapshot.queries, shares };
  }

  /** The endpoint's answer, as the API gives it for these parameters. */
  answer<P, Q, B, R>(endpoint: Endpoint<P, Q, B, R>, input: { params?: Record<string, Value>; query?: Record<string, Value> }): Promise<Awaited<R>> {
    return answer(endpoint, input, this.context);
  }

  bodies(): Body[] {
    return (this.bodiesRead ??= this.snapshot.queries.utils.bodiesList());
  }

  terms(): Term[] {
    return this.snapshot.queries.utils.termsList();
  }

  groups(kadencja: string | undefined): Group[] {
    return this.snapshot.queries.utils.groupsOf(kadencja);
  }
}
