// Polish names, invented councils and groups, committees and agenda wording the generated councils are made of.

import { Rng } from './random.ts';

export const MALE_FIRST_NAMES = [
  'Łukasz',
  'Michał',
  'Paweł',
  'Piotr',
  'Krzysztof',
  'Tomasz',
  'Andrzej',
  'Jan',
  'Józef',
  'Stanisław',
  'Marek',
  'Grzegorz',
  'Jarosław',
  'Wojciech',
  'Mateusz',
  'Bartłomiej',
  'Zbigniew',
  'Przemysław',
  'Jędrzej',
  'Maciej',
  'Rafał',
  'Sławomir',
  'Mirosław',
  'Kazimierz',
  'Mikołaj',
  'Zdzisław',
  'Adam',
];
export const FEMALE_FIRST_NAMES = [
  'Żaneta',
  'Agnieszka',
  'Małgorzata',
  'Anna',
  'Katarzyna',
  'Joanna',
  'Magdalena',
  'Elżbieta',
  'Barbara',
  'Ewa',
  'Dorota',
  'Jolanta',
  'Beata',
  'Grażyna',
  'Urszula',
  'Bożena',
  'Łucja',
  'Halina',
  'Wiesława',
  'Jadwiga',
  'Aleksandra',
  'Zofia',
  'Iwona',
  'Marzena',
  'Teresa',
  'Sylwia',
  'Hanna',
];
/** Masculine forms; feminine forms swap the -ki ending for -ka. */
export const SURNAMES = [
  'Nowak',
  'Kowalski',
  'Wiśniewski',
  'Wójcik',
  'Kowalczyk',
  'Kamiński',
  'Lewandowski',
  'Zieliński',
  'Szymański',
  'Woźniak',
  'Dąbrowski',
  'Kozłowski',
  'Jankowski',
  'Mazur',
  'Kwiatkowski',
  'Wojciechowski',
  'Krawczyk',
  'Kaczmarek',
  'Piotrowski',
  'Grabowski',
  'Zając',
  'Pawłowski',
  'Michalski',
  'Król',
  'Wróbel',
  'Wieczorek',
  'Jabłoński',
  'Nowakowski',
  'Majewski',
  'Olszewski',
  'Stępień',
  'Dudek',
  'Jaworski',
  'Malinowski',
  'Adamczyk',
  'Pawlak',
  'Górski',
  'Nowicki',
  'Sikora',
  'Walczak',
  'Rutkowski',
  'Baran',
  'Michalak',
  'Szewczyk',
  'Ostrowski',
  'Tomaszewski',
  'Pietrzak',
  'Ślusarczyk',
  'Żak',
  'Łuczak',
  'Żurawski',
  'Gąsiorowski',
  'Błaszczyk',
  'Chmielewski',
  'Szczepański',
  'Kołodziej',
  'Śliwiński',
  'Żmuda',
  'Łapiński',
  'Ćwikliński',
  'Zawadzki',
  'Sobczak',
];

export interface CouncilNames {
  /** "Rada Miasta Przykładowa" */
  organ: string;
  /** "Rady Miasta Przykładowa" (in session names) */
  organGenitive: string;
  /** "Miasta Przykładowa" (in resolution titles) */
  unit: string;
  /** "Prezydenta Miasta" */
  executiveGenitive: string;
  /** "Prezydentowi Miasta" */
  executiveDative: string;
}

// Every place and group name below is invented: the generated councillors and votes must never sit
// under a real council or a real party. The first city is the bundled sample's (data/sample).

/** City councils are named with the genitive (Przykładowo → Rada Miasta Przykładowa), municipality councils with the nominative. */
export const CITIES_GENITIVE = [
  'Przykładowa',
  'Wzorcowa',
  'Bursztynowa',
  'Wiatrakowa',
  'Jeziorkowa',
  'Kasztanowa',
  'Modrzewiowa',
  'Rumiankowa',
  'Słonecznikowa',
  'Agrestowa',
  'Jarzębinowa',
  'Konwaliowa',
  'Żurawinowa',
  'Łubinowa',
  'Porzeczkowa',
  'Czereśniowa',
  'Tatarakowa',
  'Paprociowa',
  'Szafirowa',
  'Miodowa',
  'Zielonogrodu',
  'Dębogrodu',
  'Sosnogrodu',
  'Klonogrodu',
  'Jaworogrodu',
  'Srebrnogórza',
  'Jasnobrzegu',
  'Cichobrzegu',
  'Modrobrzegu',
  'Kamiennego Mostu',
  'Lipowego Brodu',
  'Wierzbowego Brodu',
  'Nowego Przykładowa',
  'Górnego Wzorcowa',
  'Dolnego Wzorcowa',
  'Ślężnogrodu',
  'Źródłogrodu',
  'Łąkogrodu',
  'Żeglogrodu',
  'Ćwierkogrodu',
];
export const MUNICIPALITIES = [
  'Przykładowice',
  'Wzorcowice',
  'Bajkowice',
  'Baśniowo',
  'Wymyślin',
  'Zmyślany Las',
  'Sielankowo',
  'Bajdocin',
  'Marzeniowo',
  'Fikcjowo',
  'Łąkowice Przykładowe',
  'Żurawiniec Wzorcowy',
  'Źródlisko Wielkie',
  'Ślimakowo',
  'Ćwierkowo',
  'Dzwonkowice',
  'Kukułkowo',
  'Biedronkowo',
  'Wiewiórczyn',
  'Jeżykowo',
  'Pszczółkowice',
  'Motylinek',
  'Sowinek Górny',
  'Borsuczyn',
  'Lisiczkowo',
  'Zajączkowice Wzorcowe',
  'Chabrowice',
  'Makowiec Dolny',
  'Rumiankowice',
  'Stokrotkowo',
];

export function councilNames(index: number): CouncilNames {
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

export interface GroupSpec {
  nazwa: string;
  skrot: string | null;
  /** Typical relative size in a council. */
  weight: number;
}

/** Shared by every council: one ugrupowania row each. */
export const NATIONAL_GROUPS: readonly GroupSpec[] = [
  { nazwa: 'Sojusz Wspólnego Miasta', skrot: 'SWM', weight: 5 },
  { nazwa: 'Przymierze Tradycji i Rozwoju', skrot: 'PTiR', weight: 5 },
  { nazwa: 'Nowa Ścieżka', skrot: 'NŚ', weight: 2 },
  { nazwa: 'Lewy Brzeg', skrot: 'LB', weight: 2 },
  { nazwa: 'Wolność i Ład', skrot: 'WiŁ', weight: 1.5 },
  { nazwa: 'Niezależni Sąsiedzi', skrot: 'NSą', weight: 1.5 },
  { nazwa: 'Zielone Pola', skrot: 'ZP', weight: 1.5 },
  { nazwa: 'Jutro Teraz', skrot: 'JT', weight: 1.2 },
];

/** Local committees: every council gets its own row, even when the name repeats elsewhere. */
export const LOCAL_GROUPS: readonly GroupSpec[] = [
  { nazwa: 'KWW "Gospodarność, Rozwój, Bezpieczeństwo"', skrot: 'GRB', weight: 2.5 },
  { nazwa: 'Stowarzyszenie "Razem dla Miasta"', skrot: null, weight: 2.5 },
  { nazwa: 'Ruch Miejski „Zielony Kwartał”', skrot: 'ZK', weight: 2 },
  { nazwa: 'Wspólnota Sąsiedzka „Nasza Ulica”', skrot: 'NU', weight: 2.5 },
  { nazwa: 'Porozumienie Samorządowe „Nasz Dom”', skrot: null, weight: 2 },
  { nazwa: 'Bezpartyjny Komitet Mieszkańców', skrot: 'BKM', weight: 2 },
];

export interface CommitteeSpec {
  nazwa: string;
  genitive: string;
}

/** The budget committee comes first and is in every council; the others are drawn. */
export const COMMITTEES: readonly CommitteeSpec[] = [
  { nazwa: 'Komisja Budżetu i Finansów', genitive: 'Komisji Budżetu i Finansów' },
  { nazwa: 'Komisja Rewizyjna', genitive: 'Komisji Rewizyjnej' },
  { nazwa: 'Komisja Skarg, Wniosków i Petycji', genitive: 'Komisji Skarg, Wniosków i Petycji' },
  {
    nazwa: 'Komisja Gospodarki Komunalnej i Ochrony Środowiska',
    genitive: 'Komisji Gospodarki Komunalnej i Ochrony Środowiska',
  },
  { nazwa: 'Komisja Edukacji, Kultury i Sportu', genitive: 'Komisji Edukacji, Kultury i Sportu' },
  { nazwa: 'Komisja Rozwoju Przestrzennego i Mobilności', genitive: 'Komisji Rozwoju Przestrzennego i Mobilności' },
  { nazwa: 'Komisja Zdrowia i Polityki Społecznej', genitive: 'Komisji Zdrowia i Polityki Społecznej' },
];

export const STREETS = [
  'Łąkowa',
  'Źródlana',
  'Żeglarska',
  'Długa',
  'Ogrodowa',
  'Kościuszki',
  'Jana Pawła II',
  'Grunwaldzka',
  'Świętojańska',
  'Piłsudskiego',
  'Słowackiego',
  'Mickiewicza',
  'Żwirki i Wigury',
  'Bohaterów Westerplatte',
];
export const NEW_PLACE_NAMES = [
  'Aleja Ireny Sendlerowej',
  'Skwer Żołnierzy Wyklętych',
  'Rondo Solidarności',
  'Ulica Wisławy Szymborskiej',
  "Plac Ofiar Grudnia '70",
  'Skwer Powstańców Śląskich',
  'Ulica Łucji Ślusarczyk-Wójcik',
];
export const PLAN_AREAS = [
  'Osiedle Zielone',
  'Dolina Rzeki',
  'Park Technologiczny',
  'Śródmieście – Wyspa Spichrzów',
  'Stare Miasto',
  'Łąki Nadrzeczne',
  'Port Wewnętrzny',
];
export const INSTITUTIONS = [
  'Dyrektora Miejskiego Ośrodka Pomocy Społecznej',
  'Zarządu Dróg i Zieleni',
  'Dyrektora Szkoły Podstawowej nr 12',
  'Miejskiego Przedsiębiorstwa Komunikacyjnego',
  'Dyrektora Żłobka Miejskiego „Pszczółka”',
];
export const STANCES = [
  'ochrony Puszczy Białowieskiej',
  'komunikacji zbiorowej, w tym kolei aglomeracyjnej',
  'finansowania oświaty przez samorządy',
  'przebiegu drogi ekspresowej S6',
];

export interface SubjectContext {
  rng: Rng;
  names: CouncilNames;
  year: number;
  randomName: () => string;
}

/** "Projekt uchwały w sprawie <subject>": a few ASCII quotes and commas exercise CSV quoting. */
export const RESOLUTION_SUBJECTS: ReadonlyArray<(c: SubjectContext) => string> = [
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
  () => 'określenia zasad, trybu i terminu rozliczania dotacji celowych na prace przy zabytkach',
  (c) => `wyrażenia zgody na zbycie nieruchomości położonej przy ul. ${c.rng.pick(STREETS)} ${c.rng.int(1, 120)}`,
  (c) => `rozpatrzenia skargi na działalność ${c.rng.pick(INSTITUTIONS)}`,
  (c) => `nadania tytułu "Zasłużony dla ${c.names.unit}" – ${c.randomName()}`,
  () => 'ustalenia opłat za parkowanie w Strefie Płatnego Parkowania',
  (c) => `zaciągnięcia kredytu długoterminowego w kwocie ${c.rng.int(2, 40)} 000 000 zł`,
  (c) => `przyjęcia stanowiska w sprawie ${c.rng.pick(STANCES)}`,
  (c) => `zmiany Statutu ${c.names.unit}`,
  (c) => `przystąpienia do sporządzenia planu ogólnego ${c.names.unit}`,
];

export const FORMAL_MOTIONS = [
  'Wniosek formalny o zamknięcie dyskusji',
  'Wniosek formalny o ogłoszenie przerwy',
  'Wniosek o odesłanie projektu uchwały do komisji',
  'Wniosek o przeprowadzenie głosowania imiennego, jawnego',
];

export interface AgendaTemplate {
  /** Titles of the numbered points; the resolutions point gets sub-points. */
  points: readonly string[];
  agendaPoint: number;
  protocolPoint: number;
  resolutionsPoint: number;
}

export function councilAgenda(names: CouncilNames): AgendaTemplate {
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

export const COMMITTEE_AGENDA: AgendaTemplate = {
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

export function roman(n: number): string {
  const numerals: [number, string][] = [
    [1000, 'M'],
    [900, 'CM'],
    [500, 'D'],
    [400, 'CD'],
    [100, 'C'],
    [90, 'XC'],
    [50, 'L'],
    [40, 'XL'],
    [10, 'X'],
    [9, 'IX'],
    [5, 'V'],
    [4, 'IV'],
    [1, 'I'],
  ];
  let out = '';
  for (const [value, symbol] of numerals) {
    for (; n >= value; n -= value) out += symbol;
  }
  return out;
}
