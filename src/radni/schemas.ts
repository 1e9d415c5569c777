// /api/radni: parameters and responses (CONTRACT §3, §5).

import { z } from 'zod';
import {
  booleanParam,
  glosParam,
  idParam,
  kadencjaParam,
  limitParam,
  minWspolneParam,
  organParam,
  pageParam,
  tematParam,
  wholeNumber,
} from '../http/params.ts';
import {
  councilFields,
  count,
  dateString,
  glosValue,
  int,
  kadencjaString,
  percentNumber,
  text,
  wynikValue,
} from '../answers/schemas.ts';
import { topicFields } from '../utils/schemas.ts';

const councillorIdParam = z
  .string()
  .max(200, 'is too long')
  .regex(/^([1-9]\d*|[a-z0-9]+(-[a-z0-9]+)*)$/, 'must be a positive integer or a councillor token')
  .refine((id) => !/^\d+$/.test(id) || Number.isSafeInteger(Number(id)), 'is out of range');

export const councillorIdParams = z.object({
  id: councillorIdParam.meta({
    description: 'id_osoby (dodatnia liczba całkowita) albo token radnego, np. jan-kowalski',
  }),
});
export const comparisonParams = z.object({
  id: councillorIdParam.meta({ description: 'Pierwszy radny: id_osoby albo token' }),
  id2: councillorIdParam.meta({ description: 'Drugi radny: id_osoby albo token (inny niż pierwszy)' }),
});

export const scopeQuery = z.object({ kadencja: kadencjaParam });
/** The councillor list's page size when only `page` is given (the largest `limit` is CONTRACT §6's 100, as everywhere). */
export const COUNCILLOR_PAGE = 20;
export const listQuery = z.object({
  kadencja: kadencjaParam,
  organ: organParam,
  ugrupowanie: idParam
    .optional()
    .meta({ description: 'Identyfikator ugrupowania (id_ugrupowania): tylko jego członkowie' }),
  aktywny: booleanParam.optional().meta({ description: 'Tylko aktywni (true) albo tylko nieaktywni (false)' }),
  // Optional, unlike the other lists: without them the answer is the whole list (the specification's).
  page: wholeNumber(1, 1_000_000)
    .optional()
    .meta({ description: 'Numer strony (od 1); z `page` lub `limit` odpowiedź zawiera `pagination`' }),
  limit: wholeNumber(1, 100)
    .optional()
    .meta({ description: `Rozmiar strony (domyślnie ${COUNCILLOR_PAGE}); bez \`page\` i \`limit\` — cała lista` }),
});
export const partnerQuery = z.object({ kadencja: kadencjaParam, limit: limitParam(10), min_wspolne: minWspolneParam });
const topicFilter = tematParam
  .optional()
  .meta({ description: 'Tylko głosowania tego tematu (id z /api/utils/tematy)' });
export const votesQuery = z.object({
  kadencja: kadencjaParam,
  organ: organParam,
  glos: glosParam.optional().meta({
    description: 'Tylko głosowania, w których radny oddał ten głos (za, przeciw, wstrzymujacy, nieobecny, brak_glosu)',
  }),
  temat: topicFilter,
  page: pageParam,
  limit: limitParam(20),
});
export const topicsQuery = z.object({ kadencja: kadencjaParam, organ: organParam });
export const pagedScopeQuery = z.object({
  kadencja: kadencjaParam,
  organ: organParam,
  page: pageParam,
  limit: limitParam(20),
});
export const flaggedVotesQuery = z.object({ kadencja: kadencjaParam, page: pageParam, limit: limitParam(20) });
/** The lists counted by zgodnosc-grupa (zgodne, buntownicze) also per topic: `radny_temat` holds their totals. */
export const groupVotesQuery = flaggedVotesQuery.extend({ organ: organParam, temat: topicFilter });

const group = text('Nazwa ugrupowania (bieżąca przynależność w zakresie)').nullable();

export const councillorListItem = z
  .strictObject({
    id_osoby: int('Identyfikator radnego'),
    imie_nazwisko: text('Imię i nazwisko'),
    kadencja: kadencjaString,
    przynaleznosc_id: int('Identyfikator przynależności'),
    id_ugrupowania: int('Identyfikator ugrupowania').nullable(),
    ugrupowanie: group,
    aktywny: z.union([z.literal(0), z.literal(1)]).meta({ description: '1 = aktywny' }),
    token: text('Token (slug) radnego: adres jego strony /radni/<token>, przyjmowany w API zamiast id'),
    ...councilFields('radnego'),
  })
  .meta({ id: 'CouncillorListItem' });

export const councillorProfile = z
  .strictObject({
    id_osoby: int('Identyfikator radnego'),
    imie_nazwisko: text('Imię i nazwisko'),
    token: text('Token (slug) radnego'),
    kadencja: kadencjaString.nullable(),
    id_ugrupowania: int('Identyfikator ugrupowania').nullable(),
    ugrupowanie: group,
    aktywny: z.union([z.literal(0), z.literal(1)]),
    liczba_glosow: count('Aktywne głosy radnego (za, przeciw, wstrzymujacy)'),
    liczba_posiedzen: count('Zapisy obecności radnego'),
    ...councilFields('radnego'),
  })
  .meta({ id: 'CouncillorProfile' });

export const votingProfile = z
  .strictObject({
    za: count('Głosy za'),
    przeciw: count('Głosy przeciw'),
    wstrzymujacy: count('Głosy wstrzymujące się'),
    nieobecny: count('Nieobecności na głosowaniach'),
    brak_glosu: count('Obecność bez głosu'),
    za_procent: percentNumber('Udział głosów za'),
    przeciw_procent: percentNumber('Udział głosów przeciw'),
    wstrzymujacy_procent: percentNumber('Udział głosów wstrzymujących się'),
    nieobecny_procent: percentNumber('Udział nieobecności'),
    brak_glosu_procent: percentNumber('Udział braku głosu'),
  })
  .meta({ id: 'VotingProfile' });

export const attendance = z
  .strictObject({
    liczba_posiedzen: count('Zapisy obecności'),
    obecnosci: count('Obecności'),
    nieobecnosci: count('Nieobecności'),
    frekwencja_procent: percentNumber('obecnosci / liczba_posiedzen'),
  })
  .meta({ id: 'Attendance' });

export const monthlyAttendance = z
  .strictObject({
    miesiac: z
      .string()
      .regex(/^\d{4}-\d{2}$/)
      .meta({ description: 'Miesiąc YYYY-MM' }),
    liczba_posiedzen: count('Zapisy obecności w miesiącu'),
    obecnosci: count('Obecności'),
    frekwencja_procent: percentNumber('obecnosci / liczba_posiedzen'),
  })
  .meta({ id: 'MonthlyAttendance' });

export const groupAgreement = z
  .strictObject({
    wszystkie_glosowania: count('Głosowania, w których ugrupowanie miało stanowisko, a głosował też inny członek'),
    zgodne: count('Głosowania zgodne ze stanowiskiem ugrupowania'),
    zgodnosc_procent: percentNumber('zgodne / wszystkie_glosowania'),
  })
  .meta({ id: 'GroupAgreement' });

export const councillorTopic = z
  .strictObject({
    ...topicFields,
    za: count('Głosy za w głosowaniach tematu'),
    przeciw: count('Głosy przeciw'),
    wstrzymujacy: count('Głosy wstrzymujące się'),
    nieobecny: count('Nieobecności na głosowaniach tematu'),
    brak_glosu: count('Obecność bez głosu'),
    za_procent: percentNumber('Udział głosów za wśród pięciu liczb'),
    przeciw_procent: percentNumber('Udział głosów przeciw wśród pięciu liczb'),
    wszystkie_glosowania: count('Głosowania tematu liczone w zgodności z ugrupowaniem (jak zgodnosc-grupa)'),
    zgodne: count('Z nich zgodne ze stanowiskiem ugrupowania'),
    zgodnosc_procent: percentNumber('zgodne / wszystkie_glosowania'),
  })
  .meta({ id: 'CouncillorTopic' });

export const partnerItem = z
  .strictObject({
    pozycja: int('Pozycja (od 1)'),
    id_osoby: int('Identyfikator radnego'),
    imie_nazwisko: text('Imię i nazwisko'),
    ugrupowanie: group,
    wspolne_glosowania: count('Głosowania, w których obaj oddali aktywny głos'),
    zgodne: count('Głosowania z takim samym głosem'),
    zgodnosc_procent: percentNumber('zgodne / wspolne_glosowania'),
    ...councilFields('radnego'),
  })
  .meta({ id: 'PartnerItem' });

export const attendanceRecord = z
  .strictObject({
    id_posiedzenia: int('Identyfikator posiedzenia'),
    id_organu: int('Identyfikator organu'),
    numer: text('Numer posiedzenia, jak zapisała go rada'),
    data: dateString,
    obecny: z.union([z.literal(0), z.literal(1)]).meta({ description: '1 = obecny' }),
    lista_obecnosci: z
      .boolean()
      .meta({ description: 'true: z listy obecności podanej przez źródło; false: wyliczona z głosów' }),
  })
  .meta({ id: 'AttendanceRecord' });

const comparedCouncillor = z.strictObject({
  id_osoby: int('Identyfikator radnego'),
  imie_nazwisko: text('Imię i nazwisko'),
  ugrupowanie: group,
  ...councilFields('radnego'),
});

export const comparison = z
  .strictObject({
    radny: comparedCouncillor,
    drugi: comparedCouncillor,
    wspolne_glosowania: count('Głosowania, w których obaj oddali aktywny głos'),
    zgodne: count('Głosowania z takim samym głosem'),
    zgodnosc_procent: percentNumber('zgodne / wspolne_glosowania'),
    rozbiezne: z
      .array(
        z.strictObject({
          id_glosowania: int('Identyfikator głosowania'),
          data_czas: z
            .string()
            .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/)
            .meta({ description: 'Data i godzina YYYY-MM-DDTHH:MM:SS' }),
          tytul: text('Tytuł głosowania'),
          wynik: wynikValue,
          glos: glosValue,
          glos_drugiego: glosValue,
        }),
      )
      .meta({ description: 'Wspólne głosowania, w których głosy się różnią (porządek dat, stronicowane)' }),
    wspolny_organ: z.boolean().meta({
      description:
        'Czy obaj mają głos albo zapis obecności w jednym organie (w zakresie kadencja/organ); ' +
        'false: np. radni dwóch różnych rad',
    }),
  })
  .meta({ id: 'Comparison' });

/** The totals of a councillor's vote lists in scope: each the pagination total of its endpoint (/glosowania, …). */
export const voteListTotals = z
  .strictObject({
    wszystkie: count('Głosowania z głosem radnego (każdy zapis: także nieobecność i brak głosu)'),
    zgodne: count('Głosowania zgodne ze stanowiskiem ugrupowania (zgodne w zgodnosc-grupa)'),
    buntownicze: count('Głosowania wbrew stanowisku ugrupowania'),
    samotne: count('Głosowania, w których radny jako jedyny wybrał swoją opcję'),
    kluczowe: count('Głosowania rozstrzygnięte jednym głosem, z głosem radnego po stronie zwycięskiej'),
  })
  .meta({ id: 'VoteListTotals' });

export const pairScopeQuery = z.object({ kadencja: kadencjaParam, organ: organParam });

export const pairMonth = z
  .strictObject({
    miesiac: z
      .string()
      .regex(/^\d{4}-\d{2}$/)
      .meta({ description: 'Miesiąc daty głosowania YYYY-MM' }),
    wspolne_glosowania: count('Głosowania miesiąca, w których obaj oddali aktywny głos'),
    zgodne: count('Głosowania z takim samym głosem'),
    zgodnosc_procent: percentNumber('zgodne / wspolne_glosowania'),
  })
  .meta({ id: 'PairMonth' });
