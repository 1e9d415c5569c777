// npm run bench:take-away [-- --sejm | --db PATH] [-- --cards N]
// The costs of issue 26's building blocks on one snapshot (default: the bundled sample, built here;
// --sejm: the Sejm's 10th term from ../shared/data; --db: a snapshot already built):
// - preview cards: N vote cards with a highlighted ballot and N councillor cards rendered one after
//   another, cold (no cache), with their sizes; then the same through the cache;
// - the bulk ballots export (every ballot with the group at the vote) into a sink that discards, with
//   the process's RSS and heap before and at their peak, and the sitemap's URLs per second.

import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { runEtl } from '../etl/run.ts';
import { CardCache } from '../src/cards/cache.ts';
import { renderCard } from '../src/cards/card.ts';
import { CardQueries, cardKeys } from '../src/cards/data.ts';
import { wordingOf } from '../src/text/wording.ts';
import { readCredit } from '../src/credit.ts';
import { BulkExports } from '../src/exports/bulk.ts';
import { Sitemaps } from '../src/sitemap/sitemap.ts';

const here = fileURLToPath(import.meta.url);
const argValue = (flag: string) => {
  const i = process.argv.indexOf(flag);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const sharedData = (name: string) =>
  fileURLToPath(new URL(`${here.endsWith('.ts') ? '../../' : '../../../'}shared/data/${name}`, import.meta.url));
const sample = fileURLToPath(new URL(here.endsWith('.ts') ? '../data/sample' : '../../data/sample', import.meta.url));
const MB = 2 ** 20;
const cardsToRender = Number(argValue('--cards') ?? 40);

const work = mkdtempSync(join(tmpdir(), 'council-bench-'));
try {
  let dbPath = argValue('--db');
  if (!dbPath) {
    const sejm = process.argv.includes('--sejm');
    const source = sejm ? sharedData('sejm-term10.tar.gz') : sample;
    if (!existsSync(source)) {
      console.log(`skipped: ${source} not found (the real data lives in ../shared/data beside the repository)`);
      process.exit(0);
    }
    dbPath = join(work, 'council.db');
    console.log(`building ${sejm ? 'the Sejm term' : 'the sample'} from ${source}`);
    await runEtl({ source, format: sejm ? 'sejm' : 'csv', dbPath });
  }
  const db = new Database(dbPath, { readonly: true, fileMustExist: true });
  const credit = readCredit(db);
  const snapshot = String(db.prepare("SELECT value FROM meta WHERE key = 'snapshot'").pluck().get());

  // --- cards ----------------------------------------------------------------------------------------
  const cards = new CardQueries(
    db,
    credit,
    wordingOf(db.prepare('SELECT typ FROM organ').all() as Array<{ typ: string }>),
  );
  const votes = db
    .prepare(
      `SELECT g.id_glosowania, (SELECT id_osoby FROM glos b WHERE b.id_glosowania = g.id_glosowania LIMIT 1) AS osoba
    FROM glosowanie g ORDER BY length(g.tytul) DESC LIMIT ?`,
    )
    .all(cardsToRender) as Array<{ id_glosowania: number; osoba: number }>;
  const tokens = db
    .prepare('SELECT token FROM radny ORDER BY name_rank LIMIT ?')
    .pluck()
    .all(cardsToRender) as string[];
  await renderCard(cards.voteCard(votes[0]!.id_glosowania)!); // loads the fonts once
  const timed: Array<{ ms: number; bytes: number }> = [];
  for (const v of votes) {
    const t = performance.now();
    const png = await renderCard(cards.voteCard(v.id_glosowania, v.osoba)!);
    timed.push({ ms: performance.now() - t, bytes: png.length });
  }
  for (const token of tokens) {
    const t = performance.now();
    const png = await renderCard(cards.councillorCard(token)!);
    timed.push({ ms: performance.now() - t, bytes: png.length });
  }
  const ms = timed.map((x) => x.ms).sort((a, b) => a - b);
  const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))]!;
  console.log(
    `cards: ${timed.length} rendered cold (the ${votes.length} longest vote titles with a ballot, ${tokens.length} councillors): ` +
      `p50 ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, max ${ms.at(-1)!.toFixed(1)} ms; ` +
      `size mean ${(timed.reduce((s, x) => s + x.bytes, 0) / timed.length / 1024).toFixed(1)} KiB, max ${(Math.max(...timed.map((x) => x.bytes)) / 1024).toFixed(1)} KiB`,
  );
  const cache = new CardCache();
  for (const v of votes)
    await cache.get(snapshot, cardKeys.vote(v.id_glosowania, v.osoba), () => cards.voteCard(v.id_glosowania, v.osoba));
  let t = performance.now();
  for (let round = 0; round < 100; round++) {
    for (const v of votes)
      await cache.get(snapshot, cardKeys.vote(v.id_glosowania, v.osoba), () =>
        cards.voteCard(v.id_glosowania, v.osoba),
      );
  }
  console.log(
    `cards from the cache: ${(((performance.now() - t) * 1000) / (100 * votes.length)).toFixed(1)} µs each (${cache.rendered} rendered for ${100 * votes.length + votes.length} requests)`,
  );

  // --- the ballots export -------------------------------------------------------------------------
  let peakRss = 0;
  let peakHeap = 0;
  let bytes = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      const m = process.memoryUsage();
      peakRss = Math.max(peakRss, m.rss);
      peakHeap = Math.max(peakHeap, m.heapUsed);
      setImmediate(done);
    },
  });
  const before = process.memoryUsage();
  t = performance.now();
  const rows = await new BulkExports(db).write('glosy', {}, sink);
  const seconds = (performance.now() - t) / 1000;
  console.log(
    `ballots export: ${rows.toLocaleString('en')} rows, ${(bytes / MB).toFixed(1)} MiB in ${seconds.toFixed(2)} s ` +
      `(${Math.round(rows / seconds).toLocaleString('en')} rows/s, ${(bytes / MB / seconds).toFixed(1)} MiB/s); ` +
      `RSS ${(before.rss / MB).toFixed(0)} → peak ${(peakRss / MB).toFixed(0)} MiB (+${((peakRss - before.rss) / MB).toFixed(1)}), ` +
      `heap ${(before.heapUsed / MB).toFixed(0)} → peak ${(peakHeap / MB).toFixed(0)} MiB (+${((peakHeap - before.heapUsed) / MB).toFixed(1)})`,
  );

  // --- the sitemap ----------------------------------------------------------------------------------
  const sitemaps = new Sitemaps(db);
  t = performance.now();
  let urls = 0;
  for (let n = 1; n <= sitemaps.files; n++)
    urls += await sitemaps.write(n, 'https://rada.example.org', new Writable({ write: (_c, _e, done) => done() }));
  console.log(
    `sitemaps: ${urls.toLocaleString('en')} URLs in ${sitemaps.files} file(s), ${(performance.now() - t).toFixed(0)} ms`,
  );
  db.close();
} finally {
  rmSync(work, { recursive: true, force: true });
}
