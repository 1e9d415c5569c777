// /api/utils: lookups for filters (groups, bodies, terms) and the system counts.

import { Router } from 'express';
import { queriesOf } from '../request-snapshot.ts';
import { routesOf } from '../route.ts';
import { utils } from './schemas.ts';

export function utilsRouter(): Router {
  const router = Router();
  const route = routesOf(router, '/api/utils');
  route(utils.groups, ({ query }, res) => queriesOf(res).utils.groupsOf(query.kadencja));
  route(utils.bodies, (_input, res) => queriesOf(res).utils.bodiesList());
  route(utils.terms, (_input, res) => queriesOf(res).utils.termsList());
  route(utils.counts, (_input, res) => queriesOf(res).utils.systemCounts());
  return router;
}
