// The frame of every page: head (title, description, the one style sheet, the canonical link, the
// preview-card tags, the feed), the top bar (site name, navigation, search box, council picker), the
// synthetic-data notice, main, footer (the data's credit and licence, the newest vote). Rendered to a
// string by preact-render-to-string, which escapes every text and attribute value it is given: data
// never becomes markup, and no call site escapes anything by hand.
//
// Absolute URLs (og:url, og:image) come from PUBLIC_URL only, never from the request: without it the
// canonical link is relative and a page carries no og:url or og:image (both must be absolute).

import type { ComponentChildren } from 'preact';
import { renderToString } from 'preact-render-to-string';
import type { DataCredit } from '../../core/credit.ts';
import { CARD_HEIGHT, CARD_WIDTH, PNG_MEDIA_TYPE } from '../cards/card.ts';
import { ATOM_MEDIA_TYPE } from '../feeds/atom.ts';
import { type PublicUrl, absoluteUrl } from '../public-url.ts';
import { ASSETS } from './assets.ts';
import type { Body } from './data.ts';
import { formatDate, safeHttpUrl } from '../text/format.ts';
import { API_LINKS, PAGES, linkTo, pagePath } from '../urls/paths.ts';
import { type Wording, capital, groupLabel } from '../text/wording.ts';

export type Section = 'start' | 'radni' | 'glosowania' | 'posiedzenia' | 'rankingi' | 'polityki';

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
  /** PUBLIC_URL: the only base of absolute URLs; null: links stay relative, no preview image. */
  publicUrl: PublicUrl;
  siteName: string;
  /** The words for what the snapshot holds: a council's or the Sejm's (src/text/wording.ts). */
  wording: Wording;
  /** The full names of the groups that have one (the Sejm's clubs), by the name the answers give. */
  groupNames: ReadonlyMap<string, string>;
  /** The names of the snapshot's topics by id (CONTRACT §11), in the vocabulary's order, `inne` last. */
  topics?: ReadonlyMap<string, string> | undefined;
  snapshot?:
    | {
        id: string;
        builtAt: string;
        newestVote: string | null;
        credit: DataCredit;
        /** The lengths at which the snapshot's source cuts vote titles (src/titles.ts). */
        titleCuts: readonly number[];
      }
    | undefined;
}

/** What a page offers to link previews (Open Graph, Twitter cards) and crawlers. */
export interface Preview {
  /** The page's canonical path (`/glosowania/7`). */
  path: string;
  /** The path of its preview card (`/karty/glosowania/7.png`). */
  image?: string | undefined;
  imageAlt?: string | undefined;
  type?: 'article' | 'profile' | 'website';
}

export interface PageView {
  title: string;
  description?: string | undefined;
  section?: Section | undefined;
  /** The canonical link and the preview-card tags. */
  preview?: Preview | undefined;
  /** An Atom feed that follows this page (`<link rel="alternate">`). */
  feed?: { title: string; href: string } | undefined;
  body: ComponentChildren;
  status?: number | undefined;
}

export const bodyName = (ctx: Pick<PageContext, 'bodies'>, id: number | undefined): string | undefined =>
  id === undefined ? undefined : ctx.bodies.find((b) => b.id_organu === id)?.nazwa;

/** A group as the page shows it: its full name where there is one, else its name; „niezrzeszony” for none. */
export const groupName = (
  ctx: Pick<PageContext, 'wording' | 'groupNames'>,
  name: string | null | undefined,
  none?: string,
): string => groupLabel(ctx.wording, ctx.groupNames, name, none);

const NAV: Array<[Section, (scope: PageContext) => string, (w: Wording) => string]> = [
  ['start', (scope) => linkTo(scope, PAGES.home), () => 'Start'],
  ['radni', (scope) => linkTo(scope, PAGES.councillors), (w) => capital(w.members)],
  ['glosowania', (scope) => linkTo(scope, PAGES.votes), () => 'Głosowania'],
  ['posiedzenia', (scope) => linkTo(scope, PAGES.sessions), () => 'Posiedzenia'],
  ['rankingi', (scope) => linkTo(scope, PAGES.rankings), () => 'Rankingi'],
  ['polityki', (scope) => linkTo(scope, PAGES.policies), () => 'Polityki'],
];

/** Hidden fields that carry the request's other parameters through a GET form. */
export function KeepParams({ ctx, except }: { ctx: PageContext; except: readonly string[] }) {
  return (
    <>
      {Object.entries(ctx.params)
        .filter(([name]) => !except.includes(name))
        .map(([name, value]) => (
          <input type="hidden" name={name} value={value} />
        ))}
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
        {choices.map((b) => (
          <option value={String(b.id_organu)} selected={b.id_organu === ctx.organ}>
            {b.nazwa}
          </option>
        ))}
      </select>
      <button type="submit">Pokaż</button>
    </form>
  );
}

/** The canonical link and the tags a link preview is made of (absolute URLs only with PUBLIC_URL). */
function PreviewTags({ ctx, view, preview }: { ctx: PageContext; view: PageView; preview: Preview }) {
  const absolute = (path: string) => (ctx.publicUrl === null ? undefined : absoluteUrl(ctx.publicUrl, path));
  const url = absolute(preview.path);
  const image = preview.image === undefined ? undefined : absolute(preview.image);
  return (
    <>
      <link rel="canonical" href={url ?? preview.path} />
      <meta property="og:type" content={preview.type ?? 'article'} />
      <meta property="og:site_name" content={ctx.siteName} />
      <meta property="og:locale" content="pl_PL" />
      <meta property="og:title" content={view.title} />
      {view.description && <meta property="og:description" content={view.description} />}
      {url && <meta property="og:url" content={url} />}
      {image && (
        <>
          <meta property="og:image" content={image} />
          <meta property="og:image:type" content={PNG_MEDIA_TYPE} />
          <meta property="og:image:width" content={String(CARD_WIDTH)} />
          <meta property="og:image:height" content={String(CARD_HEIGHT)} />
          {preview.imageAlt && <meta property="og:image:alt" content={preview.imageAlt} />}
        </>
      )}
      <meta name="twitter:card" content={image ? 'summary_large_image' : 'summary'} />
      <meta name="twitter:title" content={view.title} />
      {view.description && <meta name="twitter:description" content={view.description} />}
      {image && <meta name="twitter:image" content={image} />}
    </>
  );
}

/** The search box of every page: councillors by name and votes by title (/szukaj). */
function SearchBox({ ctx }: { ctx: PageContext }) {
  return (
    <form class="search" method="get" action={pagePath(PAGES.search)} role="search">
      {ctx.organ !== undefined && <input type="hidden" name="organ" value={String(ctx.organ)} />}
      <label for="szukaj-wszedzie" class="vh">
        Szukaj {ctx.wording.membersGen} i głosowań
      </label>
      <input
        id="szukaj-wszedzie"
        type="search"
        name="szukaj"
        placeholder={`${capital(ctx.wording.member)} albo głosowanie`}
        maxLength={200}
        value={ctx.path === pagePath(PAGES.search) ? (ctx.params['szukaj'] ?? '') : ''}
      />
      <button type="submit">Szukaj</button>
    </form>
  );
}

/** The data's source and licence, how fresh it is, and where to take it away. */
function Footer({ ctx }: { ctx: PageContext }) {
  const s = ctx.snapshot;
  const source = s && safeHttpUrl(s.credit.url);
  const licence = s && safeHttpUrl(s.credit.licenceUrl);
  return (
    <footer>
      <div class="in">
        {s && (
          <>
            <p class="credit">
              {source ? (
                <a href={source} rel="noopener">
                  {s.credit.text}
                </a>
              ) : (
                s.credit.text
              )}
              {s.credit.licence && (
                <>
                  ,{' '}
                  {licence ? (
                    <a href={licence} rel="license noopener">
                      {s.credit.licence}
                    </a>
                  ) : (
                    s.credit.licence
                  )}
                </>
              )}
              .
            </p>
            <p>
              {s.newestVote ? <>Najnowsze głosowanie: {formatDate(s.newestVote)}. </> : 'Brak głosowań. '}
              Dane odświeżone {formatDate(s.builtAt)}.
            </p>
          </>
        )}
        <p>
          <a href={linkTo(ctx, PAGES.downloads)}>Dane do pobrania (CSV)</a> ·{' '}
          <a href={linkTo(ctx, PAGES.quality)}>Jakość danych</a> · Te same dane jako JSON:{' '}
          <a href={API_LINKS.index}>API</a> (<a href={API_LINKS.docs}>dokumentacja</a>)
        </p>
      </div>
    </footer>
  );
}

function Page({ ctx, view }: { ctx: PageContext; view: PageView }) {
  const scopeName = bodyName(ctx, ctx.organ);
  const title = [view.title, scopeName && scopeName !== view.title ? scopeName : undefined, ctx.siteName]
    .filter((part, i, all) => part && all.indexOf(part) === i)
    .join(' · ');
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
        {view.preview && <PreviewTags ctx={ctx} view={view} preview={view.preview} />}
        {view.feed && (
          <link rel="alternate" type={ATOM_MEDIA_TYPE.split(';')[0]} title={view.feed.title} href={view.feed.href} />
        )}
      </head>
      <body>
        <a class="skip" href="#tresc">
          Przejdź do treści
        </a>
        <header class="top">
          <div class="in">
            <a class="brand" href={linkTo(ctx, PAGES.home)}>
              {ctx.siteName}
            </a>
            <nav class="nav" aria-label="Główna nawigacja">
              <ul>
                {NAV.map(([section, link, label]) => (
                  <li>
                    <a href={link(ctx)} aria-current={view.section === section ? 'page' : undefined}>
                      {label(ctx.wording)}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
            <SearchBox ctx={ctx} />
            <CouncilPicker ctx={ctx} />
          </div>
        </header>
        <main id="tresc" class="in">
          {ctx.snapshot?.credit.synthetic && (
            <p class="synthetic">
              <strong>Dane przykładowe.</strong> Ta rada, jej radni, ugrupowania i głosowania są wymyślone: to przykład
              działania serwisu, nie prawdziwa rada.
            </p>
          )}
          {view.body}
        </main>
        <Footer ctx={ctx} />
      </body>
    </html>
  );
}

/** The complete document of a page. */
export function renderPage(ctx: PageContext, view: PageView): string {
  return `<!DOCTYPE html>${renderToString(<Page ctx={ctx} view={view} />)}`;
}
