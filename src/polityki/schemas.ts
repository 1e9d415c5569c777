// Parameters and responses of /api/polityki and /api/radni/:id/polityki (CONTRACT §13), in zod: the
// router validates with them, OpenAPI and the CSV columns describe the fields from them.

import { z } from 'zod';
import { OCENY, POLICY_ID, STANOWISKA, WAGI } from '../../core/policies.ts';
import { count, dateString, envelope, int, percentNumber, text, voteSummary } from '../answers/schemas.ts';
import { kadencjaParam, organParam } from '../http/params.ts';

export const policiesQuery = z.object({
  organ: organParam.meta({ description: 'id_organu: liczba głosowań polityki w tym organie (nieznany: 404)' }),
});
export const policyScopeQuery = z.object({ kadencja: kadencjaParam, organ: organParam });
export const policyParams = z.object({
  id: z
    .string({ error: 'must be given once, as a single value' })
    .regex(POLICY_ID, `must match ${POLICY_ID.source}`)
    .meta({ description: 'Identyfikator polityki (z pliku polityk)' }),
});

const policyFields = {
  id: text('Identyfikator polityki'),
  nazwa: text('Krótka nazwa polityki'),
  opis: text('Stanowisko polityki (jedno zdanie)'),
};

export const policyItem = z
  .strictObject({
    ...policyFields,
    liczba_glosowan: count('Głosowania polityki dopasowane do wpisów pliku (z organem: głosowania tego organu)'),
    silne: count('Z nich głosowania o wadze silna'),
    niedopasowane: count('Wpisy pominięte: żadne albo kilka głosowań nie pasuje'),
  })
  .meta({ id: 'PolicyItem' });

export const leftOutEntry = z
  .strictObject({
    data: dateString,
    tytul: text('Fragment tytułu z pliku polityk'),
    organ: text('Nazwa organu z pliku polityk; null: dowolny organ').nullable(),
    powod: z
      .enum(['brak', 'wiele'])
      .meta({ description: 'brak: żadne głosowanie nie pasuje; wiele: pasuje kilka głosowań' }),
  })
  .meta({ id: 'PolicyLeftOutEntry' });

const scoreFields = {
  zgodne: count('Głosy zgodne ze stanowiskiem polityki'),
  przeciwne: count('Aktywne głosy przeciwne stanowisku'),
  wstrzymane: count('Głosy wstrzymujące się (pół punktu wagi)'),
  nieobecne: count('Nieobecność albo brak głosu (nie liczą się do wyniku)'),
  punkty: count('Suma punktów niezgodności: przeciwne pełna waga, wstrzymane połowa (waga silna 10, zwykla 2)'),
  mozliwe: count('Suma możliwych punktów: waga każdego głosu zgodnego, przeciwnego i wstrzymanego'),
  zgodnosc_procent: percentNumber('Zgodność ze stanowiskiem: (mozliwe − punkty) / mozliwe')
    .nullable()
    .meta({ description: 'Zgodność ze stanowiskiem (mozliwe − punkty) / mozliwe w procentach; null gdy mozliwe = 0' }),
  ocena: z.enum(OCENY).meta({
    description:
      'Ocena słowna według zgodności (≥95 zawsze-za … ≤5 zawsze-przeciw), z ograniczeniem przy nieobecnościach w głosowaniach silnych; brak-danych gdy mozliwe = 0',
  }),
};

export const policyCouncillor = z
  .strictObject({
    id_osoby: int('Identyfikator radnego'),
    imie_nazwisko: text('Imię i nazwisko'),
    ugrupowanie: text('Nazwa ugrupowania (bieżąca przynależność w zakresie)').nullable(),
    ...scoreFields,
  })
  .meta({ id: 'PolicyCouncillor' });

export const policyVote = voteSummary
  .extend({
    stanowisko: z.enum(STANOWISKA).meta({ description: 'Głos popierający stanowisko polityki' }),
    waga: z.enum(WAGI).meta({ description: 'Waga głosowania: silna (10) albo zwykla (2)' }),
  })
  .meta({ id: 'PolicyVote', description: 'Głosowanie polityki z głosem popierającym stanowisko' });

export const policyDetail = z
  .strictObject({
    ...policyFields,
    glosowania: z.array(policyVote),
    niedopasowane: z.array(leftOutEntry),
    radni: z.array(policyCouncillor),
  })
  .meta({ id: 'PolicyDetail' });

export const councillorPolicy = z.strictObject({ ...policyFields, ...scoreFields }).meta({ id: 'CouncillorPolicy' });

export const policiesResponse = envelope(z.array(policyItem));
export const policyResponse = envelope(policyDetail);
export const councillorPoliciesResponse = envelope(z.array(councillorPolicy));

export type PolicyItem = z.infer<typeof policyItem>;
export type PolicyDetail = z.infer<typeof policyDetail>;
export type CouncillorPolicy = z.infer<typeof councillorPolicy>;
export type PolicyCouncillor = z.infer<typeof policyCouncillor>;
export type LeftOutEntry = z.infer<typeof leftOutEntry>;
export type PolicyVote = z.infer<typeof policyVote>;
