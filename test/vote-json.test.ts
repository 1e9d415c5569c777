// A vote's detail and attachments are sent as SQLite writes them (src/glosowania/queries.ts,
// VOTE_SUMMARY_MEMBERS): their bytes must be those JSON.stringify makes of them read column by column, as
// the contract shapes them (CONTRACT §5), for every vote of generated councils, the hand council, the Sejm sample (stated
// majorities) and Katowice as Radoskop publishes it (stated tallies, CONTRACT §10). Whole and fractional
// percentages, votes with and without an agenda item, with and without attachments are all there.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { GlosowaniaQueries } from '../src/glosowania/queries.ts';
import { generateBundle } from '../tools/generate/index.ts';
import { writeBundle } from './support/bundle.ts';
import { buildDatabase, tempDir } from './support/fixture.ts';
import { HAND_COUNCIL } from './support/hand-council.ts';

type Row = Record<string, string | number | null>;

/** The detail of each vote, read with plain SELECTs and shaped here, member by member. */
function referenceDetails(db: Database.Database): Map<number, unknown> {
  const one = <T>(sql: string, id: unknown) => db.prepare(sql).get(id) as T;
  const attachments = db.prepare('SELECT count(*) FROM zalacznik WHERE id_glosowania = ?').pluck();
  const votes = db
    .prepare(
      `SELECT g.*, o.nazwa AS organ FROM glosowanie g JOIN organ o ON o.id_organu = g.id_organu ORDER BY g.id_glosowania`,
    )
    .all() as Row[];
  const details = new Map<number, unknown>();
  for (const g of votes) {
    const stated = [
      g['za_podane'],
      g['przeciw_podane'],
      g['wstrzymujacy_podane'],
      g['nieobecni_podane'],
      g['brak_glosu_podane'],
    ];
    const session = one<Row>(
      'SELECT numer, data, nazwa FROM posiedzenie WHERE id_posiedzenia = ?',
      g['id_posiedzenia'],
    );
    const item =
      g['id_punktu'] === null
        ? undefined
        : one<Row>('SELECT numer, tytul FROM punkt WHERE id_punktu = ?', g['id_punktu']);
    details.set(Number(g['id_glosowania']), {
      id_glosowania: g['id_glosowania'],
      numer: g['numer'],
      tytul: g['tytul'],
      data: g['data'],
      godzina: g['godzina'],
      kadencja: g['kadencja'],
      id_organu: g['id_organu'],
      organ: g['organ'],
      id_posiedzenia: g['id_posiedzenia'],
      id_punktu: g['id_punktu'],
      wynik: g['wynik'],
      za: g['za'],
      przeciw: g['przeciw'],
      wstrzymujacy: g['wstrzymujacy'],
      nieobecni: g['nieobecni'],
      brak_glosu: g['brak_glosu'],
      kontrowersyjnosc: g['kontrowersyjnosc'],
      jednomyslnosc_procent: g['jednomyslnosc_procent'],
      imienne: g['imienne'] === 1,
      liczby_zrodla: stated.every((n) => n === null)
        ? null
        : { za: stated[0], przeciw: stated[1], wstrzymujacy: stated[2], nieobecni: stated[3], brak_glosu: stated[4] },
      temat: g['temat'],
      posiedzenie: {
        id_posiedzenia: g['id_posiedzenia'],
        numer: session.numer,
        data: session.data,
        nazwa: session.nazwa,
      },
      punkt: item === undefined ? null : { id_punktu: g['id_punktu'], numer: item['numer'], tytul: item['tytul'] },
      liczba_zalacznikow: attachments.get(g['id_glosowania']),
      wymagana_wiekszosc: g['wiekszosc'] === null ? null : { typ: g['wiekszosc'], glosow: g['wiekszosc_glosow'] },
    });
  }
  return details;
}

/** Checks every vote's detail bytes; returns what the council exercised. */
function expectDetailsAsStringified(dbPath: string) {
  const db = new Database(dbPath, { readonly: true });
  try {
    db.pragma('query_only = ON');
    const reference = referenceDetails(db);
    const queries = new GlosowaniaQueries(db);
    const attachments = db.prepare(
      'SELECT id_zalacznika, nazwa, url FROM zalacznik WHERE id_glosowania = ? ORDER BY id_zalacznika',
    );
    const seen = { votes: 0, fractional: 0, whole: 0, items: 0, stated: 0, majorities: 0, attachments: 0, several: 0 };
    for (const [id, detail] of reference) {
      expect(queries.detailJson(id)?.toString('utf8'), `vote ${id}`).toBe(JSON.stringify(detail));
      expect(queries.detail(id), `vote ${id}, parsed`).toEqual(detail);
      expect(queries.attachmentsJson(id).toString('utf8'), `vote ${id}: attachments`).toBe(
        JSON.stringify(attachments.all(id)),
      );
      const d = detail as Record<string, unknown>;
      seen.votes++;
      if (Number.isInteger(d['jednomyslnosc_procent'])) seen.whole++;
      else seen.fractional++;
      if (d['punkt'] !== null) seen.items++;
      if (d['liczby_zrodla'] !== null) seen.stated++;
      if (d['wymagana_wiekszosc'] !== null) seen.majorities++;
      if (Number(d['liczba_zalacznikow']) > 0) seen.attachments++;
      if (Number(d['liczba_zalacznikow']) > 1) seen.several++; // their order is checked
    }
    expect(queries.detailJson(2 ** 40)).toBeUndefined();
    expect(queries.attachmentsJson(2 ** 40).toString()).toBe('[]');
    return seen;
  } finally {
    db.close();
  }
}

describe("a vote's detail and attachments written by SQLite", () => {
  it('is JSON.stringify of the detail read column by column, on generated councils and the hand council', async () => {
    const dir = tempDir();
    await generateBundle(dir, { seed: 3, radni: 30, glosowania: 300, kadencje: 2, rady: 2 });
    const generated = expectDetailsAsStringified(await buildDatabase(dir));
    expect(generated.fractional).toBeGreaterThan(0);
    expect(generated.whole).toBeGreaterThan(0);
    expect(generated.items).toBeGreaterThan(0);
    expect(generated.items).toBeLessThan(generated.votes);
    expect(generated.attachments).toBeGreaterThan(0);
    expect(generated.several).toBeGreaterThan(0);
    const hand = tempDir();
    await writeBundle(hand, HAND_COUNCIL);
    expect(expectDetailsAsStringified(await buildDatabase(hand)).votes).toBeGreaterThan(0);
  });

  const sejm = join(import.meta.dirname, '../../shared/data/sejm-sample');
  it.skipIf(!existsSync(sejm))(
    'is so on the Sejm sample, with its stated majorities (skipped without ../shared/data)',
    async () => {
      expect(expectDetailsAsStringified(await buildDatabase(sejm, 'sejm')).majorities).toBeGreaterThan(0);
    },
  );

  const katowice = join(import.meta.dirname, '../../shared/data/radoskop/katowice');
  it.skipIf(!existsSync(katowice))(
    'is so on Katowice as Radoskop publishes it, with its stated tallies (skipped without ../shared/data)',
    async () => {
      expect(expectDetailsAsStringified(await buildDatabase(katowice, 'radoskop')).stated).toBeGreaterThan(0);
    },
  );
});
