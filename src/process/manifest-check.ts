// The SHA-256 of the file in service against its manifest's, checked before the process serves, by the
// process that owns the file (alone, or the cluster primary, before it starts its workers). No byte of
// it is sent before (issue 42: a damaged answer went out for 0.6 s with a cacheable header): start-up
// waits for the check (a national snapshot of 5 GB takes tens of seconds to read; the port does not
// listen meanwhile, so a proxy sends requests to another replica), and SnapshotStore.awaitCheck holds
// the file back (503, no-store) in any process that would serve it sooner. A file whose
// bytes are not its manifest's is withdrawn (503, /health `odrzucona`, an error in the log) and
// `onRefused` told, so that the builder rebuilds it or the replica downloads it again.

import type { Logger } from 'pino';
import { checkServedFile, digestRefusal } from '../../core/snapshot/manifest.ts';
import { type SnapshotStore, fileKeyOfStat } from '../snapshot/snapshot.ts';
import type { BackgroundJob } from './background-job.ts';

export class ManifestCheck implements BackgroundJob {
  private checking: Promise<void> | null = null;

  constructor(
    private readonly snapshots: SnapshotStore,
    private readonly logger: Logger,
    private readonly onRefused: (reason: string, fileKey: string) => void,
    /** The file passed its check, or could not be checked: served from now on (by the workers too). */
    private readonly onChecked: (fileKey: string) => void = () => {},
  ) {}

  /** Before the server listens (openJobs): the check, awaited. */
  async open(): Promise<void> {
    await (this.checking ??= this.check());
  }

  start(): void {
    this.checking ??= this.check();
  }

  async stop(): Promise<void> {
    await this.checking;
  }

  private async check(): Promise<void> {
    const { snapshots, logger } = this;
    const fileKey = snapshots.activeFileKey;
    if (fileKey === null) return;
    const check = checkServedFile(snapshots.path);
    const served = () => {
      snapshots.checked(fileKey);
      this.onChecked(fileKey);
    };
    if ('skipped' in check) {
      served();
      logger.info(
        { db: snapshots.path, why: check.skipped },
        'the snapshot in service is not checked against a manifest',
      );
      return;
    }
    if ('refusal' in check) return; // withdrawn when put in service
    const started = performance.now();
    try {
      // The file read is the one in service (a snapshot published meanwhile is not this check's to judge).
      const refusal = await digestRefusal(snapshots.path, check.hash, (stat) => fileKeyOfStat(stat) === fileKey);
      const seconds = Math.round(performance.now() - started) / 1000;
      if (refusal === 'replaced')
        logger.info({ db: snapshots.path }, 'the snapshot was replaced before its check: not checked');
      else if (refusal === null) {
        served();
        logger.info(
          { snapshot: check.hash.snapshot, bytes: check.hash.size, seconds },
          'the snapshot in service matches its manifest (SHA-256)',
        );
      } else if (snapshots.withdraw(refusal, fileKey)) this.onRefused(refusal, fileKey);
    } catch (error) {
      served(); // a file that cannot be read is refused by SQLite when read; not 503 for ever
      logger.warn({ err: error, db: snapshots.path }, 'could not check the snapshot in service against its manifest');
    }
  }
}
