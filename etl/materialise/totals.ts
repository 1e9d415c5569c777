// Phase 7 of materialise: agenda points and sessions in their list orders, and the global figures
// per (scope, body) of CONTRACT §4 and §7: dashboard counts, monthly attendance, term lookups.

import type Database from 'better-sqlite3';
import { percent } from '../../core/contract.ts';
import { compareNatural } from '../../core/text.ts';
import type { Attendance } from './attendance.ts';
import { type Dimensions, monthText } from './dimensions.ts';
import { groupedByKey } from './keyed-counts.ts';
import type { BodySlot, BodyTally } from './tally.ts';
import { BodyField } from './tally.ts';

export function writeSessions(db: Database.Database, dims: Dimensions, attendance: Attendance): void {
  const { sessions, votes } = dims;
  // Each session's votes (vote indexes grouped by session), to count the votes of its points.
  const { start: firstVote, order: votesBySession } = groupedByKey(votes.session, votes.count, sessions.count);

  // Points in list order: by session, then the natural order of numer, then id; `ord` numbers them all.
  const pointCount = db.prepare('SELECT count(*) FROM punkt').pluck().get() as number;
  const points = { id: new Float64Array(pointCount), votes: new Int32Array(pointCount) };
  const pointsPerSession = new Int32Array(sessions.count);
  let ordered = 0;
  let group: Array<{ id: number; numer: string }> = [];
  let groupSession = -1;
  const placeGroup = () => {
    if (group.length === 0) return;
    group.sort((a, b) => compareNatural(a.numer, b.numer) || a.id - b.id);
    const si = dims.sessionIndex.get(groupSession)!;
    pointsPerSession[si] = group.length;
    const local = new Map(group.map((point, i) => [point.id, ordered + i]));
    for (let k = firstVote[si]!; k < firstVote[si + 1]!; k++) {
      const at = local.get(votes.point[votesBySession[k]!]!);
      if (at !== undefined) points.votes[at]!++;
    }
    for (const point of group) points.id[ordered++] = point.id;
    group = [];
  };
  // Places the points in the order read, by session; with `byId`, read by id_punktu alone, stops (false,
  // having placed some) at a point whose session comes before the previous point's.
  const placeAll = (byId: boolean): boolean => {
    const order = byId ? 'id_punktu' : 'id_posiedzenia, id_punktu';
    for (const [id, session, numer] of db
      .prepare(`SELECT id_punktu, id_posiedzenia, numer FROM punkt ORDER BY ${order}`)
      .raw()
      .iterate() as Iterable<[number, number, string]>) {
      if (session !== groupSession) {
        if (byId && group.length > 0 && session < groupSession) return false;
        placeGroup();
        groupSession = session;
      }
      group.push({ id, numer });
    }
    placeGroup();
    return true;
  };
  // Read in id order, which is the sessions' order when each session's points are numbered after the
  // previous session's (as in every source we know): punkt has no index on its session yet, and SQLite
  // sorting every point by it cost a tenth of Poland ~0.3 CPU s. Otherwise placed again, sorted.
  if (!placeAll(true)) {
    points.votes.fill(0);
    pointsPerSession.fill(0);
    ordered = 0;
    group = [];
    groupSession = -1;
    placeAll(false);
  }

  const updatePoint = db.prepare<[number, number, number]>(
    'UPDATE punkt SET ord = ?, liczba_glosowan = ? WHERE id_punktu = ?',
  );
  const updateSession = db.prepare<
    [number, number, number, number, number, number, number, number]
  >(`UPDATE posiedzenie SET ord = ?,
    liczba_glosowan = ?, obecni = ?, liczba_obecnosci = ?, frekwencja_procent = ?, liczba_punktow = ?, lista_obecnosci = ?
    WHERE id_posiedzenia = ?`);
  db.transaction(() => {
    for (let i = 0; i < pointCount; i++) updatePoint.run(i + 1, points.votes[i]!, points.id[i]!);
    const { date, id } = sessions;
    const listOrder = Int32Array.from({ length: sessions.count }, (_, i) => i).sort(
      (a, b) => date[b]! - date[a]! || id[b]! - id[a]!,
    );
    listOrder.forEach((si, i) => {
      const present = attendance.present[si]!;
      const records = attendance.records[si]!;
      updateSession.run(
        i + 1,
        firstVote[si + 1]! - firstVote[si]!,
        present,
        records,
        percent(present, records),
        pointsPerSession[si]!,
        sessions.givenAttendance[si]!,
        id[si]!,
      );
    });
  })();
}

export function writeTotals(
  db: Database.Database,
  dims: Dimensions,
  attendance: Attendance,
  bodyTally: BodyTally,
  cells: Map<number, BodySlot[]>,
): void {
  const width = dims.B + 1; // body slot 0 = all bodies, b + 1 = body b
  const bodyIdOf = (slot: number) => (slot === 0 ? 0 : dims.bodies[slot - 1]!);
  // liczba_radnych: over all bodies, persons with a membership in scope; of one body, persons with an attendance record there.
  const people = new Int32Array(dims.S * width);
  for (let s = 0; s < dims.S; s++) {
    for (let p = 0; p < dims.P; p++) if (dims.display(p, s) !== null) people[s * width]!++;
  }
  for (const slots of cells.values()) {
    for (const c of slots)
      if (bodyTally.get(c.slot, BodyField.liczba_posiedzen) > 0) people[c.scope * width + c.body + 1]!++;
  }

  const insertSummary = db.prepare<
    [string, number, number, number, number, number, number]
  >(`INSERT INTO zestawienie (kadencja,
    id_organu, liczba_posiedzen, liczba_glosow, liczba_radnych, obecnosci, liczba_obecnosci) VALUES (?, ?, ?, ?, ?, ?, ?)`);
  const insertMonth = db.prepare<
    [string, number, string, number, number, number]
  >(`INSERT INTO miesiac (kadencja, id_organu, miesiac,
    liczba_posiedzen, obecnosci, nieobecnosci) VALUES (?, ?, ?, ?, ?, ?)`);
  const insertTerm = db.prepare<[string, number, number, number]>(
    'INSERT INTO kadencja_stat (kadencja, liczba_radnych, liczba_posiedzen, liczba_glosowan) VALUES (?, ?, ?, ?)',
  );
  const { cellMonths } = attendance;
  db.transaction(() => {
    for (let cell = 0; cell < dims.S * width; cell++) {
      insertSummary.run(
        dims.scopes[Math.floor(cell / width)]!,
        bodyIdOf(cell % width),
        attendance.scopeSessions[cell]!,
        attendance.scopeVotes[cell]!,
        people[cell]!,
        attendance.scopePresent[cell]!,
        attendance.scopeRecords[cell]!,
      );
    }
    for (let slot = 0; slot < cellMonths.size; slot++) {
      const { owner: cell, month } = attendance.split(cellMonths.key(slot));
      insertMonth.run(
        dims.scopes[Math.floor(cell / width)]!,
        bodyIdOf(cell % width),
        monthText(month),
        cellMonths.get(slot, 'sessions'),
        cellMonths.get(slot, 'present'),
        cellMonths.get(slot, 'absent'),
      );
    }
    for (let s = 1; s < dims.S; s++) {
      insertTerm.run(
        dims.scopes[s]!,
        people[s * width]!,
        attendance.scopeSessions[s * width]!,
        attendance.scopeVotes[s * width]!,
      );
    }
  })();
}
