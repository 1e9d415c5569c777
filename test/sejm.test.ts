// The Sejm reader (etl/sources/sejm.ts) over real data of the 10th term: the sample directory through the
// whole pipeline (runEtl), a tar.gz built here from a few sample files, and — when present — the
// full term tarball. Small synthetic sources (written to a temp dir) cover the quirks and errors.

import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import Database from 'better-sqlite3';
import tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LoadCounts, Loader } from '../etl/load.ts';
import { GLOS_CODE } from '../core/contract.ts';
import { runEtl } from '../etl/run.ts';
import { createSchema } from '../core/snapshot/schema.ts';
import { dayBefore, pointNumber, readSejm } from '../etl/sources/sejm.ts';
import { API_ENDPOINTS } from '../src/answers/endpoints.ts';
import { appOver, buildDatabase, etlSummaryOf } from './support/fixture.ts';
import request from './support/request.ts';

const dataDir = fileURLToPath(new URL('../../shared/data/', import.meta.url));
const sampleDir = join(dataDir, 'sejm-sample');
const tarball = join(dataDir, 'sejm-term10.tar.gz');
const exists = existsSync(dataDir) && existsSync(sampleDir);
if (!exists) console.warn('skipping Sejm tests: ../shared/data not found');

interface SejmBallot {
  MP: number;
  club?: string;
  firstName: string;
  lastName: string;
  vote: string;
}
interface SejmVote {
  term: number;
  sitting: number;
  votingNumber: number;
  date: string;
  title: string;
  topic?: string;
  majorityVotes: number;
  yes: number;
  no: number;
  abstain: number;
  links: Array<{ href: string; rel: string }>;
  votes: SejmBallot[];
}

const ZA = GLOS_CODE.get('za')!;
const PRZECIW = GLOS_CODE.get('przeciw')!;
const WSTRZYMUJACY = GLOS_CODE.get('wstrzymujacy')!;
const NIEOBECNY = GLOS_CODE.get('nieobecny')!;
const BRAK_GLOSU = GLOS_CODE.get('brak_glosu')!;

const tempDirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'sejm-test-'));
  tempDirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

/** readSejm alone into an in-memory database: the raw tables, counts and findings. */
async function readRaw(path: string) {
  const db = new Database(':memory:');
  createSchema(db);
  const loader = new Loader(db);
  await readSejm(path, loader);
  const counts = loader.finish();
  return { db, counts, findings: loader.findings };
}

describe('pointNumber and dayBefore', () => {
  it('reads the leading Pkt. number in its usual forms', () => {
    expect(pointNumber('Pkt. 7 Sprawozdanie Komisji')).toBe('7');
    expect(pointNumber('Pkt. 7. Sprawozdanie')).toBe('7');
    expect(pointNumber('Pkt 12 Pierwsze czytanie')).toBe('12');
    expect(pointNumber('Pkt. 14., 15. i 16. Sprawozdania')).toBe('14');
    expect(pointNumber('Głosowania proceduralne')).toBeNull();
  });
  it('steps back over month and year ends', () => {
    expect(dayBefore('2024-03-01')).toBe('2024-02-29');
    expect(dayBefore('2024-01-01')).toBe('2023-12-31');
  });
});

describe.skipIf(!exists)('Sejm sample through runEtl', () => {
  let db: Database.Database;
  let summary: Awaited<ReturnType<typeof runEtl>>;
  const votes = new Map<string, SejmVote>(); // by "sitting_votingNumber"

  beforeAll(async () => {
    for (const name of readdirSync(sampleDir)) {
      if (/^\d+_\d+\.json$/.test(name))
        votes.set(name.replace('.json', ''), JSON.parse(readFileSync(join(sampleDir, name), 'utf8')));
    }
    const dbPath = join(tempDir(), 'council.db');
    summary = await runEtl({ source: sampleDir, format: 'sejm', dbPath });
    db = new Database(dbPath, { readonly: true });
  }, 60_000);
  afterAll(() => db?.close());

  const one = <T>(sql: string, ...params: unknown[]) => db.prepare(sql).get(...params) as T;
  const vote = (key: string) => votes.get(key)!;

  it('loads every vote, ballot and MP of the sample', () => {
    const ballots = [...votes.values()].reduce((n, v) => n + v.votes.length, 0);
    expect(summary.counts.glosowania).toBe(63);
    expect(summary.counts.glosy).toBe(ballots);
    expect(summary.counts.posiedzenia).toBe(2);
    expect(summary.counts.radni).toBe(498);
    expect(summary.counts.zalaczniki).toBe(63);
  });

  it('maps the term and the body', () => {
    expect(db.prepare('SELECT * FROM kadencja').all()).toEqual([
      { kadencja: '2023-2027', data_od: '2023-11-13', data_do: null },
    ]);
    expect(db.prepare('SELECT * FROM organ').all()).toEqual([{ id_organu: 1, nazwa: 'Sejm RP', typ: 'sejm' }]);
  });

  it('derives stable ids for sessions and votes', () => {
    const v = vote('10_1');
    expect(one('SELECT id_posiedzenia, numer, data_czas FROM glosowanie WHERE id_glosowania = ?', 10_010_001)).toEqual({
      id_posiedzenia: 10_010,
      numer: 1,
      data_czas: v.date,
    });
    expect(one('SELECT id_posiedzenia, numer FROM glosowanie WHERE id_glosowania = ?', 10_001_013)).toEqual({
      id_posiedzenia: 10_001,
      numer: 13,
    });
    expect(one('SELECT numer, data, nazwa, kadencja, id_organu FROM posiedzenie WHERE id_posiedzenia = 10010')).toEqual(
      {
        numer: '10',
        data: v.date.slice(0, 10),
        nazwa: '10. posiedzenie Sejmu RP',
        kadencja: '2023-2027',
        id_organu: 1,
      },
    );
    expect(one('SELECT data FROM posiedzenie WHERE id_posiedzenia = 10001')).toEqual({ data: '2023-11-13' });
  });

  it('joins title and topic with an em dash, and keeps a title without topic as is', () => {
    const v = vote('10_1');
    expect(v.topic).toBeTruthy();
    expect(one<{ tytul: string }>('SELECT tytul FROM glosowanie WHERE id_glosowania = 10010001').tytul).toBe(
      `${v.title} — ${v.topic}`,
    );
    const [key, bare] = [...votes].find(([, x]) => !x.topic)!;
    const [sitting, number] = key.split('_').map(Number);
    expect(
      one<{ tytul: string }>(
        'SELECT tytul FROM glosowanie WHERE id_glosowania = ?',
        10_000_000 + sitting! * 1000 + number!,
      ).tytul,
    ).toBe(bare.title);
  });

  it('states wynik as przyjęto when yes reaches majorityVotes', () => {
    const v = vote('10_1');
    expect(v.yes).toBeGreaterThanOrEqual(v.majorityVotes);
    expect(one('SELECT wynik_podany, wynik FROM glosowanie WHERE id_glosowania = 10010001')).toEqual({
      wynik_podany: 'przyjęto',
      wynik: 'przyjęto',
    });
    let rejected = 0;
    for (const x of votes.values()) {
      const expected = x.yes >= x.majorityVotes ? 'przyjęto' : 'odrzucono';
      if (expected === 'odrzucono') rejected++;
      const id = 10_000_000 + x.sitting * 1000 + x.votingNumber;
      expect(
        one<{ wynik_podany: string }>('SELECT wynik_podany FROM glosowanie WHERE id_glosowania = ?', id).wynik_podany,
      ).toBe(expected);
    }
    expect(rejected).toBeGreaterThan(0);
  });

  it('maps the ballots of a vote to the stated totals', () => {
    const v = vote('10_1');
    const counts = new Map(
      (
        db.prepare('SELECT glos, count(*) AS n FROM glos WHERE id_glosowania = 10010001 GROUP BY glos').all() as Array<{
          glos: number;
          n: number;
        }>
      ).map((r) => [r.glos, r.n]),
    );
    expect(counts.get(ZA)).toBe(v.yes);
    expect(counts.get(PRZECIW)).toBe(v.no);
    expect(counts.get(WSTRZYMUJACY)).toBe(v.abstain);
    expect(counts.get(NIEOBECNY)).toBe(v.votes.filter((b) => b.vote === 'ABSENT').length);
    expect(one('SELECT za, przeciw, wstrzymujacy FROM glosowanie WHERE id_glosowania = 10010001')).toEqual({
      za: v.yes,
      przeciw: v.no,
      wstrzymujacy: v.abstain,
    });
  });

  it('records PRESENT and VOTE_VALID as brak_glosu (code 4)', () => {
    expect(BRAK_GLOSU).toBe(4);
    const v = vote('1_1'); // the election of the Marshal, voted on lists
    const expected = v.votes.filter((b) => b.vote === 'VOTE_VALID' || b.vote === 'PRESENT').length;
    expect(expected).toBeGreaterThan(400);
    expect(one('SELECT count(*) AS n FROM glos WHERE id_glosowania = 10001001 AND glos = 4')).toEqual({ n: expected });
    const mp = v.votes.find((b) => b.vote === 'VOTE_VALID')!.MP;
    expect(one('SELECT glos FROM glos WHERE id_glosowania = 10001001 AND id_osoby = ?', mp)).toEqual({ glos: 4 });
  });

  it('numbers agenda points by Pkt. or by position of first appearance', () => {
    for (const sitting of [1, 10]) {
      const titles: string[] = [];
      const inSitting = [...votes.values()]
        .filter((x) => x.sitting === sitting)
        .sort((a, b) => a.votingNumber - b.votingNumber);
      for (const x of inSitting) if (!titles.includes(x.title)) titles.push(x.title);
      const rows = db
        .prepare('SELECT id_punktu, numer, tytul FROM punkt WHERE id_posiedzenia = ? ORDER BY id_punktu')
        .all(10_000 + sitting) as Array<{ id_punktu: number; numer: string; tytul: string }>;
      expect(rows.map((r) => r.tytul)).toEqual(titles);
      rows.forEach((r, i) => {
        expect(r.id_punktu).toBe((10_000 + sitting) * 1000 + i + 1);
        const pkt = /^Pkt\.? ?(\d+)/.exec(r.tytul);
        expect(r.numer).toBe(pkt ? pkt[1] : String(i + 1));
      });
      for (const x of inSitting) {
        const id = 10_000_000 + sitting * 1000 + x.votingNumber;
        const { id_punktu } = one<{ id_punktu: number }>(
          'SELECT id_punktu FROM glosowanie WHERE id_glosowania = ?',
          id,
        );
        expect(rows.find((r) => r.id_punktu === id_punktu)!.tytul).toBe(x.title);
      }
    }
    // Sitting 10 opens with procedural votes under the sitting's own title (no Pkt.: position 1),
    // then Pkt. 18, 7, 1, 2, 3, 5, 6, 9, 10, 8, 12: vote 10/21 is under the 12th title, "Pkt. 12 …".
    const point = (voteId: number) =>
      one(
        'SELECT p.id_punktu, p.numer FROM punkt p JOIN glosowanie g USING (id_punktu) WHERE g.id_glosowania = ?',
        voteId,
      );
    expect(vote('10_21').title).toMatch(/^Pkt\. 12 /);
    expect(point(10_010_021)).toEqual({ id_punktu: 10_010_012, numer: '12' });
    expect(point(10_010_005)).toEqual({ id_punktu: 10_010_002, numer: '18' });
    expect(point(10_010_001)).toEqual({ id_punktu: 10_010_001, numer: '1' });
  });

  it('attaches the results PDF', () => {
    expect(db.prepare('SELECT id_zalacznika, nazwa, url FROM zalacznik WHERE id_glosowania = 10010001').all()).toEqual([
      {
        id_zalacznika: 10010001,
        nazwa: 'Wyniki głosowania (PDF)',
        url: vote('10_1').links.find((l) => l.rel === 'pdf')!.href,
      },
    ]);
    expect(vote('10_1').links[0]!.href).toBe('https://api.sejm.gov.pl/sejm/term10/votings/10/1/pdf');
  });

  it('follows an MP who changes club with two memberships', () => {
    // Each MP's clubs through the sample in date order; pick one with exactly one change.
    const ordered = [...votes.values()].sort(
      (a, b) => a.date.localeCompare(b.date) || a.sitting - b.sitting || a.votingNumber - b.votingNumber,
    );
    const history = new Map<number, Array<{ club: string; date: string }>>();
    for (const x of ordered) {
      for (const b of x.votes) {
        const h = history.get(b.MP) ?? [];
        if (h.length === 0 || h.at(-1)!.club !== b.club) h.push({ club: b.club ?? '', date: x.date.slice(0, 10) });
        history.set(b.MP, h);
      }
    }
    const [mp, h] = [...history].find(([, x]) => x.length === 2 && x[0]!.date !== x[1]!.date)!;
    const rows = db
      .prepare(
        `SELECT przynaleznosc_id, u.nazwa AS club, data_od, data_do, aktywny FROM przynaleznosc
      JOIN ugrupowanie u USING (id_ugrupowania) WHERE id_osoby = ? ORDER BY data_od`,
      )
      .all(mp) as Array<Record<string, unknown>>;
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      przynaleznosc_id: mp * 100 + 1,
      club: h[0]!.club,
      data_od: '2023-11-13',
      data_do: dayBefore(h[1]!.date),
      aktywny: 1,
    });
    expect(rows[1]).toMatchObject({
      przynaleznosc_id: mp * 100 + 2,
      club: h[1]!.club,
      data_od: h[1]!.date,
      data_do: null,
    });
    expect(rows[0]!.data_do).toBe(dayBefore(rows[1]!.data_od as string));
  });

  it('creates every club, with full names from clubs.json where known', () => {
    const rows = db
      .prepare('SELECT id_ugrupowania, nazwa, skrot, pelna_nazwa FROM ugrupowanie ORDER BY id_ugrupowania')
      .all() as Array<{ id_ugrupowania: number; nazwa: string; skrot: string; pelna_nazwa: string | null }>;
    const names = rows.map((r) => r.nazwa);
    expect(names).toEqual([...names].sort());
    expect(rows.map((r) => r.id_ugrupowania)).toEqual(rows.map((_, i) => i + 1));
    expect(rows.find((r) => r.nazwa === 'KO')).toMatchObject({
      skrot: 'KO',
      pelna_nazwa: expect.stringMatching(/^Klub Parlamentarny Koalicja Obywatelska/),
    });
    expect(rows.find((r) => r.nazwa === 'PSL')).toMatchObject({ pelna_nazwa: null }); // seen only in the votes of sitting 1
  });

  it('derives attendance from the ballots', () => {
    const mps = new Set([...votes.values()].filter((x) => x.sitting === 10).flatMap((x) => x.votes.map((b) => b.MP)));
    expect(one('SELECT count(*) AS n FROM obecnosc WHERE id_posiedzenia = 10010')).toEqual({ n: mps.size });
  });
});

describe.skipIf(!exists)('Sejm tar.gz source', () => {
  it('reads a streamed tar.gz like the same files in a directory', async () => {
    const files = ['1_1.json', '10_1.json', '10_2.json', 'mps.json', 'clubs.json'];
    const dir = tempDir();
    const asDir = join(dir, 'sejm-small');
    const archive = join(dir, 'sejm-small.tar.gz');
    const pack = tar.pack();
    mkdirSync(asDir);
    pack.entry({ name: 'sejm-small', type: 'directory' });
    for (const name of files) {
      const content = readFileSync(join(sampleDir, name));
      writeFileSync(join(asDir, name), content);
      pack.entry({ name: `sejm-small/${name}` }, content);
    }
    pack.finalize();
    const chunks: Buffer[] = [];
    for await (const chunk of pack) chunks.push(chunk as Buffer);
    writeFileSync(archive, gzipSync(Buffer.concat(chunks)));

    const fromDir = await readRaw(asDir);
    const fromTar = await readRaw(archive);
    try {
      expect(fromTar.findings.errors).toEqual([]);
      expect(fromDir.findings.errors).toEqual([]);
      expect(fromTar.counts).toEqual(fromDir.counts);
      expect(fromTar.counts).toMatchObject<Partial<LoadCounts>>({
        glosowania: 3,
        posiedzenia: 2,
        radni: 498,
        zalaczniki: 3,
      });
      const ballots = files
        .slice(0, 3)
        .reduce((n, f) => n + (JSON.parse(readFileSync(join(sampleDir, f), 'utf8')) as SejmVote).votes.length, 0);
      expect(fromTar.counts.glosy).toBe(ballots);
      for (const table of ['glos', 'przynaleznosc', 'punkt', 'glosowanie', 'ugrupowanie']) {
        const dump = (d: Database.Database) => d.prepare(`SELECT * FROM ${table} ORDER BY 1, 2`).all();
        expect(dump(fromTar.db)).toEqual(dump(fromDir.db));
      }
    } finally {
      fromDir.db.close();
      fromTar.db.close();
    }
  });

  it.skipIf(!existsSync(tarball))(
    'imports the full 10th term',
    async () => {
      // The run's one build of the term without its stored answers, shared with test/exports-sejm.test.ts.
      const dbPath = await buildDatabase(tarball, 'sejm', { render: false });
      const summary = etlSummaryOf(dbPath);
      const db = new Database(dbPath, { readonly: true });
      try {
        const count = (table: string) => (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
        expect(count('glosowanie')).toBe(3_078);
        expect(count('glos')).toBe(1_414_027);
        expect(count('radny')).toBe(498);
        expect(count('posiedzenie')).toBe(56);
        expect(summary.counts.glosy).toBe(1_414_027);
      } finally {
        db.close();
      }
      await everyEndpointAnswers(dbPath);
    },
    180_000,
  );
});

/** Every GET endpoint answers 200 in its documented shape on a Sejm database, with real ids. */
async function everyEndpointAnswers(dbPath: string): Promise<void> {
  const t = appOver(dbPath);
  try {
    const db = t.snapshots.active!.db;
    const [mp, other] = db
      .prepare("SELECT id_osoby FROM radny_stat WHERE kadencja = '*' ORDER BY liczba_glosowan DESC LIMIT 2")
      .pluck()
      .all() as [number, number];
    const vote = db.prepare('SELECT id_glosowania FROM glosowanie ORDER BY ord LIMIT 1').pluck().get() as number;
    const session = db.prepare('SELECT id_posiedzenia FROM posiedzenie ORDER BY ord LIMIT 1').pluck().get() as number;
    const link = (await request(t.app).post(`/api/glosowania/${vote}/udostepnij`).send({ id_osoby: mp })).body.data
      .link as string;
    for (const endpoint of API_ENDPOINTS) {
      if (endpoint.path === '/api/polityki/:id') {
        // Built without a policy file (CONTRACT §13): no policy to answer, said so; /api/polityki lists none.
        const none = await request(t.app).get('/api/polityki/polityka');
        expect([none.status, none.body.message]).toEqual([
          404,
          'no policy polityka (the policies are listed at /api/polityki)',
        ]);
        continue;
      }
      const path = endpoint.path
        .replace(':link', link)
        .replace(':id2', String(other))
        .replace(
          ':id',
          String(
            endpoint.path.startsWith('/api/radni') ? mp : endpoint.path.startsWith('/api/posiedzenia') ? session : vote,
          ),
        );
      const res =
        endpoint.method === 'get'
          ? await request(t.app).get(path)
          : await request(t.app).post(path).send({ id_osoby: mp });
      expect(res.status, `${endpoint.method} ${path}`).toBe(200);
      const parsed = endpoint.response.safeParse(res.body);
      expect(parsed.success, `${path}: ${parsed.success ? '' : parsed.error.message}`).toBe(true);
    }
    const koalicje = await request(t.app).get(`/api/radni/${mp}/koalicje`);
    expect(koalicje.body.data).toHaveLength(10);
  } finally {
    t.close();
  }
}

// Synthetic sources: the quirks the real data may show, and bad data.
describe('Sejm reader on synthetic sources', () => {
  const ballot = (MP: number, vote: string, club?: string) => ({
    MP,
    club,
    firstName: `Imię${MP}`,
    lastName: `Nazwisko${MP}`,
    vote,
  });
  const voteFile = (
    sitting: number,
    votingNumber: number,
    date: string,
    ballots: unknown[],
    extra: Record<string, unknown> = {},
  ) => ({
    term: 10,
    sitting,
    sittingDay: 1,
    votingNumber,
    date,
    title: `Pkt ${votingNumber} Sprawa`,
    kind: 'ELECTRONIC',
    majorityType: 'SIMPLE_MAJORITY',
    majorityVotes: 2,
    yes: 2,
    no: 0,
    abstain: 0,
    links: [{ href: `https://example.test/${sitting}/${votingNumber}/pdf`, rel: 'pdf' }],
    votes: ballots,
    ...extra,
  });
  const write = (files: Record<string, unknown>) => {
    const dir = tempDir();
    for (const [name, content] of Object.entries(files))
      writeFileSync(join(dir, name), typeof content === 'string' ? content : JSON.stringify(content));
    return dir;
  };

  it('handles PRESENT, empty clubs, MPs missing from mps.json, club changes and stated-total mismatches', async () => {
    const dir = write({
      'mps.json': [
        { id: 1, firstName: 'Anna', lastName: 'Nowak', firstLastName: 'Anna Nowak', club: 'A', active: false },
        { id: 2, firstName: 'Jan', lastName: 'Kowalski', firstLastName: 'Jan Kowalski', club: 'B', active: true },
        { id: 4, firstName: 'Ewa', lastName: 'Cicha', firstLastName: 'Ewa Cicha', club: 'B', active: true },
      ],
      'clubs.json': [
        { id: 'A', name: 'Klub A', membersCount: 1 },
        { id: 'B', name: 'Klub B', membersCount: 2 },
      ],
      '3_1.json': voteFile(3, 1, '2024-01-10T10:00:00', [
        ballot(1, 'YES', 'A'),
        ballot(2, 'YES', 'B'),
        ballot(3, 'PRESENT', 'C'),
      ]),
      '3_2.json': voteFile(
        3,
        2,
        '2024-01-11T10:00:00',
        [ballot(1, 'NO', 'B'), ballot(2, 'ABSTAIN', ''), ballot(3, 'ABSENT', 'C')],
        { yes: 5 },
      ),
    });
    const { db, counts, findings } = await readRaw(dir);
    try {
      expect(findings.errors).toEqual([]);
      expect(findings.warnings).toEqual([
        { file: '3_2.json', line: 1, column: 'yes', problem: 'stated 5 but ballots count 0' },
        { file: '3_2.json', line: 1, column: 'no', problem: 'stated 0 but ballots count 1' },
        { file: '3_2.json', line: 1, column: 'abstain', problem: 'stated 0 but ballots count 1' },
      ]);
      expect(counts).toMatchObject({ radni: 4, glosowania: 2, glosy: 6, ugrupowania: 3 });
      expect(db.prepare('SELECT * FROM radny WHERE id_osoby = 3').get()).toMatchObject({
        imie_nazwisko: 'Imię3 Nazwisko3',
      });
      expect(db.prepare('SELECT glos FROM glos WHERE id_glosowania = 10003001 AND id_osoby = 3').get()).toEqual({
        glos: BRAK_GLOSU,
      });
      expect(db.prepare('SELECT id_ugrupowania, nazwa, pelna_nazwa FROM ugrupowanie ORDER BY 1').all()).toEqual([
        { id_ugrupowania: 1, nazwa: 'A', pelna_nazwa: 'Klub A' },
        { id_ugrupowania: 2, nazwa: 'B', pelna_nazwa: 'Klub B' },
        { id_ugrupowania: 3, nazwa: 'C', pelna_nazwa: null },
      ]);
      expect(
        db
          .prepare(
            'SELECT przynaleznosc_id, id_osoby, id_ugrupowania, data_od, data_do, aktywny FROM przynaleznosc ORDER BY 1',
          )
          .all(),
      ).toEqual([
        {
          przynaleznosc_id: 101,
          id_osoby: 1,
          id_ugrupowania: 1,
          data_od: '2024-01-10',
          data_do: '2024-01-10',
          aktywny: 1,
        },
        { przynaleznosc_id: 102, id_osoby: 1, id_ugrupowania: 2, data_od: '2024-01-11', data_do: null, aktywny: 0 },
        {
          przynaleznosc_id: 201,
          id_osoby: 2,
          id_ugrupowania: 2,
          data_od: '2024-01-10',
          data_do: '2024-01-10',
          aktywny: 1,
        },
        { przynaleznosc_id: 202, id_osoby: 2, id_ugrupowania: null, data_od: '2024-01-11', data_do: null, aktywny: 1 },
        { przynaleznosc_id: 301, id_osoby: 3, id_ugrupowania: 3, data_od: '2024-01-10', data_do: null, aktywny: 1 },
        { przynaleznosc_id: 401, id_osoby: 4, id_ugrupowania: 2, data_od: '2024-01-10', data_do: null, aktywny: 1 },
      ]);
      expect(db.prepare('SELECT kadencja, data_od FROM kadencja').get()).toEqual({
        kadencja: '2024-2028',
        data_od: '2024-01-10',
      });
      expect(db.prepare('SELECT id_punktu, numer FROM punkt ORDER BY 1').all()).toEqual([
        { id_punktu: 10003001, numer: '1' },
        { id_punktu: 10003002, numer: '2' },
      ]);
    } finally {
      db.close();
    }
  });

  it('reports bad data as findings instead of throwing', async () => {
    const good = [ballot(1, 'YES', 'A')];
    const dir = write({
      'mps.json': [{ id: 1, firstLastName: 'Anna Nowak', club: 'A', active: true }],
      'clubs.json': [{ id: 'A', name: 'Klub A' }],
      '1_1.json': voteFile(1, 1, '2024-01-10T10:00:00', good, { yes: 1, majorityVotes: 1 }),
      '1_2.json': '{"term": 10, "sitting": 1,',
      '1_3.json': voteFile(1, 3, '2024-01-10T11:00:00', good, { title: undefined, date: '2024-02-30T10:00:00' }),
      '1_4.json': voteFile(1, 4, '2024-01-10T12:00:00', [ballot(1, 'MAYBE', 'A')], { yes: 0, majorityVotes: 1 }),
    });
    const { db, findings } = await readRaw(dir);
    db.close();
    const problems = findings.errors.map((p) => `${p.file}:${p.line}: ${p.column}: ${p.problem}`);
    expect(problems).toHaveLength(4);
    expect(problems[0]).toMatch(/^1_2\.json:1: \(file\): unparsable JSON/);
    expect(problems).toContain('1_3.json:1: date: must be a date-time YYYY-MM-DDTHH:MM:SS (got "2024-02-30T10:00:00")');
    expect(problems).toContain('1_3.json:1: title: required field is missing');
    expect(problems.find((p) => p.startsWith('1_4.json'))).toMatch(
      /votes\[0\]\.vote: unknown vote value "MAYBE" of MP 1/,
    );
  });

  it('rejects a path that is neither a directory nor a .tar.gz, and a corrupt archive', async () => {
    const dir = write({ 'notes.txt': 'hello', 'broken.tar.gz': 'not gzip at all' });
    const plain = await readRaw(join(dir, 'notes.txt'));
    plain.db.close();
    expect(plain.findings.errors).toEqual([
      {
        file: 'notes.txt',
        line: 0,
        column: '(source)',
        problem: 'a Sejm source must be a directory or a .tar.gz of one',
      },
    ]);
    const broken = await readRaw(join(dir, 'broken.tar.gz'));
    broken.db.close();
    expect(broken.findings.errors[0]).toMatchObject({ file: 'broken.tar.gz', column: '(archive)' });
    await expect(readRaw(join(dir, 'missing'))).rejects.toThrow(/ENOENT/);
  });
});
