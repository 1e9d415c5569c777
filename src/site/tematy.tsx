// `/tematy` (CONTRACT §11): what the council's votes are about — per topic its votes, results and
// average controversy (/api/statystyki/tematy), each leading to the topic's votes; per topic the
// councillors most often against their group (/api/statystyki/tematy-buntownicy); and how a vote gets
// its topic: the snapshot's vocabulary with its patterns, matched against the title's words.

import { statystyki } from '../statystyki/endpoints.ts';
import { utils } from '../utils/endpoints.ts';
import { BodySelect, FilterForm, TermSelect } from './components.tsx';
import { Figure, Method } from './evidence.tsx';
import { formatNumber, formatPercent, formatTerm, plural } from '../text/format.ts';
import { bodyName, groupName } from './layout.tsx';
import { SIDE_RULES_NOTE, hasSideRules, sideRulesOf } from './record.tsx';
import { page } from './page.ts';
import { PAGES, linkTo } from '../urls/paths.ts';

/**
 * Per topic, this many councillors against their group, among those with at least REBELS_MIN of the
 * topic's votes counted (a group position and another member voting, as zgodnosc-grupa): a fixed
 * minimum, not the rankings' half of the largest sample, since a topic's samples are small.
 */
const REBELS_SHOWN = 5;
const REBELS_MIN = 10;

export const topicsPage = page({
  route: PAGES.topics,
  load: async ({ query: { kadencja }, organ }, { answer, readers, tokens }) => {
    const [figures, rebels, terms] = await Promise.all([
      answer(statystyki.topics, { query: { kadencja, organ } }),
      answer(statystyki.topicRebels, { query: { kadencja, organ, limit: REBELS_SHOWN, min_glosowan: REBELS_MIN } }),
      answer(utils.terms, {}),
    ]);
    const people = await tokens(rebels.flatMap((t) => t.radni.map((r) => r.id_osoby)));
    return { kadencja, figures, rebels, people, terms, vocabulary: readers.vocabulary };
  },
  render: ({ kadencja, figures, rebels, people, terms, vocabulary }, ctx) => {
    const scope = [kadencja ? `kadencja ${formatTerm(kadencja)}` : 'wszystkie kadencje', bodyName(ctx, ctx.organ)]
      .filter(Boolean)
      .join(', ');
    const votesOf = (temat: string) => linkTo(ctx, PAGES.votes, { temat, kadencja });
    const total = figures.reduce((sum, t) => sum + t.liczba_glosowan, 0);
    const wording = ctx.wording;
    return {
      title: 'Tematy głosowań',
      section: 'glosowania',
      description: `O czym głosuje ${wording.body}: ${formatNumber(total)} ${plural(total, 'głosowanie', 'głosowania', 'głosowań')} według tematów (${scope}).`,
      body: (
        <>
          <h1>Tematy głosowań</h1>
          <p>
            Każde głosowanie ma jeden temat, nadany automatycznie według słów tytułu, nie przez człowieka: pierwszy
            temat z listy poniżej, którego któryś wzorzec występuje w tytule na początku słowa, a gdy żaden nie pasuje —
            „Inne” (<Method ctx={ctx} anchor="tematy" what="tematy głosowań" />
            ). Jeśli głosowanie wydaje się źle przypisane, wzorce poniżej pokazują, dlaczego trafiło do swojego tematu.
          </p>
          <FilterForm ctx={ctx} label="Zakres" ownOrgan>
            <TermSelect terms={terms} value={kadencja} />
            <BodySelect bodies={ctx.bodies} value={ctx.organ} />
          </FilterForm>
          {figures.length === 0 ? (
            <p class="muted">Brak głosowań w tym zakresie.</p>
          ) : (
            <div class="tw">
              <table>
                <caption class="vh">Głosowania według tematów ({scope})</caption>
                <thead>
                  <tr>
                    <th scope="col">Temat</th>
                    <th scope="col" class="num">
                      Głosowania
                    </th>
                    <th scope="col" class="num hide-s">
                      Przyjęto
                    </th>
                    <th scope="col" class="num hide-s">
                      Odrzucono
                    </th>
                    <th scope="col" class="num">
                      Średnia kontrowersyjność
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {figures.map((t) => (
                    <tr>
                      <th scope="row">
                        <a href={votesOf(t.temat)}>{t.nazwa}</a>
                      </th>
                      <td class="num">
                        <a class="fig" href={votesOf(t.temat)} data-liczba={String(t.liczba_glosowan)}>
                          {formatNumber(t.liczba_glosowan)}{' '}
                          {plural(t.liczba_glosowan, 'głosowanie', 'głosowania', 'głosowań')}
                        </a>
                      </td>
                      <td class="num hide-s">
                        <a
                          class="fig"
                          href={linkTo(ctx, PAGES.votes, { temat: t.temat, kadencja, wynik: 'przyjęto' })}
                          data-liczba={String(t.przyjete)}
                        >
                          <span class="vh">przyjęto </span>
                          {formatNumber(t.przyjete)}
                        </a>
                      </td>
                      <td class="num hide-s">
                        <a
                          class="fig"
                          href={linkTo(ctx, PAGES.votes, { temat: t.temat, kadencja, wynik: 'odrzucono' })}
                          data-liczba={String(t.odrzucone)}
                        >
                          <span class="vh">odrzucono </span>
                          {formatNumber(t.odrzucone)}
                        </a>
                      </td>
                      <td class="num">{formatNumber(t.srednia_kontrowersyjnosc)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <h2 id="wbrew-klubowi">Kto najczęściej głosuje wbrew swojemu klubowi</h2>
          <p class="muted">
            W każdym temacie do {REBELS_SHOWN} {wording.membersGen}, którzy najczęściej głosowali inaczej niż większość
            ich klubu — spośród tych, którzy mają co najmniej {REBELS_MIN} głosowań tematu, w których klub miał
            stanowisko (
            <Method ctx={ctx} anchor="zgodnosc-grupa" what={`zgodność z ${wording.groupInst}`} />
            ). Liczba prowadzi do tych głosowań; każdy {wording.member} w każdym temacie: sekcja „Jak głosuje w
            tematach” na jego stronie.
          </p>
          {rebels.some((t) => t.radni.length > 0) ? (
            rebels
              .filter((t) => t.radni.length > 0)
              .map((t) => (
                <section aria-labelledby={`wbrew-${t.temat}`}>
                  <h3 id={`wbrew-${t.temat}`}>{t.nazwa}</h3>
                  <ol>
                    {t.radni.map((r) => {
                      const token = people.get(r.id_osoby)!;
                      const against = linkTo(
                        ctx,
                        PAGES.councillor,
                        { token },
                        {
                          kadencja,
                          lista: 'buntownicze',
                          temat: t.temat,
                        },
                      );
                      return (
                        <li>
                          <a href={linkTo(ctx, PAGES.councillor, { token })}>{r.imie_nazwisko}</a>
                          {r.ugrupowanie && <span class="muted"> ({groupName(ctx, r.ugrupowanie)})</span>}:{' '}
                          <Figure to={`${against}#glosowania`} count={r.niezgodne} /> wbrew klubowi z{' '}
                          {formatNumber(r.wszystkie_glosowania)} ({formatPercent(r.procent)})
                        </li>
                      );
                    })}
                  </ol>
                </section>
              ))
          ) : (
            <p class="muted">Nikt nie ma w żadnym temacie co najmniej {REBELS_MIN} takich głosowań w tym zakresie.</p>
          )}
          <h2 id="wzorce">Jak głosowanie dostaje temat</h2>
          <p>
            Tytuł i wzorce porównujemy po uproszczeniu: bez polskich znaków (ł jak l), małymi literami, z pojedynczymi
            spacjami. Wzorzec pasuje, gdy zaczyna słowo tytułu: „park” pasuje do „Parku” i „parkingu”, ale nie do
            „Zaparkowanie”. Tematy sprawdzamy w tej kolejności; wygrywa pierwszy pasujący.
            {hasSideRules(vocabulary) ? ` ${SIDE_RULES_NOTE}` : ''}
          </p>
          <ol>
            {vocabulary.map((entry) => (
              <li>
                <a href={votesOf(entry.id)}>{entry.nazwa}</a>:{' '}
                {entry.wzorce.filter((w) => w.trim() !== '').length === 0
                  ? 'bez wzorców'
                  : entry.wzorce
                      .filter((w) => w.trim() !== '')
                      .map((w) => `„${w}”`)
                      .join(', ')}
                {sideRulesOf(entry)}
              </li>
            ))}
            <li>
              <a href={votesOf('inne')}>Inne</a>: głosowania, do których nie pasuje żaden wzorzec
            </li>
          </ol>
        </>
      ),
    };
  },
});
