// The one-way arrows of docs/DESIGN.md, checked on the import statements themselves: core/ imports
// neither side; src/ (the API) never imports etl/ (the pipeline) except in its composition root, the
// process that serves and schedules the refresh; the refresh protocol is a core module both read.

import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseRefreshMessage } from '../core/refresh-protocol.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const COMPOSITION_ROOT = 'src/server.ts';

function sourceFiles(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f))
    .map((f) => join(folder, f));
}

/** The project folder each relative import of `file` lands in (core, etl, src, …). */
function importedFolders(file: string): Array<{ target: string; folder: string }> {
  const text = readFileSync(join(root, file), 'utf8');
  const specifiers = [...text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s+['"](\.[^'"]+)['"]/g)].map((m) => m[1]!);
  return specifiers.map((specifier) => {
    const target = relative(root, resolve(dirname(join(root, file)), specifier));
    return { target, folder: target.split(/[\\/]/)[0]! };
  });
}

describe('architecture: imports point one way', () => {
  it('finds imports (the check itself works)', () => {
    expect(importedFolders('src/server.ts').map((i) => i.folder)).toContain('etl');
    expect(sourceFiles('core').length).toBeGreaterThan(3);
  });

  it('core/ imports neither src/ nor etl/', () => {
    const offending = sourceFiles('core').flatMap((file) =>
      importedFolders(file).filter((i) => i.folder !== 'core').map((i) => `${file} → ${i.target}`));
    expect(offending).toEqual([]);
  });

  it(`src/ imports etl/ only in the composition root (${COMPOSITION_ROOT})`, () => {
    const offending = sourceFiles('src').filter((file) => file !== COMPOSITION_ROOT).flatMap((file) =>
      importedFolders(file).filter((i) => i.folder === 'etl' || i.folder === 'cli').map((i) => `${file} → ${i.target}`));
    expect(offending).toEqual([]);
  });

  it('etl/ never imports src/', () => {
    const offending = sourceFiles('etl').flatMap((file) =>
      importedFolders(file).filter((i) => i.folder === 'src').map((i) => `${file} → ${i.target}`));
    expect(offending).toEqual([]);
  });
});

describe('the refresh protocol (core/refresh-protocol.ts)', () => {
  it('accepts the three messages a refresh child sends', () => {
    expect(parseRefreshMessage({ type: 'stage', stage: 'materialise: pairs', rows: 10, ms: 1.5 })).toEqual({ type: 'stage', stage: 'materialise: pairs', rows: 10, ms: 1.5 });
    expect(parseRefreshMessage({ type: 'published', snapshot: 's1' })).toEqual({ type: 'published', snapshot: 's1' });
    expect(parseRefreshMessage({ type: 'failed', message: 'rejected', problems: ['a'] })).toMatchObject({ type: 'failed' });
  });

  it('rejects anything else instead of trusting it', () => {
    for (const raw of [null, 'published', { type: 'stage', stage: 'x', rows: -1, ms: 0 }, { type: 'published' }, { type: 'exit', code: 0 }]) {
      expect(parseRefreshMessage(raw)).toBeNull();
    }
  });
});
