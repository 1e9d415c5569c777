// A digest of a source (every file's relative path and bytes, in a fixed order), recorded in the
// snapshot, so a refresh after a fetch can tell "nothing new" from "rebuild" without building.

import { createHash } from 'node:crypto';
import { closeSync, openSync, readSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import Database from 'better-sqlite3';
import { SCHEMA_VERSION } from '../core/snapshot/schema.ts';

export function sourceDigest(path: string): string {
  const hash = createHash('sha256');
  let isDirectory: boolean;
  try {
    isDirectory = statSync(path).isDirectory();
  } catch {
    return 'none'; // the reader reports a missing source in its own words
  }
  const files = isDirectory
    ? readdirSync(path, { recursive: true, encoding: 'utf8' })
        // Hidden files (fetch state, temporaries of an interrupted fetch) are not part of the source.
        .filter((name) => !name.split(/[\\/]/).some((part) => part.startsWith('.')))
        .map((name) => join(path, name))
        .filter((file) => statSync(file).isFile())
        .sort()
    : [path];
  // Each file read through one 1 MiB buffer, not whole: all of Poland's glosy.csv (1.7 GB) read whole
  // was the read + load stage's peak RSS (1,955 MiB; issue 47). The same bytes hashed in the same order.
  const buffer = Buffer.allocUnsafe(1 << 20);
  for (const file of files) {
    hash.update(relative(path, file) || '.');
    hash.update('\0');
    const fd = openSync(file, 'r');
    try {
      for (let read; (read = readSync(fd, buffer, 0, buffer.length, null)) > 0;) hash.update(buffer.subarray(0, read));
    } finally {
      closeSync(fd);
    }
    hash.update('\0');
  }
  return `sha256:${hash.digest('hex')}`;
}

/** The published snapshot's meta values at `dbPath`, if there is a snapshot this version can read. */
function publishedMeta(dbPath: string): Map<string, string> | undefined {
  try {
    const db = new Database(dbPath, { readonly: true, fileMustExist: true });
    try {
      return new Map(
        db
          .prepare("SELECT key, value FROM meta WHERE key IN ('source_digest', 'schema_version', 'code_version')")
          .raw()
          .all() as Array<[string, string]>,
      );
    } finally {
      db.close();
    }
  } catch {
    return undefined;
  }
}

/**
 * The source digest recorded in the published snapshot at `dbPath`, if there is one and this version
 * can serve it: a snapshot of another schema version (built before an upgrade) has none, so that it
 * is rebuilt even when its source has not changed.
 */
export function publishedDigest(dbPath: string): string | undefined {
  const meta = publishedMeta(dbPath);
  return meta?.get('schema_version') === String(SCHEMA_VERSION) ? meta.get('source_digest') : undefined;
}

/** The version of the code that rendered the published snapshot's stored answers (src/answers/code-version.ts), if recorded. */
export function publishedCodeVersion(dbPath: string): string | undefined {
  return publishedMeta(dbPath)?.get('code_version');
}
