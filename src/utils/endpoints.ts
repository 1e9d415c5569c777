// /api/utils: lookups for filters (groups, bodies, terms, topics) and the system counts. Each handler reads
// one query of ./queries.ts.

import { z } from 'zod';
import { endpoint, inKnownBody } from '../answers/endpoint.ts';
import { envelope } from '../answers/schemas.ts';
import { body, group, groupsQuery, quality, systemCounts, term, topicCount, topicsQuery } from './schemas.ts';

const lookup = { method: 'get' as const, tag: 'utils', errors: [], stored: {} };

/** The operations of this resource, by name. */
export const utils = {
  groups: endpoint({
    ...lookup,
    path: '/api/utils/ugrupowania',
    summary: 'Ugrupowania',
    query: groupsQuery,
    errors: [400],
    response: envelope(z.array(group)),
    handler: ({ query }, { queries }) => queries.utils.groupsOf(query.kadencja),
  }),
  bodies: endpoint({
    ...lookup,
    path: '/api/utils/organy',
    summary: 'Organy',
    response: envelope(z.array(body)),
    handler: (_input, { queries }) => queries.utils.bodiesList(),
  }),
  terms: endpoint({
    ...lookup,
    path: '/api/utils/kadencje',
    summary: 'Kadencje (od najnowszej)',
    response: envelope(z.array(term)),
    handler: (_input, { queries }) => queries.utils.termsList(),
  }),
  topics: endpoint({
    ...lookup,
    path: '/api/utils/tematy',
    summary: 'Tematy głosowań (słownik migawki i „inne”) z liczbą głosowań',
    query: topicsQuery,
    errors: [400, 404],
    response: envelope(z.array(topicCount)),
    handler: ({ query }, { queries }) => queries.utils.topicCounts(inKnownBody(query, queries)),
  }),
  quality: endpoint({
    ...lookup,
    path: '/api/utils/jakosc',
    summary: 'Co zapis rady mówi sprzecznie: liczby na organ (głosowania za każdą w /api/glosowania?jakosc=…)',
    query: topicsQuery,
    errors: [400, 404],
    response: envelope(z.array(quality)),
    handler: ({ query }, { queries }) => queries.utils.quality(inKnownBody(query, queries)),
  }),
  counts: endpoint({
    ...lookup,
    path: '/api/utils/stats',
    summary: 'Liczby w systemie',
    response: envelope(systemCounts),
    handler: (_input, { queries }) => queries.utils.systemCounts(),
  }),
};
