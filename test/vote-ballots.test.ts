// A vote's ballots written straight from its row of glosowanie_glosy (src/glosowania/vote-ballots.ts)
// are the bytes JSON.stringify makes of the same entries, plain and grouped (groupBallots): names that
// JSON escapes, groups named like integers (which objects order first), no group beside a group named
// "Niezrzeszeni", two groups of one name, a councillor who changed groups, no ballots, and any row
// (property). A Reply.written sends the writer's bytes and makes its data only when it is read.
// test/ballot-groups.test.ts holds the same over every vote of real and generated councils.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GLOS_VALUES } from '../core/contract.ts';
import { groupAndValue, VOTE_BALLOT_BYTES } from '../core/snapshot/schema.ts';
import { type BallotEntry, groupBallots, VoteBallots, Voters } from '../src/glosowania/vote-ballots.ts';
import { Reply, envelopeOf } from '../src/http/envelope.ts';

type Voter = ConstructorParameters<typeof Voters>[0][number] & object;
/** A ballot of a row: the voter's rank, their group's place (-1: none), the value's number. */
type Ballot = [rank: number, place: number, glos: number];

const rowOf = (ballots: readonly Ballot[]): Buffer => {
  const row = Buffer.alloc(ballots.length * VOTE_BALLOT_BYTES);
  ballots.forEach(([rank, place, glos], i) => {
    row.writeInt32LE(rank, i * VOTE_BALLOT_BYTES);
    row.writeInt32LE(groupAndValue(place, glos), i * VOTE_BALLOT_BYTES + 4);
  });
  return row;
};

/** The entries of a row as the contract reads it, made here without the module. */
const expectedEntries = (voters: readonly Voter[], groups: readonly string[], ballots: readonly Ballot[]) =>
  ballots.map(([rank, place, glos]): BallotEntry => ({
    glos: GLOS_VALUES[glos]!,
    id_osoby: voters[rank]!.id_osoby,
    imie_nazwisko: voters[rank]!.imie_nazwisko,
    ugrupowanie: place < 0 ? null : groups[place]!,
    id_organu: voters[rank]!.id_organu,
    organ: voters[rank]!.organ,
  }));

const NOTHING = Buffer.alloc(0);

/** Checks the plain and grouped JSON of a row and its entries against JSON.stringify's. */
function expectWrittenAsStringified(voters: Voters, people: Voter[], groups: string[], ballots: Ballot[]) {
  const vote = new VoteBallots(rowOf(ballots), voters);
  const entries = expectedEntries(people, groups, ballots);
  expect(vote.entries()).toEqual(entries);
  expect(vote.grouped()).toEqual(groupBallots(entries));
  expect(Object.keys(vote.grouped())).toEqual(Object.keys(groupBallots(entries)));
  expect(vote.writeList(NOTHING, NOTHING).toString('latin1')).toBe(
    Buffer.from(JSON.stringify(entries)).toString('latin1'),
  );
  expect(vote.writeGroups(NOTHING, NOTHING).toString('latin1')).toBe(
    Buffer.from(JSON.stringify(groupBallots(entries))).toString('latin1'),
  );
}

const person = (
  id_osoby: number,
  imie_nazwisko: string,
  id_organu: number | null = 1,
  organ: string | null = 'Rada Miasta',
): Voter => ({ id_osoby, imie_nazwisko, id_organu, organ });

describe("a vote's ballots written from its row", () => {
  const people = [
    person(7, 'Łukasz "Łuki" Żółć'),
    person(3, 'Anna \\ Nowak\u2028', null, null),
    person(12, 'Zoë 😀 Kowalska'),
    person(5, 'Jan\tMaria\u0001', 2, 'Sejmik'),
    person(9, 'Ewa Ślusarczyk'),
  ];
  const groups = ['Klub Radnych "Razem"', '2024', '17', 'Niezrzeszeni', 'Klub Radnych "Razem"'];

  it('are the bytes JSON.stringify makes, plain and grouped', () => {
    const voters = new Voters(people, groups);
    const ballots: Ballot[] = [
      [0, 0, 0],
      [1, -1, 1],
      [2, 1, 2],
      [3, 2, 3],
      [4, 4, 4], // another group of the same name as place 0: one key
    ];
    expectWrittenAsStringified(voters, people, groups, ballots);
    // Integer-like names first, then by size and name; no group and the group called so are one key.
    const grouped = new VoteBallots(rowOf([...ballots, [0, 3, 0]]), voters).writeGroups(NOTHING, NOTHING);
    expect(Object.keys(JSON.parse(grouped.toString()))).toEqual(['17', '2024', 'Klub Radnych "Razem"', 'Niezrzeszeni']);
  });

  it('follow a councillor into another group, and back', () => {
    const voters = new Voters(people, groups);
    for (const place of [0, 1, -1, 0])
      expectWrittenAsStringified(voters, people, groups, [
        [0, place, 0],
        [4, 0, 1],
      ]);
  });

  it('write no ballots as an empty list and an empty grouping', () => {
    const vote = new VoteBallots(NOTHING, new Voters(people, groups));
    expect(vote.length).toBe(0);
    expect(vote.writeList(NOTHING, NOTHING).toString()).toBe('[]');
    expect(vote.writeGroups(NOTHING, NOTHING).toString()).toBe('{}');
  });

  it('refuse a ballot of no councillor or of no group', () => {
    const voters = new Voters(people, groups);
    expect(() => new VoteBallots(rowOf([[9, 0, 0]]), voters).writeList(NOTHING, NOTHING)).toThrow(/no councillor/);
    expect(() => new VoteBallots(rowOf([[0, 9, 0]]), voters).entries()).toThrow(/no group at place 9/);
  });

  it('equal JSON.stringify for any voters, groups and ballots (property)', () => {
    const names = fc.string({ unit: 'grapheme', maxLength: 10 });
    // Integer-like names, names the collator finds equal (case, a control character) and repeated names.
    const groupName = fc.oneof(
      names,
      fc.integer({ min: 0, max: 99 }).map(String),
      fc.constantFrom('Niezrzeszeni', 'Klub', 'klub', 'Kl\u0001ub'),
    );
    const voter = fc.record({
      id_osoby: fc.integer({ min: 1, max: 1000 }),
      imie_nazwisko: names,
      id_organu: fc.option(fc.integer({ min: 0, max: 5 }), { nil: null }),
      organ: fc.option(names, { nil: null }),
    });
    const council = fc
      .tuple(fc.array(voter, { minLength: 1, maxLength: 12 }), fc.array(groupName, { minLength: 1, maxLength: 8 }))
      .chain(([voters, groupNames]) =>
        fc.tuple(
          fc.constant(voters),
          fc.constant(groupNames),
          fc.array(
            fc.array(
              fc.tuple(
                fc.nat(voters.length - 1),
                fc.integer({ min: -1, max: groupNames.length - 1 }),
                fc.nat(GLOS_VALUES.length - 1),
              ),
              { maxLength: 25 },
            ),
            { minLength: 1, maxLength: 4 },
          ),
        ),
      );
    fc.assert(
      fc.property(council, ([people, groupNames, votes]) => {
        const voters = new Voters(people, groupNames); // one snapshot's voters, over several votes
        for (const ballots of votes) expectWrittenAsStringified(voters, people, groupNames, ballots);
      }),
      { numRuns: 300 },
    );
  });
});

describe('a reply that writes its own JSON', () => {
  it("sends the writer's bytes in the envelope, and makes its data only when it is read", () => {
    let made = 0;
    const reply = Reply.written(
      () => {
        made++;
        return [1, 2];
      },
      (before, after) => Buffer.concat([before, Buffer.from('[1,2]'), after]),
      { grouped: false },
    );
    expect(envelopeOf(reply).toString()).toBe('{"success":true,"data":[1,2],"grouped":false}');
    expect(made).toBe(0);
    expect(reply.data).toEqual([1, 2]);
    expect(reply.data).toEqual([1, 2]);
    expect(made).toBe(1);
  });

  it('leaves the envelope to JSON.stringify when its extra members would replace success or data', () => {
    const reply = Reply.written(
      () => [1],
      () => {
        throw new Error('not to be asked');
      },
      { data: 'replaced' },
    );
    expect(envelopeOf(reply).toString()).toBe('{"success":true,"data":"replaced"}');
  });

  it('parses JSON it was given only when its data is read (Reply.json)', () => {
    const reply = Reply.json<{ a: string }, { n: number }>(Buffer.from('{"a":"Łódź"}'), { n: 1 });
    expect(envelopeOf(reply).toString()).toBe('{"success":true,"data":{"a":"Łódź"},"n":1}');
    expect(reply.data).toEqual({ a: 'Łódź' });
  });
});
