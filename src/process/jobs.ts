// The background jobs of this configuration's role (Config.ROLE): a replica follows its builder's
// snapshot and never builds; a standalone server refreshes its own on a schedule, and a builder also
// publishes it to replicas. In a cluster the primary runs them for every worker (src/process/cluster.ts); a
// single process runs them itself (src/process/serve.ts).

import type { Logger } from 'pino';
import type { RefreshSourceStatus } from '../../core/sources.ts';
import type { SnapshotManifest } from '../../core/snapshot/manifest.ts';
import type { Config } from '../config.ts';
import { type BuildCleanup, RefreshScheduler } from '../refresh.ts';
import { type FollowStatus, SnapshotFollower } from '../replication/follower.ts';
import { Publisher } from '../replication/publisher.ts';
import type { RefreshStatus } from '../service/routes.ts';
import type { SnapshotStore } from '../snapshot/snapshot.ts';
import type { BackgroundJob } from './background-job.ts';
import { ManifestCheck } from './manifest-check.ts';

/**
 * What the jobs need of the ETL, under its build lock; the composition root (src/server.ts) passes it
 * in, so that nothing else of src/ imports the pipeline.
 */
export interface BuildSide {
  /** Removes what a killed refresh child left (null while another build runs: it removes them itself). */
  removeKilledBuilds: BuildCleanup;
  /** The source the next refresh will use, as the ETL settles it. */
  sourceStatus: () => RefreshSourceStatus;
  /** Checks that a replica may publish at its database's path, as the ETL would. */
  checkTarget: (dbPath: string) => void;
  /** Puts a verified download in place of the database with the builder's manifest beside it, as the ETL publishes. */
  publishDownload: (downloadPath: string, dbPath: string, manifest: SnapshotManifest) => void;
  /** Gives the published snapshot its manifest when it has none (built by an earlier version). */
  describePublished: (dbPath: string) => Promise<void>;
}

export interface Jobs {
  list: BackgroundJob[];
  /** What /health reports of the refresh (never running on a replica). */
  refresh: RefreshStatus;
  /** What /health reports of the follower (a replica only). */
  follow?: FollowStatus;
}

/** Told of every change of a job's status (a cluster primary passes it on to its workers). */
export interface StatusListeners {
  refresh?: (status: RefreshStatus) => void;
  follow?: (status: FollowStatus) => void;
  /** The file in service is not its manifest's (ManifestCheck): it was withdrawn here, and is withdrawn by the workers too. */
  withdrawn?: (reason: string, fileKey: string) => void;
  /** The file in service passed its check (ManifestCheck): the workers serve it from now on. */
  checked?: (fileKey: string) => void;
}

export function backgroundJobs(
  config: Config,
  snapshots: SnapshotStore,
  logger: Logger,
  build: BuildSide,
  listeners: StatusListeners = {},
): Jobs {
  // A file whose bytes are not its manifest's is replaced at once: downloaded again, or rebuilt.
  const replaceRefused = (replace: BackgroundJob) =>
    new ManifestCheck(
      snapshots,
      logger,
      (reason, fileKey) => {
        listeners.withdrawn?.(reason, fileKey);
        void replace.runNow?.();
      },
      (fileKey) => listeners.checked?.(fileKey),
    );
  const role = config.ROLE;
  if (role.kind === 'replica') {
    // What it downloads is published where the ETL would publish: the same checks of the target first.
    build.checkTarget(config.DB_PATH);
    const follower = new SnapshotFollower({
      url: role.followUrl,
      dbPath: config.DB_PATH,
      intervalMs: role.intervalS * 1000,
      timeoutMs: config.FETCH_TIMEOUT_MS,
      logger,
      publish: build.publishDownload,
      servedRefusal: () => snapshots.refusal,
      onPublished: () => snapshots.refresh(),
      ...(listeners.follow ? { onStatus: listeners.follow } : {}),
    });
    return { list: [follower, replaceRefused(follower)], refresh: { running: false }, follow: follower.status };
  }
  const scheduler = new RefreshScheduler(
    config,
    snapshots,
    logger,
    build.removeKilledBuilds,
    build.sourceStatus,
    listeners.refresh,
  );
  const list: BackgroundJob[] = [scheduler, replaceRefused(scheduler)];
  if (role.kind === 'builder')
    list.push(new Publisher(config.DB_PATH, config.HOST, role.publishPort, logger, build.describePublished));
  return { list, refresh: scheduler.status };
}

export const openJobs = async (jobs: Jobs): Promise<void> => {
  for (const job of jobs.list) await job.open?.();
};
export const startJobs = (jobs: Jobs): void => jobs.list.forEach((job) => job.start?.());
export const runJobsNow = (jobs: Jobs): Promise<unknown> => Promise.all(jobs.list.map((job) => job.runNow?.()));
export const stopJobs = (jobs: Jobs): Promise<unknown> => Promise.all(jobs.list.map((job) => job.stop()));
