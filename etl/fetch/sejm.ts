// `council fetch --format sejm`: mirrors one term of the official Sejm API into the layout the Sejm
// reader reads (etl/sources/sejm.ts): `{sitting}_{votingNumber}.json` as the API served each voting,
// `mps.json`, `clubs.json`. Incremental: a sitting whose mirrored votings match the list is skipped,
// only missing votings are downloaded; MPs and clubs are checked every run (clubs change).

import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { type FetchSummary, Mirror, type Progress } from './mirror.ts';
import type { PoliteClient } from './polite-client.ts';

export const SEJM_API = 'https://api.sejm.gov.pl';

interface SittingDay { proceeding: number; date: string; votingsNum: number }
interface VotingHeader { votingNumber: number }

export async function fetchSejm(
  options: { term: number; out: string; api?: string; client: PoliteClient; progress?: Progress },
): Promise<FetchSummary> {
  const api = `${(options.api ?? SEJM_API).replace(/\/+$/, '')}/sejm/term${options.term}`;
  const mirror = new Mirror(options.out, options.client);
  const progress = options.progress ?? (() => undefined);

  const days = await options.client.getJson<SittingDay[]>(`${api}/votings`);
  const expected = new Map<number, number>(); // sitting -> votings (its days summed)
  for (const day of days) expected.set(day.proceeding, (expected.get(day.proceeding) ?? 0) + day.votingsNum);
  const mirrored = countMirrored(options.out);

  for (const [sitting, count] of [...expected].sort((a, b) => a[0] - b[0])) {
    if ((mirrored.get(sitting) ?? 0) >= count) continue;
    const votings = await options.client.getJson<VotingHeader[]>(`${api}/votings/${sitting}`);
    const missing = votings.map((v) => v.votingNumber).filter((n) => !existsSync(join(options.out, `${sitting}_${n}.json`)));
    await Promise.all(missing.map(async (n) => {
      await mirror.file(`${api}/votings/${sitting}/${n}`, join(options.out, `${sitting}_${n}.json`));
      progress(`sitting ${sitting}: ${mirror.counts.newFiles.toLocaleString('en')} new voting file(s) so far`);
    }));
  }
  await Promise.all([
    mirror.file(`${api}/MP`, join(options.out, 'mps.json')),
    mirror.file(`${api}/clubs`, join(options.out, 'clubs.json')),
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
