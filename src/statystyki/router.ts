// /api/statystyki: dashboard, rankings, vote orderings, body activity, attendance over time, top pairs.

import { Router } from 'express';
import { z } from 'zod';
import { booleanParam, kadencjaParam, limitParam, minParam, organParam, parseParams, sendData } from '../http.ts';
import { queriesOf } from '../request-snapshot.ts';

const scope = { kadencja: kadencjaParam, organ: organParam };
const termOnly = z.object({ kadencja: kadencjaParam });
const votesScope = z.object({ ...scope, limit: limitParam(20) });

export function statystykiRouter(): Router {
  const router = Router();

  router.get('/dashboard', (req, res) => {
    sendData(res, queriesOf(res).statystyki.dashboard(parseParams(z.object(scope), req.query)));
  });

  router.get('/ranking-frekwencji', (req, res) => {
    const q = parseParams(z.object({ kadencja: kadencjaParam, limit: limitParam(20), min_posiedzen: minParam(1) }), req.query);
    sendData(res, queriesOf(res).statystyki.attendanceRanking(q.kadencja, q.min_posiedzen, q.limit));
  });

  const votesRankingQuery = z.object({ kadencja: kadencjaParam, limit: limitParam(20), min_glosowan: minParam(10) });
  router.get('/ranking-buntownikow', (req, res) => {
    const q = parseParams(votesRankingQuery, req.query);
    sendData(res, queriesOf(res).statystyki.rebelRanking(q.kadencja, q.min_glosowan, q.limit));
  });

  router.get('/ranking-lojalistow', (req, res) => {
    const q = parseParams(votesRankingQuery, req.query);
    sendData(res, queriesOf(res).statystyki.loyalistRanking(q.kadencja, q.min_glosowan, q.limit));
  });

  router.get('/najbardziej-kontrowersyjne', (req, res) => {
    const { limit, ...filter } = parseParams(votesScope, req.query);
    sendData(res, queriesOf(res).statystyki.rankedVotes('rank_kontrowersyjne', filter, limit));
  });

  router.get('/najbardziej-jednomyslne', (req, res) => {
    const { limit, ...filter } = parseParams(votesScope, req.query);
    sendData(res, queriesOf(res).statystyki.rankedVotes('rank_jednomyslne', filter, limit));
  });

  router.get('/aktywnosc-organow', (req, res) => {
    sendData(res, queriesOf(res).statystyki.bodyActivity(parseParams(termOnly, req.query).kadencja));
  });

  router.get('/frekwencja-czas', (req, res) => {
    sendData(res, queriesOf(res).statystyki.monthlyAttendance(parseParams(z.object(scope), req.query)));
  });

  router.get('/top-koalicje', (req, res) => {
    const q = parseParams(z.object({
      kadencja: kadencjaParam, limit: limitParam(20), min_wspolne: minParam(10),
      tylko_miedzy_ugrupowaniami: booleanParam.optional(),
    }), req.query);
    sendData(res, queriesOf(res).statystyki.topCoalitions(q.kadencja, q.min_wspolne, q.limit, q.tylko_miedzy_ugrupowaniami ?? false));
  });

  return router;
}
