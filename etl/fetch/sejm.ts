// `council fetch --format sejm`: mirrors one term of the official Sejm API into the layout the Sejm
// reader reads (etl/sources/sejm.ts): `{sitting}_{votingNumber}.json` as the API served each voting,
// `mps.json`, `clubs.json`. Incremental: a sitting whose mirrored votings match the list is skipped,
// only missing votings are downloaded; MPs and clubs are checked every run (clubs change). Each file
// must pass the reader's own schema before it replaces the mirrored one: a broken one upstream is
// reported and the last good file stays (a voting never mirrored is tried again by the next run).

import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { clubsSchema, mpsSchema, votingFileSchema } from '../sources/sejm.ts';
import { SEJM_API } from '../../core/sources.ts';
import { type FetchSummary, Mirror, type Progress } from './mirror.ts';
import { type PoliteClient, validJson } from './polite-client.ts';

const count = z.number().int().nonnegative();
/** `/votings`: one entry per sitting day. */
const isSittingDays = validJson(
  z.array(z.object({ proceeding: count, date: z.string(), votingsNum: count })),
  'a list of sitting days',
);
/** `/votings/{sitting}`: the sitting's votings. */
const isSittingVotings = validJson(
  z.array(z.object({ votingNumber: z.number().int().positive() })),
  "a list of a sitting's votings",
);
const isVotingFile = validJson(votingFileSchema, 'a Sejm voting file');
const isMps = validJson(mpsSchema, 'a Sejm MP list');
const isClubs = validJson(clubsSchema, 'a Sejm club list');

export async function fetchSejm(options: {
  term: number;
  out: string;
  api?: string;
  client: PoliteClient;
  progress?: Progress;
}): Promise<FetchSummary> {
  const api = `${(options.api ?? SEJM_API).replace(/\/+$/, '')}/sejm/term${options.term}`;
  const mirror = new Mirror(options.out, options.client);
  const progress = options.progress ?? (() => undefined);

  const days = await options.client.getJson(`${api}/votings`, isSittingDays);
  const expected = new Map<number, number>(); // sitting -> votings (its days summed)
  for (const day of days) expected.set(day.proceeding, (expected.get(day.proceeding) ?? 0) + day.votingsNum);
  const mirrored = countMirrored(options.out);

  for (const [sitting, count] of [...expected].sort((a, b) => a[0] - b[0])) {
    if ((mirrored.get(sitting) ?? 0) >= count) continue;
    const votings = await options.client.getJson(`${api}/votings/${sitting}`, isSittingVotings);
    const missing = votings
      .map((v) => v.votingNumber)
      .filter((n) => !existsSync(join(options.out, `${sitting}_${n}.json`)));
    await Promise.all(
      missing.map(async (n) => {
        await mirror.file(`${api}/votings/${sitting}/${n}`, join(options.out, `${sitting}_${n}.json`), isVotingFile);
        progress(`sitting ${sitting}: ${mirror.counts.newFiles.toLocaleString('en')} new voting file(s) so far`);
      }),
    );
  }
  await Promise.all([
    mirror.file(`${api}/MP`, join(options.out, 'mps.json'), isMps),
    mirror.file(`${api}/clubs`, join(options.out, 'clubs.json'), isClubs),
  ]);
  return mirror.finish();
}

/** Mirrored voting files per sitting. */
function countMirrored(folder: string): Map<number, number> {
  const counts = new Map<number, number>();
  for (const name of readdirSync(folder)) {
    const match = /^(\d+)_\d+\.json$/.exec(name);
    if (match) counts.set(Number(match[1]), (counts.get(Number(match[1])) ?? 0) + 1);
  }
  return counts;
}
