// Titles tidied for display (core/titles.ts): the fragments real sources give, made readable without
// changing what they say, and told apart when the source cut them. The cases imitate the patterns
// found in ../shared/data (described in core/titles.ts); they are not copied from it.

import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TITLE_CUT_LENGTHS, tidyStoredTitle, tidyTitle } from '../core/titles.ts';

const RADOSKOP = TITLE_CUT_LENGTHS.radoskop;
/** `start` padded with words to exactly `length` characters, cut wherever that falls. */
const cutAt = (start: string, length: number) =>
  (start + ' w sprawie zmiany uchwały w sprawie budżetu miasta'.repeat(20)).slice(0, length);

describe('tidyTitle', () => {
  it.each([
    [
      'w sprawie nadania nazwy ulicy w mieście Gdańsku (druk 123);.',
      'W sprawie nadania nazwy ulicy w mieście Gdańsku (druk 123)',
    ],
    ['zmieniająca uchwałę w sprawie budżetu na 2021 rok;', 'Zmieniająca uchwałę w sprawie budżetu na 2021 rok'],
    ['w sprawie przyjęcia sprawozdania (druk 7); .', 'W sprawie przyjęcia sprawozdania (druk 7)'],
    ['w sprawie rozpatrzenia skargi,.', 'W sprawie rozpatrzenia skargi'],
    ['w sprawie wyboru ławników, ', 'W sprawie wyboru ławników'],
    ['ślubowanie radnej;', 'Ślubowanie radnej'],
    ['żłobki miejskie – zmiana statutu;.', 'Żłobki miejskie – zmiana statutu'],
    ['w sprawie planu na lata 2024-2030 r..', 'W sprawie planu na lata 2024-2030 r.'],
    ['w sprawie planu na 2025 r.;', 'W sprawie planu na 2025 r.'],
    ['w sprawie zadań...;', 'W sprawie zadań...'],
    ['Porządek obrad .', 'Porządek obrad.'],
    ['  Budżet   2019 ', 'Budżet 2019'],
    ['Uchwała\nw sprawie\tstatutu', 'Uchwała w sprawie statutu'],
    // Left as they are: whole sentences, the council's own elisions, the Sejm's „title — topic”.
    [
      '5. Zmiany w porządku obrad. Rozpatrzenie projektu uchwały w sprawie opłat (DS-12/24).',
      '5. Zmiany w porządku obrad. Rozpatrzenie projektu uchwały w sprawie opłat (DS-12/24).',
    ],
    [
      'Projekt uchwały w sprawie zasad i trybu..... (DS-5/25)',
      'Projekt uchwały w sprawie zasad i trybu..... (DS-5/25)',
    ],
    ['Uchwała w sprawie zadań...', 'Uchwała w sprawie zadań...'],
    [
      'Pkt. 3 Sprawozdanie Komisji o projekcie ustawy (druki nr 12 i 34) — głosowanie nad całością projektu.',
      'Pkt. 3 Sprawozdanie Komisji o projekcie ustawy (druki nr 12 i 34) — głosowanie nad całością projektu.',
    ],
    ['', ''],
    [';', ';'],
  ])('%j → %j', (raw, title) => {
    expect(tidyTitle(raw, RADOSKOP)).toEqual({ title, cut: false });
  });

  it('says a title of a cut length that ends mid-word or after a space was cut by its source', () => {
    const midWord = cutAt('w sprawie', 150);
    expect(midWord).toHaveLength(150);
    expect(tidyTitle(midWord, RADOSKOP)).toEqual({ title: `W${midWord.slice(1).trimEnd()}`, cut: true });
    const afterSpace = `${cutAt('w sprawie', 149)} `;
    expect(tidyTitle(afterSpace, RADOSKOP)).toMatchObject({ cut: true });
    expect(tidyTitle(`${cutAt('w sprawie', 140)} przy ul. `, RADOSKOP)).toMatchObject({ cut: true });
    expect(tidyTitle(cutAt('5. Rozpatrzenie projektu uchwały', 500), RADOSKOP)).toMatchObject({ cut: true }); // Katowice's limit
  });

  it('but not one that ends complete at that length, one of another length, or one from a source that does not cut', () => {
    for (const end of [');.', ');', ')', '.']) {
      const title = `${cutAt('w sprawie', 150 - end.length - 9)} (druk 1${end}`.padStart(150, 'x');
      expect(title).toHaveLength(150);
      expect(tidyTitle(title, RADOSKOP).cut, end).toBe(false);
    }
    expect(tidyTitle(cutAt('w sprawie', 149), RADOSKOP).cut).toBe(false);
    expect(tidyTitle(cutAt('w sprawie', 151), RADOSKOP).cut).toBe(false);
    // The Sejm's titles are not cut, though many are exactly 150 characters and end in a whole word.
    const sejm =
      `Wniosek o skrócenie terminu w sprawie sprawozdania z druku nr 787 — głosowanie nad przyjęciem wniosku`.padStart(
        150,
        'x',
      );
    expect(tidyTitle(sejm, TITLE_CUT_LENGTHS.sejm).cut).toBe(false);
    expect(tidyTitle(cutAt('w sprawie', 150)).cut).toBe(false); // no known cut length
  });

  it('is idempotent and never lengthens a title', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', 'ż', 'W', ' ', ';', ',', '.', ')', '(', '\n', '1') }),
        (raw) => {
          const once = tidyTitle(raw).title;
          expect(tidyTitle(once).title).toBe(once);
          expect(once.length).toBeLessThanOrEqual(raw.length);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('tidyStoredTitle: a title as the snapshot stores it, trimmed by the ETL', () => {
  it('a title cut right after a space is stored one short of the cut length, ending in a whole word: cut', () => {
    const stored = `${cutAt('w sprawie', 149)} `.trim(); // what etl/sources/radoskop.ts keeps of it
    expect([...stored].length).toBeLessThan(150);
    expect(tidyTitle(stored, RADOSKOP).cut).toBe(false);
    expect(tidyStoredTitle(stored, RADOSKOP)).toEqual({ title: tidyTitle(stored).title, cut: true });
    expect(tidyStoredTitle(cutAt('5. Rozpatrzenie projektu uchwały', 499).trim(), RADOSKOP).cut).toBe(true);
  });

  it('as tidyTitle otherwise: a cut length itself, a complete end one short of it, other lengths, no known cut', () => {
    const midWord = cutAt('w sprawie', 150);
    expect(tidyStoredTitle(midWord, RADOSKOP)).toEqual(tidyTitle(midWord, RADOSKOP));
    const complete = `${cutAt('w sprawie', 140)} (druk 1)`.padStart(149, 'x');
    expect(complete).toHaveLength(149);
    expect(tidyStoredTitle(complete, RADOSKOP).cut).toBe(false);
    expect(tidyStoredTitle(cutAt('w sprawie', 148).trim(), RADOSKOP).cut).toBe(false);
    expect(tidyStoredTitle(cutAt('w sprawie', 149).trim()).cut).toBe(false);
    expect(tidyStoredTitle(cutAt('w sprawie', 149).trim(), TITLE_CUT_LENGTHS.sejm).cut).toBe(false);
  });
});

const radoskopDir = fileURLToPath(new URL('../../shared/data/radoskop/', import.meta.url));
const sejmDir = fileURLToPath(new URL('../../shared/data/sejm-sample/', import.meta.url));
const haveData = existsSync(radoskopDir) && existsSync(sejmDir);
if (!haveData) console.warn(`titles.test.ts: ${radoskopDir} or ${sejmDir} is absent: the real titles are not checked`);

describe.skipIf(!haveData)('the real titles (../shared/data)', () => {
  const termsOf = (council: string) =>
    readdirSync(join(radoskopDir, council))
      .filter((f) => /^kadencja-.*\.json$/.test(f))
      .flatMap((f) =>
        (
          JSON.parse(readFileSync(join(radoskopDir, council, f), 'utf8')) as { votes: Array<{ topic: string }> }
        ).votes.map((v) => v.topic),
      );

  it.each(['gdansk', 'katowice'])(
    'Radoskop, %s: capitalised, without the trailing „;”, cut only at a cut length',
    (council) => {
      const titles = termsOf(council);
      const tidy = titles.map((raw) => ({ raw, ...tidyTitle(raw, TITLE_CUT_LENGTHS.radoskop) }));
      expect(tidy.filter((t) => /^\p{Ll}/u.test(t.title) || /[;,]$/.test(t.title))).toEqual([]);
      expect(tidy.filter((t) => t.cut && !RADOSKOP.includes(t.raw.length))).toEqual([]);
      // Gdańsk's titles stop at 150 characters, most of those mid-word; Katowice's at 500, a few.
      const cut = tidy.filter((t) => t.cut).length;
      if (council === 'gdansk') expect(cut / titles.filter((t) => t.length === 150).length).toBeGreaterThan(0.9);
      else expect(cut).toBeLessThanOrEqual(titles.filter((t) => t.length === 500).length);
    },
  );

  it('Radoskop as the snapshot stores it (trimmed, spaces collapsed): the cuts found in the source, nearly all, and almost nothing else', () => {
    for (const council of ['gdansk', 'katowice']) {
      const titles = termsOf(council);
      const marked = titles.map((raw) => ({
        inSource: tidyTitle(raw, RADOSKOP).cut,
        stored: tidyStoredTitle(raw.replace(/\s+/g, ' ').trim(), RADOSKOP).cut,
      }));
      const cut = marked.filter((t) => t.inSource).length;
      const missed = marked.filter((t) => t.inSource && !t.stored).length;
      const extra = marked.filter((t) => !t.inSource && t.stored).length;
      expect(missed, council).toBeLessThanOrEqual(Math.ceil(cut * 0.01));
      expect(extra, council).toBeLessThanOrEqual(Math.ceil(titles.length * 0.002));
    }
  });

  it('the Sejm: nothing cut, the topic after „ — ” left in lower case', () => {
    const votes = readdirSync(sejmDir)
      .filter((f) => /^\d+_\d+\.json$/.test(f))
      .map((f) => JSON.parse(readFileSync(join(sejmDir, f), 'utf8')) as { title: string; topic: string });
    for (const { title, topic } of votes) {
      const raw = topic ? `${title} — ${topic}` : title; // as etl/sources/sejm.ts joins them
      const tidy = tidyTitle(raw, TITLE_CUT_LENGTHS.sejm);
      expect(tidy.cut).toBe(false);
      expect(tidy.title.replace(/\s+/g, ' ')).toBe(tidy.title);
      if (topic)
        expect(tidy.title).toContain(
          ` — ${topic
            .trim()
            .replace(/\s+/g, ' ')
            .replace(/[\s;,]+$/, '')}`,
        );
    }
  });
});
