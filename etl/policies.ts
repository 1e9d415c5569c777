// The policy file a build scores councillors on (CONTRACT §13): the file `council etl --policies` /
// POLICIES_PATH names, else the project's data/polityki.json when the source is the bundled sample
// council, else none. Read and checked before anything is built, so a broken file publishes nothing;
// its SHA-256 goes into the snapshot's meta, so a refresh can tell that it changed.

import { createHash } from 'node:crypto';
import { readFileSync, realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type IgnoredKeys, POLICIES_META, type Policy, PolicyError, parsePolicies } from '../core/policies.ts';
import { publishedFile } from './topics.ts';

const here = fileURLToPath(import.meta.url);
const fromRoot = (path: string) =>
  fileURLToPath(new URL(here.endsWith('.ts') ? `../${path}` : `../../${path}`, import.meta.url));
/** data/polityki.json of this installation, from etl/ or from dist/etl/. */
export const DEFAULT_POLICIES_PATH = fromRoot('data/polityki.json');
/** The bundled sample council the default policies are written for. */
const SAMPLE_PATH = fromRoot('data/sample');

export interface LoadedPolicies {
  policies: Policy[];
  /** SHA-256 of the file's bytes, hex; '' when there is no file. */
  sha256: string;
  /** The file as given (absolute), or '' for the bundled one or none. */
  path: string;
  /** Keys §13 does not name, ignored (warned about by the build). */
  ignored: IgnoredKeys[];
}

const realOrResolved = (path: string) => {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
};

/** Whether `source` is this installation's bundled sample council. */
export const isSampleSource = (source: string): boolean => realOrResolved(source) === realOrResolved(SAMPLE_PATH);

/**
 * Reads and checks the policy file `path` (undefined or '': data/polityki.json when `source` is the
 * sample, else no policies); throws a PolicyError naming the file, the policy and the entry.
 */
export function loadPolicies(path: string | undefined, source: string): LoadedPolicies {
  if (!path && !isSampleSource(source)) return { policies: [], sha256: '', path: '', ignored: [] };
  const file = path ? resolve(path) : DEFAULT_POLICIES_PATH;
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new PolicyError(`${file}: cannot read the policy file (${reason})`);
  }
  const ignored: IgnoredKeys[] = [];
  return {
    policies: parsePolicies(bytes.toString('utf8'), file, ignored),
    sha256: createHash('sha256').update(bytes).digest('hex'),
    path: path ? file : '',
    ignored,
  };
}

/** The policy file recorded in the published snapshot at `dbPath` (none: no snapshot, or one without it). */
export const publishedPolicies = (dbPath: string) => publishedFile(dbPath, POLICIES_META);
