// The published snapshot's manifest: what a replica reads before it downloads anything. The ETL writes
// it beside the database it publishes (`<db>.manifest.json`), so the builder's folder can be served as
// it is by `council serve` (PUBLISH_PORT) or any static file server; a replica (`council serve
// --follow <manifest URL>`) downloads `file`, resolved against the manifest's URL, and serves it only
// when its size and SHA-256 are these.

import { createHash } from 'node:crypto';
import { createReadStream, statSync } from 'node:fs';
import { basename } from 'node:path';
import Database from 'better-sqlite3';
import { z } from 'zod';
import { writeFileAtomic } from '../atomic-file.ts';

export const MANIFEST_FORMAT = 'council-snapshot-manifest/1';

export const snapshotManifest = z.object({
  format: z.literal(MANIFEST_FORMAT),
  /** The snapshot id (meta `snapshot`), its build time and its source (meta `built_at`, `source`). */
  snapshot: z.string().min(1),
  built_at: z.iso.datetime(),
  source: z.string(),
  schema_version: z.int(),
  /** The database file, a bare name in the manifest's folder. */
  file: z.string().regex(/^[^/\\?#]+$/, 'must be a file name in the manifest\'s folder'),
  size: z.int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/, 'must be 64 lowercase hex digits'),
});
export type SnapshotManifest = z.infer<typeof snapshotManifest>;

export const manifestPathOf = (dbPath: string): string => `${dbPath}.manifest.json`;

/** What a snapshot file says of itself (its meta table), or undefined when it is not one. */
export interface SnapshotMeta { snapshot: string; builtAt: string; source: string; schemaVersion: number }

export function snapshotMetaOf(path: string): SnapshotMeta | undefined {
  let db: Database.Database | undefined;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
    const meta = new Map(db.prepare("SELECT key, value FROM meta WHERE key IN ('snapshot', 'built_at', 'source', 'schema_version')")
      .raw().all() as Array<[string, string]>);
    const snapshot = meta.get('snapshot');
    if (!snapshot) return undefined;
    return { snapshot, builtAt: meta.get('built_at') ?? '', source: meta.get('source') ?? '', schemaVersion: Number(meta.get('schema_version')) };
  } catch {
    return undefined;
  } finally {
    db?.close();
  }
}

export async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * The manifest of the snapshot file at `path` (read whole once for its digest), to be published under
 * the name `file` (a build file is described before it is renamed to the published name).
 */
export async function manifestOf(path: string, file = basename(path)): Promise<SnapshotManifest> {
  const meta = snapshotMetaOf(path);
  if (!meta) throw new Error(`${path} is not a council snapshot: no manifest can describe it`);
  return {
    format: MANIFEST_FORMAT, snapshot: meta.snapshot, built_at: meta.builtAt, source: meta.source, schema_version: meta.schemaVersion,
    file, size: statSync(path).size, sha256: await sha256Of(path),
  };
}

/** Writes the manifest beside `dbPath` atomically: a reader sees the previous one or this one, whole. */
export function writeManifest(dbPath: string, manifest: SnapshotManifest): void {
  writeFileAtomic(manifestPathOf(dbPath), `${JSON.stringify(manifest, null, 2)}\n`);
}
