// What one part of a source contributed: its own module, so that a reader can report parts without
// importing the registry that imports it (etl/sources/index.ts).

/** What one part of a source (one council of a Radoskop folder) contributed, for the ETL's report. */
export interface SourcePart {
  name: string;
  counts: Record<string, number>;
  /** Warnings per kind (column and wording). */
  warnings: Record<string, number>;
}
