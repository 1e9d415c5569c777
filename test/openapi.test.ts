// The OpenAPI document (src/openapi.ts) against the standard and against the running API:
//
// - it is a valid OpenAPI 3.1 document (@seriousme/openapi-schema-validator) with exactly the 35
//   operations of API_ENDPOINTS, their parameters exactly the zod schemas' keys;
// - every documented parameter bound, default and format is what the API enforces;
// - every endpoint's actual response on two real councils (the sample bundle and the hand-built
//   council) validates against its zod schema AND against the document's JSON Schema (ajv, draft
//   2020-12, strict), error responses included;
// - /api/openapi.json and /api/docs are public (no origin check, no key) and, being static, not counted.

import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import request from './support/request.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_ENDPOINTS } from '../src/answers/endpoints.ts';
import {
  type OpenApiDocument,
  type OpenApiOperation,
  type OpenApiParameter,
  type OpenApiResponse,
  buildOpenApiDocument,
  errorStatuses,
  openApiDocument,
  openApiPath,
  pathParamNames,
  shapeOf,
} from '../src/openapi.ts';
import type { AnyEndpoint as Endpoint } from '../src/answers/endpoint.ts';
import { errorEnvelope } from '../src/answers/schemas.ts';
import { writeBundle } from './support/bundle.ts';
import { type TestApp, appOver, buildDatabase, policyFile, tempDir } from './support/fixture.ts';
import { HAND_COUNCIL } from './support/hand-council.ts';
import { HAND_POLICIES } from './support/hand-policies.ts';

type Json = Record<string, unknown>;
const doc: OpenApiDocument = openApiDocument();
const label = (e: Endpoint) => `${e.method.toUpperCase()} ${e.path}`;
const operationOf = (e: Endpoint): OpenApiOperation => doc.paths[openApiPath(e.path)]![e.method]!;
const parametersOf = (e: Endpoint, where: 'path' | 'query'): OpenApiParameter[] =>
  (operationOf(e).parameters ?? []).filter((p) => p.in === where);

// --- JSON Schema validation of responses against the document ------------------------------------

// ajv-formats is CommonJS: its default export arrives as the module object or the function.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
  ajv: Ajv2020,
) => Ajv2020;
const ajv = new Ajv2020({ strict: true, allErrors: true });
addFormats(ajv);
// The document's components, added as one schema; `#/components/schemas/X` refs are rebased onto it.
const rebase = (schema: unknown): Json =>
  JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', '"openapi#/$defs/')) as Json;
ajv.addSchema({ $id: 'openapi', $defs: rebase(doc.components.schemas) });
const compiled = new Map<string, ValidateFunction>();

/** The documented response of an operation for a status (following a `components.responses` ref). */
function documentedResponse(e: Endpoint, status: number): OpenApiResponse | undefined {
  const response = operationOf(e).responses[String(status)];
  if (response === undefined) return undefined;
  if ('$ref' in response) return doc.components.responses[response.$ref.replace('#/components/responses/', '')];
  return response;
}

/** Checks `body` against the document's schema for (operation, status): the status must be documented. */
function expectDocumented(e: Endpoint, status: number, body: unknown): void {
  const key = `${e.method} ${e.path} ${status}`;
  let validate = compiled.get(key);
  if (!validate) {
    const response = documentedResponse(e, status);
    expect(response, `${label(e)}: status ${status} is not documented`).toBeDefined();
    validate = ajv.compile(rebase(response!.content!['application/json'].schema));
    compiled.set(key, validate);
  }
  expect(
    validate(body),
    `${label(e)} ${status}: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body).slice(0, 500)}`,
  ).toBe(true);
}

/** Checks a success body against both the zod schema and the document. */
function expectValid(e: Endpoint, status: number, body: unknown): void {
  const parsed = e.response.safeParse(body);
  expect(parsed.success, parsed.success ? '' : `${label(e)}: ${z.prettifyError(parsed.error)}`).toBe(true);
  expectDocumented(e, status, body);
}

function expectError(e: Endpoint, status: number, body: unknown): void {
  expect(errorEnvelope.safeParse(body).success, JSON.stringify(body)).toBe(true);
  expectDocumented(e, status, body);
}

const successStatuses = (e: Endpoint) => (e.status === 201 ? [201, 200] : [e.status ?? 200]);

// --- The document itself ---------------------------------------------------------------------------

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(structuredClone(doc) as never);
    expect(result.valid, JSON.stringify(result.errors, null, 2)).toBe(true);
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toMatchObject({ title: expect.any(String), version: '2.0.0', description: expect.any(String) });
    expect(doc.servers).toEqual([{ url: '/' }]);
  });

  it('is built deterministically from API_ENDPOINTS, and once', () => {
    expect(buildOpenApiDocument()).toEqual(doc);
    expect(openApiDocument()).toBe(doc);
  });

  it('lists exactly the operations of API_ENDPOINTS, and /health and /api', () => {
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => `${m} ${path}`),
    );
    expect(operations).toHaveLength(API_ENDPOINTS.length + 2);
    expect(operations.sort()).toEqual(
      [...API_ENDPOINTS.map((e) => `${e.method} ${openApiPath(e.path)}`), 'get /api', 'get /health'].sort(),
    );
    expect(Object.keys(doc.paths).every((p) => (p === '/health' || p.startsWith('/api')) && !p.includes(':'))).toBe(
      true,
    );
    expect(doc.paths['/health']!['get']!.security).toEqual([]);
    expect(Object.keys(doc.paths['/health']!['get']!.responses).sort()).toEqual(['200', '503']);
  });

  it('gives each operation a unique operationId, the registry summary and tag, and credentials as optional by default', () => {
    const ids = API_ENDPOINTS.map((e) => operationOf(e).operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const e of API_ENDPOINTS) {
      const op = operationOf(e);
      expect(op.summary).toBe(e.summary);
      expect(op.tags).toEqual([e.tag]);
      // No key and no JWT secret (the defaults): the empty requirement first, so nothing is required.
      expect(op.security, label(e)).toEqual(e.public ? [] : [{}, { ApiKey: [] }, { Bearer: [] }]);
    }
    expect(doc.paths['/api']!['get']!.security).toEqual([{}, { ApiKey: [] }, { Bearer: [] }]);
    expect(doc.tags.map((t) => t.name).sort()).toEqual([
      'glosowania',
      'polityki',
      'posiedzenia',
      'radni',
      'statystyki',
      'usluga',
      'utils',
    ]);
    expect(doc.components.securitySchemes).toEqual({
      ApiKey: expect.objectContaining({ type: 'apiKey', in: 'header', name: 'X-API-Key' }),
      Bearer: expect.objectContaining({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }),
    });
    expect(API_ENDPOINTS.filter((e) => e.public).map((e) => e.path)).toEqual(['/api/glosowania/share/:link']);
  });

  it('requires exactly the credentials configured', () => {
    const guarded = (access: { apiKey: boolean; bearer: boolean }) => {
      const built = buildOpenApiDocument(API_ENDPOINTS, access);
      return {
        security: built.paths['/api/radni']!['get']!.security,
        schemes: Object.keys(built.components.securitySchemes),
      };
    };
    expect(guarded({ apiKey: true, bearer: false })).toEqual({ security: [{ ApiKey: [] }], schemes: ['ApiKey'] });
    expect(guarded({ apiKey: false, bearer: true })).toEqual({ security: [{ Bearer: [] }], schemes: ['Bearer'] });
    expect(guarded({ apiKey: true, bearer: true })).toEqual({
      security: [{ ApiKey: [] }, { Bearer: [] }],
      schemes: ['ApiKey', 'Bearer'],
    });
  });

  it('documents every path parameter, and as query parameters exactly the keys of the zod query schema', () => {
    for (const e of API_ENDPOINTS) {
      const path = parametersOf(e, 'path');
      expect(
        path.map((p) => p.name),
        label(e),
      ).toEqual(pathParamNames(e.path));
      expect(path.every((p) => p.required)).toBe(true);
      expect(Object.keys(shapeOf(e.params)).sort(), label(e)).toEqual(pathParamNames(e.path).sort());
      expect(
        parametersOf(e, 'query').map((p) => p.name),
        label(e),
      ).toEqual(Object.keys(shapeOf(e.query)));
      for (const p of [...path, ...parametersOf(e, 'query')]) {
        expect(p.description, `${label(e)} ${p.name}`).toMatch(/\S/);
        expect(['integer', 'boolean', 'string'], `${label(e)} ${p.name}`).toContain(p.schema['type']);
      }
    }
  });

  it('documents the limits and defaults of CONTRACT §6 and DESIGN', () => {
    const param = (path: string, name: string) =>
      operationOf(API_ENDPOINTS.find((e) => e.path === path)!).parameters!.find((p) => p.name === name)!.schema;
    expect(param('/api/glosowania', 'page')).toEqual({ type: 'integer', minimum: 1, maximum: 1_000_000, default: 1 });
    expect(param('/api/glosowania', 'limit')).toEqual({ type: 'integer', minimum: 1, maximum: 100, default: 20 });
    expect(param('/api/glosowania', 'kontrowersyjnosc_min')).toEqual({ type: 'integer', minimum: 0, maximum: 100 });
    expect(param('/api/glosowania', 'kadencja')).toMatchObject({ type: 'string', pattern: '^\\d{4}-\\d{4}$' });
    expect(param('/api/glosowania', 'wynik')).toMatchObject({
      type: 'string',
      enum: expect.arrayContaining(['przyjęto', 'odrzucono']),
    });
    expect(param('/api/glosowania', 'search')).toMatchObject({ type: 'string', maxLength: 200 });
    expect(param('/api/radni/:id/koalicje', 'limit')).toMatchObject({ default: 10 });
    expect(param('/api/statystyki/ranking-frekwencji', 'limit')).toMatchObject({ default: 20 });
    expect(param('/api/glosowania/:id/glosy', 'ugrupowanie')).toEqual({ type: 'boolean' });
    expect(param('/api/glosowania/:id', 'id')).toEqual({ type: 'integer', minimum: 1 });
  });

  it('documents each listed error status, plus 401/403/429/500 (guarded) or 429/500 (public), as the Error component', () => {
    for (const e of API_ENDPOINTS) {
      const responses = operationOf(e).responses;
      const statuses = Object.keys(responses).map(Number);
      for (const status of [...e.errors, 429, 500, ...(e.public ? [] : [401, 403])])
        expect(statuses, label(e)).toContain(status);
      if (e.public) expect(statuses).not.toContain(401);
      expect(statuses.filter((s) => s >= 400)).toEqual(errorStatuses(e));
      for (const status of errorStatuses(e)) {
        expect(documentedResponse(e, status)!.content!['application/json'].schema).toEqual({
          $ref: '#/components/schemas/Error',
        });
      }
      for (const status of successStatuses(e)) expect(documentedResponse(e, status), label(e)).toBeDefined();
    }
    expect(doc.components.schemas['Error']).toMatchObject({
      type: 'object',
      required: ['success', 'error', 'message'],
      additionalProperties: false,
      properties: { success: { const: false } },
    });
  });

  it('describes responses strictly: every object schema closes additionalProperties and requires every field', () => {
    const objects: Array<[string, Json]> = [];
    const walk = (node: unknown, where: string): void => {
      if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${where}/${i}`));
      if (node === null || typeof node !== 'object') return;
      const schema = node as Json;
      if (schema['properties'] !== undefined) objects.push([where, schema]);
      for (const [key, child] of Object.entries(schema)) walk(child, `${where}/${key}`);
    };
    walk(doc.components.schemas, '#/components/schemas');
    for (const e of API_ENDPOINTS)
      for (const s of successStatuses(e)) walk(documentedResponse(e, s)!.content, label(e));
    expect(objects.length).toBeGreaterThan(40);
    for (const [where, schema] of objects) {
      // /health's refresh and replica members are operational detail, described but open (src/service/schemas.ts).
      if (/^#\/components\/schemas\/Health\/properties\/(odswiezanie|replika)/.test(where)) continue;
      expect(schema['additionalProperties'], where).toBe(false);
      if (where.startsWith('#/components/schemas/ShareRequest')) continue; // a request body: its field is optional
      expect([...(schema['required'] as string[])].sort(), where).toEqual(
        Object.keys(schema['properties'] as Json).sort(),
      );
    }
  });

  it('carries the Polish field descriptions of the schemas', () => {
    const props = (id: string) => doc.components.schemas[id]!['properties'] as Record<string, Json>;
    expect(props('VoteSummary')['kontrowersyjnosc']!['description']).toMatch(/Kontrowersyjność 0–100/);
    expect(props('PartnerItem')['zgodnosc_procent']!['description']).toMatch(/zgodne \/ wspolne_glosowania/);
    expect(props('Dashboard')['srednia_frekwencja']).toMatchObject({
      type: 'string',
      description: expect.stringMatching(/Średnia frekwencja/),
    });
  });
});

// --- Serving the document and the page -----------------------------------------------------------

describe('serving /api/openapi.json and /api/docs', () => {
  const ORIGIN = 'https://app.example.org';
  const KEY = 'k'.repeat(40);
  let dbPath: string;
  let open: TestApp;
  let locked: TestApp;

  beforeAll(async () => {
    const dir = join(tempDir(), 'bundle');
    await writeBundle(dir, HAND_COUNCIL);
    dbPath = await buildDatabase(dir);
    open = appOver(dbPath);
    locked = appOver(dbPath, {
      ALLOWED_ORIGINS: [ORIGIN],
      API_SECRET_KEY: KEY,
      NODE_ENV: 'production',
      RATE_LIMIT_MAX_REQUESTS: 5,
    });
  });
  afterAll(() => {
    open.close();
    locked.close();
  });

  it('serves the generated document, linked from /api', async () => {
    const res = await request(open.app).get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual(JSON.parse(JSON.stringify(doc)));
    const api = await request(open.app).get('/api');
    expect(api.body.data.dokumentacja).toBe('/api/openapi.json');
  });

  it('serves the Swagger UI page from the package, with a CSP that allows only this origin and no inline script', async () => {
    const redirect = await request(open.app).get('/api/docs');
    expect(redirect.status).toBe(301);
    expect(new URL(redirect.headers['location'] as string, 'http://h/api/docs').pathname).toBe('/api/docs/');
    const page = await request(open.app).get('/api/docs/');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('swagger-ui-bundle.js');
    expect(page.text).not.toMatch(/<script>(?!<\/script>)|<script[^>]*>\s*[^<\s]/); // no inline script
    expect(page.text).not.toMatch(/https?:\/\//); // nothing from a CDN
    const csp = page.headers['content-security-policy'] as string;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    const init = await request(open.app).get('/api/docs/swagger-initializer.js');
    expect(init.status).toBe(200);
    expect(init.text).toContain("url: '../openapi.json'");
    for (const asset of ['swagger-ui-bundle.js', 'swagger-ui.css']) {
      const res = await request(open.app).get(`/api/docs/${asset}`);
      expect(res.status, asset).toBe(200);
      expect(res.headers['content-security-policy']).toBe(csp);
    }
    expect((await request(open.app).get('/api/docs/package.json')).status).toBe(404);
    expect((await request(open.app).get('/api/docs/index.html')).status).toBe(404); // the package's petstore page
    // The JSON API keeps its own policy.
    expect((await request(open.app).get('/api/utils/organy')).headers['content-security-policy']).toContain(
      "default-src 'none'",
    );
  });

  it('needs neither an allowed origin nor the API key, and its static files are not counted by the rate limit', async () => {
    const limited = appOver(dbPath, {
      ALLOWED_ORIGINS: [ORIGIN],
      API_SECRET_KEY: KEY,
      NODE_ENV: 'production',
      RATE_LIMIT_MAX_REQUESTS: 2,
    });
    try {
      // A browser navigating to the page: no key, no Origin; a foreign page linking to it: its Referer.
      for (let load = 0; load < 3; load++) {
        expect((await request(limited.app).get('/api/docs/')).status).toBe(200);
        expect(
          (await request(limited.app).get('/api/openapi.json').set('Origin', 'https://elsewhere.example')).status,
        ).toBe(200);
        expect(
          (await request(limited.app).get('/api/docs/swagger-ui.css').set('Referer', 'https://elsewhere.example/x'))
            .status,
        ).toBe(200);
        const last = await request(limited.app).get('/api/docs/swagger-initializer.js');
        expect(last.status).toBe(200);
        expect(last.headers['x-ratelimit-remaining']).toBeUndefined();
      }
      // The data routes are still counted (and guarded).
      const data = await request(limited.app).get('/api/utils/organy').set('Origin', ORIGIN).set('X-API-Key', KEY);
      expect(data.headers['x-ratelimit-remaining']).toBe('1');
    } finally {
      limited.close();
    }
    // The data routes stay guarded.
    const e = API_ENDPOINTS.find((x) => x.path === '/api/utils/organy')!;
    const noKey = await request(locked.app).get(e.path).set('Origin', ORIGIN);
    expect(noKey.status).toBe(401);
    expectError(e, 401, noKey.body);
    const foreign = await request(locked.app)
      .get(e.path)
      .set('Origin', 'https://elsewhere.example')
      .set('X-API-Key', KEY);
    expect(foreign.status).toBe(403);
    expectError(e, 403, foreign.body);
    // Only GET/HEAD of the documentation is exempt, and only those paths.
    expect((await request(locked.app).post('/api/openapi.json').set('Origin', ORIGIN)).status).toBe(401);
    expect((await request(locked.app).get('/api/docs/a/b')).status).toBe(403);
  });
});

// --- Every documented parameter against the API --------------------------------------------------

describe('the documented parameters are what the API enforces (hand-built council)', () => {
  let t: TestApp;
  let ids: Record<'radni' | 'glosowania' | 'posiedzenia' | 'polityki' | 'link', string>;

  beforeAll(async () => {
    const dir = join(tempDir(), 'bundle');
    await writeBundle(dir, HAND_COUNCIL);
    t = appOver(await buildDatabase(dir, 'csv', { policies: policyFile(HAND_POLICIES) }));
    const link = await request(t.app).post('/api/glosowania/1/udostepnij').send({});
    ids = {
      radni: '1',
      glosowania: '1',
      posiedzenia: '1',
      polityki: 'budzet-miasta',
      link: link.body.data.link as string,
    };
  });
  afterAll(() => t.close());

  const pathOf = (e: Endpoint, overrides: Record<string, string> = {}) =>
    e.path.replace(
      /:(\w+)/g,
      (_m, name: string) =>
        overrides[name] ??
        (name === 'link'
          ? ids.link
          : name === 'id2'
            ? '3'
            : ids[e.path.split('/')[2] as 'radni' | 'glosowania' | 'posiedzenia' | 'polityki']),
    );
  const call = (e: Endpoint, query: Record<string, string> = {}, path = pathOf(e)) =>
    e.method === 'post' ? request(t.app).post(path).query(query).send({}) : request(t.app).get(path).query(query);

  /** Values the document says are accepted, and values it says are not. */
  function probes(p: OpenApiParameter): { good: string[]; bad: string[] } {
    const s = p.schema;
    if (s['type'] === 'integer') {
      const min = s['minimum'] as number;
      const max = s['maximum'] as number | undefined;
      return {
        good: [
          String(min),
          ...(max === undefined ? [] : [String(max)]),
          ...(s['default'] === undefined ? [] : [String(s['default'])]),
        ],
        bad: [String(min - 1), ...(max === undefined ? [] : [String(max + 1)]), '1.5', 'x'],
      };
    }
    if (s['type'] === 'boolean') return { good: ['true', 'false', '1', '0'], bad: ['yes', 'TRUE', ''] };
    const good: string[] = [];
    const bad: string[] = [];
    if (Array.isArray(s['enum'])) {
      good.push(...(s['enum'] as string[]));
      bad.push('zzz');
    }
    if (typeof s['maxLength'] === 'number') {
      good.push('a'.repeat(s['maxLength']));
      bad.push('a'.repeat(s['maxLength'] + 1));
    }
    if (typeof s['pattern'] === 'string') bad.push('!?');
    return { good, bad };
  }

  const queryCases = API_ENDPOINTS.flatMap((e) =>
    parametersOf(e, 'query').map((p) => [`${label(e)} ?${p.name}`, e, p] as const),
  );
  it.each(queryCases)('%s', async (_name, e, p) => {
    const { good, bad } = probes(p);
    for (const value of good) {
      const res = await call(e, { [p.name]: value });
      expect(successStatuses(e), `${p.name}=${value}: ${JSON.stringify(res.body)}`).toContain(res.status);
      expectValid(e, res.status, res.body);
    }
    for (const value of bad) {
      const res = await call(e, { [p.name]: value });
      expect(res.status, `${p.name}=${value.slice(0, 20)}`).toBe(400);
      expect(res.body.message).toContain(`'${p.name}'`);
      expectError(e, 400, res.body);
    }
    if (p.schema['default'] !== undefined) {
      const implicit = await call(e);
      const explicit = await call(e, { [p.name]: String(p.schema['default']) });
      expect(explicit.body, `${p.name} defaults to ${String(p.schema['default'])}`).toEqual(implicit.body);
    }
  });

  const pathCases = API_ENDPOINTS.flatMap((e) =>
    parametersOf(e, 'path').map((p) => [`${label(e)} {${p.name}}`, e, p] as const),
  );
  it.each(pathCases)('%s', async (_name, e, p) => {
    const { bad } = probes(p);
    for (const value of bad.filter((v) => v !== '')) {
      const res = await call(e, {}, pathOf(e, { [p.name]: encodeURIComponent(value) }));
      expect(res.status, `${p.name}=${value.slice(0, 20)}`).toBe(400);
      expectError(e, 400, res.body);
    }
  });

  it('answers a body that is not JSON or too large as documented (POST udostepnij)', async () => {
    const e = API_ENDPOINTS.find((x) => x.method === 'post')!;
    const form = await request(t.app).post(pathOf(e)).set('Content-Type', 'text/plain').send('id_osoby=1');
    expect(form.status).toBe(415);
    expectError(e, 415, form.body);
    const large = await request(t.app)
      .post(pathOf(e))
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ x: 'a'.repeat(20_000) }));
    expect(large.status).toBe(413);
    expectError(e, 413, large.body);
    const unknown = await request(t.app).post(pathOf(e)).send({ kto: 1 });
    expect(unknown.status).toBe(400);
    expectError(e, 400, unknown.body);
  });
});

// --- Every endpoint on two real councils -----------------------------------------------------------

interface Council {
  name: string;
  /** Builds the database; returns its path. */
  build: () => Promise<string>;
}

const COUNCILS: Council[] = [
  { name: 'sample', build: () => buildDatabase(fileURLToPath(new URL('../data/sample', import.meta.url))) },
  {
    name: 'hand-built',
    build: async () => {
      const dir = join(tempDir(), 'bundle');
      await writeBundle(dir, HAND_COUNCIL);
      return buildDatabase(dir, 'csv', { policies: policyFile(HAND_POLICIES) });
    },
  },
];

/** Per endpoint: whether its data was an array, and whether one was ever non-empty (over both councils). */
const seen = new Map<string, { array: boolean; nonEmpty: boolean }>();

const nonEmpty = (data: unknown) =>
  Array.isArray(data) ? data.length > 0 : data !== null && typeof data === 'object' && Object.keys(data).length > 0;

/** Query variants of an endpoint, from its documented parameters: defaults; every `min_*` at its minimum; each boolean true. */
function variants(e: Endpoint): Array<Record<string, string>> {
  const query = parametersOf(e, 'query');
  const mins = Object.fromEntries(
    query.filter((p) => p.name.startsWith('min_')).map((p) => [p.name, String(p.schema['minimum'])]),
  );
  const result: Array<Record<string, string>> = [{}];
  if (Object.keys(mins).length > 0) result.push(mins);
  for (const p of query.filter((q) => q.schema['type'] === 'boolean')) result.push({ ...mins, [p.name]: 'true' });
  return result;
}

describe.each(COUNCILS)('every response on the $name council matches its zod schema and the document', (council) => {
  let t: TestApp;
  let candidates: Record<'radni' | 'glosowania' | 'posiedzenia' | 'polityki' | 'link', string[]>;

  beforeAll(async () => {
    t = appOver(await council.build());
    const db = t.snapshots.active!.db;
    const column = (sql: string) =>
      (db.prepare(sql).all() as Array<Record<string, number | string>>).map((row) => String(Object.values(row)[0]));
    const radni = column(
      `SELECT id_osoby FROM radny_stat WHERE kadencja = '*' ORDER BY liczba_glosowan DESC, id_osoby LIMIT 40`,
    );
    const glosowania = column(`SELECT g.id_glosowania FROM glosowanie g
      ORDER BY (SELECT count(*) FROM zalacznik z WHERE z.id_glosowania = g.id_glosowania) DESC, g.id_glosowania LIMIT 20`);
    const posiedzenia = column(`SELECT s.id_posiedzenia FROM posiedzenie s
      ORDER BY (SELECT count(*) FROM punkt p WHERE p.id_posiedzenia = s.id_posiedzenia) DESC, s.id_posiedzenia LIMIT 20`);
    // Share links: a vote alone, and a vote with a councillor who has a ballot in it (highlighted).
    const vote = glosowania[0]!;
    const ballots = await request(t.app).get(`/api/glosowania/${vote}/glosy`);
    const voter = (ballots.body.data as Array<{ id_osoby: number }>)[0]!.id_osoby;
    const links: string[] = [];
    for (const body of [{ id_osoby: voter }, {}]) {
      const res = await request(t.app).post(`/api/glosowania/${vote}/udostepnij`).send(body);
      expect(res.status).toBe(201);
      links.push(res.body.data.link as string);
    }
    const polityki = column('SELECT id FROM polityka ORDER BY nr');
    candidates = { radni, glosowania, posiedzenia, polityki, link: links };
    expect(radni.length * glosowania.length * posiedzenia.length).toBeGreaterThan(0);
  });
  afterAll(() => t.close());

  const resourceOf = (e: Endpoint) =>
    e.path.includes(':link') ? 'link' : (e.path.split('/')[2] as 'radni' | 'glosowania' | 'posiedzenia' | 'polityki');

  it.each(API_ENDPOINTS.map((e) => [label(e), e] as const))('%s', async (_name, e) => {
    const ids = e.path.includes(':') ? candidates[resourceOf(e)] : [''];
    const entry = seen.get(e.path) ?? { array: false, nonEmpty: false };
    seen.set(e.path, entry);
    for (const query of variants(e)) {
      // Realistic ids, tried in turn until the answer has data (lists are checked on real items).
      for (const id of ids) {
        const path = e.path.replace(':id2', candidates.radni.find((other) => other !== id) ?? '').replace(/:(\w+)/, id);
        const res =
          e.method === 'post'
            ? await request(t.app)
                .post(path)
                .send({ id_osoby: Number(candidates.radni[0]) })
            : await request(t.app).get(path).query(query);
        if (e.method === 'post' && res.status === 400) {
          // That councillor has no ballot in this vote: the documented 400; then without a highlight.
          expectError(e, 400, res.body);
          const plain = await request(t.app).post(path).send({});
          expect(successStatuses(e)).toContain(plain.status);
          expectValid(e, plain.status, plain.body);
          continue;
        }
        expect(
          successStatuses(e),
          `${path}?${new URLSearchParams(query)}: ${JSON.stringify(res.body).slice(0, 300)}`,
        ).toContain(res.status);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        expectValid(e, res.status, res.body);
        entry.array ||= Array.isArray(res.body.data);
        if (nonEmpty(res.body.data)) {
          entry.nonEmpty = true;
          break;
        }
      }
    }
  });

  const withIds = API_ENDPOINTS.filter((e) => e.path.includes(':'));
  it.each(withIds.map((e) => [label(e), e] as const))('404 for an unknown resource: %s', async (_name, e) => {
    const path = e.path
      .replace(':link', 'AAAAAAAAAAAAAAAAAAAAAA')
      .replace(':id2', candidates.radni[0]!)
      .replace(':id', '987654321');
    const res = e.method === 'post' ? await request(t.app).post(path).send({}) : await request(t.app).get(path);
    expect(res.status).toBe(404);
    expectError(e, 404, res.body);
  });
});

describe('coverage of the contract run', () => {
  it('saw every endpoint answer, and every list endpoint answer with items, on at least one council', () => {
    expect([...seen.keys()].sort()).toEqual(API_ENDPOINTS.map((e) => e.path).sort());
    const emptyLists = [...seen].filter(([, s]) => s.array && !s.nonEmpty).map(([path]) => path);
    expect(emptyLists).toEqual([]);
  });
});
