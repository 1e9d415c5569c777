// The source formats the ETL reads, and a source as a snapshot records it. The names are shared: the
// service's configuration validates SOURCE_FORMAT against them, and the ETL's registry
// (etl/sources/index.ts) has one reader per name.

export const SOURCE_FORMATS = ['csv', 'sejm', 'radoskop'] as const;
export type SourceFormat = (typeof SOURCE_FORMATS)[number];
export const isSourceFormat = (value: unknown): value is SourceFormat => SOURCE_FORMATS.some((f) => f === value);

/** What `--source` holds in each format, for help texts (here, not beside the readers: `council --help` loads no reader). */
export const SOURCE_FORMAT_HELP: Readonly<Record<SourceFormat, string>> = {
  csv: 'CSV bundle directory (CONTRACT §1)',
  sejm: 'Sejm API files: a directory or a .tar.gz of one',
  radoskop: 'Radoskop council data: a council folder or a folder of them (CONTRACT §8)',
};

/** Where a live source is fetched from unless SOURCE_API names another (etl/fetch/). */
export const SEJM_API = 'https://api.sejm.gov.pl';
export const RADOSKOP_API = 'https://data.radoskop.pl';

/** What a refresh fetches into the source folder first (SEJM_TERM, RADOSKOP_COUNCILS, SOURCE_API). */
export interface LiveSource {
  /** Sejm term to mirror (format sejm). */
  sejmTerm?: number;
  /** Radoskop council slugs to mirror (format radoskop). */
  councils?: string[];
  /** Base URL replacing the official one (a mirror, a stand-in). */
  api?: string;
}

/** A source: what a snapshot was built from (recorded in its meta), and what a refresh rebuilds from. */
export interface SourceSpec {
  format: SourceFormat;
  /** Absolute path of the folder (or Sejm .tar.gz). */
  path: string;
  live: LiveSource;
}

/** The source the next refresh will use, as the server logs it and /health shows it. */
export interface RefreshSourceStatus extends SourceSpec {
  /** `radoskop:/srv/councils, fetching gdansk, katowice from https://data.radoskop.pl` */
  description: string;
  /** Named by the configuration, recorded in the published snapshot, or the bundled sample (no snapshot, nothing configured). */
  from: 'configuration' | 'snapshot' | 'default';
  /** Set when the refresh will refuse: the configuration names another source than the snapshot's. */
  refusal?: string;
}
