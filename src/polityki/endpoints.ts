// /api/polityki: the policies of the snapshot (CONTRACT §13), each with every councillor's agreement.
// Each handler reads one query of ./queries.ts; the councillor's side is /api/radni/:id/polityki.

import { endpoint, inKnownBody } from '../answers/endpoint.ts';
import { notFound } from '../http/envelope.ts';
import { policiesQuery, policiesResponse, policyParams, policyResponse, policyScopeQuery } from './schemas.ts';

const resource = { method: 'get' as const, tag: 'polityki' };

/** The operations of this resource, by name. */
export const polityki = {
  list: endpoint({
    ...resource,
    path: '/api/polityki',
    summary: 'Polityki: stanowiska i liczba głosowań, które je sprawdzają',
    query: policiesQuery,
    errors: [400, 404],
    stored: {},
    response: policiesResponse,
    handler: ({ query }, { queries }) => queries.polityki.list(inKnownBody(query, queries)),
  }),
  detail: endpoint({
    ...resource,
    path: '/api/polityki/:id',
    summary: 'Polityka: jej głosowania, pominięte wpisy i zgodność każdego radnego ze stanowiskiem',
    params: policyParams,
    query: policyScopeQuery,
    errors: [400, 404],
    stored: { each: { count: (q) => q.polityki.policyIds().length, ids: (q) => q.polityki.policyIds() } },
    response: policyResponse,
    handler: ({ params, query }, { queries }) => {
      const found = queries.polityki.detail(params.id, inKnownBody(query, queries));
      if (!found) throw notFound(`no policy ${params.id} (the policies are listed at /api/polityki)`);
      return found;
    },
  }),
};
