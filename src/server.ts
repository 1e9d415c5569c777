// `council serve`, the composition root of the server: it decides the process's place once — a cluster
// worker, a cluster's primary (WEB_CONCURRENCY > 1), or a single process doing everything; its role
// (standalone, builder, replica) is the configuration's (Config.ROLE) — and wires
// the real dependencies: the ETL's pieces the server uses (the first build, the refresh's cleanup and
// source, a replica's publish, the manifest), all under the one build lock, passed to the roles
// (src/process/). It is the only module of src/ that imports etl/.

import cluster from 'node:cluster';
import { existsSync, mkdirSync, readFileSync, renameSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { pino, type Logger } from 'pino';
import type pinoPretty from 'pino-pretty';
import {
  checkServedFile,
  commitManifest,
  manifestOf,
  manifestPathOf,
  settleManifest,
  snapshotManifest,
  snapshotMetaOf,
  writeManifest,
  writePendingManifest,
} from '../core/snapshot/manifest.ts';
import { limitsFrom } from '../etl/collapse.ts';
import { checkTarget, isInDefaultFolder, publishBuild, removeKilledBuild, withBuildLock } from '../etl/publish.ts';
import { publishedDigest } from '../etl/source-digest.ts';
import { configuredSource, refreshSourceStatus } from '../etl/source-spec.ts';
import { CODE_VERSION } from './answers/code-version.ts';
import type { Config } from './config.ts';
import { CHECKED_FILE_ENV, startPrimary, workerSide } from './process/cluster.ts';
import { type BuildSide, backgroundJobs } from './process/jobs.ts';
import { type RunningServer, serveHttp } from './process/serve.ts';
import { stdoutLines } from './process/log-destination.ts';
import { RefreshScheduler } from './refresh.ts';
import type { SnapshotStore } from './snapshot/snapshot.ts';

/** pino-pretty, read when a terminal asks for it (synchronously: createLogger is). */
function prettyStream(): typeof pinoPretty {
  const pretty: typeof pinoPretty = createRequire(import.meta.url)('pino-pretty');
  return pretty;
}

/** Values never written to the log: credentials in request headers, and secrets of the configuration. */
export const REDACTED_PATHS = [
  'req.headers["x-api-key"]',
  'req.headers.authorization',
  'req.headers["proxy-authorization"]',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'config.API_SECRET_KEY',
  'config.JWT_SECRET',
  'config.SHARES_DATABASE_URL',
];

/**
 * JSON lines for machines; on a terminal, pino-pretty's readable lines (synchronous), loaded only there
 * (30 modules a service's start need not read).
 */
export function createLogger(
  config: Pick<Config, 'LOG_LEVEL'>,
  terminal = process.stdout.isTTY === true,
  destination: NodeJS.WritableStream = process.stdout,
): Logger {
  const options = { level: config.LOG_LEVEL, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } };
  return terminal
    ? pino(
        options,
        prettyStream()({
          sync: true,
          destination,
          translateTime: 'SYS:HH:MM:ss',
          ignore: 'pid,hostname',
        }),
      )
    : // To stdout asynchronously, a turn's lines in one write (TurnBatch), instead of a blocking write per
      // request; what is left is written when the process exits.
      pino(options, destination === process.stdout ? stdoutLines() : destination);
}

/**
 * `council serve`. With WEB_CONCURRENCY > 1 this process becomes the cluster primary: it builds the
 * database if asked, runs the background jobs (one ETL at a time), holds the rate-limit counts for all
 * workers, and forks the workers that serve HTTP. Otherwise this one process does everything.
 */
export async function startServer(config: Config, options: { bootstrap: boolean }): Promise<RunningServer | null> {
  RefreshScheduler.validate(config); // a bad CRON_SCHEDULE stops the start before anything is opened
  checkFolders(config);
  const logger = createLogger(config);
  const loadServed = (snapshots: SnapshotStore) => putInService(snapshots, config, logger);
  if (cluster.isWorker) {
    const { jobsOf, rateLimitStore } = workerSide(config);
    return serveHttp(config, logger.child({ worker: cluster.worker!.id }), { jobsOf, loadServed, rateLimitStore });
  }
  if (config.ROLE.kind === 'replica' && options.bootstrap)
    logger.info('a replica never builds: --bootstrap is ignored, the first snapshot comes from the builder');
  // Built first when there is no snapshot, or only one of another schema version (before an upgrade).
  else if (options.bootstrap && publishedDigest(config.DB_PATH) === undefined) await bootstrap(config, logger);
  const build = buildSide(config, logger);
  if (config.WEB_CONCURRENCY > 1) {
    await startPrimary(
      config,
      logger,
      (snapshots, listeners) => backgroundJobs(config, snapshots, logger, build, listeners),
      loadServed,
    );
    return null;
  }
  return serveHttp(config, logger, {
    jobsOf: (snapshots) => backgroundJobs(config, snapshots, logger, build),
    loadServed,
  });
}

/**
 * The folders of the files the server writes must exist, but the default `var/` (created): a typo in
 * DB_PATH would otherwise create its folder (for shares.db and answers.db) and a bootstrap build the
 * sample into it. Checked before anything is opened or built.
 */
function checkFolders(config: Config): void {
  const files: Array<[key: string, path: string]> = [['DB_PATH', config.DB_PATH]];
  if (config.SHARES_DB_PATH && !config.SHARES_DATABASE_URL) files.push(['SHARES_DB_PATH', config.SHARES_DB_PATH]);
  if (config.ANSWER_STORE_PATH && config.ANSWER_STORE_MB > 0)
    files.push(['ANSWER_STORE_PATH', config.ANSWER_STORE_PATH]);
  for (const [key, path] of files) {
    if (path === ':memory:') continue;
    const folder = dirname(path);
    if (isInDefaultFolder(path)) mkdirSync(folder, { recursive: true });
    else if (!existsSync(folder)) {
      throw new Error(
        `${key}: the folder ${folder} does not exist (${key}=${path}): create it first, or correct the path (a typo creates no folder)`,
      );
    } else if (!statSync(folder).isDirectory()) throw new Error(`${key}: ${folder} is not a folder (${key}=${path})`);
  }
}

/**
 * The first build (no servable database yet): from the source, fetched first when the source is live.
 * The ETL and the renderer are loaded here, not by every start (the refreshes run them in a child).
 */
async function bootstrap(config: Config, logger: Logger): Promise<void> {
  const reason = existsSync(config.DB_PATH) ? 'the database was built by another version' : 'no database yet';
  const [{ refreshOnce }, { renderStoredAnswers }] = await Promise.all([
    import('../etl/refresh-job.ts'),
    import('./answers/render.ts'),
  ]);
  const result = await refreshOnce({
    dbPath: config.DB_PATH,
    configured: configuredSource(config),
    replaceSource: config.REPLACE_SOURCE,
    api: config.SOURCE_API,
    timeoutMs: config.FETCH_TIMEOUT_MS,
    limits: limitsFrom(config),
    render: renderStoredAnswers,
    codeVersion: CODE_VERSION,
    topics: config.TOPICS_PATH,
    policies: config.POLICIES_PATH,
    onSource: (source) =>
      logger.info(
        { source: source.description, from: source.from, db: config.DB_PATH },
        `${reason}: building it from the source`,
      ),
    onFetched: (fetched) => logger.info(fetched, 'fetch finished'),
    onStage: (stage, rows, ms) => logger.info({ stage, rows, ms: Math.round(ms) }, 'etl stage'),
  });
  if (result.rebuilt)
    logger.info(
      { snapshot: result.etl.snapshot, seconds: result.etl.seconds, warnings: result.etl.findings.warningCount },
      'database built',
    );
}

/** The ETL's pieces the background jobs use, each under the build lock. */
function buildSide(config: Config, logger: Logger): BuildSide {
  return {
    // Null when another build holds the lock: that build removes leftovers when it starts.
    removeKilledBuilds: (dbPath, pid) => removeKilledBuild(resolve(dbPath), pid)?.map((left) => left.path) ?? null,
    sourceStatus: () =>
      refreshSourceStatus(config.DB_PATH, configuredSource(config), {
        replace: config.REPLACE_SOURCE,
        api: config.SOURCE_API,
      }),
    checkTarget: (dbPath) => checkTarget(dbPath, { createFolder: isInDefaultFolder(dbPath) }),
    // With the builder's manifest beside it, as the ETL publishes: the replica checks its own copy
    // against it when it starts again (putInService, ManifestCheck).
    publishDownload: (download, dbPath, manifest) =>
      withBuildLock(dbPath, () => {
        writePendingManifest(dbPath, manifest);
        publishBuild(download, dbPath);
        commitManifest(dbPath, manifest.snapshot);
      }),
    describePublished: (dbPath) => describePublished(dbPath, logger),
  };
}

/** A snapshot published without a manifest (built by an earlier version) gets one, under the build lock. */
async function describePublished(dbPath: string, logger: Logger): Promise<void> {
  if (settleManifest(dbPath, { removeStale: false }))
    logger.warn(
      { db: dbPath },
      'put in place the manifest of the published snapshot, which a killed build had left pending',
    );
  const meta = snapshotMetaOf(dbPath);
  if (!meta) return; // nothing published yet: the first build writes the manifest with the file
  try {
    if (snapshotManifest.parse(JSON.parse(readFileSync(manifestPathOf(dbPath), 'utf8'))).snapshot === meta.snapshot)
      return;
  } catch {
    /* missing or unreadable: written below */
  }
  // While a build holds the lock it is publishing, with its manifest.
  await withBuildLock(
    dbPath,
    async () => {
      writeManifest(dbPath, await manifestOf(dbPath));
      logger.info({ snapshot: meta.snapshot }, 'wrote the manifest of the published snapshot');
    },
    () => Promise.resolve(),
  );
}

/**
 * Puts the published snapshot in service. A replica whose snapshot this version cannot serve (it was
 * upgraded before its builder's next snapshot) starts anyway, answering 503 until the builder's arrives.
 */
function putInService(snapshots: SnapshotStore, config: Config, logger: Logger): void {
  // Its size against its manifest first: a file cut short is not served at all. Like any file that
  // cannot be served, it stops the start of a server that builds; a replica answers 503 until the
  // builder's arrives (its follower downloads it again). Its SHA-256 is checked before it serves (ManifestCheck).
  const check = existsSync(snapshots.path) ? checkServedFile(snapshots.path) : null;
  if (check && 'refusal' in check) {
    if (config.ROLE.kind !== 'replica') throw new Error(`cannot serve ${snapshots.path}: ${check.refusal}`);
    // A replica's copy can always be downloaded again: moved aside (for a look), out of the download's way.
    snapshots.withdraw(check.refusal);
    renameSync(snapshots.path, `${snapshots.path}.damaged`);
    logger.warn(
      { db: snapshots.path, movedTo: `${snapshots.path}.damaged` },
      "the replica's copy was moved aside; the builder's snapshot is downloaded again",
    );
    return;
  }
  try {
    snapshots.load();
    // Nothing of it is served until its SHA-256 matches its manifest's (ManifestCheck): 503 meanwhile.
    // A cluster worker is told by its primary which file passed (CHECKED_FILE_ENV).
    if (check && 'hash' in check && process.env[CHECKED_FILE_ENV] !== snapshots.activeFileKey) snapshots.awaitCheck();
  } catch (error) {
    if (config.ROLE.kind !== 'replica') throw error;
    logger.warn(
      { err: error },
      "the replica's snapshot cannot be served by this version: answering 503 until the builder's arrives",
    );
  }
}
