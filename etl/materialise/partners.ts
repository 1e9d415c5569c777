// Phase 5 of materialise: pair agreement (CONTRACT §3 koalicje/oponenci, §4 top-koalicje). The
// block bitsets give each pair's shared and equal ballots per (term, body); summed into every
// (scope, body) cell they count in: a term and all terms, the body and all bodies (§7 `organ`).

import type Database from 'better-sqlite3';
import { compareRatio } from '../../core/contract.ts';
import { type Partner, packPartners } from '../../core/snapshot/partners.ts';
import { BatchInsert } from '../batch-insert.ts';
import type { Dimensions } from './dimensions.ts';
import { type BallotBlock, PairTotals } from './pair-bitsets.ts';

type TopPairRow = [
  kadencja: string,
  id_organu: number,
  rank: number,
  id_osoby_1: number,
  id_osoby_2: number,
  wspolne: number,
  zgodne: number,
  miedzy: number,
];

export function writePartners(db: Database.Database, dims: Dimensions, blocks: BallotBlock[]): number {
  const width = dims.B + 1; // body slot 0 = all bodies, b + 1 = body b
  const blockPairs = blocks.map((block) => {
    const pairs = new PairTotals(dims.P);
    block.forEachPair((x, y, shared, equal) => pairs.append(x, y, shared, equal));
    return pairs;
  });
  // A cell made of one block (a term's body; often a whole scope) takes the block's pairs as they are.
  const contributors = new Map<number, number[]>();
  dims.blocks.forEach(({ scope, body }, b) => {
    for (const cell of [scope * width, scope * width + body + 1, body + 1, 0]) {
      const list = contributors.get(cell);
      if (list) list.push(b);
      else contributors.set(cell, [b]);
    }
  });
  // Cells made of the same blocks have the same pairs, summed once: a council with one term has its
  // term's and all terms' cells over all its bodies alike.
  const cells = new Map<number, PairTotals>();
  const summed = new Map<string, PairTotals>();
  for (const [cell, list] of contributors) {
    if (list.length === 1) {
      cells.set(cell, blockPairs[list[0]!]!);
      continue;
    }
    const key = list.join(',');
    let totals = summed.get(key);
    if (totals === undefined) {
      totals = new PairTotals(dims.P);
      for (const b of list) {
        const { first, second, shared, equal, size } = blockPairs[b]!;
        for (let i = 0; i < size; i++) totals.add(first[i]!, second[i]!, shared[i]!, equal[i]!);
      }
      summed.set(key, totals);
    }
    cells.set(cell, totals);
  }

  const insertTop = new BatchInsert<TopPairRow>(db, 'para_top', [
    'kadencja',
    'id_organu',
    'rank',
    'id_osoby_1',
    'id_osoby_2',
    'wspolne',
    'zgodne',
    'miedzy_ugrupowaniami',
  ]);
  const insertPartners = db.prepare(
    'INSERT INTO radny_partnerzy (kadencja, id_osoby, koalicje, oponenci) VALUES (?, ?, ?, ?)',
  );
  // Cells of the same pairs (the same PairTotals) share their top-koalicje order, sorted once (kept
  // until the last of them is written), and their partner lists, which read nothing of the scope but its
  // name: copied by SQLite from the first scope's rows.
  const copyPartners = db.prepare(
    `INSERT INTO radny_partnerzy (kadencja, id_osoby, koalicje, oponenci)
     SELECT ?, id_osoby, koalicje, oponenci FROM radny_partnerzy WHERE kadencja = ?`,
  );
  const cellsLeft = new Map<PairTotals, number>();
  for (const totals of cells.values()) cellsLeft.set(totals, (cellsLeft.get(totals) ?? 0) + 1);
  const sorted = new Map<PairTotals, number[]>();
  const listsWritten = new Map<PairTotals, { scope: number; rows: number }>();
  let rows = 0;
  db.transaction(() => {
    for (const [cell, totals] of cells) {
      const scope = Math.floor(cell / width);
      const bodySlot = cell % width;
      const left = cellsLeft.get(totals)! - 1;
      cellsLeft.set(totals, left);
      const order = sorted.get(totals) ?? topKoalicjeOrder(totals);
      if (left > 0) sorted.set(totals, order);
      else sorted.delete(totals);
      writeTopPairs(insertTop, dims, totals, order, scope, bodySlot === 0 ? 0 : dims.bodies[bodySlot - 1]!);
      // A councillor's own partner lists (§3) are over all bodies only.
      if (bodySlot !== 0) continue;
      const lists = listsWritten.get(totals);
      if (lists) {
        copyPartners.run(dims.scopes[scope], dims.scopes[lists.scope]);
        rows += lists.rows;
      } else {
        const listed = writePartnerLists(insertPartners, dims, totals, scope);
        listsWritten.set(totals, { scope, rows: listed });
        rows += listed;
      }
    }
    insertTop.flush();
  })();
  return rows;
}

/** The slots of `totals` in top-koalicje order: agreement desc, shared desc, ids asc. */
function topKoalicjeOrder(totals: PairTotals): number[] {
  const { shared, equal, first, second } = totals;
  const slots = Array.from({ length: totals.size }, (_, i) => i);
  return slots.sort(
    (a, b) =>
      -compareRatio(equal[a]!, shared[a]!, equal[b]!, shared[b]!) ||
      shared[b]! - shared[a]! ||
      first[a]! - first[b]! ||
      second[a]! - second[b]!,
  );
}

/** All pairs of one (scope, body) in top-koalicje order (`order`, topKoalicjeOrder). */
function writeTopPairs(
  insert: BatchInsert<TopPairRow>,
  dims: Dimensions,
  totals: PairTotals,
  order: number[],
  scope: number,
  bodyId: number,
): void {
  const { shared, equal, first, second } = totals;
  order.forEach((slot, i) => {
    const x = first[slot]!;
    const y = second[slot]!;
    const between = dims.displayGroup(x, scope) !== dims.displayGroup(y, scope) ? 1 : 0;
    insert.add(
      dims.scopes[scope]!,
      bodyId,
      i + 1,
      dims.people[x]!.id,
      dims.people[y]!.id,
      shared[slot]!,
      equal[slot]!,
      between,
    );
  });
}

/** Each person's partners packed in koalicje order and in oponenci order (§3). */
function writePartnerLists(insert: Database.Statement, dims: Dimensions, totals: PairTotals, scope: number): number {
  const { shared, equal, first, second } = totals;
  const slotsOf: number[][] = Array.from({ length: dims.P }, () => []);
  for (let slot = 0; slot < totals.size; slot++) {
    slotsOf[first[slot]!]!.push(slot);
    slotsOf[second[slot]!]!.push(slot);
  }
  let rows = 0;
  slotsOf.forEach((slots, p) => {
    if (slots.length === 0) return;
    const list = slots.map((slot): Partner => ({
      id_osoby: dims.people[first[slot] === p ? second[slot]! : first[slot]!]!.id,
      wspolne: shared[slot]!,
      zgodne: equal[slot]!,
    }));
    const ratio = (x: Partner, y: Partner) => compareRatio(x.zgodne, x.wspolne, y.zgodne, y.wspolne);
    const koalicje = [...list].sort((x, y) => -ratio(x, y) || y.wspolne - x.wspolne || x.id_osoby - y.id_osoby);
    const oponenci = list.sort((x, y) => ratio(x, y) || y.wspolne - x.wspolne || x.id_osoby - y.id_osoby);
    insert.run(dims.scopes[scope], dims.people[p]!.id, packPartners(koalicje), packPartners(oponenci));
    rows += slots.length;
  });
  return rows;
}
