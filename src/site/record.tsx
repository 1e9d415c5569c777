// The source's own record as readers see it (CONTRACT §10): a vote without a roll call shows the tally
// its minutes state and says so; stated and counted tallies side by side where they differ; a stated
// result against the tallies is the council's; a figure whose base is 0 is „—” with the reason. And a
// vote's topic (§11), named and linked to the topic's votes. A vote's title as the source gave it, tidied,
// and marked where the source cut it (core/titles.ts; the API and the downloads keep the raw title).

import { TopicClassifier, type TopicEntry, type Vocabulary, foldTopicText } from '../../core/topics.ts';
import type { StatedTallies, VoteDetail, VoteSummary } from '../glosowania/queries.ts';
import { MAJORITY_NAMES, type ShownTitle, formatNumber, formatPercent, plural, shownTitle } from '../text/format.ts';
import type { PageContext } from './layout.tsx';
import { PAGES, linkTo } from '../urls/paths.ts';
import type { Wording } from '../text/wording.ts';

/** What a vote's record needs of its summary. */
type Recorded = Pick<VoteSummary, 'imienne' | 'liczby_zrodla' | 'wynik' | 'za' | 'przeciw' | 'wstrzymujacy'> &
  Pick<VoteSummary, 'nieobecni' | 'brak_glosu'>;

const TALLY_FIELDS = ['za', 'przeciw', 'wstrzymujacy', 'nieobecni', 'brak_glosu'] as const;

/** A tally in words: `5 za, 1 przeciw, 0 wstrzymało się` (nieobecni and bez głosu only where given). */
export function tallyText(t: StatedTallies | Pick<VoteSummary, (typeof TALLY_FIELDS)[number]>): string {
  const parts: string[] = [];
  const n = (v: number | null) => (v === null ? 'nie podano' : formatNumber(v));
  parts.push(`${n(t.za)} za`, `${n(t.przeciw)} przeciw`);
  parts.push(
    t.wstrzymujacy === null
      ? 'wstrzymujący się: nie podano'
      : `${n(t.wstrzymujacy)} ${plural(t.wstrzymujacy, 'wstrzymał się', 'wstrzymało się', 'wstrzymało się')}`,
  );
  if (t.nieobecni !== null && t.nieobecni > 0)
    parts.push(`${n(t.nieobecni)} ${plural(t.nieobecni, 'nieobecny', 'nieobecnych', 'nieobecnych')}`);
  if (t.brak_glosu !== null && t.brak_glosu > 0) parts.push(`${n(t.brak_glosu)} obecnych bez głosu`);
  return parts.join(', ');
}

/** True when a vote with ballots states tallies that differ from its counted ones. */
export const talliesDiffer = (v: Recorded): boolean =>
  v.imienne &&
  v.liczby_zrodla !== null &&
  TALLY_FIELDS.some((f) => v.liczby_zrodla![f] !== null && v.liczby_zrodla![f] !== v[f]);

/** True when the stated result is not what a simple majority of the tallies gives (§10). */
export const resultAgainstTallies = (v: Pick<VoteSummary, 'wynik' | 'za' | 'przeciw'>): boolean =>
  v.wynik === 'przyjęto' ? v.za <= v.przeciw : v.za > v.przeciw;

/**
 * The majority a vote needed, as its page says it. A simple majority is more votes for than against,
 * not a number: the Sejm's source gives it as a count (`majorityVotes`, 1 when nobody voted against),
 * which read as „zwykła większość (1 głos za)” (issue 46); the other majorities are thresholds.
 */
export const majorityText = (m: NonNullable<VoteDetail['wymagana_wiekszosc']>): string =>
  m.typ === 'SIMPLE_MAJORITY'
    ? `${MAJORITY_NAMES[m.typ]} (więcej głosów za niż przeciw)`
    : `${MAJORITY_NAMES[m.typ] ?? m.typ}${m.glosow === null ? '' : ` (${formatNumber(m.glosow)} ${plural(m.glosow, 'głos', 'głosy', 'głosów')} za)`}`;

/**
 * What a vote page says of the source's record, under its result: no roll call; the stated and the
 * counted tallies where they differ; a result that is the council's against its tallies, and the
 * majority it needed where the source says.
 */
export function VoteRecord({
  vote,
  wording: w,
}: {
  vote: Recorded & Partial<Pick<VoteDetail, 'wymagana_wiekszosc'>>;
  wording: Wording;
}) {
  const majority = vote.wymagana_wiekszosc ?? null;
  const against = resultAgainstTallies(vote);
  return (
    <>
      {!vote.imienne && (
        <p class="note" id="bez-wykazu">
          <strong>Głosowanie bez imiennego wykazu: liczby podane w protokole.</strong> Źródło nie podaje, jak głosowali
          poszczególni {w.members}, więc to głosowanie liczy się do wyników i rankingów głosowań, ale nie do wskaźników
          żadnego {w.memberGen}.
        </p>
      )}
      {talliesDiffer(vote) && (
        <p class="note">
          Protokół: {tallyText(vote.liczby_zrodla!)}; lista imienna: {tallyText(vote)}. Liczby mogą się różnić, gdy
          protokół liczy inaczej niż wykaz (np. głos zgłoszony ustnie lub poprawiony po głosowaniu) albo gdy wykaz kogoś
          pomija; wskaźniki {w.membersGen} liczymy z listy imiennej.
        </p>
      )}
      {against && (
        <p class="note">
          Wynik podany przez {w.bodyAcc}: {vote.wynik}
          {vote.wynik === 'przyjęto'
            ? ', choć za nie było więcej głosów niż przeciw'
            : ', choć za było więcej głosów niż przeciw'}
          .{' '}
          {majority
            ? `Według źródła głosowanie wymagało: ${majorityText(majority)}.`
            : 'Takie głosowanie mogło wymagać więcej niż zwykłej większości (np. bezwzględnej albo kwalifikowanej); źródło nie podaje której.'}
        </p>
      )}
      {!against && majority && <p class="muted">Wymagana większość według źródła: {majorityText(majority)}.</p>}
    </>
  );
}

/** The mark of a tally-only vote in a list row. */
export function TallyOnlyMark({ vote }: { vote: Pick<VoteSummary, 'imienne'> }) {
  return vote.imienne ? null : <span class="tag"> · bez wykazu imiennego (liczby z protokołu)</span>;
}

/** A vote's title as the site shows it, under the cut lengths of the snapshot's source. */
export const titleOf = (ctx: Pick<PageContext, 'snapshot'>, raw: string): ShownTitle =>
  shownTitle(raw, ctx.snapshot?.titleCuts ?? []);

/** The mark beside a title the source cut (what it means: /jak-liczymy#tytuly, and the vote's page). */
export function CutMark({ title }: { title: ShownTitle }) {
  return title.cut ? <span class="muted"> (tytuł ucięty przez źródło)</span> : null;
}

/** A vote's title as a link to its page, with the mark where the source cut it. */
export function VoteLink({
  ctx,
  vote,
  class: className,
}: {
  ctx: PageContext;
  vote: { id_glosowania: number; tytul: string };
  class?: string;
}) {
  const title = titleOf(ctx, vote.tytul);
  return (
    <>
      <a class={className} href={linkTo(ctx, PAGES.vote, { id: vote.id_glosowania })}>
        {title.text}
      </a>
      <CutMark title={title} />
    </>
  );
}

/** A topic's name (its id when the snapshot's vocabulary does not name it). */
export const topicName = (ctx: PageContext, temat: string): string => ctx.topics?.get(temat) ?? temat;

/** A vote's topic, linking to the topic's votes. */
export function TopicLink({ ctx, temat }: { ctx: PageContext; temat: string }) {
  return <a href={linkTo(ctx, PAGES.votes, { temat })}>{topicName(ctx, temat)}</a>;
}

/**
 * A percent with its base beside it, „92% z 50” (a table's heading or the text around says what the
 * base counts: a share of 50 votes is not one of 510), or „—” with the reason when the base is 0
 * (never 0 %).
 */
export function PercentWithBase({ percent, base, reason }: { percent: number; base: number; reason: string }) {
  return base === 0 ? (
    <span>
      — <span class="muted">{reason}</span>
    </span>
  ) : (
    <>
      {formatPercent(percent)}
      <span class="b"> z {formatNumber(base)}</span>
    </>
  );
}

/** Letters and digits: a pattern matches only where the character before it is neither (§11). */
const WORD_CHARACTER = /[\p{L}\p{N}]/u;

/**
 * Why a title has its topic: the entry the classifier gives it (CONTRACT §11, and the vocabulary's
 * exclusions and giving way, README „Tematy”) and that entry's first pattern occurring in the folded
 * title at a word start; undefined when it is `inne`. One title against the vocabulary, for the reader
 * who asks why a vote was filed so.
 */
export function matchedPattern(
  vocabulary: Vocabulary,
  title: string,
): { id: string; nazwa: string; wzorzec: string } | undefined {
  let classifier = CLASSIFIERS.get(vocabulary);
  if (!classifier) CLASSIFIERS.set(vocabulary, (classifier = new TopicClassifier(vocabulary)));
  const entry = vocabulary[classifier.topicOf(title)];
  if (entry === undefined) return undefined;
  const folded = foldTopicText(title);
  for (const pattern of entry.wzorce) {
    const p = foldTopicText(pattern);
    if (p === '') continue;
    for (let at = folded.indexOf(p); at !== -1; at = folded.indexOf(p, at + 1)) {
      if (at === 0 || !WORD_CHARACTER.test(folded[at - 1]!))
        return { id: entry.id, nazwa: entry.nazwa, wzorzec: pattern };
    }
  }
  return undefined;
}
/** A classifier per vocabulary (a snapshot's is read once): building one is dearer than classifying. */
const CLASSIFIERS = new WeakMap<Vocabulary, TopicClassifier>();

const quoted = (patterns: readonly string[] | undefined) =>
  (patterns ?? [])
    .filter((w) => w.trim() !== '')
    .map((w) => `„${w}”`)
    .join(', ');

/** Whether any entry has exclusions or patterns of giving way: the pages then say what they do. */
export const hasSideRules = (vocabulary: Vocabulary): boolean =>
  vocabulary.some((entry) => quoted(entry.wykluczenia) !== '' || quoted(entry.ustepuje) !== '');

/** What the pages say of exclusions and giving way, when the vocabulary has them. */
export const SIDE_RULES_NOTE =
  'Niektóre tematy mają też wykluczenia (tytułu, w którym występuje któreś z nich, temat nie bierze) ' +
  'i wzorce ustąpienia (gdy któryś z nich występuje w tytule, temat bierze go tylko wtedy, gdy nie pasuje żaden inny).';

/** An entry's exclusions and patterns of giving way after its patterns, or '' when it has none. */
export function sideRulesOf(entry: TopicEntry): string {
  const excluded = quoted(entry.wykluczenia);
  const yields = quoted(entry.ustepuje);
  return `${excluded ? `; wykluczenia: ${excluded}` : ''}${yields ? `; ustępuje przy: ${yields}` : ''}`;
}

/** A percent in running text, or „—” with the reason when its base is 0 (never 0 %). */
export const percentText = (percent: number, base: number, reason: string): string =>
  base === 0 ? `— (${reason})` : formatPercent(percent);

/** Why a councillor's attendance or agreement has no base. */
export const NO_BASE = {
  attendance: 'brak zapisów obecności',
  agreement: 'brak głosowań ze stanowiskiem klubu',
} as const;
