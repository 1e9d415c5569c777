// Wires the real dependencies, listens, and shuts down gracefully: on SIGTERM/SIGINT stop accepting,
// let in-flight requests finish, close the databases, exit 0 (connections still busy after 8.5 s are
// closed, so the exit comes within 10 s).

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
/** In-flight requests get this long; then their connections are closed and the shutdown completes. */
const DRAIN_MS = SHUTDOWN_GRACE_MS - 1500;

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

export function createLogger(config: Pick<Config, 'LOG_LEVEL'>): Logger {
  return pino({ level: config.LOG_LEVEL, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } });
}

export interface RunningServer {
  server: Server;
  close: () => Promise<void>;
}

export async function startServer(config: Config, options: { bootstrap: boolean }): Promise<RunningServer> {
  RefreshScheduler.validate(config); // a bad CRON_SCHEDULE stops the start before anything is opened
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

  let closing: Promise<void> | null = null;
  const app = createApp({ snapshots, shares, config, logger, refresh: scheduler.status });
  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(config.PORT, config.HOST, (error?: Error) => (error ? reject(error) : resolve(s)));
  });
  // Once shutting down, a request that still arrives on an open keep-alive connection is answered
  // and its connection closed after the answer (runs before the app, while headers can still be set).
  server.prependListener('request', (_req, res) => {
    if (closing) res.setHeader('Connection', 'close');
  });

  const close = () => {
    closing ??= (async () => {
      logger.info('shutting down: no new connections; finishing in-flight requests');
      const refreshStopped = scheduler.stop();
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
      for (const [name, closeIt] of [['snapshot', () => snapshots.close()], ['shares', () => shares.close()]] as const) {
        try {
          closeIt();
        } catch (error) {
          logger.error({ err: error }, `could not close the ${name} database`);
        }
      }
      logger.info('shut down');
    })();
    return closing;
  };

  // SIGHUP: refresh now, the same job the cron runs (for operators and tests).
  process.on('SIGHUP', () => {
    if (!closing) void scheduler.run();
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
