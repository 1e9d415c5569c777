// Who the data comes from, under which licence, and whether it is invented: decided by the ETL from the
// source (etl/source-credit.ts), recorded in the snapshot's meta under CREDIT_META_KEY, and read by the
// website's footer, the exports' licence notes and the feeds' rights.

import { z } from 'zod';
import type { SourceFormat } from './sources.ts';

export interface DataCredit {
  /** The credit line as shown under the data, licence excluded: „Dane: Radoskop, na podstawie …”. */
  text: string;
  /** The licence's name (`CC BY 4.0`), or null when the source states none. */
  licence: string | null;
  /** Where the licence's text is, or null. */
  licenceUrl: string | null;
  /** Where the data comes from, or null. */
  url: string | null;
  /** Invented data (the bundled sample): every page and file must say so. */
  synthetic: boolean;
}

/** A credit as the ETL records it (meta CREDIT_META_KEY, JSON), in DataCredit's order. */
export const dataCredit = z.object({
  text: z.string(),
  licence: z.string().nullable(),
  licenceUrl: z.string().nullable(),
  url: z.string().nullable(),
  synthetic: z.boolean(),
}) satisfies z.ZodType<DataCredit>;

export const CREDIT_META_KEY = 'credit';

export const RADOSKOP_CREDIT: DataCredit = {
  text: 'Dane: Radoskop, na podstawie Biuletynów Informacji Publicznej rad',
  licence: 'CC BY 4.0',
  licenceUrl: 'https://creativecommons.org/licenses/by/4.0/deed.pl',
  url: 'https://data.radoskop.pl',
  synthetic: false,
};

export const SEJM_CREDIT: DataCredit = {
  text: 'Dane: API Sejmu RP (api.sejm.gov.pl)',
  licence: null,
  licenceUrl: null,
  url: 'https://api.sejm.gov.pl',
  synthetic: false,
};

/** A CSV bundle that says nothing about itself (no `zrodlo.json`). */
export const UNDESCRIBED_CSV_CREDIT: DataCredit = {
  text: 'Dane: pakiet CSV bez opisu źródła',
  licence: null,
  licenceUrl: null,
  url: null,
  synthetic: false,
};

/** The credit a format implies when the source does not describe itself. */
export const CREDIT_OF_FORMAT: Readonly<Record<SourceFormat, DataCredit>> = {
  csv: UNDESCRIBED_CSV_CREDIT,
  sejm: SEJM_CREDIT,
  radoskop: RADOSKOP_CREDIT,
};

/** The one line a footer or a licence note prints: the credit and its licence. */
export const creditLine = (credit: DataCredit): string =>
  credit.licence ? `${credit.text}, ${credit.licence}` : credit.text;
