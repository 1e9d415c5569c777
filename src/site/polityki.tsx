// `/polityki` and `/polityki/:id` (CONTRACT §13): an editor's stated positions, the votes that test each
// with the ballot that supports it, and every councillor's agreement in words and in figures with its
// base. Each count leads to the votes behind it: `/polityki/:id?radny=<token>&zgodnosc=<kind>` lists the
// policy's votes with that councillor's ballot, of that kind. The councillor's page shows their row of
// every policy (PolicyFigures). Everything is read from the endpoints; the scores are the ETL's.

import { OCENY, type Ocena } from '../../core/policies.ts';
import { glosowania } from '../glosowania/endpoints.ts';
import { polityki } from '../polityki/endpoints.ts';
import type { CouncillorPolicy, PolicyCouncillor, PolicyDetail } from '../polityki/schemas.ts';
import { radni } from '../radni/endpoints.ts';
import { utils } from '../utils/endpoints.ts';
import { BodySelect, FilterForm, ResultBadge, TermSelect } from './components.tsx';
import { Figure, Method } from './evidence.tsx';
import { formatDate, formatNumber, formatPercent, formatTerm, plural } from '../text/format.ts';
import { type PageContext, bodyName, groupName } from './layout.tsx';
import { type LoadContext, page } from './page.ts';
import { type PolicyAgreement, orNotFound } from '../urls/params.ts';
import { PAGES, linkTo } from '../urls/paths.ts';
import { VoteLink } from './record.tsx';
import { capital } from '../text/wording.ts';
import { ballotsListed } from './data.ts';

/** §13's words for each ocena, as the site says them. */
export const OCENA_WORDS: Readonly<Record<Ocena, string>> = {
  'zawsze-za': 'Konsekwentnie popiera',
  'prawie-zawsze-za': 'Prawie zawsze popiera',
  'zwykle-za': 'Zwykle popiera',
  roznie: 'Różnie',
  'zwykle-przeciw': 'Zwykle przeciw',
  'prawie-zawsze-przeciw': 'Prawie zawsze przeciw',
  'zawsze-przeciw': 'Konsekwentnie przeciw',
  'brak-danych': 'Brak danych',
};
const ORDERED_WORDS = OCENY.map((o) => OCENA_WORDS[o]);

/** What a ballot is on a policy's vote, given the ballot that supports the position. */
function agreementOf(glos: string, stanowisko: string): PolicyAgreement {
  if (glos === stanowisko) return 'zgodne';
  if (glos === 'za' || glos === 'przeciw') return 'przeciwne';
  return glos === 'wstrzymujacy' ? 'wstrzymane' : 'nieobecne';
}
const AGREEMENT_LABEL: Readonly<Record<PolicyAgreement, string>> = {
  zgodne: 'zgodnie ze stanowiskiem',
  przeciwne: 'przeciw stanowisku',
  wstrzymane: 'wstrzymał(a) się',
  nieobecne: 'nieobecny(a) albo bez głosu',
};
const BALLOT_LABEL: Readonly<Record<string, string>> = {
  za: 'za',
  przeciw: 'przeciw',
  wstrzymujacy: 'wstrzymał(a) się',
  nieobecny: 'nieobecny(a)',
  brak_glosu: 'bez głosu',
};
const STANCE = { za: 'za', przeciw: 'przeciw' } as const;

/** „69% z 32 pkt”: the agreement with its base (possible points), or „—” when nothing counts. */
function AgreementFigure({ score }: { score: Pick<CouncillorPolicy, 'zgodnosc_procent' | 'mozliwe'> }) {
  return score.zgodnosc_procent === null ? (
    <span>
      — <span class="muted">żaden głos się nie liczy (tylko nieobecności)</span>
    </span>
  ) : (
    <>
      {formatPercent(score.zgodnosc_procent)}
      <span class="b"> z {formatNumber(score.mozliwe)} pkt</span>
    </>
  );
}

/** The four counts of a score, each leading to the votes it counts. */
function ScoreCounts({
  score,
  link,
}: {
  score: Pick<CouncillorPolicy, 'zgodne' | 'przeciwne' | 'wstrzymane' | 'nieobecne'>;
  link: (kind: PolicyAgreement) => string;
}) {
  return (
    <>
      zgodnie <Figure to={link('zgodne')} count={score.zgodne} />, przeciw{' '}
      <Figure to={link('przeciwne')} count={score.przeciwne} />, wstrzymał(a) się{' '}
      <Figure to={link('wstrzymane')} count={score.wstrzymane} />, nieobecności{' '}
      <Figure to={link('nieobecne')} count={score.nieobecne} />
    </>
  );
}

const scopeLabel = (ctx: PageContext, kadencja: string | undefined) =>
  [kadencja ? `kadencja ${formatTerm(kadencja)}` : 'wszystkie kadencje', bodyName(ctx, ctx.organ)]
    .filter(Boolean)
    .join(', ');

// ── /polityki ─────────────────────────────────────────────────────────────────────────────────────

export const policiesPage = page({
  route: PAGES.policies,
  load: async ({ organ }, { answer }) => ({ list: await answer(polityki.list, { query: { organ } }) }),
  render: ({ list }, ctx) => ({
    title: 'Polityki',
    section: 'polityki',
    description: `Stanowiska i to, jak ${ctx.wording.members} głosują w ich sprawie: ${formatNumber(list.length)} ${plural(list.length, 'polityka', 'polityki', 'polityk')}.`,
    body: (
      <>
        <h1>Polityki</h1>
        <p>
          Polityka to stanowisko sformułowane przez redakcję („miasto powinno…”) i wybrane głosowania, które je
          sprawdzają, każde z głosem, który stanowisko popiera. Każdy {ctx.wording.member} dostaje ocenę zgodności z
          każdą polityką: słowami i liczbą, z głosowaniami, z których wynika (
          <Method ctx={ctx} anchor="polityki" what="zgodność z polityką" />
          ).
        </p>
        {list.length === 0 ? (
          <p class="muted">
            Ta migawka nie ma polityk: plik polityk nie został wskazany (README: „Polityki: własny plik redakcji”).
          </p>
        ) : (
          <ul class="policies">
            {list.map((p) => (
              <li>
                <a href={linkTo(ctx, PAGES.policy, { id: p.id })}>
                  <strong>{p.nazwa}</strong>
                </a>
                : {p.opis}{' '}
                <span class="muted">
                  ({formatNumber(p.liczba_glosowan)} {plural(p.liczba_glosowan, 'głosowanie', 'głosowania', 'głosowań')}
                  {p.silne > 0 && `, w tym ${formatNumber(p.silne)} o dużej wadze`}
                  {p.niedopasowane > 0 &&
                    `; ${formatNumber(p.niedopasowane)} ${plural(p.niedopasowane, 'wpis', 'wpisy', 'wpisów')} pliku bez głosowania`}
                  )
                </span>
              </li>
            ))}
          </ul>
        )}
      </>
    ),
  }),
});

// ── /polityki/:id ─────────────────────────────────────────────────────────────────────────────────

/** One councillor's ballots on the policy's votes (those with a ballot of theirs), for `?radny=`. */
async function ballotsOn(detail: PolicyDetail, id: number, answer: LoadContext['answer']) {
  const rows = await Promise.all(
    detail.glosowania.map(async (vote) => {
      const reply = await answer(glosowania.ballots, { params: { id: vote.id_glosowania } });
      const entries = ballotsListed(reply.data);
      const glos = entries.find((e) => e.id_osoby === id)?.glos;
      return glos === undefined ? [] : [{ vote, glos, zgodnosc: agreementOf(glos, vote.stanowisko) }];
    }),
  );
  return rows.flat();
}

export const policyPage = page({
  route: PAGES.policy,
  load: async ({ params: { id }, query: { kadencja, radny, zgodnosc }, organ }, context) => {
    const { answer, frame } = context;
    const [detail, terms] = await Promise.all([
      orNotFound('Nie ma takiej polityki.', answer(polityki.detail, { params: { id }, query: { kadencja, organ } })),
      answer(utils.terms, {}),
    ]);
    // One list read for a council and term; else each councillor's profile (stored answers).
    const people = await context.tokens(
      detail.radni.map((r) => r.id_osoby),
      kadencja !== undefined && organ !== undefined ? { organ, kadencja } : undefined,
    );
    const person =
      radny === undefined
        ? undefined
        : await orNotFound(
            `Nie ma takiego ${frame.wording.memberGen}.`,
            answer(radni.profile, { params: { id: radny }, query: { kadencja } }),
          );
    const ballots = person ? await ballotsOn(detail, person.id_osoby, answer) : [];
    return { detail, terms, kadencja, people, person, zgodnosc, ballots };
  },
  render: ({ detail, terms, kadencja, people, person, zgodnosc, ballots }, ctx) => {
    const scope = scopeLabel(ctx, kadencja);
    const here = (query: { radny?: string; zgodnosc?: PolicyAgreement } = {}) =>
      linkTo(ctx, PAGES.policy, { id: detail.id }, { kadencja, ...query });
    const evidence = (r: PolicyCouncillor) => (kind: PolicyAgreement) =>
      `${here({ radny: people.get(r.id_osoby)!, zgodnosc: kind })}#glosy-radnego`;
    const shown = zgodnosc === undefined ? ballots : ballots.filter((b) => b.zgodnosc === zgodnosc);
    return {
      title: `Polityka: ${detail.nazwa}`,
      section: 'polityki',
      description: `${detail.opis} Jak głosują ${ctx.wording.members}: ${formatNumber(detail.glosowania.length)} ${plural(detail.glosowania.length, 'głosowanie', 'głosowania', 'głosowań')} (${scope}).`,
      body: (
        <>
          <p class="muted">
            <a href={linkTo(ctx, PAGES.policies)}>Polityki</a>
          </p>
          <h1>{detail.nazwa}</h1>
          <p class="lead">{detail.opis}</p>
          <FilterForm ctx={ctx} label="Zakres" ownOrgan>
            <TermSelect terms={terms} value={kadencja} />
            <BodySelect bodies={ctx.bodies} value={ctx.organ} />
          </FilterForm>

          {person && (
            <section aria-labelledby="glosy-radnego">
              <h2 id="glosy-radnego">
                Jak głosował(a) {person.imie_nazwisko}
                {zgodnosc && ` — ${AGREEMENT_LABEL[zgodnosc]}`}
              </h2>
              <p class="muted">
                <a href={linkTo(ctx, PAGES.councillor, { token: person.token }, { kadencja })}>
                  Strona {ctx.wording.memberGen}
                </a>
                {zgodnosc && (
                  <>
                    {' '}
                    · <a href={`${here({ radny: person.token })}#glosy-radnego`}>wszystkie głosowania polityki</a>
                  </>
                )}
              </p>
              {shown.length === 0 ? (
                <p class="muted">Brak takich głosowań w tym zakresie.</p>
              ) : (
                <div class="tw">
                  <table>
                    <caption class="vh">Głosy {person.imie_nazwisko} w głosowaniach polityki</caption>
                    <thead>
                      <tr>
                        <th scope="col">Głosowanie</th>
                        <th scope="col">Popiera</th>
                        <th scope="col">Głos</th>
                        <th scope="col">Względem stanowiska</th>
                      </tr>
                    </thead>
                    <tbody>
                      {shown.map((b) => (
                        <tr data-dowod>
                          <td>
                            <VoteLink ctx={ctx} vote={b.vote} />{' '}
                            <span class="muted">
                              {formatDate(b.vote.data)}
                              {b.vote.waga === 'silna' && ', duża waga'}
                            </span>
                          </td>
                          <td>{STANCE[b.vote.stanowisko]}</td>
                          <td>{BALLOT_LABEL[b.glos] ?? b.glos}</td>
                          <td>{AGREEMENT_LABEL[b.zgodnosc]}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </section>
          )}

          <h2 id="radni">
            Jak głosują {ctx.wording.members} <Method ctx={ctx} anchor="polityki" what="zgodność z polityką" />
          </h2>
          {detail.radni.length === 0 ? (
            <p class="muted">Nikt nie głosował w głosowaniach tej polityki w tym zakresie ({scope}).</p>
          ) : (
            <div class="tw">
              <table>
                <caption class="vh">
                  Zgodność {ctx.wording.membersGen} ze stanowiskiem „{detail.nazwa}” ({scope})
                </caption>
                <thead>
                  <tr>
                    <th scope="col">{capital(ctx.wording.member)}</th>
                    <th scope="col">Ocena</th>
                    <th scope="col" class="num">
                      Zgodność
                    </th>
                    <th scope="col" class="hide-s">
                      Głosy
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {detail.radni.map((r) => (
                    <tr>
                      <th scope="row">
                        <a href={linkTo(ctx, PAGES.councillor, { token: people.get(r.id_osoby)! }, { kadencja })}>
                          {r.imie_nazwisko}
                        </a>
                        {r.ugrupowanie && <span class="muted"> ({groupName(ctx, r.ugrupowanie)})</span>}
                      </th>
                      <td>{OCENA_WORDS[r.ocena]}</td>
                      <td class="num">
                        <AgreementFigure score={r} />
                      </td>
                      <td class="hide-s">
                        <ScoreCounts score={r} link={evidence(r)} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}

          <h2 id="glosowania">Głosowania polityki</h2>
          {detail.glosowania.length === 0 ? (
            <p class="muted">Brak głosowań tej polityki w tym zakresie ({scope}).</p>
          ) : (
            <div class="tw">
              <table>
                <caption class="vh">Głosowania sprawdzające stanowisko „{detail.nazwa}”</caption>
                <thead>
                  <tr>
                    <th scope="col">Głosowanie</th>
                    <th scope="col">Popiera</th>
                    <th scope="col">Waga</th>
                    <th scope="col" class="hide-s">
                      Wynik
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {detail.glosowania.map((v) => (
                    <tr>
                      <td>
                        <VoteLink ctx={ctx} vote={v} /> <span class="muted">{formatDate(v.data)}</span>
                      </td>
                      <td>głos {STANCE[v.stanowisko]}</td>
                      <td>{v.waga === 'silna' ? 'duża' : 'zwykła'}</td>
                      <td class="hide-s">
                        <ResultBadge wynik={v.wynik} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {detail.niedopasowane.length > 0 && (
            <>
              <h2 id="niedopasowane">Wpisy pliku bez głosowania</h2>
              <p class="muted">
                Tych wpisów pliku polityk nie liczymy: żadne głosowanie z tego dnia nie ma takiego fragmentu tytułu albo
                ma go kilka.
              </p>
              <ul>
                {detail.niedopasowane.map((n) => (
                  <li>
                    {formatDate(n.data)}: „{n.tytul}”{n.organ && ` (${n.organ})`} —{' '}
                    {n.powod === 'brak' ? 'nie pasuje żadne głosowanie' : 'pasuje kilka głosowań'}
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      ),
    };
  },
});

/**
 * „Polityki” on a councillor's page: their agreement with each policy in words and figures, each
 * count leading to the policy's votes with their ballots of that kind.
 */
export function PolicyFigures({
  ctx,
  policies,
  token,
  kadencja,
}: {
  ctx: PageContext;
  policies: readonly CouncillorPolicy[];
  token: string;
  kadencja: string | undefined;
}) {
  if (policies.length === 0) return null;
  const link = (id: string) => (kind: PolicyAgreement) =>
    `${linkTo(ctx, PAGES.policy, { id }, { kadencja, radny: token, zgodnosc: kind })}#glosy-radnego`;
  return (
    <section aria-labelledby="h-polityki">
      <h2 id="h-polityki">
        Polityki <Method ctx={ctx} anchor="polityki" what="zgodność z polityką" />
      </h2>
      <ul>
        {policies.map((p) => (
          <li>
            <a href={linkTo(ctx, PAGES.policy, { id: p.id }, { kadencja })}>{p.nazwa}</a>:{' '}
            <strong>{OCENA_WORDS[p.ocena]}</strong> (<AgreementFigure score={p} />
            ); <ScoreCounts score={p} link={link(p.id)} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** /jak-liczymy#polityki: the score, defined as CONTRACT §13 defines it. */
export function PolicyMethod({ ctx }: { ctx: PageContext }) {
  const w = ctx.wording;
  return (
    <>
      <h2 id="polityki">Polityki: zgodność ze stanowiskiem</h2>
      <p>
        Politykę pisze redakcja: stanowisko w jednym zdaniu i głosowania, które je sprawdzają, każde z głosem, który
        stanowisko popiera (za albo przeciw), i wagą: dużą (10 punktów) albo zwykłą (2 punkty). Głosowanie wskazuje się
        datą i fragmentem tytułu (i ewentualnie organem); wpis, do którego pasuje żadne albo kilka głosowań, nie liczy
        się i jest pokazany na stronie polityki. Głosowanie wskazane dwa razy liczy się raz, tak jak za pierwszym razem.
      </p>
      <p>
        W każdym głosowaniu polityki, w którym {w.member} ma głos: głos zgodny ze stanowiskiem daje 0 punktów z wagi
        możliwych, głos przeciwny (za zamiast przeciw i odwrotnie) — całą wagę, wstrzymanie się — połowę wagi;
        nieobecność i brak głosu nie liczą się wcale (0 z 0). Zgodność = (możliwe − punkty) / możliwe × 100, zaokrąglona
        do dwóch miejsc; gdy nic się nie liczy — „Brak danych”.
      </p>
      <p data-definicja="">
        Słowa: co najmniej 95% — {ORDERED_WORDS[0]}; od 85% — {ORDERED_WORDS[1]}; od 60% — {ORDERED_WORDS[2]}; powyżej
        40% i poniżej 60% — {ORDERED_WORDS[3]}; powyżej 15% do 40% — {ORDERED_WORDS[4]}; powyżej 5% do 15% —{' '}
        {ORDERED_WORDS[5]}; najwyżej 5% — {ORDERED_WORDS[6]} (progi dotyczą liczby zaokrąglonej). Nieobecności
        ograniczają najmocniejsze słowa: kto nie głosował w co najmniej 2 głosowaniach o dużej wadze, nie dostaje
        „Konsekwentnie”, tylko „Prawie zawsze”; kto nie głosował w co najmniej jednej trzeciej głosowań o dużej wadze, w
        których ma głos, dostaje najwyżej „Zwykle popiera” albo „Zwykle przeciw”.
      </p>
    </>
  );
}
