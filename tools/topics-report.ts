// npm run topics:report [-- --labels [FILE] [--topics FILE] [--sample N]]: the default vocabulary (or --topics)
// against the hand-labelled titles of test/topics-labels.json (tools/topics-labels.ts).
// npm run topics:report -- (--db FILE | --source PATH [--format F]) [--topics FILE] [--per-body] [--top N] [--show ID]
// The share of each topic (CONTRACT §11) among the votes of a built snapshot or of a source, and the
// most common titles left in „inne” (or with --show, in that topic), grouped by their shape (digits as
// #): what to read when tuning a vocabulary. The vocabulary is --topics, else the snapshot's own
// (meta), else data/tematy.json.

import Database from 'better-sqlite3';
import type { SourceFormat } from '../core/sources.ts';
import { createSchema } from '../core/snapshot/schema.ts';
import { TOPICS_META, TopicClassifier, type TopicEntry, parseVocabulary } from '../core/topics.ts';
import { Loader } from '../etl/load.ts';
import { SOURCE_READERS } from '../etl/sources/index.ts';
import { loadVocabulary } from '../etl/topics.ts';

const args = process.argv.slice(2);
if (args.length === 0 || args.includes('--labels')) {
  // The labelled set (tools/topics-labels.ts): accuracy per source and the confusions.
  const { reportLabels } = await import('./topics-labels.ts');
  process.exit(await reportLabels(args));
}
const valueOf = (flag: string): string | undefined => {
  const i = args.indexOf(flag);
  return i >= 0 ? args[i + 1] : undefined;
};
const dbPath = valueOf('--db');
const source = valueOf('--source');
if ((dbPath === undefined) === (source === undefined)) {
  console.error('topics:report: give --db FILE (a built snapshot) or --source PATH [--format csv|sejm|radoskop]');
  process.exit(2);
}
const top = Number(valueOf('--top') ?? 25);

/** A built snapshot, or a source read into memory (no materialise: only the titles are needed). */
async function openTitles(): Promise<Database.Database> {
  if (dbPath !== undefined) return new Database(dbPath, { readonly: true, fileMustExist: true });
  const db = new Database(':memory:');
  createSchema(db);
  const loader = new Loader(db);
  db.exec('BEGIN');
  await SOURCE_READERS[(valueOf('--format') ?? 'csv') as SourceFormat].read(source!, loader);
  loader.finish();
  db.exec('COMMIT');
  if (loader.findings.errorCount > 0) {
    throw new Error(`${source}: rejected (${loader.findings.errorCount} problems); check it with council check`);
  }
  return db;
}

const db = await openTitles();
const topicsFile = valueOf('--topics');
const recorded =
  dbPath === undefined || topicsFile !== undefined
    ? undefined
    : (db.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(TOPICS_META.vocabulary) as string | undefined);
const vocabulary: TopicEntry[] =
  recorded === undefined ? loadVocabulary(topicsFile).vocabulary : parseVocabulary(recorded, `${dbPath} meta`);
const classifier = new TopicClassifier(vocabulary);
const rows = db
  .prepare(
    `SELECT o.nazwa, g.tytul FROM glosowanie g
  JOIN posiedzenie p ON p.id_posiedzenia = g.id_posiedzenia JOIN organ o ON o.id_organu = p.id_organu
  ORDER BY g.id_glosowania`,
  )
  .raw()
  .iterate() as Iterable<[string, string]>;

const counts = new Map<string, number[]>(); // body (and '' for all) -> votes per topic
const shown = valueOf('--show') ?? 'inne';
const listed = new Map<string, { votes: number; example: string }>();
let votes = 0;
const started = performance.now();
for (const [body, title] of rows) {
  const topic = classifier.topicOf(title);
  votes++;
  for (const key of args.includes('--per-body') ? ['', body] : ['']) {
    let perTopic = counts.get(key);
    if (!perTopic) counts.set(key, (perTopic = new Array<number>(classifier.size).fill(0)));
    perTopic[topic]!++;
  }
  if (classifier.idOf(topic) === shown) {
    const shape = title.replace(/\d+/g, '#');
    const seen = listed.get(shape);
    if (seen) seen.votes++;
    else listed.set(shape, { votes: 1, example: title });
  }
}
const ms = performance.now() - started;
db.close();

const share = (n: number, of: number) => `${of === 0 ? '0.0' : ((100 * n) / of).toFixed(1)} %`;
for (const [body, perTopic] of counts) {
  const total = perTopic.reduce((a, b) => a + b, 0);
  console.log(`\n${body === '' ? 'all votes' : body}: ${total.toLocaleString('en')}`);
  perTopic.forEach((n, topic) => {
    const figures = `${n.toLocaleString('en').padStart(9)}  ${share(n, total).padStart(7)}`;
    console.log(`  ${classifier.idOf(topic).padEnd(16)} ${figures}  ${classifier.nameOf(topic)}`);
  });
}
console.log(`\nclassified ${votes.toLocaleString('en')} titles in ${ms.toFixed(0)} ms`);
console.log(`\nthe ${top} most common shapes of titles in „${shown}” (digits as #):`);
for (const [shape, { votes: n, example }] of [...listed].sort(([, a], [, b]) => b.votes - a.votes).slice(0, top)) {
  console.log(`  ${String(n).padStart(6)}  ${(n === 1 ? example : shape).slice(0, 150)}`);
}
