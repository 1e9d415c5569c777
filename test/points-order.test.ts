// A session's agenda points in list order (punkt.ord: by session, then the natural order of numer, then
// id) and their vote counts, whatever order the source numbers the points in: materialise reads the
// points in id order when that is the sessions' order, and sorts them by session otherwise
// (etl/materialise/totals.ts writeSessions).

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateBundle } from '../tools/generate/index.ts';
import { runEtl } from '../etl/run.ts';
import { tempDir } from './support/fixture.ts';

/** Rewrites column `column` of every row of `file` in `dir` with `map`. */
function mapColumn(dir: string, file: string, column: string, map: (value: string) => string): void {
  const lines = readFileSync(join(dir, file), 'utf8').trimEnd().split('\n');
  const at = lines[0]!.split(',').indexOf(column);
  const rows = lines.slice(1).map((line) => {
    // The id columns come before any quoted text in these files: the first fields split safely.
    const fields = line.split(',');
    if (fields[at] !== '') fields[at] = map(fields[at]!);
    return fields.join(',');
  });
  writeFileSync(join(dir, file), `${[lines[0], ...rows].join('\n')}\n`);
}

interface Point {
  id_posiedzenia: number;
  numer: string;
  tytul: string;
  ord: number;
  liczba_glosowan: number;
}

async function pointsOf(source: string): Promise<{ points: Point[]; perSession: unknown[] }> {
  const dbPath = join(tempDir(), 'council.db');
  await runEtl({ source, dbPath });
  const db = new Database(dbPath, { readonly: true });
  try {
    return {
      points: db
        .prepare('SELECT id_posiedzenia, numer, tytul, ord, liczba_glosowan FROM punkt ORDER BY ord')
        .all() as Point[],
      perSession: db.prepare('SELECT id_posiedzenia, liczba_punktow FROM posiedzenie ORDER BY id_posiedzenia').all(),
    };
  } finally {
    db.close();
  }
}

describe('agenda points in list order', () => {
  let inOrder: Awaited<ReturnType<typeof pointsOf>>;
  let reversed: Awaited<ReturnType<typeof pointsOf>>;

  beforeAll(async () => {
    const source = tempDir('council-points-');
    await generateBundle(source, { seed: 11, radni: 8, glosowania: 80, kadencje: 2 });
    inOrder = await pointsOf(source);
    // The same points numbered backwards: in id order the later sessions' points come first.
    const last = Math.max(
      ...readFileSync(join(source, 'punkty.csv'), 'utf8')
        .trimEnd()
        .split('\n')
        .slice(1)
        .map((line) => Number(line.split(',')[0])),
    );
    const backwards = (id: string) => String(last + 1 - Number(id));
    mapColumn(source, 'punkty.csv', 'id_punktu', backwards);
    mapColumn(source, 'glosowania.csv', 'id_punktu', backwards);
    reversed = await pointsOf(source);
  }, 120_000);

  it('orders a session’s points by numer and counts their votes, as when numbered in session order', () => {
    expect(new Set(inOrder.points.map((p) => p.id_posiedzenia)).size).toBeGreaterThan(2);
    expect(inOrder.points.map((p) => p.ord)).toEqual(inOrder.points.map((_, i) => i + 1));
    expect(inOrder.points.some((p) => p.liczba_glosowan > 0)).toBe(true);
    expect(reversed.points).toEqual(inOrder.points);
    expect(reversed.perSession).toEqual(inOrder.perSession);
  });
});
