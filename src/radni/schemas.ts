// /api/radni: parameters and responses (CONTRACT §3, §5).

import { z } from 'zod';
import { booleanParam, idParam, kadencjaParam, limitParam, minParam, organParam, pageParam } from '../http/params.ts';
import { count, councillorVote, envelope, int, kadencjaString, paged, percentNumber, text } from '../answers/schemas.ts';

export const councillorIdParams = z.object({
  id: z.string()
    .max(200, 'is too long')
    .regex(/^([1-9]\d*|[a-z0-9]+(-[a-z0-9]+)*)$/, 'must be a positive integer or a councillor token')
    .refine((id) => !/^\d+$/.test(id) || Number.isSafeInteger(Number(id)), 'is out of range')
    .meta({ description: 'id_osoby (dodatnia liczba całkowita) albo token radnego, np. jan-kowalski' }),
});

export const scopeQuery = z.object({ kadencja: kadencjaParam });
export const listQuery = z.object({
  kadencja: kadencjaParam, organ: organParam, ugrupowanie: idParam.optional().meta({ description: 'id_ugrupowania' }), aktywny: booleanParam.optional(),
});
export const partnerQuery = z.object({ kadencja: kadencjaParam, limit: limitParam(10), min_wspolne: minParam(10) });
export const votesQuery = z.object({ kadencja: kadencjaParam, organ: organParam, page: pageParam, limit: limitParam(20) });
export const flaggedVotesQuery = z.object({ kadencja: kadencjaParam, page: pageParam, limit: limitParam(20) });

const group = text('Nazwa ugrupowania (bieżąca przynależność w zakresie)').nullable();

export const councillorListItem = z.strictObject({
  id_osoby: int('Identyfikator radnego'),
  imie_nazwisko: text('Imię i nazwisko'),
  kadencja: kadencjaString,
  przynaleznosc_id: int('Identyfikator przynależności'),
  id_ugrupowania: int('Identyfikator ugrupowania').nullable(),
  ugrupowanie: group,
  aktywny: z.union([z.literal(0), z.literal(1)]).meta({ description: '1 = aktywny' }),
  token: text('Token (slug) radnego, przyjmowany zamiast id'),
}).meta({ id: 'CouncillorListItem' });

export const councillorProfile = z.strictObject({
  id_osoby: int('Identyfikator radnego'),
  imie_nazwisko: text('Imię i nazwisko'),
  token: text('Token (slug) radnego'),
  kadencja: kadencjaString.nullable(),
  id_ugrupowania: int('Identyfikator ugrupowania').nullable(),
  ugrupowanie: group,
  aktywny: z.union([z.literal(0), z.literal(1)]),
  liczba_glosow: count('Aktywne głosy radnego (za, przeciw, wstrzymujacy)'),
  liczba_posiedzen: count('Zapisy obecności radnego'),
}).meta({ id: 'CouncillorProfile' });

export const votingProfile = z.strictObject({
  za: count('Głosy za'), przeciw: count('Głosy przeciw'), wstrzymujacy: count('Głosy wstrzymujące się'),
  nieobecny: count('Nieobecności na głosowaniach'), brak_glosu: count('Obecność bez głosu'),
  za_procent: percentNumber('Udział głosów za'), przeciw_procent: percentNumber('Udział głosów przeciw'),
  wstrzymujacy_procent: percentNumber('Udział głosów wstrzymujących się'), nieobecny_procent: percentNumber('Udział nieobecności'),
  brak_glosu_procent: percentNumber('Udział braku głosu'),
}).meta({ id: 'VotingProfile' });

export const attendance = z.strictObject({
  liczba_posiedzen: count('Zapisy obecności'), obecnosci: count('Obecności'), nieobecnosci: count('Nieobecności'),
  frekwencja_procent: percentNumber('obecnosci / liczba_posiedzen'),
}).meta({ id: 'Attendance' });

export const monthlyAttendance = z.strictObject({
  miesiac: z.string().regex(/^\d{4}-\d{2}$/).meta({ description: 'Miesiąc YYYY-MM' }),
  liczba_posiedzen: count('Zapisy obecności w miesiącu'), obecnosci: count('Obecności'),
  frekwencja_procent: percentNumber('obecnosci / liczba_posiedzen'),
}).meta({ id: 'MonthlyAttendance' });

export const groupAgreement = z.strictObject({
  wszystkie_glosowania: count('Głosowania, w których ugrupowanie miało stanowisko, a głosował też inny członek'),
  zgodne: count('Głosowania zgodne ze stanowiskiem ugrupowania'),
  zgodnosc_procent: percentNumber('zgodne / wszystkie_glosowania'),
}).meta({ id: 'GroupAgreement' });

export const partnerItem = z.strictObject({
  pozycja: int('Pozycja (od 1)'),
  id_osoby: int('Identyfikator radnego'),
  imie_nazwisko: text('Imię i nazwisko'),
  ugrupowanie: group,
  wspolne_glosowania: count('Głosowania, w których obaj oddali aktywny głos'),
  zgodne: count('Głosowania z takim samym głosem'),
  zgodnosc_procent: percentNumber('zgodne / wspolne_glosowania'),
}).meta({ id: 'PartnerItem' });

