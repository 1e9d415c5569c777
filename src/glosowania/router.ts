// /api/glosowania: the filtered list, detail, distribution, attachments and share links.

import { type Response, Router } from 'express';
import { HttpError, notFound, pagination } from '../http.ts';
import { queriesOf } from '../request-snapshot.ts';
import { Reply, routesOf } from '../route.ts';
import { SHARES_UNAVAILABLE, type ShareStore, SharesUnavailableError } from '../shares/index.ts';
import { groupBallots } from './queries.ts';
import { glosowania } from './schemas.ts';

/** The queries of an existing vote and its date position: 404 for an unknown id. */
function ofVote(id: number, res: Response) {
  const q = queriesOf(res).glosowania;
  const ord = q.ordOf(id);
  if (ord === undefined) throw notFound(`no vote ${id}`);
  return { q, ord };
}

/** A share store that cannot answer is a 503; the snapshot's own answers do not depend on it. */
const fromStore = <T>(pending: Promise<T>): Promise<T> => pending.catch((error: unknown) => {
  throw error instanceof SharesUnavailableError ? new HttpError(503, SHARES_UNAVAILABLE) : error;
});

export function glosowaniaRouter(shares: ShareStore): Router {
  const router = Router();
  const route = routesOf(router, '/api/glosowania');

  route(glosowania.list, ({ query: { page, limit, ...filter } }, res) => {
    const { items, total } = queriesOf(res).glosowania.list(filter, page, limit);
    return new Reply(items, { pagination: pagination(page, limit, total) });
  });

  route(glosowania.shared, async ({ params: { link } }, res) => {
    const share = await fromStore(shares.find(link));
    const shared = share && queriesOf(res).glosowania.shared(share);
    if (!shared) throw notFound(`no share link ${link}`);
    return shared;
  });

  route(glosowania.detail, ({ params: { id } }, res) => {
    const vote = queriesOf(res).glosowania.detail(id);
    if (!vote) throw notFound(`no vote ${id}`);
    const { ord: _ord, ...detail } = vote;
    return detail;
  });

  route(glosowania.ballots, ({ params: { id }, query: { ugrupowanie } }, res) => {
    const { q, ord } = ofVote(id, res);
    const entries = q.ballots(id, ord);
    return ugrupowanie ? new Reply(groupBallots(entries), { grouped: true }) : new Reply(entries, { grouped: false });
  });

  route(glosowania.attachments, ({ params: { id } }, res) => ofVote(id, res).q.attachments(id));

  route(glosowania.share, async ({ params: { id }, body: { id_osoby } }, res) => {
    const { q } = ofVote(id, res);
    if (id_osoby !== undefined) {
      if (queriesOf(res).radni.resolve(id_osoby) === undefined) throw notFound(`no councillor ${id_osoby}`);
      if (!q.hasBallot(id, id_osoby)) throw new HttpError(400, `body parameter 'id_osoby' has no ballot in vote ${id}`);
    }
    const { link, created } = await fromStore(shares.linkFor(id, id_osoby ?? null));
    return new Reply({ link, url: `/share/${link}` }, {}, created ? 201 : 200);
  });

  return router;
}
