// The Poland plan of the generator (tools/generate/poland.ts): its totals computed without
// generating, and a small fraction of it generated.

import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateBundle, type GenerateSummary } from '../tools/generate/index.ts';
import {
  type CouncilSpec,
  VOIVODESHIPS,
  expectedBallots,
  gminaSeats,
  planTotals,
  polandPlan,
} from '../tools/generate/poland.ts';
import { BUNDLE_COLUMNS } from '../etl/sources/csv.ts';

type Row = Record<string, string>;
const FRACTION = 0.005;

describe('the Poland plan', () => {
  const plan = polandPlan();
  const totals = planTotals(plan);
  const ofKind = (kind: CouncilSpec['kind']) => plan.filter((spec) => spec.kind === kind);

  it('has every council of Polish local government', () => {
    expect(totals.councils).toEqual({ gmina: 2477, powiat: 314, wojewodztwo: 16 });
    expect(new Set(plan.map((spec) => spec.names.organ)).size).toBe(plan.length);
  });

  it('gives the seats the law gives, about 47,000 in all', () => {
    const seats = totals.seats.gmina + totals.seats.powiat + totals.seats.wojewodztwo;
    expect(seats).toBeGreaterThan(45_000);
    expect(seats).toBeLessThan(49_000);
    expect(totals.seats.wojewodztwo).toBe(552);
    const gminy = ofKind('gmina');
    expect(gminy[0]).toMatchObject({ radni: 60, names: { organ: 'Rada Miasta Stołecznego Warszawy' } });
    expect(gminy.filter((spec) => spec.radni === 15).length / gminy.length).toBeGreaterThan(0.8);
    for (const spec of gminy.slice(1)) expect([15, 21, 23, 25, 28, 31, 34, 37, 40, 43, 45]).toContain(spec.radni);
    expect([gminaSeats(20_000), gminaSeats(20_001), gminaSeats(200_001), gminaSeats(2_000_000)]).toEqual([
      15, 21, 28, 45,
    ]);
    for (const spec of ofKind('powiat')) expect([15, 17, 19, 21, 23, 25, 27, 29]).toContain(spec.radni);
    expect(ofKind('powiat').filter((spec) => spec.radni <= 21).length).toBeGreaterThan(314 * 0.7);
    expect(ofKind('wojewodztwo').map((spec) => spec.names.organ)).toContain('Sejmik Województwa Mazowieckiego');
    expect(ofKind('wojewodztwo').find((spec) => spec.names.organ.endsWith('Mazowieckiego'))!.radni).toBe(51);
  });

  it('expects about 100 million ballots', () => {
    expect(totals.expectedBallots).toBeGreaterThan(90e6);
    expect(totals.expectedBallots).toBeLessThan(110e6);
    // A 15-seat gmina, a quarter of its votes in committees of 3–5 members.
    expect(expectedBallots({ ...plan[1000]!, radni: 15, glosowania: 1000 })).toBeCloseTo(750 * 15 + 250 * 4.1, -1);
  });

  it('gives each council 2–4 committees and votes by its size', () => {
    for (const spec of plan) {
      expect(spec.komisje).toBeGreaterThanOrEqual(2);
      expect(spec.komisje).toBeLessThanOrEqual(4);
      expect(spec.glosowania).toBeGreaterThan(spec.radni * 80);
    }
    expect(plan[0]!.glosowania).toBeGreaterThan(3 * ofKind('gmina').at(-1)!.glosowania);
  });

  it('keeps every k-th council of each kind at a fraction, as they are in the full plan', () => {
    const small = polandPlan(FRACTION);
    expect(planTotals(small).councils).toEqual({ gmina: 12, powiat: 2, wojewodztwo: 1 });
    for (const spec of small) expect(plan).toContainEqual(spec);
    expect(polandPlan(0.01).length).toBe(29);
    expect(polandPlan(1)).toEqual(plan);
    expect(() => polandPlan(0)).toThrow(/fraction/);
  });
});

describe('generating the Poland plan', () => {
  let root: string;
  let summary: GenerateSummary;
  const rows: Record<string, Row[]> = {};

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'poland-test-'));
    summary = await generateBundle(join(root, 'a'), { plan: 'poland', fraction: FRACTION });
    await generateBundle(join(root, 'b'), { plan: 'poland', fraction: FRACTION });
    for (const file of ['kadencje.csv', 'organy.csv', 'posiedzenia.csv', 'przynaleznosci.csv']) {
      rows[file] = parse<Row>(await readFile(join(root, 'a', file), 'utf8'), { columns: true });
    }
  });

  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('writes byte-identical files for the same options', async () => {
    for (const file of Object.keys(BUNDLE_COLUMNS)) {
      const [a, b] = await Promise.all([readFile(join(root, 'a', file)), readFile(join(root, 'b', file))]);
      expect(a.equals(b), file).toBe(true);
    }
  });

  it('names the councils of the three kinds, each with 2–4 committees', () => {
    const councils: { name: string; committees: number }[] = [];
    for (const organ of rows['organy.csv']!) {
      if (organ['typ'] === 'rada') councils.push({ name: organ['nazwa']!, committees: 0 });
      else councils.at(-1)!.committees++;
    }
    expect(councils.map((c) => c.name)).toEqual(polandPlan(FRACTION).map((spec) => spec.names.organ));
    expect(councils.filter((c) => /^Rada (Gminy|Miasta) /.test(c.name))).toHaveLength(12);
    expect(councils.filter((c) => c.name.startsWith('Rada Powiatu '))).toHaveLength(2);
    expect(councils.filter((c) => c.name.startsWith('Sejmik Województwa '))).toHaveLength(1);
    expect(VOIVODESHIPS.map(([name]) => `Sejmik Województwa ${name}`)).toContain(councils.at(-1)!.name);
    for (const c of councils) expect(c.committees, c.name).toBeGreaterThanOrEqual(2);
    for (const c of councils) expect(c.committees, c.name).toBeLessThanOrEqual(4);
  });

  it('has one term, the running one, and the ballots the plan expects', () => {
    expect(rows['kadencje.csv']).toEqual([{ kadencja: '2024-2029', data_od: '2024-05-07', data_do: '2029-05-06' }]);
    expect(new Set(rows['posiedzenia.csv']!.map((s) => s['kadencja']))).toEqual(new Set(['2024-2029']));
    expect(new Set(rows['przynaleznosci.csv']!.map((s) => s['kadencja']))).toEqual(new Set(['2024-2029']));
    const plan = planTotals(polandPlan(FRACTION));
    expect(summary.files['glosowania.csv']).toBe(plan.votes);
    expect(Math.abs(summary.files['glosy.csv']! / plan.expectedBallots - 1)).toBeLessThan(0.02);
  });

  it('rejects the sizes of a uniform bundle and a fraction without the plan', async () => {
    await expect(generateBundle(join(root, 'bad'), { plan: 'poland', radni: 10 })).rejects.toThrow(
      /radni cannot be given/,
    );
    await expect(generateBundle(join(root, 'bad'), { fraction: 0.5 })).rejects.toThrow(/fraction applies only/);
    await expect(generateBundle(join(root, 'bad'), { plan: 'poland', fraction: 1.5 })).rejects.toThrow(
      /fraction must be/,
    );
  });
});
