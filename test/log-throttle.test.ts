// An outage answers 503 to every request: the log gets one line per interval with how many were left
// out, not one error line per request (issue 42: 2,357 lines in 24 s while PostgreSQL was down).

import { join } from 'node:path';
import { pino } from 'pino';
import request from './support/request.ts';
import { describe, expect, it } from 'vitest';
import { LogThrottle } from '../core/log-throttle.ts';
import { createApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { SqliteShareStore } from '../src/shares/index.ts';
import { SnapshotStore } from '../src/snapshot/snapshot.ts';
import { tempDir } from './support/fixture.ts';

describe('the log of repeated 503s', () => {
  it('writes the first, leaves out the rest of the interval, then counts them on the next line', () => {
    let clock = 0;
    const throttle = new LogThrottle(10_000, () => clock);
    expect(throttle.take()).toEqual({ write: true, suppressed: 0 });
    for (let i = 0; i < 5; i++) expect(throttle.take()).toEqual({ write: false });
    clock = 9_999;
    expect(throttle.take()).toEqual({ write: false });
    clock = 10_000;
    expect(throttle.take()).toEqual({ write: true, suppressed: 6 });
  });

  it('50 requests answered 503 make one error line, other statuses are logged as ever', async () => {
    const dbPath = join(tempDir(), 'none.db'); // nothing published: every data request is a 503
    const snapshots = new SnapshotStore(dbPath);
    const lines: Array<Record<string, unknown>> = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const app = createApp({
      snapshots,
      shares: new SqliteShareStore(':memory:'),
      config: loadConfig({ NODE_ENV: 'test' }, { DB_PATH: dbPath, RATE_LIMIT_MAX_REQUESTS: 1_000_000 }),
      logger,
    });
    for (let i = 0; i < 50; i++) expect((await request(app).get(`/api/glosowania?page=${i + 1}`)).status).toBe(503);
    expect((await request(app).get('/health')).status).toBe(503);
    expect((await request(app).get('/api/nie-ma')).status).toBe(404);
    const of = (status: number) =>
      lines.filter((l) => (l['res'] as { statusCode?: number } | undefined)?.statusCode === status);
    expect(of(503)).toHaveLength(1);
    expect(of(503)[0]).toMatchObject({ level: 50, req: { url: '/api/glosowania?page=1' } });
    expect(of(404)).toHaveLength(1);
  });
});
