// The Atom feeds of the website (src/feeds/): the newest votes, of the whole snapshot or of one council
// (`/glosowania/kanal.atom?organ=<id>`), and a councillor's votes against their group and decisive
// votes (`/radni/<token>/kanal.atom`). The pages name them in `<link rel="alternate">`.

import type { ShareLinks } from '../answers/endpoint.ts';
import { ATOM_MEDIA_TYPE, type AtomFeed, atomXml } from '../feeds/atom.ts';
import type { Feeds } from '../feeds/feeds.ts';
import type { Delivery, Kind } from '../http/delivery.ts';
import type { PublicUrl } from '../public-url.ts';
import { readersOf } from '../snapshot/readers.ts';
import { type SiteHandler, type SiteRequest, cacheable } from './answer.ts';
import { siteNameOf } from './data.ts';
import { bodiesOf } from './page.ts';
import { SiteError, parseSiteQuery } from '../urls/params.ts';

const ATOM: Kind = { type: ATOM_MEDIA_TYPE, compressed: true };

export function feedRoutes({
  shares,
  delivery,
  publicUrl,
}: {
  shares: ShareLinks;
  delivery: Delivery;
  publicUrl: PublicUrl;
}) {
  const feed =
    (read: (feeds: Feeds, request: SiteRequest) => AtomFeed | undefined, missing: string): SiteHandler =>
    (request) => {
      const started = cacheable(request, delivery, ATOM);
      if (!started) return;
      const { snapshot } = started;
      const feeds = readersOf(snapshot).feeds(publicUrl, siteNameOf(bodiesOf(snapshot, shares)));
      const found = read(feeds, request);
      if (!found) throw new SiteError(404, missing);
      delivery.send(
        request.res,
        started.etag,
        { body: Buffer.from(atomXml(found)), encoded: {} },
        started.encoding,
        ATOM,
      );
    };
  return {
    votes: feed(
      (feeds, { url }) => feeds.votes(parseSiteQuery(new URL(url, 'http://localhost'), ['organ']).organ),
      'Nie ma takiego organu.',
    ),
    councillor: feed((feeds, { params }) => feeds.councillor(String(params['token'] ?? '')), 'Nie ma takiego radnego.'),
  };
}
