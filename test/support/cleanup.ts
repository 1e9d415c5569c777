// Set up before every test file (vitest.config.ts): its temporary folders go when its tests are done.
// Registered first, so this after-all hook runs last, once the file's servers and databases are closed.

import { afterAll } from 'vitest';
import { removeTempDirs } from './temp.ts';

afterAll(removeTempDirs);
