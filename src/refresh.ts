// The scheduled refresh: node-cron runs the same job as `council refresh`, in a forked child process
// so that a rebuild never competes with requests for this process's event loop. The child reports its
// stages and outcome as typed IPC messages (core/refresh-protocol.ts). The build lock refuses
// overlapping runs, also against a manual `council etl` on the same database; the snapshot store
// picks up the published file. Which source the refresh reads is the ETL's rule (the snapshot's own
// unless the configuration names one); the scheduler logs it and shows it on /health.

import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import cron, { type ScheduledTask } from 'node-cron';
import type { Logger } from 'pino';
import { parseRefreshMessage } from '../core/refresh-protocol.ts';
import type { RefreshSourceStatus } from '../core/sources.ts';
import type { Config } from './config.ts';
import type { BackgroundJob } from './process/background-job.ts';
import type { RefreshStatus } from './service/routes.ts';
import type { SnapshotStore } from './snapshot/snapshot.ts';

export const CRON_TIMEZONE = 'Europe/Warsaw';

/** How long a refresh child gets to exit after SIGTERM at shutdown before it is killed. */
const CHILD_STOP_MS = 2000;

/**
 * The CLI to fork from here: compiled JS directly, TypeScript sources through tsx. tsx is passed as an
 * absolute URL: `--import tsx` would resolve from the working directory, which need not be this project's.
 */
function cliModule(): { path: string; execArgv: string[] } {
  const here = fileURLToPath(import.meta.url);
  const fromSources = here.endsWith('.ts');
  const path = fileURLToPath(new URL(fromSources ? '../cli/council.ts' : '../cli/council.js', import.meta.url));
  return { path, execArgv: fromSources ? ['--import', import.meta.resolve('tsx')] : [] };
}

/**
 * Removes what a killed build (process `pid`) left beside the database and in the temporary folder;
 * returns the paths removed (null: another build holds the lock and will). Injected by the composition root.
 */
export type BuildCleanup = (dbPath: string, pid: number) => string[] | null;

/** The source the next refresh will use, as the ETL settles it (etl/source-spec.ts); injected by the composition root. */
export type SourceStatusOf = () => RefreshSourceStatus;

/** Calls `onLine` with each complete line of a stream. */
function eachLine(stream: NodeJS.ReadableStream, onLine: (line: string) => void): void {
  let partial = '';
  stream.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) onLine(line.replace(/\r$/, ''));
  });
  stream.on('end', () => {
    if (partial) onLine(partial);
  });
}

interface ChildOutcome {
  code: number | null;
  signal: NodeJS.Signals | null;
  spawnError?: string;
}

/** What the refresh child said: over IPC, and the tail of its stderr as a fallback. */
interface ChildReport {
  published?: string;
  unchanged: boolean;
  refused?: { reason: 'source' | 'collapse'; message: string };
  failure?: string;
  fetched?: NonNullable<RefreshStatus['fetch']>;
  stderr: string[];
}

export class RefreshScheduler implements BackgroundJob {
  readonly status: RefreshStatus = { running: false };
  private task: ScheduledTask | null = null;
  private child: ChildProcess | null = null;
  private childExit: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly config: Config,
    private readonly snapshots: SnapshotStore,
    private readonly logger: Logger,
    private readonly cleanupBuilds: BuildCleanup,
    private readonly sourceStatus: SourceStatusOf,
    /** Told of every change of `status` (a cluster primary passes it on to its workers). */
    private readonly onStatus: (status: RefreshStatus) => void = () => undefined,
  ) {}

  /** Throws on an invalid CRON_SCHEDULE (checked before anything is opened). */
  static validate(config: Pick<Config, 'CRON_SCHEDULE'>): void {
    if (config.CRON_SCHEDULE && !cron.validate(config.CRON_SCHEDULE)) {
      throw new Error(`CRON_SCHEDULE "${config.CRON_SCHEDULE}" is not a valid cron expression`);
    }
  }

  start(): void {
    const source = this.noteSource();
    this.onStatus(this.status);
    const logged = { source: source.description, from: source.from };
    if (source.refusal) {
      this.logger.warn(
        { ...logged, refusal: source.refusal },
        "the refresh will refuse: the configuration names another source than the snapshot's",
      );
    }
    if (!this.config.CRON_SCHEDULE) {
      this.logger.info(logged, 'no CRON_SCHEDULE: the scheduled refresh is off (SIGHUP still refreshes)');
      return;
    }
    RefreshScheduler.validate(this.config);
    const cronLog = this.logger.child({ component: 'node-cron' });
    this.task = cron.schedule(this.config.CRON_SCHEDULE, () => void this.runNow(), {
      timezone: CRON_TIMEZONE,
      name: 'nightly-refresh',
      // node-cron's own messages (e.g. a missed run) go to the structured log, not plain console lines.
      logger: {
        info: (message) => cronLog.info(message),
        warn: (message) => cronLog.warn(message),
        error: (message, err) => cronLog.error({ err: err ?? message }, String(message)),
        debug: (message, err) => cronLog.debug({ err }, String(message)),
      },
    });
    this.logger.info({ schedule: this.config.CRON_SCHEDULE, timezone: CRON_TIMEZONE, ...logged }, 'refresh scheduled');
  }

  /** Settles the source the next refresh will use, for /health (and the cluster's workers). */
  private noteSource(): RefreshSourceStatus {
    this.status.source = this.sourceStatus();
    return this.status.source;
  }

  /** Runs one refresh; resolves with its outcome. A refresh already running here is not started twice. */
  async runNow(): Promise<NonNullable<RefreshStatus['last']>> {
    if (this.stopped) {
      return { ok: false, finished: new Date().toISOString(), seconds: 0, error: 'the server is shutting down' };
    }
    if (this.status.running) {
      // Not recorded as the last outcome: the run in progress will report its own.
      this.logger.warn('refresh skipped: the previous one is still running');
      return { ok: false, finished: new Date().toISOString(), seconds: 0, error: 'a refresh is already running' };
    }
    this.status.running = true;
    this.onStatus(this.status);
    const started = performance.now();
    const { DB_PATH } = this.config;
    const log = this.logger.child({ refresh: new Date().toISOString() });
    const source = this.noteSource();
    log.info({ source: source.description, from: source.from, db: DB_PATH }, 'refresh started');
    const { outcome, report } = await this.runChild(log);
    const { published, unchanged, refused, failure, fetched, stderr } = report;
    const pid = this.child?.pid;
    this.child = null;
    if (outcome.signal && pid !== undefined) {
      // Killed (at shutdown, or by an operator): its build file is left over. The next run would
      // remove it too; this keeps the directory clean.
      try {
        const removed = this.cleanupBuilds(DB_PATH, pid);
        if (removed?.length) log.info({ removed, signal: outcome.signal }, 'removed what the killed refresh left');
      } catch (error) {
        log.warn({ err: error }, "could not remove the killed build's files; the next refresh will");
      }
    }
    const seconds = Math.round((performance.now() - started) / 10) / 100;
    const finished = new Date().toISOString();
    let last: NonNullable<RefreshStatus['last']>;
    if (outcome.code === 0) {
      this.snapshots.refresh();
      const active = this.snapshots.active?.id;
      last =
        published && active !== published
          ? {
              ok: false,
              finished,
              seconds,
              snapshot: active,
              error: `snapshot ${published} was published but could not be put in service`,
            }
          : { ok: true, finished, seconds, snapshot: active ?? published ?? '', rebuilt: !unchanged };
    } else if (refused) {
      last = { ok: false, finished, seconds, error: refused.message, refused: refused.reason };
    } else {
      const error =
        outcome.spawnError ??
        failure ??
        (stderr.slice(-5).join('\n') ||
          (outcome.signal
            ? `the ETL process was killed by ${outcome.signal}`
            : `the ETL process exited with code ${outcome.code}`));
      last = { ok: false, finished, seconds, error };
    }
    this.status.last = last;
    // A live fetch that did not report its figures failed (nothing was rebuilt from it).
    this.status.fetch =
      fetched ??
      (this.fetchesLive() && !last.ok && !last.refused
        ? { finished, ok: false, error: last.error ?? 'the fetch failed' }
        : this.status.fetch);
    this.status.running = false;
    this.noteSource(); // the snapshot may record another source now (--replace-source)
    this.onStatus(this.status);
    if (last.ok && unchanged) log.info(last, 'unchanged, nothing rebuilt: the source is the one in service');
    else if (last.ok) log.info(last, 'refresh published');
    else if (last.refused) log.error(last, 'refresh refused; the previous snapshot stays in service');
    else log.error(last, 'refresh failed; the previous snapshot stays in service');
    return last;
  }

  /** Forks `council refresh` and gathers what it reports (IPC) and its last stderr lines. */
  private async runChild(log: Logger): Promise<{ outcome: ChildOutcome; report: ChildReport }> {
    const { DB_PATH, REPLACE_SOURCE, TOPICS_PATH, POLICIES_PATH } = this.config;
    const report: ChildReport = { unchanged: false, stderr: [] };
    const outcome = await new Promise<ChildOutcome>((done) => {
      const cli = cliModule();
      // The child reads the source settings from the same environment and settles the source itself.
      // A snapshot refused for its bytes (SnapshotStore.withdraw) is rebuilt even though its source is unchanged.
      const args = [
        'refresh',
        '--db',
        DB_PATH,
        ...(REPLACE_SOURCE ? ['--replace-source'] : []),
        ...(TOPICS_PATH ? ['--topics', TOPICS_PATH] : []),
        ...(POLICIES_PATH ? ['--policies', POLICIES_PATH] : []),
        ...(this.snapshots.refusal ? ['--rebuild'] : []),
      ];
      const child = fork(cli.path, args, {
        execArgv: cli.execArgv,
        stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      });
      this.child = child;
      this.childExit = new Promise<void>((exited) => {
        child.once('close', () => exited());
        child.once('error', () => exited()); // could not be spawned: there is nothing to wait for
      });
      child.on('message', (raw) => {
        const message = parseRefreshMessage(raw);
        if (message === null) log.warn({ message: raw }, 'unrecognised message from the ETL process, ignored');
        else if (message.type === 'stage')
          log.info({ stage: message.stage, rows: message.rows, ms: Math.round(message.ms) }, 'etl stage');
        else if (message.type === 'published') report.published = message.snapshot;
        else if (message.type === 'unchanged') report.unchanged = true;
        else if (message.type === 'refused') report.refused = { reason: message.reason, message: message.message };
        else if (message.type === 'fetched') {
          const { type: _type, ...figures } = message;
          report.fetched = { finished: new Date().toISOString(), ok: true, ...figures };
          log.info(figures, 'fetch finished');
        } else report.failure = [...message.problems.slice(-4), message.message].join('\n');
      });
      eachLine(child.stderr!, (line) => {
        if (!line.trim()) return;
        report.stderr.push(line);
        if (report.stderr.length > 50) report.stderr.shift();
      });
      child.once('error', (error) => done({ code: null, signal: null, spawnError: error.message }));
      child.once('close', (code, signal) => done({ code, signal }));
    });
    return { outcome, report };
  }

  /** Whether the refresh fetches a live source first. */
  private fetchesLive(): boolean {
    const live = this.status.source?.live;
    return Boolean(live?.sejmTerm || live?.councils?.length);
  }

  /** Stops the schedule; a refresh in progress is ended (SIGTERM, then SIGKILL) and awaited. */
  async stop(): Promise<void> {
    this.stopped = true;
    void this.task?.stop();
    this.task = null;
    const child = this.child;
    if (!child || !this.childExit) return;
    this.logger.warn({ pid: child.pid }, 'stopping the refresh in progress; the published snapshot is unchanged');
    child.kill('SIGTERM');
    const kill = setTimeout(() => child.kill('SIGKILL'), CHILD_STOP_MS);
    await this.childExit;
    clearTimeout(kill);
  }
}
