// Loopback stand-ins for the live sources, written for the tests: the official Sejm API paths over a
// folder in the Sejm reader's layout, and Radoskop's data host over council folders. Both answer
// conditional requests, count every request, and can be told to misbehave.

import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

/**
 * How a stand-in misbehaves on one attempt of one path. `cut`: the connection drops mid-body;
 * `truncated`: a complete 200 whose body is the first half of the file (broken upstream data).
 */
export type Fault = '503' | '429' | 'cut' | 'reset' | 'stall' | 'truncated';

export interface StandIn {
  url: string;
  /** Requests per path, in arrival order. */
  requests: string[];
  close(): Promise<void>;
}

type Route = (path: string) => Buffer | undefined;

function serve(
  route: Route,
  options: { fault?: (path: string, attempt: number) => Fault | null; delayMs?: number },
): Promise<StandIn> {
  const requests: string[] = [];
  const attempts = new Map<string, number>();
  const sockets = new Set<import('node:net').Socket>();
  const server = http.createServer((req, res) => {
    const path = new URL(req.url!, 'http://x').pathname;
    requests.push(path);
    const attempt = (attempts.get(path) ?? 0) + 1;
    attempts.set(path, attempt);
    const respond = () => {
      const fault = options.fault?.(path, attempt) ?? null;
      if (fault === 'reset') return req.socket.destroy();
      if (fault === 'stall') return; // never answers: the client's timeout ends it
      if (fault === '503') return res.writeHead(503).end('busy');
      if (fault === '429') return res.writeHead(429, { 'Retry-After': '1' }).end('slow down');
      const file = route(path);
      if (!file) return res.writeHead(404).end('not found');
      const body = fault === 'truncated' ? file.subarray(0, Math.floor(file.length / 2)) : file;
      const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
      if (req.headers['if-none-match'] === etag) return res.writeHead(304, { ETag: etag }).end();
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': body.length, ETag: etag });
      if (fault === 'cut') {
        res.write(body.subarray(0, Math.floor(body.length / 2)));
        setTimeout(() => req.socket.destroy(), 20);
        return;
      }
      res.end(body);
    };
    if (options.delayMs) setTimeout(respond, options.delayMs);
    else respond();
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        requests,
        close: () =>
          new Promise<void>((done) => {
            for (const socket of sockets) socket.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}

/**
 * The Sejm API over `dir` (`{sitting}_{votingNumber}.json`, `mps.json`, `clubs.json`) for `term`.
 * Sittings in `hidden` are not published yet (delete from it to publish one).
 */
export function sejmStandIn(
  dir: string,
  term: number,
  options: {
    hidden?: Set<number>;
    fault?: (path: string, attempt: number) => Fault | null;
    delayMs?: number;
  } = {},
): Promise<StandIn> {
  const files = new Map<string, Buffer>();
  const votings = new Map<number, Array<{ votingNumber: number; date: string; header: Record<string, unknown> }>>();
  for (const name of readdirSync(dir)) {
    const body = readFileSync(join(dir, name));
    files.set(name, body);
    const match = /^(\d+)_(\d+)\.json$/.exec(name);
    if (!match) continue;
    const { votes: _votes, ...header } = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
    const list = votings.get(Number(match[1])) ?? [];
    list.push({ votingNumber: Number(match[2]), date: String(header['date']).slice(0, 10), header });
    votings.set(Number(match[1]), list);
  }
  const hidden = options.hidden ?? new Set<number>();
  const json = (value: unknown) => Buffer.from(JSON.stringify(value));
  const base = `/sejm/term${term}`;
  const route: Route = (path) => {
    if (!path.startsWith(`${base}/`)) return undefined;
    const rest = path.slice(base.length + 1).split('/');
    if (rest[0] === 'MP' && rest.length === 1) return files.get('mps.json');
    if (rest[0] === 'clubs' && rest.length === 1) return files.get('clubs.json');
    if (rest[0] !== 'votings') return undefined;
    const published = [...votings].filter(([sitting]) => !hidden.has(sitting)).sort((a, b) => a[0] - b[0]);
    if (rest.length === 1) {
      // One entry per sitting day, as the API lists them.
      return json(
        published.flatMap(([proceeding, list]) =>
          [...new Set(list.map((v) => v.date))]
            .sort()
            .map((date) => ({ proceeding, date, votingsNum: list.filter((v) => v.date === date).length })),
        ),
      );
    }
    const sitting = Number(rest[1]);
    const list = hidden.has(sitting) ? undefined : votings.get(sitting);
    if (!list) return undefined;
    if (rest.length === 2) return json([...list].sort((a, b) => a.votingNumber - b.votingNumber).map((v) => v.header));
    return rest.length === 3 ? files.get(`${sitting}_${rest[2]}.json`) : undefined;
  };
  return serve(route, options);
}

/** Radoskop's data host over `dir/{slug}/kadencja-*.json` (or `dir/{slug}/docs/…`). */
export function radoskopStandIn(
  dir: string,
  options: { fault?: (path: string, attempt: number) => Fault | null } = {},
): Promise<StandIn> {
  const route: Route = (path) => {
    const match = /^\/([a-z0-9-]+)\/(data\.json|kadencja-[\w-]+\.json)$/.exec(path);
    if (!match) return undefined;
    let folder = join(dir, match[1]!);
    let names: string[];
    try {
      names = readdirSync(folder);
      if (names.includes('docs')) names = readdirSync((folder = join(folder, 'docs')));
    } catch {
      return undefined;
    }
    if (match[2] === 'data.json') {
      const kadencje = names
        .flatMap((n) => /^kadencja-([\w-]+)\.json$/.exec(n)?.[1] ?? [])
        .sort()
        .map((id) => ({ id }));
      return Buffer.from(JSON.stringify({ kadencje }));
    }
    return names.includes(match[2]!) ? readFileSync(join(folder, match[2]!)) : undefined;
  };
  return serve(route, options);
}
