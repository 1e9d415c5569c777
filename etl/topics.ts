// The topic vocabulary a build classifies votes with (CONTRACT §11): the project's default for Polish
// councils (data/tematy.json), or the file `council etl --topics` / TOPICS_PATH names. Read and
// checked before anything is built, so a broken vocabulary publishes nothing; its SHA-256 goes into
// the snapshot's meta, so a refresh can tell that the vocabulary changed.

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { TOPICS_META, type TopicEntry, VocabularyError, parseVocabulary } from '../core/topics.ts';

const here = fileURLToPath(import.meta.url);
/** data/tematy.json of this installation, from etl/ or from dist/etl/. */
export const DEFAULT_TOPICS_PATH = fileURLToPath(
  new URL(here.endsWith('.ts') ? '../data/tematy.json' : '../../data/tematy.json', import.meta.url),
);

export interface LoadedVocabulary {
  vocabulary: TopicEntry[];
  /** SHA-256 of the file's bytes, hex. */
  sha256: string;
  /** The file as given (absolute), or '' for the bundled default. */
  path: string;
}

/**
 * Reads and checks a vocabulary file (undefined or '': the bundled default); throws a VocabularyError
 * naming the file and the entry.
 */
export function loadVocabulary(path?: string): LoadedVocabulary {
  const file = path ? resolve(path) : DEFAULT_TOPICS_PATH;
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new VocabularyError(`${file}: cannot read the topic vocabulary (${reason})`);
  }
  return {
    vocabulary: parseVocabulary(bytes.toString('utf8'), file),
    sha256: createHash('sha256').update(bytes).digest('hex'),
    path: path ? file : '',
  };
}

/**
 * A file a build records in meta by its SHA-256 and path (the topic vocabulary, the policy file), as the
 * published snapshot at `dbPath` records it (none: no snapshot, or one without it).
 */
export function publishedFile(
  dbPath: string,
  keys: { sha256: string; path: string },
): { sha256: string; path: string } | undefined {
  try {
    const db = new Database(dbPath, { readonly: true, fileMustExist: true });
    try {
      const meta = new Map(
        db.prepare('SELECT key, value FROM meta WHERE key IN (?, ?)').raw().all(keys.sha256, keys.path) as Array<
          [string, string]
        >,
      );
      const sha256 = meta.get(keys.sha256);
      return sha256 === undefined ? undefined : { sha256, path: meta.get(keys.path) ?? '' };
    } finally {
      db.close();
    }
  } catch {
    return undefined;
  }
}

/** The vocabulary recorded in the published snapshot at `dbPath` (none: no snapshot, or one without it). */
export const publishedVocabulary = (dbPath: string) => publishedFile(dbPath, TOPICS_META);
