// nginx from Debian as the reverse proxy in front of replicas, for the tests and the soak: its own
// configuration in a temporary folder (nothing of /etc/nginx is read), one loopback port, started and
// stopped by the caller. The configuration is the one the README shows: round robin over the replicas
// with keep-alive connections, and a request that failed before any byte of an answer (a replica
// that is down or restarting) retried once on the next replica; POST is not retried.

import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, serverDir, unprivilegedUser, waitUntil } from './debian.ts';

export const NGINX = '/usr/sbin/nginx';
export const NGINX_MISSING = 'nginx is not installed (apt-get install nginx)';

export const haveNginx = (): boolean => spawnSync(NGINX, ['-v']).error === undefined;

/** The proxy's part of the configuration: what the README's deployment section shows. */
export function proxyConfig(port: number, replicas: readonly string[]): string {
  return `  # max_fails=0: an answer retried on the other replica never marks a replica down. While the share-link
  # database is down every replica answers 503 to links; counted as failures they would leave nginx no
  # replica for any read (502). A replica that is down costs one refused connect, then the next one.
  upstream replicas {
${replicas.map((address) => `    server ${address} max_fails=0;`).join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://replicas;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      # Refused, reset, timed out or 503 (a replica whose snapshot is out of service, e.g. a file copied
      # over it) before any byte was sent: the next replica (GET and HEAD only; POST is never retried).
      proxy_next_upstream error timeout http_503;
      proxy_next_upstream_tries 2;
      proxy_connect_timeout 1s;
    }
  }`;
}

export interface NginxServer {
  url: string;
  stop: () => Promise<void>;
  log: () => string;
}

/**
 * `clientKeepaliveRequests`: requests on one client connection before nginx closes it (nginx's default
 * is 1,000). autocannon writes its next request on a connection whose last answer said `Connection:
 * close`, and counts the lost request as an error: the soak raises the limit rather than count that.
 */
export async function startNginx(
  replicas: readonly string[],
  { clientKeepaliveRequests }: { clientKeepaliveRequests?: number } = {},
): Promise<NginxServer> {
  const user = unprivilegedUser();
  const dir = serverDir('council-nginx-', user);
  const port = await freePort();
  const temp = (name: string) => `${name}_temp_path ${join(dir, name)};`;
  writeFileSync(
    join(dir, 'nginx.conf'),
    `daemon off;
worker_processes 1;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} warn;
events { worker_connections 1024; }
http {
  access_log off;${clientKeepaliveRequests ? `\n  keepalive_requests ${clientKeepaliveRequests};` : ''}
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}
${proxyConfig(port, replicas)}
}
`,
  );
  // -e: the error log before the configuration is read, which is /var/log/nginx otherwise.
  const child: ChildProcess = spawn(NGINX, ['-p', dir, '-e', join(dir, 'error.log'), '-c', join(dir, 'nginx.conf')], {
    ...user,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const log = () => {
    let text = stderr;
    try {
      text += readFileSync(join(dir, 'error.log'), 'utf8');
    } catch {
      /* not written yet */
    }
    return text;
  };
  process.once('exit', () => child.kill('SIGKILL'));
  const url = `http://127.0.0.1:${port}`;
  await waitUntil(
    `nginx to listen on ${url}`,
    async () => {
      if (child.exitCode !== null) throw new Error(`nginx exited with code ${child.exitCode}: ${log().slice(-2000)}`);
      await fetch(url, { signal: AbortSignal.timeout(1000) });
      return true;
    },
    15_000,
  );
  return {
    url,
    log,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        child.kill('SIGQUIT'); // graceful: finishes the requests in flight
        const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(kill);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
