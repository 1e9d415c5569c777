// /api/posiedzenia: the session list, detail, agenda points and attendance.

import { type Response, Router } from 'express';
import { notFound, pagination } from '../http.ts';
import { queriesOf } from '../request-snapshot.ts';
import { Reply, routesOf } from '../route.ts';
import { posiedzenia } from './schemas.ts';

export function posiedzeniaRouter(): Router {
  const router = Router();
  const route = routesOf(router, '/api/posiedzenia');

  route(posiedzenia.list, ({ query: { page, limit, ...filter } }, res) => {
    const { items, total } = queriesOf(res).posiedzenia.list(filter, page, limit);
    return new Reply(items, { pagination: pagination(page, limit, total) });
  });

  /** The queries of an existing session: 404 for an unknown id. */
  const ofSession = (id: number, res: Response) => {
    const q = queriesOf(res).posiedzenia;
    const session = q.detail(id);
    if (!session) throw notFound(`no session ${id}`);
    return { q, session };
  };
  route(posiedzenia.detail, ({ params }, res) => ofSession(params.id, res).session);
  route(posiedzenia.agenda, ({ params }, res) => ofSession(params.id, res).q.agendaPoints(params.id));
  route(posiedzenia.attendance, ({ params }, res) => ofSession(params.id, res).q.attendanceOf(params.id));

  return router;
}
