// The fetch keeps the last good file (issue 23): every downloaded file is validated — JSON, and the
// shape of a Radoskop term file or index, or of a Sejm file (the readers' own schemas) — before it
// replaces the mirrored one. A broken or truncated upstream file is reported (URL, what is wrong),
// the previous good file stays, and the rest of the fetch goes on.

import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { PoliteClient } from '../etl/fetch/polite-client.ts';
import { fetchRadoskop } from '../etl/fetch/radoskop.ts';
import { fetchSejm } from '../etl/fetch/sejm.ts';
import { removeDir, tempDir } from './support/fixture.ts';
import { RADOSKOP_HAND, writeRadoskopHand } from './support/radoskop-hand.ts';
import { type Fault, radoskopStandIn, sejmStandIn } from './support/stand-in-apis.ts';

const run = promisify(execFile);
const cli = fileURLToPath(new URL('../dist/cli/council.js', import.meta.url));
const sejmSample = fileURLToPath(new URL('../../shared/data/sejm-sample/', import.meta.url));

const dirs: string[] = [];
const newDir = () => {
  const dir = tempDir('fetch-keeps-good-');
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach(removeDir));

const client = () => new PoliteClient({ userAgent: 'council-test', timeoutMs: 2000, backoffMs: 10, attempts: 3 });
const bytes = (path: string) => readFileSync(path).toString('utf8');

describe('council fetch --format radoskop keeps the last good file', () => {
  it('a truncated term file, a term file of another shape and a truncated index are reported; the mirrored files stay', async () => {
    const upstream = newDir();
    await writeRadoskopHand(upstream);
    const faults: Record<string, Fault> = {};
    const api = await radoskopStandIn(upstream, { fault: (path) => faults[path] ?? null });
    try {
      const out = newDir();
      const councils = ['alfa-city', 'beta-city'];
      await fetchRadoskop({ councils, out, api: api.url, client: client() });
      const mirrored = (file: string) => join(out, file);
      const good = {
        alfa2018: bytes(mirrored('alfa-city/kadencja-2018-2023.json')),
        alfa2024: bytes(mirrored('alfa-city/kadencja-2024-2029.json')),
        beta: bytes(mirrored('beta-city/kadencja-2024-2029.json')),
      };

      // Upstream: Alfa's 2024-2029 has a new vote (good), its 2018-2023 arrives cut in half, and
      // Beta's term is an error object that is JSON but no term file.
      const term = RADOSKOP_HAND['alfa-city/kadencja-2024-2029.json'] as { votes: unknown[] };
      await writeRadoskopHand(upstream, {
        'alfa-city/kadencja-2024-2029.json': { ...term, votes: [...term.votes, ...term.votes.slice(0, 1)] },
      });
      writeFileSync(join(upstream, 'beta-city/docs/kadencja-2024-2029.json'), '{"error": "not found"}');
      faults['/alfa-city/kadencja-2018-2023.json'] = 'truncated';
      const second = await fetchRadoskop({ councils, out, api: api.url, client: client() });
      expect(second.newFiles).toBe(1);
      expect(second.rejected).toEqual([
        { url: `${api.url}/alfa-city/kadencja-2018-2023.json`, problem: expect.stringMatching(/^not JSON: /) },
        { url: `${api.url}/beta-city/kadencja-2024-2029.json`, problem: 'not a Radoskop term file: votes: is missing' },
      ]);
      expect(bytes(mirrored('alfa-city/kadencja-2018-2023.json'))).toBe(good.alfa2018);
      expect(bytes(mirrored('beta-city/kadencja-2024-2029.json'))).toBe(good.beta);
      expect(bytes(mirrored('alfa-city/kadencja-2024-2029.json'))).not.toBe(good.alfa2024);
      expect(readdirSync(join(out, 'alfa-city')).filter((n) => n.includes('.partial-'))).toEqual([]);

      // A council whose index arrives broken is left as mirrored; the others are fetched.
      faults['/beta-city/data.json'] = 'truncated';
      delete faults['/alfa-city/kadencja-2018-2023.json'];
      const third = await fetchRadoskop({ councils, out, api: api.url, client: client() });
      expect(third.rejected).toEqual([
        { url: `${api.url}/beta-city/data.json`, problem: expect.stringMatching(/^not JSON: /) },
      ]);
      expect(bytes(mirrored('alfa-city/kadencja-2018-2023.json'))).toBe(
        bytes(join(upstream, 'alfa-city/kadencja-2018-2023.json')),
      );
      expect(bytes(mirrored('beta-city/kadencja-2024-2029.json'))).toBe(good.beta);

      // The command says so, and succeeds.
      const { stdout } = await run(process.execPath, [
        cli,
        'fetch',
        '--format',
        'radoskop',
        '--council',
        'beta-city',
        '--out',
        out,
        '--api',
        api.url,
      ]);
      expect(stdout).toMatch(
        new RegExp(
          `^  rejected ${api.url}/beta-city/data\\.json: not JSON: .* \\(the file mirrored before, if any, stays\\)$`,
          'm',
        ),
      );
      expect(stdout).toMatch(/^fetched: 0 new or changed file\(s\), 0 unchanged, 1 rejected, /m);
    } finally {
      await api.close();
    }
  });
});

describe.skipIf(!existsSync(sejmSample))('council fetch --format sejm keeps the last good file', () => {
  it('a truncated voting or MP list is reported and not written over the mirrored one; the next run completes', async () => {
    const sittings = [...new Set(readdirSync(sejmSample).flatMap((n) => /^(\d+)_/.exec(n)?.[1] ?? []))]
      .map(Number)
      .sort((a, b) => a - b);
    const newest = sittings.at(-1)!;
    const hidden = new Set([newest]);
    const faults: Record<string, Fault> = {};
    const api = await sejmStandIn(sejmSample, 10, { hidden, fault: (path) => faults[path] ?? null });
    try {
      const out = newDir();
      await fetchSejm({ term: 10, out, api: api.url, client: client() });
      const mps = bytes(join(out, 'mps.json'));

      hidden.clear();
      const broken = `/sejm/term10/votings/${newest}/1`;
      faults[broken] = 'truncated';
      faults['/sejm/term10/MP'] = 'truncated'; // a body of its own: answered 200, not 304
      const second = await fetchSejm({ term: 10, out, api: api.url, client: client() });
      expect(second.rejected).toEqual([
        { url: `${api.url}${broken}`, problem: expect.stringMatching(/^not JSON: /) },
        { url: `${api.url}/sejm/term10/MP`, problem: expect.stringMatching(/^not JSON: /) },
      ]);
      expect(existsSync(join(out, `${newest}_1.json`))).toBe(false);
      expect(bytes(join(out, 'mps.json'))).toBe(mps);
      expect(second.newFiles).toBe(readdirSync(sejmSample).filter((n) => n.startsWith(`${newest}_`)).length - 1);

      for (const path of Object.keys(faults)) delete faults[path];
      const third = await fetchSejm({ term: 10, out, api: api.url, client: client() });
      expect(third.rejected).toEqual([]);
      expect(bytes(join(out, `${newest}_1.json`))).toBe(bytes(join(sejmSample, `${newest}_1.json`)));
    } finally {
      await api.close();
    }
  });

  it("a voting file of another shape is refused by the reader's own schema", async () => {
    const upstream = newDir();
    for (const name of readdirSync(sejmSample))
      writeFileSync(join(upstream, name), readFileSync(join(sejmSample, name)));
    const first = readdirSync(upstream).find((n) => /^\d+_\d+\.json$/.test(n))!;
    const [sitting, number] = first.replace('.json', '').split('_');
    const voting = JSON.parse(readFileSync(join(upstream, first), 'utf8')) as Record<string, unknown>;
    writeFileSync(join(upstream, first), JSON.stringify({ ...voting, votes: [{ vote: 'YES' }] })); // a ballot without its MP
    const api = await sejmStandIn(upstream, 10);
    try {
      const out = newDir();
      const summary = await fetchSejm({ term: 10, out, api: api.url, client: client() });
      expect(summary.rejected).toEqual([
        {
          url: `${api.url}/sejm/term10/votings/${sitting}/${number}`,
          problem: 'not a Sejm voting file: votes[0].MP: required field is missing',
        },
      ]);
      expect(existsSync(join(out, first))).toBe(false);
    } finally {
      await api.close();
    }
  });
});
