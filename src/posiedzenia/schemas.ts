// /api/posiedzenia: parameters and responses (CONTRACT §5).

import { z } from 'zod';
import { DATE_RANGE_ERROR, dateRangeOrdered, idParam, listFilters } from '../http/params.ts';
import { councilFields, count, dateString, int, kadencjaString, percentNumber, text } from '../answers/schemas.ts';

export const sessionIdParams = z.object({ id: idParam.meta({ description: 'id_posiedzenia' }) });
export const listQuery = z.object(listFilters).refine(dateRangeOrdered, DATE_RANGE_ERROR);

export const session = z
  .strictObject({
    id_posiedzenia: int('Identyfikator posiedzenia'),
    numer: text('Numer posiedzenia, jak zapisała go rada: 7, XXII, LXXIV/2'),
    nazwa: text('Nazwa').nullable(),
    data: dateString,
    kadencja: kadencjaString,
    id_organu: int('Identyfikator organu'),
    organ: text('Nazwa organu'),
    liczba_punktow: count('Punkty porządku obrad'),
    liczba_glosowan: count('Głosowania'),
    obecni: count('Obecni'),
    liczba_obecnosci: count('Zapisy obecności'),
    frekwencja_procent: percentNumber('obecni / liczba_obecnosci'),
    lista_obecnosci: z
      .boolean()
      .meta({ description: 'true: obecność z listy obecności podanej przez źródło; false: wyliczona z głosów' }),
  })
  .meta({ id: 'Session' });

export const agendaPoint = z
  .strictObject({
    id_punktu: int('Identyfikator punktu'),
    numer: text('Numer punktu, np. 7.3.1'),
    tytul: text('Tytuł'),
    liczba_glosowan: count('Głosowania w punkcie'),
  })
  .meta({ id: 'AgendaPoint' });

export const attendanceEntry = z
  .strictObject({
    id_osoby: int('Identyfikator radnego'),
    imie_nazwisko: text('Imię i nazwisko'),
    ugrupowanie: text('Ugrupowanie w dniu posiedzenia').nullable(),
    obecny: z.boolean().meta({ description: 'Obecny' }),
    glosowania: count('Głosy tej osoby w głosowaniach posiedzenia'),
    nieobecny_w_glosowaniach: count(
      'Te z nich „nieobecny”: równe glosowania (> 0) przy obecnym = na liście obecności, a nieobecny w każdym głosowaniu',
    ),
    ...councilFields('radnego'),
  })
  .meta({ id: 'AttendanceEntry' });
