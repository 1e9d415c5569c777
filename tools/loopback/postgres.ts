// A real PostgreSQL server from Debian's `postgresql` package, for the tests and the soak: a new
// cluster (initdb) in a temporary folder, on a free loopback port, owned by the caller and stopped by
// it; as root, it runs as an unprivileged user (tools/loopback/debian.ts).

import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { freePort, serverDir, unprivilegedUser, waitUntil } from './debian.ts';

const PACKAGE_ROOT = '/usr/lib/postgresql';

/** The newest installed server's bin folder, or undefined when the package is not installed. */
export function postgresBin(): string | undefined {
  if (!existsSync(PACKAGE_ROOT)) return undefined;
  const versions = readdirSync(PACKAGE_ROOT)
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a));
  return versions
    .map((v) => join(PACKAGE_ROOT, v, 'bin'))
    .find((bin) => existsSync(join(bin, 'initdb')) && existsSync(join(bin, 'postgres')));
}

export const POSTGRES_MISSING = 'PostgreSQL is not installed (apt-get install postgresql)';

export interface PostgresServer {
  port: number;
  /** A URL of the database `name` (created by `createDatabase`). */
  urlOf: (name: string) => string;
  createDatabase: (name: string) => Promise<string>;
  /**
   * Stops the server, keeping its data: `start` brings the same cluster back. `fast` (pg_ctl -m fast) ends
   * open sessions cleanly; `immediate` (-m immediate) quits at once, as a crash would, and recovers on start.
   */
  stop: (mode?: 'fast' | 'immediate') => Promise<void>;
  start: () => Promise<void>;
  /** Stops it and removes the cluster. */
  destroy: () => Promise<void>;
  log: () => string;
}

const USER = 'council';

export async function startPostgres(): Promise<PostgresServer> {
  const bin = postgresBin();
  if (!bin) throw new Error(POSTGRES_MISSING);
  const owner = unprivilegedUser();
  const dir = serverDir('council-pg-', owner);
  const data = join(dir, 'data');
  execFileSync(
    join(bin, 'initdb'),
    ['-D', data, '-U', USER, '--auth=trust', '--encoding=UTF8', '--no-locale', '--no-sync'],
    {
      ...owner,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, LC_ALL: 'C' },
    },
  );
  const port = await freePort();
  let child: ChildProcess | null = null;
  let log = '';
  const urlOf = (name: string) => `postgresql://${USER}@127.0.0.1:${port}/${name}`;

  const start = async () => {
    if (child) return; // running
    // Loopback only; the socket in our folder (not /var/run/postgresql); durability off: a test cluster.
    const server = spawn(
      join(bin, 'postgres'),
      [
        '-D',
        data,
        '-p',
        String(port),
        '-c',
        'listen_addresses=127.0.0.1',
        '-k',
        dir,
        '-c',
        'fsync=off',
        '-c',
        'synchronous_commit=off',
        '-c',
        'full_page_writes=off',
      ],
      { ...owner, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    child = server;
    server.stderr.on('data', (chunk: Buffer) => {
      log += chunk.toString();
    });
    await waitUntil(
      `PostgreSQL to accept connections on port ${port} (its log: ${log.slice(-1000)})`,
      async () => {
        if (server.exitCode !== null)
          throw new Error(`PostgreSQL exited with code ${server.exitCode}: ${log.slice(-1000)}`);
        const client = new pg.Client({ connectionString: urlOf('postgres'), connectionTimeoutMillis: 1000 });
        try {
          await client.connect();
          return true;
        } finally {
          await client.end().catch(() => undefined);
        }
      },
      30_000,
      100,
    );
  };

  const stop = async (mode: 'fast' | 'immediate' = 'fast') => {
    const server = child;
    child = null;
    if (!server || server.exitCode !== null || server.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
    server.kill(mode === 'fast' ? 'SIGINT' : 'SIGQUIT'); // postgres(1): SIGINT fast shutdown, SIGQUIT immediate
    const kill = setTimeout(() => server.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(kill);
  };

  const createDatabase = async (name: string) => {
    const client = new pg.Client({ connectionString: urlOf('postgres') });
    await client.connect();
    try {
      await client.query(`CREATE DATABASE "${name}"`);
    } finally {
      await client.end();
    }
    return urlOf(name);
  };

  // Should the test process end without its afterAll, the server goes with it.
  process.once('exit', () => child?.kill('SIGKILL'));
  await start();
  return {
    port,
    urlOf,
    createDatabase,
    stop,
    start,
    log: () => log,
    destroy: async () => {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
