// Stage "materialise": every figure of CONTRACT §2–§4 and §7, computed once per build and stored in
// tables, in named phases over the dimensions read once (dimensions.ts):
//   dimensions → topics of the votes → ballots (one streamed pass) → votes → attendance → councillors
//   (and each person's council, issue 36) → ballots by councillor → partners → totals → quality (CONTRACT
//   §12) → evidence → cohesion → map (CONTRACT §9 and the council map) → topics' figures (CONTRACT §11) →
//   indexes → councils (each group's). A vote's ballots may be rendered from the councillors on; the
//   title search's indexes are built in a worker from the dimensions on (../title-indexes.ts); a large
//   build's ballots by councillor (radny_glos) are written in a worker from the ballots pass on and
//   copied in after the indexes (../councillor-ballots-job.ts).
// Counters live in typed arrays indexed by (scope, person) and in per-(scope, body, person) slots;
// a scope is one term or all terms together (index 0, `*`).

import type Database from 'better-sqlite3';
import type { TopicClassifier } from '../../core/topics.ts';
import type { Findings } from '../findings.ts';
import {
  TITLE_WORKER_FROM_VOTES,
  type TitleIndexes,
  createIndexesInPlace,
  startTitleIndexes,
} from '../title-indexes.ts';
import { writeTitleLemmas } from '../title-lemmas.ts';
import {
  COUNCILLOR_WORKER_FROM_VOTES,
  type CouncillorBallotsWriter,
  startCouncillorBallots,
} from '../councillor-ballots-job.ts';
import { collectGarbage } from '../collect-garbage.ts';
import { recordAttendance } from './attendance.ts';
import { type BallotPass, type VoteObserver, passBallots } from './ballots.ts';
import { VoteBallotsWriter } from './vote-ballots.ts';
import { CouncillorBallots, columnsOf, writeCouncillorBallots } from './councillor-ballots.ts';
import { writeBodyCouncillors, writeCouncillorMonths, writeCouncillors, writePeople } from './councillors.ts';
import { writeCohesion } from './cohesion.ts';
import { writeCouncilMaps } from './council-map.ts';
import { writeGroupCouncils, writePersonCouncils } from './councils.ts';
import { Dimensions } from './dimensions.ts';
import { writeAttendanceRecords, writeBodyBallotCounts } from './evidence.ts';
import { EvidenceTally } from './evidence-tally.ts';
import { writePartners } from './partners.ts';
import { writeQuality } from './quality.ts';
import { BodyTally, PersonTally } from './tally.ts';
import { TopicTally, classifyVotes, writeCouncillorTopics, writeTopicFigures } from './topics.ts';
import { writeSessions, writeTotals } from './totals.ts';
import { writeVotes } from './votes.ts';

/**
 * The votes from which a build bounds what it holds beside its data (all of Poland's peak RSS; issue 47):
 * - the main thread's heap is collected in full between the stages where the process holds the most
 *   (after the attendance, before the global figures and before the indexes), with radny_glos's and the
 *   title search's workers beside them;
 * - the build's page cache is LARGE_BUILD_CACHE_MIB while it materialises and indexes: SQLite's sorter
 *   keeps up to the cache's size of rows in memory beside the cache itself, and every GROUP BY over the
 *   unindexed votes (the quality stage's, 7.2 million rows) or CREATE INDEX sorts: with the build's 256
 *   MiB cache each such sort added up to 256 MiB for its duration (docs/PERFORMANCE.md). No cache holds
 *   such a glosowanie (~350 bytes a vote) through the stages' scans anyway.
 * Below it (the Sejm term, a tenth of Poland) V8's own collections keep the heap small, the sorts are
 * small, and both would only cost time.
 */
export const LARGE_BUILD_FROM_VOTES = 2_000_000;
const LARGE_BUILD_CACHE_MIB = 64;

export type StageReporter = (stage: string, rows: number, ms: number) => void;

export interface MaterialiseOptions {
  /**
   * Called once the tables a vote's ballots read are complete and committed: the caller may render
   * those answers beside the stages that follow.
   */
  onBallotTables?: () => void;
  /**
   * Where a worker thread builds the title search's indexes beside the stages (a file, removed once
   * they are copied in) when there are TITLE_WORKER_FROM_VOTES votes or more; undefined, or fewer: on
   * this thread, at the indexes stage.
   */
  titleIndexesAt?: string;
  /**
   * Where a worker thread writes `radny_glos` beside the stages after the ballots pass (a file, removed
   * once copied in at the indexes stage) when there are COUNCILLOR_WORKER_FROM_VOTES votes or more;
   * undefined, or fewer: on this thread, at the ballots by councillor stage.
   */
  councillorBallotsAt?: string;
}

/** Materialises every figure of the loaded data; `topics` classifies the votes (CONTRACT §11). */
export async function materialise(
  db: Database.Database,
  findings: Findings,
  report: StageReporter,
  topics: TopicClassifier,
  { onBallotTables, titleIndexesAt, councillorBallotsAt }: MaterialiseOptions = {},
): Promise<void> {
  const timer = stageTimer(report);
  const dims = new Dimensions(db);
  const nameRank = writePeople(db, dims);
  const large = dims.votes.count >= LARGE_BUILD_FROM_VOTES;
  const cacheSize = Number(db.pragma('cache_size', { simple: true }));
  if (large) db.pragma(`cache_size = -${LARGE_BUILD_CACHE_MIB * 1024}`);
  let titles: TitleIndexes | undefined;
  try {
    if (titleIndexesAt !== undefined && dims.votes.count >= TITLE_WORKER_FROM_VOTES)
      titles = startTitleIndexes(db, dims.votes.ord, titleIndexesAt);
    timer('materialise: dimensions', dims.P + dims.sessions.count + dims.votes.count);
    await materialiseFrom(
      db,
      dims,
      nameRank,
      findings,
      timer,
      topics,
      onBallotTables,
      titles,
      councillorBallotsAt !== undefined && dims.votes.count >= COUNCILLOR_WORKER_FROM_VOTES
        ? councillorBallotsAt
        : undefined,
    );
  } finally {
    titles?.stop();
    if (large) db.pragma(`cache_size = ${cacheSize}`);
  }
}

async function materialiseFrom(
  db: Database.Database,
  dims: Dimensions,
  nameRank: Int32Array,
  findings: Findings,
  timer: ReturnType<typeof stageTimer>,
  topics: TopicClassifier,
  onBallotTables: (() => void) | undefined,
  titles: TitleIndexes | undefined,
  councillorBallotsAt: string | undefined,
): Promise<void> {
  const collectBetweenStages = dims.votes.count >= LARGE_BUILD_FROM_VOTES;
  const topicOf = classifyVotes(db, dims, topics);
  timer('materialise: topics of the votes', dims.votes.count);

  const tally = new PersonTally(dims.S, dims.P);
  const bodyTally = new BodyTally(dims.B, dims.P);
  const evidence = new EvidenceTally(dims);
  const topicTally = new TopicTally(dims, topicOf, topics.size);
  const councillorBallots = new CouncillorBallots(dims.P);
  let ballots: BallotPass;
  let attendance: ReturnType<typeof recordAttendance>;
  let bodyCells: ReturnType<BodyTally['groups']>;
  let personCouncils: number;
  let councillorWriter: CouncillorBallotsWriter | undefined;
  try {
    const voteBallots = new VoteBallotsWriter(db, dims, nameRank);
    const observe: VoteObserver = (v, n, voters, codes, groups, flags) => {
      evidence.observe(v, n, voters, codes, groups, flags);
      topicTally.observe(v, n, voters, codes, groups, flags);
      voteBallots.observe(v, n, voters, codes, groups, flags);
    };
    // One transaction for the rows of glosowanie_glosy written along the pass.
    ballots = db.transaction(() => {
      const pass = passBallots(db, dims, tally, bodyTally, findings, councillorBallots, observe);
      voteBallots.finish();
      return pass;
    })();
    // The spill is complete: a worker may write radny_glos from it beside the stages that follow.
    if (councillorBallotsAt !== undefined)
      councillorWriter = startCouncillorBallots(db, columnsOf(dims), councillorBallots, councillorBallotsAt);
    timer('materialise: ballots', ballots.ballots);

    timer(
      'materialise: votes',
      writeVotes(db, dims, ballots.figures, (v) => topics.idOf(topicOf[v]!)),
    );
    attendance = recordAttendance(db, dims, tally, bodyTally, ballots.derivedPresence);
    ballots.derivedPresence.release(); // its last reader
    if (collectBetweenStages) collectGarbage();
    timer('materialise: attendance', attendance.rows);

    bodyCells = bodyTally.groups();
    const councillorRows = writeCouncillors(db, dims, tally) + writeBodyCouncillors(db, dims, bodyTally, bodyCells);
    writeCouncillorMonths(db, dims, attendance);
    personCouncils = writePersonCouncils(db);
    timer('materialise: councillors', councillorRows);
    // What a vote's ballots read (glos, the voters, their names, councils and memberships) is complete
    // and committed: the caller may render those answers beside the stages that follow, which is why
    // the councillors come before the ballots by councillor and the pairs (neither reads the other's
    // tables; all of them are written from the ballots' pass).
    onBallotTables?.();

    if (!councillorWriter)
      timer('materialise: ballots by councillor', writeCouncillorBallots(db, dims, councillorBallots));

    timer('materialise: pairs', writePartners(db, dims, ballots.blocks));
    if (collectBetweenStages) collectGarbage();

    writeSessions(db, dims, attendance);
    writeTotals(db, dims, attendance, bodyTally, bodyCells);
    timer('materialise: global', dims.sessions.count);
    timer('materialise: quality', writeQuality(db));

    timer('materialise: evidence', writeBodyBallotCounts(db, dims, evidence) + writeAttendanceRecords(db));
    timer('materialise: cohesion', writeCohesion(db, dims, evidence));
    timer('materialise: map', writeCouncilMaps(db, dims, ballots.blocks, evidence.votersByBlock()));
    const topicRows = writeTopicFigures(db, dims, topics, topicOf, ballots.figures);
    timer('materialise: topics', topicRows + writeCouncillorTopics(db, dims, topics, topicTally));

    if (collectBetweenStages) collectGarbage();
    if (titles) await titles.finish(db);
    else createIndexesInPlace(db);
    timer('indexes', 0);
    // Written in the worker: copied in once it is done (what waiting for it took is this stage's).
    if (councillorWriter) timer('materialise: ballots by councillor', await councillorWriter.finish(db));
  } finally {
    councillorWriter?.stop();
    councillorBallots.close();
  }
  timer("indexes: forms of the titles' words", writeTitleLemmas(db));

  timer('materialise: councils', personCouncils + writeGroupCouncils(db));
}

function stageTimer(report: StageReporter) {
  let last = performance.now();
  return (stage: string, rows: number) => {
    const now = performance.now();
    report(stage, rows, now - last);
    last = now;
  };
}
