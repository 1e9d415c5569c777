// /api/utils: lookups and system counts (CONTRACT §5).

import { z } from 'zod';
import { kadencjaParam, organParam } from '../http/params.ts';
import { councilFields, count, dateString, int, kadencjaString, text } from '../answers/schemas.ts';

export const groupsQuery = z.object({ kadencja: kadencjaParam });
export const topicsQuery = z.object({ kadencja: kadencjaParam, organ: organParam });

/** A topic's id and name (CONTRACT §11): the field every topic answer starts with. */
export const topicFields = {
  temat: text('Id tematu (słownik tematów migawki; „inne”: głosowania, do których nie pasuje żaden temat)'),
  nazwa: text('Nazwa tematu'),
};
export const topicCount = z
  .strictObject({
    ...topicFields,
    liczba_glosowan: count('Głosowania tego tematu w zakresie (0 też)'),
  })
  .meta({ id: 'TopicCount' });

export const group = z
  .strictObject({
    id_ugrupowania: int('Identyfikator ugrupowania'),
    nazwa: text('Nazwa'),
    skrot: text('Skrót').nullable(),
    pelna_nazwa: text('Pełna nazwa, gdy źródło ją podaje (kluby Sejmu)').nullable(),
    liczba_radnych: count('Aktywni członkowie (bieżąca przynależność w zakresie)'),
    ...councilFields('ugrupowania'),
  })
  .meta({ id: 'Group' });
export const body = z
  .strictObject({ id_organu: int('Identyfikator organu'), nazwa: text('Nazwa'), typ: text('Typ') })
  .meta({ id: 'Body' });
export const term = z
  .strictObject({
    kadencja: kadencjaString,
    data_od: dateString,
    data_do: dateString.nullable(),
    liczba_radnych: count('Radni z przynależnością w kadencji'),
    liczba_posiedzen: count('Posiedzenia'),
    liczba_glosowan: count('Głosowania'),
  })
  .meta({ id: 'Term' });
export const systemCounts = z
  .strictObject({
    radni: count('Radni'),
    glosowania: count('Głosowania'),
    posiedzenia: count('Posiedzenia'),
    zalaczniki: count('Załączniki'),
  })
  .meta({ id: 'SystemCounts' });
