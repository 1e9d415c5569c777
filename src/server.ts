// Wires the real dependencies, listens, and shuts down gracefully: on SIGTERM/SIGINT stop accepting,
// let in-flight requests finish, close the databases, exit 0 (connections still busy after 8.5 s are
// closed, so the exit comes within 10 s).

import { ClusterMemoryStorePrimary, ClusterMemoryStoreWorker } from '@express-rate-limit/cluster-memory-store';
import cluster, { type Worker } from 'node:cluster';
import { existsSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import { pino, type Logger } from 'pino';
import pretty from 'pino-pretty';
import { resolve } from 'node:path';
import { EtlBusyError, acquireLock, removeStaleBuilds } from '../etl/publish.ts';
import { liveSourceFrom, refreshOnce } from '../etl/refresh-job.ts';
import { publishedDigest } from '../etl/source-digest.ts';
import { CODE_VERSION } from './answers/code-version.ts';
import { renderStoredAnswers } from './answers/render.ts';
import { createApp } from './app.ts';
import { type Config, sharesPathOf } from './config.ts';
import { RefreshScheduler } from './refresh.ts';
import type { RefreshStatus } from './service/router.ts';
import { ShareStore } from './shares.ts';
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
  // Built first when there is no snapshot, or only one of another schema version (before an upgrade).
  if (options.bootstrap && publishedDigest(config.DB_PATH) === undefined) await bootstrap(config, logger);
  if (config.WEB_CONCURRENCY > 1) {
    await startPrimary(config, logger);
    return null;
  }
  return serveHttp(config, logger, 'single');
}

/** The first build (no servable database yet): from the source folder, fetched first when the source is live. */
async function bootstrap(config: Config, logger: Logger): Promise<void> {
  const reason = existsSync(config.DB_PATH) ? 'the database was built by another version' : 'no database yet';
  logger.info({ source: config.SOURCE_DIR, db: config.DB_PATH }, `${reason}: building it from the source`);
  const result = await refreshOnce({
    source: config.SOURCE_DIR, format: config.SOURCE_FORMAT, dbPath: config.DB_PATH, live: liveSourceFrom(config), render: renderStoredAnswers, codeVersion: CODE_VERSION,
    onFetched: (fetched) => logger.info(fetched, 'fetch finished'),
    onStage: (stage, rows, ms) => logger.info({ stage, rows, ms: Math.round(ms) }, 'etl stage'),
  });
  if (result.rebuilt) logger.info({ snapshot: result.etl.snapshot, seconds: result.etl.seconds, warnings: result.etl.findings.warningCount }, 'database built');
}

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
  snapshots.load();
  const tell = (worker: Worker, status: RefreshStatus) =>
    worker.send({ type: 'council:refresh-status', status } satisfies RefreshStatusMessage);
  const scheduler = new RefreshScheduler(config, snapshots, logger, removeKilledBuilds, (status) => {
    for (const worker of Object.values(cluster.workers ?? {})) if (worker?.isConnected()) tell(worker, status);
  });

  let closing = false;
  const listening = new Set<number>(); // workers that have started serving
  const stop = async (code: number) => {
    closing = true;
    setTimeout(() => {
      logger.error('workers did not stop in time; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    await scheduler.stop();
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

  cluster.on('online', (worker) => tell(worker, scheduler.status));
  cluster.on('listening', (worker) => {
    listening.add(worker.id);
    // The refresh is scheduled once every worker serves: a start that fails schedules nothing.
    if (listening.size === config.WEB_CONCURRENCY && !closing) scheduler.start();
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
    if (!closing) void scheduler.run();
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
  snapshots.load();
  if (!snapshots.active) logger.warn({ db: config.DB_PATH }, 'no snapshot to serve yet: data endpoints answer 503 until one is published');
  let shares: ShareStore;
  try {
    shares = new ShareStore(sharesPathOf(config));
  } catch (error) {
    snapshots.close();
    throw error;
  }
  const scheduler = role === 'single' ? new RefreshScheduler(config, snapshots, logger, removeKilledBuilds) : null;
  const refresh: RefreshStatus = scheduler?.status ?? { running: false };
  if (role === 'worker') {
    process.on('message', (message: unknown) => {
      if (isRefreshStatusMessage(message)) Object.assign(refresh, message.status);
    });
  }

  let closing: Promise<void> | null = null;
  const rateLimitStore = role === 'worker' ? new ClusterMemoryStoreWorker() : undefined;
  let server: Server;
  try {
    const app = createApp({ snapshots, shares, config, logger, refresh, ...(rateLimitStore ? { rateLimitStore } : {}) });
    server = await new Promise<Server>((resolve, reject) => {
      const s = createServer(app);
      s.once('error', (error) => reject(listenError(error, config)));
      s.listen(config.PORT, config.HOST, () => resolve(s));
    });
  } catch (error) {
    snapshots.close();
    shares.close();
    throw error;
  }
  snapshots.watch();
  scheduler?.start();
  // Once shutting down, a request that still arrives on an open keep-alive connection is answered
  // and its connection closed after the answer (runs before the app, while headers can still be set).
  server.prependListener('request', (_req, res) => {
    if (closing) res.setHeader('Connection', 'close');
  });

  const close = () => (closing ??= shutDown(server, scheduler, [snapshots, shares], logger));

  // SIGHUP: refresh now, the same job the cron runs (for operators and tests). A worker leaves it to
  // the primary (but must not die of it, SIGHUP's default).
  process.on('SIGHUP', () => {
    if (!closing) void scheduler?.run();
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
async function shutDown(server: Server, scheduler: RefreshScheduler | null, databases: Array<{ close(): void }>, logger: Logger): Promise<void> {
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
      database.close();
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
