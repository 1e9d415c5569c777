// `/jak-liczymy`: every figure the site shows, defined in plain Polish exactly as CONTRACT defines it,
// each with a worked example from the snapshot being served; and the minimum sample of the site's
// rankings (said on the ranking pages, defined here).

import { radni } from '../radni/endpoints.ts';
import { statystyki } from '../statystyki/endpoints.ts';
import { formatNumber, formatPercent, formatTerm } from '../text/format.ts';
import { type PageContext, bodyName, groupName } from './layout.tsx';
import { type Minimums, PARTNER_FLOOR, partnerMinimum, rankingMinimums } from './lists.ts';
import { page } from './page.ts';
import { PAGES, linkTo } from '../urls/paths.ts';
import { PolicyMethod } from './polityki.tsx';
import { SIDE_RULES_NOTE, VoteLink, hasSideRules, matchedPattern, sideRulesOf } from './record.tsx';
import { capital } from '../text/wording.ts';

/** What a ranking page says under the rankings it limits. */
/** Councils up to which the note lists each council's minimums (beyond, the rule alone). */
const MINIMUMS_LISTED = 5;

export function MinimumNote({ ctx, min }: { ctx: PageContext; min: Minimums }) {
  if (min.perCouncil !== undefined) {
    const councils = [...min.perCouncil].map(([id, m]) => ({ name: bodyName(ctx, id) ?? String(id), ...m }));
    return (
      <p class="note">
        Każda rada osobno: w rankingach frekwencji są {ctx.wording.members} z co najmniej połową największej liczby
        zapisów obecności w swojej radzie, a w rankingach głosowania z większością i w mniejszości — z co najmniej
        połową największej liczby głosowań w swojej radzie (i nie mniej niż 10), żeby 9 obecności na 9 posiedzeniach nie
        wyprzedziło 103 na 103, a rada z mniejszą liczbą posiedzeń nie wypadła z rankingu (
        <a href={`${linkTo(ctx, PAGES.method)}#minimum`}>jak liczymy</a>)
        {councils.length <= MINIMUMS_LISTED &&
          `: ${councils.map((c) => `${c.name} — ${formatNumber(c.min_posiedzen)} i ${formatNumber(c.min_glosowan)}`).join('; ')}`}
        .
      </p>
    );
  }
  return (
    <p class="note">
      W rankingach frekwencji są {ctx.wording.members} z co najmniej {formatNumber(min.min_posiedzen)} zapisami
      obecności, a w rankingach głosowania z większością i w mniejszości — z co najmniej{' '}
      {formatNumber(min.min_glosowan)} głosowaniami: to połowa największej takiej liczby w tym zakresie (
      {formatNumber(min.largest.max_posiedzen)} i {formatNumber(min.largest.max_glosowan)}), żeby 9 obecności na 9
      posiedzeniach nie wyprzedziło 103 na 103 (<a href={`${linkTo(ctx, PAGES.method)}#minimum`}>jak liczymy</a>).
    </p>
  );
}

/** `a / b × 100` as the figures show it, for the worked examples. */
const ratio = (a: number, b: number, percent: number) =>
  `${formatNumber(a)} / ${formatNumber(b)} × 100 = ${formatPercent(percent)}`;

export const methodPage = page({
  route: PAGES.method,
  load: async ({ query: { kadencja }, organ }, { answer, tokens, readers }) => {
    const scope = { kadencja, organ };
    const min = await rankingMinimums({ answer }, scope);
    const [leaders, controversial, unanimous, cohesion] = await Promise.all([
      answer(statystyki.attendanceRanking, { query: { ...scope, min_posiedzen: min.min_posiedzen, limit: 1 } }),
      answer(statystyki.mostControversial, { query: { ...scope, limit: 1 } }),
      answer(statystyki.mostUnanimous, { query: { ...scope, limit: 1 } }),
      answer(statystyki.groupCohesion, { query: { ...scope, limit: 1 } }),
    ]);
    const example = leaders[0];
    const person = example && { params: { id: example.id_osoby }, query: { kadencja } };
    const [voting, agreement, partners, records] = person
      ? await Promise.all([
          answer(radni.votingProfile, person),
          answer(radni.groupAgreement, person),
          answer(radni.votingProfile, person).then((v) =>
            answer(radni.coalitions, {
              ...person,
              query: { kadencja, limit: 1, min_wspolne: partnerMinimum(v.za + v.przeciw + v.wstrzymujacy) },
            }),
          ),
          answer(radni.attendanceRecords, { ...person, query: { kadencja, page: 1, limit: 100 } }),
        ])
      : [];
    const people = await tokens([...(example ? [example.id_osoby] : []), ...(partners ?? []).map((p) => p.id_osoby)]);
    return {
      kadencja,
      min,
      example,
      voting,
      agreement,
      partners,
      vote: controversial[0],
      calm: unanimous[0],
      group: cohesion[0],
      people,
      // the example's latest records: how many of them came from an attendance list
      listed: records && {
        shown: records.data.length,
        fromList: records.data.filter((r) => r.lista_obecnosci).length,
      },
      vocabulary: readers.vocabulary,
      filed: controversial[0] && matchedPattern(readers.vocabulary, controversial[0].tytul),
    };
  },
  render: (
    { kadencja, min, example, voting, agreement, partners, vote, calm, group, people, listed, vocabulary, filed },
    ctx,
  ) => {
    const who = example && (
      <a href={linkTo(ctx, PAGES.councillor, { token: people.get(example.id_osoby)! }, { kadencja })}>
        {example.imie_nazwisko}
      </a>
    );
    const scopeLabel = kadencja ? `kadencja ${formatTerm(kadencja)}` : 'wszystkie kadencje';
    const w = ctx.wording;
    return {
      title: 'Jak liczymy',
      description: 'Definicje wszystkich liczb na tej stronie, z przykładami z obecnych danych.',
      body: (
        <>
          <h1>Jak liczymy</h1>
          <p>
            Każda liczba na tej stronie jest policzona z imiennych wyników głosowań i list obecności (głosowanie bez
            imiennego wykazu — z liczb protokołu), dokładnie tak samo za każdym razem, i prowadzi do listy głosowań albo
            posiedzeń, z których powstała. Przykłady poniżej pochodzą z danych, które teraz pokazujemy ({scopeLabel}).
            Procenty zaokrąglamy do dwóch miejsc po przecinku (połówki w górę), licząc dokładnie na liczbach
            całkowitych. Przy każdym procencie podajemy, z ilu przypadków jest policzony („92% z 50 głosowań”): ten sam
            odsetek z 50 i z 500 głosowań znaczy co innego.
          </p>
          <p class="muted">
            Głos <strong>aktywny</strong> to za, przeciw albo wstrzymanie się. Pozostałe zapisy to{' '}
            <strong>nieobecność</strong> ({w.member} nie głosował, bo go nie było) i <strong>brak głosu</strong> (
            {w.member} nie był nieobecny, ale głosu nie oddał).
          </p>

          <h2 id="profil">Jak głosuje: za, przeciw, wstrzymał się, nieobecny, bez głosu</h2>
          <p>Liczba głosowań {w.memberGen} z danym zapisem; procent to jej udział w sumie wszystkich pięciu liczb.</p>
          {voting && (
            <p class="note">
              Przykład: {who} — za {formatNumber(voting.za)}, przeciw {formatNumber(voting.przeciw)}, wstrzymał się{' '}
              {formatNumber(voting.wstrzymujacy)}, nieobecny {formatNumber(voting.nieobecny)}, bez głosu{' '}
              {formatNumber(voting.brak_glosu)}; za to{' '}
              {ratio(
                voting.za,
                voting.za + voting.przeciw + voting.wstrzymujacy + voting.nieobecny + voting.brak_glosu,
                voting.za_procent,
              )}
              .
            </p>
          )}
          <p id="formy">
            Słowa o osobie mają jej rodzaj: „głosowała”, „obecna”, „aktywna”, „radna” — albo „głosował”, „obecny”,
            „aktywny”. Dane nie podają płci, więc formę wybieramy po imieniu: imię zakończone na „-a” (poza kilkoma
            męskimi, jak Kuba czy Barnaba) daje formę żeńską, każde inne — męską.
          </p>

          <h2 id="frekwencja">Frekwencja</h2>
          <p>
            Liczba posiedzeń, na których {w.member} był obecny, podzielona przez liczbę posiedzeń, na których miał zapis
            obecności (× 100). Gdy {w.body} nie publikuje list obecności, {w.member} jest obecny na posiedzeniu, jeśli
            oddał w nim choć jeden głos inny niż „nieobecny”.
          </p>
          {example && (
            <p class="note">
              Przykład: {who} — obecny na {formatNumber(example.obecnosci)} z {formatNumber(example.liczba_posiedzen)}{' '}
              posiedzeń: {ratio(example.obecnosci, example.liczba_posiedzen, example.frekwencja_procent)}.
            </p>
          )}

          <h2 id="listy-obecnosci">Listy obecności i czas w organie</h2>
          <p>
            Wiele źródeł wymienia w imiennych wynikach tylko tych, którzy głosowali: {w.member} nieobecny na całym
            posiedzeniu nie ma tam żadnego zapisu, więc z samych głosowań jego frekwencja wyszłaby zawyżona. Dlatego gdy
            źródło publikuje listę obecności posiedzenia, obecność bierzemy z tej listy: kto jest na liście, był obecny
            (nawet jeśli w żadnym głosowaniu nie oddał głosu), kto z członków organu go nie ma — był nieobecny. Tylko
            dla posiedzeń bez listy obecność wynika z głosowań. Zapis obecności {w.member} ma wyłącznie z czasu, gdy był
            członkiem organu: przed objęciem mandatu i po jego wygaśnięciu nie jest liczony jako nieobecny. Na stronie
            obecności każdego {w.memberGen} przy każdym posiedzeniu piszemy, skąd jest zapis.
          </p>
          {listed && listed.shown > 0 && (
            <p class="note">
              Przykład: {who} — z {formatNumber(listed.shown)} najnowszych zapisów obecności{' '}
              {formatNumber(listed.fromList)} pochodzi z list obecności, a{' '}
              {formatNumber(listed.shown - listed.fromList)} z głosowań (
              <a href={linkTo(ctx, PAGES.attendanceRecords, { token: people.get(example!.id_osoby)! }, { kadencja })}>
                zapisy obecności
              </a>
              ).
            </p>
          )}

          <h2 id="liczby-zrodla">Liczby z protokołu a lista imienna</h2>
          <p>
            {capital(w.body)} podaje w protokole wynik i liczby głosów (za, przeciw, wstrzymujących się), a osobno —
            jeśli w ogóle — imienny wykaz głosów. Liczby na stronach głosowań liczymy z wykazu imiennego. Gdy liczby z
            protokołu się z nim nie zgadzają (ktoś zgłosił głos ustnie, wykaz kogoś pomija, głos poprawiono po
            głosowaniu), pokazujemy obie wersje obok siebie, np. „Protokół: 33 za, 0 przeciw; lista imienna: 31 za, 0
            przeciw”. Głosowanie bez imiennego wykazu (zdarza się np. przy głosowaniach jawnych bez systemu
            elektronicznego) pokazujemy z liczbami z protokołu i piszemy, że wykazu nie ma: liczy się do wyników i
            rankingów głosowań, ale do wskaźników żadnego {w.memberGen} nie wchodzi, bo nie wiadomo, kto jak głosował.
            Wynik zawsze jest ten z protokołu {w.bodyGen}: jeśli przyjęto uchwałę mimo przewagi głosów przeciw albo
            odrzucono mimo przewagi za, uchwała wymagała innej większości niż zwykła (bezwzględnej, kwalifikowanej) —
            piszemy to przy głosowaniu, a jaką większość, gdy źródło to podaje.
          </p>
          <p class="muted">
            Przykłady takich głosowań z tych danych: strony głosowań oznaczone „bez wykazu imiennego” na{' '}
            <a href={linkTo(ctx, PAGES.votes, { kadencja })}>liście głosowań</a>. Ile ich jest w każdym organie i które
            to są — oraz ile razy liczby z protokołu, wynik i listy obecności nie zgadzają się z imiennymi głosami — na
            stronie <a href={linkTo(ctx, PAGES.quality, { kadencja })}>Jakość danych</a>.
          </p>

          <h2 id="srednia-frekwencja">Średnia frekwencja</h2>
          <p>
            Na stronie głównej: wszystkie zapisy obecności „obecny” na posiedzeniach w wybranym zakresie ({w.body},
            kadencja), podzielone przez wszystkie zapisy obecności na tych posiedzeniach (× 100). Każdy zapis waży tyle
            samo, więc posiedzenie z większą liczbą {w.membersGen} waży więcej; to nie jest średnia z frekwencji
            poszczególnych {w.membersGen} ani posiedzeń. Frekwencję każdego posiedzenia pokazuje{' '}
            <a href={linkTo(ctx, PAGES.sessions)}>lista posiedzeń</a>.
          </p>

          <h2 id="zgodnosc-grupa">Zgodność z {w.groupInst}</h2>
          <p>
            Stanowisko {w.groupGen} w głosowaniu to ta z opcji za, przeciw, wstrzymanie się, którą wybrało najwięcej
            jego członków (przy remisie stanowiska nie ma). Liczymy głosowania, w których {w.member} oddał głos aktywny,
            należał do {w.groupGen} mającego w nim stanowisko i głosował jeszcze co najmniej jeden inny członek tego{' '}
            {w.groupGen}. Zgodność to odsetek tych głosowań, w których {w.member} głosował tak jak {w.group}; pozostałe
            to głosowania „wbrew klubowi”. {capital(w.group)} to przynależność z dnia głosowania.
          </p>
          {agreement && (
            <p class="note">
              Przykład: {who} — zgodnie z {w.groupInst} w {formatNumber(agreement.zgodne)} z{' '}
              {formatNumber(agreement.wszystkie_glosowania)} głosowań:{' '}
              {ratio(agreement.zgodne, agreement.wszystkie_glosowania, agreement.zgodnosc_procent)}; wbrew klubowi w{' '}
              {formatNumber(agreement.wszystkie_glosowania - agreement.zgodne)}.
            </p>
          )}

          <h2 id="porownanie">Zgodność dwóch {w.membersGen}</h2>
          <p>
            Wspólne głosowania to te, w których obaj oddali głos aktywny; zgodność to odsetek wspólnych głosowań z takim
            samym głosem. Listy „głosuje najczęściej jak / inaczej niż” biorą pod uwagę pary, których wspólne głosowania
            to co najmniej połowa głosów aktywnych {w.memberGen} w tym zakresie (i nie mniej niż {PARTNER_FLOOR}):
            kogoś, kto zasiadał krótko (np. zastąpił kogoś na 30 z 3078 głosowań), nie porównujemy z całym zapisem.
          </p>
          {partners?.[0] && (
            <p class="note">
              Przykład: {who} i{' '}
              <a href={linkTo(ctx, PAGES.councillor, { token: people.get(partners[0].id_osoby)! }, { kadencja })}>
                {partners[0].imie_nazwisko}
              </a>{' '}
              — {ratio(partners[0].zgodne, partners[0].wspolne_glosowania, partners[0].zgodnosc_procent)}.
            </p>
          )}

          <h2 id="w-mniejszosci">Z większością i w mniejszości</h2>
          <p>
            Stanowisko większości to opcja aktywna z największą liczbą głosów w głosowaniu (przy remisie jej nie ma).
            Liczymy aktywne głosy {w.memberGen} w głosowaniach, które mają stanowisko większości; „w mniejszości” to te,
            które się od niego różnią.
          </p>

          <h2 id="kontrowersyjnosc">Kontrowersyjność głosowania</h2>
          <p>
            100 × 2 × mniejsza z liczb (za, przeciw) / (za + przeciw), zaokrąglone do liczby całkowitej: 10 do 10 to
            100, 19 do 1 to 10, 20 do 0 to 0.
          </p>
          {vote && (
            <p class="note">
              Przykład: <VoteLink ctx={ctx} vote={vote} /> — za {vote.za}, przeciw {vote.przeciw}: 100 × 2 ×{' '}
              {Math.min(vote.za, vote.przeciw)} / {vote.za + vote.przeciw} = {vote.kontrowersyjnosc}.
            </p>
          )}

          <h2 id="jednomyslnosc">Jednomyślność głosowania</h2>
          <p>Odsetek głosów aktywnych oddanych na najczęściej wybraną opcję (za, przeciw albo wstrzymanie się).</p>
          {calm && (
            <p class="note">
              Przykład: <VoteLink ctx={ctx} vote={calm} /> —{' '}
              {ratio(
                Math.max(calm.za, calm.przeciw, calm.wstrzymujacy),
                calm.za + calm.przeciw + calm.wstrzymujacy,
                calm.jednomyslnosc_procent,
              )}
              .
            </p>
          )}

          <h2 id="spojnosc">Spójność klubu</h2>
          <p>
            Dla każdego głosowania, w którym członkowie {w.groupGen} oddali T ≥ 2 głosy aktywne (Y za, N przeciw, A
            wstrzymań): 3 × max(Y, N, A) − T w liczniku i 2 × T w mianowniku; sumujemy po głosowaniach i dzielimy
            (indeks zgodności Hixa, Noury’ego i Rolanda, 2005). 100% gdy klub zawsze głosuje jednakowo, 0% gdy dzieli
            się po równo na trzy. Przykład z jednego głosowania: 10 za, 2 przeciw → (30 − 12) / 24 = 75%.
          </p>
          {group && (
            <p class="note">
              Najwyższa spójność w tych danych: {groupName(ctx, group.nazwa)} — {formatPercent(group.spojnosc_procent)}{' '}
              z {formatNumber(group.liczba_glosowan)} głosowań (
              <a href={linkTo(ctx, PAGES.cohesion, { kadencja })}>wszystkie kluby</a>).
            </p>
          )}

          <h2 id="mapa">Mapa {w.bodyGen}</h2>
          <p>
            Dla każdej pary {w.membersGen} kadencji z co najmniej 20 wspólnymi głosowaniami odległość to 1 − zgodność.
            Klasyczne skalowanie wielowymiarowe rozkłada {w.membersGen} na płaszczyźnie tak, by odległości na rysunku
            jak najlepiej oddawały te odległości. {capital(w.membersGen)} bez dość wspólnych głosowań z innymi pomijamy
            i podajemy ich liczbę. Osie nie mają nazw: liczy się tylko, kto jest blisko kogo.
          </p>

          <h2 id="tytuly">Tytuły głosowań</h2>
          <p>
            Tytuł głosowania pokazujemy tak, jak podało go źródło, tylko uporządkowany: bez powtórzonych spacji, z
            wielką literą na początku, bez znaków wyliczenia na końcu („;”, „;.”, „,.”), które zostają po wycięciu
            tytułu z porządku obrad. Słów nie zmieniamy. API i pliki do pobrania podają tytuł bez tych poprawek, taki,
            jaki przyszedł ze źródła (tylko bez powtórzonych spacji).
          </p>
          <p>
            Niektóre źródła ucinają długie tytuły i tego nie zaznaczają: Radoskop podaje najwyżej 150 znaków tytułu (w
            części miast 500). Tytuł dokładnie tej długości, który nie kończy się jak zdanie (kropką, średnikiem,
            nawiasem, cudzysłowem), uznajemy za ucięty: kończymy go wielokropkiem „…” i piszemy obok „tytuł ucięty przez
            źródło”. Dalszej części takiego tytułu nie ma w danych; cały jest w dokumentach, które źródło opisuje
            (porządek obrad, protokół).{' '}
            {(ctx.snapshot?.titleCuts.length ?? 0) > 0
              ? `Źródło danych, które teraz pokazujemy, ucina tytuły po ${ctx.snapshot!.titleCuts.map(formatNumber).join(' albo ')} znakach.`
              : 'O źródle danych, które teraz pokazujemy, nie wiemy, by ucinało tytuły: żaden nie jest oznaczony jako ucięty.'}
          </p>

          <h2 id="tematy">Tematy głosowań</h2>
          <p>
            Każde głosowanie dostaje jeden temat automatycznie, według słów tytułu, nie przez człowieka. Tytuł i wzorce
            porównujemy po uproszczeniu (bez polskich znaków, małymi literami, pojedyncze spacje); wzorzec pasuje, gdy
            zaczyna słowo tytułu („park” pasuje do „Parku” i „parkingu”, nie do „Zaparkowanie”). Temat to pierwszy z
            listy poniżej, którego któryś wzorzec pasuje; gdy żaden — „Inne”.{' '}
            {hasSideRules(vocabulary) ? `${SIDE_RULES_NOTE} ` : ''}Liczby {w.memberGen} w temacie („Jak głosuje w
            tematach”) liczymy tak samo jak jego liczby ogółem, tylko z głosowań tego tematu. Na stronie tematów w
            każdym temacie pokazujemy {w.membersGen}, którzy najczęściej głosowali wbrew swojemu klubowi: udział
            głosowań innych niż stanowisko klubu wśród głosowań tematu liczonych w zgodności z {w.groupInst} (przy
            równym udziale wyżej ten z większą liczbą takich głosowań), tylko {w.membersGen} z co najmniej 10 takimi
            głosowaniami.
          </p>
          <ol>
            {vocabulary.map((entry) => (
              <li>
                {entry.nazwa}:{' '}
                {entry.wzorce
                  .filter((w) => w.trim() !== '')
                  .map((w) => `„${w}”`)
                  .join(', ') || 'bez wzorców'}
                {sideRulesOf(entry)}
              </li>
            ))}
            <li>Inne: gdy nie pasuje żaden wzorzec</li>
          </ol>
          {vote && (
            <p class="note">
              Przykład: <VoteLink ctx={ctx} vote={vote} /> —{' '}
              {filed ? `tytuł zawiera „${filed.wzorzec}”` : 'żaden wzorzec nie pasuje'}, więc temat „
              {filed ? filed.nazwa : 'Inne'}” (<a href={linkTo(ctx, PAGES.topics, { kadencja })}>wszystkie tematy</a>).
            </p>
          )}

          <PolicyMethod ctx={ctx} />

          <h2 id="minimum">Rankingi: najmniejsza próba</h2>
          <p>
            W rankingach na tej stronie są tylko {w.members} z co najmniej połową największej w danym zakresie liczby
            zapisów obecności (frekwencja) albo głosowań ze stanowiskiem większości (w mniejszości, z większością), co
            najmniej 10. Teraz ({scopeLabel}): co najmniej {formatNumber(min.min_posiedzen)} posiedzeń i{' '}
            {formatNumber(min.min_glosowan)} głosowań. API ma własne parametry (min_posiedzen, min_glosowan) z
            domyślnymi 1 i 10.
          </p>
          {ctx.councils.length > 1 && (
            <p>
              Gdy dane obejmują kilka rad, a nie wybrano jednej, każdą radę mierzymy jej własną miarą: {w.member} jest w
              rankingu, gdy ma co najmniej połowę największej liczby zapisów obecności (albo głosowań) wśród{' '}
              {w.membersGen} swojej rady — rada, która zbierała się rzadziej, nie wypada z rankingu przez to, że inna
              zbierała się częściej. Przy każdym nazwisku podajemy wtedy radę.
            </p>
          )}
        </>
      ),
    };
  },
});
