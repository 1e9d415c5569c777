// Where Debian's Chromium is and how every browser test starts it (./browser.ts, ./chromium-server.ts,
// test/docs-browser.test.ts). Debian's `chromium-headless-shell` when it is installed: the same Blink and
// version as `chromium` without the full browser around it, which started about six times as many renderer
// processes for the same visits and took twice their CPU (issue 41, docs/PERFORMANCE.md); else `chromium`.

import { existsSync } from 'node:fs';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

const INSTALLED = [HEADLESS_SHELL, '/usr/bin/chromium'].find((path) => existsSync(path));
/** Whether either is installed: without, the browser tests skip. */
export const HAVE_CHROMIUM = INSTALLED !== undefined;
/** The Chromium the browser tests run (the headless shell's path when neither is installed). */
export const CHROMIUM_PATH = INSTALLED ?? HEADLESS_SHELL;
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-dev-shm-usage'];
/** What to install where there is none. */
export const INSTALL_CHROMIUM = 'apt-get install chromium-headless-shell (or chromium)';
