// The OpenAPI 3.1 document of the API, generated from the zod schemas the handlers validate with
// (API_ENDPOINTS): nothing here restates a parameter or a response field.
//
// - Responses and request bodies: `z.toJSONSchema` (draft 2020-12; `io: 'output'` for responses,
//   `'input'` for bodies). Schemas named with `.meta({ id })` go to `components.schemas` once and are
//   referenced from every place that uses them.
// - Parameters: query values arrive as strings that the zod schemas turn into numbers and booleans.
//   The document describes the intended type (what a frontend sends): `integer` with the minimum,
//   maximum and default the schema enforces, `boolean` for true/false/1/0, and the input schema
//   (pattern, enum, maxLength) for strings. Bounds enforced by `.refine` have no JSON Schema form, so
//   they are read off the schema itself by probing it with values (see `integerBounds`); the contract
//   test (test/openapi.test.ts) checks every documented bound against the running API.
//
// - Credentials: what the configuration asks for (`Access`). With no key and no JWT secret nothing is
//   needed: the empty requirement comes first among the alternatives, so a client generator (or a
//   validating proxy) makes the key optional; with them, only the schemes configured are the alternatives.
// - /health and /api (src/service/) are documented beside the endpoint tables, from their own schemas.
//
// The document is built once per access, on first use (the docs router asks for it when the app is created).

import { z } from 'zod';
import type { AnyEndpoint } from './answers/endpoint.ts';
import { API_ENDPOINTS } from './answers/endpoints.ts';
import { errorEnvelope } from './answers/schemas.ts';
import { STATUS_NAMES } from './http/envelope.ts';
import { VERSION, apiIndexBody, healthBody } from './service/schemas.ts';

/** Which credentials the service asks for (src/http/guards.ts): API_SECRET_KEY and JWT_SECRET set or not. */
export interface Access {
  apiKey: boolean;
  bearer: boolean;
}

type Json = Record<string, unknown>;

/** An OpenAPI 3.1 document (only the parts this module writes are typed). */
export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: Array<{ url: string }>;
  tags: Array<{ name: string; description: string }>;
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: {
    schemas: Record<string, Json>;
    responses: Record<string, OpenApiResponse>;
    headers: Record<string, Json>;
    securitySchemes: Record<string, Json>;
  };
}

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  description?: string;
  schema: Json;
}

export interface OpenApiResponse {
  description: string;
  headers?: Record<string, Json>;
  content?: { 'application/json': { schema: Json } };
}

export interface OpenApiOperation {
  operationId: string;
  summary: string;
  tags: string[];
  parameters?: OpenApiParameter[];
  requestBody?: { required: boolean; content: { 'application/json': { schema: Json } } };
  responses: Record<string, OpenApiResponse | { $ref: string }>;
  security: Array<Record<string, string[]>>;
}

const COMPONENT_REF = '#/components/schemas/';

const TAGS: Record<string, string> = {
  radni: 'Radni: lista, profil i analizy głosowań jednego radnego',
  glosowania: 'Głosowania: lista z filtrami, szczegóły, rozkład głosów, załączniki, linki do udostępniania',
  statystyki: 'Statystyki globalne: liczby ogólne, rankingi, głosowania kontrowersyjne i jednomyślne, pary radnych',
  posiedzenia: 'Posiedzenia: lista, szczegóły, porządek obrad, obecności',
  utils: 'Słowniki (ugrupowania, organy, kadencje) i liczby w systemie',
  usluga: 'Usługa: jej stan (/health) i spis operacji (/api)',
};

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Nieprawidłowy albo nieznany parametr (komunikat wskazuje który; przy nieznanym wymienia przyjmowane)',
  401: 'Wymagany klucz API (X-API-Key) albo token Bearer: brak lub nieprawidłowy',
  403: 'Pochodzenie żądania (Origin, a bez niego Referer) spoza ALLOWED_ORIGINS',
  404: 'Zasób nie istnieje',
  413: 'Treść żądania większa niż 10 KB',
  415: 'Treść żądania musi być JSON (Content-Type: application/json)',
  429:
    'Przekroczony limit żądań (RATE_LIMIT_MAX_REQUESTS na RATE_LIMIT_WINDOW_MS na adres klienta); ' +
    'całe tabele są do pobrania jednym żądaniem na plik w /dane/',
  500: 'Błąd serwera (bez szczegółów technicznych)',
  503: 'Dane nie zostały jeszcze załadowane (albo, dla linków udostępniania, ich baza jest chwilowo niedostępna)',
};

/** Statuses every operation can answer besides its own: the guards' and the server's. */
const GUARDED_ERRORS = [401, 403, 429, 500, 503];
const PUBLIC_ERRORS = [429, 500, 503];

const RATE_LIMIT_HEADERS = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'];

const DESCRIPTION = `Analityka głosowań rady: radni, głosowania, posiedzenia i statystyki. Tylko JSON; jedyna operacja zapisu to utworzenie linku do udostępnienia głosowania.

Każda odpowiedź ma kopertę: \`{success: true, data, ...}\` (listy stronicowane mają \`pagination {page, limit, total, totalPages}\`), a błąd \`{success: false, error, message}\`.

Parametry: każda operacja przyjmuje tylko parametry zapytania wymienione w tym dokumencie. Nieznany parametr (np. literówka \`kadnecja\`) to błąd 400, którego komunikat podaje ten parametr i listę przyjmowanych, np. \`unknown query parameter 'kadnecja': /api/radni accepts kadencja, organ, ugrupowanie, aktywny\`: literówka nigdy nie zmienia liczb po cichu.

Dostęp: pochodzenie żądania (Origin, a bez niego Referer) musi być na liście ALLOWED_ORIGINS (inaczej 403). Gdy skonfigurowano API_SECRET_KEY, każde żądanie musi nieść nagłówek X-API-Key (inaczej 401); gdy skonfigurowano JWT_SECRET, zamiast klucza przyjmowany jest ważny token HS256 w nagłówku Authorization: Bearer. Bez nich dane są dostępne bez poświadczeń: wśród alternatyw \`security\` jest wtedy puste wymaganie \`{}\`. Link udostępnienia (GET /api/glosowania/share/{link}) i /health są publiczne.

Limit: RATE_LIMIT_MAX_REQUESTS żądań (domyślnie 100) na RATE_LIMIT_WINDOW_MS (domyślnie 900000 ms) na adres klienta; nagłówki X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset; po przekroczeniu 429.

Przeglądarka tej dokumentacji: /api/docs/.`;

// --- JSON Schema from zod --------------------------------------------------------------------------

/** Drops the bounds zod gives every `z.int()` (±MAX_SAFE_INTEGER): they say nothing to a reader. */
function tidy({ jsonSchema }: { jsonSchema: Json }): void {
  if (jsonSchema['type'] !== 'integer') return;
  if (jsonSchema['minimum'] === Number.MIN_SAFE_INTEGER) delete jsonSchema['minimum'];
  if (jsonSchema['maximum'] === Number.MAX_SAFE_INTEGER) delete jsonSchema['maximum'];
}

const isJson = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
/** A JSON Schema zod wrote: an object, or a mistake worth stopping the document for. */
function jsonOf(value: unknown, what: string): Json {
  if (!isJson(value)) throw new Error(`openapi: the JSON Schema of ${what} is not an object`);
  return value;
}

/** Rewrites zod's local `#/$defs/X` references to `#/components/schemas/X`, deeply. */
function relink(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(relink);
  return isJson(value) ? relinkObject(value) : value;
}
function relinkObject(value: Json): Json {
  const out: Json = {};
  for (const [key, child] of Object.entries(value)) {
    out[key] =
      key === '$ref' && typeof child === 'string' && child.startsWith('#/$defs/')
        ? COMPONENT_REF + child.slice('#/$defs/'.length)
        : relink(child);
  }
  return out;
}

class SchemaConverter {
  readonly components: Record<string, Json> = {};

  /** The JSON Schema of `schema`; its named parts are moved into `components`. */
  convert(schema: z.ZodType, io: 'input' | 'output'): Json {
    const json: Json = z.toJSONSchema(schema, {
      target: 'draft-2020-12',
      io,
      unrepresentable: 'throw',
      override: tidy,
    });
    const { $schema: _dialect, $defs, ...rest } = json;
    for (const [id, def] of Object.entries(isJson($defs) ? $defs : {})) {
      if (!/^[A-Z][A-Za-z0-9]*$/.test(id))
        throw new Error(`openapi: unnamed shared schema ${id}: give it .meta({ id })`);
      const component = relinkObject(jsonOf(def, id));
      const known = this.components[id];
      if (known !== undefined && JSON.stringify(known) !== JSON.stringify(component)) {
        throw new Error(`openapi: two different schemas are named ${id}`);
      }
      this.components[id] = component;
    }
    return relinkObject(rest);
  }
}

// --- Parameters ------------------------------------------------------------------------------------

/** The JSON Schema of a parsed typed value (a number or boolean parameter's pipe output), or null. */
function typedOutput(schema: z.ZodType, converter: SchemaConverter): Json | null {
  try {
    const output = converter.convert(schema, 'output');
    return ['integer', 'number', 'boolean'].includes(String(output['type'])) ? output : null;
  } catch {
    return null; // a transform without a typed pipe (a string parameter): document its input
  }
}

/** What the document says of a parameter. */
interface ParameterDoc {
  schema: Json;
  description?: string;
  required: boolean;
}

/**
 * The documented schema of one path or query parameter. Numbers and booleans are shown as the typed
 * value they are parsed into (the `.pipe()` of src/http/params.ts: integer with minimum/maximum, boolean),
 * everything else as the string it must be (pattern, enum, maxLength).
 */
function parameterSchema(schema: z.ZodType, converter: SchemaConverter): ParameterDoc {
  const typed = typedOutput(schema, converter);
  const { description: own, ...json } = typed ?? converter.convert(schema, 'input');
  const description = typeof own === 'string' ? own : undefined; // its schema's (src/http/params.ts and the resources')
  const required = !schema.safeParse(undefined).success;
  if (json['type'] === 'boolean') {
    return {
      required,
      description: `${description === undefined ? '' : `${description} `}(true/false; przyjmowane także 1/0)`,
      schema: json,
    };
  }
  return { required, ...(description === undefined ? {} : { description }), schema: json };
}

/** The object shape behind a params/query schema (a refined z.object is still a ZodObject). */
export function shapeOf(schema: z.ZodType | undefined): Record<string, z.ZodType> {
  if (schema === undefined) return {};
  if (schema instanceof z.ZodObject) return schema.shape;
  throw new Error('openapi: path and query schemas must be z.object(...)');
}

/** The `:name` segments of a path. */
export const pathParamNames = (path: string): string[] => [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
/** `/api/radni/:id` → OpenAPI `/api/radni/{id}`. */
export const openApiPath = (path: string): string => path.replace(/:(\w+)/g, '{$1}');

function parameters(endpoint: AnyEndpoint, converter: SchemaConverter): OpenApiParameter[] {
  const result: OpenApiParameter[] = [];
  const pathShape = shapeOf(endpoint.params);
  const names = pathParamNames(endpoint.path);
  for (const name of names) {
    const schema = pathShape[name];
    if (schema === undefined) throw new Error(`openapi: ${endpoint.path}: path parameter ${name} has no schema`);
    const doc = parameterSchema(schema, converter);
    result.push({
      name,
      in: 'path',
      required: true,
      ...(doc.description ? { description: doc.description } : {}),
      schema: doc.schema,
    });
  }
  for (const name of Object.keys(pathShape)) {
    if (!names.includes(name))
      throw new Error(`openapi: ${endpoint.path}: schema of path parameter ${name} that the path lacks`);
  }
  for (const [name, schema] of Object.entries(shapeOf(endpoint.query))) {
    const doc = parameterSchema(schema, converter);
    result.push({
      name,
      in: 'query',
      required: doc.required,
      ...(doc.description ? { description: doc.description } : {}),
      schema: doc.schema,
    });
  }
  return result;
}

// --- Operations --------------------------------------------------------------------------------------

/** `get /api/radni/:id/glosowania-samotne` → `getRadniByIdGlosowaniaSamotne`. */
export function operationId(method: string, path: string): string {
  const camel = (word: string) =>
    word
      .split(/[-_]/)
      .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
      .join('');
  const words = path
    .split('/')
    .filter((s) => s !== '' && s !== 'api')
    .map((s) => (s.startsWith(':') ? `By${camel(s.slice(1))}` : camel(s)));
  return method + words.join('');
}

const json = (schema: Json) => ({ 'application/json': { schema } });
const headerRefs = (names: string[]) =>
  Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${name}` }]));

/** The error statuses documented for an operation: its own, then those of the guards and the server. */
export const errorStatuses = (endpoint: AnyEndpoint): number[] =>
  [...new Set([...endpoint.errors, ...(endpoint.public ? PUBLIC_ERRORS : GUARDED_ERRORS)])].sort((a, b) => a - b);

/** `404` → `NotFound`: the name of the shared error response in `components.responses`. */
export function errorResponseName(status: number): string {
  const name = STATUS_NAMES[status];
  if (name === undefined || ERROR_DESCRIPTIONS[status] === undefined)
    throw new Error(`openapi: no error response for status ${status}`);
  return name.replace(/ /g, '');
}

function errorResponses(statuses: Iterable<number>, errorSchema: Json): Record<string, OpenApiResponse> {
  return Object.fromEntries(
    [...new Set(statuses)]
      .sort((a, b) => a - b)
      .map((status) => [
        errorResponseName(status),
        {
          description: ERROR_DESCRIPTIONS[status]!,
          headers: headerRefs(status === 429 ? [...RATE_LIMIT_HEADERS, 'Retry-After'] : RATE_LIMIT_HEADERS),
          content: json(errorSchema),
        },
      ]),
  );
}

/**
 * The credentials a guarded operation needs: the configured schemes as alternatives; with none
 * configured, the empty requirement (nothing needed) before both schemes (accepted, not needed).
 */
export function securityFor(access: Access): Array<Record<string, string[]>> {
  if (!access.apiKey && !access.bearer) return [{}, { ApiKey: [] }, { Bearer: [] }];
  return [...(access.apiKey ? [{ ApiKey: [] }] : []), ...(access.bearer ? [{ Bearer: [] }] : [])];
}

function operation(endpoint: AnyEndpoint, converter: SchemaConverter, access: Access): OpenApiOperation {
  const success = endpoint.status ?? 200;
  const data = converter.convert(endpoint.response, 'output');
  const responses: OpenApiOperation['responses'] = {
    [success]: {
      description: success === 201 ? 'Utworzono' : 'OK',
      headers: headerRefs(RATE_LIMIT_HEADERS),
      content: json(data),
    },
  };
  // A creating operation answers 200 with the same body when the resource already existed.
  if (success === 201)
    responses['200'] = {
      description: 'Już istniał: ta sama odpowiedź co przy utworzeniu',
      headers: headerRefs(RATE_LIMIT_HEADERS),
      content: json(data),
    };
  for (const status of errorStatuses(endpoint))
    responses[status] = { $ref: `#/components/responses/${errorResponseName(status)}` };

  const params = parameters(endpoint, converter);
  return {
    operationId: operationId(endpoint.method, endpoint.path),
    summary: endpoint.summary,
    tags: [endpoint.tag],
    ...(params.length > 0 ? { parameters: params } : {}),
    ...(endpoint.body
      ? { requestBody: { required: false, content: json(converter.convert(endpoint.body, 'input')) } }
      : {}),
    responses,
    security: endpoint.public ? [] : securityFor(access),
  };
}

/** /health (public; 503 with the same body while no data is loaded) and /api (guarded like the data). */
function serviceOperations(
  converter: SchemaConverter,
  access: Access,
): Record<string, Record<string, OpenApiOperation>> {
  const health = converter.convert(healthBody, 'output');
  const ok = (schema: Json, description = 'OK') => ({ description, content: json(schema) });
  return {
    '/health': {
      get: {
        operationId: 'getHealth',
        summary: 'Stan usługi: migawka danych w użyciu, odświeżanie, replika',
        tags: ['usluga'],
        responses: {
          200: ok(health),
          503: ok(health, 'Dane nie zostały jeszcze załadowane: success false, status unavailable'),
        },
        security: [],
      },
    },
    '/api': {
      get: {
        operationId: 'getApi',
        summary: 'Spis operacji API i adres tego dokumentu',
        tags: ['usluga'],
        responses: {
          200: { ...ok(converter.convert(apiIndexBody, 'output')), headers: headerRefs(RATE_LIMIT_HEADERS) },
          ...Object.fromEntries(
            [400, 401, 403, 429, 500].map((status) => [
              status,
              { $ref: `#/components/responses/${errorResponseName(status)}` },
            ]),
          ),
        },
        security: securityFor(access),
      },
    },
  };
}

/** Without API_SECRET_KEY and JWT_SECRET: the defaults. */
export const OPEN_ACCESS: Access = { apiKey: false, bearer: false };

/** Builds the document from a list of endpoints (exported for tests; use `openApiDocument()`). */
export function buildOpenApiDocument(
  endpoints: readonly AnyEndpoint[] = API_ENDPOINTS,
  access: Access = OPEN_ACCESS,
): OpenApiDocument {
  const converter = new SchemaConverter();
  const errorSchema = converter.convert(errorEnvelope, 'output');
  const paths: OpenApiDocument['paths'] = serviceOperations(converter, access);
  const ids = new Set<string>(
    Object.values(paths).flatMap((methods) => Object.values(methods).map((op) => op.operationId)),
  );
  for (const endpoint of endpoints) {
    const op = operation(endpoint, converter, access);
    if (ids.has(op.operationId)) throw new Error(`openapi: duplicate operationId ${op.operationId}`);
    ids.add(op.operationId);
    const path = (paths[openApiPath(endpoint.path)] ??= {});
    if (path[endpoint.method]) throw new Error(`openapi: ${endpoint.method} ${endpoint.path} is listed twice`);
    path[endpoint.method] = op;
  }
  const tagNames = [...new Set([...endpoints.map((e) => e.tag), 'usluga'])];
  return {
    openapi: '3.1.0',
    info: { title: 'Council Voting Analytics API', version: VERSION, description: DESCRIPTION },
    servers: [{ url: '/' }],
    tags: tagNames.map((name) => ({ name, description: TAGS[name] ?? name })),
    paths,
    components: {
      schemas: Object.fromEntries(Object.entries(converter.components).sort(([a], [b]) => a.localeCompare(b))),
      responses: errorResponses(endpoints.flatMap(errorStatuses), errorSchema),
      headers: {
        'X-RateLimit-Limit': { description: 'Maksymalna liczba żądań w oknie', schema: { type: 'integer' } },
        'X-RateLimit-Remaining': { description: 'Pozostałe żądania w bieżącym oknie', schema: { type: 'integer' } },
        'X-RateLimit-Reset': { description: 'Koniec bieżącego okna (sekundy uniksowe)', schema: { type: 'integer' } },
        'Retry-After': { description: 'Po ilu sekundach ponowić żądanie', schema: { type: 'integer' } },
      },
      securitySchemes: {
        ...(access.apiKey || !access.bearer
          ? {
              ApiKey: {
                type: 'apiKey',
                in: 'header',
                name: 'X-API-Key',
                description: 'Klucz API (gdy skonfigurowano API_SECRET_KEY)',
              },
            }
          : {}),
        ...(access.bearer || !access.apiKey
          ? {
              Bearer: {
                type: 'http',
                scheme: 'bearer',
                bearerFormat: 'JWT',
                description: 'Token JWT HS256 (gdy skonfigurowano JWT_SECRET), zamiast klucza API',
              },
            }
          : {}),
      },
    },
  };
}

const documents = new Map<string, { document: OpenApiDocument; serialised?: string }>();

const built = (access: Access) => {
  const key = `${access.apiKey}/${access.bearer}`;
  let entry = documents.get(key);
  if (!entry) documents.set(key, (entry = { document: buildOpenApiDocument(API_ENDPOINTS, access) }));
  return entry;
};

/** The document for this access, generated once per process. */
export const openApiDocument = (access: Access = OPEN_ACCESS): OpenApiDocument => built(access).document;
/** The document as served (serialised once). */
export const openApiJson = (access: Access = OPEN_ACCESS): string => {
  const entry = built(access);
  return (entry.serialised ??= JSON.stringify(entry.document));
};
