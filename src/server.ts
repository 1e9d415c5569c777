// Wires the real dependencies, listens, and shuts down gracefully: on SIGTERM/SIGINT stop accepting,
// let in-flight requests finish, close the databases, exit 0 (forced after 10 s).

import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import { pino, type Logger } from 'pino';
import { runEtl } from '../etl/run.ts';
import { createApp } from './app.ts';
import { type Config, sharesPathOf } from './config.ts';
import { RefreshScheduler } from './refresh.ts';
import { ShareStore } from './shares.ts';
import { SnapshotStore } from './snapshot.ts';

const SHUTDOWN_GRACE_MS = 10_000;

export function createLogger(config: Pick<Config, 'LOG_LEVEL'>): Logger {
  return pino({
    level: config.LOG_LEVEL,
    redact: { paths: ['req.headers["x-api-key"]', 'req.headers.authorization', 'req.headers.cookie'], censor: '[redacted]' },
  });
}

export interface RunningServer {
  server: Server;
  close: () => Promise<void>;
}

export async function startServer(config: Config, options: { bootstrap: boolean }): Promise<RunningServer> {
  const logger = createLogger(config);
  if (options.bootstrap && !existsSync(config.DB_PATH)) {
    logger.info({ source: config.SOURCE_DIR, db: config.DB_PATH }, 'no database yet: building it from the bundled source');
    const summary = await runEtl({
      source: config.SOURCE_DIR, format: config.SOURCE_FORMAT, dbPath: config.DB_PATH,
      onStage: (stage, rows, ms) => logger.info({ stage, rows, ms: Math.round(ms) }, 'etl stage'),
    });
    logger.info({ snapshot: summary.snapshot, seconds: summary.seconds, warnings: summary.warnings.length }, 'database built');
  }

  const snapshots = new SnapshotStore(config.DB_PATH, logger);
  snapshots.refresh();
  snapshots.watch();
  if (!snapshots.active) logger.warn({ db: config.DB_PATH }, 'no snapshot to serve yet: data endpoints answer 503 until one is published');
  const shares = new ShareStore(sharesPathOf(config));
  const scheduler = new RefreshScheduler(config, snapshots, logger);
  scheduler.start();

  const app = createApp({ snapshots, shares, config, logger, refresh: scheduler.status });
  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(config.PORT, config.HOST, (error?: Error) => (error ? reject(error) : resolve(s)));
  });
  const address = server.address();
  logger.info({ address: typeof address === 'object' && address ? `http://${address.address}:${address.port}` : address }, 'listening');

  let closing: Promise<void> | null = null;
  const close = () => {
    closing ??= new Promise<void>((resolve) => {
      logger.info('shutting down: finishing in-flight requests');
      scheduler.stop();
      const force = setTimeout(() => {
        logger.warn('in-flight requests did not finish in time; closing their connections');
        server.closeAllConnections();
      }, SHUTDOWN_GRACE_MS - 1000);
      force.unref();
      server.close(() => {
        clearTimeout(force);
        snapshots.close();
        shares.close();
        logger.info('shut down');
        resolve();
      });
      server.closeIdleConnections();
    });
    return closing;
  };
  // SIGHUP: refresh now, the same job the cron runs (for operators and tests).
  process.on('SIGHUP', () => void scheduler.run());
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => void close().then(() => process.exit(0)));
  }
  return { server, close };
}
