// A full collection of the main thread's JS heap between two stages of a large build (issue 47): the
// stages' dead rows and typed arrays otherwise stay in the process until V8's own next full collection,
// which, with a heap limit of gigabytes, may come only after the next stage has added its own — and
// radny_glos's and the title search's workers run beside them. `gc` is not exposed without a flag to
// node; `--expose-gc` set at run time exposes it to contexts created after, such as a new `vm` context's.

import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let collect: (() => void) | undefined;

/** Runs a full garbage collection of this thread's heap now; returns how long it took (ms). */
export function collectGarbage(): number {
  if (!collect) {
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as () => void;
    setFlagsFromString('--no-expose-gc'); // contexts created later get no `gc` global
  }
  const start = performance.now();
  collect();
  return performance.now() - start;
}
