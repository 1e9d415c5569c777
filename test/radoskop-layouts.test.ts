// Radoskop's other layouts and real-data gaps (CONTRACT §8, issue 23): the older single-file layout
// (a council's `data.json` holding whole terms, names in `named_votes`) gives exactly the figures of
// the same council in the per-term layout; a term file without a `votes` array (an empty council, a
// scraper's session-nested output) is skipped with a warning, a council with no votes left out, and
// the rest loads; `rada_name` names the body.

import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import type { Problem } from '../etl/findings.ts';
import { checkSource, runEtl, type EtlSummary } from '../etl/run.ts';
import { removeDir, tempDir } from './support/fixture.ts';
import { writeRadoskopHand } from './support/radoskop-hand.ts';

const dirs: string[] = [];
const newDir = () => {
  const dir = tempDir('radoskop-layouts-');
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach(removeDir));

const located = (p: Problem) => `${p.file}: ${p.column}: ${p.problem}`;

// ── One council, two terms, described once with indexes; written in both layouts ──────────────
// Gamma, 2018-2023 (councilor_index; councilors in another order, Dawid Kos only there):
//   g1 2019-03-01 III  za [Anna, Borys] przeciw [Celina]
//   g0 2018-12-03 I    za [Anna, Borys, Celina]
//   g2 2019-03-01 ""   za [Anna] przeciw [Borys, Borys] (listed twice: dropped) nieobecni [Celina]
//   g3 2019-04-02 IV   za [Anna, Celina] wstrzymal_sie [Borys] brak_glosu [99: nobody]
// 2024-2029 (no councilor_index: named_votes point into councilors):
//   h0 2024-05-13 I    za [Anna, Ewa]
//   h1 2024-06-10 II   za [Ewa] przeciw [Anna]; counts przeciw 2 (the list has 1)
// By hand: 5 persons (Anna, Borys, Celina, Dawid, Ewa), 6 sessions (2019-03-01 III and 2019-03-01 "" are two), 6 votes,
// ballots 3 + 3 + 2 + 3 + 2 + 2 = 15, groups PiS, KO (Borys niezrzeszony, Ewa "-": none).
type NamedVotes = Record<string, number[]>;
const vote = (
  id: string,
  session_date: string,
  session_number: string,
  topic: string,
  named_votes: NamedVotes,
  extra = {},
) => ({
  id,
  session_date,
  session_number,
  topic,
  named_votes,
  source_url: `https://bip.gamma.example/${id}.pdf`,
  ...extra,
});

const TERMS = [
  {
    id: '2018-2023',
    councilor_index: ['Anna Lis', 'Borys  Wilk', 'Celina Sowa'],
    councilors: [
      { name: 'Celina Sowa', club: 'KO' },
      { name: 'Anna Lis', club: 'PiS' },
      { name: 'Borys Wilk', club: 'niezrzeszony' },
      { name: 'Dawid Kos', club: 'KO' },
    ],
    votes: [
      vote('g1', '2019-03-01', 'III', 'Budżet', { za: [0, 1], przeciw: [2] }),
      vote('g0', '2018-12-03', 'I', 'Ślubowanie', { za: [0, 1, 2] }),
      vote('g2', '2019-03-01', '', 'Skarga', { za: [0], przeciw: [1, 1], nieobecni: [2] }),
      vote('g3', '2019-04-02', 'IV', 'Wniosek', { za: [0, 2], wstrzymal_sie: [1], brak_glosu: [99] }),
    ],
  },
  {
    id: '2024-2029',
    councilors: [
      { name: 'Anna Lis', club: 'KO' },
      { name: 'Ewa Nowak', club: '-' },
    ],
    votes: [
      vote('h0', '2024-05-13', 'I', 'Wybór', { za: [0, 1] }),
      vote('h1', '2024-06-10', 'II', 'Absolutorium', { za: [1], przeciw: [0] }, { counts: { za: 1, przeciw: 2 } }),
    ],
  },
];
const CONFIG = { city_name: 'Gamma', city_genitive: 'Gammy', kadencje: { '2018-2023': { start: '2018-11-19' } } };

/** Radoskop's per-term layout: config.json and kadencja-<term>.json (and a data.json that only lists the terms). */
const perTermLayout = (folder: string): Record<string, unknown> => ({
  [`${folder}/config.json`]: CONFIG,
  [`${folder}/data.json`]: { kadencje: TERMS.map(({ id }) => ({ id, label: `Kadencja ${id}` })) },
  ...Object.fromEntries(TERMS.map((term) => [`${folder}/kadencja-${term.id}.json`, term])),
});

/**
 * The older single-file layout: docs/data.json holds the whole terms (newest first: the reader takes
 * them in term order), and `named_votes` hold names — written with stray whitespace, and a name that
 * is in neither list where the per-term layout has an index outside it.
 */
const singleFileLayout = (folder: string): Record<string, unknown> => {
  const withNames = TERMS.map((term) => {
    const list = term.councilor_index ?? term.councilors.map((c) => c.name);
    const nameOf = (index: number) =>
      index < list.length ? ` ${list[index]!.replace(' ', '   ')} ` : 'Zenon Nieznany';
    return {
      ...term,
      votes: term.votes.map((v) => ({
        ...v,
        named_votes: Object.fromEntries(
          Object.entries(v.named_votes).map(([key, indexes]) => [key, indexes.map(nameOf)]),
        ),
      })),
    };
  });
  return {
    [`${folder}/docs/config.json`]: CONFIG,
    [`${folder}/docs/data.json`]: { kadencje: [...withNames].reverse() },
  };
};

/** Every table of a snapshot but meta (ids, build time) and the stored answers (they embed the snapshot id), rows sorted. */
function figures(dbPath: string): Record<string, string[]> {
  const db = new Database(dbPath, { readonly: true });
  try {
    const tables = db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT IN ('meta', 'odpowiedz') AND name NOT LIKE 'sqlite_%'",
      )
      .pluck()
      .all() as string[];
    return Object.fromEntries(
      tables.map((t) => [
        t,
        (db.prepare(`SELECT * FROM "${t}"`).raw().all() as unknown[][]).map((r) => JSON.stringify(r)).sort(),
      ]),
    );
  } finally {
    db.close();
  }
}

async function build(files: Record<string, unknown>): Promise<{ summary: EtlSummary; dbPath: string }> {
  const source = newDir();
  await writeRadoskopHand(source, files);
  const dbPath = join(newDir(), 'council.db');
  return { summary: await runEtl({ source, format: 'radoskop', dbPath }), dbPath };
}

describe("Radoskop's older single-file layout (data.json with whole terms, names in named_votes)", () => {
  it('gives exactly the figures of the same council in the per-term layout', async () => {
    const perTerm = await build(perTermLayout('gamma'));
    const singleFile = await build(singleFileLayout('gamma'));
    expect(perTerm.summary.counts).toMatchObject({
      kadencje: 2,
      organy: 1,
      ugrupowania: 2,
      radni: 5,
      posiedzenia: 6,
      glosowania: 6,
      glosy: 15,
    });
    expect(singleFile.summary.counts).toEqual(perTerm.summary.counts);
    const expected = figures(perTerm.dbPath);
    expect(expected['glos']).toHaveLength(15);
    expect(figures(singleFile.dbPath)).toEqual(expected);
    expect(singleFile.summary.parts).toEqual([{ ...perTerm.summary.parts[0]!, warnings: expect.any(Object) }]);
  });

  it('reports a name in neither list like an index outside it: file, vote id, skipped', async () => {
    const { summary } = await build(singleFileLayout('gamma'));
    expect(summary.findings.warnings.map(located)).toEqual([
      'gamma/docs/data.json: named_votes: vote g2: "Borys Wilk" is listed 2 times; all of their entries in this vote are dropped',
      'gamma/docs/data.json: named_votes.brak_glosu: vote g3: name "Zenon Nieznany" is not in the list of councillors (3 names); skipped',
      'gamma/docs/data.json: counts.przeciw: vote h1: states 2 but the named list has 1; the named lists are used for the ballots, both are served',
    ]);
  });
});

describe('term files without votes, councils with none, and votes without a date', () => {
  // Folders in byte order: alfa (one good term), bravo-empty (a sejmik Radoskop has not scraped: a
  // term file with councillors and no votes), charlie (one good term and one session-nested file).
  const good = (id: string, date: string) => ({
    id: '2024-2029',
    councilor_index: ['Jan Nowak', 'Ola Lis'],
    councilors: [
      { name: 'Jan Nowak', club: 'KO' },
      { name: 'Ola Lis', club: 'PiS' },
    ],
    votes: [
      { id, session_date: date, session_number: '1', topic: 'Uchwała', named_votes: { za: [0], przeciw: [1] } },
      { id: `${id}-bad`, session_date: '2024-13-45', topic: 'Bez daty', named_votes: { za: [0, 1] } },
    ],
  });
  const files: Record<string, unknown> = {
    'alfa/config.json': { city_name: 'Alfa' },
    'alfa/kadencja-2024-2029.json': good('a1', '2024-06-01'),
    'bravo-empty/config.json': { rada_name: 'Sejmik Województwa Bravo' },
    'bravo-empty/kadencja-2024-2029.json': {
      id: '2024-2029',
      label: 'VII kadencja',
      councilors: [{ name: 'Piotr Zięba', club: 'KO' }],
    },
    'charlie/docs/config.json': { city_name: 'Charlie', rada_name: '  Rada Powiatu Charlie ' },
    'charlie/docs/kadencja-2018-2023.json': {
      id: '2018-2023',
      councilor_index: ['Ewa Kruk'],
      sessions: [{ date: '2019-01-10', votes: [{ id: 's1', topic: 'Budżet', named_votes: { za: [0] } }] }],
    },
    'charlie/docs/kadencja-2024-2029.json': good('c1', '2024-06-02'),
  };

  it('skip the term and the council with a warning naming each, and load the rest', async () => {
    const { summary, dbPath } = await build(files);
    expect(summary.findings.errorCount).toBe(0);
    // Terms and councils are weighed in a first pass over the source, votes read in the second.
    expect(summary.findings.warnings.map(located)).toEqual([
      'bravo-empty/kadencja-2024-2029.json: votes: no "votes" array (the file holds only id, label, councilors); the term is skipped',
      'bravo-empty: (council): no term with a "votes" array; the council is left out',
      'charlie/docs/kadencja-2018-2023.json: votes: no "votes" array (the file holds votes nested in 1 session: a scraper\'s session-nested output); the term is skipped',
      'alfa/kadencja-2024-2029.json: session_date: vote a1-bad: must be a date YYYY-MM-DD (got "2024-13-45"); the vote is skipped',
      'charlie/docs/kadencja-2024-2029.json: session_date: vote c1-bad: must be a date YYYY-MM-DD (got "2024-13-45"); the vote is skipped',
    ]);
    const db = new Database(dbPath, { readonly: true });
    try {
      // The empty council has no body and no persons; ids run on over the councils that are in.
      expect(db.prepare('SELECT id_organu, nazwa FROM organ').raw().all()).toEqual([
        [1, 'Rada Miasta Alfa'],
        [2, 'Rada Powiatu Charlie'],
      ]);
      expect(db.prepare('SELECT id_osoby, imie_nazwisko FROM radny').raw().all()).toEqual([
        [1, 'Jan Nowak'],
        [2, 'Ola Lis'],
        [3, 'Jan Nowak'],
        [4, 'Ola Lis'],
      ]);
      expect(db.prepare('SELECT kadencja FROM kadencja').pluck().all()).toEqual(['2024-2029']); // charlie's 2018-2023 was skipped
      expect(db.prepare('SELECT id_glosowania, id_posiedzenia, tytul FROM glosowanie').raw().all()).toEqual([
        [1, 1, 'Uchwała'],
        [2, 2, 'Uchwała'],
      ]);
    } finally {
      db.close();
    }
    expect(summary.parts.map((p) => [p.name, p.counts['glosowania']])).toEqual([
      ['alfa', 1],
      ['bravo-empty', 0],
      ['charlie', 1],
    ]);
  });

  it('a source whose every council is empty is rejected: there is nothing to publish', async () => {
    const source = newDir();
    await writeRadoskopHand(source, {
      'bravo-empty/config.json': files['bravo-empty/config.json'],
      'bravo-empty/kadencja-2024-2029.json': files['bravo-empty/kadencja-2024-2029.json'],
    });
    const { findings } = await checkSource({ source, format: 'radoskop' });
    expect(findings.errors.map(located)).toEqual([
      expect.stringMatching(/^radoskop-layouts-\w+: \(source\): no council with votes: every council was left out/),
    ]);
  });
});

describe('the name of a body', () => {
  it('is rada_name (trimmed) when the config has one, as for sejmiki and powiaty; else Rada Miasta + the city', async () => {
    const term = {
      id: '2024-2029',
      councilor_index: ['Jan Nowak'],
      votes: [{ id: 'v', session_date: '2024-06-01', named_votes: { za: [0] } }],
    };
    const { dbPath } = await build({
      'lubelskie/config.json': { city_name: 'lubelskie', rada_name: ' Sejmik Województwa Lubelskiego ' },
      'lubelskie/kadencja-2024-2029.json': term,
      'lublin/config.json': { city_name: 'Lublin', city_genitive: 'Lublina', rada_name: '  ' },
      'lublin/kadencja-2024-2029.json': term,
    });
    const db = new Database(dbPath, { readonly: true });
    try {
      expect(db.prepare('SELECT nazwa FROM organ ORDER BY id_organu').pluck().all()).toEqual([
        'Sejmik Województwa Lubelskiego',
        'Rada Miasta Lublina',
      ]);
    } finally {
      db.close();
    }
  });
});
