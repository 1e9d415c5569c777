// The mistakes a user makes and what they are told: a typo in --db must not destroy a file, a server
// that cannot start must exit at once, and every message must point somewhere a user can look.

import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import request from './support/request.ts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCouncil } from '../cli/program.ts';
import { refreshOnce } from '../etl/refresh-job.ts';
import { checkSource, runEtl } from '../etl/run.ts';
import { generateBundle } from '../tools/generate/index.ts';
import { createApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createLogger } from '../src/server.ts';
import { SqliteShareStore } from '../src/shares/index.ts';
import { SnapshotStore } from '../src/snapshot/snapshot.ts';
import { appOver, hashOf, tempDir } from './support/fixture.ts';
import { council, killAll, startServerProcess, stopProcess } from './support/server-process.ts';
import { writeRadoskopHand } from './support/radoskop-hand.ts';

const SAMPLE = new URL('../data/sample', import.meta.url).pathname;

let bundle: string;
let dbPath: string;

/** Runs the CLI to its exit. */
async function cli(args: string[], env: Record<string, string> = {}) {
  const proc = council(args, { LOG_LEVEL: 'info', ...env });
  const exit = await proc.exited;
  return { code: exit.code, stdout: proc.stdout(), stderr: proc.stderr() };
}

/**
 * Runs the CLI in this process (cli/program.ts `runCouncil`, what cli/council.ts runs): for the usage
 * errors of `check` and of commander, where what is tested is the message and the code, not the process
 * (issue 41: a spawn each was most of this file's time). A few cases stay end-to-end through `cli`.
 */
async function cliHere(args: string[]) {
  let stdout = '';
  let stderr = '';
  const { code } = await runCouncil(args, {
    stdout: (text) => void (stdout += text),
    stderr: (text) => void (stderr += text),
    tell: async () => {},
  });
  return { code, stdout, stderr };
}

/** A copy of the small valid bundle with `edit` applied. */
function editedBundle(edit: (dir: string) => void): string {
  const dir = tempDir('council-usage-');
  cpSync(bundle, dir, { recursive: true });
  edit(dir);
  return dir;
}

beforeAll(async () => {
  bundle = tempDir('council-usage-base-');
  await generateBundle(bundle, { seed: 11, radni: 8, glosowania: 120, kadencje: 1 });
  dbPath = join(tempDir(), 'council.db');
  await runEtl({ source: bundle, dbPath });
});

afterEach(killAll);

describe('1. council etl --db only ever replaces a snapshot of its own', () => {
  it('refuses a file that is not a snapshot, names it, and leaves it untouched', async () => {
    const victim = join(tempDir(), 'README.md');
    writeFileSync(victim, '# my notes\n');
    const before = hashOf(victim);
    const { code, stderr } = await cli(['etl', '--source', bundle, '--db', victim]);
    expect(code).toBe(1);
    expect(stderr).toContain(victim);
    expect(stderr).toMatch(/is not a council snapshot; refusing to replace it/);
    expect(hashOf(victim)).toBe(before);
  });

  it('refuses another SQLite database too', async () => {
    const other = join(tempDir(), 'other.db');
    const db = new (await import('better-sqlite3')).default(other);
    db.exec("CREATE TABLE meta (key TEXT, value TEXT); INSERT INTO meta VALUES ('schema_version', '1')");
    db.close();
    const before = hashOf(other);
    await expect(runEtl({ source: bundle, dbPath: other })).rejects.toThrow(/is not a council snapshot/);
    expect(hashOf(other)).toBe(before);
  });

  it('a snapshot of another schema version (built before an upgrade) is rebuilt by the refresh and by serve --bootstrap, from an unchanged source', async () => {
    const dir = tempDir();
    const target = join(dir, 'council.db');
    const built = await runEtl({ source: bundle, dbPath: target });
    const setVersion = async (version: string) => {
      const db = new (await import('better-sqlite3')).default(target);
      db.prepare("UPDATE meta SET value = ? WHERE key = 'schema_version'").run(version);
      db.close();
    };
    const snapshotOf = async () => {
      const db = new (await import('better-sqlite3')).default(target, { readonly: true });
      try {
        return db.prepare("SELECT value FROM meta WHERE key = 'snapshot'").pluck().get();
      } finally {
        db.close();
      }
    };
    expect((await refreshOnce({ dbPath: target, configured: { format: 'csv', path: bundle, live: {} } })).rebuilt).toBe(
      false,
    );
    await setVersion('1');
    const refreshed = await refreshOnce({ dbPath: target, configured: { format: 'csv', path: bundle, live: {} } });
    expect(refreshed.rebuilt).toBe(true);
    expect(await snapshotOf()).not.toBe(built.snapshot);

    await setVersion('1');
    const before = await snapshotOf();
    const server = await startServerProcess({ SOURCE_DIR: bundle, DB_PATH: target, CRON_SCHEDULE: '' }, [
      '--bootstrap',
    ]);
    try {
      const health = (await (await fetch(`${server.url}/health`)).json()) as { data: { snapshot: string } };
      expect(health.data.snapshot).not.toBe(before);
      expect(server.logs().some((line) => /built by another version: building it/.test(String(line.msg)))).toBe(true);
    } finally {
      await stopProcess(server);
    }
  });

  it('replaces its own snapshot', async () => {
    const target = join(tempDir(), 'own.db');
    const first = await runEtl({ source: bundle, dbPath: target });
    const second = await runEtl({ source: bundle, dbPath: target });
    expect(second.snapshot).not.toBe(first.snapshot);
  });

  it('does not create a missing folder, except the default var/', async () => {
    const missing = join(tempDir(), 'no', 'such', 'dir');
    const { code, stderr } = await cli(['etl', '--source', bundle, '--db', join(missing, 'council.db')]);
    expect(code).toBe(1);
    expect(stderr).toMatch(/the folder .*no\/such\/dir does not exist/);
    expect(existsSync(join(tempDir(), 'no'))).toBe(false);
    expect(existsSync(missing)).toBe(false);
    // The library creates it when told to (the CLI and the server do for the default var/).
    const made = join(tempDir(), 'var-like');
    await runEtl({ source: bundle, dbPath: join(made, 'council.db'), createFolder: true });
    expect(existsSync(join(made, 'council.db'))).toBe(true);
  });

  it('names the path when SQLite cannot create a file there', async () => {
    const { code, stderr } = await cli(['etl', '--source', bundle, '--db', '/proc/x.db']);
    expect(code).toBe(1);
    expect(stderr).toMatch(/\/proc\/x\.db/);
    expect(stderr.trim().split('\n')).toHaveLength(1);
  });
});

describe('2. council serve exits non-zero at once when it cannot start', () => {
  let busy: ReturnType<typeof createServer>;
  let busyPort: number;
  beforeAll(async () => {
    busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    busyPort = (busy.address() as AddressInfo).port;
  });
  afterAll(() => busy.close());

  it.each([
    ['one process', '1'],
    ['cluster', '2'],
  ])('port taken (%s): one line, exit 1, nothing scheduled', async (_name, workers) => {
    const started = Date.now();
    const { code, stdout, stderr } = await cli(['serve'], {
      DB_PATH: dbPath,
      PORT: String(busyPort),
      HOST: '127.0.0.1',
      WEB_CONCURRENCY: workers,
      CRON_SCHEDULE: '0 3 * * *',
    });
    expect(code).not.toBe(0);
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(stderr).toMatch(new RegExp(`cannot listen on 127\\.0\\.0\\.1:${busyPort}: the port is already in use`));
    expect(stdout).not.toMatch(/refresh scheduled/);
  });

  it('a file at DB_PATH that cannot be served: one line, exit 1', async () => {
    const broken = join(tempDir(), 'council.db');
    writeFileSync(broken, 'not a database');
    const { code, stdout, stderr } = await cli(['serve'], { DB_PATH: broken, PORT: '0' });
    expect(code).toBe(1);
    expect(stderr).toMatch(/^council: cannot serve .*council\.db: file is not a database\n$/);
    expect(stdout).not.toMatch(/refresh scheduled|listening/);
  });

  // Issue 36: a typo in DB_PATH made `serve` create the folder (shares.db, answers.db) and `npm start`
  // then build the sample into it, although a typo should create no folders.
  it.each([
    ['serve', 'DB_PATH', ['serve']],
    ['serve --bootstrap', 'DB_PATH', ['serve', '--bootstrap']],
    ['serve', 'SHARES_DB_PATH', ['serve']],
    ['serve', 'ANSWER_STORE_PATH', ['serve']],
  ])('%s with %s in a missing folder: the folder is named, nothing is created', async (_name, key, args) => {
    const parent = tempDir();
    const typo = join(parent, 'vra');
    const path = join(typo, key === 'DB_PATH' ? 'council.db' : 'x.db');
    const { code, stdout, stderr } = await cli(args, { DB_PATH: dbPath, PORT: '0', CRON_SCHEDULE: '', [key]: path });
    expect(code).toBe(1);
    expect(stderr).toContain(`${key}: the folder ${typo} does not exist`);
    expect(existsSync(typo)).toBe(false);
    expect(stdout).not.toMatch(/listening|building/);
  });

  it('a bad setting: one line naming it, exit 1', async () => {
    const { code, stderr } = await cli(['serve'], { DB_PATH: dbPath, ALLOWED_ORIGINS: 'not-an-origin' });
    expect(code).toBe(1);
    expect(stderr).toMatch(/ALLOWED_ORIGINS: .*not an origin: "not-an-origin" \(got "not-an-origin"\)/);
  });
});

describe('3. every warning names the real file and line', () => {
  it('a stated wynik that contradicts the ballots points at its row of glosowania.csv', async () => {
    const LINE = 5;
    const withWynik = (value: string) =>
      editedBundle((d) => {
        const path = join(d, 'glosowania.csv');
        const lines = readFileSync(path, 'utf8').split('\n');
        const wynik = lines[0]!.split(',').indexOf('wynik');
        const cells = lines[LINE - 1]!.split(',');
        cells[wynik] = value;
        lines[LINE - 1] = cells.join(',');
        writeFileSync(path, lines.join('\n'));
      });
    const voteId = readFileSync(join(bundle, 'glosowania.csv'), 'utf8').split('\n')[LINE - 1]!.split(',')[0];
    // One of the two values contradicts the ballots (they are complementary): that run warns, naming the row.
    const warned = [];
    for (const value of ['przyjęto', 'odrzucono']) {
      const { findings } = await checkSource({ source: withWynik(value) });
      warned.push(...findings.warnings.filter((w) => w.column === 'wynik' && w.problem.startsWith(`vote ${voteId}:`)));
    }
    expect(warned).toHaveLength(1);
    expect(warned[0]).toMatchObject({ file: 'glosowania.csv', line: LINE });
  });

  it('the sample bundle: every warning names glosowania.csv and a line holding that vote', async () => {
    const { findings } = await checkSource({ source: SAMPLE });
    const wynik = findings.warnings.filter((w) => w.column === 'wynik');
    expect(wynik.length).toBeGreaterThan(0);
    const lines = readFileSync(join(SAMPLE, 'glosowania.csv'), 'utf8').split('\n');
    for (const w of wynik) {
      expect(w.file).toBe('glosowania.csv');
      expect(lines[w.line - 1]!.startsWith(`${/vote (\d+)/.exec(w.problem)![1]},`)).toBe(true);
    }
  });
});

describe('4. true totals, repeated problems summarised once with their likely cause', () => {
  it('without punkty.csv: the real total, a few lines per kind, and a hint', async () => {
    const dir = editedBundle((d) => rmSync(join(d, 'punkty.csv')));
    const votesWithPoint = readFileSync(join(dir, 'glosowania.csv'), 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .filter((line) => line.split(',')[2] !== '').length;
    const ballotLines = readFileSync(join(dir, 'glosy.csv'), 'utf8').trim().split('\n').length - 1;
    const { code, stderr } = await cliHere(['check', '--source', dir]);
    expect(code).toBe(1);
    expect(votesWithPoint).toBeGreaterThan(20);
    const lines = stderr.trim().split('\n');
    expect(lines.length).toBeLessThan(40);
    expect(stderr).toMatch(/glosowania\.csv: id_punktu: [\d,]+ more like "unknown agenda point N"/);
    expect(stderr).toMatch(/hint: punkty\.csv is absent \(it is optional\), but rows of this file refer to its ids/);
    // Ballots of the rejected votes say why, instead of "unknown vote".
    expect(stderr).toMatch(/glosy\.csv:\d+: id_glosowania: vote \d+ was rejected/);
    const total = Number(/rejected, ([\d,]+) problems/.exec(stderr)![1]!.replace(/,/g, ''));
    expect(total).toBeGreaterThanOrEqual(votesWithPoint);
    expect(total).toBeGreaterThan(ballotLines / 2); // the ballots of those votes are counted too
  });
});

describe('5. a source of the wrong kind says what it is', () => {
  it.each([
    [
      'a .tar.gz without --format sejm',
      () => {
        const path = join(tempDir(), 'sejm-term10.tar.gz');
        writeFileSync(path, 'x');
        return path;
      },
      /is a \.tar\.gz file, not a directory; did you mean --format sejm\?/,
    ],
    [
      'a plain file',
      () => {
        const path = join(tempDir(), 'pic.png');
        writeFileSync(path, 'x');
        return path;
      },
      /is a file, not a directory/,
    ],
    [
      'a folder of Sejm files',
      () => {
        const dir = tempDir();
        writeFileSync(join(dir, '1_1.json'), '{}');
        return dir;
      },
      /holds Sejm API files .* did you mean --format sejm\?/,
    ],
    ['a missing path', () => join(tempDir(), 'nothing-here'), /does not exist/],
  ])('%s', async (_name, make, message) => {
    const { code, stderr } = await cliHere(['check', '--source', make()]);
    expect(code).toBe(1);
    expect(stderr).toMatch(message);
    expect(stderr).not.toMatch(/required file is missing/);
  });

  // End to end: an action's error through the process's exit.
  it('a CSV bundle given as --format sejm', async () => {
    const { code, stderr } = await cli(['check', '--format', 'sejm', '--source', bundle]);
    expect(code).toBe(1);
    expect(stderr).toMatch(/did you mean --format csv\?/);
  });

  // Issue 36: the layout names the format (config.json / kadencja-*.json / data.json: Radoskop;
  // {sitting}_{votingNumber}.json: the Sejm; *.csv: a bundle), whichever reader was asked.
  const radoskop = async (layout: 'folders' | 'council' | 'docs' | 'data.json') => {
    const dir = tempDir();
    if (layout === 'data.json') {
      writeFileSync(join(dir, 'data.json'), '{"kadencje": []}');
      return dir;
    }
    await writeRadoskopHand(dir);
    return layout === 'folders' ? dir : join(dir, layout === 'council' ? 'alfa-city' : 'beta-city');
  };
  const sejmFolder = () => {
    const dir = tempDir();
    writeFileSync(join(dir, '1_1.json'), '{}');
    writeFileSync(join(dir, 'mps.json'), '[]');
    return dir;
  };
  it.each([
    ['Radoskop council folders without --format', [], () => radoskop('folders'), 'radoskop'],
    ['a Radoskop council folder without --format', [], () => radoskop('council'), 'radoskop'],
    ['a Radoskop council folder with docs/ without --format', [], () => radoskop('docs'), 'radoskop'],
    ['a Radoskop folder in the older data.json layout without --format', [], () => radoskop('data.json'), 'radoskop'],
    ['Radoskop council folders as --format sejm', ['--format', 'sejm'], () => radoskop('folders'), 'radoskop'],
    ['a Sejm folder as --format radoskop', ['--format', 'radoskop'], async () => sejmFolder(), 'sejm'],
    ['a CSV bundle as --format radoskop', ['--format', 'radoskop'], async () => bundle, 'csv'],
  ])('%s: the format it looks like is suggested', async (_name, format, make, suggested) => {
    const source = await make();
    const { code, stderr } = await cliHere(['check', ...format, '--source', source]);
    expect(code).toBe(1);
    expect(stderr).toContain(`did you mean --format ${suggested}?`);
  });
});

describe('5a. a mistyped option is named, with the option meant', () => {
  it.each([
    [
      'etl --sorce',
      (db: string) => ['etl', '--sorce', 'data/sample', '--db', db],
      "unknown option '--sorce'",
      '--source',
    ],
    [
      'etl --fromat',
      (db: string) => ['etl', '--source', 'data/sample', '--fromat', 'csv', '--db', db],
      "unknown option '--fromat'",
      '--format',
    ],
    ['check --sorce', () => ['check', '--sorce', 'data/sample'], "unknown option '--sorce'", '--source'],
    [
      'refresh --replace-sorce',
      (db: string) => ['refresh', '--replace-sorce', '--db', db],
      "unknown option '--replace-sorce'",
      '--replace-source',
    ],
  ])('council %s', async (_name, args, unknown, meant) => {
    const db = join(tempDir(), 'council.db');
    const { code, stderr } = await cliHere(args(db));
    expect(code).toBe(1);
    expect(stderr).toContain(unknown);
    expect(stderr).toMatch(new RegExp(`\\(Did you mean (one of )?([-\\w]+, )*${meant}(, [-\\w]+)*\\?\\)`));
    expect(stderr).not.toMatch(/required option/); // the typo is the problem, not the option it hid
    expect(existsSync(db)).toBe(false);
  });

  // End to end: commander's own error through the process's exit.
  it('a missing option is still named', async () => {
    const { code, stderr } = await cli(['check']);
    expect(code).toBe(1);
    expect(stderr).toContain("error: required option '--source <path>' not specified");
  });
});

describe('6. an unknown column is reported once per file', () => {
  it('wynik renamed to result', async () => {
    const dir = editedBundle((d) => {
      const path = join(d, 'glosowania.csv');
      writeFileSync(path, readFileSync(path, 'utf8').replace(/^(.*)\bwynik\b/, '$1result'));
    });
    const { code, stdout } = await cliHere(['check', '--source', dir]);
    expect(code).toBe(0);
    const notices = stdout.split('\n').filter((l) => l.includes('unknown column'));
    expect(notices).toEqual([
      'warning: glosowania.csv:1: result: unknown column, ignored (optional columns not in this file: wynik)',
    ]);
  });
});

describe('7. development friction', () => {
  it('the docs page and its files are not counted by the rate limit; data requests are', async () => {
    const limited = appOver(dbPath, { RATE_LIMIT_MAX_REQUESTS: 3 });
    try {
      for (let load = 0; load < 5; load++) {
        for (const path of [
          '/api/docs/',
          '/api/docs/swagger-ui.css',
          '/api/docs/swagger-initializer.js',
          '/api/openapi.json',
          '/api/docs/favicon-32x32.png',
        ]) {
          const res = await request(limited.app).get(path);
          expect(res.status, path).toBe(200);
          expect(res.headers['x-ratelimit-remaining']).toBeUndefined();
        }
      }
      const data = await request(limited.app).get('/api/utils/organy');
      expect(data.headers['x-ratelimit-remaining']).toBe('2');
    } finally {
      limited.close();
    }
  });

  it('a 403 names the origin and ALLOWED_ORIGINS, and the log says why', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const logger = pino(
      { level: 'info' },
      new Writable({
        write(chunk, _enc, done) {
          lines.push(JSON.parse(String(chunk)));
          done();
        },
      }),
    );
    const config = loadConfig({ NODE_ENV: 'test' }, { DB_PATH: dbPath, ALLOWED_ORIGINS: ['https://allowed.example'] });
    const snapshots = new SnapshotStore(dbPath);
    snapshots.load();
    const shares = new SqliteShareStore(join(tempDir(), 'shares.db'));
    try {
      const app = createApp({ snapshots, shares, config, logger });
      const res = await request(app).get('/api/radni').set('Origin', 'https://evil.example');
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(
        'the origin "https://evil.example" (from the Origin header) is not allowed; allowed origins are set by ALLOWED_ORIGINS',
      );
      const logged = lines.find((l) => (l['res'] as { statusCode: number } | undefined)?.statusCode === 403);
      expect(logged?.['reason']).toBe(res.body.message);
    } finally {
      snapshots.close();
      await shares.close();
    }
  });

  it('logs are pretty on a terminal and JSON lines otherwise', () => {
    const capture = () => {
      let text = '';
      const stream = new Writable({
        write(chunk, _enc, done) {
          text += String(chunk);
          done();
        },
      });
      return { stream, text: () => text };
    };
    const tty = capture();
    createLogger({ LOG_LEVEL: 'info' }, true, tty.stream).info({ snapshot: 'abc' }, 'snapshot in service');
    expect(tty.text()).toMatch(/INFO.*snapshot in service/);
    expect(() => JSON.parse(tty.text())).toThrow();
    const pipe = capture();
    createLogger({ LOG_LEVEL: 'info' }, false, pipe.stream).info({ snapshot: 'abc' }, 'snapshot in service');
    expect(JSON.parse(pipe.text())).toMatchObject({ msg: 'snapshot in service', snapshot: 'abc' });
  });

  it("one message per bad cell, in the service's own words", async () => {
    const dir = editedBundle((d) => {
      const path = join(d, 'kadencje.csv');
      writeFileSync(path, `${readFileSync(path, 'utf8')}2030-2035,x2030-01-01,\n`);
    });
    const { findings } = await checkSource({ source: dir });
    expect(findings.errors.filter((p) => p.file === 'kadencje.csv').map((p) => `${p.column}: ${p.problem}`)).toEqual([
      'data_od: must be a date YYYY-MM-DD (got "x2030-01-01")',
    ]);

    const app = appOver(dbPath);
    try {
      const vote = (await request(app.app).get('/api/glosowania?limit=1')).body.data[0].id_glosowania;
      const res = await request(app.app).post(`/api/glosowania/${vote}/udostepnij`).send({ id_osoby: 'x' });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(
        "body parameter 'id_osoby' must be a positive integer (the id_osoby of a councillor)",
      );
    } finally {
      app.close();
    }
  });
});
