// /api/statystyki: dashboard, rankings, vote orderings, body activity, attendance over time, top pairs.
// Every one accepts `organ` (CONTRACT §7), checked by `route`.

import { type Response, Router } from 'express';
import { queriesOf } from '../request-snapshot.ts';
import { routesOf } from '../route.ts';
import { statystyki } from './schemas.ts';

export function statystykiRouter(): Router {
  const router = Router();
  const route = routesOf(router, '/api/statystyki');
  const q = (res: Response) => queriesOf(res).statystyki;

  route(statystyki.dashboard, ({ query }, res) => q(res).dashboard(query));
  route(statystyki.attendanceRanking, ({ query: { min_posiedzen, limit, ...scope } }, res) => q(res).attendanceRanking(scope, min_posiedzen, limit));
  route(statystyki.rebelRanking, ({ query: { min_glosowan, limit, ...scope } }, res) => q(res).rebelRanking(scope, min_glosowan, limit));
  route(statystyki.loyalistRanking, ({ query: { min_glosowan, limit, ...scope } }, res) => q(res).loyalistRanking(scope, min_glosowan, limit));
  route(statystyki.mostControversial, ({ query: { limit, ...scope } }, res) => q(res).rankedVotes('rank_kontrowersyjne', scope, limit));
  route(statystyki.mostUnanimous, ({ query: { limit, ...scope } }, res) => q(res).rankedVotes('rank_jednomyslne', scope, limit));
  route(statystyki.bodyActivity, ({ query }, res) => q(res).bodyActivity(query));
  route(statystyki.monthlyAttendance, ({ query }, res) => q(res).monthlyAttendance(query));
  route(statystyki.topCoalitions, ({ query: { min_wspolne, limit, tylko_miedzy_ugrupowaniami, ...scope } }, res) =>
    q(res).topCoalitions(scope, min_wspolne, limit, tylko_miedzy_ugrupowaniami ?? false));

  return router;
}
