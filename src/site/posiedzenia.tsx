// `/posiedzenia` (the list) and `/posiedzenia/:id` (agenda with its votes, attendance).

import { posiedzenia } from '../posiedzenia/endpoints.ts';
import { BodySelect, CsvLink, FilterForm, Pager, ResultBadge, Tally, TermSelect } from './components.tsx';
import { type VoteSummary, pagesOf } from './data.ts';
import { ballotLabelFor, formatDate, formatNumber, formatTerm, plural } from '../text/format.ts';
import { type PageContext, groupName } from './layout.tsx';
import { sessionAttendanceList, sessionList, sessionVoteList } from './lists.ts';
import { type InputOf, type LoadContext, download, page, readList, termsIn } from './page.ts';
import { orNotFound } from '../urls/params.ts';
import { PAGES, linkTo, listHref } from '../urls/paths.ts';
import { NO_BASE, PercentWithBase, VoteLink, percentText } from './record.tsx';

/** Sessions per page of /posiedzenia. */
const SESSIONS_PAGE = 25;

const sessionName = (s: { numer: string; nazwa: string | null }) =>
  `Posiedzenie nr ${s.numer}${s.nazwa ? ` (${s.nazwa})` : ''}`;

type SessionsInput = InputOf<typeof PAGES.sessions>;
const sessionScope = ({ query: { kadencja }, organ }: SessionsInput) => ({ kadencja, organ });

export const sessionsPage = page({
  route: PAGES.sessions,
  load: async (input, context) => {
    const { kadencja, strona: page } = input.query;
    const [{ items, total }, terms] = await Promise.all([
      readList(sessionList, sessionScope(input), context, page, SESSIONS_PAGE),
      termsIn(context, input.organ),
    ]);
    return { kadencja, terms, result: { items, total, page, pages: pagesOf(total, SESSIONS_PAGE) } };
  },
  render: ({ kadencja, terms, result }, ctx) => {
    return {
      title: ctx.wording.sessions,
      section: 'posiedzenia',
      description: `${formatNumber(result.total)} ${plural(result.total, 'posiedzenie', 'posiedzenia', 'posiedzeń')} z porządkiem obrad, głosowaniami i obecnością.`,
      body: (
        <>
          <h1>{ctx.wording.sessions}</h1>
          <FilterForm ctx={ctx} label="Filtry posiedzeń" ownOrgan>
            <TermSelect terms={terms} value={kadencja} />
            <BodySelect bodies={ctx.bodies} value={ctx.organ} />
          </FilterForm>
          <p>
            {formatNumber(result.total)} {plural(result.total, 'posiedzenie', 'posiedzenia', 'posiedzeń')}.
          </p>
          {result.items.length === 0 ? (
            <p class="muted">Brak posiedzeń.</p>
          ) : (
            <div class="tw">
              <table>
                <caption class="vh">{ctx.wording.sessions}</caption>
                <thead>
                  <tr>
                    <th scope="col" class="hide-s">
                      Data
                    </th>
                    <th scope="col">Posiedzenie</th>
                    <th scope="col" class="num">
                      Głosowania
                    </th>
                    <th scope="col" class="num">
                      Frekwencja (z ilu zapisów obecności)
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {result.items.map((s) => (
                    <tr>
                      <td class="nw hide-s">{formatDate(s.data)}</td>
                      <td class="title">
                        <a href={linkTo(ctx, PAGES.session, { id: s.id_posiedzenia })}>{sessionName(s)}</a>
                        <div class="muted">
                          <span class="show-s">{formatDate(s.data)} · </span>
                          {s.organ}
                        </div>
                      </td>
                      <td class="num">{formatNumber(s.liczba_glosowan)}</td>
                      <td class="num">
                        <PercentWithBase
                          percent={s.frekwencja_procent}
                          base={s.liczba_obecnosci}
                          reason={NO_BASE.attendance}
                        />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pager
            page={result.page}
            pages={result.pages}
            link={(strona) => linkTo(ctx, PAGES.sessions, { kadencja, strona })}
          />
          {result.total > 0 && <CsvLink href={listHref(ctx, PAGES.sessions, {}, '')} what="tę listę" />}
        </>
      ),
    };
  },
  downloads: { '': download(sessionList, (input: SessionsInput) => sessionScope(input)) },
});

function VoteList({ ctx, votes }: { ctx: PageContext; votes: VoteSummary[] }) {
  return (
    <ul>
      {votes.map((v) => (
        <li>
          <VoteLink ctx={ctx} vote={v} /> {v.godzina && <span class="muted">{v.godzina} </span>}
          <ResultBadge wynik={v.wynik} /> <Tally vote={v} />
        </li>
      ))}
    </ul>
  );
}

/** The session a page is about, or its 404. */
type SessionInput = InputOf<typeof PAGES.session>;
const sessionOf = ({ params: { id } }: SessionInput, { answer }: LoadContext) =>
  orNotFound('Nie ma takiego posiedzenia.', answer(posiedzenia.detail, { params: { id } }));

export const sessionPage = page({
  route: PAGES.session,
  load: async (input, context) => {
    const s = await sessionOf(input, context);
    const id = s.id_posiedzenia;
    const [agenda, attendance, votes] = await Promise.all([
      context.answer(posiedzenia.agenda, { params: { id } }),
      context.answer(posiedzenia.attendance, { params: { id } }),
      context.answer(posiedzenia.votes, { params: { id } }),
    ]);
    const people = await context.tokens(
      attendance.map((a) => a.id_osoby),
      { organ: s.id_organu, kadencja: s.kadencja },
    );
    return { s, agenda, attendance, votes, people };
  },
  render: ({ s, agenda, attendance, votes, people }, ctx) => {
    const points = agenda.map((point) => ({ ...point, votes: votes.filter((v) => v.id_punktu === point.id_punktu) }));
    const onAgenda = new Set(points.map((point) => point.id_punktu));
    const otherVotes = votes.filter((v) => v.id_punktu === null || !onAgenda.has(v.id_punktu));
    const present = attendance.filter((a) => a.obecny);
    const absent = attendance.filter((a) => !a.obecny);
    // On the list and absent from every vote of the session (CONTRACT §10): attendance is not participation.
    const silent = new Set(
      present
        .filter((a) => s.lista_obecnosci && a.glosowania > 0 && a.nieobecny_w_glosowaniach === a.glosowania)
        .map((a) => a.id_osoby),
    );
    const councillor = (a: { id_osoby: number }) => linkTo(ctx, PAGES.councillor, { token: people.get(a.id_osoby)! });
    return {
      title: `${sessionName(s)}, ${formatDate(s.data)}`,
      section: 'posiedzenia',
      description: `${s.organ}, ${formatDate(s.data)}: ${s.liczba_glosowan} ${plural(s.liczba_glosowan, 'głosowanie', 'głosowania', 'głosowań')}, frekwencja ${percentText(s.frekwencja_procent, s.liczba_obecnosci, NO_BASE.attendance)}.`,
      body: (
        <>
          <h1>{sessionName(s)}</h1>
          <p class="meta">
            {formatDate(s.data)} · {s.organ} · kadencja {formatTerm(s.kadencja)}
          </p>
          <dl class="stats">
            <div>
              <dt>Punkty porządku</dt>
              <dd>{s.liczba_punktow}</dd>
            </div>
            <div>
              <dt>Głosowania</dt>
              <dd>{s.liczba_glosowan}</dd>
            </div>
            <div>
              <dt>Frekwencja</dt>
              <dd>{percentText(s.frekwencja_procent, s.liczba_obecnosci, NO_BASE.attendance)}</dd>
              {s.liczba_obecnosci > 0 && (
                <dd class="basis">
                  {formatNumber(s.obecni)} obecnych z {formatNumber(s.liczba_obecnosci)}{' '}
                  {plural(s.liczba_obecnosci, 'zapisu', 'zapisów', 'zapisów')} obecności
                </dd>
              )}
            </div>
          </dl>

          <h2>Porządek obrad</h2>
          {points.length === 0 ? (
            <p class="muted">Brak porządku obrad w danych.</p>
          ) : (
            <ol class="agenda">
              {points.map((p) => (
                <li>
                  <span class="pt">
                    {p.numer}. {p.tytul}
                  </span>
                  {p.votes.length > 0 ? (
                    <VoteList ctx={ctx} votes={p.votes} />
                  ) : (
                    <div class="muted">Bez głosowania.</div>
                  )}
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
          {votes.length > 0 && (
            <CsvLink
              href={listHref(ctx, PAGES.session, { id: s.id_posiedzenia }, 'glosowania')}
              what="głosowania tego posiedzenia"
            />
          )}

          <h2>Obecność</h2>
          <p>
            Obecnych {s.obecni} z {s.liczba_obecnosci} (
            {percentText(s.frekwencja_procent, s.liczba_obecnosci, NO_BASE.attendance)}).
            {silent.size > 0 && (
              <>
                {' '}
                Z obecnych na liście {formatNumber(silent.size)}{' '}
                {plural(silent.size, 'osoba była nieobecna', 'osoby były nieobecne', 'osób było nieobecnych')} w każdym
                głosowaniu posiedzenia — zaznaczamy {silent.size === 1 ? 'ją' : 'je'} niżej (
                <a href={`${linkTo(ctx, PAGES.quality)}#obecni_bez_glosu`}>obecność to nie udział w głosowaniach</a>).
              </>
            )}
          </p>
          {attendance.length > 0 && (
            <div class="cols">
              <section aria-labelledby="h-obecni">
                <h3 id="h-obecni">Obecni ({present.length})</h3>
                <ul class="ballots">
                  {present.map((a) => (
                    <li class={silent.has(a.id_osoby) ? 'k-nieobecny' : 'k-za'}>
                      <a href={councillor(a)}>{a.imie_nazwisko}</a>{' '}
                      <span class="g">{groupName(ctx, a.ugrupowanie)}</span>
                      {silent.has(a.id_osoby) && (
                        <strong class="silent">
                          {' '}
                          — na liście obecności, ale {ballotLabelFor(a.imie_nazwisko, 'nieobecny')}{' '}
                          {a.glosowania === 1
                            ? 'w jedynym głosowaniu'
                            : `we wszystkich ${formatNumber(a.glosowania)} głosowaniach`}
                        </strong>
                      )}
                    </li>
                  ))}
                </ul>
              </section>
              <section aria-labelledby="h-nieobecni">
                <h3 id="h-nieobecni">Nieobecni ({absent.length})</h3>
                {absent.length === 0 ? (
                  <p class="muted">Nikt.</p>
                ) : (
                  <ul class="ballots">
                    {absent.map((a) => (
                      <li class="k-nieobecny">
                        <a href={councillor(a)}>{a.imie_nazwisko}</a>{' '}
                        <span class="g">{groupName(ctx, a.ugrupowanie)}</span>
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            </div>
          )}
          {attendance.length > 0 && (
            <CsvLink
              href={listHref(ctx, PAGES.session, { id: s.id_posiedzenia }, 'obecnosci')}
              what="listę obecności"
            />
          )}
        </>
      ),
    };
  },
  downloads: {
    obecnosci: download(sessionAttendanceList, async (input: SessionInput, context) => ({
      id: (await sessionOf(input, context)).id_posiedzenia,
    })),
    glosowania: download(sessionVoteList, async (input: SessionInput, context) => ({
      id: (await sessionOf(input, context)).id_posiedzenia,
    })),
  },
});
