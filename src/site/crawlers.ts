// robots.txt and the sitemaps (src/sitemap/): the index at /sitemap.xml and its files at
// /sitemap-<n>.xml, written straight from the snapshot as they are sent. Sitemaps hold absolute URLs,
// so they exist only with PUBLIC_URL; without it robots.txt names none and /sitemap.xml is a 404.

import { hash } from 'node:crypto';
import type { Delivery, Kind } from '../http/delivery.ts';
import type { PublicUrl } from '../public-url.ts';
import { XML_MEDIA_TYPE, robotsTxt } from '../sitemap/sitemap.ts';
import { readersOf } from '../snapshot/readers.ts';
import { type SiteHandler, cacheable } from './answer.ts';
import { SiteError } from '../urls/params.ts';

const XML: Kind = { type: XML_MEDIA_TYPE, compressed: true };
const TEXT: Kind = { type: 'text/plain; charset=utf-8', compressed: false };

const NO_SITEMAP = 'Mapa strony wymaga publicznego adresu serwisu (PUBLIC_URL): adresy w niej muszą być pełne.';

export function crawlerRoutes({ delivery, publicUrl }: { delivery: Delivery; publicUrl: PublicUrl }) {
  const robots = Buffer.from(robotsTxt(publicUrl));
  const robotsEtag = `"${hash('sha256', robots, 'base64url').slice(0, 16)}"`;
  const robotsRoute: SiteHandler = ({ req, res }) => {
    if (!delivery.notModified(req, res, robotsEtag, null, TEXT)) delivery.sendAs(res, robotsEtag, robots, null, TEXT);
  };
  const index: SiteHandler = (request) => {
    if (publicUrl === null) throw new SiteError(404, NO_SITEMAP);
    const started = cacheable(request, delivery, XML);
    if (!started) return;
    const body = Buffer.from(readersOf(started.snapshot).sitemaps.index(publicUrl));
    delivery.send(request.res, started.etag, { body, encoded: {} }, started.encoding, XML);
  };
  const file: SiteHandler = async (request) => {
    const { req, res, params } = request;
    if (publicUrl === null) throw new SiteError(404, NO_SITEMAP);
    const given = String(params['n'] ?? '');
    const n = /^[1-9]\d{0,6}$/.test(given) ? Number(given) : Number.NaN;
    const started = cacheable(request, delivery, XML);
    if (!started) return;
    const sitemaps = readersOf(started.snapshot).sitemaps;
    if (!(n <= sitemaps.files)) throw new SiteError(404, `Nie ma pliku mapy strony ${given} (są ${sitemaps.files}).`);
    await delivery.stream(req, res, started.etag, XML, (out) => sitemaps.write(n, publicUrl, out));
  };
  return { robots: robotsRoute, index, file };
}
