import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateBundle, type GenerateOptions, type GenerateSummary } from '../tools/generate/index.ts';
import { GLOS_VALUES } from '../core/contract.ts';
import { BUNDLE_COLUMNS } from '../etl/sources/csv.ts';

// CONTRACT §1: every file and its columns.
const FILES = BUNDLE_COLUMNS;

const SMALL: Partial<GenerateOptions> = { seed: 5, radni: 12, glosowania: 300 };

type Row = Record<string, string>;

let root: string;
let summary: GenerateSummary;
const bundleDir = (name: string): string => join(root, name);

async function readRows(dir: string, file: string): Promise<Row[]> {
  return parse<Row>(await readFile(join(dir, file), 'utf8'), { columns: true, skip_empty_lines: true });
}

function ids(rows: Row[], column: string): Set<string> {
  return new Set(rows.map((row) => row[column]!));
}

function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  return new Date(`${text}T00:00:00Z`).toISOString().startsWith(text);
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'generate-test-'));
  summary = await generateBundle(bundleDir('a'), SMALL);
  await generateBundle(bundleDir('b'), SMALL);
  await generateBundle(bundleDir('other-seed'), { ...SMALL, seed: 6 });
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('generateBundle determinism', () => {
  it('writes byte-identical files for the same options', async () => {
    for (const file of Object.keys(FILES)) {
      const [a, b] = await Promise.all([readFile(join(bundleDir('a'), file)), readFile(join(bundleDir('b'), file))]);
      expect(a.equals(b), file).toBe(true);
    }
  });

  it('writes different ballots for a different seed', async () => {
    const [a, c] = await Promise.all([
      readFile(join(bundleDir('a'), 'glosy.csv')),
      readFile(join(bundleDir('other-seed'), 'glosy.csv')),
    ]);
    expect(a.equals(c)).toBe(false);
  });

  it('rejects an option outside its range', async () => {
    await expect(generateBundle(bundleDir('bad'), { radni: 0 })).rejects.toThrow(/radni/);
  });
});

describe('generateBundle output', () => {
  const rows: Record<string, Row[]> = {};

  beforeAll(async () => {
    for (const file of Object.keys(FILES)) rows[file] = await readRows(bundleDir('a'), file);
  });

  it('writes the contract columns with \\n line ends and no BOM, and reports the row counts', async () => {
    for (const [file, columns] of Object.entries(FILES)) {
      const text = await readFile(join(bundleDir('a'), file), 'utf8');
      expect(text.startsWith(`${columns.join(',')}\n`), file).toBe(true);
      expect(text.includes('\r'), file).toBe(false);
      expect(summary.files[file], file).toBe(rows[file]!.length);
    }
    expect(summary.files['glosowania.csv']).toBe(300);
  });

  it('has unique positive integer ids in every file', () => {
    const idColumns: [string, string][] = [
      ['organy.csv', 'id_organu'],
      ['ugrupowania.csv', 'id_ugrupowania'],
      ['radni.csv', 'id_osoby'],
      ['przynaleznosci.csv', 'przynaleznosc_id'],
      ['posiedzenia.csv', 'id_posiedzenia'],
      ['punkty.csv', 'id_punktu'],
      ['glosowania.csv', 'id_glosowania'],
      ['zalaczniki.csv', 'id_zalacznika'],
    ];
    for (const [file, column] of idColumns) {
      const values = rows[file]!.map((row) => row[column]!);
      expect(
        values.every((v) => /^[1-9]\d*$/.test(v)),
        file,
      ).toBe(true);
      expect(new Set(values).size, file).toBe(values.length);
    }
  });

  it('keeps every reference valid and every date a calendar date inside its term', () => {
    const terms = new Map(rows['kadencje.csv']!.map((t) => [t['kadencja']!, t]));
    const people = ids(rows['radni.csv']!, 'id_osoby');
    const groups = ids(rows['ugrupowania.csv']!, 'id_ugrupowania');
    const bodies = ids(rows['organy.csv']!, 'id_organu');
    for (const m of rows['przynaleznosci.csv']!) {
      expect(people.has(m['id_osoby']!)).toBe(true);
      expect(terms.has(m['kadencja']!)).toBe(true);
      expect(m['id_ugrupowania'] === '' || groups.has(m['id_ugrupowania']!)).toBe(true);
      expect(isCalendarDate(m['data_od']!)).toBe(true);
      expect(m['data_do'] === '' || isCalendarDate(m['data_do']!)).toBe(true);
    }
    const sessionDates = new Map<string, string>();
    for (const s of rows['posiedzenia.csv']!) {
      const term = terms.get(s['kadencja']!)!;
      expect(bodies.has(s['id_organu']!)).toBe(true);
      expect(isCalendarDate(s['data']!)).toBe(true);
      expect(s['data']! >= term['data_od']! && s['data']! <= term['data_do']!, s['id_posiedzenia']).toBe(true);
      sessionDates.set(s['id_posiedzenia']!, s['data']!);
    }
    const pointSessions = new Map(rows['punkty.csv']!.map((p) => [p['id_punktu']!, p['id_posiedzenia']!]));
    for (const v of rows['glosowania.csv']!) {
      expect(v['data_czas']).toMatch(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2})?)?$/);
      expect(v['data_czas']!.slice(0, 10)).toBe(sessionDates.get(v['id_posiedzenia']!));
      expect(v['id_punktu'] === '' || pointSessions.get(v['id_punktu']!) === v['id_posiedzenia']).toBe(true);
      expect(['', 'przyjęto', 'odrzucono']).toContain(v['wynik']);
    }
    const votes = ids(rows['glosowania.csv']!, 'id_glosowania');
    for (const z of rows['zalaczniki.csv']!) expect(votes.has(z['id_glosowania']!)).toBe(true);
  });

  it('has ballots for existing votes and persons, one per pair, with the five glos values', () => {
    const votes = ids(rows['glosowania.csv']!, 'id_glosowania');
    const people = ids(rows['radni.csv']!, 'id_osoby');
    const pairs = new Set<string>();
    for (const b of rows['glosy.csv']!) {
      expect(votes.has(b['id_glosowania']!)).toBe(true);
      expect(people.has(b['id_osoby']!)).toBe(true);
      expect(GLOS_VALUES as readonly string[]).toContain(b['glos']);
      pairs.add(`${b['id_glosowania']},${b['id_osoby']}`);
    }
    expect(pairs.size).toBe(rows['glosy.csv']!.length);
  });

  it('has group switches: two memberships of one person in one term, the first closing the day before', () => {
    const byPersonTerm = new Map<string, Row[]>();
    for (const m of rows['przynaleznosci.csv']!) {
      const key = `${m['id_osoby']}|${m['kadencja']}`;
      byPersonTerm.set(key, [...(byPersonTerm.get(key) ?? []), m]);
    }
    const switches = [...byPersonTerm.values()].filter((list) => list.length === 2);
    expect(switches.length).toBeGreaterThan(0);
    for (const [first, second] of switches) {
      const dayBefore = new Date(Date.parse(`${second!['data_od']}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
      expect(first!['data_do']).toBe(dayBefore);
    }
    expect(rows['przynaleznosci.csv']!.some((m) => m['id_ugrupowania'] === '')).toBe(true);
  });

  it('leaves some sessions without obecnosci, and marks nobody absent who cast a ballot', () => {
    const withAttendance = ids(rows['obecnosci.csv']!, 'id_posiedzenia');
    const sessions = ids(rows['posiedzenia.csv']!, 'id_posiedzenia');
    const without = [...sessions].filter((s) => !withAttendance.has(s));
    expect(without.length).toBeGreaterThan(0);
    expect(without.length).toBeLessThan(sessions.size);

    const sessionOfVote = new Map(rows['glosowania.csv']!.map((v) => [v['id_glosowania']!, v['id_posiedzenia']!]));
    const absent = new Set(
      rows['obecnosci.csv']!.filter((o) => o['obecny'] === '0').map((o) => `${o['id_posiedzenia']},${o['id_osoby']}`),
    );
    for (const b of rows['glosy.csv']!) {
      if (absent.has(`${sessionOfVote.get(b['id_glosowania']!)},${b['id_osoby']}`)) expect(b['glos']).toBe('nieobecny');
    }
  });

  it('has votes won by one voice and unanimous votes', () => {
    const counts = new Map<string, Record<string, number>>();
    for (const b of rows['glosy.csv']!) {
      const c = counts.get(b['id_glosowania']!) ?? { za: 0, przeciw: 0, wstrzymujacy: 0 };
      c[b['glos']!] = (c[b['glos']!] ?? 0) + 1;
      counts.set(b['id_glosowania']!, c);
    }
    const all = [...counts.values()];
    expect(all.some((c) => c['za']! - c['przeciw']! === 1)).toBe(true);
    expect(all.some((c) => c['za']! > 0 && c['przeciw'] === 0 && c['wstrzymujacy'] === 0)).toBe(true);
  });
});
