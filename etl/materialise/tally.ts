// The counters behind every per-councillor figure: dense per (scope, person), and sparse per
// (scope, body, person) for `organ` scopes (CONTRACT §7). A person sits in few of the many bodies of
// a multi-council snapshot, so the per-body counters are slots allocated on first use.

import { BRAK_GLOSU, NIEOBECNY, PRZECIW, WSTRZYMUJACY, ZA } from '../../core/contract.ts';

/** Per (scope, person) fields; the ballot codes double as the first five. */
export const Field = {
  za: ZA,
  przeciw: PRZECIW,
  wstrzymujacy: WSTRZYMUJACY,
  nieobecny: NIEOBECNY,
  brak_glosu: BRAK_GLOSU,
  liczba_posiedzen: 5,
  obecnosci: 6,
  zg_wszystkie: 7,
  zg_zgodne: 8,
  z_wiekszoscia: 9,
  w_mniejszosci: 10,
  samotne: 11,
  kluczowe: 12,
  buntownicze: 13,
  glosowania: 14,
} as const;
const FIELDS = 15;

export class PersonTally {
  private readonly counts: Int32Array;

  constructor(
    private readonly scopes: number,
    private readonly people: number,
  ) {
    this.counts = new Int32Array(scopes * people * FIELDS);
  }

  add(s: number, p: number, field: number, by = 1): void {
    this.counts[(s * this.people + p) * FIELDS + field]! += by;
  }

  get(s: number, p: number, field: number): number {
    return this.counts[(s * this.people + p) * FIELDS + field]!;
  }
}

/** Per (scope, body, person) fields: what the `organ` rankings, lists and page totals need. */
export const BodyField = {
  glosowania: 0,
  liczba_posiedzen: 1,
  obecnosci: 2,
  z_wiekszoscia: 3,
  w_mniejszosci: 4,
} as const;
const BODY_FIELDS = 5;

export interface BodySlot {
  scope: number;
  body: number;
  person: number;
  slot: number;
}

export class BodyTally {
  private readonly slots = new Map<number, number>(); // (scope × B + body) × P + person -> slot
  private counts = new Int32Array(1024 * BODY_FIELDS);
  private keys: number[] = [];

  constructor(
    private readonly bodies: number,
    private readonly people: number,
  ) {}

  /** The slot of (scope, body, person), allocated on first use. */
  slot(s: number, b: number, p: number): number {
    const key = (s * this.bodies + b) * this.people + p;
    let slot = this.slots.get(key);
    if (slot === undefined) {
      slot = this.keys.push(key) - 1;
      this.slots.set(key, slot);
      if ((slot + 1) * BODY_FIELDS > this.counts.length) {
        const wider = new Int32Array(this.counts.length * 2);
        wider.set(this.counts);
        this.counts = wider;
      }
    }
    return slot;
  }

  add(slot: number, field: number, by = 1): void {
    this.counts[slot * BODY_FIELDS + field]! += by;
  }

  get(slot: number, field: number): number {
    return this.counts[slot * BODY_FIELDS + field]!;
  }

  /** Every allocated slot, grouped by (scope, body): the populations of the per-body rankings. */
  groups(): Map<number, BodySlot[]> {
    const byScopeBody = new Map<number, BodySlot[]>();
    this.keys.forEach((key, slot) => {
      const person = key % this.people;
      const scopeBody = (key - person) / this.people;
      const body = scopeBody % this.bodies;
      const entry = { scope: (scopeBody - body) / this.bodies, body, person, slot };
      const list = byScopeBody.get(scopeBody);
      if (list) list.push(entry);
      else byScopeBody.set(scopeBody, [entry]);
    });
    return byScopeBody;
  }
}
