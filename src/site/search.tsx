// `/szukaj`: the search box of every page. Councillors by name (any words of it, Polish letters or
// not, in surname order) and votes by title, the first few of each, with links
// to the full lists (/radni?nazwa=…, /glosowania?szukaj=…), which page and download them.

import { CsvLink, ResultBadge, Tally } from './components.tsx';
import { formatDate, formatNumber, plural } from '../text/format.ts';
import { groupName } from './layout.tsx';
import { councillorList, voteList } from './lists.ts';
import { download, page } from './page.ts';
import { SiteError } from '../urls/params.ts';
import { VoteLink } from './record.tsx';
import { PAGES, linkTo, listHref, pagePath } from '../urls/paths.ts';
import { capital } from '../text/wording.ts';

type SearchInput = { query: { szukaj?: string | undefined }; organ: number | undefined };

/** The words searched for: a download of every vote or councillor is /dane/'s, not a search's. */
function searched({ query: { szukaj } }: SearchInput): string {
  const query = szukaj?.trim() ?? '';
  if (query === '') throw new SiteError(400, 'Podaj, czego szukać (parametr szukaj).');
  return query;
}

/** Results of each kind shown here; the rest are on the full list. */
const SHOWN = 10;

export const searchPage = page({
  route: PAGES.search,
  load: ({ query: { szukaj }, organ }, { readers }) => {
    const query = szukaj?.trim() ?? '';
    return { query, ...readers.find.site(query, { organ }, SHOWN) };
  },
  render: ({ query, radni, glosowania }, ctx) => ({
    title: query ? `Szukaj: „${query}”` : 'Szukaj',
    description: `${capital(ctx.wording.members)} według imienia i nazwiska, głosowania według tytułu.`,
    body: (
      <>
        <h1>Szukaj</h1>
        <form
          class="filters"
          method="get"
          action={pagePath(PAGES.search)}
          role="search"
          aria-label={`Szukaj ${ctx.wording.membersGen} i głosowań`}
        >
          {ctx.organ !== undefined && <input type="hidden" name="organ" value={String(ctx.organ)} />}
          <label for="f-szukaj">
            Imię, nazwisko albo słowa z tytułu głosowania
            <input id="f-szukaj" type="search" name="szukaj" value={query} maxLength={200} />
          </label>
          <button type="submit">Szukaj</button>
        </form>
        {query === '' ? (
          <p class="muted">
            Wpisz imię lub nazwisko {ctx.wording.memberGen} albo słowa z tytułu głosowania. Polskie litery można
            pominąć: „lodz” znajdzie „Łódź”.
          </p>
        ) : (
          <>
            <section aria-labelledby="h-radni">
              <h2 id="h-radni">
                {capital(ctx.wording.members)} <span class="muted">({formatNumber(radni.total)})</span>
              </h2>
              {radni.total === 0 ? (
                <p class="muted">Nikt o takim imieniu lub nazwisku.</p>
              ) : (
                <ul>
                  {radni.items.map((r) => (
                    <li>
                      <a href={linkTo(ctx, PAGES.councillor, { token: r.token })}>{r.imie_nazwisko}</a>{' '}
                      <span class="muted">
                        {groupName(ctx, r.ugrupowanie)}
                        {ctx.councils.length > 1 && r.organ ? ` · ${r.organ}` : ''}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
              {radni.total > radni.items.length && (
                <p>
                  <a href={linkTo(ctx, PAGES.councillors, { nazwa: query })}>
                    Wszyscy: {formatNumber(radni.total)} {plural(radni.total, 'osoba', 'osoby', 'osób')}
                  </a>
                </p>
              )}
              {radni.total > 0 && (
                <CsvLink
                  href={listHref(ctx, PAGES.search, {}, 'radni')}
                  what={`znalezionych ${ctx.wording.membersGen}`}
                />
              )}
            </section>
            <section aria-labelledby="h-glosowania">
              <h2 id="h-glosowania">
                Głosowania{' '}
                <span class="muted">
                  ({glosowania.exact ? '' : 'co najmniej '}
                  {formatNumber(glosowania.total)})
                </span>
              </h2>
              {glosowania.total === 0 ? (
                <p class="muted">Brak głosowań z tymi słowami w tytule.</p>
              ) : (
                <ul class="found">
                  {glosowania.items.map((v) => (
                    <li>
                      <VoteLink ctx={ctx} vote={v} />
                      <div class="muted">
                        {formatDate(v.data)} · {v.organ} · <ResultBadge wynik={v.wynik} /> <Tally vote={v} />
                      </div>
                    </li>
                  ))}
                </ul>
              )}
              {glosowania.total > glosowania.items.length && (
                <p>
                  <a href={linkTo(ctx, PAGES.votes, { szukaj: query })}>
                    Wszystkie: {glosowania.exact ? '' : 'co najmniej '}
                    {formatNumber(glosowania.total)} {plural(glosowania.total, 'głosowanie', 'głosowania', 'głosowań')}
                  </a>
                </p>
              )}
              {glosowania.total > 0 && (
                <CsvLink href={listHref(ctx, PAGES.search, {}, 'glosowania')} what="znalezione głosowania" />
              )}
            </section>
          </>
        )}
      </>
    ),
  }),
  downloads: {
    radni: download(councillorList, (input: SearchInput) => ({
      nazwa: searched(input),
      kadencja: undefined,
      ugrupowanie: undefined,
      organ: input.organ,
    })),
    glosowania: download(voteList, (input: SearchInput) => ({
      search: searched(input),
      kadencja: undefined,
      wynik: undefined,
      data_od: undefined,
      data_do: undefined,
      close: false,
      temat: undefined,
      organ: input.organ,
    })),
  },
});
