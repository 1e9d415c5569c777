// /api/radni: the councillor list, the profile, every per-councillor metric (CONTRACT §3) and the
// evidence behind them (§9: votes by ballot value, attendance records, two councillors compared).
// `:id` is an id_osoby or a token. Each handler reads one query of ./queries.ts.

import { z } from 'zod';
import { GLOS_VALUES } from '../../core/contract.ts';
import { type AnswerContext, type Stored, endpoint, inKnownBody, inKnownTopic } from '../answers/endpoint.ts';
import { count, councillorVote, envelope, paged, paginationSchema } from '../answers/schemas.ts';
import { HttpError, type Pagination, Reply, notFound, pagination } from '../http/envelope.ts';
import type { Queries } from '../snapshot/queries.ts';
import type { VoteListKind, VoteListOptions } from './queries.ts';
import { body } from '../utils/schemas.ts';
import { councillorPoliciesResponse, policyScopeQuery } from '../polityki/schemas.ts';
import {
  COUNCILLOR_PAGE,
  attendance,
  attendanceRecord,
  comparison,
  comparisonParams,
  councillorIdParams,
  councillorListItem,
  councillorProfile,
  councillorTopic,
  flaggedVotesQuery,
  groupVotesQuery,
  groupAgreement,
  listQuery,
  monthlyAttendance,
  pagedScopeQuery,
  pairMonth,
  pairScopeQuery,
  partnerItem,
  partnerQuery,
  scopeQuery,
  topicsQuery,
  voteListTotals,
  votesQuery,
  votingProfile,
} from './schemas.ts';

const isId = (id: string) => /^\d+$/.test(id);

/** The id_osoby of `:id` (an id or a token), or 404 for one that matches no councillor. */
function councillorId(id: string, queries: Queries): number {
  const found = queries.radni.resolve(isId(id) ? Number(id) : id);
  if (found === undefined) throw notFound(`no councillor ${id}`);
  return found;
}

/** Stored for every councillor, under the id; asked for by token, the same answer. */
const eachCouncillor: Stored = {
  each: { count: (q) => q.radni.count(), ids: (q) => q.radni.ids() },
  canonical: ({ id }, q) => {
    if (isId(id!)) return undefined; // an id is the stored path itself
    const found = q.radni.resolve(id!);
    return found === undefined ? undefined : { id: String(found) };
  },
};

const person = {
  method: 'get' as const,
  params: councillorIdParams,
  errors: [400, 404],
  tag: 'radni',
  stored: eachCouncillor,
};

/** Two different known councillors (`:id`, `:id2`) in a known scope, or the 404 or 400 saying why not. */
function pairOf(params: { id: string; id2: string }, scope: { organ?: number | undefined }, queries: Queries) {
  const first = councillorId(params.id, queries);
  const second = councillorId(params.id2, queries);
  inKnownBody(scope, queries);
  if (first === second) {
    const why = `path parameters 'id' and 'id2' name the same councillor (${first}): compare two different ones`;
    throw new HttpError(400, why);
  }
  return [first, second] as const;
}

/** A page of the councillor's votes of one kind. */
const voteList =
  (kind: VoteListKind) =>
  ({ params, query }: { params: { id: string }; query: VoteListOptions }, { queries }: AnswerContext) => {
    const id = councillorId(params.id, queries);
    const { items, total } = queries.radni.votes(id, kind, inKnownTopic(inKnownBody(query, queries), queries));
    return new Reply(items, { pagination: pagination(query.page, query.limit, total) });
  };

/** The operations of this resource, by name. */
export const radni = {
  list: endpoint({
    method: 'get',
    path: '/api/radni',
    summary: 'Lista radnych',
    tag: 'radni',
    query: listQuery,
    errors: [400, 404],
    // Two forms: the whole list (no `page` nor `limit`), or a page of it with `pagination`.
    response: z.union([
      envelope(z.array(councillorListItem), { count: count('Liczba pozycji w data') }),
      envelope(z.array(councillorListItem), { count: count('Liczba pozycji w data'), pagination: paginationSchema }),
    ]),
    stored: {},
    handler: ({ query: { page, limit, ...filter } }, { queries }) => {
      inKnownBody(filter, queries);
      if (page === undefined && limit === undefined) {
        const items = queries.radni.list(filter);
        return new Reply<typeof items, { count: number; pagination?: Pagination }>(items, { count: items.length });
      }
      const [p, l] = [page ?? 1, limit ?? COUNCILLOR_PAGE];
      const { items, total } = queries.radni.listPage(filter, p, l);
      return new Reply(items, { count: items.length, pagination: pagination(p, l, total) });
    },
  }),
  profile: endpoint({
    ...person,
    path: '/api/radni/:id',
    summary: 'Profil radnego',
    query: scopeQuery,
    response: envelope(councillorProfile),
    handler: ({ params, query }, { queries }) =>
      queries.radni.profile(councillorId(params.id, queries), query.kadencja),
  }),
  votes: endpoint({
    ...person,
    path: '/api/radni/:id/glosowania',
    summary: 'Głosowania radnego (porządek dat); z glos lub temat: tylko te z tym głosem, tego tematu',
    query: votesQuery,
    // The first page per ballot value too: where each count of the site's profile links (the evidence of a figure).
    stored: { ...eachCouncillor, variants: GLOS_VALUES.map((glos) => ({ glos })) },
    response: paged(councillorVote),
    handler: voteList('wszystkie'),
  }),
  votingProfile: endpoint({
    ...person,
    path: '/api/radni/:id/profil-glosowania',
    summary: 'Profil głosowania',
    query: scopeQuery,
    response: envelope(votingProfile),
    handler: ({ params, query }, { queries }) =>
      queries.radni.votingProfile(councillorId(params.id, queries), query.kadencja),
  }),
  attendance: endpoint({
    ...person,
    path: '/api/radni/:id/frekwencja',
    summary: 'Frekwencja radnego',
    query: scopeQuery,
    response: envelope(attendance),
    handler: ({ params, query }, { queries }) =>
      queries.radni.attendance(councillorId(params.id, queries), query.kadencja),
  }),
  monthlyAttendance: endpoint({
    ...person,
    path: '/api/radni/:id/frekwencja-czas',
    summary: 'Frekwencja radnego w miesiącach',
    query: scopeQuery,
    response: envelope(z.array(monthlyAttendance)),
    handler: ({ params, query }, { queries }) =>
      queries.radni.monthlyAttendance(councillorId(params.id, queries), query.kadencja),
  }),
  groupAgreement: endpoint({
    ...person,
    path: '/api/radni/:id/zgodnosc-grupa',
    summary: 'Zgodność z własnym ugrupowaniem',
    query: scopeQuery,
    response: envelope(groupAgreement),
    handler: ({ params, query }, { queries }) =>
      queries.radni.groupAgreement(councillorId(params.id, queries), query.kadencja),
  }),
  topics: endpoint({
    ...person,
    path: '/api/radni/:id/tematy',
    summary: 'Jak radny głosuje w tematach: głosy i zgodność z ugrupowaniem w każdym temacie',
    query: topicsQuery,
    response: envelope(z.array(councillorTopic)),
    handler: ({ params, query }, { queries }) =>
      queries.radni.topicFigures(councillorId(params.id, queries), inKnownBody(query, queries), queries.utils.topics()),
  }),
  policies: endpoint({
    ...person,
    path: '/api/radni/:id/polityki',
    summary: 'Jak radny głosuje w sprawie każdej polityki: zgodność ze stanowiskiem i jej podstawa',
    query: policyScopeQuery,
    // Stored per councillor only when the snapshot has policies: without them a build renders nothing more.
    stored: {
      ...eachCouncillor,
      each: {
        count: (q) => (q.polityki.policyIds().length > 0 ? q.radni.count() : 0),
        ids: (q) => (q.polityki.policyIds().length > 0 ? q.radni.ids() : []),
      },
    },
    response: councillorPoliciesResponse,
    handler: ({ params, query }, { queries }) =>
      queries.polityki.ofPerson(councillorId(params.id, queries), inKnownBody(query, queries)),
  }),
  coalitions: endpoint({
    ...person,
    path: '/api/radni/:id/koalicje',
    summary: 'Radni głosujący najbardziej podobnie',
    query: partnerQuery,
    response: envelope(z.array(partnerItem)),
    handler: ({ params, query }, { queries }) =>
      queries.radni.partnersOf(councillorId(params.id, queries), 'koalicje', query),
  }),
  opponents: endpoint({
    ...person,
    path: '/api/radni/:id/oponenci',
    summary: 'Radni głosujący najmniej podobnie',
    query: partnerQuery,
    response: envelope(z.array(partnerItem)),
    handler: ({ params, query }, { queries }) =>
      queries.radni.partnersOf(councillorId(params.id, queries), 'oponenci', query),
  }),
  solitaryVotes: endpoint({
    ...person,
    path: '/api/radni/:id/glosowania-samotne',
    summary: 'Głosowania, w których radny jako jedyny wybrał swoją opcję',
    query: flaggedVotesQuery,
    response: paged(councillorVote),
    handler: voteList('samotne'),
  }),
  decisiveVotes: endpoint({
    ...person,
    path: '/api/radni/:id/glosowania-kluczowe',
    summary: 'Głosowania rozstrzygnięte jednym głosem, w których głos radnego był decydujący',
    query: flaggedVotesQuery,
    response: paged(councillorVote),
    handler: voteList('kluczowe'),
  }),
  agreeingVotes: endpoint({
    ...person,
    path: '/api/radni/:id/glosowania-zgodne',
    summary: 'Głosowania zgodne ze stanowiskiem własnego ugrupowania (zgodne w zgodnosc-grupa)',
    query: groupVotesQuery,
    response: paged(councillorVote),
    handler: voteList('zgodne'),
  }),
  voteListTotals: endpoint({
    ...person,
    path: '/api/radni/:id/glosowania-liczby',
    summary: 'Liczby głosowań radnego na każdej liście (wszystkie, zgodne, buntownicze, samotne, kluczowe)',
    query: scopeQuery,
    response: envelope(voteListTotals),
    handler: ({ params, query }, { queries }) =>
      queries.radni.voteTotals(councillorId(params.id, queries), query.kadencja),
  }),
  bodies: endpoint({
    ...person,
    path: '/api/radni/:id/organy',
    summary: 'Organy, na których posiedzeniach radny miał zapis obecności',
    query: scopeQuery,
    response: envelope(z.array(body)),
    handler: ({ params, query }, { queries }) =>
      queries.radni.bodiesOf(councillorId(params.id, queries), query.kadencja),
  }),
  rebelliousVotes: endpoint({
    ...person,
    path: '/api/radni/:id/glosowania-buntownicze',
    summary: 'Głosowania wbrew stanowisku własnego ugrupowania',
    query: groupVotesQuery,
    response: paged(councillorVote),
    handler: voteList('buntownicze'),
  }),
  attendanceRecords: endpoint({
    ...person,
    path: '/api/radni/:id/obecnosci',
    summary: 'Zapisy obecności radnego na posiedzeniach (od najnowszych)',
    query: pagedScopeQuery,
    response: paged(attendanceRecord),
    handler: ({ params, query }, { queries }) => {
      const { items, total } = queries.radni.attendanceRecords(
        councillorId(params.id, queries),
        inKnownBody(query, queries),
        query,
      );
      return new Reply(items, { pagination: pagination(query.page, query.limit, total) });
    },
  }),
  comparison: endpoint({
    method: 'get',
    path: '/api/radni/:id/porownanie/:id2',
    summary: 'Dwóch radnych: zgodność i głosowania, w których głosowali różnie',
    tag: 'radni',
    params: comparisonParams,
    query: pagedScopeQuery,
    errors: [400, 404],
    response: envelope(comparison, { pagination: paginationSchema }),
    handler: ({ params, query }, { queries }) => {
      const [first, second] = pairOf(params, query, queries);
      const { comparison: data, total } = queries.radni.comparison(first, second, query, query);
      return new Reply(data, { pagination: pagination(query.page, query.limit, total) });
    },
  }),
  pairMonths: endpoint({
    method: 'get',
    path: '/api/radni/:id/porownanie/:id2/zgodnosc-czas',
    summary: 'Dwóch radnych: zgodność w kolejnych miesiącach',
    tag: 'radni',
    params: comparisonParams,
    query: pairScopeQuery,
    errors: [400, 404],
    response: envelope(z.array(pairMonth)),
    handler: ({ params, query }, { queries }) => {
      const [first, second] = pairOf(params, query, queries);
      return queries.radni.pairMonths(first, second, query);
    },
  }),
};
