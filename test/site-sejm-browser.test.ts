// The website over the Sejm sample (../shared/data/sejm-sample, built once for the file) in Chromium
// (test/support/browser.ts) at 1280 and 375 px, every page checked by axe-core with no violation of any
// impact and nothing wider than the window: a parliament's words where a reader looks first (the
// navigation, the headings), clubs by their full names, and /radni — the longest club names of the
// term beside a status — with every cell whole on a phone. Skipped without Chromium or ../shared.

import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Browser, type Page } from 'playwright-core';
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
import { buildDatabase } from './support/fixture.ts';

const SEJM = fileURLToPath(new URL('../../shared/data/sejm-sample/', import.meta.url));
const present = existsSync(SEJM);
if (!present)
  console.warn(`site-sejm-browser.test.ts: ${SEJM} is absent: the Sejm's pages are not checked in Chromium`);

const WIDTHS = [1280, 375] as const;
const strict = { allViolations: true };
const KO = 'Klub Parlamentarny Koalicja Obywatelska - Platforma Obywatelska, Nowoczesna, Inicjatywa Polska, Zieloni';

/** Cells of the page's tables that are shown but not whole: wider than their box, or past the window's edge. */
async function cutCells(page: Page, width: number): Promise<string[]> {
  return page.evaluate((windowWidth) => {
    const cut: string[] = [];
    for (const box of Array.from(document.querySelectorAll('main .tw'))) {
      if (box.scrollWidth > box.clientWidth) cut.push(`a table scrolls: ${box.scrollWidth} px in ${box.clientWidth}`);
    }
    for (const cell of Array.from(document.querySelectorAll<HTMLElement>('main table td, main table th'))) {
      const r = cell.getBoundingClientRect();
      if (r.width === 0) continue; // not shown at this width
      if (cell.scrollWidth > cell.clientWidth || r.left < 0 || r.right > windowWidth)
        cut.push(`„${cell.innerText.slice(0, 40)}”: ${Math.round(r.left)}–${Math.round(r.right)} px`);
    }
    return cut;
  }, width);
}

describe.skipIf(!haveChromium || !present)('the Sejm in Chromium, at 1280 and 375 px', () => {
  let browser: Browser;
  let site: Served;

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    const dbPath = await buildDatabase(SEJM, 'sejm');
    site = await serveAsDeployed(dbPath);
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await stop(site);
  });

  it('/radni: „Posłowie”, full club names, every cell whole at 375 px (KO, the longest name, on its own too)', async () => {
    for (const path of ['/radni', '/radni?ugrupowanie=3']) {
      for (const width of WIDTHS) {
        const result = await visit(
          browser,
          site.base,
          path,
          width,
          `sejm-poslowie${path.includes('?') ? `-${path.split('?')[1]!.replace(/\W/g, '-')}` : ''}`,
          async (page) => {
            expect(await page.locator('main h1').innerText()).toBe('Posłowie');
            expect(await page.locator('nav.nav [aria-current="page"]').innerText()).toBe('Posłowie');
            expect(await page.locator('main table').innerText()).toContain(KO);
            expect(await cutCells(page, width), `${path} at ${width} px`).toEqual([]);
            // the status of the first row is seen whole beside the name
            const status = page.locator('main tbody tr:first-child td:last-child');
            expect(await status.innerText()).toMatch(/^(?:aktywny|nieaktywny|po kadencji)$/);
          },
          strict,
        );
        expect(result.problems, `${path} at ${width} px`).toEqual([]);
        expect(result.status).toBe(200);
      }
    }
  }, 240_000);

  const pages = [
    { path: '/', shot: 'sejm-start', sees: ['Jak głosują posłowie', 'Posłowie'] },
    { path: '/radni/piotr-adamowicz', shot: 'sejm-posel', sees: [KO, 'Zgodność z klubem', 'Porównaj z innym posłem'] },
    { path: '/glosowania/10001001', shot: 'sejm-glosowanie', sees: ['Głosy według klubów i kół', KO, 'Nowa Lewica'] },
    { path: '/spojnosc', shot: 'sejm-spojnosc', sees: ['Klub Parlamentarny Prawo i Sprawiedliwość', 'Klub lub koło'] },
    { path: '/posiedzenia', shot: 'sejm-posiedzenia', sees: ['Posiedzenia Sejmu'] },
  ];

  it.each(pages)(
    '$path: a parliament’s words, readable and axe-clean at both widths',
    async ({ path, shot, sees }) => {
      for (const width of WIDTHS) {
        const result = await visit(
          browser,
          site.base,
          path,
          width,
          shot,
          async (page) => {
            const text = (await page.locator('body').innerText()).replace(/\s+/g, ' ');
            for (const words of sees) expect(text, `${path} at ${width} px`).toContain(words);
            expect(text, `${path} at ${width} px`).not.toMatch(/radn|ugrupowa/i);
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
