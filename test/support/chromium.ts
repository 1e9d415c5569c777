// Where Debian's Chromium is and how every browser test starts it (./browser.ts, ./chromium-server.ts).

export const CHROMIUM_PATH = '/usr/bin/chromium';
// --disable-gpu: this machine has no GPU, and without the flag Chromium composites every frame through an
// emulated one (SwiftShader) in a GPU process: the same pages, checks and widths took 34–36 CPU s against
// 28 s without it (test/site-browser.test.ts, alternated; issue 41).
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu'];
