// CSV columns named after the fields of the API's response schemas, described by them: a field's
// `.meta({ description })` is what OpenAPI shows, what a list's CSV says and what the bulk files'
// description (/dane/opis.txt, the /dane/ page) says, written once. A list or a file overrides a
// column only where it means something else (a cell derived from the row, a wording for one file).

import { z } from 'zod';
import { statedTallies as stated, voteSummary as summary } from '../answers/schemas.ts';
import type { Cell, ColumnType, CsvColumn } from './csv.ts';

type Schema = z.core.$ZodType;

/** The schema a nullable, optional, default (its `innerType`) or pipe (its `out`) wraps, else undefined. */
function wrappedBy(schema: Schema): Schema | undefined {
  const def: object = schema._zod.def;
  const inner = 'innerType' in def ? def.innerType : 'out' in def ? def.out : undefined;
  return inner instanceof z.core.$ZodType ? inner : undefined;
}

/** A schema's description (its `.meta`), looking through the nullable, optional, default and pipe wrappers around it. */
export function descriptionOf(schema: Schema): string | undefined {
  for (let s: Schema | undefined = schema; s; s = wrappedBy(s)) {
    const description = z.globalRegistry.get(s)?.description;
    if (description) return description;
  }
  return undefined;
}

/** The type of a field's values, from its JSON Schema (the first type that is not null). */
export function columnTypeOf(schema: Schema): ColumnType {
  let json: z.core.JSONSchema.JSONSchema = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' });
  while (json.anyOf) json = json.anyOf.find((j) => typeof j === 'object' && j.type !== 'null') ?? {};
  if (json.type === 'string') return json.pattern === '^\\d{4}-\\d{2}-\\d{2}$' ? 'date' : 'string';
  if (json.type === 'number' && typeof json.const === 'number' && Number.isInteger(json.const)) return 'integer';
  if (json.type === 'integer' || json.type === 'number' || json.type === 'boolean') return json.type;
  return 'string';
}

const isCell = (value: unknown): value is Cell =>
  value === undefined ||
  value === null ||
  typeof value === 'string' ||
  typeof value === 'number' ||
  typeof value === 'boolean';

/** A row's field `name` as a cell: a field that is no cell (an object, an array) is a mistake of the columns' names. */
function cellOf(row: unknown, name: string): Cell {
  const value: unknown = typeof row === 'object' && row !== null ? Reflect.get(row, name) : undefined;
  if (isCell(value)) return value;
  throw new TypeError(`CSV column ${name}: the row's ${name} is ${typeof value}, not a cell`);
}

/** What a list or file changes in a column: its own description, or its own value. */
export type ColumnOverride<T> = Partial<Pick<CsvColumn<T>, 'description' | 'value' | 'type' | 'words'>>;

/**
 * Columns for the named fields of `schema`, in the order given: each described by its field and valued
 * by the row's field of the same name, unless `overrides` says otherwise for that column.
 */
export function columnsOf<T>(
  schema: z.ZodObject,
  names: readonly string[],
  overrides: Readonly<Record<string, ColumnOverride<T>>> = {},
): Array<CsvColumn<T>> {
  return names.map((name) => {
    const field = schema.shape[name];
    const own = overrides[name];
    const description = own?.description ?? (field && descriptionOf(field));
    if (description === undefined) {
      throw new Error(`CSV column ${name}: no field ${name} with a description in the schema, nor one of its own`);
    }
    return {
      name,
      description,
      value: own?.value ?? ((row: T) => cellOf(row, name)),
      type: own?.type ?? (field ? columnTypeOf(field) : 'string'),
      ...(own?.words && { words: own.words }),
    };
  });
}

/** A column under a name of its own that means a field of a response schema: described by that field. */
export function columnAs<T>(
  name: string,
  schema: z.ZodObject,
  field: string,
  value: (row: T) => Cell,
  type?: ColumnType,
): CsvColumn<T> {
  const source = schema.shape[field];
  const description = source && descriptionOf(source);
  if (source === undefined || description === undefined) {
    throw new Error(`CSV column ${name}: no field ${field} with a description in the schema`);
  }
  return { name, description, value, type: type ?? columnTypeOf(source) };
}

/** A column that is no field of a response schema: its name, description, value and type all its own. */
export const ownColumn = <T>(
  name: string,
  description: string,
  value: (row: T) => Cell,
  type: ColumnType = 'string',
): CsvColumn<T> => ({ name, description, value, type });

/** The tallies a vote's source states (CONTRACT §10), each a column `<name>_zrodla`. */
export const STATED_TALLIES = ['za', 'przeciw', 'wstrzymujacy', 'nieobecni', 'brak_glosu'] as const;
export type RecordColumn = 'imienne' | `${(typeof STATED_TALLIES)[number]}_zrodla` | 'temat';

/**
 * The columns of a vote's own record in every vote list and bulk file: `imienne`, the stated tallies
 * flattened (`liczby_zrodla.za` → `za_zrodla`, …; empty when not stated) and the topic (§11), described
 * by the fields of the vote summary; `value` reads each from a row.
 */
export function voteRecordColumns<T>(value: (row: T, column: RecordColumn) => Cell): Array<CsvColumn<T>> {
  return [
    // a boolean is 1 or 0 in a CSV file (./csv.ts), so the field's true/false reads so here
    ownColumn<T>(
      'imienne',
      descriptionOf(summary.shape.imienne)!
        .replace(/^true:/, '1:')
        .replace('; false:', '; 0:'),
      (r) => value(r, 'imienne'),
      'boolean',
    ),
    ...STATED_TALLIES.map((k) => {
      const name = `${k}_zrodla` as const;
      return ownColumn<T>(
        name,
        `${descriptionOf(stated.shape[k])!.replace(/; null: .*$/, '')} (liczby_zrodla.${k}); puste: źródło nie podaje`,
        (r) => value(r, name),
        'integer',
      );
    }),
    columnAs<T>('temat', summary, 'temat', (r) => value(r, 'temat')),
  ];
}
