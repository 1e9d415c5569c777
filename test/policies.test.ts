// Policies (CONTRACT §13) through the real pipeline: the hand council's policies worked on paper
// (test/support/hand-policies.ts) answered by the API; random councils with policies drawn from their
// own votes against the naive reference; a file that breaks §13 refused naming the policy and the
// entry with nothing published; the file's SHA-256 in meta and a refresh that rebuilds when it changed.

import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import request from './support/request.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type IgnoredKeys,
  PolicyError,
  agreementHundredths,
  emptyCounts,
  ocenaOf,
  parsePolicies,
} from '../core/policies.ts';
import { refreshOnce } from '../etl/refresh-job.ts';
import { renderStoredAnswers } from '../src/answers/render.ts';
import { runEtl } from '../etl/run.ts';
import { type Bundle, writeBundle } from './support/bundle.ts';
import { figureRequests } from './support/differential.ts';
import {
  type TestApp,
  appOver,
  buildDatabase,
  hashOf,
  policyFile,
  removeDir,
  tempDir,
  vocabularyFile,
} from './support/fixture.ts';
import { HAND_COUNCIL, HAND_TOPICS, expectedBody } from './support/hand-council.ts';
import { HAND_POLICIES, HAND_POLICY_CASES } from './support/hand-policies.ts';
import { arbitraryCouncil } from './support/random-council.ts';
import { type ReferencePolicies, DEFAULT_VOCABULARY, referenceGet } from './support/reference.ts';

const url = (c: { path: string; query?: Record<string, string> }) =>
  c.query ? `${c.path}?${new URLSearchParams(c.query).toString()}` : c.path;
const meta = (dbPath: string, key: string) => {
  const db = new Database(dbPath, { readonly: true });
  try {
    return db.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(key) as string | undefined;
  } finally {
    db.close();
  }
};
const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

let source: string;
beforeAll(async () => {
  source = tempDir('policies-source-');
  await writeBundle(source, HAND_COUNCIL);
});

describe('the hand council: every policy figure equals the value worked out on paper', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dbPath = await buildDatabase(source, 'csv', {
      topics: vocabularyFile(HAND_TOPICS),
      policies: policyFile(HAND_POLICIES),
    });
    t = appOver(dbPath);
  });
  afterAll(() => t.close());

  it.each(HAND_POLICY_CASES.map((c) => [url(c), c] as const))('%s', async (_label, c) => {
    const res = await request(t.app).get(url(c));
    if (c.notFound) {
      expect(res.status).toBe(404);
      return;
    }
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual(expectedBody(c));
    expect(JSON.stringify(res.body)).toBe(JSON.stringify(expectedBody(c)));
  });

  it('answers 400 for an id that is not a policy id, and for kadencja on the list', async () => {
    expect((await request(t.app).get('/api/polityki/Budzet_Miasta')).status).toBe(400);
    expect((await request(t.app).get('/api/polityki?kadencja=2014-2018')).status).toBe(400);
  });

  it('stores the list and each policy with the snapshot, and documents the three endpoints', async () => {
    const db = new Database(t.config.DB_PATH, { readonly: true });
    try {
      const stored = db.prepare("SELECT sciezka FROM odpowiedz WHERE sciezka LIKE '%polityki%'").pluck().all();
      expect(stored).toEqual(
        expect.arrayContaining([
          '/api/polityki',
          '/api/polityki/budzet-miasta',
          '/api/polityki/sprawne-obrady',
          '/api/radni/1/polityki',
        ]),
      );
    } finally {
      db.close();
    }
    const paths = Object.keys((await request(t.app).get('/api/openapi.json')).body.paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/polityki', '/api/polityki/{id}', '/api/radni/{id}/polityki']));
  });
});

// Fragments for policies drawn from a random council's titles (random-council.ts TITLES): some match
// one title, some several, some none, one only after folding.
const FRAGMENTS = ['budżet', 'BUDZETU', 'nazwy', 'Łąk', 'skarga', 'opinia', 'z  działalności', 'miasta', 'Komisji'];
const BODY_NAMES = ['Rada Miasta', 'Komisja Budżetowa', 'Rada Gminy', 'Sejmik'];

/** Three policies from the council's own votes (dates and fragments), deterministic per bundle. */
function policiesOf(bundle: Bundle): ReferencePolicies {
  const votes = bundle['glosowania.csv'] ?? [];
  const entry = (v: Record<string, unknown>, i: number, withBody: boolean) => ({
    data: String(v['data_czas']).slice(0, 10),
    tytul: FRAGMENTS[i % FRAGMENTS.length]!,
    stanowisko: i % 3 === 0 ? 'przeciw' : 'za',
    ...(i % 2 === 0 ? { waga: 'silna' } : i % 4 === 1 ? {} : { waga: 'zwykla' }),
    ...(withBody ? { organ: BODY_NAMES[i % BODY_NAMES.length]! } : {}),
  });
  const first = votes.map((v, i) => entry(v, i, false));
  return [
    {
      id: 'pierwsza',
      nazwa: 'Pierwsza',
      opis: 'Każde głosowanie.',
      // the same entries again with the other stanowisko: matched twice, they count once, as first written
      glosowania: [...first, ...first.map((e) => ({ ...e, stanowisko: e.stanowisko === 'za' ? 'przeciw' : 'za' }))],
    },
    {
      id: 'z-organem',
      nazwa: 'Z organem',
      opis: 'Organ wskazany.',
      glosowania: votes.map((v, i) => entry(v, i + 1, true)),
    },
    {
      id: 'pusta',
      nazwa: 'Pusta',
      opis: 'Nic nie pasuje.',
      glosowania: [{ data: '1999-01-01', tytul: 'budżet', stanowisko: 'za' }],
    },
  ];
}

describe('random councils: every policy figure equals the naive reference', () => {
  it('holds for 12 generated councils, each with policies drawn from its votes', async () => {
    // Not vacuous: entries must be counted and councillors scored, and others left out, somewhere.
    const seen = { scored: 0, leftOut: 0 };
    await fc.assert(
      fc.asyncProperty(arbitraryCouncil(), async (bundle) => {
        const dir = tempDir('council-bundle-');
        await writeBundle(dir, bundle);
        const policies = policiesOf(bundle);
        const t = appOver(await buildDatabase(dir, 'csv', { policies: policyFile(policies) }));
        try {
          const paths = figureRequests(
            bundle,
            ['inne'],
            policies.map((p) => p.id),
          ).filter((path) => path.includes('polityki'));
          for (const path of paths) {
            const res = await request(t.app).get(path);
            const [p, qs] = path.split('?');
            const query = Object.fromEntries(new URLSearchParams(qs ?? ''));
            const expected = referenceGet(bundle, p!, query, DEFAULT_VOCABULARY, policies);
            if ((expected as { notFound?: boolean }).notFound) expect(res.status, path).toBe(404);
            else expect(res.body, path).toEqual(expected);
            const data = (res.body as { data?: { radni?: unknown[]; niedopasowane?: unknown[] } }).data;
            seen.scored += data?.radni?.length ?? 0;
            seen.leftOut += data?.niedopasowane?.length ?? 0;
          }
        } finally {
          t.close();
          removeDir(dir);
        }
      }),
      { numRuns: 12, seed: 20261129 },
    );
    expect(seen.scored).toBeGreaterThan(0);
    expect(seen.leftOut).toBeGreaterThan(0);
  }, 300_000);
});

describe('the score (CONTRACT §13) on its edges', () => {
  const counts = (over: Partial<ReturnType<typeof emptyCounts>>) => ({ ...emptyCounts(), ...over });
  it.each([
    [{ punkty: 0, mozliwe: 20 }, 'zawsze-za'],
    [{ punkty: 1, mozliwe: 20 }, 'zawsze-za'], // 95.00: the bound is in
    [{ punkty: 3, mozliwe: 20 }, 'prawie-zawsze-za'], // 85.00
    [{ punkty: 8, mozliwe: 20 }, 'zwykle-za'], // 60.00
    [{ punkty: 12, mozliwe: 20 }, 'zwykle-przeciw'], // 40.00 is not „różnie”
    [{ punkty: 17, mozliwe: 20 }, 'prawie-zawsze-przeciw'], // 15.00
    [{ punkty: 19, mozliwe: 20 }, 'zawsze-przeciw'], // 5.00
    [{ punkty: 0, mozliwe: 0 }, 'brak-danych'],
    // 2 strong absences of 7 strong votes: „zawsze” is capped one step, no further
    [{ punkty: 20, mozliwe: 20, silne: 7, silne_nieobecne: 2 }, 'prawie-zawsze-przeciw'],
    // a third of the strong votes absent (1 of 3): capped at „zwykle”
    [{ punkty: 0, mozliwe: 20, silne: 3, silne_nieobecne: 1 }, 'zwykle-za'],
    [{ punkty: 0, mozliwe: 20, silne: 4, silne_nieobecne: 1 }, 'zawsze-za'], // less than a third
  ])('%j → %s', (over, ocena) => expect(ocenaOf(counts(over))).toBe(ocena));

  it('rounds the agreement half-up from the integers (§2)', () => {
    expect(agreementHundredths({ punkty: 1, mozliwe: 12 })).toBe(9167); // 91.666…
    expect(agreementHundredths({ punkty: 0, mozliwe: 0 })).toBeNull();
  });
});

describe('a policy file that breaks §13 publishes nothing, naming the policy and the entry', () => {
  const valid = { id: 'a', nazwa: 'A', opis: 'Stanowisko.', glosowania: [] as unknown[] };
  const vote = { data: '2019-01-15', tytul: 'obrad', stanowisko: 'za' };
  it.each([
    ['not JSON', '[', /is not JSON/],
    ['not an array', '{}', /must be a JSON array of policies/],
    ['a bad id', [{ ...valid, id: 'A b' }], /policy 1 \("A b"\): id: must match/],
    ['a repeated id', [valid, valid], /policy 2 \("a"\): id: repeats policy 1/],
    ['an empty opis', [{ ...valid, opis: ' ' }], /policy 1 \("a"\): opis: must not be empty/],
    [
      'a bad stanowisko',
      [{ ...valid, glosowania: [vote, { ...vote, stanowisko: 'wstrzymujacy' }] }],
      /policy 1 \("a"\), entry 2 of glosowania: stanowisko: must be "za" or "przeciw"/,
    ],
    [
      'a date that is not in the calendar',
      [{ ...valid, glosowania: [{ ...vote, data: '2019-02-30' }] }],
      /policy 1 \("a"\), entry 1 of glosowania: data: is not a calendar date/,
    ],
    [
      'a bad waga',
      [{ ...valid, glosowania: [{ ...vote, waga: 'mocna' }] }],
      /entry 1 of glosowania: waga: must be "silna" or "zwykla"/,
    ],
    [
      'a blank tytul',
      [{ ...valid, glosowania: [{ ...vote, tytul: '  ' }] }],
      /entry 1 of glosowania: tytul: must not be empty/,
    ],
  ])('%s', async (_, content, message) => {
    const text = typeof content === 'string' ? content : JSON.stringify(content);
    expect(() => parsePolicies(text, 'polityki.json')).toThrow(PolicyError);
    expect(() => parsePolicies(text, 'polityki.json')).toThrow(message);
    // Through the ETL: refused before anything is built, the published snapshot untouched.
    const dbPath = await buildDatabase(source, 'csv', { topics: vocabularyFile(HAND_TOPICS) });
    const before = hashOf(dbPath);
    const file = join(tempDir('broken-policies-'), 'polityki.json');
    writeFileSync(file, text);
    await expect(runEtl({ source, dbPath, policies: file })).rejects.toThrow(message);
    await expect(runEtl({ source, dbPath, policies: file })).rejects.toThrow(file);
    expect(hashOf(dbPath)).toBe(before);
  });

  it('a missing file names itself', async () => {
    const dbPath = join(tempDir(), 'council.db');
    await expect(runEtl({ source, dbPath, policies: '/nonexistent/polityki.json' })).rejects.toThrow(
      /\/nonexistent\/polityki.json: cannot read the policy file/,
    );
    expect(existsSync(dbPath)).toBe(false);
  });

  it('a key §13 does not name is ignored with a warning naming it (a misspelt waga reads as zwykla)', async () => {
    const policies = [
      {
        id: 'a',
        nazwa: 'A',
        opis: 'Stanowisko.',
        komentarz: 'notatka redakcji',
        glosowania: [{ data: '2019-01-15', tytul: 'obrad', stanowisko: 'za', wagа: 'silna' }],
      },
    ];
    const ignored: IgnoredKeys[] = [];
    const parsed = parsePolicies(JSON.stringify(policies), 'polityki.json', ignored);
    expect(parsed[0]!.glosowania[0]!.waga).toBe('zwykla');
    expect(ignored).toEqual([
      { where: 'policy 1 ("a")', keys: ['komentarz'] },
      { where: 'policy 1 ("a"), entry 1 of glosowania', keys: ['wagа'] },
    ]);
    const summary = await runEtl({ source, dbPath: join(tempDir(), 'council.db'), policies: policyFile(policies) });
    expect(
      summary.findings.warnings
        .filter((w) => /not in CONTRACT §13/.test(w.problem))
        .map((w) => `${w.column}: ${w.problem}`),
    ).toEqual([
      'policy 1 ("a"): key "komentarz" not in CONTRACT §13: ignored',
      'policy 1 ("a"), entry 1 of glosowania: key "wagа" not in CONTRACT §13: ignored',
    ]);
  });

  it('an entry that matches nothing or several is a warning naming the policy and the entry', async () => {
    const dbPath = join(tempDir(), 'council.db');
    const summary = await runEtl({
      source,
      dbPath,
      topics: vocabularyFile(HAND_TOPICS),
      policies: policyFile(HAND_POLICIES),
    });
    const lines = summary.findings.warnings.filter((w) => w.column.startsWith('policy'));
    expect(lines.map((w) => `${w.column}: ${w.problem}`)).toEqual([
      'policy "budzet-miasta", entry 1: 2015-03-10 "BUDŻET" matches 2 votes (1, 2): left out',
      'policy "budzet-miasta", entry 8: 2020-01-01 "budżet" matches no vote: left out',
      'policy "budzet-miasta", entry 9: 2019-01-31 "projektu budżetu" (Rada Miasta) matches no vote: left out',
    ]);
  });
});

describe('which file, its SHA-256 in meta, and the refresh', () => {
  it('no file and not the sample: no policies, an empty SHA-256 recorded, no answer per councillor stored', async () => {
    const dbPath = join(tempDir(), 'council.db');
    await runEtl({ source, dbPath, render: renderStoredAnswers });
    expect(meta(dbPath, 'polityki_sha256')).toBe('');
    const db = new Database(dbPath, { readonly: true });
    try {
      const stored = db.prepare("SELECT sciezka FROM odpowiedz WHERE sciezka LIKE '%polityki%'").pluck().all();
      expect(stored).toEqual(['/api/polityki']);
    } finally {
      db.close();
    }
    const t = appOver(dbPath);
    try {
      expect((await request(t.app).get('/api/polityki')).body.data).toEqual([]);
    } finally {
      t.close();
    }
  });

  it('a refresh keeps the recorded file, rebuilds when it changed (and only then), takes a configured one', async () => {
    const dbPath = join(tempDir(), 'council.db');
    const file = policyFile(HAND_POLICIES);
    await runEtl({ source, dbPath, policies: file });
    expect(meta(dbPath, 'polityki_sha256')).toBe(sha256(file));
    expect(meta(dbPath, 'polityki_plik')).toBe(file);
    expect((await refreshOnce({ dbPath, configured: null })).rebuilt).toBe(false);

    writeFileSync(file, JSON.stringify(HAND_POLICIES.slice(0, 1)));
    const changed = await refreshOnce({ dbPath, configured: null });
    expect(changed.rebuilt).toBe(true);
    expect(meta(dbPath, 'polityki_sha256')).toBe(sha256(file));
    const t = appOver(dbPath);
    try {
      expect((await request(t.app).get('/api/polityki')).body.data.map((p: { id: string }) => p.id)).toEqual([
        'budzet-miasta',
      ]);
    } finally {
      t.close();
    }
    expect((await refreshOnce({ dbPath, configured: null })).rebuilt).toBe(false);

    const other = policyFile(HAND_POLICIES);
    expect((await refreshOnce({ dbPath, configured: null, policies: other })).rebuilt).toBe(true);
    expect(meta(dbPath, 'polityki_plik')).toBe(other);

    const before = hashOf(dbPath);
    const broken = policyFile([{ id: 'x' }]);
    await expect(refreshOnce({ dbPath, configured: null, policies: broken })).rejects.toThrow(/policy 1 \("x"\)/);
    expect(hashOf(dbPath)).toBe(before);
  });
});
