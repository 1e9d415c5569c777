// Every metric against numbers worked out on paper (test/support/hand-council.ts), through the real
// pipeline: CSV → ETL → materialised tables → API. Then random councils (fast-check) against the
// deliberately naive reference (test/support/reference.ts), which loops over ballots.

import fc from 'fast-check';
import request from './support/request.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { percent, percentString, kontrowersyjnosc, ratio2 } from '../core/contract.ts';
import { compareNatural, slugify, assignTokens } from '../core/text.ts';
import { writeBundle, type Bundle } from './support/bundle.ts';
import { type TestApp, appOver, buildDatabase, removeDir, tempDir, vocabularyFile } from './support/fixture.ts';
import { HAND_COUNCIL, HAND_EXPECTED, HAND_TOPICS, expectedBody } from './support/hand-council.ts';
import { figureRequests } from './support/differential.ts';
import { arbitraryCouncil, arbitraryVocabulary } from './support/random-council.ts';
import { referenceGet } from './support/reference.ts';

const url = (c: { path: string; query?: Record<string, string> }) =>
  c.query ? `${c.path}?${new URLSearchParams(c.query).toString()}` : c.path;

async function appForBundle(bundle: Bundle, topics?: string): Promise<TestApp & { dir: string }> {
  const dir = tempDir('council-bundle-');
  await writeBundle(dir, bundle);
  return { ...appOver(await buildDatabase(dir, 'csv', { topics })), dir };
}

describe('percent and score arithmetic (CONTRACT §2)', () => {
  it.each([
    [1, 8, 12.5],
    [2, 3, 66.67],
    [1, 6, 16.67],
    [1, 3, 33.33],
    [0, 0, 0],
    [5, 5, 100],
    [1, 200, 0.5],
    [1, 400, 0.25],
    [1, 800, 0.13],
  ])('%i / %i → %d', (a, b, expected) => expect(percent(a, b)).toBe(expected));

  it('half-up from integers where a float would round down', () => {
    // 0.285 / 1 → 28.5 exactly; 1.005 % is the classic float trap: 201 / 20000 × 100 = 1.005 → 1.01
    expect(percent(201, 20000)).toBe(1.01);
    expect(percentString(1, 8)).toBe('12.50');
    expect(percentString(0, 0)).toBe('0.00');
    expect(percentString(3, 3)).toBe('100.00');
  });

  it('kontrowersyjnosc: 10:10 → 100, 19:1 → 10, 20:0 → 0, none → 0', () => {
    expect(kontrowersyjnosc(10, 10)).toBe(100);
    expect(kontrowersyjnosc(19, 1)).toBe(10);
    expect(kontrowersyjnosc(20, 0)).toBe(0);
    expect(kontrowersyjnosc(0, 0)).toBe(0);
    expect(kontrowersyjnosc(2, 1)).toBe(67); // 66.67 rounds half-up to 67
  });

  it('averages, natural order and tokens', () => {
    expect(ratio2(10, 4)).toBe(2.5);
    expect(ratio2(2, 3)).toBe(0.67);
    expect(ratio2(5, 0)).toBe(0);
    expect(['7.10', '7.2', '10', '7', '7.2.1'].sort(compareNatural)).toEqual(['7', '7.2', '7.2.1', '7.10', '10']);
    expect(slugify('Łukasz Żółć-Ślązak')).toBe('lukasz-zolc-slazak');
    expect([
      ...assignTokens([
        { id_osoby: 5, imie_nazwisko: 'Anna Nowak' },
        { id_osoby: 2, imie_nazwisko: 'Anna  Nowak' },
      ]).entries(),
    ]).toEqual([
      [2, 'anna-nowak'],
      [5, 'anna-nowak-2'],
    ]);
  });
});

describe('the hand council: every metric equals the value worked out on paper', () => {
  let t: TestApp & { dir: string };
  beforeAll(async () => {
    t = await appForBundle(HAND_COUNCIL, vocabularyFile(HAND_TOPICS));
  });
  afterAll(() => {
    t.close();
    removeDir(t.dir);
  });

  it.each(HAND_EXPECTED.map((c) => [url(c), c] as const))('%s', async (_label, c) => {
    const res = await request(t.app).get(url(c));
    if (c.notFound) {
      expect(res.status).toBe(404);
      return;
    }
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual(expectedBody(c));
    // The served JSON keeps the documented field order too.
    expect(JSON.stringify(res.body)).toBe(JSON.stringify(expectedBody(c)));
  });
});

describe('random councils: every materialised figure equals the naive reference', () => {
  it('holds for 40 generated councils, each with a random topic vocabulary', async () => {
    await fc.assert(
      fc.asyncProperty(arbitraryCouncil(), arbitraryVocabulary(), async (bundle, vocabulary) => {
        const t = await appForBundle(bundle, vocabularyFile(vocabulary));
        try {
          for (const path of figureRequests(bundle, [...vocabulary.map((e) => e.id), 'inne'])) {
            const res = await request(t.app).get(path);
            const [p, qs] = path.split('?');
            const expected = referenceGet(bundle, p!, Object.fromEntries(new URLSearchParams(qs ?? '')), vocabulary);
            if ((expected as { notFound?: boolean }).notFound) expect(res.status, path).toBe(404);
            else expect(res.body, path).toEqual(expected);
          }
        } finally {
          t.close();
          removeDir(t.dir);
        }
      }),
      { numRuns: 40, seed: 20261121 },
    );
  }, 300_000);
});
