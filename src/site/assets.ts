// The website's static files: one style sheet, one small script (an enhancement only: every page
// works without it) and an icon. Each is served under a name carrying a hash of its content, so it
// can be cached for a year: a new version is a new URL.

import { hash } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Delivery, Kind } from '../http/delivery.ts';
import { assetPath } from './paths.ts';
import { SITE_CSS } from './style.ts';

// "Copy link" buttons: rendered hidden, shown only where the clipboard can be written. The share form
// (src/site/share-form.tsx): where the clipboard can be written, posted with fetch instead of by the
// browser; the link it was sent to (the 303's target) is copied and shown. Without that, the form
// posts and the browser follows the 303 to the new link's page.
const SITE_JS = `(function(){
if(!navigator.clipboard)return;
document.querySelectorAll('button[data-copy]').forEach(function(b){
b.hidden=false;
b.addEventListener('click',function(){
var u=new URL(b.getAttribute('data-copy'),location.href).href;
navigator.clipboard.writeText(u).then(function(){var s=document.getElementById(b.getAttribute('data-status')||'');if(s)s.textContent='Skopiowano link.';});
});
});
document.querySelectorAll('form[data-share]').forEach(function(f){
f.addEventListener('submit',function(e){
if(!window.fetch||!window.URLSearchParams)return;
e.preventDefault();
var s=document.getElementById('share-status'),d=new URLSearchParams(),b=e.submitter;
if(b&&b.name)d.append(b.name,b.value);
s.textContent='Tworzę link…';
fetch(f.action,{method:'POST',body:d,credentials:'same-origin'}).then(function(r){
if(!r.ok||!r.redirected)throw new Error(String(r.status));
var a=document.createElement('a');a.href=r.url;a.textContent=r.url;
s.textContent='';s.appendChild(a);
return navigator.clipboard.writeText(r.url).then(function(){s.appendChild(document.createTextNode(' (skopiowano)'));},function(){});
}).catch(function(){s.textContent='Nie udało się utworzyć linku. Spróbuj ponownie.';});
});
});
})();
`;

const FAVICON_SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="3" fill="#12324f"/>'
  + '<rect x="3" y="8" width="2.5" height="5" fill="#fff"/><rect x="6.75" y="4" width="2.5" height="9" fill="#f0a500"/><rect x="10.5" y="6" width="2.5" height="7" fill="#fff"/></svg>';

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

export const ASSETS = {
  css: asset('site', 'css', 'text/css; charset=utf-8', SITE_CSS),
  js: asset('site', 'js', 'text/javascript; charset=utf-8', SITE_JS),
  icon: asset('icon', 'svg', 'image/svg+xml', FAVICON_SVG),
};

const BY_URL = new Map(Object.values(ASSETS).map((a) => [a.url, a]));

/** GET /assets/<name>.<hash>.<ext>; any other name falls through (to the 404). */
export const assetsRoute = (delivery: Delivery): RequestHandler => (req, res, next) => {
  const found = BY_URL.get(req.path);
  if (!found) return next();
  if (!delivery.notModified(req, res, found.etag, null, found.kind)) delivery.sendAs(res, found.etag, found.body, null, found.kind);
};
