#!/usr/bin/env -S node --no-memory-reducer
// `council`: the command line (cli/program.ts), run in this process with its streams, its parent and
// its exit code.
//
// Without V8's memory reducer (here and in `npm start`; a cluster's workers inherit it): after a few
// seconds without requests it collects the heap down to what is live, and under load again a server's
// heap then stayed small and was collected whole about ten times a second, the kept pages' bodies being
// external memory that presses for it: twice the CPU a request, not recovered (docs/PERFORMANCE.md,
// issue 43's tenth session). It cannot be turned off from here once V8 has started.

import { runCouncil } from './program.ts';

const { code, exitNow } = await runCouncil(process.argv.slice(2));
if (exitNow) process.exit(code);
// A code set by the run (a rejected check, a stopped build); not 0 over one the library set meanwhile.
if (code !== 0) process.exitCode = code;
