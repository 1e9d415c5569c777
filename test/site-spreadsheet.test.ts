// Downloads a reader takes away (issue 36): every list and bulk file also in the spreadsheet's form
// (UTF-8 with a BOM, `;`, decimal comma) opened by Debian's LibreOffice with Polish letters and numbers
// intact; file names that say what they hold; the lists that had no download; the Data Package of /dane/.

import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import { parse } from 'csv-parse/sync';
import request from './support/request.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvField, SPREADSHEET_CSV } from '../src/exports/csv.ts';
import { dataPackage } from '../src/exports/datapackage.ts';
import { type TestApp, appOver, buildDatabase, tempDir } from './support/fixture.ts';

const SAMPLE = fileURLToPath(new URL('../data/sample', import.meta.url));
const LIBREOFFICE = '/usr/bin/libreoffice';

const csvRows = (text: string) => parse<Record<string, string>>(text, { columns: true, bom: true });
const sheetRows = (text: string) => parse<Record<string, string>>(text, { columns: true, bom: true, delimiter: ';' });

/** A binary answer (to see the byte order mark as bytes). */
const bytes = (res: NodeJS.ReadableStream, callback: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
};

let t: TestApp;
beforeAll(async () => {
  t = appOver(await buildDatabase(SAMPLE));
});
afterAll(() => t?.close());

describe('the spreadsheet form of a list', () => {
  it('writes a field with `;` and a decimal comma, a text that looks like a formula still guarded', () => {
    expect(csvField(92.5, SPREADSHEET_CSV)).toBe('92,5');
    expect(csvField('92.50', SPREADSHEET_CSV)).toBe('92,50');
    expect(csvField('Gdańsk; Sopot', SPREADSHEET_CSV)).toBe('"Gdańsk; Sopot"');
    expect(csvField('a,b', SPREADSHEET_CSV)).toBe('a,b');
    expect(csvField('=1+1', SPREADSHEET_CSV)).toBe("'=1+1");
    expect(csvField('2018-2023', SPREADSHEET_CSV)).toBe('2018-2023');
  });

  it('/rankingi/frekwencja.arkusz.csv: a BOM, `;`, the same rows as the CSV, percentages with a decimal comma', async () => {
    const sheet = await request(t.app).get('/rankingi/frekwencja.arkusz.csv').buffer(true).parse(bytes);
    expect(sheet.status).toBe(200);
    const body = sheet.body as Buffer;
    expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = csvRows((await request(t.app).get('/rankingi/frekwencja.csv')).text);
    const rows = sheetRows(body.toString('utf8'));
    expect(rows).toHaveLength(csv.length);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((r) => r['imie_nazwisko'])).toEqual(csv.map((r) => r['imie_nazwisko']));
    expect(rows.map((r) => r['frekwencja_procent'])).toEqual(
      csv.map((r) => r['frekwencja_procent']!.replace('.', ',')),
    );
    expect(sheet.headers['content-disposition']).toBe(
      'attachment; filename="ranking-frekwencja-rada-miasta-przykladowa-i-komisje-arkusz.csv"',
    );
  });

  it("a vote's ballots: its title and date in every row; in the spreadsheet, ballots in words, not codes (issue 46)", async () => {
    const db = t.snapshots.active!.db;
    const vote = db
      .prepare(
        'SELECT id_glosowania FROM glosowanie WHERE brak_glosu > 0 AND wstrzymujacy > 0 ORDER BY id_glosowania LIMIT 1',
      )
      .pluck()
      .get() as number;
    const detail = (await request(t.app).get(`/api/glosowania/${vote}`)).body.data;
    const csv = csvRows((await request(t.app).get(`/glosowania/${vote}/glosy.csv`)).text);
    const sheet = sheetRows((await request(t.app).get(`/glosowania/${vote}/glosy.arkusz.csv`)).text);
    expect(sheet).toHaveLength(csv.length);
    for (const rows of [csv, sheet])
      for (const row of rows)
        expect(row).toMatchObject({ id_glosowania: String(vote), data: detail.data, tytul: detail.tytul });
    // Programs keep the API's codes; a reader's spreadsheet reads words.
    expect(csv.map((r) => r['glos'])).toContain('brak_glosu');
    expect(sheet.map((r) => r['glos'])).toContain('brak głosu');
    expect(sheet.map((r) => r['glos']).filter((g) => /_|^wstrzymujacy$|^nieobecny$/.test(g!))).toEqual([]);
    const groups = sheetRows((await request(t.app).get(`/glosowania/${vote}/ugrupowania.arkusz.csv`)).text);
    expect(groups[0]).toMatchObject({ id_glosowania: String(vote), data: detail.data, tytul: detail.tytul });
  });

  it('/dane/polityki.csv: every councillor’s agreement with every policy, as /api/polityki/:id gives it (issue 45)', async () => {
    const policies = (await request(t.app).get('/api/polityki')).body.data as Array<{ id: string; nazwa: string }>;
    expect(policies.length).toBeGreaterThan(0);
    const rows = csvRows((await request(t.app).get('/dane/polityki.csv')).text);
    const expected = [];
    for (const p of policies) {
      const detail = (await request(t.app).get(`/api/polityki/${p.id}`)).body.data;
      for (const r of detail.radni as Array<Record<string, string | number | null>>)
        expected.push({
          polityka: p.id,
          nazwa_polityki: p.nazwa,
          id_osoby: String(r['id_osoby']),
          zgodne: String(r['zgodne']),
          przeciwne: String(r['przeciwne']),
          wstrzymane: String(r['wstrzymane']),
          nieobecne: String(r['nieobecne']),
          zgodnosc_procent: r['zgodnosc_procent'] === null ? '' : String(r['zgodnosc_procent']),
          ocena: String(r['ocena']),
        });
    }
    expect(rows.map(({ imie_nazwisko: _, punkty: __, mozliwe: ___, ...row }) => row)).toEqual(expected);
    expect((await request(t.app).get('/dane/')).text).toContain('href="/dane/polityki.csv"');
  });

  it('every page offers its lists both ways; a bulk file too', async () => {
    const page = (await request(t.app).get('/glosowania')).text;
    expect(page).toContain('href="/glosowania.arkusz.csv" download');
    expect(page).toContain('href="/glosowania.csv" download');
    const dane = (await request(t.app).get('/dane/')).text;
    expect(dane).toContain('href="/dane/radni.arkusz.csv" download');
    const bulk = await request(t.app).get('/dane/radni.arkusz.csv').buffer(true).parse(bytes);
    expect(bulk.status).toBe(200);
    expect((bulk.body as Buffer).toString('utf8')).toMatch(/^\uFEFFid_osoby;imie_nazwisko;/);
    expect(bulk.headers['content-disposition']).toBe(
      'attachment; filename="dane-radni-rada-miasta-przykladowa-i-komisje-arkusz.csv"',
    );
  });

  it.skipIf(!existsSync(LIBREOFFICE))(
    'LibreOffice opens the downloaded list with Polish letters and numbers intact',
    async () => {
      const sheet = await request(t.app).get('/rankingi/frekwencja.arkusz.csv').buffer(true).parse(bytes);
      const api = (await request(t.app).get('/rankingi/frekwencja.csv')).text;
      const expected = csvRows(api);
      expect(expected.some((r) => /[ąćęłńóśźżĄĆĘŁŃÓŚŹŻ]/.test(r['imie_nazwisko']!))).toBe(true);
      const dir = tempDir();
      const input = join(dir, 'ranking-frekwencja-arkusz.csv');
      writeFileSync(input, sheet.body as Buffer);
      const out = join(dir, 'out');
      mkdirSync(out);
      // The options LibreOffice's import dialog offers for this file on a Polish system: `;`, `"`,
      // UTF-8 (76), from row 1, Polish locale (1045) for numbers. Headless without options it assumes
      // a comma and the system's character set for every CSV (why the file says what it is in /dane/).
      execFileSync(
        LIBREOFFICE,
        ['--headless', '--infilter=CSV:59,34,76,1,,1045', '--convert-to', 'fods', '--outdir', out, input],
        { env: { ...process.env, HOME: dir }, timeout: 120_000, stdio: 'ignore' },
      );
      const fods = readFileSync(join(out, 'ranking-frekwencja-arkusz.fods'), 'utf8');
      const table = [...fods.matchAll(/<table:table-row[^>]*>([\s\S]*?)<\/table:table-row>/g)].map((row) =>
        [...row[1]!.matchAll(/<table:table-cell([^>]*?)(?:\/>|>([\s\S]*?)<\/table:table-cell>)/g)].flatMap((cell) => {
          const repeated = Number(/table:number-columns-repeated="(\d+)"/.exec(cell[1]!)?.[1] ?? 1);
          const value = {
            value: /office:value="([^"]*)"/.exec(cell[1]!)?.[1],
            type: /office:value-type="([^"]*)"/.exec(cell[1]!)?.[1],
            text: (cell[2] ?? '').replace(/<[^>]+>/g, '').trim(),
          };
          return Array.from({ length: repeated }, () => value);
        }),
      );
      const header = table[0]!.map((c) => c.text);
      const name = header.indexOf('imie_nazwisko');
      const percent = header.indexOf('frekwencja_procent');
      const present = header.indexOf('obecnosci');
      expect(name).toBeGreaterThanOrEqual(0);
      expected.forEach((row, i) => {
        const cells = table[i + 1]!;
        expect(cells[name]!.text).toBe(row['imie_nazwisko']);
        expect(cells[percent]!.type).toBe('float');
        expect(Number(cells[percent]!.value)).toBe(Number(row['frekwencja_procent']));
        expect(cells[present]!.type).toBe('float');
        expect(Number(cells[present]!.value)).toBe(Number(row['obecnosci']));
      });
    },
    180_000,
  );
  if (!existsSync(LIBREOFFICE)) console.warn(`${LIBREOFFICE} is absent: the LibreOffice round trip is skipped`);
});

describe('file names that say what they hold', () => {
  it('a council, a term, a person, a filter: two downloads never share a name', async () => {
    const names = new Set<string>();
    const radni = (await request(t.app).get('/api/radni')).body.data as Array<{ token: string }>;
    const councils = (await request(t.app).get('/api/utils/organy')).body.data as Array<{
      id_organu: number;
      nazwa: string;
      typ: string;
    }>;
    const council = councils.find((b) => b.typ === 'rada')!;
    const paths = [
      '/glosowania.csv',
      '/glosowania.csv?wynik=odrzucono',
      `/glosowania.csv?organ=${council.id_organu}`,
      '/glosowania.csv?kadencja=2018-2023',
      `/radni/${radni[0]!.token}/glosowania.csv`,
      `/radni/${radni[1]!.token}/glosowania.csv`,
      '/dane/glosowania.csv',
      `/dane/${council.id_organu}/2018-2023/glosowania.csv`,
      `/dane/${council.id_organu}/2018-2023/glosowania.arkusz.csv`,
    ];
    for (const path of paths) {
      const res = await request(t.app).get(path);
      expect(res.status, path).toBe(200);
      const name = /filename="([^"]+)"/.exec(res.headers['content-disposition'] as string)![1]!;
      expect(name).toMatch(/^[a-z0-9-]+\.csv$/);
      names.add(name);
    }
    expect(names.size).toBe(paths.length); // /glosowania.csv (the list) and /dane/glosowania.csv (the bulk file) too
    const scoped = await request(t.app).get(`/dane/${council.id_organu}/2018-2023/radni.csv`);
    expect(scoped.headers['content-disposition']).toBe(
      `attachment; filename="dane-radni-${council.nazwa
        .toLowerCase()
        .normalize('NFD')
        .replace(/\p{M}/gu, '')
        .replace(/ł/g, 'l')
        .replace(/[^a-z0-9]+/g, '-')}-2018-2023.csv"`,
    );
    const person = await request(t.app).get(`/radni/${radni[0]!.token}/glosowania.csv`);
    expect(person.headers['content-disposition']).toContain(radni[0]!.token);
  });
});

describe('the lists that had no download', () => {
  it("a councillor's attendance records: every record, linked from the page", async () => {
    const person = (
      (await request(t.app).get('/api/radni')).body.data as Array<{ id_osoby: number; token: string }>
    )[0]!;
    const total = (await request(t.app).get(`/api/radni/${person.id_osoby}/obecnosci?limit=1`)).body.pagination
      .total as number;
    expect(total).toBeGreaterThan(20); // more than the page's 20
    const page = (await request(t.app).get(`/radni/${person.token}/obecnosci`)).text;
    expect(page).toContain(`href="/radni/${person.token}/obecnosci.arkusz.csv" download`);
    const res = await request(t.app).get(`/radni/${person.token}/obecnosci.csv`);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="obecnosci-radnego-${person.token}-rada-miasta-przykladowa.csv"`,
    );
    const rows = csvRows(res.text);
    expect(rows).toHaveLength(total);
    expect(Object.keys(rows[0]!)).toEqual([
      'id_posiedzenia',
      'data',
      'numer',
      'id_organu',
      'obecny',
      'lista_obecnosci',
    ]);
  });

  it('/porownaj: every vote in which the two voted differently', async () => {
    const [a, b] = (await request(t.app).get('/api/radni')).body.data as Array<{ id_osoby: number; token: string }>;
    const api = (await request(t.app).get(`/api/radni/${a!.id_osoby}/porownanie/${b!.id_osoby}?limit=1`)).body;
    const total = api.pagination.total as number;
    expect(total).toBeGreaterThan(20);
    const query = `radny=${a!.token}&drugi=${b!.token}`;
    const page = (await request(t.app).get(`/porownaj?${query}`)).text;
    expect(page).toContain(`href="/porownaj/rozbiezne.arkusz.csv?${query.replace('&', '&amp;')}" download`);
    const rows = csvRows((await request(t.app).get(`/porownaj/rozbiezne.csv?${query}`)).text);
    expect(rows).toHaveLength(total);
    expect(rows.every((r) => r['glos'] !== r['glos_drugiego'])).toBe(true);
    expect((await request(t.app).get('/porownaj/rozbiezne.csv')).status).toBe(400);
  });

  it('/szukaj: the councillors and the votes found', async () => {
    const page = (await request(t.app).get('/szukaj?szukaj=budzet')).text;
    expect(page).toContain('href="/szukaj/glosowania.arkusz.csv?szukaj=budzet" download');
    const votes = csvRows((await request(t.app).get('/szukaj/glosowania.csv?szukaj=budzet')).text);
    const api = (await request(t.app).get('/api/glosowania?search=budzet&limit=1')).body.pagination.total as number;
    expect(votes).toHaveLength(api);
    expect(votes.length).toBeGreaterThan(0);
    const people = csvRows((await request(t.app).get('/szukaj/radni.csv?szukaj=zmuda')).text);
    expect(people.map((r) => r['imie_nazwisko'])).toContain('Tomasz Żmuda');
    expect((await request(t.app).get('/szukaj/radni.csv')).status).toBe(400);
  });
});

// The parts of the Data Package and Table Schema specifications (specs.frictionlessdata.io) this
// package uses, as a JSON Schema: what a Frictionless reader needs to find, type and join the files.
const FIELD_TYPES = ['string', 'number', 'integer', 'boolean', 'date', 'time', 'datetime', 'year', 'any'];
const fieldRef = { oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' }, minItems: 1 }] };
const DATA_PACKAGE_SCHEMA = {
  type: 'object',
  // `licenses` is optional and, when given, not empty (the specs' own profile: test/datapackage.test.ts).
  required: ['name', 'resources'],
  properties: {
    name: { type: 'string', pattern: '^[a-z0-9._-]+$' },
    title: { type: 'string' },
    licenses: {
      type: 'array',
      minItems: 1,
      items: { type: 'object', anyOf: [{ required: ['name'] }, { required: ['path'] }] },
    },
    resources: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        required: ['name', 'path', 'profile', 'schema'],
        properties: {
          name: { type: 'string', pattern: '^[a-z0-9._-]+$' },
          path: { type: 'string', pattern: '^[a-z0-9._/-]+$' },
          profile: { const: 'tabular-data-resource' },
          encoding: { const: 'utf-8' },
          dialect: { type: 'object', properties: { delimiter: { type: 'string', minLength: 1, maxLength: 1 } } },
          schema: {
            type: 'object',
            required: ['fields'],
            properties: {
              fields: {
                type: 'array',
                minItems: 1,
                items: {
                  type: 'object',
                  required: ['name', 'type', 'description'],
                  properties: {
                    name: { type: 'string', minLength: 1 },
                    type: { enum: FIELD_TYPES },
                    description: { type: 'string', minLength: 1 },
                    trueValues: { type: 'array', items: { type: 'string' } },
                    falseValues: { type: 'array', items: { type: 'string' } },
                  },
                },
              },
              primaryKey: fieldRef,
              foreignKeys: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['fields', 'reference'],
                  properties: {
                    fields: fieldRef,
                    reference: {
                      type: 'object',
                      required: ['resource', 'fields'],
                      properties: { resource: { type: 'string' }, fields: fieldRef },
                    },
                  },
                },
              },
              missingValues: { type: 'array', items: { type: 'string' } },
            },
          },
        },
      },
    },
  },
};

interface Field {
  name: string;
  type: string;
  trueValues?: string[];
}
interface Resource {
  name: string;
  path: string;
  schema: {
    fields: Field[];
    primaryKey: string[];
    foreignKeys?: Array<{ fields: string; reference: { resource: string; fields: string } }>;
  };
}

describe('/dane/datapackage.json', () => {
  it("names the source's licence, with its text's address", () => {
    const credit = {
      text: 'Dane: Radoskop',
      licence: 'CC BY 4.0',
      licenceUrl: 'https://creativecommons.org/licenses/by/4.0/',
      url: 'https://radoskop.pl',
      synthetic: false,
    };
    const pkg = dataPackage(credit, '2026-01-01T00:00:00Z', [{ nazwa: 'Rada Miasta Gdańska', typ: 'rada' }]);
    expect(pkg.licenses).toEqual([
      { name: 'CC-BY-4.0', title: 'CC BY 4.0', path: 'https://creativecommons.org/licenses/by/4.0/' },
    ]);
    expect(pkg.sources).toEqual([{ title: 'Dane: Radoskop', path: 'https://radoskop.pl' }]);
    const validate = new Ajv({ allErrors: true, strict: false }).compile(DATA_PACKAGE_SCHEMA);
    expect(validate(pkg), JSON.stringify(validate.errors)).toBe(true);
  });

  it('describes every bulk file as a valid Data Package whose types, keys and references the files keep', async () => {
    const res = await request(t.app).get('/dane/datapackage.json');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const pkg = res.body as { licenses: unknown[]; resources: Resource[] };
    const validate = new Ajv({ allErrors: true, strict: false }).compile(DATA_PACKAGE_SCHEMA);
    expect(validate(pkg), JSON.stringify(validate.errors)).toBe(true);
    expect(pkg.licenses).toBeUndefined(); // the synthetic sample names no licence (a source that does: above)
    expect(pkg.resources.map((r) => r.path)).toEqual(
      ['glosowania', 'glosy', 'radni', 'posiedzenia', 'obecnosci', 'ugrupowania', 'polityki'].map((f) => `${f}.csv`),
    );
    expect((await request(t.app).get('/dane/')).text).toContain('href="/dane/datapackage.json"');

    const files = new Map<string, Array<Record<string, string>>>();
    for (const r of pkg.resources) files.set(r.name, csvRows((await request(t.app).get(`/dane/${r.path}`)).text));
    const typed: Record<string, RegExp> = {
      integer: /^-?\d+$/,
      number: /^-?\d+(\.\d+)?$/,
      date: /^\d{4}-\d{2}-\d{2}$/,
      boolean: /^[01]$/,
      string: /[\s\S]*/,
    };
    for (const r of pkg.resources) {
      const rows = files.get(r.name)!;
      expect(rows.length, r.name).toBeGreaterThan(0);
      expect(Object.keys(rows[0]!), r.name).toEqual(r.schema.fields.map((f) => f.name));
      for (const f of r.schema.fields) {
        const bad = rows.find((row) => row[f.name] !== '' && !typed[f.type]!.test(row[f.name]!));
        expect(bad?.[f.name], `${r.name}.${f.name} (${f.type})`).toBeUndefined();
      }
      const keys = rows.map((row) => r.schema.primaryKey.map((k) => row[k]).join('|'));
      expect(new Set(keys).size, `${r.name}: primary key unique`).toBe(rows.length);
      for (const fk of r.schema.foreignKeys ?? []) {
        const target = new Set(files.get(fk.reference.resource)!.map((row) => row[fk.reference.fields]));
        const missing = rows.find((row) => row[fk.fields] !== '' && !target.has(row[fk.fields]));
        expect(missing?.[fk.fields], `${r.name}.${fk.fields} → ${fk.reference.resource}`).toBeUndefined();
      }
    }
  });
});
