// /api/radni: the councillor list, the profile and every per-councillor metric (CONTRACT §3).
// `:id` is an id_osoby or a token.

import { Router, type Request, type Response } from 'express';
import { percent } from '../../core/contract.ts';
import { notFound, pagination, parseParams, sendData } from '../http.ts';
import { knownBody, queriesOf } from '../request-snapshot.ts';
import type { VoteListKind } from './queries.ts';
import { councillorIdParams, flaggedVotesQuery, listQuery, partnerQuery, scopeQuery, votesQuery } from './schemas.ts';

/** Resolves `:id` (id or token) to an id_osoby: 400 for a malformed one, 404 for an unknown one. */
function councillorId(req: Request, res: Response): number {
  const { id } = parseParams(councillorIdParams, req.params, 'path');
  const found = queriesOf(res).radni.resolve(/^\d+$/.test(id) ? Number(id) : id);
  if (found === undefined) throw notFound(`no councillor ${id}`);
  return found;
}

export function radniRouter(): Router {
  const router = Router();

  router.get('/', (req, res) => {
    const query = knownBody(res, parseParams(listQuery, req.query));
    const items = queriesOf(res).radni.list(query);
    sendData(res, items, { count: items.length });
  });

  router.get('/:id', (req, res) => {
    const id = councillorId(req, res);
    const { kadencja } = parseParams(scopeQuery, req.query);
    sendData(res, queriesOf(res).radni.profile(id, kadencja));
  });

  router.get('/:id/profil-glosowania', (req, res) => {
    const id = councillorId(req, res);
    const { kadencja } = parseParams(scopeQuery, req.query);
    const s = queriesOf(res).radni.statOf(id, kadencja);
    const total = s.za + s.przeciw + s.wstrzymujacy + s.nieobecny + s.brak_glosu;
    sendData(res, {
      za: s.za, przeciw: s.przeciw, wstrzymujacy: s.wstrzymujacy, nieobecny: s.nieobecny, brak_glosu: s.brak_glosu,
      za_procent: percent(s.za, total), przeciw_procent: percent(s.przeciw, total),
      wstrzymujacy_procent: percent(s.wstrzymujacy, total), nieobecny_procent: percent(s.nieobecny, total),
      brak_glosu_procent: percent(s.brak_glosu, total),
    });
  });

  router.get('/:id/frekwencja', (req, res) => {
    const id = councillorId(req, res);
    const { kadencja } = parseParams(scopeQuery, req.query);
    const s = queriesOf(res).radni.statOf(id, kadencja);
    sendData(res, {
      liczba_posiedzen: s.liczba_posiedzen, obecnosci: s.obecnosci, nieobecnosci: s.liczba_posiedzen - s.obecnosci,
      frekwencja_procent: percent(s.obecnosci, s.liczba_posiedzen),
    });
  });

  router.get('/:id/frekwencja-czas', (req, res) => {
    const id = councillorId(req, res);
    const { kadencja } = parseParams(scopeQuery, req.query);
    sendData(res, queriesOf(res).radni.monthlyAttendance(id, kadencja));
  });

  router.get('/:id/zgodnosc-grupa', (req, res) => {
    const id = councillorId(req, res);
    const { kadencja } = parseParams(scopeQuery, req.query);
    const s = queriesOf(res).radni.statOf(id, kadencja);
    sendData(res, { wszystkie_glosowania: s.zg_wszystkie, zgodne: s.zg_zgodne, zgodnosc_procent: percent(s.zg_zgodne, s.zg_wszystkie) });
  });

  for (const order of ['koalicje', 'oponenci'] as const) {
    router.get(`/:id/${order}`, (req, res) => {
      const id = councillorId(req, res);
      const { kadencja, limit, min_wspolne } = parseParams(partnerQuery, req.query);
      sendData(res, queriesOf(res).radni.partnersOf(id, order, kadencja, min_wspolne, limit));
    });
  }

  router.get('/:id/glosowania', (req, res) => {
    const id = councillorId(req, res);
    const { page, limit, ...filter } = knownBody(res, parseParams(votesQuery, req.query));
    const { items, total } = queriesOf(res).radni.votes(id, 'wszystkie', filter, page, limit);
    sendData(res, items, { pagination: pagination(page, limit, total) });
  });

  const flaggedLists: Array<[string, VoteListKind]> = [
    ['glosowania-samotne', 'samotne'], ['glosowania-kluczowe', 'kluczowe'], ['glosowania-buntownicze', 'buntownicze'],
  ];
  for (const [path, kind] of flaggedLists) {
    router.get(`/:id/${path}`, (req, res) => {
      const id = councillorId(req, res);
      const { page, limit, kadencja } = parseParams(flaggedVotesQuery, req.query);
      const { items, total } = queriesOf(res).radni.votes(id, kind, { kadencja }, page, limit);
      sendData(res, items, { pagination: pagination(page, limit, total) });
    });
  }

  return router;
}
