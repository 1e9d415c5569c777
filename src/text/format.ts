// Polish wording and number / date formats of the website. Pure functions: no markup here (the
// templates escape whatever these return).

import { tidyStoredTitle } from '../../core/titles.ts';

const DATE = new Intl.DateTimeFormat('pl-PL', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const MONTH = new Intl.DateTimeFormat('pl-PL', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const MONTH_SHORT = new Intl.DateTimeFormat('pl-PL', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const NUMBER = new Intl.NumberFormat('pl-PL', { maximumFractionDigits: 2 });

const utc = (iso: string): Date | undefined => {
  const m = /^(\d{4})-(\d{2})(?:-(\d{2}))?/.exec(iso);
  return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, m[3] ? Number(m[3]) : 1)) : undefined;
};

/** `2019-01-15` → `15 stycznia 2019`; anything unparsable is shown as given. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = utc(iso);
  return date ? DATE.format(date) : iso;
}

/** `2019-01` → `styczeń 2019`. */
export function formatMonth(yyyyMm: string): string {
  const date = utc(yyyyMm);
  return date ? MONTH.format(date) : yyyyMm;
}

/** The months in the genitive, as after „od”, „do”: „od listopada 2018”. */
const MONTHS_GEN = [
  'stycznia',
  'lutego',
  'marca',
  'kwietnia',
  'maja',
  'czerwca',
  'lipca',
  'sierpnia',
  'września',
  'października',
  'listopada',
  'grudnia',
] as const;

/** `2019-01` → `stycznia 2019` (after „od”, „do”; Intl has no month-and-year form in the genitive). */
export function formatMonthGen(yyyyMm: string): string {
  const m = /^(\d{4})-(\d{2})/.exec(yyyyMm);
  const name = m ? MONTHS_GEN[Number(m[2]) - 1] : undefined;
  return m && name ? `${name} ${m[1]}` : yyyyMm;
}

/** `2019-01` → `sty 2019`. */
export function formatMonthShort(yyyyMm: string): string {
  const date = utc(yyyyMm);
  return date ? MONTH_SHORT.format(date) : yyyyMm;
}

/** A date and an optional `HH:MM`: `15 stycznia 2019, 09:15`. */
export const formatDateTime = (date: string, time: string | null): string =>
  time ? `${formatDate(date)}, ${time}` : formatDate(date);

/** Polish digits: `66,67`, `1250`, `12 345`. */
export const formatNumber = (value: number): string => NUMBER.format(value);

/** `66.67` or `"66.67"` → `66,67%`. */
export const formatPercent = (value: number | string): string => `${NUMBER.format(Number(value))}%`;

/**
 * „Udział w głosowaniach” (CONTRACT §10): 100 − profil-glosowania's nieobecny_procent, over the same
 * base (the councillor's ballots), to two decimals. Shown beside attendance: one can sign the
 * attendance list and miss every vote.
 */
export const participationPercent = (nieobecnyProcent: number): number =>
  Math.round((100 - nieobecnyProcent) * 100) / 100;

/** A term `2018-2023` as `2018–2023`. */
export const formatTerm = (term: string): string => term.replace('-', '–');

export type Ballot = 'za' | 'przeciw' | 'wstrzymujacy' | 'nieobecny' | 'brak_glosu';
export const BALLOTS: readonly Ballot[] = ['za', 'przeciw', 'wstrzymujacy', 'nieobecny', 'brak_glosu'];

/** One person's ballot as a noun (table cells): no verb, so no gender to guess. */
export const BALLOT_LABEL: Record<Ballot, string> = {
  za: 'za',
  przeciw: 'przeciw',
  wstrzymujacy: 'wstrzymanie się',
  nieobecny: 'nieobecność',
  brak_glosu: 'brak głosu',
};

/** Legend labels for counts over many people. */
export const COUNT_LABEL: Record<Ballot, string> = {
  za: 'Za',
  przeciw: 'Przeciw',
  wstrzymujacy: 'Wstrzymało się',
  nieobecny: 'Nieobecni',
  brak_glosu: 'Bez głosu',
};

export const ballotOf = (value: string): Ballot => BALLOTS.find((ballot) => ballot === value) ?? 'brak_glosu';

// Polish verbs agree with the speaker's gender. The data does not record it; the first name is a
// good guide (feminine names end in -a, with a few masculine exceptions).
const MASCULINE_IN_A = new Set(['kuba', 'barnaba', 'bonawentura', 'jarema', 'kosma', 'zawisza', 'boryna', 'dyzma']);

export function isFeminine(fullName: string): boolean {
  const first = fullName.trim().split(/\s+/)[0]?.toLowerCase() ?? '';
  return first.endsWith('a') && !MASCULINE_IN_A.has(first);
}

/** A word in the person's form: `genderedAs('Anna Nowak', 'obecny', 'obecna')` → `obecna` (by the first name). */
export const genderedAs = (fullName: string, masculine: string, feminine: string): string =>
  isFeminine(fullName) ? feminine : masculine;

/** The count labels for one person's ballots (COUNT_LABEL's are for a group: „Nieobecni”). */
export function countLabelsFor(name: string): Record<Ballot, string> {
  const f = isFeminine(name);
  return {
    ...COUNT_LABEL,
    wstrzymujacy: `Wstrzymał${f ? 'a' : ''} się`,
    nieobecny: f ? 'Nieobecna' : 'Nieobecny',
  };
}

/** One person's ballot next to their name: `za`, `wstrzymała się`, `nieobecny`. */
export function ballotLabelFor(name: string, ballot: string): string {
  const f = isFeminine(name);
  const labels: Record<Ballot, string> = {
    za: 'za',
    przeciw: 'przeciw',
    wstrzymujacy: `wstrzymał${f ? 'a' : ''} się`,
    nieobecny: f ? 'nieobecna' : 'nieobecny',
    brak_glosu: `nie głosował${f ? 'a' : ''}`,
  };
  return labels[ballotOf(ballot)];
}

/** `Jan Kowalski głosował przeciw`, `Anna Nowak wstrzymała się od głosu`. */
export function ballotSentence(name: string, ballot: string): string {
  const f = isFeminine(name);
  const phrase: Record<Ballot, string> = {
    za: `głosował${f ? 'a' : ''} za`,
    przeciw: `głosował${f ? 'a' : ''} przeciw`,
    wstrzymujacy: `wstrzymał${f ? 'a' : ''} się od głosu`,
    nieobecny: `był${f ? 'a' : ''} nieobecn${f ? 'a' : 'y'}`,
    brak_glosu: `nie oddał${f ? 'a' : ''} głosu`,
  };
  return `${name} ${phrase[ballotOf(ballot)]}`;
}

/** `przyjęto 21 : 7` (za : przeciw). */
export const resultLine = (wynik: string, za: number, przeciw: number): string => `${wynik} ${za} : ${przeciw}`;

/** Only http(s) addresses become links; anything else (javascript:, data:, relative junk) is shown as text. */
export function safeHttpUrl(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

/** A vote's title as readers see it: tidied (core/titles.ts), and whether the source cut it. */
export interface ShownTitle {
  /** The tidy title, ending in „…” where the source cut it. */
  text: string;
  cut: boolean;
}

/**
 * A title as the snapshot stores it (the source's, trimmed), as the site, its feeds and cards show it;
 * `cuts`: the lengths at which the snapshot's source cuts titles (src/titles.ts). The API and the
 * downloads keep the stored title.
 */
export function shownTitle(raw: string, cuts: readonly number[]): ShownTitle {
  const { title, cut } = tidyStoredTitle(raw, cuts);
  return { text: cut ? `${title}…` : title, cut };
}

/** Polish plural of a count: 1 głosowanie, 2 głosowania, 5 głosowań. */
export function plural(n: number, one: string, few: string, many: string): string {
  if (n === 1) return one;
  const d = n % 10;
  const dd = n % 100;
  return d >= 2 && d <= 4 && !(dd >= 12 && dd <= 14) ? few : many;
}

/** The source's names of majorities (the Sejm's `majorityType`), in Polish. */
export const MAJORITY_NAMES: Readonly<Record<string, string>> = {
  SIMPLE_MAJORITY: 'zwykła większość',
  ABSOLUTE_MAJORITY: 'bezwzględna większość',
  STATUTORY_MAJORITY: 'bezwzględna większość ustawowego składu',
  MAJORITY_THREE_FIFTHS: 'większość 3/5',
  MAJORITY_TWO_THIRDS: 'większość 2/3',
};

/**
 * What a preview (og:description, the card) adds to a result: the majority it needed when more than a
 * simple one — „wymagana większość 3/5 (269 głosów za)” — else nothing (a simple majority is the reading
 * of any tally). Issue 46: „odrzucono 246 : 202” read as a wrong result without it.
 */
export function requiredMajority(typ: string | null, glosow: number | null): string | undefined {
  if (typ === null || typ === 'SIMPLE_MAJORITY') return undefined;
  const count = glosow === null ? '' : ` (${formatNumber(glosow)} ${plural(glosow, 'głos', 'głosy', 'głosów')} za)`;
  return `wymagana ${MAJORITY_NAMES[typ] ?? typ}${count}`;
}
