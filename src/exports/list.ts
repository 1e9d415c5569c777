// The CSV download of a list of the website: exactly the rows the list shows under the same filters,
// every page of them, in the list's order, with the columns the page shows. The caller passes the
// same paged read the page uses, so the file cannot drift from the page.

import type { Writable } from 'node:stream';
import { type CsvColumn, type CsvDialect, RFC4180_CSV, writeCsv } from './csv.ts';

/** One page of a list, as the site's reads return it (`total` is the count over every page); at once or as a Promise (an endpoint's answer). */
/** A page of a list's rows and its total; `exact: false` when the total is only a lower bound (a long search's count). */
export interface ListRead<T> {
  items: readonly T[];
  total: number;
  exact?: boolean;
}
export type ListPage<T> = (page: number, limit: number) => ListRead<T> | Promise<ListRead<T>>;

/** Rows per page read for the file: larger than a page of the site, still one bounded read each. */
export const LIST_EXPORT_PAGE = 500;

/** Pages of a list from the first until one comes back short (or `total` rows are read). */
export async function* listPages<T>(read: ListPage<T>, limit = LIST_EXPORT_PAGE): AsyncGenerator<readonly T[]> {
  let seen = 0;
  for (let page = 1; ; page++) {
    const { items, total } = await read(page, limit);
    if (items.length > 0) yield items;
    seen += items.length;
    if (items.length < limit || seen >= total) return;
  }
}

/** Writes the whole list as CSV to `out` (not ended); returns the number of data rows. */
export function writeListCsv<T>(
  out: Writable,
  columns: ReadonlyArray<CsvColumn<T>>,
  read: ListPage<T>,
  limit = LIST_EXPORT_PAGE,
  dialect: CsvDialect = RFC4180_CSV,
): Promise<number> {
  return writeCsv(out, columns, listPages(read, limit), dialect);
}
