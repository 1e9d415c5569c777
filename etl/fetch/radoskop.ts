// `council fetch --format radoskop`: mirrors councils from Radoskop's public data host into the
// layout the Radoskop reader reads (etl/sources/radoskop.ts): `{slug}/kadencja-{id}.json` for every
// term `{slug}/data.json` lists, and a minimal `{slug}/config.json` (the city named after its slug,
// for the user to edit) when there is none; an existing one is kept. Each file must pass the reader's
// own schema (an index, a term file) before it replaces the mirrored one: a broken one upstream is
// reported and the last good file stays. A council whose index is broken is left as mirrored.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { indexEntrySchema, indexSchema, termFileSchema } from '../sources/radoskop.ts';
import { columnOf } from '../findings.ts';
import { RADOSKOP_API } from '../../core/sources.ts';
import { writeFileAtomic } from './files.ts';
import { type FetchSummary, Mirror, type Progress } from './mirror.ts';
import { type PoliteClient, UnusableBodyError, validJson } from './polite-client.ts';

const isIndex = validJson(indexSchema, 'a Radoskop index (data.json)');
const isTermFile = validJson(termFileSchema, 'a Radoskop term file');

export async function fetchRadoskop(options: {
  councils: string[];
  out: string;
  api?: string;
  client: PoliteClient;
  progress?: Progress;
}): Promise<FetchSummary> {
  const api = (options.api ?? RADOSKOP_API).replace(/\/+$/, '');
  const mirror = new Mirror(options.out, options.client);
  for (const slug of options.councils) {
    if (!/^[a-z0-9-]+$/.test(slug))
      throw new Error(`council "${slug}" is not a Radoskop slug (lower-case letters, digits and -)`);
    const folder = join(options.out, slug);
    const council = new Mirror(folder, options.client);
    const indexUrl = `${api}/${slug}/data.json`;
    let index;
    try {
      index = await options.client.getJson(indexUrl, isIndex);
    } catch (error) {
      if (!(error instanceof UnusableBodyError)) throw error;
      mirror.reject(indexUrl, error.problem);
      continue;
    }
    const terms = index.kadencje.flatMap((entry, i) => {
      const term = indexEntrySchema.safeParse(entry);
      if (term.success) return [term.data.id];
      const issue = term.error.issues[0]!;
      mirror.reject(
        indexUrl,
        `${columnOf(['kadencje', i, ...issue.path])}: ${issue.message}; that term is not fetched`,
      );
      return [];
    });
    if (terms.length === 0) {
      mirror.reject(indexUrl, 'lists no terms (kadencje[].id)');
      continue;
    }
    await Promise.all(
      terms.map((id) =>
        council.file(`${api}/${slug}/kadencja-${id}.json`, join(folder, `kadencja-${id}.json`), isTermFile),
      ),
    );
    const config = join(folder, 'config.json');
    if (!existsSync(config)) writeFileAtomic(config, `${JSON.stringify({ city_name: slug }, null, 2)}\n`);
    const done = council.finish();
    mirror.counts.newFiles += done.newFiles;
    mirror.counts.unchanged += done.unchanged;
    mirror.rejected.push(...done.rejected);
    options.progress?.(`${slug}: ${terms.length} term(s), ${done.newFiles} new or changed`);
  }
  return mirror.finish();
}
