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
// Every route here is a route of the front's one table (src/http/routes.ts, listed by src/app.ts): the
// front looks it up, logs it and runs the guards as for the API, then calls it with node's request and
// response (./answer.ts SiteRequest); what it throws goes to the one error handler (src/app.ts), which
// answers the website's addresses with the error page here (siteErrorPage). No Express on this path
// (the share form's body parser excepted, ./share-form.tsx).
//
// The path of a page: the route matches → the answer's start (the snapshot the request holds, its
// ETag per (snapshot, code, URL), a 304 before any read: ./answer.ts) → the page as the answer sources
// keep it for this snapshot, else: the frame (the council scope `organ`, checked against the bodies) →
// the page's input parsed from the URL by the names its route lists (./params.ts) → `load` (the
// endpoints) → `render` (preact), kept by the answer sources → the delivery module. A list's CSV takes
// the same input and the same read, every page of it (src/exports/list.ts).
//
// Every page: a strict Content-Security-Policy (nothing inline, nothing from elsewhere) and HTML error
// pages. Absolute URLs come from PUBLIC_URL only, never from the request's Host (a cached page would
// carry a client's choice to every reader). The origin check and the API key guard /api only
// (src/http/guards.ts); the site has its own rate limit, whose refusal is an error page too.

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { ShareLinks } from '../answers/endpoint.ts';
import { CardCache } from '../cards/cache.ts';
import { RFC4180_CSV, SPREADSHEET_CSV } from '../exports/csv.ts';
import { chambersSlug, snapshotSlug } from '../exports/names.ts';
import type { AnswerSources } from '../answers/sources.ts';
import { type Delivery, HTML_PAGE, type Representations } from '../http/delivery.ts';
import type { FrontAnswer } from '../http/front.ts';
import { holdingOf } from '../http/exchange.ts';
import { READ, type Route, decodedParams } from '../http/routes.ts';
import { RateLimited } from '../http/envelope.ts';
import { noteReason } from '../http/request-log.ts';
import type { PublicUrl } from '../public-url.ts';
import { readersOf } from '../snapshot/readers.ts';
import { CHANGED_UNDER, type Snapshot, type SnapshotStore } from '../snapshot/snapshot.ts';
import { type SiteHandler, cacheable } from './answer.ts';
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

/** A page's input from its request: the path parameters matched, the query by the names its route lists. */
const inputOf = (
  page: AnyPage,
  params: Record<string, string>,
  req: IncomingMessage,
  frame: PageContext,
): PageInput => ({
  params: { ...params },
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
  sourcesOf: (snapshot: Snapshot) => AnswerSources;
}

/** Pages leave with this: a form's post then sends the page's real Origin (src/site/share-form.tsx). */
const REFERRER_POLICY = 'same-origin';

/** SITE_CSP as a header value (what helmet's contentSecurityPolicy wrote when the site was an Express app). */
const helmetCsp = Object.entries(SITE_CSP.directives)
  .map(([name, values]) => `${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} ${values.join(' ')}`)
  .join(';');

/** The headers of every page and error page: the CSP, the referrer policy. */
function pageHeaders(res: ServerResponse): void {
  res.setHeader('Content-Security-Policy', helmetCsp);
  res.setHeader('Referrer-Policy', REFERRER_POLICY);
}

/** How long until the site's limit lets the client in again, in words. */
const waitOf = (seconds: number | undefined): string =>
  seconds === undefined ? 'za kilka minut' : seconds < 90 ? `za ${seconds} s` : `za ${Math.ceil(seconds / 60)} min`;

/**
 * The website's error page for what a route threw or a guard refused (400, 403, 404, 413, 415, 429,
 * 503, 500), in Polish; the one error handler (src/app.ts) sends it for the website's addresses. The
 * site's rate limit (RateLimited, with Retry-After set by the limiter) says when to come back.
 */
export function siteErrorPage({
  snapshots,
  shares,
  delivery,
  logger,
  publicUrl,
}: Pick<SiteOptions, 'snapshots' | 'shares' | 'delivery' | 'logger' | 'publicUrl'>) {
  return (req: IncomingMessage, res: ServerResponse, thrown: unknown): void => {
    const error = snapshots.changedUnder(holdingOf(res))
      ? new SiteError(503, 'Dane są właśnie podmieniane. Spróbuj ponownie za chwilę.', CHANGED_UNDER)
      : thrown;
    const status =
      error instanceof SiteError || error instanceof RateLimited
        ? error.status
        : ([400, 404, 413, 503].find((known) => known === Reflect.get(Object(error), 'status')) ?? 500);
    if (status === 500) logger?.error({ err: error, req: { method: req.method, url: req.url } }, 'page failed');
    const message =
      status === 500
        ? 'Nie udało się przygotować tej strony. Spróbuj ponownie za chwilę.'
        : error instanceof SiteError
          ? error.message
          : error instanceof RateLimited
            ? `Z Twojego adresu przyszło w krótkim czasie bardzo wiele żądań, więcej niż czyta człowiek. Wróć ${waitOf(error.retryAfterSeconds)}.`
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
    pageHeaders(res);
    delivery.sendUncached(res, status, Buffer.from(renderPage(ctx, errorPage(ctx, status, message))), HTML_PAGE);
  };
}
/**
 * The website's routes, for the front's one table (src/app.ts): the pages, their lists' CSV files, the
 * share form, the bulk files, feeds, cards, crawler files and assets. Every pattern is src/urls/paths.ts's.
 * `unknown`: the one not-found, for an asset name that is none.
 */
export function siteRoutes({
  snapshots,
  shares,
  delivery,
  publicUrl,
  protocolOf,
  cards = new CardCache(),
  sourcesOf,
  unknown,
}: SiteOptions & { unknown: SiteHandler }): Array<Route<FrontAnswer>> {
  /**
   * A page over the snapshot the request holds: a 304 from its ETag before any read; the page as the
   * answer sources keep it (made before, by this process or another sharing the answer store); else
   * its load and render, kept by the answer sources for the next request.
   */
  const pageRoute =
    (page: AnyPage): SiteHandler =>
    async (request) => {
      const { req, res, url, params, sent } = request;
      pageHeaders(res);
      const started = cacheable(request, delivery, HTML_PAGE);
      if (!started) return;
      const sources = sourcesOf(started.snapshot);
      const found = sources.find(url, { wanted: started.encoding, params: sent });
      if (found) {
        if ('entry' in found)
          delivery.send(res, started.etag, found.entry, started.encoding, HTML_PAGE, () =>
            sources.grew(url, found.entry),
          );
        else delivery.sendAs(res, started.etag, found.bytes, found.encoding, HTML_PAGE);
        return;
      }
      const frame = frameOf(req, publicUrl, { snapshot: started.snapshot, shares });
      const input = inputOf(page, params, req, frame);
      const data = await page.load(input, loadContext(started.snapshot, shares, frame, sources));
      const entry: Representations = { body: Buffer.from(renderPage(frame, page.render(data, frame))), encoded: {} };
      sources.made(url, entry, { page: true });
      delivery.send(res, started.etag, entry, started.encoding, HTML_PAGE, () => sources.grew(url, entry));
    };

  /**
   * The CSV of a page's list: every page of what the list shows under the same input, for programs or
   * for a spreadsheet; saved under a name that says what it holds (the list, the person or vote, the
   * council, the filters).
   */
  const listDownload =
    (page: AnyPage, download: Download<PageInput>, form: CsvForm): SiteHandler =>
    async (request) => {
      const { req, res, params } = request;
      const started = cacheable(request, delivery, CSV_FILE);
      if (!started) return;
      const frame = frameOf(req, publicUrl, { snapshot: started.snapshot, shares });
      const input = inputOf(page, params, req, frame);
      // Its 400 or 404 before any byte.
      const writer = await download.open(
        input,
        loadContext(started.snapshot, shares, frame, sourcesOf(started.snapshot)),
      );
      const dialect = form === 'csv' ? RFC4180_CSV : SPREADSHEET_CSV;
      const query: Record<string, unknown> = input.query;
      // The filters in force, in the route's order: a flag by its name, any other by its value.
      const filters = page.route.query.flatMap((q) => {
        const value = query[q];
        return q === 'strona' || value === undefined || value === false ? [] : [value === true ? q : String(value)];
      });
      const pathValues: string[] = Object.values(input.params);
      const name = downloadName(
        [
          fileName(frame.wording, download.file),
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
      await delivery.stream(req, res, started.etag, CSV_FILE, (out) => writer(out, dialect), name);
    };

  const bulk = bulkRoutes({ snapshots, delivery });
  const feeds = feedRoutes({ shares, delivery, publicUrl });
  const crawlers = crawlerRoutes({ delivery, publicUrl });
  const card = cardRoutes({ delivery, cache: cards });
  const shareForm = shareFormRoute({ shares, delivery, publicUrl, protocolOf });

  /** A route of the table: the handler gets its path parameters decoded (a malformed one is a 400). */
  const route = (
    path: string,
    handler: SiteHandler,
    methods = READ,
    kind: 'site' | 'asset' = 'site',
  ): Route<FrontAnswer> => {
    const target: FrontAnswer = (exchange) => {
      const { req, res, url } = exchange;
      const sent = exchange.route.params;
      const hold = () => exchange.hold(snapshots);
      return handler({ req, res, url, path: exchange.path, params: decodedParams(sent), sent, hold });
    };
    return { path, methods, kind, target };
  };

  // In the order they are tried: a fixed path before a pattern that would match it (the spreadsheet
  // files before the CSV ones, the feeds and the lists' files before the pages).
  const routes: Array<Route<FrontAnswer>> = [
    route(FILES.asset, assetsRoute(delivery, unknown), READ, 'asset'),
    route(FILES.robots, crawlers.robots),
    route(FILES.sitemapIndex, crawlers.index),
    route(FILES.sitemapFile, crawlers.file),
    route(FILES.voteCard, card.vote),
    route(FILES.voteWithCard, card.voteWith),
    route(FILES.councillorCard, card.councillor),
    route(FILES.votesFeed, feeds.votes),
    route(FILES.councillorFeed, feeds.councillor),
    route(FILES.bulkDescription, bulk.description),
    route(FILES.dataPackage, bulk.dataPackage),
    route(FILES.bulkSheet, bulk.sheet),
    route(FILES.councilBulkSheet, bulk.sheet),
    route(FILES.bulkFile, bulk.bulk),
    route(FILES.councilBulkFile, bulk.bulk),
  ];
  for (const page of SITE_PAGES) {
    for (const [name, download] of Object.entries(page.downloads ?? {})) {
      routes.push(route(listRoute(page.route, name, 'arkusz'), listDownload(page, download, 'arkusz')));
      routes.push(route(listRoute(page.route, name), listDownload(page, download, 'csv')));
    }
  }
  routes.push(
    route(
      FILES.shareForm,
      (request) => {
        pageHeaders(request.res);
        return shareForm(request);
      },
      ['POST'],
    ),
  );
  for (const page of SITE_PAGES) routes.push(route(page.route.path, pageRoute(page)));
  return routes;
}
