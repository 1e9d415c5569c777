// The website shows the council's own record (CONTRACT §10, issue 33 "Readers see the record") and the
// topics of the votes (§11, issue 37 "Site"), over the hand council built with its vocabulary
// (test/support/hand-council.ts): V14 is tally-only (stated 4/0/1, no ballots), V10 states tallies
// (5:1) that differ from its roll call (4:1), V13's stated result (odrzucono) stands against 1:0, V9 has
// no active ballot, S1 and S4 have attendance lists, Borys Żuk (borys-zuk) has no record at all.

import { h } from 'preact';
import { renderToString } from 'preact-render-to-string';
import request from './support/request.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeBundle } from './support/bundle.ts';
import { type TestApp, appOver, buildDatabase, removeDir, tempDir, vocabularyFile } from './support/fixture.ts';
import { HAND_COUNCIL, HAND_TOPICS } from './support/hand-council.ts';
import { VoteRecord } from '../src/site/record.tsx';
import { WORDINGS } from '../src/text/wording.ts';
import { decodeEntities } from './support/site-councils.ts';

/** A page's text: tags dropped, entities decoded, whitespace folded. */
const textOf = (html: string) =>
  decodeEntities(html.replace(/<[^>]+>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();

describe('the council’s own record and the topics on the site (hand council)', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = tempDir('council-bundle-');
    await writeBundle(dir, HAND_COUNCIL);
    t = appOver(await buildDatabase(dir, 'csv', { topics: vocabularyFile(HAND_TOPICS) }));
  });
  afterAll(() => {
    t?.close();
    removeDir(dir);
  });

  const page = async (path: string) => {
    const res = await request(t.app).get(path);
    expect(res.status, path).toBe(200);
    return { html: res.text, text: textOf(res.text) };
  };

  describe('a vote', () => {
    it('a tally-only vote shows the stated tally and says it has no roll call, with no empty ballots table', async () => {
      const { html, text } = await page('/glosowania/14');
      expect(text).toContain('Głosowanie bez imiennego wykazu: liczby podane w protokole');
      expect(text).toContain('4 za, 0 przeciw, 1 wstrzymał się');
      expect(text).not.toMatch(/0 : 0/);
      expect(html).not.toContain('Rozkład głosów według ugrupowań');
      expect(text).not.toContain('Brak zapisanych głosów');
      expect(text).toContain('Źródło nie podaje, jak głosowali poszczególni radni');
    });

    it('stated and counted tallies that differ are shown side by side, with why they can differ', async () => {
      const { text } = await page('/glosowania/10');
      expect(text).toContain('Protokół: 5 za, 1 przeciw, 0 wstrzymało się');
      expect(text).toContain('lista imienna: 4 za, 1 przeciw, 0 wstrzymało się');
      expect(text).toMatch(/mogą się różnić/);
      // a vote whose stated tallies are not given says nothing of them
      expect((await page('/glosowania/12')).text).not.toContain('Protokół:');
    });

    it('a stated result against the tallies is the council’s', async () => {
      const { text } = await page('/glosowania/13');
      expect(text).toContain('Wynik podany przez radę');
      expect(text).toMatch(/więcej niż zwykłej większości/);
      // a result that follows from its tallies says nothing of it
      expect((await page('/glosowania/10')).text).not.toContain('Wynik podany przez radę');
    });

    it('a figure whose base is 0 reads „—” with the reason, never 0 %', async () => {
      const { html, text } = await page('/glosowania/9');
      expect(text).toMatch(/Jednomyślność[^.]*— brak aktywnych głosów/);
      expect(text).toContain('Kontrowersyjność');
      expect(text).toMatch(/Kontrowersyjność[^.]*— nikt nie głosował za ani przeciw/);
      expect(html).not.toMatch(/<dd>0%<\/dd>/);
    });

    it('the topic is on the vote page, linking to the topic’s votes', async () => {
      const { html, text } = await page('/glosowania/10');
      expect(text).toContain('temat: Budżet');
      expect(html).toContain('href="/glosowania?temat=budzet"');
      // why it was filed so: the pattern found in the title
      expect(text).toContain('Temat „Budżet” nadany automatycznie według słów tytułu: tytuł zawiera „BUDŻET”');
      expect((await page('/glosowania/14')).text).toContain('żaden wzorzec nie pasuje do tytułu');
    });
  });

  describe('the list of votes', () => {
    it('marks a tally-only vote and shows each vote’s topic linking to its votes', async () => {
      const { html } = await page('/glosowania?kadencja=2018-2023');
      const row = (id: number) =>
        html.match(new RegExp(`<tr[^>]*>(?:(?!</tr>).)*href="/glosowania/${id}"(?:(?!</tr>).)*</tr>`, 's'))![0];
      expect(textOf(row(14))).toContain('bez wykazu imiennego');
      expect(textOf(row(10))).not.toContain('bez wykazu imiennego');
      expect(row(10)).toContain('href="/glosowania?temat=budzet"');
      expect(textOf(row(14))).toContain('Inne');
    });

    it('the rankings of votes mark a tally-only vote too', async () => {
      const { html } = await page('/rankingi');
      const rows = [...html.matchAll(/<tr[^>]*>(?:(?!<\/tr>).)*href="\/glosowania\/14"(?:(?!<\/tr>).)*<\/tr>/gs)];
      expect(rows.length).toBeGreaterThan(0);
      for (const [row] of rows) expect(textOf(row)).toContain('bez wykazu imiennego');
    });

    it('filters by topic, with a select of the topics', async () => {
      const { html, text } = await page('/glosowania?temat=procedura');
      expect(text).toContain('3 głosowania');
      expect(html).toMatch(/<h1>Głosowania: Procedura<\/h1>/);
      expect(html).toMatch(/<select id="f-temat" name="temat">/);
      expect(html).toMatch(/<option value="procedura" selected(?:="")?>Procedura<\/option>/);
      for (const id of [5, 9, 13]) expect(html).toContain(`href="/glosowania/${id}"`);
      expect(html).not.toContain('href="/glosowania/10"');
      const bad = await request(t.app).get('/glosowania?temat=nie-ma');
      expect(bad.status).toBe(400);
    });

    it('the CSV of the list carries imienne, the stated tallies and the topic', async () => {
      const res = await request(t.app).get('/glosowania.csv?temat=inne');
      expect(res.status).toBe(200);
      const [head, ...rows] = res.text
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/);
      const columns = head!.split(',');
      for (const c of [
        'imienne',
        'za_zrodla',
        'przeciw_zrodla',
        'wstrzymujacy_zrodla',
        'nieobecni_zrodla',
        'brak_glosu_zrodla',
        'temat',
      ])
        expect(columns).toContain(c);
      const v14 = rows.map((r) => r.split(',')).find((r) => r[0] === '14')!;
      const at = (c: string) => v14[columns.indexOf(c)];
      expect([
        at('imienne'),
        at('za_zrodla'),
        at('przeciw_zrodla'),
        at('wstrzymujacy_zrodla'),
        at('nieobecni_zrodla'),
        at('temat'),
      ]).toEqual(['0', '4', '0', '1', '', 'inne']);
    });
  });

  describe('attendance', () => {
    it('the attendance records page says which sessions’ attendance came from a list', async () => {
      const { html, text } = await page('/radni/lucja-wrobel/obecnosci');
      expect(text).toMatch(/z listy obecności, gdy źródło ją publikuje/);
      const row = (id: number) =>
        textOf(
          html.match(new RegExp(`<tr[^>]*>(?:(?!</tr>).)*href="/posiedzenia/${id}"(?:(?!</tr>).)*</tr>`, 's'))![0],
        );
      expect(row(1)).toContain('z listy obecności');
      expect(row(4)).toContain('z listy obecności');
      expect(row(2)).toContain('z głosowań');
      expect(row(3)).toContain('z głosowań');
    });

    it('a councillor with no record at all: no 0 % anywhere on their page or beside another', async () => {
      const { html, text } = await page('/radni/borys-zuk');
      expect(html).not.toMatch(/\b0%/);
      expect(text).toContain('brak zapisów obecności');
      expect(html).toContain(
        'frekwencja — (brak zapisów obecności), zgodność z ugrupowaniem — (brak głosowań ze stanowiskiem klubu)',
      );
      const compared = await page('/porownaj?radny=borys-zuk&drugi=anna-nowak');
      expect(compared.html).not.toMatch(/>0%/);
    });

    it('a councillor with no attendance record reads „—” with the reason, never 0 %', async () => {
      const { text } = await page('/radni/borys-zuk/obecnosci');
      expect(text).toContain('Frekwencja — brak zapisów obecności');
      expect(text).not.toMatch(/0% z 0/);
    });
  });

  describe('/spojnosc', () => {
    it('ranks only groups with the minimum sample, says the minimum and what each figure rests on', async () => {
      const { text } = await page('/spojnosc');
      expect(text).toMatch(/co najmniej 10 głosowań/);
      // the hand council's groups have fewer votes than that: none is ranked, each is shown with its base
      expect(text).toContain('Za mało głosowań, by umieścić w rankingu');
      const csv = await request(t.app).get('/spojnosc.csv');
      expect(csv.status).toBe(200);
      expect(csv.text.replace(/^\uFEFF/, '').split(/\r?\n/)[0]).toBe(
        'pozycja,id_ugrupowania,nazwa,spojnosc_procent,liczba_glosowan',
      );
    });
  });

  describe('/jak-liczymy', () => {
    it('explains attendance lists and tenure, stated against counted tallies, and how a vote gets its topic', async () => {
      const { html, text } = await page('/jak-liczymy');
      for (const id of ['listy-obecnosci', 'liczby-zrodla', 'tematy']) expect(html).toContain(`id="${id}"`);
      expect(text).toMatch(/listy obecności[^]*kadencji|członkiem organu/);
      expect(text).toMatch(/bez imiennego wykazu/);
      expect(text).toContain('nie przez człowieka');
      // the vocabulary shown, in file order, with its patterns
      expect(text).toMatch(
        /Procedura: „porządku obrad”, „wniosek formalny”, „zamknięcie obrad”[^]*Budżet: „BUDŻET”, „opłat”/,
      );
      // a worked example of a topic from the snapshot: the most controversial vote and the pattern that filed it
      expect(text).toMatch(/(tytuł zawiera „[^”]+”|żaden wzorzec nie pasuje), więc temat/);
    });
  });

  describe('topics', () => {
    it('/tematy shows each topic’s votes, results, average controversy and its patterns', async () => {
      const { html, text } = await page('/tematy');
      const api = (await request(t.app).get('/api/statystyki/tematy')).body.data as Array<{
        temat: string;
        nazwa: string;
        liczba_glosowan: number;
        przyjete: number;
        odrzucone: number;
      }>;
      for (const topic of api) {
        expect(html).toContain(`href="/glosowania?temat=${topic.temat}"`);
        expect(text).toContain(topic.nazwa);
      }
      expect(text).toMatch(/Budżet[^]*6 głosowań[^]*przyjęto 4[^]*odrzucono 2[^]*64,5/);
      // the patterns, and how a topic is assigned
      expect(text).toContain('„plan zagospodarowania”');
      expect(text).toMatch(/według słów tytułu/);
      expect(text).toMatch(/pierwszy temat/);
      // against their group per topic: no one here has 10 counted votes in a topic, and the page says so
      expect(text).toContain('Kto najczęściej głosuje wbrew swojemu klubowi');
      expect(text).toContain('Nikt nie ma w żadnym temacie co najmniej 10 takich głosowań w tym zakresie.');
    });

    it('a councillor’s agreement per topic leads to the votes with and against the group of that topic', async () => {
      // 3 in budzet: 5 counted, 4 with the group (V1 V2 V7 V8), 1 against (V10)
      const { html } = await page('/radni/lucja-wrobel');
      expect(html).toContain(
        'href="/radni/lucja-wrobel?temat=budzet&amp;lista=zgodne#glosowania" data-liczba="4">80%</a> z 5</span><div class="b">wbrew: <a class="fig" href="/radni/lucja-wrobel?temat=budzet&amp;lista=buntownicze#glosowania" data-liczba="1">',
      );
      const against = await page('/radni/lucja-wrobel?temat=budzet&lista=buntownicze');
      expect(against.html).toContain('href="/glosowania/10"');
      expect(against.text).toMatch(/Tylko głosowania tematu „Budżet” \(1\), ze wszystkich organów/);
      expect(against.html.match(/ data-dowod(?=[\s>=])/g)).toHaveLength(1);
    });

    it('a councillor’s page has „Jak głosuje w tematach”, each figure linking to the votes behind it', async () => {
      const { html, text } = await page('/radni/anna-nowak?kadencja=2018-2023');
      expect(text).toContain('Jak głosuje w tematach');
      expect(html).toContain('href="/radni/anna-nowak?kadencja=2018-2023&amp;temat=budzet&amp;glos=za#glosowania"');
      const filtered = await page('/radni/anna-nowak?kadencja=2018-2023&temat=budzet&glos=za');
      expect(filtered.html).toContain('href="/glosowania/10"');
      expect(filtered.html).not.toContain('href="/glosowania/11"');
    });
  });
});

describe('a stated result that needed more than a simple majority (the Sejm’s majorityType and majorityVotes)', () => {
  const vote = {
    imienne: true,
    liczby_zrodla: { za: 276, przeciw: 150, wstrzymujacy: 2, nieobecni: 32, brak_glosu: 0 },
    wynik: 'odrzucono' as const,
    za: 276,
    przeciw: 150,
    wstrzymujacy: 2,
    nieobecni: 32,
    brak_glosu: 0,
  };
  const said = (v: Parameters<typeof VoteRecord>[0]['vote'], wording = WORDINGS.rada) =>
    textOf(renderToString(h(VoteRecord, { vote: v, wording })));

  it('says the result is the council’s and what majority it needed, where the source says', () => {
    const text = said({ ...vote, wymagana_wiekszosc: { typ: 'MAJORITY_THREE_FIFTHS', glosow: 277 } });
    expect(text).toContain('Wynik podany przez radę: odrzucono, choć za było więcej głosów niż przeciw.');
    expect(text).toContain('Według źródła głosowanie wymagało: większość 3/5 (277 głosów za).');
    expect(text).not.toContain('Protokół:'); // the stated tallies equal the counted ones
    // served from the Sejm, the result is the Sejm's
    expect(said({ ...vote, wymagana_wiekszosc: null }, WORDINGS.sejm)).toContain('Wynik podany przez Sejm: odrzucono');
  });

  it('names a majority the source gives even when the result follows from the tallies, and an unknown kind as given', () => {
    const text = said({ ...vote, wynik: 'przyjęto', wymagana_wiekszosc: { typ: 'NEW_KIND', glosow: null } });
    expect(text).not.toContain('Wynik podany przez radę');
    expect(text).toContain('Wymagana większość według źródła: NEW_KIND.');
  });
});
