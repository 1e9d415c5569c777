// No module imports itself through others (issue 35): the layers of docs/DESIGN.md stay a graph that
// can be read from the bottom up. Type-only imports are left out: they vanish when compiled.

import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const FOLDERS = ['src', 'core', 'etl', 'cli', 'tools', 'bench'];
/** A relative import or re-export that remains once compiled (not `import type`, not `export type`). */
const IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'"]*?\bfrom\s*)?['"](\.{1,2}\/[^'"]+)['"]/gm;

function modules(): string[] {
  return FOLDERS.flatMap((folder) =>
    readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
      .filter((name) => /\.tsx?$/.test(name))
      .map((name) => join(ROOT, folder, name)),
  );
}

/** The runtime imports of each module (relative paths resolved to files of the project). */
function graph(files: string[]): Map<string, string[]> {
  const known = new Set(files);
  return new Map(
    files.map((file) => {
      const text = readFileSync(file, 'utf8');
      const targets = [...text.matchAll(IMPORT)]
        .map(([, spec]) => resolve(dirname(file), spec!))
        .filter((target) => known.has(target));
      return [file, targets];
    }),
  );
}

/** Every strongly connected component of more than one module, or of one importing itself (Tarjan). */
function cycles(edges: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || (edges.get(v) ?? []).includes(v))
      found.push(component.map((f) => relative(ROOT, f)).sort());
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('the modules of the project', () => {
  it('import no module that imports them back', () => {
    const files = modules();
    expect(files.length).toBeGreaterThan(100);
    const edges = graph(files);
    expect([...edges.values()].flat().length).toBeGreaterThan(300); // the pattern does find the imports
    expect(cycles(edges)).toEqual([]);
  });

  it('the check finds a cycle when there is one', () => {
    const a = join(ROOT, 'a.ts');
    const b = join(ROOT, 'b.ts');
    expect(
      cycles(
        new Map([
          [a, [b]],
          [b, [a]],
        ]),
      ),
    ).toEqual([['a.ts', 'b.ts']]);
  });
});
