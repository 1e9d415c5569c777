// `/`: the dashboard: counts, average attendance, the council map, recent close votes, the top of each ranking.

import { glosowania } from '../glosowania/endpoints.ts';
import { statystyki } from '../statystyki/endpoints.ts';
import { FilterForm, MonthlyChart, ScopeNote, TermSelect, VoteTable } from './components.tsx';
import { scoped } from './data.ts';
import { CouncilMapFigure, percentOf } from './evidence.tsx';
import { formatNumber, formatPercent, formatTerm, plural } from '../text/format.ts';
import { bodyName } from './layout.tsx';
import { CLOSE_VOTE, attendanceTop, loyalistTop, rankingMinimums, rebelTop } from './lists.ts';
import { MinimumNote } from './method.tsx';
import { VoteLink } from './record.tsx';
import { page, termsIn } from './page.ts';
import { PAGES, feedPaths, linkTo } from '../urls/paths.ts';
import { capital } from '../text/wording.ts';

const POSIEDZEN: [string, string, string] = ['posiedzenia', 'posiedzeń', 'posiedzeń'];
const GLOSOWAN: [string, string, string] = ['głosowania', 'głosowań', 'głosowań'];
/** Places of each ranking on the home page. */
const HOME_PLACES = 5;

export const homePage = page({
  route: PAGES.home,
  load: async ({ query: { kadencja }, organ }, { answer, tokens, readers }) => {
    const scope = { kadencja, organ };
    const top = { ...scope, limit: HOME_PLACES };
    const min = await rankingMinimums({ answer }, scope);
    // The map of the council in scope (or of the only council), in the term asked for or its newest.
    const [s, months, closeVotes, attendance, rebels, loyalists, controversial, map, terms] = await Promise.all([
      answer(statystyki.dashboard, { query: scope }),
      answer(statystyki.monthlyAttendance, { query: scope }),
      answer(glosowania.list, { query: { ...scope, kontrowersyjnosc_min: CLOSE_VOTE, limit: 6 } }),
      attendanceTop({ answer }, { ...scope, min }, HOME_PLACES),
      rebelTop({ answer }, { ...scope, min }, HOME_PLACES),
      loyalistTop({ answer }, { ...scope, min }, HOME_PLACES),
      answer(statystyki.mostControversial, { query: top }),
      answer(statystyki.councilMap, { query: scope }),
      termsIn({ answer, readers }, organ),
    ]);
    const people = await tokens([...attendance, ...rebels, ...loyalists].map((r) => r.id_osoby));
    // What the average attendance is a share of: every attendance record in scope, month by month.
    const records = months.reduce((sum, m) => sum + m.obecnosci + m.nieobecnosci, 0);
    return {
      kadencja,
      records,
      min,
      s,
      months,
      closeVotes: closeVotes.data,
      attendance,
      rebels,
      loyalists,
      controversial,
      map,
      terms,
      people,
    };
  },
  render: (
    { kadencja, records, min, s, months, closeVotes, attendance, rebels, loyalists, controversial, map, terms, people },
    ctx,
  ) => {
    const scopeName = bodyName(ctx, ctx.organ) ?? ctx.siteName;
    const w = ctx.wording;
    const termLabel = kadencja ? `kadencja ${formatTerm(kadencja)}` : 'wszystkie kadencje';
    // Several councils, none chosen: each name with its council (issue 46).
    const councilShown = ctx.councils.length > 1 && ctx.organ === undefined;
    const person = (p: { id_osoby: number; imie_nazwisko: string; organ: string | null }) => (
      <>
        <a href={linkTo(ctx, PAGES.councillor, { token: people.get(p.id_osoby)! })}>{p.imie_nazwisko}</a>
        {councilShown && p.organ !== null && <span class="muted"> ({p.organ})</span>}
      </>
    );
    return {
      title: 'Start',
      section: 'start',
      // Feed readers discover a site's feed on its home page.
      feed: { title: `Najnowsze głosowania: ${scopeName}`, href: feedPaths.votes(ctx.organ) },
      description: `${scopeName}: ${s.liczba_glosow} głosowań na ${s.liczba_posiedzen} posiedzeniach, średnia frekwencja ${formatPercent(s.srednia_frekwencja)}.`,
      body: (
        <>
          <h1>{scopeName}</h1>
          <p class="lead">
            Jak głosują {w.members}: frekwencja, wyniki głosowań, zgodność z klubem ({termLabel}).
          </p>
          <FilterForm ctx={ctx} label="Zakres">
            <TermSelect terms={terms} value={kadencja} />
          </FilterForm>
          <h2 class="vh">Podsumowanie</h2>
          <dl class="stats">
            <div>
              <dt>Posiedzenia</dt>
              <dd>
                <a href={linkTo(ctx, PAGES.sessions, { kadencja })}>{formatNumber(s.liczba_posiedzen)}</a>
              </dd>
            </div>
            <div>
              <dt>Głosowania</dt>
              <dd>
                <a href={linkTo(ctx, PAGES.votes, { kadencja })}>{formatNumber(s.liczba_glosow)}</a>
              </dd>
            </div>
            <div>
              <dt>{capital(w.members)}</dt>
              <dd>
                <a href={linkTo(ctx, PAGES.councillors, { kadencja })}>{formatNumber(s.liczba_radnych)}</a>
              </dd>
            </div>
            <div>
              <dt>
                Średnia frekwencja{' '}
                <a class="how" href={`${linkTo(ctx, PAGES.method, { kadencja })}#srednia-frekwencja`}>
                  jak liczymy<span class="vh">: średnia frekwencja</span>
                </a>
              </dt>
              <dd>
                <a href={linkTo(ctx, PAGES.sessions, { kadencja })}>
                  {formatPercent(s.srednia_frekwencja)}
                  <span class="vh"> (frekwencja posiedzeń)</span>
                </a>
              </dd>
              <dd class="basis">
                z {formatNumber(records)} {plural(records, 'zapisu', 'zapisów', 'zapisów')} obecności
              </dd>
            </div>
          </dl>
          <h2>Frekwencja w kolejnych miesiącach</h2>
          <MonthlyChart
            months={months.map((m) => ({
              miesiac: m.miesiac,
              procent: m.frekwencja_procent,
              z: m.obecnosci + m.nieobecnosci,
            }))}
            caption="Frekwencja miesięczna"
            label="Frekwencja"
            of="zapisów obecności"
            empty="Brak zapisów obecności."
          />

          {map && (
            <>
              <h2 id="mapa">
                Mapa {w.bodyGen}{' '}
                <a class="how" href={`${linkTo(ctx, PAGES.method)}#mapa`}>
                  jak liczymy<span class="vh">: mapa {w.bodyGen}</span>
                </a>
              </h2>
              <CouncilMapFigure ctx={ctx} map={map} />
            </>
          )}

          <h2>Ostatnie wyrównane głosowania</h2>
          <p class="muted" data-definicja="">
            Mniejsza ze stron (za albo przeciw) miała co najmniej 40% tych głosów.
          </p>
          <VoteTable ctx={ctx} votes={closeVotes} caption="Ostatnie wyrównane głosowania" />
          <p>
            <a href={linkTo(ctx, PAGES.votes, { kadencja, wyrownane: true })}>Wszystkie wyrównane głosowania</a>{' '}
            (kontrowersyjność ≥ {CLOSE_VOTE})
          </p>

          <h2>Rankingi</h2>
          <ScopeNote ctx={ctx} scoped={scoped(attendance)} />
          <MinimumNote ctx={ctx} min={min} />
          <div class="cols">
            <section aria-labelledby="r-frekwencja">
              <h3 id="r-frekwencja">Najwyższa frekwencja</h3>
              <ol>
                {attendance.map((r) => (
                  <li>
                    {person(r)} — {percentOf(r.frekwencja_procent, r.liczba_posiedzen, POSIEDZEN)}
                  </li>
                ))}
              </ol>
            </section>
            <section aria-labelledby="r-bunt">
              <h3 id="r-bunt">Najczęściej w mniejszości</h3>
              <ol>
                {rebels.map((r) => (
                  <li>
                    {person(r)} — {percentOf(r.procent, r.glosowania, GLOSOWAN)}
                  </li>
                ))}
              </ol>
            </section>
            <section aria-labelledby="r-lojal">
              <h3 id="r-lojal">Najczęściej z większością</h3>
              <ol>
                {loyalists.map((r) => (
                  <li>
                    {person(r)} — {percentOf(r.procent, r.glosowania, GLOSOWAN)}
                  </li>
                ))}
              </ol>
            </section>
          </div>
          <h3 id="r-spor">Najbardziej sporne głosowania</h3>
          <ol>
            {controversial.map((v) => (
              <li>
                <VoteLink ctx={ctx} vote={v} /> — {v.za} : {v.przeciw}
              </li>
            ))}
          </ol>
          <p>
            <a href={linkTo(ctx, PAGES.rankings, { kadencja })}>Pełne rankingi</a>
          </p>
        </>
      ),
    };
  },
});
