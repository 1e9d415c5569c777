// A deterministic synthetic council bundle in the CSV format of CONTRACT §1, for tests, benchmarks and
// the committed sample. Every random choice comes from one seeded PRNG consumed in a fixed order, dates
// are whole UTC day numbers and numbers are printed without locale, so the same options always give
// byte-identical files. Ballots go straight to their buffered file, so memory does not grow with the
// number of councils.

import { mkdir, open, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { BUNDLE_COLUMNS } from './sources/csv.ts';
import { BRAK_GLOSU, GLOS_VALUES, NIEOBECNY, ODRZUCONO, PRZECIW, PRZYJETO, WSTRZYMUJACY, ZA } from '../core/contract.ts';

// ---------------------------------------------------------------------------------------------------
// Options

export interface GenerateOptions {
  /** PRNG seed; different seeds give different data. */
  seed: number;
  /** Seats of each council in every term (replacements and new faces add more persons). */
  radni: number;
  /** Votes per council, over all its terms and bodies. */
  glosowania: number;
  /** Consecutive terms, the newest being 2024-2029. */
  kadencje: number;
  /** Councils in the bundle; each has its own councillors, bodies and sessions. */
  rady: number;
}

export const DEFAULT_GENERATE_OPTIONS: GenerateOptions = Object.freeze({
  seed: 1,
  radni: 40,
  glosowania: 4000,
  kadencje: 2,
  rady: 1,
});

export interface GenerateSummary {
  /** Data rows (header excluded) per file name. */
  files: Record<string, number>;
}

const OPTION_LIMITS: Record<keyof GenerateOptions, [number, number]> = {
  seed: [-(2 ** 31), 2 ** 32 - 1],
  radni: [1, 100_000],
  glosowania: [0, 100_000_000],
  kadencje: [1, 20],
  rady: [1, 100_000],
};

function resolveOptions(partial: Partial<GenerateOptions>): GenerateOptions {
  const options = { ...DEFAULT_GENERATE_OPTIONS };
  for (const key of Object.keys(OPTION_LIMITS) as (keyof GenerateOptions)[]) {
    const value = partial[key];
    if (value === undefined) continue;
    const [min, max] = OPTION_LIMITS[key];
    if (!Number.isInteger(value) || value < min || value > max) {
      throw new RangeError(`generate: ${key} must be an integer in ${min}..${max}, got ${value}`);
    }
    options[key] = value;
  }
  return options;
}

// ---------------------------------------------------------------------------------------------------
// Seeded randomness

/** sfc32, seeded through splitmix32 so that neighbouring seeds give unrelated streams. */
class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    let state = seed >>> 0;
    const splitmix = (): number => {
      state = (state + 0x9e3779b9) | 0;
      let z = state;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = splitmix();
    this.b = splitmix();
    this.c = splitmix();
    this.d = splitmix();
    for (let i = 0; i < 12; i++) this.next();
  }

  /** Uniform in [0, 1). */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  between(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** Index drawn with probability proportional to its weight. */
  weighted(weights: readonly number[]): number {
    let r = this.next() * weights.reduce((sum, w) => sum + w, 0);
    for (let i = 0; i < weights.length - 1; i++) {
      r -= weights[i]!;
      if (r < 0) return i;
    }
    return weights.length - 1;
  }

  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [items[i], items[j]] = [items[j]!, items[i]!];
    }
    return items;
  }
}

// ---------------------------------------------------------------------------------------------------
// Dates as UTC day numbers (days since 1970-01-01): exact, timezone-free arithmetic.

const MS_PER_DAY = 86_400_000;

function dayOf(year: number, month: number, day: number): number {
  return Date.UTC(year, month - 1, day) / MS_PER_DAY;
}

const pad2 = (n: number): string => (n < 10 ? `0${n}` : String(n));

function isoDate(day: number): string {
  const date = new Date(day * MS_PER_DAY);
  return `${date.getUTCFullYear()}-${pad2(date.getUTCMonth() + 1)}-${pad2(date.getUTCDate())}`;
}

/** Calendar month as one integer (year·12 + month index), the key of monthly absence factors. */
function monthKey(day: number): number {
  const date = new Date(day * MS_PER_DAY);
  return date.getUTCFullYear() * 12 + date.getUTCMonth();
}

function yearOf(day: number): number {
  return new Date(day * MS_PER_DAY).getUTCFullYear();
}

/** The day itself on weekdays, the Friday before on weekends (councils rarely sit on Saturdays). */
function weekdayOnOrBefore(day: number): number {
  const weekday = new Date(day * MS_PER_DAY).getUTCDay();
  return weekday === 6 ? day - 1 : weekday === 0 ? day - 2 : day;
}

/** Sessions of the running term stop here, so the sample has no sessions in the future. */
const LAST_SESSION_DAY = dayOf(2025, 12, 31);

// ---------------------------------------------------------------------------------------------------
// Buffered CSV output

type FileName = string;
type Cell = string | number | null;

/** Characters buffered per file before it is written out. */
const FLUSH_CHARS = 1 << 20;

function csvCell(value: Cell): string {
  if (value === null) return '';
  const text = String(value); // numbers are integers: no locale, no exponent
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

class CsvFile {
  rows = 0;
  private buffer: string;

  constructor(
    private readonly handle: FileHandle,
    columns: readonly string[],
  ) {
    this.buffer = `${columns.join(',')}\n`;
  }

  row(cells: readonly Cell[]): void {
    this.line(cells.map(csvCell).join(','));
  }

  /** A pre-formatted line whose cells need no quoting (the hot path for ballots). */
  line(text: string): void {
    this.buffer += `${text}\n`;
    this.rows++;
  }

  async flush(minChars: number): Promise<void> {
    if (this.buffer.length === 0 || this.buffer.length < minChars) return;
    const text = this.buffer;
    this.buffer = '';
    await this.handle.writeFile(text, 'utf8'); // writes everything, from the current position
  }

  async close(): Promise<void> {
    await this.flush(0);
    await this.handle.close();
  }
}

class Bundle {
  private constructor(private readonly files: Record<FileName, CsvFile>) {}

  static async open(dir: string): Promise<Bundle> {
    const names = Object.keys(BUNDLE_COLUMNS);
    const handles = await Promise.all(names.map((name) => open(join(dir, name), 'w')));
    const files = Object.fromEntries(
      names.map((name, i) => [name, new CsvFile(handles[i]!, BUNDLE_COLUMNS[name]!)]),
    ) as Record<FileName, CsvFile>;
    return new Bundle(files);
  }

  file(name: FileName): CsvFile {
    const file = this.files[name];
    if (!file) throw new Error(`${name} is not a file of the bundle`);
    return file;
  }

  /** Writes out the files whose buffers are full; called between sessions, never per row. */
  async drain(): Promise<void> {
    for (const file of Object.values(this.files)) await file.flush(FLUSH_CHARS);
  }

  async close(): Promise<void> {
    for (const file of Object.values(this.files)) await file.close();
  }

  rowCounts(): Record<string, number> {
    return Object.fromEntries(Object.entries(this.files).map(([name, file]) => [name, file.rows]));
  }
}

// ---------------------------------------------------------------------------------------------------
// Vocabulary

const MALE_FIRST_NAMES = [
  'Łukasz', 'Michał', 'Paweł', 'Piotr', 'Krzysztof', 'Tomasz', 'Andrzej', 'Jan', 'Józef', 'Stanisław',
  'Marek', 'Grzegorz', 'Jarosław', 'Wojciech', 'Mateusz', 'Bartłomiej', 'Zbigniew', 'Przemysław',
  'Jędrzej', 'Maciej', 'Rafał', 'Sławomir', 'Mirosław', 'Kazimierz', 'Mikołaj', 'Zdzisław', 'Adam',
];
const FEMALE_FIRST_NAMES = [
  'Żaneta', 'Agnieszka', 'Małgorzata', 'Anna', 'Katarzyna', 'Joanna', 'Magdalena', 'Elżbieta', 'Barbara',
  'Ewa', 'Dorota', 'Jolanta', 'Beata', 'Grażyna', 'Urszula', 'Bożena', 'Łucja', 'Halina', 'Wiesława',
  'Jadwiga', 'Aleksandra', 'Zofia', 'Iwona', 'Marzena', 'Teresa', 'Sylwia', 'Hanna',
];
/** Masculine forms; feminine forms swap the -ki ending for -ka. */
const SURNAMES = [
  'Nowak', 'Kowalski', 'Wiśniewski', 'Wójcik', 'Kowalczyk', 'Kamiński', 'Lewandowski', 'Zieliński',
  'Szymański', 'Woźniak', 'Dąbrowski', 'Kozłowski', 'Jankowski', 'Mazur', 'Kwiatkowski', 'Wojciechowski',
  'Krawczyk', 'Kaczmarek', 'Piotrowski', 'Grabowski', 'Zając', 'Pawłowski', 'Michalski', 'Król', 'Wróbel',
  'Wieczorek', 'Jabłoński', 'Nowakowski', 'Majewski', 'Olszewski', 'Stępień', 'Dudek', 'Jaworski',
  'Malinowski', 'Adamczyk', 'Pawlak', 'Górski', 'Nowicki', 'Sikora', 'Walczak', 'Rutkowski', 'Baran',
  'Michalak', 'Szewczyk', 'Ostrowski', 'Tomaszewski', 'Pietrzak', 'Ślusarczyk', 'Żak', 'Łuczak',
  'Żurawski', 'Gąsiorowski', 'Błaszczyk', 'Chmielewski', 'Szczepański', 'Kołodziej', 'Śliwiński', 'Żmuda',
  'Łapiński', 'Ćwikliński', 'Zawadzki', 'Sobczak',
];

interface CouncilNames {
  /** "Rada Miasta Gdańska" */
  organ: string;
  /** "Rady Miasta Gdańska" (in session names) */
  organGenitive: string;
  /** "Miasta Gdańska" (in resolution titles) */
  unit: string;
  /** "Prezydenta Miasta" */
  executiveGenitive: string;
  /** "Prezydentowi Miasta" */
  executiveDative: string;
}

/** City councils are named with the genitive, municipality councils with the nominative. */
const CITIES_GENITIVE = [
  'Gdańska', 'Krakowa', 'Poznania', 'Wrocławia', 'Łodzi', 'Szczecina', 'Bydgoszczy', 'Lublina',
  'Białegostoku', 'Katowic', 'Gdyni', 'Częstochowy', 'Radomia', 'Torunia', 'Sosnowca', 'Kielc', 'Rzeszowa',
  'Gliwic', 'Zabrza', 'Olsztyna', 'Bielska-Białej', 'Bytomia', 'Zielonej Góry', 'Rybnika', 'Rudy Śląskiej',
  'Opola', 'Tychów', 'Gorzowa Wielkopolskiego', 'Elbląga', 'Płocka', 'Wałbrzycha', 'Włocławka', 'Tarnowa',
  'Chorzowa', 'Koszalina', 'Kalisza', 'Legnicy', 'Grudziądza', 'Słupska', 'Jaworzna',
];
const MUNICIPALITIES = [
  'Kobylnica', 'Żukowo', 'Kościerzyna', 'Kolbudy', 'Łomianki', 'Jabłonna', 'Michałowice', 'Raszyn',
  'Czosnów', 'Zielonki', 'Niepołomice', 'Skawina', 'Kórnik', 'Suchy Las', 'Komorniki', 'Dopiewo',
  'Kleszczów', 'Siechnice', 'Kobierzyce', 'Długołęka', 'Czernica', 'Lesznowola', 'Nadarzyn', 'Izabelin',
  'Stare Babice', 'Wieliszew', 'Zabierzów', 'Wielka Wieś', 'Mogilany', 'Żórawina',
];

function councilNames(index: number): CouncilNames {
  const pool = CITIES_GENITIVE.length + MUNICIPALITIES.length;
  const slot = index % pool;
  // Beyond the name pool the same names come back with a Roman numeral, keeping names distinct.
  const suffix = index < pool ? '' : ` ${roman(Math.floor(index / pool) + 1)}`;
  if (slot < CITIES_GENITIVE.length) {
    const unit = `Miasta ${CITIES_GENITIVE[slot]}${suffix}`;
    return {
      organ: `Rada ${unit}`,
      organGenitive: `Rady ${unit}`,
      unit,
      executiveGenitive: 'Prezydenta Miasta',
      executiveDative: 'Prezydentowi Miasta',
    };
  }
  const unit = `Gminy ${MUNICIPALITIES[slot - CITIES_GENITIVE.length]}${suffix}`;
  return {
    organ: `Rada ${unit}`,
    organGenitive: `Rady ${unit}`,
    unit,
    executiveGenitive: 'Wójta Gminy',
    executiveDative: 'Wójtowi Gminy',
  };
}

interface GroupSpec {
  nazwa: string;
  skrot: string | null;
  /** Typical relative size in a council. */
  weight: number;
}

/** Shared by every council: one ugrupowania row each. */
const NATIONAL_GROUPS: readonly GroupSpec[] = [
  { nazwa: 'Koalicja Obywatelska', skrot: 'KO', weight: 5 },
  { nazwa: 'Prawo i Sprawiedliwość', skrot: 'PiS', weight: 5 },
  { nazwa: 'Trzecia Droga', skrot: 'TD', weight: 2 },
  { nazwa: 'Lewica', skrot: 'Lewica', weight: 2 },
  { nazwa: 'Konfederacja', skrot: 'Konf', weight: 1.5 },
  { nazwa: 'Bezpartyjni Samorządowcy', skrot: 'BS', weight: 1.5 },
  { nazwa: 'Polskie Stronnictwo Ludowe', skrot: 'PSL', weight: 1.5 },
  { nazwa: 'Polska 2050', skrot: 'PL2050', weight: 1.2 },
];

/** Local committees: every council gets its own row, even when the name repeats elsewhere. */
const LOCAL_GROUPS: readonly GroupSpec[] = [
  { nazwa: 'KWW "Gospodarność, Rozwój, Bezpieczeństwo"', skrot: 'GRB', weight: 2.5 },
  { nazwa: 'Stowarzyszenie "Razem dla Miasta"', skrot: null, weight: 2.5 },
  { nazwa: 'Ruch Miejski', skrot: 'RM', weight: 2 },
  { nazwa: 'Wspólnota Samorządowa', skrot: 'WS', weight: 2.5 },
  { nazwa: 'Porozumienie Samorządowe „Nasz Dom”', skrot: null, weight: 2 },
  { nazwa: 'Bezpartyjny Komitet Mieszkańców', skrot: 'BKM', weight: 2 },
];

interface CommitteeSpec {
  nazwa: string;
  genitive: string;
}

/** The budget committee comes first and is in every council; the others are drawn. */
const COMMITTEES: readonly CommitteeSpec[] = [
  { nazwa: 'Komisja Budżetu i Finansów', genitive: 'Komisji Budżetu i Finansów' },
  { nazwa: 'Komisja Rewizyjna', genitive: 'Komisji Rewizyjnej' },
  { nazwa: 'Komisja Skarg, Wniosków i Petycji', genitive: 'Komisji Skarg, Wniosków i Petycji' },
  { nazwa: 'Komisja Gospodarki Komunalnej i Ochrony Środowiska', genitive: 'Komisji Gospodarki Komunalnej i Ochrony Środowiska' },
  { nazwa: 'Komisja Edukacji, Kultury i Sportu', genitive: 'Komisji Edukacji, Kultury i Sportu' },
  { nazwa: 'Komisja Rozwoju Przestrzennego i Mobilności', genitive: 'Komisji Rozwoju Przestrzennego i Mobilności' },
  { nazwa: 'Komisja Zdrowia i Polityki Społecznej', genitive: 'Komisji Zdrowia i Polityki Społecznej' },
];

const STREETS = [
  'Łąkowa', 'Źródlana', 'Żeglarska', 'Długa', 'Ogrodowa', 'Kościuszki', 'Jana Pawła II', 'Grunwaldzka',
  'Świętojańska', 'Piłsudskiego', 'Słowackiego', 'Mickiewicza', 'Żwirki i Wigury', 'Bohaterów Westerplatte',
];
const NEW_PLACE_NAMES = [
  'Aleja Ireny Sendlerowej', 'Skwer Żołnierzy Wyklętych', 'Rondo Solidarności', 'Ulica Wisławy Szymborskiej',
  'Plac Ofiar Grudnia \'70', 'Skwer Powstańców Śląskich', 'Ulica Łucji Ślusarczyk-Wójcik',
];
const PLAN_AREAS = [
  'Osiedle Zielone', 'Dolina Rzeki', 'Park Technologiczny', 'Śródmieście – Wyspa Spichrzów', 'Stare Miasto',
  'Łąki Nadrzeczne', 'Port Wewnętrzny',
];
const INSTITUTIONS = [
  'Dyrektora Miejskiego Ośrodka Pomocy Społecznej', 'Zarządu Dróg i Zieleni', 'Dyrektora Szkoły Podstawowej nr 12',
  'Miejskiego Przedsiębiorstwa Komunikacyjnego', 'Dyrektora Żłobka Miejskiego „Pszczółka”',
];
const STANCES = [
  'ochrony Puszczy Białowieskiej', 'komunikacji zbiorowej, w tym kolei aglomeracyjnej',
  'finansowania oświaty przez samorządy', 'przebiegu drogi ekspresowej S6',
];

interface SubjectContext {
  rng: Rng;
  names: CouncilNames;
  year: number;
  randomName: () => string;
}

/** "Projekt uchwały w sprawie <subject>": a few ASCII quotes and commas exercise CSV quoting. */
const RESOLUTION_SUBJECTS: ReadonlyArray<(c: SubjectContext) => string> = [
  (c) => `zmian w budżecie ${c.names.unit} na ${c.year} rok`,
  (c) => `zmian w budżecie ${c.names.unit} na ${c.year} rok`,
  (c) => `uchwalenia Budżetu ${c.names.unit} na ${c.year + 1} rok`,
  (c) => `wprowadzenia zmian w Wieloletniej Prognozie Finansowej ${c.names.unit} na lata ${c.year}-${c.year + 10}`,
  (c) => `wprowadzenia zmian w Wieloletniej Prognozie Finansowej ${c.names.unit} na lata ${c.year}-${c.year + 10}`,
  (c) => `regulaminu Budżetu Obywatelskiego na ${c.year + 1} rok`,
  (c) => `udzielenia ${c.names.executiveDative} absolutorium z tytułu wykonania budżetu za ${c.year - 1} rok`,
  (c) => `nadania nazwy ulicy w rejonie ulic ${c.rng.pick(STREETS)} i ${c.rng.pick(STREETS)}`,
  (c) => `nadania nazwy "${c.rng.pick(NEW_PLACE_NAMES)}" terenowi w obrębie ${c.rng.int(1, 60)}`,
  (c) => `miejscowego planu zagospodarowania przestrzennego obszaru „${c.rng.pick(PLAN_AREAS)}”`,
  (c) => `przyjęcia „Programu współpracy z organizacjami pozarządowymi na ${c.year + 1} rok”`,
  (c) => `określenia wysokości stawek podatku od nieruchomości na ${c.year + 1} rok`,
  (c) => 'określenia zasad, trybu i terminu rozliczania dotacji celowych na prace przy zabytkach',
  (c) => `wyrażenia zgody na zbycie nieruchomości położonej przy ul. ${c.rng.pick(STREETS)} ${c.rng.int(1, 120)}`,
  (c) => `rozpatrzenia skargi na działalność ${c.rng.pick(INSTITUTIONS)}`,
  (c) => `nadania tytułu "Zasłużony dla ${c.names.unit}" – ${c.randomName()}`,
  () => 'ustalenia opłat za parkowanie w Strefie Płatnego Parkowania',
  (c) => `zaciągnięcia kredytu długoterminowego w kwocie ${c.rng.int(2, 40)} 000 000 zł`,
  (c) => `przyjęcia stanowiska w sprawie ${c.rng.pick(STANCES)}`,
  (c) => `zmiany Statutu ${c.names.unit}`,
  (c) => `przystąpienia do sporządzenia planu ogólnego ${c.names.unit}`,
];

const FORMAL_MOTIONS = [
  'Wniosek formalny o zamknięcie dyskusji',
  'Wniosek formalny o ogłoszenie przerwy',
  'Wniosek o odesłanie projektu uchwały do komisji',
  'Wniosek o przeprowadzenie głosowania imiennego, jawnego',
];

interface AgendaTemplate {
  /** Titles of the numbered points; the resolutions point gets sub-points. */
  points: readonly string[];
  agendaPoint: number;
  protocolPoint: number;
  resolutionsPoint: number;
}

function councilAgenda(names: CouncilNames): AgendaTemplate {
  return {
    points: [
      'Otwarcie sesji i stwierdzenie prawomocności obrad',
      'Przyjęcie porządku obrad',
      'Przyjęcie protokołu z poprzedniej sesji',
      `Informacja ${names.executiveGenitive} o pracy w okresie między sesjami`,
      'Interpelacje i zapytania radnych',
      'Informacja o wykonaniu uchwał Rady',
      'Rozpatrzenie projektów uchwał',
      'Odpowiedzi na interpelacje i zapytania',
      'Wolne wnioski i informacje',
      'Zamknięcie sesji',
    ],
    agendaPoint: 1,
    protocolPoint: 2,
    resolutionsPoint: 6,
  };
}

const COMMITTEE_AGENDA: AgendaTemplate = {
  points: [
    'Otwarcie posiedzenia i stwierdzenie quorum',
    'Przyjęcie porządku posiedzenia',
    'Przyjęcie protokołu z poprzedniego posiedzenia',
    'Zaopiniowanie projektów uchwał',
    'Sprawy bieżące i wolne wnioski',
    'Zamknięcie posiedzenia',
  ],
  agendaPoint: 1,
  protocolPoint: 2,
  resolutionsPoint: 3,
};

function roman(n: number): string {
  const numerals: [number, string][] = [
    [1000, 'M'], [900, 'CM'], [500, 'D'], [400, 'CD'], [100, 'C'], [90, 'XC'],
    [50, 'L'], [40, 'XL'], [10, 'X'], [9, 'IX'], [5, 'V'], [4, 'IV'], [1, 'I'],
  ];
  let out = '';
  for (const [value, symbol] of numerals) {
    for (; n >= value; n -= value) out += symbol;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Model

interface Term {
  label: string;
  start: number;
  end: number;
  /** Last day a session may take place (the running term is cut at LAST_SESSION_DAY). */
  lastSessionDay: number;
  isCurrent: boolean;
}

interface Person {
  id: number;
  name: string;
  /** Probability of following the group line; habitual rebels have a low one. */
  loyalty: number;
  /** Base probability of missing a session, scaled by a per-month factor. */
  absence: number;
}

/** From `from` on, the person belongs to council group `group` (an index; -1 = no group). */
interface GroupPeriod {
  from: number;
  group: number;
}

/** One person holding one seat for part or all of a term. */
interface Stint {
  person: Person;
  from: number;
  to: number;
  /** Gave up the mandate before the term ended. */
  left: boolean;
  periods: GroupPeriod[];
}

/** Successive holders of one seat during a term. */
type Seat = Stint[];

interface TermSeating {
  term: Term;
  seats: Seat[];
  /** Seat indices of each committee's members, ascending. */
  committees: number[][];
  /** Per council group: part of the ruling coalition. */
  coalition: boolean[];
}

interface CouncilGroup {
  id: number;
  weight: number;
}

interface Body {
  id: number;
  /** Index into the seating's committees; -1 for the council itself. */
  committee: number;
  genitive: string;
}

interface Council {
  number: number;
  names: CouncilNames;
  groups: CouncilGroup[];
  bodies: Body[];
  people: Person[];
  absenceByMonth: Map<number, number>;
  nextDruk: number;
}

type VoteKind = 'unanimous' | 'broad' | 'coalition' | 'opposition' | 'close';

interface PlannedVote {
  /** Index into the session's points, or null for a vote outside the agenda. */
  point: number | null;
  tytul: string;
  kind: VoteKind;
  attachments: string[];
}

interface SessionPlan {
  points: { numer: string; tytul: string }[];
  votes: PlannedVote[];
}

/** Eligible voter of one session. */
interface Attendee {
  person: Person;
  group: number;
  absent: boolean;
}

type TimeFormat = 'minutes' | 'seconds' | 'date-only';

// ---------------------------------------------------------------------------------------------------
// Tuning: the rates behind the realism requirements, in one place.

const SHARE_OF_VOTES_IN_COUNCIL = 0.75;
const VOTES_PER_COUNCIL_SESSION = 36;
const VOTES_PER_COMMITTEE_SESSION = 16;
const REELECTION_RATE: [number, number] = [0.55, 0.7];
const LEAVE_RATE = 0.07;
const SWITCH_RATE = 0.05;
const NO_GROUP_RATE = 0.04;
const REBEL_RATE = 0.08;
const SESSIONS_WITH_ATTENDANCE = 0.82;
const STEPPED_OUT_RATE = 0.015;
const NO_VOTE_RATE = 0.01;
const EMPTY_WYNIK_RATE = 0.1;
const CONTRADICTING_WYNIK_RATE = 0.003;
const EMPTY_URL_RATE = 0.15;
/** Summer holidays and December thin the benches. */
const SEASONAL_ABSENCE = [1, 1, 0.9, 1, 1.1, 1.2, 1.8, 1.9, 1, 0.9, 1, 1.4];

// ---------------------------------------------------------------------------------------------------
// Pure helpers

/**
 * Polish local-government terms, oldest first, ending with the running 2024-2029 term. The 2018 term
 * ran until spring 2024 (its label keeps the planned end); earlier terms were four years, starting in
 * late November. Each term ends the day before the next one starts.
 */
function termSchedule(count: number): Term[] {
  const starts = [{ year: 2024, start: dayOf(2024, 5, 7), years: 5 }, { year: 2018, start: dayOf(2018, 11, 22), years: 5 }];
  for (let year = 2014; starts.length < count; year -= 4) starts.push({ year, start: dayOf(year, 11, 22), years: 4 });
  const chosen = starts.slice(0, count).reverse();
  return chosen.map((entry, i) => {
    const next = chosen[i + 1];
    const end = next ? next.start - 1 : dayOf(2029, 5, 6);
    return {
      label: `${entry.year}-${entry.year + entry.years}`,
      start: entry.start,
      end,
      lastSessionDay: Math.min(end, LAST_SESSION_DAY),
      isCurrent: next === undefined,
    };
  });
}

/** Splits total into integers proportional to weights, each at least `minimum` (largest remainders). */
function splitInteger(total: number, weights: readonly number[], minimum = 0): number[] {
  const rest = total - minimum * weights.length;
  const sum = weights.reduce((s, w) => s + w, 0);
  const raw = weights.map((w) => (rest * w) / sum);
  const parts = raw.map((r) => minimum + Math.floor(r));
  let leftover = total - parts.reduce((s, p) => s + p, 0);
  const byRemainder = raw.map((r, i) => ({ i, frac: r - Math.floor(r) })).sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (const { i } of byRemainder) {
    if (leftover-- <= 0) break;
    parts[i]!++;
  }
  return parts;
}

function groupAt(stint: Stint, day: number): number {
  let group = -1;
  for (const period of stint.periods) if (period.from <= day) group = period.group;
  return group;
}

function formatDataCzas(day: number, minuteOfDay: number, second: number, format: TimeFormat): string {
  const date = isoDate(day);
  if (format === 'date-only') return date;
  const hhmm = `${pad2(Math.floor(minuteOfDay / 60))}:${pad2(minuteOfDay % 60)}`;
  return format === 'seconds' ? `${date}T${hhmm}:${pad2(second)}` : `${date}T${hhmm}`;
}

function countBallots(codes: Uint8Array, n: number): number[] {
  const counts = [0, 0, 0, 0, 0];
  for (let i = 0; i < n; i++) counts[codes[i]!]!++;
  return counts;
}

// ---------------------------------------------------------------------------------------------------
// The generator

class BundleGenerator {
  private readonly rng: Rng;
  private readonly ids = { organ: 0, ugrupowanie: 0, osoba: 0, przynaleznosc: 0, posiedzenie: 0, punkt: 0, glosowanie: 0, zalacznik: 0 };
  /** Reused per vote: ballot codes of the session's attendees. */
  private codes = new Uint8Array(64);

  constructor(
    private readonly options: GenerateOptions,
    private readonly out: Bundle,
  ) {
    this.rng = new Rng(options.seed);
  }

  async run(): Promise<void> {
    const terms = termSchedule(this.options.kadencje);
    for (const term of terms) {
      this.out.file('kadencje.csv').row([term.label, isoDate(term.start), isoDate(term.end)]);
    }
    const national = NATIONAL_GROUPS.map((spec) => this.writeGroup(spec));
    for (let c = 0; c < this.options.rady; c++) await this.generateCouncil(c, terms, national);
  }

  // --- councils, groups, bodies ------------------------------------------------------------------

  private writeGroup(spec: GroupSpec): CouncilGroup {
    const id = ++this.ids.ugrupowanie;
    this.out.file('ugrupowania.csv').row([id, spec.nazwa, spec.skrot]);
    return { id, weight: spec.weight };
  }

  private async generateCouncil(index: number, terms: Term[], national: CouncilGroup[]): Promise<void> {
    const names = councilNames(index);
    const council: Council = {
      number: index + 1,
      names,
      groups: this.councilGroups(national),
      bodies: this.councilBodies(names),
      people: [],
      absenceByMonth: new Map(),
      nextDruk: 1,
    };
    const seatings = this.seatTerms(council, terms);
    const votes = this.allocateVotes(council, terms);
    for (const [b, body] of council.bodies.entries()) {
      for (const [t, seating] of seatings.entries()) {
        await this.generateBodyTerm(council, body, seating, votes[b]![t]!);
      }
    }
  }

  /** 4–6 national parties plus one local committee, each with a size weight for this council. */
  private councilGroups(national: CouncilGroup[]): CouncilGroup[] {
    const parties = this.rng.shuffle([...national]).slice(0, this.rng.int(4, 6));
    const local = this.writeGroup(this.rng.pick(LOCAL_GROUPS));
    return [...parties, local].map((g) => ({ id: g.id, weight: g.weight * this.rng.between(0.6, 1.4) }));
  }

  private councilBodies(names: CouncilNames): Body[] {
    const organy = this.out.file('organy.csv');
    const council: Body = { id: ++this.ids.organ, committee: -1, genitive: names.organGenitive };
    organy.row([council.id, names.organ, 'rada']);
    const [budget, ...others] = COMMITTEES;
    const committees = [budget!, ...this.rng.shuffle([...others]).slice(0, this.rng.int(2, 3))];
    const bodies = [council];
    for (const [i, spec] of committees.entries()) {
      const body = { id: ++this.ids.organ, committee: i, genitive: spec.genitive };
      organy.row([body.id, spec.nazwa, 'komisja']);
      bodies.push(body);
    }
    return bodies;
  }

  // --- councillors and memberships ---------------------------------------------------------------

  private randomName(): string {
    const female = this.rng.chance(0.45);
    const first = this.rng.pick(female ? FEMALE_FIRST_NAMES : MALE_FIRST_NAMES);
    const surname = (): string => {
      const masculine = this.rng.pick(SURNAMES);
      return female ? masculine.replace(/ki$/, 'ka') : masculine;
    };
    const last = female && this.rng.chance(0.06) ? `${surname()}-${surname()}` : surname();
    return `${first} ${last}`;
  }

  /** A new councillor; the eighth of each council (and a few more) shares a colleague's full name. */
  private newPerson(council: Council): Person {
    const namesake = council.people.length === 7 || (council.people.length > 0 && this.rng.chance(0.02));
    const rebel = this.rng.chance(REBEL_RATE);
    const person: Person = {
      id: ++this.ids.osoba,
      name: namesake ? this.rng.pick(council.people).name : this.randomName(),
      loyalty: rebel ? this.rng.between(0.6, 0.8) : this.rng.between(0.93, 0.995),
      absence: this.rng.chance(0.15) ? this.rng.between(0.15, 0.35) : this.rng.between(0.02, 0.1),
    };
    council.people.push(person);
    this.out.file('radni.csv').row([person.id, person.name]);
    return person;
  }

  private drawGroup(council: Council): number {
    return this.rng.chance(NO_GROUP_RATE) ? -1 : this.rng.weighted(council.groups.map((g) => g.weight));
  }

  private seatTerms(council: Council, terms: Term[]): TermSeating[] {
    const seatings: TermSeating[] = [];
    let previousHolders: Stint[] = [];
    for (const term of terms) {
      const seats = this.electSeats(council, term, previousHolders);
      this.replaceLeavers(council, term, seats);
      this.switchGroups(council, term, seats);
      const seating: TermSeating = {
        term,
        seats,
        committees: this.formCommittees(council, seats.length),
        coalition: this.formCoalition(council, seats),
      };
      this.writeMemberships(council, seating);
      seatings.push(seating);
      previousHolders = seats.map((seat) => seat[seat.length - 1]!);
    }
    return seatings;
  }

  /** Some holders at the end of the previous term are re-elected, mostly in the same group. */
  private electSeats(council: Council, term: Term, previousHolders: Stint[]): Seat[] {
    const rate = this.rng.between(...REELECTION_RATE);
    const returning = this.rng.shuffle([...previousHolders]).slice(0, Math.round(previousHolders.length * rate));
    const seats: Seat[] = [];
    for (let i = 0; i < this.options.radni; i++) {
      const previous = returning[i];
      const person = previous ? previous.person : this.newPerson(council);
      const keepsGroup = previous !== undefined && this.rng.chance(0.85);
      const group = keepsGroup ? groupAt(previous, previous.to) : this.drawGroup(council);
      seats.push([{ person, from: term.start, to: term.end, left: false, periods: [{ from: term.start, group }] }]);
    }
    return seats;
  }

  /** A few councillors give up their mandate mid-term; the next on the same list (usually) takes the seat. */
  private replaceLeavers(council: Council, term: Term, seats: Seat[]): void {
    const span = term.lastSessionDay - term.start;
    if (span < 60) return;
    for (const seat of seats) {
      if (!this.rng.chance(LEAVE_RATE)) continue;
      const leaver = seat[0]!;
      leaver.to = term.start + this.rng.int(Math.floor(span * 0.15), Math.floor(span * 0.85));
      leaver.left = true;
      const group = this.rng.chance(0.7) ? groupAt(leaver, leaver.to) : this.drawGroup(council);
      const from = leaver.to + 1;
      seat.push({ person: this.newPerson(council), from, to: term.end, left: false, periods: [{ from, group }] });
    }
  }

  /**
   * A few councillors change club mid-term. One per term always does, leaving for no group, so every
   * bundle has a switch and a membership without a group.
   */
  private switchGroups(council: Council, term: Term, seats: Seat[]): void {
    const forced = this.rng.int(0, seats.length - 1);
    for (const [i, seat] of seats.entries()) {
      const stint = seat[0]!;
      if (i !== forced && !this.rng.chance(SWITCH_RATE)) continue;
      const first = stint.from + 30;
      const last = Math.min(stint.to, term.lastSessionDay) - 30;
      if (first > last) continue;
      const current = stint.periods[0]!.group;
      const others = council.groups.map((_, g) => g).filter((g) => g !== current);
      const toNoGroup = i === forced || current === -1 ? current !== -1 : this.rng.chance(0.2);
      stint.periods.push({ from: this.rng.int(first, last), group: toNoGroup ? -1 : this.rng.pick(others) });
    }
  }

  private formCommittees(council: Council, seatCount: number): number[][] {
    const committees = council.bodies.length - 1;
    const all = Array.from({ length: seatCount }, (_, i) => i);
    return Array.from({ length: committees }, () => {
      const size = Math.min(seatCount, Math.max(3, Math.round(seatCount * this.rng.between(0.2, 0.35))));
      return this.rng.shuffle([...all]).slice(0, size).sort((a, b) => a - b);
    });
  }

  /** Groups join the coalition in random order until it holds a majority of the seats. */
  private formCoalition(council: Council, seats: Seat[]): boolean[] {
    const sizes = council.groups.map(() => 0);
    for (const seat of seats) {
      const group = seat[0]!.periods[0]!.group;
      if (group >= 0) sizes[group]!++;
    }
    const coalition = council.groups.map(() => false);
    let held = 0;
    for (const g of this.rng.shuffle(council.groups.map((_, i) => i))) {
      if (held * 2 > seats.length) break;
      coalition[g] = true;
      held += sizes[g]!;
    }
    return coalition;
  }

  /**
   * One row per stint and group period. aktywny = 0 marks a row closed before the term ended (a group
   * switch or a resignation); data_do is open for rows running in the current term.
   */
  private writeMemberships(council: Council, seating: TermSeating): void {
    const { term } = seating;
    const file = this.out.file('przynaleznosci.csv');
    for (const seat of seating.seats) {
      for (const stint of seat) {
        for (const [p, period] of stint.periods.entries()) {
          const next = stint.periods[p + 1];
          const closedAt = next ? next.from - 1 : stint.left ? stint.to : null;
          const dataDo = closedAt ?? (term.isCurrent ? null : term.end);
          const groupId = period.group >= 0 ? council.groups[period.group]!.id : null;
          file.row([++this.ids.przynaleznosc, stint.person.id, term.label, groupId, isoDate(period.from),
            dataDo === null ? null : isoDate(dataDo), closedAt === null ? 1 : 0]);
        }
      }
    }
  }

  // --- sessions ----------------------------------------------------------------------------------

  /** votes[body][term]: three quarters in the council, the rest among committees; terms by length. */
  private allocateVotes(council: Council, terms: Term[]): number[][] {
    const committeeWeights = council.bodies.slice(1).map(() => this.rng.between(0.6, 1.4));
    const inCouncil = Math.round(this.options.glosowania * SHARE_OF_VOTES_IN_COUNCIL);
    const perBody = [inCouncil, ...splitInteger(this.options.glosowania - inCouncil, committeeWeights)];
    const termWeights = terms.map((term) => term.lastSessionDay - term.start + 1);
    return perBody.map((votes) => splitInteger(votes, termWeights));
  }

  private async generateBodyTerm(council: Council, body: Body, seating: TermSeating, votes: number): Promise<void> {
    if (votes === 0) return;
    const isCouncil = body.committee < 0;
    const perSession = isCouncil ? VOTES_PER_COUNCIL_SESSION : VOTES_PER_COMMITTEE_SESSION;
    const count = Math.min(votes, Math.max(1, Math.round(votes / perSession)));
    const sizes = splitInteger(votes, Array.from({ length: count }, () => this.rng.between(0.5, 1.5)), 1);
    const days = this.sessionDays(seating.term, count, isCouncil);
    for (let s = 0; s < count; s++) {
      this.generateSession(council, body, seating, s + 1, days[s]!, sizes[s]!);
      await this.out.drain();
    }
  }

  /**
   * Session days spread evenly over the term, non-decreasing, moved off weekends. The council's
   * constitutive session opens the term; committees first meet a few weeks later.
   */
  private sessionDays(term: Term, count: number, isCouncil: boolean): number[] {
    const first = isCouncil ? term.start : Math.min(term.start + this.rng.int(10, 30), term.lastSessionDay);
    const slot = (term.lastSessionDay - first + 1) / count;
    const days: number[] = [];
    let previous = first;
    for (let s = 0; s < count; s++) {
      const planned = isCouncil && s === 0 ? first : first + Math.floor(s * slot + this.rng.next() * slot * 0.7);
      previous = Math.max(previous, weekdayOnOrBefore(planned));
      days.push(previous);
    }
    return days;
  }

  private generateSession(council: Council, body: Body, seating: TermSeating, numer: number, day: number, voteCount: number): void {
    const id = ++this.ids.posiedzenie;
    const nazwa = body.committee < 0 ? `${roman(numer)} sesja ${body.genitive}` : `${numer}. posiedzenie ${body.genitive}`;
    this.out.file('posiedzenia.csv').row([id, body.id, seating.term.label, numer, isoDate(day), nazwa]);

    const plan = this.planSession(council, body, numer, day, voteCount);
    const punkty = this.out.file('punkty.csv');
    const pointIds = plan.points.map((point) => {
      const pointId = ++this.ids.punkt;
      punkty.row([pointId, id, point.numer, point.tytul]);
      return pointId;
    });

    const attendees = this.attendees(council, body, seating, day);
    // Without obecnosci rows the ETL derives attendance from the ballots.
    if (this.rng.chance(SESSIONS_WITH_ATTENDANCE)) this.writeAttendance(id, attendees);

    const format = (['minutes', 'seconds', 'date-only'] as const)[this.rng.weighted([0.92, 0.06, 0.02])]!;
    let minute = body.committee < 0 ? this.rng.int(540, 630) : this.rng.int(480, 960);
    for (const [i, planned] of plan.votes.entries()) {
      minute = Math.min(23 * 60 + 59, minute + this.rng.int(1, 8));
      const dataCzas = formatDataCzas(day, minute, this.rng.int(0, 59), format);
      const pointId = planned.point === null ? null : pointIds[planned.point]!;
      this.generateVote(council, seating, attendees, [id, pointId, i + 1, dataCzas], planned);
    }
  }

  /**
   * The agenda of a session and its votes in order: the agenda and the previous minutes (mostly
   * unanimous; no minutes before the first session), then per resolution its amendments and the final vote, with a few formal motions
   * outside the agenda in between. Resolutions are sub-points of one point (7.1, 7.2, … 7.10).
   */
  private planSession(council: Council, body: Body, numer: number, day: number, voteCount: number): SessionPlan {
    const isCouncil = body.committee < 0;
    const template = isCouncil ? councilAgenda(council.names) : COMMITTEE_AGENDA;
    const points = template.points.map((tytul, i) => ({ numer: String(i + 1), tytul }));
    const votes: PlannedVote[] = [];
    let remaining = voteCount;
    const procedural = (point: number, tytul: string): PlannedVote =>
      ({ point, tytul, kind: this.rng.chance(0.75) ? 'unanimous' : 'broad', attachments: [] });

    if (remaining >= 2) {
      if (remaining >= 6 && this.rng.chance(0.15)) {
        const kind = this.rng.chance(0.5) ? 'opposition' : 'coalition';
        votes.push({ point: template.agendaPoint, tytul: 'Wniosek o zmianę porządku obrad', kind, attachments: [] });
        remaining--;
      }
      votes.push(procedural(template.agendaPoint, points[template.agendaPoint]!.tytul));
      remaining--;
    }
    if (numer > 1 && remaining >= 3 && this.rng.chance(0.5)) {
      votes.push(procedural(template.protocolPoint, points[template.protocolPoint]!.tytul));
      remaining--;
    }

    let formal = 0;
    for (let i = 1; i < remaining; i++) if (this.rng.chance(0.04)) formal++;
    const resolutions = this.planResolutions(council, body, day, remaining - formal, template.resolutionsPoint);
    points.splice(template.resolutionsPoint + 1, 0, ...resolutions.points);
    for (let i = 0; i < formal; i++) {
      const kind = this.rng.chance(0.3) ? 'close' : 'opposition';
      const motion: PlannedVote = { point: null, tytul: this.rng.pick(FORMAL_MOTIONS), kind, attachments: [] };
      resolutions.votes.splice(this.rng.int(0, resolutions.votes.length), 0, motion);
    }
    votes.push(...resolutions.votes);
    return { points, votes };
  }

  /** `voteCount` votes over a few resolutions: each has a final vote, some also amendments. */
  private planResolutions(council: Council, body: Body, day: number, voteCount: number, parent: number): SessionPlan {
    if (voteCount === 0) return { points: [], votes: [] };
    const isCouncil = body.committee < 0;
    const count = Math.min(voteCount, Math.max(1, Math.round(voteCount / this.rng.between(1.2, 1.6))));
    const amendments = new Array<number>(count).fill(0);
    for (let i = count; i < voteCount; i++) amendments[this.rng.int(0, count - 1)]!++;
    const context: SubjectContext = { rng: this.rng, names: council.names, year: yearOf(day), randomName: () => this.randomName() };

    const plan: SessionPlan = { points: [], votes: [] };
    for (let j = 0; j < count; j++) {
      const subject = this.rng.pick(RESOLUTION_SUBJECTS)(context);
      const druk = council.nextDruk++;
      const point = parent + 1 + j;
      plan.points.push({
        numer: `${parent + 1}.${j + 1}`,
        tytul: `${isCouncil ? 'Projekt' : 'Opinia do projektu'} uchwały w sprawie ${subject} (druk nr ${druk})`,
      });
      for (let a = 1; a <= amendments[j]!; a++) {
        plan.votes.push({
          point,
          tytul: `Poprawka nr ${a} do projektu uchwały w sprawie ${subject}`,
          kind: (['unanimous', 'broad', 'opposition', 'close'] as const)[this.rng.weighted([0.08, 0.25, 0.55, 0.12])]!,
          attachments: this.rng.chance(0.4) ? [`Treść poprawki nr ${a}.pdf`] : [],
        });
      }
      plan.votes.push({
        point,
        tytul: this.finalVoteTitle(isCouncil, subject, druk),
        kind: (['unanimous', 'broad', 'coalition', 'close'] as const)[this.rng.weighted([0.25, 0.33, 0.32, 0.1])]!,
        attachments: isCouncil
          ? [`Projekt uchwały – druk nr ${druk}.pdf`, ...(this.rng.chance(0.5) ? ['Uzasadnienie do projektu uchwały.pdf'] : [])]
          : [`Opinia ${body.genitive}, druk nr ${druk}.pdf`],
      });
    }
    return plan;
  }

  private finalVoteTitle(isCouncil: boolean, subject: string, druk: number): string {
    if (!isCouncil) return `Zaopiniowanie projektu uchwały w sprawie ${subject} (druk nr ${druk})`;
    return this.rng.chance(0.5)
      ? `Projekt uchwały w sprawie ${subject} (druk nr ${druk})`
      : `Głosowanie nad całością projektu uchwały w sprawie ${subject}`;
  }

  // --- attendance and ballots --------------------------------------------------------------------

  /** Holders of the body's seats on that day; who misses the session depends on person and month. */
  private attendees(council: Council, body: Body, seating: TermSeating, day: number): Attendee[] {
    const seatIndices = body.committee < 0 ? seating.seats.keys() : seating.committees[body.committee]!;
    const attendees: Attendee[] = [];
    for (const s of seatIndices) {
      const stint = seating.seats[s]!.find((st) => st.from <= day && day <= st.to);
      if (!stint) continue;
      const absent = this.rng.chance(this.absenceProbability(council, stint.person, day));
      attendees.push({ person: stint.person, group: groupAt(stint, day), absent });
    }
    return attendees;
  }

  private absenceProbability(council: Council, person: Person, day: number): number {
    const month = monthKey(day);
    let factor = council.absenceByMonth.get(month);
    if (factor === undefined) {
      factor = SEASONAL_ABSENCE[month % 12]! * this.rng.between(0.5, 1.6);
      council.absenceByMonth.set(month, factor);
    }
    return Math.min(0.85, person.absence * factor);
  }

  private writeAttendance(sessionId: number, attendees: Attendee[]): void {
    const file = this.out.file('obecnosci.csv');
    for (const a of attendees) file.row([sessionId, a.person.id, a.absent ? 0 : 1]);
  }

  private generateVote(
    council: Council,
    seating: TermSeating,
    attendees: Attendee[],
    [sessionId, pointId, numer, dataCzas]: [number, number | null, number, string],
    planned: PlannedVote,
  ): void {
    const id = ++this.ids.glosowanie;
    const n = attendees.length;
    if (this.codes.length < n) this.codes = new Uint8Array(n * 2);
    const codes = this.codes;
    this.castBallots(planned.kind, attendees, seating.coalition, codes);

    const glosy = this.out.file('glosy.csv');
    for (let i = 0; i < n; i++) glosy.line(`${id},${attendees[i]!.person.id},${GLOS_VALUES[codes[i]!]}`);
    const counts = countBallots(codes, n);
    const wynik = this.statedWynik(counts[ZA]!, counts[PRZECIW]!);
    this.out.file('glosowania.csv').row([id, sessionId, pointId, numer, dataCzas, planned.tytul, wynik]);
    this.writeAttachments(council, id, planned.attachments);
  }

  /** Each group picks a line for the vote; members follow it with their own loyalty. */
  private castBallots(kind: VoteKind, attendees: Attendee[], coalition: boolean[], codes: Uint8Array): void {
    const lines = coalition.map((inCoalition) => this.groupLine(kind, inCoalition));
    for (let i = 0; i < attendees.length; i++) codes[i] = this.ballot(kind, attendees[i]!, lines);
    if (kind === 'close') this.forceMargin(codes, attendees.length, this.rng.chance(0.7) ? 1 : -1);
  }

  private groupLine(kind: VoteKind, inCoalition: boolean): number {
    switch (kind) {
      case 'unanimous':
        return ZA;
      case 'broad':
        return this.drawOption(0.85, 0.05);
      case 'opposition':
        return inCoalition ? this.drawOption(0.1, 0.75) : this.drawOption(0.9, 0);
      case 'coalition':
      case 'close':
        return inCoalition ? this.drawOption(0.95, 0) : this.drawOption(0.2, 0.55);
    }
  }

  /** ZA, PRZECIW or (the rest) WSTRZYMUJACY. */
  private drawOption(za: number, przeciw: number): number {
    const r = this.rng.next();
    return r < za ? ZA : r < za + przeciw ? PRZECIW : WSTRZYMUJACY;
  }

  private ballot(kind: VoteKind, attendee: Attendee, lines: number[]): number {
    if (attendee.absent) return NIEOBECNY;
    const r = this.rng.next();
    if (r < STEPPED_OUT_RATE) return NIEOBECNY;
    if (r < STEPPED_OUT_RATE + NO_VOTE_RATE) return BRAK_GLOSU;
    if (kind === 'unanimous') return ZA;
    if (attendee.group < 0) return this.drawOption(0.55, 0.25);
    const line = lines[attendee.group]!;
    // A deviation picks one of the two other active options (ZA, PRZECIW, WSTRZYMUJACY are 0, 1, 2).
    return this.rng.chance(attendee.person.loyalty) ? line : (line + this.rng.int(1, 2)) % 3;
  }

  /** Moves single active ballots between options until za − przeciw = target: decided by one voice. */
  private forceMargin(codes: Uint8Array, n: number, target: number): void {
    const holders: number[][] = [[], [], []];
    for (let i = 0; i < n; i++) if (codes[i]! <= WSTRZYMUJACY) holders[codes[i]!]!.push(i);
    for (const list of holders) this.rng.shuffle(list);
    const move = (from: number, to: number): boolean => {
      const i = holders[from]!.pop();
      if (i === undefined) return false;
      codes[i] = to;
      holders[to]!.push(i);
      return true;
    };
    let diff = holders[ZA]!.length - holders[PRZECIW]!.length;
    while (diff !== target) {
      const down = diff > target;
      const [from, to] = down ? [ZA, PRZECIW] : [PRZECIW, ZA];
      const step = down ? -1 : 1;
      if (Math.abs(diff - target) >= 2 && move(from, to)) diff += 2 * step;
      else if (move(from, WSTRZYMUJACY) || move(WSTRZYMUJACY, to)) diff += step;
      else return; // too few active ballots to reach the margin
    }
  }

  /**
   * Mostly the outcome of the ballots; sometimes left for the ETL to derive, and rarely the opposite
   * (as when a qualified majority is missed), which the ETL reports as a warning.
   */
  private statedWynik(za: number, przeciw: number): string | null {
    const derived = za > przeciw ? PRZYJETO : ODRZUCONO;
    const r = this.rng.next();
    if (r < EMPTY_WYNIK_RATE) return null;
    if (r < EMPTY_WYNIK_RATE + CONTRADICTING_WYNIK_RATE) return derived === PRZYJETO ? ODRZUCONO : PRZYJETO;
    return derived;
  }

  private writeAttachments(council: Council, voteId: number, names: string[]): void {
    const file = this.out.file('zalaczniki.csv');
    for (const nazwa of names) {
      const id = ++this.ids.zalacznik;
      const url = this.rng.chance(EMPTY_URL_RATE) ? null : `https://bip.example.org/rada-${council.number}/zalaczniki/${id}.pdf`;
      file.row([id, voteId, nazwa, url]);
    }
  }
}

// ---------------------------------------------------------------------------------------------------
// Entry point

/** Writes the 11 CSV files of CONTRACT §1 into outDir (created when missing, files overwritten). */
export async function generateBundle(outDir: string, options: Partial<GenerateOptions>): Promise<GenerateSummary> {
  const resolved = resolveOptions(options);
  await mkdir(outDir, { recursive: true });
  const bundle = await Bundle.open(outDir);
  try {
    await new BundleGenerator(resolved, bundle).run();
  } finally {
    await bundle.close();
  }
  return { files: bundle.rowCounts() };
}
