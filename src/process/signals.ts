// The signals a server process answers, the same way whatever its role: SIGHUP runs its background
// jobs now (the refresh the cron runs, a replica's poll; for operators and tests — a cluster worker,
// which runs none, must still not die of it, SIGHUP's default); SIGTERM and SIGINT stop it, and
// whatever hangs, the process is gone within the grace period.

import type { Logger } from 'pino';

export const SHUTDOWN_GRACE_MS = 10_000;

export interface Lifecycle {
  /** SIGHUP. */
  runNow: () => unknown;
  /** SIGTERM, SIGINT: stops; resolves with the exit code. */
  stop: () => Promise<number>;
}

export function answerSignals(logger: Logger, { runNow, stop }: Lifecycle): void {
  let stopping = false;
  process.on('SIGHUP', () => {
    if (!stopping) void runNow();
  });
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      stopping = true;
      logger.info({ signal }, 'signal received');
      setTimeout(() => {
        logger.error('shutdown did not complete in time; exiting');
        process.exit(1);
      }, SHUTDOWN_GRACE_MS).unref();
      stop().then(
        (code) => process.exit(code),
        (error: unknown) => {
          logger.error({ err: error }, 'shutdown failed; exiting');
          process.exit(1);
        },
      );
    });
  }
}
