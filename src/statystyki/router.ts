// /api/statystyki: dashboard, rankings, vote orderings, body activity, attendance over time, top pairs.

import { Router } from 'express';
import { parseParams, sendData } from '../http.ts';
import { knownBody, queriesOf } from '../request-snapshot.ts';
import {
  attendanceRankingQuery, councillorRankingQuery, scopeQuery, topPairsQuery, votesRankingQuery,
} from './schemas.ts';

export function statystykiRouter(): Router {
  const router = Router();

  router.get('/dashboard', (req, res) => {
    sendData(res, queriesOf(res).statystyki.dashboard(knownBody(res, parseParams(scopeQuery, req.query))));
  });

  router.get('/ranking-frekwencji', (req, res) => {
    const { min_posiedzen, limit, ...scope } = knownBody(res, parseParams(attendanceRankingQuery, req.query));
    sendData(res, queriesOf(res).statystyki.attendanceRanking(scope, min_posiedzen, limit));
  });

  router.get('/ranking-buntownikow', (req, res) => {
    const { min_glosowan, limit, ...scope } = knownBody(res, parseParams(councillorRankingQuery, req.query));
    sendData(res, queriesOf(res).statystyki.rebelRanking(scope, min_glosowan, limit));
  });

  router.get('/ranking-lojalistow', (req, res) => {
    const { min_glosowan, limit, ...scope } = knownBody(res, parseParams(councillorRankingQuery, req.query));
    sendData(res, queriesOf(res).statystyki.loyalistRanking(scope, min_glosowan, limit));
  });

  router.get('/najbardziej-kontrowersyjne', (req, res) => {
    const { limit, ...filter } = knownBody(res, parseParams(votesRankingQuery, req.query));
    sendData(res, queriesOf(res).statystyki.rankedVotes('rank_kontrowersyjne', filter, limit));
  });

  router.get('/najbardziej-jednomyslne', (req, res) => {
    const { limit, ...filter } = knownBody(res, parseParams(votesRankingQuery, req.query));
    sendData(res, queriesOf(res).statystyki.rankedVotes('rank_jednomyslne', filter, limit));
  });

  router.get('/aktywnosc-organow', (req, res) => {
    sendData(res, queriesOf(res).statystyki.bodyActivity(knownBody(res, parseParams(scopeQuery, req.query))));
  });

  router.get('/frekwencja-czas', (req, res) => {
    sendData(res, queriesOf(res).statystyki.monthlyAttendance(knownBody(res, parseParams(scopeQuery, req.query))));
  });

  router.get('/top-koalicje', (req, res) => {
    const { min_wspolne, limit, tylko_miedzy_ugrupowaniami, ...scope } = knownBody(res, parseParams(topPairsQuery, req.query));
    sendData(res, queriesOf(res).statystyki.topCoalitions(scope, min_wspolne, limit, tylko_miedzy_ugrupowaniami ?? false));
  });

  return router;
}
