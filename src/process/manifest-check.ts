// The SHA-256 of the file in service against its manifest's, checked once the process serves, by the
// process that owns the file (alone, or the cluster primary). A national snapshot of 5 GB takes tens
// of seconds to read, which start-up does not wait for: it is served meanwhile (its size was checked
// when it was put in service, and SQLite checks the structure of each page it reads). A file whose
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
  ) {}

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
    if ('skipped' in check) {
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
      else if (refusal === null)
        logger.info(
          { snapshot: check.hash.snapshot, bytes: check.hash.size, seconds },
          'the snapshot in service matches its manifest (SHA-256)',
        );
      else if (snapshots.withdraw(refusal, fileKey)) this.onRefused(refusal, fileKey);
    } catch (error) {
      logger.warn({ err: error, db: snapshots.path }, 'could not check the snapshot in service against its manifest');
    }
  }
}
