// The preview cards as PNG routes, the og:image of the vote, councillor and share-link pages:
//
//   /karty/glosowanie/<id>.png                 a vote: title, result, tally, council
//   /karty/glosowanie/<id>/radny/<osoba>.png   the same with one councillor's ballot (a share link's)
//   /karty/radny/<token>.png                   a councillor: group, attendance, agreement, votes
//
// Each is drawn once per (snapshot, code, card) and kept (src/cards/cache.ts); a new snapshot drops
// the old one's cards. Cacheable like every answer, with its ETag and 304.

import { CardCache } from '../cards/cache.ts';
import { PNG_MEDIA_TYPE } from '../cards/card.ts';
import type { CardData } from '../cards/card.ts';
import { cardKeys } from '../cards/data.ts';
import type { Delivery, Kind } from '../http/delivery.ts';
import { idParam } from '../http/params.ts';
import type { Snapshot } from '../snapshot/snapshot.ts';
import { readersOf } from '../snapshot/readers.ts';
import { type SiteHandler, type SiteRequest, cacheable } from './answer.ts';
import { SiteError } from '../urls/params.ts';

type Req = SiteRequest;
const pathParam = (req: Req, name: string): string => String(req.params[name] ?? '');

/** PNG is compressed already. */
const CARD: Kind = { type: PNG_MEDIA_TYPE, compressed: false };

const NO_CARD = 'Nie ma takiej karty: głosowanie albo radny nie istnieje.';

/** A path parameter that must be an id; anything else is a card that does not exist. */
function idOf(value: string): number {
  const parsed = idParam.safeParse(value);
  if (!parsed.success) throw new SiteError(404, NO_CARD);
  return parsed.data;
}

export function cardRoutes({ delivery, cache = new CardCache() }: { delivery: Delivery; cache?: CardCache }) {
  let current = '';
  type Read = (snapshot: Snapshot, req: Req) => CardData | undefined;
  const card =
    (key: (req: Req) => string, data: Read): SiteHandler =>
    async (request) => {
      const started = cacheable(request, delivery, CARD);
      if (!started) return;
      const version = started.snapshot.answersVersion;
      if (version !== current) {
        cache.keepOnly(version);
        current = version;
      }
      const png = await cache.get(version, key(request), () => data(started.snapshot, request));
      if (!png) throw new SiteError(404, NO_CARD);
      delivery.sendAs(request.res, started.etag, png, null, CARD);
    };
  return {
    vote: card(
      (req) => cardKeys.vote(idOf(pathParam(req, 'id'))),
      (s, req) => readersOf(s).cards.voteCard(idOf(pathParam(req, 'id'))),
    ),
    voteWith: card(
      (req) => cardKeys.vote(idOf(pathParam(req, 'id')), idOf(pathParam(req, 'osoba'))),
      (s, req) => readersOf(s).cards.voteCard(idOf(pathParam(req, 'id')), idOf(pathParam(req, 'osoba'))),
    ),
    councillor: card(
      (req) => cardKeys.councillor(pathParam(req, 'token')),
      (s, req) => readersOf(s).cards.councillorCard(pathParam(req, 'token')),
    ),
    cache,
  };
}
