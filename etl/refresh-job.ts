// One refresh, the job behind the cron, SIGHUP and `council refresh`: fetch the live source into the
// source folder when one is configured, then rebuild only when the source differs from the one the
// published snapshot was built from. A failed fetch rebuilds nothing (the served data stays); the
// next run resumes the mirror where this one stopped.

import type { SourceFormat } from '../core/sources.ts';
import { fetchRadoskop } from './fetch/radoskop.ts';
import type { FetchSummary, Progress } from './fetch/mirror.ts';
import { PoliteClient } from './fetch/polite-client.ts';
import { fetchSejm } from './fetch/sejm.ts';
import type { StageReporter } from './materialise/index.ts';
import { type EtlOptions, type EtlSummary, runEtl } from './run.ts';
import { publishedCodeVersion, publishedDigest, sourceDigest } from './source-digest.ts';

export const USER_AGENT = 'council-voting-analytics/2.0.0 (roll-call statistics for citizens; contact: the operator of this service)';

export interface LiveSource {
  /** Sejm term to mirror (SOURCE_FORMAT=sejm). */
  sejmTerm?: number;
  /** Radoskop council slugs to mirror (SOURCE_FORMAT=radoskop). */
  councils?: string[];
  /** Base URL replacing the official one (a stand-in, a proxy). */
  api?: string;
  timeoutMs?: number;
}

export interface RefreshOptions {
  source: string;
  format: SourceFormat;
  dbPath: string;
  live: LiveSource;
  onStage?: StageReporter;
  onFetched?: (summary: FetchSummary) => void;
  render?: EtlOptions['render'];
  /**
   * The version of the code that renders the answers (src/answers/code-version.ts): a snapshot whose
   * answers other code rendered is rebuilt even when its source is unchanged.
   */
  codeVersion?: string;
  progress?: Progress;
}

export type RefreshResult =
  | { rebuilt: true; fetch: FetchSummary | null; etl: EtlSummary }
  | { rebuilt: false; fetch: FetchSummary | null; digest: string };

/** The live-source settings of the service's configuration (src/config.ts keys). */
export function liveSourceFrom(settings: { SEJM_TERM: number; RADOSKOP_COUNCILS: string[]; SOURCE_API: string; FETCH_TIMEOUT_MS: number }): LiveSource {
  return {
    ...(settings.SEJM_TERM ? { sejmTerm: settings.SEJM_TERM } : {}),
    councils: settings.RADOSKOP_COUNCILS,
    ...(settings.SOURCE_API ? { api: settings.SOURCE_API } : {}),
    timeoutMs: settings.FETCH_TIMEOUT_MS,
  };
}

/** The live fetch this configuration asks for, or null when the source folder is maintained by hand. */
export function liveFetchOf(format: SourceFormat, live: LiveSource): 'sejm' | 'radoskop' | null {
  if (format === 'sejm' && live.sejmTerm) return 'sejm';
  if (format === 'radoskop' && live.councils && live.councils.length > 0) return 'radoskop';
  return null;
}

export async function refreshOnce(options: RefreshOptions): Promise<RefreshResult> {
  const { source, format, live } = options;
  let fetch: FetchSummary | null = null;
  const kind = liveFetchOf(format, live);
  if (kind !== null) {
    const client = new PoliteClient({ userAgent: USER_AGENT, ...(live.timeoutMs ? { timeoutMs: live.timeoutMs } : {}) });
    const common = { out: source, client, ...(live.api ? { api: live.api } : {}), ...(options.progress ? { progress: options.progress } : {}) };
    fetch = kind === 'sejm'
      ? await fetchSejm({ ...common, term: live.sejmTerm! })
      : await fetchRadoskop({ ...common, councils: live.councils! });
    options.onFetched?.(fetch);
  }
  const digest = sourceDigest(source);
  const renderedByThisCode = options.codeVersion === undefined || options.codeVersion === publishedCodeVersion(options.dbPath);
  if (digest === publishedDigest(options.dbPath) && renderedByThisCode) return { rebuilt: false, fetch, digest };
  const etl = await runEtl({
    source, format, dbPath: options.dbPath, ...(options.onStage ? { onStage: options.onStage } : {}), ...(options.render ? { render: options.render } : {}),
  });
  return { rebuilt: true, fetch, etl };
}
