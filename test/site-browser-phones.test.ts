// Issue 36's phones and figures in Chromium (test/support/browser.ts), at 1280 and 375 px, every page
// checked by axe-core with no violation of any impact and nothing wider than the window:
// - every percent a page shows has its base beside it („92% z 50”), at both widths, on every page family
//   (with every <details> open: what a reader can unfold counts too);
// - the monthly charts are tall enough to read, with the months on x and 0–100% on y;
// - a 500-character title keeps the vote page's heading within a phone's first screen, and the whole
//   title stays in the page.

import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tidyTitle } from '../core/titles.ts';
import { type Served, haveChromium, stop, visit, launchChromium, serveAsDeployed } from './support/browser.ts';
import { buildDatabase, removeDir, tempDir } from './support/fixture.ts';
import { writeRadoskopHand } from './support/radoskop-hand.ts';
import { CUT_500, RADOSKOP_TITLES } from './support/radoskop-titles.ts';

const SAMPLE = fileURLToPath(new URL('../data/sample', import.meta.url));
const WIDTHS = [1280, 375] as const;
const strict = { allViolations: true };

async function expectClean(visited: Promise<{ status: number; problems: string[] }>): Promise<void> {
  const result = await visited;
  expect(result.problems).toEqual([]);
  expect(result.status).toBe(200);
}

/** A percent: `92%`, `84,38 %`. */
const PERCENT = /\d+(?:,\d+)?\s?%/g;
/** Its base after it, before the next percent: „92% z 50”, „91,75%: obecność na 89 z 97”, „100%\n32 (za) z 32”. */
const BASE_AFTER = /^[^%]{0,40}?\bz\s\d/;
/** Or right before it: „66 wbrew klubowi z 221 (29,86%)”. */
const BASE_BEFORE = /\bz\s[\d\s]+\($/;

/**
 * The percents of the page's main text shown without their base, with what surrounds them. What a
 * reader can unfold is opened first; a percent that is a definition or a scale, not a figure (an axis,
 * „co najmniej 40%”), is marked `data-definicja` and left out.
 */
async function percentsWithoutBase(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => {
    document.querySelectorAll('details').forEach((d) => (d.open = true));
    const hidden = Array.from(document.querySelectorAll<HTMLElement>('main [data-definicja]'));
    for (const e of hidden) e.style.display = 'none';
    const shown = document.querySelector('main')!.innerText;
    for (const e of hidden) e.style.display = '';
    return shown;
  });
  const bare: string[] = [];
  for (const m of text.matchAll(PERCENT)) {
    const before = text.slice(Math.max(0, m.index - 40), m.index);
    const after = text.slice(m.index + m[0].length);
    if (!BASE_AFTER.test(after) && !BASE_BEFORE.test(before)) {
      bare.push(`…${before.slice(-25)}[${m[0]}]${after.slice(0, 25)}…`.replace(/\s+/g, ' '));
    }
  }
  return bare;
}

describe.skipIf(!haveChromium)('phones and figures, in Chromium at 1280 and 375 px (sample council)', () => {
  let browser: Browser;
  let site: Served;
  let pages: Array<{ path: string; shot: string }>;

  beforeAll(async () => {
    const dbPath = await buildDatabase(SAMPLE);
    const db = new Database(dbPath, { readonly: true });
    const one = (sql: string) => db.prepare(sql).pluck().get() as string | number;
    const [a, b] = db.prepare('SELECT token FROM radny ORDER BY id_osoby LIMIT 2').pluck().all() as string[];
    const busiest = one(
      "SELECT r.token FROM radny r JOIN radny_stat s ON s.id_osoby = r.id_osoby AND s.kadencja = '*' ORDER BY s.liczba_glosowan DESC LIMIT 1",
    );
    const session = one('SELECT id_posiedzenia FROM posiedzenie ORDER BY liczba_glosowan DESC LIMIT 1');
    const vote = one('SELECT id_glosowania FROM glosowanie ORDER BY za + przeciw DESC LIMIT 1');
    const word = String(one('SELECT tytul FROM glosowanie ORDER BY id_glosowania LIMIT 1')).split(' ')[0]!;
    db.close();
    pages = [
      { path: '/', shot: 'procenty-start' },
      { path: '/radni', shot: 'procenty-radni' },
      { path: `/radni/${busiest}`, shot: 'procenty-radny' },
      { path: `/radni/${busiest}/obecnosci`, shot: 'procenty-obecnosci' },
      { path: '/glosowania', shot: 'procenty-glosowania' },
      { path: `/glosowania/${vote}`, shot: 'procenty-glosowanie' },
      { path: '/posiedzenia', shot: 'procenty-posiedzenia' },
      { path: `/posiedzenia/${session}`, shot: 'procenty-posiedzenie' },
      { path: '/rankingi', shot: 'procenty-rankingi' },
      { path: '/spojnosc', shot: 'procenty-spojnosc' },
      { path: `/porownaj?radny=${a}&drugi=${b}`, shot: 'procenty-porownaj' },
      { path: '/tematy', shot: 'procenty-tematy' },
      { path: `/szukaj?szukaj=${encodeURIComponent(word)}`, shot: 'procenty-szukaj' },
    ];
    site = await serveAsDeployed(dbPath);
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await stop(site);
  });

  it.each([
    'start',
    'radni',
    'radny',
    'obecnosci',
    'glosowania',
    'glosowanie',
    'posiedzenia',
    'posiedzenie',
    'rankingi',
    'spojnosc',
    'porownaj',
    'tematy',
    'szukaj',
  ])(
    'every percent of a page family has its base beside it, at both widths (%s; the map is on the home page)',
    async (name) => {
      const { path, shot } = pages.find((p) => p.shot === `procenty-${name}`)!;
      const bare: string[] = [];
      for (const width of WIDTHS) {
        await expectClean(
          visit(
            browser,
            site.base,
            path,
            width,
            shot,
            async (page) => {
              for (const found of await percentsWithoutBase(page)) bare.push(`${path} at ${width} px: ${found}`);
            },
            strict,
          ),
        );
      }
      expect(bare).toEqual([]);
    },
    120_000,
  );

  it.each([
    ['start', 1],
    ['radny', 1],
    ['spojnosc', 2],
    ['porownaj', 1],
  ])(
    'the monthly charts (%s): at least 100 px tall, the months on x and 0 to 100 percent on y, with a text alternative',
    async (name, atLeast) => {
      const url = pages.find((p) => p.shot === `procenty-${name}`)!.path;
      for (const width of WIDTHS) {
        await expectClean(
          visit(
            browser,
            site.base,
            url,
            width,
            `wykres-miesieczny-${name}`,
            async (page) => {
              const charts = page.locator('main figure.monthly');
              expect(await charts.count(), url).toBeGreaterThanOrEqual(atLeast);
              for (const chart of await charts.all()) {
                const plot = chart.locator('svg[role="img"]');
                expect((await plot.boundingBox())!.height, `${url} at ${width} px`).toBeGreaterThanOrEqual(100);
                expect(await plot.getAttribute('aria-label')).toMatch(/od .* do .*najniższa .*najwyższa/);
                const y = (await chart.locator('.yax').innerText()).replace(/\s+/g, ' ');
                expect(y).toContain('100%');
                expect(y).toContain('0%');
                const x = await chart.locator('.xax text').allTextContents();
                expect(x.length, `${url} at ${width} px: month labels`).toBeGreaterThanOrEqual(2);
                for (const label of x) expect(label).toMatch(/^(\d{4}|[a-ząćęłńóśźż]{3,4})$/);
                // the labels do not run into each other
                const boxes = await chart
                  .locator('.xax text')
                  .evaluateAll((els) =>
                    els.map((e) => e.getBoundingClientRect()).map((r) => [r.left, r.right] as const),
                  );
                for (let i = 1; i < boxes.length; i++) expect(boxes[i]![0]).toBeGreaterThan(boxes[i - 1]![1]);
                expect(await chart.locator('details table tbody tr').count()).toBeGreaterThan(0);
              }
            },
            strict,
          ),
        );
      }
    },
    120_000,
  );
});

describe.skipIf(!haveChromium)('a 500-character title on a phone (Radoskop)', () => {
  let browser: Browser;
  let site: Served;
  let dir: string;

  beforeAll(async () => {
    dir = tempDir('council-radoskop-titles-');
    await writeRadoskopHand(dir, RADOSKOP_TITLES);
    site = await serveAsDeployed(await buildDatabase(dir, 'radoskop'));
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await stop(site);
    removeDir(dir);
  });

  const whole = `${tidyTitle(CUT_500).title}…`;

  it('at 375 px the heading is short and the result is on the first screen; the whole title unfolds under it', async () => {
    await expectClean(
      visit(
        browser,
        site.base,
        '/glosowania/4',
        375,
        'tytul-500-znakow',
        async (page) => {
          const screen = page.viewportSize()!.height;
          const heading = (await page.locator('main h1').boundingBox())!;
          expect(heading.height).toBeLessThanOrEqual(screen / 4);
          const h1 = await page.locator('main h1').innerText();
          expect([...h1].length).toBeLessThanOrEqual(125);
          expect(h1.endsWith('…')).toBe(true);
          expect(whole.startsWith(h1.slice(0, -1))).toBe(true);
          expect((await page.locator('main p.lead').boundingBox())!.y).toBeLessThan(screen);
          // the whole title, in the page, readable once unfolded (no script)
          const details = page.locator('main details.tf');
          expect(await details.locator('p').textContent()).toBe(whole);
          await details.locator('summary').click();
          expect(await details.locator('p').isVisible()).toBe(true);
          expect((await details.locator('p').innerText()).replace(/\s+/g, ' ')).toBe(whole);
        },
        { ...strict, viewport: { width: 375, height: 667 } },
      ),
    );
  }, 120_000);

  it('at 1280 px the heading is the whole title, with nothing folded', async () => {
    await expectClean(
      visit(
        browser,
        site.base,
        '/glosowania/4',
        1280,
        'tytul-500-znakow',
        async (page) => {
          expect((await page.locator('main h1').innerText()).replace(/\s+/g, ' ')).toBe(whole);
          expect(await page.locator('main details.tf').isVisible()).toBe(false);
          expect(await page.locator('main').innerText()).toContain('Tytuł ucięty przez źródło.');
        },
        strict,
      ),
    );
  }, 120_000);
});
