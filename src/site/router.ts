// The public website: server-rendered HTML pages in Polish over the same snapshot and the same
// endpoints as the JSON API (./data.ts), and what a reader takes away or follows from them.
//
//   /                    dashboard              /glosowania, /glosowania/:id    votes
//   /radni, /radni/:id   councillors            /posiedzenia, /posiedzenia/:id  sessions
//   /rankingi            rankings               /share/:link                    a shared vote
//   /radni/:token/obecnosci, /porownaj, /spojnosc   the evidence behind figures (./evidence.tsx)
//   /jak-liczymy         how every figure is computed (./method.tsx)
//   /szukaj              councillors and votes  /dane/                          bulk downloads (./downloads.tsx)
//   <list>.csv           every list's rows      POST /glosowania/:id/udostepnij the share form (./share-form.tsx)
//   /karty/…png          preview cards          …/kanal.atom                    feeds (./feed-routes.ts)
//   /robots.txt, /sitemap.xml, /sitemap-<n>.xml (./crawlers.ts)
//   /assets/<name>.<hash>.<ext>                 the style sheet, the script, the icon
//
// Every page: a strict Content-Security-Policy (nothing inline, nothing from elsewhere), an ETag per
// (snapshot, code, URL) answered 304 before any query runs, and HTML error pages; each leaves through
// the delivery module like any answer. Absolute URLs come from PUBLIC_URL only, never from the
// request's Host (a cached page would carry a client's choice to every reader). The origin check and
// the API key guard /api only (src/http/guards.ts); the site has its own rate limit, whose refusal is
// a page too (siteRefusal).

import type { IncomingMessage, ServerResponse } from 'node:http';
import { type ErrorRequestHandler, type Request, type RequestHandler, Router } from 'express';
import helmet from 'helmet';
import type { Logger } from 'pino';
import type { ShareLinks } from '../answers/endpoint.ts';
import { CardCache } from '../cards/cache.ts';
import { type Delivery, HTML_PAGE } from '../http/delivery.ts';
import { pathOf } from '../http/front.ts';
import type { RateLimited } from '../http/guards.ts';
import { noteReason } from '../http/request-log.ts';
import type { PublicUrl } from '../public-url.ts';
import type { Snapshot, SnapshotStore } from '../snapshot/snapshot.ts';
import { cacheable } from './answer.ts';
import { assetsRoute } from './assets.ts';
import { cardRoutes } from './cards.ts';
import { crawlerRoutes } from './crawlers.ts';
import { COUNCIL, PageData, siteNameOf } from './data.ts';
import { downloadRoutes, downloadsPage } from './downloads.tsx';
import { errorPage } from './errors.tsx';
import { attendanceRecordsPage, cohesionPage, comparePage } from './evidence.tsx';
import { feedRoutes } from './feed-routes.ts';
import { votePage, votesPage } from './glosowania.tsx';
import { homePage } from './home.tsx';
import { methodPage } from './method.tsx';
import { type PageContext, type PageView, renderPage } from './layout.tsx';
import { LIST_DOWNLOADS } from './lists.ts';
import { SiteError, keptParams, siteQuery } from './params.ts';
import { sessionPage, sessionsPage } from './posiedzenia.tsx';
import { councillorPage, councillorsPage } from './radni.tsx';
import { rankingsPage } from './rankingi.tsx';
import { readersOf } from './readers.ts';
import { searchPage } from './search.tsx';
import { shareFormRoute } from './share-form.tsx';
import { sharePage } from './share.tsx';

export const SITE_CSP = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'none'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'"],
    imgSrc: ["'self'"],
    // the share form's script posts the form with fetch
    connectSrc: ["'self'"],
    formAction: ["'self'"],
    baseUri: ["'none'"],
    frameAncestors: ["'none'"],
  },
};

/** What every page knows about its request; without `data` (no snapshot), the frame alone. `lenient`: an invalid organ is dropped, not a 404 (error pages). */
function contextOf(req: IncomingMessage, publicUrl: PublicUrl, data: PageData | undefined, lenient = false): PageContext {
  const bodies = data?.bodies() ?? [];
  let organ: number | undefined;
  try {
    organ = siteQuery(req, ['organ']).organ;
    if (organ !== undefined && data && !bodies.some((b) => b.id_organu === organ)) throw new SiteError(404, `Nie ma organu o numerze ${organ}.`);
  } catch (error) {
    if (!lenient) throw error;
    organ = undefined;
  }
  const snapshot = data?.snapshot;
  return {
    path: pathOf(req),
    params: keptParams(req),
    organ,
    councils: bodies.filter((b) => b.typ === COUNCIL),
    bodies,
    publicUrl,
    siteName: siteNameOf(bodies),
    snapshot: snapshot && { id: snapshot.id, builtAt: snapshot.builtAt, newestVote: snapshot.newestVote, credit: readersOf(snapshot).credit },
  };
}

/** A page: its view of the data, from its request (its path parameters in `req.params`). */
type Page = (ctx: PageContext, data: PageData, req: Request) => Promise<PageView> | PageView;

export interface SiteOptions {
  snapshots: SnapshotStore;
  shares: ShareLinks;
  delivery: Delivery;
  logger?: Logger;
  /** PUBLIC_URL: the only base of absolute URLs (null: relative links, no preview images, no sitemap). */
  publicUrl: PublicUrl;
  /** The scheme the client used (behind a proxy, the proxy's): the share form's own-origin check without PUBLIC_URL. */
  protocolOf: (req: IncomingMessage) => 'http' | 'https';
  /** The preview cards kept (tests count renderings). */
  cards?: CardCache;
}

/** Pages leave with this: a form's post then sends the page's real Origin (src/site/share-form.tsx). */
const REFERRER_POLICY = 'same-origin';

/**
 * The site's refusal of its own rate limit (src/http/guards.ts RateLimited): a page in Polish saying
 * when to come back, with Retry-After (set by the limiter). Not cacheable.
 */
export function siteRefusal({ snapshots, shares, delivery, publicUrl }: Pick<SiteOptions, 'snapshots' | 'shares' | 'delivery' | 'publicUrl'>) {
  return (req: IncomingMessage, res: ServerResponse, error: RateLimited): void => {
    const snapshot = snapshots.active;
    const ctx = contextOf(req, publicUrl, snapshot ? new PageData(snapshot, shares) : undefined, true);
    const seconds = error.retryAfterSeconds;
    const wait = seconds === undefined ? 'za kilka minut' : seconds < 90 ? `za ${seconds} s` : `za ${Math.ceil(seconds / 60)} min`;
    noteReason(res, error.message);
    res.setHeader('Content-Security-Policy', helmetCsp);
    res.setHeader('Referrer-Policy', REFERRER_POLICY);
    delivery.sendUncached(res, 429, Buffer.from(renderPage(ctx, errorPage(ctx, 429,
      `Z Twojego adresu przyszło w krótkim czasie bardzo wiele żądań, więcej niż czyta człowiek. Wróć ${wait}.`))), HTML_PAGE);
  };
}

/** SITE_CSP as a header value, for answers that do not pass the router's helmet (the 429). */
const helmetCsp = Object.entries(SITE_CSP.directives)
  .map(([name, values]) => `${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} ${values.join(' ')}`).join(';');

export function siteRouter({ snapshots, shares, delivery, logger, publicUrl, protocolOf, cards = new CardCache() }: SiteOptions): Router {
  /** Runs a page over the snapshot the request holds: a 304 from its ETag before any query, else the rendered page. */
  const page = (render: Page): RequestHandler => async (req, res) => {
    const started = cacheable(snapshots, delivery, req, res, HTML_PAGE, req.originalUrl);
    if (!started) return;
    const data = new PageData(started.snapshot, shares);
    const ctx = contextOf(req, publicUrl, data);
    const view = await render(ctx, data, req);
    delivery.send(res, started.etag, { body: Buffer.from(renderPage(ctx, view)), encoded: {} }, started.encoding, HTML_PAGE);
  };

  /** HTML error pages for everything a site route throws (400, 403, 404, 415, 503, 500). */
  const siteErrors: ErrorRequestHandler = (error, req, res, _next) => {
    const status = error instanceof SiteError ? error.status
      : typeof (error as { status?: unknown }).status === 'number' && [400, 404, 413, 503].includes((error as { status: number }).status)
        ? (error as { status: number }).status : 500;
    if (status === 500) logger?.error({ err: error, req: { method: req.method, url: req.originalUrl } }, 'page failed');
    const message = status === 500 ? 'Nie udało się przygotować tej strony. Spróbuj ponownie za chwilę.'
      : error instanceof SiteError ? error.message
        : status === 503 ? 'Baza danych nie została jeszcze zbudowana. Spróbuj ponownie za kilka minut.'
          : status === 413 ? 'Wysłany formularz jest za duży.' : 'Nie ma takiej strony.';
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const snapshot = snapshots.active;
    const data = snapshot ? new PageData(snapshot, shares) : undefined;
    const ctx = contextOf(req, publicUrl, data, true);
    noteReason(res, error instanceof SiteError && error.detail ? error.detail : error instanceof Error ? error.message : String(error));
    // A download's headers are not the error page's.
    res.removeHeader('Content-Disposition');
    res.setHeader('Content-Security-Policy', helmetCsp);
    delivery.sendUncached(res, status, Buffer.from(renderPage(ctx, errorPage(ctx, status, message))), HTML_PAGE);
  };

  /** A list download's page context: the same the page is rendered with. */
  const pageOf = (req: Request, _res: unknown, snapshot: Snapshot) => {
    const data = new PageData(snapshot, shares);
    return { ctx: contextOf(req, publicUrl, data), data };
  };
  const downloads = downloadRoutes({ snapshots, delivery, pageOf });
  const feeds = feedRoutes({ snapshots, delivery, publicUrl });
  const crawlers = crawlerRoutes({ snapshots, delivery, publicUrl });
  const card = cardRoutes({ snapshots, delivery, cache: cards });

  const router = Router();
  const csp = helmet.contentSecurityPolicy(SITE_CSP);
  const pages: RequestHandler[] = [csp, (_req, res, next) => { res.setHeader('Referrer-Policy', REFERRER_POLICY); next(); }];
  router.get('/assets/:file', assetsRoute(delivery));
  router.get('/robots.txt', crawlers.robots);
  router.get('/sitemap.xml', crawlers.index);
  router.get('/sitemap-:n.xml', crawlers.file);
  router.get('/karty/glosowanie/:id.png', card.vote);
  router.get('/karty/glosowanie/:id/radny/:osoba.png', card.voteWith);
  router.get('/karty/radny/:token.png', card.councillor);
  router.get('/glosowania/kanal.atom', feeds.votes);
  router.get('/radni/:token/kanal.atom', feeds.councillor);
  router.get('/dane/opis.txt', downloads.description);
  router.get('/dane/:file.csv', downloads.bulk);
  router.get('/dane/:organ/:kadencja/:file.csv', downloads.bulk);
  for (const { route, list } of LIST_DOWNLOADS) router.get(route, downloads.list(list));
  router.post('/glosowania/:id/udostepnij', pages, ...shareFormRoute({ snapshots, shares, delivery, publicUrl, protocolOf }));
  router.get('/', pages, page(homePage));
  router.get('/szukaj', pages, page(searchPage));
  router.get('/dane/', pages, page(downloadsPage));
  router.get('/radni', pages, page(councillorsPage));
  router.get('/radni/:token', pages, page(councillorPage));
  router.get('/radni/:token/obecnosci', pages, page(attendanceRecordsPage));
  router.get('/porownaj', pages, page(comparePage));
  router.get('/spojnosc', pages, page(cohesionPage));
  router.get('/jak-liczymy', pages, page(methodPage));
  router.get('/glosowania', pages, page(votesPage));
  router.get('/glosowania/:id', pages, page(votePage));
  router.get('/posiedzenia', pages, page(sessionsPage));
  router.get('/posiedzenia/:id', pages, page(sessionPage));
  router.get('/rankingi', pages, page(rankingsPage));
  router.get('/share/:link', pages, page(sharePage));
  router.use(siteErrors);
  return router;
}
