// The registry of source readers: one module per format, each turning its files into loader rows
// (etl/load.ts) and reporting every problem to the loader's findings. A new format is one file here
// and one name (with its help text) in core/sources.ts.

import type { SourceFormat } from '../../core/sources.ts';
import type { Loader } from '../load.ts';
import { readCsvBundle } from './csv.ts';
import { readRadoskop } from './radoskop.ts';
import type { SourcePart } from './part.ts';
import { readSejm } from './sejm.ts';

export type { SourcePart };

export interface SourceReader {
  /**
   * Reads the source at `path` into the loader; throws only when `path` cannot be read at all. A source
   * made of parts (councils) says what each contributed.
   */
  read(path: string, loader: Loader): Promise<SourcePart[] | void>;
}

export const SOURCE_READERS: Readonly<Record<SourceFormat, SourceReader>> = {
  csv: { read: (path, loader) => readCsvBundle(path, loader) },
  sejm: { read: readSejm },
  radoskop: { read: readRadoskop },
};
