// The scheduled refresh: node-cron runs the same job as `council etl`, in a child process so that a
// rebuild never competes with requests for this process's event loop. The build lock (etl/publish.ts)
// refuses overlapping runs, also against a manual `council etl` on the same database; the snapshot
// store picks up the published file.

import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import cron, { type ScheduledTask } from 'node-cron';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { RefreshStatus } from './service/router.ts';
import type { SnapshotStore } from './snapshot.ts';

export const CRON_TIMEZONE = 'Europe/Warsaw';

/** How to run the CLI from here: compiled JS directly, TypeScript sources through tsx. */
function cliCommand(): string[] {
  const here = fileURLToPath(import.meta.url);
  const fromSources = here.endsWith('.ts');
  const cli = fileURLToPath(new URL(fromSources ? '../cli/council.ts' : '../cli/council.js', import.meta.url));
  return fromSources ? ['--import', 'tsx', cli] : [cli];
}

export class RefreshScheduler {
  readonly status: RefreshStatus = { running: false };
  private task: ScheduledTask | null = null;

  constructor(private readonly config: Config, private readonly snapshots: SnapshotStore, private readonly logger: Logger) {}

  start(): void {
    if (!this.config.CRON_SCHEDULE) return;
    if (!cron.validate(this.config.CRON_SCHEDULE)) throw new Error(`CRON_SCHEDULE "${this.config.CRON_SCHEDULE}" is not a valid cron expression`);
    this.task = cron.schedule(this.config.CRON_SCHEDULE, () => void this.run(), { timezone: CRON_TIMEZONE, name: 'nightly-refresh' });
    this.logger.info({ schedule: this.config.CRON_SCHEDULE, timezone: CRON_TIMEZONE }, 'refresh scheduled');
  }

  /** Runs one refresh; resolves with its outcome. A refresh already running here is not started twice. */
  async run(): Promise<NonNullable<RefreshStatus['last']>> {
    if (this.status.running) {
      this.logger.warn('refresh skipped: the previous one is still running');
      return { ok: false, finished: new Date().toISOString(), seconds: 0, error: 'a refresh is already running' };
    }
    this.status.running = true;
    const started = performance.now();
    const { SOURCE_DIR, SOURCE_FORMAT, DB_PATH } = this.config;
    this.logger.info({ source: SOURCE_DIR, format: SOURCE_FORMAT }, 'refresh started');
    const outcome = await new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn(process.execPath, [...cliCommand(), 'etl', '--source', SOURCE_DIR, '--format', SOURCE_FORMAT, '--db', DB_PATH], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      const keep = (chunk: Buffer) => { output = (output + chunk.toString()).slice(-8000); };
      child.stdout.on('data', keep);
      child.stderr.on('data', keep);
      child.on('error', (error) => resolve({ code: null, output: error.message }));
      child.on('close', (code) => resolve({ code, output }));
    });
    const seconds = Math.round((performance.now() - started) / 10) / 100;
    this.status.running = false;
    const finished = new Date().toISOString();
    if (outcome.code === 0) {
      this.snapshots.refresh();
      const last = { ok: true, finished, seconds, snapshot: this.snapshots.active?.id ?? '' };
      this.status.last = last;
      this.logger.info({ ...last, stages: outcome.output.split('\n').filter((l) => l.startsWith('  ')).map((l) => l.trim()) }, 'refresh published');
      return last;
    }
    const error = outcome.output.trim().split('\n').slice(-5).join('\n') || `exit code ${outcome.code}`;
    const last = { ok: false, finished, seconds, error };
    this.status.last = last;
    this.logger.error({ seconds, error }, 'refresh failed; the previous snapshot stays in service');
    return last;
  }

  stop(): void {
    void this.task?.stop();
    this.task = null;
  }
}
