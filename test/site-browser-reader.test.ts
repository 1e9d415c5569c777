// A reader's errands in Chromium (test/support/browser.ts), over the bundled sample served as deployed
// with PUBLIC_URL, at 1280 and 375 px, each page checked by axe-core with no violation of any impact:
// the search box and the name search, sharing a vote with and without JavaScript, a list's CSV
// download, and the tallies and attendance a phone must still show. Its screenshots (SITE_SCREENSHOTS=1) are the README's
// (docs/site.png, docs/site-phone.png, docs/card.png are copied from screenshots/site/).

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { parse } from 'csv-parse/sync';
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SAVE_SCREENSHOTS,
  SCREENSHOTS,
  type Served,
  downloadedBytes,
  haveChromium,
  stop,
  visit,
  launchChromium,
  serveAsDeployed,
} from './support/browser.ts';
import { buildDatabase } from './support/fixture.ts';

const SAMPLE = fileURLToPath(new URL('../data/sample', import.meta.url));
const WIDTHS = [1280, 375] as const;
const strict = { allViolations: true };

/** Every problem of a visit, and its status. */
async function expectClean(visited: Promise<{ status: number; problems: string[] }>, status = 200): Promise<void> {
  const result = await visited;
  expect(result.problems).toEqual([]);
  expect(result.status).toBe(status);
}

/** The right edge of `selector`'s first match is inside the window: seen without scrolling sideways. */
async function expectInView(page: Page, selector: string, width: number): Promise<void> {
  const element = page.locator(selector).first();
  expect(await element.isVisible(), selector).toBe(true);
  const box = (await element.boundingBox())!;
  expect(box.x, selector).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, selector).toBeLessThanOrEqual(width);
}

describe.skipIf(!haveChromium)('a reader in Chromium: find, share, take away, on a phone', () => {
  let browser: Browser;
  let site: Served;
  let db: Database.Database;

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    const dbPath = await buildDatabase(SAMPLE);
    db = new Database(dbPath, { readonly: true });
    site = await serveAsDeployed(dbPath);
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await stop(site);
    db?.close();
  });

  it("the start page and a councillor's profile: no axe violation at all", async () => {
    const token = db.prepare('SELECT token FROM radny ORDER BY name_rank LIMIT 1').pluck().get() as string;
    for (const width of WIDTHS) {
      await expectClean(
        visit(
          browser,
          site.base,
          '/',
          width,
          'czytelnik-start',
          async (page) => {
            expect(await page.locator('.synthetic').textContent()).toContain('Dane przykładowe.');
            expect(await page.locator('footer .credit').textContent()).toContain('Przykład syntetyczny');
            expect(await page.locator('footer').textContent()).toMatch(/Najnowsze głosowanie: \d+ \p{L}+ \d{4}/u);
          },
          strict,
        ),
      );
      await expectClean(visit(browser, site.base, `/radni/${token}`, width, 'czytelnik-radny', undefined, strict));
    }
  }, 120_000);

  it('search: the box on every page finds a councillor and votes; /radni finds a name typed without Polish letters', async () => {
    const name = db
      .prepare("SELECT imie_nazwisko FROM radny WHERE imie_nazwisko LIKE '%ł%' ORDER BY name_rank LIMIT 1")
      .pluck()
      .get() as string;
    const surname = name.split(' ').at(-1)!;
    const plain = surname.normalize('NFD').replace(/\p{M}/gu, '').replace(/ł/g, 'l').replace(/Ł/g, 'L').toLowerCase();
    expect(plain).not.toBe(surname.toLowerCase());
    for (const width of WIDTHS) {
      await expectClean(
        visit(
          browser,
          site.base,
          '/glosowania/1',
          width,
          'czytelnik-szukaj',
          async (page) => {
            await page.fill('#szukaj-wszedzie', plain);
            await Promise.all([page.waitForURL(/\/szukaj\?szukaj=/), page.press('#szukaj-wszedzie', 'Enter')]);
            await Promise.all([page.waitForURL(/\/radni\/[^/?]+$/), page.click(`main a:text-is("${name}")`)]);
            expect(await page.locator('h1').textContent()).toBe(name);
            await page.fill('#szukaj-wszedzie', 'budzet');
            await Promise.all([page.waitForURL(/szukaj=budzet/), page.click('form.search button')]);
            expect(await page.locator('main ul.found li').count()).toBeGreaterThan(0);
          },
          strict,
        ),
      );
      await expectClean(
        visit(
          browser,
          site.base,
          '/radni',
          width,
          'czytelnik-radni-szukaj',
          async (page) => {
            await page.fill('#f-nazwa', plain);
            await Promise.all([page.waitForURL(/nazwa=/), page.click('main form.filters button[type=submit]')]);
            expect(await page.locator('main tbody a').allTextContents()).toContain(name);
          },
          strict,
        ),
      );
    }
  }, 120_000);

  it('share with JavaScript: the link is made, shown and copied', async () => {
    for (const width of WIDTHS) {
      await expectClean(
        visit(
          browser,
          site.base,
          '/glosowania/1',
          width,
          'czytelnik-glosowanie',
          async (page) => {
            await page.click('#udostepnij button[type=submit]');
            const link = page.locator('#share-status a');
            await link.waitFor();
            const url = await link.getAttribute('href');
            expect(url).toMatch(new RegExp(`^${site.base}/share/[A-Za-z0-9_-]{22}$`));
            expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
            expect(await page.locator('#share-status').textContent()).toContain('skopiowano');
            expect(page.url()).toBe(`${site.base}/glosowania/1`); // stayed on the page
          },
          { ...strict, permissions: ['clipboard-read', 'clipboard-write'] },
        ),
      );
    }
  }, 120_000);

  it("share without JavaScript: a councillor's button posts the form and lands on the new link with the ballot marked", async () => {
    // Not through visit: axe-core needs the scripts this context turns off (the page is checked above).
    for (const width of WIDTHS) {
      const context = await browser.newContext({
        viewport: { width, height: 900 },
        locale: 'pl-PL',
        javaScriptEnabled: false,
      });
      try {
        const page = await context.newPage();
        await page.goto(`${site.base}/glosowania/1`);
        const button = page.locator('ul.ballots button[name=id_osoby]').first();
        const person = await button.getAttribute('value');
        await Promise.all([page.waitForURL(/\/share\/[A-Za-z0-9_-]{22}$/), button.click()]);
        const token = db.prepare('SELECT token FROM radny WHERE id_osoby = ?').pluck().get(Number(person)) as string;
        expect(await page.locator('li.hl a').getAttribute('href')).toBe(`/radni/${token}`); // linked by the token
        expect(await page.locator('meta[property="og:image"]').getAttribute('content')).toBe(
          `${site.base}/karty/glosowanie/1/radny/${person}.png`,
        );
        if (SAVE_SCREENSHOTS)
          await page.screenshot({ path: join(SCREENSHOTS, `czytelnik-share-bez-js-${width}.png`), fullPage: true });
      } finally {
        await context.close();
      }
    }
  }, 120_000);

  it("a list's CSV link downloads every row of the list, not one page", async () => {
    const total = db.prepare("SELECT count(*) FROM glosowanie WHERE wynik = 'odrzucono'").pluck().get() as number;
    expect(total).toBeGreaterThan(20);
    await expectClean(
      visit(
        browser,
        site.base,
        '/glosowania?wynik=odrzucono',
        1280,
        'czytelnik-glosowania-csv',
        async (page) => {
          const [download] = await Promise.all([
            page.waitForEvent('download'),
            page.click('main a[href="/glosowania.csv?wynik=odrzucono"]'),
          ]);
          expect(download.suggestedFilename()).toBe('glosowania-rada-miasta-przykladowa-i-komisje-odrzucono.csv');
          const rows = parse<{ wynik: string }>(await downloadedBytes(download), { columns: true });
          expect(rows).toHaveLength(total);
          expect(rows.every((r) => r.wynik === 'odrzucono')).toBe(true);
        },
        { ...strict, acceptDownloads: true },
      ),
    );
  }, 120_000);

  it('at 375 px the tallies and the attendance stay in view', async () => {
    await expectClean(
      visit(
        browser,
        site.base,
        '/glosowania?wyrownane=1',
        375,
        'czytelnik-wyrownane',
        async (page) => {
          await expectInView(page, 'main tbody tr td.num', 375);
        },
        strict,
      ),
    );
    await expectClean(
      visit(
        browser,
        site.base,
        '/',
        375,
        'czytelnik-start',
        async (page) => {
          await expectInView(page, 'main tbody tr td.num .nw', 375);
        },
        strict,
      ),
    );
    await expectClean(
      visit(
        browser,
        site.base,
        '/posiedzenia',
        375,
        'czytelnik-posiedzenia',
        async (page) => {
          const attendance = page.locator('main tbody tr td.num').nth(1);
          expect(await attendance.textContent()).toMatch(/% z \d+$/); // with its base (issue 36)
          const box = (await attendance.boundingBox())!;
          expect(box.x + box.width).toBeLessThanOrEqual(375);
        },
        strict,
      ),
    );
  }, 120_000);

  it('the preview card of a vote, saved beside the screenshots', async () => {
    const res = await fetch(`${site.base}/karty/glosowanie/1.png`);
    expect(res.status).toBe(200);
    writeFileSync(join(SCREENSHOTS, 'czytelnik-karta-glosowania.png'), Buffer.from(await res.arrayBuffer()));
  });
});
