// `/szukaj`: the search box of every page. Councillors by name (any words of it, Polish letters or
// not, in surname order) and votes by title, the first few of each, with links
// to the full lists (/radni?nazwa=…, /glosowania?szukaj=…), which page and download them.

import type { Request } from 'express';
import { ResultBadge, Tally } from './components.tsx';
import type { PageData } from './data.ts';
import { formatDate, formatNumber, plural } from './format.ts';
import { type PageContext, type PageView, href } from './layout.tsx';
import { siteQuery } from './params.ts';
import { readersOf } from './readers.ts';

/** Results of each kind shown here; the rest are on the full list. */
const SHOWN = 10;

export function searchPage(ctx: PageContext, data: PageData, req: Request): PageView {
  const { szukaj } = siteQuery(req, ['szukaj']);
  const query = szukaj?.trim() ?? '';
  const found = readersOf(data.snapshot).find.site(query, { organ: ctx.organ }, SHOWN);
  const { radni, glosowania } = found;
  return {
    title: query ? `Szukaj: „${query}”` : 'Szukaj',
    description: 'Radni według imienia i nazwiska, głosowania według tytułu.',
    body: (
      <>
        <h1>Szukaj</h1>
        <form class="filters" method="get" action="/szukaj" role="search" aria-label="Szukaj radnych i głosowań">
          {ctx.organ !== undefined && <input type="hidden" name="organ" value={String(ctx.organ)} />}
          <label for="f-szukaj">Imię, nazwisko albo słowa z tytułu głosowania
            <input id="f-szukaj" type="search" name="szukaj" value={query} maxLength={200} />
          </label>
          <button type="submit">Szukaj</button>
        </form>
        {query === '' ? <p class="muted">Wpisz imię lub nazwisko radnego albo słowa z tytułu głosowania. Polskie litery można pominąć: „lodz” znajdzie „Łódź”.</p> : (
          <>
            <section aria-labelledby="h-radni">
              <h2 id="h-radni">Radni <span class="muted">({formatNumber(radni.total)})</span></h2>
              {radni.total === 0 ? <p class="muted">Nikt o takim imieniu lub nazwisku.</p> : (
                <ul>
                  {radni.items.map((r) => <li><a href={href(ctx, `/radni/${r.token}`)}>{r.imie_nazwisko}</a> <span class="muted">{r.ugrupowanie ?? 'niezrzeszony'}</span></li>)}
                </ul>
              )}
              {radni.total > radni.items.length && <p><a href={href(ctx, '/radni', { nazwa: query })}>Wszyscy: {formatNumber(radni.total)} {plural(radni.total, 'osoba', 'osoby', 'osób')}</a></p>}
            </section>
            <section aria-labelledby="h-glosowania">
              <h2 id="h-glosowania">Głosowania <span class="muted">({glosowania.exact ? '' : 'co najmniej '}{formatNumber(glosowania.total)})</span></h2>
              {glosowania.total === 0 ? <p class="muted">Brak głosowań z tymi słowami w tytule.</p> : (
                  <ul class="found">
                    {glosowania.items.map((v) => (
                      <li>
                        <a href={href(ctx, `/glosowania/${v.id_glosowania}`)}>{v.tytul}</a>
                        <div class="muted">{formatDate(v.data)} · {v.organ} · <ResultBadge wynik={v.wynik} /> <Tally vote={v} /></div>
                      </li>
                    ))}
                  </ul>
                )}
              {glosowania.total > glosowania.items.length && (
                <p><a href={href(ctx, '/glosowania', { szukaj: query })}>Wszystkie: {glosowania.exact ? '' : 'co najmniej '}{formatNumber(glosowania.total)} {plural(glosowania.total, 'głosowanie', 'głosowania', 'głosowań')}</a></p>
              )}
            </section>
          </>
        )}
      </>
    ),
  };
}
