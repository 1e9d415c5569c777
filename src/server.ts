// Wires the real dependencies, listens, and shuts down gracefully: on SIGTERM/SIGINT stop accepting,
// let in-flight requests finish, close the databases, exit 0 (connections still busy after 8.5 s are
// closed, so the exit comes within 10 s).

import { ClusterMemoryStorePrimary, ClusterMemoryStoreWorker } from '@express-rate-limit/cluster-memory-store';
import cluster, { type Worker } from 'node:cluster';
import { existsSync, readFileSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import { pino, type Logger } from 'pino';
import pretty from 'pino-pretty';
import { basename, resolve } from 'node:path';
import { manifestOf, manifestPathOf, snapshotManifest, snapshotMetaOf, writeManifest } from '../core/snapshot/manifest.ts';
import { limitsFrom } from '../etl/collapse.ts';
import { EtlBusyError, acquireLock, checkTarget, isInDefaultFolder, publishBuild, removeStaleBuilds } from '../etl/publish.ts';
import { refreshOnce } from '../etl/refresh-job.ts';
import { publishedDigest } from '../etl/source-digest.ts';
import { configuredSource, refreshSourceStatus } from '../etl/source-spec.ts';
import { AnswerStore } from './answers/answer-store.ts';
import { CODE_VERSION } from './answers/code-version.ts';
import { renderStoredAnswers } from './answers/render.ts';
import { createApp } from './app.ts';
import { type Config, answerStorePathOf } from './config.ts';
import { RefreshScheduler } from './refresh.ts';
import { type FollowStatus, SnapshotFollower, initialFollowStatus } from './replication/follower.ts';
import { startPublisher } from './replication/publisher.ts';
import type { RefreshStatus } from './service/router.ts';
import { type ShareStore, openShareStore } from './shares/index.ts';
import { SnapshotStore } from './snapshot/snapshot.ts';

const SHUTDOWN_GRACE_MS = 10_000;
/** In-flight requests get this long; then their connections are closed and the shutdown completes. */
const DRAIN_MS = SHUTDOWN_GRACE_MS - 1500;

/**
 * The refresh's cleanup after a killed ETL child: the pipeline's own stale-build removal, under the
 * build lock. When another build holds the lock, that build removes leftovers when it starts.
 */
function removeKilledBuilds(dbPath: string): void {
  const path = resolve(dbPath);
  let release: () => void;
  try {
    release = acquireLock(path);
  } catch (error) {
    if (error instanceof EtlBusyError) return;
    throw error;
  }
  try {
    removeStaleBuilds(path);
  } finally {
    release();
  }
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

/** JSON lines for machines; on a terminal, pino-pretty's readable lines (synchronous). */
export function createLogger(
  config: Pick<Config, 'LOG_LEVEL'>, terminal = process.stdout.isTTY === true, destination: NodeJS.WritableStream = process.stdout,
): Logger {
  const options = { level: config.LOG_LEVEL, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } };
  return terminal
    ? pino(options, pretty({ sync: true, destination, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' }))
    // To stdout asynchronously: lines written while a write is in flight go out together in the next
    // one, instead of a blocking write per request (pino flushes what is left when the process exits).
    : pino(options, destination === process.stdout ? pino.destination({ dest: 1, sync: false }) : destination);
}

export interface RunningServer {
  server: Server;
  close: () => Promise<void>;
}

/**
 * `council serve`. With WEB_CONCURRENCY > 1 this process becomes the cluster primary: it builds the
 * database if asked, runs the refresh (one ETL at a time), holds the rate-limit counts for all
 * workers, and forks the workers that serve HTTP. Otherwise this one process does everything.
 */
export async function startServer(config: Config, options: { bootstrap: boolean }): Promise<RunningServer | null> {
  RefreshScheduler.validate(config); // a bad CRON_SCHEDULE stops the start before anything is opened
  const logger = createLogger(config);
  if (cluster.isWorker) return serveHttp(config, logger.child({ worker: cluster.worker!.id }), 'worker');
  if (config.FOLLOW_URL && config.PUBLISH_PORT) throw new Error('a replica (FOLLOW_URL, --follow) does not publish: PUBLISH_PORT is for the builder');
  if (config.FOLLOW_URL && options.bootstrap) logger.info('a replica never builds: --bootstrap is ignored, the first snapshot comes from the builder');
  // Built first when there is no snapshot, or only one of another schema version (before an upgrade).
  else if (options.bootstrap && publishedDigest(config.DB_PATH) === undefined) await bootstrap(config, logger);
  if (config.WEB_CONCURRENCY > 1) {
    await startPrimary(config, logger);
    return null;
  }
  return serveHttp(config, logger, 'single');
}

/** The refresh's source for the log and /health: the ETL's rule over this configuration and the published snapshot. */
const sourceStatusOf = (config: Config) => () =>
  refreshSourceStatus(config.DB_PATH, configuredSource(config), { replace: config.REPLACE_SOURCE, api: config.SOURCE_API });

/** The first build (no servable database yet): from the source, fetched first when the source is live. */
async function bootstrap(config: Config, logger: Logger): Promise<void> {
  const reason = existsSync(config.DB_PATH) ? 'the database was built by another version' : 'no database yet';
  const result = await refreshOnce({
    dbPath: config.DB_PATH, configured: configuredSource(config), replaceSource: config.REPLACE_SOURCE, api: config.SOURCE_API,
    timeoutMs: config.FETCH_TIMEOUT_MS, limits: limitsFrom(config), render: renderStoredAnswers, codeVersion: CODE_VERSION,
    topics: config.TOPICS_PATH,
    onSource: (source) => logger.info({ source: source.description, from: source.from, db: config.DB_PATH }, `${reason}: building it from the source`),
    onFetched: (fetched) => logger.info(fetched, 'fetch finished'),
    onStage: (stage, rows, ms) => logger.info({ stage, rows, ms: Math.round(ms) }, 'etl stage'),
  });
  if (result.rebuilt) logger.info({ snapshot: result.etl.snapshot, seconds: result.etl.seconds, warnings: result.etl.findings.warningCount }, 'database built');
}

// --- Replication (src/replication/): a replica follows the builder's snapshot, a builder publishes it.

/** The replica's follower when FOLLOW_URL is set: it publishes what it downloads as the ETL does, under the build lock. */
function followerOf(config: Config, snapshots: SnapshotStore, logger: Logger, onStatus?: (status: FollowStatus) => void): SnapshotFollower | null {
  if (!config.FOLLOW_URL) return null;
  // What it downloads is published where the ETL would publish: the same checks of the target first.
  checkTarget(config.DB_PATH, { createFolder: isInDefaultFolder(config.DB_PATH) });
  return new SnapshotFollower({
    url: config.FOLLOW_URL, dbPath: config.DB_PATH, intervalMs: config.FOLLOW_INTERVAL_S * 1000, timeoutMs: config.FETCH_TIMEOUT_MS, logger,
    publish: (download, dbPath) => {
      const release = acquireLock(resolve(dbPath));
      try {
        publishBuild(download, dbPath);
      } finally {
        release();
      }
    },
    onPublished: () => snapshots.refresh(),
    ...(onStatus ? { onStatus } : {}),
  });
}

/** The builder's publisher when PUBLISH_PORT is set, after making sure the published file has its manifest. */
async function publisherOf(config: Config, logger: Logger): Promise<Server | null> {
  if (!config.PUBLISH_PORT) return null;
  await describePublished(config.DB_PATH, logger);
  const server = await startPublisher(config.DB_PATH, config.HOST, config.PUBLISH_PORT);
  logger.info({ manifest: `http://${config.HOST}:${config.PUBLISH_PORT}/${basename(config.DB_PATH)}.manifest.json` }, 'publishing the snapshot to replicas');
  return server;
}

/** A snapshot published without a manifest (built by an earlier version) gets one, under the build lock. */
async function describePublished(dbPath: string, logger: Logger): Promise<void> {
  const meta = snapshotMetaOf(dbPath);
  if (!meta) return; // nothing published yet: the first build writes the manifest with the file
  try {
    if (snapshotManifest.parse(JSON.parse(readFileSync(manifestPathOf(dbPath), 'utf8'))).snapshot === meta.snapshot) return;
  } catch { /* missing or unreadable: written below */ }
  let release: () => void;
  try {
    release = acquireLock(resolve(dbPath));
  } catch (error) {
    if (error instanceof EtlBusyError) return; // a build is publishing, with its manifest
    throw error;
  }
  try {
    writeManifest(dbPath, await manifestOf(dbPath));
    logger.info({ snapshot: meta.snapshot }, 'wrote the manifest of the published snapshot');
  } finally {
    release();
  }
}

/**
 * Puts the published snapshot in service. A replica whose snapshot this version cannot serve (it was
 * upgraded before its builder's next snapshot) starts anyway, answering 503 until the builder's arrives.
 */
function loadServed(snapshots: SnapshotStore, config: Config, logger: Logger): void {
  try {
    snapshots.load();
  } catch (error) {
    if (!config.FOLLOW_URL) throw error;
    logger.warn({ err: error }, 'the replica\'s snapshot cannot be served by this version: answering 503 until the builder\'s arrives');
  }
}

/** Closes the publisher at once: a download in flight is cut, and the replica resumes it from another builder or later. */
const closeServer = (server: Server | null) => new Promise<void>((done) => {
  if (!server) return done();
  server.close(() => done());
  server.closeAllConnections();
});

/** A follow-status message from the primary to its workers (for their /health). */
interface FollowStatusMessage {
  type: 'council:follow-status';
  status: FollowStatus;
}
const isFollowStatusMessage = (message: unknown): message is FollowStatusMessage =>
  (message as FollowStatusMessage | null)?.type === 'council:follow-status';

/** A refresh-status message from the primary to its workers (for their /health). */
interface RefreshStatusMessage {
  type: 'council:refresh-status';
  status: RefreshStatus;
}
const isRefreshStatusMessage = (message: unknown): message is RefreshStatusMessage =>
  (message as RefreshStatusMessage | null)?.type === 'council:refresh-status';

async function startPrimary(config: Config, logger: Logger): Promise<void> {
  const limiterCounts = new ClusterMemoryStorePrimary();
  limiterCounts.init();
  const snapshots = new SnapshotStore(config.DB_PATH, logger);
  loadServed(snapshots, config, logger);
  const tell = (worker: Worker, status: RefreshStatus) =>
    worker.send({ type: 'council:refresh-status', status } satisfies RefreshStatusMessage);
  const scheduler = config.FOLLOW_URL ? null : new RefreshScheduler(config, snapshots, logger, removeKilledBuilds, sourceStatusOf(config), (status) => {
    for (const worker of Object.values(cluster.workers ?? {})) if (worker?.isConnected()) tell(worker, status);
  });
  const tellFollow = (worker: Worker, status: FollowStatus) => worker.send({ type: 'council:follow-status', status } satisfies FollowStatusMessage);
  const follower = followerOf(config, snapshots, logger, (status) => {
    for (const worker of Object.values(cluster.workers ?? {})) if (worker?.isConnected()) tellFollow(worker, status);
  });
  const publisher = await publisherOf(config, logger);

  let closing = false;
  const listening = new Set<number>(); // workers that have started serving
  const stop = async (code: number) => {
    closing = true;
    setTimeout(() => {
      logger.error('workers did not stop in time; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    await Promise.all([scheduler?.stop(), follower?.stop(), closeServer(publisher)]);
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
    await Promise.all(workers.map((worker) => new Promise<void>((resolve) => {
      if (worker.isDead()) return resolve();
      worker.once('exit', () => resolve());
      worker.process.kill('SIGTERM');
    })));
    snapshots.close();
    logger.info('shut down');
    process.exit(code);
  };

  cluster.on('online', (worker) => {
    if (scheduler) tell(worker, scheduler.status);
    if (follower) tellFollow(worker, follower.status);
  });
  cluster.on('listening', (worker) => {
    listening.add(worker.id);
    // The refresh is scheduled once every worker serves: a start that fails schedules nothing.
    if (listening.size === config.WEB_CONCURRENCY && !closing) {
      scheduler?.start();
      follower?.start();
    }
  });
  cluster.on('exit', (worker, code, signal) => {
    if (closing) return;
    if (!listening.has(worker.id)) {
      // It failed while starting (its own error line is on stderr): another would fail the same way.
      logger.error({ worker: worker.id, code, signal }, 'a worker failed to start; stopping');
      void stop(1);
      return;
    }
    logger.error({ worker: worker.id, code, signal }, 'worker died; starting another');
    cluster.fork();
  });
  for (let i = 0; i < config.WEB_CONCURRENCY; i++) cluster.fork();
  logger.info({ workers: config.WEB_CONCURRENCY }, 'cluster primary started');

  process.on('SIGHUP', () => {
    if (!closing) void (follower ? follower.pollNow() : scheduler?.run());
  });
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      logger.info({ signal }, 'signal received: stopping the workers');
      void stop(0);
    });
  }
}

/**
 * Serves HTTP from this process: alone ('single', with its own refresh) or as a cluster worker
 * (refresh status and rate-limit counts come from the primary).
 */
async function serveHttp(config: Config, logger: Logger, role: 'single' | 'worker'): Promise<RunningServer> {
  // Everything that can fail is opened before anything is scheduled or watched: a start-up failure
  // leaves no timer or cron task behind, so the process exits with its error.
  const snapshots = new SnapshotStore(config.DB_PATH, logger);
  loadServed(snapshots, config, logger);
  if (!snapshots.active) logger.warn({ db: config.DB_PATH }, 'no snapshot to serve yet: data endpoints answer 503 until one is published');
  let shares: ShareStore;
  try {
    shares = await openShareStore(config, logger);
  } catch (error) {
    snapshots.close();
    throw error;
  }
  const answerStore = config.ANSWER_STORE_MB > 0 ? AnswerStore.open(answerStorePathOf(config), config.ANSWER_STORE_MB * 2 ** 20, logger) : undefined;
  // A replica never builds: the follower replaces the refresh.
  const scheduler = role === 'single' && !config.FOLLOW_URL ? new RefreshScheduler(config, snapshots, logger, removeKilledBuilds, sourceStatusOf(config)) : null;
  const refresh: RefreshStatus = scheduler?.status ?? { running: false };
  const follower = role === 'single' ? followerOf(config, snapshots, logger) : null;
  const follow = follower?.status ?? (config.FOLLOW_URL ? initialFollowStatus(config.FOLLOW_URL) : undefined);
  if (role === 'worker') {
    process.on('message', (message: unknown) => {
      if (isRefreshStatusMessage(message)) Object.assign(refresh, message.status);
      if (isFollowStatusMessage(message) && follow) Object.assign(follow, message.status);
    });
  }

  let closing: Promise<void> | null = null;
  // One store per limiter (the API's, the site's), each its own counts in the primary.
  const rateLimitStore = role === 'worker' ? (limiter: string) => new ClusterMemoryStoreWorker({ prefix: limiter }) : undefined;
  let server: Server;
  let publisher: Server | null = null;
  try {
    publisher = role === 'single' ? await publisherOf(config, logger) : null;
    const app = createApp({ snapshots, shares, config, logger, refresh, ...(follow ? { follow } : {}), ...(rateLimitStore ? { rateLimitStore } : {}), ...(answerStore ? { answerStore } : {}) });
    server = await new Promise<Server>((resolve, reject) => {
      const s = createServer(app);
      s.once('error', (error) => reject(listenError(error, config)));
      s.listen(config.PORT, config.HOST, () => resolve(s));
    });
  } catch (error) {
    snapshots.close();
    await shares.close();
    answerStore?.close();
    await closeServer(publisher);
    throw error;
  }
  snapshots.watch();
  scheduler?.start();
  follower?.start();
  // Once shutting down, a request that still arrives on an open keep-alive connection is answered
  // and its connection closed after the answer (runs before the app, while headers can still be set).
  server.prependListener('request', (_req, res) => {
    if (closing) res.setHeader('Connection', 'close');
  });

  const close = () => (closing ??= Promise.all([follower?.stop(), closeServer(publisher)])
    .then(() => shutDown(server, scheduler, [snapshots, shares, ...(answerStore ? [answerStore] : [])], logger)));

  // SIGHUP: refresh now, the same job the cron runs (for operators and tests). A worker leaves it to
  // the primary (but must not die of it, SIGHUP's default).
  process.on('SIGHUP', () => {
    if (!closing) void (follower ? follower.pollNow() : scheduler?.run());
  });
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      logger.info({ signal }, 'signal received');
      // Backstop: whatever hangs, the process is gone within the grace period.
      setTimeout(() => {
        logger.error('shutdown did not complete in time; exiting');
        process.exit(1);
      }, SHUTDOWN_GRACE_MS).unref();
      void close().then(() => process.exit(0));
    });
  }

  const address = server.address();
  logger.info({ address: typeof address === 'object' && address ? `http://${address.address}:${address.port}` : address }, 'listening');
  return { server, close };
}

/**
 * Drains and closes: no new connections, in-flight requests finish (their connections closed after
 * DRAIN_MS), a refresh in progress is stopped, then the databases are closed.
 */
async function shutDown(server: Server, scheduler: RefreshScheduler | null, databases: Array<{ close(): void | Promise<void> }>, logger: Logger): Promise<void> {
  logger.info('shutting down: no new connections; finishing in-flight requests');
  const refreshStopped = scheduler?.stop();
  await new Promise<void>((resolve) => {
    const force = setTimeout(() => {
      logger.warn('in-flight requests did not finish in time; closing their connections');
      server.closeAllConnections();
    }, DRAIN_MS);
    // Keep-alive connections between requests are closed as soon as they are idle.
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    server.close(() => {
      clearTimeout(force);
      clearInterval(sweep);
      resolve();
    });
    server.closeIdleConnections();
  });
  await refreshStopped;
  for (const database of databases) {
    try {
      await database.close();
    } catch (error) {
      logger.error({ err: error }, 'could not close a database');
    }
  }
  logger.info('shut down');
}

/** A listen failure in words a user can act on. */
function listenError(error: Error, config: Pick<Config, 'HOST' | 'PORT'>): Error {
  const where = `${config.HOST}:${config.PORT}`;
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') return new Error(`cannot listen on ${where}: the port is already in use (set PORT or --port)`);
  if (code === 'EACCES') return new Error(`cannot listen on ${where}: permission denied (ports below 1024 need privileges; set PORT)`);
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') return new Error(`cannot listen on ${where}: no such address on this machine (HOST)`);
  return new Error(`cannot listen on ${where}: ${error.message}`);
}
