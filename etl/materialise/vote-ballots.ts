// Each vote's ballots as its answer reads them (`glosowanie_glosy`, /api/glosowania/:id/glosy): in
// name order, each with the voter's group at the vote, written from the ballots' pass (a VoteObserver).
// A live answer is then one row. Before, it read the vote's row and its range of `glos`, found each
// voter's group among their memberships and sorted the ballots by name: a walk of ballots URLs over a
// tenth of Poland cost the server 137–155 µs a request, 103–108 µs with the row (docs/PERFORMANCE.md,
// issue 47's twenty-first session).
//
// Per ballot, two little-endian int32: the voter's name_rank, and (group + 1) × 8 + glos, where group is
// the voter's group at the vote as its place among the snapshot's groups by id_ugrupowania (-1: none).

import type Database from 'better-sqlite3';
import { VOTE_BALLOT_BYTES, groupAndValue } from '../../core/snapshot/schema.ts';
import { BatchInsert } from '../batch-insert.ts';
import type { VoteObserver } from './ballots.ts';
import type { Dimensions } from './dimensions.ts';

/** A rank times this plus a ballot's place is exact (a vote has fewer ballots than councillors). */
const RANK_SCALE = 2 ** 21;

export class VoteBallotsWriter {
  private readonly rows: BatchInsert<[number, Buffer]>;
  /** Each group index's place among the groups by id. */
  private readonly groupPlace: Int32Array;
  private keys = new Float64Array(64);

  constructor(
    db: Database.Database,
    private readonly dims: Dimensions,
    /** Each person's name_rank, by person index (writePeople). */
    private readonly nameRank: Int32Array,
  ) {
    if (dims.P >= RANK_SCALE) throw new Error(`${dims.P} councillors: more than a vote's ballots can be sorted by`);
    this.rows = new BatchInsert<[number, Buffer]>(db, 'glosowanie_glosy', ['id_glosowania', 'glosy']);
    const byId = dims.groupIds.map((id, index) => ({ id, index })).sort((a, b) => a.id - b.id);
    this.groupPlace = new Int32Array(dims.groupIds.length);
    byId.forEach(({ index }, place) => {
      this.groupPlace[index] = place;
    });
  }

  readonly observe: VoteObserver = (v, n, voters, codes, groups) => {
    if (n === 0) return; // no ballots, no row (a tally-only vote)
    if (this.keys.length < n) this.keys = new Float64Array(n * 2);
    const keys = this.keys.subarray(0, n);
    for (let i = 0; i < n; i++) keys[i] = this.nameRank[voters[i]!]! * RANK_SCALE + i;
    keys.sort();
    const row = Buffer.allocUnsafe(n * VOTE_BALLOT_BYTES);
    for (let k = 0; k < n; k++) {
      const i = keys[k]! % RANK_SCALE;
      const group = groups[i]!;
      row.writeInt32LE(this.nameRank[voters[i]!]!, k * VOTE_BALLOT_BYTES);
      row.writeInt32LE(groupAndValue(group < 0 ? -1 : this.groupPlace[group]!, codes[i]!), k * VOTE_BALLOT_BYTES + 4);
    }
    this.rows.add(this.dims.votes.id[v]!, row);
  };

  /** Writes what is queued: at the end of the pass. */
  finish(): void {
    this.rows.flush();
  }
}
