// The website in Debian's Chromium (./chromium.ts, installed best-effort by .ci/run; playwright-core
// never downloads one): a visit of one page at one width that collects what went wrong (CSP reports,
// console errors, a script that ran, requests to other origins, a page wider than the window, axe-core
// violations) and, with SITE_SCREENSHOTS=1 (or DOCS_SCREENSHOTS=1), saves a screenshot into
// screenshots/site/ (git-ignored). For the browser tests of the site (test/site-browser*.test.ts).

import { readFileSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContextOptions, type Download, type Page, chromium } from 'playwright-core';
import { inject } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH, HAVE_CHROMIUM, INSTALL_CHROMIUM } from './chromium.ts';
import { freePort } from '../../tools/loopback/debian.ts';
import { type TestApp, appOver } from './fixture.ts';
import { tempDir } from './temp.ts';

export const CHROMIUM = CHROMIUM_PATH;
export const haveChromium = HAVE_CHROMIUM;
if (!haveChromium)
  console.warn(`${CHROMIUM} is not installed (${INSTALL_CHROMIUM}): the browser tests of the website are skipped`);

export const SCREENSHOTS = fileURLToPath(new URL('../../screenshots/site/', import.meta.url));
/**
 * Whether visits save their screenshots: asked for, not by default. A full-page PNG is a third of a visit's
 * time (issue 41: 2.5 of 6.5 s) and checks nothing; the checks (status, overflow, axe, the file's own) run either way.
 */
export const SAVE_SCREENSHOTS = process.env['SITE_SCREENSHOTS'] === '1' || process.env['DOCS_SCREENSHOTS'] === '1';
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'));
/**
 * Where every served test site also sends axe-core, for `visit` to load it as a page loads a script: the
 * site's CSP allows its own scripts, and Chromium keeps the compiled script between visits. Evaluated from
 * the test instead, its 500 KB went through the DevTools protocol and were compiled again on every visit
 * (issue 41: about 0.1 CPU s of a visit).
 */
const AXE_PATH = '/__test/axe.min.js';

export interface Served {
  t: TestApp;
  server: Server;
  base: string;
}

/** `t` on a loopback port (`port`, else any free one), with axe-core at AXE_PATH. */
export async function listen(t: TestApp, port = 0): Promise<Served> {
  const server = await new Promise<Server>((resolve) => {
    const s = createServer((req, res) => {
      if (req.url !== AXE_PATH) return void t.app(req, res);
      res.writeHead(200, { 'Content-Type': 'text/javascript', 'Cache-Control': 'max-age=3600, immutable' });
      res.end(AXE_SOURCE);
    }).listen(port, '127.0.0.1', () => resolve(s));
  });
  return { t, server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** The snapshot at `dbPath` served as deployed: in production, with PUBLIC_URL naming the loopback port it listens on. */
export async function serveAsDeployed(dbPath: string): Promise<Served> {
  const port = await freePort();
  return listen(appOver(dbPath, { NODE_ENV: 'production', PUBLIC_URL: `http://127.0.0.1:${port}` }), port);
}

/**
 * Debian's Chromium, headless, as every browser test runs it: the run's shared one (./chromium-server.ts,
 * the browser tier's global setup; `close()` then disconnects), else one of the file's own.
 */
export const launchChromium = (): Promise<Browser> => {
  const endpoint = inject('chromiumEndpoint');
  return endpoint ? chromium.connect(endpoint) : chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
};

/** Stops what `listen` started, and the app. */
/**
 * A download's bytes. The run's one Chromium is connected to, not launched, and a remote browser's download
 * has no local path: it is saved here first.
 */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const path = join(tempDir('council-download-'), download.suggestedFilename());
  await download.saveAs(path);
  return readFileSync(path);
}

export async function stop(served: Served | undefined): Promise<void> {
  if (!served) return;
  await new Promise((resolve) => served.server.close(resolve));
  served.t.close();
}

export interface Visit {
  status: number;
  problems: string[];
}

/** One page kept open per browser, width and context options, and what went wrong on its current visit. */
interface Tab {
  page: Page;
  problems: string[];
  /** The origin of the current visit: a request elsewhere is a problem. */
  base: string;
}
const tabs = new WeakMap<Browser, Map<string, Promise<Tab>>>();

/**
 * The page `visit` uses for `width` and `contextOptions` in `browser`: opened once and reused, visit after
 * visit (issue 41: a new context per visit cost 0.7 s and a cold axe-core 0.9 s more, a third of a visit).
 * Nothing a visit leaves behind reaches the next one's checks: the site keeps no state in the browser (no
 * cookie, no storage), each visit loads its own document, and the listeners report into the current visit.
 */
function tabFor(browser: Browser, width: number, contextOptions: BrowserContextOptions): Promise<Tab> {
  let byKey = tabs.get(browser);
  if (!byKey) tabs.set(browser, (byKey = new Map()));
  const key = JSON.stringify([width, contextOptions]);
  let tab = byKey.get(key);
  if (!tab) {
    tab = (async () => {
      const context = await browser.newContext({
        viewport: { width, height: 900 },
        locale: 'pl-PL',
        ...contextOptions,
      });
      const page = await context.newPage();
      const opened: Tab = { page, problems: [], base: '' };
      page.on('dialog', (dialog) => {
        opened.problems.push(`a script ran: dialog "${dialog.message()}"`);
        void dialog.dismiss();
      });
      page.on('console', (message) => {
        if (message.type() === 'error') opened.problems.push(`console: ${message.text()}`);
      });
      page.on('request', (request) => {
        if (!request.url().startsWith(`${opened.base}/`))
          opened.problems.push(`request to another origin: ${request.url()}`);
      });
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) =>
          console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`),
        );
      });
      return opened;
    })();
    byKey.set(key, tab);
  }
  return tab;
}

/**
 * Opens `url` at `width` (in the page kept for that width: `tabFor`): collects CSP reports, console errors,
 * dialogs (a script that ran) and requests to other origins, saves a screenshot when asked
 * (SAVE_SCREENSHOTS), and runs axe-core.
 */
export async function visit(
  browser: Browser,
  base: string,
  url: string,
  width: number,
  shot: string,
  check?: (page: Page) => Promise<void>,
  options: BrowserContextOptions & { allViolations?: boolean } = {},
): Promise<Visit> {
  const { allViolations = false, ...contextOptions } = options;
  const tab = await tabFor(browser, width, contextOptions);
  const { page } = tab;
  const problems: string[] = [];
  tab.problems = problems;
  tab.base = base;
  const response = await page.goto(`${base}${url}`, { waitUntil: 'load' });
  if (SAVE_SCREENSHOTS) await page.screenshot({ path: join(SCREENSHOTS, `${shot}-${width}.png`), fullPage: true });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  if (overflow > 0) problems.push(`${overflow} px wider than the ${width} px window`);
  await page.addScriptTag({ url: AXE_PATH });
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            context: Document,
            options: { resultTypes: string[] },
          ) => Promise<{
            violations: Array<{
              id: string;
              impact: string | null;
              help: string;
              nodes: Array<{ target: unknown[] }>;
            }>;
          }>;
        };
      }
    ).axe;
    // Every rule runs and every violation comes back whole; the passes, the inapplicable and the ones to
    // review are only what the checks never read, kept to one node each (axe-core's `resultTypes`, its
    // option for speed: a quarter of a visit's axe time, issue 41).
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
    }));
  });
  for (const v of violations) {
    if (allViolations || v.impact === 'serious' || v.impact === 'critical')
      problems.push(`axe ${v.impact} ${v.id}: ${v.help} (${v.targets.join('; ')})`);
  }
  if (check) await check(page);
  return { status: response?.status() ?? 0, problems };
}
