// The data credit recorded in a snapshot (core/credit.ts), for the footer, the exports and the feeds.

import type Database from 'better-sqlite3';
import { CREDIT_META_KEY, CREDIT_OF_FORMAT, type DataCredit, dataCredit } from '../core/credit.ts';
import { isSourceFormat } from '../core/sources.ts';
import { rawRows } from './snapshot/statement.ts';

/**
 * The snapshot's credit. A snapshot built before credits were recorded has none: its format (meta
 * `source`, `<format>:<path>`) decides, as it would have at build time for a bundle without `zrodlo.json`.
 */
export function readCredit(db: Database.Database): DataCredit {
  const meta = rawRows<[string, string], [string, string]>(db, 'SELECT key, value FROM meta WHERE key IN (?, ?)').all(
    CREDIT_META_KEY,
    'source',
  );
  const value = new Map(meta);
  const recorded = value.get(CREDIT_META_KEY);
  if (recorded !== undefined) return dataCredit.parse(JSON.parse(recorded));
  const format = value.get('source')?.split(':')[0];
  return CREDIT_OF_FORMAT[isSourceFormat(format) ? format : 'csv'];
}
