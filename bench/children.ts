// The servers a benchmark measures, each in its own process on loopback, and a plain client for them.

import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { freePort } from '../tools/loopback/debian.ts';

const fromSources = fileURLToPath(import.meta.url).endsWith('.ts');
/** The extension of this build's modules: `ts` from the sources (tsx), `js` from dist/. */
export const ext = fromSources ? 'ts' : 'js';
/**
 * Node's arguments for a child running a module of this build: the service as `npm start` and the
 * `council` command start it (cli/council.ts: V8's memory reducer off), and the bare servers the same.
 */
export const nodeArgs = [...(fromSources ? ['--import', 'tsx'] : []), '--no-memory-reducer'];

/**
 * With PROBE_DIR set (`bench/api.ts --probe`), every server started here runs bench/probe.ts: where a
 * slow request's time goes, written on SIGUSR2.
 */
const probeArgs = () => (process.env['PROBE_DIR'] ? ['--import', new URL(`./probe.${ext}`, import.meta.url).href] : []);

/** Starts a server process on a free port and waits until `readyPath` answers. */
export async function start(
  args: string[],
  env: Record<string, string>,
  readyPath: string,
): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeArgs, ...probeArgs(), ...args], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });
  for (let attempt = 0; attempt < 600 && !exited; attempt++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}${readyPath}`)).ok) return { child, port };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${args.join(' ')} did not start`);
}

/** GETs `path` over a keep-alive agent; resolves with the status and body. */
export function get(agent: http.Agent, port: number, path: string): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}
