// Routes are declared once: the front looks each request up once in one table (src/http/routes.ts),
// built from the endpoint tables and the service routes, and the guards classify the request by the
// kind of the route found. Matching is case-insensitive, with an optional trailing slash.

import { describe, expect, it } from 'vitest';
import { API_ENDPOINTS } from '../src/answers/endpoints.ts';
import { operationRoutes, sourcesOfSnapshots } from '../src/answers/operations.ts';
import { docsRoutes } from '../src/docs/routes.ts';
import { Delivery } from '../src/http/delivery.ts';
import { READ, RouteTable } from '../src/http/routes.ts';
import { serviceRoutes } from '../src/service/routes.ts';
import { SqliteShareStore } from '../src/shares/index.ts';
import { SnapshotStore } from '../src/snapshot/snapshot.ts';

const delivery = new Delivery({ privateResponses: false });
const snapshots = new SnapshotStore('unused.db');
const SERVICE = [
  ...serviceRoutes(snapshots, { running: false }, delivery),
  ...docsRoutes(delivery, { apiKey: false, bearer: false }),
];
const OPERATIONS = operationRoutes(API_ENDPOINTS, {
  snapshots,
  shares: {} as SqliteShareStore,
  delivery,
  sourcesOf: sourcesOfSnapshots({ memoryBytes: 0, storedAnswers: false }),
});
const TABLE = new RouteTable([...SERVICE, ...OPERATIONS, { path: '/assets/:file', methods: READ, kind: 'asset' }]);
const routeKind = ({ method, path }: { method: string; path: string }) => TABLE.lookup(method, path).kind;

/** A concrete URL of a route path: each `:param` filled in. */
const concrete = (path: string) => path.replace(/:id/g, '7').replace(/:link/g, 'AAAAAAAAAAAAAAAAAAAAAA');
const variants = (path: string) => [path, `${path}/`, path.toUpperCase(), path.replace(/api/, 'API')];

describe('the route table', () => {
  it('finds every endpoint, classified as its table entry says, with a trailing slash and in any case', () => {
    for (const [index, endpoint] of API_ENDPOINTS.entries()) {
      const methods = endpoint.method === 'get' ? ['GET', 'HEAD'] : ['POST'];
      for (const method of methods) {
        for (const path of variants(concrete(endpoint.path))) {
          const found = TABLE.lookup(method, path);
          expect(found.kind, `${method} ${path}`).toBe(endpoint.public ? 'public' : 'data');
          expect(found.target, `${method} ${path}`).toBe(OPERATIONS[index]!.target);
          expect(found.front, `${method} ${path}`).toBe(true);
        }
      }
    }
    expect(API_ENDPOINTS.filter((e) => e.public).map((e) => e.path)).toEqual(['/api/glosowania/share/:link']);
  });

  it('gives path parameters as sent, and the first route in table order', () => {
    expect(TABLE.lookup('GET', '/api/radni/jan-kowalski/porownanie/%33').params).toEqual({
      id: 'jan-kowalski',
      id2: '%33',
    });
    expect(TABLE.lookup('GET', '/api/glosowania/share/abc').target).toBe(
      OPERATIONS.find((r) => r.path === '/api/glosowania/share/:link')!.target,
    );
    expect(TABLE.lookup('GET', '/api/radni//glosowania').target).toBeUndefined(); // an empty segment is no parameter
    expect(TABLE.lookup('GET', '/api/radni/7//').target).toBeUndefined(); // one trailing slash only
  });

  it('knows the service routes: health for any method, the docs for reads', () => {
    expect(SERVICE.map((r) => r.path)).toEqual([
      '/health',
      '/health',
      '/api',
      '/api/openapi.json',
      '/api/docs',
      '/api/docs/:file',
    ]);
    for (const method of ['GET', 'POST', 'DELETE']) expect(routeKind({ method, path: '/HEALTH/' })).toBe('health');
    expect(TABLE.lookup('POST', '/health').target).toBeUndefined(); // answered 404
    for (const path of [
      '/api/openapi.json',
      '/api/docs',
      '/api/docs/',
      '/api/docs/index.html',
      '/API/Docs/swagger-ui.css',
    ]) {
      expect(routeKind({ method: 'GET', path }), path).toBe('docs');
    }
    expect(routeKind({ method: 'POST', path: '/api/openapi.json' })).toBe('data');
  });

  it('treats the website (everything outside /api) as open, its assets apart (not counted), and leaves it to the site', () => {
    for (const path of ['/', '/radni/jan-kowalski', '/share/AAAA', '/healthy', '/apix', '/assets', '/assets/a/b']) {
      expect(routeKind({ method: 'GET', path }), path).toBe('site');
      expect(TABLE.lookup('GET', path).front, path).toBe(false);
    }
    expect(routeKind({ method: 'POST', path: '/glosowania/1/udostepnij' })).toBe('site');
    expect(routeKind({ method: 'GET', path: '/assets/site.css' })).toBe('asset');
    expect(TABLE.lookup('GET', '/assets/site.css').front).toBe(false);
    expect(routeKind({ method: 'POST', path: '/assets/site.css' })).toBe('site');
  });

  it('treats anything else under /api as a guarded data route the front answers', () => {
    for (const path of [
      '/api',
      '/api/glosowania/share',
      '/api/glosowania/share/a/b',
      '/api/docs/a/b',
      '/api/healthz',
      '/API/unknown',
    ]) {
      expect(routeKind({ method: 'GET', path }), path).toBe('data');
      expect(TABLE.lookup('GET', path).front, path).toBe(true);
    }
    expect(routeKind({ method: 'POST', path: '/api/glosowania/share/AAAAAAAAAAAAAAAAAAAAAA' })).toBe('data');
  });

  it('tells an OPTIONS request which methods a path takes', () => {
    expect(TABLE.methodsAt('/api/radni/7')).toEqual(['GET', 'HEAD']);
    expect(TABLE.methodsAt('/api/glosowania/7/udostepnij')).toEqual(['POST']);
    expect(TABLE.methodsAt('/api/nothing')).toEqual([]);
  });
});
