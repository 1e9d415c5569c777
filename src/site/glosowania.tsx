// `/glosowania` (search, filters, paging) and `/glosowania/:id` (result, distribution by group,
// attachments). The vote's body (`VoteBody`) is shared with the share-link page.

import type { Request } from 'express';
import { glosowania } from '../glosowania/endpoints.ts';
import { BodySelect, CountsBar, FilterForm, Pager, ResultBadge, TermSelect, VoteTable, ballotClass, voteCounts } from './components.tsx';
import { type BallotEntry, CLOSE_VOTE, type PageData, type VotePageData, groupsOf, pagedOf } from './data.ts';
import { COUNT_LABEL, ballotLabelFor, formatDate, formatDateTime, formatNumber, formatPercent, plural, safeHttpUrl } from './format.ts';
import { type PageContext, type PageView, href } from './layout.tsx';
import { orNotFound, pathParam, siteQuery } from './params.ts';

export async function votesPage(ctx: PageContext, data: PageData, req: Request): Promise<PageView> {
  const q = siteQuery(req, ['szukaj', 'kadencja', 'wynik', 'od', 'do', 'wyrownane', 'strona']);
  const filter = { search: q.szukaj, kadencja: q.kadencja, wynik: q.wynik, data_od: q.od, data_do: q.do, close: q.wyrownane };
  const { close, ...listed } = filter;
  const result = pagedOf(await data.answer(glosowania.list, {
    query: { ...listed, organ: ctx.organ, kontrowersyjnosc_min: close ? CLOSE_VOTE : undefined, page: q.strona, limit: 20 },
  }));
  const params = {
    szukaj: filter.search, kadencja: filter.kadencja, wynik: filter.wynik, od: filter.data_od, do: filter.data_do, wyrownane: filter.close,
  };
  return {
    title: filter.search ? `Głosowania: „${filter.search}”` : 'Głosowania',
    section: 'glosowania',
    description: `${formatNumber(result.total)} ${plural(result.total, 'głosowanie', 'głosowania', 'głosowań')}: tytuł, wynik i rozkład głosów każdego.`,
    body: (
      <>
        <h1>Głosowania</h1>
        <FilterForm ctx={ctx} label="Wyszukiwanie głosowań" ownOrgan>
          <label for="f-szukaj">Szukaj w tytułach
            <input id="f-szukaj" type="search" name="szukaj" value={filter.search ?? ''} maxLength={200} />
          </label>
          <TermSelect terms={data.terms()} value={filter.kadencja} />
          <BodySelect bodies={ctx.bodies} value={ctx.organ} />
          <label for="f-wynik">Wynik
            <select id="f-wynik" name="wynik">
              <option value="">Każdy</option>
              <option value="przyjęto" selected={filter.wynik === 'przyjęto'}>Przyjęto</option>
              <option value="odrzucono" selected={filter.wynik === 'odrzucono'}>Odrzucono</option>
            </select>
          </label>
          <label for="f-od">Od dnia<input id="f-od" type="date" name="od" value={filter.data_od ?? ''} /></label>
          <label for="f-do">Do dnia<input id="f-do" type="date" name="do" value={filter.data_do ?? ''} /></label>
          <label class="check" for="f-wyrownane"><input id="f-wyrownane" type="checkbox" name="wyrownane" value="1" checked={filter.close} />Tylko wyrównane</label>
        </FilterForm>
        <p role="status">{formatNumber(result.total)} {plural(result.total, 'głosowanie', 'głosowania', 'głosowań')}{result.pages > 1 ? `, strona ${result.page} z ${result.pages}` : ''}.</p>
        <VoteTable ctx={ctx} votes={result.items} caption="Wyniki wyszukiwania" />
        <Pager ctx={ctx} page={result.page} pages={result.pages} params={params} />
      </>
    ),
  };
}

/** The ballots of a vote grouped by group, with `highlight`'s entry marked. */
export function BallotsByGroup({ ctx, data, highlight }: { ctx: PageContext; data: VotePageData; highlight?: number | undefined }) {
  if (data.ballots.length === 0) return <p class="muted">Brak zapisanych głosów.</p>;
  const person = (b: BallotEntry) => {
    const marked = b.id_osoby === highlight;
    return (
      <li class={`${ballotClass(b.glos)}${marked ? ' hl' : ''}`}>
        <a href={href(ctx, `/radni/${b.id_osoby}`)}>{b.imie_nazwisko}</a>
        {' '}<span class="g">{ballotLabelFor(b.imie_nazwisko, b.glos)}</span>
        {marked && <strong class="vh"> (wyróżniony głos)</strong>}
      </li>
    );
  };
  return (
    <>
      <div class="tw">
        <table>
          <caption class="vh">Rozkład głosów według ugrupowań</caption>
          <thead>
            <tr>
              <th scope="col">Ugrupowanie</th>
              <th scope="col" class="num">{COUNT_LABEL.za}</th>
              <th scope="col" class="num">{COUNT_LABEL.przeciw}</th>
              <th scope="col" class="num">{COUNT_LABEL.wstrzymujacy}</th>
              <th scope="col" class="num hide-s">{COUNT_LABEL.nieobecny}</th>
              <th scope="col" class="num hide-s">{COUNT_LABEL.brak_glosu}</th>
            </tr>
          </thead>
          <tbody>
            {data.groups.map((g) => (
              <tr>
                <th scope="row"><a href={`#${groupAnchor(data.groups.indexOf(g))}`}>{g.nazwa}</a></th>
                <td class="num">{g.counts.za}</td>
                <td class="num">{g.counts.przeciw}</td>
                <td class="num">{g.counts.wstrzymujacy}</td>
                <td class="num hide-s">{g.counts.nieobecny}</td>
                <td class="num hide-s">{g.counts.brak_glosu}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {data.groups.map((g, i) => (
        <section aria-labelledby={groupAnchor(i)}>
          <h3 id={groupAnchor(i)}>{g.nazwa} <span class="muted">({g.ballots.length})</span></h3>
          <ul class="ballots">{g.ballots.map(person)}</ul>
        </section>
      ))}
    </>
  );
}

/** Anchors are positional: group names are data and may hold anything. */
const groupAnchor = (index: number) => `grupa-${index + 1}`;

/** Title, date, body, session, result and the counts bar of a vote. */
export function VoteSummaryBlock({ ctx, data }: { ctx: PageContext; data: VotePageData }) {
  const v = data.vote;
  return (
    <>
      <p class="meta">
        {formatDateTime(v.data, v.godzina)} · {v.organ} ·{' '}
        <a href={href(ctx, `/posiedzenia/${v.posiedzenie.id_posiedzenia}`)}>
          posiedzenie nr {v.posiedzenie.numer}{v.posiedzenie.nazwa ? ` (${v.posiedzenie.nazwa})` : ''}
        </a>
        {v.punkt && <> · punkt {v.punkt.numer}: {v.punkt.tytul}</>}
      </p>
      <p class="lead"><ResultBadge wynik={v.wynik} /> {v.za} za, {v.przeciw} przeciw, {v.wstrzymujacy} {plural(v.wstrzymujacy, 'wstrzymał się', 'wstrzymało się', 'wstrzymało się')}</p>
      <CountsBar counts={voteCounts(v)} />
    </>
  );
}

/** A vote, its ballots (plain and by group) and its attachments, as the endpoints answer them. */
export async function votePageData(data: PageData, id: number | string): Promise<VotePageData> {
  const vote = { params: { id } };
  const [detail, ballots, grouped, attachments] = await Promise.all([
    data.answer(glosowania.detail, vote),
    data.answer(glosowania.ballots, vote),
    data.answer(glosowania.ballots, { ...vote, query: { ugrupowanie: true } }),
    data.answer(glosowania.attachments, vote),
  ]);
  return { vote: detail, ballots: ballots.data as BallotEntry[], groups: groupsOf(grouped.data as Record<string, BallotEntry[]>), attachments };
}

export async function votePage(ctx: PageContext, data: PageData, req: Request): Promise<PageView> {
  const found = await orNotFound('Nie ma takiego głosowania.', votePageData(data, pathParam(req, 'id')));
  const v = found.vote;
  return {
    title: v.tytul,
    section: 'glosowania',
    description: `${formatDate(v.data)}, ${v.organ}: ${v.wynik} ${v.za} : ${v.przeciw}.`,
    head: <link rel="canonical" href={`${ctx.origin}/glosowania/${v.id_glosowania}`} />,
    body: (
      <>
        <h1 class="title">{v.tytul}</h1>
        <VoteSummaryBlock ctx={ctx} data={found} />
        <dl class="stats">
          <div><dt>Kontrowersyjność</dt><dd>{v.kontrowersyjnosc}<span class="vh"> na 100</span></dd></div>
          <div><dt>Jednomyślność</dt><dd>{formatPercent(v.jednomyslnosc_procent)}</dd></div>
          <div><dt>Nieobecni</dt><dd>{v.nieobecni}</dd></div>
        </dl>
        <h2>Głosy według ugrupowań</h2>
        <BallotsByGroup ctx={ctx} data={found} />
        <h2>Załączniki</h2>
        {found.attachments.length === 0 ? <p class="muted">Brak załączników.</p> : (
          <ul>
            {found.attachments.map((a) => {
              const url = safeHttpUrl(a.url);
              return <li>{url ? <a href={url} rel="nofollow noopener noreferrer">{a.nazwa}</a> : a.nazwa}</li>;
            })}
          </ul>
        )}
      </>
    ),
  };
}
