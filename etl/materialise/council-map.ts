// Phase "map" of materialise: for each plenary body (a council; the Sejm) and term, its councillors
// placed in two dimensions by how alike they vote — classical multidimensional scaling of the
// distance 1 − agreement (core/embedding.ts) — so the site can draw the council as a picture.
//
// Honest about gaps: classical scaling needs every pair's distance, and an agreement over a handful
// of shared votes is noise. So only pairs with at least MAP_MIN_SHARED shared votes count; the
// councillors kept are those whose pairs all reach it (completeSubset drops, one at a time, the one
// missing most pairs — typically someone who left early or came late, or never cast an active
// ballot); the rest are stored without coordinates and counted. Fewer than two kept: nobody is placed.

import type Database from 'better-sqlite3';
import { classicalMds, completeSubset } from '../../core/embedding.ts';
import { PLENARY_TYPES } from '../../core/snapshot/schema.ts';
import { BatchInsert } from '../batch-insert.ts';
import type { Dimensions } from './dimensions.ts';
import type { BallotBlock } from './pair-bitsets.ts';

/**
 * Shared votes a pair needs to be placed by its agreement. An agreement over n shared votes has a
 * standard error of at most 0.5/√n: 0.16 at the koalicje default of 10, 0.11 at 20, a tenth of the
 * map's scale and well below the gap between clubs that vote apart; 20 votes is a session or two of
 * a city council.
 */
export const MAP_MIN_SHARED = 20;

/** Coordinates are stored to 6 decimals: far finer than a picture, and the same text in every snapshot. */
const round6 = (x: number) => Math.round(x * 1e6) / 1e6 + 0;

export function writeCouncilMaps(
  db: Database.Database,
  dims: Dimensions,
  blocks: BallotBlock[],
  votersByBlock: number[][],
): number {
  const plenary = new Set(
    db
      .prepare(`SELECT id_organu FROM organ WHERE typ IN (${PLENARY_TYPES.map(() => '?').join(', ')})`)
      .pluck()
      .all(...PLENARY_TYPES) as number[],
  );
  const insertMap = db.prepare(
    'INSERT INTO mapa (kadencja, id_organu, prog, umieszczeni, pominieci) VALUES (?, ?, ?, ?, ?)',
  );
  const insertPlace = new BatchInsert<
    [kadencja: string, id_organu: number, id_osoby: number, x: number | null, y: number | null]
  >(db, 'mapa_radny', ['kadencja', 'id_organu', 'id_osoby', 'x', 'y']);
  const local = new Int32Array(dims.P).fill(-1); // person index -> position in the current block
  let rows = 0;
  db.transaction(() => {
    dims.blocks.forEach(({ scope, body }, b) => {
      const bodyId = dims.bodies[body]!;
      const people = votersByBlock[b]!;
      if (!plenary.has(bodyId) || people.length === 0) return;
      const n = people.length;
      people.forEach((p, i) => {
        local[p] = i;
      });
      const shared = new Float64Array(n * n);
      const equal = new Float64Array(n * n);
      blocks[b]!.forEachPair((x, y, s, e) => {
        const i = local[x]!;
        const j = local[y]!;
        shared[i * n + j] = shared[j * n + i] = s;
        equal[i * n + j] = equal[j * n + i] = e;
      });
      for (const p of people) local[p] = -1;

      const complete = completeSubset(n, (i, j) => shared[i * n + j]!, MAP_MIN_SHARED);
      const kept = complete.length >= 2 ? complete : []; // a point alone says nothing about how anyone votes
      const k = kept.length;
      const distances = new Float64Array(k * k);
      kept.forEach((i, a) =>
        kept.forEach((j, c) => {
          if (a !== c) distances[a * k + c] = 1 - equal[i * n + j]! / shared[i * n + j]!;
        }),
      );
      const placed = classicalMds(distances, k);
      const at = new Map(kept.map((i, a) => [i, placed[a]!]));
      const term = dims.scopes[scope]!;
      insertMap.run(term, bodyId, MAP_MIN_SHARED, k, n - k);
      people.forEach((p, i) => {
        const point = at.get(i);
        insertPlace.add(
          term,
          bodyId,
          dims.people[p]!.id,
          point ? round6(point[0]) : null,
          point ? round6(point[1]) : null,
        );
        rows++;
      });
    });
    insertPlace.flush();
  })();
  return rows;
}
