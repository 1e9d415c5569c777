// Every prepared statement of one snapshot, built once when the snapshot is opened.

import type Database from 'better-sqlite3';
import { GlosowaniaQueries } from '../glosowania/queries.ts';
import { PolitykiQueries } from '../polityki/queries.ts';
import { PosiedzeniaQueries } from '../posiedzenia/queries.ts';
import { RadniQueries } from '../radni/queries.ts';
import { StatystykiQueries } from '../statystyki/queries.ts';
import { UtilsQueries } from '../utils/queries.ts';

export function createQueries(db: Database.Database) {
  return {
    radni: new RadniQueries(db),
    glosowania: new GlosowaniaQueries(db),
    statystyki: new StatystykiQueries(db),
    posiedzenia: new PosiedzeniaQueries(db),
    utils: new UtilsQueries(db),
    polityki: new PolitykiQueries(db),
  };
}

export type Queries = ReturnType<typeof createQueries>;
