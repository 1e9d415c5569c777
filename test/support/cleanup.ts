// Set up before every test file (vitest.config.ts): its temporary folders go when its tests are done, and
// so do the processes it started (test/support/server-process.ts), also those a test that timed out never
// got to stop (a server still bootstrapping when its test's time ran out outlived the run once).
// Registered first, so these after-all hooks run last, once the file's own have closed what they opened.

import { afterAll } from 'vitest';
import { killAll } from './server-process.ts';
import { removeTempDirs } from './temp.ts';

afterAll(removeTempDirs);
afterAll(killAll);
