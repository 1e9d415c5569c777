// Opening a page of the website in Debian's Chromium (playwright-core, never a downloaded browser) and
// checking it as a reader would meet it: the CSP reports nothing, no script from the data runs, nothing
// is requested from another origin, it fits the window's width, and axe-core finds no violation.

import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
export const haveChromium = existsSync(CHROMIUM);
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation { id: string; impact: string | null; help: string; targets: string[] }
export interface Visit { status: number; problems: string[]; violations: AxeViolation[] }

/**
 * Opens `base + url` in a fresh page `width` px wide, runs `check` on it, and reports what went wrong:
 * `problems` (CSP, console errors, dialogs, other origins, overflow) and every axe violation.
 * `screenshot`: where to save a full-page picture, if anywhere.
 */
export async function visit(browser: Browser, base: string, url: string, width: number,
  { screenshot, check }: { screenshot?: string | undefined; check?: (page: Page) => Promise<void> } = {}): Promise<Visit> {
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
    if (screenshot) await page.screenshot({ path: screenshot, fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    if (overflow > 0) problems.push(`${overflow} px wider than the ${width} px window`);
    await page.evaluate(AXE_SOURCE);
    const violations = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: (context: Document) => Promise<{ violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[] }> }> }> } }).axe;
      const result = await axe.run(document);
      return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
    });
    if (check) await check(page);
    return { status: response?.status() ?? 0, problems, violations };
  } finally {
    await context.close();
  }
}
