// Where Debian's Chromium is and how every browser test starts it (./browser.ts, ./chromium-server.ts).

export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-dev-shm-usage'];
