// What both soaks (bench/soak.ts, bench/soak-replicas.ts) share: how to run our own scripts, their
// options, and the source that switches between two generated councils at every cycle.

import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ext = fileURLToPath(import.meta.url).endsWith('.ts') ? 'ts' : 'js';
export const nodeArgs = ext === 'ts' ? ['--import', 'tsx'] : [];
export const local = (path: string) => fileURLToPath(new URL(path, import.meta.url));
export const cli = local(`../cli/council.${ext}`);

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
export const DURATION_S = arg('--duration', 300);
export const EVERY_S = arg('--every', 20);

export const rssMiB = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Two generated councils under `work` and a source folder holding the first; copy the other over it to change the source. */
export function alternatingSource(work: string): { bundles: string[]; source: string } {
  const bundles = ['a', 'b'].map((name, i) => {
    const dir = join(work, name);
    execFileSync(
      process.execPath,
      [...nodeArgs, cli, 'generate', '--out', dir, '--seed', String(i + 1), '--radni', '40', '--glosowania', '1500'],
      { stdio: 'ignore' },
    );
    return dir;
  });
  const source = join(work, 'source');
  mkdirSync(source);
  cpSync(bundles[0]!, source, { recursive: true });
  return { bundles, source };
}
