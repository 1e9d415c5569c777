// The data credit recorded in a snapshot (core/credit.ts), for the footer, the exports and the feeds.

import type Database from 'better-sqlite3';
import { CREDIT_META_KEY, CREDIT_OF_FORMAT, type DataCredit } from '../core/credit.ts';
import { SOURCE_FORMATS, type SourceFormat } from '../core/sources.ts';

/**
 * The snapshot's credit. A snapshot built before credits were recorded has none: its format (meta
 * `source`, `<format>:<path>`) decides, as it would have at build time for a bundle without `zrodlo.json`.
 */
export function readCredit(db: Database.Database): DataCredit {
  const meta = db
    .prepare('SELECT key, value FROM meta WHERE key IN (?, ?)')
    .raw()
    .all(CREDIT_META_KEY, 'source') as Array<[string, string]>;
  const value = new Map(meta);
  const recorded = value.get(CREDIT_META_KEY);
  if (recorded !== undefined) return JSON.parse(recorded) as DataCredit;
  const format = value.get('source')?.split(':')[0];
  return CREDIT_OF_FORMAT[
    (SOURCE_FORMATS as readonly string[]).includes(format ?? '') ? (format as SourceFormat) : 'csv'
  ];
}
