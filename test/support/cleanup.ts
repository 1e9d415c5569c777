// Set up before every test file (vitest.config.ts): its temporary folders go when its tests are done.
// Registered first, so this after-all hook runs last, once the file's servers and databases are closed.

import { afterAll } from 'vitest';
import { closeAppServers } from './request.ts';
import { removeTempDirs } from './temp.ts';

afterAll(removeTempDirs);
// The servers ./request.ts opened for the file's apps (hooks run last registered first: before the folders go).
afterAll(closeAppServers);
