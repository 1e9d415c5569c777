// `/posiedzenia` (the list) and `/posiedzenia/:id` (agenda with its votes, attendance).

import type Database from 'better-sqlite3';
import type { Request } from 'express';
import { VOTE_SUMMARY_COLUMNS, VOTE_SUMMARY_FROM } from '../glosowania/queries.ts';
import { posiedzenia } from '../posiedzenia/endpoints.ts';
import { BodySelect, FilterForm, Pager, ResultBadge, Tally, TermSelect } from './components.tsx';
import { type PageData, type VoteSummary, pagedOf } from './data.ts';
import { formatDate, formatNumber, formatPercent, formatTerm, plural } from './format.ts';
import { type PageContext, type PageView, href } from './layout.tsx';
import { orNotFound, pathParam, siteQuery } from './params.ts';

/**
 * The votes of one session, in the order they were taken: no endpoint lists them (the vote list has
 * no session filter), so this page has its own statement, prepared once per snapshot.
 */
const sessionVotesStatements = new WeakMap<Database.Database, Database.Statement>();
function sessionVotes(db: Database.Database, id: number): VoteSummary[] {
  let statement = sessionVotesStatements.get(db);
  if (!statement) {
    statement = db.prepare(`SELECT ${VOTE_SUMMARY_COLUMNS} FROM ${VOTE_SUMMARY_FROM} WHERE g.id_posiedzenia = ? ORDER BY g.ord DESC`);
    sessionVotesStatements.set(db, statement);
  }
  return statement.all(id) as VoteSummary[];
}

const sessionName = (s: { numer: string; nazwa: string | null }) => `Posiedzenie nr ${s.numer}${s.nazwa ? ` (${s.nazwa})` : ''}`;

export async function sessionsPage(ctx: PageContext, data: PageData, req: Request): Promise<PageView> {
  const { kadencja, strona: page } = siteQuery(req, ['kadencja', 'strona']);
  const result = pagedOf(await data.answer(posiedzenia.list, { query: { kadencja, organ: ctx.organ, page, limit: 25 } }));
  return {
    title: 'Posiedzenia',
    section: 'posiedzenia',
    description: `${formatNumber(result.total)} ${plural(result.total, 'posiedzenie', 'posiedzenia', 'posiedzeń')} z porządkiem obrad, głosowaniami i obecnością.`,
    body: (
      <>
        <h1>Posiedzenia</h1>
        <FilterForm ctx={ctx} label="Filtry posiedzeń" ownOrgan>
          <TermSelect terms={data.terms()} value={kadencja} />
          <BodySelect bodies={ctx.bodies} value={ctx.organ} />
        </FilterForm>
        <p>{formatNumber(result.total)} {plural(result.total, 'posiedzenie', 'posiedzenia', 'posiedzeń')}.</p>
        {result.items.length === 0 ? <p class="muted">Brak posiedzeń.</p> : (
          <div class="tw">
            <table>
              <caption class="vh">Posiedzenia</caption>
              <thead>
                <tr><th scope="col" class="hide-s">Data</th><th scope="col">Posiedzenie</th><th scope="col" class="num">Głosowania</th><th scope="col" class="num hide-s">Frekwencja</th></tr>
              </thead>
              <tbody>
                {result.items.map((s) => (
                  <tr>
                    <td class="nw hide-s">{formatDate(s.data)}</td>
                    <td class="title"><a href={href(ctx, `/posiedzenia/${s.id_posiedzenia}`)}>{sessionName(s)}</a><div class="muted"><span class="show-s">{formatDate(s.data)} · </span>{s.organ}</div></td>
                    <td class="num">{formatNumber(s.liczba_glosowan)}</td>
                    <td class="num hide-s">{formatPercent(s.frekwencja_procent)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pager ctx={ctx} page={result.page} pages={result.pages} params={{ kadencja }} />
      </>
    ),
  };
}

function VoteList({ ctx, votes }: { ctx: PageContext; votes: VoteSummary[] }) {
  return (
    <ul>
      {votes.map((v) => (
        <li>
          <a href={href(ctx, `/glosowania/${v.id_glosowania}`)}>{v.tytul}</a>{' '}
          {v.godzina && <span class="muted">{v.godzina} </span>}
          <ResultBadge wynik={v.wynik} /> <Tally vote={v} />
        </li>
      ))}
    </ul>
  );
}

export async function sessionPage(ctx: PageContext, data: PageData, req: Request): Promise<PageView> {
  const session = { params: { id: pathParam(req, 'id') } };
  const [s, agenda, attendance] = await orNotFound('Nie ma takiego posiedzenia.', Promise.all([
    data.answer(posiedzenia.detail, session),
    data.answer(posiedzenia.agenda, session),
    data.answer(posiedzenia.attendance, session),
  ]));
  const votes = sessionVotes(data.snapshot.db, s.id_posiedzenia);
  const points = agenda.map((point) => ({ ...point, votes: votes.filter((v) => v.id_punktu === point.id_punktu) }));
  const onAgenda = new Set(points.map((point) => point.id_punktu));
  const otherVotes = votes.filter((v) => v.id_punktu === null || !onAgenda.has(v.id_punktu));
  const present = attendance.filter((a) => a.obecny);
  const absent = attendance.filter((a) => !a.obecny);
  return {
    title: `${sessionName(s)}, ${formatDate(s.data)}`,
    section: 'posiedzenia',
    description: `${s.organ}, ${formatDate(s.data)}: ${s.liczba_glosowan} ${plural(s.liczba_glosowan, 'głosowanie', 'głosowania', 'głosowań')}, frekwencja ${formatPercent(s.frekwencja_procent)}.`,
    body: (
      <>
        <h1>{sessionName(s)}</h1>
        <p class="meta">{formatDate(s.data)} · {s.organ} · kadencja {formatTerm(s.kadencja)}</p>
        <dl class="stats">
          <div><dt>Punkty porządku</dt><dd>{s.liczba_punktow}</dd></div>
          <div><dt>Głosowania</dt><dd>{s.liczba_glosowan}</dd></div>
          <div><dt>Frekwencja</dt><dd>{formatPercent(s.frekwencja_procent)}</dd></div>
        </dl>

        <h2>Porządek obrad</h2>
        {points.length === 0 ? <p class="muted">Brak porządku obrad w danych.</p> : (
          <ol class="agenda">
            {points.map((p) => (
              <li>
                <span class="pt">{p.numer}. {p.tytul}</span>
                {p.votes.length > 0 ? <VoteList ctx={ctx} votes={p.votes} /> : <div class="muted">Bez głosowania.</div>}
              </li>
            ))}
          </ol>
        )}
        {otherVotes.length > 0 && (
          <>
            <h2>{points.length === 0 ? 'Głosowania' : 'Głosowania poza punktami porządku'}</h2>
            <VoteList ctx={ctx} votes={otherVotes} />
          </>
        )}

        <h2>Obecność</h2>
        <p>Obecnych {s.obecni} z {s.liczba_obecnosci} ({formatPercent(s.frekwencja_procent)}).</p>
        {attendance.length > 0 && (
          <div class="cols">
            <section aria-labelledby="h-obecni">
              <h3 id="h-obecni">Obecni ({present.length})</h3>
              <ul class="ballots">{present.map((a) => <li class="k-za"><a href={href(ctx, `/radni/${a.id_osoby}`)}>{a.imie_nazwisko}</a> <span class="g">{a.ugrupowanie ?? 'niezrzeszony'}</span></li>)}</ul>
            </section>
            <section aria-labelledby="h-nieobecni">
              <h3 id="h-nieobecni">Nieobecni ({absent.length})</h3>
              {absent.length === 0 ? <p class="muted">Nikt.</p>
                : <ul class="ballots">{absent.map((a) => <li class="k-nieobecny"><a href={href(ctx, `/radni/${a.id_osoby}`)}>{a.imie_nazwisko}</a> <span class="g">{a.ugrupowanie ?? 'niezrzeszony'}</span></li>)}</ul>}
            </section>
          </div>
        )}
      </>
    ),
  };
}
