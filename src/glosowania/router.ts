// /api/glosowania: the filtered list, detail, distribution, attachments and share links.

import express, { Router } from 'express';
import { HttpError, notFound, pagination, parseParams, sendData } from '../http.ts';
import { knownBody, queriesOf } from '../request-snapshot.ts';
import type { ShareStore } from '../shares.ts';
import { groupBallots } from './queries.ts';
import { distributionQuery, listQuery, shareBody, shareParams, voteIdParams } from './schemas.ts';

export function glosowaniaRouter(shares: ShareStore): Router {
  const router = Router();

  router.get('/', (req, res) => {
    const { page, limit, ...filter } = knownBody(res, parseParams(listQuery, req.query));
    const { items, total } = queriesOf(res).glosowania.list(filter, page, limit);
    sendData(res, items, { pagination: pagination(page, limit, total) });
  });

  router.get('/share/:link', (req, res) => {
    const { link } = parseParams(shareParams, req.params, 'path');
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
    const { id } = parseParams(voteIdParams, req.params, 'path');
    const vote = queriesOf(res).glosowania.detail(id);
    if (!vote) throw notFound(`no vote ${id}`);
    const { ord: _ord, ...detail } = vote;
    sendData(res, detail);
  });

  router.get('/:id/glosy', (req, res) => {
    const { id } = parseParams(voteIdParams, req.params, 'path');
    const { ugrupowanie } = parseParams(distributionQuery, req.query);
    const q = queriesOf(res).glosowania;
    const ord = q.ordOf(id);
    if (ord === undefined) throw notFound(`no vote ${id}`);
    const entries = q.ballots(id, ord);
    if (ugrupowanie) sendData(res, groupBallots(entries), { grouped: true });
    else sendData(res, entries, { grouped: false });
  });

  router.get('/:id/zalaczniki', (req, res) => {
    const { id } = parseParams(voteIdParams, req.params, 'path');
    const q = queriesOf(res).glosowania;
    if (q.ordOf(id) === undefined) throw notFound(`no vote ${id}`);
    sendData(res, q.attachments(id));
  });

  router.post('/:id/udostepnij', express.json({ limit: '10kb', strict: true }), (req, res) => {
    const { id } = parseParams(voteIdParams, req.params, 'path');
    const { id_osoby } = parseParams(shareBody, req.body ?? {}, 'body');
    const q = queriesOf(res).glosowania;
    if (q.ordOf(id) === undefined) throw notFound(`no vote ${id}`);
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
