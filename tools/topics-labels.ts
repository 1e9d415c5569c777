// The topics' yardstick (CONTRACT §11, issue 44): titles of real votes labelled by reading, each with
// the topic a careful reader would choose. The titles are not kept in the project (they are the shared
// data's): test/topics-labels.json holds (source, vote key, topic) and the titles are read from
// ../shared/data when the report runs. A vote's key: its session's date, the session's number and the
// vote's number, as the source states them (`data|posiedzenie|glosowanie`).
//
// npm run topics:report -- --labels [FILE] [--topics FILE]: accuracy per source and the confusions; by
// default of the eighteen sets: test/topics-labels.json (in-sample: the vocabulary was tuned on them) and
// test/topics-heldout.json to test/topics-heldout-17.json (each held out: labelled, the last sixteen blind,
// and committed before the vocabulary was changed for it; its first score an estimate for councils not
// seen, README „Tematy”; tuned on since).
// npm run topics:report -- --labels --sample N [--seed S] [--blind]: N unlabelled votes per source drawn
// with a fixed seed, as lines to label (key, the topic the vocabulary gives, the title); --blind leaves
// the vocabulary's topic out, so that the labeller reads the title and nothing else.

import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import type { SourceFormat } from '../core/sources.ts';
import { createSchema } from '../core/snapshot/schema.ts';
import { TopicClassifier } from '../core/topics.ts';
import { Loader } from '../etl/load.ts';
import { SOURCE_READERS } from '../etl/sources/index.ts';
import { loadVocabulary } from '../etl/topics.ts';

/** The project's folder, from tools/ or from dist/tools/. */
const PROJECT = fileURLToPath(new URL(import.meta.url.endsWith('.ts') ? '../' : '../../', import.meta.url));
const root = (path: string) => resolve(PROJECT, path);

/** The shared sources the labels are drawn from, by the name the labels file uses. */
export const LABEL_SOURCES: Record<string, { path: string; format: SourceFormat }> = {
  sejm: { path: '../shared/data/sejm-term10.tar.gz', format: 'sejm' },
  gdansk: { path: '../shared/data/radoskop/gdansk', format: 'radoskop' },
  katowice: { path: '../shared/data/radoskop/katowice', format: 'radoskop' },
};

export type Label = [source: string, key: string, topic: string];

/** Every vote of a source: key -> title; read once per process (the report and the test score several sets). */
export function titlesOf(source: string): Promise<Map<string, string>> {
  let titles = READ.get(source);
  if (!titles) READ.set(source, (titles = readTitles(source)));
  return titles;
}
const READ = new Map<string, Promise<Map<string, string>>>();

async function readTitles(source: string): Promise<Map<string, string>> {
  const { path, format } = LABEL_SOURCES[source]!;
  const db = new Database(':memory:');
  try {
    createSchema(db);
    const loader = new Loader(db);
    db.exec('BEGIN');
    await SOURCE_READERS[format].read(root(path), loader);
    loader.finish();
    db.exec('COMMIT');
    const rows = db
      .prepare(
        `SELECT s.data || '|' || s.numer || '|' || g.numer, g.tytul FROM glosowanie g
         JOIN posiedzenie s ON s.id_posiedzenia = g.id_posiedzenia ORDER BY g.id_glosowania`,
      )
      .raw()
      .all() as Array<[string, string]>;
    return new Map(rows);
  } finally {
    db.close();
  }
}

/** A small seeded generator (mulberry32): the same sample on every machine. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface LabelScore {
  source: string;
  labelled: number;
  agree: number;
  missing: number;
  confusions: Array<{ key: string; title: string; label: string; topic: string }>;
}

/** How the vocabulary's topics agree with the labels, per source (sources not on this machine: skipped). */
export async function scoreLabels(labels: Label[], classifier: TopicClassifier): Promise<LabelScore[]> {
  const scores: LabelScore[] = [];
  for (const source of [...new Set(labels.map(([s]) => s))]) {
    if (!existsSync(root(LABEL_SOURCES[source]?.path ?? '-'))) continue;
    const titles = await titlesOf(source);
    const score: LabelScore = { source, labelled: 0, agree: 0, missing: 0, confusions: [] };
    for (const [, key, label] of labels.filter(([s]) => s === source)) {
      const title = titles.get(key);
      if (title === undefined) {
        score.missing++;
        continue;
      }
      score.labelled++;
      const topic = classifier.idOf(classifier.topicOf(title));
      if (topic === label) score.agree++;
      else score.confusions.push({ key, title, label, topic });
    }
    scores.push(score);
  }
  return scores;
}

export const DEFAULT_LABELS = root('test/topics-labels.json');
/** The held-out sets in the order they were drawn: test/topics-heldout.json, then -2.json to -17.json. */
export const HELD_OUT_SETS = Array.from({ length: 17 }, (_, i) =>
  root(`test/topics-heldout${i === 0 ? '' : `-${i + 1}`}.json`),
);

/** Reads a labels file: a JSON array of [source, key, topic]. */
export function readLabels(path: string): Label[] {
  const labels = JSON.parse(readFileSync(path, 'utf8')) as Label[];
  for (const [i, label] of labels.entries()) {
    if (!Array.isArray(label) || label.length !== 3 || !(label[0] in LABEL_SOURCES)) {
      throw new Error(
        `${path}: label ${i + 1} must be [source (${Object.keys(LABEL_SOURCES).join(', ')}), key, topic]`,
      );
    }
  }
  return labels;
}

export async function reportLabels(args: string[]): Promise<number> {
  const valueOf = (flag: string) => {
    const i = args.indexOf(flag);
    return i >= 0 && args[i + 1] !== undefined && !args[i + 1]!.startsWith('--') ? args[i + 1] : undefined;
  };
  const path = valueOf('--labels');
  const sets =
    path === undefined
      ? {
          'in-sample': DEFAULT_LABELS,
          ...Object.fromEntries(HELD_OUT_SETS.map((file, i) => [`held out${i === 0 ? '' : ` ${i + 1}`}`, file])),
        }
      : { [path]: path };
  const classifier = new TopicClassifier(loadVocabulary(valueOf('--topics')).vocabulary);
  const labelSets = Object.entries(sets).map(([name, file]) => ({
    name,
    labels: existsSync(file) ? readLabels(file) : [],
  }));
  const labels = labelSets.flatMap((set) => set.labels);
  if (!existsSync(root('../shared/data'))) {
    console.log('topics:report: ../shared/data is not on this machine: the labelled titles cannot be read (skipped)');
    return 0;
  }
  const sample = valueOf('--sample');
  if (sample !== undefined) {
    const next = random(Number(valueOf('--seed') ?? 44));
    const labelled = new Set(labels.map(([s, k]) => `${s} ${k}`));
    for (const source of Object.keys(LABEL_SOURCES)) {
      const keys = [...(await titlesOf(source))].filter(([key]) => !labelled.has(`${source} ${key}`));
      for (let i = 0; i < Number(sample) && keys.length > 0; i++) {
        const [key, title] = keys.splice(Math.floor(next() * keys.length), 1)[0]!;
        const topic = args.includes('--blind') ? '?' : classifier.idOf(classifier.topicOf(title));
        console.log(`${JSON.stringify([source, key, topic])} ${title.slice(0, 220)}`);
      }
    }
    return 0;
  }
  let failed = false;
  const summary: string[] = [];
  for (const set of labelSets) {
    console.log(`\n== ${set.name} (${set.labels.length} labels)`);
    for (const s of await scoreLabels(set.labels, classifier)) {
      const percent = s.labelled === 0 ? 0 : (100 * s.agree) / s.labelled;
      failed ||= percent < 95;
      const line = `${s.source}: ${s.agree} of ${s.labelled} labelled titles agree (${percent.toFixed(1)} %)`;
      summary.push(`  ${set.name.padEnd(10)} ${line}`);
      console.log(`\n${line}${s.missing ? `; ${s.missing} keys not in the source` : ''}`);
      const pairs = new Map<string, number>();
      for (const c of s.confusions)
        pairs.set(`${c.label} → ${c.topic}`, (pairs.get(`${c.label} → ${c.topic}`) ?? 0) + 1);
      for (const [pair, n] of [...pairs].sort((a, b) => b[1] - a[1]))
        console.log(`  ${String(n).padStart(3)}  labelled ${pair}`);
      for (const c of s.confusions) console.log(`      ${c.key}  ${c.label} → ${c.topic}  ${c.title.slice(0, 140)}`);
    }
  }
  console.log(`\nsummary:\n${summary.join('\n')}`);
  return failed ? 1 : 0;
}
