// Where a snapshot came from, and where its refresh reads. A snapshot records its source (format,
// path, live settings) in its meta; a refresh rebuilds from that recorded source when the
// configuration names none, and refuses — rather than silently replacing good data with another
// source's — when the configuration names a different one, unless told to replace it.

import { resolve } from 'node:path';
import Database from 'better-sqlite3';
import { z } from 'zod';
import {
  type LiveSource,
  RADOSKOP_API,
  type RefreshSourceStatus,
  SEJM_API,
  SOURCE_FORMATS,
  type SourceFormat,
  type SourceSpec,
} from '../core/sources.ts';

/** The first build when nothing names a source: the bundled sample council (what `npm start` serves). */
export const DEFAULT_SOURCE: Readonly<{ format: SourceFormat; path: string }> = { format: 'csv', path: 'data/sample' };

/** The configuration's source settings (src/config.ts keys). */
export interface SourceSettings {
  SOURCE_DIR: string;
  SOURCE_FORMAT?: SourceFormat | undefined;
  SEJM_TERM: number;
  RADOSKOP_COUNCILS: string[];
  SOURCE_API: string;
}

/** The live settings that apply to a source of `format`. */
function liveFor(
  format: SourceFormat,
  settings: Pick<SourceSettings, 'SEJM_TERM' | 'RADOSKOP_COUNCILS' | 'SOURCE_API'>,
): LiveSource {
  const live: LiveSource = {};
  if (format === 'sejm' && settings.SEJM_TERM > 0) live.sejmTerm = settings.SEJM_TERM;
  if (format === 'radoskop' && settings.RADOSKOP_COUNCILS.length > 0) live.councils = [...settings.RADOSKOP_COUNCILS];
  if ((live.sejmTerm || live.councils) && settings.SOURCE_API) live.api = settings.SOURCE_API;
  return live;
}

/**
 * The source the configuration names, or null when it names none (SOURCE_DIR, SOURCE_FORMAT,
 * SEJM_TERM and RADOSKOP_COUNCILS all unset). SOURCE_API alone names no source: it only says where a
 * live source is fetched from.
 */
export function configuredSource(settings: SourceSettings): SourceSpec | null {
  const named =
    settings.SOURCE_DIR !== '' ||
    settings.SOURCE_FORMAT !== undefined ||
    settings.SEJM_TERM > 0 ||
    settings.RADOSKOP_COUNCILS.length > 0;
  if (!named) return null;
  const format = settings.SOURCE_FORMAT ?? DEFAULT_SOURCE.format;
  return { format, path: resolve(settings.SOURCE_DIR || DEFAULT_SOURCE.path), live: liveFor(format, settings) };
}

/** The live fetch a source asks for, or null when its folder is maintained by hand. */
export function liveFetchOf(spec: SourceSpec): 'sejm' | 'radoskop' | null {
  if (spec.format === 'sejm' && spec.live.sejmTerm) return 'sejm';
  if (spec.format === 'radoskop' && spec.live.councils && spec.live.councils.length > 0) return 'radoskop';
  return null;
}

/** `radoskop:/srv/councils, fetching gdansk, katowice from https://data.radoskop.pl`. */
export function describeSource(spec: SourceSpec): string {
  const kind = liveFetchOf(spec);
  const from = spec.live.api ?? (kind === 'sejm' ? SEJM_API : RADOSKOP_API);
  const fetching =
    kind === 'sejm'
      ? `, fetching Sejm term ${spec.live.sejmTerm} from ${from}`
      : kind === 'radoskop'
        ? `, fetching ${spec.live.councils!.join(', ')} from ${from}`
        : '';
  return `${spec.format}:${spec.path}${fetching}`;
}

/** Whether two specs are one source: the same format and folder, fetching the same (wherever from). */
export function sameSource(a: SourceSpec, b: SourceSpec): boolean {
  const councils = (spec: SourceSpec) => [...(spec.live.councils ?? [])].sort().join(',');
  return (
    a.format === b.format &&
    resolve(a.path) === resolve(b.path) &&
    (a.live.sejmTerm ?? 0) === (b.live.sejmTerm ?? 0) &&
    councils(a) === councils(b)
  );
}

/** The meta rows recording `spec` in a snapshot: `source` as `format:path` (as snapshots always had it), and the live settings. */
export const sourceMeta = (spec: SourceSpec): Array<[string, string]> => [
  ['source', `${spec.format}:${spec.path}`],
  ['source_live', JSON.stringify(spec.live)],
];

const recordedLive = z
  .object({
    sejmTerm: z.number().int().positive().optional(),
    councils: z.array(z.string()).optional(),
    api: z.string().optional(),
  })
  .catch({});

/**
 * The source recorded in the snapshot at `dbPath` (of any schema version: snapshots from before
 * `source_live` recorded `source` alone, with no live fetch), or null without a snapshot or record.
 */
export function recordedSource(dbPath: string): SourceSpec | null {
  let meta: Map<string, string>;
  try {
    const db = new Database(dbPath, { readonly: true, fileMustExist: true });
    try {
      meta = new Map(
        db.prepare("SELECT key, value FROM meta WHERE key IN ('source', 'source_live')").raw().all() as Array<
          [string, string]
        >,
      );
    } finally {
      db.close();
    }
  } catch {
    return null;
  }
  const record = meta.get('source');
  const colon = record?.indexOf(':') ?? -1;
  const format = record?.slice(0, colon);
  if (colon < 1 || !(SOURCE_FORMATS as readonly string[]).includes(format!)) return null;
  let live: LiveSource = {};
  try {
    live = recordedLive.parse(JSON.parse(meta.get('source_live') ?? '{}'));
  } catch {
    /* not JSON: no live fetch */
  }
  return { format: format as SourceFormat, path: record!.slice(colon + 1), live };
}

/** The configuration names another source than the published snapshot's, and nothing said to replace it. */
export class SourceMismatchError extends Error {
  readonly reason = 'source';
  override name = 'SourceMismatchError';
  constructor(
    dbPath: string,
    readonly recorded: SourceSpec,
    readonly configured: SourceSpec,
  ) {
    super(
      `refusing to refresh ${dbPath}: it was built from ${describeSource(recorded)}, but the configuration names ${describeSource(configured)}; ` +
        'to rebuild it from the configured source run council refresh --replace-source (or set REPLACE_SOURCE=true); ' +
        "to keep the snapshot's own source, unset SOURCE_DIR, SOURCE_FORMAT, SEJM_TERM and RADOSKOP_COUNCILS",
    );
  }
}

/**
 * The source a refresh of `dbPath` reads: the configured one when it is the snapshot's own (or there
 * is no snapshot yet, or `replace` says so); the snapshot's own when the configuration names none
 * (SOURCE_API, when set, still says where its live part is fetched from); the bundled sample when
 * there is neither. Anything else is a SourceMismatchError.
 */
export function refreshSourceOf(
  dbPath: string,
  configured: SourceSpec | null,
  options: { replace?: boolean; api?: string } = {},
): RefreshSourceStatus {
  const recorded = recordedSource(dbPath);
  const status = (spec: SourceSpec, from: RefreshSourceStatus['from']): RefreshSourceStatus => ({
    ...spec,
    description: describeSource(spec),
    from,
  });
  if (configured === null) {
    if (recorded === null)
      return status({ format: DEFAULT_SOURCE.format, path: resolve(DEFAULT_SOURCE.path), live: {} }, 'default');
    const live = options.api && liveFetchOf(recorded) ? { ...recorded.live, api: options.api } : recorded.live;
    return status({ ...recorded, live }, 'snapshot');
  }
  if (recorded !== null && !sameSource(recorded, configured) && !options.replace)
    throw new SourceMismatchError(dbPath, recorded, configured);
  return status(configured, 'configuration');
}

/** Like refreshSourceOf, for the server's log and /health: a mismatch is shown, not thrown. */
export function refreshSourceStatus(
  dbPath: string,
  configured: SourceSpec | null,
  options: { replace?: boolean; api?: string } = {},
): RefreshSourceStatus {
  try {
    return refreshSourceOf(dbPath, configured, options);
  } catch (error) {
    if (!(error instanceof SourceMismatchError)) throw error;
    return { ...configured!, description: describeSource(configured!), from: 'configuration', refusal: error.message };
  }
}

/**
 * The live settings `council etl` records for a source it is told to build: those the configuration
 * gives that same folder and format, else those the published snapshot has for it, else none. So a
 * manual rebuild of a live mirror keeps it a live mirror for the next refresh.
 */
export function liveSettingsFor(
  format: SourceFormat,
  path: string,
  configured: SourceSpec | null,
  recorded: SourceSpec | null,
): LiveSource {
  const same = (spec: SourceSpec | null) =>
    spec !== null && spec.format === format && resolve(spec.path) === resolve(path);
  if (same(configured)) return configured!.live;
  if (same(recorded)) return recorded!.live;
  return {};
}
