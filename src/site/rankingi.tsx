// `/rankingi`: attendance, minority and majority voting, the most contested and most unanimous votes,
// cross-group pairs, body activity.

import type { Request } from 'express';
import type { ComponentChildren } from 'preact';
import { statystyki } from '../statystyki/endpoints.ts';
import { FilterForm, ScopeNote, Tally, TermSelect } from './components.tsx';
import { type PageData, type Scoped, type VoteSummary, scoped } from './data.ts';
import { formatNumber, formatPercent, formatTerm } from './format.ts';
import { type PageContext, type PageView, href } from './layout.tsx';
import { siteQuery } from './params.ts';

interface Column<T> {
  head: string;
  cell: (row: T) => ComponentChildren;
  num?: boolean;
  wide?: boolean;
}

function RankTable<T extends { pozycja: number }>({ ctx, id, title, help, rows, columns }: {
  ctx: PageContext; id: string; title: string; help: string; rows: Scoped<T[]>; columns: Array<Column<T>>;
}) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <p class="muted">{help}</p>
      <ScopeNote ctx={ctx} scoped={rows} />
      {rows.data.length === 0 ? <p class="muted">Brak danych.</p> : (
        <div class="tw">
          <table>
            <caption class="vh">{title}</caption>
            <thead>
              <tr>
                <th scope="col" class="num">#</th>
                {columns.map((c) => <th scope="col" class={[c.num ? 'num' : '', c.wide ? 'hide-s' : ''].join(' ').trim() || undefined}>{c.head}</th>)}
              </tr>
            </thead>
            <tbody>
              {rows.data.map((r) => (
                <tr>
                  <td class="num">{r.pozycja}</td>
                  {columns.map((c) => <td class={[c.num ? 'num' : '', c.wide ? 'hide-s' : ''].join(' ').trim() || undefined}>{c.cell(r)}</td>)}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

const LIMIT = 15;

export async function rankingsPage(ctx: PageContext, data: PageData, req: Request): Promise<PageView> {
  const { kadencja } = siteQuery(req, ['kadencja']);
  const scope = { kadencja, organ: ctx.organ };
  const top = { ...scope, limit: LIMIT };
  const [attendance, rebels, loyalists, controversial, unanimous, coalitions, bodies] = await Promise.all([
    data.answer(statystyki.attendanceRanking, { query: top }),
    data.answer(statystyki.rebelRanking, { query: top }),
    data.answer(statystyki.loyalistRanking, { query: top }),
    data.answer(statystyki.mostControversial, { query: top }),
    data.answer(statystyki.mostUnanimous, { query: top }),
    data.answer(statystyki.topCoalitions, { query: { ...top, tylko_miedzy_ugrupowaniami: true } }),
    data.answer(statystyki.bodyActivity, { query: scope }),
  ]);
  const r = {
    attendance: scoped(attendance), rebels: scoped(rebels), loyalists: scoped(loyalists), controversial: scoped(controversial),
    unanimous: scoped(unanimous), coalitions: scoped(coalitions), bodies: scoped(bodies),
  };
  const person = (p: { id_osoby: number; imie_nazwisko: string; ugrupowanie: string | null }) => (
    <><a href={href(ctx, `/radni/${p.id_osoby}`)}>{p.imie_nazwisko}</a><div class="muted">{p.ugrupowanie ?? 'niezrzeszony'}</div></>
  );
  const vote = (v: VoteSummary) => <a class="title" href={href(ctx, `/glosowania/${v.id_glosowania}`)}>{v.tytul}</a>;
  return {
    title: 'Rankingi',
    section: 'rankingi',
    description: `Rankingi radnych i głosowań (${kadencja ? `kadencja ${formatTerm(kadencja)}` : 'wszystkie kadencje'}): frekwencja, głosowanie w mniejszości, najbardziej sporne głosowania.`,
    body: (
      <>
        <h1>Rankingi</h1>
        <FilterForm ctx={ctx} label="Zakres rankingów">
          <TermSelect terms={data.terms()} value={kadencja} />
        </FilterForm>
        <RankTable ctx={ctx} id="frekwencja" title="Frekwencja" help="Odsetek posiedzeń, na których radny był obecny." rows={r.attendance} columns={[
          { head: 'Radny', cell: person },
          { head: 'Frekwencja', cell: (x) => formatPercent(x.frekwencja_procent), num: true },
          { head: 'Obecności', cell: (x) => `${x.obecnosci} / ${x.liczba_posiedzen}`, num: true, wide: true },
        ]} />
        <RankTable ctx={ctx} id="mniejszosc" title="Najczęściej w mniejszości" help="Odsetek głosów innych niż większość rady (co najmniej 10 takich głosowań)." rows={r.rebels} columns={[
          { head: 'Radny', cell: person },
          { head: 'W mniejszości', cell: (x) => formatPercent(x.procent), num: true },
          { head: 'Głosowania', cell: (x) => `${x.w_mniejszosci} / ${x.glosowania}`, num: true, wide: true },
        ]} />
        <RankTable ctx={ctx} id="wiekszosc" title="Najczęściej z większością" help="Odsetek głosów zgodnych z większością rady." rows={r.loyalists} columns={[
          { head: 'Radny', cell: person },
          { head: 'Z większością', cell: (x) => formatPercent(x.procent), num: true },
          { head: 'Głosowania', cell: (x) => `${x.w_wiekszosci} / ${x.glosowania}`, num: true, wide: true },
        ]} />
        <RankTable ctx={ctx} id="sporne" title="Najbardziej sporne głosowania" help="Głosowania, w których za i przeciw były najbliżej remisu." rows={r.controversial} columns={[
          { head: 'Głosowanie', cell: vote },
          { head: 'Za : przeciw : wstrz.', cell: (v) => <Tally vote={v} />, num: true },
        ]} />
        <RankTable ctx={ctx} id="jednomyslne" title="Najbardziej jednomyślne głosowania" help="Głosowania z największym odsetkiem jednakowych głosów." rows={r.unanimous} columns={[
          { head: 'Głosowanie', cell: vote },
          { head: 'Jednomyślność', cell: (v) => formatPercent(v.jednomyslnosc_procent), num: true },
        ]} />
        <RankTable ctx={ctx} id="pary" title="Najzgodniejsze pary z różnych ugrupowań" help="Radni z różnych ugrupowań, którzy najczęściej głosują tak samo (co najmniej 10 wspólnych głosowań)." rows={r.coalitions} columns={[
          { head: 'Radni', cell: (x) => <>{person(x.radny_1)}{person(x.radny_2)}</> },
          { head: 'Zgodność', cell: (x) => formatPercent(x.zgodnosc_procent), num: true },
          { head: 'Wspólne', cell: (x) => formatNumber(x.wspolne_glosowania), num: true, wide: true },
        ]} />
        <RankTable ctx={ctx} id="organy" title="Aktywność organów" help="Liczba głosowań i posiedzeń każdego organu." rows={{ ...r.bodies, data: r.bodies.data.map((b, i) => ({ ...b, pozycja: i + 1 })) }} columns={[
          { head: 'Organ', cell: (b) => <a href={href(ctx, '/glosowania', { organ: b.id_organu, kadencja })}>{b.nazwa}</a> },
          { head: 'Głosowania', cell: (b) => formatNumber(b.liczba_glosow), num: true },
          { head: 'Posiedzenia', cell: (b) => formatNumber(b.liczba_posiedzen), num: true, wide: true },
        ]} />
      </>
    ),
  };
}
