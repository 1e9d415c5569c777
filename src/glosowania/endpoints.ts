// /api/glosowania: the filtered list, detail, distribution, attachments and share links. Each handler
// reads one query of ./queries.ts.

import { z } from 'zod';
import { endpoint, inKnownBody, inKnownTopic } from '../answers/endpoint.ts';
import { envelope, paged, voteSummary } from '../answers/schemas.ts';
import { HttpError, Reply, notFound, pagination } from '../http/envelope.ts';
import { SHARES_DISK_FULL, SHARES_UNAVAILABLE, SharesUnavailableError } from '../shares/store.ts';
import { sharePath } from '../urls/paths.ts';
import { absoluteUrl } from '../public-url.ts';
import type { Queries } from '../snapshot/queries.ts';
import type { Attachment, VoteDetail } from './queries.ts';
import {
  attachment,
  ballotEntry,
  boundedPagination,
  distributionQuery,
  listQuery,
  shareBody,
  shareLink,
  shareParams,
  sharedVote,
  voteDetail,
  voteIdParams,
} from './schemas.ts';

/** No attachments: `[]`. */
const NONE = Buffer.from('[]');

/** The distribution's member beside `data`: plain or by group. */
const PLAIN = { grouped: false } as const;
const GROUPED = { grouped: true } as const;

/** A share store that cannot answer is a 503; the snapshot's own answers do not depend on it. */
const fromStore = async <T>(pending: T | Promise<T>): Promise<T> => {
  try {
    return await pending;
  } catch (error) {
    if (!(error instanceof SharesUnavailableError)) throw error;
    throw new HttpError(503, error.diskFull ? SHARES_DISK_FULL : SHARES_UNAVAILABLE);
  }
};

/**
 * A share link whose vote is no longer in the data (its source withdrew it, or changed what identified it):
 * a 404 that says so, never another vote in its place. The website answers 410 with a page explaining it.
 */
export class VoteGoneError extends HttpError {
  constructor(
    readonly link: string,
    why: 'withdrawn' | 'ambiguous' = 'withdrawn',
  ) {
    super(
      404,
      why === 'withdrawn'
        ? `the vote of share link ${link} is no longer in the data: its source withdrew or changed it`
        : `the vote of share link ${link} can no longer be told apart: its source added or withdrew votes stated alike in that session, and the link does not open a vote it cannot tell is its own`,
    );
  }
}

/** The date position of an existing vote: 404 for an unknown id. */
function ordOf(id: number, queries: Queries): number {
  const ord = queries.glosowania.ordOf(id);
  if (ord === undefined) throw notFound(`no vote ${id}`);
  return ord;
}

const eachVote = { count: (q: Queries) => q.glosowania.count(), ids: (q: Queries) => q.glosowania.ids() };
const vote = {
  method: 'get' as const,
  params: voteIdParams,
  errors: [400, 404],
  tag: 'glosowania',
  stored: { each: eachVote },
};

/** The operations of this resource, by name. */
export const glosowania = {
  list: endpoint({
    method: 'get',
    path: '/api/glosowania',
    summary: 'Lista głosowań z filtrami (porządek dat)',
    tag: 'glosowania',
    query: listQuery,
    // A search with more matches than it counts says its total is a lower bound (SEARCH_COUNT_CAP).
    errors: [400, 404],
    response: z.union([paged(voteSummary), envelope(z.array(voteSummary), { pagination: boundedPagination })]),
    stored: { pages: (q) => q.glosowania.count() },
    handler: ({ query }, { queries }) => {
      const { items, total, exact } = queries.glosowania.list(inKnownTopic(inKnownBody(query, queries), queries));
      const paging = pagination(query.page, query.limit, total);
      return new Reply(items, { pagination: exact ? paging : { ...paging, totalExact: false } });
    },
  }),
  detail: endpoint({
    ...vote,
    path: '/api/glosowania/:id',
    summary: 'Szczegóły głosowania',
    response: envelope(voteDetail),
    handler: ({ params: { id } }, { queries }) => {
      const json = queries.glosowania.detailJson(id);
      if (!json) throw notFound(`no vote ${id}`);
      return Reply.json<VoteDetail, Record<never, never>>(json, {});
    },
  }),
  ballots: endpoint({
    ...vote,
    path: '/api/glosowania/:id/glosy',
    summary: 'Rozkład głosów (z ugrupowanie=true: według ugrupowań)',
    query: distributionQuery,
    stored: { each: eachVote, variants: [{ ugrupowanie: 'true' }] },
    response: z.union([
      envelope(z.array(ballotEntry), { grouped: z.literal(false) }),
      envelope(z.record(z.string(), z.array(ballotEntry)), { grouped: z.literal(true) }),
    ]),
    handler: ({ params: { id }, query: { ugrupowanie } }, { queries }) => {
      const ballots = queries.glosowania.ballots(id);
      if (ballots.length === 0) ordOf(id, queries); // 404 for an unknown vote (asked only then: one query less a vote)
      // Written straight from the stored row; the entries are made only for a reader of the data.
      return ugrupowanie
        ? Reply.written(() => ballots.grouped(), ballots.writeGroups, GROUPED)
        : Reply.written(() => ballots.entries(), ballots.writeList, PLAIN);
    },
  }),
  attachments: endpoint({
    ...vote,
    path: '/api/glosowania/:id/zalaczniki',
    summary: 'Załączniki głosowania',
    response: envelope(z.array(attachment)),
    handler: ({ params: { id } }, { queries }) => {
      const json = queries.glosowania.attachmentsJson(id);
      if (json.equals(NONE)) ordOf(id, queries); // 404 for an unknown vote
      return Reply.json<Attachment[], Record<never, never>>(json, {});
    },
  }),
  share: endpoint({
    method: 'post',
    path: '/api/glosowania/:id/udostepnij',
    summary: 'Utwórz link do udostępnienia głosowania',
    tag: 'glosowania',
    params: voteIdParams,
    body: shareBody,
    status: 201,
    errors: [400, 404, 413, 415, 503],
    response: envelope(shareLink),
    handler: async ({ params: { id }, body: { id_osoby } }, { queries, shares, publicUrl }) => {
      ordOf(id, queries); // 404 for an unknown vote
      if (id_osoby !== undefined && queries.radni.resolve(id_osoby) === undefined)
        throw notFound(`no councillor ${id_osoby}`);
      const target = queries.glosowania.shareTarget(id, id_osoby ?? null);
      if (target === undefined) throw new HttpError(400, `body parameter 'id_osoby' has no ballot in vote ${id}`);
      const { link, created } = await fromStore(shares.linkFor(target));
      const page = sharePath(link);
      return new Reply({ link, url: publicUrl ? absoluteUrl(publicUrl, page) : page }, {}, created ? 201 : 200);
    },
  }),
  shared: endpoint({
    method: 'get',
    path: '/api/glosowania/share/:link',
    summary: 'Głosowanie z linku udostępnienia (publiczne)',
    tag: 'glosowania',
    params: shareParams,
    errors: [400, 404, 503],
    public: true,
    response: envelope(sharedVote),
    handler: async ({ params: { link } }, { queries, shares }) => {
      const share = await fromStore(shares.find(link));
      if (!share) throw notFound(`no share link ${link}`);
      const target = queries.glosowania.locateShare(share);
      if ('gone' in target) throw new VoteGoneError(link, target.gone);
      // A link made before the present identities were recorded is pinned to the vote it names now.
      if (share.osoba_nr === null) await fromStore(shares.pin(link, target));
      return queries.glosowania.shared(share, target)!;
    },
  }),
};
