// foldText and visibleName take a short way for text of ASCII and the Polish letters (issue 47): the
// same strings as the full passes, checked here against those passes written out as they were.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldText, visibleName } from '../core/text.ts';

const POLISH_FOLD: Record<string, string> = { ą: 'a', ć: 'c', ę: 'e', ł: 'l', ń: 'n', ó: 'o', ś: 's', ź: 'z', ż: 'z' };
const INVISIBLE = /[\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/gu;

/** foldText before the short way. */
const foldedInFull = (text: string) =>
  text
    .toLowerCase()
    .replace(/[ąćęłńóśźż]/g, (ch) => POLISH_FOLD[ch] ?? ch)
    .normalize('NFD')
    .replace(/\p{M}/gu, '');

/** visibleName's name and whether it reported a change, before the short way. */
const visibleInFull = (name: string) => {
  const stripped = name.replace(INVISIBLE, '');
  const normal = stripped.normalize('NFC');
  return normal === name || normal.trim() === '' ? { name, changed: false } : { name: normal, changed: true };
};

// ASCII, the Polish letters in both cases, their decomposed forms (a base letter and a combining ogonek or
// acute), other letters with and without marks, the invisible characters, a lone surrogate.
const PIECES = [
  ...'aAzZ019 ,.-"\t',
  ...'ąćęłńóśźżĄĆĘŁŃÓŚŹŻ',
  'a\u0328',
  'o\u0301',
  'Z\u0307',
  '\u0301',
  '\u0328',
  ...'éüßİıΣςжЖ',
  'ﬁ',
  '\u00ad',
  '\u200b',
  '\u202e',
  '\ufeff',
  '\u2066',
  '\ud800',
];
const text = fc.array(fc.constantFrom(...PIECES), { maxLength: 24 }).map((pieces) => pieces.join(''));

describe('foldText and visibleName', () => {
  it('fold as the full passes do', () => {
    fc.assert(
      fc.property(text, (t) => {
        expect(foldText(t)).toBe(foldedInFull(t));
      }),
      { numRuns: 20_000 },
    );
    for (const t of ['Przyjęcie porządku obrad', 'ZAŻÓŁĆ GĘŚLĄ JAŹŃ', 'İstanbul', 'Ελλάς', 'a\u0328b', ''])
      expect(foldText(t)).toBe(foldedInFull(t));
  });

  it('show names as the full passes do', () => {
    fc.assert(
      fc.property(text, (t) => {
        const shown = visibleName(t);
        const full = visibleInFull(t);
        expect(shown.name).toBe(full.name);
        expect(shown.changed !== null).toBe(full.changed);
      }),
      { numRuns: 20_000 },
    );
    expect(visibleName('Zażółć gęślą jaźń')).toEqual({ name: 'Zażółć gęślą jaźń', changed: null });
    expect(visibleName('Jan\u200bKowalski').changed).not.toBeNull();
    expect(visibleName('Zaz\u0307o\u0301łć').name).toBe('Zażółć');
  });
});
