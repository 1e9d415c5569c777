// Builds real temporary databases with the real pipeline, and apps over them.

import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Logger, pino } from 'pino';
import { createApp } from '../../src/app.ts';
import { type Config, loadConfig } from '../../src/config.ts';
import { type ShareStore, SqliteShareStore } from '../../src/shares/index.ts';
import { SnapshotStore } from '../../src/snapshot/snapshot.ts';
import type { SourceFormat } from '../../core/sources.ts';
import { runEtl } from '../../etl/run.ts';
import { renderStoredAnswers } from '../../src/answers/render.ts';
import { tempDir } from './temp.ts';

export { removeDir, tempDir } from './temp.ts';

/** The ETL from `source` into a new temporary database (`topics`: a vocabulary file, else the default); its path. */
export async function buildDatabase(source: string, format: SourceFormat = 'csv', topics?: string): Promise<string> {
  const dbPath = join(tempDir(), 'council.db');
  await runEtl({ source, format, dbPath, render: renderStoredAnswers, topics });
  return dbPath;
}

/** A topic vocabulary (CONTRACT §11) written as a JSON file in a new temporary folder; returns its path. */
export function vocabularyFile(vocabulary: unknown): string {
  const path = join(tempDir('council-topics-'), 'tematy.json');
  writeFileSync(path, JSON.stringify(vocabulary));
  return path;
}

export interface TestApp {
  app: ReturnType<typeof createApp>;
  snapshots: SnapshotStore;
  shares: ShareStore;
  config: Config;
  close: () => void;
}

/** An app over an existing database, with its own share store (and a silent log unless `logger` is given). */
export function appOver(dbPath: string, overrides: Partial<Config> = {}, logger: Logger = pino({ level: 'silent' })): TestApp {
  const config = loadConfig({ NODE_ENV: 'test' }, { DB_PATH: dbPath, RATE_LIMIT_MAX_REQUESTS: 1_000_000, SITE_RATE_LIMIT_MAX_REQUESTS: 1_000_000, ...overrides });
  const snapshots = new SnapshotStore(dbPath);
  snapshots.refresh();
  const shares = new SqliteShareStore(join(tempDir(), 'shares.db'));
  const app = createApp({ snapshots, shares, config, logger });
  return { app, snapshots, shares, config, close: () => { snapshots.close(); void shares.close(); } };
}

/** The SHA-256 of a file's bytes: whether a file was left untouched. */
export const hashOf = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
