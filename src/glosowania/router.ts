// /api/glosowania: the filtered list, detail, distribution, attachments and share links.

import express, { Router } from 'express';
import { z } from 'zod';
import {
  HttpError, dateParam, kadencjaParam, limitParam, notFound, organParam, pageParam, pagination, parseParams,
  pathId, searchParam, sendData, booleanParam, wynikParam,
} from '../http.ts';
import { queriesOf } from '../request-snapshot.ts';
import type { ShareStore } from '../shares.ts';
import { groupBallots } from './queries.ts';

/** data_od ≤ data_do (CONTRACT §6), reported against data_do. */
export const dateRangeOrdered = (q: { data_od?: string | undefined; data_do?: string | undefined }) =>
  q.data_od === undefined || q.data_do === undefined || q.data_od <= q.data_do;
export const DATE_RANGE_ERROR = { message: 'must not be before data_od', path: ['data_do'] };

const listQuery = z.object({
  page: pageParam,
  limit: limitParam(20),
  kadencja: kadencjaParam,
  organ: organParam,
  data_od: dateParam.optional(),
  data_do: dateParam.optional(),
  wynik: wynikParam.optional(),
  kontrowersyjnosc_min: z.string({ error: 'must be given once' }).regex(/^\d{1,3}$/, 'must be a whole number')
    .transform(Number).refine((n) => n <= 100, 'must be between 0 and 100').optional(),
  search: searchParam.optional(),
}).refine(dateRangeOrdered, DATE_RANGE_ERROR);

const shareBody = z.strictObject({ id_osoby: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional() }, {
  error: (issue) => (issue.code === 'unrecognized_keys' ? `has unknown field(s) ${issue.keys.join(', ')}` : 'must be a JSON object'),
});

export function glosowaniaRouter(shares: ShareStore): Router {
  const router = Router();

  router.get('/', (req, res) => {
    const { page, limit, ...filter } = parseParams(listQuery, req.query);
    const { items, total } = queriesOf(res).glosowania.list(filter, page, limit);
    sendData(res, items, { pagination: pagination(page, limit, total) });
  });

  router.get('/share/:link', (req, res) => {
    const { link } = parseParams(z.object({ link: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'is not a share link') }), req.params, 'path');
    const share = shares.find(link);
    const q = queriesOf(res);
    const vote = share && q.glosowania.detail(share.id_glosowania);
    if (!share || !vote) throw notFound(`no share link ${link}`);
    const { ord, ...glosowanie } = vote;
    const glosy = q.glosowania.ballots(share.id_glosowania, ord);
    const highlighted = share.id_osoby === null ? undefined : glosy.find((g) => g.id_osoby === share.id_osoby);
    sendData(res, {
      link: share.link,
      utworzono: share.utworzono,
      glosowanie,
      glosy,
      wyrozniony: highlighted
        ? { id_osoby: highlighted.id_osoby, imie_nazwisko: highlighted.imie_nazwisko, ugrupowanie: highlighted.ugrupowanie, glos: highlighted.glos }
        : null,
    });
  });

  router.get('/:id', (req, res) => {
    const id = pathId(req);
    const vote = queriesOf(res).glosowania.detail(id);
    if (!vote) throw notFound(`no vote ${id}`);
    const { ord: _ord, ...detail } = vote;
    sendData(res, detail);
  });

  router.get('/:id/glosy', (req, res) => {
    const id = pathId(req);
    const { ugrupowanie } = parseParams(z.object({ ugrupowanie: booleanParam.optional() }), req.query);
    const q = queriesOf(res).glosowania;
    const vote = q.detail(id);
    if (!vote) throw notFound(`no vote ${id}`);
    const entries = q.ballots(id, vote.ord);
    if (ugrupowanie) sendData(res, groupBallots(entries), { grouped: true });
    else sendData(res, entries, { grouped: false });
  });

  router.get('/:id/zalaczniki', (req, res) => {
    const id = pathId(req);
    const q = queriesOf(res).glosowania;
    if (!q.detail(id)) throw notFound(`no vote ${id}`);
    sendData(res, q.attachments(id));
  });

  router.post('/:id/udostepnij', express.json({ limit: '10kb', strict: true }), (req, res) => {
    const id = pathId(req);
    if (req.body === undefined && req.headers['content-length'] && req.headers['content-length'] !== '0') {
      throw new HttpError(415, 'the request body must be JSON (Content-Type: application/json)');
    }
    const { id_osoby } = parseParams(shareBody, req.body ?? {}, 'body');
    const q = queriesOf(res).glosowania;
    const vote = q.detail(id);
    if (!vote) throw notFound(`no vote ${id}`);
    if (id_osoby !== undefined) {
      if (queriesOf(res).radni.resolve(id_osoby) === undefined) throw notFound(`no councillor ${id_osoby}`);
      if (!q.hasBallot(id, id_osoby)) {
        throw new HttpError(400, `body parameter 'id_osoby' has no ballot in vote ${id}`);
      }
    }
    const { link, created } = shares.linkFor(id, id_osoby ?? null);
    sendData(res, { link, url: `/share/${link}` }, {}, created ? 201 : 200);
  });

  return router;
}
