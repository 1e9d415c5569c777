// `council fetch --format radoskop`: mirrors councils from Radoskop's public data host into the
// layout the Radoskop reader reads (etl/sources/radoskop.ts): `{slug}/kadencja-{id}.json` for every
// term `{slug}/data.json` lists, and a minimal `{slug}/config.json` (the city named after its slug,
// for the user to edit) when there is none; an existing one is kept.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from './files.ts';
import { type FetchSummary, Mirror, type Progress } from './mirror.ts';
import type { PoliteClient } from './polite-client.ts';

export const RADOSKOP_API = 'https://data.radoskop.pl';

export async function fetchRadoskop(
  options: { councils: string[]; out: string; api?: string; client: PoliteClient; progress?: Progress },
): Promise<FetchSummary> {
  const api = (options.api ?? RADOSKOP_API).replace(/\/+$/, '');
  const mirror = new Mirror(options.out, options.client);
  for (const slug of options.councils) {
    if (!/^[a-z0-9-]+$/.test(slug)) throw new Error(`council "${slug}" is not a Radoskop slug (lower-case letters, digits and -)`);
    const folder = join(options.out, slug);
    const council = new Mirror(folder, options.client);
    const data = await options.client.getJson<{ kadencje?: Array<{ id?: unknown }> }>(`${api}/${slug}/data.json`);
    const terms = (data.kadencje ?? []).map((k) => k.id).filter((id): id is string => typeof id === 'string' && /^[\w-]+$/.test(id));
    if (terms.length === 0) throw new Error(`${api}/${slug}/data.json lists no terms (kadencje[].id)`);
    await Promise.all(terms.map((id) => council.file(`${api}/${slug}/kadencja-${id}.json`, join(folder, `kadencja-${id}.json`))));
    const config = join(folder, 'config.json');
    if (!existsSync(config)) writeFileAtomic(config, `${JSON.stringify({ city_name: slug }, null, 2)}\n`);
    const done = council.finish();
    mirror.counts.newFiles += done.newFiles;
    mirror.counts.unchanged += done.unchanged;
    options.progress?.(`${slug}: ${terms.length} term(s), ${done.newFiles} new or changed`);
  }
  return mirror.finish();
}
