// GET /api/openapi.json (the generated OpenAPI document) and GET /api/docs/ (Swagger UI, served from
// the swagger-ui-dist package: no CDN).
//
// Both are exempt from the origin check and the API key (src/http/route-table.ts, kind `docs`: a browser opening
// the page sends no X-API-Key), and both are rate-limited like any route. The guards' helmet sets
// `default-src 'none'` for the JSON API; the page's responses replace it with a policy that lets
// Swagger UI load its own scripts, styles, images (and its data: URI icons) and the document from
// this origin, and nothing else: no inline script (the initializer is a file of its own), no inline
// style sheet, no eval. Checked in Chromium with a report-uri: the rendered page violates nothing.

import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { type RequestHandler, Router } from 'express';
import { CODE_VERSION } from '../answers/code-version.ts';
import { type Delivery, JSON_ANSWER, etagFor } from '../http/delivery.ts';
import { openApiJson } from '../openapi.ts';

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

/** The files of swagger-ui-dist the page loads (its own index.html and initializer are replaced). */
const ASSETS = new Set(['swagger-ui.css', 'swagger-ui-bundle.js', 'favicon-32x32.png', 'favicon-16x16.png']);

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
const docsHeaders: RequestHandler = (_req, res, next) => {
  res.setHeader('Content-Security-Policy', DOCS_CSP);
  // "Try it out" requests from the page are same-origin GETs, which carry no Origin header; with the
  // Referer they can pass the origin check when this service's own origin is on ALLOWED_ORIGINS.
  res.setHeader('Referrer-Policy', 'same-origin');
  next();
};

export function docsRouter(delivery: Delivery): Router {
  // Generated here, at start-up, once per process: a function of the code alone.
  const document = { body: Buffer.from(openApiJson()), encoded: {} };
  const router = Router();

  router.get('/api/openapi.json', (req, res) => {
    const etag = etagFor(CODE_VERSION, req.originalUrl);
    const wanted = delivery.encodingFor(req, JSON_ANSWER);
    if (!delivery.notModified(req, res, etag, wanted, JSON_ANSWER)) delivery.send(res, etag, document, wanted, JSON_ANSWER);
  });

  const docs = Router();
  docs.use(docsHeaders);
  docs.get('/', (req, res) => {
    // `/api/docs` → `/api/docs/`, so the page's relative URLs resolve inside the docs.
    const { pathname, search } = new URL(req.originalUrl, 'http://localhost');
    if (!pathname.endsWith('/')) return res.redirect(301, `docs/${search}`);
    res.type('html').send(INDEX_HTML);
  });
  docs.get('/swagger-initializer.js', (_req, res) => {
    res.type('text/javascript').send(INITIALIZER_JS);
  });
  docs.get('/:file', (req, res, next) => {
    const file = req.params['file'] as string;
    if (!ASSETS.has(file)) return next();
    res.sendFile(file, { root: SWAGGER_UI_DIR });
  });
  router.use('/api/docs', docs);
  return router;
}
