// A vote's ballots as the ETL stored them for its answer (glosowanie_glosy, etl/materialise/vote-ballots.ts):
// 8 bytes a ballot, in name order, the voter's name_rank and their group at the vote with the value
// (core/snapshot/schema.ts). The answer's JSON is written straight from that row, from UTF-8 pieces
// kept per councillor, group and value: the same bytes JSON.stringify makes of its entries
// (test/vote-ballots.test.ts), without making them: made, grouped with the collator and stringified, they
// took 19 µs of a live plain /glosy's handler and 31 of a grouped one's, now 13–17 and 14–19
// (docs/PERFORMANCE.md, issue 47's twenty-second session). The entries are made only when asked (the
// website, the share form).

import type Database from 'better-sqlite3';
import { GLOS_VALUES } from '../../core/contract.ts';
import { VOTE_BALLOT_BYTES, groupPlaceOf, valueOf } from '../../core/snapshot/schema.ts';
import { polishCollator } from '../../core/text.ts';
import { COUNCIL_COLUMNS, COUNCIL_JOIN, type CouncilOf } from '../radni/council.ts';
import { plucked, rawRows } from '../snapshot/statement.ts';

/** A ballot of a vote's answer (/api/glosowania/:id/glosy): its members in the order the answer has them. */
export interface BallotEntry extends CouncilOf {
  glos: (typeof GLOS_VALUES)[number];
  id_osoby: number;
  imie_nazwisko: string;
  ugrupowanie: string | null;
}

/** Members of a vote without a group are listed under this key in the grouped distribution. */
export const NO_GROUP = 'Niezrzeszeni';

/** Groups ballot entries by group name: largest group first, then name; no group → "Niezrzeszeni". */
export function groupBallots(entries: readonly BallotEntry[]): Record<string, BallotEntry[]> {
  const groups = new Map<string, BallotEntry[]>();
  for (const entry of entries) {
    const key = entry.ugrupowanie ?? NO_GROUP;
    const list = groups.get(key);
    if (list) list.push(entry);
    else groups.set(key, [entry]);
  }
  const ordered = [...groups].sort(([a, x], [b, y]) => y.length - x.length || polishCollator.compare(a, b));
  return Object.fromEntries(ordered);
}

type Voter = { id_osoby: number; imie_nazwisko: string } & CouncilOf;

/** A key of the grouped answer: a group's name, or NO_GROUP. Groups named alike are one key, as in groupBallots. */
interface GroupKey {
  name: string;
  /** Its place in the Polish order of all keys; keys the collator finds equal share it (the sort then keeps their first ballot's order). */
  order: number;
  /** Its number when the name is an array index, which JSON.stringify writes before all other keys, ascending. */
  index: number | undefined;
  /** `"name":`, first and after a comma. */
  first: Buffer;
  next: Buffer;
}

const json = (value: unknown) => JSON.stringify(value);
/** A name JSON objects order as an integer index: the canonical decimal of 0 … 2^32 − 2. */
const indexOf = (name: string): number | undefined => {
  const n = Number(name);
  return Number.isInteger(n) && n >= 0 && n < 2 ** 32 - 1 && String(n) === name ? n : undefined;
};

/** `{"glos":"za"`, … by the value's number. */
const VALUE_PIECES = GLOS_VALUES.map((glos) => Buffer.from(`{"glos":${json(glos)}`));

/**
 * What the rows of glosowanie_glosy refer to, read once for a snapshot: every councillor by name_rank and
 * every group's name by its place among the groups by id; and the JSON pieces written from them, each
 * made when a ballot first needs it.
 */
export class Voters {
  /** By rank: `,"id_osoby":…,"ugrupowanie":` and `,"id_organu":…}` around the group, and the entry made with the group the voter last had. */
  private readonly pieces: Array<{ head: Buffer; tail: Buffer; place: number; whole: Buffer } | undefined>;
  /** By group place + 1 (0: no group): the group's JSON, `null` or its name. */
  private readonly groupPieces: Array<Buffer | undefined>;
  /** By group place + 1 (0: no group): its key of the grouped answer. */
  private keysByPlace: GroupKey[] | undefined;

  constructor(
    private readonly byRank: ReadonlyArray<Voter | undefined>,
    private readonly groupNames: readonly string[],
  ) {
    // Filled to their length: an array first written at a high index holds its elements in a
    // dictionary, a hash lookup for each ballot's piece.
    this.pieces = new Array<undefined>(byRank.length).fill(undefined);
    this.groupPieces = new Array<undefined>(groupNames.length + 1).fill(undefined);
  }

  static read(db: Database.Database): Voters {
    const byRank: Voter[] = [];
    const people = rawRows<[], [number, string, number, number | null, string | null]>(
      db,
      `SELECT r.id_osoby, r.imie_nazwisko, r.name_rank, ${COUNCIL_COLUMNS} FROM radny r ${COUNCIL_JOIN} ORDER BY r.name_rank`,
    ).all();
    // In rank order, so that the array's elements stay packed (see the constructor).
    for (const [id_osoby, imie_nazwisko, rank, id_organu, organ] of people)
      byRank[rank] = { id_osoby, imie_nazwisko, id_organu, organ };
    return new Voters(byRank, plucked<[], string>(db, 'SELECT nazwa FROM ugrupowanie ORDER BY id_ugrupowania').all());
  }

  voter(rank: number): Voter {
    const voter = this.byRank[rank];
    if (voter === undefined) throw new Error(`a ballot of no councillor (name_rank ${rank}, glosowanie_glosy)`);
    return voter;
  }

  /** The name of the group at `place` among the groups by id (-1: no group). */
  groupAt(place: number): string | null {
    if (place < 0) return null;
    const name = this.groupNames[place];
    if (name === undefined) throw new Error(`no group at place ${place} (glosowanie_glosy)`);
    return name;
  }

  /** From `,"id_osoby"` to the entry's closing brace, for the voter at `rank` in the group at `place`. */
  entryPiece(rank: number, place: number): Buffer {
    let kept = this.pieces[rank];
    if (kept === undefined) {
      const { id_osoby, imie_nazwisko, id_organu, organ } = this.voter(rank);
      const head = Buffer.from(`,"id_osoby":${json(id_osoby)},"imie_nazwisko":${json(imie_nazwisko)},"ugrupowanie":`);
      const tail = Buffer.from(`,"id_organu":${json(id_organu)},"organ":${json(organ)}}`);
      this.pieces[rank] = kept = { head, tail, place: NaN, whole: tail };
    }
    if (kept.place !== place) {
      kept.whole = Buffer.concat([kept.head, this.groupPiece(place), kept.tail]);
      kept.place = place;
    }
    return kept.whole;
  }

  private groupPiece(place: number): Buffer {
    let piece = this.groupPieces[place + 1];
    if (piece === undefined) this.groupPieces[place + 1] = piece = Buffer.from(json(this.groupAt(place)));
    return piece;
  }

  /** The key of the grouped answer for the group at `place` (-1: none). */
  keyAt(place: number): GroupKey {
    this.groupAt(place); // a place the snapshot has, or an error
    return (this.keysByPlace ??= this.groupKeys())[place + 1]!;
  }

  /** Every place's key, in the order groupBallots compares names, read once. */
  private groupKeys(): GroupKey[] {
    const names = [...new Set([NO_GROUP, ...this.groupNames])].sort(polishCollator.compare);
    const keys = new Map<string, GroupKey>();
    let order = 0;
    names.forEach((name, i) => {
      if (i > 0 && polishCollator.compare(names[i - 1]!, name) !== 0) order++;
      keys.set(name, {
        name,
        order,
        index: indexOf(name),
        first: Buffer.from(`${json(name)}:`),
        next: Buffer.from(`,${json(name)}:`),
      });
    });
    return [NO_GROUP, ...this.groupNames].map((name) => keys.get(name)!);
  }
}

const OPEN_LIST = 0x5b; // [
const CLOSE_LIST = 0x5d; // ]
const OPEN_OBJECT = 0x7b; // {
const CLOSE_OBJECT = 0x7d; // }
const COMMA = 0x2c;

/** A vote's ballots: one row of glosowanie_glosy over the snapshot's voters. */
export class VoteBallots {
  private entryList: BallotEntry[] | undefined;

  constructor(
    private readonly row: Buffer,
    private readonly voters: Voters,
  ) {}

  get length(): number {
    return this.row.length / VOTE_BALLOT_BYTES;
  }

  private rankAt(i: number): number {
    return this.row.readInt32LE(i * VOTE_BALLOT_BYTES);
  }

  private packedAt(i: number): number {
    return this.row.readInt32LE(i * VOTE_BALLOT_BYTES + 4);
  }

  /** The entries in name order (made once). */
  entries(): BallotEntry[] {
    if (this.entryList !== undefined) return this.entryList;
    const entries: BallotEntry[] = [];
    for (let i = 0; i < this.length; i++) {
      const voter = this.voters.voter(this.rankAt(i));
      const packed = this.packedAt(i);
      entries.push({
        glos: GLOS_VALUES[valueOf(packed)]!,
        id_osoby: voter.id_osoby,
        imie_nazwisko: voter.imie_nazwisko,
        ugrupowanie: this.voters.groupAt(groupPlaceOf(packed)),
        id_organu: voter.id_organu,
        organ: voter.organ,
      });
    }
    return (this.entryList = entries);
  }

  /** The entries by group, as groupBallots orders them. */
  grouped(): Record<string, BallotEntry[]> {
    const entries = this.entries();
    return Object.fromEntries(this.groups().map(({ key, ballots }) => [key.name, ballots.map((i) => entries[i]!)]));
  }

  /** `before`, the JSON of the entries, and `after`, in one buffer (a JsonWrite: bound). */
  readonly writeList = (before: Buffer, after: Buffer): Buffer => {
    const out = Buffer.allocUnsafe(before.length + this.listBytes() + after.length);
    out.set(before, 0);
    out.set(after, this.writeListAt(out, before.length));
    return out;
  };

  /** `before`, the JSON of the grouped entries, and `after`, in one buffer (a JsonWrite: bound). */
  readonly writeGroups = (before: Buffer, after: Buffer): Buffer => {
    const groups = this.groups();
    const keyOf = (g: number) => (g === 0 ? groups[g]!.key.first : groups[g]!.key.next);
    let length = before.length + 2 + after.length; // and the braces
    for (let g = 0; g < groups.length; g++) length += keyOf(g).length + this.listBytes(groups[g]!.ballots);
    const out = Buffer.allocUnsafe(length);
    out.set(before, 0);
    let at = before.length;
    out[at++] = OPEN_OBJECT;
    for (let g = 0; g < groups.length; g++) {
      const key = keyOf(g);
      out.set(key, at);
      at = this.writeListAt(out, at + key.length, groups[g]!.ballots);
    }
    out[at++] = CLOSE_OBJECT;
    out.set(after, at);
    return out;
  };

  /** The bytes of the list of the ballots at the positions given (else all): brackets, commas, each ballot's pieces. */
  private listBytes(ballots?: readonly number[]): number {
    const count = ballots === undefined ? this.length : ballots.length;
    let length = count === 0 ? 2 : count + 1;
    for (let n = 0; n < count; n++) {
      const i = ballots === undefined ? n : ballots[n]!;
      const packed = this.packedAt(i);
      length += VALUE_PIECES[valueOf(packed)]!.length;
      length += this.voters.entryPiece(this.rankAt(i), groupPlaceOf(packed)).length;
    }
    return length;
  }

  /** Writes that list into `out` from `at`, its bytes counted by listBytes; returns where it ends. */
  private writeListAt(out: Buffer, at: number, ballots?: readonly number[]): number {
    out[at++] = OPEN_LIST;
    const count = ballots === undefined ? this.length : ballots.length;
    for (let n = 0; n < count; n++) {
      const i = ballots === undefined ? n : ballots[n]!;
      const packed = this.packedAt(i);
      if (n > 0) out[at++] = COMMA;
      const value = VALUE_PIECES[valueOf(packed)]!;
      out.set(value, at);
      at += value.length;
      const entry = this.voters.entryPiece(this.rankAt(i), groupPlaceOf(packed));
      out.set(entry, at);
      at += entry.length;
    }
    out[at++] = CLOSE_LIST;
    return at;
  }

  /**
   * The ballots (their positions) under each key, in the order JSON.stringify writes groupBallots's
   * object: keys that are array indices first, ascending; then the others as groupBallots sorts them
   * (largest first, then the Polish order of names, then the first ballot's).
   */
  private groups(): Array<{ key: GroupKey; ballots: number[] }> {
    const byKey = new Map<GroupKey, number[]>();
    for (let i = 0; i < this.length; i++) {
      const key = this.voters.keyAt(groupPlaceOf(this.packedAt(i)));
      const ballots = byKey.get(key);
      if (ballots === undefined) byKey.set(key, [i]);
      else ballots.push(i);
    }
    return [...byKey]
      .map(([key, ballots]) => ({ key, ballots }))
      .sort(
        (a, b) =>
          (a.key.index ?? Infinity) - (b.key.index ?? Infinity) ||
          b.ballots.length - a.ballots.length ||
          a.key.order - b.key.order,
      );
  }
}
