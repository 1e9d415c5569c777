// A page of the website is another rendering of what the API's endpoints answer (Datasette's one view,
// many renderings), declared like an endpoint (src/answers/endpoint.ts): a table entry with its route
// and the parameters it reads (src/urls/paths.ts), `load(input, context)` that asks the endpoints, and
// `render(data, frame)` that turns the answers into the page with preact. The router parses the input
// from the URL and calls the two (src/site/router.ts); the table is src/site/pages.ts.
//
// The load context is the page's one door to the data: the endpoints' answers as the API gives them,
// over the snapshot the request holds — read from the answer sources when they keep the answer (stored
// with the snapshot, or kept in memory or the answer store: src/answers/kept.ts), else made by the
// endpoint's own handler with its parameter schemas and defaults (`answer`) — and the readers of the renderings that are not API answers (name search, the credit,
// the bulk files: src/snapshot/readers.ts). Scope: every page may be scoped to a body (`organ`, the
// council picker); a read passes it on where its endpoint accepts one.

import { type AnswerContext, type Endpoint, type ShareLinks, answer, callHandler } from '../answers/endpoint.ts';
import { keptAnswer } from '../answers/kept.ts';
import type { AnswerSources } from '../answers/sources.ts';
import type { AnswerData } from '../http/envelope.ts';
import type { Writable } from 'node:stream';
import type { CsvColumn, CsvDialect } from '../exports/csv.ts';
import { type ListPage, writeListCsv } from '../exports/list.ts';
import { radni } from '../radni/endpoints.ts';
import { type SiteReaders, readersOf } from '../snapshot/readers.ts';
import type { Snapshot } from '../snapshot/snapshot.ts';
import { utils } from '../utils/endpoints.ts';
import type { PageContext, PageView } from './layout.tsx';
import type { SiteParamName, SiteQuery } from '../urls/params.ts';
import type { PathParams, Route } from '../urls/paths.ts';

/** What a page is asked for: its path parameters (as matched), its query (parsed), its council scope. */
export interface PageInput<P extends string = string, Q extends SiteParamName = SiteParamName> {
  params: Record<PathParams<P>, string>;
  query: SiteQuery<Q>;
  /** The body (council) the page is scoped to (`?organ=`): one of the snapshot's, or none. */
  organ: number | undefined;
}

/** The input of a page of this route. */
export type InputOf<R> = R extends Route<infer P, infer Q> ? PageInput<P, Q> : never;

type Value = string | number | boolean | undefined;

/** What a page's `load` reads from. */
export interface LoadContext {
  /** An endpoint's answer, as the API gives it for these parameters. */
  answer<P, Q, B, R>(
    endpoint: Endpoint<P, Q, B, R>,
    input: { params?: Record<string, Value>; query?: Record<string, Value> },
  ): Promise<AnswerData<Awaited<R>>>;
  /** The renderings of the snapshot that are not API answers: name search, the data's credit, the bulk files, the topic vocabulary. */
  readers: Pick<SiteReaders, 'find' | 'credit' | 'bulk' | 'vocabulary'>;
  /** The snapshot's identity and age (for the pages that say how fresh the data is). */
  snapshot: Pick<Snapshot, 'id' | 'builtAt' | 'newestVote'>;
  /** What every page knows: its scope, the bodies, the site's name. */
  frame: PageContext;
  /**
   * The tokens (the address of their page) of these councillors, for rows that name them by id: from the
   * list of a body's councillors in a term when the rows are of one (a vote's ballots, a session's
   * attendance: one read), the rest from their profiles.
   */
  tokens(ids: Iterable<number>, within?: { organ: number; kadencja: string }): Promise<ReadonlyMap<number, string>>;
}

/**
 * A list of the website, defined once: its rows under some arguments, read a page at a time (the
 * endpoints' paged answers, or name search), and its CSV columns. A page shows a page of the rows; its
 * CSV download writes every page of the same read (src/exports/list.ts), so the file is exactly what
 * the list shows, all of it.
 */
export interface SiteList<A, T> {
  /** The download's file name, without `.csv`. */
  file: string;
  columns: ReadonlyArray<CsvColumn<T>>;
  /** Rows per read of the download (the endpoint's largest page). */
  batch: number;
  /** The rows for these arguments, a page at a time. */
  rows: (args: A, context: LoadContext) => ListPage<T> | Promise<ListPage<T>>;
}

/**
 * The terms a term picker offers: every term of the snapshot, or, for a page scoped to a council, the
 * terms that council sat in (a session in them: the council–term pairs of /dane/).
 */
export async function termsIn(context: Pick<LoadContext, 'answer' | 'readers'>, organ: number | undefined) {
  const all = await context.answer(utils.terms, {});
  if (organ === undefined) return all;
  const held = new Set(
    context.readers.bulk
      .scopes()
      .filter((s) => s.scope.organ === organ)
      .map((s) => s.scope.kadencja),
  );
  return held.size === 0 ? all : all.filter((t) => held.has(t.kadencja));
}

/** One page of a list's rows (as the page shows it). */
export async function readList<A, T>(list: SiteList<A, T>, args: A, context: LoadContext, page: number, limit: number) {
  return (await list.rows(args, context))(page, limit);
}

/** A list's CSV, its rows read: writes every row in the dialect, a batch at a time. */
export type ListWriter = (out: Writable, dialect: CsvDialect) => Promise<unknown>;

/**
 * A list of a page offered as a CSV file: its name, and its rows under the page's input (a 400 or 404
 * first, when `open` reads them), ready to be written.
 */
export interface Download<I> {
  file: string;
  open: (input: I, context: LoadContext) => Promise<ListWriter>;
}

/** Binds a list to a page: `args` reads what the list's rows need from the page's input. */
export const download = <I, A, T>(
  list: SiteList<A, T>,
  args: (input: I, context: LoadContext) => A | Promise<A>,
): Download<I> => ({
  file: list.file,
  open: async (input, context) => {
    const read = await list.rows(await args(input, context), context);
    return (out, dialect) => writeListCsv(out, list.columns, read, list.batch, dialect);
  },
});

export interface SitePage<P extends string, Q extends SiteParamName, D> {
  route: Route<P, Q>;
  /** The page's data, from the endpoints; throws the page's 400 or 404 (SiteError). */
  load: (input: PageInput<P, Q>, context: LoadContext) => Promise<D> | D;
  /** The page, from its data alone (no reads here). */
  render: (data: D, frame: PageContext) => PageView;
  /** Lists of the page offered as CSV: `<path>.csv` (key `''`) or `<path>/<key>.csv`, with the page's own query. */
  downloads?: Record<string, Download<PageInput<P, Q>>>;
}

/** Any page of the table (for the router): each page's route, query and data types differ. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the table holds pages of every route and data type
export type AnyPage = SitePage<any, any, any>;

/** Declares a page; its load and render are typed by its route and each other. */
export const page = <P extends string, Q extends SiteParamName, D>(definition: SitePage<P, Q, D>): SitePage<P, Q, D> =>
  definition;

/** The load context of a page over the snapshot a request holds; `sources`: that snapshot's answer sources. */
export function loadContext(
  snapshot: Snapshot,
  shares: ShareLinks,
  frame: PageContext,
  sources?: AnswerSources,
): LoadContext {
  const context: AnswerContext = { queries: snapshot.queries, shares };
  const ask: LoadContext['answer'] = (endpoint, input) => {
    const kept = sources && keptAnswer(sources, endpoint, input);
    return kept ? Promise.resolve(kept.result as never) : answer(endpoint, input, context);
  };
  return {
    answer: ask,
    readers: readersOf(snapshot),
    snapshot,
    frame,
    tokens: async (ids, within) => {
      const unique = new Set(ids);
      const found = new Map<number, string>();
      if (within && unique.size > 0) {
        for (const r of (await ask(radni.list, { query: within })).data) {
          if (unique.has(r.id_osoby)) found.set(r.id_osoby, r.token);
        }
      }
      const rest = [...unique].filter((id) => !found.has(id));
      const profiles = await Promise.all(rest.map((id) => ask(radni.profile, { params: { id } })));
      for (const p of profiles) found.set(p.id_osoby, p.token);
      return found;
    },
  };
}

/**
 * The bodies of the snapshot, as /api/utils/organy lists them (every page's frame: the picker, the
 * scope): its handler called at once, so that error pages and the rate limit's refusal need no wait.
 */
export const bodiesOf = (snapshot: Snapshot, shares: ShareLinks) =>
  callHandler(utils.bodies, {}, { queries: snapshot.queries, shares });

/** The snapshot's topics (/api/utils/tematy's ids and names, every page's frame: vote rows name their topic). */
export const topicNamesOf = (snapshot: Snapshot, shares: ShareLinks): ReadonlyMap<string, string> =>
  new Map(callHandler(utils.topics, {}, { queries: snapshot.queries, shares }).map((t) => [t.temat, t.nazwa]));

const groupNames = new WeakMap<Snapshot, ReadonlyMap<string, string>>();

/**
 * The full names of the snapshot's groups that have one (the Sejm's clubs: `PiS` → „Klub Parlamentarny
 * Prawo i Sprawiedliwość”), by the name every answer gives a group under: from /api/utils/ugrupowania's
 * handler, read once per snapshot (every page's frame). A name two groups share with different full
 * names is left out rather than guessed.
 */
export function groupNamesOf(snapshot: Snapshot, shares: ShareLinks): ReadonlyMap<string, string> {
  let found = groupNames.get(snapshot);
  if (!found) {
    const full = new Map<string, string | null>();
    for (const g of callHandler(utils.groups, {}, { queries: snapshot.queries, shares })) {
      if (!g.pelna_nazwa) continue;
      const seen = full.get(g.nazwa);
      full.set(g.nazwa, seen === undefined || seen === g.pelna_nazwa ? g.pelna_nazwa : null);
    }
    found = new Map([...full].filter((entry): entry is [string, string] => entry[1] !== null));
    groupNames.set(snapshot, found);
  }
  return found;
}
