// `npm start` compiles only when a source changed (issue 36: it recompiled on every start, 10–20 s).
// The package's own `prestart` command runs in a one-file project of its own (this checkout's
// tsconfig.json and node_modules): a second run leaves the output untouched, an edit is compiled.
// `npm ci` runs `prepare` first (issue 46: prestart then recompiled all of it, 35 s): the start after it
// compiles nothing.

import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { removeDir, tempDir } from './support/fixture.ts';

const run = promisify(execFile);
const root = new URL('..', import.meta.url).pathname;
const scripts = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> })
  .scripts;

const dir = tempDir('council-prestart-');
afterAll(() => removeDir(dir));

/** A one-file project with the package's `prepare` and `prestart` commands; its source and output. */
function project(name: string) {
  const at = join(dir, name);
  mkdirSync(join(at, 'core'), { recursive: true });
  writeFileSync(
    join(at, 'package.json'),
    JSON.stringify({
      type: 'module',
      private: true,
      scripts: { prepare: scripts['prepare'], prestart: scripts['prestart'] },
    }),
  );
  writeFileSync(join(at, 'tsconfig.json'), readFileSync(join(root, 'tsconfig.json')));
  symlinkSync(join(root, 'node_modules'), join(at, 'node_modules'));
  const source = join(at, 'core', 'answer.ts');
  writeFileSync(source, 'export const answer: number = 41;\n');
  return { at, source, output: join(at, 'dist', 'core', 'answer.js') };
}

describe('prestart', () => {
  it(
    'compiles nothing right after `prepare` (what `npm ci` runs) built the same sources',
    { timeout: 120_000 },
    async () => {
      const p = project('after-prepare');
      await run('npm', ['run', '--silent', 'prepare'], { cwd: p.at });
      expect(readFileSync(p.output, 'utf8')).toContain('41');
      const built = statSync(p.output).mtimeMs;
      await run('npm', ['run', '--silent', 'prestart'], { cwd: p.at });
      expect(statSync(p.output).mtimeMs, 'prepare built it: prestart compiles nothing').toBe(built);
    },
  );

  it(
    'compiles the first time and after an edit, and not again while nothing changed',
    { timeout: 120_000 },
    async () => {
      writeFileSync(
        join(dir, 'package.json'),
        JSON.stringify({ type: 'module', private: true, scripts: { prestart: scripts['prestart'] } }),
      );
      writeFileSync(join(dir, 'tsconfig.json'), readFileSync(join(root, 'tsconfig.json')));
      symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
      mkdirSync(join(dir, 'core'));
      const source = join(dir, 'core', 'answer.ts');
      const output = join(dir, 'dist', 'core', 'answer.js');
      writeFileSync(source, 'export const answer: number = 41;\n');
      const prestart = () => run('npm', ['run', '--silent', 'prestart'], { cwd: dir });

      await prestart();
      expect(readFileSync(output, 'utf8')).toContain('41');
      const built = statSync(output).mtimeMs;

      await prestart();
      expect(statSync(output).mtimeMs, 'nothing changed: nothing is compiled').toBe(built);

      writeFileSync(source, 'export const answer: number = 42;\n');
      const later = new Date(Date.now() + 2000); // newer than the output whatever the file system's time resolution
      utimesSync(source, later, later);
      await prestart();
      expect(readFileSync(output, 'utf8')).toContain('42');
    },
  );
});
