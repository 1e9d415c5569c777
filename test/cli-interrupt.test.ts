// A build stopped from outside (issue 34; issue 36: „Ctrl-C during an ETL exits silently and leaves a
// 77 MB temporary file and a lock”): Ctrl-C at a terminal (SIGINT to the whole process group) or a
// service manager's SIGTERM to `council etl`. It must stop at once, remove its build file, its spill
// files and the build lock, say so, exit 130 / 143, and leave the published snapshot as it was.

import { type ChildProcess, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { tmpdir } from 'node:os';
import { acquireLock, removeKilledBuild } from '../etl/publish.ts';
import { runEtl } from '../etl/run.ts';
import { generateBundle } from '../tools/generate/index.ts';
import { hashOf, removeDir, tempDir } from './support/fixture.ts';
import { COUNCIL_JS, waitFor } from './support/server-process.ts';

// The CLI as built by the pretest (dist/): a start from it costs about half of one through tsx (issue 41).
const CLI = COUNCIL_JS;

let source: string;
/** Its snapshot, built once and copied where a test needs one published (a build of it takes seconds). */
let built: string;

beforeAll(async () => {
  source = tempDir();
  // Large enough that its build runs for a while after the build file appears.
  await generateBundle(source, { seed: 36, radni: 120, glosowania: 2500, kadencje: 1 });
  built = join(tempDir(), 'council.db');
  await runEtl({ source, dbPath: built });
}, 120_000);

/** The source's snapshot published at `dbPath`, as a build of it leaves it (the file and its manifest). */
function publishAt(dbPath: string): void {
  for (const suffix of ['', '.manifest.json']) copyFileSync(built + suffix, dbPath + suffix);
}

interface Run {
  child: ChildProcess;
  out: () => string;
  err: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function etl(dbPath: string, spill: string): Run {
  // Its own process group, as a command started at a terminal: Ctrl-C signals the group.
  const child = spawn(process.execPath, [CLI, 'etl', '--source', source, '--db', dbPath], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, TMPDIR: spill },
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (c: Buffer) => {
    out += c.toString();
  });
  child.stderr.on('data', (c: Buffer) => {
    err += c.toString();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('close', (code, signal) => resolve({ code, signal })),
  );
  return { child, out: () => out, err: () => err, exited };
}

describe('council etl stopped while it builds', () => {
  it.each([
    ['Ctrl-C (SIGINT to the process group)', 'SIGINT', 130, true],
    ['SIGTERM to the command', 'SIGTERM', 143, false],
  ] as const)(
    '%s: stops, removes what it left and says so; the published snapshot stays',
    async (_how, signal, code, group) => {
      const dir = tempDir();
      const dbPath = join(dir, 'council.db');
      publishAt(dbPath);
      const published = hashOf(dbPath);
      const spill = tempDir();
      const run = etl(dbPath, spill);
      // Well into the build: loaded, materialising (its spill files written).
      await waitFor(
        'the build to be under way',
        () => run.out().includes('read + load') && readdirSync(dir).some((f) => f.includes('.building-')),
        120_000,
        20,
      );
      const stoppedAt = Date.now();
      if (group) process.kill(-run.child.pid!, signal);
      else run.child.kill(signal);
      const exit = await run.exited;
      expect(exit, run.err()).toEqual({ code, signal: null });
      expect(Date.now() - stoppedAt).toBeLessThan(10_000);
      expect(run.err()).toMatch(
        new RegExp(
          `^council: interrupted \\(${signal}\\); removed ${dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/council\\.db\\.building-\\d+ \\([\\d.]+ (KiB|MiB)\\)` +
            `.* and the build lock council\\.db\\.lock; the published snapshot ${dbPath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is unchanged$`,
          'm',
        ),
      );
      expect(readdirSync(dir).sort()).toEqual(['council.db', 'council.db.manifest.json']);
      expect(readdirSync(spill).filter((f) => f.startsWith('council-'))).toEqual([]);
      expect(hashOf(dbPath)).toBe(published);
      expect(existsSync(`${dbPath}.lock`)).toBe(false);
    },
    240_000,
  );
});

describe('removeKilledBuild', () => {
  it('removes the build files, a pending manifest of another file, the spill folder of the killed process and the lock; nothing while a build holds the lock', async () => {
    const dir = tempDir();
    const dbPath = join(dir, 'council.db');
    publishAt(dbPath);
    const pid = 2 ** 22 + 17; // no process of this test
    writeFileSync(join(dir, `council.db.building-${pid}`), Buffer.alloc(3000));
    writeFileSync(`${dbPath}.manifest.json.next`, '{}');
    writeFileSync(`${dbPath}.lock`, '');
    const spill = join(tmpdir(), `council-radny-glos-${pid}-abc`);
    mkdirSync(spill);
    writeFileSync(join(spill, '0'), Buffer.alloc(100));
    const other = join(tmpdir(), `council-radny-glos-${pid + 1}-abc`); // another build's
    mkdirSync(other);

    const held = acquireLock(dbPath);
    try {
      expect(removeKilledBuild(dbPath, pid)).toBeNull();
      expect(existsSync(spill)).toBe(true);
    } finally {
      held();
    }
    writeFileSync(`${dbPath}.lock`, '');
    expect(removeKilledBuild(dbPath, pid)).toEqual([
      { path: `${dbPath}.manifest.json.next`, bytes: 2 },
      { path: join(dir, `council.db.building-${pid}`), bytes: 3000 },
      { path: spill, bytes: 100 },
      { path: `${dbPath}.lock`, bytes: 0 },
    ]);
    expect(readdirSync(dir).sort()).toEqual(['council.db', 'council.db.manifest.json']);
    expect(existsSync(spill)).toBe(false);
    expect(existsSync(other)).toBe(true);
    removeDir(other);
  });
});
