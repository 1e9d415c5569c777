// One refresh, the job behind the cron, SIGHUP and `council refresh`: settle which source to read (the
// snapshot's own unless the configuration names one, etl/source-spec.ts), fetch its live part into
// the source folder when it has one, then rebuild only when something differs from what the
// published snapshot was built from. A failed fetch rebuilds nothing (the served data stays); the
// next run resumes the mirror where this one stopped. The build itself refuses a collapse of the
// published data (etl/collapse.ts).

import type { RefreshSourceStatus, SourceSpec } from '../core/sources.ts';
import type { CollapseLimits } from './collapse.ts';
import { fetchRadoskop } from './fetch/radoskop.ts';
import type { FetchSummary, Progress } from './fetch/mirror.ts';
import { PoliteClient } from './fetch/polite-client.ts';
import { fetchSejm } from './fetch/sejm.ts';
import type { StageReporter } from './materialise/index.ts';
import { type EtlOptions, type EtlSummary, runEtl } from './run.ts';
import { publishedCodeVersion, publishedDigest, sourceDigest } from './source-digest.ts';
import { liveFetchOf, recordedSource, refreshSourceOf, sameSource } from './source-spec.ts';
import { loadVocabulary, publishedVocabulary } from './topics.ts';
import { loadPolicies, publishedPolicies } from './policies.ts';

export const USER_AGENT =
  'council-voting-analytics/2.0.0 (roll-call statistics for citizens; contact: the operator of this service)';

export interface RefreshOptions {
  dbPath: string;
  /** The source the configuration names; null: none (the published snapshot's own is refreshed). */
  configured: SourceSpec | null;
  /** Rebuild from the configured source even when the snapshot was built from another (`--replace-source`). */
  replaceSource?: boolean;
  /** SOURCE_API: where a live source is fetched from, also for the snapshot's own source. */
  api?: string;
  timeoutMs?: number;
  force?: boolean;
  limits?: CollapseLimits;
  /** Told which source this refresh reads, before anything is fetched. */
  onSource?: (source: RefreshSourceStatus) => void;
  onStage?: StageReporter;
  onFetched?: (summary: FetchSummary) => void;
  render?: EtlOptions['render'];
  /**
   * The version of the code that renders the answers (src/answers/code-version.ts): a snapshot whose
   * answers other code rendered is rebuilt even when its source is unchanged.
   */
  codeVersion?: string;
  /** Rebuild even when the source is unchanged (the published file was refused: its bytes are not its manifest's). */
  rebuild?: boolean;
  progress?: Progress;
  /**
   * The topic vocabulary file the configuration names (TOPICS_PATH, `--topics`); undefined or '': the one
   * the published snapshot was built with (its file when it recorded one), else the bundled default.
   */
  topics?: string | undefined;
  /**
   * The policy file the configuration names (POLICIES_PATH, `--policies`); undefined or '': the one the
   * published snapshot was built with (its file when it recorded one), else data/polityki.json for the
   * bundled sample, else none.
   */
  policies?: string | undefined;
}

export type RefreshResult =
  | { rebuilt: true; source: RefreshSourceStatus; fetch: FetchSummary | null; etl: EtlSummary }
  | { rebuilt: false; source: RefreshSourceStatus; fetch: FetchSummary | null; digest: string };

/**
 * Why the published snapshot at `dbPath` must be rebuilt from `source` (whose files digest to
 * `digest`), or null when it was built from exactly that. Each condition is one line here.
 */
function rebuildReason(
  dbPath: string,
  source: SourceSpec,
  digest: string,
  codeVersion: string | undefined,
  topics: string,
  policies: string,
): string | null {
  const published = publishedDigest(dbPath);
  if (published === undefined) return 'no servable snapshot';
  if (published !== digest) return 'the source changed';
  if (publishedVocabulary(dbPath)?.sha256 !== topics) return 'the topic vocabulary changed';
  if ((publishedPolicies(dbPath)?.sha256 ?? '') !== policies) return 'the policy file changed';
  if (codeVersion !== undefined && codeVersion !== publishedCodeVersion(dbPath))
    return 'its answers were rendered by other code';
  const recorded = recordedSource(dbPath);
  if (recorded === null || !sameSource(recorded, source)) return 'the snapshot was built from another source';
  return null;
}

export async function refreshOnce(options: RefreshOptions): Promise<RefreshResult> {
  const source = refreshSourceOf(options.dbPath, options.configured, {
    ...(options.replaceSource ? { replace: true } : {}),
    ...(options.api ? { api: options.api } : {}),
  });
  options.onSource?.(source);
  let fetch: FetchSummary | null = null;
  const kind = liveFetchOf(source);
  if (kind !== null) {
    const { live } = source;
    const client = new PoliteClient({
      userAgent: USER_AGENT,
      ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    });
    const common = {
      out: source.path,
      client,
      ...(live.api ? { api: live.api } : {}),
      ...(options.progress ? { progress: options.progress } : {}),
    };
    fetch =
      kind === 'sejm'
        ? await fetchSejm({ ...common, term: live.sejmTerm! })
        : await fetchRadoskop({ ...common, councils: live.councils! });
    options.onFetched?.(fetch);
  }
  const digest = sourceDigest(source.path);
  // A broken or missing vocabulary fails here, before anything is built: the served data stays.
  const topics = options.topics || publishedVocabulary(options.dbPath)?.path || undefined;
  const vocabulary = loadVocabulary(topics);
  const policyFile = options.policies || publishedPolicies(options.dbPath)?.path || undefined;
  const policies = loadPolicies(policyFile, source.path);
  if (
    !options.rebuild &&
    rebuildReason(options.dbPath, source, digest, options.codeVersion, vocabulary.sha256, policies.sha256) === null
  ) {
    return { rebuilt: false, source, fetch, digest };
  }
  const etl = await runEtl({
    topics,
    policies: policyFile,
    source: source.path,
    format: source.format,
    dbPath: options.dbPath,
    record: { format: source.format, path: source.path, live: source.live },
    ...(options.force ? { force: true } : {}),
    ...(options.limits ? { limits: options.limits } : {}),
    ...(options.onStage ? { onStage: options.onStage } : {}),
    ...(options.render ? { render: options.render } : {}),
  });
  return { rebuilt: true, source, fetch, etl };
}
