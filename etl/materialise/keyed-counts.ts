// Counters per key in named typed columns: a slot per key, allocated on first use, so sparse keys
// (a person's months, a body's months) cost a map entry and a few integers each, not an object.

export class KeyedCounts<Column extends string> {
  private readonly slots = new Map<number, number>();
  private keyOf = new Float64Array(1024);
  private readonly columns: Record<Column, Int32Array>;
  size = 0;

  constructor(private readonly names: readonly Column[]) {
    this.columns = Object.fromEntries(names.map((name) => [name, new Int32Array(1024)])) as Record<Column, Int32Array>;
  }

  /** The slot of `key`, allocated (its counts 0) on first use. */
  slot(key: number): number {
    let slot = this.slots.get(key);
    if (slot === undefined) {
      slot = this.size++;
      this.slots.set(key, slot);
      if (slot === this.keyOf.length) this.grow();
      this.keyOf[slot] = key;
    }
    return slot;
  }

  add(slot: number, column: Column, by = 1): void {
    this.columns[column][slot]! += by;
  }

  get(slot: number, column: Column): number {
    return this.columns[column][slot]!;
  }

  key(slot: number): number {
    return this.keyOf[slot]!;
  }

  private grow(): void {
    this.keyOf = doubled(this.keyOf);
    for (const name of this.names) this.columns[name] = doubled(this.columns[name]);
  }
}

/** A copy of `a` twice as long (the rest zeros), for columns that grow as rows arrive. */
export function doubled<T extends Int32Array | Uint8Array | Float64Array>(a: T): T {
  const b = new (a.constructor as new (n: number) => T)(a.length * 2);
  b.set(a);
  return b;
}

/**
 * Rows 0…rows-1 grouped by key, each group's in row order (a counting sort): key k's rows are
 * `order[start[k]…start[k + 1])`. `keyOf[row]` is the row's key, in 0…keys-1.
 */
export function groupedByKey(
  keyOf: ArrayLike<number>,
  rows: number,
  keys: number,
): { start: Int32Array; order: Int32Array } {
  const start = new Int32Array(keys + 1);
  for (let row = 0; row < rows; row++) start[keyOf[row]! + 1]!++;
  for (let k = 0; k < keys; k++) start[k + 1]! += start[k]!;
  const order = new Int32Array(rows);
  const next = start.slice(0, keys);
  for (let row = 0; row < rows; row++) order[next[keyOf[row]!]!++] = row;
  return { start, order };
}
