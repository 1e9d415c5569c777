// /api/posiedzenia: the session list, detail, agenda points and attendance. Each handler reads one
// query of ./queries.ts.

import { z } from 'zod';
import { endpoint, inKnownBody } from '../answers/endpoint.ts';
import { envelope, paged, voteSummary } from '../answers/schemas.ts';
import { Reply, notFound, pagination } from '../http/envelope.ts';
import type { Queries } from '../snapshot/queries.ts';
import { agendaPoint, attendanceEntry, listQuery, session, sessionIdParams } from './schemas.ts';

/** An existing session: 404 for an unknown id. */
function sessionOf(id: number, queries: Queries) {
  const found = queries.posiedzenia.detail(id);
  if (!found) throw notFound(`no session ${id}`);
  return found;
}

const one = {
  method: 'get' as const,
  params: sessionIdParams,
  errors: [400, 404],
  tag: 'posiedzenia',
  stored: { each: { count: (q: Queries) => q.posiedzenia.count(), ids: (q: Queries) => q.posiedzenia.ids() } },
};

/** The operations of this resource, by name. */
export const posiedzenia = {
  list: endpoint({
    method: 'get',
    path: '/api/posiedzenia',
    summary: 'Lista posiedzeń (od najnowszych)',
    tag: 'posiedzenia',
    query: listQuery,
    errors: [400, 404],
    response: paged(session),
    stored: { pages: (q) => q.posiedzenia.count() },
    handler: ({ query }, { queries }) => {
      const { items, total } = queries.posiedzenia.list(inKnownBody(query, queries));
      return new Reply(items, { pagination: pagination(query.page, query.limit, total) });
    },
  }),
  detail: endpoint({
    ...one,
    path: '/api/posiedzenia/:id',
    summary: 'Szczegóły posiedzenia',
    response: envelope(session),
    handler: ({ params: { id } }, { queries }) => sessionOf(id, queries),
  }),
  agenda: endpoint({
    ...one,
    path: '/api/posiedzenia/:id/punkty',
    summary: 'Porządek obrad (naturalny porządek numerów)',
    response: envelope(z.array(agendaPoint)),
    handler: ({ params: { id } }, { queries }) => {
      sessionOf(id, queries); // 404 for an unknown session
      return queries.posiedzenia.agendaPoints(id);
    },
  }),
  attendance: endpoint({
    ...one,
    path: '/api/posiedzenia/:id/obecnosci',
    summary: 'Lista obecności',
    response: envelope(z.array(attendanceEntry)),
    handler: ({ params: { id } }, { queries }) => {
      sessionOf(id, queries); // 404 for an unknown session
      return queries.posiedzenia.attendanceOf(id);
    },
  }),
  votes: endpoint({
    ...one,
    path: '/api/posiedzenia/:id/glosowania',
    summary: 'Głosowania posiedzenia w kolejności, w jakiej się odbyły',
    response: envelope(z.array(voteSummary)),
    handler: ({ params: { id } }, { queries }) => {
      const votes = queries.posiedzenia.votesOf(id);
      if (votes.length === 0) sessionOf(id, queries); // 404 for an unknown session
      return votes;
    },
  }),
};
