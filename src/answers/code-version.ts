// The version of the code that produces answers. An answer is a function of (snapshot, code): the
// snapshot's data, and the handlers, queries and pages that turn it into bytes. So the version is
// recorded with the stored answers when they are rendered (meta `code_version`, src/answers/render.ts),
// keys the answer store, and is part of every ETag (src/http/delivery.ts): a server running other code
// never sends a stored answer or a validator made by the old code, and the next refresh re-renders
// (etl/refresh-job.ts).
//
// It changes only with code that produces answers. It hashes the modules reachable from the answers'
// roots (ROOTS: the endpoint tables, the renderer of the stored answers, the website, the
// documentation) through the imports that remain once compiled, each as compiled with its comments and
// spacing removed (esbuild), with the snapshot schema's version and the locked versions of the
// production dependencies. So a comment, a blank line, a type, a test, the guards or the ETL change
// nothing; a change to what a handler, a query, a page or the envelope does changes it. The sources are
// hashed, not dist/: a server run from dist/ and a refresh child run through tsx are the same code
// (without the sources beside the build, the compiled files of dist/ are hashed instead). The website's
// static files (src/site/assets/, read from the sources also by a server run from dist/) count as they
// are: a page names them by their content's hash. Compiling
// costs about a second, so the result is kept in node_modules/.cache, keyed by the files' bytes.

import { hash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SCHEMA_VERSION } from '../../core/snapshot/schema.ts';
import { z } from 'zod';

/** The modules that make answers' bytes, from which the rest is reached (paths of the sources, without extension). */
export const ROOTS = ['src/answers/endpoints', 'src/answers/render', 'src/site/router', 'src/docs/routes'];

/** A relative import that remains in compiled code (`import … from`, `export … from`, `import '…'`, `import('…')`). */
const IMPORT = /(?:\bfrom|\bimport)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g;

/** A module's code without comments and spacing, as esbuild compiles it (TypeScript types and type-only imports gone). */
function compiled(file: string, text: string): string {
  // Loaded here, when the kept version does not match the files: every process computes the version at
  // its start, and loading esbuild was a third of that where the kept one is read.
  const esbuild: typeof import('esbuild') = createRequire(import.meta.url)('esbuild');
  return esbuild.transformSync(text, {
    loader: file.endsWith('.tsx') ? 'tsx' : file.endsWith('.ts') ? 'ts' : 'js',
    format: 'esm',
    jsx: 'automatic',
    jsxImportSource: 'preact',
    minifyWhitespace: true,
    legalComments: 'none',
  }).code;
}

/** The modules reachable from `roots` (absolute paths), each compiled. */
function reachable(roots: string[]): Map<string, string> {
  const modules = new Map<string, string>();
  const pending = [...roots];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (modules.has(file) || !existsSync(file)) continue;
    const code = compiled(file, readFileSync(file, 'utf8'));
    modules.set(file, code);
    for (const [, specifier] of code.matchAll(IMPORT)) pending.push(resolve(dirname(file), specifier!));
  }
  return modules;
}

/** What package-lock.json says that counts here: each package's version and whether it is a dev dependency. */
const packageLock = z.object({
  packages: z.record(z.string(), z.object({ version: z.string().optional(), dev: z.boolean().optional() })).optional(),
});

/** The production dependencies as locked (name@version): a dev dependency's bump changes no answer. */
function lockedDependencies(lockPath: string): string[] {
  if (!existsSync(lockPath)) return [];
  const lock = packageLock.parse(JSON.parse(readFileSync(lockPath, 'utf8')));
  return Object.entries(lock.packages ?? {})
    .filter(([path, entry]) => path !== '' && !entry.dev)
    .map(([path, entry]) => `${path}@${entry.version ?? ''}`)
    .sort();
}

/** Every file under `folders` of `root` with an extension matching `extension`. */
function filesUnder(root: string, folders: string[], extension: RegExp): string[] {
  return folders
    .flatMap((folder) => {
      const dir = join(root, folder);
      if (!existsSync(dir)) return [];
      return readdirSync(dir, { recursive: true, encoding: 'utf8' })
        .filter((name) => extension.test(name))
        .map((name) => join(dir, name));
    })
    .sort();
}

/**
 * The code version of the project at `project` (its sources, else the compiled files of `build`):
 * 12 characters of base64url.
 */
export function codeVersionOf(project: string, build = project): string {
  const fromSources = filesUnder(project, ['src', 'core'], /\.tsx?$/).length > 0;
  const root = fromSources ? project : build;
  const extension = fromSources ? /\.tsx?$/ : /\.js$/;
  const candidates = filesUnder(root, ['src', 'core'], extension);
  const lock = join(project, 'package-lock.json');
  const assets = filesUnder(project, ['src/site/assets'], /./);
  // Kept by the bytes of every file that could count: compiling is skipped when none changed.
  const key = hash(
    'sha256',
    [
      `schema ${SCHEMA_VERSION}`,
      ...[...candidates, ...assets, lock].flatMap((f) => [
        relative(root, f),
        existsSync(f) ? readFileSync(f, 'utf8') : '',
      ]),
    ].join('\0'),
    'base64url',
  );
  const cache = join(project, 'node_modules', '.cache', 'council-code-version', key);
  try {
    return readFileSync(cache, 'utf8');
  } catch {
    /* not computed yet */
  }

  const rootFiles = ROOTS.map(
    (r) => [`.ts`, `.tsx`, `.js`].map((ext) => join(root, r + ext)).find((f) => existsSync(f)) ?? join(root, r),
  );
  const modules = reachable(rootFiles);
  const parts = [`schema ${SCHEMA_VERSION}`, ...lockedDependencies(lock)];
  for (const file of [...modules.keys()].sort()) parts.push(relative(root, file), modules.get(file)!);
  for (const file of assets) parts.push(relative(project, file), readFileSync(file, 'utf8'));
  const version = hash('sha256', parts.join('\0'), 'base64url').slice(0, 12);
  try {
    mkdirSync(dirname(cache), { recursive: true });
    writeFileSync(`${cache}.${process.pid}`, version);
    renameSync(`${cache}.${process.pid}`, cache);
  } catch {
    /* a read-only installation: computed again next time */
  }
  return version;
}

function ownVersion(): string {
  const compiledHere = import.meta.url.endsWith('.js');
  const build = fileURLToPath(new URL('../../', import.meta.url)); // dist/, or the project when run from sources
  return codeVersionOf(compiledHere ? join(build, '..') : build, build);
}

/** The code version of this process (12 characters of base64url). */
export const CODE_VERSION = ownVersion();
