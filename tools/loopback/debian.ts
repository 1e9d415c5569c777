// What the loopback deployments (the replica tests, `npm run soak -- --replicas`) need to run Debian's
// servers as a test's own processes: a free port, a wait, and a user to run them as. PostgreSQL refuses
// to run as root, and nginx as root would hand its workers to `nobody`; run as root (as in a
// container), both run as an unprivileged system user instead (`postgres`, which Debian's package
// creates, else `nobody`): the same thing `su postgres` would do, without a shell in between.

import { spawnSync } from 'node:child_process';
import { chownSync, mkdtempSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ProcessUser {
  uid: number;
  gid: number;
}

/** uid and gid to run a server as: undefined (ourselves) unless we are root. */
export function unprivilegedUser(): ProcessUser | undefined {
  if (process.getuid?.() !== 0) return undefined;
  for (const name of ['postgres', 'nobody']) {
    const uid = spawnSync('id', ['-u', name], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', name], { encoding: 'utf8' });
    if (uid.status === 0 && gid.status === 0) return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  }
  throw new Error('running as root, and neither the postgres nor the nobody user exists to run the server as');
}

/** A temporary folder the server's user owns. */
export function serverDir(prefix: string, user: ProcessUser | undefined): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  if (user) chownSync(dir, user.uid, user.gid);
  return dir;
}

/** A port that was free on 127.0.0.1 a moment ago. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Polls `probe` until it returns true; throws `what` (and the last error) after `timeoutMs`. */
export async function waitUntil(
  what: string,
  probe: () => Promise<boolean> | boolean,
  timeoutMs = 30_000,
  intervalMs = 100,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      if (await probe()) return;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline)
      throw new Error(
        `timed out after ${timeoutMs} ms waiting for ${what}${last ? ` (last error: ${String(last)})` : ''}`,
      );
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
