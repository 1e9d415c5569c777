// Taking the data away: `/dane/` (the bulk files of the whole snapshot and of each council in each term,
// what each column means, the source and its licence), the files themselves (src/exports/bulk.ts), the
// description as text, and the CSV of any list of the site (src/site/lists.ts). Every file is written
// as it is sent, in batches (constant memory whatever its size), compressed when the client accepts
// it, with an ETag per snapshot (src/http/delivery.ts `stream`).
//
//   /dane/<plik>.csv                      the whole snapshot
//   /dane/<organ>/<kadencja>/<plik>.csv   one council in one term
//   /dane/opis.txt                        the files, their columns, the source and licence

import { creditLine } from '../../core/credit.ts';
import {
  BULK_FILES,
  BULK_FILE_TITLES,
  type BulkFile,
  type BulkScope,
  BulkScopeError,
  FORMULA_NOTE,
  bulkColumns,
  bulkDescription,
  downloadExports,
} from '../exports/bulk.ts';
import { CSV_MEDIA_TYPE, RFC4180_CSV, SPREADSHEET_CSV } from '../exports/csv.ts';
import { dataPackage } from '../exports/datapackage.ts';
import { snapshotSlug } from '../exports/names.ts';
import type { Delivery, Kind } from '../http/delivery.ts';
import { idParam, kadencjaParam } from '../http/params.ts';
import { readersOf } from '../snapshot/readers.ts';
import type { SnapshotStore } from '../snapshot/snapshot.ts';
import { type SiteHandler, cacheable } from './answer.ts';
import { formatDate, formatTerm, safeHttpUrl } from '../text/format.ts';
import { page } from './page.ts';
import { SiteError } from '../urls/params.ts';
import { type CsvForm, FILES, PAGES, bulkPath, downloadName, linkTo } from '../urls/paths.ts';
import { fileName, wordingOf } from '../text/wording.ts';

export const CSV_FILE: Kind = { type: CSV_MEDIA_TYPE, compressed: true };
const TEXT: Kind = { type: 'text/plain; charset=utf-8', compressed: true };
const DATA_PACKAGE: Kind = { type: 'application/json; charset=utf-8', compressed: true };

/** Council terms listed on /dane/ without a council chosen; more than this, and the picker chooses. */
const SCOPES_LISTED = 40;

function FileLinks({ scope }: { scope: BulkScope }) {
  return (
    <ul class="files">
      {BULK_FILES.map((file) => (
        <li>
          <a href={bulkPath(file, scope, 'arkusz')} download="">
            {file}
          </a>{' '}
          <span class="muted">
            (do arkusza) ·{' '}
            <a href={bulkPath(file, scope)} download="" aria-label={`${file}: CSV dla programów`}>
              CSV
            </a>
          </span>
        </li>
      ))}
    </ul>
  );
}

export const downloadsPage = page({
  route: PAGES.downloads,
  load: ({ organ }, { readers, snapshot }) => {
    const scopes = readers.bulk.scopes().slice(1);
    return {
      credit: readers.credit,
      snapshot,
      shown: organ === undefined ? scopes : scopes.filter((s) => s.scope.organ === organ),
    };
  },
  render: ({ credit, snapshot, shown }, ctx) => {
    const licence = safeHttpUrl(credit.licenceUrl);
    const source = safeHttpUrl(credit.url);
    const w = ctx.wording;
    // Files per council and term where there are councils (the Sejm's whole snapshot is its files).
    const councils = ctx.councils.length > 0;
    return {
      title: 'Dane do pobrania',
      description: `Pliki CSV z głosowaniami, głosami, ${w.membersInst}, posiedzeniami i ${w.groupsInst}: całość${councils ? ' i dla każdej rady w każdej kadencji' : ''}.`,
      body: (
        <>
          <h1>Dane do pobrania</h1>
          <p class="lead">Wszystko, co pokazuje serwis, w plikach CSV: do arkusza, do własnych analiz, do artykułu.</p>
          <p>
            Źródło:{' '}
            {source ? (
              <a href={source} rel="noopener">
                {credit.text}
              </a>
            ) : (
              credit.text
            )}
            {credit.licence ? (
              <>
                . Licencja:{' '}
                {licence ? (
                  <a href={licence} rel="license noopener">
                    {credit.licence}
                  </a>
                ) : (
                  credit.licence
                )}
                . Publikując te dane lub liczby z nich wyliczone, podaj źródło: „{creditLine(credit)}”.
              </>
            ) : (
              '. Źródło nie podaje licencji; publikując dane, podaj je.'
            )}
          </p>
          <p>
            Stan danych:{' '}
            {snapshot.newestVote ? `najnowsze głosowanie z ${formatDate(snapshot.newestVote)}` : 'brak głosowań'},
            odświeżone {formatDate(snapshot.builtAt)}.
          </p>
          <p id="formaty">
            Każdy plik jest w dwóch postaciach. <strong>Do arkusza</strong> (Excel, LibreOffice, Numbers: otwórz
            dwuklikiem): średnik między polami, przecinek dziesiętny, UTF-8 ze znacznikiem BOM, aby polskie litery były
            polskimi literami. <strong>CSV</strong> dla programów: UTF-8, przecinek, kropka dziesiętna, pierwszy wiersz
            to nagłówek (RFC 4180). <a href={FILES.bulkDescription}>Opis plików i kolumn (tekst)</a>;{' '}
            <a href={FILES.dataPackage}>opis jako Data Package</a> (Frictionless: typy kolumn, klucze, licencja).
          </p>
          <p id="formuly">{FORMULA_NOTE} To samo dotyczy plików CSV list serwisu.</p>
          {w.fileWords && <p class="note">{w.fileWords}</p>}

          <h2>Wszystkie dane</h2>
          <FileLinks scope={{}} />

          {councils && <h2>Jedna rada w jednej kadencji</h2>}
          {!councils ? null : shown.length === 0 ? (
            <p class="muted">
              {ctx.organ === undefined ? 'Brak rad w danych.' : 'Ten organ nie jest radą: pliki są dla rad.'}
            </p>
          ) : ctx.organ === undefined && shown.length > SCOPES_LISTED ? (
            <p>
              W danych jest {shown.length} par rada–kadencja: wybierz radę (pole „Rada” u góry strony), aby zobaczyć jej
              pliki.
            </p>
          ) : (
            shown.map(({ scope, label }) => (
              <section aria-label={label}>
                <h3>{label.replace(scope.kadencja ?? '', formatTerm(scope.kadencja ?? ''))}</h3>
                <FileLinks scope={scope} />
              </section>
            ))
          )}

          <h2>Co jest w plikach</h2>
          {BULK_FILES.map((file) => (
            <details>
              <summary>
                <strong>{file}.csv</strong>: {BULK_FILE_TITLES[file]}
              </summary>
              <dl class="columns">
                {bulkColumns(file).map((c) => (
                  <>
                    <dt>
                      <code>{c.name}</code>
                    </dt>
                    <dd>{c.description}</dd>
                  </>
                ))}
              </dl>
            </details>
          ))}
          <p>
            Każda lista w serwisie ({w.members}, głosowania, posiedzenia, rankingi, głosy w głosowaniu) ma też link
            „Pobierz … (CSV)” z dokładnie tym, co pokazuje, ze wszystkich stron.{' '}
            <a href={linkTo(ctx, PAGES.votes)}>Zacznij od głosowań</a>.
          </p>
        </>
      ),
    };
  },
});

/** Whether `name` is one of the bulk files (BULK_FILES). */
const isBulkFile = (name: string): name is BulkFile => BULK_FILES.some((file) => file === name);

/** The bulk files of /dane/ and their description (not pages: files of the whole snapshot, streamed). */
export function bulkRoutes({ snapshots, delivery }: { snapshots: SnapshotStore; delivery: Delivery }) {
  const bulkAs =
    (form: CsvForm): SiteHandler =>
    async (request) => {
      const { req, res, params } = request;
      const file = String(params['file']);
      if (!isBulkFile(file))
        throw new SiteError(404, `Nie ma pliku ${file}.csv; są: ${BULK_FILES.map((f) => `${f}.csv`).join(', ')}.`);
      let scope: BulkScope = {};
      if (params['organ'] !== undefined) {
        const organ = idParam.safeParse(params['organ']);
        const kadencja = kadencjaParam.safeParse(params['kadencja']);
        if (!organ.success || !kadencja.success || kadencja.data === undefined)
          throw new SiteError(404, 'Nie ma takiej rady albo kadencji.');
        scope = { organ: organ.data, kadencja: kadencja.data };
      }
      const started = cacheable(request, delivery, CSV_FILE);
      if (!started) return;
      const { exports, close } = downloadExports(snapshots.path, started.snapshot);
      try {
        // `dane-`: the bulk file is not the list of the same name (/glosowania.csv); the council or the
        // Sejm named (issue 46: downloads of two councils, or of a list and a bulk file, overwrote each other).
        const bodies = readersOf(started.snapshot).bodies;
        const name = downloadName(
          [
            'dane',
            fileName(wordingOf(bodies), file),
            scope.organ === undefined ? snapshotSlug(bodies) : (exports.bodyName(scope.organ) ?? scope.organ),
            scope.kadencja,
          ],
          form,
        );
        const dialect = form === 'csv' ? RFC4180_CSV : SPREADSHEET_CSV;
        await delivery.stream(
          req,
          res,
          started.etag,
          CSV_FILE,
          (out) => exports.write(file, scope, out, dialect),
          name,
        );
      } catch (error) {
        if (error instanceof BulkScopeError)
          throw new SiteError(
            404,
            'Nie ma takiej rady albo kadencji: pliki są dla rady (nie komisji) w kadencji z danych.',
            error.message,
          );
        throw error;
      } finally {
        close();
      }
    };
  const description: SiteHandler = (request) => {
    const started = cacheable(request, delivery, TEXT);
    if (!started) return;
    const { snapshot } = started;
    const body = Buffer.from(bulkDescription(readersOf(snapshot).credit, snapshot.builtAt, snapshot.newestVote));
    delivery.send(request.res, started.etag, { body, encoded: {} }, started.encoding, TEXT);
  };
  const packageJson: SiteHandler = (request) => {
    const started = cacheable(request, delivery, DATA_PACKAGE);
    if (!started) return;
    const { snapshot } = started;
    const readers = readersOf(snapshot);
    const body = Buffer.from(JSON.stringify(dataPackage(readers.credit, snapshot.builtAt, readers.bodies), null, 2));
    delivery.send(request.res, started.etag, { body, encoded: {} }, started.encoding, DATA_PACKAGE);
  };
  return { bulk: bulkAs('csv'), sheet: bulkAs('arkusz'), description, dataPackage: packageJson };
}
