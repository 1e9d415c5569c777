// A full disk, said as such (issue 34, 10): the ETL's „database or disk is full” and the share store's
// 503 „cannot be reached” named neither the file nor the disk. Here the disk really is full: each
// process runs in a mount namespace of its own (unshare -m) with a small tmpfs over its folder, so
// nothing is mounted outside it and the mount goes with the process. Needs root (to mount); skipped
// with a message otherwise.

import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runEtl } from '../etl/run.ts';
import { SHARES_DISK_FULL } from '../src/shares/index.ts';
import { generateBundle } from '../tools/generate/index.ts';
import { tempDir } from './support/fixture.ts';
import { COUNCIL_JS, waitFor } from './support/server-process.ts';

// The CLI as built by the pretest (dist/): a start from it costs about half of one through tsx (issue 41).
const CLI = COUNCIL_JS;

/** Runs `command` with a tmpfs of `size` over `dir`, in a mount namespace of its own. */
const onSmallDisk = (dir: string, size: string, command: string[]) =>
  [
    'unshare',
    [
      '-m',
      '--propagation',
      'private',
      'sh',
      '-c',
      `mount -t tmpfs -o size=${size} tmpfs "$0" && exec "$@"`,
      dir,
      ...command,
    ],
  ] as const;

const canMount = (() => {
  const dir = tempDir();
  const [cmd, args] = onSmallDisk(dir, '64k', ['true']);
  return spawnSync(cmd, args).status === 0;
})();
if (!canMount)
  console.warn(
    'cannot mount a small tmpfs in a mount namespace (unshare -m needs root): the disk-full tests are skipped',
  );

let source: string;
let snapshot: string;

beforeAll(async () => {
  if (!canMount) return;
  source = tempDir();
  await generateBundle(source, { seed: 10, radni: 12, glosowania: 120, kadencje: 1 });
  snapshot = join(tempDir(), 'council.db');
  await runEtl({ source, dbPath: snapshot });
}, 120_000);

describe.skipIf(!canMount)('a full disk', () => {
  it('council etl: says the disk is full, naming the build, the folder and its free space, and the other folders it writes to', () => {
    const disk = tempDir();
    const dbPath = join(disk, 'council.db');
    const [cmd, args] = onSmallDisk(disk, '256k', [process.execPath, CLI, 'etl', '--source', source, '--db', dbPath]);
    const run = spawnSync(cmd, args, {
      encoding: 'utf8',
      env: { ...process.env, TMPDIR: tempDir(), SQLITE_TMPDIR: tempDir() },
    });
    expect(run.status).toBe(1);
    const message = run.stderr
      .trim()
      .split('\n')
      .find((line) => line.startsWith('council: '));
    expect(message, run.stderr).toMatch(
      new RegExp(
        `^council: the disk is full: the build of ${dbPath} could not be written \\(nothing was published; ` +
          `the served snapshot stays\\) \\(database or disk is full\\); ${disk} \\(the snapshot and its build council\\.db\\.building-\\d+\\): [\\d.]+ (B|KiB) free; `,
      ),
    );
    expect(message).toMatch(/\(SQLite's temporary files, SQLITE_TMPDIR\): [\d.]+ \w+ free/);
    expect(message).toMatch(/\(the ETL's spill files, TMPDIR\): [\d.]+ \w+ free$/);
  }, 120_000);

  describe("the share links' SQLite file", () => {
    let server: ChildProcess;
    let out = '';
    let url: string;
    const links = tempDir();

    beforeAll(async () => {
      mkdirSync(links, { recursive: true });
      const [cmd, args] = onSmallDisk(links, '1m', [process.execPath, CLI, 'serve']);
      server = spawn(cmd, args, {
        env: {
          ...process.env,
          DB_PATH: snapshot,
          SHARES_DB_PATH: join(links, 'shares.db'),
          PORT: '0',
          HOST: '127.0.0.1',
          NODE_ENV: 'test',
          LOG_LEVEL: 'info',
          CRON_SCHEDULE: '',
          ANSWER_STORE_MB: '0',
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      server.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
      });
      url = await waitFor(
        'the server to listen',
        () => /"address":"(http:\/\/127\.0\.0\.1:\d+)"/.exec(out)?.[1],
        60_000,
      );
    }, 90_000);

    afterAll(() => {
      server?.kill('SIGKILL');
    });

    const post = async (vote: number) =>
      fetch(`${url}/api/glosowania/${vote}/udostepnij`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });

    it('new links answer 503 saying the disk is full, the log names the file and its free space; links made before open, reads go on', async () => {
      const before = await post(1);
      expect(before.status).toBe(201);
      const { link } = ((await before.json()) as { data: { link: string } }).data;
      // The rest of the disk taken by another file (as a log or a backup would take it).
      spawnSync('nsenter', ['-t', String(server.pid), '-m', 'sh', '-c', `cat /dev/zero > "${join(links, 'filler')}"`]);
      let full: Response | undefined;
      for (let vote = 2; vote < 40 && full === undefined; vote++) {
        const res = await post(vote);
        if (res.status === 503) full = res;
        else expect(res.status).toBe(201); // a page of the file may still have had room
      }
      expect(full, 'a link refused for the full disk').toBeDefined();
      expect(await full!.json()).toEqual({ success: false, error: 'Service Unavailable', message: SHARES_DISK_FULL });
      const logged = await waitFor(
        'the log line saying the disk is full',
        () =>
          out
            .split('\n')
            .filter((l) => l.startsWith('{'))
            .map((l) => JSON.parse(l) as { msg: string; db?: string; err?: { message: string } })
            .find(
              (l) => l.msg === 'the disk of the share-link database is full: new links answer 503 until space is freed',
            ),
        10_000,
      );
      expect(logged.db).toBe(join(links, 'shares.db'));
      // (pino's serializer adds the cause's message at the end)
      expect(logged.err?.message).toMatch(
        new RegExp(
          `^the disk is full: the share-link database ${join(links, 'shares.db')} cannot store a new link ` +
            `\\(database or disk is full\\); ${links} \\(the share links\\): [\\d.]+ (B|KiB) free(: database or disk is full)?$`,
        ),
      );
      expect((await fetch(`${url}/api/glosowania/share/${link}`)).status).toBe(200);
      expect((await fetch(`${url}/api/radni`)).status).toBe(200);
      expect((await fetch(`${url}/health`)).status).toBe(200);
    }, 60_000);
  });
});

// The message of a disk that is not full: checked here without a mount.
describe('diskFull', () => {
  it('lists a folder of several roles once, with its free space', async () => {
    const { diskFull } = await import('../core/disk-full.ts');
    const dir = tempDir();
    const error = Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
    expect(
      diskFull(error, 'x could not be written', [
        { dir, role: 'a' },
        { dir, role: 'b' },
      ]).message,
    ).toMatch(
      new RegExp(
        `^the disk is full: x could not be written \\(database or disk is full\\); ${dir} \\(a, b\\): [\\d.]+ \\w+ free$`,
      ),
    );
  });
});
