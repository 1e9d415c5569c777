// A refresh never publishes a collapse (issue 23): before a build replaces the published snapshot it
// is compared with it, and a build with no votes, one where a council that had votes has none, or one
// that lost more than REFRESH_MAX_VOTES_LOST % (default 20) of the votes is refused, naming councils
// and counts, with the served file left byte for byte; `--force` publishes anyway. A refused refresh
// shows in /health (the last refresh's outcome) and the log.

import { createHash } from 'node:crypto';
import { execFile } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { removeDir, tempDir } from './support/fixture.ts';
import { RADOSKOP_ALFA_BETA, writeRadoskopHand } from './support/radoskop-hand.ts';
import { killAll, startServerProcess, stopProcess, waitFor } from './support/server-process.ts';

const run = promisify(execFile);
const cli = fileURLToPath(new URL('../dist/cli/council.js', import.meta.url));

async function council(args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await run(process.execPath, [cli, ...args], {
      env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
    return { code, stdout, stderr };
  }
}

const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
const votes = (dbPath: string) => {
  const db = new Database(dbPath, { readonly: true });
  try {
    return db.prepare('SELECT count(*) FROM glosowanie').pluck().get();
  } finally {
    db.close();
  }
};

const dirs: string[] = [];
afterEach(killAll);
afterAll(() => dirs.forEach(removeDir));

/**
 * The hand councils (Alfa: 7 votes, 5 of them in 2018-2023; Beta: 3) as a configured Radoskop source,
 * and the snapshot its first refresh published.
 */
async function published(): Promise<{ source: string; dbPath: string; env: Record<string, string> }> {
  const dir = tempDir('refresh-collapse-');
  dirs.push(dir);
  const source = join(dir, 'councils');
  await writeRadoskopHand(source, RADOSKOP_ALFA_BETA);
  const dbPath = join(dir, 'council.db');
  const env = { SOURCE_FORMAT: 'radoskop', SOURCE_DIR: source, DB_PATH: dbPath };
  const first = await council(['refresh'], env);
  expect(first.code, first.stderr).toBe(0);
  expect(votes(dbPath)).toBe(10);
  return { source, dbPath, env };
}

describe('a refresh over a source that collapsed', () => {
  it('that lost a council is refused, naming it with its count; the served bytes stay', async () => {
    const { source, dbPath, env } = await published();
    const before = sha256(dbPath);
    rmSync(join(source, 'beta-city'), { recursive: true });
    const refused = await council(['refresh'], env);
    expect(refused.code).toBe(1);
    const lines = refused.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^council: refusing to publish over ${dbPath}: the new build `));
    expect(lines[0]).toContain('has no votes of 1 council that had them: Rada Miasta Beta (3 votes)');
    expect(lines[0]).toContain('loses 3 of 10 votes (30.00 %; at most 20 % may go)');
    expect(lines[0]).toMatch(/; the published snapshot stays \(--force publishes it anyway\)$/);
    expect(sha256(dbPath)).toBe(before);
  });

  it('that lost most of its votes is refused; a share within REFRESH_MAX_VOTES_LOST is published', async () => {
    const { source, dbPath, env } = await published();
    const before = sha256(dbPath);
    rmSync(join(source, 'alfa-city', 'kadencja-2018-2023.json'));
    const refused = await council(['refresh'], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('loses 5 of 10 votes (50.00 %; at most 20 % may go)');
    expect(refused.stderr).not.toContain('council that had them');
    expect(sha256(dbPath)).toBe(before);
    const allowed = await council(['refresh'], { ...env, REFRESH_MAX_VOTES_LOST: '50' });
    expect(allowed.code, allowed.stderr).toBe(0);
    expect(votes(dbPath)).toBe(5);
  });

  it('with no votes at all is refused whatever the limits', async () => {
    const { source, dbPath, env } = await published();
    const before = sha256(dbPath);
    // Every term's votes list empty: the councils and their councillors are there, not one vote.
    const empty = (term: string) => ({ id: term, councilors: [{ name: 'Jan Nowak', club: 'KO' }], votes: [] });
    await writeRadoskopHand(source, {
      'alfa-city/kadencja-2018-2023.json': empty('2018-2023'),
      'alfa-city/kadencja-2024-2029.json': empty('2024-2029'),
      'beta-city/docs/kadencja-2024-2029.json': empty('2024-2029'),
    });
    expect((await council(['check', '--format', 'radoskop', '--source', source])).stdout).toMatch(/ok \(0 votes/);
    const refused = await council(['refresh'], {
      ...env,
      REFRESH_MAX_VOTES_LOST: '100',
      REFRESH_MAX_COUNCILS_LOST: '100',
    });
    expect(refused.code).toBe(1);
    expect(sha256(dbPath)).toBe(before);
  });

  it('council etl refuses it too, and --force publishes it', async () => {
    const { source, dbPath } = await published();
    rmSync(join(source, 'beta-city'), { recursive: true });
    const before = sha256(dbPath);
    const refused = await council(['etl', '--format', 'radoskop', '--source', source, '--db', dbPath]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Rada Miasta Beta (3 votes)');
    expect(sha256(dbPath)).toBe(before);
    const forced = await council(['etl', '--force', '--format', 'radoskop', '--source', source, '--db', dbPath]);
    expect(forced.code, forced.stderr).toBe(0);
    expect(votes(dbPath)).toBe(7);
  });

  it('REFRESH_MAX_COUNCILS_LOST lets a share of the councils go', async () => {
    const { source, dbPath, env } = await published();
    rmSync(join(source, 'beta-city'), { recursive: true });
    const refused = await council(['refresh'], { ...env, REFRESH_MAX_VOTES_LOST: '30' });
    expect(refused.code).toBe(1);
    expect(refused.stderr).not.toContain('votes (30.00 %');
    const allowed = await council(['refresh'], {
      ...env,
      REFRESH_MAX_COUNCILS_LOST: '50',
      REFRESH_MAX_VOTES_LOST: '30',
    });
    expect(allowed.code, allowed.stderr).toBe(0);
    expect(votes(dbPath)).toBe(7);
  });
});

describe('a refused refresh in the server', () => {
  it("shows in /health as the last refresh's outcome and in the log; the snapshot in service stays", async () => {
    const { source, env } = await published();
    const server = await startServerProcess({ ...env, CRON_SCHEDULE: '' });
    try {
      const health = async () =>
        (await fetch(`${server.url}/health`)).json() as Promise<{
          data: { snapshot: string; liczba_glosowan: number };
          odswiezanie: { ostatnie: { ok: boolean; refused?: string; error?: string } | null };
        }>;
      const before = await health();
      rmSync(join(source, 'beta-city'), { recursive: true });
      server.child.kill('SIGHUP');
      const after = await waitFor(
        'the refresh',
        async () => {
          const h = await health();
          return h.odswiezanie.ostatnie ? h : undefined;
        },
        60_000,
        100,
      );
      expect(after.odswiezanie.ostatnie).toMatchObject({ ok: false, refused: 'collapse' });
      expect(after.odswiezanie.ostatnie!.error).toMatch(
        /^refusing to publish over .*: the new build has no votes of 1 council that had them: Rada Miasta Beta \(3 votes\)/,
      );
      expect(after.data).toEqual(before.data);
      const logged = await server.waitForLog(
        (l) => l.msg === 'refresh refused; the previous snapshot stays in service',
      );
      expect(logged).toMatchObject({ ok: false, refused: 'collapse', error: after.odswiezanie.ostatnie!.error });
    } finally {
      await stopProcess(server);
    }
  });
});
