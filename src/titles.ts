// The lengths at which the snapshot's source cuts vote titles (core/titles.ts TITLE_CUT_LENGTHS), for
// everything that shows a title: the pages, the feeds, the preview cards. A snapshot records the one
// source it was built from in its meta (`source`, `<format>:<path>`; etl/source-spec.ts); a snapshot
// without that record (or of a format the code does not know) has no known cut: its titles are
// tidied but never marked as cut.

import type Database from 'better-sqlite3';
import { isSourceFormat } from '../core/sources.ts';
import { plucked } from './snapshot/statement.ts';
import { TITLE_CUT_LENGTHS } from '../core/titles.ts';

export function titleCutsOf(db: Database.Database): readonly number[] {
  const source = plucked<[], string>(db, "SELECT value FROM meta WHERE key = 'source'").get();
  const format = source?.slice(0, Math.max(0, source.indexOf(':')));
  return isSourceFormat(format) ? TITLE_CUT_LENGTHS[format] : [];
}
