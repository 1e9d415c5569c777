// SCHEMA_VERSION (core/snapshot/schema.ts) is what a server, a replica and the refresh check before
// they trust a snapshot file: a file of another version is refused and rebuilt. So the version must
// change whenever the tables or indexes of a snapshot do. It is pinned here to a digest of the
// schema's SQL (SCHEMA_SQL and INDEX_SQL, comments and spacing aside): changing the SQL without
// bumping the version fails, saying what to do.

import { hash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { INDEX_SQL, SCHEMA_SQL, SCHEMA_VERSION } from '../core/snapshot/schema.ts';

/**
 * The schema each version stands for. Never edit an entry: a new schema is a new version, pinned
 * after the others. (Versions 1-8 were kept by hand, before this pin.)
 */
const PINNED: Readonly<Record<number, string>> = {
  9: '2b1ec8295ed78005',
  10: '1e266e5f4dc56c16',
  11: 'bc89d1f0bbe677a4',
  12: '322bc751ebe48326',
  13: '630fb684a74cb857',
};

/** The SQL without its comments and with its spacing collapsed: what the statements say. */
const normalised = (sql: string): string =>
  sql
    .replace(/--[^\n]*/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/\s*([(),;])\s*/g, '$1')
    .trim();

const schemaDigest = (): string =>
  hash('sha256', `${normalised(SCHEMA_SQL)}\n${normalised(INDEX_SQL)}`, 'hex').slice(0, 16);

describe('the snapshot schema version', () => {
  it('is pinned to the schema it stands for', () => {
    const digest = schemaDigest();
    const newest = Math.max(...Object.keys(PINNED).map(Number));
    expect(
      PINNED[SCHEMA_VERSION],
      `SCHEMA_VERSION ${SCHEMA_VERSION} is not pinned: add \`${SCHEMA_VERSION}: '${digest}',\` to PINNED in test/schema-version.test.ts`,
    ).toBeDefined();
    expect(
      digest,
      `the snapshot's SQL (SCHEMA_SQL or INDEX_SQL in core/snapshot/schema.ts) changed, but SCHEMA_VERSION is still ${SCHEMA_VERSION}, ` +
        'so servers and replicas would take a snapshot of the old schema for one of the new: ' +
        `set SCHEMA_VERSION to ${newest + 1} and add \`${newest + 1}: '${digest}',\` to PINNED in test/schema-version.test.ts`,
    ).toBe(PINNED[SCHEMA_VERSION]);
  });

  it('ignores comments and spacing, and nothing else', () => {
    const sql = 'CREATE TABLE a (\n  x INTEGER, -- the x\n  y TEXT\n);';
    expect(normalised(sql)).toBe(normalised('CREATE TABLE a (x INTEGER,y TEXT);  -- other words'));
    expect(normalised(sql)).not.toBe(normalised('CREATE TABLE a (x INTEGER, y BLOB);'));
    expect(normalised(sql)).not.toBe(normalised('CREATE TABLE a (x INTEGER, y TEXT NOT NULL);'));
  });
});
