// Phase "cohesion" of materialise: how united each group votes (CONTRACT §9 spojnosc-ugrupowan), the
// Agreement Index of Hix, Noury and Roland summed over votes so that it stays a ratio of integers.
// The ballots pass summed each group's votes per block (term × body) and month (evidence-tally.ts);
// here they are rolled up into every (scope, body) cell they count in — a term and all terms, the
// body and all bodies — ranked, and written with their months.

import type Database from 'better-sqlite3';
import { ALL_BODIES } from '../../core/snapshot/schema.ts';
import { BatchInsert } from '../batch-insert.ts';
import { type Dimensions, MONTH_SPAN, monthText } from './dimensions.ts';
import type { EvidenceTally } from './evidence-tally.ts';

interface Sums {
  votes: number;
  numerator: number;
  denominator: number;
}

export function writeCohesion(db: Database.Database, dims: Dimensions, tally: EvidenceTally): number {
  const width = dims.B + 1; // body slot 0 = all bodies, b + 1 = body b
  const G = dims.groupIndex.size;
  const groupIds = [...dims.groupIndex.keys()]; // group index -> id (groupIndex is in insertion order)
  const months = new Map<number, Sums>(); // (cell × G + group) × MONTH_SPAN + month
  const totals = new Map<number, Sums>(); // cell × G + group
  const add = (sums: Map<number, Sums>, key: number, slot: number) => {
    const into = sums.get(key);
    if (into) {
      into.votes += tally.cohesionVotes[slot]!;
      into.numerator += tally.cohesionNumerator[slot]!;
      into.denominator += tally.cohesionDenominator[slot]!;
    } else {
      sums.set(key, {
        votes: tally.cohesionVotes[slot]!,
        numerator: tally.cohesionNumerator[slot]!,
        denominator: tally.cohesionDenominator[slot]!,
      });
    }
  };
  for (let slot = 0; slot < tally.cohesionSize; slot++) {
    const { scope, body } = dims.blocks[tally.cohesionBlock[slot]!]!;
    const group = tally.cohesionGroup[slot]!;
    for (const cell of [scope * width + body + 1, scope * width, body + 1, 0]) {
      add(months, (cell * G + group) * MONTH_SPAN + tally.cohesionMonth[slot]!, slot);
      add(totals, cell * G + group, slot);
    }
  }

  const scopeOf = (cell: number) => dims.scopes[Math.floor(cell / width)]!;
  const bodyOf = (cell: number) => (cell % width === 0 ? ALL_BODIES : dims.bodies[(cell % width) - 1]!);
  const byCell = new Map<number, Array<Sums & { group: number }>>();
  for (const [key, sums] of totals) {
    const group = key % G;
    const cell = (key - group) / G;
    const list = byCell.get(cell);
    if (list) list.push({ ...sums, group });
    else byCell.set(cell, [{ ...sums, group }]);
  }
  const insertRanked = new BatchInsert<
    [
      kadencja: string,
      id_organu: number,
      rank: number,
      id_ugrupowania: number,
      liczba_glosowan: number,
      licznik: number,
      mianownik: number,
    ]
  >(db, 'ugrupowanie_spojnosc', [
    'kadencja',
    'id_organu',
    'rank',
    'id_ugrupowania',
    'liczba_glosowan',
    'licznik',
    'mianownik',
  ]);
  const insertMonth = new BatchInsert<
    [
      kadencja: string,
      id_organu: number,
      id_ugrupowania: number,
      miesiac: string,
      liczba_glosowan: number,
      licznik: number,
      mianownik: number,
    ]
  >(db, 'ugrupowanie_spojnosc_miesiac', [
    'kadencja',
    'id_organu',
    'id_ugrupowania',
    'miesiac',
    'liczba_glosowan',
    'licznik',
    'mianownik',
  ]);
  let rows = 0;
  db.transaction(() => {
    for (const [cell, groups] of byCell) {
      groups.sort(
        (a, b) =>
          compareLarge(b.numerator, b.denominator, a.numerator, a.denominator) ||
          b.votes - a.votes ||
          groupIds[a.group]! - groupIds[b.group]!,
      );
      groups.forEach((g, i) => {
        insertRanked.add(scopeOf(cell), bodyOf(cell), i + 1, groupIds[g.group]!, g.votes, g.numerator, g.denominator);
        rows++;
      });
    }
    for (const [key, sums] of months) {
      const month = key % MONTH_SPAN;
      const cellGroup = (key - month) / MONTH_SPAN;
      const group = cellGroup % G;
      const cell = (cellGroup - group) / G;
      insertMonth.add(
        scopeOf(cell),
        bodyOf(cell),
        groupIds[group]!,
        monthText(month),
        sums.votes,
        sums.numerator,
        sums.denominator,
      );
    }
    insertRanked.flush();
    insertMonth.flush();
  })();
  return rows;
}

/**
 * a/b against c/d exactly (b, d > 0): the sums of a whole country's votes can make the cross products
 * exceed 2^53, so they are compared as big integers.
 */
function compareLarge(a: number, b: number, c: number, d: number): number {
  const left = BigInt(a) * BigInt(d);
  const right = BigInt(c) * BigInt(b);
  return left < right ? -1 : left > right ? 1 : 0;
}
