// Counters for the evidence figures (CONTRACT §9), filled during the one pass over the ballots (it
// calls `observe` once per vote): each person's ballots by value per block (term × body), the page
// totals of a councillor's votes filtered by `glos` and `organ`; and each group's cohesion sums per
// block and month. Blocks partition the votes, so every (scope, body) cell is a sum of blocks,
// rolled up by the phases that write the tables (evidence.ts, cohesion.ts).

import { GLOS_VALUES, isActive } from '../../core/contract.ts';
import type { VoteObserver } from './ballots.ts';
import { type Dimensions, MONTH_SPAN, monthOf } from './dimensions.ts';
import { doubled } from './keyed-counts.ts';

const VALUES = GLOS_VALUES.length;

export class EvidenceTally {
  /** Slot of (block, person): ballotCounts[slot × 5 + code]. */
  private readonly ballotSlots = new Map<number, number>(); // block × P + person -> slot
  ballotBlock = new Int32Array(1024);
  ballotPerson = new Int32Array(1024);
  ballotCounts = new Int32Array(1024 * VALUES);
  ballotSize = 0;
  // A person's ballots mostly come block after block: the last slot per person spares the map lookup.
  private readonly lastBlock: Int32Array;
  private readonly lastSlot: Int32Array;

  /** Slot of (block, group index, month): votes counted, Σ(3·max − T), Σ 2·T (CONTRACT §9). */
  private readonly cohesionSlots = new Map<number, number>();
  cohesionBlock = new Int32Array(256);
  cohesionGroup = new Int32Array(256);
  cohesionMonth = new Int32Array(256);
  cohesionVotes = new Float64Array(256);
  cohesionNumerator = new Float64Array(256);
  cohesionDenominator = new Float64Array(256);
  cohesionSize = 0;
  /** Active ballots per (group index, option) at the current vote, and the groups touched. */
  private readonly groupCounts: Int32Array;
  private readonly touched: number[] = [];

  constructor(private readonly dims: Dimensions) {
    this.lastBlock = new Int32Array(dims.P).fill(-1);
    this.lastSlot = new Int32Array(dims.P);
    this.groupCounts = new Int32Array(Math.max(dims.groupIndex.size, 1) * 3);
  }

  readonly observe: VoteObserver = (v, n, voters, codes, groups) => {
    const block = this.dims.votes.block[v]!;
    for (let i = 0; i < n; i++) {
      const slot = this.ballotSlot(block, voters[i]!);
      this.ballotCounts[slot * VALUES + codes[i]!]!++;
      const g = groups[i]!;
      if (g < 0 || !isActive(codes[i]!)) continue;
      if (this.groupCounts[g * 3]! + this.groupCounts[g * 3 + 1]! + this.groupCounts[g * 3 + 2]! === 0)
        this.touched.push(g);
      this.groupCounts[g * 3 + codes[i]!]!++;
    }
    if (this.touched.length === 0) return;
    const month = monthOf(this.dims.votes.date(v));
    for (const g of this.touched) {
      const yes = this.groupCounts[g * 3]!;
      const no = this.groupCounts[g * 3 + 1]!;
      const abstain = this.groupCounts[g * 3 + 2]!;
      this.groupCounts[g * 3] = this.groupCounts[g * 3 + 1] = this.groupCounts[g * 3 + 2] = 0;
      const total = yes + no + abstain;
      if (total < 2) continue;
      const slot = this.cohesionSlot(block, g, month);
      this.cohesionVotes[slot]!++;
      this.cohesionNumerator[slot]! += 3 * Math.max(yes, no, abstain) - total;
      this.cohesionDenominator[slot]! += 2 * total;
    }
    this.touched.length = 0;
  };

  private ballotSlot(block: number, person: number): number {
    if (this.lastBlock[person] === block) return this.lastSlot[person]!;
    const key = block * this.dims.P + person;
    let slot = this.ballotSlots.get(key);
    if (slot === undefined) {
      slot = this.ballotSize++;
      this.ballotSlots.set(key, slot);
      if (slot === this.ballotBlock.length) {
        this.ballotBlock = doubled(this.ballotBlock);
        this.ballotPerson = doubled(this.ballotPerson);
        this.ballotCounts = doubled(this.ballotCounts);
      }
      this.ballotBlock[slot] = block;
      this.ballotPerson[slot] = person;
    }
    this.lastBlock[person] = block;
    this.lastSlot[person] = slot;
    return slot;
  }

  private cohesionSlot(block: number, group: number, month: number): number {
    const key = (block * this.dims.groupIndex.size + group) * MONTH_SPAN + month;
    let slot = this.cohesionSlots.get(key);
    if (slot === undefined) {
      slot = this.cohesionSize++;
      this.cohesionSlots.set(key, slot);
      if (slot === this.cohesionBlock.length) {
        this.cohesionBlock = doubled(this.cohesionBlock);
        this.cohesionGroup = doubled(this.cohesionGroup);
        this.cohesionMonth = doubled(this.cohesionMonth);
        this.cohesionVotes = doubled(this.cohesionVotes);
        this.cohesionNumerator = doubled(this.cohesionNumerator);
        this.cohesionDenominator = doubled(this.cohesionDenominator);
      }
      this.cohesionBlock[slot] = block;
      this.cohesionGroup[slot] = group;
      this.cohesionMonth[slot] = month;
    }
    return slot;
  }

  /** The persons with at least one ballot in each block (person indexes, ascending = id order). */
  votersByBlock(): number[][] {
    const voters: number[][] = this.dims.blocks.map(() => []);
    for (let slot = 0; slot < this.ballotSize; slot++) voters[this.ballotBlock[slot]!]!.push(this.ballotPerson[slot]!);
    for (const list of voters) list.sort((a, b) => a - b);
    return voters;
  }
}
