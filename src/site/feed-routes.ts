// The Atom feeds of the website (src/feeds/): the newest votes, of the whole snapshot or of one council
// (`/glosowania/kanal.atom?organ=<id>`), and a councillor's votes against their group and decisive
// votes (`/radni/<token>/kanal.atom`). The pages name them in `<link rel="alternate">`.

import type { RequestHandler } from 'express';
import { ATOM_MEDIA_TYPE, type AtomFeed, atomXml } from '../feeds/atom.ts';
import type { Feeds } from '../feeds/feeds.ts';
import type { Delivery, Kind } from '../http/delivery.ts';
import type { PublicUrl } from '../public-url.ts';
import type { SnapshotStore } from '../snapshot/snapshot.ts';
import { cacheable } from './answer.ts';
import { siteNameOf } from './data.ts';
import { SiteError, pathParam, siteQuery } from './params.ts';
import { readersOf } from './readers.ts';

const ATOM: Kind = { type: ATOM_MEDIA_TYPE, compressed: true };

export function feedRoutes({ snapshots, delivery, publicUrl }: { snapshots: SnapshotStore; delivery: Delivery; publicUrl: PublicUrl }) {
  const feed = (read: (feeds: Feeds, req: Parameters<RequestHandler>[0]) => AtomFeed | undefined, missing: string): RequestHandler => (req, res) => {
    const started = cacheable(snapshots, delivery, req, res, ATOM, req.originalUrl);
    if (!started) return;
    const { snapshot } = started;
    const feeds = readersOf(snapshot).feeds(publicUrl, siteNameOf(snapshot.queries.utils.bodiesList()));
    const found = read(feeds, req);
    if (!found) throw new SiteError(404, missing);
    delivery.send(res, started.etag, { body: Buffer.from(atomXml(found)), encoded: {} }, started.encoding, ATOM);
  };
  return {
    votes: feed((feeds, req) => feeds.votes(siteQuery(req, ['organ']).organ), 'Nie ma takiego organu.'),
    councillor: feed((feeds, req) => feeds.councillor(pathParam(req, 'token')), 'Nie ma takiego radnego.'),
  };
}
