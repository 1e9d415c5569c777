// Random small VALID councils for property tests. fast-check draws plain numbers and flags
// (so shrinking stays meaningful); `buildCouncil` turns any such draw into a bundle that passes
// every rule of CONTRACT §1: positive unique ids, references that resolve, one ballot per
// (vote, person), glos among the five values.
//
// The draws are biased towards the cases that break implementations: ties for the majority and
// inside groups, a single active voter, unanimous votes, margins of one, group switches on
// adjacent days, memberships without a group, empty wynik (derived) and stated wynik that may
// contradict the ballots, stated tallies beside the roll call and tally-only votes without one (§10),
// date-only data_czas and equal timestamps, sessions with and without
// obecnosci, duplicated names and names whose Polish order differs from byte order.
//
// Situations the contract leaves open are avoided: at most one matching membership row per
// (person, term) shares a data_od, so "latest data_od wins" always has a single answer.

import fc from 'fast-check';
import type { Bundle, Cell } from './bundle.ts';

const NAMES = ['Anna Nowak', 'Łukasz Lis', 'Lena Zając', 'Żaneta Kos', 'Zenon Śliwa', 'Ewa Ćwik', 'Adam Łoś'];
const GROUP_NAMES = ['Razem dla Miasta', 'Forum Samorządowe', 'Łączy nas Miasto'];
const GROUP_SHORT: Cell[] = ['RdM', null, 'ŁnM'];
const TITLES = [
  'Budżet miasta',
  'Zmiana budżetu',
  'Nadanie nazwy ulicy Łąkowej',
  'Sprawozdanie z działalności',
  'Skarga',
  'Opinia komisji',
];
const BODIES = [
  { nazwa: 'Rada Miasta', typ: 'rada' },
  { nazwa: 'Komisja Budżetowa', typ: 'komisja' },
  { nazwa: 'Rada Gminy', typ: 'rada' },
];
const ROMAN = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X', 'XXII', 'LXXIV/2'];
const PUNKT_NUMBERS = ['1', '2', '7.2', '7.10', '10', '7a'];
const TIMES = ['', 'T10:00', 'T10:00:00', 'T10:30', 'T09:15:30'];
const GLOS = ['za', 'przeciw', 'wstrzymujacy', 'nieobecny', 'brak_glosu'] as const;

interface TermSpec {
  kadencja: string;
  data_od: string;
  data_do: string | null;
  /** Session dates, including the edges around the switch days. */
  dates: string[];
  /** [last day of the first row, first day of the second row] of a group switch. */
  switches: Array<[string, string]>;
}

const TERMS: TermSpec[] = [
  {
    kadencja: '2014-2018',
    data_od: '2014-11-01',
    data_do: '2018-10-31',
    dates: ['2015-03-10', '2016-06-01', '2016-06-02', '2017-01-31', '2017-02-01', '2018-10-31'],
    switches: [
      ['2016-06-01', '2016-06-02'],
      ['2017-01-31', '2017-02-01'],
    ],
  },
  {
    kadencja: '2018-2023',
    data_od: '2018-11-01',
    data_do: null,
    dates: ['2018-11-01', '2019-01-31', '2019-02-01', '2019-02-01', '2020-06-14', '2020-06-15'],
    switches: [
      ['2019-01-31', '2019-02-01'],
      ['2020-06-14', '2020-06-15'],
    ],
  },
];

const membershipDraw = fc.record({
  /** 0 none · 1–3 one row · 4–5 a switch on adjacent days · 6 overlapping rows · 7 a row that ends early */
  kind: fc.nat(7),
  group: fc.nat(3), // index into the council's groups; past the end = no group
  group2: fc.nat(3),
  aktywny: fc.boolean(),
  aktywny2: fc.boolean(),
  openStart: fc.boolean(), // single row without data_od
  when: fc.nat(1),
});

const sessionDraw = fc.record({
  body: fc.nat(1),
  term: fc.nat(1),
  date: fc.nat(5),
  /** 0–1 no obecnosci · 2 every member · 3 some members */
  obecnosci: fc.nat(3),
  presence: fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
  punkty: fc.array(fc.nat(PUNKT_NUMBERS.length - 1), { maxLength: 3 }),
  named: fc.boolean(),
});

const voteDraw = fc.record({
  session: fc.nat(5),
  punkt: fc.nat(3), // past the session's points = no point
  time: fc.nat(TIMES.length - 1),
  title: fc.nat(TITLES.length - 1),
  /** 0–1 empty · 2 przyjęto · 3 odrzucono (may contradict the ballots: a warning, still valid) */
  wynik: fc.nat(3),
  /** 0, 1, 7 random · 2 unanimous · 3 tie · 4 margin of one · 5 one active voter · 6 nobody active */
  shape: fc.nat(7),
  flip: fc.boolean(),
  /** Per person: 0–7 a ballot if a member (8 = none); 8 a ballot even without membership (a warning). */
  who: fc.array(fc.nat(9), { minLength: 8, maxLength: 8 }),
  values: fc.array(fc.nat(4), { minLength: 8, maxLength: 8 }),
  attachments: fc.nat(2),
  /** Stated tallies (CONTRACT §10): 0–1 none · 2 all five · 3 some (the others not stated). */
  stated: fc.nat(3),
  tallies: fc.array(fc.nat(6), { minLength: 5, maxLength: 5 }),
  /** 0: no roll call (no ballot at all): with stated tallies a tally-only vote, else an empty one. */
  rollCall: fc.nat(4),
});

const councilDraw = fc.record({
  names: fc.array(fc.nat(NAMES.length - 1), { minLength: 2, maxLength: 8 }),
  groups: fc.integer({ min: 1, max: 3 }),
  terms: fc.integer({ min: 1, max: 2 }),
  bodies: fc.integer({ min: 1, max: 3 }),
  memberships: fc.array(membershipDraw, { minLength: 16, maxLength: 16 }),
  sessions: fc.array(sessionDraw, { minLength: 1, maxLength: 6 }),
  votes: fc.array(voteDraw, { maxLength: 25 }),
});

type CouncilDraw = typeof councilDraw extends fc.Arbitrary<infer T> ? T : never;

/** Random small valid bundles (2–8 councillors, 1–3 groups, 1–2 terms, 1–3 bodies (a council, its committee, another council), 1–6 sessions, 0–25 votes). */
export function arbitraryCouncil(): fc.Arbitrary<Bundle> {
  return councilDraw.map(buildCouncil);
}

export function buildCouncil(draw: CouncilDraw): Bundle {
  const terms = TERMS.slice(0, draw.terms);
  // Ids are spaced and offset so that no code can confuse an index with an id.
  const personId = (i: number) => 3 * i + 2;
  const groupId = (g: number) => 10 + g;
  const bodyId = (b: number) => 100 + b;

  const radni = draw.names.map((n, i) => ({ id_osoby: personId(i), imie_nazwisko: NAMES[n]! }));

  // Memberships: one draw per (person, term).
  const przynaleznosci: Array<Record<string, Cell>> = [];
  const members: Array<Set<number>> = terms.map(() => new Set<number>());
  let membershipId = 1;
  const groupOf = (g: number): number | null => (g < draw.groups ? groupId(g) : null);
  radni.forEach((person, i) => {
    terms.forEach((term, t) => {
      const m = draw.memberships[(i * 2 + t) % draw.memberships.length]!;
      if (m.kind === 0) return;
      members[t]!.add(person.id_osoby);
      const row = (id_ugrupowania: number | null, data_od: string | null, data_do: string | null, aktywny: boolean) => {
        przynaleznosci.push({
          przynaleznosc_id: membershipId++,
          id_osoby: person.id_osoby,
          kadencja: term.kadencja,
          id_ugrupowania,
          data_od,
          data_do,
          aktywny: aktywny ? 1 : 0,
        });
      };
      const [lastDay, nextDay] = term.switches[m.when]!;
      if (m.kind <= 3) {
        row(groupOf(m.group), m.openStart ? null : term.data_od, null, m.aktywny);
      } else if (m.kind <= 5) {
        row(groupOf(m.group), term.data_od, lastDay, m.aktywny);
        row(groupOf(m.group2), nextDay, term.data_do, m.aktywny2);
      } else if (m.kind === 6) {
        // Both rows open-ended; from nextDay on both match and the later data_od wins.
        row(groupOf(m.group), term.data_od, null, m.aktywny);
        row(groupOf(m.group2), nextDay, null, m.aktywny2);
      } else {
        row(groupOf(m.group), term.data_od, lastDay, m.aktywny);
      }
    });
  });

  // Sessions and their agenda points.
  const posiedzenia: Array<Record<string, Cell>> = [];
  const punkty: Array<Record<string, Cell>> = [];
  const obecnosci: Array<Record<string, Cell>> = [];
  const sessionPoints: number[][] = [];
  const sessionTerm: number[] = [];
  const sessionDate: string[] = [];
  draw.sessions.forEach((s, k) => {
    const t = s.term % terms.length;
    const term = terms[t]!;
    const id = 50 - k; // ids run against creation order
    const date = term.dates[s.date]!;
    sessionTerm.push(t);
    sessionDate.push(date);
    posiedzenia.push({
      id_posiedzenia: id,
      id_organu: bodyId(s.body % draw.bodies),
      kadencja: term.kadencja,
      numer: k % 2 === 0 ? String(k + 1) : ROMAN[k % ROMAN.length]!, // councils write both (CONTRACT §1: text)
      data: date,
      nazwa: s.named ? `Sesja ${k + 1}` : null,
    });
    const points: number[] = [];
    const usedNumbers = new Set<number>();
    for (const n of s.punkty) {
      if (usedNumbers.has(n)) continue;
      usedNumbers.add(n);
      const pid = 1000 + k * 10 + points.length;
      points.push(pid);
      punkty.push({
        id_punktu: pid,
        id_posiedzenia: id,
        numer: PUNKT_NUMBERS[n]!,
        tytul: `Punkt ${PUNKT_NUMBERS[n]!}`,
      });
    }
    sessionPoints.push(points);
    if (s.obecnosci >= 2) {
      [...members[t]!].forEach((personIdValue, j) => {
        if (s.obecnosci === 3 && j % 2 === 1) return;
        obecnosci.push({ id_posiedzenia: id, id_osoby: personIdValue, obecny: s.presence[j % 8] ? 1 : 0 });
      });
    }
  });

  // Votes and ballots.
  const glosowania: Array<Record<string, Cell>> = [];
  const glosy: Array<Record<string, Cell>> = [];
  const zalaczniki: Array<Record<string, Cell>> = [];
  draw.votes.forEach((v, k) => {
    const sIndex = v.session % draw.sessions.length;
    const sessionId = 50 - sIndex;
    const t = sessionTerm[sIndex]!;
    const points = sessionPoints[sIndex]!;
    const voteId = k % 2 === 0 ? 200 + k : 100 + k; // ids unrelated to time
    glosowania.push({
      id_glosowania: voteId,
      id_posiedzenia: sessionId,
      id_punktu: v.punkt < points.length ? points[v.punkt]! : null,
      numer: k + 1,
      data_czas: `${sessionDate[sIndex]!}${TIMES[v.time]!}`,
      tytul: TITLES[v.title]!,
      wynik: v.wynik === 2 ? 'przyjęto' : v.wynik === 3 ? 'odrzucono' : null,
      ...Object.fromEntries(
        ['za', 'przeciw', 'wstrzymujacy', 'nieobecni', 'brak_glosu'].map((column, c) => [
          column,
          v.stated === 2 || (v.stated === 3 && c % 2 === 0) ? v.tallies[c]! : null,
        ]),
      ),
    });
    const voters =
      v.rollCall === 0
        ? []
        : radni.filter((p, i) => {
            const w = v.who[i % 8]!;
            return members[t]!.has(p.id_osoby) ? w <= 7 : w === 8;
          });
    const values = ballotValues(v.shape, v.flip, voters.length, v.values);
    voters.forEach((p, j) => glosy.push({ id_glosowania: voteId, id_osoby: p.id_osoby, glos: values[j]! }));
    for (let a = 0; a < v.attachments; a++) {
      zalaczniki.push({
        id_zalacznika: voteId * 10 + a,
        id_glosowania: voteId,
        nazwa: `Załącznik ${a + 1}`,
        url: a === 0 ? `https://example.org/${voteId}.pdf` : null,
      });
    }
  });

  const bundle: Bundle = {
    'kadencje.csv': terms.map((t) => ({ kadencja: t.kadencja, data_od: t.data_od, data_do: t.data_do })),
    'organy.csv': Array.from({ length: draw.bodies }, (_, b) => ({ id_organu: bodyId(b), ...BODIES[b]! })),
    'ugrupowania.csv': Array.from({ length: draw.groups }, (_, g) => ({
      id_ugrupowania: groupId(g),
      nazwa: GROUP_NAMES[g]!,
      skrot: GROUP_SHORT[g]!,
    })),
    'radni.csv': radni,
    'przynaleznosci.csv': przynaleznosci,
    'posiedzenia.csv': posiedzenia,
    'punkty.csv': punkty,
    'glosowania.csv': glosowania,
    'glosy.csv': glosy,
  };
  if (obecnosci.length > 0) bundle['obecnosci.csv'] = obecnosci;
  if (zalaczniki.length > 0) bundle['zalaczniki.csv'] = zalaczniki;
  return bundle;
}

/** Ballot values for n voters in the drawn shape. */
function ballotValues(shape: number, flip: boolean, n: number, raw: number[]): string[] {
  const pick = (j: number) => raw[j % raw.length]!;
  const inactive = (j: number) => (pick(j) % 2 === 0 ? 'nieobecny' : 'brak_glosu');
  const [first, second] = flip ? ['przeciw', 'za'] : ['za', 'przeciw'];
  const out: string[] = [];
  for (let j = 0; j < n; j++) {
    switch (shape) {
      case 2: // unanimous, with the odd absentee
        out.push(pick(j) === 4 && j > 0 ? inactive(j) : first);
        break;
      case 3: // za = przeciw; an odd voter out abstains or is absent
        out.push(n % 2 === 1 && j === n - 1 ? (flip ? 'wstrzymujacy' : inactive(j)) : j % 2 === 0 ? first : second);
        break;
      case 4: // one side wins by exactly one
        out.push(n % 2 === 0 && j === n - 1 ? (flip ? 'wstrzymujacy' : inactive(j)) : j % 2 === 0 ? first : second);
        break;
      case 5: // one active voter
        out.push(j === 0 ? GLOS[pick(j) % 3]! : inactive(j));
        break;
      case 6: // nobody active
        out.push(inactive(j));
        break;
      default:
        out.push(GLOS[pick(j)]!);
    }
  }
  return out;
}

/**
 * Random topic vocabularies (CONTRACT §11) for the councils above: patterns drawn from the words and
 * fragments of TITLES — whole words and word starts in other cases and without Polish letters,
 * fragments from inside words (which must not match), several words with odd spacing, single letters,
 * and patterns whose fold is empty — so that entries overlap and the first in file order decides.
 */
const TOPIC_PATTERNS = [
  'budżet',
  'BUDZET',
  'budżetu',
  'zmiana',
  'nazwy',
  'łąk',
  'LAK',
  'ąk',
  'anie',
  'z',
  'Z ',
  '',
  '   ',
  'skarg',
  'opinia  komisji',
  'miasta',
  'dział',
  'dzialalnosci',
  'ulicy łąkowej',
  'a',
  'nie',
  'ż',
  'o',
  'sprawozdanie z',
];
const TOPIC_IDS = ['budzet', 't-2', 'nazwy', '4', 'skargi-i-wnioski'];
export const arbitraryVocabulary = () =>
  fc
    .array(fc.array(fc.constantFrom(...TOPIC_PATTERNS), { maxLength: 4 }), { maxLength: TOPIC_IDS.length })
    .map((entries) => entries.map((wzorce, i) => ({ id: TOPIC_IDS[i]!, nazwa: `Temat ${i + 1}`, wzorce })));
