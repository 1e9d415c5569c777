// /api/statystyki: parameters and responses (CONTRACT §4, §5).

import { z } from 'zod';
import {
  booleanParam,
  idParam,
  kadencjaParam,
  limitParam,
  minParam,
  minWspolneParam,
  organParam,
  tematParam,
} from '../http/params.ts';
import { councilFields, count, int, kadencjaString, percentNumber, text } from '../answers/schemas.ts';
import { topicFields } from '../utils/schemas.ts';

// Every aggregate accepts `organ` (CONTRACT §7): the figures of that body's votes and sessions only.
export const scopeQuery = z.object({ kadencja: kadencjaParam, organ: organParam });
export const votesRankingQuery = z.object({ kadencja: kadencjaParam, organ: organParam, limit: limitParam(20) });
export const attendanceRankingQuery = z.object({
  kadencja: kadencjaParam,
  organ: organParam,
  limit: limitParam(20),
  min_posiedzen: minParam(1).meta({ description: 'Minimalna liczba zapisów obecności radnego' }),
});
export const councillorRankingQuery = z.object({
  kadencja: kadencjaParam,
  organ: organParam,
  limit: limitParam(20),
  min_glosowan: minParam(10).meta({ description: 'Minimalna liczba aktywnych głosów radnego' }),
});
export const topPairsQuery = z.object({
  kadencja: kadencjaParam,
  organ: organParam,
  limit: limitParam(20),
  min_wspolne: minWspolneParam,
  tylko_miedzy_ugrupowaniami: booleanParam.optional().meta({ description: 'true: tylko pary z różnych ugrupowań' }),
});

const who = {
  pozycja: int('Pozycja (od 1)'),
  id_osoby: int('Identyfikator radnego'),
  imie_nazwisko: text('Imię i nazwisko'),
  ugrupowanie: text('Ugrupowanie').nullable(),
};

export const dashboard = z
  .strictObject({
    liczba_posiedzen: count('Posiedzenia'),
    liczba_glosow: count('Głosowania'),
    liczba_radnych: count('Radni z przynależnością'),
    srednia_frekwencja: z
      .string()
      .regex(/^\d+\.\d{2}$/)
      .meta({ description: 'Średnia frekwencja, napis z dwoma miejscami po przecinku' }),
  })
  .meta({ id: 'Dashboard' });

export const attendanceRankingItem = z
  .strictObject({
    ...who,
    liczba_posiedzen: count('Zapisy obecności'),
    obecnosci: count('Obecności'),
    nieobecnosci: count('Nieobecności'),
    frekwencja_procent: percentNumber('Frekwencja'),
    ...councilFields('radnego'),
  })
  .meta({ id: 'AttendanceRankingItem' });

export const rebelRankingItem = z
  .strictObject({
    ...who,
    glosowania: count('Aktywne głosy w głosowaniach ze stanowiskiem większości'),
    w_mniejszosci: count('Głosy w mniejszości'),
    procent: percentNumber('w_mniejszosci / glosowania'),
    ...councilFields('radnego'),
  })
  .meta({ id: 'RebelRankingItem' });

export const loyalistRankingItem = z
  .strictObject({
    ...who,
    glosowania: count('Aktywne głosy w głosowaniach ze stanowiskiem większości'),
    w_wiekszosci: count('Głosy z większością'),
    procent: percentNumber('w_wiekszosci / glosowania'),
    ...councilFields('radnego'),
  })
  .meta({ id: 'LoyalistRankingItem' });

export const bodyActivity = z
  .strictObject({
    id_organu: int('Identyfikator organu'),
    nazwa: text('Nazwa'),
    typ: text('Typ, np. rada, komisja'),
    liczba_posiedzen: count('Posiedzenia'),
    liczba_glosow: count('Głosowania'),
    srednia_glosow_na_posiedzenie: z
      .number()
      .min(0)
      .meta({ description: 'liczba_glosow / liczba_posiedzen, dwa miejsca po przecinku' }),
  })
  .meta({ id: 'BodyActivity' });

export const monthlyTotals = z
  .strictObject({
    miesiac: z
      .string()
      .regex(/^\d{4}-\d{2}$/)
      .meta({ description: 'Miesiąc YYYY-MM' }),
    liczba_posiedzen: count('Posiedzenia w miesiącu'),
    obecnosci: count('Zapisy obecności: obecni'),
    nieobecnosci: count('Zapisy obecności: nieobecni'),
    frekwencja_procent: percentNumber('Frekwencja'),
  })
  .meta({ id: 'MonthlyTotals' });

const pairMember = z.strictObject({
  id_osoby: int('Identyfikator radnego'),
  imie_nazwisko: text('Imię i nazwisko'),
  ugrupowanie: text('Ugrupowanie').nullable(),
  ...councilFields('radnego'),
});
export const topPair = z
  .strictObject({
    pozycja: int('Pozycja (od 1)'),
    radny_1: pairMember,
    radny_2: pairMember,
    wspolne_glosowania: count('Wspólne aktywne głosowania'),
    zgodne: count('Zgodne głosy'),
    zgodnosc_procent: percentNumber('zgodne / wspolne_glosowania'),
  })
  .meta({ id: 'TopPair' });

export const topicFigures = z
  .strictObject({
    ...topicFields,
    liczba_glosowan: count('Głosowania tego tematu w zakresie'),
    przyjete: count('Głosowania przyjęte'),
    odrzucone: count('Głosowania odrzucone'),
    srednia_kontrowersyjnosc: z
      .number()
      .min(0)
      .max(100)
      .meta({ description: 'Średnia kontrowersyjność głosowań tematu (dwa miejsca, zaokrąglenie połówkowe w górę)' }),
  })
  .meta({ id: 'TopicFigures' });

export const topicRebelsQuery = z.object({
  kadencja: kadencjaParam,
  organ: organParam,
  temat: tematParam.optional().meta({ description: 'Tylko ten temat (id z /api/utils/tematy)' }),
  limit: limitParam(5).meta({ description: 'Radnych na temat (domyślnie 5, najwyżej 100)' }),
  min_glosowan: minParam(10).meta({
    description: 'Minimalna liczba głosowań tematu liczonych w zgodności radnego z ugrupowaniem',
  }),
});

export const topicRebel = z
  .strictObject({
    ...who,
    wszystkie_glosowania: count('Głosowania tematu liczone w zgodności z ugrupowaniem (jak zgodnosc-grupa)'),
    niezgodne: count('Z nich: głos inny niż stanowisko własnego ugrupowania (jak glosowania-buntownicze)'),
    procent: percentNumber('niezgodne / wszystkie_glosowania'),
    ...councilFields('radnego'),
  })
  .meta({ id: 'TopicRebel' });

export const topicRebels = z
  .strictObject({
    ...topicFields,
    radni: z.array(topicRebel).meta({
      description:
        'Radni z co najmniej min_glosowan takich głosowań, według udziału niezgodnych malejąco, liczby niezgodnych malejąco, id_osoby',
    }),
  })
  .meta({ id: 'TopicRebels' });

export const cohesionQuery = z.object({ kadencja: kadencjaParam, organ: organParam, limit: limitParam(20) });

export const cohesionItem = z
  .strictObject({
    pozycja: int('Pozycja (od 1)'),
    id_ugrupowania: int('Identyfikator ugrupowania'),
    nazwa: text('Nazwa ugrupowania'),
    liczba_glosowan: count('Głosowania, w których członkowie ugrupowania oddali co najmniej 2 aktywne głosy'),
    spojnosc_procent: percentNumber(
      'Indeks zgodności (Hix, Noury, Roland): Σ(3·max(za, przeciw, wstrzymujacy) − T) / Σ(2·T)',
    ),
    ...councilFields('ugrupowania'),
  })
  .meta({ id: 'CohesionItem' });

export const cohesionMonthsQuery = z.object({
  kadencja: kadencjaParam,
  organ: organParam,
  limit: limitParam(20),
  ugrupowanie: idParam
    .optional()
    .meta({ description: 'id_ugrupowania: tylko to ugrupowanie (z jego pozycją w rankingu)' }),
});

export const groupCohesionMonths = z
  .strictObject({
    pozycja: int('Pozycja w rankingu spojnosc-ugrupowan (od 1)'),
    id_ugrupowania: int('Identyfikator ugrupowania'),
    nazwa: text('Nazwa ugrupowania'),
    miesiace: z
      .array(
        z.strictObject({
          miesiac: z
            .string()
            .regex(/^\d{4}-\d{2}$/)
            .meta({ description: 'Miesiąc daty głosowania YYYY-MM' }),
          liczba_glosowan: count(
            'Głosowania miesiąca, w których członkowie ugrupowania oddali co najmniej 2 aktywne głosy',
          ),
          spojnosc_procent: percentNumber('Indeks zgodności w tym miesiącu'),
        }),
      )
      .meta({ description: 'Miesiące z co najmniej jednym takim głosowaniem, rosnąco' }),
  })
  .meta({ id: 'GroupCohesionMonths' });

export const largestSamples = z
  .strictObject({
    max_posiedzen: count('Najwięcej zapisów obecności radnego w zakresie (liczba_posiedzen w ranking-frekwencji)'),
    max_glosowan: count(
      'Najwięcej aktywnych głosów jednego radnego w głosowaniach ze stanowiskiem większości ' +
        '(glosowania w ranking-buntownikow)',
    ),
    rady: z
      .array(
        z.strictObject({
          id_organu: int('Identyfikator rady'),
          max_posiedzen: count('Najwięcej zapisów obecności radnego tej rady'),
          max_glosowan: count('Najwięcej aktywnych głosów radnego tej rady w głosowaniach ze stanowiskiem większości'),
        }),
      )
      .meta({
        description:
          'Bez organu: te same liczby dla każdej rady osobno (radni tej rady, w rankingach wszystkich organów), rady z co najmniej jedną niezerową liczbą, według id_organu; z organem: pusta',
      }),
  })
  .meta({ id: 'LargestSamples' });

export const mapQuery = z.object({
  kadencja: kadencjaParam.meta({ description: 'Kadencja mapy; bez niej: najnowsza kadencja, w której organ ma mapę' }),
  organ: organParam.meta({
    description:
      'id_organu: rada (albo Sejm), której mapę pokazać (nieznany: 404); bez niego: jedyna rada (albo Sejm) w danych',
  }),
});

const mapPerson = {
  id_osoby: int('Identyfikator radnego'),
  imie_nazwisko: text('Imię i nazwisko'),
  token: text('Token (slug) radnego'),
  id_ugrupowania: int('Identyfikator ugrupowania (bieżąca przynależność w kadencji)').nullable(),
  ugrupowanie: text('Nazwa ugrupowania (bieżąca przynależność w kadencji)').nullable(),
};

export const councilMap = z
  .strictObject({
    id_organu: int('Identyfikator organu'),
    kadencja: kadencjaString,
    prog: count('Wspólne głosowania, które ma co najmniej każda para umieszczonych radnych'),
    radni: z
      .array(
        z.strictObject({
          ...mapPerson,
          x: z
            .number()
            .meta({ description: 'Pierwsza oś (jednostki 1 − zgodność, środek ciężkości w 0), 6 miejsc po przecinku' }),
          y: z.number().meta({ description: 'Druga oś' }),
        }),
      )
      .meta({ description: 'Umieszczeni radni, w kolejności nazwisk' }),
    pominieci: z.array(z.strictObject(mapPerson)).meta({
      description: 'Radni z głosem w tych głosowaniach, pominięci (za mało wspólnych głosowań), w kolejności nazwisk',
    }),
  })
  .meta({ id: 'CouncilMap' });
