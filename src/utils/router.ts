// /api/utils: lookups for filters (groups, bodies, terms) and the system counts.

import { Router } from 'express';
import { parseParams, sendData } from '../http.ts';
import { queriesOf } from '../request-snapshot.ts';
import { groupsQuery } from './schemas.ts';

export function utilsRouter(): Router {
  const router = Router();
  router.get('/ugrupowania', (req, res) => {
    const { kadencja } = parseParams(groupsQuery, req.query);
    sendData(res, queriesOf(res).utils.groupsOf(kadencja));
  });
  router.get('/organy', (_req, res) => sendData(res, queriesOf(res).utils.bodiesList()));
  router.get('/kadencje', (_req, res) => sendData(res, queriesOf(res).utils.termsList()));
  router.get('/stats', (_req, res) => sendData(res, queriesOf(res).utils.systemCounts()));
  return router;
}
