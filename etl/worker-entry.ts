// Where a worker thread of the ETL starts: its compiled module beside the caller's in dist/, or, from
// the TypeScript sources (the tests), a loader that registers tsx first (a worker's own `--import` does
// not reach its entry module on node 20).

import { fileURLToPath } from 'node:url';

/** The entry of worker module `name` (without extension), resolved against the caller's `importMetaUrl`. */
export function workerEntry(name: string, importMetaUrl: string): URL {
  const fromSources = fileURLToPath(importMetaUrl).endsWith('.ts');
  const entry = new URL(`${name}.${fromSources ? 'ts' : 'js'}`, importMetaUrl);
  if (!fromSources) return entry;
  const boot = `import { register } from ${JSON.stringify(import.meta.resolve('tsx/esm/api'))}; register(); await import(${JSON.stringify(entry.href)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(boot)}`);
}
