// The data credit of a source (core/credit.ts): implied by the format, except that a CSV bundle may
// describe itself in an optional `zrodlo.json` beside its CSV files — who the data comes from, the
// licence, and whether it is synthetic (the generator writes one: tools/generate/). The ETL records the
// result in the snapshot's meta.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { CREDIT_OF_FORMAT, type DataCredit } from '../core/credit.ts';
import type { SourceFormat } from '../core/sources.ts';

export const BUNDLE_DESCRIPTION_FILE = 'zrodlo.json';

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) address' });

/** `zrodlo.json`: Polish keys, like the bundle's columns. */
export const bundleDescriptionSchema = z.strictObject({
  opis: z.string().trim().min(1, 'a value is required'),
  licencja: z.string().trim().min(1).nullable().default(null),
  licencja_url: httpUrl.nullable().default(null),
  url: httpUrl.nullable().default(null),
  syntetyczne: z.boolean().default(false),
});
export type BundleDescription = z.input<typeof bundleDescriptionSchema>;

export class SourceDescriptionError extends Error {
  override name = 'SourceDescriptionError';
}

/** The credit of the source at `path`; throws a SourceDescriptionError naming the file when its `zrodlo.json` is invalid. */
export function sourceCredit(format: SourceFormat, path: string): DataCredit {
  if (format !== 'csv') return CREDIT_OF_FORMAT[format];
  const file = join(path, BUNDLE_DESCRIPTION_FILE);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return CREDIT_OF_FORMAT.csv; // optional; a missing bundle is reported by the reader in its own words
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new SourceDescriptionError(`${file}: not JSON (${(error as Error).message})`);
  }
  const parsed = bundleDescriptionSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(file)'}: ${i.message}`);
    throw new SourceDescriptionError(`${file}: ${problems.join('; ')}`);
  }
  const d = parsed.data;
  return { text: d.opis, licence: d.licencja, licenceUrl: d.licencja_url, url: d.url, synthetic: d.syntetyczne };
}
