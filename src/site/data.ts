// The website's one door to the data: every read of the snapshot a page makes goes through here, to
// the same prepared queries the JSON API answers from (no HTTP round trip to ourselves), and comes
// back in the shapes the templates draw. Pages import their types from this module only.
//
// Scope: a page may be scoped to a body (`organ`, the council picker). Each read passes the organ on
// where its query accepts one, and says so in `organ` of its `Scoped` answer, so a page can tell the
// reader which sections cover every body.

import type Database from 'better-sqlite3';
import type { Response } from 'express';
import { GLOS_VALUES, percent } from '../../core/contract.ts';
import {
  type BallotEntry, NO_GROUP, VOTE_SUMMARY_COLUMNS, VOTE_SUMMARY_FROM, type VoteDetail, type VoteSummary, groupBallots,
} from '../glosowania/queries.ts';
import type { CouncillorListItem, PartnerItem, VoteListKind } from '../radni/queries.ts';
import type { SessionItem } from '../posiedzenia/queries.ts';
import { snapshotOf } from '../request-snapshot.ts';
import type { ShareStore } from '../shares/index.ts';
import type { Snapshot } from '../snapshot.ts';

export type { BallotEntry, CouncillorListItem, PartnerItem, SessionItem, VoteDetail, VoteListKind, VoteSummary };
export { NO_GROUP };

export interface Body { id_organu: number; nazwa: string; typ: string }
export interface Term { kadencja: string; data_od: string; data_do: string | null; liczba_radnych: number; liczba_posiedzen: number; liczba_glosowan: number }
export interface Group { id_ugrupowania: number; nazwa: string; skrot: string | null; liczba_radnych: number }

export interface Scope {
  kadencja?: string | undefined;
  organ?: number | undefined;
}

/** A read and whether the body filter (`organ`) applied to it. */
export interface Scoped<T> {
  data: T;
  organ: boolean;
}

export interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  pages: number;
}

export type Counts = Record<(typeof GLOS_VALUES)[number], number>;

export interface GroupBallots {
  nazwa: string;
  counts: Counts;
  ballots: BallotEntry[];
}

export interface VotePageData {
  vote: VoteDetail;
  ballots: BallotEntry[];
  groups: GroupBallots[];
  attachments: Array<{ id_zalacznika: number; nazwa: string; url: string | null }>;
}

export interface SharePageData extends VotePageData {
  link: string;
  highlighted: BallotEntry | null;
}

export const COUNCILLOR_LISTS: readonly VoteListKind[] = ['wszystkie', 'buntownicze', 'samotne', 'kluczowe'];

const paged = <T>(items: T[], total: number, page: number, limit: number): Paged<T> =>
  ({ items, total, page, pages: Math.max(1, Math.ceil(total / limit)) });

const countsOf = (ballots: ReadonlyArray<{ glos: string }>): Counts => {
  const counts: Counts = { za: 0, przeciw: 0, wstrzymujacy: 0, nieobecny: 0, brak_glosu: 0 };
  for (const b of ballots) if (b.glos in counts) counts[b.glos as keyof Counts]++;
  return counts;
};

/** Votes of one session, in the order they were taken. The query layer has no session filter on votes. */
const sessionVotesStatements = new WeakMap<Database.Database, Database.Statement>();
function sessionVotesStatement(db: Database.Database): Database.Statement {
  let statement = sessionVotesStatements.get(db);
  if (!statement) {
    statement = db.prepare(`SELECT ${VOTE_SUMMARY_COLUMNS} FROM ${VOTE_SUMMARY_FROM} WHERE g.id_posiedzenia = ? ORDER BY g.ord DESC`);
    sessionVotesStatements.set(db, statement);
  }
  return statement;
}

export class SiteData {
  private bodiesCache: Body[] | undefined;

  constructor(private readonly snapshot: Snapshot) {}

  /** The data of the snapshot the request holds (src/request-snapshot.ts). */
  static of(res: Response): SiteData {
    return new SiteData(snapshotOf(res));
  }

  private get q() {
    return this.snapshot.queries;
  }

  get snapshotId(): string {
    return this.snapshot.id;
  }

  get builtAt(): string {
    return this.snapshot.builtAt;
  }

  // --- lookups -----------------------------------------------------------------------------------

  bodies(): Body[] {
    return (this.bodiesCache ??= this.q.utils.bodiesList() as Body[]);
  }

  /** The top-level bodies (councils): the council picker's choices. */
  councils(): Body[] {
    return this.bodies().filter((b) => b.typ === 'rada');
  }

  terms(): Term[] {
    return this.q.utils.termsList() as Term[];
  }

  groups(kadencja: string | undefined): Group[] {
    return this.q.utils.groupsOf(kadencja) as Group[];
  }

  // --- dashboard and rankings --------------------------------------------------------------------

  dashboard(scope: Scope) {
    const s = this.q.statystyki;
    return {
      summary: { data: s.dashboard(scope), organ: true },
      months: { data: s.monthlyAttendance(scope), organ: true },
      closeVotes: { data: this.q.glosowania.list({ ...scope, kontrowersyjnosc_min: CLOSE_VOTE }, 1, 6).items, organ: true },
      attendance: { data: s.attendanceRanking(scope, 1, 5), organ: true },
      rebels: { data: s.rebelRanking(scope, 10, 5), organ: true },
      loyalists: { data: s.loyalistRanking(scope, 10, 5), organ: true },
      controversial: { data: s.rankedVotes('rank_kontrowersyjne', scope, 5), organ: true },
    } satisfies Record<string, Scoped<unknown>>;
  }

  rankings(scope: Scope, limit: number) {
    const s = this.q.statystyki;
    return {
      attendance: { data: s.attendanceRanking(scope, 1, limit), organ: true },
      rebels: { data: s.rebelRanking(scope, 10, limit), organ: true },
      loyalists: { data: s.loyalistRanking(scope, 10, limit), organ: true },
      controversial: { data: s.rankedVotes('rank_kontrowersyjne', scope, limit), organ: true },
      unanimous: { data: s.rankedVotes('rank_jednomyslne', scope, limit), organ: true },
      coalitions: { data: s.topCoalitions(scope, 10, limit, true), organ: true },
      bodies: { data: s.bodyActivity(scope), organ: true },
    } satisfies Record<string, Scoped<unknown>>;
  }

  // --- councillors -------------------------------------------------------------------------------

  councillors(filter: Scope & { ugrupowanie?: number | undefined }): Scoped<CouncillorListItem[]> {
    return { data: this.q.radni.list({ kadencja: filter.kadencja, organ: filter.organ, ugrupowanie: filter.ugrupowanie }), organ: true };
  }

  /** The id_osoby of a token (or id), or undefined. */
  councillorId(idOrToken: string): number | undefined {
    return this.q.radni.resolve(/^\d{1,15}$/.test(idOrToken) ? Number(idOrToken) : idOrToken);
  }

  councillor(id: number, scope: Scope, list: VoteListKind, page: number, limit: number) {
    const r = this.q.radni;
    const { kadencja } = scope;
    const s = r.statOf(id, kadencja);
    const ballots = s.za + s.przeciw + s.wstrzymujacy + s.nieobecny + s.brak_glosu;
    // The body filter of a councillor's votes is defined for the full list only (its total is counted per body).
    const organ = list === 'wszystkie' ? scope.organ : undefined;
    const votes = r.votes(id, list, { kadencja, organ }, page, limit);
    return {
      profile: r.profile(id, kadencja),
      voting: { counts: { za: s.za, przeciw: s.przeciw, wstrzymujacy: s.wstrzymujacy, nieobecny: s.nieobecny, brak_glosu: s.brak_glosu }, total: ballots },
      attendance: {
        liczba_posiedzen: s.liczba_posiedzen, obecnosci: s.obecnosci, nieobecnosci: s.liczba_posiedzen - s.obecnosci,
        frekwencja_procent: percent(s.obecnosci, s.liczba_posiedzen),
      },
      months: r.monthlyAttendance(id, kadencja),
      agreement: { wszystkie: s.zg_wszystkie, zgodne: s.zg_zgodne, zgodnosc_procent: percent(s.zg_zgodne, s.zg_wszystkie) },
      partners: r.partnersOf(id, 'koalicje', kadencja, 10, 5),
      opponents: r.partnersOf(id, 'oponenci', kadencja, 10, 5),
      listTotals: { wszystkie: s.liczba_glosowan, buntownicze: s.liczba_buntowniczych, samotne: s.liczba_samotnych, kluczowe: s.liczba_kluczowych } as Record<VoteListKind, number>,
      votes: { data: paged(votes.items, votes.total, page, limit), organ: organ !== undefined } as Scoped<Paged<VoteSummary & { glos: string }>>,
    };
  }

  // --- votes -------------------------------------------------------------------------------------

  votes(filter: Scope & { wynik?: string | undefined; data_od?: string | undefined; data_do?: string | undefined; search?: string | undefined; close?: boolean },
    page: number, limit: number): Scoped<Paged<VoteSummary>> {
    const { close, ...rest } = filter;
    const { items, total } = this.q.glosowania.list({ ...rest, kontrowersyjnosc_min: close ? CLOSE_VOTE : undefined }, page, limit);
    return { data: paged(items, total, page, limit), organ: true };
  }

  vote(id: number): VotePageData | undefined {
    const g = this.q.glosowania;
    const found = g.detail(id);
    if (!found) return undefined;
    const { ord, ...vote } = found;
    const ballots = g.ballots(id, ord);
    const groups = Object.entries(groupBallots(ballots)).map(([nazwa, list]) => ({ nazwa, counts: countsOf(list), ballots: list }));
    return { vote, ballots, groups, attachments: g.attachments(id) };
  }

  async share(shares: ShareStore, link: string): Promise<SharePageData | undefined> {
    const share = await shares.find(link);
    const vote = share && this.vote(share.id_glosowania);
    if (!share || !vote) return undefined;
    const highlighted = share.id_osoby === null ? null : vote.ballots.find((b) => b.id_osoby === share.id_osoby) ?? null;
    return { ...vote, link: share.link, highlighted };
  }

  // --- sessions ----------------------------------------------------------------------------------

  sessions(filter: Scope, page: number, limit: number): Scoped<Paged<SessionItem>> {
    const { items, total } = this.q.posiedzenia.list(filter, page, limit);
    return { data: paged(items, total, page, limit), organ: true };
  }

  session(id: number) {
    const p = this.q.posiedzenia;
    const session = p.detail(id);
    if (!session) return undefined;
    const votes = sessionVotesStatement(this.snapshot.db).all(id) as VoteSummary[];
    const points = p.agendaPoints(id).map((point) => ({ ...point, votes: votes.filter((v) => v.id_punktu === point.id_punktu) }));
    const onAgenda = new Set(points.map((point) => point.id_punktu));
    return {
      session,
      points,
      otherVotes: votes.filter((v) => v.id_punktu === null || !onAgenda.has(v.id_punktu)),
      attendance: p.attendanceOf(id),
    };
  }
}

/** "Close" votes: kontrowersyjnosc ≥ 80, i.e. the smaller of za and przeciw is at least 40 % of both. */
export const CLOSE_VOTE = 80;
