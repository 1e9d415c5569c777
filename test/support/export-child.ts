// Child process of test/exports-sejm.test.ts: exports every ballot of the snapshot at argv[2] into a
// sink that parses the CSV as it arrives and answers each chunk on the next turn of the event loop, like
// a socket; prints the figures as JSON. A process of its own, like the server's: its memory is the
// export's, not the ETL's that built the snapshot.

import { Writable } from 'node:stream';
import Database from 'better-sqlite3';
import { parse } from 'csv-parse';
import { BulkExports } from '../../src/exports/bulk.ts';

const db = new Database(process.argv[2], { readonly: true, fileMustExist: true });
let records = 0;
let bytes = 0;
let peakRss = 0;
let peakHeap = 0;
const parser = parse();
parser.on('data', () => {
  records++;
});
const parsed = new Promise((resolve, reject) => {
  parser.on('end', resolve);
  parser.on('error', reject);
});
const sink = new Writable({
  highWaterMark: 64 * 1024,
  write(chunk: Buffer, _encoding, done) {
    bytes += chunk.length;
    const { rss, heapUsed } = process.memoryUsage();
    peakRss = Math.max(peakRss, rss);
    peakHeap = Math.max(peakHeap, heapUsed);
    if (parser.write(chunk)) setImmediate(done);
    else parser.once('drain', () => setImmediate(done));
  },
});
// Where a serving process starts from: it has answered requests before, so its code is compiled and
// its young generation grown. A first export is cut off after 8 MiB (the reader goes away).
let warm = 0;
const warmUp = new Writable({
  write(chunk: Buffer, _encoding, done) {
    warm += chunk.length;
    if (warm > 8 * 1024 * 1024) this.destroy();
    setImmediate(done);
  },
});
await new BulkExports(db).write('glosy', {}, warmUp).catch((error: Error) => {
  if (error.name !== 'OutputClosedError') throw error;
});
const before = process.memoryUsage();
const started = performance.now();
const rows = await new BulkExports(db).write('glosy', {}, sink);
const seconds = (performance.now() - started) / 1000;
parser.end();
await parsed;
db.close();
console.log(
  JSON.stringify({
    rows,
    records,
    bytes,
    seconds,
    rssBefore: before.rss,
    peakRss,
    heapBefore: before.heapUsed,
    peakHeap,
  }),
);
