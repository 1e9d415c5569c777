// `/radni` (the list, filtered by term, group and body) and `/radni/:token` (one councillor's voting
// profile, attendance by month, agreement with the group, partners and opponents, vote lists).

import type { Request } from 'express';
import { radni } from '../radni/endpoints.ts';
import {
  BodySelect, CountsBar, FilterForm, GroupSelect, MonthlyChart, Pager, ScopeNote, TermSelect, VoteTable,
} from './components.tsx';
import { COUNCILLOR_LISTS, type PageData, type PartnerItem, type VoteListKind, pagedOf, scoped } from './data.ts';
import { formatNumber, formatPercent, formatTerm, plural } from './format.ts';
import { type PageContext, type PageView, bodyName, href } from './layout.tsx';
import { orNotFound, pathParam, siteQuery } from './params.ts';

export async function councillorsPage(ctx: PageContext, data: PageData, req: Request): Promise<PageView> {
  const { kadencja, ugrupowanie } = siteQuery(req, ['kadencja', 'ugrupowanie']);
  const groups = data.groups(kadencja);
  const list = scoped((await data.answer(radni.list, { query: { kadencja, ugrupowanie, organ: ctx.organ } })).data);
  const group = groups.find((g) => g.id_ugrupowania === ugrupowanie)?.nazwa;
  const n = list.data.length;
  return {
    title: 'Radni',
    section: 'radni',
    description: `${n} ${plural(n, 'radny', 'radnych', 'radnych')}${group ? ` z ugrupowania ${group}` : ''}${kadencja ? ` w kadencji ${formatTerm(kadencja)}` : ''}.`,
    body: (
      <>
        <h1>Radni</h1>
        <FilterForm ctx={ctx} label="Filtry listy radnych" ownOrgan>
          <TermSelect terms={data.terms()} value={kadencja} />
          <GroupSelect groups={groups} value={ugrupowanie} />
          <BodySelect bodies={ctx.bodies} value={ctx.organ} />
        </FilterForm>
        <ScopeNote ctx={ctx} scoped={list} />
        <p>{n} {plural(n, 'osoba', 'osoby', 'osób')}.</p>
        {n === 0 ? <p class="muted">Nikt nie spełnia tych warunków.</p> : (
          <div class="tw">
            <table>
              <caption class="vh">Radni</caption>
              <thead>
                <tr><th scope="col">Imię i nazwisko</th><th scope="col">Ugrupowanie</th><th scope="col" class="hide-s">Kadencja</th><th scope="col">Status</th></tr>
              </thead>
              <tbody>
                {list.data.map((r) => (
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
      </>
    ),
  };
}

const LIST_LABEL: Record<VoteListKind, string> = {
  wszystkie: 'Wszystkie',
  buntownicze: 'Wbrew klubowi',
  samotne: 'W pojedynkę',
  kluczowe: 'Rozstrzygające',
};

const LIST_HELP: Record<VoteListKind, string> = {
  wszystkie: 'Wszystkie głosowania, w których radny miał głos, od najnowszych.',
  buntownicze: 'Głosowania, w których radny zagłosował inaczej niż większość jego ugrupowania.',
  samotne: 'Głosowania, w których radny jako jedyny oddał taki głos (przy co najmniej dwóch aktywnych głosach).',
  kluczowe: 'Głosowania rozstrzygnięte jednym głosem, w których głos radnego był po stronie zwycięskiej.',
};

function PartnerTable({ ctx, rows, caption }: { ctx: PageContext; rows: PartnerItem[]; caption: string }) {
  if (rows.length === 0) return <p class="muted">Za mało wspólnych głosowań (potrzeba co najmniej 10).</p>;
  return (
    <div class="tw">
      <table>
        <caption class="vh">{caption}</caption>
        <thead><tr><th scope="col">Radny</th><th scope="col" class="num">Zgodność</th><th scope="col" class="num hide-s">Wspólne głosowania</th></tr></thead>
        <tbody>
          {rows.map((p) => (
            <tr>
              <td><a href={href(ctx, `/radni/${p.id_osoby}`)}>{p.imie_nazwisko}</a><div class="muted">{p.ugrupowanie ?? 'niezrzeszony'}</div></td>
              <td class="num">{formatPercent(p.zgodnosc_procent)}</td>
              <td class="num hide-s">{formatNumber(p.wspolne_glosowania)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The endpoint of each list of a councillor's votes. */
const VOTE_LISTS = {
  wszystkie: radni.votes, buntownicze: radni.rebelliousVotes, samotne: radni.solitaryVotes, kluczowe: radni.decisiveVotes,
} satisfies Record<VoteListKind, unknown>;

export async function councillorPage(ctx: PageContext, data: PageData, req: Request): Promise<PageView> {
  const { kadencja, lista: list, strona: page } = siteQuery(req, ['kadencja', 'lista', 'strona']);
  const p = await orNotFound('Nie ma takiego radnego.', data.answer(radni.profile, { params: { id: pathParam(req, 'token') }, query: { kadencja } }));
  const person = { params: { id: p.id_osoby }, query: { kadencja } };
  const top = { params: person.params, query: { kadencja, limit: 5 } };
  // The body filter of a councillor's votes is defined for the full list only (its total is counted per body).
  const organ = list === 'wszystkie' ? ctx.organ : undefined;
  const [voting, attendance, months, agreement, partners, opponents, listed] = await Promise.all([
    data.answer(radni.votingProfile, person),
    data.answer(radni.attendance, person),
    data.answer(radni.monthlyAttendance, person),
    data.answer(radni.groupAgreement, person),
    data.answer(radni.coalitions, top),
    data.answer(radni.opponents, top),
    data.answer(VOTE_LISTS[list], { params: person.params, query: { kadencja, organ, page, limit: 20 } }),
  ]);
  const { za, przeciw, wstrzymujacy, nieobecny, brak_glosu } = voting;
  const c = {
    voting: { counts: { za, przeciw, wstrzymujacy, nieobecny, brak_glosu }, total: za + przeciw + wstrzymujacy + nieobecny + brak_glosu },
    attendance, months, agreement, partners, opponents,
    listTotals: data.snapshot.queries.radni.voteTotals(p.id_osoby, kadencja),
    votes: scoped(pagedOf(listed), organ !== undefined),
  };
  const votes = c.votes.data;
  const termLabel = kadencja ? `kadencja ${formatTerm(kadencja)}` : 'wszystkie kadencje';
  const scopeName = bodyName(ctx, ctx.organ);
  return {
    title: p.imie_nazwisko,
    section: 'radni',
    description: `${p.imie_nazwisko}${p.ugrupowanie ? ` (${p.ugrupowanie})` : ''}: frekwencja ${formatPercent(c.attendance.frekwencja_procent)}, `
      + `zgodność z ugrupowaniem ${formatPercent(c.agreement.zgodnosc_procent)}.`,
    head: <link rel="canonical" href={`${ctx.origin}/radni/${p.token}`} />,
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

        <h2>Jak głosuje</h2>
        <CountsBar counts={c.voting.counts} />
        <p>{formatNumber(p.liczba_glosow)} {plural(p.liczba_glosow, 'aktywny głos', 'aktywne głosy', 'aktywnych głosów')} (za, przeciw, wstrzymanie się) na {formatNumber(c.voting.total)} głosowań.</p>

        <div class="cols">
          <section aria-labelledby="h-frekwencja">
            <h2 id="h-frekwencja">Frekwencja</h2>
            <p class="lead"><strong>{formatPercent(c.attendance.frekwencja_procent)}</strong>: obecność na {formatNumber(c.attendance.obecnosci)} z {formatNumber(c.attendance.liczba_posiedzen)} posiedzeń.</p>
          </section>
          <section aria-labelledby="h-zgodnosc">
            <h2 id="h-zgodnosc">Zgodność z ugrupowaniem</h2>
            <p class="lead"><strong>{formatPercent(c.agreement.zgodnosc_procent)}</strong>: głos zgodny ze stanowiskiem ugrupowania w {formatNumber(c.agreement.zgodne)} z {formatNumber(c.agreement.wszystkie_glosowania)} głosowań.</p>
          </section>
        </div>
        <h3>Frekwencja w kolejnych miesiącach</h3>
        <MonthlyChart months={c.months} caption="Frekwencja miesięczna" />

        <div class="cols">
          <section aria-labelledby="h-koalicje">
            <h2 id="h-koalicje">Głosuje najczęściej jak</h2>
            <PartnerTable ctx={ctx} rows={c.partners} caption="Najbardziej zgodni radni" />
          </section>
          <section aria-labelledby="h-oponenci">
            <h2 id="h-oponenci">Głosuje najczęściej inaczej niż</h2>
            <PartnerTable ctx={ctx} rows={c.opponents} caption="Najmniej zgodni radni" />
          </section>
        </div>

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
        <ScopeNote ctx={ctx} scoped={c.votes} />
        <VoteTable ctx={ctx} votes={votes.items} caption={`Głosowania: ${LIST_LABEL[list]}`} ballot />
        <Pager ctx={ctx} page={votes.page} pages={votes.pages} params={{ kadencja, lista: list === 'wszystkie' ? undefined : list }} />
      </>
    ),
  };
}
