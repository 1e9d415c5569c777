// A server of several processes (WEB_CONCURRENCY > 1, node:cluster). The primary runs the background
// jobs once for all (./jobs.ts), holds every worker's rate-limit counts
// (@express-rate-limit/cluster-memory-store) and forks the workers that serve HTTP; it tells them the
// jobs' status, for their /health. A worker that dies is replaced; one that fails to start stops the
// whole server (another would fail the same way).

import { ClusterMemoryStorePrimary, ClusterMemoryStoreWorker } from '@express-rate-limit/cluster-memory-store';
import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { HitStore } from '../http/rate-limit.ts';
import { type FollowStatus, initialFollowStatus } from '../replication/follower.ts';
import type { RefreshStatus } from '../service/routes.ts';
import { SnapshotStore } from '../snapshot/snapshot.ts';
import { type Jobs, type StatusListeners, openJobs, runJobsNow, startJobs, stopJobs } from './jobs.ts';
import { SHUTDOWN_GRACE_MS, answerSignals } from './signals.ts';
import { fieldOf } from '../../core/errors.ts';

/** The environment variable that tells a worker which file passed its check before it was forked. */
export const CHECKED_FILE_ENV = 'COUNCIL_CHECKED_FILE';

/** The jobs' status, from the primary to its workers. */
interface StatusMessage {
  type: 'council:status';
  refresh?: RefreshStatus;
  follow?: FollowStatus;
  /** The file in service was found damaged (ManifestCheck): withdraw it too. */
  withdrawn?: { reason: string; fileKey: string };
  /** The file in service passed its check (ManifestCheck): serve it. */
  checked?: string;
}
const isStatusMessage = (message: unknown): message is StatusMessage => fieldOf(message, 'type') === 'council:status';

/**
 * Runs the cluster's primary until it is stopped. `jobsOf` makes the background jobs over the
 * primary's view of the snapshot (the refresh and the follower swap it like a server would).
 */
export async function startPrimary(
  config: Config,
  logger: Logger,
  jobsOf: (snapshots: SnapshotStore, listeners: StatusListeners) => Jobs,
  loadServed: (snapshots: SnapshotStore) => void,
): Promise<void> {
  new ClusterMemoryStorePrimary().init();
  const snapshots = new SnapshotStore(config.DB_PATH, logger);
  loadServed(snapshots);
  const workers = () => Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
  const tell = (worker: Worker, message: Omit<StatusMessage, 'type'>) => {
    if (worker.isConnected()) worker.send({ type: 'council:status', ...message } satisfies StatusMessage);
  };
  let withdrawn: StatusMessage['withdrawn'];
  let checked: string | undefined;
  // A worker is told which file passed its check (the jobs were opened, so the check is done): it serves
  // that file at once, and holds back any other until told (SnapshotStore.awaitCheck).
  const fork = () => cluster.fork(checked === undefined ? {} : { [CHECKED_FILE_ENV]: checked });
  const jobs = jobsOf(snapshots, {
    refresh: (refresh) => workers().forEach((w) => tell(w, { refresh })),
    follow: (follow) => workers().forEach((w) => tell(w, { follow })),
    withdrawn: (reason, fileKey) => {
      withdrawn = { reason, fileKey };
      workers().forEach((w) => tell(w, { withdrawn }));
    },
    checked: (fileKey) => {
      checked = fileKey;
      workers().forEach((w) => tell(w, { checked: fileKey }));
    },
  });
  await openJobs(jobs);

  let closing = false;
  const listening = new Set<number>(); // workers that have started serving
  const stop = async (code: number): Promise<number> => {
    closing = true;
    await stopJobs(jobs);
    await Promise.all(
      workers().map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (worker.isDead()) return resolve();
            worker.once('exit', () => resolve());
            worker.process.kill('SIGTERM');
          }),
      ),
    );
    snapshots.close();
    logger.info('shut down');
    return code;
  };

  cluster.on('online', (worker) =>
    tell(worker, {
      refresh: jobs.refresh,
      ...(jobs.follow ? { follow: jobs.follow } : {}),
      ...(withdrawn ? { withdrawn } : {}),
    }),
  );
  cluster.on('listening', (worker) => {
    listening.add(worker.id);
    // Once listening the worker hears messages (a replacement worker started after the check too).
    if (checked !== undefined) tell(worker, { checked });
    // The jobs start once every worker serves: a start that fails schedules nothing.
    if (listening.size === config.WEB_CONCURRENCY && !closing) startJobs(jobs);
  });
  cluster.on('exit', (worker, code, signal) => {
    if (closing) return;
    if (!listening.has(worker.id)) {
      // It failed while starting (its own error line is on stderr): another would fail the same way.
      logger.error({ worker: worker.id, code, signal }, 'a worker failed to start; stopping');
      setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
      stop(1).then(
        (exit) => process.exit(exit),
        () => process.exit(1),
      );
      return;
    }
    logger.error({ worker: worker.id, code, signal }, 'worker died; starting another');
    fork();
  });
  for (let i = 0; i < config.WEB_CONCURRENCY; i++) fork();
  logger.info({ workers: config.WEB_CONCURRENCY }, 'cluster primary started');
  answerSignals(logger, { runNow: () => (closing ? undefined : runJobsNow(jobs)), stop: () => stop(0) });
}

/**
 * A worker's side: no jobs of its own — their status comes from the primary, which also tells it to
 * withdraw a damaged file — and the rate-limit counts kept by the primary, one store per limit.
 */
export function workerSide({ ROLE: role }: Pick<Config, 'ROLE'>): {
  jobsOf: (snapshots: SnapshotStore) => Jobs;
  rateLimitStore: (limit: string) => HitStore;
} {
  const jobs: Jobs = {
    list: [],
    refresh: { running: false },
    ...(role.kind === 'replica' ? { follow: initialFollowStatus(role.followUrl) } : {}),
  };
  const jobsOf = (snapshots: SnapshotStore) => {
    process.on('message', (message: unknown) => {
      if (!isStatusMessage(message)) return;
      if (message.refresh) Object.assign(jobs.refresh, message.refresh);
      if (message.follow && jobs.follow) Object.assign(jobs.follow, message.follow);
      if (message.withdrawn) snapshots.withdraw(message.withdrawn.reason, message.withdrawn.fileKey);
      if (message.checked) snapshots.checked(message.checked);
    });
    return jobs;
  };
  return { jobsOf, rateLimitStore: (limit) => new ClusterMemoryStoreWorker({ prefix: limit }) };
}
