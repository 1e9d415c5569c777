// The CLI as a user runs it: a real process, its output and exit code.

import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { appendFileSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { tempDir } from './support/fixture.ts';
import { COUNCIL_JS } from './support/server-process.ts';
import { BUNDLE_COLUMNS } from '../etl/sources/csv.ts';

const run = promisify(execFile);
// The CLI as built by the pretest (dist/): a start from it costs about half of one through tsx (issue 41).
const CLI = [COUNCIL_JS];

async function council(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [...CLI, ...args], {
      env: { ...process.env, LOG_LEVEL: 'silent' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

const digest = (dir: string) =>
  Object.fromEntries(
    readdirSync(dir)
      .sort()
      .map((f) => [
        f,
        createHash('sha256')
          .update(readFileSync(join(dir, f)))
          .digest('hex'),
      ]),
  );

describe('council CLI', () => {
  it('generate with the same seed writes byte-identical files', async () => {
    const a = tempDir();
    const b = tempDir();
    await council('generate', '--out', a, '--seed', '3', '--radni', '10', '--glosowania', '120');
    await council('generate', '--out', b, '--seed', '3', '--radni', '10', '--glosowania', '120');
    expect(Object.keys(digest(a)).sort()).toEqual([...Object.keys(BUNDLE_COLUMNS), 'zrodlo.json'].sort()); // the 11 files of CONTRACT §1 and the bundle's description
    expect(digest(a)).toEqual(digest(b));
  });

  it('generate --poland sizes the councils itself: --radni with it, or --fraction without it, is an error', async () => {
    const dir = tempDir();
    const conflict = await council('generate', '--out', dir, '--poland', '--radni', '10');
    expect(conflict.code).toBe(1);
    expect(conflict.stderr).toMatch(/option '--poland' cannot be used with option '--radni <n>'/);
    const alone = await council('generate', '--out', dir, '--fraction', '0.1');
    expect(alone.code).toBe(1);
    expect(alone.stderr).toMatch(/--fraction applies only with --poland/);
    const { code, stdout } = await council('generate', '--out', dir, '--poland', '--fraction', '0.002');
    expect(code).toBe(0);
    expect(stdout).toMatch(
      /Poland plan at fraction 0\.002: 7 councils \(5 gminy, 1 powiaty, 1 sejmiki\), [\d,]+ seats, [\d,]+ votes, ~[\d,]+ ballots expected/,
    );
  });

  it('check lists every problem of a broken bundle and exits non-zero', async () => {
    const dir = tempDir();
    await council('generate', '--out', dir, '--radni', '6', '--glosowania', '30');
    appendFileSync(join(dir, 'glosy.csv'), '424242,1,za\n1,1,maybe\n');
    appendFileSync(join(dir, 'organy.csv'), '0,Komisja,komisja\n');
    const { code, stderr } = await council('check', '--source', dir);
    expect(code).toBe(1);
    expect(stderr).toMatch(/glosy\.csv:\d+: id_glosowania: unknown vote 424242/);
    expect(stderr).toMatch(/glosy\.csv:\d+: glos: must be one of .* \(got "maybe"\)/);
    expect(stderr).toMatch(/organy\.csv:\d+: id_organu: must be a positive integer/);
    expect(stderr).toMatch(/rejected, 3 problems/);
  });

  it('check accepts a valid bundle', async () => {
    const dir = tempDir();
    await council('generate', '--out', dir, '--radni', '6', '--glosowania', '30');
    const { code, stdout } = await council('check', '--source', dir);
    expect(code).toBe(0);
    expect(stdout).toMatch(/: ok \(30 votes/);
  });

  it('check reports the warnings etl would, those found while materialising included', async () => {
    const sample = new URL('../data/sample', import.meta.url).pathname;
    const check = await council('check', '--source', sample);
    const etl = await council('etl', '--source', sample, '--db', join(tempDir(), 'c.db'));
    const warnings = (text: string) =>
      text
        .split('\n')
        .filter((l) => l.startsWith('warning: ') || l.startsWith('  warning: '))
        .map((l) => l.replace(/^\s*warning: /, ''));
    expect(warnings(check.stdout).filter((w) => w.includes('stated')).length).toBeGreaterThan(0);
    // etl lists the first 20 and counts the rest; check lists all.
    expect(warnings(check.stdout).slice(0, 20)).toEqual(warnings(etl.stdout));
  }, 120_000); // the sample checked, then built by a supervised etl (two processes): over a minute on a loaded machine

  it('etl prints a line per stage and a summary; a rejected source exits non-zero', async () => {
    const dir = tempDir();
    const db = join(tempDir(), 'c.db');
    await council('generate', '--out', dir, '--radni', '6', '--glosowania', '30');
    const ok = await council('etl', '--source', dir, '--db', db);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/read \+ load\s+[\d,]+ rows\s+[\d.]+ s/);
    expect(ok.stdout).toMatch(/materialise: pairs/);
    expect(ok.stdout).toMatch(/published .*c\.db \(snapshot /);
    expect(ok.stdout).toMatch(/glosowania 30/);
    appendFileSync(join(dir, 'glosy.csv'), '1,1,za\n');
    const bad = await council('etl', '--source', dir, '--db', db);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/repeated ballot/);
    expect(bad.stderr).toMatch(/the published database was not changed/);
  });
});
