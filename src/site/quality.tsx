// `/jakosc-danych` (CONTRACT §12): where each council's own record disagrees with itself, per council
// (/api/utils/jakosc), in plain Polish: each count a link to the votes behind it (/glosowania?jakosc=…)
// or, for those on an attendance list who missed every vote, to the council's sessions (each session
// page marks them); and what each disagreement means for the figures, and which version they use (§10).

import type { JakoscKind } from '../../core/snapshot/schema.ts';
import type { Quality } from '../utils/queries.ts';
import { utils } from '../utils/endpoints.ts';
import { BodySelect, FilterForm, TermSelect } from './components.tsx';
import { Figure, Method } from './evidence.tsx';
import { formatNumber, formatTerm, plural } from '../text/format.ts';
import { type PageContext, bodyName } from './layout.tsx';
import { page, termsIn } from './page.ts';
import { PAGES, linkTo } from '../urls/paths.ts';
import { capital } from '../text/wording.ts';

/** What the votes of a `jakosc` filter have in common, after „Tylko głosowania, w których …” (the votes page). */
export const QUALITY_FILTER: Readonly<Record<JakoscKind, string>> = {
  tylko_liczby: 'źródło podaje tylko liczby głosów, bez imiennej listy',
  rozbiezne_liczby: 'liczby z protokołu różnią się od policzonych z imiennej listy',
  wynik_wbrew_liczbom: 'podany wynik przeczy liczbom głosów za i przeciw',
};

export const qualityPage = page({
  route: PAGES.quality,
  load: async (input, context) => {
    const { kadencja } = input.query;
    const [rows, terms] = await Promise.all([
      context.answer(utils.quality, { query: { kadencja, organ: input.organ } }),
      termsIn(context, input.organ),
    ]);
    return { kadencja, rows, terms };
  },
  render: ({ kadencja, rows, terms }, ctx) => {
    const w = ctx.wording;
    const scope = [kadencja ? `kadencja ${formatTerm(kadencja)}` : 'wszystkie kadencje', bodyName(ctx, ctx.organ)]
      .filter(Boolean)
      .join(', ');
    return {
      title: 'Jakość danych',
      description: `Gdzie zapis ${w.bodyGen} nie zgadza się sam ze sobą i które liczby pokazujemy (${scope}).`,
      body: (
        <>
          <h1>Jakość danych: gdzie zapis {w.bodyGen} nie zgadza się sam ze sobą</h1>
          <p>
            Wszystkie liczby na tej stronie internetowej pochodzą z zapisu, który publikuje {w.body}: imiennych list
            głosowań, liczb głosów i wyników z protokołu oraz list obecności. Czasem te części mówią co innego. Nic tu
            nie poprawiamy ani nie zgadujemy — poniżej, osobno dla każdego organu, jest liczba takich przypadków, każda
            prowadzi do głosowań (albo posiedzeń), których dotyczy, a pod spodem wyjaśniamy, którą wersję pokazujemy w
            liczbach i dlaczego (
            <Method ctx={ctx} anchor="liczby-zrodla" what="liczby z protokołu a lista imienna" />
            ).
          </p>
          <FilterForm ctx={ctx} label="Zakres" ownOrgan>
            <TermSelect terms={terms} value={kadencja} />
            <BodySelect bodies={ctx.bodies} value={ctx.organ} />
          </FilterForm>
          {rows.length === 0 ? (
            <p class="muted">Brak głosowań i posiedzeń w tym zakresie.</p>
          ) : (
            rows.map((row) => <BodyQuality ctx={ctx} row={row} kadencja={kadencja} />)
          )}
          <Meanings ctx={ctx} />
        </>
      ),
    };
  },
});

/** One body's counts, each a link to the votes or sessions behind it. */
function BodyQuality({ ctx, row, kadencja }: { ctx: PageContext; row: Quality; kadencja: string | undefined }) {
  const votes = (jakosc: JakoscKind) => linkTo(ctx, PAGES.votes, { jakosc, kadencja, organ: row.id_organu });
  const votesWord = (n: number) => plural(n, 'głosowanie', 'głosowania', 'głosowań');
  const sessionsWord = (n: number) => plural(n, 'posiedzenie', 'posiedzenia', 'posiedzeń');
  const inWhich = (n: number) => plural(n, 'w którym', 'w których', 'w których');
  return (
    <section aria-labelledby={`organ-${row.id_organu}`}>
      <h2 id={`organ-${row.id_organu}`}>{row.organ}</h2>
      <ul>
        <li>
          <a href={linkTo(ctx, PAGES.votes, { kadencja, organ: row.id_organu })}>
            {formatNumber(row.glosowania)} {votesWord(row.glosowania)}
          </a>
          , z tego {formatNumber(row.imienne)} z imienną listą głosów.
        </li>
        <li>
          <Figure to={votes('tylko_liczby')} count={row.tylko_liczby} /> {votesWord(row.tylko_liczby)} tylko z liczbami
          głosów, bez imiennej listy (<a href="#tylko_liczby">co to znaczy</a>).
        </li>
        <li>
          <Figure to={votes('rozbiezne_liczby')} count={row.rozbiezne_liczby} /> {votesWord(row.rozbiezne_liczby)},{' '}
          {inWhich(row.rozbiezne_liczby)} liczby z protokołu różnią się od policzonych z imiennej listy (
          <a href="#rozbiezne_liczby">co to znaczy</a>).
        </li>
        <li>
          <Figure to={votes('wynik_wbrew_liczbom')} count={row.wynik_wbrew_liczbom} />{' '}
          {votesWord(row.wynik_wbrew_liczbom)}, {inWhich(row.wynik_wbrew_liczbom)} podany wynik przeczy liczbom głosów (
          <a href="#wynik_wbrew_liczbom">co to znaczy</a>).
        </li>
        <li>
          {formatNumber(row.posiedzenia)} {sessionsWord(row.posiedzenia)}, z tego {formatNumber(row.z_lista_obecnosci)}{' '}
          z listą obecności (<a href="#listy">co to znaczy</a>).
        </li>
        <li>
          <Figure to={linkTo(ctx, PAGES.sessions, { kadencja, organ: row.id_organu })} count={row.obecni_bez_glosu} />{' '}
          {plural(row.obecni_bez_glosu, 'raz', 'razy', 'razy')} ktoś był na liście obecności, a w każdym głosowaniu
          posiedzenia zapisano go jako nieobecnego (<a href="#obecni_bez_glosu">co to znaczy</a>; strona każdego
          posiedzenia zaznacza te osoby).
        </li>
      </ul>
    </section>
  );
}

/** What each disagreement means for the figures, and which version they use (CONTRACT §10). */
function Meanings({ ctx }: { ctx: PageContext }) {
  const w = ctx.wording;
  return (
    <>
      <h2 id="tylko_liczby">Głosowanie tylko z liczbami, bez imiennej listy</h2>
      <p>
        Źródło podaje liczby głosów (np. 33 za, 0 przeciw), ale nie podaje, kto jak głosował. Takie głosowanie
        pokazujemy z liczbami z protokołu i piszemy, że imiennej listy nie ma. Liczy się do wyników i list głosowań, ale
        do liczb żadnego {w.memberGen} nie wchodzi — nikt nie ma w nim zapisanego głosu.
      </p>
      <h2 id="rozbiezne_liczby">Liczby z protokołu inne niż z imiennej listy</h2>
      <p>
        Protokół podaje np. 33 za, a na imiennej liście jest 31 nazwisk za (ktoś głosował ustnie, lista kogoś pomija,
        głos poprawiono). Wszystkie liczby na stronie — wynik głosowania, kontrowersyjność, liczby każdego {w.memberGen}{' '}
        — liczymy z imiennej listy, bo tylko ona mówi, kto jak głosował. Liczby z protokołu pokazujemy obok na stronie
        głosowania. Porównujemy tylko liczby, które protokół podaje.
      </p>
      <h2 id="wynik_wbrew_liczbom">Wynik wbrew liczbom głosów</h2>
      <p>
        {capital(w.body)} zapisała „przyjęto”, choć głosów za było nie więcej niż przeciw, albo „odrzucono”, choć za
        było więcej. Zwykle znaczy to, że uchwała wymagała innej większości niż zwykła (bezwzględnej albo
        kwalifikowanej) albo zabrakło kworum. Pokazujemy wynik podany przez {w.bodyAcc} i piszemy przy głosowaniu, że
        przeczy liczbom. Gdy źródło nie podaje wyniku, wynik wynika z liczb (przyjęto, gdy za jest więcej niż przeciw) i
        nigdy im nie przeczy.
      </p>
      <h2 id="listy">Posiedzenia z listą obecności</h2>
      <p>
        Gdy źródło publikuje listę obecności posiedzenia, frekwencję bierzemy z tej listy. Dla pozostałych posiedzeń
        obecny jest ten, kto oddał choć jeden głos inny niż „nieobecny” (
        <Method ctx={ctx} anchor="listy-obecnosci" what="listy obecności" />
        ).
      </p>
      <h2 id="obecni_bez_glosu">Na liście obecności, a nieobecny w każdym głosowaniu</h2>
      <p>
        Można podpisać listę obecności i nie wziąć udziału w żadnym głosowaniu. Obie rzeczy są w zapisie, więc
        pokazujemy obie: we frekwencji taka osoba jest obecna (tak mówi lista), a w udziale w głosowaniach — nieobecna.
        Dlatego przy frekwencji każdego {w.memberGen} pokazujemy też „Udział w głosowaniach” (100% minus odsetek
        głosowań, w których zapisano go jako nieobecnego), a strona posiedzenia zaznacza osoby obecne na liście i
        nieobecne w każdym głosowaniu.
      </p>
    </>
  );
}
