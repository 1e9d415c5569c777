// The ids of millions of rows (a national bundle's votes, agenda points and attachments) and their
// positions in the order added, as a typed array instead of a Map: 8 bytes an id instead of ~40, and
// nothing for the garbage collector to walk (the loader's maps were 1.5 GB of heap for all of Poland).
// While ids arrive in ascending order, as in every bundle we know, an id is found by bisection (and a
// new one is known to be new by being the largest); the first id out of order moves them to a Map,
// so any order stays correct.

export class IdIndex {
  private ids = new Float64Array(1024);
  private map: Map<number, number> | null = null;
  /** Where the last id was found: lookups mostly walk forward through the ids. */
  private last = 0;
  size = 0;

  /** Adds `id`, which must not be here yet; returns its position (the number of ids added before it). */
  add(id: number): number {
    const position = this.size++;
    if (position === this.ids.length) {
      const wider = new Float64Array(Math.max(1024, this.ids.length * 2));
      wider.set(this.ids);
      this.ids = wider;
    }
    this.ids[position] = id;
    if (this.map) {
      this.map.set(id, position);
    } else if (position > 0 && id < this.ids[position - 1]!) {
      this.map = new Map();
      for (let i = 0; i <= position; i++) this.map.set(this.ids[i]!, i);
    }
    return position;
  }

  /** The position of `id`, or -1. */
  indexOf(id: number): number {
    if (this.map) return this.map.get(id) ?? -1;
    const { ids, size, last } = this;
    if (size === 0 || id > ids[size - 1]! || id < ids[0]!) return -1;
    if (ids[last] === id) return last;
    if (last + 1 < size && ids[last + 1] === id) return (this.last = last + 1);
    for (let low = 0, high = size - 1; low <= high;) {
      const middle = (low + high) >>> 1;
      const value = ids[middle]!;
      if (value < id) low = middle + 1;
      else if (value > id) high = middle - 1;
      else return (this.last = middle);
    }
    return -1;
  }

  has(id: number): boolean {
    return this.indexOf(id) >= 0;
  }

  /** Lets go of the ids. */
  clear(): void {
    this.ids = new Float64Array(0);
    this.map = null;
    this.size = 0;
    this.last = 0;
  }
}
