// /api/docs/ in a real browser: headless Chromium (Debian's, ./support/chromium.ts; .ci/run installs it
// when it can) loads the page over loopback under the docs' CSP, runs Swagger UI, which fetches
// /api/openapi.json and renders every operation. Skipped, with a warning, where there is no Chromium.

import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { type Server, createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ENDPOINTS } from '../src/answers/endpoints.ts';
import { openApiPath } from '../src/openapi.ts';
import { writeBundle } from './support/bundle.ts';
import { type TestApp, appOver, buildDatabase, tempDir } from './support/fixture.ts';
import { CHROMIUM_PATH, HAVE_CHROMIUM, INSTALL_CHROMIUM } from './support/chromium.ts';
import { HAND_COUNCIL } from './support/hand-council.ts';

const CHROMIUM = CHROMIUM_PATH;
const haveChromium = HAVE_CHROMIUM;
if (!haveChromium)
  console.warn(`${CHROMIUM} is not installed (${INSTALL_CHROMIUM}): the browser test of /api/docs is skipped`);

/** The DOM of `url` after Chromium has run its scripts (virtual time: no waiting on the wall clock). */
async function renderedDom(url: string): Promise<string> {
  const profile = mkdtempSync(join(tmpdir(), 'council-chromium-'));
  try {
    const { stdout } = await promisify(execFile)(
      CHROMIUM,
      [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
        `--user-data-dir=${profile}`,
        '--virtual-time-budget=15000',
        '--dump-dom',
        url,
      ],
      { timeout: 90_000, maxBuffer: 64 * 2 ** 20 },
    );
    return stdout;
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
}

describe.skipIf(!haveChromium)('the documentation page in headless Chromium', () => {
  let t: TestApp;
  let server: Server;
  let base: string;

  beforeAll(async () => {
    const dir = join(tempDir(), 'bundle');
    await writeBundle(dir, HAND_COUNCIL);
    // As deployed: production, an origin allow-list and an API key. A browser opening the page sends
    // neither the key nor (for its same-origin GETs) an Origin; the docs routes need neither.
    t = appOver(await buildDatabase(dir), {
      NODE_ENV: 'production',
      ALLOWED_ORIGINS: ['https://app.example.org'],
      API_SECRET_KEY: 'k'.repeat(40),
      RATE_LIMIT_MAX_REQUESTS: 1000,
    });
    server = await new Promise<Server>((resolve) => {
      const s = createServer(t.app).listen(0, '127.0.0.1', () => resolve(s));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    t?.close();
  });

  it('renders every operation of the document with its summary', async () => {
    const dom = await renderedDom(`${base}/api/docs/`);
    expect(dom).toContain('id="swagger-ui"');
    expect(dom).toContain('Council Voting Analytics API');
    for (const e of API_ENDPOINTS) {
      // Swagger UI breaks long paths with zero-width spaces (<wbr> / U+200B); compare without them.
      const text = dom.replace(/<wbr>|\u200b/g, '');
      expect(text, openApiPath(e.path)).toContain(openApiPath(e.path));
      expect(text, e.summary).toContain(e.summary.replace(/&/g, '&amp;'));
    }
    expect(dom).toContain('/api/radni/{id}/koalicje');
    expect(dom).toContain('/api/statystyki/top-koalicje');
    expect(dom).not.toMatch(/Failed to load API definition/i);
  }, 120_000);
});
