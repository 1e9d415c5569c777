// A snapshot knows where it came from (issue 23): it records its source, and a refresh (`council
// refresh`, the cron, SIGHUP) rebuilds from that source when the configuration names none. When the
// configuration names another source the refresh refuses, in one line naming both, and the served file
// stays byte for byte; `--replace-source` (or REPLACE_SOURCE=true) says to rebuild from the configured
// one. `serve` logs the source its refresh will use, and /health shows it.

import { createHash } from 'node:crypto';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { generateBundle } from '../tools/generate/index.ts';
import { removeDir, tempDir } from './support/fixture.ts';
import { RADOSKOP_ALFA_BETA, writeRadoskopHand } from './support/radoskop-hand.ts';
import { killAll, startServerProcess, stopProcess, waitFor } from './support/server-process.ts';

const run = promisify(execFile);
const cli = fileURLToPath(new URL('../dist/cli/council.js', import.meta.url));
const SOURCE_KEYS = ['SOURCE_DIR', 'SOURCE_FORMAT', 'SEJM_TERM', 'RADOSKOP_COUNCILS', 'SOURCE_API', 'REPLACE_SOURCE'];

/** The CLI with exactly `env` for the source settings (none inherited from the test's environment); never throws. */
async function council(args: string[], env: Record<string, string>) {
  const base = Object.fromEntries(Object.entries(process.env).filter(([key]) => !SOURCE_KEYS.includes(key)));
  try {
    const { stdout, stderr } = await run(process.execPath, [cli, ...args], {
      env: { ...base, LOG_LEVEL: 'silent', ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
    return { code, stdout, stderr };
  }
}

const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
const meta = (dbPath: string, key: string) => {
  const db = new Database(dbPath, { readonly: true });
  try {
    return db.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(key) as string | undefined;
  } finally {
    db.close();
  }
};
const bodies = (dbPath: string) => {
  const db = new Database(dbPath, { readonly: true });
  try {
    return db.prepare('SELECT nazwa FROM organ ORDER BY id_organu').pluck().all();
  } finally {
    db.close();
  }
};

const dirs: string[] = [];
const newDir = () => {
  const dir = tempDir('refresh-source-');
  dirs.push(dir);
  return dir;
};
let councils: string; // a Radoskop source: the two hand councils
let bundle: string; // a CSV bundle: another source
beforeAll(async () => {
  councils = newDir();
  await writeRadoskopHand(councils, RADOSKOP_ALFA_BETA);
  bundle = newDir();
  await generateBundle(bundle, { seed: 5, radni: 10, glosowania: 60, kadencje: 1 });
});
afterEach(killAll);
afterAll(() => dirs.forEach(removeDir));

/** A database built by `council etl` from a copy of the hand councils (so a test may change them). */
async function builtFromCouncils(): Promise<{ dbPath: string; source: string }> {
  const source = newDir();
  await writeRadoskopHand(source, RADOSKOP_ALFA_BETA);
  const dbPath = join(newDir(), 'council.db');
  const etl = await council(['etl', '--format', 'radoskop', '--source', source, '--db', dbPath], {});
  expect(etl.code, etl.stderr).toBe(0);
  return { dbPath, source };
}

describe('the snapshot records its source', () => {
  it('format, path and the live source settings, in its meta', async () => {
    const { dbPath, source } = await builtFromCouncils();
    expect(meta(dbPath, 'source')).toBe(`radoskop:${source}`);
    expect(JSON.parse(meta(dbPath, 'source_live')!)).toEqual({});
  });
});

describe('council refresh when the configuration names no source', () => {
  it("rebuilds from the snapshot's own source, never from the bundled sample", async () => {
    const { dbPath, source } = await builtFromCouncils();
    const unchanged = await council(['refresh'], { DB_PATH: dbPath });
    expect(unchanged.code, unchanged.stderr).toBe(0);
    expect(unchanged.stdout).toContain(`refreshing ${dbPath} from radoskop:${source} (the snapshot's own source)`);
    expect(unchanged.stdout).toMatch(/^unchanged, nothing rebuilt/m);

    // New data in the recorded source: the refresh rebuilds from it, in its format.
    const term = RADOSKOP_ALFA_BETA['beta-city/docs/kadencja-2024-2029.json'] as {
      votes: Array<Record<string, unknown>>;
    };
    await writeRadoskopHand(source, {
      'beta-city/docs/kadencja-2024-2029.json': {
        ...term,
        votes: [...term.votes, { ...term.votes[0], id: 'c3', session_date: '2024-09-01' }],
      },
    });
    const rebuilt = await council(['refresh'], { DB_PATH: dbPath });
    expect(rebuilt.code, rebuilt.stderr).toBe(0);
    expect(rebuilt.stdout).toMatch(/^published /m);
    expect(bodies(dbPath)).toEqual(['Rada Miasta Alfy', 'Rada Miasta Beta']);
    expect(meta(dbPath, 'counts')).toContain('"glosowania":11');
    expect(meta(dbPath, 'source')).toBe(`radoskop:${source}`);
  });

  it('builds the first snapshot from the bundled sample (what npm start does)', async () => {
    const dbPath = join(newDir(), 'council.db');
    const first = await council(['refresh'], { DB_PATH: dbPath });
    expect(first.code, first.stderr).toBe(0);
    expect(meta(dbPath, 'source')).toBe(`csv:${fileURLToPath(new URL('../data/sample', import.meta.url))}`);
  });
});

describe('council refresh when the configuration names another source', () => {
  it('refuses in one line naming both, exit 1, the served file unchanged', async () => {
    const { dbPath, source } = await builtFromCouncils();
    const before = sha256(dbPath);
    const refused = await council(['refresh'], { DB_PATH: dbPath, SOURCE_DIR: bundle });
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim().split('\n')).toEqual([
      `council: refusing to refresh ${dbPath}: it was built from radoskop:${source}, but the configuration names csv:${bundle}; ` +
        'to rebuild it from the configured source run council refresh --replace-source (or set REPLACE_SOURCE=true); ' +
        "to keep the snapshot's own source, unset SOURCE_DIR, SOURCE_FORMAT, SEJM_TERM and RADOSKOP_COUNCILS",
    ]);
    expect(sha256(dbPath)).toBe(before);
    // The same folder in another format is another source too.
    expect((await council(['refresh'], { DB_PATH: dbPath, SOURCE_DIR: source })).code).toBe(1);
    expect(sha256(dbPath)).toBe(before);
  });

  it('--replace-source rebuilds from the configured source and records it', async () => {
    const { dbPath } = await builtFromCouncils();
    // The councils of the old source are not in the new one: without --force that is a collapse.
    const replaced = await council(['refresh', '--replace-source', '--force'], { DB_PATH: dbPath, SOURCE_DIR: bundle });
    expect(replaced.code, replaced.stderr).toBe(0);
    expect(replaced.stdout).toMatch(/^published /m);
    expect(meta(dbPath, 'source')).toBe(`csv:${bundle}`);
    const again = await council(['refresh'], { DB_PATH: dbPath, SOURCE_DIR: bundle });
    expect(again.stdout).toMatch(/^unchanged, nothing rebuilt/m);
  });

  it('council etl names its source itself, and records the live settings the configuration gives that folder', async () => {
    const dbPath = join(newDir(), 'council.db');
    const etl = await council(['etl', '--format', 'radoskop', '--source', councils, '--db', dbPath], {
      SOURCE_FORMAT: 'radoskop',
      SOURCE_DIR: councils,
      RADOSKOP_COUNCILS: 'alfa-city,beta-city',
      SOURCE_API: 'http://127.0.0.1:9',
    });
    expect(etl.code, etl.stderr).toBe(0);
    expect(JSON.parse(meta(dbPath, 'source_live')!)).toEqual({
      councils: ['alfa-city', 'beta-city'],
      api: 'http://127.0.0.1:9',
    });
  });
});

describe('council serve: the source its refresh will use', () => {
  it('is logged at start and shown on /health; a SIGHUP refresh from another source is refused there and in the log', async () => {
    const { dbPath, source } = await builtFromCouncils();
    const own = await startServerProcess({ DB_PATH: dbPath, CRON_SCHEDULE: '0 3 * * *' });
    try {
      expect(await own.waitForLog((l) => l.msg === 'refresh scheduled')).toMatchObject({
        source: `radoskop:${source}`,
        from: 'snapshot',
      });
      const health = (await (await fetch(`${own.url}/health`)).json()) as { odswiezanie: { zrodlo: unknown } };
      expect(health.odswiezanie.zrodlo).toEqual({
        description: `radoskop:${source}`,
        format: 'radoskop',
        path: source,
        live: {},
        from: 'snapshot',
      });
    } finally {
      await stopProcess(own);
    }

    const before = sha256(dbPath);
    const other = await startServerProcess({ DB_PATH: dbPath, SOURCE_DIR: bundle, CRON_SCHEDULE: '' });
    try {
      const warned = await other.waitForLog(
        (l) => l.msg === "the refresh will refuse: the configuration names another source than the snapshot's",
      );
      expect(warned).toMatchObject({
        source: `csv:${bundle}`,
        from: 'configuration',
        refusal: expect.stringContaining(`it was built from radoskop:${source},`),
      });
      const health = async () =>
        (await fetch(`${other.url}/health`)).json() as Promise<{
          data: { snapshot: string };
          odswiezanie: {
            zrodlo: { from: string; refusal?: string };
            ostatnie: { ok: boolean; refused?: string; error?: string } | null;
          };
        }>;
      const first = await health();
      expect(first.odswiezanie.zrodlo).toMatchObject({ from: 'configuration', description: `csv:${bundle}` });
      expect(first.odswiezanie.zrodlo.refusal).toMatch(/^refusing to refresh .*: it was built from radoskop:/);
      other.child.kill('SIGHUP');
      const done = await waitFor(
        'the refresh',
        async () => ((await health()).odswiezanie.ostatnie ? health() : undefined),
        60_000,
        100,
      );
      expect(done.odswiezanie.ostatnie).toMatchObject({
        ok: false,
        refused: 'source',
        error: first.odswiezanie.zrodlo.refusal,
      });
      expect(done.data.snapshot).toBe(first.data.snapshot);
      expect(
        await other.waitForLog((l) => l.msg === 'refresh refused; the previous snapshot stays in service'),
      ).toMatchObject({ refused: 'source' });
      expect(sha256(dbPath)).toBe(before);
    } finally {
      await stopProcess(other);
    }
  });
});
