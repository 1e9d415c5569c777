// A vote whose result needed more than a simple majority (the Sejm's 3/5, an absolute majority) says so in
// its preview (og:description, the card), not only on its page; a simple majority is never given as a
// count of votes „za” (the Sejm's source states `majorityVotes: 1` when nobody voted against: the
// page read „zwykła większość (1 głos za)”). Issue 46. Skipped without ../shared/data/sejm-sample.

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import request from './support/request.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CardQueries } from '../src/cards/data.ts';
import { WORDINGS } from '../src/text/wording.ts';
import { UNDESCRIBED_CSV_CREDIT } from '../core/credit.ts';
import { type TestApp, appOver, buildDatabase } from './support/fixture.ts';

const SEJM = fileURLToPath(new URL('../../shared/data/sejm-sample/', import.meta.url));
const present = existsSync(SEJM);
if (!present) console.warn(`skipped the required-majority test: ${SEJM} is absent`);

const ogDescription = (html: string) => /<meta property="og:description" content="([^"]*)"/.exec(html)?.[1] ?? '';

describe.skipIf(!present)('the required majority in previews', () => {
  let t: TestApp;
  let db: Database.Database;
  beforeAll(async () => {
    const path = await buildDatabase(SEJM, 'sejm');
    t = appOver(path);
    db = new Database(path, { readonly: true });
  }, 300_000);
  afterAll(() => {
    db?.close();
    t?.close();
  });

  const voteWith = (sql: string) =>
    db.prepare(`SELECT id_glosowania FROM glosowanie WHERE ${sql} LIMIT 1`).pluck().get() as number;

  it('a 3/5 vote names its majority in og:description and on its card', async () => {
    const id = voteWith("wiekszosc = 'MAJORITY_THREE_FIFTHS'");
    expect(id).toBeGreaterThan(0);
    const html = (await request(t.app).get(`/glosowania/${id}`)).text;
    expect(ogDescription(html)).toMatch(/wymagana większość 3\/5/);
    const card = new CardQueries(db, UNDESCRIBED_CSV_CREDIT, WORDINGS.sejm).voteCard(id)!;
    expect(card.kicker).toMatch(/większość 3\/5/);
  });

  it('an absolute majority too; a simple one is not mentioned in the preview', async () => {
    const absolute = voteWith("wiekszosc = 'ABSOLUTE_MAJORITY'");
    expect(ogDescription((await request(t.app).get(`/glosowania/${absolute}`)).text)).toMatch(
      /wymagana bezwzględna większość/,
    );
    const simple = voteWith("wiekszosc = 'SIMPLE_MAJORITY'");
    expect(ogDescription((await request(t.app).get(`/glosowania/${simple}`)).text)).not.toMatch(/większość/);
  });

  it('a simple majority is never a count of votes „za” (the source says 1 when nobody voted against)', async () => {
    const id = voteWith("wiekszosc = 'SIMPLE_MAJORITY' AND wiekszosc_glosow = 1");
    expect(id).toBeGreaterThan(0);
    const html = (await request(t.app).get(`/glosowania/${id}`)).text;
    expect(html).not.toMatch(/zwykła większość \(\d/);
    expect(html).toContain('zwykła większość (więcej głosów za niż przeciw)');
  });
});
