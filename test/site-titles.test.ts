// Vote titles on the site (issue 36, "Figures that never mislead"): every place the site, its feeds and
// its cards show a vote's title shows it tidied (core/titles.ts) and, where the source cut it, says so
// next to it; the vote's page says it plainly. The API and the site's CSV downloads keep the title as
// the snapshot stores it. Over a small synthetic council in Radoskop's shape (test/support/radoskop-titles.ts)
// and, for a source that does not cut, the hand council as a CSV bundle.

import request from './support/request.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tidyTitle } from '../core/titles.ts';
import { readersOf } from '../src/snapshot/readers.ts';
import { writeBundle } from './support/bundle.ts';
import { type TestApp, appOver, buildDatabase, removeDir, tempDir } from './support/fixture.ts';
import { HAND_COUNCIL } from './support/hand-council.ts';
import { writeRadoskopHand } from './support/radoskop-hand.ts';
import {
  COMPLETE_150,
  CUT_500,
  CUT_AFTER_SPACE,
  CUT_MID_WORD,
  RADOSKOP_TITLES,
  SHORT,
} from './support/radoskop-titles.ts';
import { decodeEntities } from './support/site-councils.ts';

/** A page's text: tags dropped, entities decoded, whitespace folded. */
const textOf = (html: string) =>
  decodeEntities(html.replace(/<[^>]+>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();

/** What the site shows of a raw title: tidied, „…” where cut. */
const shown = (raw: string, cut: boolean) => `${tidyTitle(raw.trim()).title}${cut ? '…' : ''}`;
const MARK = '(tytuł ucięty przez źródło)';

/** The text of a page's heading, as at 1280 px (without the „…” a phone's short heading ends in). */
const headingOf = (html: string) =>
  decodeEntities(
    /<h1[^>]*>(.*?)<\/h1>/s
      .exec(html)![1]!
      .replace(/<span class="te"[^>]*>.*?<\/span>/s, '')
      .replace(/<[^>]+>/g, ''),
  );

describe('vote titles from a source that cuts them (Radoskop)', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = tempDir('council-radoskop-titles-');
    await writeRadoskopHand(dir, RADOSKOP_TITLES);
    t = appOver(await buildDatabase(dir, 'radoskop'), { PUBLIC_URL: 'https://rada.example' }); // for the preview tags
  });
  afterAll(() => {
    t?.close();
    removeDir(dir);
  });

  const get = async (path: string) => {
    const res = await request(t.app).get(path);
    expect(res.status, path).toBe(200);
    return res;
  };
  const page = async (path: string) => textOf((await get(path)).text);

  it('the vote page: the tidy title with „…” as its heading and <title>, and a plain note that the source cut it', async () => {
    const html = (await get('/glosowania/1')).text;
    const title = shown(CUT_MID_WORD, true);
    expect(title).toMatch(/^W sprawie nadania .* w rejonie uli…$/);
    expect(headingOf(html)).toBe(title);
    expect(decodeEntities(/<title>(.*?)<\/title>/s.exec(html)![1]!)).toContain(title);
    expect(decodeEntities(html)).toContain(`content="${title}: `); // the preview's image description
    const text = textOf(html);
    expect(text).toContain('Tytuł ucięty przez źródło. Źródło podało tylko 150 pierwszych znaków tytułu');
    expect(html).toMatch(/href="\/jak-liczymy#tytuly"/);
    expect(text).not.toContain(CUT_MID_WORD); // never the raw lower-case fragment
  });

  it('a title the source cut right after a space (stored trimmed, 149 characters) is marked too', async () => {
    const text = await page('/glosowania/2');
    expect(text).toContain(shown(CUT_AFTER_SPACE, true));
    expect(text).toContain('Tytuł ucięty przez źródło.');
  });

  it('a complete title of a cut length and a short fragment: tidied, not marked', async () => {
    for (const [id, raw] of [
      [3, COMPLETE_150],
      [5, SHORT],
    ] as const) {
      const text = await page(`/glosowania/${id}`);
      expect(text).toContain(shown(raw, false));
      expect(text).not.toContain('Tytuł ucięty przez źródło');
      expect(text).not.toContain(MARK);
    }
    expect(shown(SHORT, false)).toBe('W sprawie rozpatrzenia skargi');
  });

  it('a 500-character title cut by the source: marked', async () => {
    const html = (await get('/glosowania/4')).text;
    expect(headingOf(html)).toBe(shown(CUT_500, true));
    const text = textOf(html);
    expect(text).toContain('Źródło podało tylko 500 pierwszych znaków tytułu');
  });

  it.each([
    ['/glosowania', 'the list of votes'],
    ['/szukaj?szukaj=nadania', 'search results'],
    ['/posiedzenia/1', 'the session’s votes'],
    ['/radni/anna-lis', 'a councillor’s votes'],
    ['/porownaj?radny=anna-lis&drugi=jan-mak', 'the votes two councillors differ in'],
    ['/rankingi', 'the vote rankings'],
    ['/', 'the dashboard'],
  ])('%s (%s): the tidy title with „…”, the mark next to it, never the raw title', async (path) => {
    const text = await page(path);
    expect(text, path).toContain(`${shown(CUT_MID_WORD, true)} ${MARK}`);
    expect(text, path).not.toContain(CUT_MID_WORD);
    expect(text, path).not.toContain(`${shown(COMPLETE_150, false)} ${MARK}`);
  });

  it('/jak-liczymy explains what is tidied and how a cut is told, for this source', async () => {
    const text = await page('/jak-liczymy');
    expect(text).toContain('Tytuły głosowań');
    expect(text).toContain('Radoskop podaje najwyżej 150 znaków tytułu');
    expect(text).toContain('ucina tytuły po 150 albo 500 znakach');
  });

  it('the feeds and the preview card: the tidy title with „…”; the feed entry says the source cut it', async () => {
    const feed = decodeEntities((await get('/glosowania/kanal.atom')).text);
    expect(feed).toContain(`<title>${shown(CUT_MID_WORD, true)}</title>`);
    expect(feed).toContain('Tytuł ucięty przez źródło.');
    expect(feed).not.toContain(`<title>${CUT_MID_WORD}</title>`);
    const councillor = decodeEntities((await get('/radni/jan-mak/kanal.atom')).text);
    expect(councillor).not.toContain(CUT_MID_WORD);
    const card = readersOf(t.snapshots.active!).cards.voteCard(1)!;
    expect(card.title).toBe(shown(CUT_MID_WORD, true));
  });

  it('the API keeps the title as stored: raw, in lower case, without „…”', async () => {
    const res = await request(t.app).get('/api/glosowania/1');
    expect(res.status).toBe(200);
    expect(res.body.data.tytul).toBe(CUT_MID_WORD);
    const list = await request(t.app).get('/api/glosowania?limit=10');
    expect(list.body.data.map((v: { tytul: string }) => v.tytul)).toContain(CUT_AFTER_SPACE.trim());
  });

  it('the site’s CSV download keeps the stored title too (data for programs and spreadsheets)', async () => {
    const csv = (await get('/glosowania.csv')).text;
    expect(csv).toContain(CUT_MID_WORD);
    expect(csv).not.toContain(MARK);
  });
});

describe('vote titles from a source that does not cut them (a CSV bundle)', () => {
  let t: TestApp;
  let dir: string;
  const long = (CUT_MID_WORD + ' ').repeat(2).slice(0, 150); // 150 characters, lower case, mid-word
  beforeAll(async () => {
    dir = tempDir('council-bundle-');
    const bundle = JSON.parse(JSON.stringify(HAND_COUNCIL)) as typeof HAND_COUNCIL;
    bundle['glosowania.csv']!.find((r) => r.id_glosowania === 2)!.tytul = long;
    await writeBundle(dir, bundle);
    t = appOver(await buildDatabase(dir, 'csv'));
  });
  afterAll(() => {
    t?.close();
    removeDir(dir);
  });

  it('a 150-character title is tidied but never marked as cut', async () => {
    const text = textOf((await request(t.app).get('/glosowania/2')).text);
    expect(text).toContain(shown(long, false));
    expect(text).not.toContain('Tytuł ucięty przez źródło');
    expect(textOf((await request(t.app).get('/glosowania')).text)).not.toContain(MARK);
  });
});
