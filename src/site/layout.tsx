// The frame of every page: head (title, description, the one style sheet, preview-card tags), the top
// bar (site name, navigation, council picker), main, footer. Rendered to a string by
// preact-render-to-string, which escapes every text and attribute value it is given: data never
// becomes markup, and no call site escapes anything by hand.

import type { ComponentChildren, VNode } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { ASSETS } from './assets.ts';
import type { Body } from './data.ts';
import { formatDate } from './format.ts';

export type Section = 'start' | 'radni' | 'glosowania' | 'posiedzenia' | 'rankingi';

/** What every page knows about its request and the snapshot. */
export interface PageContext {
  /** The request path, e.g. `/glosowania`. */
  path: string;
  /** The request's non-empty query parameters (for forms that must keep them). */
  params: Readonly<Record<string, string>>;
  /** The body (council) every page is scoped to, from `?organ=`. */
  organ: number | undefined;
  councils: Body[];
  bodies: Body[];
  /** `http://host:port`, for absolute URLs (preview cards, canonical links). */
  origin: string;
  siteName: string;
  snapshot?: { id: string; builtAt: string } | undefined;
}

export interface PageView {
  title: string;
  description?: string | undefined;
  section?: Section | undefined;
  /** Extra elements of <head> (preview-card tags, canonical link). */
  head?: VNode | undefined;
  body: ComponentChildren;
  status?: number | undefined;
}

type ParamValue = string | number | boolean | undefined | null;

/** A site link that keeps the council scope; `organ: undefined` in `params` drops it. */
export function href(ctx: Pick<PageContext, 'organ'>, path: string, params: Record<string, ParamValue> = {}): string {
  const merged: Record<string, ParamValue> = { organ: ctx.organ, ...params };
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(merged)) {
    if (value === undefined || value === null || value === false || value === '') continue;
    search.set(name, value === true ? '1' : String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

export const bodyName = (ctx: Pick<PageContext, 'bodies'>, id: number | undefined): string | undefined =>
  id === undefined ? undefined : ctx.bodies.find((b) => b.id_organu === id)?.nazwa;

const NAV: Array<[Section, string, string]> = [
  ['start', '/', 'Start'],
  ['radni', '/radni', 'Radni'],
  ['glosowania', '/glosowania', 'Głosowania'],
  ['posiedzenia', '/posiedzenia', 'Posiedzenia'],
  ['rankingi', '/rankingi', 'Rankingi'],
];

/** Hidden fields that carry the request's other parameters through a GET form. */
export function KeepParams({ ctx, except }: { ctx: PageContext; except: readonly string[] }) {
  return (
    <>
      {Object.entries(ctx.params)
        .filter(([name]) => !except.includes(name))
        .map(([name, value]) => <input type="hidden" name={name} value={value} />)}
    </>
  );
}

/** The council picker: shown when the snapshot holds several councils. */
function CouncilPicker({ ctx }: { ctx: PageContext }) {
  if (ctx.councils.length < 2) return null;
  const choices = [...ctx.councils];
  const current = ctx.bodies.find((b) => b.id_organu === ctx.organ);
  if (current && !choices.includes(current)) choices.push(current);
  return (
    <form class="picker" method="get" action={ctx.path}>
      <KeepParams ctx={ctx} except={['organ', 'strona']} />
      <label for="wybor-rady">Rada</label>
      <select id="wybor-rady" name="organ">
        <option value="">Wszystkie rady</option>
        {choices.map((b) => <option value={String(b.id_organu)} selected={b.id_organu === ctx.organ}>{b.nazwa}</option>)}
      </select>
      <button type="submit">Pokaż</button>
    </form>
  );
}

function Page({ ctx, view }: { ctx: PageContext; view: PageView }) {
  const scopeName = bodyName(ctx, ctx.organ);
  const title = [view.title, scopeName && scopeName !== view.title ? scopeName : undefined, ctx.siteName]
    .filter((part, i, all) => part && all.indexOf(part) === i).join(' · ');
  return (
    <html lang="pl">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        {view.description && <meta name="description" content={view.description} />}
        <link rel="stylesheet" href={ASSETS.css.url} />
        <link rel="icon" href={ASSETS.icon.url} type="image/svg+xml" />
        <script src={ASSETS.js.url} defer />
        {view.head}
      </head>
      <body>
        <a class="skip" href="#tresc">Przejdź do treści</a>
        <header class="top">
          <div class="in">
            <a class="brand" href={href(ctx, '/')}>{ctx.siteName}</a>
            <nav class="nav" aria-label="Główna nawigacja">
              <ul>
                {NAV.map(([section, path, label]) => (
                  <li><a href={href(ctx, path)} aria-current={view.section === section ? 'page' : undefined}>{label}</a></li>
                ))}
              </ul>
            </nav>
            <CouncilPicker ctx={ctx} />
          </div>
        </header>
        <main id="tresc" class="in">{view.body}</main>
        <footer>
          <div class="in">
            {ctx.snapshot
              ? <p>Dane z migawki {ctx.snapshot.id}{ctx.snapshot.builtAt ? `, zbudowanej ${formatDate(ctx.snapshot.builtAt)}` : ''}. </p>
              : null}
            <p>Te same dane jako JSON: <a href="/api">API</a> (<a href="/api/docs/">dokumentacja</a>).</p>
          </div>
        </footer>
      </body>
    </html>
  );
}

/** The complete document of a page. */
export function renderPage(ctx: PageContext, view: PageView): string {
  return `<!DOCTYPE html>${renderToString(<Page ctx={ctx} view={view} />)}`;
}
