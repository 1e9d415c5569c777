// A vote's ballots written from kept pieces (src/glosowania/ballots-json.ts) through the envelope's own
// writer (src/http/envelope.ts selfEncoding) are the bytes JSON.stringify makes of the same answer:
// plain and grouped, with names that JSON escapes, groups named like integers (which objects order
// first), no group, no ballots, and a councillor whose entry differs from the one the pieces were
// written from.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GLOS_VALUES } from '../core/contract.ts';
import { BallotsJson } from '../src/glosowania/ballots-json.ts';
import { type BallotEntry, groupBallots } from '../src/glosowania/queries.ts';
import { Reply, envelopeOf, selfEncoding } from '../src/http/envelope.ts';

/** The envelope as JSON.stringify makes it, the way envelopeOf made every answer before. */
const stringified = (data: unknown, extra: Record<string, unknown>) =>
  Buffer.from(JSON.stringify({ success: true, data, ...extra }));

const written = (json: BallotsJson, entries: BallotEntry[], grouped: boolean) => {
  if (!grouped)
    return envelopeOf(
      new Reply(
        selfEncoding(entries, (parts) => json.writeList(entries, parts)),
        { grouped },
      ),
    );
  const groups = groupBallots(entries);
  return envelopeOf(
    new Reply(
      selfEncoding(groups, (parts) => json.writeGroups(groups, parts)),
      { grouped },
    ),
  );
};

const entry = (
  id_osoby: number,
  imie_nazwisko: string,
  ugrupowanie: string | null,
  glos: BallotEntry['glos'] = 'za',
  id_organu: number | null = 1,
  organ: string | null = 'Rada Miasta',
): BallotEntry => ({ glos, id_osoby, imie_nazwisko, ugrupowanie, id_organu, organ });

describe('the ballots written from kept pieces', () => {
  const entries = [
    entry(7, 'Łukasz "Łuki" Żółć', 'Klub Radnych "Razem"'),
    entry(3, 'Anna \\ Nowak\u2028', null, 'przeciw', null, null),
    entry(12, 'Zoë 😀 Kowalska', '2024', 'wstrzymujacy'),
    entry(5, 'Jan\tMaria\u0001', '17', 'nieobecny', 2, 'Sejmik'),
    entry(9, 'Ewa Ślusarczyk', 'Klub Radnych "Razem"', 'brak_glosu'),
  ];

  it('are the bytes JSON.stringify makes, plain and grouped', () => {
    const json = new BallotsJson();
    for (const grouped of [false, true]) {
      const data = grouped ? groupBallots(entries) : entries;
      expect(written(json, entries, grouped).toString('latin1')).toBe(
        stringified(data, { grouped }).toString('latin1'),
      );
    }
    // Integer-like group names come first in the grouped object, as JSON.stringify writes them.
    expect(Object.keys(JSON.parse(written(json, entries, true).toString()).data)).toEqual([
      '17',
      '2024',
      'Klub Radnych "Razem"',
      'Niezrzeszeni',
    ]);
  });

  it('write an empty list and an empty grouping', () => {
    const json = new BallotsJson();
    expect(written(json, [], false).toString()).toBe('{"success":true,"data":[],"grouped":false}');
    expect(written(json, [], true).toString()).toBe('{"success":true,"data":{},"grouped":true}');
  });

  it('are written again for a councillor whose entry differs from the kept one', () => {
    const json = new BallotsJson();
    written(json, entries, false);
    const renamed = [entry(7, 'Łukasz Żółć-Nowy', 'Inny Klub', 'za', 3, 'Rada Gminy')];
    expect(written(json, renamed, false)).toEqual(stringified(renamed, { grouped: false }));
  });

  it('leave the envelope to JSON.stringify when its extra members would replace success or data', () => {
    const list = selfEncoding([entry(1, 'A', null)], () => {
      throw new Error('not to be asked');
    });
    const reply = new Reply(list, { data: 'replaced' });
    expect(envelopeOf(reply)).toEqual(stringified(list, { data: 'replaced' }));
  });

  it('equal JSON.stringify for any entries (property)', () => {
    const json = new BallotsJson();
    const names = fc.string({ unit: 'grapheme', maxLength: 12 });
    const anEntry = fc.record({
      glos: fc.constantFrom(...GLOS_VALUES),
      id_osoby: fc.integer({ min: 1, max: 40 }),
      imie_nazwisko: names,
      ugrupowanie: fc.option(fc.oneof(names, fc.integer({ min: 0, max: 99 }).map(String)), { nil: null }),
      id_organu: fc.option(fc.integer({ min: 0, max: 5 }), { nil: null }),
      organ: fc.option(names, { nil: null }),
    });
    fc.assert(
      fc.property(fc.array(anEntry, { maxLength: 30 }), fc.boolean(), (list, grouped) => {
        const data = grouped ? groupBallots(list) : list;
        expect(written(json, list, grouped).toString('latin1')).toBe(stringified(data, { grouped }).toString('latin1'));
      }),
      { numRuns: 300 },
    );
  });
});
