// Builds real temporary databases with the real pipeline, and apps over them. A fixture is built once
// per test run and cloned for every test that asks for it (the run's folder: test/support/global-setup.ts),
// keyed by the bytes of its source: the hand council, the sample, a generated council are each built once.

import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { type Logger, pino } from 'pino';
import { inject } from 'vitest';
import { createApp } from '../../src/app.ts';
import { type Config, loadConfig } from '../../src/config.ts';
import { type ShareStore, SqliteShareStore } from '../../src/shares/index.ts';
import type { ShareTarget } from '../../src/shares/store.ts';
import { SnapshotStore } from '../../src/snapshot/snapshot.ts';
import type { SourceFormat } from '../../core/sources.ts';
import { runEtl } from '../../etl/run.ts';
import { renderStoredAnswers } from '../../src/answers/render.ts';
import { tempDir } from './temp.ts';

export { removeDir, tempDir } from './temp.ts';

/** The digest of a source: its files' paths and bytes (a folder), or its bytes (a file); the vocabulary's bytes; whether the answers are rendered. */
function sourceDigest(source: string, format: SourceFormat, topics: string | undefined, render: boolean): string {
  const digest = createHash('sha256')
    .update(format)
    .update(render ? '' : '\0unrendered');
  if (topics !== undefined) digest.update('\0topics\0').update(readFileSync(topics));
  const files = statSync(source).isDirectory()
    ? readdirSync(source, { recursive: true, encoding: 'utf8' })
        .map((name) => join(source, name))
        .filter((f) => statSync(f).isFile())
        .sort()
    : [source];
  for (const file of files) digest.update(`\0${relative(source, file)}\0`).update(readFileSync(file));
  return digest.digest('hex').slice(0, 32);
}

/**
 * The database of `source` built in this run's folder, built now when it is the first to ask for it.
 * Test files run in parallel processes: the first to create the source's folder builds, the others
 * wait for its `built` mark (a failed build leaves `failed`, and each builds its own instead).
 */
async function builtOnce(
  cache: string,
  source: string,
  format: SourceFormat,
  topics: string | undefined,
  render: boolean,
): Promise<string | undefined> {
  const folder = join(cache, sourceDigest(source, format, topics, render));
  const dbPath = join(folder, 'council.db');
  try {
    mkdirSync(folder);
  } catch {
    for (;;) {
      if (existsSync(join(folder, 'built'))) return dbPath;
      if (existsSync(join(folder, 'failed'))) return undefined;
      await sleep(100);
    }
  }
  try {
    await buildInto(dbPath, source, format, { topics, render });
    writeFileSync(join(folder, 'built'), '');
    return dbPath;
  } catch (error) {
    writeFileSync(join(folder, 'failed'), String(error));
    throw error;
  }
}

/**
 * Runs the ETL from `source` into a new temporary database; returns its path. The database is a
 * clone of the run's one build of that source (the same snapshot id), unless `fresh` asks for a build
 * of its own (a test of two builds: another snapshot id, determinism). `topics`: a vocabulary file, else the default;
 * `render: false`: without the stored answers (as runEtl builds without its `render`).
 */
export async function buildDatabase(
  source: string,
  format: SourceFormat = 'csv',
  {
    fresh = false,
    topics,
    policies,
    render = true,
  }: { fresh?: boolean; topics?: string | undefined; policies?: string | undefined; render?: boolean } = {},
): Promise<string> {
  const dbPath = join(tempDir(), 'council.db');
  // A build with a policy file (CONTRACT §13) is its own: the shared builds are keyed by source and vocabulary only.
  const cache = fresh || policies !== undefined ? undefined : inject('fixtureCache');
  const built = cache === undefined ? undefined : await builtOnce(cache, source, format, topics, render);
  if (built === undefined) {
    await buildInto(dbPath, source, format, { topics, policies, render });
    return dbPath;
  }
  for (const suffix of ['', '.manifest.json', SUMMARY]) copyFileSync(built + suffix, dbPath + suffix);
  return dbPath;
}

/** Beside a database built here: what runEtl said of the build (etlSummaryOf). */
const SUMMARY = '.etl-summary.json';

async function buildInto(
  dbPath: string,
  source: string,
  format: SourceFormat,
  { topics, policies, render }: { topics?: string | undefined; policies?: string | undefined; render: boolean },
): Promise<void> {
  const summary = await runEtl({
    source,
    format,
    dbPath,
    topics,
    policies,
    ...(render && { render: renderStoredAnswers }),
  });
  writeFileSync(dbPath + SUMMARY, JSON.stringify(summary));
}

/** What runEtl returned for the build of a database from buildDatabase (the one build it was cloned from). */
export function etlSummaryOf(dbPath: string): Awaited<ReturnType<typeof runEtl>> {
  return JSON.parse(readFileSync(dbPath + SUMMARY, 'utf8')) as Awaited<ReturnType<typeof runEtl>>;
}

/** A topic vocabulary (CONTRACT §11) written as a JSON file in a new temporary folder; returns its path. */
export function vocabularyFile(vocabulary: unknown): string {
  const path = join(tempDir('council-topics-'), 'tematy.json');
  writeFileSync(path, JSON.stringify(vocabulary));
  return path;
}

/** A policy file (CONTRACT §13) written as JSON in a new temporary folder; returns its path. */
export function policyFile(policies: unknown): string {
  const path = join(tempDir('council-policies-'), 'polityki.json');
  writeFileSync(path, JSON.stringify(policies));
  return path;
}

export interface TestApp {
  app: ReturnType<typeof createApp>;
  snapshots: SnapshotStore;
  shares: ShareStore;
  config: Config;
  close: () => void;
}

/**
 * A share store made when first asked: most of the tests' apps never make a link, and a store's new file
 * costs its fsyncs (about 65 ms each, for the hundreds of apps of a run).
 */
class ShareStoreOnFirstUse implements ShareStore {
  private store: SqliteShareStore | undefined;
  constructor(readonly where: string) {}
  private get opened(): SqliteShareStore {
    return (this.store ??= new SqliteShareStore(this.where));
  }
  linkFor(target: ShareTarget) {
    return this.opened.linkFor(target);
  }
  find(link: string) {
    return this.opened.find(link);
  }
  pin(link: string, target: ShareTarget) {
    return this.opened.pin(link, target);
  }
  async close() {
    await this.store?.close();
  }
}

/** An app over an existing database, with its own share store (and a silent log unless `logger` is given). */
export function appOver(
  dbPath: string,
  overrides: Partial<Config> = {},
  logger: Logger = pino({ level: 'silent' }),
): TestApp {
  const config = loadConfig(
    { NODE_ENV: 'test' },
    { DB_PATH: dbPath, RATE_LIMIT_MAX_REQUESTS: 1_000_000, SITE_RATE_LIMIT_MAX_REQUESTS: 1_000_000, ...overrides },
  );
  const snapshots = new SnapshotStore(dbPath);
  snapshots.refresh();
  const shares = new ShareStoreOnFirstUse(join(tempDir(), 'shares.db'));
  const app = createApp({ snapshots, shares, config, logger });
  return {
    app,
    snapshots,
    shares,
    config,
    close: () => {
      snapshots.close();
      void shares.close();
    },
  };
}

/** The SHA-256 of a file's bytes: whether a file was left untouched. */
export const hashOf = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
