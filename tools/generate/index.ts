// A deterministic synthetic council bundle in the CSV format of CONTRACT §1, for tests, benchmarks and
// the committed sample. Every random choice comes from one seeded PRNG consumed in a fixed order, dates
// are whole UTC day numbers and numbers are printed without locale, so the same options always give
// byte-identical files. Ballots go straight to their buffered file, so memory does not grow with the
// number of councils.

import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BUNDLE_DESCRIPTION_FILE, type BundleDescription } from '../../etl/source-credit.ts';
import { Bundle } from './csv.ts';
import { type GenerateOptions, type GenerateSummary, resolveOptions } from './options.ts';

export { DEFAULT_GENERATE_OPTIONS, type GenerateOptions, type GenerateSummary } from './options.ts';
import { BundleGenerator } from './simulation.ts';

/**
 * Writes the 11 CSV files of CONTRACT §1 into outDir (created when missing, files overwritten), and the
 * bundle's `zrodlo.json` saying it is synthetic, so every page and file made from it says so too.
 */
export async function generateBundle(outDir: string, options: Partial<GenerateOptions>): Promise<GenerateSummary> {
  const resolved = resolveOptions(options);
  await mkdir(outDir, { recursive: true });
  const bundle = await Bundle.open(outDir);
  try {
    await new BundleGenerator(resolved, bundle).run();
  } finally {
    await bundle.close();
  }
  const description: BundleDescription = {
    opis: 'Przykład syntetyczny: rady, radni, ugrupowania i głosowania są wymyślone',
    syntetyczne: true,
  };
  await writeFile(join(outDir, BUNDLE_DESCRIPTION_FILE), `${JSON.stringify(description, null, 2)}\n`);
  return { files: bundle.rowCounts() };
}
