// Renders the stored answers of a snapshot being built (issue 16): every resource answer at its
// default parameters, by the same route handlers that answer live (no second implementation), kept
// in the snapshot with its brotli and gzip forms. The ETL calls this through a hook its composition roots
// (cli/council.ts, src/server.ts) pass in, so the pipeline never imports the API.

import type Database from 'better-sqlite3';
import type { Response } from 'express';
import { MIN_COMPRESSED_BYTES, compressSync } from './caching.ts';
import { glosowaniaRouter } from './glosowania/router.ts';
import { glosowania } from './glosowania/schemas.ts';
import { posiedzeniaRouter } from './posiedzenia/router.ts';
import { posiedzenia } from './posiedzenia/schemas.ts';
import { createQueries } from './queries.ts';
import { radniRouter } from './radni/router.ts';
import { radni } from './radni/schemas.ts';
import { GET_HANDLERS, envelopeOf } from './route.ts';
import type { Endpoint } from './schemas.ts';
import type { ShareStore } from './shares/index.ts';
import { statystykiRouter } from './statystyki/router.ts';
import { statystyki } from './statystyki/schemas.ts';
import { utilsRouter } from './utils/router.ts';
import { utils } from './utils/schemas.ts';

/** The default `limit` of the paged lists (src/http.ts listFilters). */
const DEFAULT_PAGE_SIZE = 20;

interface StoredUrl { url: string; endpoint: Endpoint; params: Record<string, string>; query: Record<string, string> }

/**
 * Per-resource answers (each councillor's, vote's and session's, and the further list pages) are
 * rendered when there are at most this many. A parliament's term has ~18,000 and a city's far fewer;
 * all of Poland's councils in one snapshot have ~33 million, which would take hours to render and
 * tens of GB to keep. There, only the lists and statistics without parameters are stored (they are
 * the answers that grow with the snapshot) and the small per-resource answers are computed live.
 */
export const MAX_RESOURCE_ANSWERS = 250_000;

/** Every URL whose answer is stored: the parameterless lists, and the resources of each councillor, vote and session within the budget. */
function storedUrls(db: Database.Database, maxResourceAnswers: number): StoredUrl[] {
  const ids = (sql: string) => db.prepare(sql).pluck().all() as number[];
  const [councillors, votes, sessions] = ['radny', 'glosowanie', 'posiedzenie']
    .map((table) => db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number) as [number, number, number];
  const urls: StoredUrl[] = [];
  const add = (endpoint: Endpoint, params: Record<string, string> = {}, query: Record<string, string> = {}) => {
    const path = endpoint.path.replace(/:(\w+)/g, (_, name: string) => params[name]!);
    const search = new URLSearchParams(query).toString();
    urls.push({ url: search ? `${path}?${search}` : path, endpoint, params, query });
  };
  const { share: _post, shared: _public, ...voteResources } = glosowania;
  for (const endpoint of [radni.list, glosowania.list, posiedzenia.list, ...Object.values(statystyki), ...Object.values(utils)]) add(endpoint);
  const councillorEndpoints = Object.values(radni).filter((endpoint) => endpoint !== radni.list);
  const voteEndpoints = Object.values(voteResources).filter((endpoint) => endpoint !== glosowania.list);
  const sessionEndpoints = Object.values(posiedzenia).filter((endpoint) => endpoint !== posiedzenia.list);
  const [votePages, sessionPages] = [votes, sessions].map((rows) => Math.ceil(rows / DEFAULT_PAGE_SIZE)) as [number, number];
  const resourceAnswers = councillors * councillorEndpoints.length + votes * (voteEndpoints.length + 1)
    + sessions * sessionEndpoints.length + Math.max(0, votePages - 1) + Math.max(0, sessionPages - 1);
  if (resourceAnswers > maxResourceAnswers) return urls;
  // Every further page of the two paged lists at their default size (what a crawler follows).
  for (let page = 2; page <= votePages; page++) add(glosowania.list, {}, { page: String(page) });
  for (let page = 2; page <= sessionPages; page++) add(posiedzenia.list, {}, { page: String(page) });
  for (const id of ids('SELECT id_osoby FROM radny ORDER BY id_osoby')) {
    for (const endpoint of councillorEndpoints) add(endpoint, { id: String(id) });
  }
  for (const id of ids('SELECT id_glosowania FROM glosowanie ORDER BY id_glosowania')) {
    for (const endpoint of voteEndpoints) add(endpoint, { id: String(id) });
    add(glosowania.ballots, { id: String(id) }, { ugrupowanie: 'true' });
  }
  for (const id of ids('SELECT id_posiedzenia FROM posiedzenie ORDER BY id_posiedzenia')) {
    for (const endpoint of sessionEndpoints) add(endpoint, { id: String(id) });
  }
  return urls;
}

let routesRegistered = false;
/** The handlers register themselves when their routers are built; a build process builds them once. */
function registerRoutes(): void {
  if (routesRegistered) return;
  radniRouter();
  glosowaniaRouter(null as unknown as ShareStore); // the share routes are not rendered
  statystykiRouter();
  posiedzeniaRouter();
  utilsRouter();
  routesRegistered = true;
}

/** Renders and stores every stored answer of the snapshot being built in `db`; returns their number. */
export function renderStoredAnswers(db: Database.Database, maxResourceAnswers = MAX_RESOURCE_ANSWERS): number {
  registerRoutes();
  const queries = createQueries(db);
  // A vote's two distributions (plain and grouped) are rendered one after the other: one read of its ballots.
  const readBallots = queries.glosowania.ballots.bind(queries.glosowania);
  let lastBallots: { id: number; entries: ReturnType<typeof readBallots> } | undefined;
  queries.glosowania.ballots = (id, ord) =>
    (lastBallots?.id === id ? lastBallots : (lastBallots = { id, entries: readBallots(id, ord) })).entries;
  const res = { locals: { snapshot: { queries } } } as unknown as Response;
  const insert = db.prepare('INSERT INTO odpowiedz (sciezka, tresc, br, gzip) VALUES (?, ?, ?, ?)');
  const urls = storedUrls(db, maxResourceAnswers);
  db.transaction(() => {
    for (const { url, endpoint, params, query } of urls) {
      const handler = GET_HANDLERS.get(endpoint)!;
      const input = {
        params: endpoint.params ? endpoint.params.parse(params) : {},
        query: endpoint.query ? endpoint.query.parse(query) : {},
        body: {},
      };
      const body = envelopeOf(handler(input as never, res));
      const compressed = body.length > MIN_COMPRESSED_BYTES;
      insert.run(url, body, compressed ? compressSync(body, 'br') : null, compressed ? compressSync(body, 'gzip') : null);
    }
  })();
  return urls.length;
}

