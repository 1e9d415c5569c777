// Phase "councils" of materialise: the council each person and each group belongs to (issue 36), so
// every list of the API can name it (`id_organu`, `organ`) with one join, never a count per request.
//
// A person's council is the plenary body (PLENARY_TYPES: a council, the Sejm; not a committee, which
// the data does not tie to its council) in which they have a ballot or an attendance record; a
// group's, the one in which its members have them in the terms of their memberships of it. None, or
// more than one (a CSV bundle may hold a person in a city's council and its county's), leaves it null.
// Read from radny_organ: one row per (scope, body, person) with a ballot or a record there.

import type Database from 'better-sqlite3';
import { ALL_TERMS, isPlenarySql } from '../../core/snapshot/schema.ts';

/**
 * Sets radny.id_rady; returns how many were set. Right after radny_organ is written, before the
 * indexes: a vote's ballots name each voter's council, and are rendered from then on (etl/run.ts).
 */
export function writePersonCouncils(db: Database.Database): number {
  return db
    .prepare(
      `UPDATE radny SET id_rady = c.id_organu FROM (
      SELECT ro.id_osoby, min(ro.id_organu) AS id_organu
      FROM radny_organ ro JOIN organ o ON o.id_organu = ro.id_organu
      WHERE ro.kadencja = '${ALL_TERMS}' AND ${isPlenarySql('o')}
      GROUP BY ro.id_osoby HAVING count(*) = 1) AS c
    WHERE radny.id_osoby = c.id_osoby`,
    )
    .run().changes;
}

/** Sets ugrupowanie.id_rady; returns how many were set. */
export function writeGroupCouncils(db: Database.Database): number {
  // radny_organ_osoba (id_osoby, kadencja) finds a membership's rows: this phase runs after the indexes.
  return db
    .prepare(
      `UPDATE ugrupowanie SET id_rady = c.id_organu FROM (
      SELECT m.id_ugrupowania, min(ro.id_organu) AS id_organu
      FROM przynaleznosc m JOIN radny_organ ro ON ro.id_osoby = m.id_osoby AND ro.kadencja = m.kadencja
      JOIN organ o ON o.id_organu = ro.id_organu
      WHERE m.id_ugrupowania IS NOT NULL AND ${isPlenarySql('o')}
      GROUP BY m.id_ugrupowania HAVING count(DISTINCT ro.id_organu) = 1) AS c
    WHERE ugrupowanie.id_ugrupowania = c.id_ugrupowania`,
    )
    .run().changes;
}
