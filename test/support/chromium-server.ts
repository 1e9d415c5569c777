// Once per test run, for the browser tier (vitest.config.ts): one Debian Chromium that every browser
// file connects to (./browser.ts launchChromium) instead of starting its own (issue 41: eight starts).
// Each file still opens its own contexts, at its own widths, and closes them; closing its browser
// only disconnects it. Without Chromium nothing starts and the files skip as before.

import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, CHROMIUM_PATH, HAVE_CHROMIUM } from './chromium.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared Chromium's WebSocket endpoint; empty when each file is to start its own. */
    chromiumEndpoint: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!HAVE_CHROMIUM) {
    project.provide('chromiumEndpoint', '');
    return async () => {};
  }
  const server = await chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  project.provide('chromiumEndpoint', server.wsEndpoint());
  return () => server.close();
}
