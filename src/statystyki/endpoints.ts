// /api/statystyki: dashboard, rankings, vote orderings, body activity, attendance over time, top pairs,
// group cohesion (CONTRACT §9), topics (§11).
// Every one accepts `organ` (CONTRACT §7). Each handler reads one query of ./queries.ts.

import { z } from 'zod';
import { endpoint, inKnownBody, inKnownTopic } from '../answers/endpoint.ts';
import { envelope, rankedVote } from '../answers/schemas.ts';
import { PLENARY_TYPES } from '../../core/snapshot/schema.ts';
import type { Queries } from '../snapshot/queries.ts';
import {
  attendanceRankingItem,
  attendanceRankingQuery,
  bodyActivity,
  cohesionItem,
  cohesionMonthsQuery,
  cohesionQuery,
  councilMap,
  councillorRankingQuery,
  dashboard,
  groupCohesionMonths,
  largestSamples,
  loyalistRankingItem,
  mapQuery,
  monthlyTotals,
  rebelRankingItem,
  scopeQuery,
  topicFigures,
  topicRebels,
  topicRebelsQuery,
  topPair,
  topPairsQuery,
  votesRankingQuery,
} from './schemas.ts';

/**
 * The body a map is of: the one asked for, else the snapshot's only chamber (a council or the Sejm,
 * PLENARY_TYPES), if it has exactly one — the Sejm's home has its map without `?organ=` (issue 46).
 */
function mapBody(organ: number | undefined, queries: Queries): number | undefined {
  if (organ !== undefined) return organ;
  const councils = queries.utils.bodiesList().filter((b) => PLENARY_TYPES.includes(b.typ));
  return councils.length === 1 ? councils[0]!.id_organu : undefined;
}

const stat = { method: 'get' as const, tag: 'statystyki', errors: [400, 404], stored: {} }; // 404: an unknown organ

/** The operations of this resource, by name. */
export const statystyki = {
  dashboard: endpoint({
    ...stat,
    path: '/api/statystyki/dashboard',
    summary: 'Liczby ogólne',
    query: scopeQuery,
    response: envelope(dashboard),
    handler: ({ query }, { queries }) => queries.statystyki.dashboard(inKnownBody(query, queries)),
  }),
  attendanceRanking: endpoint({
    ...stat,
    path: '/api/statystyki/ranking-frekwencji',
    summary: 'Ranking frekwencji',
    query: attendanceRankingQuery,
    response: envelope(z.array(attendanceRankingItem)),
    handler: ({ query }, { queries }) => queries.statystyki.attendanceRanking(inKnownBody(query, queries)),
  }),
  rebelRanking: endpoint({
    ...stat,
    path: '/api/statystyki/ranking-buntownikow',
    summary: 'Radni najczęściej w mniejszości',
    query: councillorRankingQuery,
    response: envelope(z.array(rebelRankingItem)),
    handler: ({ query }, { queries }) => queries.statystyki.rebelRanking(inKnownBody(query, queries)),
  }),
  loyalistRanking: endpoint({
    ...stat,
    path: '/api/statystyki/ranking-lojalistow',
    summary: 'Radni najczęściej z większością',
    query: councillorRankingQuery,
    response: envelope(z.array(loyalistRankingItem)),
    handler: ({ query }, { queries }) => queries.statystyki.loyalistRanking(inKnownBody(query, queries)),
  }),
  mostControversial: endpoint({
    ...stat,
    path: '/api/statystyki/najbardziej-kontrowersyjne',
    summary: 'Najbardziej kontrowersyjne głosowania',
    query: votesRankingQuery,
    response: envelope(z.array(rankedVote)),
    handler: ({ query }, { queries }) =>
      queries.statystyki.rankedVotes('rank_kontrowersyjne', inKnownBody(query, queries)),
  }),
  mostUnanimous: endpoint({
    ...stat,
    path: '/api/statystyki/najbardziej-jednomyslne',
    summary: 'Najbardziej jednomyślne głosowania',
    query: votesRankingQuery,
    response: envelope(z.array(rankedVote)),
    handler: ({ query }, { queries }) =>
      queries.statystyki.rankedVotes('rank_jednomyslne', inKnownBody(query, queries)),
  }),
  bodyActivity: endpoint({
    ...stat,
    path: '/api/statystyki/aktywnosc-organow',
    summary: 'Aktywność organów',
    query: scopeQuery,
    response: envelope(z.array(bodyActivity)),
    handler: ({ query }, { queries }) => queries.statystyki.bodyActivity(inKnownBody(query, queries)),
  }),
  monthlyAttendance: endpoint({
    ...stat,
    path: '/api/statystyki/frekwencja-czas',
    summary: 'Frekwencja w miesiącach',
    query: scopeQuery,
    response: envelope(z.array(monthlyTotals)),
    handler: ({ query }, { queries }) => queries.statystyki.monthlyAttendance(inKnownBody(query, queries)),
  }),
  topCoalitions: endpoint({
    ...stat,
    path: '/api/statystyki/top-koalicje',
    summary: 'Pary radnych najczęściej głosujące tak samo',
    query: topPairsQuery,
    response: envelope(z.array(topPair)),
    handler: ({ query }, { queries }) => queries.statystyki.topCoalitions(inKnownBody(query, queries)),
  }),
  groupCohesion: endpoint({
    ...stat,
    path: '/api/statystyki/spojnosc-ugrupowan',
    summary: 'Spójność ugrupowań (indeks zgodności)',
    query: cohesionQuery,
    response: envelope(z.array(cohesionItem)),
    handler: ({ query }, { queries }) => queries.statystyki.cohesion(inKnownBody(query, queries)),
  }),
  cohesionByMonth: endpoint({
    ...stat,
    path: '/api/statystyki/spojnosc-czas',
    summary: 'Spójność ugrupowań w kolejnych miesiącach (ugrupowania w kolejności rankingu)',
    query: cohesionMonthsQuery,
    response: envelope(z.array(groupCohesionMonths)),
    handler: ({ query }, { queries }) => queries.statystyki.rankedCohesionByMonth(inKnownBody(query, queries)),
  }),
  largestSamples: endpoint({
    ...stat,
    path: '/api/statystyki/najwieksze-proby',
    summary: 'Największe próby rankingów: najwięcej zapisów obecności i głosów ze stanowiskiem większości',
    query: scopeQuery,
    response: envelope(largestSamples),
    handler: ({ query }, { queries }) => {
      const { posiedzenia, glosowania, councils } = queries.statystyki.largestSamples(inKnownBody(query, queries));
      return {
        max_posiedzen: posiedzenia,
        max_glosowan: glosowania,
        rady: councils.map((c) => ({
          id_organu: c.id_organu,
          max_posiedzen: c.posiedzenia,
          max_glosowan: c.glosowania,
        })),
      };
    },
  }),
  // Exempt from the reference oracle (test/support/reference.ts): the coordinates are core/embedding.ts's
  // classical MDS and the reference has no second eigen-solver; test/evidence.test.ts checks the map against
  // coordinates worked out by hand, test/embedding.test.ts the solver.
  councilMap: endpoint({
    ...stat,
    path: '/api/statystyki/mapa',
    summary: 'Mapa rady: radni kadencji rozmieszczeni według podobieństwa głosowań (null: brak mapy)',
    query: mapQuery,
    response: envelope(councilMap.nullable()),
    handler: ({ query: { organ, kadencja } }, { queries }) => {
      inKnownBody({ organ }, queries);
      const body = mapBody(organ, queries);
      return (body === undefined ? undefined : queries.statystyki.councilMap(body, kadencja)) ?? null;
    },
  }),
  topics: endpoint({
    ...stat,
    path: '/api/statystyki/tematy',
    summary: 'Tematy głosowań: głosowania, wyniki, średnia kontrowersyjność',
    query: scopeQuery,
    response: envelope(z.array(topicFigures)),
    handler: ({ query }, { queries }) =>
      queries.statystyki.topicFigures(inKnownBody(query, queries), queries.utils.topics()),
  }),
  topicRebels: endpoint({
    ...stat,
    path: '/api/statystyki/tematy-buntownicy',
    summary: 'Radni najczęściej głosujący wbrew własnemu ugrupowaniu, w każdym temacie',
    query: topicRebelsQuery,
    response: envelope(z.array(topicRebels)),
    handler: ({ query }, { queries }) =>
      queries.statystyki.topicRebels(inKnownTopic(inKnownBody(query, queries), queries), queries.utils.topics()),
  }),
};
