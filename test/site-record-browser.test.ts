// The council's own record and the topics in Chromium (test/support/browser.ts), over the hand council
// built with its vocabulary, at 1280 and 375 px, every page checked by axe-core with no violation of any
// impact and nothing wider than the window: a tally-only vote (V14), a vote whose stated tallies differ
// from its roll call (V10), a councillor whose attendance comes partly from lists, and /tematy.

import { mkdirSync } from 'node:fs';
import { type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SCREENSHOTS,
  type Served,
  haveChromium,
  stop,
  visit,
  launchChromium,
  serveAsDeployed,
} from './support/browser.ts';
import { writeBundle } from './support/bundle.ts';
import { buildDatabase, removeDir, tempDir, vocabularyFile } from './support/fixture.ts';
import { HAND_COUNCIL, HAND_TOPICS } from './support/hand-council.ts';

const WIDTHS = [1280, 375] as const;
const strict = { allViolations: true };

describe.skipIf(!haveChromium)('the source’s record and the topics in Chromium, at 1280 and 375 px', () => {
  let browser: Browser;
  let site: Served;
  let dir: string;

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    dir = tempDir('council-bundle-');
    await writeBundle(dir, HAND_COUNCIL);
    const dbPath = await buildDatabase(dir, 'csv', { topics: vocabularyFile(HAND_TOPICS) });
    site = await serveAsDeployed(dbPath);
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await stop(site);
    removeDir(dir);
  });

  const pages = [
    {
      path: '/glosowania/14',
      shot: 'zapis-bez-wykazu',
      sees: ['Głosowanie bez imiennego wykazu: liczby podane w protokole', '4 za, 0 przeciw, 1 wstrzymał się'],
    },
    {
      path: '/glosowania/10',
      shot: 'zapis-rozne-liczby',
      sees: ['Protokół: 5 za, 1 przeciw', 'lista imienna: 4 za, 1 przeciw', 'temat: Budżet'],
    },
    { path: '/radni/lucja-wrobel/obecnosci', shot: 'zapis-listy-obecnosci', sees: ['z listy obecności', 'z głosowań'] },
    { path: '/tematy', shot: 'zapis-tematy', sees: ['Tematy głosowań', '„plan zagospodarowania”'] },
    { path: '/radni/anna-nowak', shot: 'zapis-radny-tematy', sees: ['Jak głosuje w tematach'] },
  ];

  it.each(pages)(
    '$path: readable and axe-clean at both widths',
    async ({ path, shot, sees }) => {
      for (const width of WIDTHS) {
        const result = await visit(
          browser,
          site.base,
          path,
          width,
          shot,
          async (page) => {
            const text = (await page.locator('main').innerText()).replace(/\s+/g, ' ');
            for (const words of sees) expect(text, `${path} at ${width} px`).toContain(words);
          },
          strict,
        );
        expect(result.problems, `${path} at ${width} px`).toEqual([]);
        expect(result.status).toBe(200);
      }
    },
    120_000,
  );
});
