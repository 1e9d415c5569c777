// /api/radni: the councillor list, the profile and every per-councillor metric (CONTRACT §3).
// `:id` is an id_osoby or a token. Each handler reads one query of ./queries.ts.

import { z } from 'zod';
import { type AnswerContext, type Stored, endpoint, inKnownBody } from '../answers/endpoint.ts';
import { count, councillorVote, envelope, paged } from '../answers/schemas.ts';
import { Reply, notFound, pagination } from '../http/envelope.ts';
import type { Queries } from '../snapshot/queries.ts';
import type { VoteListKind, VoteListOptions } from './queries.ts';
import {
  attendance, councillorIdParams, councillorListItem, councillorProfile, flaggedVotesQuery, groupAgreement, listQuery,
  monthlyAttendance, partnerItem, partnerQuery, scopeQuery, votesQuery, votingProfile,
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

const person = { method: 'get' as const, params: councillorIdParams, errors: [400, 404], tag: 'radni', stored: eachCouncillor };

/** A page of the councillor's votes of one kind. */
const voteList = (kind: VoteListKind) =>
  ({ params, query }: { params: { id: string }; query: VoteListOptions }, { queries }: AnswerContext) => {
    const { items, total } = queries.radni.votes(councillorId(params.id, queries), kind, inKnownBody(query, queries));
    return new Reply(items, { pagination: pagination(query.page, query.limit, total) });
  };

/** The operations of this resource, by name. */
export const radni = {
  list: endpoint({
    method: 'get', path: '/api/radni', summary: 'Lista radnych', tag: 'radni', query: listQuery, errors: [400, 404],
    response: envelope(z.array(councillorListItem), { count: count('Liczba pozycji w data') }), stored: {},
    handler: ({ query }, { queries }) => {
      const items = queries.radni.list(inKnownBody(query, queries));
      return new Reply(items, { count: items.length });
    },
  }),
  profile: endpoint({
    ...person, path: '/api/radni/:id', summary: 'Profil radnego', query: scopeQuery, response: envelope(councillorProfile),
    handler: ({ params, query }, { queries }) => queries.radni.profile(councillorId(params.id, queries), query.kadencja),
  }),
  votes: endpoint({
    ...person, path: '/api/radni/:id/glosowania', summary: 'Głosowania radnego (porządek dat)', query: votesQuery, response: paged(councillorVote),
    handler: voteList('wszystkie'),
  }),
  votingProfile: endpoint({
    ...person, path: '/api/radni/:id/profil-glosowania', summary: 'Profil głosowania', query: scopeQuery, response: envelope(votingProfile),
    handler: ({ params, query }, { queries }) => queries.radni.votingProfile(councillorId(params.id, queries), query.kadencja),
  }),
  attendance: endpoint({
    ...person, path: '/api/radni/:id/frekwencja', summary: 'Frekwencja radnego', query: scopeQuery, response: envelope(attendance),
    handler: ({ params, query }, { queries }) => queries.radni.attendance(councillorId(params.id, queries), query.kadencja),
  }),
  monthlyAttendance: endpoint({
    ...person, path: '/api/radni/:id/frekwencja-czas', summary: 'Frekwencja radnego w miesiącach', query: scopeQuery,
    response: envelope(z.array(monthlyAttendance)),
    handler: ({ params, query }, { queries }) => queries.radni.monthlyAttendance(councillorId(params.id, queries), query.kadencja),
  }),
  groupAgreement: endpoint({
    ...person, path: '/api/radni/:id/zgodnosc-grupa', summary: 'Zgodność z własnym ugrupowaniem', query: scopeQuery, response: envelope(groupAgreement),
    handler: ({ params, query }, { queries }) => queries.radni.groupAgreement(councillorId(params.id, queries), query.kadencja),
  }),
  coalitions: endpoint({
    ...person, path: '/api/radni/:id/koalicje', summary: 'Radni głosujący najbardziej podobnie', query: partnerQuery, response: envelope(z.array(partnerItem)),
    handler: ({ params, query }, { queries }) => queries.radni.partnersOf(councillorId(params.id, queries), 'koalicje', query),
  }),
  opponents: endpoint({
    ...person, path: '/api/radni/:id/oponenci', summary: 'Radni głosujący najmniej podobnie', query: partnerQuery, response: envelope(z.array(partnerItem)),
    handler: ({ params, query }, { queries }) => queries.radni.partnersOf(councillorId(params.id, queries), 'oponenci', query),
  }),
  solitaryVotes: endpoint({
    ...person, path: '/api/radni/:id/glosowania-samotne', summary: 'Głosowania, w których radny jako jedyny wybrał swoją opcję',
    query: flaggedVotesQuery, response: paged(councillorVote), handler: voteList('samotne'),
  }),
  decisiveVotes: endpoint({
    ...person, path: '/api/radni/:id/glosowania-kluczowe', summary: 'Głosowania rozstrzygnięte jednym głosem, w których głos radnego był decydujący',
    query: flaggedVotesQuery, response: paged(councillorVote), handler: voteList('kluczowe'),
  }),
  rebelliousVotes: endpoint({
    ...person, path: '/api/radni/:id/glosowania-buntownicze', summary: 'Głosowania wbrew stanowisku własnego ugrupowania',
    query: flaggedVotesQuery, response: paged(councillorVote), handler: voteList('buntownicze'),
  }),
};
