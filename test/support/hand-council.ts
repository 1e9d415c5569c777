// A council small enough to compute on paper, and the answers computed on paper.
//
// Every number in HAND_EXPECTED was worked out by hand from CONTRACT.md / docs/DESIGN.md, NOT by
// running code: the comment beside each value says how it was counted. test/reference.test.ts
// checks the naive oracle (reference.ts) against these literals; when they disagree, re-derive on
// paper before touching either side.
//
// ── The council ─────────────────────────────────────────────────────────────────────────────
// Terms   T1 = 2014-2018 [2014-11-01, 2018-10-31]    T2 = 2018-2023 [2018-11-01, open]
// Bodies  1 Rada Miasta (rada) · 2 Komisja Budżetowa (komisja) · 3 Komisja Rewizyjna (komisja, no sessions)
// Groups  1 Razem dla Miasta (RdM) · 2 Forum Samorządowe (FS)
// People  1 Anna Nowak · 2 Zenon Lis · 3 Łucja Wróbel · 4 Lech Mazur · 5 Anna Nowak · 6 Żaneta Kos
//         7 Borys Żuk (a membership and nothing else)
//         name order (Polish): 1, 5, 7 (Borys), 4 (Lech), 3 (Łucja), 2 (Zenon), 6 (Żaneta)
//         (byte order would put Łucja and Żaneta after Zenon)
//         tokens: anna-nowak, zenon-lis, lucja-wrobel, lech-mazur, anna-nowak-2, zaneta-kos, borys-zuk
// Memberships (przynaleznosc_id: person, term, group, [od, do], aktywny)
//   1: 1 T1 g1 [2014-11-01, –] 1      5: 1 T2 g1 [2018-11-01, –] 1
//   2: 2 T1 g2 [2014-11-01, –] 0      6: 3 T2 g1 [2018-11-01, 2019-01-31] 1  ┐ switch, adjacent days
//   3: 3 T1 g1 [2014-11-01, –] 1      7: 3 T2 g2 [2019-02-01, –] 1           ┘
//   4: 4 T1 g2 [2014-11-01, –] 1      8: 4 T2 g2 [2018-11-01, –] 1
//                                     9: 5 T2 no group [2018-11-01, –] 1
//                                    10: 6 T2 g2 [2018-11-01, –] 1
//                                    11: 7 T2 g1 [2018-11-01, –] 0
//   display (all terms): 1→m5 RdM · 2→m2 FS (aktywny 0, T1) · 3→m7 FS · 4→m8 FS · 5→m9 none · 6→m10 FS · 7→m11 RdM (aktywny 0)
//   display (T1):        1→m1 RdM · 2→m2 FS · 3→m3 RdM · 4→m4 FS
//   display (T2):        1→m5 RdM · 3→m7 FS · 4→m8 FS · 5→m9 none · 6→m10 FS · 7→m11 RdM
// Sessions
//   S1: Rada, T1, 2015-03-10, obecnosci given: 2 ✗ 3 ✓ 4 ✓ — no row for 1 although 1 voted there
//   S2: Rada, T2, 2019-01-15, no obecnosci → derived from V5–V7: 1 3 4 5 6 all present
//   S3: Komisja, T2, 2019-01-31 (last day of m6), no obecnosci → derived from V8–V9:
//       1 ✓ (Z, N) · 3 ✓ (Z, B) · 4 ✓ (P, N) · 5 ✗ (N, N) · 6 ✓ (B only: brak_glosu is not nieobecny)
//   S4: Rada, T2, 2019-02-01 (first day of m7), obecnosci given: 1 3 4 5 6 all present
//   attendance records: 1 S2 S3 S4 (3/3) · 2 S1 (0/1) · 3 S1–S4 (4/4) · 4 S1–S4 (4/4) · 5 S2 S3 S4 (2/3)
//                       6 S2 S3 S4 (3/3) · 7 none
// Agenda  S1: 11 "3" · S4: 41 "7.10", 42 "7.2", 43 "10" (natural order 7.2, 7.10, 10)
//
// Ballots (Z za, P przeciw, W wstrzymujacy, N nieobecny, B brak_glosu, – no ballot)
//   vote  sess data_czas            wynik (csv)  │ 1 2 3 4 5 6 │ za prz wst nb bg │ kontr jedn  │ majority
//   V1    S1   2015-03-10T10:00     przyjęto     │ Z Z Z P – – │ 3  1   0   0  0  │  50   75    │ Z
//   V2    S1   2015-03-10T10:30:00  (odrzucono)  │ Z P Z P – – │ 2  2   0   0  0  │ 100   50    │ tie
//   V3    S1   2015-03-10T10:30     (odrzucono)  │ Z N P W – – │ 1  1   1   1  0  │ 100   33.33 │ tie
//   V4    S1   2015-03-10           odrzucono    │ P B Z P – – │ 1  2   0   0  1  │  67   66.67 │ P
//   V5    S2   2019-01-15T09:00     (przyjęto)   │ Z – Z Z Z Z │ 5  0   0   0  0  │   0  100    │ Z
//   V6    S2   2019-01-15T09:15     przyjęto     │ Z – P Z W Z │ 3  1   1   0  0  │  50   60    │ Z
//   V7    S2   2019-01-15T09:30:45  (odrzucono)  │ P – P Z Z P │ 2  3   0   0  0  │  80   60    │ P
//   V8    S3   2019-01-31           przyjęto     │ Z – Z P N B │ 2  1   0   1  1  │  67   66.67 │ Z
//   V9    S3   2019-01-31T12:00     (odrzucono)  │ N – B N N – │ 0  0   0   3  1  │   0    0    │ none
//   V10   S4   2019-02-01T10:00     (przyjęto)   │ Z – P Z Z Z │ 4  1   0   0  0  │  40   80    │ Z
//   V11   S4   2019-02-01T10:00     odrzucono    │ P – P P W N │ 0  3   1   1  0  │   0   75    │ P
//   V12   S4   2019-02-01T11:00     (przyjęto)   │ W – Z Z P N │ 2  1   1   1  0  │  67   50    │ Z
//   V13   S4   2019-02-01T12:00     odrzucono*   │ – – – – – Z │ 1  0   0   0  0  │   0  100    │ Z
//   V14   S4   2019-02-01T13:00     (przyjęto)†  │ – – – – – – │ 4  0   1   0  0  │   0   80    │ (no ballots)
//   (wynik in parentheses: empty in the CSV, derived: przyjęto iff za > przeciw)
//   * the stated odrzucono contradicts 1:0 (no quorum, say): a warning, and the stated value stands
//   † tally-only (CONTRACT §10): no ballot, stated za 4 przeciw 0 wstrzymujacy 1 (nieobecni, brak_glosu not stated
//     → 0); it counts in the vote lists, results and vote rankings, in no councillor's figure
//   V10 also states tallies (za 5 przeciw 1 0 0 0) that differ from its roll call: served beside the counted 4:1
//   kontr = round(200·min(za,prz)/(za+prz)): V4 200/3 = 66.67 → 67; V7 400/5 = 80; V10 200/5 = 40
//   jedn  = max(za,prz,wst)/active: V3 1/3, V4 2/3, V6 3/5, V10 4/5, V11 3/4, V12 2/4, V13 1/1
// Date order (data_czas desc, id desc): V14, V13, V12, V11, V10 (same 10:00 as V11), V9, V8 (T00:00:00),
//   V7, V6, V5, V3, V2 (same 10:30:00 as V3), V1, V4 (date-only → T00:00:00).
//
// Groups at each vote: T1 (2015-03-10): 1,3 → g1; 2,4 → g2.
//   T2 up to 2019-01-31 (V5–V9): 1,3 → g1; 4,6 → g2; 5 none.
//   T2 from 2019-02-01 (V10–V13): 1 → g1; 3,4,6 → g2; 5 none.
// Group positions (strict max over the group's ballots at the vote):
//   V1 g1 Z, g2 tie(Z,P) · V2 g1 Z, g2 P · V3 g1 tie(Z,P), g2 W (only 4 active) · V4 g1 tie, g2 P (only 4)
//   V5 g1 Z, g2 Z · V6 g1 tie(Z,P), g2 Z · V7 g1 P, g2 tie(Z,P) · V8 g1 Z, g2 P (only 4; 6 B) · V9 none
//   V10 g1 Z (only 1), g2 Z (3 P, 4 Z, 6 Z) · V11 g1 P (only 1), g2 P · V12 g1 W (only 1), g2 Z
//   V13 g2 Z (only 6)
//
// Pairs (shared active votes / equal ballots):  T1 │ T2 │ all     (V13 has one active ballot: no pair)
//   (1,2) 2/1 │ –   │ 2/1      (2,3) 2/1 │ –   │ 2/1      (3,5) –   │ 6/1 │ 6/1
//   (1,3) 4/2 │ 7/4 │ 11/6     (2,4) 2/1 │ –   │ 2/1      (3,6) –   │ 4/2 │ 4/2
//   (1,4) 4/1 │ 7/4 │ 11/5     (3,4) 4/0 │ 7/3 │ 11/3     (4,5) –   │ 6/3 │ 6/3
//   (1,5) –   │ 6/2 │ 6/2      (4,6) –   │ 4/3 │ 4/3      (5,6) –   │ 4/2 │ 4/2
//   (1,6) –   │ 4/4 │ 4/4      (2,5), (2,6), anything with 7: none
//   e.g. (1,3) T2: V5 ZZ✓ V6 ZP✗ V7 PP✓ V8 ZZ✓ V10 ZP✗ V11 PP✓ V12 WZ✗ → 7/4
//
// Topics (CONTRACT §11), with HAND_TOPICS below (the hand council is built with it, `--topics`):
//   procedura: porządku obrad, wniosek formalny, zamknięcie obrad, "" (empty: never matches)
//   budzet: BUDŻET (folded: budzet), opłat · obywatelski: budżet obywatelski · nazwy: łąk, nazwy
//   plany: plan zagospodarowania · skargi: skarg, anie (at a word start only: not in Nadanie, Sprawozdanie)
//   V1 budzet (Budżet) · V2 budzet (budżetu) · V3 nazwy (nazwy, Łąkowej) · V4 inne (Sprawozdanie: "anie" inside a word)
//   V5 procedura (porządku obrad) · V6 budzet (Budżet obywatelski: budzet is the earlier entry) · V7 budzet (opłat)
//   V8 budzet (budżetu) · V9 procedura (Wniosek formalny) · V10 budzet (budżetowej) · V11 plany (plan zagospodarowania)
//   V12 skargi (Skarga) · V13 procedura (zamknięcie obrad) · V14 inne (Zaciągnięcie pożyczki: no pattern)
//   per topic (votes; przyjęto; Σ kontrowersyjnosc): procedura V5 V9 V13 (3; 1; 0) · budzet V1 V2 V6 V7 V8 V10
//   (6; V1 V6 V8 V10 = 4; 50+100+50+80+67+40 = 387) · obywatelski none · nazwy V3 (1; 0; 100) · plany V11 (1; 0; 0)
//   · skargi V12 (1; 1; 67) · inne V4 V14 (2; V14 = 1; 67 + 0 = 67)

import type { Bundle } from './bundle.ts';
import type { TopicEntry } from '../../core/topics.ts';

/** The hand council's topic vocabulary (CONTRACT §11), in file order. */
export const HAND_TOPICS: TopicEntry[] = [
  { id: 'procedura', nazwa: 'Procedura', wzorce: ['porządku obrad', 'wniosek formalny', 'zamknięcie obrad', ''] },
  { id: 'budzet', nazwa: 'Budżet', wzorce: ['BUDŻET', 'opłat'] },
  { id: 'obywatelski', nazwa: 'Budżet obywatelski', wzorce: ['budżet obywatelski'] },
  { id: 'nazwy', nazwa: 'Nazwy', wzorce: ['łąk', 'nazwy'] },
  { id: 'plany', nazwa: 'Plany', wzorce: ['plan zagospodarowania'] },
  { id: 'skargi', nazwa: 'Skargi', wzorce: ['skarg', 'anie'] },
];

/** Each topic's `{ temat, nazwa }`, as the answers name it. */
const HAND_TOPIC_NAMES: Record<string, { temat: string; nazwa: string }> = Object.fromEntries(
  [...HAND_TOPICS.map((t) => ({ temat: t.id, nazwa: t.nazwa })), { temat: 'inne', nazwa: 'Inne' }].map((t) => [
    t.temat,
    t,
  ]),
);

export const HAND_COUNCIL: Bundle = {
  'kadencje.csv': [
    { kadencja: '2014-2018', data_od: '2014-11-01', data_do: '2018-10-31' },
    { kadencja: '2018-2023', data_od: '2018-11-01', data_do: null },
  ],
  'organy.csv': [
    { id_organu: 1, nazwa: 'Rada Miasta', typ: 'rada' },
    { id_organu: 2, nazwa: 'Komisja Budżetowa', typ: 'komisja' },
    { id_organu: 3, nazwa: 'Komisja Rewizyjna', typ: 'komisja' },
  ],
  'ugrupowania.csv': [
    { id_ugrupowania: 1, nazwa: 'Razem dla Miasta', skrot: 'RdM' },
    { id_ugrupowania: 2, nazwa: 'Forum Samorządowe', skrot: 'FS' },
  ],
  'radni.csv': [
    { id_osoby: 1, imie_nazwisko: 'Anna Nowak' },
    { id_osoby: 2, imie_nazwisko: 'Zenon Lis' },
    { id_osoby: 3, imie_nazwisko: 'Łucja Wróbel' },
    { id_osoby: 4, imie_nazwisko: 'Lech Mazur' },
    { id_osoby: 5, imie_nazwisko: 'Anna Nowak' },
    { id_osoby: 6, imie_nazwisko: 'Żaneta Kos' },
    { id_osoby: 7, imie_nazwisko: 'Borys Żuk' },
  ],
  'przynaleznosci.csv': [
    {
      przynaleznosc_id: 1,
      id_osoby: 1,
      kadencja: '2014-2018',
      id_ugrupowania: 1,
      data_od: '2014-11-01',
      data_do: null,
      aktywny: 1,
    },
    {
      przynaleznosc_id: 2,
      id_osoby: 2,
      kadencja: '2014-2018',
      id_ugrupowania: 2,
      data_od: '2014-11-01',
      data_do: null,
      aktywny: 0,
    },
    {
      przynaleznosc_id: 3,
      id_osoby: 3,
      kadencja: '2014-2018',
      id_ugrupowania: 1,
      data_od: '2014-11-01',
      data_do: null,
      aktywny: 1,
    },
    {
      przynaleznosc_id: 4,
      id_osoby: 4,
      kadencja: '2014-2018',
      id_ugrupowania: 2,
      data_od: '2014-11-01',
      data_do: null,
      aktywny: 1,
    },
    {
      przynaleznosc_id: 5,
      id_osoby: 1,
      kadencja: '2018-2023',
      id_ugrupowania: 1,
      data_od: '2018-11-01',
      data_do: null,
      aktywny: 1,
    },
    {
      przynaleznosc_id: 6,
      id_osoby: 3,
      kadencja: '2018-2023',
      id_ugrupowania: 1,
      data_od: '2018-11-01',
      data_do: '2019-01-31',
      aktywny: 1,
    },
    {
      przynaleznosc_id: 7,
      id_osoby: 3,
      kadencja: '2018-2023',
      id_ugrupowania: 2,
      data_od: '2019-02-01',
      data_do: null,
      aktywny: 1,
    },
    {
      przynaleznosc_id: 8,
      id_osoby: 4,
      kadencja: '2018-2023',
      id_ugrupowania: 2,
      data_od: '2018-11-01',
      data_do: null,
      aktywny: 1,
    },
    {
      przynaleznosc_id: 9,
      id_osoby: 5,
      kadencja: '2018-2023',
      id_ugrupowania: null,
      data_od: '2018-11-01',
      data_do: null,
      aktywny: 1,
    },
    {
      przynaleznosc_id: 10,
      id_osoby: 6,
      kadencja: '2018-2023',
      id_ugrupowania: 2,
      data_od: '2018-11-01',
      data_do: null,
      aktywny: 1,
    },
    {
      przynaleznosc_id: 11,
      id_osoby: 7,
      kadencja: '2018-2023',
      id_ugrupowania: 1,
      data_od: '2018-11-01',
      data_do: null,
      aktywny: 0,
    },
  ],
  'posiedzenia.csv': [
    { id_posiedzenia: 1, id_organu: 1, kadencja: '2014-2018', numer: 'I', data: '2015-03-10', nazwa: 'I sesja' },
    { id_posiedzenia: 2, id_organu: 1, kadencja: '2018-2023', numer: 'I', data: '2019-01-15', nazwa: 'I sesja' },
    { id_posiedzenia: 3, id_organu: 2, kadencja: '2018-2023', numer: '1', data: '2019-01-31', nazwa: null },
    { id_posiedzenia: 4, id_organu: 1, kadencja: '2018-2023', numer: 'LXXIV/2', data: '2019-02-01', nazwa: 'II sesja' },
  ],
  'punkty.csv': [
    { id_punktu: 11, id_posiedzenia: 1, numer: '3', tytul: 'Budżet miasta' },
    { id_punktu: 41, id_posiedzenia: 4, numer: '7.10', tytul: 'Miejscowy plan zagospodarowania przestrzennego' },
    { id_punktu: 42, id_posiedzenia: 4, numer: '7.2', tytul: 'Zmiana uchwały budżetowej na 2019 rok' },
    { id_punktu: 43, id_posiedzenia: 4, numer: '10', tytul: 'Wolne wnioski' },
  ],
  'glosowania.csv': [
    {
      id_glosowania: 1,
      id_posiedzenia: 1,
      id_punktu: 11,
      numer: 1,
      data_czas: '2015-03-10T10:00',
      tytul: 'Budżet miasta na 2015 rok',
      wynik: 'przyjęto',
    },
    {
      id_glosowania: 2,
      id_posiedzenia: 1,
      id_punktu: 11,
      numer: 2,
      data_czas: '2015-03-10T10:30:00',
      tytul: 'Zmiana budżetu',
      wynik: null,
    },
    {
      id_glosowania: 3,
      id_posiedzenia: 1,
      id_punktu: null,
      numer: 3,
      data_czas: '2015-03-10T10:30',
      tytul: 'Nadanie nazwy ulicy Łąkowej',
      wynik: null,
    },
    {
      id_glosowania: 4,
      id_posiedzenia: 1,
      id_punktu: null,
      numer: 4,
      data_czas: '2015-03-10',
      tytul: 'Sprawozdanie z działalności',
      wynik: 'odrzucono',
    },
    {
      id_glosowania: 5,
      id_posiedzenia: 2,
      id_punktu: null,
      numer: 1,
      data_czas: '2019-01-15T09:00',
      tytul: 'Przyjęcie porządku obrad',
      wynik: null,
    },
    {
      id_glosowania: 6,
      id_posiedzenia: 2,
      id_punktu: null,
      numer: 2,
      data_czas: '2019-01-15T09:15',
      tytul: 'Budżet obywatelski',
      wynik: 'przyjęto',
    },
    {
      id_glosowania: 7,
      id_posiedzenia: 2,
      id_punktu: null,
      numer: 3,
      data_czas: '2019-01-15T09:30:45',
      tytul: 'Uchwała w sprawie opłat',
      wynik: null,
    },
    {
      id_glosowania: 8,
      id_posiedzenia: 3,
      id_punktu: null,
      numer: 1,
      data_czas: '2019-01-31',
      tytul: 'Opinia do projektu budżetu',
      wynik: 'przyjęto',
    },
    {
      id_glosowania: 9,
      id_posiedzenia: 3,
      id_punktu: null,
      numer: 2,
      data_czas: '2019-01-31T12:00',
      tytul: 'Wniosek formalny',
      wynik: null,
    },
    // the minutes state 5 za where the roll call names 4: both are served, the counts are the ballots'
    {
      id_glosowania: 10,
      id_posiedzenia: 4,
      id_punktu: 42,
      numer: 1,
      data_czas: '2019-02-01T10:00',
      tytul: 'Zmiana uchwały budżetowej',
      wynik: null,
      za: 5,
      przeciw: 1,
      wstrzymujacy: 0,
      nieobecni: 0,
      brak_glosu: 0,
    },
    {
      id_glosowania: 11,
      id_posiedzenia: 4,
      id_punktu: 41,
      numer: 2,
      data_czas: '2019-02-01T10:00',
      tytul: 'Miejscowy plan zagospodarowania',
      wynik: 'odrzucono',
    },
    {
      id_glosowania: 12,
      id_posiedzenia: 4,
      id_punktu: 41,
      numer: 3,
      data_czas: '2019-02-01T11:00',
      tytul: 'Skarga na działalność prezydenta',
      wynik: null,
    },
    // the stated odrzucono contradicts the 1:0 ballots: a warning, and the stated value stands
    {
      id_glosowania: 13,
      id_posiedzenia: 4,
      id_punktu: 43,
      numer: 4,
      data_czas: '2019-02-01T12:00',
      tytul: 'Wniosek o zamknięcie obrad',
      wynik: 'odrzucono',
    },
    // a tally-only vote: no roll call, the tallies stated (nieobecni and brak_glosu not): counts 4 0 1 0 0, przyjęto
    {
      id_glosowania: 14,
      id_posiedzenia: 4,
      id_punktu: null,
      numer: 5,
      data_czas: '2019-02-01T13:00',
      tytul: 'Zaciągnięcie pożyczki na inwestycje',
      wynik: null,
      za: 4,
      przeciw: 0,
      wstrzymujacy: 1,
      nieobecni: null,
      brak_glosu: null,
    },
  ],
  'glosy.csv': [
    // V1: Z Z Z P
    { id_glosowania: 1, id_osoby: 1, glos: 'za' },
    { id_glosowania: 1, id_osoby: 2, glos: 'za' },
    { id_glosowania: 1, id_osoby: 3, glos: 'za' },
    { id_glosowania: 1, id_osoby: 4, glos: 'przeciw' },
    // V2: Z P Z P
    { id_glosowania: 2, id_osoby: 1, glos: 'za' },
    { id_glosowania: 2, id_osoby: 2, glos: 'przeciw' },
    { id_glosowania: 2, id_osoby: 3, glos: 'za' },
    { id_glosowania: 2, id_osoby: 4, glos: 'przeciw' },
    // V3: Z N P W
    { id_glosowania: 3, id_osoby: 1, glos: 'za' },
    { id_glosowania: 3, id_osoby: 2, glos: 'nieobecny' },
    { id_glosowania: 3, id_osoby: 3, glos: 'przeciw' },
    { id_glosowania: 3, id_osoby: 4, glos: 'wstrzymujacy' },
    // V4: P B Z P
    { id_glosowania: 4, id_osoby: 1, glos: 'przeciw' },
    { id_glosowania: 4, id_osoby: 2, glos: 'brak_glosu' },
    { id_glosowania: 4, id_osoby: 3, glos: 'za' },
    { id_glosowania: 4, id_osoby: 4, glos: 'przeciw' },
    // V5: Z – Z Z Z Z
    { id_glosowania: 5, id_osoby: 1, glos: 'za' },
    { id_glosowania: 5, id_osoby: 3, glos: 'za' },
    { id_glosowania: 5, id_osoby: 4, glos: 'za' },
    { id_glosowania: 5, id_osoby: 5, glos: 'za' },
    { id_glosowania: 5, id_osoby: 6, glos: 'za' },
    // V6: Z – P Z W Z
    { id_glosowania: 6, id_osoby: 1, glos: 'za' },
    { id_glosowania: 6, id_osoby: 3, glos: 'przeciw' },
    { id_glosowania: 6, id_osoby: 4, glos: 'za' },
    { id_glosowania: 6, id_osoby: 5, glos: 'wstrzymujacy' },
    { id_glosowania: 6, id_osoby: 6, glos: 'za' },
    // V7: P – P Z Z P
    { id_glosowania: 7, id_osoby: 1, glos: 'przeciw' },
    { id_glosowania: 7, id_osoby: 3, glos: 'przeciw' },
    { id_glosowania: 7, id_osoby: 4, glos: 'za' },
    { id_glosowania: 7, id_osoby: 5, glos: 'za' },
    { id_glosowania: 7, id_osoby: 6, glos: 'przeciw' },
    // V8: Z – Z P N B
    { id_glosowania: 8, id_osoby: 1, glos: 'za' },
    { id_glosowania: 8, id_osoby: 3, glos: 'za' },
    { id_glosowania: 8, id_osoby: 4, glos: 'przeciw' },
    { id_glosowania: 8, id_osoby: 5, glos: 'nieobecny' },
    { id_glosowania: 8, id_osoby: 6, glos: 'brak_glosu' },
    // V9: N – B N N –
    { id_glosowania: 9, id_osoby: 1, glos: 'nieobecny' },
    { id_glosowania: 9, id_osoby: 3, glos: 'brak_glosu' },
    { id_glosowania: 9, id_osoby: 4, glos: 'nieobecny' },
    { id_glosowania: 9, id_osoby: 5, glos: 'nieobecny' },
    // V10: Z – P Z Z Z
    { id_glosowania: 10, id_osoby: 1, glos: 'za' },
    { id_glosowania: 10, id_osoby: 3, glos: 'przeciw' },
    { id_glosowania: 10, id_osoby: 4, glos: 'za' },
    { id_glosowania: 10, id_osoby: 5, glos: 'za' },
    { id_glosowania: 10, id_osoby: 6, glos: 'za' },
    // V11: P – P P W N
    { id_glosowania: 11, id_osoby: 1, glos: 'przeciw' },
    { id_glosowania: 11, id_osoby: 3, glos: 'przeciw' },
    { id_glosowania: 11, id_osoby: 4, glos: 'przeciw' },
    { id_glosowania: 11, id_osoby: 5, glos: 'wstrzymujacy' },
    { id_glosowania: 11, id_osoby: 6, glos: 'nieobecny' },
    // V12: W – Z Z P N
    { id_glosowania: 12, id_osoby: 1, glos: 'wstrzymujacy' },
    { id_glosowania: 12, id_osoby: 3, glos: 'za' },
    { id_glosowania: 12, id_osoby: 4, glos: 'za' },
    { id_glosowania: 12, id_osoby: 5, glos: 'przeciw' },
    { id_glosowania: 12, id_osoby: 6, glos: 'nieobecny' },
    // V13: only 6
    { id_glosowania: 13, id_osoby: 6, glos: 'za' },
  ],
  'obecnosci.csv': [
    // S1 has no row for person 1: the given rows are the whole attendance of the session
    { id_posiedzenia: 1, id_osoby: 2, obecny: 0 },
    { id_posiedzenia: 1, id_osoby: 3, obecny: 1 },
    { id_posiedzenia: 1, id_osoby: 4, obecny: 1 },
    { id_posiedzenia: 4, id_osoby: 1, obecny: 1 },
    { id_posiedzenia: 4, id_osoby: 3, obecny: 1 },
    { id_posiedzenia: 4, id_osoby: 4, obecny: 1 },
    { id_posiedzenia: 4, id_osoby: 5, obecny: 1 },
    { id_posiedzenia: 4, id_osoby: 6, obecny: 1 },
  ],
  'zalaczniki.csv': [
    // written out of id order on purpose: the API lists them by id
    { id_zalacznika: 2, id_glosowania: 1, nazwa: 'Autopoprawka.pdf', url: 'https://example.org/2.pdf' },
    { id_zalacznika: 1, id_glosowania: 1, nazwa: 'Projekt uchwały.pdf', url: 'https://example.org/1.pdf' },
    { id_zalacznika: 3, id_glosowania: 10, nazwa: 'Opinia prawna', url: null },
  ],
};

// ── Hand-written building blocks ─────────────────────────────────────────────────────────────
// Vote summaries (DESIGN field order), one per vote, copied from the ballot table above.

const T1 = '2014-2018';
const T2 = '2018-2023';
const RADA = 'Rada Miasta';
const KOMISJA = 'Komisja Budżetowa';
const RDM = 'Razem dla Miasta';
const FS = 'Forum Samorządowe';
// The council of a person or a group (issue 36), at the end of their items: body 1 is the only rada;
// persons 1–6 have ballots or attendance records there (1: V5–V7, V10–V12; 2: S1; 3, 4: S1–S4; 5, 6:
// S2, S4), 7 has none anywhere; both groups' members sit there (RdM: 1 and 3 in T1, 1 in T2; FS: 2, 4
// in T1, 3, 4, 6 in T2), their committee seats (body 2, S3) not being a council's.
const IN_RADA = { id_organu: 1, organ: RADA };
const NO_COUNCIL = { id_organu: null, organ: null };

const V1 = {
  id_glosowania: 1,
  numer: 1,
  tytul: 'Budżet miasta na 2015 rok',
  data: '2015-03-10',
  godzina: '10:00',
  kadencja: T1,
  id_organu: 1,
  organ: RADA,
  id_posiedzenia: 1,
  id_punktu: 11,
  wynik: 'przyjęto',
  za: 3,
  przeciw: 1,
  wstrzymujacy: 0,
  nieobecni: 0,
  brak_glosu: 0,
  kontrowersyjnosc: 50,
  jednomyslnosc_procent: 75,
  imienne: true,
  liczby_zrodla: null,
  temat: 'budzet',
}; // kontr 200·1/4 = 50; jedn 3/4
const V2 = {
  id_glosowania: 2,
  numer: 2,
  tytul: 'Zmiana budżetu',
  data: '2015-03-10',
  godzina: '10:30',
  kadencja: T1,
  id_organu: 1,
  organ: RADA,
  id_posiedzenia: 1,
  id_punktu: 11,
  wynik: 'odrzucono',
  za: 2,
  przeciw: 2,
  wstrzymujacy: 0,
  nieobecni: 0,
  brak_glosu: 0,
  kontrowersyjnosc: 100,
  jednomyslnosc_procent: 50,
  imienne: true,
  liczby_zrodla: null,
  temat: 'budzet',
}; // derived: 2 > 2 false → odrzucono
const V3 = {
  id_glosowania: 3,
  numer: 3,
  tytul: 'Nadanie nazwy ulicy Łąkowej',
  data: '2015-03-10',
  godzina: '10:30',
  kadencja: T1,
  id_organu: 1,
  organ: RADA,
  id_posiedzenia: 1,
  id_punktu: null,
  wynik: 'odrzucono',
  za: 1,
  przeciw: 1,
  wstrzymujacy: 1,
  nieobecni: 1,
  brak_glosu: 0,
  kontrowersyjnosc: 100,
  jednomyslnosc_procent: 33.33,
  imienne: true,
  liczby_zrodla: null,
  temat: 'nazwy',
}; // jedn 1/3 = 33.333
const V4 = {
  id_glosowania: 4,
  numer: 4,
  tytul: 'Sprawozdanie z działalności',
  data: '2015-03-10',
  godzina: null,
  kadencja: T1,
  id_organu: 1,
  organ: RADA,
  id_posiedzenia: 1,
  id_punktu: null,
  wynik: 'odrzucono',
  za: 1,
  przeciw: 2,
  wstrzymujacy: 0,
  nieobecni: 0,
  brak_glosu: 1,
  kontrowersyjnosc: 67,
  jednomyslnosc_procent: 66.67,
  imienne: true,
  liczby_zrodla: null,
  temat: 'inne',
}; // kontr 200/3 = 66.67 → 67; jedn 2/3
const V5 = {
  id_glosowania: 5,
  numer: 1,
  tytul: 'Przyjęcie porządku obrad',
  data: '2019-01-15',
  godzina: '09:00',
  kadencja: T2,
  id_organu: 1,
  organ: RADA,
  id_posiedzenia: 2,
  id_punktu: null,
  wynik: 'przyjęto',
  za: 5,
  przeciw: 0,
  wstrzymujacy: 0,
  nieobecni: 0,
  brak_glosu: 0,
  kontrowersyjnosc: 0,
  jednomyslnosc_procent: 100,
  imienne: true,
  liczby_zrodla: null,
  temat: 'procedura',
}; // derived 5 > 0
const V6 = {
  id_glosowania: 6,
  numer: 2,
  tytul: 'Budżet obywatelski',
  data: '2019-01-15',
  godzina: '09:15',
  kadencja: T2,
  id_organu: 1,
  organ: RADA,
  id_posiedzenia: 2,
  id_punktu: null,
  wynik: 'przyjęto',
  za: 3,
  przeciw: 1,
  wstrzymujacy: 1,
  nieobecni: 0,
  brak_glosu: 0,
  kontrowersyjnosc: 50,
  jednomyslnosc_procent: 60,
  imienne: true,
  liczby_zrodla: null,
  temat: 'budzet',
}; // jedn 3/5
const V7 = {
  id_glosowania: 7,
  numer: 3,
  tytul: 'Uchwała w sprawie opłat',
  data: '2019-01-15',
  godzina: '09:30',
  kadencja: T2,
  id_organu: 1,
  organ: RADA,
  id_posiedzenia: 2,
  id_punktu: null,
  wynik: 'odrzucono',
  za: 2,
  przeciw: 3,
  wstrzymujacy: 0,
  nieobecni: 0,
  brak_glosu: 0,
  kontrowersyjnosc: 80,
  jednomyslnosc_procent: 60,
  imienne: true,
  liczby_zrodla: null,
  temat: 'budzet',
}; // 09:30:45 → godzina 09:30; kontr 400/5; jedn 3/5
const V8 = {
  id_glosowania: 8,
  numer: 1,
  tytul: 'Opinia do projektu budżetu',
  data: '2019-01-31',
  godzina: null,
  kadencja: T2,
  id_organu: 2,
  organ: KOMISJA,
  id_posiedzenia: 3,
  id_punktu: null,
  wynik: 'przyjęto',
  za: 2,
  przeciw: 1,
  wstrzymujacy: 0,
  nieobecni: 1,
  brak_glosu: 1,
  kontrowersyjnosc: 67,
  jednomyslnosc_procent: 66.67,
  imienne: true,
  liczby_zrodla: null,
  temat: 'budzet',
}; // date-only
const V9 = {
  id_glosowania: 9,
  numer: 2,
  tytul: 'Wniosek formalny',
  data: '2019-01-31',
  godzina: '12:00',
  kadencja: T2,
  id_organu: 2,
  organ: KOMISJA,
  id_posiedzenia: 3,
  id_punktu: null,
  wynik: 'odrzucono',
  za: 0,
  przeciw: 0,
  wstrzymujacy: 0,
  nieobecni: 3,
  brak_glosu: 1,
  kontrowersyjnosc: 0,
  jednomyslnosc_procent: 0,
  imienne: true,
  liczby_zrodla: null,
  temat: 'procedura',
}; // no active ballot: 0/0 → 0
const V10 = {
  id_glosowania: 10,
  numer: 1,
  tytul: 'Zmiana uchwały budżetowej',
  data: '2019-02-01',
  godzina: '10:00',
  kadencja: T2,
  id_organu: 1,
  organ: RADA,
  id_posiedzenia: 4,
  id_punktu: 42,
  wynik: 'przyjęto',
  za: 4,
  przeciw: 1,
  wstrzymujacy: 0,
  nieobecni: 0,
  brak_glosu: 0,
  kontrowersyjnosc: 40,
  jednomyslnosc_procent: 80,
  imienne: true,
  liczby_zrodla: { za: 5, przeciw: 1, wstrzymujacy: 0, nieobecni: 0, brak_glosu: 0 },
  temat: 'budzet',
}; // kontr 200/5; jedn 4/5
const V11 = {
  id_glosowania: 11,
  numer: 2,
  tytul: 'Miejscowy plan zagospodarowania',
  data: '2019-02-01',
  godzina: '10:00',
  kadencja: T2,
  id_organu: 1,
  organ: RADA,
  id_posiedzenia: 4,
  id_punktu: 41,
  wynik: 'odrzucono',
  za: 0,
  przeciw: 3,
  wstrzymujacy: 1,
  nieobecni: 1,
  brak_glosu: 0,
  kontrowersyjnosc: 0,
  jednomyslnosc_procent: 75,
  imienne: true,
  liczby_zrodla: null,
  temat: 'plany',
}; // jedn 3/4
const V12 = {
  id_glosowania: 12,
  numer: 3,
  tytul: 'Skarga na działalność prezydenta',
  data: '2019-02-01',
  godzina: '11:00',
  kadencja: T2,
  id_organu: 1,
  organ: RADA,
  id_posiedzenia: 4,
  id_punktu: 41,
  wynik: 'przyjęto',
  za: 2,
  przeciw: 1,
  wstrzymujacy: 1,
  nieobecni: 1,
  brak_glosu: 0,
  kontrowersyjnosc: 67,
  jednomyslnosc_procent: 50,
  imienne: true,
  liczby_zrodla: null,
  temat: 'skargi',
}; // derived 2 > 1; jedn 2/4
const V14 = {
  id_glosowania: 14,
  numer: 5,
  tytul: 'Zaciągnięcie pożyczki na inwestycje',
  data: '2019-02-01',
  godzina: '13:00',
  kadencja: T2,
  id_organu: 1,
  organ: RADA,
  id_posiedzenia: 4,
  id_punktu: null,
  wynik: 'przyjęto',
  za: 4,
  przeciw: 0,
  wstrzymujacy: 1,
  nieobecni: 0,
  brak_glosu: 0,
  kontrowersyjnosc: 0,
  jednomyslnosc_procent: 80,
  imienne: false,
  liczby_zrodla: { za: 4, przeciw: 0, wstrzymujacy: 1, nieobecni: null, brak_glosu: null },
  temat: 'inne',
}; // tally-only: stated counts, unstated → 0; derived 4 > 0; jedn 4/5
const V13 = {
  id_glosowania: 13,
  numer: 4,
  tytul: 'Wniosek o zamknięcie obrad',
  data: '2019-02-01',
  godzina: '12:00',
  kadencja: T2,
  id_organu: 1,
  organ: RADA,
  id_posiedzenia: 4,
  id_punktu: 43,
  wynik: 'odrzucono',
  za: 1,
  przeciw: 0,
  wstrzymujacy: 0,
  nieobecni: 0,
  brak_glosu: 0,
  kontrowersyjnosc: 0,
  jednomyslnosc_procent: 100,
  imienne: true,
  liczby_zrodla: null,
  temat: 'procedura',
}; // stated wynik kept; jedn 1/1

// Session items (S1: given 2 of 3; S2: derived 5 of 5; S3: derived 4 of 5; S4: given 5 of 5)
const S1 = {
  id_posiedzenia: 1,
  numer: 'I',
  nazwa: 'I sesja',
  data: '2015-03-10',
  kadencja: T1,
  id_organu: 1,
  organ: RADA,
  liczba_punktow: 1,
  liczba_glosowan: 4,
  obecni: 2,
  liczba_obecnosci: 3,
  frekwencja_procent: 66.67,
  lista_obecnosci: true,
};
const S2 = {
  id_posiedzenia: 2,
  numer: 'I',
  nazwa: 'I sesja',
  data: '2019-01-15',
  kadencja: T2,
  id_organu: 1,
  organ: RADA,
  liczba_punktow: 0,
  liczba_glosowan: 3,
  obecni: 5,
  liczba_obecnosci: 5,
  frekwencja_procent: 100,
  lista_obecnosci: false,
};
const S3 = {
  id_posiedzenia: 3,
  numer: '1',
  nazwa: null,
  data: '2019-01-31',
  kadencja: T2,
  id_organu: 2,
  organ: KOMISJA,
  liczba_punktow: 0,
  liczba_glosowan: 2,
  obecni: 4,
  liczba_obecnosci: 5,
  frekwencja_procent: 80,
  lista_obecnosci: false,
};
const S4 = {
  id_posiedzenia: 4,
  numer: 'LXXIV/2',
  nazwa: 'II sesja',
  data: '2019-02-01',
  kadencja: T2,
  id_organu: 1,
  organ: RADA,
  liczba_punktow: 3,
  liczba_glosowan: 5,
  obecni: 5,
  liczba_obecnosci: 5,
  frekwencja_procent: 100,
  lista_obecnosci: true,
}; // V10–V14

const page = (pageNo: number, limit: number, total: number, totalPages: number) => ({
  page: pageNo,
  limit,
  total,
  totalPages,
});

export interface HandCase {
  path: string;
  query?: Record<string, string>;
  /** `data` of the body; absent for a 404. */
  data?: unknown;
  count?: number;
  grouped?: boolean;
  pagination?: { page: number; limit: number; total: number; totalPages: number };
  /** The request must answer 404. */
  notFound?: true;
}

/** The body the API must answer for a hand case (not a 404), in envelope field order. */
export function expectedBody(c: HandCase): unknown {
  const body: Record<string, unknown> = { success: true, data: c.data };
  if (c.count !== undefined) body['count'] = c.count;
  if (c.grouped !== undefined) body['grouped'] = c.grouped;
  if (c.pagination !== undefined) body['pagination'] = c.pagination;
  return body;
}

// The /api/radni items (all terms, and T1) by id_osoby, shared by the organ cases below.
const ALL_LIST: Record<number, object> = {
  1: {
    id_osoby: 1,
    imie_nazwisko: 'Anna Nowak',
    kadencja: T2,
    przynaleznosc_id: 5,
    id_ugrupowania: 1,
    ugrupowanie: RDM,
    aktywny: 1,
    token: 'anna-nowak',
    ...IN_RADA,
  },
  2: {
    id_osoby: 2,
    imie_nazwisko: 'Zenon Lis',
    kadencja: T1,
    przynaleznosc_id: 2,
    id_ugrupowania: 2,
    ugrupowanie: FS,
    aktywny: 0,
    token: 'zenon-lis',
    ...IN_RADA,
  },
  3: {
    id_osoby: 3,
    imie_nazwisko: 'Łucja Wróbel',
    kadencja: T2,
    przynaleznosc_id: 7,
    id_ugrupowania: 2,
    ugrupowanie: FS,
    aktywny: 1,
    token: 'lucja-wrobel',
    ...IN_RADA,
  },
  4: {
    id_osoby: 4,
    imie_nazwisko: 'Lech Mazur',
    kadencja: T2,
    przynaleznosc_id: 8,
    id_ugrupowania: 2,
    ugrupowanie: FS,
    aktywny: 1,
    token: 'lech-mazur',
    ...IN_RADA,
  },
  5: {
    id_osoby: 5,
    imie_nazwisko: 'Anna Nowak',
    kadencja: T2,
    przynaleznosc_id: 9,
    id_ugrupowania: null,
    ugrupowanie: null,
    aktywny: 1,
    token: 'anna-nowak-2',
    ...IN_RADA,
  },
  6: {
    id_osoby: 6,
    imie_nazwisko: 'Żaneta Kos',
    kadencja: T2,
    przynaleznosc_id: 10,
    id_ugrupowania: 2,
    ugrupowanie: FS,
    aktywny: 1,
    token: 'zaneta-kos',
    ...IN_RADA,
  },
};
const T1_LIST: Record<number, object> = {
  2: {
    id_osoby: 2,
    imie_nazwisko: 'Zenon Lis',
    kadencja: T1,
    przynaleznosc_id: 2,
    id_ugrupowania: 2,
    ugrupowanie: FS,
    aktywny: 0,
    token: 'zenon-lis',
    ...IN_RADA,
  },
  3: {
    id_osoby: 3,
    imie_nazwisko: 'Łucja Wróbel',
    kadencja: T1,
    przynaleznosc_id: 3,
    id_ugrupowania: 1,
    ugrupowanie: RDM,
    aktywny: 1,
    token: 'lucja-wrobel',
    ...IN_RADA,
  },
  4: {
    id_osoby: 4,
    imie_nazwisko: 'Lech Mazur',
    kadencja: T1,
    przynaleznosc_id: 4,
    id_ugrupowania: 2,
    ugrupowanie: FS,
    aktywny: 1,
    token: 'lech-mazur',
    ...IN_RADA,
  },
};

export const HAND_EXPECTED: HandCase[] = [
  // ── Lookups ──────────────────────────────────────────────────────────────────────────────
  { path: '/api/utils/stats', data: { radni: 7, glosowania: 14, posiedzenia: 4, zalaczniki: 3 } }, // rows of radni, glosowania, posiedzenia, zalaczniki
  {
    path: '/api/utils/organy', // by id; body 3 has no sessions but is listed
    data: [
      { id_organu: 1, nazwa: 'Rada Miasta', typ: 'rada' },
      { id_organu: 2, nazwa: 'Komisja Budżetowa', typ: 'komisja' },
      { id_organu: 3, nazwa: 'Komisja Rewizyjna', typ: 'komisja' },
    ],
  },
  {
    path: '/api/utils/kadencje', // newest data_od first
    data: [
      {
        kadencja: T2,
        data_od: '2018-11-01',
        data_do: null,
        liczba_radnych: 6,
        liczba_posiedzen: 3,
        liczba_glosowan: 10,
      }, // persons 1,3,4,5,6,7; S2–S4; V5–V14
      {
        kadencja: T1,
        data_od: '2014-11-01',
        data_do: '2018-10-31',
        liczba_radnych: 4,
        liczba_posiedzen: 1,
        liczba_glosowan: 4,
      }, // persons 1–4; S1; V1–V4
    ],
  },
  {
    path: '/api/utils/ugrupowania', // name order: Forum < Razem; display memberships with aktywny 1
    data: [
      { id_ugrupowania: 2, nazwa: FS, skrot: 'FS', pelna_nazwa: null, liczba_radnych: 3, ...IN_RADA }, // 3 (m7), 4 (m8), 6 (m10); 2's m2 has aktywny 0
      { id_ugrupowania: 1, nazwa: RDM, skrot: 'RdM', pelna_nazwa: null, liczba_radnych: 1, ...IN_RADA }, // 1 (m5); 7's m11 has aktywny 0; 3 moved to FS
    ],
  },
  {
    path: '/api/utils/ugrupowania',
    query: { kadencja: T1 },
    data: [
      { id_ugrupowania: 2, nazwa: FS, skrot: 'FS', pelna_nazwa: null, liczba_radnych: 1, ...IN_RADA }, // 4 (m4); 2 (m2) inactive
      { id_ugrupowania: 1, nazwa: RDM, skrot: 'RdM', pelna_nazwa: null, liczba_radnych: 2, ...IN_RADA }, // 1 (m1), 3 (m3)
    ],
  },

  // ── Councillor list ──────────────────────────────────────────────────────────────────────
  {
    path: '/api/radni', // display membership of each person; Polish name order 1, 5, 7, 4, 3, 2, 6
    count: 7,
    data: [
      {
        id_osoby: 1,
        imie_nazwisko: 'Anna Nowak',
        kadencja: T2,
        przynaleznosc_id: 5,
        id_ugrupowania: 1,
        ugrupowanie: RDM,
        aktywny: 1,
        token: 'anna-nowak',
        ...IN_RADA,
      },
      {
        id_osoby: 5,
        imie_nazwisko: 'Anna Nowak',
        kadencja: T2,
        przynaleznosc_id: 9,
        id_ugrupowania: null,
        ugrupowanie: null,
        aktywny: 1,
        token: 'anna-nowak-2',
        ...IN_RADA,
      }, // same name: -2 by id order
      {
        id_osoby: 7,
        imie_nazwisko: 'Borys Żuk',
        kadencja: T2,
        przynaleznosc_id: 11,
        id_ugrupowania: 1,
        ugrupowanie: RDM,
        aktywny: 0,
        token: 'borys-zuk',
        ...NO_COUNCIL,
      },
      {
        id_osoby: 4,
        imie_nazwisko: 'Lech Mazur',
        kadencja: T2,
        przynaleznosc_id: 8,
        id_ugrupowania: 2,
        ugrupowanie: FS,
        aktywny: 1,
        token: 'lech-mazur',
        ...IN_RADA,
      },
      {
        id_osoby: 3,
        imie_nazwisko: 'Łucja Wróbel',
        kadencja: T2,
        przynaleznosc_id: 7,
        id_ugrupowania: 2,
        ugrupowanie: FS,
        aktywny: 1,
        token: 'lucja-wrobel',
        ...IN_RADA,
      }, // m7: latest data_od in T2
      {
        id_osoby: 2,
        imie_nazwisko: 'Zenon Lis',
        kadencja: T1,
        przynaleznosc_id: 2,
        id_ugrupowania: 2,
        ugrupowanie: FS,
        aktywny: 0,
        token: 'zenon-lis',
        ...IN_RADA,
      }, // only a T1 membership
      {
        id_osoby: 6,
        imie_nazwisko: 'Żaneta Kos',
        kadencja: T2,
        przynaleznosc_id: 10,
        id_ugrupowania: 2,
        ugrupowanie: FS,
        aktywny: 1,
        token: 'zaneta-kos',
        ...IN_RADA,
      },
    ],
  },
  {
    path: '/api/radni',
    query: { kadencja: T1 }, // persons with a T1 membership, T1 display rows
    count: 4,
    data: [
      {
        id_osoby: 1,
        imie_nazwisko: 'Anna Nowak',
        kadencja: T1,
        przynaleznosc_id: 1,
        id_ugrupowania: 1,
        ugrupowanie: RDM,
        aktywny: 1,
        token: 'anna-nowak',
        ...IN_RADA,
      },
      {
        id_osoby: 4,
        imie_nazwisko: 'Lech Mazur',
        kadencja: T1,
        przynaleznosc_id: 4,
        id_ugrupowania: 2,
        ugrupowanie: FS,
        aktywny: 1,
        token: 'lech-mazur',
        ...IN_RADA,
      },
      {
        id_osoby: 3,
        imie_nazwisko: 'Łucja Wróbel',
        kadencja: T1,
        przynaleznosc_id: 3,
        id_ugrupowania: 1,
        ugrupowanie: RDM,
        aktywny: 1,
        token: 'lucja-wrobel',
        ...IN_RADA,
      },
      {
        id_osoby: 2,
        imie_nazwisko: 'Zenon Lis',
        kadencja: T1,
        przynaleznosc_id: 2,
        id_ugrupowania: 2,
        ugrupowanie: FS,
        aktywny: 0,
        token: 'zenon-lis',
        ...IN_RADA,
      },
    ],
  },
  {
    path: '/api/radni',
    query: { ugrupowanie: '2' }, // display group FS: 4, 3, 2, 6
    count: 4,
    data: [
      {
        id_osoby: 4,
        imie_nazwisko: 'Lech Mazur',
        kadencja: T2,
        przynaleznosc_id: 8,
        id_ugrupowania: 2,
        ugrupowanie: FS,
        aktywny: 1,
        token: 'lech-mazur',
        ...IN_RADA,
      },
      {
        id_osoby: 3,
        imie_nazwisko: 'Łucja Wróbel',
        kadencja: T2,
        przynaleznosc_id: 7,
        id_ugrupowania: 2,
        ugrupowanie: FS,
        aktywny: 1,
        token: 'lucja-wrobel',
        ...IN_RADA,
      },
      {
        id_osoby: 2,
        imie_nazwisko: 'Zenon Lis',
        kadencja: T1,
        przynaleznosc_id: 2,
        id_ugrupowania: 2,
        ugrupowanie: FS,
        aktywny: 0,
        token: 'zenon-lis',
        ...IN_RADA,
      },
      {
        id_osoby: 6,
        imie_nazwisko: 'Żaneta Kos',
        kadencja: T2,
        przynaleznosc_id: 10,
        id_ugrupowania: 2,
        ugrupowanie: FS,
        aktywny: 1,
        token: 'zaneta-kos',
        ...IN_RADA,
      },
    ],
  },
  {
    path: '/api/radni',
    query: { ugrupowanie: '1' }, // display group RdM: 1 (m5), 7 (m11); 3's display row is FS now
    count: 2,
    data: [
      {
        id_osoby: 1,
        imie_nazwisko: 'Anna Nowak',
        kadencja: T2,
        przynaleznosc_id: 5,
        id_ugrupowania: 1,
        ugrupowanie: RDM,
        aktywny: 1,
        token: 'anna-nowak',
        ...IN_RADA,
      },
      {
        id_osoby: 7,
        imie_nazwisko: 'Borys Żuk',
        kadencja: T2,
        przynaleznosc_id: 11,
        id_ugrupowania: 1,
        ugrupowanie: RDM,
        aktywny: 0,
        token: 'borys-zuk',
        ...NO_COUNCIL,
      },
    ],
  },
  {
    path: '/api/radni',
    query: { aktywny: 'false' }, // display memberships with aktywny 0: 7 (m11), 2 (m2); Borys before Zenon
    count: 2,
    data: [
      {
        id_osoby: 7,
        imie_nazwisko: 'Borys Żuk',
        kadencja: T2,
        przynaleznosc_id: 11,
        id_ugrupowania: 1,
        ugrupowanie: RDM,
        aktywny: 0,
        token: 'borys-zuk',
        ...NO_COUNCIL,
      },
      {
        id_osoby: 2,
        imie_nazwisko: 'Zenon Lis',
        kadencja: T1,
        przynaleznosc_id: 2,
        id_ugrupowania: 2,
        ugrupowanie: FS,
        aktywny: 0,
        token: 'zenon-lis',
        ...IN_RADA,
      },
    ],
  },
  {
    path: '/api/radni',
    query: { kadencja: T2, ugrupowanie: '2', aktywny: 'true' }, // T2 display in FS and active: 4, 3 (m7), 6
    count: 3,
    data: [
      {
        id_osoby: 4,
        imie_nazwisko: 'Lech Mazur',
        kadencja: T2,
        przynaleznosc_id: 8,
        id_ugrupowania: 2,
        ugrupowanie: FS,
        aktywny: 1,
        token: 'lech-mazur',
        ...IN_RADA,
      },
      {
        id_osoby: 3,
        imie_nazwisko: 'Łucja Wróbel',
        kadencja: T2,
        przynaleznosc_id: 7,
        id_ugrupowania: 2,
        ugrupowanie: FS,
        aktywny: 1,
        token: 'lucja-wrobel',
        ...IN_RADA,
      },
      {
        id_osoby: 6,
        imie_nazwisko: 'Żaneta Kos',
        kadencja: T2,
        przynaleznosc_id: 10,
        id_ugrupowania: 2,
        ugrupowanie: FS,
        aktywny: 1,
        token: 'zaneta-kos',
        ...IN_RADA,
      },
    ],
  },

  // ── Councillor profile ───────────────────────────────────────────────────────────────────
  // 3: ballots Z Z P Z | Z P P Z B P P Z → 11 active (V9 B); records S1–S4 → 4
  {
    path: '/api/radni/3',
    data: {
      id_osoby: 3,
      imie_nazwisko: 'Łucja Wróbel',
      token: 'lucja-wrobel',
      kadencja: T2,
      id_ugrupowania: 2,
      ugrupowanie: FS,
      aktywny: 1,
      liczba_glosow: 11,
      liczba_posiedzen: 4,
      ...IN_RADA,
    },
  },
  // T1: display m3 (RdM); active V1–V4 = 4; S1 = 1 record
  {
    path: '/api/radni/lucja-wrobel',
    query: { kadencja: T1 },
    data: {
      id_osoby: 3,
      imie_nazwisko: 'Łucja Wróbel',
      token: 'lucja-wrobel',
      kadencja: T1,
      id_ugrupowania: 1,
      ugrupowanie: RDM,
      aktywny: 1,
      liczba_glosow: 4,
      liczba_posiedzen: 1,
      ...IN_RADA,
    },
  },
  // 1: 12 ballots, V9 N → 11 active; records S2, S3, S4 → 3 (none in S1)
  {
    path: '/api/radni/anna-nowak',
    data: {
      id_osoby: 1,
      imie_nazwisko: 'Anna Nowak',
      token: 'anna-nowak',
      kadencja: T2,
      id_ugrupowania: 1,
      ugrupowanie: RDM,
      aktywny: 1,
      liczba_glosow: 11,
      liczba_posiedzen: 3,
      ...IN_RADA,
    },
  },
  // 1 in T1: m1; Z Z Z P → 4 active; S1's given rows have no row for 1 → 0 records
  {
    path: '/api/radni/1',
    query: { kadencja: T1 },
    data: {
      id_osoby: 1,
      imie_nazwisko: 'Anna Nowak',
      token: 'anna-nowak',
      kadencja: T1,
      id_ugrupowania: 1,
      ugrupowanie: RDM,
      aktywny: 1,
      liczba_glosow: 4,
      liczba_posiedzen: 0,
      ...IN_RADA,
    },
  },
  // 5: Z W Z N N Z W P → 6 active; records S2, S3, S4 → 3; no group
  {
    path: '/api/radni/anna-nowak-2',
    data: {
      id_osoby: 5,
      imie_nazwisko: 'Anna Nowak',
      token: 'anna-nowak-2',
      kadencja: T2,
      id_ugrupowania: null,
      ugrupowanie: null,
      aktywny: 1,
      liczba_glosow: 6,
      liczba_posiedzen: 3,
      ...IN_RADA,
    },
  },
  // 7: a membership and nothing else
  {
    path: '/api/radni/borys-zuk',
    data: {
      id_osoby: 7,
      imie_nazwisko: 'Borys Żuk',
      token: 'borys-zuk',
      kadencja: T2,
      id_ugrupowania: 1,
      ugrupowanie: RDM,
      aktywny: 0,
      liczba_glosow: 0,
      liczba_posiedzen: 0,
      ...NO_COUNCIL,
    },
  },
  // 2 has no T2 membership and no T2 data: nulls and zeros, not 404
  {
    path: '/api/radni/2',
    query: { kadencja: T2 },
    data: {
      id_osoby: 2,
      imie_nazwisko: 'Zenon Lis',
      token: 'zenon-lis',
      kadencja: null,
      id_ugrupowania: null,
      ugrupowanie: null,
      aktywny: 0,
      liczba_glosow: 0,
      liczba_posiedzen: 0,
      ...IN_RADA,
    },
  },
  { path: '/api/radni/99', notFound: true },
  { path: '/api/radni/nikt-taki', notFound: true },
  { path: '/api/radni/99/frekwencja', notFound: true },

  // ── profil-glosowania (percents over the sum of the five counts) ──────────────────────────
  // 1 all: Z Z Z P | Z Z P Z N Z P W → za 7, prz 3, wst 1, nb 1 of 12: 58.33 (7/12), 25, 8.33, 8.33
  {
    path: '/api/radni/1/profil-glosowania',
    data: {
      za: 7,
      przeciw: 3,
      wstrzymujacy: 1,
      nieobecny: 1,
      brak_glosu: 0,
      za_procent: 58.33,
      przeciw_procent: 25,
      wstrzymujacy_procent: 8.33,
      nieobecny_procent: 8.33,
      brak_glosu_procent: 0,
    },
  },
  // 1 T2: Z Z P Z N Z P W → 4, 2, 1, 1 of 8: 50, 25, 12.5 (1/8), 12.5
  {
    path: '/api/radni/1/profil-glosowania',
    query: { kadencja: T2 },
    data: {
      za: 4,
      przeciw: 2,
      wstrzymujacy: 1,
      nieobecny: 1,
      brak_glosu: 0,
      za_procent: 50,
      przeciw_procent: 25,
      wstrzymujacy_procent: 12.5,
      nieobecny_procent: 12.5,
      brak_glosu_procent: 0,
    },
  },
  // 3 all: Z Z P Z | Z P P Z B P P Z → za 6, prz 5, bg 1 of 12: 50, 41.67 (5/12), 8.33
  {
    path: '/api/radni/3/profil-glosowania',
    data: {
      za: 6,
      przeciw: 5,
      wstrzymujacy: 0,
      nieobecny: 0,
      brak_glosu: 1,
      za_procent: 50,
      przeciw_procent: 41.67,
      wstrzymujacy_procent: 0,
      nieobecny_procent: 0,
      brak_glosu_procent: 8.33,
    },
  },
  // 6: V5 Z V6 Z V7 P V8 B V10 Z V11 N V12 N V13 Z → za 4, prz 1, nb 2, bg 1 of 8: 50, 12.5, 0, 25, 12.5
  {
    path: '/api/radni/6/profil-glosowania',
    data: {
      za: 4,
      przeciw: 1,
      wstrzymujacy: 0,
      nieobecny: 2,
      brak_glosu: 1,
      za_procent: 50,
      przeciw_procent: 12.5,
      wstrzymujacy_procent: 0,
      nieobecny_procent: 25,
      brak_glosu_procent: 12.5,
    },
  },
  // 2 all: Z P N B → one each of 4: 25 each
  {
    path: '/api/radni/2/profil-glosowania',
    data: {
      za: 1,
      przeciw: 1,
      wstrzymujacy: 0,
      nieobecny: 1,
      brak_glosu: 1,
      za_procent: 25,
      przeciw_procent: 25,
      wstrzymujacy_procent: 0,
      nieobecny_procent: 25,
      brak_glosu_procent: 25,
    },
  },
  // 2 T2: no ballots → all zeros (sum 0)
  {
    path: '/api/radni/2/profil-glosowania',
    query: { kadencja: T2 },
    data: {
      za: 0,
      przeciw: 0,
      wstrzymujacy: 0,
      nieobecny: 0,
      brak_glosu: 0,
      za_procent: 0,
      przeciw_procent: 0,
      wstrzymujacy_procent: 0,
      nieobecny_procent: 0,
      brak_glosu_procent: 0,
    },
  },

  // ── frekwencja ───────────────────────────────────────────────────────────────────────────
  {
    path: '/api/radni/1/frekwencja',
    data: { liczba_posiedzen: 3, obecnosci: 3, nieobecnosci: 0, frekwencja_procent: 100 },
  }, // S2 ✓, S3 ✓ (V8 Z), S4 given ✓; none in S1
  {
    path: '/api/radni/1/frekwencja',
    query: { kadencja: T1 },
    data: { liczba_posiedzen: 0, obecnosci: 0, nieobecnosci: 0, frekwencja_procent: 0 },
  }, // voted in S1 but has no record: 0/0
  {
    path: '/api/radni/5/frekwencja',
    data: { liczba_posiedzen: 3, obecnosci: 2, nieobecnosci: 1, frekwencja_procent: 66.67 },
  }, // S2 ✓, S3 ✗ (N, N), S4 ✓ → 2/3
  {
    path: '/api/radni/5/frekwencja',
    query: { kadencja: T1 },
    data: { liczba_posiedzen: 0, obecnosci: 0, nieobecnosci: 0, frekwencja_procent: 0 },
  }, // no records: 0/0 → 0
  {
    path: '/api/radni/2/frekwencja',
    data: { liczba_posiedzen: 1, obecnosci: 0, nieobecnosci: 1, frekwencja_procent: 0 },
  }, // S1 given obecny 0 although 2 voted
  {
    path: '/api/radni/6/frekwencja',
    data: { liczba_posiedzen: 3, obecnosci: 3, nieobecnosci: 0, frekwencja_procent: 100 },
  }, // S2 ✓, S3 ✓ (only B), S4 ✓
  {
    path: '/api/radni/7/frekwencja',
    data: { liczba_posiedzen: 0, obecnosci: 0, nieobecnosci: 0, frekwencja_procent: 0 },
  }, // no records at all

  // ── frekwencja-czas (per month of the session date, ascending) ─────────────────────────────
  {
    path: '/api/radni/3/frekwencja-czas',
    data: [
      { miesiac: '2015-03', liczba_posiedzen: 1, obecnosci: 1, frekwencja_procent: 100 }, // S1
      { miesiac: '2019-01', liczba_posiedzen: 2, obecnosci: 2, frekwencja_procent: 100 }, // S2, S3
      { miesiac: '2019-02', liczba_posiedzen: 1, obecnosci: 1, frekwencja_procent: 100 }, // S4
    ],
  },
  {
    path: '/api/radni/1/frekwencja-czas', // no S1 record → no 2015-03 month
    data: [
      { miesiac: '2019-01', liczba_posiedzen: 2, obecnosci: 2, frekwencja_procent: 100 },
      { miesiac: '2019-02', liczba_posiedzen: 1, obecnosci: 1, frekwencja_procent: 100 },
    ],
  },
  {
    path: '/api/radni/anna-nowak-2/frekwencja-czas',
    data: [
      { miesiac: '2019-01', liczba_posiedzen: 2, obecnosci: 1, frekwencja_procent: 50 }, // S2 ✓, S3 ✗
      { miesiac: '2019-02', liczba_posiedzen: 1, obecnosci: 1, frekwencja_procent: 100 }, // S4 ✓
    ],
  },
  { path: '/api/radni/2/frekwencja-czas', query: { kadencja: T2 }, data: [] },

  // ── zgodnosc-grupa (X active, X in a group, group has a position, another member active) ──
  // 1: V1 ✓ V2 ✓ (g1 Z with 3); V3, V4, V6 tie; V5 ✓ V7 ✓ V8 ✓; V9 N; V10–V12 1 alone in g1 → 5/5
  { path: '/api/radni/1/zgodnosc-grupa', data: { wszystkie_glosowania: 5, zgodne: 5, zgodnosc_procent: 100 } },
  {
    path: '/api/radni/1/zgodnosc-grupa',
    query: { kadencja: T2 },
    data: { wszystkie_glosowania: 3, zgodne: 3, zgodnosc_procent: 100 },
  }, // V5, V7, V8
  // 3: V1 ✓ V2 ✓ | V5 ✓ V7 ✓ V8 ✓ (g1, V8 on m6's last day) V10 ✗ (g2 Z, 3 P) V11 ✓ V12 ✓ (g2 from m7's first day) → 8 counted, 7 agree = 87.5
  { path: '/api/radni/3/zgodnosc-grupa', data: { wszystkie_glosowania: 8, zgodne: 7, zgodnosc_procent: 87.5 } },
  {
    path: '/api/radni/3/zgodnosc-grupa',
    query: { kadencja: T1 },
    data: { wszystkie_glosowania: 2, zgodne: 2, zgodnosc_procent: 100 },
  }, // V1, V2
  {
    path: '/api/radni/3/zgodnosc-grupa',
    query: { kadencja: T2 },
    data: { wszystkie_glosowania: 6, zgodne: 5, zgodnosc_procent: 83.33 },
  }, // 5/6 = 83.333
  // 4: V2 ✓ (g2 P with 2); V1 tie; V3, V4, V8 4 alone active in g2; V5 ✓ V6 ✓ V10 ✓ V11 ✓ V12 ✓; V7 tie → 6/6
  { path: '/api/radni/4/zgodnosc-grupa', data: { wszystkie_glosowania: 6, zgodne: 6, zgodnosc_procent: 100 } },
  { path: '/api/radni/6/zgodnosc-grupa', data: { wszystkie_glosowania: 3, zgodne: 3, zgodnosc_procent: 100 } }, // V5, V6, V10; V7 tie; V8 B; V13 alone
  { path: '/api/radni/5/zgodnosc-grupa', data: { wszystkie_glosowania: 0, zgodne: 0, zgodnosc_procent: 0 } }, // never in a group: 0/0

  // ── koalicje / oponenci (pairs table above; ugrupowanie = partner's display group in scope) ──
  {
    path: '/api/radni/1/koalicje', // default min_wspolne 10: only 3 (11) and 4 (11)
    data: [
      {
        pozycja: 1,
        id_osoby: 3,
        imie_nazwisko: 'Łucja Wróbel',
        ugrupowanie: FS,
        wspolne_glosowania: 11,
        zgodne: 6,
        zgodnosc_procent: 54.55,
        ...IN_RADA,
      }, // 6/11 = 54.545 → 54.55
      {
        pozycja: 2,
        id_osoby: 4,
        imie_nazwisko: 'Lech Mazur',
        ugrupowanie: FS,
        wspolne_glosowania: 11,
        zgodne: 5,
        zgodnosc_procent: 45.45,
        ...IN_RADA,
      }, // 5/11 = 45.4545
    ],
  },
  {
    path: '/api/radni/1/oponenci',
    data: [
      {
        pozycja: 1,
        id_osoby: 4,
        imie_nazwisko: 'Lech Mazur',
        ugrupowanie: FS,
        wspolne_glosowania: 11,
        zgodne: 5,
        zgodnosc_procent: 45.45,
        ...IN_RADA,
      },
      {
        pozycja: 2,
        id_osoby: 3,
        imie_nazwisko: 'Łucja Wróbel',
        ugrupowanie: FS,
        wspolne_glosowania: 11,
        zgodne: 6,
        zgodnosc_procent: 54.55,
        ...IN_RADA,
      },
    ],
  },
  {
    path: '/api/radni/1/koalicje',
    query: { min_wspolne: '6' }, // ≥ 6 shared: 3 (11), 4 (11), 5 (exactly 6)
    data: [
      {
        pozycja: 1,
        id_osoby: 3,
        imie_nazwisko: 'Łucja Wróbel',
        ugrupowanie: FS,
        wspolne_glosowania: 11,
        zgodne: 6,
        zgodnosc_procent: 54.55,
        ...IN_RADA,
      },
      {
        pozycja: 2,
        id_osoby: 4,
        imie_nazwisko: 'Lech Mazur',
        ugrupowanie: FS,
        wspolne_glosowania: 11,
        zgodne: 5,
        zgodnosc_procent: 45.45,
        ...IN_RADA,
      },
      {
        pozycja: 3,
        id_osoby: 5,
        imie_nazwisko: 'Anna Nowak',
        ugrupowanie: null,
        wspolne_glosowania: 6,
        zgodne: 2,
        zgodnosc_procent: 33.33,
        ...IN_RADA,
      },
    ],
  },
  {
    path: '/api/radni/1/koalicje',
    query: { min_wspolne: '1' }, // 6 4/4, 3 6/11, 2 1/2, 4 5/11, 5 2/6 (7 shares nothing)
    data: [
      {
        pozycja: 1,
        id_osoby: 6,
        imie_nazwisko: 'Żaneta Kos',
        ugrupowanie: FS,
        wspolne_glosowania: 4,
        zgodne: 4,
        zgodnosc_procent: 100,
        ...IN_RADA,
      },
      {
        pozycja: 2,
        id_osoby: 3,
        imie_nazwisko: 'Łucja Wróbel',
        ugrupowanie: FS,
        wspolne_glosowania: 11,
        zgodne: 6,
        zgodnosc_procent: 54.55,
        ...IN_RADA,
      },
      {
        pozycja: 3,
        id_osoby: 2,
        imie_nazwisko: 'Zenon Lis',
        ugrupowanie: FS,
        wspolne_glosowania: 2,
        zgodne: 1,
        zgodnosc_procent: 50,
        ...IN_RADA,
      },
      {
        pozycja: 4,
        id_osoby: 4,
        imie_nazwisko: 'Lech Mazur',
        ugrupowanie: FS,
        wspolne_glosowania: 11,
        zgodne: 5,
        zgodnosc_procent: 45.45,
        ...IN_RADA,
      },
      {
        pozycja: 5,
        id_osoby: 5,
        imie_nazwisko: 'Anna Nowak',
        ugrupowanie: null,
        wspolne_glosowania: 6,
        zgodne: 2,
        zgodnosc_procent: 33.33,
        ...IN_RADA,
      },
    ],
  },
  {
    path: '/api/radni/1/oponenci',
    query: { min_wspolne: '1' }, // lowest agreement first
    data: [
      {
        pozycja: 1,
        id_osoby: 5,
        imie_nazwisko: 'Anna Nowak',
        ugrupowanie: null,
        wspolne_glosowania: 6,
        zgodne: 2,
        zgodnosc_procent: 33.33,
        ...IN_RADA,
      },
      {
        pozycja: 2,
        id_osoby: 4,
        imie_nazwisko: 'Lech Mazur',
        ugrupowanie: FS,
        wspolne_glosowania: 11,
        zgodne: 5,
        zgodnosc_procent: 45.45,
        ...IN_RADA,
      },
      {
        pozycja: 3,
        id_osoby: 2,
        imie_nazwisko: 'Zenon Lis',
        ugrupowanie: FS,
        wspolne_glosowania: 2,
        zgodne: 1,
        zgodnosc_procent: 50,
        ...IN_RADA,
      },
      {
        pozycja: 4,
        id_osoby: 3,
        imie_nazwisko: 'Łucja Wróbel',
        ugrupowanie: FS,
        wspolne_glosowania: 11,
        zgodne: 6,
        zgodnosc_procent: 54.55,
        ...IN_RADA,
      },
      {
        pozycja: 5,
        id_osoby: 6,
        imie_nazwisko: 'Żaneta Kos',
        ugrupowanie: FS,
        wspolne_glosowania: 4,
        zgodne: 4,
        zgodnosc_procent: 100,
        ...IN_RADA,
      },
    ],
  },
  {
    path: '/api/radni/1/koalicje',
    query: { kadencja: T1, min_wspolne: '1' }, // 3 2/4 and 2 1/2 tie at 1/2 → more shared first; 4 1/4
    data: [
      {
        pozycja: 1,
        id_osoby: 3,
        imie_nazwisko: 'Łucja Wróbel',
        ugrupowanie: RDM,
        wspolne_glosowania: 4,
        zgodne: 2,
        zgodnosc_procent: 50,
        ...IN_RADA,
      }, // T1 display m3
      {
        pozycja: 2,
        id_osoby: 2,
        imie_nazwisko: 'Zenon Lis',
        ugrupowanie: FS,
        wspolne_glosowania: 2,
        zgodne: 1,
        zgodnosc_procent: 50,
        ...IN_RADA,
      },
      {
        pozycja: 3,
        id_osoby: 4,
        imie_nazwisko: 'Lech Mazur',
        ugrupowanie: FS,
        wspolne_glosowania: 4,
        zgodne: 1,
        zgodnosc_procent: 25,
        ...IN_RADA,
      },
    ],
  },
  {
    path: '/api/radni/1/oponenci',
    query: { kadencja: T1, min_wspolne: '1' }, // 4 (1/4), then 3 and 2 at 1/2: wspolne desc → 3 (4) before 2 (2)
    data: [
      {
        pozycja: 1,
        id_osoby: 4,
        imie_nazwisko: 'Lech Mazur',
        ugrupowanie: FS,
        wspolne_glosowania: 4,
        zgodne: 1,
        zgodnosc_procent: 25,
        ...IN_RADA,
      },
      {
        pozycja: 2,
        id_osoby: 3,
        imie_nazwisko: 'Łucja Wróbel',
        ugrupowanie: RDM,
        wspolne_glosowania: 4,
        zgodne: 2,
        zgodnosc_procent: 50,
        ...IN_RADA,
      },
      {
        pozycja: 3,
        id_osoby: 2,
        imie_nazwisko: 'Zenon Lis',
        ugrupowanie: FS,
        wspolne_glosowania: 2,
        zgodne: 1,
        zgodnosc_procent: 50,
        ...IN_RADA,
      },
    ],
  },
  {
    path: '/api/radni/1/koalicje',
    query: { kadencja: T2, min_wspolne: '1', limit: '3' }, // 6 4/4; 3 and 4 both 4/7 with 7 shared → id asc; (5 2/6 cut by limit)
    data: [
      {
        pozycja: 1,
        id_osoby: 6,
        imie_nazwisko: 'Żaneta Kos',
        ugrupowanie: FS,
        wspolne_glosowania: 4,
        zgodne: 4,
        zgodnosc_procent: 100,
        ...IN_RADA,
      },
      {
        pozycja: 2,
        id_osoby: 3,
        imie_nazwisko: 'Łucja Wróbel',
        ugrupowanie: FS,
        wspolne_glosowania: 7,
        zgodne: 4,
        zgodnosc_procent: 57.14,
        ...IN_RADA,
      }, // 4/7 = 57.142
      {
        pozycja: 3,
        id_osoby: 4,
        imie_nazwisko: 'Lech Mazur',
        ugrupowanie: FS,
        wspolne_glosowania: 7,
        zgodne: 4,
        zgodnosc_procent: 57.14,
        ...IN_RADA,
      },
    ],
  },
  {
    path: '/api/radni/3/koalicje',
    query: { kadencja: T1, min_wspolne: '1' }, // 1 2/4, 2 1/2 (V1 ✓, V2 ✗), 4 0/4
    data: [
      {
        pozycja: 1,
        id_osoby: 1,
        imie_nazwisko: 'Anna Nowak',
        ugrupowanie: RDM,
        wspolne_glosowania: 4,
        zgodne: 2,
        zgodnosc_procent: 50,
        ...IN_RADA,
      },
      {
        pozycja: 2,
        id_osoby: 2,
        imie_nazwisko: 'Zenon Lis',
        ugrupowanie: FS,
        wspolne_glosowania: 2,
        zgodne: 1,
        zgodnosc_procent: 50,
        ...IN_RADA,
      },
      {
        pozycja: 3,
        id_osoby: 4,
        imie_nazwisko: 'Lech Mazur',
        ugrupowanie: FS,
        wspolne_glosowania: 4,
        zgodne: 0,
        zgodnosc_procent: 0,
        ...IN_RADA,
      },
    ],
  },
  { path: '/api/radni/5/koalicje', data: [] }, // 5 shares at most 6 votes with anyone < 10
  { path: '/api/radni/7/oponenci', query: { min_wspolne: '1' }, data: [] }, // 7 never voted

  // ── one councillor's votes (summary + glos, date order, paged) ─────────────────────────────
  {
    path: '/api/radni/5/glosowania', // every ballot of 5, inactive ones included
    data: [
      { ...V12, glos: 'przeciw' },
      { ...V11, glos: 'wstrzymujacy' },
      { ...V10, glos: 'za' },
      { ...V9, glos: 'nieobecny' },
      { ...V8, glos: 'nieobecny' },
      { ...V7, glos: 'za' },
      { ...V6, glos: 'wstrzymujacy' },
      { ...V5, glos: 'za' },
    ],
    pagination: page(1, 20, 8, 1),
  },
  {
    path: '/api/radni/5/glosowania',
    query: { page: '2', limit: '3' }, // items 4–6 of V12 V11 V10 | V9 V8 V7 | V6 V5
    data: [
      { ...V9, glos: 'nieobecny' },
      { ...V8, glos: 'nieobecny' },
      { ...V7, glos: 'za' },
    ],
    pagination: page(2, 3, 8, 3),
  },
  {
    path: '/api/radni/6/glosowania',
    data: [
      { ...V13, glos: 'za' },
      { ...V12, glos: 'nieobecny' },
      { ...V11, glos: 'nieobecny' },
      { ...V10, glos: 'za' },
      { ...V8, glos: 'brak_glosu' },
      { ...V7, glos: 'przeciw' },
      { ...V6, glos: 'za' },
      { ...V5, glos: 'za' },
    ],
    pagination: page(1, 20, 8, 1),
  },
  {
    path: '/api/radni/1/glosowania',
    query: { organ: '2' }, // committee votes V8, V9
    data: [
      { ...V9, glos: 'nieobecny' },
      { ...V8, glos: 'za' },
    ],
    pagination: page(1, 20, 2, 1),
  },
  { path: '/api/radni/2/glosowania', query: { kadencja: T2 }, data: [], pagination: page(1, 20, 0, 0) },

  // ── glosowania-samotne (X alone with its active value, ≥ 2 active ballots) ─────────────────
  {
    path: '/api/radni/1/glosowania-samotne',
    data: [
      { ...V12, glos: 'wstrzymujacy' },
      { ...V3, glos: 'za' },
    ],
    pagination: page(1, 20, 2, 1),
  }, // V3 Z/P/W each alone; V12 only W
  {
    path: '/api/radni/1/glosowania-samotne',
    query: { kadencja: T1 },
    data: [{ ...V3, glos: 'za' }],
    pagination: page(1, 20, 1, 1),
  },
  // 3: V3 only P, V4 only Z, V6 only P, V10 only P → date order V10, V6, V3, V4
  {
    path: '/api/radni/3/glosowania-samotne',
    data: [
      { ...V10, glos: 'przeciw' },
      { ...V6, glos: 'przeciw' },
      { ...V3, glos: 'przeciw' },
      { ...V4, glos: 'za' },
    ],
    pagination: page(1, 20, 4, 1),
  },
  {
    path: '/api/radni/3/glosowania-samotne',
    query: { limit: '2', page: '2' },
    data: [
      { ...V3, glos: 'przeciw' },
      { ...V4, glos: 'za' },
    ],
    pagination: page(2, 2, 4, 2),
  },
  // 4: V1 only P, V3 only W, V8 only P
  {
    path: '/api/radni/4/glosowania-samotne',
    data: [
      { ...V8, glos: 'przeciw' },
      { ...V3, glos: 'wstrzymujacy' },
      { ...V1, glos: 'przeciw' },
    ],
    pagination: page(1, 20, 3, 1),
  },
  // 5: V6 only W, V11 only W, V12 only P
  {
    path: '/api/radni/5/glosowania-samotne',
    data: [
      { ...V12, glos: 'przeciw' },
      { ...V11, glos: 'wstrzymujacy' },
      { ...V6, glos: 'wstrzymujacy' },
    ],
    pagination: page(1, 20, 3, 1),
  },
  // 6: never alone among ≥ 2 active; V13 has one active ballot only → not solitary
  { path: '/api/radni/6/glosowania-samotne', data: [], pagination: page(1, 20, 0, 0) },

  // ── glosowania-kluczowe: przyjęto & za & za−przeciw = 1, or odrzucono & przeciw & przeciw−za = 1 ──
  // margin-one votes: V4 odrzucono 1:2, V7 odrzucono 2:3, V8 przyjęto 2:1, V12 przyjęto 2:1 (V2 2:2 no;
  // V13 1:0 but the stated wynik is odrzucono and 6 voted za → no)
  {
    path: '/api/radni/1/glosowania-kluczowe',
    data: [
      { ...V8, glos: 'za' },
      { ...V7, glos: 'przeciw' },
      { ...V4, glos: 'przeciw' },
    ],
    pagination: page(1, 20, 3, 1),
  },
  {
    path: '/api/radni/1/glosowania-kluczowe',
    query: { kadencja: T2 },
    data: [
      { ...V8, glos: 'za' },
      { ...V7, glos: 'przeciw' },
    ],
    pagination: page(1, 20, 2, 1),
  },
  {
    path: '/api/radni/3/glosowania-kluczowe',
    data: [
      { ...V12, glos: 'za' },
      { ...V8, glos: 'za' },
      { ...V7, glos: 'przeciw' },
    ],
    pagination: page(1, 20, 3, 1),
  }, // V4: 3 voted za → no
  {
    path: '/api/radni/4/glosowania-kluczowe',
    data: [
      { ...V12, glos: 'za' },
      { ...V4, glos: 'przeciw' },
    ],
    pagination: page(1, 20, 2, 1),
  }, // V7: 4 voted za on a rejected vote → no
  { path: '/api/radni/6/glosowania-kluczowe', data: [{ ...V7, glos: 'przeciw' }], pagination: page(1, 20, 1, 1) },

  // ── glosowania-buntownicze (counted by zgodnosc-grupa and different from the group) ─────────
  { path: '/api/radni/3/glosowania-buntownicze', data: [{ ...V10, glos: 'przeciw' }], pagination: page(1, 20, 1, 1) }, // g2 at V10: 4 Z, 6 Z → Z
  { path: '/api/radni/3/glosowania-buntownicze', query: { kadencja: T1 }, data: [], pagination: page(1, 20, 0, 0) },
  { path: '/api/radni/1/glosowania-buntownicze', data: [], pagination: page(1, 20, 0, 0) },

  // ── vote list ────────────────────────────────────────────────────────────────────────────
  {
    path: '/api/glosowania',
    data: [V14, V13, V12, V11, V10, V9, V8, V7, V6, V5, V3, V2, V1, V4],
    pagination: page(1, 20, 14, 1),
  }, // V14 tally-only, listed like any vote
  { path: '/api/glosowania', query: { limit: '5', page: '3' }, data: [V3, V2, V1, V4], pagination: page(3, 5, 14, 3) }, // items 11–14
  { path: '/api/glosowania', query: { limit: '5', page: '4' }, data: [], pagination: page(4, 5, 14, 3) }, // past the end
  { path: '/api/glosowania', query: { kadencja: T1 }, data: [V3, V2, V1, V4], pagination: page(1, 20, 4, 1) },
  { path: '/api/glosowania', query: { organ: '2' }, data: [V9, V8], pagination: page(1, 20, 2, 1) },
  {
    path: '/api/glosowania',
    query: { data_od: '2019-01-31', data_do: '2019-02-01' },
    data: [V14, V13, V12, V11, V10, V9, V8],
    pagination: page(1, 20, 7, 1),
  }, // both ends inclusive
  {
    path: '/api/glosowania',
    query: { data_do: '2019-01-15' },
    data: [V7, V6, V5, V3, V2, V1, V4],
    pagination: page(1, 20, 7, 1),
  },
  {
    path: '/api/glosowania',
    query: { wynik: 'przyjęto' },
    data: [V14, V12, V10, V8, V6, V5, V1],
    pagination: page(1, 20, 7, 1),
  }, // stated V1 V6 V8, derived V5 V10 V12, V14 from its stated tallies
  {
    path: '/api/glosowania',
    query: { wynik: 'przyjeto' },
    data: [V14, V12, V10, V8, V6, V5, V1],
    pagination: page(1, 20, 7, 1),
  }, // without the diacritic
  {
    path: '/api/glosowania',
    query: { wynik: 'odrzucono' },
    data: [V13, V11, V9, V7, V3, V2, V4],
    pagination: page(1, 20, 7, 1),
  }, // V13 stated odrzucono despite 1:0
  {
    path: '/api/glosowania',
    query: { kontrowersyjnosc_min: '67' },
    data: [V12, V8, V7, V3, V2, V4],
    pagination: page(1, 20, 6, 1),
  }, // 67, 67, 80, 100, 100, 67
  { path: '/api/glosowania', query: { search: 'BUDZET' }, data: [V10, V8, V6, V2, V1], pagination: page(1, 20, 5, 1) }, // Budżet…, budżetu, budżetowej
  { path: '/api/glosowania', query: { search: 'łąk' }, data: [V3], pagination: page(1, 20, 1, 1) }, // Łąkowej
  { path: '/api/glosowania', query: { search: 'dzialalnosc' }, data: [V12, V4], pagination: page(1, 20, 2, 1) }, // działalności, działalność
  {
    path: '/api/glosowania',
    query: { kadencja: T2, organ: '1', wynik: 'odrzucono' },
    data: [V13, V11, V7],
    pagination: page(1, 20, 3, 1),
  },

  // ── vote detail, distribution, attachments ───────────────────────────────────────────────
  {
    path: '/api/glosowania/10',
    data: {
      ...V10,
      posiedzenie: { id_posiedzenia: 4, numer: 'LXXIV/2', data: '2019-02-01', nazwa: 'II sesja' },
      punkt: { id_punktu: 42, numer: '7.2', tytul: 'Zmiana uchwały budżetowej na 2019 rok' },
      liczba_zalacznikow: 1,
      wymagana_wiekszosc: null,
    },
  },
  {
    path: '/api/glosowania/3',
    data: {
      ...V3,
      posiedzenie: { id_posiedzenia: 1, numer: 'I', data: '2015-03-10', nazwa: 'I sesja' },
      punkt: null,
      liczba_zalacznikow: 0,
      wymagana_wiekszosc: null,
    },
  },
  {
    path: '/api/glosowania/1',
    data: {
      ...V1,
      posiedzenie: { id_posiedzenia: 1, numer: 'I', data: '2015-03-10', nazwa: 'I sesja' },
      punkt: { id_punktu: 11, numer: '3', tytul: 'Budżet miasta' },
      liczba_zalacznikow: 2,
      wymagana_wiekszosc: null,
    },
  },
  {
    path: '/api/glosowania/8',
    data: {
      ...V8,
      posiedzenie: { id_posiedzenia: 3, numer: '1', data: '2019-01-31', nazwa: null },
      punkt: null,
      liczba_zalacznikow: 0,
      wymagana_wiekszosc: null,
    },
  },
  // the tally-only vote's detail: its stated counts, no roll call (its /glosy is an empty list)
  {
    path: '/api/glosowania/14',
    data: {
      ...V14,
      posiedzenie: { id_posiedzenia: 4, numer: 'LXXIV/2', data: '2019-02-01', nazwa: 'II sesja' },
      punkt: null,
      liczba_zalacznikow: 0,
      wymagana_wiekszosc: null,
    },
  },
  { path: '/api/glosowania/14/glosy', grouped: false, data: [] },
  {
    path: '/api/glosowania/13',
    data: {
      ...V13,
      posiedzenie: { id_posiedzenia: 4, numer: 'LXXIV/2', data: '2019-02-01', nazwa: 'II sesja' },
      punkt: { id_punktu: 43, numer: '10', tytul: 'Wolne wnioski' },
      liczba_zalacznikow: 0,
      wymagana_wiekszosc: null,
    },
  },
  { path: '/api/glosowania/99', notFound: true },
  { path: '/api/glosowania/99/glosy', notFound: true },
  { path: '/api/glosowania/99/zalaczniki', notFound: true },
  {
    path: '/api/glosowania/10/glosy', // name order 1, 5, 4, 3, 6; 2019-02-01 is m7's first day: 3 in FS
    grouped: false,
    data: [
      { glos: 'za', id_osoby: 1, imie_nazwisko: 'Anna Nowak', ugrupowanie: RDM, ...IN_RADA },
      { glos: 'za', id_osoby: 5, imie_nazwisko: 'Anna Nowak', ugrupowanie: null, ...IN_RADA },
      { glos: 'za', id_osoby: 4, imie_nazwisko: 'Lech Mazur', ugrupowanie: FS, ...IN_RADA },
      { glos: 'przeciw', id_osoby: 3, imie_nazwisko: 'Łucja Wróbel', ugrupowanie: FS, ...IN_RADA },
      { glos: 'za', id_osoby: 6, imie_nazwisko: 'Żaneta Kos', ugrupowanie: FS, ...IN_RADA },
    ],
  },
  {
    path: '/api/glosowania/10/glosy',
    query: { ugrupowanie: 'true' }, // FS 3 entries first; then 1 each: "Niezrzeszeni" < "Razem dla Miasta"
    grouped: true,
    data: {
      [FS]: [
        { glos: 'za', id_osoby: 4, imie_nazwisko: 'Lech Mazur', ugrupowanie: FS, ...IN_RADA },
        { glos: 'przeciw', id_osoby: 3, imie_nazwisko: 'Łucja Wróbel', ugrupowanie: FS, ...IN_RADA },
        { glos: 'za', id_osoby: 6, imie_nazwisko: 'Żaneta Kos', ugrupowanie: FS, ...IN_RADA },
      ],
      Niezrzeszeni: [{ glos: 'za', id_osoby: 5, imie_nazwisko: 'Anna Nowak', ugrupowanie: null, ...IN_RADA }],
      [RDM]: [{ glos: 'za', id_osoby: 1, imie_nazwisko: 'Anna Nowak', ugrupowanie: RDM, ...IN_RADA }],
    },
  },
  {
    path: '/api/glosowania/8/glosy', // 2019-01-31 is m6's last day: 3 still in RdM
    grouped: false,
    data: [
      { glos: 'za', id_osoby: 1, imie_nazwisko: 'Anna Nowak', ugrupowanie: RDM, ...IN_RADA },
      { glos: 'nieobecny', id_osoby: 5, imie_nazwisko: 'Anna Nowak', ugrupowanie: null, ...IN_RADA },
      { glos: 'przeciw', id_osoby: 4, imie_nazwisko: 'Lech Mazur', ugrupowanie: FS, ...IN_RADA },
      { glos: 'za', id_osoby: 3, imie_nazwisko: 'Łucja Wróbel', ugrupowanie: RDM, ...IN_RADA },
      { glos: 'brak_glosu', id_osoby: 6, imie_nazwisko: 'Żaneta Kos', ugrupowanie: FS, ...IN_RADA },
    ],
  },
  {
    path: '/api/glosowania/6/glosy', // 2019-01-15: 3 still in RdM
    grouped: false,
    data: [
      { glos: 'za', id_osoby: 1, imie_nazwisko: 'Anna Nowak', ugrupowanie: RDM, ...IN_RADA },
      { glos: 'wstrzymujacy', id_osoby: 5, imie_nazwisko: 'Anna Nowak', ugrupowanie: null, ...IN_RADA },
      { glos: 'za', id_osoby: 4, imie_nazwisko: 'Lech Mazur', ugrupowanie: FS, ...IN_RADA },
      { glos: 'przeciw', id_osoby: 3, imie_nazwisko: 'Łucja Wróbel', ugrupowanie: RDM, ...IN_RADA },
      { glos: 'za', id_osoby: 6, imie_nazwisko: 'Żaneta Kos', ugrupowanie: FS, ...IN_RADA },
    ],
  },
  {
    path: '/api/glosowania/6/glosy',
    query: { ugrupowanie: '1' }, // FS 2 and RdM 2 → name order; Niezrzeszeni 1 last although it sorts before Razem
    grouped: true,
    data: {
      [FS]: [
        { glos: 'za', id_osoby: 4, imie_nazwisko: 'Lech Mazur', ugrupowanie: FS, ...IN_RADA },
        { glos: 'za', id_osoby: 6, imie_nazwisko: 'Żaneta Kos', ugrupowanie: FS, ...IN_RADA },
      ],
      [RDM]: [
        { glos: 'za', id_osoby: 1, imie_nazwisko: 'Anna Nowak', ugrupowanie: RDM, ...IN_RADA },
        { glos: 'przeciw', id_osoby: 3, imie_nazwisko: 'Łucja Wróbel', ugrupowanie: RDM, ...IN_RADA },
      ],
      Niezrzeszeni: [{ glos: 'wstrzymujacy', id_osoby: 5, imie_nazwisko: 'Anna Nowak', ugrupowanie: null, ...IN_RADA }],
    },
  },
  {
    path: '/api/glosowania/9/glosy',
    query: { ugrupowanie: 'true' }, // RdM 2 (1 N, 3 B) first; FS 1 and Niezrzeszeni 1 → "Forum" < "Niezrzeszeni"
    grouped: true,
    data: {
      [RDM]: [
        { glos: 'nieobecny', id_osoby: 1, imie_nazwisko: 'Anna Nowak', ugrupowanie: RDM, ...IN_RADA },
        { glos: 'brak_glosu', id_osoby: 3, imie_nazwisko: 'Łucja Wróbel', ugrupowanie: RDM, ...IN_RADA },
      ],
      [FS]: [{ glos: 'nieobecny', id_osoby: 4, imie_nazwisko: 'Lech Mazur', ugrupowanie: FS, ...IN_RADA }],
      Niezrzeszeni: [{ glos: 'nieobecny', id_osoby: 5, imie_nazwisko: 'Anna Nowak', ugrupowanie: null, ...IN_RADA }],
    },
  },
  {
    path: '/api/glosowania/3/glosy',
    query: { ugrupowanie: 'false' }, // T1 groups; name order 1, 4, 3, 2
    grouped: false,
    data: [
      { glos: 'za', id_osoby: 1, imie_nazwisko: 'Anna Nowak', ugrupowanie: RDM, ...IN_RADA },
      { glos: 'wstrzymujacy', id_osoby: 4, imie_nazwisko: 'Lech Mazur', ugrupowanie: FS, ...IN_RADA },
      { glos: 'przeciw', id_osoby: 3, imie_nazwisko: 'Łucja Wróbel', ugrupowanie: RDM, ...IN_RADA },
      { glos: 'nieobecny', id_osoby: 2, imie_nazwisko: 'Zenon Lis', ugrupowanie: FS, ...IN_RADA },
    ],
  },
  {
    path: '/api/glosowania/1/zalaczniki', // by id although written 2, 1 in the CSV
    data: [
      { id_zalacznika: 1, nazwa: 'Projekt uchwały.pdf', url: 'https://example.org/1.pdf' },
      { id_zalacznika: 2, nazwa: 'Autopoprawka.pdf', url: 'https://example.org/2.pdf' },
    ],
  },
  { path: '/api/glosowania/10/zalaczniki', data: [{ id_zalacznika: 3, nazwa: 'Opinia prawna', url: null }] },
  { path: '/api/glosowania/5/zalaczniki', data: [] },

  // ── dashboard ────────────────────────────────────────────────────────────────────────────
  // records: S1 3 (2 ✓), S2 5 (5), S3 5 (4), S4 5 (5) → 16/18 = 88.888 → "88.89"; persons with a membership: 1–7
  {
    path: '/api/statystyki/dashboard',
    data: { liczba_posiedzen: 4, liczba_glosow: 14, liczba_radnych: 7, srednia_frekwencja: '88.89' },
  },
  {
    path: '/api/statystyki/dashboard',
    query: { kadencja: T1 },
    data: { liczba_posiedzen: 1, liczba_glosow: 4, liczba_radnych: 4, srednia_frekwencja: '66.67' },
  }, // 2/3
  {
    path: '/api/statystyki/dashboard',
    query: { kadencja: T2 },
    data: { liczba_posiedzen: 3, liczba_glosow: 10, liczba_radnych: 6, srednia_frekwencja: '93.33' },
  }, // 14/15 = 93.333; 1,3,4,5,6,7
  // organ: liczba_radnych = persons with a record in that body's sessions
  {
    path: '/api/statystyki/dashboard',
    query: { organ: '1' },
    data: { liczba_posiedzen: 3, liczba_glosow: 12, liczba_radnych: 6, srednia_frekwencja: '92.31' },
  }, // S1 S2 S4: 12/13 = 92.307; persons 1–6
  {
    path: '/api/statystyki/dashboard',
    query: { organ: '2' },
    data: { liczba_posiedzen: 1, liczba_glosow: 2, liczba_radnych: 5, srednia_frekwencja: '80.00' },
  }, // S3: 1 3 4 5 6, 4/5
  {
    path: '/api/statystyki/dashboard',
    query: { organ: '3' },
    data: { liczba_posiedzen: 0, liczba_glosow: 0, liczba_radnych: 0, srednia_frekwencja: '0.00' },
  }, // 0/0
  {
    path: '/api/statystyki/dashboard',
    query: { kadencja: T1, organ: '2' },
    data: { liczba_posiedzen: 0, liczba_glosow: 0, liczba_radnych: 0, srednia_frekwencja: '0.00' },
  },

  // ── ranking-frekwencji (rate desc, records desc, id asc) ──────────────────────────────────
  {
    path: '/api/statystyki/ranking-frekwencji', // 3, 4 at 4/4 before 1, 6 at 3/3 (more records first); 5 2/3; 2 0/1
    data: [
      {
        pozycja: 1,
        id_osoby: 3,
        imie_nazwisko: 'Łucja Wróbel',
        ugrupowanie: FS,
        liczba_posiedzen: 4,
        obecnosci: 4,
        nieobecnosci: 0,
        frekwencja_procent: 100,
        ...IN_RADA,
      },
      {
        pozycja: 2,
        id_osoby: 4,
        imie_nazwisko: 'Lech Mazur',
        ugrupowanie: FS,
        liczba_posiedzen: 4,
        obecnosci: 4,
        nieobecnosci: 0,
        frekwencja_procent: 100,
        ...IN_RADA,
      },
      {
        pozycja: 3,
        id_osoby: 1,
        imie_nazwisko: 'Anna Nowak',
        ugrupowanie: RDM,
        liczba_posiedzen: 3,
        obecnosci: 3,
        nieobecnosci: 0,
        frekwencja_procent: 100,
        ...IN_RADA,
      },
      {
        pozycja: 4,
        id_osoby: 6,
        imie_nazwisko: 'Żaneta Kos',
        ugrupowanie: FS,
        liczba_posiedzen: 3,
        obecnosci: 3,
        nieobecnosci: 0,
        frekwencja_procent: 100,
        ...IN_RADA,
      },
      {
        pozycja: 5,
        id_osoby: 5,
        imie_nazwisko: 'Anna Nowak',
        ugrupowanie: null,
        liczba_posiedzen: 3,
        obecnosci: 2,
        nieobecnosci: 1,
        frekwencja_procent: 66.67,
        ...IN_RADA,
      },
      {
        pozycja: 6,
        id_osoby: 2,
        imie_nazwisko: 'Zenon Lis',
        ugrupowanie: FS,
        liczba_posiedzen: 1,
        obecnosci: 0,
        nieobecnosci: 1,
        frekwencja_procent: 0,
        ...IN_RADA,
      },
    ],
  },
  {
    path: '/api/statystyki/ranking-frekwencji',
    query: { kadencja: T1 }, // S1 only; 1 has no T1 record → not ranked; T1 display groups
    data: [
      {
        pozycja: 1,
        id_osoby: 3,
        imie_nazwisko: 'Łucja Wróbel',
        ugrupowanie: RDM,
        liczba_posiedzen: 1,
        obecnosci: 1,
        nieobecnosci: 0,
        frekwencja_procent: 100,
        ...IN_RADA,
      },
      {
        pozycja: 2,
        id_osoby: 4,
        imie_nazwisko: 'Lech Mazur',
        ugrupowanie: FS,
        liczba_posiedzen: 1,
        obecnosci: 1,
        nieobecnosci: 0,
        frekwencja_procent: 100,
        ...IN_RADA,
      },
      {
        pozycja: 3,
        id_osoby: 2,
        imie_nazwisko: 'Zenon Lis',
        ugrupowanie: FS,
        liczba_posiedzen: 1,
        obecnosci: 0,
        nieobecnosci: 1,
        frekwencja_procent: 0,
        ...IN_RADA,
      },
    ],
  },
  {
    path: '/api/statystyki/ranking-frekwencji',
    query: { kadencja: T2 }, // 1, 3, 4, 6 at 3/3 → id; 5 2/3
    data: [
      {
        pozycja: 1,
        id_osoby: 1,
        imie_nazwisko: 'Anna Nowak',
        ugrupowanie: RDM,
        liczba_posiedzen: 3,
        obecnosci: 3,
        nieobecnosci: 0,
        frekwencja_procent: 100,
        ...IN_RADA,
      },
      {
        pozycja: 2,
        id_osoby: 3,
        imie_nazwisko: 'Łucja Wróbel',
        ugrupowanie: FS,
        liczba_posiedzen: 3,
        obecnosci: 3,
        nieobecnosci: 0,
        frekwencja_procent: 100,
        ...IN_RADA,
      },
      {
        pozycja: 3,
        id_osoby: 4,
        imie_nazwisko: 'Lech Mazur',
        ugrupowanie: FS,
        liczba_posiedzen: 3,
        obecnosci: 3,
        nieobecnosci: 0,
        frekwencja_procent: 100,
        ...IN_RADA,
      },
      {
        pozycja: 4,
        id_osoby: 6,
        imie_nazwisko: 'Żaneta Kos',
        ugrupowanie: FS,
        liczba_posiedzen: 3,
        obecnosci: 3,
        nieobecnosci: 0,
        frekwencja_procent: 100,
        ...IN_RADA,
      },
      {
        pozycja: 5,
        id_osoby: 5,
        imie_nazwisko: 'Anna Nowak',
        ugrupowanie: null,
        liczba_posiedzen: 3,
        obecnosci: 2,
        nieobecnosci: 1,
        frekwencja_procent: 66.67,
        ...IN_RADA,
      },
    ],
  },
  {
    path: '/api/statystyki/ranking-frekwencji',
    query: { min_posiedzen: '3', limit: '2' }, // population 3, 4 (4 records), 1, 6, 5 (3); first two
    data: [
      {
        pozycja: 1,
        id_osoby: 3,
        imie_nazwisko: 'Łucja Wróbel',
        ugrupowanie: FS,
        liczba_posiedzen: 4,
        obecnosci: 4,
        nieobecnosci: 0,
        frekwencja_procent: 100,
        ...IN_RADA,
      },
      {
        pozycja: 2,
        id_osoby: 4,
        imie_nazwisko: 'Lech Mazur',
        ugrupowanie: FS,
        liczba_posiedzen: 4,
        obecnosci: 4,
        nieobecnosci: 0,
        frekwencja_procent: 100,
        ...IN_RADA,
      },
    ],
  },
  {
    path: '/api/statystyki/ranking-frekwencji',
    query: { min_posiedzen: '4' }, // exactly 4 records is enough
    data: [
      {
        pozycja: 1,
        id_osoby: 3,
        imie_nazwisko: 'Łucja Wróbel',
        ugrupowanie: FS,
        liczba_posiedzen: 4,
        obecnosci: 4,
        nieobecnosci: 0,
        frekwencja_procent: 100,
        ...IN_RADA,
      },
      {
        pozycja: 2,
        id_osoby: 4,
        imie_nazwisko: 'Lech Mazur',
        ugrupowanie: FS,
        liczba_posiedzen: 4,
        obecnosci: 4,
        nieobecnosci: 0,
        frekwencja_procent: 100,
        ...IN_RADA,
      },
    ],
  },
  { path: '/api/statystyki/ranking-frekwencji', query: { min_posiedzen: '5' }, data: [] }, // nobody has 5 records

  // ── ranking-buntownikow / -lojalistow ─────────────────────────────────────────────────────
  // majority: V1 Z, V4 P, V5 Z, V6 Z, V7 P, V8 Z, V10 Z, V11 P, V12 Z, V13 Z (V2, V3 tie; V9 none)
  // glosowania / w_mniejszosci: 1 9/1 (V12 W) · 2 1/0 · 3 9/3 (V4, V6, V10) · 4 9/3 (V1, V7, V8)
  //                             5 6/4 (V6, V7, V11, V12) · 6 5/0 (V5 V6 V7 V10 V13) · 7 0/0
  //   T1: 1 2/0 · 2 1/0 · 3 2/1 · 4 2/1      T2: 1 7/1 · 3 7/2 · 4 7/2 · 5 6/4 · 6 5/0
  { path: '/api/statystyki/ranking-buntownikow', data: [] }, // default min_glosowan 10 > 9
  { path: '/api/statystyki/ranking-lojalistow', data: [] },
  {
    path: '/api/statystyki/ranking-buntownikow',
    query: { min_glosowan: '1' }, // 4/6, 3/9 (3 before 4 by id), 1/9, then 0/1 and 0/5 (equal, 0 each → id asc)
    data: [
      {
        pozycja: 1,
        id_osoby: 5,
        imie_nazwisko: 'Anna Nowak',
        ugrupowanie: null,
        glosowania: 6,
        w_mniejszosci: 4,
        procent: 66.67,
        ...IN_RADA,
      },
      {
        pozycja: 2,
        id_osoby: 3,
        imie_nazwisko: 'Łucja Wróbel',
        ugrupowanie: FS,
        glosowania: 9,
        w_mniejszosci: 3,
        procent: 33.33,
        ...IN_RADA,
      },
      {
        pozycja: 3,
        id_osoby: 4,
        imie_nazwisko: 'Lech Mazur',
        ugrupowanie: FS,
        glosowania: 9,
        w_mniejszosci: 3,
        procent: 33.33,
        ...IN_RADA,
      },
      {
        pozycja: 4,
        id_osoby: 1,
        imie_nazwisko: 'Anna Nowak',
        ugrupowanie: RDM,
        glosowania: 9,
        w_mniejszosci: 1,
        procent: 11.11,
        ...IN_RADA,
      },
      {
        pozycja: 5,
        id_osoby: 2,
        imie_nazwisko: 'Zenon Lis',
        ugrupowanie: FS,
        glosowania: 1,
        w_mniejszosci: 0,
        procent: 0,
        ...IN_RADA,
      },
      {
        pozycja: 6,
        id_osoby: 6,
        imie_nazwisko: 'Żaneta Kos',
        ugrupowanie: FS,
        glosowania: 5,
        w_mniejszosci: 0,
        procent: 0,
        ...IN_RADA,
      },
    ],
  },
  {
    path: '/api/statystyki/ranking-buntownikow',
    query: { min_glosowan: '5' }, // drops 2 (1); keeps 6 with exactly 5
    data: [
      {
        pozycja: 1,
        id_osoby: 5,
        imie_nazwisko: 'Anna Nowak',
        ugrupowanie: null,
        glosowania: 6,
        w_mniejszosci: 4,
        procent: 66.67,
        ...IN_RADA,
      },
      {
        pozycja: 2,
        id_osoby: 3,
        imie_nazwisko: 'Łucja Wróbel',
        ugrupowanie: FS,
        glosowania: 9,
        w_mniejszosci: 3,
        procent: 33.33,
        ...IN_RADA,
      },
      {
        pozycja: 3,
        id_osoby: 4,
        imie_nazwisko: 'Lech Mazur',
        ugrupowanie: FS,
        glosowania: 9,
        w_mniejszosci: 3,
        procent: 33.33,
        ...IN_RADA,
      },
      {
        pozycja: 4,
        id_osoby: 1,
        imie_nazwisko: 'Anna Nowak',
        ugrupowanie: RDM,
        glosowania: 9,
        w_mniejszosci: 1,
        procent: 11.11,
        ...IN_RADA,
      },
      {
        pozycja: 5,
        id_osoby: 6,
        imie_nazwisko: 'Żaneta Kos',
        ugrupowanie: FS,
        glosowania: 5,
        w_mniejszosci: 0,
        procent: 0,
        ...IN_RADA,
      },
    ],
  },
  {
    path: '/api/statystyki/ranking-buntownikow',
    query: { kadencja: T2, min_glosowan: '1' },
    data: [
      {
        pozycja: 1,
        id_osoby: 5,
        imie_nazwisko: 'Anna Nowak',
        ugrupowanie: null,
        glosowania: 6,
        w_mniejszosci: 4,
        procent: 66.67,
        ...IN_RADA,
      },
      {
        pozycja: 2,
        id_osoby: 3,
        imie_nazwisko: 'Łucja Wróbel',
        ugrupowanie: FS,
        glosowania: 7,
        w_mniejszosci: 2,
        procent: 28.57,
        ...IN_RADA,
      }, // 2/7 = 28.571
      {
        pozycja: 3,
        id_osoby: 4,
        imie_nazwisko: 'Lech Mazur',
        ugrupowanie: FS,
        glosowania: 7,
        w_mniejszosci: 2,
        procent: 28.57,
        ...IN_RADA,
      },
      {
        pozycja: 4,
        id_osoby: 1,
        imie_nazwisko: 'Anna Nowak',
        ugrupowanie: RDM,
        glosowania: 7,
        w_mniejszosci: 1,
        procent: 14.29,
        ...IN_RADA,
      }, // 1/7 = 14.2857
      {
        pozycja: 5,
        id_osoby: 6,
        imie_nazwisko: 'Żaneta Kos',
        ugrupowanie: FS,
        glosowania: 5,
        w_mniejszosci: 0,
        procent: 0,
        ...IN_RADA,
      },
    ],
  },
  {
    path: '/api/statystyki/ranking-buntownikow',
    query: { kadencja: T1, min_glosowan: '1' }, // 3, 4 at 1/2; 1 0/2 and 2 0/1 equal → id
    data: [
      {
        pozycja: 1,
        id_osoby: 3,
        imie_nazwisko: 'Łucja Wróbel',
        ugrupowanie: RDM,
        glosowania: 2,
        w_mniejszosci: 1,
        procent: 50,
        ...IN_RADA,
      },
      {
        pozycja: 2,
        id_osoby: 4,
        imie_nazwisko: 'Lech Mazur',
        ugrupowanie: FS,
        glosowania: 2,
        w_mniejszosci: 1,
        procent: 50,
        ...IN_RADA,
      },
      {
        pozycja: 3,
        id_osoby: 1,
        imie_nazwisko: 'Anna Nowak',
        ugrupowanie: RDM,
        glosowania: 2,
        w_mniejszosci: 0,
        procent: 0,
        ...IN_RADA,
      },
      {
        pozycja: 4,
        id_osoby: 2,
        imie_nazwisko: 'Zenon Lis',
        ugrupowanie: FS,
        glosowania: 1,
        w_mniejszosci: 0,
        procent: 0,
        ...IN_RADA,
      },
    ],
  },
  {
    path: '/api/statystyki/ranking-lojalistow',
    query: { min_glosowan: '1' }, // 6 5/5 and 2 1/1 equal → more w_wiekszosci first; 1 8/9; 3, 4 6/9; 5 2/6
    data: [
      {
        pozycja: 1,
        id_osoby: 6,
        imie_nazwisko: 'Żaneta Kos',
        ugrupowanie: FS,
        glosowania: 5,
        w_wiekszosci: 5,
        procent: 100,
        ...IN_RADA,
      },
      {
        pozycja: 2,
        id_osoby: 2,
        imie_nazwisko: 'Zenon Lis',
        ugrupowanie: FS,
        glosowania: 1,
        w_wiekszosci: 1,
        procent: 100,
        ...IN_RADA,
      },
      {
        pozycja: 3,
        id_osoby: 1,
        imie_nazwisko: 'Anna Nowak',
        ugrupowanie: RDM,
        glosowania: 9,
        w_wiekszosci: 8,
        procent: 88.89,
        ...IN_RADA,
      }, // 8/9 = 88.888
      {
        pozycja: 4,
        id_osoby: 3,
        imie_nazwisko: 'Łucja Wróbel',
        ugrupowanie: FS,
        glosowania: 9,
        w_wiekszosci: 6,
        procent: 66.67,
        ...IN_RADA,
      },
      {
        pozycja: 5,
        id_osoby: 4,
        imie_nazwisko: 'Lech Mazur',
        ugrupowanie: FS,
        glosowania: 9,
        w_wiekszosci: 6,
        procent: 66.67,
        ...IN_RADA,
      },
      {
        pozycja: 6,
        id_osoby: 5,
        imie_nazwisko: 'Anna Nowak',
        ugrupowanie: null,
        glosowania: 6,
        w_wiekszosci: 2,
        procent: 33.33,
        ...IN_RADA,
      },
    ],
  },
  {
    path: '/api/statystyki/ranking-lojalistow',
    query: { kadencja: T2, min_glosowan: '1' },
    data: [
      {
        pozycja: 1,
        id_osoby: 6,
        imie_nazwisko: 'Żaneta Kos',
        ugrupowanie: FS,
        glosowania: 5,
        w_wiekszosci: 5,
        procent: 100,
        ...IN_RADA,
      },
      {
        pozycja: 2,
        id_osoby: 1,
        imie_nazwisko: 'Anna Nowak',
        ugrupowanie: RDM,
        glosowania: 7,
        w_wiekszosci: 6,
        procent: 85.71,
        ...IN_RADA,
      }, // 6/7 = 85.714
      {
        pozycja: 3,
        id_osoby: 3,
        imie_nazwisko: 'Łucja Wróbel',
        ugrupowanie: FS,
        glosowania: 7,
        w_wiekszosci: 5,
        procent: 71.43,
        ...IN_RADA,
      }, // 5/7 = 71.428
      {
        pozycja: 4,
        id_osoby: 4,
        imie_nazwisko: 'Lech Mazur',
        ugrupowanie: FS,
        glosowania: 7,
        w_wiekszosci: 5,
        procent: 71.43,
        ...IN_RADA,
      },
      {
        pozycja: 5,
        id_osoby: 5,
        imie_nazwisko: 'Anna Nowak',
        ugrupowanie: null,
        glosowania: 6,
        w_wiekszosci: 2,
        procent: 33.33,
        ...IN_RADA,
      },
    ],
  },
  {
    path: '/api/statystyki/ranking-lojalistow',
    query: { kadencja: T1, min_glosowan: '1' }, // 1 2/2 and 2 1/1 equal → 1 (2) first; 3, 4 1/2
    data: [
      {
        pozycja: 1,
        id_osoby: 1,
        imie_nazwisko: 'Anna Nowak',
        ugrupowanie: RDM,
        glosowania: 2,
        w_wiekszosci: 2,
        procent: 100,
        ...IN_RADA,
      },
      {
        pozycja: 2,
        id_osoby: 2,
        imie_nazwisko: 'Zenon Lis',
        ugrupowanie: FS,
        glosowania: 1,
        w_wiekszosci: 1,
        procent: 100,
        ...IN_RADA,
      },
      {
        pozycja: 3,
        id_osoby: 3,
        imie_nazwisko: 'Łucja Wróbel',
        ugrupowanie: RDM,
        glosowania: 2,
        w_wiekszosci: 1,
        procent: 50,
        ...IN_RADA,
      },
      {
        pozycja: 4,
        id_osoby: 4,
        imie_nazwisko: 'Lech Mazur',
        ugrupowanie: FS,
        glosowania: 2,
        w_wiekszosci: 1,
        procent: 50,
        ...IN_RADA,
      },
    ],
  },

  // ── najbardziej-kontrowersyjne (kontr desc, za+przeciw desc, date order) ────────────────────
  // 100: V2 (4), V3 (2) · 80: V7 · 67: V12, V8, V4 (3 each → date) · 50: V6, V1 (4 each) · 40: V10
  // · 0: V5 (5), V14 (4, its stated tallies), V11 (3), V13 (1), V9 (0)
  {
    path: '/api/statystyki/najbardziej-kontrowersyjne',
    data: [
      { pozycja: 1, ...V2 },
      { pozycja: 2, ...V3 },
      { pozycja: 3, ...V7 },
      { pozycja: 4, ...V12 },
      { pozycja: 5, ...V8 },
      { pozycja: 6, ...V4 },
      { pozycja: 7, ...V6 },
      { pozycja: 8, ...V1 },
      { pozycja: 9, ...V10 },
      { pozycja: 10, ...V5 },
      { pozycja: 11, ...V14 },
      { pozycja: 12, ...V11 },
      { pozycja: 13, ...V13 },
      { pozycja: 14, ...V9 },
    ],
  },
  {
    path: '/api/statystyki/najbardziej-kontrowersyjne',
    query: { organ: '2' },
    data: [
      { pozycja: 1, ...V8 },
      { pozycja: 2, ...V9 },
    ],
  },
  {
    path: '/api/statystyki/najbardziej-kontrowersyjne',
    query: { kadencja: T2, limit: '3' },
    data: [
      { pozycja: 1, ...V7 },
      { pozycja: 2, ...V12 },
      { pozycja: 3, ...V8 },
    ],
  },

  // ── najbardziej-jednomyslne (max/active desc, active desc, date order; V9 has no active ballot) ──
  // V5 5/5 before V13 1/1 (more active, although V13 is later) · V14 4/5, V10 4/5 (5 each → date) · V11 3/4, V1 3/4 (4 each → date)
  // · V8 2/3, V4 2/3 · V7 3/5, V6 3/5 · V12 2/4, V2 2/4 · V3 1/3
  {
    path: '/api/statystyki/najbardziej-jednomyslne',
    data: [
      { pozycja: 1, ...V5 },
      { pozycja: 2, ...V13 },
      { pozycja: 3, ...V14 },
      { pozycja: 4, ...V10 },
      { pozycja: 5, ...V11 },
      { pozycja: 6, ...V1 },
      { pozycja: 7, ...V8 },
      { pozycja: 8, ...V4 },
      { pozycja: 9, ...V7 },
      { pozycja: 10, ...V6 },
      { pozycja: 11, ...V12 },
      { pozycja: 12, ...V2 },
      { pozycja: 13, ...V3 },
    ],
  },
  {
    path: '/api/statystyki/najbardziej-jednomyslne',
    query: { kadencja: T1 },
    data: [
      { pozycja: 1, ...V1 },
      { pozycja: 2, ...V4 },
      { pozycja: 3, ...V2 },
      { pozycja: 4, ...V3 },
    ],
  },
  { path: '/api/statystyki/najbardziej-jednomyslne', query: { organ: '2' }, data: [{ pozycja: 1, ...V8 }] },

  // ── aktywnosc-organow (liczba_glosow desc, id asc) ────────────────────────────────────────
  {
    path: '/api/statystyki/aktywnosc-organow',
    data: [
      {
        id_organu: 1,
        nazwa: 'Rada Miasta',
        typ: 'rada',
        liczba_posiedzen: 3,
        liczba_glosow: 12,
        srednia_glosow_na_posiedzenie: 4,
      }, // 12/3
      {
        id_organu: 2,
        nazwa: 'Komisja Budżetowa',
        typ: 'komisja',
        liczba_posiedzen: 1,
        liczba_glosow: 2,
        srednia_glosow_na_posiedzenie: 2,
      },
      {
        id_organu: 3,
        nazwa: 'Komisja Rewizyjna',
        typ: 'komisja',
        liczba_posiedzen: 0,
        liczba_glosow: 0,
        srednia_glosow_na_posiedzenie: 0,
      }, // no session
    ],
  },
  {
    path: '/api/statystyki/aktywnosc-organow',
    query: { kadencja: T1 },
    data: [
      {
        id_organu: 1,
        nazwa: 'Rada Miasta',
        typ: 'rada',
        liczba_posiedzen: 1,
        liczba_glosow: 4,
        srednia_glosow_na_posiedzenie: 4,
      },
      {
        id_organu: 2,
        nazwa: 'Komisja Budżetowa',
        typ: 'komisja',
        liczba_posiedzen: 0,
        liczba_glosow: 0,
        srednia_glosow_na_posiedzenie: 0,
      },
      {
        id_organu: 3,
        nazwa: 'Komisja Rewizyjna',
        typ: 'komisja',
        liczba_posiedzen: 0,
        liczba_glosow: 0,
        srednia_glosow_na_posiedzenie: 0,
      },
    ],
  },
  {
    path: '/api/statystyki/aktywnosc-organow',
    query: { kadencja: T2 },
    data: [
      {
        id_organu: 1,
        nazwa: 'Rada Miasta',
        typ: 'rada',
        liczba_posiedzen: 2,
        liczba_glosow: 8,
        srednia_glosow_na_posiedzenie: 4,
      }, // 8/2
      {
        id_organu: 2,
        nazwa: 'Komisja Budżetowa',
        typ: 'komisja',
        liczba_posiedzen: 1,
        liczba_glosow: 2,
        srednia_glosow_na_posiedzenie: 2,
      },
      {
        id_organu: 3,
        nazwa: 'Komisja Rewizyjna',
        typ: 'komisja',
        liczba_posiedzen: 0,
        liczba_glosow: 0,
        srednia_glosow_na_posiedzenie: 0,
      },
    ],
  },

  // ── frekwencja-czas (global; sessions per month, attendance records per month) ──────────────
  {
    path: '/api/statystyki/frekwencja-czas',
    data: [
      { miesiac: '2015-03', liczba_posiedzen: 1, obecnosci: 2, nieobecnosci: 1, frekwencja_procent: 66.67 }, // S1 2/3
      { miesiac: '2019-01', liczba_posiedzen: 2, obecnosci: 9, nieobecnosci: 1, frekwencja_procent: 90 }, // S2 5/5 + S3 4/5 = 9/10
      { miesiac: '2019-02', liczba_posiedzen: 1, obecnosci: 5, nieobecnosci: 0, frekwencja_procent: 100 }, // S4
    ],
  },
  {
    path: '/api/statystyki/frekwencja-czas',
    query: { organ: '2' },
    data: [{ miesiac: '2019-01', liczba_posiedzen: 1, obecnosci: 4, nieobecnosci: 1, frekwencja_procent: 80 }],
  },
  {
    path: '/api/statystyki/frekwencja-czas',
    query: { kadencja: T2 },
    data: [
      { miesiac: '2019-01', liczba_posiedzen: 2, obecnosci: 9, nieobecnosci: 1, frekwencja_procent: 90 },
      { miesiac: '2019-02', liczba_posiedzen: 1, obecnosci: 5, nieobecnosci: 0, frekwencja_procent: 100 },
    ],
  },

  // ── top-koalicje (agreement desc, shared desc, id pair asc) ───────────────────────────────
  {
    path: '/api/statystyki/top-koalicje', // default min 10: (1,3) 6/11, (1,4) 5/11, (3,4) 3/11
    data: [
      {
        pozycja: 1,
        radny_1: { id_osoby: 1, imie_nazwisko: 'Anna Nowak', ugrupowanie: RDM, ...IN_RADA },
        radny_2: { id_osoby: 3, imie_nazwisko: 'Łucja Wróbel', ugrupowanie: FS, ...IN_RADA },
        wspolne_glosowania: 11,
        zgodne: 6,
        zgodnosc_procent: 54.55,
      },
      {
        pozycja: 2,
        radny_1: { id_osoby: 1, imie_nazwisko: 'Anna Nowak', ugrupowanie: RDM, ...IN_RADA },
        radny_2: { id_osoby: 4, imie_nazwisko: 'Lech Mazur', ugrupowanie: FS, ...IN_RADA },
        wspolne_glosowania: 11,
        zgodne: 5,
        zgodnosc_procent: 45.45,
      },
      {
        pozycja: 3,
        radny_1: { id_osoby: 3, imie_nazwisko: 'Łucja Wróbel', ugrupowanie: FS, ...IN_RADA },
        radny_2: { id_osoby: 4, imie_nazwisko: 'Lech Mazur', ugrupowanie: FS, ...IN_RADA },
        wspolne_glosowania: 11,
        zgodne: 3,
        zgodnosc_procent: 27.27,
      }, // 3/11 = 27.27
    ],
  },
  { path: '/api/statystyki/top-koalicje', query: { min_wspolne: '12' }, data: [] }, // nobody shares 12 votes
  {
    path: '/api/statystyki/top-koalicje',
    query: { min_wspolne: '1' }, // all 13 pairs; the 1/2 block: (4,5) 6 shared, (3,6) (5,6) 4, (1,2) (2,3) (2,4) 2
    data: [
      {
        pozycja: 1,
        radny_1: { id_osoby: 1, imie_nazwisko: 'Anna Nowak', ugrupowanie: RDM, ...IN_RADA },
        radny_2: { id_osoby: 6, imie_nazwisko: 'Żaneta Kos', ugrupowanie: FS, ...IN_RADA },
        wspolne_glosowania: 4,
        zgodne: 4,
        zgodnosc_procent: 100,
      },
      {
        pozycja: 2,
        radny_1: { id_osoby: 4, imie_nazwisko: 'Lech Mazur', ugrupowanie: FS, ...IN_RADA },
        radny_2: { id_osoby: 6, imie_nazwisko: 'Żaneta Kos', ugrupowanie: FS, ...IN_RADA },
        wspolne_glosowania: 4,
        zgodne: 3,
        zgodnosc_procent: 75,
      },
      {
        pozycja: 3,
        radny_1: { id_osoby: 1, imie_nazwisko: 'Anna Nowak', ugrupowanie: RDM, ...IN_RADA },
        radny_2: { id_osoby: 3, imie_nazwisko: 'Łucja Wróbel', ugrupowanie: FS, ...IN_RADA },
        wspolne_glosowania: 11,
        zgodne: 6,
        zgodnosc_procent: 54.55,
      },
      {
        pozycja: 4,
        radny_1: { id_osoby: 4, imie_nazwisko: 'Lech Mazur', ugrupowanie: FS, ...IN_RADA },
        radny_2: { id_osoby: 5, imie_nazwisko: 'Anna Nowak', ugrupowanie: null, ...IN_RADA },
        wspolne_glosowania: 6,
        zgodne: 3,
        zgodnosc_procent: 50,
      },
      {
        pozycja: 5,
        radny_1: { id_osoby: 3, imie_nazwisko: 'Łucja Wróbel', ugrupowanie: FS, ...IN_RADA },
        radny_2: { id_osoby: 6, imie_nazwisko: 'Żaneta Kos', ugrupowanie: FS, ...IN_RADA },
        wspolne_glosowania: 4,
        zgodne: 2,
        zgodnosc_procent: 50,
      },
      {
        pozycja: 6,
        radny_1: { id_osoby: 5, imie_nazwisko: 'Anna Nowak', ugrupowanie: null, ...IN_RADA },
        radny_2: { id_osoby: 6, imie_nazwisko: 'Żaneta Kos', ugrupowanie: FS, ...IN_RADA },
        wspolne_glosowania: 4,
        zgodne: 2,
        zgodnosc_procent: 50,
      },
      {
        pozycja: 7,
        radny_1: { id_osoby: 1, imie_nazwisko: 'Anna Nowak', ugrupowanie: RDM, ...IN_RADA },
        radny_2: { id_osoby: 2, imie_nazwisko: 'Zenon Lis', ugrupowanie: FS, ...IN_RADA },
        wspolne_glosowania: 2,
        zgodne: 1,
        zgodnosc_procent: 50,
      },
      {
        pozycja: 8,
        radny_1: { id_osoby: 2, imie_nazwisko: 'Zenon Lis', ugrupowanie: FS, ...IN_RADA },
        radny_2: { id_osoby: 3, imie_nazwisko: 'Łucja Wróbel', ugrupowanie: FS, ...IN_RADA },
        wspolne_glosowania: 2,
        zgodne: 1,
        zgodnosc_procent: 50,
      },
      {
        pozycja: 9,
        radny_1: { id_osoby: 2, imie_nazwisko: 'Zenon Lis', ugrupowanie: FS, ...IN_RADA },
        radny_2: { id_osoby: 4, imie_nazwisko: 'Lech Mazur', ugrupowanie: FS, ...IN_RADA },
        wspolne_glosowania: 2,
        zgodne: 1,
        zgodnosc_procent: 50,
      },
      {
        pozycja: 10,
        radny_1: { id_osoby: 1, imie_nazwisko: 'Anna Nowak', ugrupowanie: RDM, ...IN_RADA },
        radny_2: { id_osoby: 4, imie_nazwisko: 'Lech Mazur', ugrupowanie: FS, ...IN_RADA },
        wspolne_glosowania: 11,
        zgodne: 5,
        zgodnosc_procent: 45.45,
      },
      {
        pozycja: 11,
        radny_1: { id_osoby: 1, imie_nazwisko: 'Anna Nowak', ugrupowanie: RDM, ...IN_RADA },
        radny_2: { id_osoby: 5, imie_nazwisko: 'Anna Nowak', ugrupowanie: null, ...IN_RADA },
        wspolne_glosowania: 6,
        zgodne: 2,
        zgodnosc_procent: 33.33,
      },
      {
        pozycja: 12,
        radny_1: { id_osoby: 3, imie_nazwisko: 'Łucja Wróbel', ugrupowanie: FS, ...IN_RADA },
        radny_2: { id_osoby: 4, imie_nazwisko: 'Lech Mazur', ugrupowanie: FS, ...IN_RADA },
        wspolne_glosowania: 11,
        zgodne: 3,
        zgodnosc_procent: 27.27,
      },
      {
        pozycja: 13,
        radny_1: { id_osoby: 3, imie_nazwisko: 'Łucja Wróbel', ugrupowanie: FS, ...IN_RADA },
        radny_2: { id_osoby: 5, imie_nazwisko: 'Anna Nowak', ugrupowanie: null, ...IN_RADA },
        wspolne_glosowania: 6,
        zgodne: 1,
        zgodnosc_procent: 16.67,
      }, // 1/6
    ],
  },
  {
    path: '/api/statystyki/top-koalicje',
    query: { min_wspolne: '1', limit: '3' },
    data: [
      {
        pozycja: 1,
        radny_1: { id_osoby: 1, imie_nazwisko: 'Anna Nowak', ugrupowanie: RDM, ...IN_RADA },
        radny_2: { id_osoby: 6, imie_nazwisko: 'Żaneta Kos', ugrupowanie: FS, ...IN_RADA },
        wspolne_glosowania: 4,
        zgodne: 4,
        zgodnosc_procent: 100,
      },
      {
        pozycja: 2,
        radny_1: { id_osoby: 4, imie_nazwisko: 'Lech Mazur', ugrupowanie: FS, ...IN_RADA },
        radny_2: { id_osoby: 6, imie_nazwisko: 'Żaneta Kos', ugrupowanie: FS, ...IN_RADA },
        wspolne_glosowania: 4,
        zgodne: 3,
        zgodnosc_procent: 75,
      },
      {
        pozycja: 3,
        radny_1: { id_osoby: 1, imie_nazwisko: 'Anna Nowak', ugrupowanie: RDM, ...IN_RADA },
        radny_2: { id_osoby: 3, imie_nazwisko: 'Łucja Wróbel', ugrupowanie: FS, ...IN_RADA },
        wspolne_glosowania: 11,
        zgodne: 6,
        zgodnosc_procent: 54.55,
      },
    ],
  },
  {
    // current groups differ; no group counts as different from every group (a choice, see the report);
    // drops (4,6) (3,6) (2,3) (2,4) (3,4) — all FS/FS
    path: '/api/statystyki/top-koalicje',
    query: { min_wspolne: '1', tylko_miedzy_ugrupowaniami: 'true' },
    data: [
      {
        pozycja: 1,
        radny_1: { id_osoby: 1, imie_nazwisko: 'Anna Nowak', ugrupowanie: RDM, ...IN_RADA },
        radny_2: { id_osoby: 6, imie_nazwisko: 'Żaneta Kos', ugrupowanie: FS, ...IN_RADA },
        wspolne_glosowania: 4,
        zgodne: 4,
        zgodnosc_procent: 100,
      },
      {
        pozycja: 2,
        radny_1: { id_osoby: 1, imie_nazwisko: 'Anna Nowak', ugrupowanie: RDM, ...IN_RADA },
        radny_2: { id_osoby: 3, imie_nazwisko: 'Łucja Wróbel', ugrupowanie: FS, ...IN_RADA },
        wspolne_glosowania: 11,
        zgodne: 6,
        zgodnosc_procent: 54.55,
      },
      {
        pozycja: 3,
        radny_1: { id_osoby: 4, imie_nazwisko: 'Lech Mazur', ugrupowanie: FS, ...IN_RADA },
        radny_2: { id_osoby: 5, imie_nazwisko: 'Anna Nowak', ugrupowanie: null, ...IN_RADA },
        wspolne_glosowania: 6,
        zgodne: 3,
        zgodnosc_procent: 50,
      },
      {
        pozycja: 4,
        radny_1: { id_osoby: 5, imie_nazwisko: 'Anna Nowak', ugrupowanie: null, ...IN_RADA },
        radny_2: { id_osoby: 6, imie_nazwisko: 'Żaneta Kos', ugrupowanie: FS, ...IN_RADA },
        wspolne_glosowania: 4,
        zgodne: 2,
        zgodnosc_procent: 50,
      },
      {
        pozycja: 5,
        radny_1: { id_osoby: 1, imie_nazwisko: 'Anna Nowak', ugrupowanie: RDM, ...IN_RADA },
        radny_2: { id_osoby: 2, imie_nazwisko: 'Zenon Lis', ugrupowanie: FS, ...IN_RADA },
        wspolne_glosowania: 2,
        zgodne: 1,
        zgodnosc_procent: 50,
      },
      {
        pozycja: 6,
        radny_1: { id_osoby: 1, imie_nazwisko: 'Anna Nowak', ugrupowanie: RDM, ...IN_RADA },
        radny_2: { id_osoby: 4, imie_nazwisko: 'Lech Mazur', ugrupowanie: FS, ...IN_RADA },
        wspolne_glosowania: 11,
        zgodne: 5,
        zgodnosc_procent: 45.45,
      },
      {
        pozycja: 7,
        radny_1: { id_osoby: 1, imie_nazwisko: 'Anna Nowak', ugrupowanie: RDM, ...IN_RADA },
        radny_2: { id_osoby: 5, imie_nazwisko: 'Anna Nowak', ugrupowanie: null, ...IN_RADA },
        wspolne_glosowania: 6,
        zgodne: 2,
        zgodnosc_procent: 33.33,
      },
      {
        pozycja: 8,
        radny_1: { id_osoby: 3, imie_nazwisko: 'Łucja Wróbel', ugrupowanie: FS, ...IN_RADA },
        radny_2: { id_osoby: 5, imie_nazwisko: 'Anna Nowak', ugrupowanie: null, ...IN_RADA },
        wspolne_glosowania: 6,
        zgodne: 1,
        zgodnosc_procent: 16.67,
      },
    ],
  },
  {
    path: '/api/statystyki/top-koalicje',
    query: { kadencja: T1, min_wspolne: '1' }, // (1,3) 2/4 before the 1/2 pairs with 2 shared; (1,4) 1/4; (3,4) 0/4
    data: [
      {
        pozycja: 1,
        radny_1: { id_osoby: 1, imie_nazwisko: 'Anna Nowak', ugrupowanie: RDM, ...IN_RADA },
        radny_2: { id_osoby: 3, imie_nazwisko: 'Łucja Wróbel', ugrupowanie: RDM, ...IN_RADA },
        wspolne_glosowania: 4,
        zgodne: 2,
        zgodnosc_procent: 50,
      },
      {
        pozycja: 2,
        radny_1: { id_osoby: 1, imie_nazwisko: 'Anna Nowak', ugrupowanie: RDM, ...IN_RADA },
        radny_2: { id_osoby: 2, imie_nazwisko: 'Zenon Lis', ugrupowanie: FS, ...IN_RADA },
        wspolne_glosowania: 2,
        zgodne: 1,
        zgodnosc_procent: 50,
      },
      {
        pozycja: 3,
        radny_1: { id_osoby: 2, imie_nazwisko: 'Zenon Lis', ugrupowanie: FS, ...IN_RADA },
        radny_2: { id_osoby: 3, imie_nazwisko: 'Łucja Wróbel', ugrupowanie: RDM, ...IN_RADA },
        wspolne_glosowania: 2,
        zgodne: 1,
        zgodnosc_procent: 50,
      },
      {
        pozycja: 4,
        radny_1: { id_osoby: 2, imie_nazwisko: 'Zenon Lis', ugrupowanie: FS, ...IN_RADA },
        radny_2: { id_osoby: 4, imie_nazwisko: 'Lech Mazur', ugrupowanie: FS, ...IN_RADA },
        wspolne_glosowania: 2,
        zgodne: 1,
        zgodnosc_procent: 50,
      },
      {
        pozycja: 5,
        radny_1: { id_osoby: 1, imie_nazwisko: 'Anna Nowak', ugrupowanie: RDM, ...IN_RADA },
        radny_2: { id_osoby: 4, imie_nazwisko: 'Lech Mazur', ugrupowanie: FS, ...IN_RADA },
        wspolne_glosowania: 4,
        zgodne: 1,
        zgodnosc_procent: 25,
      },
      {
        pozycja: 6,
        radny_1: { id_osoby: 3, imie_nazwisko: 'Łucja Wróbel', ugrupowanie: RDM, ...IN_RADA },
        radny_2: { id_osoby: 4, imie_nazwisko: 'Lech Mazur', ugrupowanie: FS, ...IN_RADA },
        wspolne_glosowania: 4,
        zgodne: 0,
        zgodnosc_procent: 0,
      },
    ],
  },
  {
    path: '/api/statystyki/top-koalicje',
    query: { kadencja: T1, min_wspolne: '1', tylko_miedzy_ugrupowaniami: 'true' }, // T1: 1,3 RdM; 2,4 FS → drops (1,3), (2,4)
    data: [
      {
        pozycja: 1,
        radny_1: { id_osoby: 1, imie_nazwisko: 'Anna Nowak', ugrupowanie: RDM, ...IN_RADA },
        radny_2: { id_osoby: 2, imie_nazwisko: 'Zenon Lis', ugrupowanie: FS, ...IN_RADA },
        wspolne_glosowania: 2,
        zgodne: 1,
        zgodnosc_procent: 50,
      },
      {
        pozycja: 2,
        radny_1: { id_osoby: 2, imie_nazwisko: 'Zenon Lis', ugrupowanie: FS, ...IN_RADA },
        radny_2: { id_osoby: 3, imie_nazwisko: 'Łucja Wróbel', ugrupowanie: RDM, ...IN_RADA },
        wspolne_glosowania: 2,
        zgodne: 1,
        zgodnosc_procent: 50,
      },
      {
        pozycja: 3,
        radny_1: { id_osoby: 1, imie_nazwisko: 'Anna Nowak', ugrupowanie: RDM, ...IN_RADA },
        radny_2: { id_osoby: 4, imie_nazwisko: 'Lech Mazur', ugrupowanie: FS, ...IN_RADA },
        wspolne_glosowania: 4,
        zgodne: 1,
        zgodnosc_procent: 25,
      },
      {
        pozycja: 4,
        radny_1: { id_osoby: 3, imie_nazwisko: 'Łucja Wróbel', ugrupowanie: RDM, ...IN_RADA },
        radny_2: { id_osoby: 4, imie_nazwisko: 'Lech Mazur', ugrupowanie: FS, ...IN_RADA },
        wspolne_glosowania: 4,
        zgodne: 0,
        zgodnosc_procent: 0,
      },
    ],
  },

  // ── sessions ─────────────────────────────────────────────────────────────────────────────
  { path: '/api/posiedzenia', data: [S4, S3, S2, S1], pagination: page(1, 20, 4, 1) }, // date desc
  { path: '/api/posiedzenia', query: { organ: '1', kadencja: T2 }, data: [S4, S2], pagination: page(1, 20, 2, 1) },
  {
    path: '/api/posiedzenia',
    query: { data_od: '2019-01-16', data_do: '2019-02-01' },
    data: [S4, S3],
    pagination: page(1, 20, 2, 1),
  }, // S4 on data_do itself
  { path: '/api/posiedzenia', query: { limit: '1', page: '3' }, data: [S2], pagination: page(3, 1, 4, 4) },
  { path: '/api/posiedzenia/3', data: S3 },
  { path: '/api/posiedzenia/1', data: S1 },
  { path: '/api/posiedzenia/99', notFound: true },
  { path: '/api/posiedzenia/99/punkty', notFound: true },
  {
    path: '/api/posiedzenia/4/punkty', // natural order 7.2 < 7.10 < 10 (byte order would be 10, 7.10, 7.2)
    data: [
      { id_punktu: 42, numer: '7.2', tytul: 'Zmiana uchwały budżetowej na 2019 rok', liczba_glosowan: 1 }, // V10
      { id_punktu: 41, numer: '7.10', tytul: 'Miejscowy plan zagospodarowania przestrzennego', liczba_glosowan: 2 }, // V11, V12
      { id_punktu: 43, numer: '10', tytul: 'Wolne wnioski', liczba_glosowan: 1 }, // V13
    ],
  },
  {
    path: '/api/posiedzenia/1/punkty',
    data: [{ id_punktu: 11, numer: '3', tytul: 'Budżet miasta', liczba_glosowan: 2 }],
  }, // V1, V2
  { path: '/api/posiedzenia/2/punkty', data: [] },
  {
    // glosowania / nieobecny_w_glosowaniach (§5): the person's ballots in V1–V4, and the N among them
    path: '/api/posiedzenia/1/obecnosci', // the given rows only (no row for 1); name order 4, 3, 2; T1 groups
    data: [
      { id_osoby: 4, imie_nazwisko: 'Lech Mazur', ugrupowanie: FS, obecny: true, ...atSession(4, 0), ...IN_RADA }, // P P W P
      { id_osoby: 3, imie_nazwisko: 'Łucja Wróbel', ugrupowanie: RDM, obecny: true, ...atSession(4, 0), ...IN_RADA }, // Z Z P Z
      { id_osoby: 2, imie_nazwisko: 'Zenon Lis', ugrupowanie: FS, obecny: false, ...atSession(4, 1), ...IN_RADA }, // Z P N B
    ],
  },
  {
    path: '/api/posiedzenia/3/obecnosci', // derived from V8, V9; 2019-01-31 is m6's last day: 3 in RdM
    data: [
      { id_osoby: 1, imie_nazwisko: 'Anna Nowak', ugrupowanie: RDM, obecny: true, ...atSession(2, 1), ...IN_RADA }, // V8 Z, V9 N
      { id_osoby: 5, imie_nazwisko: 'Anna Nowak', ugrupowanie: null, obecny: false, ...atSession(2, 2), ...IN_RADA }, // N, N
      { id_osoby: 4, imie_nazwisko: 'Lech Mazur', ugrupowanie: FS, obecny: true, ...atSession(2, 1), ...IN_RADA }, // P, N
      { id_osoby: 3, imie_nazwisko: 'Łucja Wróbel', ugrupowanie: RDM, obecny: true, ...atSession(2, 0), ...IN_RADA }, // V8 Z (V9 B)
      { id_osoby: 6, imie_nazwisko: 'Żaneta Kos', ugrupowanie: FS, obecny: true, ...atSession(1, 0), ...IN_RADA }, // V8 B only: not nieobecny → present
    ],
  },
  {
    path: '/api/posiedzenia/4/obecnosci', // given rows; 2019-02-01 is m7's first day: 3 in FS
    data: [
      // V10–V14 (V13 only 6, V14 no ballots)
      { id_osoby: 1, imie_nazwisko: 'Anna Nowak', ugrupowanie: RDM, obecny: true, ...atSession(3, 0), ...IN_RADA }, // Z P W
      { id_osoby: 5, imie_nazwisko: 'Anna Nowak', ugrupowanie: null, obecny: true, ...atSession(3, 0), ...IN_RADA }, // Z W P
      { id_osoby: 4, imie_nazwisko: 'Lech Mazur', ugrupowanie: FS, obecny: true, ...atSession(3, 0), ...IN_RADA }, // Z P Z
      { id_osoby: 3, imie_nazwisko: 'Łucja Wróbel', ugrupowanie: FS, obecny: true, ...atSession(3, 0), ...IN_RADA }, // P P Z
      { id_osoby: 6, imie_nazwisko: 'Żaneta Kos', ugrupowanie: FS, obecny: true, ...atSession(4, 2), ...IN_RADA }, // Z N N Z
    ],
  },

  // ── What the record disagrees about (CONTRACT §12) ──────────────────────────────────────────────
  // Per vote: tylko_liczby V14 (no ballot, stated 4:0:1) · rozbiezne_liczby V10 (stated za 5, przeciw 1 against the
  // roll call's 4:1) · wynik_wbrew_liczbom V13 (stated odrzucono at 1:0); the other stated results agree (V1 3:1
  // przyjęto, V4 1:2 odrzucono, V6 3:1 przyjęto, V8 2:1 przyjęto, V11 0:3 odrzucono); V14's derived wynik never does.
  // Lists: S1 (T1) and S4 (T2), both Rada; no one present on them has every ballot N (see the obecnosci above).
  // Body 3 has no vote and no session: not listed.
  {
    path: '/api/utils/jakosc',
    data: [
      quality(1, 'Rada Miasta', [12, 11, 1, 1, 1], [3, 2, 0]), // V1–V7, V10–V14; imienne all but V14; S1 S2 S4
      quality(2, 'Komisja Budżetowa', [2, 2, 0, 0, 0], [1, 0, 0]), // V8 V9; S3 derived
    ],
  },
  { path: '/api/utils/jakosc', query: { kadencja: T1 }, data: [quality(1, 'Rada Miasta', [4, 4, 0, 0, 0], [1, 1, 0])] },
  {
    path: '/api/utils/jakosc',
    query: { kadencja: T2 },
    data: [
      quality(1, 'Rada Miasta', [8, 7, 1, 1, 1], [2, 1, 0]), // V5–V7, V10–V14; S2 S4
      quality(2, 'Komisja Budżetowa', [2, 2, 0, 0, 0], [1, 0, 0]),
    ],
  },
  {
    path: '/api/utils/jakosc',
    query: { organ: '2' },
    data: [quality(2, 'Komisja Budżetowa', [2, 2, 0, 0, 0], [1, 0, 0])],
  },
  { path: '/api/utils/jakosc', query: { organ: '3' }, data: [] }, // a body without votes or sessions
  { path: '/api/glosowania', query: { jakosc: 'tylko_liczby' }, data: [V14], pagination: page(1, 20, 1, 1) },
  { path: '/api/glosowania', query: { jakosc: 'rozbiezne_liczby' }, data: [V10], pagination: page(1, 20, 1, 1) },
  { path: '/api/glosowania', query: { jakosc: 'wynik_wbrew_liczbom' }, data: [V13], pagination: page(1, 20, 1, 1) },
  {
    path: '/api/glosowania',
    query: { jakosc: 'wynik_wbrew_liczbom', kadencja: T1 },
    data: [],
    pagination: page(1, 20, 0, 0),
  },
  {
    path: '/api/glosowania',
    query: { jakosc: 'rozbiezne_liczby', organ: '2' },
    data: [],
    pagination: page(1, 20, 0, 0),
  },

  // ── organ on every aggregate (CONTRACT §7): the definitions over one body's votes and sessions ──
  // Body 1 (Rada): S1 (T1), S2, S4 (T2); votes V1–V7, V10–V14. Body 2 (Komisja): S3, V8, V9. Body 3: nothing.
  // Attendance records in body 1: 3, 4 → 3/3 · 1, 5, 6 → 2/2 · 2 → 0/1. Body 2 (S3): 1, 3, 4, 6 present, 5 absent.
  // Ballots in body 2 (V8 majority Z; V9 none): 1 Z, 3 Z, 4 P, 5 N N, 6 N/B (no active ballot): glosowania 1/1/1/0/0.
  {
    path: '/api/radni',
    query: { organ: '1' },
    count: 6,
    data: [ALL_LIST[1], ALL_LIST[5], ALL_LIST[4], ALL_LIST[3], ALL_LIST[2], ALL_LIST[6]],
  }, // name order; 7 has no record in body 1
  {
    path: '/api/radni',
    query: { organ: '2' },
    count: 5,
    data: [ALL_LIST[1], ALL_LIST[5], ALL_LIST[4], ALL_LIST[3], ALL_LIST[6]],
  },
  { path: '/api/radni', query: { organ: '3' }, count: 0, data: [] },
  { path: '/api/radni', query: { organ: '1', kadencja: T1 }, count: 3, data: [T1_LIST[4], T1_LIST[3], T1_LIST[2]] }, // 1 has a T1 membership but no T1 record
  { path: '/api/radni', query: { organ: '99' }, notFound: true },
  {
    path: '/api/statystyki/ranking-frekwencji',
    query: { organ: '1' }, // 3, 4 at 3/3 before 1, 5, 6 at 2/2 (more records first); 2 0/1
    data: [
      attendance(1, 3, 3, 3),
      attendance(2, 4, 3, 3),
      attendance(3, 1, 2, 2),
      attendance(4, 5, 2, 2),
      attendance(5, 6, 2, 2),
      attendance(6, 2, 1, 0),
    ],
  },
  {
    path: '/api/statystyki/ranking-frekwencji',
    query: { organ: '2' }, // S3 only
    data: [
      attendance(1, 1, 1, 1),
      attendance(2, 3, 1, 1),
      attendance(3, 4, 1, 1),
      attendance(4, 6, 1, 1),
      attendance(5, 5, 1, 0),
    ],
  },
  {
    path: '/api/statystyki/ranking-frekwencji',
    query: { organ: '1', kadencja: T1 }, // S1; T1 groups (3 in RdM)
    data: [{ ...attendance(1, 3, 1, 1), ugrupowanie: RDM }, attendance(2, 4, 1, 1), attendance(3, 2, 1, 0)],
  },
  { path: '/api/statystyki/ranking-frekwencji', query: { organ: '3' }, data: [] },
  {
    path: '/api/statystyki/ranking-buntownikow',
    query: { organ: '1', min_glosowan: '0' }, // the all-body figures minus V8
    data: [
      rebel(1, 5, 6, 4, 66.67),
      rebel(2, 3, 8, 3, 37.5),
      rebel(3, 4, 8, 2, 25),
      rebel(4, 1, 8, 1, 12.5),
      rebel(5, 2, 1, 0, 0),
      rebel(6, 6, 5, 0, 0),
    ],
  },
  {
    path: '/api/statystyki/ranking-buntownikow',
    query: { organ: '2', min_glosowan: '0' }, // 5 and 6 have ballots in V8/V9 but none active
    data: [
      rebel(1, 4, 1, 1, 100),
      rebel(2, 1, 1, 0, 0),
      rebel(3, 3, 1, 0, 0),
      rebel(4, 5, 0, 0, 0),
      rebel(5, 6, 0, 0, 0),
    ],
  },
  {
    path: '/api/statystyki/ranking-buntownikow',
    query: { organ: '2', min_glosowan: '1' },
    data: [rebel(1, 4, 1, 1, 100), rebel(2, 1, 1, 0, 0), rebel(3, 3, 1, 0, 0)],
  },
  {
    path: '/api/statystyki/ranking-lojalistow',
    query: { organ: '1', min_glosowan: '0' }, // 6 5/5 and 2 1/1 equal → more w_wiekszosci first
    data: [
      loyal(1, 6, 5, 5, 100),
      loyal(2, 2, 1, 1, 100),
      loyal(3, 1, 8, 7, 87.5),
      loyal(4, 4, 8, 6, 75),
      loyal(5, 3, 8, 5, 62.5),
      loyal(6, 5, 6, 2, 33.33),
    ],
  },
  {
    path: '/api/statystyki/top-koalicje',
    query: { organ: '1', min_wspolne: '1' }, // the all-body pairs minus V8: (1,3) 10/5, (1,4) 10/5, (3,4) 10/3
    data: [
      pair(1, 1, 6, 4, 4, 100),
      pair(2, 4, 6, 4, 3, 75),
      pair(3, 1, 3, 10, 5, 50),
      pair(4, 1, 4, 10, 5, 50),
      pair(5, 4, 5, 6, 3, 50),
      pair(6, 3, 6, 4, 2, 50),
      pair(7, 5, 6, 4, 2, 50),
      pair(8, 1, 2, 2, 1, 50),
      pair(9, 2, 3, 2, 1, 50),
      pair(10, 2, 4, 2, 1, 50),
      pair(11, 1, 5, 6, 2, 33.33),
      pair(12, 3, 4, 10, 3, 30),
      pair(13, 3, 5, 6, 1, 16.67),
    ],
  },
  {
    path: '/api/statystyki/top-koalicje',
    query: { organ: '2', min_wspolne: '1' },
    data: [pair(1, 1, 3, 1, 1, 100), pair(2, 1, 4, 1, 0, 0), pair(3, 3, 4, 1, 0, 0)],
  }, // V8: 1 Z, 3 Z, 4 P
  {
    path: '/api/statystyki/top-koalicje',
    query: { organ: '1' },
    data: [pair(1, 1, 3, 10, 5, 50), pair(2, 1, 4, 10, 5, 50), pair(3, 3, 4, 10, 3, 30)],
  }, // default min 10
  { path: '/api/statystyki/top-koalicje', query: { organ: '3', min_wspolne: '0' }, data: [] },
  {
    path: '/api/statystyki/aktywnosc-organow',
    query: { organ: '1' },
    data: [
      {
        id_organu: 1,
        nazwa: 'Rada Miasta',
        typ: 'rada',
        liczba_posiedzen: 3,
        liczba_glosow: 12,
        srednia_glosow_na_posiedzenie: 4,
      },
    ],
  },
  {
    path: '/api/statystyki/aktywnosc-organow',
    query: { organ: '2', kadencja: T1 },
    data: [
      {
        id_organu: 2,
        nazwa: 'Komisja Budżetowa',
        typ: 'komisja',
        liczba_posiedzen: 0,
        liczba_glosow: 0,
        srednia_glosow_na_posiedzenie: 0,
      },
    ],
  },
  // ── Topics (CONTRACT §11, HAND_TOPICS; topics of the votes in the header) ───────────────────────
  {
    path: '/api/utils/tematy', // every entry in file order, then inne; 0 included
    data: [
      { temat: 'procedura', nazwa: 'Procedura', liczba_glosowan: 3 },
      { temat: 'budzet', nazwa: 'Budżet', liczba_glosowan: 6 },
      { temat: 'obywatelski', nazwa: 'Budżet obywatelski', liczba_glosowan: 0 },
      { temat: 'nazwy', nazwa: 'Nazwy', liczba_glosowan: 1 },
      { temat: 'plany', nazwa: 'Plany', liczba_glosowan: 1 },
      { temat: 'skargi', nazwa: 'Skargi', liczba_glosowan: 1 },
      { temat: 'inne', nazwa: 'Inne', liczba_glosowan: 2 }, // V4, V14
    ],
  },
  {
    path: '/api/utils/tematy',
    query: { kadencja: T1 }, // V1 V2 budzet, V3 nazwy, V4 inne
    data: [
      { temat: 'procedura', nazwa: 'Procedura', liczba_glosowan: 0 },
      { temat: 'budzet', nazwa: 'Budżet', liczba_glosowan: 2 },
      { temat: 'obywatelski', nazwa: 'Budżet obywatelski', liczba_glosowan: 0 },
      { temat: 'nazwy', nazwa: 'Nazwy', liczba_glosowan: 1 },
      { temat: 'plany', nazwa: 'Plany', liczba_glosowan: 0 },
      { temat: 'skargi', nazwa: 'Skargi', liczba_glosowan: 0 },
      { temat: 'inne', nazwa: 'Inne', liczba_glosowan: 1 },
    ],
  },
  {
    path: '/api/utils/tematy',
    query: { organ: '3' }, // a body without votes: every topic at 0
    data: [
      { temat: 'procedura', nazwa: 'Procedura', liczba_glosowan: 0 },
      { temat: 'budzet', nazwa: 'Budżet', liczba_glosowan: 0 },
      { temat: 'obywatelski', nazwa: 'Budżet obywatelski', liczba_glosowan: 0 },
      { temat: 'nazwy', nazwa: 'Nazwy', liczba_glosowan: 0 },
      { temat: 'plany', nazwa: 'Plany', liczba_glosowan: 0 },
      { temat: 'skargi', nazwa: 'Skargi', liczba_glosowan: 0 },
      { temat: 'inne', nazwa: 'Inne', liczba_glosowan: 0 },
    ],
  },
  {
    path: '/api/statystyki/tematy', // topics with a vote, in vocabulary order; mean kontrowersyjnosc = Σk / n, half-up
    data: [
      {
        temat: 'procedura',
        nazwa: 'Procedura',
        liczba_glosowan: 3,
        przyjete: 1,
        odrzucone: 2,
        srednia_kontrowersyjnosc: 0,
      }, // V5 P, V9 O, V13 O (stated)
      {
        temat: 'budzet',
        nazwa: 'Budżet',
        liczba_glosowan: 6,
        przyjete: 4,
        odrzucone: 2,
        srednia_kontrowersyjnosc: 64.5,
      }, // 387 / 6 = 64.5
      { temat: 'nazwy', nazwa: 'Nazwy', liczba_glosowan: 1, przyjete: 0, odrzucone: 1, srednia_kontrowersyjnosc: 100 },
      { temat: 'plany', nazwa: 'Plany', liczba_glosowan: 1, przyjete: 0, odrzucone: 1, srednia_kontrowersyjnosc: 0 },
      { temat: 'skargi', nazwa: 'Skargi', liczba_glosowan: 1, przyjete: 1, odrzucone: 0, srednia_kontrowersyjnosc: 67 },
      { temat: 'inne', nazwa: 'Inne', liczba_glosowan: 2, przyjete: 1, odrzucone: 1, srednia_kontrowersyjnosc: 33.5 }, // V4 O 67, V14 P 0 (tally-only)
    ],
  },
  {
    path: '/api/statystyki/tematy',
    query: { kadencja: T2 }, // budzet V6 50 P, V7 80 O, V8 67 P, V10 40 P → 237 / 4 = 59.25
    data: [
      {
        temat: 'procedura',
        nazwa: 'Procedura',
        liczba_glosowan: 3,
        przyjete: 1,
        odrzucone: 2,
        srednia_kontrowersyjnosc: 0,
      },
      {
        temat: 'budzet',
        nazwa: 'Budżet',
        liczba_glosowan: 4,
        przyjete: 3,
        odrzucone: 1,
        srednia_kontrowersyjnosc: 59.25,
      },
      { temat: 'plany', nazwa: 'Plany', liczba_glosowan: 1, przyjete: 0, odrzucone: 1, srednia_kontrowersyjnosc: 0 },
      { temat: 'skargi', nazwa: 'Skargi', liczba_glosowan: 1, przyjete: 1, odrzucone: 0, srednia_kontrowersyjnosc: 67 },
      { temat: 'inne', nazwa: 'Inne', liczba_glosowan: 1, przyjete: 1, odrzucone: 0, srednia_kontrowersyjnosc: 0 }, // V14
    ],
  },
  {
    path: '/api/statystyki/tematy',
    query: { organ: '2' }, // the committee: V8 budzet (P, 67), V9 procedura (O, 0)
    data: [
      {
        temat: 'procedura',
        nazwa: 'Procedura',
        liczba_glosowan: 1,
        przyjete: 0,
        odrzucone: 1,
        srednia_kontrowersyjnosc: 0,
      },
      { temat: 'budzet', nazwa: 'Budżet', liczba_glosowan: 1, przyjete: 1, odrzucone: 0, srednia_kontrowersyjnosc: 67 },
    ],
  },
  { path: '/api/statystyki/tematy', query: { organ: '3' }, data: [] },
  {
    // 1: procedura V5 Z (zgodnosc ✓) V9 N · budzet V1 Z✓ V2 Z✓ V6 Z (g1 tie) V7 P✓ V8 Z✓ V10 Z (alone in g1)
    //    nazwy V3 Z (tie) · plany V11 P (alone) · skargi V12 W (alone) · inne V4 P (tie); 5 counted, as zgodnosc-grupa
    path: '/api/radni/1/tematy',
    data: [
      {
        temat: 'procedura',
        nazwa: 'Procedura',
        za: 1,
        przeciw: 0,
        wstrzymujacy: 0,
        nieobecny: 1,
        brak_glosu: 0,
        za_procent: 50,
        przeciw_procent: 0,
        wszystkie_glosowania: 1,
        zgodne: 1,
        zgodnosc_procent: 100,
      },
      {
        temat: 'budzet',
        nazwa: 'Budżet',
        za: 5,
        przeciw: 1,
        wstrzymujacy: 0,
        nieobecny: 0,
        brak_glosu: 0,
        za_procent: 83.33,
        przeciw_procent: 16.67,
        wszystkie_glosowania: 4,
        zgodne: 4,
        zgodnosc_procent: 100,
      }, // 5/6, 1/6
      {
        temat: 'nazwy',
        nazwa: 'Nazwy',
        za: 1,
        przeciw: 0,
        wstrzymujacy: 0,
        nieobecny: 0,
        brak_glosu: 0,
        za_procent: 100,
        przeciw_procent: 0,
        wszystkie_glosowania: 0,
        zgodne: 0,
        zgodnosc_procent: 0,
      },
      {
        temat: 'plany',
        nazwa: 'Plany',
        za: 0,
        przeciw: 1,
        wstrzymujacy: 0,
        nieobecny: 0,
        brak_glosu: 0,
        za_procent: 0,
        przeciw_procent: 100,
        wszystkie_glosowania: 0,
        zgodne: 0,
        zgodnosc_procent: 0,
      },
      {
        temat: 'skargi',
        nazwa: 'Skargi',
        za: 0,
        przeciw: 0,
        wstrzymujacy: 1,
        nieobecny: 0,
        brak_glosu: 0,
        za_procent: 0,
        przeciw_procent: 0,
        wszystkie_glosowania: 0,
        zgodne: 0,
        zgodnosc_procent: 0,
      },
      {
        temat: 'inne',
        nazwa: 'Inne',
        za: 0,
        przeciw: 1,
        wstrzymujacy: 0,
        nieobecny: 0,
        brak_glosu: 0,
        za_procent: 0,
        przeciw_procent: 100,
        wszystkie_glosowania: 0,
        zgodne: 0,
        zgodnosc_procent: 0,
      },
    ],
  },
  {
    path: '/api/radni/anna-nowak/tematy',
    query: { organ: '2' }, // the committee: V9 N (procedura), V8 Z✓ (budzet)
    data: [
      {
        temat: 'procedura',
        nazwa: 'Procedura',
        za: 0,
        przeciw: 0,
        wstrzymujacy: 0,
        nieobecny: 1,
        brak_glosu: 0,
        za_procent: 0,
        przeciw_procent: 0,
        wszystkie_glosowania: 0,
        zgodne: 0,
        zgodnosc_procent: 0,
      },
      {
        temat: 'budzet',
        nazwa: 'Budżet',
        za: 1,
        przeciw: 0,
        wstrzymujacy: 0,
        nieobecny: 0,
        brak_glosu: 0,
        za_procent: 100,
        przeciw_procent: 0,
        wszystkie_glosowania: 1,
        zgodne: 1,
        zgodnosc_procent: 100,
      },
    ],
  },
  {
    path: '/api/radni/1/tematy',
    query: { kadencja: T1 }, // V1 Z✓ V2 Z✓ (budzet), V3 Z (nazwy), V4 P (inne)
    data: [
      {
        temat: 'budzet',
        nazwa: 'Budżet',
        za: 2,
        przeciw: 0,
        wstrzymujacy: 0,
        nieobecny: 0,
        brak_glosu: 0,
        za_procent: 100,
        przeciw_procent: 0,
        wszystkie_glosowania: 2,
        zgodne: 2,
        zgodnosc_procent: 100,
      },
      {
        temat: 'nazwy',
        nazwa: 'Nazwy',
        za: 1,
        przeciw: 0,
        wstrzymujacy: 0,
        nieobecny: 0,
        brak_glosu: 0,
        za_procent: 100,
        przeciw_procent: 0,
        wszystkie_glosowania: 0,
        zgodne: 0,
        zgodnosc_procent: 0,
      },
      {
        temat: 'inne',
        nazwa: 'Inne',
        za: 0,
        przeciw: 1,
        wstrzymujacy: 0,
        nieobecny: 0,
        brak_glosu: 0,
        za_procent: 0,
        przeciw_procent: 100,
        wszystkie_glosowania: 0,
        zgodne: 0,
        zgodnosc_procent: 0,
      },
    ],
  },
  {
    // 3: procedura V5 Z✓ V9 B · budzet V1 Z✓ V2 Z✓ V6 P (g1 tie) V7 P✓ V8 Z✓ V10 P✗ (g2 Z) · nazwy V3 P (tie)
    //    plany V11 P✓ (g2 P with 4) · skargi V12 Z✓ (g2 Z with 4) · inne V4 Z (tie); 8 counted, 7 agree, as zgodnosc-grupa
    path: '/api/radni/3/tematy',
    data: [
      {
        temat: 'procedura',
        nazwa: 'Procedura',
        za: 1,
        przeciw: 0,
        wstrzymujacy: 0,
        nieobecny: 0,
        brak_glosu: 1,
        za_procent: 50,
        przeciw_procent: 0,
        wszystkie_glosowania: 1,
        zgodne: 1,
        zgodnosc_procent: 100,
      },
      {
        temat: 'budzet',
        nazwa: 'Budżet',
        za: 3,
        przeciw: 3,
        wstrzymujacy: 0,
        nieobecny: 0,
        brak_glosu: 0,
        za_procent: 50,
        przeciw_procent: 50,
        wszystkie_glosowania: 5,
        zgodne: 4,
        zgodnosc_procent: 80,
      },
      {
        temat: 'nazwy',
        nazwa: 'Nazwy',
        za: 0,
        przeciw: 1,
        wstrzymujacy: 0,
        nieobecny: 0,
        brak_glosu: 0,
        za_procent: 0,
        przeciw_procent: 100,
        wszystkie_glosowania: 0,
        zgodne: 0,
        zgodnosc_procent: 0,
      },
      {
        temat: 'plany',
        nazwa: 'Plany',
        za: 0,
        przeciw: 1,
        wstrzymujacy: 0,
        nieobecny: 0,
        brak_glosu: 0,
        za_procent: 0,
        przeciw_procent: 100,
        wszystkie_glosowania: 1,
        zgodne: 1,
        zgodnosc_procent: 100,
      },
      {
        temat: 'skargi',
        nazwa: 'Skargi',
        za: 1,
        przeciw: 0,
        wstrzymujacy: 0,
        nieobecny: 0,
        brak_glosu: 0,
        za_procent: 100,
        przeciw_procent: 0,
        wszystkie_glosowania: 1,
        zgodne: 1,
        zgodnosc_procent: 100,
      },
      {
        temat: 'inne',
        nazwa: 'Inne',
        za: 1,
        przeciw: 0,
        wstrzymujacy: 0,
        nieobecny: 0,
        brak_glosu: 0,
        za_procent: 100,
        przeciw_procent: 0,
        wszystkie_glosowania: 0,
        zgodne: 0,
        zgodnosc_procent: 0,
      },
    ],
  },
  {
    // 2 (T1 only, FS): budzet V1 Z (g2 tie) V2 P✓ (g2 P with 4) · nazwy V3 N · inne V4 B
    path: '/api/radni/zenon-lis/tematy',
    data: [
      {
        temat: 'budzet',
        nazwa: 'Budżet',
        za: 1,
        przeciw: 1,
        wstrzymujacy: 0,
        nieobecny: 0,
        brak_glosu: 0,
        za_procent: 50,
        przeciw_procent: 50,
        wszystkie_glosowania: 1,
        zgodne: 1,
        zgodnosc_procent: 100,
      },
      {
        temat: 'nazwy',
        nazwa: 'Nazwy',
        za: 0,
        przeciw: 0,
        wstrzymujacy: 0,
        nieobecny: 1,
        brak_glosu: 0,
        za_procent: 0,
        przeciw_procent: 0,
        wszystkie_glosowania: 0,
        zgodne: 0,
        zgodnosc_procent: 0,
      },
      {
        temat: 'inne',
        nazwa: 'Inne',
        za: 0,
        przeciw: 0,
        wstrzymujacy: 0,
        nieobecny: 0,
        brak_glosu: 1,
        za_procent: 0,
        przeciw_procent: 0,
        wszystkie_glosowania: 0,
        zgodne: 0,
        zgodnosc_procent: 0,
      },
    ],
  },
  { path: '/api/radni/2/tematy', query: { kadencja: T2 }, data: [] }, // no ballot in T2
  { path: '/api/radni/borys-zuk/tematy', data: [] }, // no ballot at all
  { path: '/api/radni/99/tematy', notFound: true },
  // The topic filter: the topic's votes in date order, its total from the ETL's counts.
  {
    path: '/api/glosowania',
    query: { temat: 'budzet' },
    data: [V10, V8, V7, V6, V2, V1],
    pagination: page(1, 20, 6, 1),
  },
  {
    path: '/api/glosowania',
    query: { temat: 'procedura', kadencja: T2, limit: '2', page: '2' },
    data: [V5],
    pagination: page(2, 2, 3, 2),
  }, // V13, V9 | V5
  { path: '/api/glosowania', query: { temat: 'budzet', organ: '2' }, data: [V8], pagination: page(1, 20, 1, 1) },
  {
    path: '/api/glosowania',
    query: { temat: 'budzet', wynik: 'odrzucono' },
    data: [V7, V2],
    pagination: page(1, 20, 2, 1),
  },
  { path: '/api/glosowania', query: { temat: 'obywatelski' }, data: [], pagination: page(1, 20, 0, 0) }, // an entry that never wins
  { path: '/api/glosowania', query: { temat: 'inne' }, data: [V14, V4], pagination: page(1, 20, 2, 1) },
  {
    path: '/api/glosowania',
    query: { temat: 'budzet', search: 'zmiana' },
    data: [V10, V2],
    pagination: page(1, 20, 2, 1),
  }, // with the title search
  {
    path: '/api/radni/3/glosowania',
    query: { temat: 'budzet' }, // 3's budzet ballots: V10 P, V8 Z, V7 P, V6 P, V2 Z, V1 Z
    data: [
      { ...V10, glos: 'przeciw' },
      { ...V8, glos: 'za' },
      { ...V7, glos: 'przeciw' },
      { ...V6, glos: 'przeciw' },
      { ...V2, glos: 'za' },
      { ...V1, glos: 'za' },
    ],
    pagination: page(1, 20, 6, 1),
  },
  {
    path: '/api/radni/lucja-wrobel/glosowania',
    query: { temat: 'budzet', glos: 'przeciw', limit: '2' }, // V10, V7 | V6: total 3 = przeciw in 3's budzet row
    data: [
      { ...V10, glos: 'przeciw' },
      { ...V7, glos: 'przeciw' },
    ],
    pagination: page(1, 2, 3, 2),
  },
  {
    path: '/api/radni/1/glosowania',
    query: { temat: 'procedura', organ: '2' },
    data: [{ ...V9, glos: 'nieobecny' }],
    pagination: page(1, 20, 1, 1),
  },
  { path: '/api/radni/1/glosowania', query: { temat: 'obywatelski' }, data: [], pagination: page(1, 20, 0, 0) },
  // The lists counted by zgodnosc-grupa, per topic: their totals are radny_temat's (3's budzet: 5 counted, 4 agree).
  {
    path: '/api/radni/3/glosowania-buntownicze',
    query: { temat: 'budzet' },
    data: [{ ...V10, glos: 'przeciw' }], // g2 Z (3 P, 4 Z, 6 Z)
    pagination: page(1, 20, 1, 1),
  },
  {
    path: '/api/radni/lucja-wrobel/glosowania-zgodne',
    query: { temat: 'budzet' }, // V1 Z✓ V2 Z✓ V7 P✓ V8 Z✓ in date order; V6 (g1 tie) not counted
    data: [
      { ...V8, glos: 'za' },
      { ...V7, glos: 'przeciw' },
      { ...V2, glos: 'za' },
      { ...V1, glos: 'za' },
    ],
    pagination: page(1, 20, 4, 1),
  },
  { path: '/api/radni/3/glosowania-buntownicze', query: { temat: 'plany' }, data: [], pagination: page(1, 20, 0, 0) },
  // … and per body: 3 in the committee (V8 Z✓ with 1, budzet); 4 in the Rada: V10 Z✓, V6 Z✓, V2 P✓ (V8 is the committee's)
  {
    path: '/api/radni/3/glosowania-zgodne',
    query: { organ: '2' },
    data: [{ ...V8, glos: 'za' }],
    pagination: page(1, 20, 1, 1),
  },
  { path: '/api/radni/3/glosowania-buntownicze', query: { organ: '2' }, data: [], pagination: page(1, 20, 0, 0) },
  {
    path: '/api/radni/4/glosowania-zgodne',
    query: { organ: '1', temat: 'budzet' },
    data: [
      { ...V10, glos: 'za' },
      { ...V6, glos: 'za' },
      { ...V2, glos: 'przeciw' },
    ],
    pagination: page(1, 20, 3, 1),
  },
  // Per topic, the councillors most often against their group (zgodnosc-grupa's votes of the topic):
  // budzet (V1 V2 V6 V7 V8 V10), counted / against: 1 4/0 (above) · 2 1/0 (V2 P✓; V1 g2 tie) · 3 5/1 (V10)
  // · 4 3/0 (V2 P✓ with 2, V6 Z✓ with 6, V10 Z✓; V1 tie, V7 g2 tie, V8 no other active: 6 B) · 5 0/0 (no group)
  // · 6 2/0 (V6, V10; V7 tie, V8 B). By share against desc (0/1 for none counted), then against desc, then id.
  {
    path: '/api/statystyki/tematy-buntownicy', // min_glosowan 10: no one in any topic; every topic with a vote
    data: ['procedura', 'budzet', 'nazwy', 'plany', 'skargi', 'inne'].map((temat) => ({
      ...HAND_TOPIC_NAMES[temat]!,
      radni: [],
    })),
  },
  {
    path: '/api/statystyki/tematy-buntownicy',
    query: { temat: 'budzet', min_glosowan: '1' },
    data: [
      {
        ...HAND_TOPIC_NAMES.budzet!,
        radni: [
          topicRebel(1, 3, 5, 1, 20),
          topicRebel(2, 1, 4, 0, 0),
          topicRebel(3, 2, 1, 0, 0),
          topicRebel(4, 4, 3, 0, 0),
          topicRebel(5, 6, 2, 0, 0),
        ],
      },
    ],
  },
  {
    path: '/api/statystyki/tematy-buntownicy',
    query: { temat: 'budzet', min_glosowan: '0', limit: '6' }, // 5 with none counted: 0/1, by id
    data: [
      {
        ...HAND_TOPIC_NAMES.budzet!,
        radni: [
          topicRebel(1, 3, 5, 1, 20),
          topicRebel(2, 1, 4, 0, 0),
          topicRebel(3, 2, 1, 0, 0),
          topicRebel(4, 4, 3, 0, 0),
          topicRebel(5, 5, 0, 0, 0),
          topicRebel(6, 6, 2, 0, 0),
        ],
      },
    ],
  },
  {
    path: '/api/statystyki/tematy-buntownicy',
    query: { temat: 'budzet', min_glosowan: '3', limit: '2' }, // 3, 1 | 4
    data: [{ ...HAND_TOPIC_NAMES.budzet!, radni: [topicRebel(1, 3, 5, 1, 20), topicRebel(2, 1, 4, 0, 0)] }],
  },
  {
    path: '/api/statystyki/tematy-buntownicy',
    // T2 budzet V6 V7 V8 V10: 1 V7✓ V8✓ (V6 g1 tie, V10 alone in g1) 2/0 · 3 V7✓ V8✓ V10✗ 3/1 = 33.33 · 4 V6✓ V10✓ · 6 V6✓ V10✓
    query: { kadencja: T2, temat: 'budzet', min_glosowan: '1' },
    data: [
      {
        ...HAND_TOPIC_NAMES.budzet!,
        radni: [
          topicRebel(1, 3, 3, 1, 33.33),
          topicRebel(2, 1, 2, 0, 0),
          topicRebel(3, 4, 2, 0, 0),
          topicRebel(4, 6, 2, 0, 0),
        ],
      },
    ],
  },
  {
    path: '/api/statystyki/tematy-buntownicy',
    // the committee: V9 procedura (1 N, 3 B, 4 N, 5 N: none counted) · V8 budzet (1 Z✓ 3 Z✓ with g1 Z; 4 P alone
    // active in g2; 5 N; 6 B): every share 0, so by id
    query: { organ: '2', min_glosowan: '0' },
    data: [
      {
        ...HAND_TOPIC_NAMES.procedura!,
        radni: [
          topicRebel(1, 1, 0, 0, 0),
          topicRebel(2, 3, 0, 0, 0),
          topicRebel(3, 4, 0, 0, 0),
          topicRebel(4, 5, 0, 0, 0),
        ],
      },
      {
        ...HAND_TOPIC_NAMES.budzet!,
        radni: [
          topicRebel(1, 1, 1, 0, 0),
          topicRebel(2, 3, 1, 0, 0),
          topicRebel(3, 4, 0, 0, 0),
          topicRebel(4, 5, 0, 0, 0),
          topicRebel(5, 6, 0, 0, 0),
        ],
      },
    ],
  },
  { path: '/api/statystyki/tematy-buntownicy', query: { organ: '3' }, data: [] }, // a body without votes

  ...[
    '/api/statystyki/dashboard',
    '/api/statystyki/ranking-frekwencji',
    '/api/statystyki/ranking-buntownikow',
    '/api/statystyki/ranking-lojalistow',
    '/api/statystyki/najbardziej-kontrowersyjne',
    '/api/statystyki/najbardziej-jednomyslne',
    '/api/statystyki/aktywnosc-organow',
    '/api/statystyki/frekwencja-czas',
    '/api/statystyki/top-koalicje',
    '/api/glosowania',
    '/api/posiedzenia',
    '/api/radni/1/glosowania',
    '/api/statystyki/tematy',
    '/api/utils/tematy',
    '/api/radni/1/tematy',
    '/api/statystyki/tematy-buntownicy',
    '/api/utils/jakosc',
  ].map((path): HandCase => ({ path, query: { organ: '99' }, notFound: true })),
];

// Item builders for the organ cases: names, and the group shown in the all-terms scope; persons 1–6, all in Rada Miasta.
function who(id: number) {
  const people: Record<number, [string, string | null]> = {
    1: ['Anna Nowak', RDM],
    2: ['Zenon Lis', FS],
    3: ['Łucja Wróbel', FS],
    4: ['Lech Mazur', FS],
    5: ['Anna Nowak', null],
    6: ['Żaneta Kos', FS],
  };
  const [imie_nazwisko, ugrupowanie] = people[id]!;
  return { id_osoby: id, imie_nazwisko, ugrupowanie };
}
/** An attendance entry's ballots at its session and those nieobecny (CONTRACT §5). */
function atSession(glosowania: number, nieobecny_w_glosowaniach: number) {
  return { glosowania, nieobecny_w_glosowaniach };
}
/** One body's /api/utils/jakosc row: [glosowania, imienne, tylko_liczby, rozbiezne_liczby, wynik_wbrew_liczbom], [posiedzenia, z_lista_obecnosci, obecni_bez_glosu]. */
function quality(
  id_organu: number,
  organ: string,
  [glosowania, imienne, tylko_liczby, rozbiezne_liczby, wynik_wbrew_liczbom]: number[],
  [posiedzenia, z_lista_obecnosci, obecni_bez_glosu]: number[],
) {
  return {
    id_organu,
    organ,
    glosowania,
    imienne,
    tylko_liczby,
    rozbiezne_liczby,
    wynik_wbrew_liczbom,
    posiedzenia,
    z_lista_obecnosci,
    obecni_bez_glosu,
  };
}
function attendance(pozycja: number, id: number, records: number, present: number) {
  return {
    pozycja,
    ...who(id),
    liczba_posiedzen: records,
    obecnosci: present,
    nieobecnosci: records - present,
    frekwencja_procent: Math.round((present / records) * 10000) / 100,
    ...IN_RADA,
  };
}
function rebel(pozycja: number, id: number, glosowania: number, w_mniejszosci: number, procent: number) {
  return { pozycja, ...who(id), glosowania, w_mniejszosci, procent, ...IN_RADA };
}
function topicRebel(pozycja: number, id: number, wszystkie_glosowania: number, niezgodne: number, procent: number) {
  return { pozycja, ...who(id), wszystkie_glosowania, niezgodne, procent, ...IN_RADA };
}
function loyal(pozycja: number, id: number, glosowania: number, w_wiekszosci: number, procent: number) {
  return { pozycja, ...who(id), glosowania, w_wiekszosci, procent, ...IN_RADA };
}
function pair(
  pozycja: number,
  a: number,
  b: number,
  wspolne_glosowania: number,
  zgodne: number,
  zgodnosc_procent: number,
) {
  return {
    pozycja,
    radny_1: { ...who(a), ...IN_RADA },
    radny_2: { ...who(b), ...IN_RADA },
    wspolne_glosowania,
    zgodne,
    zgodnosc_procent,
  };
}

/** The vote summaries above by vote number, for hand cases kept in other files (test/evidence.test.ts). */
export const HAND_VOTES = {
  1: V1,
  2: V2,
  3: V3,
  4: V4,
  5: V5,
  6: V6,
  7: V7,
  8: V8,
  9: V9,
  10: V10,
  11: V11,
  12: V12,
  13: V13,
  14: V14,
} as const;
