// Preview cards (src/cards/): valid 1200×630 PNGs under 200 KB, Polish letters drawn from the bundled
// font (each differs from its plain letter and from a missing glyph), long titles wrapped and
// ellipsised within the width, the same bytes for the same data, one rendering per (snapshot, card),
// and the cards' data read from the hand council and the Sejm sample (../shared/data/sejm-sample, skipped
// without it): a councillor's card names the terms its figures cover, in the chamber's words.

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import * as fontkit from 'fontkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RADOSKOP_CREDIT, UNDESCRIBED_CSV_CREDIT, creditLine } from '../core/credit.ts';
import { CardCache } from '../src/cards/cache.ts';
import { CARD_HEIGHT, CARD_WIDTH, type CardData, cardSvg, renderCard } from '../src/cards/card.ts';
import { CardQueries, cardKeys, termsCovered } from '../src/cards/data.ts';
import { WORDINGS } from '../src/text/wording.ts';
import { FONT_FILES, textWidth, wrapText } from '../src/cards/text-layout.ts';
import { writeBundle } from './support/bundle.ts';
import { buildDatabase, removeDir, tempDir } from './support/fixture.ts';
import { HAND_COUNCIL } from './support/hand-council.ts';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Checks the PNG signature and the IHDR chunk; returns the size it declares. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  expect(png.readUInt32BE(8)).toBe(13); // IHDR's length
  expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

const LONG_TITLE =
  'Projekt uchwały w sprawie wprowadzenia zmian w Wieloletniej Prognozie Finansowej Miasta Przykładowa na lata 2024-2034 ' +
  'oraz zmiany uchwały w sprawie udzielenia pomocy finansowej Województwu, przyjęcia „Programu współpracy z organizacjami pozarządowymi” ' +
  'i nadania nazwy „Skwer Żołnierzy Wyklętych” terenowi w obrębie 17, wraz z autopoprawką Prezydenta Miasta zgłoszoną na sesji';

const voteCard = (over: Partial<CardData> = {}): CardData => ({
  council: 'Rada Miasta Przykładowa',
  kicker: 'Głosowanie · 15 stycznia 2019, 09:15',
  title: 'Zażółć gęślą jaźń: budżet obywatelski na 2019 rok',
  tally: { wynik: 'przyjęto', za: 21, przeciw: 7, wstrzymujacy: 2 },
  highlight: { sentence: 'Łucja Wróbel głosowała przeciw', ballot: 'przeciw' },
  credit: creditLine(RADOSKOP_CREDIT),
  synthetic: false,
  ...over,
});

describe('a card', () => {
  it('is a 1200×630 PNG under 200 KB, drawn the same every time; rendering time printed', async () => {
    const cards: Array<[string, CardData]> = [
      ['vote with a highlighted ballot', voteCard()],
      ['long title', voteCard({ title: LONG_TITLE })],
      ['synthetic, no highlight', voteCard({ highlight: undefined, synthetic: true, title: LONG_TITLE })],
      [
        'councillor',
        {
          council: 'Rada Miasta Przykładowa',
          kicker: 'Radna · Sojusz Wspólnego Miasta',
          title: 'Żaneta Ślusarczyk-Wójcik',
          credit: 'x',
          synthetic: true,
          facts: [
            { label: 'frekwencja', value: '95,24%' },
            { label: 'zgodność z ugrupowaniem', value: '88%' },
            { label: 'głosowania', value: '3 078' },
          ],
          scope: 'Wszystkie kadencje (2): 2014–2018, 2018–2023',
        },
      ],
    ];
    await renderCard(voteCard()); // the first rendering loads the fonts
    for (const [name, card] of cards) {
      const started = performance.now();
      const png = await renderCard(card);
      const ms = performance.now() - started;
      expect(pngSize(png), name).toEqual({ width: CARD_WIDTH, height: CARD_HEIGHT });
      expect(png.length, name).toBeLessThan(200 * 1024);
      expect((await renderCard(card)).equals(png), `${name}: same bytes again`).toBe(true);
      console.info(`card "${name}": ${(png.length / 1024).toFixed(1)} KiB, rendered in ${ms.toFixed(0)} ms`);
    }
  });

  it('draws every Polish letter from the bundled font: each differs from its plain letter and from a missing glyph', async () => {
    const font = fontkit.openSync(FONT_FILES.bold) as fontkit.Font;
    const drawn = async (title: string) => renderCard(voteCard({ title, highlight: undefined, tally: undefined }));
    const missing = await drawn('\u{E000}'); // a private-use code point: no font has it
    for (const [polish, plain] of [
      ['ł', 'l'],
      ['Ł', 'L'],
      ['ą', 'a'],
      ['ć', 'c'],
      ['ę', 'e'],
      ['ń', 'n'],
      ['ó', 'o'],
      ['ś', 's'],
      ['ź', 'z'],
      ['ż', 'z'],
      ['Ż', 'Z'],
      ['Ś', 'S'],
    ] as const) {
      expect(font.hasGlyphForCodePoint(polish.codePointAt(0)!), polish).toBe(true);
      const [a, b] = [await drawn(`${polish}${polish}${polish}`), await drawn(`${plain}${plain}${plain}`)];
      expect(a.equals(b), `${polish} drawn as ${plain}`).toBe(false);
      expect(a.equals(missing), `${polish} drawn as a missing glyph`).toBe(false);
    }
  });

  it('escapes the data into its SVG', () => {
    const svg = cardSvg(voteCard({ title: '<script>alert("x")</script> & co' }));
    expect(svg).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co');
    expect(svg).not.toContain('<script>');
  });
});

describe('wrapping', () => {
  it('breaks at spaces within the width, splits a word wider than a line, and ellipsises what is left', () => {
    const w = textWidth('Ala ma', 50, 'bold') + 0.5;
    expect(wrapText('Ala ma kota', w, 50, 'bold', 3)).toEqual(['Ala ma', 'kota']);
    expect(wrapText('  Ala   ma  ', w, 50, 'bold', 3)).toEqual(['Ala ma']);
    expect(wrapText('Ala ma kota i psa', w, 50, 'bold', 1)).toEqual([expect.stringMatching(/…$/)]);
    const word = 'Konstantynopolitańczykowianeczka'.repeat(3);
    const split = wrapText(word, 400, 50, 'bold', 10);
    expect(split.join('')).toBe(word);
    expect(split.length).toBeGreaterThan(1);
    for (const line of split) expect(textWidth(line, 50, 'bold')).toBeLessThanOrEqual(400);
  });

  it('keeps a long title within the card: every line fits, the last ends with an ellipsis', () => {
    const lines = wrapText(LONG_TITLE, 1040, 50, 'bold', 3);
    expect(lines).toHaveLength(3);
    for (const line of lines) expect(textWidth(line, 50, 'bold')).toBeLessThanOrEqual(1040);
    expect(lines[2]!.endsWith('…')).toBe(true);
    expect(LONG_TITLE.startsWith(`${lines[0]} ${lines[1]}`)).toBe(true);
  });
});

describe('the cache', () => {
  it('renders a card once per snapshot, shares a rendering in progress, and forgets old snapshots', async () => {
    let renders = 0;
    const cache = new CardCache({
      render: async (card) => {
        renders++;
        return Buffer.from(card.title);
      },
    });
    const data = () => voteCard({ title: 'A' });
    const [a, b] = await Promise.all([cache.get('s1', 'glosowanie/1', data), cache.get('s1', 'glosowanie/1', data)]);
    expect(a).toEqual(b);
    expect(renders).toBe(1);
    await cache.get('s1', 'glosowanie/1', () => {
      throw new Error('read again');
    });
    expect(renders).toBe(1);
    await cache.get('s2', 'glosowanie/1', data);
    expect(renders).toBe(2);
    expect(await cache.get('s2', 'glosowanie/404', () => undefined)).toBeUndefined();
    cache.keepOnly('s2');
    await cache.get('s1', 'glosowanie/1', data);
    expect(renders).toBe(3);
    await cache.get('s2', 'glosowanie/1', () => {
      throw new Error('read again');
    });
    expect(cache.rendered).toBe(3);
  });
});

describe("cards' data from the hand council", () => {
  let db: Database.Database;
  let dir: string;
  beforeAll(async () => {
    dir = tempDir();
    await writeBundle(dir, HAND_COUNCIL);
    db = new Database(await buildDatabase(dir), { readonly: true });
  });
  afterAll(() => {
    db?.close();
    removeDir(dir);
  });

  it('a vote with a highlighted ballot, a vote without, a councillor', () => {
    const q = new CardQueries(db, UNDESCRIBED_CSV_CREDIT, WORDINGS.rada);
    // V6 (S2, 2019-01-15T09:15) "Budżet obywatelski": Z – P Z W Z → 3 : 1, 1 abstention; Łucja Wróbel (3) voted przeciw.
    expect(q.voteCard(6, 3)).toEqual({
      council: 'Rada Miasta',
      kicker: 'Głosowanie · 15 stycznia 2019, 09:15',
      title: 'Budżet obywatelski',
      tally: { wynik: 'przyjęto', za: 3, przeciw: 1, wstrzymujacy: 1 },
      highlight: { sentence: 'Łucja Wróbel głosowała przeciw', ballot: 'przeciw' },
      credit: UNDESCRIBED_CSV_CREDIT.text,
      synthetic: false,
    });
    expect(q.voteCard(6)?.highlight).toBeUndefined();
    expect(q.voteCard(6, 2)).toBeUndefined(); // Zenon Lis has no ballot in V6
    expect(q.voteCard(404)).toBeUndefined();
    // Łucja Wróbel, all terms (she sat in both): group FS, 4/4 sessions, agreement 7/8 = 87.5%, 12 ballots, none
    // of them nieobecny (V9 is brak_glosu): participation 100 − 0 = 100%, its base on the scope line.
    expect(q.councillorCard('lucja-wrobel')).toEqual({
      council: 'Rada Miasta',
      kicker: 'Radna · Forum Samorządowe',
      title: 'Łucja Wróbel',
      scope: 'Wszystkie kadencje (2): 2014–2018, 2018–2023',
      facts: [
        { label: 'frekwencja: 4 z 4 posiedzeń', value: '100%' },
        { label: 'udział w głosowaniach: 12 z 12 głosowań', value: '100%' },
        { label: 'zgodność z ugrupowaniem: 7 z 8 głosowań', value: '87,5%' },
      ],
      credit: UNDESCRIBED_CSV_CREDIT.text,
      synthetic: false,
    });
    // The second Anna Nowak (5): 2 of 3 sessions; ballots V5 Z, V6 W, V7 Z, V8 N, V9 N, V10 Z, V11 W, V12 P: 2 of 8
    // nieobecny, participation 100 − 25 = 75%; no group, so no agreement.
    expect(q.councillorCard('anna-nowak-2')).toMatchObject({
      scope: 'Kadencja 2018–2023',
      facts: [
        { label: 'frekwencja: 2 z 3 posiedzeń', value: '66,67%' },
        { label: 'udział w głosowaniach: 6 z 8 głosowań', value: '75%' },
        { label: 'zgodność z ugrupowaniem', value: '—' },
      ],
    });
    expect(q.councillorCard('nikt')).toBeUndefined();
    expect(cardKeys.vote(6, 3)).not.toBe(cardKeys.vote(6));
  });
});

describe("a councillor's card says what its figures cover", () => {
  it('names the terms: one, a few, many', () => {
    expect(termsCovered(['2023-2027'])).toBe('Kadencja 2023–2027');
    expect(termsCovered(['2014-2018', '2018-2023'])).toBe('Wszystkie kadencje (2): 2014–2018, 2018–2023');
    expect(termsCovered(['2006-2010', '2010-2014', '2014-2018', '2018-2024'])).toBe(
      'Wszystkie kadencje (4): 2006–2010 … 2018–2024',
    );
  });

  it('draws the scope above the figures', () => {
    const svg = cardSvg({
      council: 'Sejm RP',
      kicker: 'Posłanka · Klub Parlamentarny Polska 2050',
      title: 'Anna Nowak',
      scope: 'Kadencja 2023–2027',
      facts: [{ label: 'frekwencja', value: '100%' }],
      credit: 'x',
      synthetic: false,
    });
    expect(svg).toContain('>Kadencja 2023–2027</text>');
  });
});

const SEJM = fileURLToPath(new URL('../../shared/data/sejm-sample/', import.meta.url));
if (!existsSync(SEJM)) console.warn(`cards.test.ts: ${SEJM} is absent: the Sejm's cards are not checked`);

describe.skipIf(!existsSync(SEJM))("cards' data from the Sejm sample", () => {
  let db: Database.Database;
  beforeAll(async () => {
    db = new Database(await buildDatabase(SEJM, 'sejm'), { readonly: true });
  }, 120_000);
  afterAll(() => db?.close());

  it("a member's card: poseł or posłanka, the club's full name, the term named", () => {
    const q = new CardQueries(db, UNDESCRIBED_CSV_CREDIT, WORDINGS.sejm);
    const card = q.councillorCard('piotr-adamowicz')!;
    expect(card.council).toBe('Sejm RP');
    expect(card.kicker).toBe(
      'Poseł · Klub Parlamentarny Koalicja Obywatelska - Platforma Obywatelska, Nowoczesna, Inicjatywa Polska, Zieloni',
    );
    expect(card.scope).toBe('Kadencja 2023–2027');
    // Each percent with its base; no bare count of votes (issue 46); participation beside attendance (§10).
    expect(card.facts?.map((f) => f.label.replace(/: .*/, ''))).toEqual([
      'frekwencja',
      'udział w głosowaniach',
      'zgodność z klubem',
    ]);
    for (const f of card.facts!)
      expect(f.label).toMatch(/: [\d ]+ z [\d ]+ (posiedzeń|posiedzenia|głosowań|głosowania)$/);
    expect(q.councillorCard('urszula-augustyn')!.kicker).toMatch(/^Posłanka · Klub Parlamentarny Koalicja/);
    const all = [q.councillorCard('piotr-adamowicz')!, q.councillorCard('urszula-augustyn')!];
    for (const c of all) expect(JSON.stringify(c)).not.toMatch(/radn|ugrupowa/i);
  });
});
