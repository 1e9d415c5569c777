// The source formats the ETL reads. The names are shared: the service's configuration validates
// SOURCE_FORMAT against them, and the ETL's registry (etl/sources/index.ts) has one reader per name.

export const SOURCE_FORMATS = ['csv', 'sejm', 'radoskop'] as const;
export type SourceFormat = (typeof SOURCE_FORMATS)[number];
