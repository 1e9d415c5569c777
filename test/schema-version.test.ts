// SCHEMA_VERSION (core/snapshot/schema.ts) is what a server, a replica and the refresh check before
// they trust a snapshot file: a file of another version is refused and rebuilt. So the version must
// change whenever the tables or indexes of a snapshot do. It is derived from the schema's SQL
// (SCHEMA_SQL and INDEX_SQL, comments and spacing aside); these tests check the derivation, so that
// no one can keep the version by hand again, and that it tells old files apart.

import { hash } from 'node:crypto';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import {
  INDEX_SQL,
  SCHEMA_SQL,
  SCHEMA_VERSION,
  createSchema,
  normalisedSql,
  schemaVersionOf,
} from '../core/snapshot/schema.ts';

/** The versions kept by hand before the derivation: files of older releases carry one of these. */
const HAND_KEPT = Array.from({ length: 13 }, (_, i) => i + 1);

describe('the snapshot schema version', () => {
  it('is the digest of the schema it stands for, not a number kept by hand', () => {
    const digest = hash('sha256', `${normalisedSql(SCHEMA_SQL)}\n${normalisedSql(INDEX_SQL)}`, 'hex');
    expect(SCHEMA_VERSION).toBe(Number.parseInt(digest.slice(0, 12), 16));
    expect(SCHEMA_VERSION).toBe(schemaVersionOf(SCHEMA_SQL, INDEX_SQL));
    expect(Number.isSafeInteger(SCHEMA_VERSION)).toBe(true);
    expect(HAND_KEPT).not.toContain(SCHEMA_VERSION);
  });

  it('changes with any table or index, and not with comments or spacing', () => {
    const base = schemaVersionOf(SCHEMA_SQL, INDEX_SQL);
    const column = SCHEMA_SQL.replace('nazwa     TEXT NOT NULL,\n  typ', 'nazwa     TEXT,\n  typ');
    expect(column).not.toBe(SCHEMA_SQL);
    expect(schemaVersionOf(column, INDEX_SQL)).not.toBe(base);
    expect(schemaVersionOf(`${SCHEMA_SQL}CREATE TABLE x (y INTEGER);`, INDEX_SQL)).not.toBe(base);
    expect(schemaVersionOf(SCHEMA_SQL, `${INDEX_SQL}CREATE INDEX x ON organ (typ);`)).not.toBe(base);
    // The same statements split differently between the two are another schema's build order, not the same file.
    expect(schemaVersionOf(`${SCHEMA_SQL}${INDEX_SQL}`, '')).not.toBe(base);
    const commented = SCHEMA_SQL.replace('CREATE TABLE organ (', '-- a new comment\nCREATE TABLE   organ (\n');
    expect(commented).not.toBe(SCHEMA_SQL);
    expect(schemaVersionOf(commented, `\n\n${INDEX_SQL}  `)).toBe(base);
  });

  it('ignores comments and spacing, and nothing else', () => {
    const sql = 'CREATE TABLE a (\n  x INTEGER, -- the x\n  y TEXT\n);';
    expect(normalisedSql(sql)).toBe(normalisedSql('CREATE TABLE a (x INTEGER,y TEXT);  -- other words'));
    expect(normalisedSql(sql)).not.toBe(normalisedSql('CREATE TABLE a (x INTEGER, y BLOB);'));
    expect(normalisedSql(sql)).not.toBe(normalisedSql('CREATE TABLE a (x INTEGER, y TEXT NOT NULL);'));
  });

  it('is what a new snapshot records in its meta, as the readers compare it', () => {
    const db = new Database(':memory:');
    try {
      createSchema(db);
      expect(db.prepare("SELECT value FROM meta WHERE key = 'schema_version'").pluck().get()).toBe(
        String(SCHEMA_VERSION),
      );
    } finally {
      db.close();
    }
  });
});
