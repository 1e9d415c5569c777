// Issue 36's website in Chromium (test/support/browser.ts) at 1280 and 375 px, every page checked by
// axe-core with no violation of any impact and nothing wider than the window: the spreadsheet
// downloads and their file names, the lists that gained one (attendance records, /porownaj, /szukaj),
// /dane/ with every column description open, and the dashboard's figures as links.

import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { parse } from 'csv-parse/sync';
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
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
const strict = { allViolations: true, acceptDownloads: true };

async function expectClean(visited: Promise<{ status: number; problems: string[] }>): Promise<void> {
  const result = await visited;
  expect(result.problems).toEqual([]);
  expect(result.status).toBe(200);
}

/** The element is seen whole without scrolling sideways. */
async function expectInView(page: Page, selector: string, width: number): Promise<void> {
  const element = page.locator(selector).first();
  expect(await element.isVisible(), selector).toBe(true);
  const box = (await element.boundingBox())!;
  expect(box.x, selector).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, selector).toBeLessThanOrEqual(width);
}

/** Clicks a download link; the file's suggested name and its text. */
async function downloaded(page: Page, selector: string): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.click(selector)]);
  return { name: file.suggestedFilename(), text: (await downloadedBytes(file)).toString('utf8') };
}

describe.skipIf(!haveChromium)('taking the data away, in Chromium at 1280 and 375 px', () => {
  let browser: Browser;
  let site: Served;
  let db: Database.Database;
  let a: { id_osoby: number; token: string };
  let b: { id_osoby: number; token: string };

  beforeAll(async () => {
    const dbPath = await buildDatabase(SAMPLE);
    db = new Database(dbPath, { readonly: true });
    const pair = db.prepare('SELECT id_osoby, token FROM radny ORDER BY id_osoby LIMIT 2').all() as Array<typeof a>;
    a = pair[0]!;
    b = pair[1]!;
    site = await serveAsDeployed(dbPath);
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await stop(site);
    db?.close();
  });

  it("a councillor's attendance records: the spreadsheet download, named for the person, every record", async () => {
    const total = db.prepare('SELECT count(*) FROM obecnosc WHERE id_osoby = ?').pluck().get(a.id_osoby) as number;
    for (const width of WIDTHS) {
      await expectClean(
        visit(
          browser,
          site.base,
          `/radni/${a.token}/obecnosci`,
          width,
          'czytelnik-obecnosci-arkusz',
          async (page) => {
            await expectInView(page, 'main p.dl', width);
            const file = await downloaded(page, 'main p.dl a[href*=".arkusz.csv"]');
            expect(file.name).toBe(`obecnosci-radnego-${a.token}-rada-miasta-przykladowa-arkusz.csv`);
            expect(file.text.startsWith('\uFEFFid_posiedzenia;data;')).toBe(true);
            expect(parse(file.text, { columns: true, bom: true, delimiter: ';' })).toHaveLength(total);
          },
          strict,
        ),
      );
    }
  }, 120_000);

  it('/porownaj and /szukaj offer their lists; the files are named for what they hold', async () => {
    for (const width of WIDTHS) {
      await expectClean(
        visit(
          browser,
          site.base,
          `/porownaj?radny=${a.token}&drugi=${b.token}`,
          width,
          'czytelnik-porownaj-arkusz',
          async (page) => {
            await expectInView(page, 'main p.dl', width);
            const file = await downloaded(page, 'main p.dl a[href^="/porownaj/rozbiezne.csv"]');
            expect(file.name).toBe(`rozbiezne-glosy-rada-miasta-przykladowa-i-komisje-${a.token}-${b.token}.csv`);
            expect(file.text.split('\r\n')[0]).toBe('id_glosowania,data_czas,tytul,wynik,glos,glos_drugiego');
          },
          strict,
        ),
      );
      await expectClean(
        visit(
          browser,
          site.base,
          '/szukaj?szukaj=budzet',
          width,
          'czytelnik-szukaj-arkusz',
          async (page) => {
            await expectInView(page, 'main p.dl', width);
            const file = await downloaded(page, 'main a[href^="/szukaj/glosowania.arkusz.csv"]');
            expect(file.name).toBe('glosowania-rada-miasta-przykladowa-i-komisje-budzet-arkusz.csv');
          },
          strict,
        ),
      );
    }
  }, 120_000);

  it('/dane/ with every description open fits the window and offers each file both ways', async () => {
    for (const width of WIDTHS) {
      await expectClean(
        visit(
          browser,
          site.base,
          '/dane/',
          width,
          'czytelnik-dane-opisy',
          async (page) => {
            await page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
            const overflow = await page.evaluate(
              () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
            );
            expect(overflow).toBe(0);
            await expectInView(page, 'a[href="/dane/datapackage.json"]', width);
            const file = await downloaded(page, 'a[href="/dane/radni.arkusz.csv"]');
            expect(file.name).toBe('dane-radni-rada-miasta-przykladowa-i-komisje-arkusz.csv');
          },
          strict,
        ),
      );
    }
  }, 120_000);

  it("the dashboard's headline figures are links, in view on a phone", async () => {
    for (const width of WIDTHS) {
      await expectClean(
        visit(
          browser,
          site.base,
          '/',
          width,
          'czytelnik-start-liczby',
          async (page) => {
            expect(await page.locator('dl.stats dd a').count()).toBe(4);
            await expectInView(page, 'dl.stats a[href$="#srednia-frekwencja"]', width);
          },
          strict,
        ),
      );
    }
  }, 120_000);

  it('at 375 px a table wider than the screen shows a cue that it scrolls', async () => {
    await expectClean(
      visit(
        browser,
        site.base,
        '/glosowania/1',
        375,
        'czytelnik-glosowanie-przewijanie',
        async (page) => {
          const boxes = await page.evaluate(() =>
            Array.from(document.querySelectorAll('.tw'), (box) => ({
              scrolls: box.scrollWidth > box.clientWidth,
              cue: getComputedStyle(box).backgroundImage,
            })),
          );
          const scrolling = boxes.filter((b) => b.scrolls);
          expect(scrolling.length).toBeGreaterThan(0);
          for (const box of scrolling) expect(box.cue).toContain('radial-gradient');
        },
        strict,
      ),
    );
  }, 120_000);
});
