// Taking the data away: `/dane/` (the bulk files of the whole snapshot and of each council in each term,
// what each column means, the source and its licence), the files themselves (src/exports/bulk.ts), the
// description as text, and the CSV of any list of the site (src/site/lists.ts). Every file is written
// as it is sent, in batches (constant memory whatever its size), compressed when the client accepts
// it, with an ETag per snapshot (src/http/delivery.ts `stream`).
//
//   /dane/<plik>.csv                      the whole snapshot
//   /dane/<organ>/<kadencja>/<plik>.csv   one council in one term
//   /dane/opis.txt                        the files, their columns, the source and licence

import type { Request, RequestHandler } from 'express';
import Database from 'better-sqlite3';
import { creditLine } from '../../core/credit.ts';
import {
  BULK_FILES, BULK_FILE_TITLES, type BulkFile, BulkExports, type BulkScope, BulkScopeError, FORMULA_NOTE, bulkColumns, bulkDescription,
} from '../exports/bulk.ts';
import { CSV_MEDIA_TYPE } from '../exports/csv.ts';
import { writeListCsv } from '../exports/list.ts';
import type { Delivery, Kind } from '../http/delivery.ts';
import { idParam, kadencjaParam } from '../http/params.ts';
import type { Snapshot, SnapshotStore } from '../snapshot/snapshot.ts';
import { cacheable } from './answer.ts';
import type { PageData } from './data.ts';
import { formatDate, formatTerm, safeHttpUrl } from './format.ts';
import { type PageContext, type PageView, href } from './layout.tsx';
import type { SiteList } from './lists.ts';
import { SiteError, pathParam } from './params.ts';
import { readersOf } from './readers.ts';

export const CSV_FILE: Kind = { type: CSV_MEDIA_TYPE, compressed: true };
const TEXT: Kind = { type: 'text/plain; charset=utf-8', compressed: true };

/** Where a bulk file of a scope is. */
export const bulkPath = (file: BulkFile, scope: BulkScope = {}): string =>
  (scope.organ === undefined ? `/dane/${file}.csv` : `/dane/${scope.organ}/${scope.kadencja}/${file}.csv`);

/** Council terms listed on /dane/ without a council chosen; more than this, and the picker chooses. */
const SCOPES_LISTED = 40;

function FileLinks({ scope }: { scope: BulkScope }) {
  return (
    <ul class="files">
      {BULK_FILES.map((file) => <li><a href={bulkPath(file, scope)} download="">{file}.csv</a></li>)}
    </ul>
  );
}

export function downloadsPage(ctx: PageContext, data: PageData): PageView {
  const readers = readersOf(data.snapshot);
  const credit = readers.credit;
  const scopes = new BulkExports(data.snapshot.db).scopes().slice(1);
  const shown = ctx.organ === undefined ? scopes : scopes.filter((s) => s.scope.organ === ctx.organ);
  const licence = safeHttpUrl(credit.licenceUrl);
  const source = safeHttpUrl(credit.url);
  return {
    title: 'Dane do pobrania',
    description: 'Pliki CSV z głosowaniami, głosami, radnymi, posiedzeniami i ugrupowaniami: całość i dla każdej rady w każdej kadencji.',
    body: (
      <>
        <h1>Dane do pobrania</h1>
        <p class="lead">Wszystko, co pokazuje serwis, w plikach CSV: do arkusza, do własnych analiz, do artykułu.</p>
        <p>
          Źródło: {source ? <a href={source} rel="noopener">{credit.text}</a> : credit.text}
          {credit.licence ? <>. Licencja: {licence ? <a href={licence} rel="license noopener">{credit.licence}</a> : credit.licence}. Publikując te dane lub liczby z nich wyliczone, podaj źródło: „{creditLine(credit)}”.</> : '. Źródło nie podaje licencji; publikując dane, podaj je.'}
        </p>
        <p>
          Stan danych: {data.snapshot.newestVote ? `najnowsze głosowanie z ${formatDate(data.snapshot.newestVote)}` : 'brak głosowań'}, odświeżone {formatDate(data.snapshot.builtAt)}.
          Pliki: UTF-8, przecinek, pierwszy wiersz to nagłówek (RFC 4180). <a href="/dane/opis.txt">Opis plików i kolumn (tekst)</a>.
        </p>
        <p id="formuly">{FORMULA_NOTE} To samo dotyczy plików CSV list serwisu.</p>

        <h2>Wszystkie dane</h2>
        <FileLinks scope={{}} />

        <h2>Jedna rada w jednej kadencji</h2>
        {shown.length === 0 ? <p class="muted">{ctx.organ === undefined ? 'Brak rad w danych.' : 'Ten organ nie jest radą: pliki są dla rad.'}</p>
          : ctx.organ === undefined && shown.length > SCOPES_LISTED
            ? <p>W danych jest {shown.length} par rada–kadencja: wybierz radę (pole „Rada” u góry strony), aby zobaczyć jej pliki.</p>
            : shown.map(({ scope, label }) => (
              <section aria-label={label}>
                <h3>{label.replace(scope.kadencja ?? '', formatTerm(scope.kadencja ?? ''))}</h3>
                <FileLinks scope={scope} />
              </section>
            ))}

        <h2>Co jest w plikach</h2>
        {BULK_FILES.map((file) => (
          <details>
            <summary><strong>{file}.csv</strong>: {BULK_FILE_TITLES[file]}</summary>
            <dl class="columns">
              {bulkColumns(file).map((c) => <><dt><code>{c.name}</code></dt><dd>{c.description}</dd></>)}
            </dl>
          </details>
        ))}
        <p>Każda lista w serwisie (radni, głosowania, posiedzenia, rankingi, głosy w głosowaniu) ma też link „Pobierz … (CSV)” z dokładnie tym, co pokazuje, ze wszystkich stron. <a href={href(ctx, '/glosowania')}>Zacznij od głosowań</a>.</p>
      </>
    ),
  };
}

/**
 * A connection for one download, without mmap: a bulk file reads most of the snapshot, and mapped
 * pages would stay in the server's resident memory (1.4 million ballots: the whole file), where the
 * page cache of a plain connection is bounded. It must read the snapshot the request holds: when a
 * new file was published under the path since, the held connection serves the download instead.
 */
function downloadConnection(path: string, snapshot: Snapshot): Database.Database {
  try {
    const db = new Database(path, { readonly: true, fileMustExist: true });
    db.pragma('query_only = ON');
    if (db.prepare("SELECT value FROM meta WHERE key = 'snapshot'").pluck().get() === snapshot.id) return db;
    db.close();
  } catch {
    // no file at the path (being replaced): the held connection serves
  }
  return snapshot.db;
}

export interface DownloadOptions {
  snapshots: SnapshotStore;
  delivery: Delivery;
  /** A page's context and data for a list's download (the same the page is rendered with). */
  pageOf: (req: Request, res: Parameters<RequestHandler>[1], snapshot: Snapshot) => { ctx: PageContext; data: PageData };
}

export function downloadRoutes({ snapshots, delivery, pageOf }: DownloadOptions) {
  const bulk: RequestHandler = async (req, res) => {
    const file = pathParam(req, 'file') as BulkFile;
    if (!BULK_FILES.includes(file)) throw new SiteError(404, `Nie ma pliku ${file}.csv; są: ${BULK_FILES.map((f) => `${f}.csv`).join(', ')}.`);
    let scope: BulkScope = {};
    if (req.params['organ'] !== undefined) {
      const organ = idParam.safeParse(pathParam(req, 'organ'));
      const kadencja = kadencjaParam.safeParse(pathParam(req, 'kadencja'));
      if (!organ.success || !kadencja.success || kadencja.data === undefined) throw new SiteError(404, 'Nie ma takiej rady albo kadencji.');
      scope = { organ: organ.data, kadencja: kadencja.data };
    }
    const started = cacheable(snapshots, delivery, req, res, CSV_FILE, req.originalUrl);
    if (!started) return;
    const db = downloadConnection(snapshots.path, started.snapshot);
    try {
      const name = scope.organ === undefined ? `${file}.csv` : `${file}-${scope.organ}-${scope.kadencja}.csv`;
      await delivery.stream(req, res, started.etag, CSV_FILE, (out) => new BulkExports(db).write(file, scope, out), name);
    } catch (error) {
      if (error instanceof BulkScopeError) throw new SiteError(404, 'Nie ma takiej rady albo kadencji: pliki są dla rady (nie komisji) w kadencji z danych.', error.message);
      throw error;
    } finally {
      if (db !== started.snapshot.db) db.close();
    }
  };
  const description: RequestHandler = (req, res) => {
    const started = cacheable(snapshots, delivery, req, res, TEXT, req.originalUrl);
    if (!started) return;
    const { snapshot } = started;
    const body = Buffer.from(bulkDescription(readersOf(snapshot).credit, snapshot.builtAt, snapshot.newestVote));
    delivery.send(res, started.etag, { body, encoded: {} }, started.encoding, TEXT);
  };
  /** The CSV of a list of the site: every page of what the list shows under the same parameters. */
  const list = (of: SiteList<never>): RequestHandler => async (req, res) => {
    const started = cacheable(snapshots, delivery, req, res, CSV_FILE, req.originalUrl);
    if (!started) return;
    const { ctx, data } = pageOf(req, res, started.snapshot);
    const read = await of.open(ctx, data, req); // its 400 or 404 before any byte
    await delivery.stream(req, res, started.etag, CSV_FILE, (out) => writeListCsv(out, of.columns, read, of.batch), `${of.file}.csv`);
  };
  return { bulk, description, list };
}
