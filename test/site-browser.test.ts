// The website in a real browser: Debian's Chromium (/usr/bin/chromium, installed best-effort by
// .ci/run; playwright-core never downloads one) opens every page at 1280 and 375 px over loopback,
// saves a screenshot of each into screenshots/site/ (git-ignored; SITE_SCREENSHOTS=1), runs axe-core (no serious or
// critical violation), checks that the page fits a phone's width, that the CSP reports nothing, that
// nothing is requested from another origin, and that hostile data runs no script. Then it follows a
// share link from the API to its page. Skipped, with a warning, where there is no Chromium.

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENSHOTS, type Served, haveChromium, listen, stop, visit, launchChromium } from './support/browser.ts';
import { writeBundle } from './support/bundle.ts';
import { appOver, buildDatabase, tempDir } from './support/fixture.ts';
import { HOSTILE, hostileCouncil, twoCouncils } from './support/site-councils.ts';

const KEY = 'k'.repeat(40);
const ORIGIN = 'https://app.example.org';

/** An app over `bundle` as deployed (production, an origin allow-list, an API key), on a loopback port. */
async function serve(bundle: Parameters<typeof writeBundle>[1]): Promise<Served> {
  const dir = join(tempDir(), 'bundle');
  await writeBundle(dir, bundle);
  const t = appOver(await buildDatabase(dir), {
    NODE_ENV: 'production',
    ALLOWED_ORIGINS: [ORIGIN],
    API_SECRET_KEY: KEY,
    RATE_LIMIT_MAX_REQUESTS: 10_000,
  });
  return listen(t);
}

describe.skipIf(!haveChromium)('the website in headless Chromium', () => {
  let browser: Browser;
  let hostile: Served;
  let councils: Served;
  let token: string;

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    [hostile, councils] = await Promise.all([serve(hostileCouncil()), serve(twoCouncils())]);
    token = (
      (await (
        await fetch(`${hostile.base}/api/radni/1`, { headers: { Origin: ORIGIN, 'X-API-Key': KEY } })
      ).json()) as { data: { token: string } }
    ).data.token;
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await Promise.all([stop(hostile), stop(councils)]);
  });

  const PAGES: Array<[string, () => string]> = [
    ['start', () => '/'],
    ['radni', () => '/radni'],
    ['radny', () => `/radni/${token}`],
    ['radny-buntownicze', () => '/radni/lucja-wrobel?lista=buntownicze'],
    ['glosowania', () => '/glosowania?szukaj=bud%C5%BCet'],
    ['glosowanie', () => '/glosowania/1'],
    ['posiedzenia', () => '/posiedzenia'],
    ['posiedzenie', () => '/posiedzenia/1'],
    ['rankingi', () => '/rankingi'],
    ['404', () => '/glosowania/999'],
  ];

  it.each(PAGES)(
    '%s: at 1280 and 375 px, accessible, no script from the data, nothing from elsewhere',
    async (name, path) => {
      for (const width of [1280, 375]) {
        const { status, problems } = await visit(browser, hostile.base, path(), width, name, async (page) => {
          expect(await page.locator('img, iframe').count()).toBe(0);
        });
        expect(status, `${path()} at ${width}`).toBe(name === '404' ? 404 : 200);
        // The 404 page's own status is logged by Chromium as a failed load; nothing else may be.
        const unexpected = name === '404' ? problems.filter((p) => !p.includes('status of 404')) : problems;
        expect(unexpected, `${path()} at ${width}`).toEqual([]);
      }
    },
    120_000,
  );

  it('several councils: the picker scopes the pages (1280 and 375 px)', async () => {
    for (const width of [1280, 375]) {
      const { problems } = await visit(browser, councils.base, '/glosowania', width, 'wybor-rady', async (page) => {
        await page.selectOption('#wybor-rady', '2');
        await Promise.all([page.waitForURL(/organ=2/), page.click('.picker button')]);
        expect(await page.locator('main tbody tr').count()).toBe(2); // votes 8 and 9
        await Promise.all([page.waitForURL(/\/radni\?organ=2$/), page.click('nav.nav a[href^="/radni"]')]);
        expect(await page.locator('#wybor-rady').inputValue()).toBe('2');
      });
      expect(problems).toEqual([]);
    }
  }, 120_000);

  it('follows a share link from the API to its page: the preview card and the marked councillor', async () => {
    const created = await fetch(`${hostile.base}/api/glosowania/1/udostepnij`, {
      method: 'POST',
      headers: { Origin: ORIGIN, 'X-API-Key': KEY, 'Content-Type': 'application/json' },
      body: JSON.stringify({ id_osoby: 4 }),
    });
    expect(created.status).toBe(201);
    const { url } = ((await created.json()) as { data: { url: string } }).data;
    for (const width of [1280, 375]) {
      const { status, problems } = await visit(browser, hostile.base, url, width, 'share', async (page) => {
        const meta = (selector: string) => page.locator(selector).getAttribute('content');
        expect(await meta('meta[property="og:title"]')).toBe(HOSTILE.title);
        expect(await meta('meta[property="og:description"]')).toBe('Lech Mazur głosował przeciw · przyjęto 3 : 1');
        // without PUBLIC_URL: no absolute URL, so no og:url and no preview image
        expect(await page.locator('meta[property="og:url"]').count()).toBe(0);
        expect(await meta('meta[name="twitter:card"]')).toBe('summary');
        expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(url);
        expect(await page.title()).toContain(HOSTILE.title);
        expect(await page.locator('h1').textContent()).toBe(HOSTILE.title);
        expect(await page.locator('li.hl').textContent()).toContain('Lech Mazur');
        expect(await page.locator('body').textContent()).toContain(HOSTILE.name);
        // the enhancement: the "copy link" button is shown where the clipboard API exists
        expect(await page.locator('button.copy').isVisible()).toBe(true);
      });
      expect(status).toBe(200);
      expect(problems).toEqual([]);
    }
  }, 120_000);
});
