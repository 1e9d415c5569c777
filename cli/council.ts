#!/usr/bin/env node
// `council`: the command line (cli/program.ts), run in this process with its streams, its parent and
// its exit code.

import { runCouncil } from './program.ts';

const { code, exitNow } = await runCouncil(process.argv.slice(2));
if (exitNow) process.exit(code);
// A code set by the run (a rejected check, a stopped build); not 0 over one the library set meanwhile.
if (code !== 0) process.exitCode = code;
