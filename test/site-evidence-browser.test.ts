// The evidence pages in a real browser (Debian's Chromium): the comparison, „Jak liczymy”, group
// cohesion, a councillor's attendance records and the council map, on the sample council, at 1280 and
// 375 px: no axe-core violation of any impact, nothing wider than the window, no script needed (the
// comparison is picked with a plain form), and the map's points are links a keyboard reaches.
// Screenshots go to screenshots/site/ (git-ignored) with SITE_SCREENSHOTS=1; with DOCS_SCREENSHOTS=1 also the README's
// pictures in docs/. Skipped, with a warning, where there is no Chromium.

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENSHOTS, type Served, haveChromium, listen, stop, visit, launchChromium } from './support/browser.ts';
import { appOver, buildDatabase } from './support/fixture.ts';

const DOCS = fileURLToPath(new URL('../docs/', import.meta.url));
const docsShots = process.env['DOCS_SCREENSHOTS'] === '1';

describe.skipIf(!haveChromium)('the evidence pages in headless Chromium', () => {
  let browser: Browser;
  let served: Served;
  let tokens: [string, string];

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    served = await listen(appOver(await buildDatabase(fileURLToPath(new URL('../data/sample', import.meta.url)))));
    tokens = served.t.snapshots
      .active!.db.prepare(
        `SELECT r.token FROM radny r JOIN radny_stat s ON s.id_osoby = r.id_osoby AND s.kadencja = '*'
      ORDER BY s.liczba_glosowan DESC, r.id_osoby LIMIT 2`,
      )
      .pluck()
      .all() as [string, string];
    browser = await launchChromium();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await stop(served);
  });

  const PAGES: Array<[string, () => string]> = [
    ['porownaj', () => `/porownaj?radny=${tokens[0]}&drugi=${tokens[1]}`],
    ['porownaj-wybor', () => '/porownaj'],
    ['jak-liczymy', () => '/jak-liczymy'],
    ['spojnosc', () => '/spojnosc'],
    ['obecnosci', () => `/radni/${tokens[0]}/obecnosci`],
    ['mapa', () => '/'],
    ['radny-dowody', () => `/radni/${tokens[0]}?glos=przeciw`],
  ];

  it.each(PAGES)(
    '%s: at 1280 and 375 px, no axe violation, fits the window',
    async (name, path) => {
      for (const width of [1280, 375]) {
        const { status, problems } = await visit(browser, served.base, path(), width, name, undefined, {
          allViolations: true,
        });
        expect(status, `${path()} at ${width}`).toBe(200);
        expect(problems, `${path()} at ${width}`).toEqual([]);
      }
    },
    120_000,
  );

  it('picks two councillors with the form alone, and pages through the votes where they differed', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await page.goto(`${served.base}/radni/${tokens[0]}`);
      await page.locator('#c-drugi').selectOption(tokens[1]);
      await Promise.all([page.waitForURL(/\/porownaj\?/), page.click('form[action="/porownaj"] button')]);
      expect(await page.locator('h1').textContent()).toContain(' i ');
      const rows = await page.locator('#rozbiezne ~ .tw tbody tr').count();
      expect(rows).toBe(20);
      await Promise.all([page.waitForURL(/strona=2/), page.click('a[rel="next"]')]);
      expect(await page.locator('.pager [aria-current="page"]').textContent()).toContain('2');
    } finally {
      await context.close();
    }
  }, 120_000);

  it('draws the map: every point a link the keyboard reaches, the caption, the text alternative', async () => {
    const map = served.t.snapshots.active!.queries.statystyki.councilMap(1)!;
    const { problems } = await visit(
      browser,
      served.base,
      '/',
      1280,
      'mapa-klawiatura',
      async (page) => {
        if (docsShots) await page.locator('figure.map').screenshot({ path: join(DOCS, 'site-map.png') });
        const points = page.locator('svg.map a');
        expect(await points.count()).toBe(map.radni.length);
        await points.first().focus();
        expect(await page.evaluate(() => document.activeElement?.closest('svg.map') !== null)).toBe(true);
        expect(await page.locator('figure.map figcaption').textContent()).toMatch(
          /im bliżej siebie, tym częściej głosują tak samo/,
        );
        await page.locator('figure.map summary').click();
        expect(await page.locator('figure.map details li').count()).toBe(map.radni.length);
      },
      { allViolations: true },
    );
    expect(problems).toEqual([]);
    if (docsShots) {
      for (const [name, url] of [
        ['site-compare', `/porownaj?radny=${tokens[0]}&drugi=${tokens[1]}`],
        ['site-method', '/jak-liczymy'],
      ] as const) {
        await visit(browser, served.base, url, 1280, name, async (page) => {
          await page.screenshot({ path: join(DOCS, `${name}.png`) });
        });
      }
    }
  }, 120_000);
});
