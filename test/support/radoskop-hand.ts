// Three small councils in Radoskop's shape (CONTRACT §8, §10), written by hand to exercise every rule
// and quirk, and the ids and figures they must produce, worked out on paper from §8 (not by running code).
//
// ── The source (folders in byte order: alfa-city, beta-city, gamma-city) ───────────────────────
// alfa-city/ (files directly in the folder)
//   config.json: city_name Alfa, city_genitive Alfy, kadencje 2018-2023 start 2018-11-20
//   kadencja-2018-2023.json
//     councilor_index: [0 Ewa Zając, 1 "Jan  Kowalski " (collapsed: Jan Kowalski), 2 Adam Nowak, 3 Piotr Lis]
//     councilors (another order): Adam Nowak KO · Jan Kowalski " PiS " · Ewa Zając niezrzeszona · Zofia Wójcik KO
//       → Piotr Lis is in the index only: no person (councilors is not empty); Zofia Wójcik is named only in councilors
//     votes in FILE order (date, session_number, topic, named_votes by index):
//       a1  2019-01-10 "II"   "  Budżet   2019 "  za [1,2] przeciw [0] wstrzymal_sie [3]; counts za 3 (list has 2)
//       a0  2018-12-05 "I"    "Porządek obrad"    za [0,1,2] przeciw [3]
//       a2  2019-01-10 ""     ""                  za [0,1] przeciw [2] nieobecni [3, 7] (7: outside the list)
//       a3  2019-02-01 ""     "Skarga"            za [0,2,0] (Ewa twice) przeciw [1] brak_glosu [3]
//       a4  2019-02-01 "IV"   "Wniosek"           no named_votes; counts {za: 4} (the rest not stated)
//   kadencja-2024-2029.json (no councilor_index: indexes point into councilors)
//     councilors: [0 Adam Nowak KO, 1 Marta Sowa "-", 2 Jan Kowalski Razem]
//       b0 2024-05-20 "I" "Ślubowanie"              za [0,1,2]
//       b1 2024-05-20 "I" "Wybór przewodniczącego"  za [0,2] przeciw [1]
// beta-city/docs/ (the layout of Radoskop's per-council repositories)
//   config.json: city_name Beta (no genitive), kadencje 2024-2029 start 2024-05-07
//   kadencja-2024-2029.json
//     councilor_index: [0 Tomasz Bąk, 1 Jan Kowalski, 2 Olga Kruk]; councilors: Olga Kruk KO · Jan Kowalski NIEZRZESZENI · Tomasz Bąk "?"
//       c0 2024-06-03 "LXXIV/2" "Budżet"        za [0,1] przeciw [2]
//       c1 2024-06-03 "LXXIV/2" "Uchwała"       za [2] przeciw [0,1] wstrzymal_sie []; counts wstrzymal_sie 1 (list has 0)
//       c2 2024-06-20 null      "Absolutorium"  za [0,1,2]
// gamma-city/ (the source's own record, §8 attendance and §10: attendance lists, two sessions on one day,
//   a vote published twice, a street name in the index, a tally-only vote, resolutions)
//   config.json: city_name Gamma, city_genitive Gammy
//   kadencja-2024-2029.json
//     councilor_index: [0 Anna Adamska, 1 Bartosz Bem, 2 Celina Cis, 3 Dawid Dąb, 4 Ulica Długa, 5 Ewa Ek]
//     councilors: Anna Adamska KO · Bartosz Bem PiS · Celina Cis KO · Dawid Dąb "" · Ewa Ek PiS
//       → Ulica Długa is in the index only: no person (councilors is not empty)
//     votes in FILE order:
//       g1  2024-06-10 "V"   "Porządek obrad" za [0,1,2] nieobecni [3]
//       g2  2024-06-10 "VI"  "Budżet"         za [0] przeciw [1] brak_glosu [3]
//       g1  2024-06-10 "V"   (the same id, date and number again: published twice, skipped)
//       g1  2024-06-10 "VI"  "Zmiana budżetu" za [0,3] (the same id in the other session of the day: kept)
//       g4  2024-07-01 "VII" "Pożyczka"       every list empty; counts za 3 przeciw 0 wstrzymal_sie 0 brak_glosu 0
//                                            nieobecni 2; resolution "Przyjęta"
//       g5  2024-07-01 "VII" "Skarga"         za [1,2] nieobecni [0,3]; resolution "odrzucona" (contradicts 2:0)
//       g6  2024-09-01 ""    "Wniosek"        za [0,4] (4: the street) przeciw [5]; resolution "XX/524/20" (a number)
//       g7  2024-10-01 "IX"  "Absolutorium"   za [0,1,5]
//     sessions (attendance lists): 2024-06-10 V [Anna, Bartosz, "Celina  Cis ", "1)"] · 2024-06-10 VI [Anna, Dawid,
//       "Wygenerowano za pomocą eSesja.pl"] · 2024-07-01 VII [Bartosz, Celina, Dawid] · 2024-09-01 "" [Zenon Obcy]
//       (names no councillor: not a list) · 2024-10-01 IX [Anna, Bartosz, Ewa] · 2024-12-01 X [Anna] (no such session)
//
// ── What §8 makes of it ───────────────────────────────────────────────────────────────────────
// organy   1 Rada Miasta Alfy (rada) · 2 Rada Miasta Beta (rada: no genitive, city_name) · 3 Rada Miasta Gammy
// kadencje 2018-2023 from 2018-11-20 (Alfa's config) · 2024-2029 from 2024-05-07 (min of Alfa's first vote
//          2024-05-20, Beta's config 2024-05-07 and Gamma's first vote 2024-06-10)
// persons  Alfa 2018-2023 in index order: 1 Ewa Zając, 2 Jan Kowalski, 3 Adam Nowak (not Piotr Lis), then only in
//          councilors: 4 Zofia Wójcik; Alfa 2024-2029 (councilors order): Adam (3), 5 Marta Sowa, Jan (2);
//          Beta (index order): 6 Tomasz Bąk, 7 Jan Kowalski (a second person: another council), 8 Olga Kruk;
//          Gamma: 9 Anna Adamska, 10 Bartosz Bem, 11 Celina Cis, 12 Dawid Dąb, 13 Ewa Ek (not Ulica Długa)
// groups   one per council and club, first appearance in person order: Ewa niezrzeszona → none; Jan "PiS" → 1 PiS;
//          Adam → 2 KO; Zofia KO (2); 2024: Adam KO, Marta "-" none, Jan → 3 Razem; Beta: Tomasz "?"
//          none, Jan NIEZRZESZENI none, Olga → 4 KO (Beta's, not Alfa's); Gamma: Anna → 5 KO, Bartosz → 6 PiS,
//          Celina KO (5), Dawid "" none, Ewa PiS (6)
// memberships by (person, term): m1 Ewa 2018 none · m2 Jan 2018 PiS · m3 Jan 2024 Razem · m4 Adam 2018 KO ·
//          m5 Adam 2024 KO · m6 Zofia 2018 KO · m7 Marta 2024 none · m8 Tomasz 2024 none · m9 Jan(B) 2024 none ·
//          m10 Olga 2024 KO(4) · m11 Anna KO(5) · m12 Bartosz PiS(6) · m13 Celina KO(5) · m14 Dawid none ·
//          m15 Ewa PiS(6)
// sessions one per (date, session_number), by date then first appearance in file order:
//          Alfa 2018: 1 2018-12-05 "I" · 2 2019-01-10 "II" · 3 2019-01-10 "" (numer "3": its position) ·
//          4 2019-02-01 "" ("4") · 5 2019-02-01 "IV"; Alfa 2024: 6 2024-05-20 "I";
//          Beta: 7 2024-06-03 "LXXIV/2" · 8 2024-06-20 null ("2");
//          Gamma: 9 2024-06-10 "V" · 10 2024-06-10 "VI" · 11 2024-07-01 "VII" · 12 2024-09-01 "" ("4") · 13 2024-10-01 "IX"
// votes    sorted stably by date, the copy of g1 skipped: 1 a0 · 2 a1 · 3 a2 · 4 a3 · 5 a4 · 6 b0 · 7 b1 · 8 c0 ·
//          9 c1 · 10 c2 · 11 g1 · 12 g2 · 13 g1 (VI) · 14 g4 · 15 g5 · 16 g6 · 17 g7
//          numer in session: every vote 1 but V7 2, V9 2, V13 2, V15 2
//          tytul: V2 "Budżet 2019" (collapsed) · V3 "Głosowanie 1" (empty topic, first in its session)
//          wynik: V14 przyjęto (resolution "Przyjęta") · V15 odrzucono (stated; a warning: 2:0) · V16 derived
//          (the resolution number states none): 1:1 → odrzucono · V5 tally-only 4:0 → przyjęto · V4 1:1 → odrzucono
// ballots  (Piotr's entries skipped) V1 Ewa Z, Jan Z, Adam Z · V2 Jan Z, Adam Z, Ewa P · V3 Ewa Z, Jan Z, Adam P
//          V4 Adam Z, Jan P (Ewa's two entries dropped) · V5 none · V6 Adam Z, Marta Z, Jan Z
//          V7 Adam Z, Jan Z, Marta P · V8 Tomasz Z, Jan(B) Z, Olga P · V9 Olga Z, Tomasz P, Jan(B) P
//          V10 Tomasz Z, Jan(B) Z, Olga Z · V11 Anna Z, Bartosz Z, Celina Z, Dawid N · V12 Anna Z, Bartosz P,
//          Dawid B · V13 Anna Z, Dawid Z · V14 none · V15 Bartosz Z, Celina Z, Anna N, Dawid N ·
//          V16 Anna Z, Ewa P · V17 Anna Z, Bartosz Z, Ewa Z — 17 + 9 + 18 = 44 ballots
// tallies  stated (liczby_zrodla): V1 3 1 0 0 0 · V2 3 1 1 0 0 · V3 2 1 0 2 0 · V4 3 1 0 0 1 · V5 za 4 only ·
//          V8 2 1 0 0 0 · V9 1 2 1 0 0 · V14 3 0 0 2 0; V5 and V14 are tally-only (counts = stated, unstated 0)
// attendance Alfa and Beta: no lists, from the ballots. Gamma: lists for 9, 10, 11, 13; 12 from the ballots.
//          Tenure (sessions 9–13 naming the person in a ballot or a list): Anna 9–13, Bartosz 9–13,
//          Celina 9–11, Dawid 9–11, Ewa 12–13.
//          9:  Anna ✓ Bartosz ✓ Celina ✓ (list) · Dawid ✗ (N, not listed) · Ewa — (before her seat)
//          10: Anna ✓ Dawid ✓ (list) · Bartosz ✓ (not listed, but voted P) · Celina ✗ (neither) · Ewa —
//          11: Bartosz ✓ Celina ✓ Dawid ✓ (listed though N on every vote) · Anna ✗ (N, not listed) · Ewa —
//          12: from the ballots: Anna ✓ Ewa ✓ (nobody else voted)
//          13: Anna ✓ Bartosz ✓ Ewa ✓ · Celina, Dawid — (after their last session)
//          → Anna 4/5 · Bartosz 4/4 · Celina 2/3 · Dawid 2/3 · Ewa 2/2 (from the ballots alone Celina read 2/2)
// attachments only for a non-empty source_url: 1 → V1, 2 → V2, 3 → V5, 4 → V8
// warnings (file, vote id): Piotr in a0–a3 · a1 counts.za · a2 index 7 · a3 Ewa listed twice · a4 no named votes ·
//          c1 counts.wstrzymal_sie ·
//          g1 published twice · g4 no named votes · g6 the street · lists: "1)", "Wygenerowano…", 2024-09-01 names
//          no councillor, 2024-12-01 X matches no session · V15 stated odrzucono against 2:0

import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const vote = (
  id: string,
  session_date: string,
  session_number: string | null,
  topic: string,
  named: Record<string, number[]> | null,
  extra: Record<string, unknown> = {},
) => ({
  id,
  session_date,
  session_number,
  topic,
  ...(named === null ? {} : { named_votes: named }),
  ...extra,
});

export const RADOSKOP_HAND: Record<string, unknown> = {
  'alfa-city/config.json': {
    city_name: 'Alfa',
    city_genitive: 'Alfy',
    kadencje: { '2018-2023': { label: 'VIII kadencja', start: '2018-11-20' } },
  },
  'alfa-city/kadencja-2018-2023.json': {
    id: '2018-2023',
    councilor_index: ['Ewa Zając', 'Jan  Kowalski ', 'Adam Nowak', 'Piotr Lis'],
    councilors: [
      { name: 'Adam Nowak', club: 'KO' },
      { name: 'Jan Kowalski', club: ' PiS ' },
      { name: 'Ewa Zając', club: 'niezrzeszona' },
      { name: 'Zofia Wójcik', club: 'KO' },
    ],
    votes: [
      vote(
        'a1',
        '2019-01-10',
        'II',
        '  Budżet   2019 ',
        { za: [1, 2], przeciw: [0], wstrzymal_sie: [3], brak_glosu: [], nieobecni: [] },
        {
          counts: { za: 3, przeciw: 1, wstrzymal_sie: 1, brak_glosu: 0, nieobecni: 0 },
          source_url: 'https://bip.alfa.example/2019-01-10.pdf',
        },
      ),
      vote(
        'a0',
        '2018-12-05',
        'I',
        'Porządek obrad',
        { za: [0, 1, 2], przeciw: [3] },
        {
          counts: { za: 3, przeciw: 1, wstrzymal_sie: 0, brak_glosu: 0, nieobecni: 0 },
          source_url: 'https://bip.alfa.example/2018-12-05.pdf',
        },
      ),
      vote(
        'a2',
        '2019-01-10',
        '',
        '',
        { za: [0, 1], przeciw: [2], nieobecni: [3, 7] },
        { counts: { za: 2, przeciw: 1, wstrzymal_sie: 0, brak_glosu: 0, nieobecni: 2 } },
      ),
      vote(
        'a3',
        '2019-02-01',
        '',
        'Skarga',
        { za: [0, 2, 0], przeciw: [1], brak_glosu: [3] },
        { counts: { za: 3, przeciw: 1, wstrzymal_sie: 0, brak_glosu: 1, nieobecni: 0 }, source_url: '' },
      ),
      vote('a4', '2019-02-01', 'IV', 'Wniosek', null, {
        counts: { za: 4, przeciw: '0' },
        source_url: 'https://bip.alfa.example/2019-02-01.pdf',
      }),
    ],
  },
  'alfa-city/kadencja-2024-2029.json': {
    id: '2024-2029',
    councilors: [
      { name: 'Adam Nowak', club: 'KO' },
      { name: 'Marta Sowa', club: '-' },
      { name: 'Jan Kowalski', club: 'Razem' },
    ],
    votes: [
      vote('b0', '2024-05-20', 'I', 'Ślubowanie', { za: [0, 1, 2] }),
      vote('b1', '2024-05-20', 'I', 'Wybór przewodniczącego', { za: [0, 2], przeciw: [1] }),
    ],
  },
  'beta-city/docs/config.json': { city_name: 'Beta', kadencje: { '2024-2029': { start: '2024-05-07' } } },
  'beta-city/docs/kadencja-2024-2029.json': {
    id: '2024-2029',
    councilor_index: ['Tomasz Bąk', 'Jan Kowalski', 'Olga Kruk'],
    councilors: [
      { name: 'Olga Kruk', club: 'KO' },
      { name: 'Jan Kowalski', club: 'NIEZRZESZENI' },
      { name: 'Tomasz Bąk', club: '?' },
    ],
    votes: [
      vote(
        'c0',
        '2024-06-03',
        'LXXIV/2',
        'Budżet',
        { za: [0, 1], przeciw: [2] },
        {
          counts: { za: 2, przeciw: 1, wstrzymal_sie: 0, brak_glosu: 0, nieobecni: 0 },
          source_url: 'https://bip.beta.example/c0.pdf',
        },
      ),
      vote(
        'c1',
        '2024-06-03',
        'LXXIV/2',
        'Uchwała',
        { za: [2], przeciw: [0, 1], wstrzymal_sie: [] },
        { counts: { za: 1, przeciw: 2, wstrzymal_sie: 1, brak_glosu: 0, nieobecni: 0 } },
      ),
      vote('c2', '2024-06-20', null, 'Absolutorium', { za: [0, 1, 2] }),
    ],
  },
  'gamma-city/config.json': { city_name: 'Gamma', city_genitive: 'Gammy' },
  'gamma-city/kadencja-2024-2029.json': {
    id: '2024-2029',
    councilor_index: ['Anna Adamska', 'Bartosz Bem', 'Celina Cis', 'Dawid Dąb', 'Ulica Długa', 'Ewa Ek'],
    councilors: [
      { name: 'Anna Adamska', club: 'KO' },
      { name: 'Bartosz Bem', club: 'PiS' },
      { name: 'Celina Cis', club: 'KO' },
      { name: 'Dawid Dąb', club: '' },
      { name: 'Ewa Ek', club: 'PiS' },
    ],
    sessions: [
      { date: '2024-06-10', number: 'V', attendees: ['Anna Adamska', 'Bartosz Bem', 'Celina  Cis ', '1)'] },
      {
        date: '2024-06-10',
        number: 'VI',
        attendees: ['Anna Adamska', 'Dawid Dąb', 'Wygenerowano za pomocą eSesja.pl'],
      },
      { date: '2024-07-01', number: 'VII', attendees: ['Bartosz Bem', 'Celina Cis', 'Dawid Dąb'] },
      { date: '2024-09-01', number: '', attendees: ['Zenon Obcy'] },
      { date: '2024-10-01', number: 'IX', attendees: ['Anna Adamska', 'Bartosz Bem', 'Ewa Ek'] },
      { date: '2024-12-01', number: 'X', attendees: ['Anna Adamska'] },
    ],
    votes: [
      vote('g1', '2024-06-10', 'V', 'Porządek obrad', { za: [0, 1, 2], nieobecni: [3] }),
      vote('g2', '2024-06-10', 'VI', 'Budżet', { za: [0], przeciw: [1], brak_glosu: [3] }),
      vote('g1', '2024-06-10', 'V', 'Porządek obrad', { za: [0, 1, 2], nieobecni: [3] }),
      vote('g1', '2024-06-10', 'VI', 'Zmiana budżetu', { za: [0, 3] }),
      vote(
        'g4',
        '2024-07-01',
        'VII',
        'Pożyczka',
        { za: [], przeciw: [], wstrzymal_sie: [], brak_glosu: [], nieobecni: [] },
        { counts: { za: 3, przeciw: 0, wstrzymal_sie: 0, brak_glosu: 0, nieobecni: 2 }, resolution: ' Przyjęta ' },
      ),
      vote('g5', '2024-07-01', 'VII', 'Skarga', { za: [1, 2], nieobecni: [0, 3] }, { resolution: 'odrzucona' }),
      vote('g6', '2024-09-01', '', 'Wniosek', { za: [0, 4], przeciw: [5] }, { resolution: 'XX/524/20' }),
      vote('g7', '2024-10-01', 'IX', 'Absolutorium', { za: [0, 1, 5] }),
    ],
  },
};

// ── The record's own words (CONTRACT §8 names, groups and empty records; §5, §10, §12) ─────────────
// delta-sejmik/ — config.json: rada_name "Sejmik Województwa Delta"; clubs KO {name " Klub Radnych KO "},
//   NZ {name "Niezrzeszeni"}, PiS {color only: no name}
//   kadencja-2024-2029.json
//     councilor_index: [0 "Julia Kloc- Kondracka", 1 Jan Nowak, 2 Ola Lis, 3 "Julia Kloc-Kondracka"]
//     councilors: "Julia Kloc- Kondracka" NZ · Jan Nowak NZ · "Julia Kloc -Kondracka" KO · Ola Lis PiS
//     votes in FILE order:
//       d1 2024-06-01 "I"  "Porządek obrad"  za [0,1] przeciw [2]; resolution "przyjęto"
//       d2 2024-06-01 "I"  "Druk 1433"       named_votes {} counts {} resolution null     → an empty record
//       d3 2024-06-01 "I"  "Druk 1433"       za [3] przeciw [2] nieobecni [1]; counts za 1 przeciw 1 nieobecni 1
//       d4 2024-06-01 "I"  "Druk 1434"       every list empty, every count 0, no resolution → an empty record
//       d5 2024-07-01 "II" "Uchwała"         za [0,2] nieobecni [1]; counts za 3; resolution "odrzucona"
//       d6 2024-07-01 "II" "Pożyczka"        no named_votes; counts za 2 przeciw 1
//     sessions: 2024-06-01 I ["Julia Kloc- Kondracka", Jan Nowak, Ola Lis] · 2024-07-01 II ["Julia Kloc-Kondracka",
//       "Jan  Nowak", Ola Lis]
// What §8 makes of it:
//   organ 1 Sejmik Województwa Delta · kadencja 2024-2029 from 2024-06-01 (no config start: the first vote)
//   persons (whitespace beside a hyphen dropped: all three spellings are one name) 1 Julia Kloc-Kondracka,
//     2 Jan Nowak, 3 Ola Lis
//   groups Julia: NZ (no group: its full name is Niezrzeszeni), then KO → 1 KO, pelna_nazwa "Klub Radnych KO";
//     Jan NZ → none; Ola → 2 PiS, pelna_nazwa null
//   votes d2 and d4 skipped (two warnings) before numbering: 1 d1, 2 d3 (session 1), 3 d5, 4 d6 (session 2)
//   ballots V1 Julia Z, Jan Z, Ola P · V2 Julia Z (index 3), Ola P, Jan N · V3 Julia Z, Ola Z, Jan N · V4 none
//   attendance lists name all three in both sessions: every record present. Per session (glosowania, nieobecny):
//     session 1: Julia (2, 0), Jan (2, 1), Ola (2, 0) · session 2: Julia (1, 0), Jan (1, 1) ← on the list, absent
//     from every vote there, Ola (1, 0)
//   §12: glosowania 4, imienne 3, tylko_liczby 1 (V4), rozbiezne_liczby 1 (V3: stated za 3, counted 2; V2's
//     stated 1:1:·:1:· equal the roll call), wynik_wbrew_liczbom 1 (V3 odrzucono at 2:0; V1 przyjęto at 2:1 agrees),
//     posiedzenia 2, z_lista_obecnosci 2, obecni_bez_glosu 1 (Jan in session 2)
export const RADOSKOP_RECORD: Record<string, unknown> = {
  'delta-sejmik/config.json': {
    rada_name: 'Sejmik Województwa Delta',
    clubs: { KO: { name: ' Klub Radnych KO ' }, NZ: { name: 'Niezrzeszeni' }, PiS: { color: '#000' } },
  },
  'delta-sejmik/kadencja-2024-2029.json': {
    councilor_index: ['Julia Kloc- Kondracka', 'Jan Nowak', 'Ola Lis', 'Julia Kloc-Kondracka'],
    councilors: [
      { name: 'Julia Kloc- Kondracka', club: 'NZ' },
      { name: 'Jan Nowak', club: 'NZ' },
      { name: 'Julia Kloc -Kondracka', club: 'KO' },
      { name: 'Ola Lis', club: 'PiS' },
    ],
    sessions: [
      { date: '2024-06-01', number: 'I', attendees: ['Julia Kloc- Kondracka', 'Jan Nowak', 'Ola Lis'] },
      { date: '2024-07-01', number: 'II', attendees: ['Julia Kloc-Kondracka', 'Jan  Nowak', 'Ola Lis'] },
    ],
    votes: [
      vote('d1', '2024-06-01', 'I', 'Porządek obrad', { za: [0, 1], przeciw: [2] }, { resolution: 'przyjęto' }),
      { ...vote('d2', '2024-06-01', 'I', 'Druk 1433', {}), counts: {}, resolution: null },
      vote(
        'd3',
        '2024-06-01',
        'I',
        'Druk 1433',
        { za: [3], przeciw: [2], nieobecni: [1] },
        { counts: { za: 1, przeciw: 1, nieobecni: 1 } },
      ),
      vote(
        'd4',
        '2024-06-01',
        'I',
        'Druk 1434',
        { za: [], przeciw: [], wstrzymal_sie: [], brak_glosu: [], nieobecni: [] },
        { counts: { za: 0, przeciw: 0, wstrzymal_sie: 0, brak_glosu: 0, nieobecni: 0 } },
      ),
      vote(
        'd5',
        '2024-07-01',
        'II',
        'Uchwała',
        { za: [0, 2], nieobecni: [1] },
        { counts: { za: 3 }, resolution: 'odrzucona' },
      ),
      vote('d6', '2024-07-01', 'II', 'Pożyczka', null, { counts: { za: 2, przeciw: 1 } }),
    ],
  },
};

/** Alfa and Beta alone: the source the refresh and share-link tests count on (10 votes, 2 councils). */
export const RADOSKOP_ALFA_BETA: Record<string, unknown> = Object.fromEntries(
  Object.entries(RADOSKOP_HAND).filter(([path]) => !path.startsWith('gamma-city/')),
);

/** Writes the hand source into `dir` (created if missing). */
export async function writeRadoskopHand(dir: string, files: Record<string, unknown> = RADOSKOP_HAND): Promise<void> {
  for (const [path, content] of Object.entries(files)) {
    await mkdir(join(dir, path, '..'), { recursive: true });
    await writeFile(join(dir, path), typeof content === 'string' ? content : JSON.stringify(content, null, 1));
  }
}
