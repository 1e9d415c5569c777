// The public website: server-rendered HTML pages in Polish over the same snapshot as the JSON API.
//
//   /                    dashboard              /glosowania, /glosowania/:id    votes
//   /radni, /radni/:id   councillors            /posiedzenia, /posiedzenia/:id  sessions
//   /rankingi            rankings               /share/:link                    a shared vote
//   /assets/<name>.<hash>.<ext>                 the style sheet, the script, the icon
//
// Every page: a strict Content-Security-Policy (nothing inline, nothing from elsewhere), an ETag per
// (snapshot, site build, URL) answered 304 before any query runs, and HTML error pages. The origin
// check and the API key guard /api only (src/guards.ts); the rate limit counts these pages too.

import { hash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ErrorRequestHandler, type Request, type RequestHandler, type Response, Router } from 'express';
import helmet from 'helmet';
import type { Logger } from 'pino';
import { CACHE_CONTROL_PUBLIC, etagFor } from '../caching.ts';
import { holdSnapshot } from '../request-snapshot.ts';
import type { ShareStore } from '../shares/index.ts';
import type { SnapshotStore } from '../snapshot.ts';
import { ASSETS_VERSION, serveAsset } from './assets.ts';
import { SiteData } from './data.ts';
import { errorPage } from './errors.tsx';
import { votePage, votesPage } from './glosowania.tsx';
import { homePage } from './home.tsx';
import { type PageContext, type PageView, renderPage } from './layout.tsx';
import { sessionPage, sessionsPage } from './posiedzenia.tsx';
import { councillorPage, councillorsPage } from './radni.tsx';
import { rankingsPage } from './rankingi.tsx';
import { Query, SiteError } from './request.ts';
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

/** The pages' code and assets: a new build changes every page's ETag even within one snapshot. */
const SITE_BUILD = (() => {
  const dir = dirname(fileURLToPath(import.meta.url));
  const files = readdirSync(dir).filter((f) => /\.(?:[cm]?[jt]sx?)$/.test(f)).sort();
  return hash('sha1', files.map((f) => readFileSync(join(dir, f), 'utf8')).join('\0') + ASSETS_VERSION, 'base64url').slice(0, 8);
})();

const COUNCIL = 'rada';

function siteNameOf(bodies: PageContext['bodies']): string {
  const councils = bodies.filter((b) => b.typ === COUNCIL);
  if (councils.length === 1) return councils[0]!.nazwa;
  if (bodies.length === 1) return bodies[0]!.nazwa;
  return 'Głosowania rad';
}

function contextOf(req: Request, data: SiteData | undefined, lenient = false): PageContext {
  const bodies = data?.bodies() ?? [];
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.query)) if (typeof value === 'string' && value.trim() !== '') params[name] = value.trim();
  let organ: number | undefined;
  try {
    organ = new Query(req).id('organ');
    if (organ !== undefined && data && !bodies.some((b) => b.id_organu === organ)) throw new SiteError(404, `Nie ma organu o numerze ${organ}.`);
  } catch (error) {
    if (!lenient) throw error;
    organ = undefined;
  }
  const host = req.get('host');
  return {
    path: req.path,
    params,
    organ,
    councils: bodies.filter((b) => b.typ === COUNCIL),
    bodies,
    origin: host ? `${req.protocol}://${host}` : '',
    siteName: siteNameOf(bodies),
    snapshot: data ? { id: data.snapshotId, builtAt: data.builtAt } : undefined,
  };
}

function sendPage(res: Response, ctx: PageContext, view: PageView): void {
  res.status(view.status ?? 200).type('html').send(renderPage(ctx, view));
}

type Page = (ctx: PageContext, data: SiteData, req: Request) => PageView | Promise<PageView>;

/** Runs a page over the snapshot the request holds (the share page waits for the share store). */
const page = (render: Page): RequestHandler => (req, res) => {
  const data = SiteData.of(res);
  const ctx = contextOf(req, data);
  const view = render(ctx, data, req);
  if (view instanceof Promise) return view.then((settled) => sendPage(res, ctx, settled));
  sendPage(res, ctx, view);
};

/** ETag and Cache-Control like the API's (src/caching.ts), for HTML; a match is a 304 before any query. */
const validators: RequestHandler = (req, res, next) => {
  const snapshot = (res.locals['snapshot'] as { id: string }).id;
  const etag = etagFor(`${snapshot}.${SITE_BUILD}`, req.originalUrl);
  res.setHeader('ETag', etag);
  res.setHeader('Cache-Control', CACHE_CONTROL_PUBLIC);
  const given = req.headers['if-none-match'];
  if (given !== undefined && (given.trim() === '*' || given.split(',').some((t) => t.trim() === etag))) {
    res.status(304).end();
    return;
  }
  next();
};

/** HTML error pages for everything a page route throws (400, 404, 503, 500). */
function siteErrors(logger: Logger | undefined): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const status = error instanceof SiteError ? error.status
      : typeof (error as { status?: unknown }).status === 'number' && [400, 404, 503].includes((error as { status: number }).status)
        ? (error as { status: number }).status : 500;
    if (status === 500) logger?.error({ err: error, req: { method: req.method, url: req.originalUrl } }, 'page failed');
    if (res.headersSent) return res.end();
    res.removeHeader('ETag');
    res.setHeader('Cache-Control', 'no-store');
    res.locals['reason'] = error instanceof Error ? error.message : String(error); // for the request log
    const message = status === 500 ? 'Nie udało się przygotować tej strony. Spróbuj ponownie za chwilę.'
      : error instanceof SiteError ? error.message
        : status === 503 ? 'Baza danych nie została jeszcze zbudowana. Spróbuj ponownie za kilka minut.' : 'Nie ma takiej strony.';
    const data = res.locals['snapshot'] ? SiteData.of(res) : undefined;
    let ctx: PageContext;
    try {
      ctx = contextOf(req, data, true);
    } catch {
      ctx = contextOf(req, undefined, true);
    }
    sendPage(res, ctx, errorPage(ctx, status, message));
  };
}

export interface SiteDeps {
  snapshots: SnapshotStore;
  shares: ShareStore;
  logger?: Logger;
}

export function siteRouter({ snapshots, shares, logger }: SiteDeps): Router {
  const router = Router();
  const headers = helmet.contentSecurityPolicy(SITE_CSP);
  const pages = [headers, holdSnapshot(snapshots), validators];

  router.get('/assets/:file', serveAsset);
  router.get('/', pages, page((ctx, data, req) => homePage(ctx, data, new Query(req))));
  router.get('/radni', pages, page((ctx, data, req) => councillorsPage(ctx, data, new Query(req))));
  router.get('/radni/:token', pages, page((ctx, data, req) => councillorPage(ctx, data, new Query(req), req.params['token'] as string)));
  router.get('/glosowania', pages, page((ctx, data, req) => votesPage(ctx, data, new Query(req))));
  router.get('/glosowania/:id', pages, page((ctx, data, req) => votePage(ctx, data, req.params['id'] as string)));
  router.get('/posiedzenia', pages, page((ctx, data, req) => sessionsPage(ctx, data, new Query(req))));
  router.get('/posiedzenia/:id', pages, page((ctx, data, req) => sessionPage(ctx, data, req.params['id'] as string)));
  router.get('/rankingi', pages, page((ctx, data, req) => rankingsPage(ctx, data, new Query(req))));
  router.get('/share/:link', pages, page((ctx, data, req) => sharePage(ctx, data, shares, req.params['link'] as string)));
  router.use(siteErrors(logger));
  return router;
}
