// The Poland plan: every council of Polish local government in one bundle, one term (2024-2029), for
// the national-scale ETL bench. The plan only says which councils exist and how big they are (kind,
// names, seats, votes, committees); BundleGenerator simulates each as it simulates any council.
//
// Where the numbers come from:
// - Councils: 2,477 gminy, 314 powiaty (land counties; the 66 cities with county rights are gminy
//   here, their council is the city council) and 16 województwa, as of the 2024 local elections.
// - Seats, by law from the number of inhabitants. Gmina (ustawa o samorządzie gminnym, art. 17):
//   15 up to 20,000, 21 up to 50,000, 23 up to 100,000, 25 up to 200,000, then 3 more per started
//   100,000, at most 45; Warsaw 60 (ustawa o ustroju m.st. Warszawy). Powiat (ustawa o samorządzie
//   powiatu, art. 9): 15 up to 40,000, then 2 more per started 20,000, at most 29. Sejmik (ustawa o
//   samorządzie województwa, art. 16): 30 up to 2 million, then 3 more per started 500,000 — the
//   16 sejmiki of 2024 hold 552 seats, Mazowieckie 51. Gminy per size class and powiaty per seat
//   count approximate GUS population figures (big cities: rounded populations, in thousands); in all
//   about 46,600 seats, as the ~47,000 councillors elected in 2024.
// - Votes: a whole five-year term per council (council and committees together, a quarter of them
//   in committees), proportional to the seats (a bigger council has more resolutions, amendments
//   and motions) with ±20% per council: ~2,400 for a 15-seat gmina, ~9,600 for Warsaw, ~4,300 for
//   a 30-seat sejmik. The generator's sessions of the running term stop at LAST_SESSION_DAY, so the
//   term's votes are spread over the sessions up to then. This gives about 100 million ballots
//   (expectedBallots: a council vote has a ballot per seat, a committee vote one per member).
// Everything here is fixed (its own PRNG with a constant seed), so the plan does not depend on the
// generator's seed and its totals can be computed without generating anything.

import { SHARE_OF_VOTES_IN_COUNCIL } from './model.ts';
import { Rng } from './random.ts';
import { CITIES_GENITIVE, type CouncilNames } from './vocabulary.ts';

export type CouncilKind = 'gmina' | 'powiat' | 'wojewodztwo';

/** One council of the plan: what the generator needs besides its random draws. */
export interface CouncilSpec {
  kind: CouncilKind;
  names: CouncilNames;
  /** Seats (radni) in the term. */
  radni: number;
  /** Votes over the term, council and committees together. */
  glosowania: number;
  /** Committees (komisje), the budget committee included: 2–4. */
  komisje: number;
}

export const POLAND_COUNCILS: Record<CouncilKind, number> = { gmina: 2477, powiat: 314, wojewodztwo: 16 };

/** Votes per seat over one term, by kind (before the ±20% per council). */
export const VOTES_PER_SEAT: Record<CouncilKind, number> = { gmina: 160, powiat: 120, wojewodztwo: 125 };

const PLAN_SEED = 2024;

/** Big cities in the order of CITIES_GENITIVE, inhabitants in thousands (rounded). */
const CITY_POPULATION = [
  486, 800, 540, 674, 655, 391, 330, 334, 294, 280, 243, 207, 198, 196, 192, 186, 197, 174, 156, 169, 167, 159, 139,
  134, 135, 127, 125, 119, 115, 116, 108, 106, 105, 106, 105, 98, 97, 92, 90, 90,
];

/** Gminy besides Warsaw and the big cities: [seats, how many, share of them that are towns]. */
const GMINA_CLASSES: readonly [number, number, number][] = [
  [23, 45, 1], // 50,000–100,000 inhabitants
  [21, 300, 0.5], // 20,000–50,000
  [15, 2477 - 1 - CITY_POPULATION.length - 45 - 300, 0.03], // up to 20,000: most gminy
];

/** Powiaty per seat count (15 up to 40,000 inhabitants, … 29 above 140,000). */
const POWIAT_SEATS: readonly [number, number][] = [
  [15, 55],
  [17, 70],
  [19, 65],
  [21, 50],
  [23, 30],
  [25, 20],
  [27, 12],
  [29, 12],
];

/** The 16 województwa (genitive of the adjective, as in "Sejmik Województwa Mazowieckiego") and their sejmik's seats in 2024. */
export const VOIVODESHIPS: readonly [string, number][] = [
  ['Dolnośląskiego', 36],
  ['Kujawsko-Pomorskiego', 30],
  ['Lubelskiego', 33],
  ['Lubuskiego', 30],
  ['Łódzkiego', 33],
  ['Małopolskiego', 39],
  ['Mazowieckiego', 51],
  ['Opolskiego', 30],
  ['Podkarpackiego', 33],
  ['Podlaskiego', 30],
  ['Pomorskiego', 33],
  ['Śląskiego', 45],
  ['Świętokrzyskiego', 30],
  ['Warmińsko-Mazurskiego', 30],
  ['Wielkopolskiego', 39],
  ['Zachodniopomorskiego', 30],
];

/** Seats of a gmina council by its inhabitants (art. 17). */
export function gminaSeats(inhabitants: number): number {
  if (inhabitants <= 20_000) return 15;
  if (inhabitants <= 50_000) return 21;
  if (inhabitants <= 100_000) return 23;
  if (inhabitants <= 200_000) return 25;
  return Math.min(45, 25 + 3 * Math.ceil((inhabitants - 200_000) / 100_000));
}

// Synthetic place names: a stem and an ending, and beyond those a river ("Lisowice nad Wartą").
// Each ending has its nominative (a gmina: "Rada Gminy Lisowice"), genitive (a town: "Rada Miasta
// Lisowic") and county adjective (a powiat: "Rada Powiatu Lisowickiego").
const STEMS = [
  'Bork',
  'Dąbr',
  'Grab',
  'Jawor',
  'Lip',
  'Olsz',
  'Brzez',
  'Wierzb',
  'Klon',
  'Buk',
  'Jabłon',
  'Grusz',
  'Wiśn',
  'Kamion',
  'Pias',
  'Głog',
  'Łęk',
  'Mił',
  'Rad',
  'Sław',
  'Bogusł',
  'Jaros',
  'Kazim',
  'Stan',
  'Włodz',
  'Zbyl',
  'Ciesz',
  'Gork',
  'Krasn',
  'Biał',
  'Czarn',
  'Zielon',
  'Sobk',
  'Mokr',
  'Sosn',
  'Jedl',
  'Kaln',
  'Trzcin',
  'Wrzos',
  'Malin',
  'Chmiel',
  'Żyt',
  'Bobr',
  'Wydr',
  'Sokoł',
  'Kruk',
  'Wron',
  'Gołęb',
  'Czapl',
  'Dzik',
  'Jeleń',
  'Sarn',
  'Wilk',
  'Lis',
  'Rys',
  'Kun',
  'Borsuk',
  'Kozł',
  'Baran',
  'Wol',
  'Młyn',
  'Kuźn',
  'Hut',
  'Smol',
  'Żelaz',
  'Miedz',
  'Srebr',
  'Złot',
  'Solec',
  'Strzel',
  'Łaz',
  'Modrz',
];
const ENDINGS: readonly { nominative: string; genitive: string; adjective: string }[] = [
  { nominative: 'ów', genitive: 'owa', adjective: 'owskiego' },
  { nominative: 'owice', genitive: 'owic', adjective: 'owickiego' },
  { nominative: 'any', genitive: 'an', adjective: 'ańskiego' },
  { nominative: 'owiec', genitive: 'owca', adjective: 'owieckiego' },
  { nominative: 'in', genitive: 'ina', adjective: 'ińskiego' },
];
const RIVERS = [
  '',
  ' nad Wisłą',
  ' nad Odrą',
  ' nad Wartą',
  ' nad Bugiem',
  ' nad Sanem',
  ' nad Pilicą',
  ' nad Notecią',
  ' nad Narwią',
  ' nad Bzurą',
];

function place(index: number): { stem: string; ending: (typeof ENDINGS)[number]; river: string } {
  const stem = STEMS[index % STEMS.length]!;
  const ending = ENDINGS[Math.floor(index / STEMS.length) % ENDINGS.length]!;
  const river = RIVERS[Math.floor(index / (STEMS.length * ENDINGS.length))];
  if (river === undefined) throw new RangeError(`poland: no place name left for index ${index}`);
  return { stem, ending, river };
}

function names(unit: string, organ: string, organGenitive: string, executive: [string, string]): CouncilNames {
  return {
    organ: `${organ} ${unit}`,
    organGenitive: `${organGenitive} ${unit}`,
    unit,
    executiveGenitive: executive[0],
    executiveDative: executive[1],
  };
}
const PREZYDENT: [string, string] = ['Prezydenta Miasta', 'Prezydentowi Miasta'];
const BURMISTRZ: [string, string] = ['Burmistrza Miasta', 'Burmistrzowi Miasta'];
const WOJT: [string, string] = ['Wójta Gminy', 'Wójtowi Gminy'];

/**
 * Every council of the plan, in a fixed order: gminy (Warsaw, the big cities by size, then the
 * smaller ones class by class), powiaty (by seats, descending), województwa (alphabetically).
 */
export function polandCouncils(): CouncilSpec[] {
  const rng = new Rng(PLAN_SEED);
  const specs: CouncilSpec[] = [];
  const add = (kind: CouncilKind, councilNames: CouncilNames, radni: number): void => {
    const glosowania = Math.round(VOTES_PER_SEAT[kind] * radni * rng.between(0.8, 1.2));
    const komisje = kind === 'wojewodztwo' ? 4 : Math.min(4, 2 + rng.int(0, 1) + (radni >= 21 ? 1 : 0));
    specs.push({ kind, names: councilNames, radni, glosowania, komisje });
  };

  add('gmina', names('Miasta Stołecznego Warszawy', 'Rada', 'Rady', PREZYDENT), 60);
  const cities = CITIES_GENITIVE.map((city, i) => ({ city, inhabitants: CITY_POPULATION[i]! * 1000 })).sort(
    (a, b) => b.inhabitants - a.inhabitants,
  );
  for (const { city, inhabitants } of cities)
    add('gmina', names(`Miasta ${city}`, 'Rada', 'Rady', PREZYDENT), gminaSeats(inhabitants));
  let placeIndex = 0;
  for (const [seats, count, townShare] of GMINA_CLASSES) {
    for (let i = 0; i < count; i++) {
      const { stem, ending, river } = place(placeIndex++);
      const councilNames = rng.chance(townShare)
        ? names(`Miasta ${stem}${ending.genitive}${river}`, 'Rada', 'Rady', BURMISTRZ)
        : names(`Gminy ${stem}${ending.nominative}${river}`, 'Rada', 'Rady', WOJT);
      add('gmina', councilNames, seats);
    }
  }

  let powiatIndex = 0;
  for (const [seats, count] of [...POWIAT_SEATS].reverse()) {
    for (let i = 0; i < count; i++) {
      const { stem, ending } = place(powiatIndex++);
      add(
        'powiat',
        names(`Powiatu ${stem}${ending.adjective}`, 'Rada', 'Rady', ['Zarządu Powiatu', 'Zarządowi Powiatu']),
        seats,
      );
    }
  }

  for (const [adjective, seats] of VOIVODESHIPS) {
    add(
      'wojewodztwo',
      names(`Województwa ${adjective}`, 'Sejmik', 'Sejmiku', ['Zarządu Województwa', 'Zarządowi Województwa']),
      seats,
    );
  }
  return specs;
}

/**
 * The plan at a fraction in (0, 1]: of each kind's n councils the ones at ⌊(j + ½)/fraction⌋ for
 * j = 0, 1, … (every k-th, k = 1/fraction, from the middle of the first k), or its middle council
 * when that keeps none. A kind's councils are ordered by size, so this is a spread sample; the
 * councils kept are the same as in the full plan.
 */
export function polandPlan(fraction = 1): CouncilSpec[] {
  if (!(fraction > 0 && fraction <= 1)) throw new RangeError(`poland: fraction must be in (0, 1], got ${fraction}`);
  const all = polandCouncils();
  const kept: CouncilSpec[] = [];
  for (const kind of Object.keys(POLAND_COUNCILS) as CouncilKind[]) {
    const ofKind = all.filter((spec) => spec.kind === kind);
    const before = kept.length;
    for (let j = 0; ; j++) {
      const i = Math.floor((j + 0.5) / fraction);
      if (i >= ofKind.length) break;
      kept.push(ofKind[i]!);
    }
    if (kept.length === before) kept.push(ofKind[Math.floor(ofKind.length / 2)]!);
  }
  return kept;
}

/**
 * Expected ballots of one council: a ballot per seat in each council vote, per member in each
 * committee vote (a committee has 20–35% of the seats, at least 3, as BundleGenerator draws it).
 */
export function expectedBallots(spec: CouncilSpec): number {
  const inCouncil = Math.round(spec.glosowania * SHARE_OF_VOTES_IN_COUNCIL);
  const steps = 1000;
  let members = 0;
  for (let s = 0; s < steps; s++) {
    const share = 0.2 + (0.15 * (s + 0.5)) / steps;
    members += Math.min(spec.radni, Math.max(3, Math.round(spec.radni * share)));
  }
  return inCouncil * spec.radni + (spec.glosowania - inCouncil) * (members / steps);
}

export interface PlanTotals {
  councils: Record<CouncilKind, number>;
  seats: Record<CouncilKind, number>;
  votes: number;
  expectedBallots: number;
}

export function planTotals(plan: readonly CouncilSpec[]): PlanTotals {
  const totals: PlanTotals = {
    councils: { gmina: 0, powiat: 0, wojewodztwo: 0 },
    seats: { gmina: 0, powiat: 0, wojewodztwo: 0 },
    votes: 0,
    expectedBallots: 0,
  };
  for (const spec of plan) {
    totals.councils[spec.kind]++;
    totals.seats[spec.kind] += spec.radni;
    totals.votes += spec.glosowania;
    totals.expectedBallots += expectedBallots(spec);
  }
  totals.expectedBallots = Math.round(totals.expectedBallots);
  return totals;
}

/** "2,807 councils (2,477 gminy, 314 powiaty, 16 sejmiki), 46,601 seats, 6,712,345 votes, ~100.2 million ballots expected" */
export function describePlan(totals: PlanTotals): string {
  const n = (x: number) => x.toLocaleString('en');
  const { councils, seats } = totals;
  return (
    `${n(councils.gmina + councils.powiat + councils.wojewodztwo)} councils (${n(councils.gmina)} gminy, ${n(councils.powiat)} powiaty, ` +
    `${n(councils.wojewodztwo)} sejmiki), ${n(seats.gmina + seats.powiat + seats.wojewodztwo)} seats, ${n(totals.votes)} votes, ` +
    `~${n(totals.expectedBallots)} ballots expected`
  );
}
