// The public website: server-rendered HTML pages in Polish, each a rendering of what the API's
// endpoints answer over the same snapshot (the page table, src/site/pages.ts), and what a reader takes
// away or follows from them. Every address is in src/urls/paths.ts:
//
//   /                    dashboard              /glosowania, /glosowania/:id    votes
//   /radni, /radni/:token councillors           /posiedzenia, /posiedzenia/:id  sessions
//   /rankingi            rankings               /share/:link                    a shared vote
//   /radni/:token/obecnosci, /porownaj, /spojnosc   the evidence behind figures (./evidence.tsx)
//   /jak-liczymy         how every figure is computed (./method.tsx)
//   /szukaj              councillors and votes  /dane/                          bulk downloads (./downloads.tsx)
//   <page>.csv, <page>/<list>.csv  every list's rows (the pages' `downloads`)
//   POST /glosowania/:id/udostepnij the share form (./share-form.tsx)
//   /karty/…png          preview cards          …/kanal.atom                    feeds (./feed-routes.ts)
//   /robots.txt, /sitemap.xml, /sitemap-<n>.xml (./crawlers.ts)
//   /assets/<name>.<hash>.<ext>                 the style sheet, the script, the icon (./assets/)
//
// The path of a page: the route matches → the answer's start (the snapshot the request holds, its
// ETag per (snapshot, code, URL), a 304 before any read: ./answer.ts) → the frame (the council scope
// `organ`, checked against the bodies) → the page's input parsed from the URL by the names its route
// lists (./params.ts) → `load` (the endpoints' handlers) → `render` (preact) → the delivery module.
// A list's CSV takes the same input and the same read, every page of it (src/exports/list.ts).
//
// Every page: a strict Content-Security-Policy (nothing inline, nothing from elsewhere) and HTML error
// pages. Absolute URLs come from PUBLIC_URL only, never from the request's Host (a cached page would
// carry a client's choice to every reader). The origin check and the API key guard /api only
// (src/http/guards.ts); the site has its own rate limit, whose refusal is a page too (siteRefusal).

import type { IncomingMessage, ServerResponse } from 'node:http';
import { type ErrorRequestHandler, type RequestHandler, Router } from 'express';
import helmet from 'helmet';
import type { Logger } from 'pino';
import type { ShareLinks } from '../answers/endpoint.ts';
import { CardCache } from '../cards/cache.ts';
import { RFC4180_CSV, SPREADSHEET_CSV } from '../exports/csv.ts';
import { chambersSlug, snapshotSlug } from '../exports/names.ts';
import { writeListCsv } from '../exports/list.ts';
import type { AnswerSources } from '../answers/sources.ts';
import { type Delivery, HTML_PAGE, type Representations, etagFor } from '../http/delivery.ts';
import type { FrontAnswer, Listener } from '../http/front.ts';
import { READ, type Route } from '../http/routes.ts';
import type { RateLimited } from '../http/guards.ts';
import { noteReason } from '../http/request-log.ts';
import type { PublicUrl } from '../public-url.ts';
import { readersOf } from '../snapshot/readers.ts';
import { CHANGED_UNDER, type Snapshot, type SnapshotStore } from '../snapshot/snapshot.ts';
import { holdingOf } from '../http/exchange.ts';
import { cacheable } from './answer.ts';
import { assetsRoute } from './assets.ts';
import { cardRoutes } from './cards.ts';
import { crawlerRoutes } from './crawlers.ts';
import { COUNCIL, siteNameOf } from './data.ts';
import { CSV_FILE, bulkRoutes } from './downloads.tsx';
import { errorPage } from './errors.tsx';
import { feedRoutes } from './feed-routes.ts';
import { type PageContext, bodyName, renderPage } from './layout.tsx';
import {
  type AnyPage,
  type Download,
  type PageInput,
  bodiesOf,
  groupNamesOf,
  loadContext,
  topicNamesOf,
} from './page.ts';
import { SITE_PAGES } from './pages.ts';
import { SiteError, keptParams, parseSiteQuery } from '../urls/params.ts';
import { type CsvForm, FILES, downloadName, listRoute } from '../urls/paths.ts';
import { shareFormRoute } from './share-form.tsx';
import { fileName, wordingOf } from '../text/wording.ts';

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

/** The URL of a request (its path and query; the host is never read). */
const urlOf = (req: IncomingMessage): URL => new URL(req.url ?? '/', 'http://localhost');

/**
 * What every page knows about its request; without a snapshot, the frame alone. `lenient`: an invalid
 * or unknown organ is dropped, not a 400 or 404 (error pages).
 */
function frameOf(
  req: IncomingMessage,
  publicUrl: PublicUrl,
  over: { snapshot: Snapshot; shares: ShareLinks } | undefined,
  lenient = false,
): PageContext {
  const bodies = over ? bodiesOf(over.snapshot, over.shares) : [];
  const url = urlOf(req);
  let organ: number | undefined;
  try {
    organ = parseSiteQuery(url, ['organ']).organ;
    if (organ !== undefined && over && !bodies.some((b) => b.id_organu === organ)) {
      throw new SiteError(404, `Nie ma organu o numerze ${organ}.`);
    }
  } catch (error) {
    if (!lenient) throw error;
    organ = undefined;
  }
  const snapshot = over?.snapshot;
  return {
    path: url.pathname,
    params: keptParams(url),
    organ,
    councils: bodies.filter((b) => b.typ === COUNCIL),
    bodies,
    publicUrl,
    siteName: siteNameOf(bodies),
    wording: wordingOf(bodies),
    groupNames: over ? groupNamesOf(over.snapshot, over.shares) : new Map(),
    topics: over && topicNamesOf(over.snapshot, over.shares),
    snapshot: snapshot && {
      id: snapshot.id,
      builtAt: snapshot.builtAt,
      newestVote: snapshot.newestVote,
      credit: readersOf(snapshot).credit,
      titleCuts: readersOf(snapshot).titleCuts,
    },
  };
}

/** A page's input from its request: the path parameters Express matched, the query by the names its route lists. */
const inputOf = (page: AnyPage, req: Parameters<RequestHandler>[0], frame: PageContext): PageInput => ({
  params: { ...req.params },
  query: parseSiteQuery(urlOf(req), page.route.query),
  organ: frame.organ,
});

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
  /** The answer sources of a snapshot, shared with the API (src/answers/operations.ts): a page made once is kept there. */
  sourcesOf?: ((snapshot: Snapshot) => AnswerSources) | undefined;
}

/** Pages leave with this: a form's post then sends the page's real Origin (src/site/share-form.tsx). */
const REFERRER_POLICY = 'same-origin';

/** SITE_CSP as a header value, for answers that do not pass the router's helmet (the 429, the error pages). */
const helmetCsp = Object.entries(SITE_CSP.directives)
  .map(([name, values]) => `${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} ${values.join(' ')}`)
  .join(';');

/**
 * The site's refusal of its own rate limit (src/http/guards.ts RateLimited): a page in Polish saying
 * when to come back, with Retry-After (set by the limiter). Not cacheable.
 */
export function siteRefusal({
  snapshots,
  shares,
  delivery,
  publicUrl,
}: Pick<SiteOptions, 'snapshots' | 'shares' | 'delivery' | 'publicUrl'>) {
  return (req: IncomingMessage, res: ServerResponse, error: RateLimited): void => {
    const snapshot = snapshots.active;
    const seconds = error.retryAfterSeconds;
    const wait =
      seconds === undefined ? 'za kilka minut' : seconds < 90 ? `za ${seconds} s` : `za ${Math.ceil(seconds / 60)} min`;
    const ctx = frameOf(req, publicUrl, snapshot ? { snapshot, shares } : undefined, true);
    noteReason(res, error.message);
    res.setHeader('Content-Security-Policy', helmetCsp);
    res.setHeader('Referrer-Policy', REFERRER_POLICY);
    delivery.sendUncached(
      res,
      429,
      Buffer.from(
        renderPage(
          ctx,
          errorPage(
            ctx,
            429,
            `Z Twojego adresu przyszło w krótkim czasie bardzo wiele żądań, więcej niż czyta człowiek. Wróć ${wait}.`,
          ),
        ),
      ),
      HTML_PAGE,
    );
  };
}

export function siteRouter({
  snapshots,
  shares,
  delivery,
  logger,
  publicUrl,
  protocolOf,
  cards = new CardCache(),
  sourcesOf,
}: SiteOptions): Router {
  /**
   * A page over the snapshot the request holds: a 304 from its ETag before any read, else its load and
   * render; the page made is kept by the answer sources, whence the front sends it next time
   * (sitePageRoutes).
   */
  const pageRoute =
    (page: AnyPage): RequestHandler =>
    async (req, res) => {
      const url = req.originalUrl;
      const started = cacheable(snapshots, delivery, req, res, HTML_PAGE, url);
      if (!started) return;
      const frame = frameOf(req, publicUrl, { snapshot: started.snapshot, shares });
      const input = inputOf(page, req, frame);
      const data = await page.load(input, loadContext(started.snapshot, shares, frame));
      const entry: Representations = { body: Buffer.from(renderPage(frame, page.render(data, frame))), encoded: {} };
      const sources = sourcesOf?.(started.snapshot);
      sources?.made(url, entry);
      delivery.send(res, started.etag, entry, started.encoding, HTML_PAGE, () => sources?.grew(url, entry));
    };

  /**
   * The CSV of a page's list: every page of what the list shows under the same input, for programs or
   * for a spreadsheet; saved under a name that says what it holds (the list, the person or vote, the
   * council, the filters).
   */
  const listDownload =
    (page: AnyPage, download: Download<PageInput>, form: CsvForm): RequestHandler =>
    async (req, res) => {
      const started = cacheable(snapshots, delivery, req, res, CSV_FILE, req.originalUrl);
      if (!started) return;
      const frame = frameOf(req, publicUrl, { snapshot: started.snapshot, shares });
      const input = inputOf(page, req, frame);
      // Its 400 or 404 before any byte.
      const read = await download.open(input, loadContext(started.snapshot, shares, frame));
      const { list } = download;
      const dialect = form === 'csv' ? RFC4180_CSV : SPREADSHEET_CSV;
      const write = (out: Parameters<typeof writeListCsv>[0]) =>
        writeListCsv(out, list.columns, read, list.batch, dialect);
      const query = input.query as Record<string, string | number | boolean | undefined>;
      const filters = (page.route.query as string[])
        .filter((q) => q !== 'strona' && query[q] !== undefined && query[q] !== false)
        .map((q) => (query[q] === true ? q : (query[q] as string | number)));
      const pathValues: string[] = Object.values(input.params);
      const name = downloadName(
        [
          fileName(frame.wording, list.file),
          ...pathValues,
          // The council (or the Sejm) it is of: two councils' files never share a name (issue 46).
          // A person's or a vote's list is of its chambers; a whole list of every body (`i-komisje`).
          frame.organ !== undefined
            ? (bodyName(frame, frame.organ) ?? frame.organ)
            : pathValues.length > 0
              ? chambersSlug(frame.bodies)
              : snapshotSlug(frame.bodies),
          ...filters,
        ],
        form,
      );
      await delivery.stream(req, res, started.etag, CSV_FILE, write, name);
    };

  /** HTML error pages for everything a site route throws (400, 403, 404, 415, 503, 500). */
  const siteErrors: ErrorRequestHandler = (thrown, req, res, _next) => {
    const error = snapshots.changedUnder(holdingOf(res))
      ? new SiteError(503, 'Dane są właśnie podmieniane. Spróbuj ponownie za chwilę.', CHANGED_UNDER)
      : thrown;
    const status =
      error instanceof SiteError
        ? error.status
        : typeof (error as { status?: unknown }).status === 'number' &&
            [400, 404, 413, 503].includes((error as { status: number }).status)
          ? (error as { status: number }).status
          : 500;
    if (status === 500) logger?.error({ err: error, req: { method: req.method, url: req.originalUrl } }, 'page failed');
    const message =
      status === 500
        ? 'Nie udało się przygotować tej strony. Spróbuj ponownie za chwilę.'
        : error instanceof SiteError
          ? error.message
          : status === 503
            ? 'Baza danych nie została jeszcze zbudowana. Spróbuj ponownie za kilka minut.'
            : status === 413
              ? 'Wysłany formularz jest za duży.'
              : 'Nie ma takiej strony.';
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const snapshot = snapshots.active;
    const ctx = frameOf(req, publicUrl, snapshot ? { snapshot, shares } : undefined, true);
    noteReason(
      res,
      error instanceof SiteError && error.detail
        ? error.detail
        : error instanceof Error
          ? error.message
          : String(error),
    );
    // A download's headers are not the error page's.
    res.removeHeader('Content-Disposition');
    res.setHeader('Content-Security-Policy', helmetCsp);
    delivery.sendUncached(res, status, Buffer.from(renderPage(ctx, errorPage(ctx, status, message))), HTML_PAGE);
  };

  const bulk = bulkRoutes({ snapshots, delivery });
  const feeds = feedRoutes({ snapshots, shares, delivery, publicUrl });
  const crawlers = crawlerRoutes({ snapshots, delivery, publicUrl });
  const card = cardRoutes({ snapshots, delivery, cache: cards });

  const router = Router();
  const csp = helmet.contentSecurityPolicy(SITE_CSP);
  const pages: RequestHandler[] = [
    csp,
    (_req, res, next) => {
      res.setHeader('Referrer-Policy', REFERRER_POLICY);
      next();
    },
  ];
  router.get(FILES.asset, assetsRoute(delivery));
  router.get(FILES.robots, crawlers.robots);
  router.get(FILES.sitemapIndex, crawlers.index);
  router.get(FILES.sitemapFile, crawlers.file);
  router.get(FILES.voteCard, card.vote);
  router.get(FILES.voteWithCard, card.voteWith);
  router.get(FILES.councillorCard, card.councillor);
  router.get(FILES.votesFeed, feeds.votes);
  router.get(FILES.councillorFeed, feeds.councillor);
  router.get(FILES.bulkDescription, bulk.description);
  router.get(FILES.dataPackage, bulk.dataPackage);
  router.get(FILES.bulkSheet, bulk.sheet);
  router.get(FILES.councilBulkSheet, bulk.sheet);
  router.get(FILES.bulkFile, bulk.bulk);
  router.get(FILES.councilBulkFile, bulk.bulk);
  for (const page of SITE_PAGES) {
    for (const [name, download] of Object.entries(page.downloads ?? {})) {
      router.get(listRoute(page.route, name, 'arkusz'), listDownload(page, download, 'arkusz'));
      router.get(listRoute(page.route, name), listDownload(page, download, 'csv'));
    }
  }
  router.post(FILES.shareForm, pages, ...shareFormRoute({ snapshots, shares, delivery, publicUrl, protocolOf }));
  for (const page of SITE_PAGES) router.get(page.route.path, pages, pageRoute(page));
  // Any other site address (a mistyped one): the Polish error page, not the API's JSON envelope (issue 46).
  const unknownAddress: RequestHandler = (req, _res, next) =>
    next(new SiteError(404, 'Nie ma takiej strony.', `no site route ${req.path}`));
  router.use(pages, unknownAddress);
  router.use(siteErrors);
  return router;
}

/**
 * The website's pages on the front's route table: a page the answer sources hold for this snapshot and
 * URL (made before, src/site/router.ts pageRoute) is sent by the front itself — its ETag, a 304, the
 * page's headers, the bytes — as an answer of the API is; anything else (a page not made yet, an error,
 * no snapshot) goes on to the site's router (`site`), which makes it. Misses cost one lookup.
 */
export function sitePageRoutes({
  snapshots,
  delivery,
  sourcesOf,
  site,
}: Pick<SiteOptions, 'snapshots' | 'delivery'> & {
  sourcesOf: (snapshot: Snapshot) => AnswerSources;
  site: Listener;
}): Array<Route<FrontAnswer>> {
  const answer: FrontAnswer = (exchange) => {
    const { req, res, url } = exchange;
    const snapshot = snapshots.acquire();
    if (!snapshot) return site(req, res);
    try {
      const sources = sourcesOf(snapshot);
      const wanted = delivery.encodingFor(req, HTML_PAGE);
      const found = sources.find(url, { wanted, params: exchange.route.params });
      if (!found) return site(req, res);
      // The headers the site's router gives every page (helmet's CSP, the referrer policy).
      res.setHeader('Content-Security-Policy', helmetCsp);
      res.setHeader('Referrer-Policy', REFERRER_POLICY);
      const etag = etagFor(snapshot.answersVersion, url);
      if (delivery.notModified(req, res, etag, wanted, HTML_PAGE)) return;
      if ('entry' in found)
        delivery.send(res, etag, found.entry, wanted, HTML_PAGE, () => sources.grew(url, found.entry));
      else delivery.sendAs(res, etag, found.bytes, found.encoding, HTML_PAGE);
    } finally {
      snapshot.release();
    }
  };
  return SITE_PAGES.map((page) => ({ path: page.route.path, methods: READ, kind: 'site', target: answer }));
}
