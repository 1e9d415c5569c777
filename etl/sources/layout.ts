// What a source path looks like, from its file names alone (nothing is read): a reader that finds
// nothing of its own format says which format the path seems to be instead, so `council etl --source
// radoskop/` without `--format` suggests `--format radoskop` rather than only "holds no CSV files".

import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { SourceFormat } from '../../core/sources.ts';

/** A Sejm API vote file: `{sitting}_{votingNumber}.json`. */
export const SEJM_VOTE_FILE = /^\d+_\d+\.json$/;
const RADOSKOP_TERM_FILE = /^kadencja-\d{4}-\d{4}\.json$/;
const RADOSKOP_FILES = '(config.json, kadencja-<YYYY-YYYY>.json or data.json)';

export interface Layout {
  format: SourceFormat;
  /** What the path is, for a message: `holds Radoskop council folders (config.json, …)`. */
  is: string;
}

const namesIn = (dir: string): string[] => {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
};

const isDirectory = (path: string): boolean => {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
};

/** A Radoskop council folder: config.json, kadencja-<YYYY-YYYY>.json or data.json, directly or under docs/. */
function isRadoskopCouncil(dir: string): boolean {
  return [dir, join(dir, 'docs')].some((folder) =>
    namesIn(folder).some((name) => name === 'config.json' || name === 'data.json' || RADOSKOP_TERM_FILE.test(name)),
  );
}

/** The format the files at `path` are in, judged by their names; null when none is recognised. */
export function layoutOf(path: string): Layout | null {
  if (!isDirectory(path)) {
    return /\.(tar\.gz|tgz)$/i.test(path)
      ? { format: 'sejm', is: "is a .tar.gz file (the Sejm format's archive)" }
      : null;
  }
  const names = namesIn(path);
  if (names.some((name) => name.endsWith('.csv'))) return { format: 'csv', is: 'holds CSV files' };
  if (names.some((name) => SEJM_VOTE_FILE.test(name))) {
    return { format: 'sejm', is: 'holds Sejm API files ({sitting}_{votingNumber}.json)' };
  }
  if (isRadoskopCouncil(path)) return { format: 'radoskop', is: `is a Radoskop council folder ${RADOSKOP_FILES}` };
  if (names.some((name) => isDirectory(join(path, name)) && isRadoskopCouncil(join(path, name)))) {
    return { format: 'radoskop', is: `holds Radoskop council folders ${RADOSKOP_FILES}` };
  }
  return null;
}

/**
 * For a reader of `format` that found nothing of its own at `path`: `; it holds …: did you mean
 * --format X?` when the path looks like another format, else ''.
 */
export function otherFormatHint(path: string, format: SourceFormat): string {
  const layout = layoutOf(path);
  if (layout === null || layout.format === format) return '';
  return `; it ${layout.is}: did you mean --format ${layout.format}?`;
}
