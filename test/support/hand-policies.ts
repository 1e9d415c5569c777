// Policies (CONTRACT §13) on the hand council (test/support/hand-council.ts), worked out on paper.
// Every number below was counted by hand from §13's words, not by running code; the comments say how.
// test/reference.test.ts holds the naive oracle to these literals, test/policies.test.ts the API.
//
// Ballots of the hand council (Z za, P przeciw, W wstrzymujacy, N nieobecny, B brak_glosu):
//   V1 2015-03-10 Rada T1 „Budżet miasta na 2015 rok”   1Z 2Z 3Z 4P
//   V2 2015-03-10 Rada T1 „Zmiana budżetu”              1Z 2P 3Z 4P
//   V5 2019-01-15 Rada T2 „Przyjęcie porządku obrad”    1Z 3Z 4Z 5Z 6Z
//   V6 2019-01-15 Rada T2 „Budżet obywatelski”          1Z 3P 4Z 5W 6Z
//   V7 2019-01-15 Rada T2 „Uchwała w sprawie opłat”     1P 3P 4Z 5Z 6P
//   V8 2019-01-31 Komisja Budżetowa T2 „Opinia do projektu budżetu”  1Z 3Z 4P 5N 6B
//   V10 2019-02-01 Rada T2 „Zmiana uchwały budżetowej”  1Z 3P 4Z 5Z 6Z
//   V11 2019-02-01 Rada T2 „Miejscowy plan zagospodarowania”  1P 3P 4P 5W 6N
//   V12 2019-02-01 Rada T2 „Skarga na działalność prezydenta” 1W 3Z 4Z 5P 6N
//   V13 2019-02-01 Rada T2 „Wniosek o zamknięcie obrad”  6Z
//   V14 2019-02-01 Rada T2 „Zaciągnięcie pożyczki na inwestycje”  no ballots (tally-only)
// Weights: silna 10, zwykla 2. Points: zgodne 0 of w, przeciwne w of w, wstrzymane w/2 of w, absent 0 of 0.
//
// ── Policy A `budzet-miasta` ───────────────────────────────────────────────────────────────────
//   e1 2015-03-10 „BUDŻET” za silna            → V1 and V2 (both fold to …budzet…): wiele, left out
//   e2 2015-03-10 „budżet miasta” za silna     → V1
//   e3 2019-01-15 „obywatelski” za             → V6 (waga absent: zwykla)
//   e4 2019-01-31 „projektu budżetu” przeciw silna, organ Komisja Budżetowa → V8
//   e5 2019-02-01 „uchwały budżetowej” za silna → V10
//   e6 2019-02-01 „pożyczki” za zwykla          → V14 (no ballots: counted, in no one's score)
//   e7 2015-03-10 „Budżet miasta na 2015” przeciw zwykla → V1 again: counts once, as e2 (za, silna)
//   e8 2020-01-01 „budżet” za                   → no vote that day: brak
//   e9 2019-01-31 „projektu budżetu” za, organ Rada Miasta → V8 is the committee's: brak
//   counted V1 za S · V6 za Z · V8 przeciw S · V10 za S · V14 za Z: 5 votes, 3 silne, 3 left out
//   1: V1 Z✓0/10 V6 Z✓0/2 V8 Z✗10/10 V10 Z✓0/10 → 3 zg 1 prz, 10 of 32, 22/32 = 68.75 zwykle-za
//   2: V1 Z✓ → 1 zg, 0 of 10 → 100 zawsze-za (one strong vote, present)
//   3: V1 Z✓ V6 P✗2 V8 Z✗10 V10 P✗10 → 1 zg 3 prz, 22 of 32 → 10/32 = 31.25 zwykle-przeciw
//   4: V1 P✗10 V6 Z✓ V8 P✓ V10 Z✓ → 3 zg 1 prz, 10 of 32 → 68.75 zwykle-za
//   5: V6 W 1/2 V8 N (strong absence) V10 Z✓0/10 → 1 zg 1 wst 1 nb, 1 of 12 → 11/12 = 91.67
//      prawie-zawsze-za; strong votes with a ballot V8 V10 = 2, absent in 1: 3·1 ≥ 2 → capped: zwykle-za
//   6: V6 Z✓ V8 B (strong absence) V10 Z✓ → 2 zg 1 nb, 0 of 12 → 100 zawsze-za; 1 of 2 strong absent:
//      a third → capped at zwykle-za (only one strong absence: the two-absence cap alone would not)
//   order (ratio desc, mozliwe desc, id): 6 (12/12) · 2 (10/10) · 5 · 1 (32) · 4 (32) · 3
//   T1: V1 only → 1, 2, 3 Z✓ 100 zawsze-za; 4 P✗ 0 zawsze-przeciw; groups of T1 (3 RdM then)
//   organ 2: V8 only (przeciw) → 4 P✓ 100 · 1 Z✗ 0 · 3 Z✗ 0 · 5 N, 6 B: no counted ballot, null, brak-danych
//
// ── Policy B `sprawne-obrady` ──────────────────────────────────────────────────────────────────
//   b1 2019-01-15 „porządku obrad” za silna → V5 · b2 „Budżet obywatelski” za silna → V6
//   b3 2019-01-15 „opłat” przeciw silna → V7 · b4 2019-01-31 „opinia” za silna → V8
//   b5 2019-02-01 „zmiana uchwały” za silna → V10 · b6 „plan” za silna → V11
//   b7 2019-02-01 „skarga” za zwykla → V12 · b8 „zamknięcie obrad” za silna → V13
//   b9 2019-01-15 „PORZĄDKU” przeciw zwykla → V5 again: counts once, as b1 (za silna)
//   counted V5 V6 V7 V8 V10 V11 V13 silna, V12 zwykla: 8 votes, 7 silne, none left out
//   1: V5✓ V6✓ V7 P✓ V8✓ V10✓ V11 P✗10 V12 W 1/2 → 5 zg 1 prz 1 wst, 11 of 62 → 51/62 = 82.26 zwykle-za
//   3: V5✓ V6 P✗ V7 P✓ V8✓ V10 P✗ V11 P✗ V12 Z✓ → 4 zg 3 prz, 30 of 62 → 32/62 = 51.61 roznie
//   4: V5✓ V6✓ V7 Z✗ V8 P✗ V10✓ V11 P✗ V12 Z✓ → 4 zg 3 prz, 30 of 62 → 51.61 roznie (ties 3: id)
//   5: V5✓ V6 W5 V7 Z✗10 V8 N V10✓ V11 W5 V12 P✗2 → 2 zg 2 prz 2 wst 1 nb, 22 of 52 → 30/52 = 57.69 roznie
//   6: V5✓ V6✓ V7 P✓ V8 B V10✓ V11 N V12 N V13✓ → 5 zg 3 nb, 0 of 50 → 100 zawsze-za; absent in 2 of
//      the 7 strong votes with a ballot (V8, V11; V12 is zwykla): two strong absences → prawie-zawsze-za;
//      2 is less than a third of 7 (3·2 = 6 < 7): no further cap
//   order: 6 (100) · 1 (.8226) · 5 (.5769) · 3 · 4 (.5161, mozliwe 62 both: id)

import type { ReferencePolicies } from './reference.ts';
import { HAND_VOTES, type HandCase } from './hand-council.ts';

export const HAND_POLICIES: ReferencePolicies = [
  {
    id: 'budzet-miasta',
    nazwa: 'Budżet miasta',
    opis: 'Rada powinna uchwalać budżet, który proponuje prezydent.',
    glosowania: [
      { data: '2015-03-10', tytul: 'BUDŻET', stanowisko: 'za', waga: 'silna' },
      { data: '2015-03-10', tytul: 'budżet miasta', stanowisko: 'za', waga: 'silna' },
      { data: '2019-01-15', tytul: 'obywatelski', stanowisko: 'za' },
      {
        data: '2019-01-31',
        tytul: 'projektu budżetu',
        stanowisko: 'przeciw',
        waga: 'silna',
        organ: 'Komisja Budżetowa',
      },
      { data: '2019-02-01', tytul: 'uchwały budżetowej', stanowisko: 'za', waga: 'silna' },
      { data: '2019-02-01', tytul: 'pożyczki', stanowisko: 'za', waga: 'zwykla' },
      { data: '2015-03-10', tytul: 'Budżet miasta na 2015', stanowisko: 'przeciw', waga: 'zwykla' },
      { data: '2020-01-01', tytul: 'budżet', stanowisko: 'za' },
      { data: '2019-01-31', tytul: 'projektu budżetu', stanowisko: 'za', organ: 'Rada Miasta' },
    ],
  },
  {
    id: 'sprawne-obrady',
    nazwa: 'Sprawne obrady',
    opis: 'Rada powinna przyjmować porządek obrad i kończyć obrady w terminie.',
    glosowania: [
      { data: '2019-01-15', tytul: 'porządku obrad', stanowisko: 'za', waga: 'silna' },
      { data: '2019-01-15', tytul: 'Budżet obywatelski', stanowisko: 'za', waga: 'silna' },
      { data: '2019-01-15', tytul: 'opłat', stanowisko: 'przeciw', waga: 'silna' },
      { data: '2019-01-31', tytul: 'opinia', stanowisko: 'za', waga: 'silna' },
      { data: '2019-02-01', tytul: 'zmiana uchwały', stanowisko: 'za', waga: 'silna' },
      { data: '2019-02-01', tytul: 'plan', stanowisko: 'za', waga: 'silna' },
      { data: '2019-02-01', tytul: 'skarga', stanowisko: 'za', waga: 'zwykla' },
      { data: '2019-02-01', tytul: 'zamknięcie obrad', stanowisko: 'za', waga: 'silna' },
      { data: '2019-01-15', tytul: 'PORZĄDKU', stanowisko: 'przeciw', waga: 'zwykla' },
    ],
  },
];

const T1 = '2014-2018';
const RDM = 'Razem dla Miasta';
const FS = 'Forum Samorządowe';
const A = {
  id: 'budzet-miasta',
  nazwa: 'Budżet miasta',
  opis: 'Rada powinna uchwalać budżet, który proponuje prezydent.',
};
const B = {
  id: 'sprawne-obrady',
  nazwa: 'Sprawne obrady',
  opis: 'Rada powinna przyjmować porządek obrad i kończyć obrady w terminie.',
};
const A_LEFT_OUT = [
  { data: '2015-03-10', tytul: 'BUDŻET', organ: null, powod: 'wiele' },
  { data: '2020-01-01', tytul: 'budżet', organ: null, powod: 'brak' },
  { data: '2019-01-31', tytul: 'projektu budżetu', organ: 'Rada Miasta', powod: 'brak' },
];

/** A score: zgodne, przeciwne, wstrzymane, nieobecne, punkty, mozliwe, zgodnosc_procent, ocena. */
const score = (
  zgodne: number,
  przeciwne: number,
  wstrzymane: number,
  nieobecne: number,
  punkty: number,
  mozliwe: number,
  zgodnosc_procent: number | null,
  ocena: string,
) => ({ zgodne, przeciwne, wstrzymane, nieobecne, punkty, mozliwe, zgodnosc_procent, ocena });
const who = (id_osoby: number, imie_nazwisko: string, ugrupowanie: string | null) => ({
  id_osoby,
  imie_nazwisko,
  ugrupowanie,
});
const vote = (n: keyof typeof HAND_VOTES, stanowisko: string, waga: string) => ({
  ...HAND_VOTES[n],
  stanowisko,
  waga,
});

const A_ALL = {
  1: score(3, 1, 0, 0, 10, 32, 68.75, 'zwykle-za'),
  2: score(1, 0, 0, 0, 0, 10, 100, 'zawsze-za'),
  3: score(1, 3, 0, 0, 22, 32, 31.25, 'zwykle-przeciw'),
  4: score(3, 1, 0, 0, 10, 32, 68.75, 'zwykle-za'),
  5: score(1, 0, 1, 1, 1, 12, 91.67, 'zwykle-za'),
  6: score(2, 0, 0, 1, 0, 12, 100, 'zwykle-za'),
};
const B_ALL = {
  1: score(5, 1, 1, 0, 11, 62, 82.26, 'zwykle-za'),
  3: score(4, 3, 0, 0, 30, 62, 51.61, 'roznie'),
  4: score(4, 3, 0, 0, 30, 62, 51.61, 'roznie'),
  5: score(2, 2, 2, 1, 22, 52, 57.69, 'roznie'),
  6: score(5, 0, 0, 3, 0, 50, 100, 'prawie-zawsze-za'),
};
const ABSENT_ONLY = score(0, 0, 0, 1, 0, 0, null, 'brak-danych');

export const HAND_POLICY_CASES: HandCase[] = [
  {
    path: '/api/polityki',
    data: [
      { ...A, liczba_glosowan: 5, silne: 3, niedopasowane: 3 },
      { ...B, liczba_glosowan: 8, silne: 7, niedopasowane: 0 },
    ],
  },
  {
    path: '/api/polityki',
    query: { organ: '2' }, // V8 is the committee's only counted vote in both
    data: [
      { ...A, liczba_glosowan: 1, silne: 1, niedopasowane: 3 },
      { ...B, liczba_glosowan: 1, silne: 1, niedopasowane: 0 },
    ],
  },
  { path: '/api/polityki', query: { organ: '999' }, notFound: true },
  {
    path: '/api/polityki/budzet-miasta',
    data: {
      ...A,
      // date order: V14 (13:00), V10, V8, V6, V1
      glosowania: [
        vote(14, 'za', 'zwykla'),
        vote(10, 'za', 'silna'),
        vote(8, 'przeciw', 'silna'),
        vote(6, 'za', 'zwykla'),
        vote(1, 'za', 'silna'),
      ],
      niedopasowane: A_LEFT_OUT,
      radni: [
        { ...who(6, 'Żaneta Kos', FS), ...A_ALL[6] },
        { ...who(2, 'Zenon Lis', FS), ...A_ALL[2] },
        { ...who(5, 'Anna Nowak', null), ...A_ALL[5] },
        { ...who(1, 'Anna Nowak', RDM), ...A_ALL[1] },
        { ...who(4, 'Lech Mazur', FS), ...A_ALL[4] },
        { ...who(3, 'Łucja Wróbel', FS), ...A_ALL[3] },
      ],
    },
  },
  {
    path: '/api/polityki/budzet-miasta',
    query: { kadencja: T1 },
    data: {
      ...A,
      glosowania: [vote(1, 'za', 'silna')],
      niedopasowane: A_LEFT_OUT,
      radni: [
        { ...who(1, 'Anna Nowak', RDM), ...score(1, 0, 0, 0, 0, 10, 100, 'zawsze-za') },
        { ...who(2, 'Zenon Lis', FS), ...score(1, 0, 0, 0, 0, 10, 100, 'zawsze-za') },
        { ...who(3, 'Łucja Wróbel', RDM), ...score(1, 0, 0, 0, 0, 10, 100, 'zawsze-za') },
        { ...who(4, 'Lech Mazur', FS), ...score(0, 1, 0, 0, 10, 10, 0, 'zawsze-przeciw') },
      ],
    },
  },
  {
    path: '/api/polityki/budzet-miasta',
    query: { organ: '2' },
    data: {
      ...A,
      glosowania: [vote(8, 'przeciw', 'silna')],
      niedopasowane: A_LEFT_OUT,
      radni: [
        { ...who(4, 'Lech Mazur', FS), ...score(1, 0, 0, 0, 0, 10, 100, 'zawsze-za') },
        { ...who(1, 'Anna Nowak', RDM), ...score(0, 1, 0, 0, 10, 10, 0, 'zawsze-przeciw') },
        { ...who(3, 'Łucja Wróbel', FS), ...score(0, 1, 0, 0, 10, 10, 0, 'zawsze-przeciw') },
        { ...who(5, 'Anna Nowak', null), ...ABSENT_ONLY },
        { ...who(6, 'Żaneta Kos', FS), ...ABSENT_ONLY },
      ],
    },
  },
  {
    path: '/api/polityki/sprawne-obrady',
    data: {
      ...B,
      glosowania: [
        vote(13, 'za', 'silna'),
        vote(12, 'za', 'zwykla'),
        vote(11, 'za', 'silna'),
        vote(10, 'za', 'silna'),
        vote(8, 'za', 'silna'),
        vote(7, 'przeciw', 'silna'),
        vote(6, 'za', 'silna'),
        vote(5, 'za', 'silna'),
      ],
      niedopasowane: [],
      radni: [
        { ...who(6, 'Żaneta Kos', FS), ...B_ALL[6] },
        { ...who(1, 'Anna Nowak', RDM), ...B_ALL[1] },
        { ...who(5, 'Anna Nowak', null), ...B_ALL[5] },
        { ...who(3, 'Łucja Wróbel', FS), ...B_ALL[3] },
        { ...who(4, 'Lech Mazur', FS), ...B_ALL[4] },
      ],
    },
  },
  {
    path: '/api/polityki/sprawne-obrady',
    query: { kadencja: T1 }, // every counted vote is of T2
    data: { ...B, glosowania: [], niedopasowane: [], radni: [] },
  },
  { path: '/api/polityki/nie-ma-takiej', notFound: true },
  {
    path: '/api/radni/1/polityki',
    data: [
      { ...A, ...A_ALL[1] },
      { ...B, ...B_ALL[1] },
    ],
  },
  { path: '/api/radni/2/polityki', data: [{ ...A, ...A_ALL[2] }] }, // no ballot in B's votes (T2)
  {
    path: '/api/radni/zaneta-kos/polityki',
    data: [
      { ...A, ...A_ALL[6] },
      { ...B, ...B_ALL[6] },
    ],
  },
  {
    path: '/api/radni/5/polityki',
    query: { organ: '2' }, // V8 N in both: a ballot, none counted
    data: [
      { ...A, ...ABSENT_ONLY },
      { ...B, ...ABSENT_ONLY },
    ],
  },
  {
    path: '/api/radni/4/polityki',
    query: { kadencja: T1 },
    data: [{ ...A, ...score(0, 1, 0, 0, 10, 10, 0, 'zawsze-przeciw') }],
  },
  { path: '/api/radni/7/polityki', data: [] }, // a membership and no ballot
  { path: '/api/radni/99/polityki', notFound: true },
];
