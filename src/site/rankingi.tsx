// `/rankingi`: attendance, minority and majority voting, the most contested and most unanimous votes,
// cross-group pairs, body activity.

import type { ComponentChildren } from 'preact';
import { radni } from '../radni/endpoints.ts';
import { CsvLink, FilterForm, ScopeNote, Tally, TermSelect } from './components.tsx';
import { type Scoped, type VoteSummary, scoped } from './data.ts';
import { formatNumber, formatTerm, participationPercent } from '../text/format.ts';
import { type PageContext, groupName } from './layout.tsx';
import { RANKINGS, RANKING_PLACES, type RankingName, type RankingScope, rankingMinimums } from './lists.ts';
import { MinimumNote } from './method.tsx';
import { type InputOf, type SiteList, download, page, readList, termsIn } from './page.ts';
import { PercentWithBase, TallyOnlyMark, VoteLink } from './record.tsx';
import { PAGES, linkTo, listHref } from '../urls/paths.ts';
import { capital } from '../text/wording.ts';

type Input = InputOf<typeof PAGES.rankings>;

/** The scope of the rankings with the site's minimums: the page's and each download's. */
const rankingScope = async (
  { query: { kadencja }, organ }: Input,
  context: Parameters<typeof rankingMinimums>[0],
): Promise<RankingScope> => ({ kadencja, organ, min: await rankingMinimums(context, { kadencja, organ }) });

interface Column<T> {
  head: string;
  cell: (row: T) => ComponentChildren;
  num?: boolean;
  wide?: boolean;
}

function RankTable<T extends { pozycja: number }>({
  ctx,
  id,
  title,
  help,
  rows,
  columns,
}: {
  ctx: PageContext;
  id: RankingName;
  title: string;
  help: string;
  rows: Scoped<readonly T[]>;
  columns: Array<Column<T>>;
}) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <p class="muted">{help}</p>
      <ScopeNote ctx={ctx} scoped={rows} />
      {rows.data.length === 0 ? (
        <p class="muted">Brak danych.</p>
      ) : (
        <div class="tw">
          <table>
            <caption class="vh">{title}</caption>
            <thead>
              <tr>
                <th scope="col" class="num">
                  #
                </th>
                {columns.map((c) => (
                  <th scope="col" class={[c.num ? 'num' : '', c.wide ? 'hide-s' : ''].join(' ').trim() || undefined}>
                    {c.head}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.data.map((r) => (
                <tr>
                  <td class="num">{r.pozycja}</td>
                  {columns.map((c) => (
                    <td class={[c.num ? 'num' : '', c.wide ? 'hide-s' : ''].join(' ').trim() || undefined}>
                      {c.cell(r)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {rows.data.length > 0 && <CsvLink href={listHref(ctx, PAGES.rankings, {}, id)} what="ten ranking" />}
    </section>
  );
}

/** A ranking's percent with its base (the column's heading says what the base counts). */
const share = (percent: number, base: number) => <PercentWithBase percent={percent} base={base} reason="brak głosów" />;

export const rankingsPage = page({
  route: PAGES.rankings,
  load: async (input, context) => {
    const scope = await rankingScope(input, context);
    const shown = async <T,>(list: SiteList<RankingScope, T>) =>
      (await readList(list, scope, context, 1, RANKING_PLACES)).items;
    const [attendance, rebels, loyalists, controversial, unanimous, coalitions, bodies, terms] = await Promise.all([
      shown(RANKINGS.frekwencja),
      shown(RANKINGS.mniejszosc),
      shown(RANKINGS.wiekszosc),
      shown(RANKINGS.sporne),
      shown(RANKINGS.jednomyslne),
      shown(RANKINGS.pary),
      shown(RANKINGS.organy),
      termsIn(context, input.organ),
    ]);
    // Participation in votes beside each attendance row (CONTRACT §10): the councillor's profil-glosowania in the term.
    const participation = new Map(
      await Promise.all(
        attendance.map(async (row) => {
          const v = await context.answer(radni.votingProfile, {
            params: { id: row.id_osoby },
            query: { kadencja: scope.kadencja },
          });
          const base = v.za + v.przeciw + v.wstrzymujacy + v.nieobecny + v.brak_glosu;
          return [row.id_osoby, { percent: participationPercent(v.nieobecny_procent), base }] as const;
        }),
      ),
    );
    const people = await context.tokens(
      [...attendance, ...rebels, ...loyalists, ...coalitions.flatMap((c) => [c.radny_1, c.radny_2])].map(
        (p) => p.id_osoby,
      ),
    );
    return {
      scope,
      attendance,
      participation,
      rebels,
      loyalists,
      controversial,
      unanimous,
      coalitions,
      bodies,
      terms,
      people,
    };
  },
  render: ({ scope: { kadencja, min }, terms, people, participation, ...found }, ctx) => {
    const r = {
      attendance: scoped(found.attendance),
      rebels: scoped(found.rebels),
      loyalists: scoped(found.loyalists),
      controversial: scoped(found.controversial),
      unanimous: scoped(found.unanimous),
      coalitions: scoped(found.coalitions),
      bodies: scoped(found.bodies),
    };
    // Several councils, none chosen: each row names its council (issue 46).
    const councilShown = ctx.councils.length > 1 && ctx.organ === undefined;
    const person = (p: {
      id_osoby: number;
      imie_nazwisko: string;
      ugrupowanie: string | null;
      organ: string | null;
    }) => (
      <>
        <a href={linkTo(ctx, PAGES.councillor, { token: people.get(p.id_osoby)! })}>{p.imie_nazwisko}</a>
        <div class="muted">
          {groupName(ctx, p.ugrupowanie)}
          {councilShown && p.organ !== null && ` · ${p.organ}`}
        </div>
      </>
    );
    const vote = (v: VoteSummary) => (
      <>
        <VoteLink ctx={ctx} vote={v} class="title" />
        <TallyOnlyMark vote={v} />
      </>
    );
    const w = ctx.wording;
    const Member = capital(w.member);
    return {
      title: 'Rankingi',
      section: 'rankingi',
      description: `Rankingi ${w.membersGen} i głosowań (${kadencja ? `kadencja ${formatTerm(kadencja)}` : 'wszystkie kadencje'}): frekwencja, głosowanie w mniejszości, najbardziej sporne głosowania.`,
      body: (
        <>
          <h1>Rankingi</h1>
          <FilterForm ctx={ctx} label="Zakres rankingów">
            <TermSelect terms={terms} value={kadencja} />
          </FilterForm>
          <MinimumNote ctx={ctx} min={min} />
          <p>
            <a href={linkTo(ctx, PAGES.cohesion, { kadencja })}>Spójność klubów</a>: jak jednolicie głosuje{' '}
            {w.everyGroup}.
          </p>
          <RankTable
            ctx={ctx}
            id="frekwencja"
            title="Frekwencja"
            help={`Odsetek posiedzeń, na których ${w.member} był obecny, z liczbą jego zapisów obecności; obok udział w głosowaniach: odsetek jego głosowań, w których nie był zapisany jako nieobecny (być na liście obecności to nie to samo, co głosować)${ctx.organ === undefined ? '' : `; udział liczymy we wszystkich organach`}.`}
            rows={r.attendance}
            columns={[
              { head: Member, cell: person },
              {
                head: 'Frekwencja (z ilu posiedzeń)',
                cell: (x) => share(x.frekwencja_procent, x.liczba_posiedzen),
                num: true,
              },
              {
                head: 'Udział w głosowaniach (z ilu głosowań)',
                cell: (x) => {
                  const p = participation.get(x.id_osoby)!;
                  return share(p.percent, p.base);
                },
                num: true,
              },
              { head: 'Obecności', cell: (x) => `${x.obecnosci} / ${x.liczba_posiedzen}`, num: true, wide: true },
            ]}
          />
          <RankTable
            ctx={ctx}
            id="mniejszosc"
            title="Najczęściej w mniejszości"
            help={`Odsetek głosów innych niż większość ${w.bodyGen}, z liczbą głosowań, w których większość miała stanowisko.`}
            rows={r.rebels}
            columns={[
              { head: Member, cell: person },
              { head: 'W mniejszości (z ilu głosowań)', cell: (x) => share(x.procent, x.glosowania), num: true },
              { head: 'Głosowania', cell: (x) => `${x.w_mniejszosci} / ${x.glosowania}`, num: true, wide: true },
            ]}
          />
          <RankTable
            ctx={ctx}
            id="wiekszosc"
            title="Najczęściej z większością"
            help={`Odsetek głosów zgodnych z większością ${w.bodyGen}, z liczbą głosowań, w których większość miała stanowisko.`}
            rows={r.loyalists}
            columns={[
              { head: Member, cell: person },
              { head: 'Z większością (z ilu głosowań)', cell: (x) => share(x.procent, x.glosowania), num: true },
              { head: 'Głosowania', cell: (x) => `${x.w_wiekszosci} / ${x.glosowania}`, num: true, wide: true },
            ]}
          />
          <RankTable
            ctx={ctx}
            id="sporne"
            title="Najbardziej sporne głosowania"
            help="Głosowania, w których za i przeciw były najbliżej remisu."
            rows={r.controversial}
            columns={[
              { head: 'Głosowanie', cell: vote },
              { head: 'Za : przeciw : wstrz.', cell: (v) => <Tally vote={v} />, num: true },
            ]}
          />
          <RankTable
            ctx={ctx}
            id="jednomyslne"
            title="Najbardziej jednomyślne głosowania"
            help="Głosowania z największym odsetkiem jednakowych głosów."
            rows={r.unanimous}
            columns={[
              { head: 'Głosowanie', cell: vote },
              {
                head: 'Jednomyślność (z ilu głosów)',
                cell: (v) => share(v.jednomyslnosc_procent, v.za + v.przeciw + v.wstrzymujacy),
                num: true,
              },
            ]}
          />
          <RankTable
            ctx={ctx}
            id="pary"
            title={`Najzgodniejsze pary z różnych ${w.groupsGen}`}
            help={`${capital(w.members)} z różnych ${w.groupsGen}, którzy najczęściej głosują tak samo (co najmniej 10 wspólnych głosowań).`}
            rows={r.coalitions}
            columns={[
              {
                head: capital(w.members),
                cell: (x) => (
                  <>
                    {person(x.radny_1)}
                    {person(x.radny_2)}
                  </>
                ),
              },
              {
                head: 'Zgodność (z ilu wspólnych głosowań)',
                cell: (x) => share(x.zgodnosc_procent, x.wspolne_glosowania),
                num: true,
              },
            ]}
          />
          {/* One body: its one row would only repeat the dashboard (issue 46). */}
          {ctx.bodies.length > 1 && (
            <RankTable
              ctx={ctx}
              id="organy"
              title="Aktywność organów"
              help="Liczba głosowań i posiedzeń każdego organu."
              rows={r.bodies}
              columns={[
                {
                  head: 'Organ',
                  cell: (b) => <a href={linkTo(ctx, PAGES.votes, { organ: b.id_organu, kadencja })}>{b.nazwa}</a>,
                },
                { head: 'Głosowania', cell: (b) => formatNumber(b.liczba_glosow), num: true },
                { head: 'Posiedzenia', cell: (b) => formatNumber(b.liczba_posiedzen), num: true, wide: true },
              ]}
            />
          )}
        </>
      ),
    };
  },
  // Each ranking's list as a file, named as in RANKINGS (each entry typed by its own rows).
  downloads: {
    frekwencja: download(RANKINGS.frekwencja, rankingScope),
    mniejszosc: download(RANKINGS.mniejszosc, rankingScope),
    wiekszosc: download(RANKINGS.wiekszosc, rankingScope),
    sporne: download(RANKINGS.sporne, rankingScope),
    jednomyslne: download(RANKINGS.jednomyslne, rankingScope),
    pary: download(RANKINGS.pary, rankingScope),
    organy: download(RANKINGS.organy, rankingScope),
  } satisfies Record<RankingName, unknown>,
});
