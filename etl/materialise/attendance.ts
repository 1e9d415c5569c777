// Phase 4 of materialise: the final attendance records (given by the source, else derived from the
// ballots: present when any ballot of the session is not `nieobecny`), stored with the group at the
// session date and the person's ballots there (all, and `nieobecny` ones: CONTRACT §5, §10), and
// counted per councillor, per month and per (scope, body).

import type Database from 'better-sqlite3';
import { BatchInsert } from '../batch-insert.ts';
import type { DerivedPresence } from './ballots.ts';
import type { Dimensions } from './dimensions.ts';
import { KeyedCounts } from './keyed-counts.ts';
import { BodyField, type BodyTally, Field, type PersonTally } from './tally.ts';

export class Attendance {
  /** Per session: present records, all records. */
  readonly present: Int32Array;
  readonly records: Int32Array;
  /** Per (scope, person, month): attendance records and present ones; see personMonth. */
  readonly personMonths = new KeyedCounts(['records', 'present'] as const);
  /** Per (scope, body slot, month): sessions, present and absent records; see cellMonth. */
  readonly cellMonths = new KeyedCounts(['sessions', 'present', 'absent'] as const);
  /** Per cell s × (B + 1) + body slot (0 = all bodies, b + 1 = body b): present records, all records, sessions, votes. */
  readonly scopePresent: Int32Array;
  readonly scopeRecords: Int32Array;
  readonly scopeSessions: Int32Array;
  readonly scopeVotes: Int32Array;
  /** Months of the sessions: keys count months from the first. */
  readonly firstMonth: number;
  readonly months: number;
  rows = 0;

  constructor(private readonly dims: Dimensions) {
    const { sessions } = dims;
    this.present = new Int32Array(sessions.count);
    this.records = new Int32Array(sessions.count);
    const cells = dims.S * (dims.B + 1);
    this.scopePresent = new Int32Array(cells);
    this.scopeRecords = new Int32Array(cells);
    this.scopeSessions = new Int32Array(cells);
    this.scopeVotes = new Int32Array(cells);
    let first = Infinity;
    let last = -Infinity;
    for (const month of sessions.month) {
      first = Math.min(first, month);
      last = Math.max(last, month);
    }
    this.firstMonth = sessions.count > 0 ? first : 0;
    this.months = sessions.count > 0 ? last - first + 1 : 1;
  }

  /** The (scope, body) cells a session counts in: its term and all terms, its body and all bodies. */
  cellsOf(session: number): [number, number, number, number] {
    const width = this.dims.B + 1;
    const scope = this.dims.sessions.scope[session]!;
    const bodySlot = this.dims.sessions.body[session]! + 1;
    return [scope * width + bodySlot, scope * width, bodySlot, 0];
  }

  personMonth(s: number, p: number, month: number): number {
    return (s * this.dims.P + p) * this.months + month - this.firstMonth;
  }

  cellMonth(cell: number, month: number): number {
    return cell * this.months + month - this.firstMonth;
  }

  /** The parts of a personMonth or cellMonth key. */
  split(key: number): { owner: number; month: number } {
    const offset = key % this.months;
    return { owner: (key - offset) / this.months, month: offset + this.firstMonth };
  }
}

export function recordAttendance(
  db: Database.Database,
  dims: Dimensions,
  tally: PersonTally,
  bodyTally: BodyTally,
  derived: DerivedPresence,
): Attendance {
  const { sessions, votes } = dims;
  const attendance = new Attendance(dims);
  const votesPerSession = new Int32Array(sessions.count);
  for (let v = 0; v < votes.count; v++) votesPerSession[votes.session[v]!]!++;
  for (let si = 0; si < sessions.count; si++) {
    for (const cell of attendance.cellsOf(si)) {
      attendance.scopeSessions[cell]!++;
      attendance.scopeVotes[cell]! += votesPerSession[si]!;
      attendance.cellMonths.add(
        attendance.cellMonths.slot(attendance.cellMonth(cell, sessions.month[si]!)),
        'sessions',
      );
    }
  }

  const insert = new BatchInsert<
    [
      id_posiedzenia: number,
      id_osoby: number,
      obecny: number,
      id_ugrupowania: number | null,
      glosowania: number,
      nieobecny_w_glosowaniach: number,
    ]
  >(db, 'obecnosc', [
    'id_posiedzenia',
    'id_osoby',
    'obecny',
    'id_ugrupowania',
    'glosowania',
    'nieobecny_w_glosowaniach',
  ]);
  const record = (si: number, p: number, present: number, ballots: number, absent: number) => {
    const month = sessions.month[si]!;
    const group = dims.groupAt(p, sessions.scope[si]!, sessions.date[si]!);
    insert.add(
      sessions.id[si]!,
      dims.people[p]!.id,
      present,
      group < 0 ? null : dims.groupIds[group]!,
      ballots,
      absent,
    );
    attendance.rows++;
    attendance.records[si]!++;
    attendance.present[si]! += present;
    for (const s of [sessions.scope[si]!, 0]) {
      tally.add(s, p, Field.liczba_posiedzen);
      tally.add(s, p, Field.obecnosci, present);
      const slot = bodyTally.slot(s, sessions.body[si]!, p);
      bodyTally.add(slot, BodyField.liczba_posiedzen);
      bodyTally.add(slot, BodyField.obecnosci, present);
      const personMonth = attendance.personMonths.slot(attendance.personMonth(s, p, month));
      attendance.personMonths.add(personMonth, 'records');
      attendance.personMonths.add(personMonth, 'present', present);
    }
    for (const cell of attendance.cellsOf(si)) {
      attendance.scopeRecords[cell]!++;
      attendance.scopePresent[cell]! += present;
      attendance.cellMonths.add(
        attendance.cellMonths.slot(attendance.cellMonth(cell, month)),
        present ? 'present' : 'absent',
      );
    }
  };
  // The given records are read out first: a connection that is iterating a query cannot insert.
  const givenCount = db.prepare('SELECT count(*) FROM temp.obecnosc_podana').pluck().get() as number;
  const given = {
    session: new Int32Array(givenCount),
    person: new Int32Array(givenCount),
    present: new Uint8Array(givenCount),
  };
  let g = 0;
  for (const [session, person, present] of db
    .prepare('SELECT id_posiedzenia, id_osoby, obecny FROM temp.obecnosc_podana')
    .raw()
    .iterate() as Iterable<[number, number, number]>) {
    given.session[g] = dims.sessionIndex.get(session)!;
    given.person[g] = dims.personIndex.get(person)!;
    given.present[g++] = present;
  }
  // The ballots of a person at a session with given attendance, by session × P + person.
  const notedAt = new Map<number, number>();
  for (let i = 0; i < derived.size; i++)
    if (sessions.givenAttendance[derived.session[i]!] === 1)
      notedAt.set(derived.session[i]! * dims.P + derived.person[i]!, i);
  db.transaction(() => {
    for (let i = 0; i < givenCount; i++) {
      const noted = notedAt.get(given.session[i]! * dims.P + given.person[i]!);
      record(
        given.session[i]!,
        given.person[i]!,
        given.present[i]!,
        noted === undefined ? 0 : derived.ballots[noted]!,
        noted === undefined ? 0 : derived.absent[noted]!,
      );
    }
    for (let i = 0; i < derived.size; i++) {
      if (sessions.givenAttendance[derived.session[i]!] === 1) continue;
      record(derived.session[i]!, derived.person[i]!, derived.present[i]!, derived.ballots[i]!, derived.absent[i]!);
    }
    insert.flush();
  })();
  return attendance;
}
