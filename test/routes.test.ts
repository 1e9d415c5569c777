// Routes are declared once: the guards classify requests from the endpoint tables and the service
// routes (src/http/route-table.ts), matched as Express matches them, and every endpoint is served at
// the path and method its table gives.

import { describe, expect, it } from 'vitest';
import { API_ENDPOINTS } from '../src/answers/endpoints.ts';
import { routeKinds, SERVICE_ROUTES } from '../src/http/route-table.ts';

const routeKind = routeKinds(API_ENDPOINTS);

/** A concrete URL of an Express path: each `:param` filled in. */
const concrete = (path: string) => path.replace(/:id/g, '7').replace(/:link/g, 'AAAAAAAAAAAAAAAAAAAAAA');
const variants = (path: string) => [path, `${path}/`, path.toUpperCase(), path.replace(/api/, 'API')];

describe('the route table the guards use', () => {
  it('classifies every endpoint as its table entry says, with a trailing slash and in any case', () => {
    for (const endpoint of API_ENDPOINTS) {
      const methods = endpoint.method === 'get' ? ['GET', 'HEAD'] : ['POST'];
      for (const method of methods) {
        for (const path of variants(concrete(endpoint.path))) {
          expect(routeKind({ method, path }), `${method} ${path}`).toBe(endpoint.public ? 'public' : 'data');
        }
      }
    }
    expect(API_ENDPOINTS.filter((e) => e.public).map((e) => e.path)).toEqual(['/api/glosowania/share/:link']);
  });

  it('knows the service routes: health for any method, the docs for reads', () => {
    expect(SERVICE_ROUTES.map((r) => r.path)).toEqual(['/health', '/api/openapi.json', '/api/docs{/:file}']);
    for (const method of ['GET', 'POST', 'DELETE']) expect(routeKind({ method, path: '/HEALTH/' })).toBe('health');
    for (const path of ['/api/openapi.json', '/api/docs', '/api/docs/', '/api/docs/index.html', '/API/Docs/swagger-ui.css']) {
      expect(routeKind({ method: 'GET', path }), path).toBe('docs');
    }
    expect(routeKind({ method: 'POST', path: '/api/openapi.json' })).toBe('data');
  });

  it('treats the website (everything outside /api) as open but counted', () => {
    for (const path of ['/', '/radni/jan-kowalski', '/share/AAAA', '/assets/site.css', '/healthy', '/apix']) {
      expect(routeKind({ method: 'GET', path }), path).toBe('site');
    }
  });

  it('treats anything else under /api as a guarded data route', () => {
    for (const path of ['/api', '/api/glosowania/share', '/api/glosowania/share/a/b', '/api/docs/a/b', '/api/healthz', '/API/unknown']) {
      expect(routeKind({ method: 'GET', path }), path).toBe('data');
    }
    expect(routeKind({ method: 'POST', path: '/api/glosowania/share/AAAAAAAAAAAAAAAAAAAAAA' })).toBe('data');
  });
});
