// The website's static files, real files in ./assets/: one style sheet, one small script (an
// enhancement only: every page works without it) and an icon. Each is read once at start and served
// under a name carrying a hash of its content, so it can be cached for a year: a new version is a new
// URL. The files are read from the source tree (src/site/assets/), also when the server runs from
// dist/ (tsc does not copy them), as the code version reads its sources (src/answers/code-version.ts).

import { hash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Delivery, Kind } from '../http/delivery.ts';
import { assetPath } from '../urls/paths.ts';
import { messageOf } from '../../core/errors.ts';
import type { SiteHandler } from './answer.ts';

/** src/site/assets/: beside this module in the sources; from dist/src/site/, the same folder of the project. */
const FOLDER = new URL(import.meta.url.endsWith('.ts') ? './assets/' : '../../../src/site/assets/', import.meta.url);

function read(name: string): string {
  try {
    return readFileSync(new URL(name, FOLDER), 'utf8');
  } catch (error) {
    const why = messageOf(error);
    throw new Error(`the website's asset ${name} is read from ${FOLDER.pathname} (sources beside the build): ${why}`, {
      cause: error,
    });
  }
}

interface Asset {
  url: string;
  kind: Kind;
  body: Buffer;
  etag: string;
}

function asset(name: string, extension: string, type: string, content: string): Asset {
  const body = Buffer.from(content);
  const digest = hash('sha256', body, 'base64url').slice(0, 12);
  // A new version is a new URL: cached for a year.
  const kind = { type, compressed: false, cacheControl: 'public, max-age=31536000, immutable' };
  return { url: assetPath(name, digest, extension), kind, body, etag: `"${digest}"` };
}

/** The style sheet as sent: without its comments and line breaks. */
const css = read('site.css')
  .replace(/\/\*[\s\S]*?\*\//g, '')
  .replace(/\n\s*/g, '');

export const ASSETS = {
  css: asset('site', 'css', 'text/css; charset=utf-8', css),
  js: asset('site', 'js', 'text/javascript; charset=utf-8', read('site.js')),
  icon: asset('icon', 'svg', 'image/svg+xml', read('icon.svg').trim()),
};

const BY_URL = new Map(Object.values(ASSETS).map((a) => [a.url, a]));

/** GET /assets/<name>.<hash>.<ext>; any other name is a 404 (`unknown`: the site's one not-found). */
export const assetsRoute =
  (delivery: Delivery, unknown: SiteHandler): SiteHandler =>
  (request) => {
    const { req, res, path } = request;
    const found = BY_URL.get(path);
    if (!found) return unknown(request);
    if (!delivery.notModified(req, res, found.etag, null, found.kind))
      delivery.sendAs(res, found.etag, found.body, null, found.kind);
  };
