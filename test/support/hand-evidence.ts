// The §9 answers of the hand council (test/support/hand-council.ts), worked out on paper: what the
// API and the naive reference must both answer (test/evidence.test.ts checks both).

import { HAND_VOTES } from './hand-council.ts';

export const NOT_FOUND = { notFound: true };
export const BAD_REQUEST = { badRequest: true };

export const T1 = '2014-2018';
export const T2 = '2018-2023';
const RDM = 'Razem dla Miasta';
const FS = 'Forum Samorządowe';
const page = (pageNo: number, limit: number, total: number, totalPages: number) => ({
  page: pageNo,
  limit,
  total,
  totalPages,
});
const withBallot = (glos: string, ...votes: Array<keyof typeof HAND_VOTES>) =>
  votes.map((v) => ({ ...HAND_VOTES[v], glos }));
/** data_czas normalised (DESIGN: a date-only value is T00:00:00, HH:MM gains :00). */
const DATA_CZAS: Record<number, string> = {
  1: '2015-03-10T10:00:00',
  2: '2015-03-10T10:30:00',
  3: '2015-03-10T10:30:00',
  4: '2015-03-10T00:00:00',
  6: '2019-01-15T09:15:00',
  7: '2019-01-15T09:30:45',
  8: '2019-01-31T00:00:00',
  10: '2019-02-01T10:00:00',
  11: '2019-02-01T10:00:00',
  12: '2019-02-01T11:00:00',
};
const differ = (v: keyof typeof HAND_VOTES, glos: string, glos_drugiego: string) => ({
  id_glosowania: v,
  data_czas: DATA_CZAS[v],
  tytul: HAND_VOTES[v].tytul,
  wynik: HAND_VOTES[v].wynik,
  glos,
  glos_drugiego,
});
const SESSIONS: Record<number, { id_posiedzenia: number; id_organu: number; numer: string; data: string }> = {
  1: { id_posiedzenia: 1, id_organu: 1, numer: 'I', data: '2015-03-10' },
  2: { id_posiedzenia: 2, id_organu: 1, numer: 'I', data: '2019-01-15' },
  3: { id_posiedzenia: 3, id_organu: 2, numer: '1', data: '2019-01-31' },
  4: { id_posiedzenia: 4, id_organu: 1, numer: 'LXXIV/2', data: '2019-02-01' },
};
/** S1 and S4 have obecnosci.csv rows (the source's list); S2 and S3 are derived from the ballots. */
const record = (session: number, obecny: number) => ({
  ...SESSIONS[session]!,
  obecny,
  lista_obecnosci: session === 1 || session === 4,
});
// The council of a person or group (issue 36, hand-council.ts): Rada Miasta for persons 1–6 and both groups; none for 7.
const IN_RADA = { id_organu: 1, organ: 'Rada Miasta' };
const NO_COUNCIL = { id_organu: null, organ: null };
const who = (id: number, imie_nazwisko: string, ugrupowanie: string | null) => ({
  id_osoby: id,
  imie_nazwisko,
  ugrupowanie,
  ...(id === 7 ? NO_COUNCIL : IN_RADA),
});
const group = (pozycja: number, id: number, liczba_glosowan: number, spojnosc_procent: number) => ({
  pozycja,
  id_ugrupowania: id,
  nazwa: id === 1 ? RDM : FS,
  liczba_glosowan,
  spojnosc_procent,
  ...IN_RADA,
});

const month = (miesiac: string, wspolne_glosowania: number, zgodne: number, zgodnosc_procent: number) => ({
  miesiac,
  wspolne_glosowania,
  zgodne,
  zgodnosc_procent,
});
const cohesionMonths = (pozycja: number, id: number, months: Array<[string, number, number]>) => ({
  pozycja,
  id_ugrupowania: id,
  nazwa: id === 1 ? RDM : FS,
  miesiace: months.map(([miesiac, liczba_glosowan, spojnosc_procent]) => ({
    miesiac,
    liczba_glosowan,
    spojnosc_procent,
  })),
});
const totals = (wszystkie: number, zgodne: number, buntownicze: number, samotne: number, kluczowe: number) => ({
  wszystkie,
  zgodne,
  buntownicze,
  samotne,
  kluczowe,
});
const votes = (...ids: Array<keyof typeof HAND_VOTES>) => ids.map((v) => HAND_VOTES[v]);
/** Without organ, the same per council (`rady`): the hand council's one council, body 1, holds every councillor. */
const largest = (max_posiedzen: number, max_glosowan: number, perCouncil = true) => ({
  max_posiedzen,
  max_glosowan,
  rady: perCouncil && (max_posiedzen > 0 || max_glosowan > 0) ? [{ id_organu: 1, max_posiedzen, max_glosowan }] : [],
});
const BODIES: Record<number, [string, string]> = { 1: ['Rada Miasta', 'rada'], 2: ['Komisja Budżetowa', 'komisja'] };
const body = (id: number) => ({ id_organu: id, nazwa: BODIES[id]![0], typ: BODIES[id]![1] });

interface Case {
  path: string;
  query?: Record<string, string>;
  body: unknown;
}
const ok = (data: unknown, pagination?: object) =>
  pagination ? { success: true, data, pagination } : { success: true, data };

export const HAND_EVIDENCE: Case[] = [
  // ── glos on a councillor's votes: the total is profil-glosowania's count for that value ─────
  // 1: V1 Z V2 Z V3 Z V4 P │ V5 Z V6 Z V7 P V8 Z V9 N V10 Z V11 P V12 W → za 7, przeciw 3, wstrz 1, nieobecny 1
  {
    path: '/api/radni/1/glosowania',
    query: { glos: 'za' },
    body: ok(withBallot('za', 10, 8, 6, 5, 3, 2, 1), page(1, 20, 7, 1)),
  }, // date order
  {
    path: '/api/radni/1/glosowania',
    query: { glos: 'przeciw' },
    body: ok(withBallot('przeciw', 11, 7, 4), page(1, 20, 3, 1)),
  }, // V4 date-only: last
  {
    path: '/api/radni/1/glosowania',
    query: { glos: 'nieobecny' },
    body: ok(withBallot('nieobecny', 9), page(1, 20, 1, 1)),
  },
  { path: '/api/radni/1/glosowania', query: { glos: 'brak_glosu' }, body: ok([], page(1, 20, 0, 0)) },
  {
    path: '/api/radni/1/glosowania',
    query: { glos: 'za', kadencja: T1 },
    body: ok(withBallot('za', 3, 2, 1), page(1, 20, 3, 1)),
  }, // V3 before V2: same 10:30, id desc
  {
    path: '/api/radni/1/glosowania',
    query: { glos: 'za', organ: '2' },
    body: ok(withBallot('za', 8), page(1, 20, 1, 1)),
  }, // the committee: V8, V9
  {
    path: '/api/radni/1/glosowania',
    query: { glos: 'za', organ: '1', kadencja: T2 },
    body: ok(withBallot('za', 10, 6, 5), page(1, 20, 3, 1)),
  },
  {
    path: '/api/radni/1/glosowania',
    query: { glos: 'za', limit: '3', page: '3' },
    body: ok(withBallot('za', 1), page(3, 3, 7, 3)),
  },
  {
    path: '/api/radni/lucja-wrobel/glosowania',
    query: { glos: 'brak_glosu' },
    body: ok(withBallot('brak_glosu', 9), page(1, 20, 1, 1)),
  }, // 3's V9 B
  {
    path: '/api/radni/6/glosowania',
    query: { glos: 'nieobecny' },
    body: ok(withBallot('nieobecny', 12, 11), page(1, 20, 2, 1)),
  },
  { path: '/api/radni/2/glosowania', query: { glos: 'za', kadencja: T2 }, body: ok([], page(1, 20, 0, 0)) }, // known, nothing in T2: empty, not 404
  { path: '/api/radni/7/glosowania', query: { glos: 'za' }, body: ok([], page(1, 20, 0, 0)) }, // a membership and no ballot
  { path: '/api/radni/99/glosowania', query: { glos: 'za' }, body: NOT_FOUND },
  { path: '/api/radni/1/glosowania', query: { glos: 'za', organ: '99' }, body: NOT_FOUND },

  // ── obecnosci: records by session date desc; the total is frekwencja's liczba_posiedzen ──────
  {
    path: '/api/radni/3/obecnosci',
    body: ok([record(4, 1), record(3, 1), record(2, 1), record(1, 1)], page(1, 20, 4, 1)),
  }, // S1 S4 given, S2 S3 derived
  {
    path: '/api/radni/anna-nowak-2/obecnosci',
    body: ok([record(4, 1), record(3, 0), record(2, 1)], page(1, 20, 3, 1)),
  }, // S3 derived from N, N
  { path: '/api/radni/1/obecnosci', body: ok([record(4, 1), record(3, 1), record(2, 1)], page(1, 20, 3, 1)) }, // no S1 row although 1 voted there
  { path: '/api/radni/1/obecnosci', query: { kadencja: T1 }, body: ok([], page(1, 20, 0, 0)) },
  { path: '/api/radni/2/obecnosci', body: ok([record(1, 0)], page(1, 20, 1, 1)) },
  { path: '/api/radni/2/obecnosci', query: { kadencja: T2 }, body: ok([], page(1, 20, 0, 0)) },
  { path: '/api/radni/5/obecnosci', query: { organ: '2' }, body: ok([record(3, 0)], page(1, 20, 1, 1)) },
  {
    path: '/api/radni/5/obecnosci',
    query: { organ: '1', kadencja: T2 },
    body: ok([record(4, 1), record(2, 1)], page(1, 20, 2, 1)),
  },
  { path: '/api/radni/3/obecnosci', query: { limit: '1', page: '2' }, body: ok([record(3, 1)], page(2, 1, 4, 4)) },
  { path: '/api/radni/7/obecnosci', body: ok([], page(1, 20, 0, 0)) },
  { path: '/api/radni/99/obecnosci', body: NOT_FOUND },
  { path: '/api/radni/3/obecnosci', query: { organ: '99' }, body: NOT_FOUND },

  // ── porownanie: both active ballots; rozbiezne in date order, paged, total wspolne − zgodne ──
  // (1,3): T1 V1 ZZ V2 ZZ V3 ZP✗ V4 PZ✗ → 4/2; T2 V5 ZZ V6 ZP✗ V7 PP V8 ZZ V10 ZP✗ V11 PP V12 WZ✗ → 7/4; all 11/6 = 54.55
  {
    path: '/api/radni/1/porownanie/3',
    body: ok(
      {
        radny: who(1, 'Anna Nowak', RDM),
        drugi: who(3, 'Łucja Wróbel', FS),
        wspolne_glosowania: 11,
        zgodne: 6,
        zgodnosc_procent: 54.55,
        rozbiezne: [
          differ(12, 'wstrzymujacy', 'za'),
          differ(10, 'za', 'przeciw'),
          differ(6, 'za', 'przeciw'),
          differ(3, 'za', 'przeciw'),
          differ(4, 'przeciw', 'za'),
        ],
        wspolny_organ: true,
      },
      page(1, 20, 5, 1),
    ),
  },
  {
    // the other way round: the ballots swap sides
    path: '/api/radni/3/porownanie/1',
    body: ok(
      {
        radny: who(3, 'Łucja Wróbel', FS),
        drugi: who(1, 'Anna Nowak', RDM),
        wspolne_glosowania: 11,
        zgodne: 6,
        zgodnosc_procent: 54.55,
        rozbiezne: [
          differ(12, 'za', 'wstrzymujacy'),
          differ(10, 'przeciw', 'za'),
          differ(6, 'przeciw', 'za'),
          differ(3, 'przeciw', 'za'),
          differ(4, 'za', 'przeciw'),
        ],
        wspolny_organ: true,
      },
      page(1, 20, 5, 1),
    ),
  },
  {
    // in T1 both in RdM (3's T1 membership); the group switch mid-T2 shows in the all-terms group
    path: '/api/radni/1/porownanie/3',
    query: { kadencja: T1 },
    body: ok(
      {
        radny: who(1, 'Anna Nowak', RDM),
        drugi: who(3, 'Łucja Wróbel', RDM),
        wspolne_glosowania: 4,
        zgodne: 2,
        zgodnosc_procent: 50,
        rozbiezne: [differ(3, 'za', 'przeciw'), differ(4, 'przeciw', 'za')],
        wspolny_organ: true,
      },
      page(1, 20, 2, 1),
    ),
  },
  {
    path: '/api/radni/1/porownanie/3',
    query: { kadencja: T2 }, // 7/4 = 57.14; 3's T2 group is FS (m7, latest data_od)
    body: ok(
      {
        radny: who(1, 'Anna Nowak', RDM),
        drugi: who(3, 'Łucja Wróbel', FS),
        wspolne_glosowania: 7,
        zgodne: 4,
        zgodnosc_procent: 57.14,
        rozbiezne: [differ(12, 'wstrzymujacy', 'za'), differ(10, 'za', 'przeciw'), differ(6, 'za', 'przeciw')],
        wspolny_organ: true,
      },
      page(1, 20, 3, 1),
    ),
  },
  {
    path: '/api/radni/1/porownanie/3',
    query: { limit: '2', page: '2' },
    body: ok(
      {
        radny: who(1, 'Anna Nowak', RDM),
        drugi: who(3, 'Łucja Wróbel', FS),
        wspolne_glosowania: 11,
        zgodne: 6,
        zgodnosc_procent: 54.55,
        rozbiezne: [differ(6, 'za', 'przeciw'), differ(3, 'za', 'przeciw')],
        wspolny_organ: true,
      },
      page(2, 2, 5, 3),
    ),
  },
  {
    // ties in date order: V11 and V10 share 10:00 (V11 agrees), V3 and V2 share 10:30:00 → V3 first. 11/3 = 27.27
    path: '/api/radni/3/porownanie/4',
    body: ok(
      {
        radny: who(3, 'Łucja Wróbel', FS),
        drugi: who(4, 'Lech Mazur', FS),
        wspolne_glosowania: 11,
        zgodne: 3,
        zgodnosc_procent: 27.27,
        rozbiezne: [
          differ(10, 'przeciw', 'za'),
          differ(8, 'za', 'przeciw'),
          differ(7, 'przeciw', 'za'),
          differ(6, 'przeciw', 'za'),
          differ(3, 'przeciw', 'wstrzymujacy'),
          differ(2, 'za', 'przeciw'),
          differ(1, 'za', 'przeciw'),
          differ(4, 'za', 'przeciw'),
        ],
        wspolny_organ: true,
      },
      page(1, 20, 8, 1),
    ),
  },
  {
    path: '/api/radni/3/porownanie/4',
    query: { organ: '2' }, // the committee: V8 Z/P only
    body: ok(
      {
        radny: who(3, 'Łucja Wróbel', FS),
        drugi: who(4, 'Lech Mazur', FS),
        wspolne_glosowania: 1,
        zgodne: 0,
        zgodnosc_procent: 0,
        rozbiezne: [differ(8, 'za', 'przeciw')],
        wspolny_organ: true,
      },
      page(1, 20, 1, 1),
    ),
  },
  {
    path: '/api/radni/3/porownanie/4',
    query: { organ: '1', kadencja: T2 }, // V5 ✓ V6 ✗ V7 ✗ V10 ✗ V11 ✓ V12 ✓ → 6/3
    body: ok(
      {
        radny: who(3, 'Łucja Wróbel', FS),
        drugi: who(4, 'Lech Mazur', FS),
        wspolne_glosowania: 6,
        zgodne: 3,
        zgodnosc_procent: 50,
        rozbiezne: [differ(10, 'przeciw', 'za'), differ(7, 'przeciw', 'za'), differ(6, 'przeciw', 'za')],
        wspolny_organ: true,
      },
      page(1, 20, 3, 1),
    ),
  },
  {
    // by token; 5 has no group; (1,5): V5 ✓ V6 ZW V7 PZ V10 ✓ V11 PW V12 WP → 6/2 = 33.33 (V8: 5 N)
    path: '/api/radni/anna-nowak/porownanie/anna-nowak-2',
    body: ok(
      {
        radny: who(1, 'Anna Nowak', RDM),
        drugi: who(5, 'Anna Nowak', null),
        wspolne_glosowania: 6,
        zgodne: 2,
        zgodnosc_procent: 33.33,
        rozbiezne: [
          differ(12, 'wstrzymujacy', 'przeciw'),
          differ(11, 'przeciw', 'wstrzymujacy'),
          differ(7, 'przeciw', 'za'),
          differ(6, 'za', 'wstrzymujacy'),
        ],
        wspolny_organ: true,
      },
      page(1, 20, 4, 1),
    ),
  },
  {
    // never shared a vote: 2 sat in T1 only, 5 in T2 only; but both in Rada Miasta (body 1): wspolny_organ
    path: '/api/radni/2/porownanie/5',
    body: ok(
      {
        radny: who(2, 'Zenon Lis', FS),
        drugi: who(5, 'Anna Nowak', null),
        wspolne_glosowania: 0,
        zgodne: 0,
        zgodnosc_procent: 0,
        rozbiezne: [],
        wspolny_organ: true,
      },
      page(1, 20, 0, 0),
    ),
  },
  {
    // in one term the two never sat in one body: 2 only in T2's… nothing (T1 only), 5 in T2
    path: '/api/radni/2/porownanie/5',
    query: { kadencja: T2 },
    body: ok(
      {
        radny: who(2, 'Zenon Lis', null),
        drugi: who(5, 'Anna Nowak', null),
        wspolne_glosowania: 0,
        zgodne: 0,
        zgodnosc_procent: 0,
        rozbiezne: [],
        wspolny_organ: false,
      },
      page(1, 20, 0, 0),
    ),
  },
  {
    // never cast a ballot at all, nor has an attendance record: no body, no council
    path: '/api/radni/1/porownanie/borys-zuk',
    body: ok(
      {
        radny: who(1, 'Anna Nowak', RDM),
        drugi: who(7, 'Borys Żuk', RDM),
        wspolne_glosowania: 0,
        zgodne: 0,
        zgodnosc_procent: 0,
        rozbiezne: [],
        wspolny_organ: false,
      },
      page(1, 20, 0, 0),
    ),
  },
  { path: '/api/radni/1/porownanie/1', body: BAD_REQUEST },
  { path: '/api/radni/1/porownanie/anna-nowak', body: BAD_REQUEST }, // the same councillor by id and token
  { path: '/api/radni/1/porownanie/99', body: NOT_FOUND },
  { path: '/api/radni/99/porownanie/1', body: NOT_FOUND },
  { path: '/api/radni/nikt-taki/porownanie/nikt-taki', body: NOT_FOUND }, // unknown before "the same"
  { path: '/api/radni/1/porownanie/3', query: { organ: '99' }, body: NOT_FOUND },

  // ── spojnosc-ugrupowan: Σ(3·max − T) / Σ 2T over the votes where the group cast T ≥ 2 active ballots ──
  // RdM (1, 3 until 2019-01-31): V1 4/4 V2 4/4 V3 1/4 V4 1/4 V5 4/4 V6 1/4 V7 4/4 V8 4/4 → 8 votes, 23/32 = 71.88;
  //   from 2019-02-01 1 alone (3 moved to FS): V10–V12 not counted
  // FS: V1 1/4 V2 4/4 (V3 V4: 4 alone active) V5 4/4 V6 4/4 V7 1/4 (V8: 6 B) V10 3/6 (P Z Z) V11 4/4 V12 4/4 → 8, 25/34 = 73.53
  { path: '/api/statystyki/spojnosc-ugrupowan', body: ok([group(1, 2, 8, 73.53), group(2, 1, 8, 71.88)]) },
  {
    path: '/api/statystyki/spojnosc-ugrupowan',
    query: { kadencja: T1 },
    body: ok([group(1, 1, 4, 62.5), group(2, 2, 2, 62.5)]),
  }, // 10/16 = 5/8: more votes first
  {
    path: '/api/statystyki/spojnosc-ugrupowan',
    query: { kadencja: T2 },
    body: ok([group(1, 1, 4, 81.25), group(2, 2, 6, 76.92)]),
  }, // 13/16; 20/26
  {
    path: '/api/statystyki/spojnosc-ugrupowan',
    query: { organ: '1' },
    body: ok([group(1, 2, 8, 73.53), group(2, 1, 7, 67.86)]),
  }, // RdM without V8: 19/28
  {
    path: '/api/statystyki/spojnosc-ugrupowan',
    query: { organ: '1', kadencja: T2 },
    body: ok([group(1, 2, 6, 76.92), group(2, 1, 3, 75)]),
  }, // RdM V5–V7: 9/12
  { path: '/api/statystyki/spojnosc-ugrupowan', query: { organ: '2' }, body: ok([group(1, 1, 1, 100)]) }, // FS at V8: 4 P, 6 B → T = 1, not listed
  { path: '/api/statystyki/spojnosc-ugrupowan', query: { organ: '3' }, body: ok([]) },
  { path: '/api/statystyki/spojnosc-ugrupowan', query: { limit: '1' }, body: ok([group(1, 2, 8, 73.53)]) },
  { path: '/api/statystyki/spojnosc-ugrupowan', query: { organ: '99' }, body: NOT_FOUND },

  // ── The reads the website made itself until issue 35, now endpoints ─────────────────────────
  // porownanie/zgodnosc-czas: (1,3) 2015-03 V1 ✓ V2 ✓ V3 ✗ V4 ✗ · 2019-01 V5 ✓ V6 ✗ V7 ✓ V8 ✓
  //   · 2019-02 V10 ✗ V11 ✓ V12 ✗
  {
    path: '/api/radni/1/porownanie/3/zgodnosc-czas',
    body: ok([month('2015-03', 4, 2, 50), month('2019-01', 4, 3, 75), month('2019-02', 3, 1, 33.33)]),
  },
  {
    // V8 Z/Z
    path: '/api/radni/lucja-wrobel/porownanie/1/zgodnosc-czas',
    query: { organ: '2' },
    body: ok([month('2019-01', 1, 1, 100)]),
  },
  { path: '/api/radni/1/porownanie/3/zgodnosc-czas', query: { kadencja: T1 }, body: ok([month('2015-03', 4, 2, 50)]) },
  { path: '/api/radni/2/porownanie/5/zgodnosc-czas', body: ok([]) }, // never shared a vote
  { path: '/api/radni/1/porownanie/anna-nowak/zgodnosc-czas', body: BAD_REQUEST },
  { path: '/api/radni/1/porownanie/99/zgodnosc-czas', body: NOT_FOUND },
  { path: '/api/radni/1/porownanie/3/zgodnosc-czas', query: { organ: '99' }, body: NOT_FOUND },
  // spojnosc-czas: each group of spojnosc-ugrupowan with its months (the cohesion block above, split by month):
  // FS 2015-03 V1 1/4 V2 4/4 · 2019-01 V5 4/4 V6 4/4 V7 1/4 · 2019-02 V10 3/6 V11 4/4 V12 4/4 (11/14);
  // RdM 2015-03 V1–V4 10/16 · 2019-01 V5–V8 13/16
  {
    path: '/api/statystyki/spojnosc-czas',
    body: ok([
      cohesionMonths(1, 2, [
        ['2015-03', 2, 62.5],
        ['2019-01', 3, 75],
        ['2019-02', 3, 78.57],
      ]),
      cohesionMonths(2, 1, [
        ['2015-03', 4, 62.5],
        ['2019-01', 4, 81.25],
      ]),
    ]),
  },
  {
    // the council in T2: FS V5 4/4 V6 4/4 V7 1/4 · V10 3/6 V11 4/4 V12 4/4; RdM V5 4/4 V6 tie 1/4 V7 4/4 (9/12)
    path: '/api/statystyki/spojnosc-czas',
    query: { organ: '1', kadencja: T2 },
    body: ok([
      cohesionMonths(1, 2, [
        ['2019-01', 3, 75],
        ['2019-02', 3, 78.57],
      ]),
      cohesionMonths(2, 1, [['2019-01', 3, 75]]),
    ]),
  },
  {
    path: '/api/statystyki/spojnosc-czas',
    query: { ugrupowanie: '1' },
    body: ok([
      cohesionMonths(2, 1, [
        ['2015-03', 4, 62.5],
        ['2019-01', 4, 81.25],
      ]),
    ]),
  },
  {
    path: '/api/statystyki/spojnosc-czas',
    query: { limit: '1', kadencja: T1 },
    body: ok([cohesionMonths(1, 1, [['2015-03', 4, 62.5]])]),
  },
  { path: '/api/statystyki/spojnosc-czas', query: { organ: '3' }, body: ok([]) },
  { path: '/api/statystyki/spojnosc-czas', query: { organ: '99' }, body: NOT_FOUND },
  // glosowania-zgodne: the votes zgodnosc-grupa counts as zgodne.
  // 1: V1 V2 V5 V7 V8 (V3 V4 V6 ties; V10–V12 alone in RdM)
  {
    path: '/api/radni/1/glosowania-zgodne',
    body: ok([...withBallot('za', 8), ...withBallot('przeciw', 7), ...withBallot('za', 5, 2, 1)], page(1, 20, 5, 1)),
  },
  {
    // 3 in T2: V5 ✓ V7 ✓ V8 ✓ V10 ✗ (the rebellion) V11 ✓ V12 ✓
    path: '/api/radni/lucja-wrobel/glosowania-zgodne',
    query: { kadencja: T2 },
    body: ok(
      [
        ...withBallot('za', 12),
        ...withBallot('przeciw', 11),
        ...withBallot('za', 8),
        ...withBallot('przeciw', 7),
        ...withBallot('za', 5),
      ],
      page(1, 20, 5, 1),
    ),
  },
  {
    path: '/api/radni/3/glosowania-zgodne',
    query: { limit: '2', page: '2' },
    body: ok([...withBallot('za', 8), ...withBallot('przeciw', 7)], page(2, 2, 7, 4)),
  },
  { path: '/api/radni/5/glosowania-zgodne', body: ok([], page(1, 20, 0, 0)) }, // never in a group
  { path: '/api/radni/99/glosowania-zgodne', body: NOT_FOUND },
  // glosowania-liczby: the totals of the five lists (wszystkie: every ballot, V1–V12 for 1 and 3)
  { path: '/api/radni/1/glosowania-liczby', body: ok(totals(12, 5, 0, 2, 3)) },
  { path: '/api/radni/3/glosowania-liczby', body: ok(totals(12, 7, 1, 4, 3)) },
  { path: '/api/radni/3/glosowania-liczby', query: { kadencja: T1 }, body: ok(totals(4, 2, 0, 2, 0)) },
  { path: '/api/radni/borys-zuk/glosowania-liczby', body: ok(totals(0, 0, 0, 0, 0)) },
  { path: '/api/radni/99/glosowania-liczby', body: NOT_FOUND },
  // organy: the bodies of the sessions with the councillor's attendance record (1: S2 S3 S4; 2: S1)
  { path: '/api/radni/1/organy', body: ok([body(1), body(2)]) },
  { path: '/api/radni/1/organy', query: { kadencja: T1 }, body: ok([]) }, // no S1 record for 1
  { path: '/api/radni/2/organy', body: ok([body(1)]) },
  { path: '/api/radni/7/organy', body: ok([]) },
  { path: '/api/radni/99/organy', body: NOT_FOUND },
  // posiedzenia/:id/glosowania: in the order taken (date order reversed):
  // S1 V4 (date only) V1 V2 V3 (V3 after V2, same 10:30)
  { path: '/api/posiedzenia/1/glosowania', body: ok(votes(4, 1, 2, 3)) },
  { path: '/api/posiedzenia/4/glosowania', body: ok(votes(10, 11, 12, 13, 14)) }, // V14 tally-only: listed like any vote
  { path: '/api/posiedzenia/99/glosowania', body: NOT_FOUND },
  // najwieksze-proby: attendance records 3, 4 have 4 (S1–S4); majority ballots 1, 3, 4 have 9
  // (the ranking block of hand-council.ts)
  { path: '/api/statystyki/najwieksze-proby', body: ok(largest(4, 9)) },
  { path: '/api/statystyki/najwieksze-proby', query: { kadencja: T1 }, body: ok(largest(1, 2)) },
  { path: '/api/statystyki/najwieksze-proby', query: { kadencja: T2 }, body: ok(largest(3, 7)) },
  {
    // S3; V8 Z
    path: '/api/statystyki/najwieksze-proby',
    query: { organ: '2' },
    body: ok(largest(1, 1, false)),
  },
  { path: '/api/statystyki/najwieksze-proby', query: { organ: '3' }, body: ok(largest(0, 0, false)) },
  { path: '/api/statystyki/najwieksze-proby', query: { organ: '99' }, body: NOT_FOUND },
];
