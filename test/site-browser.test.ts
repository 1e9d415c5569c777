// The website in a real browser: Debian's Chromium (/usr/bin/chromium, installed best-effort by
// .ci/run; playwright-core never downloads one) opens every page at 1280 and 375 px over loopback,
// saves a screenshot of each into screenshots/site/ (git-ignored), runs axe-core (no serious or
// critical violation), checks that the page fits a phone's width, that the CSP reports nothing, that
// nothing is requested from another origin, and that hostile data runs no script. Then it follows a
// share link from the API to its page. Skipped, with a warning, where there is no Chromium.

import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type Page, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeBundle } from './support/bundle.ts';
import { type TestApp, appOver, buildDatabase, tempDir } from './support/fixture.ts';
import { HOSTILE, hostileCouncil, twoCouncils } from './support/site-councils.ts';

const CHROMIUM = '/usr/bin/chromium';
const haveChromium = existsSync(CHROMIUM);
if (!haveChromium) console.warn(`${CHROMIUM} is not installed (apt-get install chromium): the browser test of the website is skipped`);

const SCREENSHOTS = fileURLToPath(new URL('../screenshots/site/', import.meta.url));
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const KEY = 'k'.repeat(40);
const ORIGIN = 'https://app.example.org';

interface Served {
  t: TestApp;
  server: Server;
  base: string;
}

/** An app over `bundle` as deployed (production, an origin allow-list, an API key), on a loopback port. */
async function serve(bundle: Parameters<typeof writeBundle>[1]): Promise<Served> {
  const dir = join(tempDir(), 'bundle');
  await writeBundle(dir, bundle);
  const t = appOver(await buildDatabase(dir), { NODE_ENV: 'production', ALLOWED_ORIGINS: [ORIGIN], API_SECRET_KEY: KEY, RATE_LIMIT_MAX_REQUESTS: 10_000 });
  const server = await new Promise<Server>((resolve) => {
    const s = createServer(t.app).listen(0, '127.0.0.1', () => resolve(s));
  });
  return { t, server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

interface Visit {
  status: number;
  problems: string[];
}

/**
 * Opens `url` in a fresh page of `width` px: collects CSP reports, console errors, dialogs (a script
 * that ran) and requests to other origins, saves a screenshot, and runs axe-core.
 */
async function visit(browser: Browser, base: string, url: string, width: number, shot: string,
  check?: (page: Page) => Promise<void>): Promise<Visit> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'pl-PL' });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('dialog', (dialog) => {
    problems.push(`a script ran: dialog "${dialog.message()}"`);
    void dialog.dismiss();
  });
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('request', (request) => {
    if (!request.url().startsWith(`${base}/`)) problems.push(`request to another origin: ${request.url()}`);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`));
  });
  try {
    const response = await page.goto(`${base}${url}`, { waitUntil: 'load' });
    await page.screenshot({ path: join(SCREENSHOTS, `${shot}-${width}.png`), fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    if (overflow > 0) problems.push(`${overflow} px wider than the ${width} px window`);
    await page.evaluate(AXE_SOURCE);
    const violations = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: (context: Document) => Promise<{ violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[] }> }> }> } }).axe;
      const result = await axe.run(document);
      return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
    });
    for (const v of violations) {
      if (v.impact === 'serious' || v.impact === 'critical') problems.push(`axe ${v.impact} ${v.id}: ${v.help} (${v.targets.join('; ')})`);
    }
    if (check) await check(page);
    return { status: response?.status() ?? 0, problems };
  } finally {
    await context.close();
  }
}

describe.skipIf(!haveChromium)('the website in headless Chromium', () => {
  let browser: Browser;
  let hostile: Served;
  let councils: Served;
  let token: string;

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    [hostile, councils] = await Promise.all([serve(hostileCouncil()), serve(twoCouncils())]);
    token = ((await (await fetch(`${hostile.base}/api/radni/1`, { headers: { Origin: ORIGIN, 'X-API-Key': KEY } })).json()) as { data: { token: string } }).data.token;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    for (const s of [hostile, councils]) {
      if (!s) continue;
      await new Promise((resolve) => s.server.close(resolve));
      s.t.close();
    }
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

  it.each(PAGES)('%s: at 1280 and 375 px, accessible, no script from the data, nothing from elsewhere', async (name, path) => {
    for (const width of [1280, 375]) {
      const { status, problems } = await visit(browser, hostile.base, path(), width, name, async (page) => {
        expect(await page.locator('img, iframe').count()).toBe(0);
      });
      expect(status, `${path()} at ${width}`).toBe(name === '404' ? 404 : 200);
      // The 404 page's own status is logged by Chromium as a failed load; nothing else may be.
      const unexpected = name === '404' ? problems.filter((p) => !p.includes('status of 404')) : problems;
      expect(unexpected, `${path()} at ${width}`).toEqual([]);
    }
  }, 120_000);

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
      method: 'POST', headers: { Origin: ORIGIN, 'X-API-Key': KEY, 'Content-Type': 'application/json' }, body: JSON.stringify({ id_osoby: 4 }),
    });
    expect(created.status).toBe(201);
    const { url } = ((await created.json()) as { data: { url: string } }).data;
    for (const width of [1280, 375]) {
      const { status, problems } = await visit(browser, hostile.base, url, width, 'share', async (page) => {
        const meta = (selector: string) => page.locator(selector).getAttribute('content');
        expect(await meta('meta[property="og:title"]')).toBe(HOSTILE.title);
        expect(await meta('meta[property="og:description"]')).toBe('Lech Mazur głosował przeciw · przyjęto 3 : 1');
        expect(await meta('meta[property="og:url"]')).toBe(`${hostile.base}${url}`);
        expect(await meta('meta[name="twitter:card"]')).toBe('summary');
        expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${hostile.base}${url}`);
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
