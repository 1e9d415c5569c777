// Serves HTTP from this process: alone (with its background jobs), or as a cluster worker (the jobs
// are the primary's; their status and the rate-limit counts come from it). Everything that can fail
// is opened before anything is scheduled or watched: a start-up failure leaves no timer or cron task
// behind, so the process exits with its error. Stopping drains: no new connections, in-flight
// requests finish (their connections are closed after DRAIN_MS), the jobs stop, then the databases
// close.

import { type Server, createServer } from 'node:http';
import type { Logger } from 'pino';
import { AnswerStore } from '../answers/answer-store.ts';
import { createApp } from '../app.ts';
import { type Config, answerStorePathOf } from '../config.ts';
import type { HitStore } from '../http/rate-limit.ts';
import { HeaderListResponse } from '../http/response.ts';
import { type ShareStore, openShareStore } from '../shares/index.ts';
import { SnapshotStore } from '../snapshot/snapshot.ts';
import { type Jobs, openJobs, runJobsNow, startJobs, stopJobs } from './jobs.ts';
import { SHUTDOWN_GRACE_MS, answerSignals } from './signals.ts';
import { codeOf } from '../../core/errors.ts';

/** In-flight requests get this long; then their connections are closed and the shutdown completes. */
const DRAIN_MS = SHUTDOWN_GRACE_MS - 1500;

export interface RunningServer {
  server: Server;
  close: () => Promise<void>;
}

export interface ServeOptions {
  /** This process's background jobs over its snapshot store (none for a cluster worker). */
  jobsOf: (snapshots: SnapshotStore) => Jobs;
  /** Puts the published snapshot in service (see src/server.ts loadServed). */
  loadServed: (snapshots: SnapshotStore) => void;
  /** Shared rate-limit counts (a cluster worker's); default: this process's. */
  rateLimitStore?: ((limit: 'api' | 'site') => HitStore) | undefined;
}

export async function serveHttp(
  config: Config,
  logger: Logger,
  { jobsOf, loadServed, rateLimitStore }: ServeOptions,
): Promise<RunningServer> {
  const snapshots = new SnapshotStore(config.DB_PATH, logger);
  loadServed(snapshots);
  if (!snapshots.active)
    logger.warn({ db: config.DB_PATH }, 'no snapshot to serve yet: data endpoints answer 503 until one is published');
  let shares: ShareStore;
  try {
    shares = await openShareStore(config, logger);
  } catch (error) {
    snapshots.close();
    throw error;
  }
  const answerStore =
    config.ANSWER_STORE_MB > 0
      ? AnswerStore.open(answerStorePathOf(config), config.ANSWER_STORE_MB * 2 ** 20, logger)
      : undefined;
  const databases: Array<{ close(): void | Promise<void> }> = [
    snapshots,
    shares,
    ...(answerStore ? [answerStore] : []),
  ];
  let jobs: Jobs | undefined;
  let server: Server;
  try {
    jobs = jobsOf(snapshots);
    await openJobs(jobs);
    const app = createApp({
      snapshots,
      shares,
      config,
      logger,
      refresh: jobs.refresh,
      follow: jobs.follow,
      rateLimitStore,
      answerStore,
    });
    server = await new Promise<Server>((resolve, reject) => {
      const s = createServer({ ServerResponse: HeaderListResponse }, app);
      s.once('error', (error) => reject(listenError(error, config)));
      s.listen(config.PORT, config.HOST, () => resolve(s));
    });
  } catch (error) {
    await Promise.all([jobs && stopJobs(jobs), ...databases.map((d) => d.close())]);
    throw error;
  }
  const running = jobs;
  snapshots.watch();
  startJobs(running);

  let closing: Promise<void> | null = null;
  // Once shutting down, a request that still arrives on an open keep-alive connection is answered
  // and its connection closed after the answer (runs before the app, while headers can still be set).
  server.prependListener('request', (_req, res) => {
    if (closing) res.setHeader('Connection', 'close');
  });
  const close = () => (closing ??= shutDown(server, running, databases, logger));
  answerSignals(logger, {
    runNow: () => (closing ? undefined : runJobsNow(running)),
    stop: () => close().then(() => 0),
  });

  const address = server.address();
  logger.info(
    { address: typeof address === 'object' && address ? `http://${address.address}:${address.port}` : address },
    'listening',
  );
  return { server, close };
}

/** Drains and closes: no new connections, in-flight requests finish, the jobs stop, then the databases close. */
async function shutDown(
  server: Server,
  jobs: Jobs,
  databases: Array<{ close(): void | Promise<void> }>,
  logger: Logger,
): Promise<void> {
  logger.info('shutting down: no new connections; finishing in-flight requests');
  const jobsStopped = stopJobs(jobs);
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
  await jobsStopped;
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
  const code = codeOf(error);
  if (code === 'EADDRINUSE')
    return new Error(`cannot listen on ${where}: the port is already in use (set PORT or --port)`);
  if (code === 'EACCES')
    return new Error(`cannot listen on ${where}: permission denied (ports below 1024 need privileges; set PORT)`);
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND')
    return new Error(`cannot listen on ${where}: no such address on this machine (HOST)`);
  return new Error(`cannot listen on ${where}: ${error.message}`);
}
