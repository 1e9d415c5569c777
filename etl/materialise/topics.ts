// Topics (CONTRACT §11) in materialise: every vote's topic from its title (`classifyVotes`, before the
// ballots pass), each councillor's ballots and zgodnosc-grupa counts per topic, counted by the ballots
// pass through its vote observer (`TopicTally`, no pass of its own), and the two tables: `temat_stat`
// (votes, results, Σ kontrowersyjnosc per scope, body and topic) and `radny_temat` (per councillor,
// scope, body and topic). Both are counted per block (term × body) and rolled up: blocks partition the
// votes, so each (term or all terms) × (body or all bodies) cell is a sum of blocks.

import type Database from 'better-sqlite3';
import { compareRatio, GLOS_VALUES } from '../../core/contract.ts';
import { ALL_BODIES, ALL_TERMS } from '../../core/snapshot/schema.ts';
import type { TopicClassifier } from '../../core/topics.ts';
import { BatchInsert } from '../batch-insert.ts';
import { Flag } from './ballot-value.ts';
import type { VoteFigures, VoteObserver } from './ballots.ts';
import { type Dimensions, WYNIK } from './dimensions.ts';
import { doubled, groupedByKey } from './keyed-counts.ts';

/** Each vote's topic code (core/topics.ts: the entry's position, `other` for inne), by vote index. */
export function classifyVotes(db: Database.Database, dims: Dimensions, classifier: TopicClassifier): Uint16Array {
  const topics = new Uint16Array(dims.votes.count);
  let v = 0;
  // Vote indexes are in id order, as the rows come here (the table's rowid order).
  const titles = db.prepare('SELECT tytul FROM glosowanie ORDER BY id_glosowania').pluck().iterate();
  for (const title of titles as Iterable<string>) {
    topics[v++] = classifier.topicOf(title);
  }
  return topics;
}

/** Counts kept per councillor and topic: the five ballot values, then zgodnosc-grupa's two. */
const VALUES = GLOS_VALUES.length;
const WITH_GROUP = VALUES;
const AGREES = VALUES + 1;
const COUNTS = VALUES + 2;

/** Each councillor's ballots per block and topic, filled by the ballots pass (`observe`). */
export class TopicTally {
  private readonly slots = new Map<number, number>(); // block × P + person -> slot
  slotBlock = new Int32Array(1024);
  slotPerson = new Int32Array(1024);
  /** counts[(slot × topics + topic) × COUNTS + k] */
  counts: Int32Array;
  size = 0;
  // A person's ballots mostly come block after block: the last slot per person spares the map lookup.
  private readonly lastBlock: Int32Array;
  private readonly lastSlot: Int32Array;

  constructor(
    private readonly dims: Dimensions,
    private readonly topicOf: Uint16Array,
    private readonly topics: number,
  ) {
    this.counts = new Int32Array(1024 * topics * COUNTS);
    this.lastBlock = new Int32Array(dims.P).fill(-1);
    this.lastSlot = new Int32Array(dims.P);
  }

  readonly observe: VoteObserver = (v, n, voters, codes, _groups, flags) => {
    const block = this.dims.votes.block[v]!;
    const topic = this.topicOf[v]!;
    for (let i = 0; i < n; i++) {
      const at = (this.slotOf(block, voters[i]!) * this.topics + topic) * COUNTS;
      this.counts[at + codes[i]!]!++;
      const f = flags[i]!;
      if (f & Flag.withGroup) {
        this.counts[at + WITH_GROUP]!++;
        if (f & Flag.agrees) this.counts[at + AGREES]!++;
      }
    }
  };

  private slotOf(block: number, person: number): number {
    if (this.lastBlock[person] === block) return this.lastSlot[person]!;
    const key = block * this.dims.P + person;
    let slot = this.slots.get(key);
    if (slot === undefined) {
      slot = this.size++;
      this.slots.set(key, slot);
      if (slot === this.slotBlock.length) {
        this.slotBlock = doubled(this.slotBlock);
        this.slotPerson = doubled(this.slotPerson);
        this.counts = doubled(this.counts);
      }
      this.slotBlock[slot] = block;
      this.slotPerson[slot] = person;
    }
    this.lastBlock[person] = block;
    this.lastSlot[person] = slot;
    return slot;
  }
}

/** The four cells a block counts in: (its term or all terms) × (its body or all bodies). */
function cellsOf(dims: Dimensions, block: number): Array<[kadencja: string, id_organu: number]> {
  const { scope, body } = dims.blocks[block]!;
  const [term, bodyId] = [dims.scopes[scope]!, dims.bodies[body]!];
  return [
    [term, bodyId],
    [term, ALL_BODIES],
    [ALL_TERMS, bodyId],
    [ALL_TERMS, ALL_BODIES],
  ];
}

/** Topic codes in the order of their ids (the tables' key order), for writing rows in key order. */
const byId = (classifier: TopicClassifier) =>
  Array.from({ length: classifier.size }, (_, t) => t).sort((a, b) =>
    classifier.idOf(a) < classifier.idOf(b) ? -1 : 1,
  );

const byCell = (a: string, b: string) => {
  const [ka, oa] = a.split('\0') as [string, string];
  const [kb, ob] = b.split('\0') as [string, string];
  return (ka < kb ? -1 : ka > kb ? 1 : 0) || Number(oa) - Number(ob);
};

/** `temat_stat`: per scope, body and topic with a vote, from the votes' figures (the ballots pass is done). */
export function writeTopicFigures(
  db: Database.Database,
  dims: Dimensions,
  classifier: TopicClassifier,
  topicOf: Uint16Array,
  figures: VoteFigures,
): number {
  const T = classifier.size;
  const FIELDS = 4; // votes, przyjete, odrzucone, Σ kontrowersyjnosc
  const perBlock = new Float64Array(dims.blocks.length * T * FIELDS);
  const przyjeto = WYNIK.indexOf('przyjęto');
  for (let v = 0; v < dims.votes.count; v++) {
    const at = (dims.votes.block[v]! * T + topicOf[v]!) * FIELDS;
    perBlock[at]!++;
    perBlock[at + (figures.wynik[v] === przyjeto ? 1 : 2)]!++;
    perBlock[at + 3]! += figures.kontrowersyjnosc[v]!;
  }
  const cells = new Map<string, Float64Array>();
  dims.blocks.forEach((_, block) => {
    const counts = perBlock.subarray(block * T * FIELDS, (block + 1) * T * FIELDS);
    for (const [kadencja, organ] of cellsOf(dims, block)) {
      const key = `${kadencja}\0${organ}`;
      const sum = cells.get(key);
      if (sum) for (let i = 0; i < sum.length; i++) sum[i]! += counts[i]!;
      else cells.set(key, Float64Array.from(counts));
    }
  });
  const insert = new BatchInsert<
    [
      kadencja: string,
      id_organu: number,
      temat: string,
      liczba_glosowan: number,
      przyjete: number,
      odrzucone: number,
      suma_kontrowersyjnosci: number,
    ]
  >(db, 'temat_stat', [
    'kadencja',
    'id_organu',
    'temat',
    'liczba_glosowan',
    'przyjete',
    'odrzucone',
    'suma_kontrowersyjnosci',
  ]);
  const order = byId(classifier);
  let rows = 0;
  db.transaction(() => {
    for (const key of [...cells.keys()].sort(byCell)) {
      const [kadencja, organ] = key.split('\0') as [string, string];
      const sum = cells.get(key)!;
      for (const t of order) {
        const at = t * FIELDS;
        if (sum[at] === 0) continue;
        insert.add(kadencja, Number(organ), classifier.idOf(t), sum[at]!, sum[at + 1]!, sum[at + 2]!, sum[at + 3]!);
        rows++;
      }
    }
    insert.flush();
  })();
  return rows;
}

/**
 * Each councillor's rows of `radny_temat`, in the table's key order (people by index are in id order):
 * `row(person, kadencja, organ, topic, sums, at)` with the counts at `sums[at…at + COUNTS)`.
 */
function forEachCouncillorTopic(
  dims: Dimensions,
  classifier: TopicClassifier,
  tally: TopicTally,
  row: (person: number, kadencja: string, organ: number, topic: number, sums: Int32Array, at: number) => void,
): void {
  const width = classifier.size * COUNTS;
  const slotsOf: number[][] = Array.from({ length: dims.P }, () => []);
  for (let slot = 0; slot < tally.size; slot++) slotsOf[tally.slotPerson[slot]!]!.push(slot);
  const order = byId(classifier);
  slotsOf.forEach((slots, person) => {
    if (slots.length === 0) return;
    const cells = new Map<string, Int32Array>();
    for (const slot of slots) {
      const counts = tally.counts.subarray(slot * width, (slot + 1) * width);
      for (const [kadencja, organ] of cellsOf(dims, tally.slotBlock[slot]!)) {
        const key = `${kadencja}\0${organ}`;
        const sum = cells.get(key);
        if (sum) for (let i = 0; i < width; i++) sum[i]! += counts[i]!;
        else cells.set(key, Int32Array.from(counts));
      }
    }
    for (const key of [...cells.keys()].sort(byCell)) {
      const [kadencja, organ] = key.split('\0') as [string, string];
      const sum = cells.get(key)!;
      for (const t of order) {
        const at = t * COUNTS;
        if (sum[at]! + sum[at + 1]! + sum[at + 2]! + sum[at + 3]! + sum[at + 4]! === 0) continue;
        row(person, kadencja, Number(organ), t, sum, at);
      }
    }
  });
}

/**
 * The position of each row of `radny_temat` (in the order `forEachCouncillorTopic` gives them) among
 * the rows of its (scope, body, topic): by votes against the group over zgodnosc-grupa's votes, an
 * empty denominator as 0/1 (as the §4 rankings), then that count, then id.
 *
 * Each row's group and counts are kept in typed arrays, and each group's rows are a range of one array:
 * all of Poland has 3.2 million rows, which as an array of numbers per group took its RSS during this stage
 * from ~1.7 to ~2 GB (docs/PERFORMANCE.md, issue 47).
 */
function rebelPositions(dims: Dimensions, classifier: TopicClassifier, tally: TopicTally): Int32Array {
  const groups = new Map<string, number>(); // (scope, body, topic) -> group
  let groupOf = new Int32Array(1024);
  let against = new Int32Array(1024); // votes against the group
  let counted = new Int32Array(1024); // zgodnosc-grupa's votes
  let personOf = new Int32Array(1024);
  let rows = 0;
  forEachCouncillorTopic(dims, classifier, tally, (person, kadencja, organ, t, sum, at) => {
    const key = `${kadencja}\0${organ}\0${t}`;
    let group = groups.get(key);
    if (group === undefined) groups.set(key, (group = groups.size));
    if (rows === groupOf.length) {
      groupOf = doubled(groupOf);
      against = doubled(against);
      counted = doubled(counted);
      personOf = doubled(personOf);
    }
    const withGroup = sum[at + WITH_GROUP]!;
    groupOf[rows] = group;
    counted[rows] = withGroup;
    against[rows] = withGroup - sum[at + AGREES]!;
    personOf[rows] = person;
    rows++;
  });
  // The rows by group, each group's in row order: group g's are byGroup[start[g]…start[g + 1]).
  const { start, order: byGroup } = groupedByKey(groupOf, rows, groups.size);

  const againstOf = (row: number) => (counted[row] ? against[row]! : 0);
  const positions = new Int32Array(rows);
  for (let g = 0; g < groups.size; g++) {
    const members = byGroup.subarray(start[g], start[g + 1]);
    members.sort(
      (a, b) =>
        -compareRatio(againstOf(a), counted[a] || 1, againstOf(b), counted[b] || 1) ||
        against[b]! - against[a]! ||
        personOf[a]! - personOf[b]!,
    );
    members.forEach((row, k) => {
      positions[row] = k + 1;
    });
  }
  return positions;
}

/** `radny_temat`: per councillor (in id order), scope, body and topic with a ballot, in key order. */
export function writeCouncillorTopics(
  db: Database.Database,
  dims: Dimensions,
  classifier: TopicClassifier,
  tally: TopicTally,
): number {
  const positions = rebelPositions(dims, classifier, tally);
  const insert = new BatchInsert<
    [
      id_osoby: number,
      kadencja: string,
      id_organu: number,
      temat: string,
      za: number,
      przeciw: number,
      wstrzymujacy: number,
      nieobecny: number,
      brak_glosu: number,
      zg_wszystkie: number,
      zg_zgodne: number,
      rank_niezgodni: number,
    ]
  >(
    db,
    'radny_temat',
    [
      'id_osoby',
      'kadencja',
      'id_organu',
      'temat',
      'za',
      'przeciw',
      'wstrzymujacy',
      'nieobecny',
      'brak_glosu',
      'zg_wszystkie',
      'zg_zgodne',
      'rank_niezgodni',
    ],
    100,
  );
  let rows = 0;
  db.transaction(() => {
    forEachCouncillorTopic(dims, classifier, tally, (person, kadencja, organ, t, sum, at) => {
      insert.add(
        dims.people[person]!.id,
        kadencja,
        organ,
        classifier.idOf(t),
        sum[at]!,
        sum[at + 1]!,
        sum[at + 2]!,
        sum[at + 3]!,
        sum[at + 4]!,
        sum[at + WITH_GROUP]!,
        sum[at + AGREES]!,
        positions[rows++]!,
      );
    });
    insert.flush();
  })();
  return rows;
}
