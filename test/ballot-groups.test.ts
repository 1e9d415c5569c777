// A vote's ballots name each voter's group at the vote (CONTRACT §2): the group the ETL wrote into
// radny_glos for every ballot (etl/materialise/ballots.ts), and into the vote's row of glosowanie_glosy
// (etl/materialise/vote-ballots.ts), which the live answer reads (src/glosowania/queries.ts). Every
// ballot of every vote must carry it, with its value as loaded (glos), in name order (radny.name_rank),
// on councils with group switches, memberships without a group, several terms, and the Sejm sample; and
// the answer's JSON written from that row (src/glosowania/vote-ballots.ts) must be JSON.stringify's.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { GLOS_VALUES } from '../core/contract.ts';
import { GlosowaniaQueries } from '../src/glosowania/queries.ts';
import { groupBallots } from '../src/glosowania/vote-ballots.ts';
import { generateBundle } from '../tools/generate/index.ts';
import { writeBundle } from './support/bundle.ts';
import { buildDatabase, tempDir } from './support/fixture.ts';
import { HAND_COUNCIL } from './support/hand-council.ts';

const NOTHING = Buffer.alloc(0);

/** Every ballot's group as the ETL stored it, by vote then person. */
function storedGroups(db: Database.Database): Map<number, Map<number, string | null>> {
  const rows = db
    .prepare(
      `SELECT rg.id_glosowania, rg.id_osoby, u.nazwa FROM radny_glos rg
    LEFT JOIN ugrupowanie u ON u.id_ugrupowania = rg.id_ugrupowania`,
    )
    .raw()
    .all() as Array<[number, number, string | null]>;
  const byVote = new Map<number, Map<number, string | null>>();
  for (const [vote, person, group] of rows) {
    if (!byVote.has(vote)) byVote.set(vote, new Map());
    byVote.get(vote)!.set(person, group);
  }
  return byVote;
}

/** Each vote's ballots as loaded, in name order: person and value. */
function loadedBallots(db: Database.Database): Map<number, Array<[number, string]>> {
  const rows = db
    .prepare(
      `SELECT b.id_glosowania, b.id_osoby, b.glos FROM glos b JOIN radny r ON r.id_osoby = b.id_osoby
      ORDER BY b.id_glosowania, r.name_rank`,
    )
    .raw()
    .all() as Array<[number, number, number]>;
  const byVote = new Map<number, Array<[number, string]>>();
  for (const [vote, person, value] of rows) {
    if (!byVote.has(vote)) byVote.set(vote, []);
    byVote.get(vote)!.push([person, GLOS_VALUES[value]!]);
  }
  return byVote;
}

/** Checks every ballot; returns how many there were, how many had a group, how many (person, term) changed groups. */
function expectSameGroups(dbPath: string): { ballots: number; grouped: number; switched: number } {
  const db = new Database(dbPath, { readonly: true });
  try {
    const queries = new GlosowaniaQueries(db);
    const stored = storedGroups(db);
    const loaded = loadedBallots(db);
    let ballots = 0;
    let grouped = 0;
    for (const id of queries.ids()) {
      const expected = stored.get(id) ?? new Map();
      const vote = queries.ballots(id);
      const entries = vote.entries();
      expect(entries.length, `vote ${id}`).toBe(expected.size);
      // The answer's JSON, written straight from the row, is JSON.stringify's of the entries, plain and grouped.
      expect(vote.writeList(NOTHING, NOTHING).toString(), `vote ${id}: the plain JSON`).toBe(JSON.stringify(entries));
      expect(vote.writeGroups(NOTHING, NOTHING).toString(), `vote ${id}: the grouped JSON`).toBe(
        JSON.stringify(groupBallots(entries)),
      );
      expect(
        entries.map((entry) => [entry.id_osoby, entry.glos]),
        `vote ${id}: its ballots as loaded, in name order`,
      ).toEqual(loaded.get(id) ?? []);
      for (const entry of entries) {
        expect(entry.ugrupowanie, `vote ${id}, person ${entry.id_osoby}`).toBe(expected.get(entry.id_osoby));
        ballots++;
        if (entry.ugrupowanie !== null) grouped++;
      }
    }
    const switched = db
      .prepare('SELECT count(*) FROM (SELECT id_osoby, kadencja FROM przynaleznosc GROUP BY 1, 2 HAVING count(*) > 1)')
      .pluck()
      .get() as number;
    return { ballots, grouped, switched };
  } finally {
    db.close();
  }
}

describe('the group at each ballot', () => {
  it("is the ETL's on generated councils (switches, no-group memberships, several terms)", async () => {
    for (const seed of [3, 8]) {
      const dir = tempDir();
      await generateBundle(dir, { seed, radni: 30, glosowania: 300, kadencje: 2, rady: 2 });
      const { ballots, grouped, switched } = expectSameGroups(await buildDatabase(dir));
      // The data exercises what matters: ballots with and without a group, people who changed groups.
      expect(grouped).toBeGreaterThan(0);
      expect(grouped).toBeLessThan(ballots);
      expect(switched).toBeGreaterThan(0);
    }
  });

  it("is the ETL's where memberships overlap: the latest begun wins, a tie goes to the higher id, no start is the oldest", async () => {
    const memberships = HAND_COUNCIL['przynaleznosci.csv'];
    const overlapping = {
      ...HAND_COUNCIL,
      'przynaleznosci.csv': [
        ...memberships!,
        {
          przynaleznosc_id: 12,
          id_osoby: 4,
          kadencja: '2018-2023',
          id_ugrupowania: 1,
          data_od: '2018-11-01',
          data_do: null,
          aktywny: 1,
        },
        {
          przynaleznosc_id: 13,
          id_osoby: 6,
          kadencja: '2018-2023',
          id_ugrupowania: 1,
          data_od: '2019-01-20',
          data_do: null,
          aktywny: 1,
        },
        {
          przynaleznosc_id: 14,
          id_osoby: 1,
          kadencja: '2018-2023',
          id_ugrupowania: 2,
          data_od: null,
          data_do: null,
          aktywny: 1,
        },
        {
          przynaleznosc_id: 15,
          id_osoby: 3,
          kadencja: '2018-2023',
          id_ugrupowania: null,
          data_od: '2019-01-20',
          data_do: '2019-01-31',
          aktywny: 1,
        },
      ],
    };
    const dir = tempDir();
    await writeBundle(dir, overlapping);
    const dbPath = await buildDatabase(dir);
    expect(expectSameGroups(dbPath).ballots).toBeGreaterThan(0);
    // By hand: at the 2019-01-31 session, 4 is in group 1 (tie, higher id), 6 in group 1 (begun later),
    // 1 in group 1 (no start is the oldest), 3 in none (a membership without a group, begun later).
    const db = new Database(dbPath, { readonly: true });
    const vote = db
      .prepare('SELECT id_glosowania FROM glosowanie WHERE id_posiedzenia = 3 LIMIT 1')
      .pluck()
      .get() as number;
    const groups = Object.fromEntries(
      new GlosowaniaQueries(db)
        .ballots(vote)
        .entries()
        .map((b) => [b.id_osoby, b.ugrupowanie]),
    );
    const names = Object.fromEntries(
      db.prepare('SELECT id_ugrupowania, nazwa FROM ugrupowanie').raw().all() as Array<[number, string]>,
    );
    db.close();
    const want = (id: number | null) => (id === null ? null : names[id]);
    expect(groups).toMatchObject({ 4: want(1), 6: want(1), 1: want(1), 3: want(null) });
  });

  const sejm = join(import.meta.dirname, '../../shared/data/sejm-sample');
  it.skipIf(!existsSync(sejm))(
    "is the ETL's on the Sejm sample (skipped without ../shared/data/sejm-sample)",
    async () => {
      expect(expectSameGroups(await buildDatabase(sejm, 'sejm')).ballots).toBeGreaterThan(0);
    },
  );
});
