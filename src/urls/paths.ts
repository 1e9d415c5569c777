// Every URL of the website, in one place: the routes of its pages with the query parameters each reads
// (the page table's `route`, src/site/pages.ts), the files beside them (CSV lists, bulk files, feeds,
// cards, sitemaps, assets), and the builders every link is made with. The router registers these
// patterns; the pages, feeds, sitemaps and the share endpoint's `url` build their links here, so a
// path is spelled once.
//
// A councillor's address is their token (`/radni/anna-nowak`); `/radni/<id>` serves the same page,
// whose canonical link and own links are the token's.

import { slugify } from '../../core/text.ts';
import type { SiteParamName } from './params.ts';

/** The names of a path pattern's parameters: `/radni/:token/obecnosci` → `token`. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}.${string}`
    ? Name
    : P extends `${string}:${infer Name}`
      ? Name
      : never;

/** A page's address: its path pattern (src/http/routes.ts) and the query parameters it reads (every page reads `organ` too). */
export interface Route<P extends string = string, Q extends SiteParamName = SiteParamName> {
  path: P;
  query: readonly Q[];
}

const route = <P extends string, Q extends SiteParamName = never>(path: P, query: readonly Q[] = []): Route<P, Q> => ({
  path,
  query,
});

/** The pages. */
export const PAGES = {
  home: route('/', ['kadencja']),
  search: route('/szukaj', ['szukaj']),
  downloads: route('/dane/'),
  councillors: route('/radni', ['kadencja', 'ugrupowanie', 'nazwa', 'strona']),
  councillor: route('/radni/:token', ['kadencja', 'lista', 'strona', 'glos', 'temat']),
  attendanceRecords: route('/radni/:token/obecnosci', ['kadencja', 'strona']),
  compare: route('/porownaj', ['kadencja', 'radny', 'drugi', 'strona']),
  cohesion: route('/spojnosc', ['kadencja']),
  method: route('/jak-liczymy', ['kadencja']),
  votes: route('/glosowania', ['szukaj', 'kadencja', 'wynik', 'temat', 'jakosc', 'od', 'do', 'wyrownane', 'strona']),
  vote: route('/glosowania/:id', ['glos']),
  sessions: route('/posiedzenia', ['kadencja', 'strona']),
  session: route('/posiedzenia/:id'),
  rankings: route('/rankingi', ['kadencja']),
  topics: route('/tematy', ['kadencja']),
  policies: route('/polityki'),
  policy: route('/polityki/:id', ['kadencja', 'radny', 'zgodnosc']),
  quality: route('/jakosc-danych', ['kadencja']),
  share: route('/share/:link'),
};

/** The other routes of the website (patterns of the front's route table, src/http/routes.ts: one `:name` per segment). */
export const FILES = {
  asset: '/assets/:file',
  robots: '/robots.txt',
  sitemapIndex: '/sitemap.xml',
  sitemapFile: '/sitemap-:n.xml',
  voteCard: '/karty/glosowanie/:id.png',
  voteWithCard: '/karty/glosowanie/:id/radny/:osoba.png',
  councillorCard: '/karty/radny/:token.png',
  votesFeed: '/glosowania/kanal.atom',
  councillorFeed: '/radni/:token/kanal.atom',
  bulkDescription: '/dane/opis.txt',
  bulkFile: '/dane/:file.csv',
  councilBulkFile: '/dane/:organ/:kadencja/:file.csv',
  // the same files for a spreadsheet (src/exports/csv.ts SPREADSHEET_CSV): registered before the two above
  bulkSheet: '/dane/:file.arkusz.csv',
  councilBulkSheet: '/dane/:organ/:kadencja/:file.arkusz.csv',
  dataPackage: '/dane/datapackage.json',
  shareForm: '/glosowania/:id/udostepnij',
} as const;

/** The API's own pages the site links to. */
export const API_LINKS = { index: '/api', docs: '/api/docs/' } as const;

type Value = string | number | boolean | undefined | null;
/** A link's query: only the parameters the page reads, and the council scope. */
export type LinkQuery<Q extends SiteParamName> = { [K in Q | 'organ']?: Value };
/** What a link keeps from the page it is on: the council scope (`?organ=`). */
export interface Scope {
  organ: number | undefined;
}

/** A path pattern with its `:name` parameters filled in (encoded). */
export function fill<P extends string>(pattern: P, params: Record<PathParams<P>, string | number>): string {
  return fillFrom(pattern, params);
}
/** `fill` once the caller's types have matched the parameters to the pattern. */
function fillFrom(pattern: string, params: object): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(Reflect.get(params, name))));
}

const isValue = (value: unknown): value is Value =>
  value === undefined || value === null || ['string', 'number', 'boolean'].includes(typeof value);
/** A link's query as given (a LinkQuery, or nothing). */
function queryOf(given: unknown): Record<string, Value> {
  const query: Record<string, Value> = {};
  if (typeof given === 'object' && given !== null)
    for (const [name, value] of Object.entries(given)) if (isValue(value)) query[name] = value;
  return query;
}

/** `path?query`: values left out when undefined, null, false or empty; true is `1`. */
function withQuery(path: string, query: Record<string, Value>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === false || value === '') continue;
    search.set(name, value === true ? '1' : String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

type LinkArgs<P extends string, Q extends SiteParamName> = [PathParams<P>] extends [never]
  ? [query?: LinkQuery<Q>]
  : [params: Record<PathParams<P>, string | number>, query?: LinkQuery<Q>];

/**
 * A link to a page that keeps the council scope (`organ: undefined` in the query drops it):
 * `linkTo(ctx, PAGES.councillor, { token }, { kadencja })`.
 */
export function linkTo<P extends string, Q extends SiteParamName>(
  scope: Scope,
  page: Route<P, Q>,
  ...args: LinkArgs<P, Q>
): string {
  const hasParams = page.path.includes(':');
  const given: readonly unknown[] = args; // LinkArgs: the params first when the path has any, then the query
  const params = hasParams ? given[0] : {};
  return withQuery(fillFrom(page.path, typeof params === 'object' && params !== null ? params : {}), {
    organ: scope.organ,
    ...queryOf(hasParams ? given[1] : given[0]),
  });
}

/** The path of a page (no query): the canonical address a preview and a sitemap give. */
export const pagePath = <P extends string>(
  page: Route<P>,
  ...params: [PathParams<P>] extends [never] ? [] : [Record<PathParams<P>, string | number>]
): string => fillFrom(page.path, params[0] ?? {});

/** Which form of a download: RFC 4180 for programs, or the spreadsheet's (`.arkusz.csv`). */
export type CsvForm = 'csv' | 'arkusz';
const extensionOf = (form: CsvForm) => (form === 'csv' ? '.csv' : '.arkusz.csv');

/** The route of a page's list download: `<page>.csv` (`list` empty) or `<page>/<list>.csv` (`.arkusz.csv` for a spreadsheet). */
export const listRoute = (page: Route, list: string, form: CsvForm = 'csv'): string =>
  list === '' ? `${page.path}${extensionOf(form)}` : `${page.path.replace(/\/$/, '')}/${list}${extensionOf(form)}`;

/**
 * The file name a download is saved under: what it holds, from its parts (list, council, term, person,
 * filters), folded to ASCII, so that two different downloads never land as „radni (1).csv”.
 */
export function downloadName(parts: ReadonlyArray<string | number | undefined>, form: CsvForm): string {
  const words = parts.filter((p) => p !== undefined && p !== '').map((p) => slugify(String(p)));
  return `${words.join('-').slice(0, 150).replace(/-+$/, '')}${form === 'csv' ? '.csv' : '-arkusz.csv'}`;
}

/** The address of a page's list download with the page's own query (every page of it, so no `strona`). */
export function listHref(
  scope: Scope & { params: Readonly<Record<string, string>> },
  page: Route,
  pathParams: Record<string, string | number>,
  list: string,
  form: CsvForm = 'csv',
): string {
  const { strona: _page, ...query } = scope.params;
  return withQuery(fillFrom(listRoute(page, list, form), pathParams), { organ: scope.organ, ...query });
}

/** A bulk file of /dane/: the whole snapshot, or one council in one term. */
export const bulkPath = (
  file: string,
  scope: { organ?: number | undefined; kadencja?: string | undefined } = {},
  form: CsvForm = 'csv',
) =>
  scope.organ === undefined
    ? fill(form === 'csv' ? FILES.bulkFile : FILES.bulkSheet, { file })
    : fill(form === 'csv' ? FILES.councilBulkFile : FILES.councilBulkSheet, {
        organ: scope.organ,
        kadencja: scope.kadencja ?? '',
        file,
      });

/** The Atom feeds. */
export const feedPaths = {
  votes: (organ?: number): string => withQuery(FILES.votesFeed, { organ }),
  councillor: (token: string): string => fill(FILES.councillorFeed, { token }),
};

/** The preview cards (og:image). */
export const cardPaths = {
  vote: (id: number, highlighted?: number | null): string =>
    highlighted === undefined || highlighted === null
      ? fill(FILES.voteCard, { id })
      : fill(FILES.voteWithCard, { id, osoba: highlighted }),
  councillor: (token: string): string => fill(FILES.councillorCard, { token }),
};

/** A shared vote's page. */
export const sharePath = (link: string): string => fill(PAGES.share.path, { link });

/** Where a vote's share form posts. */
export const shareFormPath = (voteId: number): string => fill(FILES.shareForm, { id: voteId });

/** A static file of the site under its content's hash (src/site/assets.ts). */
export const assetPath = (name: string, digest: string, extension: string): string =>
  fill(FILES.asset, { file: `${name}.${digest}.${extension}` });

/** Sitemap file n (1-based). */
export const sitemapPath = (n: number): string => fill(FILES.sitemapFile, { n });
