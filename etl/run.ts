// The ETL job: the one function that `council etl`, `council check` and the nightly cron call.
// read → load → materialise → publish, with a progress report per stage.

import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import Database from 'better-sqlite3';
import type { SourceFormat, SourceSpec } from '../core/sources.ts';
import {
  type CollapseLimits,
  CollapseRefusedError,
  collapseOf,
  DEFAULT_LIMITS,
  publishedTally,
  voteTally,
} from './collapse.ts';
import { type Findings, type Problem, countOf, formatProblem } from './findings.ts';
import { type LoadCounts, Loader } from './load.ts';
import { materialise, type StageReporter } from './materialise/index.ts';
import {
  acquireLock,
  buildPathOf,
  checkTarget,
  isInDefaultFolder,
  journalOff,
  openDatabase,
  publishBuild,
  removeStaleBuilds,
} from './publish.ts';
import {
  commitManifest,
  manifestOf,
  pendingManifestPathOf,
  settleManifest,
  writePendingManifest,
} from '../core/snapshot/manifest.ts';
import { createSchema } from '../core/snapshot/schema.ts';
import { diskFull, isDiskFull, spillDir, sqliteTempDir } from '../core/disk-full.ts';
import { TOPICS_META, TopicClassifier } from '../core/topics.ts';
import { CREDIT_META_KEY } from '../core/credit.ts';
import { sourceCredit } from './source-credit.ts';
import { sourceDigest } from './source-digest.ts';
import { sourceMeta } from './source-spec.ts';
import { SOURCE_READERS, type SourcePart } from './sources/index.ts';
import { loadVocabulary } from './topics.ts';
import { POLICIES_META } from '../core/policies.ts';
import { materialisePolicies } from './materialise/policies.ts';
import { loadPolicies } from './policies.ts';

export interface EtlOptions {
  source: string;
  format?: SourceFormat;
  dbPath: string;
  /** Create the database's folder when missing (default: only for the default `var/`). */
  createFolder?: boolean;
  onStage?: StageReporter;
  /**
   * Renders answers into the snapshot before it is published, returning how many (the API's stored
   * answers, src/answers/render.ts): passed in by the composition roots, since the pipeline does not
   * know the API.
   */
  render?: AnswerRender;
  /** The source recorded in the snapshot (default: `format` at `source`, without a live fetch). */
  record?: SourceSpec;
  /** Publish even a build that collapses the published snapshot (etl/collapse.ts). */
  force?: boolean;
  limits?: CollapseLimits;
  /** The topic vocabulary file (CONTRACT §11); undefined or '': the bundled data/tematy.json. */
  topics?: string | undefined;
  /**
   * The policy file (CONTRACT §13); undefined or '': data/polityki.json when the source is the bundled
   * sample, else no policies.
   */
  policies?: string | undefined;
}

export interface EtlSummary {
  snapshot: string;
  builtAt: string;
  counts: LoadCounts;
  /** What each part of the source (each council of a Radoskop folder) contributed; empty for one-part sources. */
  parts: SourcePart[];
  findings: Findings;
  stages: Array<{ stage: string; rows: number; ms: number }>;
  seconds: number;
}

/** A source that failed validation: every problem counted (the first of each kind listed), none of it published. */
export class BundleRejectedError extends Error {
  constructor(readonly findings: Findings) {
    super(
      `the source was rejected with ${countOf(findings.errorCount, 'problem')}:\n${findings.errors.map(formatProblem).join('\n')}`,
    );
    this.name = 'BundleRejectedError';
  }

  /** The listed problems (the first few of each kind). */
  get problems(): Problem[] {
    return this.findings.errors;
  }
}

async function readSource(options: EtlOptions, loader: Loader): Promise<SourcePart[]> {
  return (await SOURCE_READERS[options.format ?? 'csv'].read(options.source, loader)) ?? [];
}

/** Builds the pragmas for a throw-away build file: no journal, no fsync until publish. */
function openBuild(path: string): Database.Database {
  const db = openDatabase(path);
  journalOff(db);
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -262144'); // 256 MiB
  // Temporary B-trees (the sorts of CREATE INDEX over every ballot) spill to files: in memory they
  // took 12 GB for all of Poland (docs/PERFORMANCE.md).
  db.pragma('temp_store = FILE');
  return db;
}

/**
 * Validates a source without publishing anything, into a throw-away in-memory database. A valid
 * source is also materialised there, so `check` reports every warning `etl` would.
 */
export async function checkSource(
  options: Omit<EtlOptions, 'dbPath'>,
): Promise<{ findings: Findings; counts: LoadCounts; parts: SourcePart[] }> {
  sourceCredit(options.format ?? 'csv', options.source); // a bad zrodlo.json fails the check as it would fail etl
  const topics = new TopicClassifier(loadVocabulary(options.topics).vocabulary); // and so does a broken vocabulary
  const policies = loadPolicies(options.policies, options.source); // and a broken policy file
  const db = new Database(':memory:');
  try {
    createSchema(db);
    const loader = new Loader(db);
    db.exec('BEGIN');
    const parts = await readSource({ ...options, dbPath: ':memory:' }, loader);
    const counts = loader.finish();
    db.exec('COMMIT');
    if (loader.findings.errorCount === 0) {
      await materialise(db, loader.findings, () => undefined, topics);
      materialisePolicies(db, policies.policies, policies.path || 'polityki.json', loader.findings, policies.ignored);
    }
    return { findings: loader.findings, counts, parts };
  } finally {
    db.close();
  }
}

/** The stored answers' renderer (src/answers/render.ts), as the pipeline calls it. */
export interface AnswerRender {
  /** Renders the answers into the build, once every stage before the publish has run; returns how many. */
  (db: Database.Database): Promise<number>;
  /**
   * Called once the tables a part of the answers read are complete and committed (materialise's
   * `onBallotTables`): may start rendering that part beside the stages that follow, for the render to
   * take in. Returns what stops it when the build fails before the render.
   */
  ahead?: (db: Database.Database) => (() => void) | undefined;
}

export async function runEtl(options: EtlOptions): Promise<EtlSummary> {
  const started = performance.now();
  const dbPath = resolve(options.dbPath);
  checkTarget(dbPath, { createFolder: options.createFolder ?? isInDefaultFolder(dbPath) });
  const stages: EtlSummary['stages'] = [];
  const report: StageReporter = (stage, rows, ms) => {
    stages.push({ stage, rows, ms });
    options.onStage?.(stage, rows, ms);
  };

  const release = acquireLock(dbPath);
  const buildPath = buildPathOf(dbPath);
  let db: Database.Database | null = null;
  let renamed = false;
  let stopAhead: (() => void) | undefined;
  try {
    // What a build killed while publishing left: its manifest put in place, or removed with its file.
    settleManifest(dbPath, { removeStale: true });
    removeStaleBuilds(dbPath);
    const digest = sourceDigest(options.source);
    const credit = sourceCredit(options.format ?? 'csv', options.source);
    const vocabulary = loadVocabulary(options.topics);
    const policies = loadPolicies(options.policies, options.source);
    db = openBuild(buildPath);
    createSchema(db);
    const loader = new Loader(db);
    let t = performance.now();
    db.exec('BEGIN');
    const parts = await readSource(options, loader);
    const counts = loader.finish();
    db.exec('COMMIT');
    report('read + load', counts.glosy, performance.now() - t);
    const { findings } = loader;
    if (findings.errorCount > 0) throw new BundleRejectedError(findings);

    // Before any answer is rendered (some from within materialise, `ahead`): the API lists the topics
    // from the vocabulary recorded here.
    const recordTopics = db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)');
    recordTopics.run(TOPICS_META.vocabulary, JSON.stringify(vocabulary.vocabulary));
    recordTopics.run(TOPICS_META.sha256, vocabulary.sha256);
    recordTopics.run(TOPICS_META.path, vocabulary.path);
    const build = db;
    const render = options.render;
    await materialise(db, findings, report, new TopicClassifier(vocabulary.vocabulary), {
      onBallotTables: () => {
        stopAhead = render?.ahead?.(build);
      },
      titleIndexesAt: `${buildPath}.titles`,
      councillorBallotsAt: `${buildPath}.radny-glos`,
    });
    if (policies.policies.length > 0) {
      t = performance.now();
      const scored = materialisePolicies(
        db,
        policies.policies,
        policies.path || 'polityki.json',
        findings,
        policies.ignored,
      );
      report('policies', scored, performance.now() - t);
    }
    recordTopics.run(POLICIES_META.sha256, policies.sha256);
    recordTopics.run(POLICIES_META.path, policies.path);
    // Compared before the answers are rendered: a refused build costs no more than it must.
    const published = options.force ? null : publishedTally(dbPath);
    const collapse = published && collapseOf(published, voteTally(db), options.limits ?? DEFAULT_LIMITS);
    if (collapse) throw new CollapseRefusedError(dbPath, collapse);
    if (options.render) {
      t = performance.now();
      report('render answers', await options.render(db), performance.now() - t);
    }

    t = performance.now();
    const builtAt = new Date().toISOString();
    const snapshot = `${builtAt.replace(/[-:.TZ]/g, '').slice(0, 14)}-${randomBytes(4).toString('hex')}`;
    const setMeta = db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)');
    setMeta.run('snapshot', snapshot);
    setMeta.run('built_at', builtAt);
    for (const [key, value] of sourceMeta(
      options.record ?? { format: options.format ?? 'csv', path: resolve(options.source), live: {} },
    ))
      setMeta.run(key, value);
    setMeta.run('counts', JSON.stringify(counts));
    setMeta.run('source_digest', digest);
    setMeta.run(CREDIT_META_KEY, JSON.stringify(credit));
    // The planner's statistics, sqlite_stat1 alone. better-sqlite3 builds SQLite with STAT4, whose samples
    // make every statement that compares an indexed column with a bound parameter compile itself again
    // on each run (the query planner's stability guarantee is off, and better-sqlite3 cannot turn it on):
    // a vote's attachments cost twice their read, and FTS5's own lookups of its segments pay it too
    // (docs/PERFORMANCE.md, issue 47's eighteenth session). Every read of the service binds its values.
    db.exec('ANALYZE; DELETE FROM sqlite_stat4;');
    db.pragma('journal_mode = DELETE');
    db.close();
    db = null;
    // What replicas read before the file. Written first, beside the published one, so that a failure to
    // write it publishes nothing; put in place once the file it names is (core/snapshot/manifest.ts).
    writePendingManifest(dbPath, await manifestOf(buildPath, basename(dbPath)));
    publishBuild(buildPath, dbPath);
    renamed = true;
    commitManifest(dbPath, snapshot);
    report('publish', 0, performance.now() - t);
    return { snapshot, builtAt, counts, parts, findings, stages, seconds: (performance.now() - started) / 1000 };
  } catch (error) {
    if (!isDiskFull(error)) throw error;
    throw diskFull(
      error,
      `the build of ${dbPath} could not be written (nothing was published; the served snapshot stays)`,
      [
        { dir: dirname(dbPath), role: `the snapshot and its build ${basename(buildPath)}` },
        { dir: sqliteTempDir(), role: "SQLite's temporary files, SQLITE_TMPDIR" },
        { dir: spillDir(), role: "the ETL's spill files, TMPDIR" },
      ],
    );
  } finally {
    stopAhead?.(); // a no-op once the render took in what was rendered ahead
    db?.close();
    rmSync(buildPath, { force: true });
    if (!renamed) rmSync(pendingManifestPathOf(dbPath), { force: true });
    release();
  }
}
