// A preview card of a hostile title (issue 34, 4): a vote whose title is one unbroken token of a
// megabyte. Laying it out must take bounded time — what fits on the card's lines, not the title's
// length — and the server must answer other requests meanwhile. A real `council serve` process, so
// that a blocked event loop shows as a /health that does not answer.

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runEtl } from '../etl/run.ts';
import { cardSvg } from '../src/cards/card.ts';
import { textWidth, wrapText } from '../src/cards/text-layout.ts';
import { generateBundle } from '../tools/generate/index.ts';
import { tempDir } from './support/fixture.ts';
import { type ServerProcess, killAll, startServerProcess } from './support/server-process.ts';

const MEGABYTE_TOKEN = 'W'.repeat(1 << 20);

describe('laying out a hostile title', () => {
  it.each([
    ['one unbroken token of 1 MB', MEGABYTE_TOKEN],
    ['a token of 600 characters', 'Ż'.repeat(600)],
    ['1 MB of short words', 'ab '.repeat(350_000)],
    ['1 MB of zero-width spaces between letters', 'a\u200b'.repeat(500_000)],
  ])("%s: within the card's lines, ellipsised, in bounded time", (_name, title) => {
    wrapText('warm up the font', 1040, 50, 'bold', 4);
    const started = performance.now();
    const lines = wrapText(title, 1040, 50, 'bold', 4);
    const ms = performance.now() - started;
    expect(lines.length).toBeLessThanOrEqual(4);
    for (const line of lines) expect(textWidth(line, 50, 'bold')).toBeLessThanOrEqual(1040);
    expect(lines.at(-1)!.endsWith('…')).toBe(true);
    // Before: quadratic in the token's length (600 characters took seconds, 1 MB over ten minutes).
    expect(ms).toBeLessThan(15_000);
    console.info(`wrapText, ${_name}: ${ms.toFixed(0)} ms`);
  });

  it("the card's SVG holds only what is shown of the title", () => {
    const svg = cardSvg({
      council: 'Rada',
      kicker: 'Głosowanie',
      title: MEGABYTE_TOKEN,
      credit: 'x',
      synthetic: false,
    });
    expect(svg.length).toBeLessThan(10_000);
  });
});

describe('a server asked for the card of a hostile title', () => {
  let server: ServerProcess;

  beforeAll(async () => {
    const source = tempDir();
    await generateBundle(source, { seed: 4, radni: 8, glosowania: 20, kadencje: 1 });
    const votes = readFileSync(join(source, 'glosowania.csv'), 'utf8').split('\n');
    const header = votes[0]!.split(',');
    const title = header.indexOf('tytul');
    // Vote 1's title becomes the megabyte token (the generator writes no quoted field before it on the line).
    votes[1] = votes[1]!
      .split(',')
      .map((field, i) => (i === title ? MEGABYTE_TOKEN : field))
      .join(',');
    expect(votes[1].startsWith('1,')).toBe(true);
    writeFileSync(join(source, 'glosowania.csv'), votes.join('\n'));
    const dbPath = join(tempDir(), 'council.db');
    await runEtl({ source, dbPath });
    server = await startServerProcess({ DB_PATH: dbPath, CRON_SCHEDULE: '' });
  }, 120_000);

  afterAll(killAll);

  it('renders it in bounded time, and /health answers while it does', async () => {
    const started = Date.now();
    let cardDone = false;
    const card = fetch(`${server.url}/karty/glosowanie/1.png`, { signal: AbortSignal.timeout(60_000) }).then(
      async (res) => {
        cardDone = true;
        return {
          status: res.status,
          type: res.headers.get('content-type'),
          bytes: (await res.arrayBuffer()).byteLength,
          ms: Date.now() - started,
        };
      },
    );
    const healthWhileRendering: number[] = [];
    while (!cardDone && Date.now() - started < 60_000) {
      const asked = Date.now();
      const health = await fetch(`${server.url}/health`, { signal: AbortSignal.timeout(10_000) });
      expect(health.status).toBe(200);
      healthWhileRendering.push(Date.now() - asked);
      await new Promise((r) => setTimeout(r, 50));
    }
    const answered = await card;
    expect(answered).toMatchObject({ status: 200, type: 'image/png' });
    expect(answered.ms).toBeLessThan(30_000);
    expect(Math.max(0, ...healthWhileRendering)).toBeLessThan(5_000);
    console.info(
      `the card of a 1 MB title: ${answered.ms} ms, ${answered.bytes} bytes; /health meanwhile at most ${Math.max(0, ...healthWhileRendering)} ms`,
    );
  }, 120_000);
});
