// The load generator for bench:api, always in its own process: wrk (Debian's package) when it is on
// the PATH, else autocannon in a child. Either cycles through a fixed list of request paths in order.
// Prints the figures as one JSON line.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface LoadSpec {
  url: string;
  paths: string[];
  headers: Record<string, string>;
  connections: number;
  duration: number;
}
export interface LoadResult {
  tool: 'wrk' | 'autocannon';
  requestsPerSecond: number;
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
  /** Connection errors and timeouts together. */
  errors: number;
  /** Of `errors`, the requests that had no answer within the tool's timeout (autocannon 10 s, wrk 2 s). */
  timeouts: number;
}

/** wrk's Lua: each thread walks the list in order from the start, wrapping around. */
const WRK_SCRIPT = `
local paths = {}
local i = 0
init = function(args)
  for line in io.lines(args[1]) do paths[#paths + 1] = line end
  for n = 2, #args, 2 do wrk.headers[args[n]] = args[n + 1] end
end
request = function()
  i = i % #paths + 1
  return wrk.format("GET", paths[i])
end
`;

const ms = (value: string, unit: string) => Number(value) * ({ us: 0.001, ms: 1, s: 1000, m: 60_000 }[unit] ?? 1);

export function hasWrk(): boolean {
  return spawnSync('wrk', ['--version']).error === undefined;
}

export function runWrk(spec: LoadSpec): LoadResult {
  const dir = mkdtempSync(join(tmpdir(), 'council-wrk-'));
  try {
    writeFileSync(join(dir, 'paths.txt'), `${spec.paths.join('\n')}\n`);
    writeFileSync(join(dir, 'walk.lua'), WRK_SCRIPT);
    const headerArgs = Object.entries(spec.headers).flat();
    // One thread: the generator takes one core, the server the other.
    const out = spawnSync(
      'wrk',
      [
        '-t1',
        `-c${spec.connections}`,
        `-d${spec.duration}s`,
        '--latency',
        '-s',
        join(dir, 'walk.lua'),
        spec.url,
        '--',
        join(dir, 'paths.txt'),
        ...headerArgs,
      ],
      { encoding: 'utf8', maxBuffer: 1 << 24 },
    );
    if (out.status !== 0) throw new Error(`wrk failed: ${out.stderr}`);
    const text = out.stdout;
    const latency = (pct: string) => {
      const m = new RegExp(`\\s${pct}%\\s+([\\d.]+)(us|ms|s|m)`).exec(text);
      return m ? ms(m[1]!, m[2]!) : NaN;
    };
    const requests = /(\d+) requests in/.exec(text);
    const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(text);
    return {
      tool: 'wrk',
      requestsPerSecond: Number(/Requests\/sec:\s+([\d.]+)/.exec(text)?.[1] ?? NaN),
      p50: latency('50'),
      p99: latency('99'),
      total: Number(requests?.[1] ?? 0),
      non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(text)?.[1] ?? 0),
      errors: errors ? errors.slice(1).reduce((a, b) => a + Number(b), 0) : 0,
      timeouts: Number(errors?.[4] ?? 0),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// Child mode: autocannon, when wrk is not installed. The spec comes on stdin: a walk's paths (20,000
// URLs) are over the 128 KiB that one argument may hold (the child could not be started).
if (process.argv[2] === '--autocannon') {
  const { default: autocannon } = await import('autocannon');
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const spec = JSON.parse(Buffer.concat(chunks).toString('utf8')) as LoadSpec;
  const result = await autocannon({
    url: spec.url,
    connections: spec.connections,
    duration: spec.duration,
    requests: spec.paths.map((path) => ({ method: 'GET', path, headers: spec.headers })),
  });
  console.log(
    JSON.stringify({
      tool: 'autocannon',
      requestsPerSecond: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      total: result.requests.total,
      non2xx: result.non2xx,
      errors: result.errors + result.timeouts,
      timeouts: result.timeouts,
    } satisfies LoadResult),
  );
}
