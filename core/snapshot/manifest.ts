// The published snapshot's manifest: what a replica reads before it downloads anything. The ETL writes
// it beside the database it publishes (`<db>.manifest.json`), so the builder's folder can be served as
// it is by `council serve` (PUBLISH_PORT) or any static file server; a replica (`council serve
// --follow <manifest URL>`) downloads `file`, resolved against the manifest's URL, and serves it only
// when its size and SHA-256 are these.

import { createHash } from 'node:crypto';
import {
  type BigIntStats as Stats,
  closeSync,
  existsSync,
  fsyncSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import Database from 'better-sqlite3';
import { z } from 'zod';
import { writeFileAtomic } from '../atomic-file.ts';
import { codeOf } from '../errors.ts';

export const MANIFEST_FORMAT = 'council-snapshot-manifest/1';

export const snapshotManifest = z.object({
  format: z.literal(MANIFEST_FORMAT),
  /** The snapshot id (meta `snapshot`), its build time and its source (meta `built_at`, `source`). */
  snapshot: z.string().min(1),
  built_at: z.iso.datetime(),
  source: z.string(),
  schema_version: z.int(),
  /**
   * The database file, a bare name in the manifest's folder: no scheme or port (`:`), no folder (`/`, `\`),
   * no query, fragment or escape (`?#%`), not `.` or `..` — a replica resolves it against the manifest's
   * URL and must only ever fetch from the host it follows (issue 42: `https:127.0.0.1:4443` is a URL).
   */
  file: z
    .string()
    .regex(/^(?!\.\.?$)[^/\\?#%:\p{Cc}]+$/u, "must be a bare file name in the manifest's folder (no / \\ : ? # %)"),
  size: z.int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/, 'must be 64 lowercase hex digits'),
});
export type SnapshotManifest = z.infer<typeof snapshotManifest>;

export const manifestPathOf = (dbPath: string): string => `${dbPath}.manifest.json`;
/**
 * The manifest of a snapshot being published, beside the published one until the database is renamed
 * into place: the published manifest always names the file at the path (see `commitManifest`).
 */
export const pendingManifestPathOf = (dbPath: string): string => `${manifestPathOf(dbPath)}.next`;

/** What a snapshot file says of itself (its meta table), or undefined when it is not one. */
export interface SnapshotMeta {
  snapshot: string;
  builtAt: string;
  source: string;
  schemaVersion: number;
}

export function snapshotMetaOf(path: string): SnapshotMeta | undefined {
  let db: Database.Database | undefined;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
    const meta = new Map(
      db
        .prepare("SELECT key, value FROM meta WHERE key IN ('snapshot', 'built_at', 'source', 'schema_version')")
        .raw()
        .all()
        .filter((row): row is [string, string] => Array.isArray(row) && row.every((v) => typeof v === 'string')),
    );
    const snapshot = meta.get('snapshot');
    if (!snapshot) return undefined;
    return {
      snapshot,
      builtAt: meta.get('built_at') ?? '',
      source: meta.get('source') ?? '',
      schemaVersion: Number(meta.get('schema_version')),
    };
  } catch {
    return undefined;
  } finally {
    db?.close();
  }
}

/**
 * The SHA-256 of what `handle` reads from its start, in hex: read into one buffer, reused. A stream's
 * fresh megabyte per read (its pages faulted in, then collected) cost as much CPU as the hash itself:
 * a tenth of Poland's 1.45 GB snapshot 2.05 CPU s that way, 1.1 s this way (issue 47).
 */
async function digestOf(handle: FileHandle): Promise<string> {
  const hash = createHash('sha256');
  const buffer = Buffer.allocUnsafe(1 << 20);
  for (let position = 0; ;) {
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
    if (bytesRead === 0) break;
    hash.update(buffer.subarray(0, bytesRead));
    position += bytesRead;
  }
  return hash.digest('hex');
}

export async function sha256Of(path: string): Promise<string> {
  const handle = await open(path, 'r');
  try {
    return await digestOf(handle);
  } finally {
    await handle.close();
  }
}

/**
 * The manifest of the snapshot file at `path` (read whole once for its digest), to be published under
 * the name `file` (a build file is described before it is renamed to the published name).
 */
export async function manifestOf(path: string, file = basename(path)): Promise<SnapshotManifest> {
  const meta = snapshotMetaOf(path);
  if (!meta) throw new Error(`${path} is not a council snapshot: no manifest can describe it`);
  return {
    format: MANIFEST_FORMAT,
    snapshot: meta.snapshot,
    built_at: meta.builtAt,
    source: meta.source,
    schema_version: meta.schemaVersion,
    file,
    size: statSync(path).size,
    sha256: await sha256Of(path),
  };
}

/** Writes the manifest beside `dbPath` atomically: a reader sees the previous one or this one, whole. */
export function writeManifest(dbPath: string, manifest: SnapshotManifest): void {
  writeFileAtomic(manifestPathOf(dbPath), `${JSON.stringify(manifest, null, 2)}\n`);
}

/** Writes the manifest of the snapshot about to be published, beside the published one (see `commitManifest`). */
export function writePendingManifest(dbPath: string, manifest: SnapshotManifest): void {
  writeFileAtomic(pendingManifestPathOf(dbPath), `${JSON.stringify(manifest, null, 2)}\n`);
}

const readManifest = (path: string): SnapshotManifest | undefined => {
  try {
    return snapshotManifest.parse(JSON.parse(readFileSync(path, 'utf8')));
  } catch {
    return undefined;
  }
};

/**
 * Puts the pending manifest in place once the database it describes is the published file. A build
 * publishes: the pending manifest (a failure to write it publishes nothing), the database's rename, this
 * rename. A build killed between the two renames leaves the old manifest naming a file that is no longer
 * there, with the pending one naming the file that is: `settleManifest` finishes the job.
 */
export function commitManifest(dbPath: string, snapshot: string): void {
  try {
    renameSync(pendingManifestPathOf(dbPath), manifestPathOf(dbPath));
  } catch (error) {
    // The publisher settled it first (it saw the new file and the pending manifest): nothing left to do.
    if (codeOf(error) !== 'ENOENT' || readManifest(manifestPathOf(dbPath))?.snapshot !== snapshot) throw error;
  }
  const dir = openSync(dirname(dbPath), 'r');
  try {
    fsyncSync(dir);
  } finally {
    closeSync(dir);
  }
}

/**
 * A pending manifest left by a build killed after its database was renamed into place (it describes the
 * published file: same snapshot id and size) becomes the manifest. With `removeStale` (only under the build
 * lock: no build is between its two renames then), one that describes another file is removed.
 * Returns whether the manifest was replaced.
 */
export function settleManifest(dbPath: string, { removeStale }: { removeStale: boolean }): boolean {
  const pendingPath = pendingManifestPathOf(dbPath);
  if (!existsSync(pendingPath)) return false;
  const pending = readManifest(pendingPath);
  const published = snapshotMetaOf(dbPath);
  let size = -1;
  try {
    size = statSync(dbPath).size;
  } catch {
    /* nothing published */
  }
  if (pending && published?.snapshot === pending.snapshot && size === pending.size) {
    commitManifest(dbPath, pending.snapshot);
    return true;
  }
  if (removeStale) rmSync(pendingPath, { force: true });
  return false;
}

/**
 * How the file at `dbPath` stands against the manifest beside it, checked at once: `refusal` when the
 * manifest describes this snapshot but not these bytes' size (cut short, grown); `hash` (the manifest)
 * when the sizes agree and the SHA-256 remains to be checked (digestRefusal); `skipped` (why) when there is
 * nothing to check it against: no manifest, or one of another snapshot (a build was publishing).
 */
export function checkServedFile(
  dbPath: string,
): { refusal: string } | { hash: SnapshotManifest } | { skipped: string } {
  const manifest = readManifest(manifestPathOf(dbPath));
  if (!manifest) return { skipped: `no manifest beside it (${basename(manifestPathOf(dbPath))})` };
  const meta = snapshotMetaOf(dbPath); // undefined when it does not even open: then its size speaks
  if (meta && meta.snapshot !== manifest.snapshot)
    return { skipped: `its manifest describes snapshot ${manifest.snapshot}, not ${meta.snapshot}` };
  const size = statSync(dbPath).size;
  if (size !== manifest.size) {
    return {
      refusal: `${dbPath} is not the snapshot its manifest describes: ${size} bytes, the manifest says ${manifest.size} (cut short or damaged)`,
    };
  }
  if (!meta) return { skipped: 'it is not a council snapshot' };
  return { hash: manifest };
}

/**
 * Why the bytes of `dbPath` are not `manifest`'s (their SHA-256 differs), or null when they are. Reads the
 * whole file, through a descriptor opened first and checked to be `fileKey`'s file (`isFile`): a file
 * published over the path meanwhile is not this check's (its publish checked it); then `replaced`.
 */
export async function digestRefusal(
  dbPath: string,
  manifest: SnapshotManifest,
  isFile: (stat: Stats) => boolean,
): Promise<string | null | 'replaced'> {
  const handle = await open(dbPath, 'r');
  try {
    if (!isFile(await handle.stat({ bigint: true }))) return 'replaced';
    const digest = await digestOf(handle);
    return digest === manifest.sha256
      ? null
      : `${dbPath} is not the snapshot its manifest describes: its SHA-256 is ${digest}, the manifest's ${manifest.sha256} (damaged on disk)`;
  } finally {
    await handle.close();
  }
}
