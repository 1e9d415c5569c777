// /api/posiedzenia: the session list, detail, agenda points and attendance.

import { Router } from 'express';
import { notFound, pagination, parseParams, sendData } from '../http.ts';
import { knownBody, queriesOf } from '../request-snapshot.ts';
import { listQuery, sessionIdParams } from './schemas.ts';

export function posiedzeniaRouter(): Router {
  const router = Router();

  router.get('/', (req, res) => {
    const { page, limit, ...filter } = knownBody(res, parseParams(listQuery, req.query));
    const { items, total } = queriesOf(res).posiedzenia.list(filter, page, limit);
    sendData(res, items, { pagination: pagination(page, limit, total) });
  });

  router.get('/:id', (req, res) => {
    const { id } = parseParams(sessionIdParams, req.params, 'path');
    const session = queriesOf(res).posiedzenia.detail(id);
    if (!session) throw notFound(`no session ${id}`);
    sendData(res, session);
  });

  router.get('/:id/punkty', (req, res) => {
    const { id } = parseParams(sessionIdParams, req.params, 'path');
    const q = queriesOf(res).posiedzenia;
    if (!q.detail(id)) throw notFound(`no session ${id}`);
    sendData(res, q.agendaPoints(id));
  });

  router.get('/:id/obecnosci', (req, res) => {
    const { id } = parseParams(sessionIdParams, req.params, 'path');
    const q = queriesOf(res).posiedzenia;
    if (!q.detail(id)) throw notFound(`no session ${id}`);
    sendData(res, q.attendanceOf(id));
  });

  return router;
}
