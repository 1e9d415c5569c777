// The public website: server-rendered HTML pages in Polish over the same snapshot and the same
// endpoints as the JSON API (./data.ts).
//
//   /                    dashboard              /glosowania, /glosowania/:id    votes
//   /radni, /radni/:id   councillors            /posiedzenia, /posiedzenia/:id  sessions
//   /rankingi            rankings               /share/:link                    a shared vote
//   /assets/<name>.<hash>.<ext>                 the style sheet, the script, the icon
//
// Every page: a strict Content-Security-Policy (nothing inline, nothing from elsewhere), an ETag per
// (snapshot, code, URL) answered 304 before any query runs, and HTML error pages; each leaves through
// the delivery module like any answer. The origin check and the API key guard /api only
// (src/http/guards.ts); the rate limit counts these pages too.

import type { IncomingMessage } from 'node:http';
import { type ErrorRequestHandler, type Request, type RequestHandler, Router } from 'express';
import helmet from 'helmet';
import type { Logger } from 'pino';
import type { ShareLinks } from '../answers/endpoint.ts';
import { type Delivery, HTML_PAGE, etagFor } from '../http/delivery.ts';
import { pathOf } from '../http/front.ts';
import { noteReason } from '../http/request-log.ts';
import type { SnapshotStore } from '../snapshot/snapshot.ts';
import { assetsRoute } from './assets.ts';
import { type Body, PageData } from './data.ts';
import { errorPage } from './errors.tsx';
import { votePage, votesPage } from './glosowania.tsx';
import { homePage } from './home.tsx';
import { type PageContext, type PageView, renderPage } from './layout.tsx';
import { SiteError, keptParams, siteQuery } from './params.ts';
import { sessionPage, sessionsPage } from './posiedzenia.tsx';
import { councillorPage, councillorsPage } from './radni.tsx';
import { rankingsPage } from './rankingi.tsx';
import { sharePage } from './share.tsx';

export const SITE_CSP = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'none'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'"],
    imgSrc: ["'self'"],
    formAction: ["'self'"],
    baseUri: ["'none'"],
    frameAncestors: ["'none'"],
  },
};

const COUNCIL = 'rada';

function siteNameOf(bodies: readonly Body[]): string {
  const councils = bodies.filter((b) => b.typ === COUNCIL);
  if (councils.length === 1) return councils[0]!.nazwa;
  if (bodies.length === 1) return bodies[0]!.nazwa;
  return 'Głosowania rad';
}

/** What every page knows about its request; without `data` (no snapshot), the frame alone. `lenient`: an invalid organ is dropped, not a 404 (error pages). */
function contextOf(req: IncomingMessage, origin: string, data: PageData | undefined, lenient = false): PageContext {
  const bodies = data?.bodies() ?? [];
  let organ: number | undefined;
  try {
    organ = siteQuery(req, ['organ']).organ;
    if (organ !== undefined && data && !bodies.some((b) => b.id_organu === organ)) throw new SiteError(404, `Nie ma organu o numerze ${organ}.`);
  } catch (error) {
    if (!lenient) throw error;
    organ = undefined;
  }
  return {
    path: pathOf(req),
    params: keptParams(req),
    organ,
    councils: bodies.filter((b) => b.typ === COUNCIL),
    bodies,
    origin,
    siteName: siteNameOf(bodies),
    snapshot: data ? { id: data.snapshot.id, builtAt: data.snapshot.builtAt } : undefined,
  };
}

/** A page: its view of the data, from its request (its path parameters in `req.params`). */
type Page = (ctx: PageContext, data: PageData, req: Request) => Promise<PageView> | PageView;

export interface SiteOptions {
  snapshots: SnapshotStore;
  shares: ShareLinks;
  delivery: Delivery;
  logger?: Logger;
  /** The scheme the client used (behind a proxy, the proxy's): for absolute URLs (src/http/front.ts clientProtocol). */
  protocolOf: (req: IncomingMessage) => 'http' | 'https';
}

export function siteRouter({ snapshots, shares, delivery, logger, protocolOf }: SiteOptions): Router {
  const originOf = (req: IncomingMessage) => (req.headers.host ? `${protocolOf(req)}://${req.headers.host}` : '');

  /** Runs a page over the snapshot the request holds: a 304 from its ETag before any query, else the rendered page. */
  const page = (render: Page): RequestHandler => async (req, res) => {
    const snapshot = snapshots.holdFor(res);
    const etag = etagFor(snapshot.answersVersion, req.originalUrl);
    if (delivery.notModified(req, res, etag, null, HTML_PAGE)) return;
    const data = new PageData(snapshot, shares);
    const ctx = contextOf(req, originOf(req), data);
    const view = await render(ctx, data, req);
    delivery.send(res, etag, { body: Buffer.from(renderPage(ctx, view)), encoded: {} }, null, HTML_PAGE);
  };

  /** HTML error pages for everything a page route throws (400, 404, 503, 500). */
  const siteErrors: ErrorRequestHandler = (error, req, res, _next) => {
    const status = error instanceof SiteError ? error.status
      : typeof (error as { status?: unknown }).status === 'number' && [400, 404, 503].includes((error as { status: number }).status)
        ? (error as { status: number }).status : 500;
    if (status === 500) logger?.error({ err: error, req: { method: req.method, url: req.originalUrl } }, 'page failed');
    const message = status === 500 ? 'Nie udało się przygotować tej strony. Spróbuj ponownie za chwilę.'
      : error instanceof SiteError ? error.message
        : status === 503 ? 'Baza danych nie została jeszcze zbudowana. Spróbuj ponownie za kilka minut.' : 'Nie ma takiej strony.';
    const snapshot = snapshots.active;
    const data = snapshot ? new PageData(snapshot, shares) : undefined;
    const ctx = contextOf(req, originOf(req), data, true);
    noteReason(res, error instanceof Error ? error.message : String(error));
    delivery.sendUncached(res, status, Buffer.from(renderPage(ctx, errorPage(ctx, status, message))), HTML_PAGE);
  };

  const router = Router();
  const pages = [helmet.contentSecurityPolicy(SITE_CSP)];
  router.get('/assets/:file', assetsRoute(delivery));
  router.get('/', pages, page(homePage));
  router.get('/radni', pages, page(councillorsPage));
  router.get('/radni/:token', pages, page(councillorPage));
  router.get('/glosowania', pages, page(votesPage));
  router.get('/glosowania/:id', pages, page(votePage));
  router.get('/posiedzenia', pages, page(sessionsPage));
  router.get('/posiedzenia/:id', pages, page(sessionPage));
  router.get('/rankingi', pages, page(rankingsPage));
  router.get('/share/:link', pages, page(sharePage));
  router.use(siteErrors);
  return router;
}
