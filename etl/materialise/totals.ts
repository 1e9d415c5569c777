// Phase 7 of materialise: agenda points and sessions in their list orders, and the global figures
// per (scope, body) of CONTRACT §4 and §7: dashboard counts, monthly attendance, term lookups.

import type Database from 'better-sqlite3';
import { percent } from '../../core/contract.ts';
import { compareNatural } from '../../core/text.ts';
import { type Attendance, MONTH_SPAN } from './attendance.ts';
import { type Dimensions, compareText, monthText } from './dimensions.ts';
import type { BodySlot, BodyTally } from './tally.ts';
import { BodyField } from './tally.ts';

export function writeSessions(db: Database.Database, dims: Dimensions, attendance: Attendance): void {
  const { sessions } = dims;
  const points = db.prepare('SELECT id_punktu, id_posiedzenia, numer FROM punkt').all() as
    Array<{ id_punktu: number; id_posiedzenia: number; numer: string }>;
  const votesPerPoint = new Map<number, number>();
  const votesPerSession = new Int32Array(sessions.length);
  for (const v of dims.votes) {
    votesPerSession[v.session]!++;
    if (v.point !== null) votesPerPoint.set(v.point, (votesPerPoint.get(v.point) ?? 0) + 1);
  }
  const pointsPerSession = new Int32Array(sessions.length);
  for (const point of points) pointsPerSession[dims.sessionIndex.get(point.id_posiedzenia)!]!++;
  points.sort((a, b) => a.id_posiedzenia - b.id_posiedzenia || compareNatural(a.numer, b.numer) || a.id_punktu - b.id_punktu);
  const updatePoint = db.prepare('UPDATE punkt SET ord = ?, liczba_glosowan = ? WHERE id_punktu = ?');
  const updateSession = db.prepare(`UPDATE posiedzenie SET ord = ?, liczba_glosowan = ?, obecni = ?, liczba_obecnosci = ?,
    frekwencja_procent = ?, liczba_punktow = ? WHERE id_posiedzenia = ?`);
  db.transaction(() => {
    points.forEach((point, i) => updatePoint.run(i + 1, votesPerPoint.get(point.id_punktu) ?? 0, point.id_punktu));
    const listOrder = sessions.map((_, i) => i).sort((a, b) =>
      compareText(sessions[b]!.date, sessions[a]!.date) || sessions[b]!.id - sessions[a]!.id);
    listOrder.forEach((si, i) => {
      const present = attendance.present[si]!;
      const records = attendance.records[si]!;
      updateSession.run(i + 1, votesPerSession[si], present, records, percent(present, records), pointsPerSession[si], sessions[si]!.id);
    });
  })();
}

export function writeTotals(db: Database.Database, dims: Dimensions, attendance: Attendance, bodyTally: BodyTally, cells: Map<number, BodySlot[]>): void {
  const width = dims.B + 1; // body slot 0 = all bodies, b + 1 = body b
  const bodyIdOf = (slot: number) => (slot === 0 ? 0 : dims.bodies[slot - 1]!);
  // liczba_radnych: over all bodies, persons with a membership in scope; of one body, persons with an attendance record there.
  const people = new Int32Array(dims.S * width);
  for (let s = 0; s < dims.S; s++) {
    for (let p = 0; p < dims.P; p++) if (dims.display(p, s) !== null) people[s * width]!++;
  }
  for (const slots of cells.values()) {
    for (const c of slots) if (bodyTally.get(c.slot, BodyField.liczba_posiedzen) > 0) people[c.scope * width + c.body + 1]!++;
  }

  const insertSummary = db.prepare(`INSERT INTO zestawienie (kadencja, id_organu, liczba_posiedzen, liczba_glosow,
    liczba_radnych, obecnosci, liczba_obecnosci) VALUES (?, ?, ?, ?, ?, ?, ?)`);
  const insertMonth = db.prepare(`INSERT INTO miesiac (kadencja, id_organu, miesiac, liczba_posiedzen, obecnosci, nieobecnosci)
    VALUES (?, ?, ?, ?, ?, ?)`);
  const insertTerm = db.prepare('INSERT INTO kadencja_stat (kadencja, liczba_radnych, liczba_posiedzen, liczba_glosowan) VALUES (?, ?, ?, ?)');
  db.transaction(() => {
    for (let cell = 0; cell < dims.S * width; cell++) {
      insertSummary.run(dims.scopes[Math.floor(cell / width)], bodyIdOf(cell % width), attendance.scopeSessions[cell],
        attendance.scopeVotes[cell], people[cell], attendance.scopePresent[cell], attendance.scopeRecords[cell]);
    }
    for (const [key, [sessions, present, absent]] of attendance.bodyMonths) {
      const month = key % MONTH_SPAN;
      const cell = (key - month) / MONTH_SPAN;
      insertMonth.run(dims.scopes[Math.floor(cell / width)], bodyIdOf(cell % width), monthText(month), sessions, present, absent);
    }
    for (let s = 1; s < dims.S; s++) {
      insertTerm.run(dims.scopes[s], people[s * width], attendance.scopeSessions[s * width], attendance.scopeVotes[s * width]);
    }
  })();
}
