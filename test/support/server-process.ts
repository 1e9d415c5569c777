// Real processes for the service tests: `council serve` and `council etl` spawned as a user would,
// their JSON log lines collected, and every process killed at the end of a test whatever happened.

import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export { freePort } from '../../tools/loopback/debian.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/**
 * The CLI as the pretest builds it (`tsc -p tsconfig.json` writes dist/; run it before a test file
 * alone): a process started from it is ready in about 0.56 s, through tsx in 0.9 s (issue 41). Spawn
 * the CLI from here, `[process.execPath, COUNCIL_JS, ...args]`, not from cli/council.ts.
 */
export const COUNCIL_JS = fileURLToPath(new URL('../../dist/cli/council.js', import.meta.url));

export type LogLine = Record<string, unknown> & { msg?: string; level?: number };

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface CouncilProcess {
  child: ChildProcess;
  pid: number;
  /** Everything written to stdout / stderr so far. */
  stdout: () => string;
  stderr: () => string;
  /** Resolves when the process has exited (and its output is complete). */
  exited: Promise<Exit>;
  /** Set once the process has exited. */
  exit: () => Exit | null;
}

export interface ServerProcess extends CouncilProcess {
  url: string;
  /** stdout parsed as JSON lines (lines that are not JSON are left out). */
  logs: () => LogLine[];
  /** Waits for a log line matching `match`; resolves with it. */
  waitForLog: (match: (line: LogLine) => boolean, timeoutMs?: number) => Promise<LogLine>;
}

const running = new Set<ChildProcess>();
// Should the test process end without its afterEach (a worker torn down, a timeout), take them along.
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** Where a process runs from: this project, or a copy of its code and its build (test/code-version.test.ts). */
export interface RunFrom {
  root?: string;
}

/** Spawns `node dist/cli/council.js ...args` in the project directory, or in `root` (a copy with its own dist/). */
export function council(args: string[], env: Record<string, string> = {}, { root }: RunFrom = {}): CouncilProcess {
  const entry = root ? join(root, 'dist', 'cli', 'council.js') : COUNCIL_JS;
  const child = spawn(process.execPath, [entry, ...args], {
    cwd: root ?? ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let out = '';
  let err = '';
  let exit: Exit | null = null;
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    err += chunk.toString();
  });
  const exited = new Promise<Exit>((resolve) => {
    child.once('close', (code, signal) => {
      running.delete(child);
      exit = { code, signal };
      resolve(exit);
    });
  });
  return { child, pid: child.pid!, stdout: () => out, stderr: () => err, exited, exit: () => exit };
}

/** Polls `probe` until it returns a value other than undefined/false; fails after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  probe: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs = 60_000,
  intervalMs = 50,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `timed out after ${timeoutMs} ms waiting for ${what}${lastError ? ` (last error: ${String(lastError)})` : ''}`,
      );
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

const parseLines = (text: string): LogLine[] =>
  text.split('\n').flatMap((line) => {
    if (!line.startsWith('{')) return [];
    try {
      return [JSON.parse(line) as LogLine];
    } catch {
      return [];
    }
  });

/**
 * Starts `council serve` with `env` (on top of the test process's environment; PORT=0 and
 * HOST=127.0.0.1 unless given) and resolves once it is listening, with its URL: taken from the JSON
 * log line 'listening' {address}, or, when a PORT is given and the log level hides that line, from
 * the first answer of /health.
 */
export async function startServerProcess(
  env: Record<string, string>,
  args: string[] = [],
  { timeoutMs = 60_000, root }: RunFrom & { timeoutMs?: number } = {},
): Promise<ServerProcess> {
  const proc = council(
    ['serve', ...args],
    { PORT: '0', HOST: '127.0.0.1', NODE_ENV: 'test', LOG_LEVEL: 'info', ...env },
    { root },
  );
  const logs = () => parseLines(proc.stdout());
  const waitForLog = (match: (line: LogLine) => boolean, ms = 60_000) =>
    waitFor(
      `a log line of the server (stdout so far:\n${proc.stdout().slice(-2000)}\nstderr:\n${proc.stderr().slice(-2000)})`,
      () => {
        if (proc.exit() && !logs().some(match))
          throw new Error(`the server exited (${JSON.stringify(proc.exit())}): ${proc.stderr().slice(-2000)}`);
        return logs().find(match);
      },
      ms,
    );
  const fixed = env['PORT'] && env['PORT'] !== '0' ? `http://127.0.0.1:${env['PORT']}` : null;
  let url: string;
  try {
    if (fixed) {
      url = await waitFor(
        `the server to answer on ${fixed} (stderr: ${proc.stderr().slice(-2000)})`,
        async () => {
          if (proc.exit())
            throw new Error(`the server exited (${JSON.stringify(proc.exit())}): ${proc.stderr().slice(-2000)}`);
          await fetch(`${fixed}/health`, { signal: AbortSignal.timeout(5000) });
          return fixed;
        },
        timeoutMs,
        100,
      );
    } else {
      url = String((await waitForLog((l) => l.msg === 'listening', timeoutMs))['address']);
      if (!/^http:\/\/127\.0\.0\.1:\d+$/.test(url)) throw new Error(`unexpected listening address ${url}`);
    }
  } catch (error) {
    await stopProcess(proc, 'SIGKILL');
    throw error;
  }
  return { ...proc, url, logs, waitForLog };
}

/** Sends `signal` and waits for the exit; SIGKILL after `timeoutMs`. Resolves with the exit. */
export async function stopProcess(
  proc: CouncilProcess,
  signal: NodeJS.Signals = 'SIGTERM',
  timeoutMs = 15_000,
): Promise<Exit> {
  if (proc.exit()) return proc.exit()!;
  proc.child.kill(signal);
  const timer = setTimeout(() => proc.child.kill('SIGKILL'), timeoutMs);
  try {
    return await proc.exited;
  } finally {
    clearTimeout(timer);
  }
}

/** Kills every process spawned here that is still running (for afterEach). */
export async function killAll(): Promise<void> {
  const children = [...running];
  for (const child of children) {
    child.kill('SIGCONT'); // a test may have stopped it
    child.kill('SIGKILL');
  }
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) resolve();
          else child.once('close', () => resolve());
        }),
    ),
  );
}
