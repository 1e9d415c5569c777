// The version of the code that produces answers. An answer is a function of (snapshot, code): the
// snapshot's data, and the handlers, queries and pages that turn it into bytes. So the version is
// recorded with the stored answers when they are rendered (meta `code_version`, src/answers/render.ts)
// and is part of every ETag (src/http/delivery.ts): a server running other code never sends a stored
// answer or a validator made by the old code, and the next refresh re-renders (etl/refresh-job.ts).
//
// It hashes the sources of src/ (the API and the website, its style sheet and script included: a page
// names them by their content's hash) and core/ (the arithmetic and text rules they share with the
// ETL), the locked dependency versions and the snapshot schema's version. The sources,
// not the compiled files: a server run from dist/ and a refresh child run through tsx are the same code.
// Without the sources beside the build (a copy of dist/ alone), the compiled files are hashed instead.

import { hash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SCHEMA_VERSION } from '../../core/snapshot/schema.ts';

const FOLDERS = ['src', 'core'];

function filesUnder(root: string, extension: RegExp): string[] {
  return FOLDERS.flatMap((folder) => {
    const dir = join(root, folder);
    if (!existsSync(dir)) return [];
    return (readdirSync(dir, { recursive: true, encoding: 'utf8' }) as string[])
      .filter((name) => extension.test(name))
      .map((name) => join(dir, name));
  }).sort();
}

function codeVersionOf(): string {
  const compiled = import.meta.url.endsWith('.js');
  const build = fileURLToPath(new URL('../../', import.meta.url)); // dist/, or the project when run from sources
  const project = compiled ? join(build, '..') : build;
  let files = filesUnder(project, /\.(tsx?|css|js|svg)$/);
  let root = project;
  if (compiled && files.length === 0) {
    files = filesUnder(build, /\.js$/);
    root = build;
  }
  const lock = join(project, 'package-lock.json');
  const parts = [`schema ${SCHEMA_VERSION}`];
  for (const file of [...files, ...(existsSync(lock) ? [lock] : [])]) {
    parts.push(relative(root, file), readFileSync(file, 'utf8'));
  }
  return hash('sha256', parts.join('\0'), 'base64url').slice(0, 12);
}

/** The code version of this process (12 characters of base64url). */
export const CODE_VERSION = codeVersionOf();
