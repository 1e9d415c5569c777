// Phase 4 of materialise: the final attendance records (given by the source, else derived from the
// ballots: present when any ballot of the session is not `nieobecny`), stored with the group at the
// session date, and counted per councillor, per month and per (scope, body).

import type Database from 'better-sqlite3';
import type { Dimensions, Session } from './dimensions.ts';
import { BodyField, type BodyTally, Field, type PersonTally } from './tally.ts';

/** Month numbers (year × 12 + month − 1) stay below this, so (slot, month) packs into one number. */
export const MONTH_SPAN = 12 * 10_000;

export class Attendance {
  /** Per session: present records, all records. */
  readonly present: Int32Array;
  readonly records: Int32Array;
  /** (s × P + p) × MONTH_SPAN + month -> [records, present]. */
  readonly personMonths = new Map<number, [number, number]>();
  /** (s × (B + 1) + bodySlot) × MONTH_SPAN + month -> [sessions, present, absent]; bodySlot 0 = all bodies, b + 1 = body b. */
  readonly bodyMonths = new Map<number, [number, number, number]>();
  /** Per (s × (B + 1) + bodySlot): present records, all records, sessions, votes. */
  readonly scopePresent: Int32Array;
  readonly scopeRecords: Int32Array;
  readonly scopeSessions: Int32Array;
  readonly scopeVotes: Int32Array;
  rows = 0;

  constructor(private readonly dims: Dimensions) {
    this.present = new Int32Array(dims.sessions.length);
    this.records = new Int32Array(dims.sessions.length);
    const scopeBodies = dims.S * (dims.B + 1);
    this.scopePresent = new Int32Array(scopeBodies);
    this.scopeRecords = new Int32Array(scopeBodies);
    this.scopeSessions = new Int32Array(scopeBodies);
    this.scopeVotes = new Int32Array(scopeBodies);
  }

  /** The (scope, body) cells a session counts in: its term and all terms, its body and all bodies. */
  cellsOf(session: Session): number[] {
    const width = this.dims.B + 1;
    return this.dims.scopesOf(session).flatMap((s) => [s * width + session.body + 1, s * width]);
  }
}

export function recordAttendance(
  db: Database.Database, dims: Dimensions, tally: PersonTally, bodyTally: BodyTally, derivedPresence: Map<number, number>,
): Attendance {
  const attendance = new Attendance(dims);
  const votesPerSession = new Int32Array(dims.sessions.length);
  for (const vote of dims.votes) votesPerSession[vote.session]!++;
  dims.sessions.forEach((session, si) => {
    for (const cell of attendance.cellsOf(session)) {
      attendance.scopeSessions[cell]!++;
      attendance.scopeVotes[cell]! += votesPerSession[si]!;
      monthCell(attendance.bodyMonths, cell * MONTH_SPAN + session.month)[0]++;
    }
  });

  const insert = db.prepare('INSERT INTO obecnosc (id_posiedzenia, id_osoby, obecny, id_ugrupowania) VALUES (?, ?, ?, ?)');
  const record = (si: number, p: number, present: number) => {
    const session = dims.sessions[si]!;
    insert.run(session.id, dims.people[p]!.id, present, dims.groupAt(p, session.scope, session.date));
    attendance.rows++;
    attendance.records[si]!++;
    attendance.present[si]! += present;
    for (const s of dims.scopesOf(session)) {
      tally.add(s, p, Field.liczba_posiedzen);
      tally.add(s, p, Field.obecnosci, present);
      const slot = bodyTally.slot(s, session.body, p);
      bodyTally.add(slot, BodyField.liczba_posiedzen);
      bodyTally.add(slot, BodyField.obecnosci, present);
      const month = attendance.personMonths.get((s * dims.P + p) * MONTH_SPAN + session.month);
      if (month) { month[0]++; month[1] += present; } else attendance.personMonths.set((s * dims.P + p) * MONTH_SPAN + session.month, [1, present]);
    }
    for (const cell of attendance.cellsOf(session)) {
      attendance.scopeRecords[cell]!++;
      attendance.scopePresent[cell]! += present;
      monthCell(attendance.bodyMonths, cell * MONTH_SPAN + session.month)[present ? 1 : 2]++;
    }
  };
  db.transaction(() => {
    const given = db.prepare('SELECT id_posiedzenia, id_osoby, obecny FROM temp.obecnosc_podana').raw().all() as Array<[number, number, number]>;
    for (const [session, person, present] of given) record(dims.sessionIndex.get(session)!, dims.personIndex.get(person)!, present);
    for (const [key, present] of derivedPresence) record(Math.floor(key / dims.P), key % dims.P, present);
  })();
  return attendance;
}

function monthCell(months: Map<number, [number, number, number]>, key: number): [number, number, number] {
  let cell = months.get(key);
  if (!cell) months.set(key, (cell = [0, 0, 0]));
  return cell;
}
