// Child process of test/exports-sejm.test.ts: the service over the snapshot at argv[2] on a loopback
// port, in a process of its own, as a server runs. Prints `{"port":…}`, then takes commands on stdin,
// one a line: `mark` takes its resident memory as the baseline (after a warm-up download), `report`
// prints the baseline and the peak since, sampled every 20 ms, and exits.

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import pino from 'pino';
import { createApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { SqliteShareStore } from '../../src/shares/sqlite.ts';
import { SnapshotStore } from '../../src/snapshot/snapshot.ts';

const dbPath = process.argv[2]!;
const snapshots = new SnapshotStore(dbPath);
snapshots.refresh();
const shares = new SqliteShareStore(join(process.argv[3]!, 'shares.db'));
const config = loadConfig({ NODE_ENV: 'test' }, { DB_PATH: dbPath });
const server = createServer(createApp({ snapshots, shares, config, logger: pino({ level: 'silent' }) })).listen(
  0,
  '127.0.0.1',
);
await new Promise((resolve) => server.once('listening', resolve));

let rssBefore = process.memoryUsage().rss;
let peakRss = rssBefore;
setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 20).unref();

console.log(JSON.stringify({ port: (server.address() as AddressInfo).port }));
for await (const line of createInterface({ input: process.stdin })) {
  if (line === 'mark') {
    rssBefore = process.memoryUsage().rss;
    peakRss = rssBefore;
    console.log(JSON.stringify({ marked: rssBefore }));
  } else if (line === 'report') {
    console.log(JSON.stringify({ rssBefore, peakRss }));
    server.close();
    snapshots.close();
    await shares.close();
    process.exit(0);
  }
}
