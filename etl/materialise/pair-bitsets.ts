// Pair agreement (CONTRACT §3 koalicje) without an O(councillors² × votes) self-join: each councillor
// gets one bitset per active option over the votes of a block (one term × one body); the shared and
// equal ballots of a pair are popcounts of ANDed words. Blocks partition the votes, so a pair's
// figures in a scope are the sums over that scope's blocks, and councillors who never sit in the
// same body are never paired.

/** Bitsets of one block: per councillor, 3 options × words. */
export class BallotBlock {
  private readonly words: number;
  private readonly bits = new Map<number, Uint32Array>(); // person index -> [za | przeciw | wstrzymujacy]

  constructor(readonly voteCount: number) {
    this.words = Math.ceil(voteCount / 32);
  }

  /** Records an active ballot (option 0..2) of `person` at the block's `position`-th vote. */
  set(person: number, position: number, option: number): void {
    let bits = this.bits.get(person);
    if (bits === undefined) {
      bits = new Uint32Array(this.words * 3);
      this.bits.set(person, bits);
    }
    bits[option * this.words + (position >>> 5)]! |= 1 << (position & 31);
  }

  /** Calls `emit(a, b, shared, equal)` for every pair (a < b) sharing at least one active vote. */
  forEachPair(emit: (a: number, b: number, shared: number, equal: number) => void): void {
    const w = this.words;
    const people = [...this.bits.keys()].sort((x, y) => x - y);
    const options = people.map((p) => this.bits.get(p)!);
    const active = options.map((bits) => {
      const any = new Uint32Array(w);
      for (let i = 0; i < w; i++) any[i] = bits[i]! | bits[w + i]! | bits[2 * w + i]!;
      return any;
    });
    for (let x = 0; x < people.length; x++) {
      const ax = active[x]!;
      const ox = options[x]!;
      for (let y = x + 1; y < people.length; y++) {
        const ay = active[y]!;
        let shared = 0;
        for (let i = 0; i < w; i++) shared += popcount32(ax[i]! & ay[i]!);
        if (shared === 0) continue;
        const oy = options[y]!;
        let equal = 0;
        for (let i = 0; i < 3 * w; i++) equal += popcount32(ox[i]! & oy[i]!);
        emit(people[x]!, people[y]!, shared, equal);
      }
    }
  }
}

/** Sums of (shared, equal) per unordered pair of person indexes, for one scope. */
export class PairTotals {
  private readonly slots = new Map<number, number>();
  // Small to start: a multi-council snapshot keeps one of these per (scope, body).
  shared = new Int32Array(16);
  equal = new Int32Array(16);
  first = new Int32Array(16);
  second = new Int32Array(16);
  size = 0;

  constructor(private readonly people: number) {}

  /** Appends a pair the caller knows is not here yet (the pairs of one block are): no lookup. */
  append(a: number, b: number, shared: number, equal: number): void {
    const slot = this.size++;
    if (slot === this.shared.length) this.grow();
    this.first[slot] = a;
    this.second[slot] = b;
    this.shared[slot] = shared;
    this.equal[slot] = equal;
  }

  /** Adds into the pair's sums; not to be mixed with append on the same object. */
  add(a: number, b: number, shared: number, equal: number): void {
    const key = a * this.people + b;
    let slot = this.slots.get(key);
    if (slot === undefined) {
      slot = this.size++;
      if (slot === this.shared.length) this.grow();
      this.slots.set(key, slot);
      this.first[slot] = a;
      this.second[slot] = b;
    }
    this.shared[slot]! += shared;
    this.equal[slot]! += equal;
  }

  private grow(): void {
    const widen = (a: Int32Array) => {
      const b = new Int32Array(a.length * 2);
      b.set(a);
      return b;
    };
    this.shared = widen(this.shared);
    this.equal = widen(this.equal);
    this.first = widen(this.first);
    this.second = widen(this.second);
  }
}

/** Number of set bits in a 32-bit word. */
export function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
