// An answer is a function of (snapshot, code). A copy of this project whose query of the attachment
// count (/api/utils/stats) differs is run over a snapshot built by this code: it must send its own
// figure, under a new ETag, at once (never the stored bytes or a 304 of the old code), and its
// refresh must render the answers again although the source did not change. The version changes only
// with code that makes answers: not with a comment, nor with a module no answer reaches, nor with a
// dev dependency.

import { cpSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CODE_VERSION, codeVersionOf } from '../src/answers/code-version.ts';
import { writeBundle } from './support/bundle.ts';
import { buildDatabase, tempDir } from './support/fixture.ts';
import { HAND_COUNCIL } from './support/hand-council.ts';
import { council, killAll, startServerProcess, stopProcess } from './support/server-process.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const COUNT = '(SELECT count(*) FROM zalacznik) AS zalaczniki';

const replaceIn = (file: string, from: string | RegExp, to: string) => {
  const text = readFileSync(file, 'utf8');
  const changed = text.replace(from, to);
  expect(changed, `${file} has ${String(from)}`).not.toBe(text);
  writeFileSync(file, changed);
};

/**
 * A copy of the project's code (node_modules linked) with the attachment count's query changed, in its
 * sources and in its build: dist/ as the pretest built it, with the one compiled module changed the same
 * way (issue 41: run through tsx, which compiles every module again, this file's processes cost about
 * 35 CPU s more). Its processes run its build; its code version is that of its sources.
 */
function changedCopy(): string {
  const copy = tempDir('council-changed-code-');
  for (const folder of ['src', 'core', 'etl', 'cli', 'tools', 'dist'])
    cpSync(join(ROOT, folder), join(copy, folder), { recursive: true });
  for (const file of ['package.json', 'package-lock.json', 'tsconfig.json']) cpSync(join(ROOT, file), join(copy, file));
  mkdirSync(join(copy, 'data'));
  cpSync(join(ROOT, 'data', 'tematy.json'), join(copy, 'data', 'tematy.json')); // the default topic vocabulary is part of the code
  symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'));
  for (const queries of [join(copy, 'src', 'utils', 'queries.ts'), join(copy, 'dist', 'src', 'utils', 'queries.js')])
    replaceIn(queries, COUNT, '(SELECT count(*) + 1000 FROM zalacznik) AS zalaczniki');
  return copy;
}

/** A copy of the sources, the lockfile and package.json alone, with `edit` applied: its code version. */
function versionAfter(edit: (copy: string) => void): string {
  const copy = tempDir('council-version-');
  for (const folder of ['src', 'core']) cpSync(join(ROOT, folder), join(copy, folder), { recursive: true });
  for (const file of ['package.json', 'package-lock.json']) cpSync(join(ROOT, file), join(copy, file));
  edit(copy);
  return codeVersionOf(copy);
}

const metaOf = (dbPath: string, key: string) => {
  const db = new Database(dbPath, { readonly: true });
  try {
    return db.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(key) as string | undefined;
  } finally {
    db.close();
  }
};

let bundle: string;
let copy: string;
beforeAll(async () => {
  bundle = tempDir();
  await writeBundle(bundle, HAND_COUNCIL);
  copy = changedCopy();
});
afterEach(killAll);

describe('the code version', () => {
  it('is the same for a copy of the same code', () => {
    expect(versionAfter(() => undefined)).toBe(CODE_VERSION);
  });

  it('does not change with comments, spacing or types, nor with modules no answer reaches, nor with a dev dependency', () => {
    expect(
      versionAfter((copy) => {
        const queries = join(copy, 'src', 'utils', 'queries.ts');
        writeFileSync(
          queries,
          `// a new comment\n${readFileSync(queries, 'utf8').replace('\nexport ', '\n\n\n/** More words. */\nexport ')}`,
        );
        replaceIn(join(copy, 'src', 'radni', 'endpoints.ts'), /^\/\/.*$/m, '/* another header comment */');
        // The guards and the refresh make no answer.
        replaceIn(
          join(copy, 'src', 'http', 'guards.ts'),
          "const isOpen = (kind: RouteKind) => kind !== 'data';",
          "const isOpen = (kind: RouteKind) => kind !== 'data' && kind !== 'health';",
        );
        replaceIn(join(copy, 'src', 'refresh.ts'), 'const CHILD_STOP_MS = 2000;', 'const CHILD_STOP_MS = 3000;');
        const lock = JSON.parse(readFileSync(join(copy, 'package-lock.json'), 'utf8')) as {
          packages: Record<string, { version: string }>;
        };
        lock.packages['node_modules/vitest']!.version = '0.0.1';
        writeFileSync(join(copy, 'package-lock.json'), JSON.stringify(lock));
      }),
    ).toBe(CODE_VERSION);
  });

  it('changes with what a query, a page or a production dependency does', () => {
    const versions = [
      versionAfter((copy) =>
        replaceIn(
          join(copy, 'src', 'utils', 'queries.ts'),
          COUNT,
          '(SELECT count(*) + 1 FROM zalacznik) AS zalaczniki',
        ),
      ),
      versionAfter((copy) =>
        replaceIn(
          join(copy, 'src', 'text', 'format.ts'),
          "wstrzymujacy: 'wstrzymanie się'",
          "wstrzymujacy: 'wstrzymał się'",
        ),
      ),
      versionAfter((copy) => {
        const lock = JSON.parse(readFileSync(join(copy, 'package-lock.json'), 'utf8')) as {
          packages: Record<string, { version: string }>;
        };
        lock.packages['node_modules/zod']!.version = '0.0.1';
        writeFileSync(join(copy, 'package-lock.json'), JSON.stringify(lock));
      }),
    ];
    for (const version of versions) expect(version).not.toBe(CODE_VERSION);
  });

  it('is recorded with the stored answers', async () => {
    expect(metaOf(await buildDatabase(bundle), 'code_version')).toBe(CODE_VERSION);
  });

  it('a server running other code sends its own figure under a new ETag at once, then its refresh renders the answers again', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'data'));
    const dbPath = join(dir, 'data', 'council.db');
    // A build of its own: a cached build of the same council records the folder it was first built from,
    // and the refresh below would refuse a snapshot of another source.
    cpSync(await buildDatabase(bundle, 'csv', { fresh: true }), dbPath);
    const env = {
      DB_PATH: dbPath,
      SHARES_DB_PATH: join(dir, 'shares.db'),
      SOURCE_DIR: bundle,
      CRON_SCHEDULE: '',
      RATE_LIMIT_MAX_REQUESTS: '1000000',
    };
    const stats = async (url: string, headers: Record<string, string> = {}) => {
      const res = await fetch(`${url}/api/utils/stats`, { headers });
      return {
        status: res.status,
        etag: res.headers.get('etag'),
        body: res.status === 200 ? ((await res.json()) as { data: { zalaczniki: number } }).data : null,
      };
    };

    const before = await startServerProcess(env);
    const old = await stats(before.url);
    expect(old.status).toBe(200);
    expect((await stats(before.url, { 'if-none-match': old.etag! })).status).toBe(304);
    await stopProcess(before);

    const changed = await startServerProcess(env, [], { root: copy });
    const fresh = await stats(changed.url);
    expect(fresh.body!.zalaczniki).toBe(old.body!.zalaczniki + 1000);
    expect(fresh.etag).not.toBe(old.etag);
    const revalidated = await stats(changed.url, { 'if-none-match': old.etag! }); // the old code's validator
    expect(revalidated.status).toBe(200);
    expect(revalidated.body).toEqual(fresh.body);
    expect(changed.logs().some((l) => l.msg?.includes('rendered by other code'))).toBe(true);

    // Its refresh, with the source unchanged, renders the answers again: the snapshot's stored bytes are now this code's.
    const refresh = council(['refresh', '--source', bundle, '--format', 'csv', '--db', dbPath], env, { root: copy });
    expect((await refresh.exited).code, refresh.stderr()).toBe(0);
    expect(refresh.stdout()).toContain('published');
    const db = new Database(dbPath, { readonly: true });
    const stored = JSON.parse(
      (db.prepare("SELECT tresc FROM odpowiedz WHERE sciezka = '/api/utils/stats'").pluck().get() as Buffer).toString(),
    );
    db.close();
    expect(stored.data.zalaczniki).toBe(old.body!.zalaczniki + 1000);
    expect(metaOf(dbPath, 'code_version')).not.toBe(CODE_VERSION);

    // Once rendered by this code, a refresh from the same source rebuilds nothing; this project's code would.
    const again = council(['refresh', '--source', bundle, '--format', 'csv', '--db', dbPath], env, { root: copy });
    expect((await again.exited).code, again.stderr()).toBe(0);
    expect(again.stdout()).toContain('unchanged');
  }, 120_000);
});
