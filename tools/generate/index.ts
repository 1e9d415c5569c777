// A deterministic synthetic council bundle in the CSV format of CONTRACT §1, for tests, benchmarks and
// the committed sample. Every random choice comes from one seeded PRNG consumed in a fixed order, dates
// are whole UTC day numbers and numbers are printed without locale, so the same options always give
// byte-identical files. Ballots go straight to their buffered file, so memory does not grow with the
// number of councils.

import { mkdir } from 'node:fs/promises';
import { Bundle } from './csv.ts';
import { type GenerateOptions, type GenerateSummary, resolveOptions } from './options.ts';

export { DEFAULT_GENERATE_OPTIONS, type GenerateOptions, type GenerateSummary } from './options.ts';
import { BundleGenerator } from './simulation.ts';

/** Writes the 11 CSV files of CONTRACT §1 into outDir (created when missing, files overwritten). */
export async function generateBundle(outDir: string, options: Partial<GenerateOptions>): Promise<GenerateSummary> {
  const resolved = resolveOptions(options);
  await mkdir(outDir, { recursive: true });
  const bundle = await Bundle.open(outDir);
  try {
    await new BundleGenerator(resolved, bundle).run();
  } finally {
    await bundle.close();
  }
  return { files: bundle.rowCounts() };
}
