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

/** What one body's record disagrees about in a scope (CONTRACT §12). */
export const quality = z
  .strictObject({
    id_organu: int('Identyfikator organu'),
    organ: text('Nazwa organu'),
    glosowania: count('Głosowania'),
    imienne: count('Głosowania z listą imienną (co najmniej jeden głos)'),
    tylko_liczby: count('Głosowania bez listy imiennej, z liczbami podanymi przez źródło (liczą się te liczby)'),
    rozbiezne_liczby: count(
      'Głosowania z listą imienną, w których któraś podana liczba (za, przeciw, wstrzymujacy, nieobecni, brak_glosu) różni się od policzonej z listy (liczą się głosy z listy)',
    ),
    wynik_wbrew_liczbom: count(
      'Głosowania, których podany wynik przeczy liczbom: przyjęto przy za ≤ przeciw albo odrzucono przy za > przeciw (wynikiem jest podany)',
    ),
    posiedzenia: count('Posiedzenia'),
    z_lista_obecnosci: count('Posiedzenia z listą obecności podaną przez źródło'),
    obecni_bez_glosu: count(
      'Zapisy obecności z listy: osoba obecna, z co najmniej jednym głosem na posiedzeniu, każdym „nieobecny”',
    ),
  })
  .meta({ id: 'Quality' });

export const group = z
  .strictObject({
    id_ugrupowania: int('Identyfikator ugrupowania'),
    nazwa: text('Nazwa'),
    skrot: text('Skrót').nullable(),
    pelna_nazwa: text('Pełna nazwa, gdy źródło ją podaje (kluby Sejmu, config clubs Radoskopu)').nullable(),
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
