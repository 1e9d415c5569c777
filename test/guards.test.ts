// Hostile requests against the guards of CONTRACT §6 (src/http/guards.ts) and the input validation behind
// them, table-driven: every row names its request and the status and error name it must get. Positive
// controls show the guards let legitimate use through. Every response of the suite is checked for
// leaked internals (stack frames, SQL, file paths).

import { SignJWT, UnsecuredJWT } from 'jose';
import { pino } from 'pino';
import request, { type Response } from './support/request.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateBundle } from '../tools/generate/index.ts';
import type { Config } from '../src/config.ts';
import { STATUS_NAMES } from '../src/http/envelope.ts';
import { KEPT_IPV6_KEYS, rateLimitKeys } from '../src/http/guards.ts';
import { ipKeyGenerator } from 'express-rate-limit';
import { appOver, buildDatabase, removeDir, tempDir, type TestApp } from './support/fixture.ts';
import { searchReference } from './support/title-forms.ts';
import { ASSETS } from '../src/site/assets.ts';

const ALLOWED = 'https://allowed.example';
const KEY = 'k3y-Secret';
const JWT_SECRET = 'hostile-suite-jwt-secret-0123456789abcdef';
const OTHER_SECRET = 'some-other-secret-0123456789abcdef-xyz';

/** Internals that must never reach a client. */
const LEAK =
  /\bat \S+ \(|\bat (?:file|node):|\.[cm]?[jt]s:\d+|node_modules|\/work\/|\/tmp\/|\bSELECT |\bFROM |\bWHERE |\bINSERT |sqlite|SQLITE_|Error:/;

type AppName = 'prod' | 'dev' | 'jwtOnly' | 'keyOnly';
type Method = 'GET' | 'POST' | 'OPTIONS' | 'HEAD';

interface Row {
  name: string;
  app: AppName;
  method?: Method;
  /** `{vote}` and `{link}` are replaced by a real vote id and share link. */
  path: string;
  /** `{jwt:<name>}` in a value is replaced by that token. */
  headers?: Record<string, string>;
  body?: string;
  status: number;
  /** The error name of the envelope; null for a success. */
  error: string | null;
}

const PROD_CONFIG: Partial<Config> = {
  ALLOWED_ORIGINS: [ALLOWED],
  API_SECRET_KEY: KEY,
  JWT_SECRET,
  NODE_ENV: 'production',
  RATE_LIMIT_MAX_REQUESTS: 1000,
};
const CONFIGS: Record<AppName, Partial<Config>> = {
  prod: PROD_CONFIG,
  dev: {
    ALLOWED_ORIGINS: [ALLOWED],
    API_SECRET_KEY: '',
    JWT_SECRET: '',
    NODE_ENV: 'development',
    RATE_LIMIT_MAX_REQUESTS: 1000,
  },
  jwtOnly: { ...PROD_CONFIG, API_SECRET_KEY: '' },
  keyOnly: { ...PROD_CONFIG, JWT_SECRET: '' },
};

const ok = { Origin: ALLOWED, 'X-API-Key': KEY };
const json = { ...ok, 'Content-Type': 'application/json' };
const share = '/api/glosowania/{vote}/udostepnij';
const votes = '/api/glosowania';

const ROWS: Row[] = [
  // --- Origin check (403) -----------------------------------------------------------------------
  {
    name: 'neither Origin nor Referer in production',
    app: 'prod',
    path: votes,
    headers: { 'X-API-Key': KEY },
    status: 403,
    error: 'Forbidden',
  },
  {
    name: 'foreign Origin',
    app: 'prod',
    path: votes,
    headers: { ...ok, Origin: 'https://evil.com' },
    status: 403,
    error: 'Forbidden',
  },
  {
    name: 'Origin that starts with an allowed one',
    app: 'prod',
    path: votes,
    headers: { ...ok, Origin: 'https://allowed.example.evil.com' },
    status: 403,
    error: 'Forbidden',
  },
  {
    name: 'Origin that ends with an allowed host',
    app: 'prod',
    path: votes,
    headers: { ...ok, Origin: 'https://notallowed.example' },
    status: 403,
    error: 'Forbidden',
  },
  {
    name: 'Origin carrying the allowed one in its query',
    app: 'prod',
    path: votes,
    headers: { ...ok, Origin: 'https://evil.com/?https://allowed.example' },
    status: 403,
    error: 'Forbidden',
  },
  {
    name: 'Origin: null',
    app: 'prod',
    path: votes,
    headers: { ...ok, Origin: 'null' },
    status: 403,
    error: 'Forbidden',
  },
  {
    name: 'allowed host over the wrong scheme',
    app: 'prod',
    path: votes,
    headers: { ...ok, Origin: 'http://allowed.example' },
    status: 403,
    error: 'Forbidden',
  },
  {
    name: 'allowed host on another port',
    app: 'prod',
    path: votes,
    headers: { ...ok, Origin: 'https://allowed.example:8443' },
    status: 403,
    error: 'Forbidden',
  },
  {
    name: 'allowed origin with a path (not an origin)',
    app: 'prod',
    path: votes,
    headers: { ...ok, Origin: 'https://allowed.example/' },
    status: 403,
    error: 'Forbidden',
  },
  {
    name: 'a list of origins in one header',
    app: 'prod',
    path: votes,
    headers: { ...ok, Origin: `${ALLOWED}, https://evil.com` },
    status: 403,
    error: 'Forbidden',
  },
  {
    name: 'allowed Referer does not rescue a forbidden Origin',
    app: 'prod',
    path: votes,
    headers: { ...ok, Origin: 'https://evil.com', Referer: `${ALLOWED}/page` },
    status: 403,
    error: 'Forbidden',
  },
  {
    name: 'Referer path trick',
    app: 'prod',
    path: votes,
    headers: { 'X-API-Key': KEY, Referer: 'https://evil.com/https://allowed.example/' },
    status: 403,
    error: 'Forbidden',
  },
  {
    name: 'Referer on a host that starts with the allowed one',
    app: 'prod',
    path: votes,
    headers: { 'X-API-Key': KEY, Referer: 'https://allowed.example.evil.com/x' },
    status: 403,
    error: 'Forbidden',
  },
  {
    name: 'Referer with the allowed origin as user info',
    app: 'prod',
    path: votes,
    headers: { 'X-API-Key': KEY, Referer: 'https://allowed.example@evil.com/' },
    status: 403,
    error: 'Forbidden',
  },
  {
    name: 'unparsable Referer',
    app: 'prod',
    path: votes,
    headers: { 'X-API-Key': KEY, Referer: 'not a url' },
    status: 403,
    error: 'Forbidden',
  },
  {
    name: 'preflight from a foreign origin',
    app: 'prod',
    method: 'OPTIONS',
    path: votes,
    headers: { Origin: 'https://evil.com', 'Access-Control-Request-Method': 'GET' },
    status: 403,
    error: 'Forbidden',
  },
  {
    name: 'POST from a foreign origin',
    app: 'prod',
    method: 'POST',
    path: share,
    headers: { ...json, Origin: 'https://evil.com' },
    body: '{}',
    status: 403,
    error: 'Forbidden',
  },
  {
    name: 'the /api index from a foreign origin',
    app: 'prod',
    path: '/api',
    headers: { ...ok, Origin: 'https://evil.com' },
    status: 403,
    error: 'Forbidden',
  },
  {
    name: 'foreign Origin in development',
    app: 'dev',
    path: votes,
    headers: { Origin: 'https://evil.com' },
    status: 403,
    error: 'Forbidden',
  },

  // --- API key and Bearer JWT (401) ---------------------------------------------------------------
  { name: 'missing key', app: 'prod', path: votes, headers: { Origin: ALLOWED }, status: 401, error: 'Unauthorized' },
  {
    name: 'wrong key',
    app: 'prod',
    path: votes,
    headers: { ...ok, 'X-API-Key': 'wrong-key' },
    status: 401,
    error: 'Unauthorized',
  },
  {
    name: 'empty key',
    app: 'prod',
    path: votes,
    headers: { ...ok, 'X-API-Key': '' },
    status: 401,
    error: 'Unauthorized',
  },
  {
    name: 'very long key (10,000 characters)',
    app: 'prod',
    path: votes,
    headers: { ...ok, 'X-API-Key': 'k'.repeat(10_000) },
    status: 401,
    error: 'Unauthorized',
  },
  {
    name: 'wrong-case key',
    app: 'prod',
    path: votes,
    headers: { ...ok, 'X-API-Key': KEY.toUpperCase() },
    status: 401,
    error: 'Unauthorized',
  },
  {
    name: 'a prefix of the key',
    app: 'prod',
    path: votes,
    headers: { ...ok, 'X-API-Key': KEY.slice(0, -1) },
    status: 401,
    error: 'Unauthorized',
  },
  {
    name: 'the key with more after it',
    app: 'prod',
    path: votes,
    headers: { ...ok, 'X-API-Key': `${KEY}x` },
    status: 401,
    error: 'Unauthorized',
  },
  {
    name: 'key in the query string instead of the header',
    app: 'prod',
    path: `${votes}?api_key=${KEY}`,
    headers: { Origin: ALLOWED },
    status: 401,
    error: 'Unauthorized',
  },
  {
    name: 'key sent as a Bearer token',
    app: 'prod',
    path: votes,
    headers: { Origin: ALLOWED, Authorization: `Bearer ${KEY}` },
    status: 401,
    error: 'Unauthorized',
  },
  {
    name: 'expired JWT',
    app: 'prod',
    path: votes,
    headers: { Origin: ALLOWED, Authorization: 'Bearer {jwt:expired}' },
    status: 401,
    error: 'Unauthorized',
  },
  {
    name: 'JWT without exp (it would never expire)',
    app: 'prod',
    path: votes,
    headers: { Origin: ALLOWED, Authorization: 'Bearer {jwt:forever}' },
    status: 401,
    error: 'Unauthorized',
  },
  {
    name: 'unsigned JWT (alg: none)',
    app: 'prod',
    path: votes,
    headers: { Origin: ALLOWED, Authorization: 'Bearer {jwt:none}' },
    status: 401,
    error: 'Unauthorized',
  },
  {
    name: 'JWT signed with another secret',
    app: 'prod',
    path: votes,
    headers: { Origin: ALLOWED, Authorization: 'Bearer {jwt:otherSecret}' },
    status: 401,
    error: 'Unauthorized',
  },
  {
    name: 'JWT signed HS512 with the right secret',
    app: 'prod',
    path: votes,
    headers: { Origin: ALLOWED, Authorization: 'Bearer {jwt:hs512}' },
    status: 401,
    error: 'Unauthorized',
  },
  {
    name: 'JWT with a swapped payload',
    app: 'prod',
    path: votes,
    headers: { Origin: ALLOWED, Authorization: 'Bearer {jwt:tampered}' },
    status: 401,
    error: 'Unauthorized',
  },
  {
    name: 'JWT not valid yet (nbf in an hour)',
    app: 'prod',
    path: votes,
    headers: { Origin: ALLOWED, Authorization: 'Bearer {jwt:notYet}' },
    status: 401,
    error: 'Unauthorized',
  },
  {
    name: 'malformed JWT',
    app: 'prod',
    path: votes,
    headers: { Origin: ALLOWED, Authorization: 'Bearer not-a-jwt' },
    status: 401,
    error: 'Unauthorized',
  },
  {
    name: 'three garbage segments as a JWT',
    app: 'prod',
    path: votes,
    headers: { Origin: ALLOWED, Authorization: 'Bearer a.b.c' },
    status: 401,
    error: 'Unauthorized',
  },
  {
    name: 'Bearer without a token',
    app: 'prod',
    path: votes,
    headers: { Origin: ALLOWED, Authorization: 'Bearer' },
    status: 401,
    error: 'Unauthorized',
  },
  {
    name: 'right key next to a bad Bearer token',
    app: 'prod',
    path: votes,
    headers: { ...ok, Authorization: 'Bearer {jwt:otherSecret}' },
    status: 401,
    error: 'Unauthorized',
  },
  {
    name: 'another Authorization scheme without a key',
    app: 'prod',
    path: votes,
    headers: { Origin: ALLOWED, Authorization: 'Basic YWRtaW46YWRtaW4=' },
    status: 401,
    error: 'Unauthorized',
  },
  {
    name: 'the /api index without a key',
    app: 'prod',
    path: '/api',
    headers: { Origin: ALLOWED },
    status: 401,
    error: 'Unauthorized',
  },
  {
    name: 'POST without a key',
    app: 'prod',
    method: 'POST',
    path: share,
    headers: { Origin: ALLOWED, 'Content-Type': 'application/json' },
    body: '{}',
    status: 401,
    error: 'Unauthorized',
  },
  {
    name: 'JWT-only: no token',
    app: 'jwtOnly',
    path: votes,
    headers: { Origin: ALLOWED },
    status: 401,
    error: 'Unauthorized',
  },
  {
    name: 'JWT-only: an X-API-Key is not a token',
    app: 'jwtOnly',
    path: votes,
    headers: ok,
    status: 401,
    error: 'Unauthorized',
  },
  {
    name: 'key-only: no key',
    app: 'keyOnly',
    path: votes,
    headers: { Origin: ALLOWED },
    status: 401,
    error: 'Unauthorized',
  },

  // --- Parameters, ids and injection strings (400 / 404) ------------------------------------------
  {
    name: 'SQL injection in search',
    app: 'prod',
    path: `${votes}?search=${encodeURIComponent("' OR 1=1 --")}`,
    headers: ok,
    status: 200,
    error: null,
  },
  {
    name: 'LIKE wildcard % in search',
    app: 'prod',
    path: `${votes}?search=%25`,
    headers: ok,
    status: 200,
    error: null,
  },
  {
    name: 'SQL in a councillor path id',
    app: 'prod',
    path: '/api/radni/1;DROP%20TABLE%20radny',
    headers: ok,
    status: 400,
    error: 'Bad Request',
  },
  {
    name: 'quoted OR in a councillor path id',
    app: 'prod',
    path: '/api/radni/%27%20OR%201=1',
    headers: ok,
    status: 400,
    error: 'Bad Request',
  },
  {
    name: 'SQL in a councillor token',
    app: 'prod',
    path: '/api/radni/jan-kowalski%27--',
    headers: ok,
    status: 400,
    error: 'Bad Request',
  },
  {
    name: 'SQL in a vote path id',
    app: 'prod',
    path: '/api/glosowania/1%20OR%201=1',
    headers: ok,
    status: 400,
    error: 'Bad Request',
  },
  {
    name: 'path id beyond 2^53',
    app: 'prod',
    path: '/api/glosowania/99999999999999999999',
    headers: ok,
    status: 400,
    error: 'Bad Request',
  },
  {
    name: 'councillor id beyond 2^53',
    app: 'prod',
    path: '/api/radni/99999999999999999999',
    headers: ok,
    status: 400,
    error: 'Bad Request',
  },
  { name: 'path id 0', app: 'prod', path: '/api/glosowania/0', headers: ok, status: 400, error: 'Bad Request' },
  {
    name: 'negative path id',
    app: 'prod',
    path: '/api/posiedzenia/-1',
    headers: ok,
    status: 400,
    error: 'Bad Request',
  },
  {
    name: 'fractional path id',
    app: 'prod',
    path: '/api/glosowania/1.5',
    headers: ok,
    status: 400,
    error: 'Bad Request',
  },
  {
    name: 'encoded path traversal as an id',
    app: 'prod',
    path: '/api/glosowania/..%2F..%2Fetc%2Fpasswd',
    headers: ok,
    status: 400,
    error: 'Bad Request',
  },
  { name: 'page=1e309', app: 'prod', path: `${votes}?page=1e309`, headers: ok, status: 400, error: 'Bad Request' },
  { name: 'limit=-1', app: 'prod', path: `${votes}?limit=-1`, headers: ok, status: 400, error: 'Bad Request' },
  { name: 'limit=0', app: 'prod', path: `${votes}?limit=0`, headers: ok, status: 400, error: 'Bad Request' },
  {
    name: 'limit above the maximum',
    app: 'prod',
    path: `${votes}?limit=101`,
    headers: ok,
    status: 400,
    error: 'Bad Request',
  },
  {
    name: 'page=1&page=2',
    app: 'prod',
    path: `${votes}?page=1&page=2`,
    headers: ok,
    status: 400,
    error: 'Bad Request',
  },
  {
    name: 'data_od=2024-02-30',
    app: 'prod',
    path: `${votes}?data_od=2024-02-30`,
    headers: ok,
    status: 400,
    error: 'Bad Request',
  },
  {
    name: 'SQL in kadencja',
    app: 'prod',
    path: `${votes}?kadencja=${encodeURIComponent("2018-2023' OR '1'='1")}`,
    headers: ok,
    status: 400,
    error: 'Bad Request',
  },
  {
    name: 'SQL in organ',
    app: 'prod',
    path: `${votes}?organ=${encodeURIComponent('1 OR 1=1')}`,
    headers: ok,
    status: 400,
    error: 'Bad Request',
  },
  {
    name: 'search over 200 characters',
    app: 'prod',
    path: `${votes}?search=${'a'.repeat(201)}`,
    headers: ok,
    status: 400,
    error: 'Bad Request',
  },
  {
    name: 'nested-object query syntax is not parsed: an unknown parameter',
    app: 'prod',
    path: `${votes}?search[$ne]=x`,
    headers: ok,
    status: 400,
    error: 'Bad Request',
  },
  {
    name: 'malformed share link',
    app: 'prod',
    path: '/api/glosowania/share/%27%20OR%201=1',
    status: 400,
    error: 'Bad Request',
  },
  {
    name: 'unknown share link',
    app: 'prod',
    path: '/api/glosowania/share/AAAAAAAAAAAAAAAAAAAAAA',
    status: 404,
    error: 'Not Found',
  },
  { name: 'unknown route', app: 'prod', path: '/api/admin/users', headers: ok, status: 404, error: 'Not Found' },
  { name: 'unknown councillor', app: 'prod', path: '/api/radni/999999', headers: ok, status: 404, error: 'Not Found' },

  // --- The POST body (400 / 404 / 413 / 415) ------------------------------------------------------
  {
    name: '__proto__ key in the body',
    app: 'prod',
    method: 'POST',
    path: share,
    headers: json,
    body: '{"__proto__": {"polluted": 1}}',
    status: 400,
    error: 'Bad Request',
  },
  {
    name: 'constructor.prototype in the body',
    app: 'prod',
    method: 'POST',
    path: share,
    headers: json,
    body: '{"constructor": {"prototype": {"polluted": 1}}}',
    status: 400,
    error: 'Bad Request',
  },
  {
    name: '__proto__ next to a valid field',
    app: 'prod',
    method: 'POST',
    path: share,
    headers: json,
    body: '{"id_osoby": 1, "__proto__": {"isAdmin": true}}',
    status: 400,
    error: 'Bad Request',
  },
  {
    name: 'malformed JSON',
    app: 'prod',
    method: 'POST',
    path: share,
    headers: json,
    body: '{"id_osoby": 1,',
    status: 400,
    error: 'Bad Request',
  },
  {
    name: 'a JSON array',
    app: 'prod',
    method: 'POST',
    path: share,
    headers: json,
    body: '[1, 2]',
    status: 400,
    error: 'Bad Request',
  },
  {
    name: 'a bare JSON null',
    app: 'prod',
    method: 'POST',
    path: share,
    headers: json,
    body: 'null',
    status: 400,
    error: 'Bad Request',
  },
  {
    name: 'SQL as id_osoby',
    app: 'prod',
    method: 'POST',
    path: share,
    headers: json,
    body: '{"id_osoby": "1 OR 1=1"}',
    status: 400,
    error: 'Bad Request',
  },
  {
    name: 'id_osoby overflowing to Infinity',
    app: 'prod',
    method: 'POST',
    path: share,
    headers: json,
    body: '{"id_osoby": 1e309}',
    status: 400,
    error: 'Bad Request',
  },
  {
    name: 'a 20 KB body',
    app: 'prod',
    method: 'POST',
    path: share,
    headers: json,
    body: JSON.stringify({ id_osoby: 1, pad: 'x'.repeat(20_000) }),
    status: 413,
    error: 'Payload Too Large',
  },
  {
    name: 'text/plain body',
    app: 'prod',
    method: 'POST',
    path: share,
    headers: { ...ok, 'Content-Type': 'text/plain' },
    body: '{"id_osoby": 1}',
    status: 415,
    error: 'Unsupported Media Type',
  },
  {
    name: 'form-encoded body',
    app: 'prod',
    method: 'POST',
    path: share,
    headers: { ...ok, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'id_osoby=1',
    status: 415,
    error: 'Unsupported Media Type',
  },
  {
    name: 'XML body',
    app: 'prod',
    method: 'POST',
    path: share,
    headers: { ...ok, 'Content-Type': 'application/xml' },
    body: '<id_osoby>1</id_osoby>',
    status: 415,
    error: 'Unsupported Media Type',
  },
  {
    name: 'text body on a GET',
    app: 'prod',
    path: votes,
    headers: { ...ok, 'Content-Type': 'text/plain' },
    body: 'hello',
    status: 415,
    error: 'Unsupported Media Type',
  },
  {
    name: 'share of an unknown vote',
    app: 'prod',
    method: 'POST',
    path: '/api/glosowania/999999/udostepnij',
    headers: json,
    body: '{}',
    status: 404,
    error: 'Not Found',
  },

  // --- Positive controls: the guards let legitimate use through ------------------------------------
  {
    name: 'control: allowed origin and the right key',
    app: 'prod',
    path: votes,
    headers: ok,
    status: 200,
    error: null,
  },
  {
    name: 'control: the /api index with origin and key',
    app: 'prod',
    path: '/api',
    headers: ok,
    status: 200,
    error: null,
  },
  {
    name: 'control: valid JWT',
    app: 'prod',
    path: votes,
    headers: { Origin: ALLOWED, Authorization: 'Bearer {jwt:valid}' },
    status: 200,
    error: null,
  },
  {
    name: 'control: valid JWT decides over a wrong key',
    app: 'prod',
    path: votes,
    headers: { ...ok, 'X-API-Key': 'wrong', Authorization: 'bearer {jwt:valid}' },
    status: 200,
    error: null,
  },
  {
    name: 'control: another Authorization scheme is ignored next to the right key',
    app: 'prod',
    path: votes,
    headers: { ...ok, Authorization: 'Basic YWRtaW46YWRtaW4=' },
    status: 200,
    error: null,
  },
  {
    name: 'control: allowed Referer and no Origin',
    app: 'prod',
    path: votes,
    headers: { 'X-API-Key': KEY, Referer: `${ALLOWED}/glosowania?page=2` },
    status: 200,
    error: null,
  },
  { name: 'control: no headers in development', app: 'dev', path: votes, status: 200, error: null },
  {
    name: 'control: allowed Referer in development',
    app: 'dev',
    path: votes,
    headers: { Referer: `${ALLOWED}/` },
    status: 200,
    error: null,
  },
  {
    name: 'control: preflight from the allowed origin, no key',
    app: 'prod',
    method: 'OPTIONS',
    path: share,
    headers: {
      Origin: ALLOWED,
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': 'content-type,x-api-key',
    },
    status: 204,
    error: null,
  },
  { name: 'control: /health with no headers in production', app: 'prod', path: '/health', status: 200, error: null },
  {
    name: 'control: share link, no origin, no key',
    app: 'prod',
    path: '/api/glosowania/share/{link}',
    status: 200,
    error: null,
  },
  {
    name: 'control: share link read from a foreign origin',
    app: 'prod',
    path: '/api/glosowania/share/{link}',
    headers: { Origin: 'https://evil.com' },
    status: 200,
    error: null,
  },
  {
    name: 'control: POST share with a JSON body',
    app: 'prod',
    method: 'POST',
    path: share,
    headers: json,
    body: '{}',
    status: 200,
    error: null,
  },
  {
    name: 'control: POST share with no body at all',
    app: 'prod',
    method: 'POST',
    path: share,
    headers: ok,
    status: 200,
    error: null,
  },
  {
    name: 'control: POST share with Content-Length: 0 and no type',
    app: 'prod',
    method: 'POST',
    path: share,
    headers: { ...ok, 'Content-Length': '0' },
    status: 200,
    error: null,
  },
  {
    name: 'control: JSON with a charset parameter',
    app: 'prod',
    method: 'POST',
    path: share,
    headers: { ...ok, 'Content-Type': 'application/json; charset=utf-8' },
    body: '{}',
    status: 200,
    error: null,
  },
  {
    name: 'control: JWT-only with a valid token',
    app: 'jwtOnly',
    path: votes,
    headers: { Origin: ALLOWED, Authorization: 'Bearer {jwt:valid}' },
    status: 200,
    error: null,
  },
  {
    name: 'control: key-only ignores a Bearer token',
    app: 'keyOnly',
    path: votes,
    headers: { ...ok, Authorization: 'Bearer junk' },
    status: 200,
    error: null,
  },
];

// --- Fixture ------------------------------------------------------------------------------------

let sourceDir: string;
let dbPath: string;
const apps = {} as Record<AppName, TestApp>;
const extraApps: TestApp[] = [];
const tokens: Record<string, string> = {};
let voteId: number;
let link: string;
let titles: string[];

const secretOf = (s: string) => new TextEncoder().encode(s);
const now = () => Math.floor(Date.now() / 1000);

async function makeTokens(): Promise<void> {
  const secret = secretOf(JWT_SECRET);
  const signed = (alg = 'HS256') =>
    new SignJWT({ sub: 'frontend' }).setProtectedHeader({ alg }).setIssuedAt().setExpirationTime('10m');
  tokens.valid = await signed().sign(secret);
  tokens.expired = await new SignJWT({ sub: 'frontend' })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt(now() - 3600)
    .setExpirationTime(now() - 60)
    .sign(secret);
  tokens.forever = await new SignJWT({ sub: 'frontend' })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .sign(secret);
  tokens.none = new UnsecuredJWT({ sub: 'frontend' }).setIssuedAt().setExpirationTime('10m').encode();
  tokens.otherSecret = await signed().sign(secretOf(OTHER_SECRET));
  tokens.hs512 = await signed('HS512').sign(secret);
  tokens.notYet = await new SignJWT({ sub: 'frontend' })
    .setProtectedHeader({ alg: 'HS256' })
    .setNotBefore(now() + 3600)
    .setExpirationTime('2h')
    .sign(secret);
  tokens.in2100 = await new SignJWT({ sub: 'frontend' })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.UTC(2100, 0, 1) / 1000))
    .sign(secret);
  tokens.at1e300 = await new SignJWT({ sub: 'frontend', exp: 1e300 }).setProtectedHeader({ alg: 'HS256' }).sign(secret);
  tokens.issuedLater = await new SignJWT({ sub: 'frontend' })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt(now() + 3600)
    .setExpirationTime('2h')
    .sign(secret);
  const [header, , signature] = tokens.valid.split('.');
  const forged = Buffer.from(JSON.stringify({ sub: 'admin', exp: now() + 600 })).toString('base64url');
  tokens.tampered = `${header}.${forged}.${signature}`;
}

const fill = (text: string): string =>
  text
    .replaceAll('{vote}', String(voteId))
    .replaceAll('{link}', link)
    .replace(/\{jwt:(\w+)\}/g, (_m, name: string) => {
      const token = tokens[name];
      if (token === undefined) throw new Error(`no token ${name}`);
      return token;
    });

/** Sends one request; every response of the suite passes through here and is checked for leaks. */
async function send(
  app: TestApp['app'],
  method: Method,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<Response> {
  const agent = request(app);
  const url = fill(path);
  const test =
    method === 'GET'
      ? agent.get(url)
      : method === 'POST'
        ? agent.post(url)
        : method === 'HEAD'
          ? agent.head(url)
          : agent.options(url);
  for (const [name, value] of Object.entries(headers)) test.set(name, fill(value));
  const res = body === undefined ? await test : await test.send(body);
  expect(res.text ?? '', `response to ${method} ${url} leaks internals`).not.toMatch(LEAK);
  expect(res.headers['x-powered-by']).toBeUndefined();
  return res;
}

function expectError(res: Response, status: number): void {
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.body).toEqual({ success: false, error: STATUS_NAMES[status], message: expect.any(String) });
  expect(Object.keys(res.body)).toEqual(['success', 'error', 'message']);
}

beforeAll(async () => {
  sourceDir = tempDir('hostile-src-');
  await generateBundle(sourceDir, { seed: 5, radni: 10, glosowania: 80 });
  dbPath = await buildDatabase(sourceDir);
  for (const name of Object.keys(CONFIGS) as AppName[]) apps[name] = appOver(dbPath, CONFIGS[name]);
  await makeTokens();

  const list = await send(apps.prod.app, 'GET', `${votes}?limit=100`, ok);
  expect(list.status).toBe(200);
  expect(list.body.pagination.total).toBe(list.body.data.length);
  titles = list.body.data.map((v: { tytul: string }) => v.tytul);
  voteId = list.body.data[0].id_glosowania;
  const shared = await send(apps.prod.app, 'POST', share, json, '{}');
  expect(shared.status).toBe(201);
  link = shared.body.data.link;
});

afterAll(() => {
  for (const app of [...Object.values(apps), ...extraApps]) app.close();
  if (sourceDir) removeDir(sourceDir);
  if (dbPath) removeDir(dbPath.replace(/[/\\][^/\\]+$/, ''));
});

// --- The table ----------------------------------------------------------------------------------

describe('hostile requests', () => {
  it('the table holds at least 40 hostile rows and positive controls', () => {
    expect(ROWS.filter((r) => !r.name.startsWith('control:')).length).toBeGreaterThanOrEqual(40);
    expect(ROWS.filter((r) => r.name.startsWith('control:')).length).toBeGreaterThanOrEqual(5);
    expect(new Set(ROWS.map((r) => r.name)).size).toBe(ROWS.length);
  });

  it.each(ROWS)('$name → $status', async (row) => {
    const res = await send(apps[row.app].app, row.method ?? 'GET', row.path, row.headers, row.body);
    if (row.error === null) {
      expect(res.status, res.text).toBe(row.status);
      if (row.status !== 204) expect(res.body.success ?? res.body.status).toBeTruthy();
    } else {
      expect(STATUS_NAMES[row.status]).toBe(row.error);
      expectError(res, row.status);
    }
  });
});

// --- Details the table cannot show ----------------------------------------------------------------

describe('search strings are matched literally (and a word by its forms, issue 44)', () => {
  let matches: ReturnType<typeof searchReference> | undefined; // once the titles are read (beforeAll above)
  const expected = (search: string) => {
    matches ??= searchReference(titles);
    return titles.filter((t) => matches!(t, search)).length;
  };
  const total = async (search: string) => {
    const res = await send(apps.prod.app, 'GET', `${votes}?limit=100&search=${encodeURIComponent(search)}`, ok);
    expect(res.status).toBe(200);
    return res.body.pagination.total as number;
  };

  it('a real title search finds some but not all votes (the yardstick)', async () => {
    for (const word of ['statutu', 'budzet', 'Poprawka nr 1']) {
      const n = await total(word);
      expect(n).toBe(expected(word));
      expect(n).toBeGreaterThan(0);
      expect(n).toBeLessThan(titles.length);
    }
  });

  it.each(["' OR 1=1 --", "' OR '1'='1", '%', '_', '%%%', '__', '%_%', '*', '\\', '"; DROP TABLE glosowania; --'])(
    '%s does not match everything',
    async (search) => {
      const n = await total(search);
      expect(n).toBe(expected(search));
      expect(n).toBeLessThan(titles.length);
    },
  );

  it('the database is intact after the injection attempts', async () => {
    const res = await send(apps.prod.app, 'GET', `${votes}?limit=100`, ok);
    expect(res.body.pagination.total).toBe(titles.length);
    expect((await send(apps.prod.app, 'GET', '/api/radni', ok)).body.count).toBeGreaterThan(0);
  });
});

describe('prototype pollution', () => {
  it('__proto__ and constructor bodies are refused by name and pollute nothing', async () => {
    for (const body of [
      '{"__proto__": {"x": 1}}',
      '{"constructor": {"prototype": {"x": 1}}}',
      '{"__proto__": {"polluted": true}, "id_osoby": 1}',
    ]) {
      const res = await send(apps.prod.app, 'POST', share, json, body);
      expectError(res, 400);
      expect(res.body.message).toMatch(/unknown field\(s\) (__proto__|constructor)/);
    }
    const probe: Record<string, unknown> = {};
    expect(probe.x).toBeUndefined();
    expect(probe.polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('x');
    expect(Object.prototype).not.toHaveProperty('polluted');
  });
});

describe('content type', () => {
  /** A chunked POST: no Content-Length, so only the guard sees that a body is coming. */
  async function chunked(contentType: string, body: string): Promise<Response> {
    const test = request(apps.prod.app).post(fill(share)).set(ok).set('Content-Type', contentType);
    test.write(body);
    const res = await test;
    expect(res.text ?? '').not.toMatch(LEAK);
    return res;
  }

  it('a chunked body of the wrong type is 415, a chunked JSON body is read', async () => {
    expectError(await chunked('text/plain', '{"id_osoby": 1}'), 415);
    const res = await chunked('application/json', '{}');
    expect(res.status).toBe(200);
    expect(res.body.data.link).toBe(link);
  });
});

describe('headers', () => {
  it('a preflight from the allowed origin is answered with the CORS headers, uncounted and without a key', async () => {
    const res = await send(apps.prod.app, 'OPTIONS', share, {
      Origin: ALLOWED,
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': 'content-type,x-api-key',
    });
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(res.headers['access-control-allow-methods']).toBe('GET,POST,OPTIONS');
    expect(res.headers['access-control-allow-headers']).toBe('Content-Type,Authorization,X-API-Key');
    expect(res.headers.vary).toMatch(/\bOrigin\b/);
    expect(res.headers['x-ratelimit-limit']).toBeUndefined();
  });

  it('an allowed origin gets its origin reflected; a foreign one gets no CORS headers', async () => {
    const good = await send(apps.prod.app, 'GET', votes, ok);
    expect(good.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(good.headers['access-control-expose-headers']).toMatch(/X-RateLimit-Remaining/);
    expect(good.headers.vary).toMatch(/\bOrigin\b/);
    const bad = await send(apps.prod.app, 'GET', votes, { ...ok, Origin: 'https://evil.com' });
    expect(bad.status).toBe(403);
    expect(bad.headers['access-control-allow-origin']).toBeUndefined();
    expect(bad.headers.vary).toMatch(/\bOrigin\b/);
    const open = await send(apps.prod.app, 'GET', '/api/glosowania/share/{link}', { Origin: 'https://evil.com' });
    expect(open.status).toBe(200);
    expect(open.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('helmet headers suit a JSON API', async () => {
    for (const res of [await send(apps.prod.app, 'GET', votes, ok), await send(apps.prod.app, 'GET', votes, {})]) {
      expect(res.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
      expect(res.headers['cross-origin-resource-policy']).toBe('same-site');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it('a 401 with JWT enabled names the Bearer scheme', async () => {
    const res = await send(apps.prod.app, 'GET', votes, { Origin: ALLOWED, Authorization: 'Bearer {jwt:expired}' });
    expectError(res, 401);
    expect(res.headers['www-authenticate']).toBe('Bearer realm="council-api", error="invalid_token"');
    expect(res.body.message).toMatch(/expired/);
    const forever = await send(apps.prod.app, 'GET', votes, { Origin: ALLOWED, Authorization: 'Bearer {jwt:forever}' });
    expectError(forever, 401);
    expect(forever.body.message).toBe('the Bearer token has no expiry (exp): only tokens that expire are accepted');
    // Issue 42: an exp in 2100 or at 1e300 is as good as none; an iat in the future is refused.
    for (const name of ['in2100', 'at1e300']) {
      const far = await send(apps.prod.app, 'GET', votes, { Origin: ALLOWED, Authorization: `Bearer {jwt:${name}}` });
      expectError(far, 401);
      expect(far.body.message, name).toBe(
        'the Bearer token expires too far ahead: tokens may live at most 86400 s (JWT_MAX_AGE_S)',
      );
    }
    const future = await send(apps.prod.app, 'GET', votes, {
      Origin: ALLOWED,
      Authorization: 'Bearer {jwt:issuedLater}',
    });
    expectError(future, 401);
    expect(future.body.message).toBe('the Bearer token was issued in the future (iat)');
  });
});

describe('rate limit', () => {
  it('the 101st request of a window is 429 with the headers; /health and preflights are not counted', async () => {
    const limited = appOver(dbPath, { ...PROD_CONFIG, RATE_LIMIT_MAX_REQUESTS: 100 });
    extraApps.push(limited);
    const path = '/api/utils/organy';
    const startedS = now();
    for (let i = 0; i < 100; i++) {
      if (i % 10 === 0) {
        const health = await send(limited.app, 'GET', '/health');
        expect(health.status).toBe(200);
        expect(health.headers['x-ratelimit-limit']).toBeUndefined();
        const preflight = await send(limited.app, 'OPTIONS', path, {
          Origin: ALLOWED,
          'Access-Control-Request-Method': 'GET',
        });
        expect(preflight.status).toBe(204);
      }
      const res = await send(limited.app, 'GET', path, ok);
      expect(res.status).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBe('100');
      expect(res.headers['x-ratelimit-remaining']).toBe(String(99 - i));
    }
    const res = await send(limited.app, 'GET', path, ok);
    expectError(res, 429);
    // A script that pages through everything is pointed at the bulk files (issue 36).
    expect(res.body.message).toMatch(
      /at most 100 API requests per 900 s per client address; try again in \d+ s\. .*\/dane\//,
    );
    expect(res.headers['x-ratelimit-limit']).toBe('100');
    expect(res.headers['x-ratelimit-remaining']).toBe('0');
    // X-RateLimit-Reset: the end of the window in whole Unix seconds.
    const reset = res.headers['x-ratelimit-reset'];
    expect(reset).toMatch(/^\d{10}$/);
    expect(Number(reset)).toBeGreaterThanOrEqual(startedS + 900 - 1);
    expect(Number(reset)).toBeLessThanOrEqual(now() + 900 + 1);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.headers['access-control-allow-origin']).toBe(ALLOWED);

    // Key guesses are counted too, and a forged X-Forwarded-For is not believed (TRUST_PROXY off).
    expectError(await send(limited.app, 'GET', path, { ...ok, 'X-API-Key': 'guess' }), 429);
    expectError(await send(limited.app, 'GET', path, { ...ok, 'X-Forwarded-For': '203.0.113.9' }), 429);
    expect((await send(limited.app, 'GET', '/health')).status).toBe(200);
  });

  it('without TRUST_PROXY, X-Forwarded-For is not believed and the log says so, once', async () => {
    const lines: string[] = [];
    const logger = pino(
      { level: 'warn' },
      {
        write: (line: string) => {
          lines.push(line);
        },
      },
    );
    const direct = appOver(dbPath, { ...PROD_CONFIG, RATE_LIMIT_MAX_REQUESTS: 2 }, logger);
    extraApps.push(direct);
    const from = (ip: string) => send(direct.app, 'GET', '/api/utils/organy', { ...ok, 'X-Forwarded-For': ip });
    expect((await from('203.0.113.1')).status).toBe(200);
    expect((await from('203.0.113.2')).status).toBe(200);
    expectError(await from('203.0.113.3'), 429); // one client: the socket's peer
    const warnings = lines.filter((line) => line.includes('TRUST_PROXY is off'));
    expect(warnings).toHaveLength(1);
  });

  it('with TRUST_PROXY the client address comes from X-Forwarded-For', async () => {
    const proxied = appOver(dbPath, { ...PROD_CONFIG, RATE_LIMIT_MAX_REQUESTS: 2, TRUST_PROXY: true });
    extraApps.push(proxied);
    const from = (ip: string) => send(proxied.app, 'GET', '/api/utils/organy', { ...ok, 'X-Forwarded-For': ip });
    expect((await from('203.0.113.1')).status).toBe(200);
    expect((await from('203.0.113.1')).status).toBe(200);
    expectError(await from('203.0.113.1'), 429);
    expect((await from('203.0.113.2')).status).toBe(200);
  });

  it('an IPv6 client counts by its /56, an IPv4-mapped one as its IPv4 address, as ipKeyGenerator says', async () => {
    const proxied = appOver(dbPath, { ...PROD_CONFIG, RATE_LIMIT_MAX_REQUESTS: 2, TRUST_PROXY: true });
    extraApps.push(proxied);
    const from = (ip: string) => send(proxied.app, 'GET', '/api/utils/organy', { ...ok, 'X-Forwarded-For': ip });
    expect((await from('2001:db8:0:1::1')).status).toBe(200);
    expect((await from('2001:db8:0:2::7')).status).toBe(200); // the same /56
    expectError(await from('2001:db8:0:1::1'), 429);
    expect((await from('2001:db8:1::1')).status).toBe(200); // another /56
    expect((await from('::ffff:203.0.113.9')).status).toBe(200);
    expect((await from('203.0.113.9')).status).toBe(200);
    expectError(await from('::ffff:203.0.113.9'), 429);
  });

  it("rateLimitKeys gives ipKeyGenerator's key for every address, and starts again once it keeps too many", () => {
    const keyOf = rateLimitKeys();
    const addresses = ['127.0.0.1', '203.0.113.9', '::1', '::', '::ffff:127.0.0.1', '::127.0.0.1', '2001:db8::1'];
    addresses.push('2001:db8:0:ff::1', 'fe80::1%eth0', '2001:db8:1::', 'not an address', '');
    for (const round of [1, 2])
      for (const address of addresses)
        expect([round, address, keyOf(address)]).toEqual([round, address, ipKeyGenerator(address)]);
    for (let i = 0; i < KEPT_IPV6_KEYS + 5; i++) {
      const address = `2001:db8:${(i >> 16).toString(16)}:${(i & 0xffff).toString(16)}::1`;
      expect(keyOf(address)).toBe(ipKeyGenerator(address));
    }
    expect(keyOf('2001:db8::1')).toBe('2001:db8::/56');
  });

  // Issue 42: a server reached directly as well as through its proxy must not believe a forged header.
  it("with TRUST_PROXY as the proxies' addresses, X-Forwarded-For is believed only from them", async () => {
    const limit = { ...PROD_CONFIG, RATE_LIMIT_MAX_REQUESTS: 2 };
    const viaLoopback = appOver(dbPath, { ...limit, TRUST_PROXY: ['loopback'] });
    const viaOther = appOver(dbPath, { ...limit, TRUST_PROXY: ['10.0.0.1', '192.168.0.0/16'] });
    extraApps.push(viaLoopback, viaOther);
    const from = (app: typeof viaLoopback, ip: string) =>
      send(app.app, 'GET', '/api/utils/organy', { ...ok, 'X-Forwarded-For': ip });
    // The test connects from 127.0.0.1: a configured proxy for the first app, so each forwarded address is a client.
    for (const ip of ['203.0.113.1', '203.0.113.1', '203.0.113.2', '203.0.113.3'])
      expect((await from(viaLoopback, ip)).status).toBe(200);
    expectError(await from(viaLoopback, '203.0.113.1'), 429);
    // Not one of the second app's proxies: every forged address is the one client 127.0.0.1.
    expect((await from(viaOther, '203.0.113.1')).status).toBe(200);
    expect((await from(viaOther, '203.0.113.2')).status).toBe(200);
    expectError(await from(viaOther, '203.0.113.3'), 429);
  });
});

describe('the request log and credentials in a query string (issue 34)', () => {
  it('logs the request with the key, a token or a secret in its query string redacted', async () => {
    const lines: Array<{ req?: { url: string }; reason?: string }> = [];
    const logger = pino(
      { level: 'info' },
      {
        write: (line: string) => {
          lines.push(JSON.parse(line) as (typeof lines)[number]);
        },
      },
    );
    const logged = appOver(dbPath, PROD_CONFIG, logger);
    extraApps.push(logged);
    const sent = [
      `/api/utils/organy?api_key=${KEY}`,
      `/api/utils/organy?X-API-Key=${encodeURIComponent(KEY)}&organ=1`,
      `/api/utils/organy?access_token=${tokens.valid!}`,
      `/api/utils/organy?k=${KEY}`,
      `/api/utils/organy?q=${tokens.valid!}`,
      `/api/utils/organy?jwt_secret=${JWT_SECRET}`,
    ];
    for (const path of sent) expect((await send(logged.app, 'GET', path, { Origin: ALLOWED })).status).toBe(401);
    expect((await send(logged.app, 'GET', `/api/glosowania?limit=2&organ=1&api_key=${KEY}`, ok)).status).toBe(400);
    const urls = lines.filter((l) => l.req).map((l) => l.req!.url);
    expect(urls).toEqual([
      '/api/utils/organy?api_key=[redacted]',
      '/api/utils/organy?X-API-Key=[redacted]&organ=1',
      '/api/utils/organy?access_token=[redacted]',
      '/api/utils/organy?k=[redacted]',
      '/api/utils/organy?q=[redacted]',
      '/api/utils/organy?jwt_secret=[redacted]',
      '/api/glosowania?limit=2&organ=1&api_key=[redacted]',
    ]);
    const all = JSON.stringify(lines);
    for (const secret of [KEY, encodeURIComponent(KEY), tokens.valid!, JWT_SECRET])
      expect(all.includes(secret), secret).toBe(false);
  });

  it("writes each line as pino writes it: the logger's level, time and bindings, the request's fields, the message", async () => {
    const raw: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void raw.push(line) }).child({ worker: 2 });
    const logged = appOver(dbPath, PROD_CONFIG, logger);
    extraApps.push(logged);
    expect((await send(logged.app, 'GET', '/api/utils/kadencje?k="x"', ok)).status).toBe(400);
    expect((await send(logged.app, 'GET', '/api/utils/kadencje', ok)).status).toBe(200);
    const written = raw.filter((line) => line.includes('"req":'));
    expect(written).toHaveLength(2);
    for (const line of written) {
      const { level, time, req, res, reason, responseTime, msg } = JSON.parse(line) as Record<string, unknown>;
      const again: string[] = [];
      const same = pino(
        { level: 'info', timestamp: () => `,"time":${String(time)}` },
        { write: (l: string) => void again.push(l) },
      );
      same.child({ worker: 2 })[level === 40 ? 'warn' : 'info']({ req, res, reason, responseTime }, String(msg));
      expect(line).toBe(again[0]);
    }
  });
});

describe('the website under the same front as the API (issue 43)', () => {
  it('pages, files and 404s get the same security headers, the site limit, and a redacted log line; its refusal is a page', async () => {
    const lines: Array<{ req?: { url: string }; res?: { statusCode: number }; reason?: string }> = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    const site = appOver(dbPath, { ...PROD_CONFIG, SITE_RATE_LIMIT_MAX_REQUESTS: 5 }, logger);
    extraApps.push(site);
    const asked = [`/radni?api_key=${KEY}`, '/radni.csv', '/glosowania/kanal.atom', '/nie-ma-takiej', '/robots.txt'];
    const answers: Response[] = [];
    const guarded = (res: Response, path: string) => {
      // The guards' headers on every answer of the website, as on the API's (helmet, Vary: Origin, the id).
      expect(res.headers['x-content-type-options'], path).toBe('nosniff');
      expect(res.headers['vary'], path).toMatch(/\bOrigin\b/);
      expect(res.headers['x-request-id'], path).toBeTruthy();
    };
    for (const path of asked) {
      if (path === '/robots.txt') {
        // Not counted: a 304, an asset (no key, no origin is asked of the website in production either).
        const etag = String(answers[0]!.headers['etag']);
        const again = await send(site.app, 'GET', `/radni?api_key=${KEY}`, { 'If-None-Match': etag });
        expect(again.status).toBe(304);
        guarded(again, 'a 304');
        const asset = await send(site.app, 'GET', ASSETS.css.url);
        expect([asset.status, asset.headers['x-ratelimit-limit']]).toEqual([200, undefined]);
        guarded(asset, 'an asset');
      }
      const res = await send(site.app, 'GET', path);
      guarded(res, path);
      expect(res.headers['x-ratelimit-limit'], path).toBe('5');
      expect(res.headers['x-ratelimit-remaining'], path).toBe(String(4 - answers.length));
      answers.push(res);
    }
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 404, 200]);
    const page = await send(site.app, 'GET', '/radni');
    expect(page.status).toBe(429);
    guarded(page, 'the 429');
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.text).toMatch(/Wróć za \d+ (s|min)\./);
    expect(Number(page.headers['retry-after'])).toBeGreaterThan(0);
    expect(page.headers['content-security-policy']).toMatch(/default-src 'none'/);
    // The same client's API is counted by the API's own limit.
    expect((await send(site.app, 'GET', '/api/utils/organy', ok)).status).toBe(200);
    // One error handler: a program that takes JSON only gets the envelope at a website address too.
    const asJson = await send(site.app, 'GET', '/radni', { Accept: 'application/json' });
    expect([asJson.status, asJson.headers['content-type'], asJson.body.success]).toEqual([
      429,
      'application/json; charset=utf-8',
      false,
    ]);
    await new Promise((resolve) => setTimeout(resolve, 50)); // the log line is written when the response closes
    const logged = lines.filter((l) => l.req).map((l) => [l.req!.url, l.res!.statusCode]);
    expect(logged.slice(0, 8)).toEqual([
      ['/radni?api_key=[redacted]', 200],
      ['/radni.csv', 200],
      ['/glosowania/kanal.atom', 200],
      ['/nie-ma-takiej', 404],
      ['/radni?api_key=[redacted]', 304],
      [ASSETS.css.url, 200],
      ['/robots.txt', 200],
      ['/radni', 429],
    ]);
    expect(lines.find((l) => l.req?.url === '/nie-ma-takiej')!.reason).toBe('no route GET /nie-ma-takiej');
    expect(JSON.stringify(lines).includes(KEY)).toBe(false);
  });
});
