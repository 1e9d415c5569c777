// Topics (CONTRACT §11): the fold, word-start matching, first entry wins, `inne`, and the rules a
// vocabulary must keep. Every title below is written by hand; the expected topic is read off §11.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  OTHER_TOPIC,
  TopicClassifier,
  VocabularyError,
  foldTopicText,
  parseVocabulary,
  type Vocabulary,
} from '../core/topics.ts';
import { loadVocabulary } from '../etl/topics.ts';
import { matchedPattern } from '../src/site/record.tsx';

const topicOf = (vocabulary: Vocabulary, title: string): string => {
  const classifier = new TopicClassifier(vocabulary);
  return classifier.idOf(classifier.topicOf(title));
};

describe('fold (CONTRACT §11)', () => {
  it.each([
    ['Łąka', 'laka'], // ł → l before NFKD: ł has no decomposition
    ['ŁÓDŹ  Żółć', 'lodz zolc'],
    ['  Zmiana\t\tbudżetu \n na 2024  ', 'zmiana budzetu na 2024'], // whitespace runs → one space, ends trimmed
    ['Ćwiczenia ŚLĄSKIE', 'cwiczenia slaskie'],
    ['ﬁnanse', 'finanse'], // NFKD: the ligature becomes two letters
    ['x\u00a0y', 'x y'], // a no-break space is whitespace
    ['İstanbul', 'istanbul'], // marks go before lower case: no dot left over
    ['', ''],
  ])('%j → %j', (text, folded) => expect(foldTopicText(text)).toBe(folded));
});

describe('matching at a word start (CONTRACT §11)', () => {
  const vocabulary: Vocabulary = [{ id: 'a', nazwa: 'A', wzorce: ['park'] }];

  it.each([
    ['Rewitalizacja Parku Miejskiego', 'a'], // upper case, inflected
    ['Budowa parkingu przy ul. Polnej', 'a'], // park at the start of parkingu
    ['Zakaz: Zaparkowanie pojazdów', 'inne'], // inside a word: not a word start
    ['Teren (park) nad rzeką', 'a'], // after punctuation
    ['park', 'a'], // the whole title
    ['Aquapark', 'inne'],
    ['2park', 'inne'], // after a digit: not a word start
    ['x-park', 'a'], // after a hyphen
  ])('%j → %s', (title, topic) => expect(topicOf(vocabulary, title)).toBe(topic));

  it('folds the pattern and the title alike: Polish letters, upper case, double spaces', () => {
    const plan: Vocabulary = [{ id: 'plany', nazwa: 'Plany', wzorce: ['Miejscowego  PLANU zagospodarowania'] }];
    expect(topicOf(plan, 'W SPRAWIE MIEJSCOWEGO PLANU   ZAGOSPODAROWANIA PRZESTRZENNEGO')).toBe('plany');
    expect(topicOf(plan, 'w sprawie miejscowego planu\tzagospodarowania')).toBe('plany');
    expect(topicOf(plan, 'w sprawie miejscowegoplanu zagospodarowania')).toBe('inne');
    const lokal: Vocabulary = [{ id: 'l', nazwa: 'L', wzorce: ['łąk', 'lokal'] }];
    expect(topicOf(lokal, 'Nadanie nazwy ulicy Łąkowej')).toBe('l');
    expect(topicOf(lokal, 'Sprzedaż lokalu użytkowego')).toBe('l');
    expect(topicOf(lokal, 'Zbycie nieruchomości')).toBe('inne');
  });

  it('a pattern whose fold is empty never matches', () => {
    const vocabulary: Vocabulary = [
      { id: 'pusty', nazwa: 'Pusty', wzorce: ['', '   ', '\u0301'] },
      { id: 'b', nazwa: 'B', wzorce: ['budżet'] },
    ];
    expect(topicOf(vocabulary, 'Budżet')).toBe('b');
    expect(topicOf(vocabulary, 'Wniosek formalny')).toBe('inne');
    expect(topicOf(vocabulary, '')).toBe('inne');
  });

  it('a pattern with punctuation matches where its first character is at a word start', () => {
    const vocabulary: Vocabulary = [{ id: 'druk', nazwa: 'Druk', wzorce: ['(druk'] }];
    expect(topicOf(vocabulary, 'Uchwała (druk nr 5)')).toBe('druk');
    expect(topicOf(vocabulary, 'Uchwała(druk nr 5)')).toBe('inne'); // "(" follows a letter
  });
});

describe('the topic of a vote: the first entry in file order, else inne', () => {
  const vocabulary: Vocabulary = [
    { id: 'procedura', nazwa: 'Procedura', wzorce: ['porządku obrad', 'wniosek formalny'] },
    { id: 'budzet', nazwa: 'Budżet', wzorce: ['budżet'] },
    { id: 'plany', nazwa: 'Plany', wzorce: ['miejscowego planu', 'budżet obywatelski'] },
  ];

  it.each([
    ['Zmiana w porządku obrad: projekt uchwały budżetowej', 'procedura'], // two entries match: the first wins
    ['Projekt uchwały budżetowej', 'budzet'],
    ['Budżet obywatelski w rejonie miejscowego planu', 'budzet'], // budzet is first in the file, whatever the title
    ['Uchwała w sprawie miejscowego planu', 'plany'],
    ['Sprawozdanie z działalności', 'inne'],
  ])('%j → %s', (title, topic) => expect(topicOf(vocabulary, title)).toBe(topic));

  it('inne is the topic after every entry, named „Inne”', () => {
    const classifier = new TopicClassifier(vocabulary);
    expect(classifier.topicOf('nic')).toBe(3);
    expect(classifier.idOf(3)).toBe('inne');
    expect(OTHER_TOPIC).toEqual({ id: 'inne', nazwa: 'Inne' });
    expect(new TopicClassifier([]).idOf(new TopicClassifier([]).topicOf('Budżet'))).toBe('inne');
  });
});

describe('a vocabulary that breaks §11 is rejected with a message naming the entry', () => {
  const parse = (value: unknown) => () => parseVocabulary(JSON.stringify(value), 'tematy.json');

  it('accepts a valid one (extra keys ignored) and keeps file order', () => {
    expect(
      parseVocabulary(
        JSON.stringify([
          { id: 'b-2', nazwa: 'B', wzorce: [], opis: 'x' },
          { id: 'a', nazwa: 'A', wzorce: ['x'] },
        ]),
        'v.json',
      ),
    ).toEqual([
      { id: 'b-2', nazwa: 'B', wzorce: [] },
      { id: 'a', nazwa: 'A', wzorce: ['x'] },
    ]);
    expect(parseVocabulary('[]', 'v.json')).toEqual([]);
  });

  it.each([
    ['not JSON', '{', /tematy\.json: is not JSON/],
    ['not an array', JSON.stringify({ id: 'a' }), /tematy\.json: must be a JSON array/],
  ])('%s', (_what, text, message) => expect(() => parseVocabulary(text, 'tematy.json')).toThrow(message));

  it.each([
    [
      'an id with upper case',
      [{ id: 'Budzet', nazwa: 'B', wzorce: [] }],
      /entry 1 \("Budzet"\): id: must match \^\[a-z0-9-\]\{1,40\}\$/,
    ],
    ['an id too long', [{ id: 'a'.repeat(41), nazwa: 'B', wzorce: [] }], /entry 1 \("a{41}"\): id/],
    [
      'an empty id',
      [
        { id: 'x', nazwa: 'X', wzorce: [] },
        { id: '', nazwa: 'B', wzorce: [] },
      ],
      /entry 2 \(""\): id/,
    ],
    ['a missing id', [{ nazwa: 'B', wzorce: [] }], /entry 1: id: /],
    [
      'an id that repeats',
      [
        { id: 'a', nazwa: 'A', wzorce: [] },
        { id: 'b', nazwa: 'B', wzorce: [] },
        { id: 'a', nazwa: 'C', wzorce: [] },
      ],
      /entry 3 \("a"\): id: repeats entry 1/,
    ],
    ['inne', [{ id: 'inne', nazwa: 'Inne', wzorce: ['x'] }], /entry 1 \("inne"\): id: must not be "inne"/],
    ['an empty nazwa', [{ id: 'a', nazwa: '', wzorce: [] }], /entry 1 \("a"\): nazwa: /],
    ['a nazwa that is not a string', [{ id: 'a', nazwa: 5, wzorce: [] }], /entry 1 \("a"\): nazwa: /],
    ['wzorce not an array', [{ id: 'a', nazwa: 'A', wzorce: 'budżet' }], /entry 1 \("a"\): wzorce: /],
    ['a pattern that is not a string', [{ id: 'a', nazwa: 'A', wzorce: ['x', 7] }], /entry 1 \("a"\): wzorce\[1\]: /],
    ['an entry that is not an object', [{ id: 'a', nazwa: 'A', wzorce: [] }, 'b'], /entry 2: must be an object/],
  ])('%s', (_what, value, message) => {
    expect(parse(value)).toThrow(VocabularyError);
    expect(parse(value)).toThrow(message);
  });
});

describe('the fast fold and the trie agree with §11 read literally', () => {
  // §11 as written, with nothing shared with core/topics.ts but the test's own regular expressions.
  const fold = (s: string) =>
    s
      .replace(/ł/g, 'l')
      .replace(/Ł/g, 'L')
      .normalize('NFKD')
      .replace(/\p{Mn}/gu, '')
      .toLowerCase()
      .replace(/\s+/g, ' ')
      .trim();
  const naiveTopic = (vocabulary: Vocabulary, title: string): number => {
    const t = fold(title);
    for (let topic = 0; topic < vocabulary.length; topic++) {
      for (const pattern of vocabulary[topic]!.wzorce) {
        const p = fold(pattern);
        if (p === '') continue;
        for (let i = t.indexOf(p); i >= 0; i = t.indexOf(p, i + 1)) {
          const before = [...t.slice(0, i)].at(-1);
          if (before === undefined || !/[\p{L}\p{N}]/u.test(before)) return topic;
        }
      }
    }
    return vocabulary.length;
  };
  // Polish letters in both cases, spaces of several kinds, punctuation, digits, a ligature, a combining
  // mark, Greek (final sigma), a letter outside the BMP, and characters NFKD expands.
  const alphabet = [
    'a',
    'b',
    'k',
    'l',
    'ł',
    'Ł',
    'ą',
    'Ą',
    'ż',
    'Ż',
    'ó',
    'Ó',
    'e',
    'ę',
    'E',
    ' ',
    '  ',
    '\t',
    '\u00a0',
    '\u2003',
    '-',
    '(',
    '„',
    '”',
    '.',
    '1',
    '2',
    '²',
    'ﬁ',
    '\u0301',
    'Σ',
    'σ',
    '𝐀',
    'ß',
    'İ',
    '½',
    '…',
  ];
  const text = fc.array(fc.constantFrom(...alphabet), { maxLength: 14 }).map((parts) => parts.join(''));

  it('fold', () => {
    fc.assert(
      fc.property(text, (s) => {
        expect(foldTopicText(s)).toBe(fold(s));
      }),
      { numRuns: 3000, seed: 37 },
    );
  });

  it('topic', () => {
    const vocabulary = fc
      .array(fc.array(text, { maxLength: 4 }), { maxLength: 5 })
      .map((entries) => entries.map((wzorce, i) => ({ id: `t${i}`, nazwa: `T${i}`, wzorce })));
    fc.assert(
      fc.property(vocabulary, fc.array(text, { maxLength: 6 }), (v, titles) => {
        const classifier = new TopicClassifier(v);
        for (const title of titles) expect(classifier.topicOf(title)).toBe(naiveTopic(v, title));
      }),
      { numRuns: 3000, seed: 37 },
    );
  });
});

/** §11 read literally, for the property tests below: some pattern occurs in the title at a word start. */
const matchesAt = (title: string, patterns: readonly string[]) =>
  patterns.some((pattern) => {
    const p = foldTopicText(pattern);
    if (p === '') return false;
    const t = foldTopicText(title);
    for (let i = t.indexOf(p); i >= 0; i = t.indexOf(p, i + 1)) {
      const before = [...t.slice(0, i)].at(-1);
      if (before === undefined || !/[\p{L}\p{N}]/u.test(before)) return true;
    }
    return false;
  });

describe('exclusions (wykluczenia): an entry does not take a title one of its exclusions matches', () => {
  const vocabulary: Vocabulary = [
    { id: 'budzet', nazwa: 'Budżet', wzorce: ['budżet'], wykluczenia: ['jednostki budżetowej'] },
    { id: 'nieruchomosci', nazwa: 'Nieruchomości', wzorce: ['nieruchomoś'], wykluczenia: ['odpad'] },
    { id: 'srodowisko', nazwa: 'Środowisko', wzorce: ['odpad', 'paliw'], wykluczenia: ['jednostki paliwa'] },
    { id: 'ustroj', nazwa: 'Ustrój', wzorce: ['statut', 'jednostki budżetowej'] },
  ];

  it.each([
    ['Zmiana budżetu miasta', 'budzet'],
    ['Statut jednostki budżetowej „Centrum”', 'ustroj'], // budget excluded: the next entry that matches
    ['Utworzenie Jednostki Budżetowej', 'ustroj'], // an exclusion folds and matches at a word start like a pattern
    ['Opłata za gospodarowanie odpadami od właścicieli nieruchomości', 'srodowisko'],
    ['Sprzedaż nieruchomości', 'nieruchomosci'],
    ['Średnia cena jednostki paliwa', 'inne'], // every entry that matches is excluded
    ['Ceny paliw', 'srodowisko'],
    ['Zapodpad nieruchomości', 'nieruchomosci'], // „odpad” inside a word: not at a word start, no exclusion
  ])('%s → %s', (title, topic) => expect(topicOf(vocabulary, title)).toBe(topic));

  it('are optional, checked, and kept by the parser', () => {
    const parsed = parseVocabulary(JSON.stringify(vocabulary), 'v.json');
    expect(parsed[0]).toEqual(vocabulary[0]);
    expect(parsed[3]).toEqual(vocabulary[3]); // no wykluczenia key where there was none
    expect(() =>
      parseVocabulary(JSON.stringify([{ id: 'a', nazwa: 'A', wzorce: [], wykluczenia: 'x' }]), 'v.json'),
    ).toThrow(/v\.json: entry 1 \("a"\): wykluczenia: must be an array of strings/);
    expect(() =>
      parseVocabulary(JSON.stringify([{ id: 'a', nazwa: 'A', wzorce: [], wykluczenia: [1] }]), 'v.json'),
    ).toThrow(/entry 1 \("a"\): wykluczenia\[0\]: must be a string/);
  });

  it('agree with a naive reading on random vocabularies and titles', () => {
    const word = fc.constantFrom('ab', 'ba', 'abb', 'b', 'ł', 'lab', 'a b', '');
    const entries = fc.array(fc.tuple(fc.array(word, { maxLength: 3 }), fc.array(word, { maxLength: 2 })), {
      minLength: 1,
      maxLength: 4,
    });
    const title = fc.array(fc.constantFrom('ab', 'ba', 'b', 'Ł', 'la', ' ', '-', 'x'), { maxLength: 8 });
    fc.assert(
      fc.property(entries, fc.array(title, { maxLength: 5 }), (raw, titles) => {
        const v: Vocabulary = raw.map(([wzorce, wykluczenia], i) => ({
          id: `t${i}`,
          nazwa: `T${i}`,
          wzorce,
          wykluczenia,
        }));
        const classifier = new TopicClassifier(v);
        for (const parts of titles) {
          const t = parts.join('');
          const expected = v.findIndex((e) => matchesAt(t, e.wzorce) && !matchesAt(t, e.wykluczenia ?? []));
          expect(classifier.topicOf(t)).toBe(expected < 0 ? v.length : expected);
        }
      }),
      { numRuns: 2000, seed: 44 },
    );
  });
});

describe('giving way (ustepuje): an entry takes a title its pattern of giving way matches only when no other does', () => {
  const vocabulary: Vocabulary = [
    { id: 'budzet', nazwa: 'Budżet', wzorce: ['podat'], ustepuje: ['oraz ustawy o podatku'] },
    { id: 'zdrowie', nazwa: 'Zdrowie', wzorce: ['zdrow'], wykluczenia: ['zdrowia zwierząt'] },
    { id: 'gospodarka', nazwa: 'Gospodarka', wzorce: ['górnict'], ustepuje: ['górnictwa'] },
  ];

  it.each([
    ['o zmianie ustawy o podatku rolnym', 'budzet'],
    ['o zdrowiu publicznym oraz ustawy o podatku dochodowym', 'zdrowie'], // the tax law named beside the subject
    // every entry that matches gives way: the first of them, in file order
    ['o podatku od spadków oraz ustawy o podatku dochodowym', 'budzet'],
    ['o funkcjonowaniu górnictwa oraz ustawy o podatku', 'budzet'],
    // an exclusion is stronger: an excluded entry does not take the title even when the rest give way
    ['o zdrowia zwierząt oraz ustawy o podatku', 'budzet'],
    ['o podatku OrAz  Ustawy o Podatku', 'budzet'], // folded and matched at a word start like a pattern
    ['o czymś innym oraz ustawy o podatku', 'budzet'],
    ['o czymś innym', 'inne'],
  ])('%s → %s', (title, topic) => expect(topicOf(vocabulary, title)).toBe(topic));

  it('are what the vote page names: the pattern of the topic the vote has, not of an entry that gave way', () => {
    expect(matchedPattern(vocabulary, 'o zdrowiu publicznym oraz ustawy o podatku')).toEqual({
      id: 'zdrowie',
      nazwa: 'Zdrowie',
      wzorzec: 'zdrow',
    });
    expect(matchedPattern(vocabulary, 'o zdrowia zwierząt oraz ustawy o podatku')?.id).toBe('budzet');
    expect(matchedPattern(vocabulary, 'o czymś innym')).toBeUndefined();
  });

  it('are optional, checked, and kept by the parser', () => {
    const parsed = parseVocabulary(JSON.stringify(vocabulary), 'v.json');
    expect(parsed).toEqual(vocabulary);
    expect(parsed[1]).not.toHaveProperty('ustepuje'); // no key where there was none
    expect(() =>
      parseVocabulary(JSON.stringify([{ id: 'a', nazwa: 'A', wzorce: [], ustepuje: 'x' }]), 'v.json'),
    ).toThrow(/v\.json: entry 1 \("a"\): ustepuje: must be an array of strings/);
    expect(() =>
      parseVocabulary(JSON.stringify([{ id: 'a', nazwa: 'A', wzorce: [], ustepuje: [null] }]), 'v.json'),
    ).toThrow(/entry 1 \("a"\): ustepuje\[0\]: must be a string/);
  });

  it('agree with a naive reading on random vocabularies and titles (with exclusions)', () => {
    const word = fc.constantFrom('ab', 'ba', 'abb', 'b', 'ł', 'lab', 'a b', '');
    const patterns = (n: number) => fc.array(word, { maxLength: n });
    const entries = fc.array(fc.tuple(patterns(3), patterns(1), patterns(2)), { minLength: 1, maxLength: 4 });
    const title = fc.array(fc.constantFrom('ab', 'ba', 'b', 'Ł', 'la', ' ', '-', 'x'), { maxLength: 8 });
    fc.assert(
      fc.property(entries, fc.array(title, { maxLength: 5 }), (raw, titles) => {
        const v: Vocabulary = raw.map(([wzorce, wykluczenia, ustepuje], i) => ({
          id: `t${i}`,
          nazwa: `T${i}`,
          wzorce,
          wykluczenia,
          ustepuje,
        }));
        const classifier = new TopicClassifier(v);
        for (const parts of titles) {
          const t = parts.join('');
          // As the README words it: the first entry that matches, is not excluded and does not give
          // way; none: the first that matches and is not excluded; none: inne.
          const taking = v.map((e) => matchesAt(t, e.wzorce) && !matchesAt(t, e.wykluczenia ?? []));
          const firm = v.findIndex((e, i) => taking[i] && !matchesAt(t, e.ustepuje ?? []));
          const expected = firm >= 0 ? firm : taking.indexOf(true);
          expect(classifier.topicOf(t)).toBe(expected < 0 ? v.length : expected);
        }
      }),
      { numRuns: 1000, seed: 4406 },
    );
  });
});

describe('the default vocabulary on the title shapes issue 44 found filed wrongly on councils never seen', () => {
  // Hand-written in the shapes real councils use; the topic is the one a careful reader chooses.
  const classifier = new TopicClassifier(loadVocabulary().vocabulary);
  it.each([
    ['Wybór Przewodniczącego Komisji Skarg, Wniosków i Petycji', 'ustroj'], // not under complaints
    ['w sprawie wyboru Wiceprzewodniczącego Komisji Zdrowia i Polityki Społecznej', 'ustroj'],
    ['w sprawie wyboru Przewodniczącego Rady Miejskiej', 'ustroj'],
    ['w sprawie powołania Komisji Skarg, Wniosków i Petycji', 'ustroj'],
    ['Uwaga nr 12 – odrzucić', 'plany'],
    ['Uwaga 7 - nieuwzględnienie', 'plany'],
    ['w sprawie rozstrzygnięcia o sposobie rozpatrzenia uwag do projektu planu', 'plany'],
    ['Deklaracja w sprawie ogłoszenia roku 2025 Rokiem Jana Pawła II', 'nazwy'],
    ['w sprawie zmiany statutu jednostki budżetowej Centrum Usług Wspólnych', 'ustroj'],
    [
      'w sprawie wyboru metody ustalenia opłaty za gospodarowanie odpadami komunalnymi od właścicieli nieruchomości',
      'srodowisko',
    ],
    ['w sprawie określenia średniej ceny jednostki paliwa w Gminie na rok szkolny 2024/2025', 'edukacja'],
    ['w sprawie zasad zwrotu kosztów przewozu dzieci do szkół', 'edukacja'],
    ['w sprawie ustalenia zasad zwrotu wydatków za świadczenia z pomocy społecznej', 'zdrowie'],
    ['w sprawie przyznania tytułu „Honorowy Obywatel Miasta”', 'nazwy'],
    ['w sprawie nadania statutu Gminnej Bibliotece Publicznej', 'kultura'],
    ['o zmianie ustawy o świadczeniu usług drogą elektroniczną', 'ustroj'], // „drogą” alone is no road
    ['w sprawie powierzenia Powiatowi zadania zarządzania drogą gminną', 'transport'],
    // a Sejm bill is about the law it names first; a tax law named beside it gives way (ustepuje)
    [
      'o zmianie ustawy o górnictwie węgla kamiennego oraz ustawy o podatku dochodowym od osób fizycznych',
      'gospodarka',
    ],
    ['o zmianie ustawy o podatku dochodowym od osób prawnych oraz ustawy o podatku dochodowym', 'budzet'],
    ['o zmianie ustawy o Krajowej Administracji Skarbowej oraz ustawy o podatku od towarów i usług', 'budzet'],
    ['Wniosek o wyrażenie wotum nieufności wobec Ministra Zdrowia', 'ustroj'], // who governs, not health
    ['w sprawie poparcia dochodzenia odszkodowania', 'inne'], // „dochodzenia” is no income („dochodu”)
  ])('%s → %s', (title, topic) => expect(classifier.idOf(classifier.topicOf(title))).toBe(topic));

  // Made up in the shapes of other councils (gminy, powiaty, sejmiki) and bills, for the general fixes of
  // the third and fourth held-out sets' errors; the vocabulary before this round filed 38 of these 49 wrongly.
  it.each([
    ['w sprawie ustalenia cen i opłat za usługi przewozowe w publicznym transporcie zbiorowym', 'transport'],
    ['w sprawie ustalenia stawek dotacji przedmiotowych dla Zakładu Gospodarki Komunalnej na 2026 rok', 'budzet'],
    [
      'w sprawie ustalenia stawki jednostkowej dotacji przedmiotowej z budżetu gminy dla zakładu budżetowego na utrzymanie cmentarzy komunalnych',
      'budzet', // a subsidy rate is the budget's, whatever the unit does
    ],
    ['w sprawie darowizny nieruchomości położonej przy ul. Powstańców Wielkopolskich', 'nieruchomosci'], // an address
    ['w sprawie sprzedaży nieruchomości przy ul. Piotra Skargi', 'nieruchomosci'], // no complaint
    ['w sprawie nadania imienia Przedszkolu nr 5 przy ul. Szkolnej', 'nazwy'],
    ['w sprawie ustanowienia Dnia Pamięci Ofiar Rzezi Wołyńskiej', 'nazwy'],
    ['w sprawie ustanowienia Dni Pamięci Powstańców Śląskich', 'nazwy'],
    ['w sprawie powołania Gminnej Rady Seniorów i nadania jej statutu', 'ustroj'], // a council's body, not care
    ['w sprawie podwyższenia wynagrodzenia rodzinom zastępczym zawodowym', 'zdrowie'], // foster care, not pay
    ['w sprawie udzielenia Wspólnocie Mieszkaniowej dotacji celowej na renowację elewacji budynku', 'kultura'],
    ['w sprawie udzielenia dotacji celowej Wspólnocie Mieszkaniowej na wymianę źródeł ciepła', 'srodowisko'],
    [
      'w sprawie wyrażenia zgody na sprzedaż lokalu mieszkalnego we wspólnocie mieszkaniowej z bonifikatą',
      'nieruchomosci',
    ],
    [
      'w sprawie udzielenia Janowi Kowalskiemu prowadzącemu działalność gospodarczą dotacji na prace konserwatorskie przy zabytku',
      'kultura', // who receives the grant is not what it is for
    ],
    ['w sprawie przyjęcia Strategii Rozwoju Społeczno-Gospodarczego Gminy na lata 2025-2035', 'ustroj'],
    ['w sprawie przyjęcia sprawozdania z realizacji Programu „Karta Mieszkańca” za 2024 rok', 'ustroj'],
    ['w sprawie oceny aktualności studium i planów miejscowych', 'plany'],
    ['w sprawie desygnowania radnych do Powiatowej Rady Rynku Pracy', 'ustroj'],
    ['w sprawie rozpatrzenia wniosku mieszkańców dotyczącego oświetlenia ulicy', 'skargi'],
    [
      'Rozpatrzenie wniosku Rady Ministrów o wyrażenie zgody na przedłużenie ograniczenia prawa do azylu',
      'bezpieczenstwo',
    ],
    ['o zmianie ustawy - Kodeks spółek handlowych oraz niektórych innych ustaw', 'gospodarka'],
    ['o zmianie ustawy o radcach prawnych', 'prawo'],
    ['o świadczeniach pieniężnych z ubezpieczenia społecznego w razie choroby i macierzyństwa', 'zdrowie'],
    ['o zmianie ustawy o portach morskich', 'transport'],
    ['w sprawie wyrażenia woli objęcia udziałów w podwyższonym kapitale zakładowym spółki', 'nieruchomosci'],
    ['w sprawie nadania Statutu Powiatowemu Centrum Pomocy Rodzinie', 'zdrowie'],
    ['w sprawie określenia zasad ponoszenia odpłatności za pobyt w ośrodkach wsparcia', 'zdrowie'],
    ['w sprawie przystąpienia do programu „Opieka wytchnieniowa” dla Jednostek Samorządu Terytorialnego', 'zdrowie'],
    ['w sprawie przyjęcia Powiatowego Programu Promocji Zatrudnienia i Łagodzenia Skutków Bezrobocia', 'gospodarka'],
    ['w sprawie przyjęcia planu pracy Komisji Oświaty, Kultury i Sportu na 2026 rok', 'ustroj'],
    ['w sprawie zasad sytuowania obiektów małej architektury, tablic i urządzeń reklamowych', 'plany'],
    ['w sprawie zaciągnięcia zobowiązania na realizację zadania inwestycyjnego', 'budzet'],
    ['w sprawie desygnowania trzech radnych do Jury Nagrody Burmistrza dla nauczycieli', 'ustroj'],
    ['w sprawie desygnowania radnych do komisji konkursowej opiniującej oferty na najem lokali', 'ustroj'],
    ['głosowanie nad kandydaturą Pana Jana Kotowskiego na stanowisko sędziego', 'prawo'], // no cats („kotów”)
    ['w sprawie wygaśnięcia mandatu radnego Bronisława Nowaka', 'ustroj'], // no weapons („broni”)
    ['o zmianie ustawy o Krajowym Rejestrze Oznakowanych Psów i Kotów', 'srodowisko'],
    ['o zmianie ustawy o rencie socjalnej', 'zdrowie'],
    ['w sprawie porozumienia międzygminnego o ustaleniu źródeł uciążliwości odorowych', 'srodowisko'],
    ['w sprawie nawiązania współpracy partnerskiej z miastem Lwów', 'ustroj'],
    ['o ustanowieniu Dnia Pamięci Ofiar Niemieckich Obozów', 'nazwy'],
    ['w sprawie uchylenia uchwały w sprawie niedochodzenia należności', 'budzet'],
    ['w sprawie przekształcenia SPZOZ w spółkę kapitałową', 'zdrowie'],
    ['w sprawie określenia zasad przyznawania stypendiów sportowych dla zawodników', 'kultura'],
    ['w sprawie zmian w planie finansowym', 'budzet'],
    ['w sprawie przyjęcia Programu Rozwoju Obszarów Wiejskich', 'gospodarka'],
    ['w sprawie powołania Sekretarza Gminy', 'ustroj'],
    ['w sprawie nadania drodze wewnętrznej położonej w Kowalach nazwy „Leśna”', 'nazwy'], // the other order
    ['w sprawie nadania statutu Chórowi Miejskiemu', 'kultura'],
    // Seventh held-out set: help to repatriates is welfare, a grant for a fire brigade is safety, not the budget.
    ['w sprawie udzielenia pomocy finansowej dla rodziny repatriantów z Kazachstanu', 'zdrowie'],
    ['w sprawie zapewnienia warunków do osiedlenia się rodzinie repatriowanej', 'zdrowie'],
    [
      'w sprawie udzielenia pomocy finansowej Powiatowi na zakup samochodu dla Komendy Powiatowej Straży Pożarnej',
      'bezpieczenstwo',
    ],
    // Eighth held-out set and the shapes of other councils found with it (issue 44, ninth session).
    ['w sprawie wyznaczenia miejsc okazjonalnie wykorzystywanych do kąpieli', 'srodowisko'], // any form of bathing
    ['w sprawie określenia sezonu kąpielowego oraz wykazu kąpielisk', 'srodowisko'],
    ['w sprawie przystąpienia do sporządzenia miejscowego planu rejon kąpieliska morskiego', 'plany'],
    ['o ratyfikacji Umowy o wzmocnionej współpracy obronnej', 'bezpieczenstwo'], // defence in any form
    ['w sprawie przyjęcia planu obronnego gminy', 'bezpieczenstwo'],
    ['ODESŁANIE DO KOMIISJI w sprawie uchwalenia miejscowego planu', 'procedura'], // a clerk's typo
    ['WNIOSEK O ODESŁANIE DRUKU DO KOMISJI w sprawie nadania nazwy ulicy', 'procedura'],
    // a motion to hold someone to account is the law's, whatever their office or the requester's
    [
      'wniosek wstępny o pociągnięcie do odpowiedzialności konstytucyjnej przed Trybunałem Stanu Przewodniczącego Krajowej Rady Radiofonii i Telewizji',
      'prawo',
    ],
    [
      'wniosek Głównego Inspektora Transportu Drogowego o wyrażenie zgody na pociągnięcie do odpowiedzialności za wykroczenie',
      'prawo',
    ],
    // promotion is the city's (kultura) only when nothing else is promoted
    ['o zmianie ustawy o funduszach promocji produktów rolno-spożywczych', 'gospodarka'],
    ['w sprawie promocji Miasta jako Gospodarza Mistrzostw Europy w Piłce Ręcznej', 'kultura'],
    ['w sprawie przyjęcia Programu Promocji Zdrowia na lata 2025-2027', 'zdrowie'],
    ['w sprawie wyznaczenia Obszaru Chronionego Krajobrazu Dolina Wisły', 'srodowisko'], // nature, not zoning
    ['w sprawie Parku Krajobrazowego Dolina Baryczy', 'srodowisko'],
    ['w sprawie opinii o projekcie Audytu Krajobrazowego Województwa', 'plany'],
    ['w sprawie zasad udzielania dotacji celowych dla spółek wodnych', 'srodowisko'], // no company
    ['w sprawie wyrażenia zgody na przedłużenie umowy użytkowania', 'nieruchomosci'],
    ['w sprawie wyrażenia zgody na oddanie w użytkowanie nieruchomości', 'nieruchomosci'],
    ['w sprawie przyjęcia programu osłonowego „Posiłek w szkole i w domu”', 'zdrowie'], // feeding, not school
    ['w sprawie ustanowienia wieloletniego programu „Posiłek w szkole i w domu”', 'zdrowie'],
    ['w sprawie zasad ponoszenia odpłatności za pobyt w mieszkaniu chronionym', 'zdrowie'],
    ['w sprawie określenia zadań finansowanych ze środków PFRON', 'zdrowie'],
    ['w sprawie regulaminu przyznawania nagród dla nauczycieli', 'edukacja'], // pay, not an honour
    ['w sprawie nadania Szkole Podstawowej nr 3 imienia Jana Pawła II', 'nazwy'], // the other order
    ['w sprawie nadania Zespołowi Szkół imienia Marii Konopnickiej', 'nazwy'],
    ['w sprawie powołania doraźnej komisji do spraw statutu', 'ustroj'],
    ['w sprawie przystąpienia Gminy do Związku Gmin Wiejskich', 'ustroj'],
    ['w sprawie przystąpienia Powiatu do Związku Powiatów Polskich', 'ustroj'],
    ['w sprawie przekazania wniosku według właściwości', 'skargi'], // forwarded by jurisdiction
    ['w sprawie przekazania w użytkowanie samochodu dla Ochotniczej Straży Pożarnej', 'bezpieczenstwo'], // no land
    // Ninth held-out set and the shapes of other councils found with it (issue 44, tenth session).
    ['w sprawie schroniska dla osób w kryzysie bezdomności', 'zdrowie'], // people, not animals
    ['w sprawie zasad kierowania do schroniska dla osób bezdomnych i noclegowni', 'zdrowie'],
    ['w sprawie Programu opieki nad zwierzętami bezdomnymi oraz zapobiegania bezdomności zwierząt', 'srodowisko'],
    [
      'w sprawie określenia wymagań, jakie powinien spełniać przedsiębiorca ubiegający się o uzyskanie zezwolenia na prowadzenie',
      'srodowisko', // the cleanliness act's permits, cut off before their subject: not the economy
    ],
    ['w sprawie ustanowienia Gminnego Stypendium Kulturalnego', 'kultura'], // no school
    [
      'w sprawie warunków przyznawania stypendiów dla osób zajmujących się twórczością artystyczną i upowszechnianiem kultury',
      'kultura',
    ],
    ['w sprawie regulaminu przyznawania stypendiów dla uczniów szczególnie uzdolnionych', 'edukacja'],
    ['w sprawie ustalenia opłat za pobyt w ośrodku wsparcia', 'zdrowie'], // any form
    ['w sprawie reparacji wojennych od Niemiec', 'inne'], // a declaration, not the courts
    ['Oświadczenie w sprawie zadośćuczynienia za szkody spowodowane przez Niemcy w czasie II wojny światowej', 'inne'],
    ['o zmianie ustawy o postępowaniu w sprawach dotyczących pomocy publicznej', 'gospodarka'],
    ['w sprawie powołania Skarbnika Gminy', 'ustroj'], // who, not the budget
    ['w sprawie wyznaczenia przedstawicieli Rady Gminy do Rady Społecznej SP ZOZ', 'ustroj'],
    ['w sprawie wyrażenia zgody na wyodrębnienie funduszu sołeckiego', 'budzet'],
    ['w sprawie utworzenia Młodzieżowego Domu Kultury', 'edukacja'], // a school's kind of institution
    ['w sprawie zasad odpłatności za pobyt w mieszkaniu treningowym', 'zdrowie'],
    ['w sprawie ustalenia cennika za korzystanie z pływalni miejskiej', 'kultura'],
    ['w sprawie przystąpienia do Lokalnej Grupy Działania', 'gospodarka'],
    ['w sprawie przyjęcia Programu Korekcyjno-Edukacyjnego dla osób stosujących przemoc', 'zdrowie'],
    ['w sprawie nadania drodze statusu drogi wewnętrznej', 'transport'], // a status, not a name
    ['w sprawie uchwały antysmogowej dla województwa', 'srodowisko'],
    ['w sprawie utworzenia obszaru ograniczonego użytkowania dla lotniska', 'srodowisko'],
    ['w sprawie nadania statutu jednostce budżetowej Urząd Gminy', 'ustroj'], // a unit's status in any form
    ['w sprawie gromadzenia przez jednostki budżetowe dochodów na wydzielonym rachunku', 'budzet'],
    ['w sprawie stwierdzenia zgodności projektu planu ze studium', 'plany'],
    ['w sprawie uchwalenia zmiany studium', 'plany'],
    ['Apel w sprawie ochrony miejsc pracy w kopalni', 'gospodarka'],
    // Tenth held-out set and the shapes of other councils found with it (issue 44, eleventh session).
    ['w sprawie wniosku z dnia 12 marca 2024 r. o budowę chodnika', 'skargi'], // a request the council considers
    ['w sprawie wniosku Stowarzyszenia Przyjaciół Wsi', 'skargi'],
    ['w sprawie wniosku o dofinansowanie zadania ze środków Funduszu', 'inne'], // the council's own request: no petition
    ['w sprawie wyznaczenia jednostek obsługujących i jednostek obsługiwanych oraz zakresu wspólnej obsługi', 'ustroj'],
    ['w sprawie zapewnienia wspólnej obsługi administracyjnej i finansowej jednostkom oświatowym', 'ustroj'],
    ['w sprawie świadczenia obsługi informatycznej na rzecz Miejskiego Ośrodka Pomocy Rodzinie', 'ustroj'],
    ['w sprawie wzoru wniosku o wypłatę dodatku energetycznego', 'zdrowie'], // an allowance, not energy
    ['w sprawie dodatku węglowego', 'zdrowie'],
    ['w sprawie powierzenia spółce „Melioracje” zadań w zakresie gospodarki wodnej', 'srodowisko'],
    ['w sprawie określenia zasad ustalania i wypłacania świadczeń ratowniczych', 'bezpieczenstwo'],
    ['w sprawie określenia inkasentów i wysokości wynagrodzenia za inkaso', 'budzet'],
    ['w sprawie określenia zasad udzielania ulg w spłacie należności pieniężnych', 'budzet'],
    ['w sprawie utworzenia stałych obwodów głosowania', 'ustroj'],
    ['w sprawie udzielenia dotacji Fundacji na prowadzenie hospicjum', 'zdrowie'],
    ['w sprawie wyrażenia zgody na umieszczenie tablicy pamiątkowej', 'nazwy'],
    ['w sprawie wyrażenia zgody na wzniesienie pomnika', 'nazwy'],
    ['w sprawie ustanowienia prawa użytkowania nieodpłatnego na rzecz Polskiego Związku Działkowców', 'nieruchomosci'],
    ['o rynku kryptoaktywów — wniosek o skierowanie projektu do Komisji Finansów Publicznych', 'gospodarka'],
    // Eleventh held-out set and the shapes of other councils found with it (issue 44, twelfth session).
    ['w sprawie wyboru delegata Gminy do Zgromadzenia Ogólnego Związku Gmin Wiejskich', 'ustroj'], // no public assembly
    ['w sprawie wyznaczenia przedstawiciela Gminy do Zgromadzenia Związku Międzygminnego', 'ustroj'],
    ['w sprawie wprowadzenia zakazu zgromadzeń publicznych na terenie rynku', 'bezpieczenstwo'],
    ['o zmianie ustawy - Prawo o zgromadzeniach', 'bezpieczenstwo'],
    ['w sprawie utworzenia oddziału przygotowania wojskowego w Liceum Ogólnokształcącym', 'bezpieczenstwo'],
    ['w sprawie wyrażenia zgody na wydzierżawienie nieruchomości na okres dłuższy niż 3 lata', 'nieruchomosci'],
    ['w sprawie zasad wynajmowania lokali', 'nieruchomosci'],
    ['w sprawie odwołania Starosty', 'ustroj'],
    [
      'w sprawie ustalenia górnych stawek opłat ponoszonych przez właścicieli nieruchomości za opróżnianie zbiorników bezodpływowych',
      'srodowisko',
    ],
    ['w sprawie udzielenia dotacji Stowarzyszeniu na prowadzenie Warsztatów Terapii Zajęciowej', 'zdrowie'],
    ['w sprawie nadania statutu Środowiskowemu Domowi Samopomocy', 'zdrowie'],
    ['w sprawie nadania statutu Zakładowi Gospodarki Komunalnej', 'srodowisko'],
    ['w sprawie wyboru Przewodniczącego Komisji Gospodarki Komunalnej', 'ustroj'],
    ['o zmianie ustawy o zdrowiu zwierząt oraz ustawy o Inspekcji Weterynaryjnej', 'gospodarka'], // farming, not nature
    // Twelfth held-out set and the shapes of other councils found with it (issue 44, thirteenth session).
    ['w sprawie nadania statutu Powiatowemu Ośrodkowi Dokumentacji Geodezyjnej i Kartograficznej', 'nieruchomosci'],
    ['w sprawie zasad ustalania opłat za czynności z zakresu geodezji i kartografii', 'nieruchomosci'],
    ['o zmianie ustawy - Prawo geodezyjne i kartograficzne', 'nieruchomosci'],
    ['w sprawie udzielenia dotacji dla Uniwersytetu Trzeciego Wieku', 'edukacja'],
    ['o ratyfikacji Porozumienia w sprawie Środkowoeuropejskiego Programu Wymiany Uniwersyteckiej', 'edukacja'],
    ['w sprawie udzielenia dotacji dla Uniwersyteckiego Dziecięcego Szpitala Klinicznego', 'zdrowie'], // a hospital
    ['w sprawie udzielenia dotacji Stowarzyszeniu Inżynierów i Techników Rolnictwa', 'gospodarka'], // no school
    [
      'w sprawie zwolnień z podatku od nieruchomości przedsiębiorców, których płynność finansowa uległa pogorszeniu',
      'budzet',
    ],
    [
      'w sprawie przedłużenia terminów płatności przedsiębiorcom, których płynność finansowa uległa pogorszeniu',
      'budzet',
    ],
    [
      'w sprawie ustalenia trybu udzielania i rozliczania oraz trybu przeprowadzania kontroli dotacji z budżetu gminy',
      'edukacja',
    ],
    ['w sprawie określenia zadań Powiatowego Urzędu Pracy finansowanych z Funduszu Pracy', 'gospodarka'],
    ['w sprawie aktywizacji zawodowej osób bezrobotnych', 'gospodarka'],
    ['w sprawie udzielenia dotacji celowej na remont remizy w Kowalewie', 'bezpieczenstwo'], // not heritage
    ['w sprawie udzielenia dotacji celowej na remont remizy Ochotniczej Straży Pożarnej', 'bezpieczenstwo'],
    ['w sprawie zakupu samochodu ratowniczo-gaśniczego', 'bezpieczenstwo'],
    ['w sprawie zwrotu kosztów przejazdu dzieci niepełnosprawnych do placówek', 'edukacja'], // no transport
    ['w sprawie przekazania Wójtowi uprawnień do zarządzania jednostkami pomocniczymi', 'ustroj'],
    // The thirteen blind sets' errors pooled, and the shapes of other councils (issue 44, fourteenth session).
    ['Apel Rady Gminy w sprawie potępienia przemocy wobec uczestników pokojowych demonstracji', 'inne'],
    ['w sprawie przyjęcia Gminnego Programu Przeciwdziałania Przemocy Domowej na lata 2024-2030', 'zdrowie'],
    ['w sprawie przyjęcia programu wsparcia dla osób doświadczających przemocy w rodzinie', 'zdrowie'],
    ['w sprawie przyjęcia programu oddziaływań korekcyjno-edukacyjnych dla osób stosujących przemoc', 'zdrowie'],
    [
      'w sprawie upoważnienia Burmistrza do reprezentowania Gminy w Zgromadzeniu Międzygminnego Związku Komunikacyjnego',
      'ustroj',
    ],
    ['w sprawie delegowania radnego do Zgromadzenia Metropolitalnego Związku Komunikacyjnego', 'ustroj'],
    ['w sprawie nadania Obywatelstwa Honorowego Gminy', 'nazwy'],
    ['o zmianie ustawy o obywatelstwie polskim', 'ustroj'],
    ['o zmianie ustawy - Prawo konsularne', 'ustroj'],
    ['o zmianie ustawy - Prawo o notariacie', 'prawo'],
    ['o zmianie ustawy o dochodzeniu roszczeń w postępowaniu grupowym', 'prawo'],
    ['o zmianie ustawy o obronie Ojczyzny', 'bezpieczenstwo'],
    ['o zmianie ustawy o weteranach działań poza granicami państwa, ustawy o podatku dochodowym', 'bezpieczenstwo'],
    ['o zmianie ustawy o wsparciu kredytobiorców, którzy zaciągnęli kredyt mieszkaniowy', 'nieruchomosci'],
    ['o zmianie ustawy - Prawo upadłościowe oraz ustawy o Krajowym Rejestrze Zadłużonych', 'gospodarka'],
    [
      'o zmianie niektórych ustaw w związku z zapewnieniem operacyjnej odporności cyfrowej sektora finansowego',
      'gospodarka',
    ],
    ['w sprawie zasad udzielania dotacji podmiotom niezaliczanym do sektora finansów publicznych', 'budzet'],
    ['o zmianie ustawy o ubezpieczeniach obowiązkowych i Polskim Biurze Ubezpieczycieli Komunikacyjnych', 'gospodarka'],
    ['o zmianie ustawy - Prawo o ruchu drogowym oraz ustawy o ubezpieczeniach obowiązkowych', 'transport'],
    ['o zmianie ustawy o gospodarowaniu nieruchomościami rolnymi Skarbu Państwa', 'gospodarka'],
    ['w sprawie nabycia nieruchomości z Zasobu Własności Rolnej Skarbu Państwa', 'nieruchomosci'], // a plot
    // The fourteenth blind set's errors and the shapes of other councils (issue 44, fifteenth session).
    ['w sprawie zamiaru utworzenia parku kulturowego Stare Miasto', 'kultura'], // heritage, not zoning
    ['w sprawie ustalenia wzoru wniosku o przyznanie dodatku mieszkaniowego oraz deklaracji o dochodach', 'zdrowie'],
    ['w sprawie podwyższenia wysokości dochodu uprawniającego do dodatku mieszkaniowego', 'zdrowie'],
    ['w sprawie ustalenia wysokości dochodu uprawniającego do korzystania z usług opiekuńczych', 'zdrowie'],
    ['w sprawie określenia dochodów i wydatków Funduszu Remontowego', 'budzet'], // still the budget's
    ['w sprawie powołania Kapituły Medalu „Zasłużony dla Gminy”', 'ustroj'], // its make-up, as a jury's
    ['w sprawie uzupełnienia składu Kapituły Nagrody Burmistrza', 'ustroj'],
    ['w sprawie ustanowienia Medalu „Zasłużony dla Gminy” oraz regulaminu jego nadawania', 'nazwy'],
    ['w sprawie ogłoszenia tekstu jednolitego uchwały w sprawie utworzenia jednostki budżetow', 'ustroj'], // cut off
    ['w sprawie gromadzenia dochodów przez jednostki budżetowe na wydzielonym rachunku', 'budzet'],
    ['o zmianie ustawy o informatyzacji działalności podmiotów realizujących zadania publiczne', 'ustroj'],
    ['o zarządzaniu danymi', 'ustroj'],
    ['o otwartych danych i ponownym wykorzystywaniu informacji sektora publicznego', 'ustroj'],
    ['o statusie osoby najbliższej w związku i umowie o wspólnym pożyciu', 'prawo'],
    ['o związkach partnerskich', 'prawo'],
    ['o podmiotach obsługujących kredyty i nabywcach kredytów', 'gospodarka'],
    ['o zmianie ustawy o kredycie konsumenckim', 'gospodarka'],
    ['w sprawie zaciągnięcia kredytu długoterminowego na pokrycie planowanego deficytu', 'budzet'],
    ['w sprawie przyjęcia zmian Regionalnego Programu Operacyjnego Województwa na lata 2014-2020', 'gospodarka'],
    // The fifteenth blind set's errors and the pooled errors of all sets (issue 44, sixteenth session).
    ['w sprawie wyrażenia sprzeciwu wobec naruszenia przestrzeni powietrznej przez drony', 'bezpieczenstwo'],
    ['w sprawie programu ochrony powietrza dla strefy miasto', 'srodowisko'], // air, the noun: still the environment
    ['w sprawie przystąpienia do programu „Czyste Powietrze”', 'srodowisko'],
    ['o zmianie ustawy o zapewnianiu dostępności osobom ze szczególnymi potrzebami', 'zdrowie'],
    ['o ratyfikacji Umowy o ochronie inwestycji między Unią Europejską a Republiką Singapuru', 'gospodarka'],
    ['o ratyfikacji Umowy o partnerstwie między Unią Europejską a Republiką Chile', 'ustroj'],
    ['o zmianie ustawy o Agencji Mienia Wojskowego', 'bezpieczenstwo'],
    ['w sprawie nabycia od Agencji Mienia Wojskowego nieruchomości gruntowej', 'nieruchomosci'], // a plot
    ['o zmianie ustawy - Prawo o stowarzyszeniach oraz ustawy o Krajowym Rejestrze Sądowym', 'ustroj'],
    ['o zmianie ustawy - Kodeks postępowania cywilnego', 'prawo'],
    ['o koordynacji działań antykorupcyjnych oraz o likwidacji Centralnego Biura Antykorupcyjnego', 'bezpieczenstwo'],
    ['o zmianie ustawy o dostępie do zasobów genetycznych i podziale korzyści z ich wykorzystania', 'srodowisko'],
    ['o zmianie niektórych ustaw w celu dostosowania do nomenklatury scalonej', 'gospodarka'],
    ['o zmianie ustawy o przetwarzaniu danych dotyczących przelotu pasażera', 'bezpieczenstwo'],
    ['w sprawie udzielenia w roku 2024 Janowi Kowalskiemu prowadzącemu działalność gospodarczą dotacji cel', 'kultura'],
    ['w sprawie udzielenia w roku 2025 Stowarzyszeniu Inżynierów i Techników dotacji celowej na wymianę', 'kultura'],
    ['w sprawie udzielenia w roku 2025 pomocy finansowej Powiatowi na drogi', 'budzet'], // an earlier entry's
    ['w sprawie przyjęcia programu Fundusze Europejskie dla Województwa na lata 2021-2027', 'gospodarka'],
    ['w sprawie zmian w budżecie gminy w związku z realizacją projektu z funduszy europejskich', 'budzet'],
    ['o zmianie ustawy o publicznej służbie krwi', 'zdrowie'],
    ['w sprawie likwidacji Regionalnego Centrum Krwiodawstwa i Krwiolecznictwa', 'zdrowie'],
    ['w sprawie nadania nazwy rondo Honorowych Krwiodawców', 'nazwy'],
    ['o zmianie ustawy o paszach', 'gospodarka'],
    ['w sprawie wyrażenia zgody na lokalizację inwestycji mieszkaniowej w trybie specustawy', 'plany'],
    // The sixteenth blind set's errors and the pooled errors of all sets (issue 44, seventeenth session).
    ['w sprawie szczegółowego sposobu i zakresu świadczenia usług w zakresie odbierania', 'srodowisko'], // cut off
    ['w sprawie określenia szczegółowego sposobu i zakresu świadczenia usług przez gminę', 'srodowisko'],
    ['o zmianie ustawy o systemie instytucji rozwoju', 'gospodarka'],
    ['o zmianie ustawy o zasadach zarządzania mieniem państwowym', 'gospodarka'],
    ['w sprawie nabycia mienia od Skarbu Państwa', 'nieruchomosci'], // a council's property stays property
    ['o zmianie niektórych ustaw związanych z udzielaniem pomocy de minimis', 'gospodarka'],
    ['w sprawie zwolnień od podatku od nieruchomości w ramach pomocy de minimis', 'budzet'], // a tax
    [
      'o zmianie niektórych ustaw w związku z przekazywaniem informacji do europejskiego pojedynczego punktu dostępu',
      'gospodarka',
    ],
    ['Informacja Ministra Finansów o wdrożeniu Krajowego Systemu e-Faktur', 'budzet'],
    ['w sprawie uchwalenia statutu Zarządu Dróg i Zieleni', 'transport'], // roads first
    ['w sprawie rozpatrzenia skargi na Zarząd Dróg i Zieleni', 'skargi'],
    ['w sprawie uchwalenia statutu Zarządu Zieleni Miejskiej', 'srodowisko'],
  ])('%s → %s', (title, topic) => expect(classifier.idOf(classifier.topicOf(title))).toBe(topic));
});
