// /api/glosowania: parameters and responses (CONTRACT §5, §6).

import { z } from 'zod';
import { DATE_RANGE_ERROR, booleanParam, dateRangeOrdered, idParam, listFilters, searchParam, wholeNumber, wynikParam } from '../http.ts';
import {
  type Endpoint, endpoint, count, dateString, envelope, glosValue, int, paged, text, voteSummary,
} from '../schemas.ts';

export const voteIdParams = z.object({ id: idParam.meta({ description: 'id_glosowania' }) });

export const listQuery = z.object({
  ...listFilters,
  wynik: wynikParam.optional(),
  kontrowersyjnosc_min: wholeNumber(0, 100).optional().meta({ description: 'Minimalna kontrowersyjność 0–100' }),
  search: searchParam.optional().meta({ description: 'Fragment tytułu; bez rozróżniania wielkości liter i polskich znaków' }),
}).refine(dateRangeOrdered, DATE_RANGE_ERROR);

export const distributionQuery = z.object({ ugrupowanie: booleanParam.optional().meta({ description: 'true: grupuj według ugrupowań' }) });
export const shareParams = z.object({
  link: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'is not a share link').meta({ description: 'Identyfikator udostępnienia' }),
});
export const shareBody = z.strictObject({
  id_osoby: z.int({ error: 'must be a positive integer (the id_osoby of a councillor)' })
    .positive({ error: 'must be a positive integer (the id_osoby of a councillor)' })
    .max(Number.MAX_SAFE_INTEGER, { error: 'is out of range' })
    .optional().meta({ description: 'Radny do wyróżnienia' }),
}, {
  error: (issue) => (issue.code === 'unrecognized_keys' ? `has unknown field(s) ${issue.keys.join(', ')}` : 'must be a JSON object'),
}).meta({ id: 'ShareRequest' });

export const voteDetail = voteSummary.extend({
  posiedzenie: z.strictObject({
    id_posiedzenia: int('Identyfikator posiedzenia'), numer: text('Numer posiedzenia, jak zapisała go rada: 7, XXII, LXXIV/2'), data: dateString, nazwa: text('Nazwa posiedzenia').nullable(),
  }),
  punkt: z.strictObject({ id_punktu: int('Identyfikator punktu'), numer: text('Numer punktu, np. 7.3.1'), tytul: text('Tytuł punktu') }).nullable(),
  liczba_zalacznikow: count('Liczba załączników'),
}).meta({ id: 'VoteDetail' });

export const ballotEntry = z.strictObject({
  glos: glosValue,
  id_osoby: int('Identyfikator radnego'),
  imie_nazwisko: text('Imię i nazwisko'),
  ugrupowanie: text('Ugrupowanie radnego w chwili głosowania').nullable(),
}).meta({ id: 'BallotEntry' });

export const attachment = z.strictObject({
  id_zalacznika: int('Identyfikator załącznika'), nazwa: text('Nazwa'), url: text('Adres').nullable(),
}).meta({ id: 'Attachment' });

export const shareLink = z.strictObject({
  link: text('Nieprzejrzysty identyfikator udostępnienia (128 bitów losowości, base64url)'),
  url: text('Ścieżka /share/<link>'),
}).meta({ id: 'ShareLink' });

export const sharedVote = z.strictObject({
  link: text('Identyfikator udostępnienia'),
  utworzono: z.iso.datetime().meta({ description: 'Chwila utworzenia (ISO 8601)' }),
  glosowanie: voteDetail,
  glosy: z.array(ballotEntry),
  wyrozniony: z.strictObject({
    id_osoby: int('Identyfikator radnego'), imie_nazwisko: text('Imię i nazwisko'),
    ugrupowanie: text('Ugrupowanie').nullable(), glos: glosValue,
  }).nullable(),
}).meta({ id: 'SharedVote' });

const vote = { params: voteIdParams, errors: [400, 404], tag: 'glosowania' };

/** The operations of this resource, by name (its router registers each with `route`). */
export const glosowania = {
  list: endpoint({ method: 'get', path: '/api/glosowania', summary: 'Lista głosowań z filtrami (porządek dat)', tag: 'glosowania', query: listQuery, errors: [400, 404], response: paged(voteSummary) }),
  detail: endpoint({ ...vote, method: 'get', path: '/api/glosowania/:id', summary: 'Szczegóły głosowania', response: envelope(voteDetail) }),
  ballots: endpoint({ ...vote, method: 'get', path: '/api/glosowania/:id/glosy', summary: 'Rozkład głosów (z ugrupowanie=true: według ugrupowań)', query: distributionQuery,
    response: z.union([
      envelope(z.array(ballotEntry), { grouped: z.literal(false) }),
      envelope(z.record(z.string(), z.array(ballotEntry)), { grouped: z.literal(true) }),
    ]) }),
  attachments: endpoint({ ...vote, method: 'get', path: '/api/glosowania/:id/zalaczniki', summary: 'Załączniki głosowania', response: envelope(z.array(attachment)) }),
  share: endpoint({ ...vote, method: 'post', path: '/api/glosowania/:id/udostepnij', summary: 'Utwórz link do udostępnienia głosowania', body: shareBody,
    status: 201, errors: [400, 404, 413, 415], response: envelope(shareLink) }),
  shared: endpoint({ method: 'get', path: '/api/glosowania/share/:link', summary: 'Głosowanie z linku udostępnienia (publiczne)', tag: 'glosowania',
    params: shareParams, errors: [400, 404], public: true, response: envelope(sharedVote) }),
};

export const glosowaniaEndpoints: Endpoint[] = Object.values(glosowania);
