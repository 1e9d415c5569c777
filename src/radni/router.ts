// /api/radni: the councillor list, the profile and every per-councillor metric (CONTRACT §3).
// `:id` is an id_osoby or a token.

import { type Response, Router } from 'express';
import { notFound, pagination } from '../http.ts';
import { queriesOf } from '../request-snapshot.ts';
import { Reply, routesOf } from '../route.ts';
import type { VoteListKind } from './queries.ts';
import { radni } from './schemas.ts';

/** The id_osoby of `:id` (an id or a token), or 404 for one that matches no councillor. */
function councillorId(id: string, res: Response): number {
  const found = queriesOf(res).radni.resolve(/^\d+$/.test(id) ? Number(id) : id);
  if (found === undefined) throw notFound(`no councillor ${id}`);
  return found;
}

export function radniRouter(): Router {
  const router = Router();
  const route = routesOf(router, '/api/radni');
  const q = (res: Response) => queriesOf(res).radni;

  route(radni.list, ({ query }, res) => {
    const items = q(res).list(query);
    return new Reply(items, { count: items.length });
  });
  route(radni.profile, ({ params, query }, res) => q(res).profile(councillorId(params.id, res), query.kadencja));
  route(radni.votingProfile, ({ params, query }, res) => q(res).votingProfile(councillorId(params.id, res), query.kadencja));
  route(radni.attendance, ({ params, query }, res) => q(res).attendance(councillorId(params.id, res), query.kadencja));
  route(radni.monthlyAttendance, ({ params, query }, res) => q(res).monthlyAttendance(councillorId(params.id, res), query.kadencja));
  route(radni.groupAgreement, ({ params, query }, res) => q(res).groupAgreement(councillorId(params.id, res), query.kadencja));
  route(radni.coalitions, ({ params, query: { kadencja, min_wspolne, limit } }, res) =>
    q(res).partnersOf(councillorId(params.id, res), 'koalicje', kadencja, min_wspolne, limit));
  route(radni.opponents, ({ params, query: { kadencja, min_wspolne, limit } }, res) =>
    q(res).partnersOf(councillorId(params.id, res), 'oponenci', kadencja, min_wspolne, limit));

  const voteList = (kind: VoteListKind) => ({ params, query }: { params: { id: string }; query: { page: number; limit: number; kadencja?: string | undefined; organ?: number | undefined } }, res: Response) => {
    const { page, limit, ...filter } = query;
    const { items, total } = q(res).votes(councillorId(params.id, res), kind, filter, page, limit);
    return new Reply(items, { pagination: pagination(page, limit, total) });
  };
  route(radni.votes, voteList('wszystkie'));
  route(radni.solitaryVotes, voteList('samotne'));
  route(radni.decisiveVotes, voteList('kluczowe'));
  route(radni.rebelliousVotes, voteList('buntownicze'));

  return router;
}
