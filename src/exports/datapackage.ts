// The bulk files of the whole snapshot described as a Frictionless Data Package (/dane/datapackage.json,
// https://specs.frictionlessdata.io/data-package/): each file a tabular resource whose Table Schema has
// the columns' names, types and descriptions (the same as /dane/opis.txt: the API's response schemas),
// its primary key and its foreign keys to the other files, and the package the source's licence. Tools
// such as frictionless-py or R's frictionless read the files typed and joined from it.

import { GLOS_VALUES } from '../../core/contract.ts';
import type { DataCredit } from '../../core/credit.ts';
import { wordingOf } from '../text/wording.ts';
import { BULK_FILES, BULK_FILE_TITLES, type BulkFile, bulkColumns } from './bulk.ts';
import type { ColumnType } from './csv.ts';
import { type NamedBody, chambersNames, chambersSlug } from './names.ts';

interface ForeignKey {
  fields: string | string[];
  reference: { resource: string; fields: string | string[] };
}

/** Each file's key and its references to the other files (ids of votes, sessions, people, groups). */
const KEYS: Readonly<Record<BulkFile, { primaryKey: string[]; foreignKeys: ForeignKey[] }>> = {
  glosowania: {
    primaryKey: ['id_glosowania'],
    foreignKeys: [{ fields: 'id_posiedzenia', reference: { resource: 'posiedzenia', fields: 'id_posiedzenia' } }],
  },
  glosy: {
    primaryKey: ['id_glosowania', 'id_osoby'],
    foreignKeys: [
      { fields: 'id_glosowania', reference: { resource: 'glosowania', fields: 'id_glosowania' } },
      { fields: 'id_osoby', reference: { resource: 'radni', fields: 'id_osoby' } },
      { fields: 'id_ugrupowania', reference: { resource: 'ugrupowania', fields: 'id_ugrupowania' } },
    ],
  },
  radni: {
    primaryKey: ['id_osoby'],
    foreignKeys: [{ fields: 'id_ugrupowania', reference: { resource: 'ugrupowania', fields: 'id_ugrupowania' } }],
  },
  posiedzenia: { primaryKey: ['id_posiedzenia'], foreignKeys: [] },
  obecnosci: {
    primaryKey: ['id_posiedzenia', 'id_osoby'],
    foreignKeys: [
      { fields: 'id_posiedzenia', reference: { resource: 'posiedzenia', fields: 'id_posiedzenia' } },
      { fields: 'id_osoby', reference: { resource: 'radni', fields: 'id_osoby' } },
      { fields: 'id_ugrupowania', reference: { resource: 'ugrupowania', fields: 'id_ugrupowania' } },
    ],
  },
  ugrupowania: { primaryKey: ['id_ugrupowania'], foreignKeys: [] },
  polityki: {
    primaryKey: ['polityka', 'id_osoby'],
    foreignKeys: [{ fields: 'id_osoby', reference: { resource: 'radni', fields: 'id_osoby' } }],
  },
};

/** A column's Table Schema field: booleans are written 1/0, a ballot is one of GLOS_VALUES. */
function fieldOf(column: { name: string; description: string; type?: ColumnType }, key: boolean) {
  const type = column.type ?? 'string';
  return {
    name: column.name,
    type,
    description: column.description,
    ...(type === 'boolean' ? { trueValues: ['1'], falseValues: ['0'] } : {}),
    ...(key || column.name === 'glos'
      ? {
          constraints: { ...(key ? { required: true } : {}), ...(column.name === 'glos' ? { enum: GLOS_VALUES } : {}) },
        }
      : {}),
  };
}

/**
 * A licence's name as the Data Package profile wants it (`^[-a-zA-Z0-9._]+$`, an SPDX-like id): the
 * source's „CC BY 4.0” is `CC-BY-4.0`; its own spelling stays the title.
 */
const licenceName = (licence: string): string => licence.trim().replace(/[^-a-zA-Z0-9._]+/g, '-');

/**
 * The Tabular Data Package of the whole snapshot's files (of `bodies`: its name and title say which
 * council or the Sejm, in the chamber's words); `paths` relative to /dane/datapackage.json. The profile's
 * arrays may not be empty (minItems 1): a file with no references and a source with no licence omit them.
 */
export function dataPackage(credit: DataCredit, builtAt: string, bodies: readonly NamedBody[]) {
  const w = wordingOf(bodies);
  const names = chambersNames(bodies);
  return {
    profile: 'tabular-data-package',
    name: `glosowania-${chambersSlug(bodies)}`,
    title: `Głosowania, głosy, ${w.members}, posiedzenia, obecności i ${w.groups}${names ? `: ${names}` : ''}`,
    description:
      'Pliki CSV (RFC 4180, UTF-8, przecinek, nagłówek) całej bazy serwisu. Te same pliki do arkusza ' +
      '(średnik, przecinek dziesiętny, znacznik BOM) mają w nazwie .arkusz.csv. Opis kolumn: opis.txt.',
    created: builtAt,
    sources: [{ title: credit.text, ...(credit.url ? { path: credit.url } : {}) }],
    ...(credit.licence
      ? {
          licenses: [
            {
              name: licenceName(credit.licence),
              title: credit.licence,
              ...(credit.licenceUrl ? { path: credit.licenceUrl } : {}),
            },
          ],
        }
      : {}),
    resources: BULK_FILES.map((file) => {
      const { primaryKey, foreignKeys } = KEYS[file];
      return {
        name: file,
        path: `${file}.csv`,
        profile: 'tabular-data-resource',
        title: BULK_FILE_TITLES[file],
        format: 'csv',
        mediatype: 'text/csv',
        encoding: 'utf-8',
        dialect: { delimiter: ',', quoteChar: '"', doubleQuote: true, header: true, lineTerminator: '\r\n' },
        schema: {
          fields: bulkColumns(file).map((c) => fieldOf(c, primaryKey.includes(c.name))),
          primaryKey,
          ...(foreignKeys.length > 0 ? { foreignKeys } : {}),
          missingValues: [''],
        },
      };
    }),
  };
}
