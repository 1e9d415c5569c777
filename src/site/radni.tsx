// `/radni` (the list, filtered by term, group and body) and `/radni/:token` (one councillor's voting
// profile, attendance by month, agreement with the group, partners and opponents, vote lists).

import type { Request } from 'express';
import { feedPaths } from '../feeds/feeds.ts';
import { radni } from '../radni/endpoints.ts';
import {
  BodySelect, CountsBar, CsvLink, FilterForm, GroupSelect, MonthlyChart, Pager, ScopeNote, TermSelect, VoteTable,
} from './components.tsx';
import { cardPaths } from './cards.ts';
import { COUNCILLOR_LISTS, type PageData, type PartnerItem, type VoteListKind, pagesOf, scoped } from './data.ts';
import { CompareForm, Figure, Method, percentOf } from './evidence.tsx';
import { BALLOTS, COUNT_LABEL, formatNumber, formatPercent, formatTerm, plural } from './format.ts';
import { type PageContext, type PageView, bodyName, href } from './layout.tsx';
import {
  COUNCILLORS_PAGE, PARTNERS_SHOWN, coalitionList, councillorList, councillorOf, councillorVoteList, opponentList,
} from './lists.ts';
import { siteQuery } from './params.ts';

export async function councillorsPage(ctx: PageContext, data: PageData, req: Request): Promise<PageView> {
  const { kadencja, ugrupowanie, nazwa, strona: page } = siteQuery(req, ['kadencja', 'ugrupowanie', 'nazwa', 'strona']);
  const groups = data.groups(kadencja);
  const read = await councillorList.open(ctx, data, req);
  const { items, total } = await read(page, COUNCILLORS_PAGE);
  const pages = pagesOf(total, COUNCILLORS_PAGE);
  const group = groups.find((g) => g.id_ugrupowania === ugrupowanie)?.nazwa;
  return {
    title: nazwa ? `Radni: „${nazwa}”` : 'Radni',
    section: 'radni',
    description: `${total} ${plural(total, 'radny', 'radnych', 'radnych')}${group ? ` z ugrupowania ${group}` : ''}${kadencja ? ` w kadencji ${formatTerm(kadencja)}` : ''}.`,
    body: (
      <>
        <h1>Radni</h1>
        <FilterForm ctx={ctx} label="Filtry listy radnych" ownOrgan>
          <label for="f-nazwa">Imię lub nazwisko
            <input id="f-nazwa" type="search" name="nazwa" value={nazwa ?? ''} maxLength={200} />
          </label>
          <TermSelect terms={data.terms()} value={kadencja} />
          <GroupSelect groups={groups} value={ugrupowanie} />
          <BodySelect bodies={ctx.bodies} value={ctx.organ} />
        </FilterForm>
        <p role="status">{formatNumber(total)} {plural(total, 'osoba', 'osoby', 'osób')}{pages > 1 ? `, strona ${page} z ${pages}` : ''}. Kolejność według nazwisk.</p>
        {items.length === 0 ? <p class="muted">Nikt nie spełnia tych warunków.</p> : (
          <div class="tw">
            <table>
              <caption class="vh">Radni</caption>
              <thead>
                <tr><th scope="col">Imię i nazwisko</th><th scope="col">Ugrupowanie</th><th scope="col" class="hide-s">Kadencja</th><th scope="col">Status</th></tr>
              </thead>
              <tbody>
                {items.map((r) => (
                  <tr>
                    <td><a href={href(ctx, `/radni/${r.token}`, { kadencja })}>{r.imie_nazwisko}</a></td>
                    <td>{r.ugrupowanie ?? 'niezrzeszony'}</td>
                    <td class="hide-s nw">{formatTerm(r.kadencja)}</td>
                    <td>{r.aktywny ? 'aktywny' : 'nieaktywny'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pager ctx={ctx} page={page} pages={pages} params={{ nazwa, kadencja, ugrupowanie }} />
        {total > 0 && <CsvLink ctx={ctx} path="/radni.csv" what="tę listę" />}
      </>
    ),
  };
}

/** Votes per page of a councillor's lists. */
const VOTES_PAGE = 20;

const LIST_LABEL: Record<VoteListKind, string> = {
  wszystkie: 'Wszystkie',
  zgodne: 'Z klubem',
  buntownicze: 'Wbrew klubowi',
  samotne: 'W pojedynkę',
  kluczowe: 'Rozstrzygające',
};

const LIST_HELP: Record<VoteListKind, string> = {
  wszystkie: 'Wszystkie głosowania, w których radny miał głos, od najnowszych.',
  zgodne: 'Głosowania liczone w zgodności z ugrupowaniem, w których radny zagłosował tak jak większość jego ugrupowania.',
  buntownicze: 'Głosowania, w których radny zagłosował inaczej niż większość jego ugrupowania.',
  samotne: 'Głosowania, w których radny jako jedyny oddał taki głos (przy co najmniej dwóch aktywnych głosach).',
  kluczowe: 'Głosowania rozstrzygnięte jednym głosem, w których głos radnego był po stronie zwycięskiej.',
};

function PartnerTable({ ctx, rows, caption, csv, token, kadencja }: {
  ctx: PageContext; rows: readonly PartnerItem[]; caption: string; csv: string; token: string; kadencja: string | undefined;
}) {
  if (rows.length === 0) return <p class="muted">Za mało wspólnych głosowań (potrzeba co najmniej 10).</p>;
  return (
    <>
    <div class="tw">
      <table>
        <caption class="vh">{caption}</caption>
        <thead><tr><th scope="col">Radny</th><th scope="col" class="num">Zgodność</th><th scope="col" class="num hide-s">Wspólne głosowania</th></tr></thead>
        <tbody>
          {rows.map((p) => (
            <tr>
              <td><a href={href(ctx, `/radni/${p.id_osoby}`)}>{p.imie_nazwisko}</a><div class="muted">{p.ugrupowanie ?? 'niezrzeszony'}</div></td>
              <td class="num">
                {formatPercent(p.zgodnosc_procent)}
                <div>
                  <Figure to={`${href(ctx, '/porownaj', { kadencja, radny: token, drugi: p.id_osoby })}#rozbiezne`} count={p.wspolne_glosowania - p.zgodne}>
                    porównaj<span class="vh"> (różne głosy: {formatNumber(p.wspolne_glosowania - p.zgodne)})</span>
                  </Figure>
                </div>
              </td>
              <td class="num hide-s">{formatNumber(p.wspolne_glosowania)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
    <CsvLink ctx={ctx} path={csv} what="tę listę" />
    </>
  );
}

export async function councillorPage(ctx: PageContext, data: PageData, req: Request): Promise<PageView> {
  const { kadencja, lista: list, strona: page, glos } = siteQuery(req, ['kadencja', 'lista', 'strona', 'glos']);
  const p = await councillorOf(data, req, kadencja);
  const ballot = list === 'wszystkie' ? glos : undefined; // read as councillorVoteList reads it
  const person = { params: { id: p.id_osoby }, query: { kadencja } };
  const [voting, attendance, months, agreement, partners, opponents, listed] = await Promise.all([
    data.answer(radni.votingProfile, person),
    data.answer(radni.attendance, person),
    data.answer(radni.monthlyAttendance, person),
    data.answer(radni.groupAgreement, person),
    coalitionList.open(ctx, data, req).then((read) => read(1, PARTNERS_SHOWN)),
    opponentList.open(ctx, data, req).then((read) => read(1, PARTNERS_SHOWN)),
    councillorVoteList.open(ctx, data, req).then((read) => read(page, VOTES_PAGE)),
  ]);
  const { za, przeciw, wstrzymujacy, nieobecny, brak_glosu } = voting;
  const c = {
    voting: { counts: { za, przeciw, wstrzymujacy, nieobecny, brak_glosu }, total: za + przeciw + wstrzymujacy + nieobecny + brak_glosu },
    attendance, months, agreement, partners: partners.items, opponents: opponents.items,
    listTotals: data.snapshot.queries.radni.voteTotals(p.id_osoby, kadencja),
    // The body filter of a councillor's votes is defined for the full list without a ballot value only (its total is counted per body).
    votes: scoped({ ...listed, page, pages: pagesOf(listed.total, VOTES_PAGE) }, list === 'wszystkie' && ballot === undefined && ctx.organ !== undefined),
  };
  const votes = c.votes.data;
  const termLabel = kadencja ? `kadencja ${formatTerm(kadencja)}` : 'wszystkie kadencje';
  const scopeName = bodyName(ctx, ctx.organ);
  return {
    title: p.imie_nazwisko,
    section: 'radni',
    description: `${p.imie_nazwisko}${p.ugrupowanie ? ` (${p.ugrupowanie})` : ''}: frekwencja ${formatPercent(c.attendance.frekwencja_procent)}, `
      + `zgodność z ugrupowaniem ${formatPercent(c.agreement.zgodnosc_procent)}.`,
    preview: { path: `/radni/${p.token}`, image: cardPaths.councillor(p.token), imageAlt: `${p.imie_nazwisko}: frekwencja i zgodność z ugrupowaniem`, type: 'profile' },
    feed: { title: `${p.imie_nazwisko}: głosy wbrew ugrupowaniu i głosy decydujące`, href: feedPaths.councillor(p.token) },
    body: (
      <>
        <h1>{p.imie_nazwisko}</h1>
        <p class="meta">
          {p.ugrupowanie ?? 'niezrzeszony'}
          {p.kadencja && <> · kadencja {formatTerm(p.kadencja)}</>}
          {' · '}{p.aktywny ? 'aktywny' : 'nieaktywny'}
        </p>
        <FilterForm ctx={ctx} label="Zakres profilu">
          <input type="hidden" name="lista" value={list} />
          <TermSelect terms={data.terms()} value={kadencja} />
        </FilterForm>
        <p class="muted">Statystyki: {termLabel}{scopeName ? '; obejmują wszystkie organy' : ''}.</p>

        <h2>Jak głosuje <Method ctx={ctx} anchor="profil" what="jak głosuje" /></h2>
        <CountsBar counts={c.voting.counts} />
        <p>{formatNumber(p.liczba_glosow)} {plural(p.liczba_glosow, 'aktywny głos', 'aktywne głosy', 'aktywnych głosów')} (za, przeciw, wstrzymanie się) na {formatNumber(c.voting.total)} głosowań.</p>
        <ul class="figs">
          {BALLOTS.map((b) => (
            <li>{COUNT_LABEL[b]}: <Figure to={`${href(ctx, ctx.path, { kadencja, glos: b })}#glosowania`} count={c.voting.counts[b]} />{' '}
              <span class="muted">({percentOf(c.voting.total === 0 ? 0 : voting[`${b}_procent`], c.voting.total, ['głosowania', 'głosowań', 'głosowań'])})</span></li>
          ))}
        </ul>

        <div class="cols">
          <section aria-labelledby="h-frekwencja">
            <h2 id="h-frekwencja">Frekwencja <Method ctx={ctx} anchor="frekwencja" what="frekwencja" /></h2>
            <p class="lead">
              <strong>{formatPercent(c.attendance.frekwencja_procent)}</strong>: obecność na {formatNumber(c.attendance.obecnosci)} z{' '}
              <Figure to={href(ctx, `/radni/${p.token}/obecnosci`, { kadencja })} count={c.attendance.liczba_posiedzen} /> posiedzeń.
            </p>
          </section>
          <section aria-labelledby="h-zgodnosc">
            <h2 id="h-zgodnosc">Zgodność z ugrupowaniem <Method ctx={ctx} anchor="zgodnosc-grupa" what="zgodność z ugrupowaniem" /></h2>
            <p class="lead">
              <strong>{percentOf(c.agreement.zgodnosc_procent, c.agreement.wszystkie_glosowania, ['głosowania', 'głosowań', 'głosowań'])}</strong>:
              z klubem w <Figure to={`${href(ctx, ctx.path, { kadencja, lista: 'zgodne' })}#glosowania`} count={c.agreement.zgodne} />,
              wbrew klubowi w <Figure to={`${href(ctx, ctx.path, { kadencja, lista: 'buntownicze' })}#glosowania`} count={c.agreement.wszystkie_glosowania - c.agreement.zgodne} />.
            </p>
          </section>
        </div>
        <h3>Frekwencja w kolejnych miesiącach</h3>
        <MonthlyChart months={c.months} caption="Frekwencja miesięczna" />

        <div class="cols">
          <section aria-labelledby="h-koalicje">
            <h2 id="h-koalicje">Głosuje najczęściej jak</h2>
            <PartnerTable ctx={ctx} rows={c.partners} caption="Najbardziej zgodni radni" csv={`/radni/${p.token}/koalicje.csv`} token={p.token} kadencja={kadencja} />
          </section>
          <section aria-labelledby="h-oponenci">
            <h2 id="h-oponenci">Głosuje najczęściej inaczej niż</h2>
            <PartnerTable ctx={ctx} rows={c.opponents} caption="Najmniej zgodni radni" csv={`/radni/${p.token}/oponenci.csv`} token={p.token} kadencja={kadencja} />
          </section>
        </div>
        <h3>Porównaj z innym radnym <Method ctx={ctx} anchor="porownanie" what="zgodność dwóch radnych" /></h3>
        <CompareForm ctx={ctx} data={data} kadencja={kadencja} first={p.id_osoby} />

        <h2 id="glosowania">Głosowania</h2>
        <nav aria-label="Listy głosowań">
          <ul class="tabs">
            {COUNCILLOR_LISTS.map((kind) => (
              <li>
                <a href={`${href(ctx, ctx.path, { kadencja, lista: kind === 'wszystkie' ? undefined : kind })}#glosowania`} aria-current={kind === list ? 'page' : undefined}>
                  {LIST_LABEL[kind]} ({formatNumber(kind === list ? votes.total : c.listTotals[kind])})
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <p class="muted">{LIST_HELP[list]}</p>
        {ballot && (
          <p class="note">
            Tylko głosowania z zapisem „{COUNT_LABEL[ballot]}” ({formatNumber(votes.total)}), ze wszystkich organów.{' '}
            <a href={`${href(ctx, ctx.path, { kadencja })}#glosowania`}>Pokaż wszystkie</a>
          </p>
        )}
        <ScopeNote ctx={ctx} scoped={c.votes} />
        <VoteTable ctx={ctx} votes={votes.items} caption={`Głosowania: ${LIST_LABEL[list]}`} ballot evidence />
        <Pager ctx={ctx} page={votes.page} pages={votes.pages} params={{ kadencja, lista: list === 'wszystkie' ? undefined : list, glos: ballot }} />
        {votes.total > 0 && <CsvLink ctx={ctx} path={`/radni/${p.token}/glosowania.csv`} what="tę listę" />}
        <p class="muted">Obserwuj: <a href={feedPaths.councillor(p.token)} type="application/atom+xml">kanał Atom</a> z głosami wbrew ugrupowaniu i głosami decydującymi.</p>
      </>
    ),
  };
}
