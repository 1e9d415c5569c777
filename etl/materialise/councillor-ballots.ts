// The rows of `radny_glos` (a councillor's ballots in date order, with the flags of CONTRACT §3), put
// in the table's key order (id_osoby, ord). The ballots pass meets them in vote order; they are
// spilled to temporary files, one per range of councillors, and each range is ordered in memory —
// counted out by councillor, then each councillor's by `ord` — so the table is written in key order
// with no sort by SQLite (the index over 100 million rows was the most expensive step of all of
// Poland's build). Memory stays bounded by one range, whatever the number of ballots.

import { closeSync, fstatSync, mkdtempSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { BatchInsert } from '../batch-insert.ts';
import { Flag, codeOf, flagsOf } from './ballot-value.ts';
import type { Dimensions } from './dimensions.ts';

/** A record: person index, vote index, group index (-1: none), the ballot's value. */
const FIELDS = 4;
const RECORD_BYTES = FIELDS * 4;
/** Councillors per spill file. */
const PEOPLE_PER_RANGE = 512;
/** Records buffered per file before they are written out (64 KiB). */
const BUFFERED_RECORDS = 4096;
/** Records ordered in memory at a time: a range with more is read again for each part of its councillors. */
const RECORDS_IN_MEMORY = 1 << 22;

/** The start of a spill folder's name in the temporary folder, before the process id. */
export const SPILL_PREFIX = 'council-radny-glos-';

export class CouncillorBallots {
  /** Named with the process's id: what a killed build left is found by its supervisor (etl/publish.ts removeKilledBuild). */
  private readonly dir = mkdtempSync(join(tmpdir(), `${SPILL_PREFIX}${process.pid}-`));
  private readonly files: number[] = [];
  private readonly buffers: Int32Array[] = [];
  private readonly buffered: Int32Array;
  /** Records per person. */
  private readonly counts: Int32Array;

  constructor(
    private readonly people: number,
    private readonly recordsInMemory = RECORDS_IN_MEMORY,
  ) {
    const ranges = Math.max(1, Math.ceil(people / PEOPLE_PER_RANGE));
    try {
      for (let r = 0; r < ranges; r++) {
        this.files.push(openSync(join(this.dir, String(r)), 'w+'));
        this.buffers.push(new Int32Array(BUFFERED_RECORDS * FIELDS));
      }
    } catch (error) {
      this.close();
      throw error;
    }
    this.buffered = new Int32Array(ranges);
    this.counts = new Int32Array(people);
  }

  /** One ballot of person p at vote v; `value` is the caller's (the ballot and its flags). */
  add(p: number, v: number, group: number, value: number): void {
    const range = (p / PEOPLE_PER_RANGE) | 0;
    const buffer = this.buffers[range]!;
    const at = this.buffered[range]! * FIELDS;
    buffer[at] = p;
    buffer[at + 1] = v;
    buffer[at + 2] = group;
    buffer[at + 3] = value;
    this.counts[p]!++;
    if (++this.buffered[range]! === BUFFERED_RECORDS) this.spill(range);
  }

  private spill(range: number): void {
    const buffer = this.buffers[range]!;
    writeSync(this.files[range]!, new Uint8Array(buffer.buffer, 0, this.buffered[range]! * RECORD_BYTES));
    this.buffered[range] = 0;
  }

  /**
   * Writes out what is buffered and returns the spill as it stands: what `forEachSpilledInOrder` reads,
   * on this thread or another (a worker thread reads the same open files).
   */
  spilled(): SpilledBallots {
    for (let range = 0; range < this.files.length; range++) this.spill(range);
    return { files: [...this.files], counts: this.counts, people: this.people, recordsInMemory: this.recordsInMemory };
  }

  /**
   * Calls `emit` for every record, people in index order and each person's records by `ord[v]`
   * ascending. Returns the number of records.
   */
  forEachInOrder(ord: Int32Array, emit: (p: number, v: number, group: number, value: number) => void): number {
    return forEachSpilledInOrder(this.spilled(), ord, emit);
  }

  /** Removes the spill files. */
  close(): void {
    for (const fd of this.files) closeSync(fd);
    this.files.length = 0;
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** A spill written out (`CouncillorBallots.spilled`): its files, one per range of PEOPLE_PER_RANGE people, and the records per person. */
export interface SpilledBallots {
  files: number[];
  counts: Int32Array;
  people: number;
  recordsInMemory: number;
}

/**
 * Calls `emit` for every record of `spill`, people in index order and each person's records by `ord[v]`
 * ascending. Returns the number of records.
 */
export function forEachSpilledInOrder(
  spill: SpilledBallots,
  ord: Int32Array,
  emit: (p: number, v: number, group: number, value: number) => void,
): number {
  let total = 0;
  // One read buffer and one ordered part (grown to the largest part) for the whole pass, not one of
  // each per part: a worker thread's pass otherwise left tens of MiB of them to its collector.
  const chunk = new Int32Array(BUFFERED_RECORDS * 64 * FIELDS);
  let ordered = new Int32Array(0);
  for (let range = 0; range < spill.files.length; range++) {
    const first = range * PEOPLE_PER_RANGE;
    const end = Math.min(first + PEOPLE_PER_RANGE, spill.people);
    // Parts of the range's people whose records fit in memory together (one person at least).
    for (let from = first; from < end;) {
      let to = from + 1;
      let records = spill.counts[from]!;
      while (to < end && records + spill.counts[to]! <= spill.recordsInMemory) records += spill.counts[to++]!;
      if (ordered.length < records * FIELDS) ordered = new Int32Array(records * FIELDS);
      emitPart(spill, range, from, to, records, ord, emit, chunk, ordered);
      total += records;
      from = to;
    }
  }
  return total;
}

/** Reads the records of people [from, to) out of the range's file through `chunk`, orders them in `ordered` and emits them. */
function emitPart(
  spill: SpilledBallots,
  range: number,
  from: number,
  to: number,
  records: number,
  ord: Int32Array,
  emit: (p: number, v: number, group: number, value: number) => void,
  chunk: Int32Array,
  ordered: Int32Array,
): void {
  if (records === 0) return;
  // Where each person's records start in the ordered part.
  const start = new Int32Array(to - from + 1);
  for (let p = from; p < to; p++) start[p - from + 1] = start[p - from]! + spill.counts[p]!;
  const next = start.slice(0, to - from);
  const fd = spill.files[range]!;
  const bytes = new Uint8Array(chunk.buffer);
  for (let offset = 0, size = fstatSync(fd).size; offset < size;) {
    const read = readSync(fd, bytes, 0, Math.min(bytes.length, size - offset), offset);
    offset += read;
    for (let at = 0; at < read / 4; at += FIELDS) {
      const p = chunk[at]!;
      if (p < from || p >= to) continue;
      const slot = next[p - from]!++ * FIELDS;
      ordered[slot] = p;
      ordered[slot + 1] = chunk[at + 1]!;
      ordered[slot + 2] = chunk[at + 2]!;
      ordered[slot + 3] = chunk[at + 3]!;
    }
  }
  // Each person's records arrived in vote order; the table wants them by ord (one vote's each: no ties).
  // Votes in id order are often in ord order, or its reverse (the Sejm term's, newest first): then
  // they are emitted as they are, or backwards, without a sort.
  for (let i = 0; i < to - from; i++) {
    const first = start[i]!;
    const end = start[i + 1]!;
    let ascending = true;
    let descending = true;
    for (let slot = first + 1; slot < end && (ascending || descending); slot++) {
      const step = ord[ordered[slot * FIELDS + 1]!]! - ord[ordered[(slot - 1) * FIELDS + 1]!]!;
      if (step < 0) ascending = false;
      else descending = false;
    }
    const emitAt = (slot: number) => {
      const at = slot * FIELDS;
      emit(ordered[at]!, ordered[at + 1]!, ordered[at + 2]!, ordered[at + 3]!);
    };
    if (ascending) for (let slot = first; slot < end; slot++) emitAt(slot);
    else if (descending) for (let slot = end - 1; slot >= first; slot--) emitAt(slot);
    else {
      const slots = Int32Array.from({ length: end - first }, (_, k) => first + k);
      slots.sort((a, b) => ord[ordered[a * FIELDS + 1]!]! - ord[ordered[b * FIELDS + 1]!]!);
      for (const slot of slots) emitAt(slot);
    }
  }
}

/**
 * What a row of `radny_glos` reads beyond its record, as plain columns (from `Dimensions`, `columnsOf`):
 * what a worker thread that writes the table is handed.
 */
export interface BallotColumns {
  /** id_osoby by person index. */
  personId: Float64Array;
  /** By vote index: list position, id_glosowania, session index. */
  voteOrd: Int32Array;
  voteId: Float64Array;
  voteSession: Int32Array;
  /** By session index: scope index, id_organu. */
  sessionScope: Int32Array;
  sessionBodyId: Float64Array;
  /** kadencja by scope index; id_ugrupowania by group index. */
  scopes: string[];
  groupIds: number[];
}

/** The columns `writeSpilledBallots` reads, out of the dimensions. */
export function columnsOf(dims: Dimensions): BallotColumns {
  return {
    personId: Float64Array.from(dims.people, (person) => person.id),
    voteOrd: dims.votes.ord,
    voteId: dims.votes.id,
    voteSession: dims.votes.session,
    sessionScope: dims.sessions.scope,
    sessionBodyId: dims.sessions.bodyId,
    scopes: [...dims.scopes],
    groupIds: [...dims.groupIds],
  };
}

/** Writes `radny_glos` from the spilled rows, in key order; returns the number of rows. */
export function writeCouncillorBallots(db: Database.Database, dims: Dimensions, rows: CouncillorBallots): number {
  return writeSpilledBallots(db, columnsOf(dims), rows.spilled());
}

/** Writes `radny_glos` from `spill`, in key order; returns the number of rows. */
export function writeSpilledBallots(db: Database.Database, columns: BallotColumns, spill: SpilledBallots): number {
  const { personId, voteOrd, voteId, voteSession, sessionScope, sessionBodyId, scopes, groupIds } = columns;
  const insert = new BatchInsert<
    [
      id_osoby: number,
      ord: number,
      id_glosowania: number,
      glos: number,
      kadencja: string,
      id_organu: number,
      id_ugrupowania: number | null,
      samotny: number,
      kluczowy: number,
      buntowniczy: number,
      z_grupa: number,
    ]
  >(
    db,
    'radny_glos',
    [
      'id_osoby',
      'ord',
      'id_glosowania',
      'glos',
      'kadencja',
      'id_organu',
      'id_ugrupowania',
      'samotny',
      'kluczowy',
      'buntowniczy',
      'z_grupa',
    ],
    100,
  );
  let written = 0;
  db.transaction(() => {
    written = forEachSpilledInOrder(spill, voteOrd, (p, v, group, value) => {
      const session = voteSession[v]!;
      const flags = flagsOf(value);
      insert.add(
        personId[p]!,
        voteOrd[v]!,
        voteId[v]!,
        codeOf(value),
        scopes[sessionScope[session]!]!,
        sessionBodyId[session]!,
        group < 0 ? null : groupIds[group]!,
        flags & Flag.samotny ? 1 : 0,
        flags & Flag.kluczowy ? 1 : 0,
        flags & Flag.buntowniczy ? 1 : 0,
        flags & Flag.agrees ? 1 : 0,
      );
    });
    insert.flush();
  })();
  return written;
}
