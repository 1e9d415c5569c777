// Routes are declared once: the front looks each request up once in one table (src/http/routes.ts),
// built from the endpoint tables and the service routes, and the guards classify the request by the
// kind of the route found. Matching is case-insensitive, with an optional trailing slash.

import { describe, expect, it } from 'vitest';
import { API_ENDPOINTS } from '../src/answers/endpoints.ts';
import { operationRoutes, sourcesOfSnapshots } from '../src/answers/operations.ts';
import { docsRoutes } from '../src/docs/routes.ts';
import { Delivery } from '../src/http/delivery.ts';
import { READ, RouteTable, isSitePath } from '../src/http/routes.ts';
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

  it('treats the website (everything outside /api) as open, its assets apart (not counted)', () => {
    for (const path of ['/', '/radni/jan-kowalski', '/share/AAAA', '/healthy', '/apix', '/assets', '/assets/a/b']) {
      expect(routeKind({ method: 'GET', path }), path).toBe('site');
      expect(TABLE.lookup('GET', path).target, path).toBeUndefined();
      expect(isSitePath(path), path).toBe(true);
    }
    expect(routeKind({ method: 'POST', path: '/glosowania/1/udostepnij' })).toBe('site');
    expect(routeKind({ method: 'GET', path: '/assets/site.css' })).toBe('asset');
    expect(routeKind({ method: 'POST', path: '/assets/site.css' })).toBe('site');
    for (const path of ['/api', '/API/x', '/health', '/health/x']) expect(isSitePath(path), path).toBe(false);
  });

  it("matches a parameter with literal text around it in its segment (the website's files), in any case", () => {
    const table = new RouteTable([
      { path: '/sitemap-:n.xml', methods: READ, kind: 'site', target: 'sitemap' },
      { path: '/dane/:file.arkusz.csv', methods: READ, kind: 'site', target: 'sheet' },
      { path: '/dane/:file.csv', methods: READ, kind: 'site', target: 'file' },
      { path: '/karty/glosowanie/:id/radny/:osoba.png', methods: READ, kind: 'site', target: 'card' },
    ]);
    expect(table.lookup('GET', '/sitemap-12.xml')).toMatchObject({ target: 'sitemap', params: { n: '12' } });
    expect(table.lookup('GET', '/SITEMAP-12.XML/')).toMatchObject({ target: 'sitemap', params: { n: '12' } });
    expect(table.lookup('GET', '/sitemap-.xml').target).toBeUndefined(); // an empty parameter is none
    expect(table.lookup('GET', '/sitemap-1.txt').target).toBeUndefined();
    expect(table.lookup('GET', '/dane/glosy.arkusz.csv')).toMatchObject({ target: 'sheet', params: { file: 'glosy' } });
    expect(table.lookup('GET', '/dane/Glosy.csv')).toMatchObject({ target: 'file', params: { file: 'Glosy' } });
    expect(table.lookup('GET', '/karty/glosowanie/7/radny/%33.png')).toMatchObject({
      target: 'card',
      params: { id: '7', osoba: '%33' },
    });
  });

  it('treats anything else under /api as a guarded data route, its errors in JSON', () => {
    for (const path of [
      '/api',
      '/api/glosowania/share',
      '/api/glosowania/share/a/b',
      '/api/docs/a/b',
      '/api/healthz',
      '/API/unknown',
    ]) {
      expect(routeKind({ method: 'GET', path }), path).toBe('data');
      expect(isSitePath(path), path).toBe(false);
    }
    expect(routeKind({ method: 'POST', path: '/api/glosowania/share/AAAAAAAAAAAAAAAAAAAAAA' })).toBe('data');
  });

  it('tells an OPTIONS request which methods a path takes', () => {
    expect(TABLE.methodsAt('/api/radni/7')).toEqual(['GET', 'HEAD']);
    expect(TABLE.methodsAt('/api/glosowania/7/udostepnij')).toEqual(['POST']);
    expect(TABLE.methodsAt('/api/nothing')).toEqual([]);
  });
});
