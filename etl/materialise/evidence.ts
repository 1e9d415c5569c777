// Phase "evidence" of materialise: what lets a reader go from a councillor's figure to the rows
// behind it (CONTRACT §9) with indexed reads only. Each person's ballots by value per (scope, body),
// the page totals of `glos` with `organ`; and each person's attendance records in session list order.
// Runs after `global`, which gives the sessions their list order.

import type Database from 'better-sqlite3';
import { GLOS_VALUES } from '../../core/contract.ts';
import { BatchInsert } from '../batch-insert.ts';
import type { Dimensions } from './dimensions.ts';
import type { EvidenceTally } from './evidence-tally.ts';

const VALUES = GLOS_VALUES.length;

type Counts = [za: number, przeciw: number, wstrzymujacy: number, nieobecny: number, brak_glosu: number];
const countsOf = (counts: Int32Array) => [...counts] as Counts;

/** Rows of `radny_organ_glosy`: per (term, body, person) from the tally's blocks, and per (all terms, body, person) their sums. */
export function writeBodyBallotCounts(db: Database.Database, dims: Dimensions, tally: EvidenceTally): number {
  const insert = new BatchInsert<
    [
      kadencja: string,
      id_organu: number,
      id_osoby: number,
      za: number,
      przeciw: number,
      wstrzymujacy: number,
      nieobecny: number,
      brak_glosu: number,
    ]
  >(db, 'radny_organ_glosy', [
    'kadencja',
    'id_organu',
    'id_osoby',
    'za',
    'przeciw',
    'wstrzymujacy',
    'nieobecny',
    'brak_glosu',
  ]);
  const allTerms = new Map<number, Int32Array>(); // body × P + person -> counts
  let rows = 0;
  db.transaction(() => {
    for (let slot = 0; slot < tally.ballotSize; slot++) {
      const { scope, body } = dims.blocks[tally.ballotBlock[slot]!]!;
      const person = tally.ballotPerson[slot]!;
      const counts = tally.ballotCounts.subarray(slot * VALUES, (slot + 1) * VALUES);
      insert.add(dims.scopes[scope]!, dims.bodies[body]!, dims.people[person]!.id, ...countsOf(counts));
      const key = body * dims.P + person;
      const sum = allTerms.get(key);
      if (sum) for (let c = 0; c < VALUES; c++) sum[c]! += counts[c]!;
      else allTerms.set(key, Int32Array.from(counts));
      rows++;
    }
    for (const [key, counts] of allTerms) {
      const person = key % dims.P;
      insert.add(dims.scopes[0]!, dims.bodies[(key - person) / dims.P]!, dims.people[person]!.id, ...countsOf(counts));
      rows++;
    }
    insert.flush();
  })();
  return rows;
}

/** `radny_obecnosc`: every attendance record keyed by (person, the session's list position). */
export function writeAttendanceRecords(db: Database.Database): number {
  return db
    .prepare(
      `INSERT INTO radny_obecnosc (id_osoby, ord, id_posiedzenia, kadencja, id_organu, obecny)
    SELECT o.id_osoby, p.ord, o.id_posiedzenia, p.kadencja, p.id_organu, o.obecny
    FROM obecnosc o JOIN posiedzenie p ON p.id_posiedzenia = o.id_posiedzenia
    ORDER BY o.id_osoby, p.ord`,
    )
    .run().changes;
}
