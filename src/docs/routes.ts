// GET /api/openapi.json (the generated OpenAPI document) and GET /api/docs/ (Swagger UI, served from
// the swagger-ui-dist package: no CDN). Routes of the front.
//
// Both are exempt from the origin check and the API key (src/http/routes.ts, kind `docs`: a browser opening
// the page sends no X-API-Key), and neither is counted by the rate limit (static files). The guards' helmet sets
// `default-src 'none'` for the JSON API; the page's responses replace it with a policy that lets
// Swagger UI load its own scripts, styles, images (and its data: URI icons) and the document from
// this origin, and nothing else: no inline script (the initializer is a file of its own), no inline
// style sheet, no eval. Checked in Chromium with a report-uri: the rendered page violates nothing.

import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { CODE_VERSION } from '../answers/code-version.ts';
import { type Delivery, JSON_ANSWER, type Kind, type Representations, etagFor } from '../http/delivery.ts';
import { HttpError } from '../http/envelope.ts';
import type { Exchange } from '../http/exchange.ts';
import type { FrontAnswer } from '../http/front.ts';
import { READ, type Route } from '../http/routes.ts';
import { type Access, openApiJson } from '../openapi.ts';

export const DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'", // Swagger UI styles elements through the DOM (allowed), never with inline <style>
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const SWAGGER_UI_DIR = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

const TEXT = (type: string): Kind => ({ type: `${type}; charset=utf-8`, compressed: true });
const HTML = TEXT('text/html');
const SCRIPT = TEXT('text/javascript');

/** The files of swagger-ui-dist the page loads (its own index.html and initializer are replaced). */
const ASSETS = new Map<string, Kind>([
  ['swagger-ui.css', TEXT('text/css')],
  ['swagger-ui-bundle.js', SCRIPT],
  ['favicon-32x32.png', { type: 'image/png', compressed: false }],
  ['favicon-16x16.png', { type: 'image/png', compressed: false }],
]);

/** The files' bytes, read when first asked for (1.5 MB that most processes never send). */
const assetBytes = new Map<string, Representations>();
const assetOf = (file: string) => {
  let asset = assetBytes.get(file);
  if (!asset) assetBytes.set(file, (asset = { body: readFileSync(join(SWAGGER_UI_DIR, file)), encoded: {} }));
  return asset;
};

// Relative URLs: the page works under a path prefix too (it is always served at …/docs/).
const INDEX_HTML = `<!DOCTYPE html>
<html lang="pl">
  <head>
    <meta charset="UTF-8">
    <title>Council Voting Analytics API — dokumentacja</title>
    <link rel="stylesheet" type="text/css" href="./swagger-ui.css">
    <link rel="icon" type="image/png" href="./favicon-32x32.png" sizes="32x32">
    <link rel="icon" type="image/png" href="./favicon-16x16.png" sizes="16x16">
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="./swagger-ui-bundle.js" charset="UTF-8"></script>
    <script src="./swagger-initializer.js" charset="UTF-8"></script>
  </body>
</html>
`;

const INITIALIZER_JS = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '../openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
    validatorUrl: null,
    defaultModelsExpandDepth: 0,
    displayRequestDuration: true,
  });
});
`;

/** The page's own security headers, replacing the JSON API's. */
function docsHeaders(res: ServerResponse): void {
  res.setHeader('Content-Security-Policy', DOCS_CSP);
  // "Try it out" requests from the page are same-origin GETs, which carry no Origin header; with the
  // Referer they can pass the origin check when this service's own origin is on ALLOWED_ORIGINS.
  res.setHeader('Referrer-Policy', 'same-origin');
}

export function docsRoutes(delivery: Delivery, access: Access): Array<Route<FrontAnswer>> {
  // Generated when first asked for, once per process: a function of the code and the credentials configured
  // (at start-up it was a tenth of a server's start, for a document most processes never send).
  let document: Representations | undefined;
  const page: Representations = { body: Buffer.from(INDEX_HTML), encoded: {} };
  const initializer: Representations = { body: Buffer.from(INITIALIZER_JS), encoded: {} };

  /** Sends a file of the page: a function of the code (the package's version is in the lockfile), like any answer. */
  const send = ({ req, res, url }: Exchange, kind: Kind, bytes: Representations) => {
    const etag = etagFor(CODE_VERSION, url);
    const wanted = delivery.encodingFor(req, kind);
    if (!delivery.notModified(req, res, etag, wanted, kind)) delivery.send(res, etag, bytes, wanted, kind);
  };

  const openapi: FrontAnswer = (exchange) =>
    send(exchange, JSON_ANSWER, (document ??= { body: Buffer.from(openApiJson(access)), encoded: {} }));

  /** `/api/docs` → `/api/docs/`, so the page's relative URLs resolve inside the docs. */
  const index: FrontAnswer = (exchange) => {
    docsHeaders(exchange.res);
    if (exchange.path.endsWith('/')) return send(exchange, HTML, page);
    const location = `docs/${exchange.search ? `?${exchange.search}` : ''}`;
    exchange.res.setHeader('Location', location);
    delivery.sendUncached(exchange.res, 301, Buffer.from(`Moved Permanently. Redirecting to ${location}`), { type: 'text/plain; charset=utf-8', compressed: false });
  };

  const file: FrontAnswer = (exchange) => {
    docsHeaders(exchange.res);
    const name = exchange.route.params['file']!;
    if (name === 'swagger-initializer.js') return send(exchange, SCRIPT, initializer);
    const kind = ASSETS.get(name);
    if (!kind) throw new HttpError(404, `no route ${exchange.req.method} ${exchange.path}`);
    send(exchange, kind, assetOf(name));
  };

  return [
    { path: '/api/openapi.json', methods: READ, kind: 'docs', target: openapi },
    { path: '/api/docs', methods: READ, kind: 'docs', target: index },
    { path: '/api/docs/:file', methods: READ, kind: 'docs', target: file },
  ];
}
