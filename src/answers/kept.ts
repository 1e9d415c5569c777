// A page's read of an endpoint (src/site/page.ts LoadContext.answer) goes through the answer sources
// first, as a request of the API does: the answer stored with the snapshot, or kept in memory or in
// the answer store for the URL the API answers this input at, is the handler's result already — read
// back from its envelope instead of made again. Only what no source holds is made by the handler
// (src/answers/endpoint.ts `answer`). A page made for the first time costs what its answers cost.

import { Reply } from '../http/envelope.ts';
import type { AnyEndpoint } from './endpoint.ts';
import type { AnswerSources } from './sources.ts';

type Value = string | number | boolean | undefined;

/** An input as a URL carries it: its defined values as strings (what `answer` parses too). */
const strings = (values: Record<string, Value> = {}): Array<[string, string]> =>
  Object.entries(values).flatMap(([name, value]) => (value === undefined ? [] : [[name, String(value)]]));

/**
 * The URL the API answers `endpoint` at for this input: its path with the parameters filled in
 * (encoded), then the query's defined values in the order given. Asked at this URL, the API parses
 * the same strings as `answer` does, so any answer kept for it is the answer to this input.
 */
export function apiUrlOf(
  endpoint: Pick<AnyEndpoint, 'path'>,
  raw: { params?: Record<string, Value>; query?: Record<string, Value> },
): { url: string; params: Record<string, string> } {
  const params = Object.fromEntries(strings(raw.params).map(([name, value]) => [name, encodeURIComponent(value)]));
  const path = endpoint.path.replace(/:(\w+)/g, (_, name: string) => params[name] ?? '');
  const query = new URLSearchParams(strings(raw.query)).toString().replace(/\+/g, '%20');
  return { url: query === '' ? path : `${path}?${query}`, params };
}

/**
 * The result of `endpoint`'s handler for this input, read from what the sources keep for its URL;
 * undefined when none holds it (the caller asks the handler). The envelope `{success, data, ...extra}`
 * is a Reply when it carries more than its data (every Reply of a GET does: pagination, a count, a
 * grouping), else the data itself.
 */
export function keptAnswer(
  sources: AnswerSources,
  endpoint: AnyEndpoint,
  raw: { params?: Record<string, Value>; query?: Record<string, Value> },
): { result: unknown } | undefined {
  if (endpoint.method !== 'get') return undefined;
  const { url, params } = apiUrlOf(endpoint, raw);
  const found = sources.find(url, { wanted: null, endpoint, params });
  if (!found) return undefined;
  const bytes = 'entry' in found ? found.entry.body : found.encoding === null ? found.bytes : undefined;
  if (!bytes) return undefined;
  const envelope: Record<string, unknown> = JSON.parse(bytes.toString('utf8'));
  const { success: _success, data, ...extra } = envelope;
  return { result: Object.keys(extra).length > 0 ? new Reply(data, extra) : data };
}
