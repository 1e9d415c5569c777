// /api/statystyki: dashboard, rankings, vote orderings, body activity, attendance over time, top pairs.

import { Router } from 'express';
import { parseParams, sendData } from '../http.ts';
import { queriesOf } from '../request-snapshot.ts';
import {
  attendanceRankingQuery, councillorRankingQuery, scopeQuery, termQuery, topPairsQuery, votesRankingQuery,
} from './schemas.ts';

export function statystykiRouter(): Router {
  const router = Router();

  router.get('/dashboard', (req, res) => {
    sendData(res, queriesOf(res).statystyki.dashboard(parseParams(scopeQuery, req.query)));
  });

  router.get('/ranking-frekwencji', (req, res) => {
    const q = parseParams(attendanceRankingQuery, req.query);
    sendData(res, queriesOf(res).statystyki.attendanceRanking(q.kadencja, q.min_posiedzen, q.limit));
  });

  router.get('/ranking-buntownikow', (req, res) => {
    const q = parseParams(councillorRankingQuery, req.query);
    sendData(res, queriesOf(res).statystyki.rebelRanking(q.kadencja, q.min_glosowan, q.limit));
  });

  router.get('/ranking-lojalistow', (req, res) => {
    const q = parseParams(councillorRankingQuery, req.query);
    sendData(res, queriesOf(res).statystyki.loyalistRanking(q.kadencja, q.min_glosowan, q.limit));
  });

  router.get('/najbardziej-kontrowersyjne', (req, res) => {
    const { limit, ...filter } = parseParams(votesRankingQuery, req.query);
    sendData(res, queriesOf(res).statystyki.rankedVotes('rank_kontrowersyjne', filter, limit));
  });

  router.get('/najbardziej-jednomyslne', (req, res) => {
    const { limit, ...filter } = parseParams(votesRankingQuery, req.query);
    sendData(res, queriesOf(res).statystyki.rankedVotes('rank_jednomyslne', filter, limit));
  });

  router.get('/aktywnosc-organow', (req, res) => {
    sendData(res, queriesOf(res).statystyki.bodyActivity(parseParams(termQuery, req.query).kadencja));
  });

  router.get('/frekwencja-czas', (req, res) => {
    sendData(res, queriesOf(res).statystyki.monthlyAttendance(parseParams(scopeQuery, req.query)));
  });

  router.get('/top-koalicje', (req, res) => {
    const q = parseParams(topPairsQuery, req.query);
    sendData(res, queriesOf(res).statystyki.topCoalitions(q.kadencja, q.min_wspolne, q.limit, q.tylko_miedzy_ugrupowaniami ?? false));
  });

  return router;
}
