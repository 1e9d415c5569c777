// A vote's ballots as JSON, written from UTF-8 pieces kept per councillor, group and value: the same
// bytes JSON.stringify makes of the entries (test/ballots-json.test.ts), in about half the time.
// JSON.stringify and the UTF-8 encoding of its result were a third of a /glosy answer's handler and
// envelope: the names and bodies are Polish, so the whole answer became a two-byte string, encoded
// again (docs/PERFORMANCE.md, issue 47's twenty-first session).

import type { GLOS_VALUES } from '../../core/contract.ts';
import type { CouncilOf } from '../radni/council.ts';

/** A ballot of a vote's answer (/api/glosowania/:id/glosy): its members in the order the answer has them. */
export interface BallotEntry extends CouncilOf {
  glos: (typeof GLOS_VALUES)[number];
  id_osoby: number;
  imie_nazwisko: string;
  ugrupowanie: string | null;
}

const OPEN_LIST = Buffer.from('[');
const CLOSE_LIST = Buffer.from(']');
const OPEN_OBJECT = Buffer.from('{');
const CLOSE_OBJECT = Buffer.from('}');
const COMMA = Buffer.from(',');

/** A councillor's two pieces of an entry, and the values they were written from. */
interface PersonPieces {
  /** From `,"id_osoby"` to `"ugrupowanie":`. */
  head: Buffer;
  /** From `,"id_organu"` to the entry's closing brace. */
  tail: Buffer;
  name: string;
  body: number | null;
  bodyName: string | null;
}

/** Kept for one snapshot: its councillors, groups and ballot values are what the pieces were written from. */
export class BallotsJson {
  private readonly people = new Map<number, PersonPieces>();
  private readonly groups = new Map<string | null, Buffer>();
  private readonly values = new Map<string, Buffer>();
  /** A group's name as a key of the grouped answer: first, and after a comma. */
  private readonly keys = new Map<string, [Buffer, Buffer]>();

  /** Appends the JSON of `entries` to `parts`; returns its length in bytes. */
  writeList(entries: readonly BallotEntry[], parts: Buffer[]): number {
    parts.push(OPEN_LIST);
    let length = entries.length === 0 ? 2 : entries.length + 1; // the brackets and the commas between entries
    for (let i = 0; i < entries.length; i++) {
      if (i > 0) parts.push(COMMA);
      const entry = entries[i]!;
      const value = this.valuePiece(entry.glos);
      const person = this.personPieces(entry);
      const group = this.groupPiece(entry.ugrupowanie);
      parts.push(value, person.head, group, person.tail);
      length += value.length + person.head.length + group.length + person.tail.length;
    }
    parts.push(CLOSE_LIST);
    return length;
  }

  /** Appends the JSON of `grouped` (group name → its entries, in the record's own order) to `parts`; returns its length. */
  writeGroups(grouped: Readonly<Record<string, readonly BallotEntry[]>>, parts: Buffer[]): number {
    parts.push(OPEN_OBJECT);
    let length = 2;
    let first = true;
    // Object.keys: the order JSON.stringify writes them in (integer-like names first).
    for (const name of Object.keys(grouped)) {
      const key = this.keyPiece(name, first);
      first = false;
      parts.push(key);
      length += key.length + this.writeList(grouped[name]!, parts);
    }
    parts.push(CLOSE_OBJECT);
    return length;
  }

  /** `"name":`, after a comma unless it is the first. */
  private keyPiece(name: string, first: boolean): Buffer {
    let pieces = this.keys.get(name);
    if (pieces === undefined) {
      const key = `${JSON.stringify(name)}:`;
      this.keys.set(name, (pieces = [Buffer.from(key), Buffer.from(`,${key}`)]));
    }
    return pieces[first ? 0 : 1];
  }

  private valuePiece(glos: string): Buffer {
    let piece = this.values.get(glos);
    if (piece === undefined) this.values.set(glos, (piece = Buffer.from(`{"glos":${JSON.stringify(glos)}`)));
    return piece;
  }

  private groupPiece(group: string | null): Buffer {
    let piece = this.groups.get(group);
    if (piece === undefined) this.groups.set(group, (piece = Buffer.from(JSON.stringify(group))));
    return piece;
  }

  /** Written again if an entry of the same councillor differs from the one they were written from. */
  private personPieces(entry: BallotEntry): PersonPieces {
    const kept = this.people.get(entry.id_osoby);
    if (
      kept !== undefined &&
      kept.name === entry.imie_nazwisko &&
      kept.body === entry.id_organu &&
      kept.bodyName === entry.organ
    )
      return kept;
    const pieces: PersonPieces = {
      head: Buffer.from(
        `,"id_osoby":${JSON.stringify(entry.id_osoby)},"imie_nazwisko":${JSON.stringify(entry.imie_nazwisko)},"ugrupowanie":`,
      ),
      tail: Buffer.from(`,"id_organu":${JSON.stringify(entry.id_organu)},"organ":${JSON.stringify(entry.organ)}}`),
      name: entry.imie_nazwisko,
      body: entry.id_organu,
      bodyName: entry.organ,
    };
    this.people.set(entry.id_osoby, pieces);
    return pieces;
  }
}
