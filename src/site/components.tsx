// Pieces shared by the page families: result badges, count bars, vote tables, filters, paging, the
// monthly chart of a percent (attendance, agreement, cohesion). All drawing is inline SVG with
// presentation attributes and classes from the style sheet (no style attributes: the CSP forbids
// inline styles).

import type { ComponentChildren } from 'preact';
import type { Body, Counts, Group, Scoped, Term, VoteSummary } from './data.ts';
import {
  BALLOTS,
  BALLOT_LABEL,
  COUNT_LABEL,
  type Ballot,
  ballotOf,
  formatDate,
  formatMonth,
  formatMonthGen,
  formatMonthShort,
  formatNumber,
  formatPercent,
  formatTerm,
} from '../text/format.ts';
import { type PageContext, bodyName, groupName } from './layout.tsx';
import { TallyOnlyMark, TopicLink, VoteLink } from './record.tsx';

export function ResultBadge({ wynik }: { wynik: string }) {
  const passed = wynik === 'przyjęto';
  return <span class={`badge ${passed ? 'w-p' : 'w-o'}`}>{passed ? 'Przyjęto' : 'Odrzucono'}</span>;
}

/** Counts as one stacked bar (za, przeciw, wstrzymujacy, nieobecny, brak_glosu) with its legend. */
export function CountsBar({
  counts,
  total,
  labels = COUNT_LABEL,
}: {
  counts: Counts;
  total?: number;
  /** A single person's labels (countLabelsFor); a group's by default. */
  labels?: Record<keyof Counts, string>;
}) {
  const sum = total ?? BALLOTS.reduce((s, b) => s + counts[b], 0);
  let x = 0;
  const label =
    BALLOTS.filter((b) => counts[b] > 0)
      .map((b) => `${labels[b]}: ${counts[b]}`)
      .join(', ') || 'Brak głosów';
  return (
    <div class="counts">
      <svg class="bar" viewBox="0 0 100 10" preserveAspectRatio="none" role="img" aria-label={label}>
        {sum > 0 &&
          BALLOTS.map((b) => {
            const width = (counts[b] / sum) * 100;
            const rect =
              width > 0 ? <rect class={`f-${b}`} x={round(x)} y="0" width={round(width)} height="10" /> : null;
            x += width;
            return rect;
          })}
      </svg>
      <ul class="legend" aria-hidden="true">
        {BALLOTS.filter((b) => counts[b] > 0 || b === 'za' || b === 'przeciw').map((b) => (
          <li class={`k-${b}`}>
            {labels[b]}: <strong>{formatNumber(counts[b])}</strong>
          </li>
        ))}
      </ul>
    </div>
  );
}

const round = (n: number) => Math.round(n * 100) / 100;

export const voteCounts = (
  v: Pick<VoteSummary, 'za' | 'przeciw' | 'wstrzymujacy' | 'nieobecni' | 'brak_glosu'>,
): Counts => ({
  za: v.za,
  przeciw: v.przeciw,
  wstrzymujacy: v.wstrzymujacy,
  nieobecny: v.nieobecni,
  brak_glosu: v.brak_glosu,
});

/** `21 : 7 : 2` (za : przeciw : wstrzymało się), read out in full by screen readers. */
export function Tally({ vote }: { vote: Pick<VoteSummary, 'za' | 'przeciw' | 'wstrzymujacy'> }) {
  return (
    <span class="nw" title="za : przeciw : wstrzymało się">
      <span aria-hidden="true">
        {vote.za} : {vote.przeciw} : {vote.wstrzymujacy}
      </span>
      <span class="vh">
        za {vote.za}, przeciw {vote.przeciw}, wstrzymało się {vote.wstrzymujacy}
      </span>
    </span>
  );
}

/** A list of votes; `ballot` adds a column with one councillor's ballot; `evidence` marks its rows as the votes behind a figure. */
export function VoteTable({
  ctx,
  votes,
  caption,
  ballot = false,
  evidence = false,
}: {
  ctx: PageContext;
  votes: ReadonlyArray<VoteSummary & { glos?: string }>;
  caption: string;
  ballot?: boolean;
  evidence?: boolean;
}) {
  if (votes.length === 0) return <p class="muted">Brak głosowań.</p>;
  return (
    <div class="tw">
      <table>
        <caption class="vh">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" class="hide-s">
              Data
            </th>
            <th scope="col">Głosowanie</th>
            {ballot && <th scope="col">Głos</th>}
            <th scope="col" class={ballot ? 'hide-s' : undefined}>
              Wynik
            </th>
            <th scope="col" class="num">
              Za : przeciw : wstrz.
            </th>
          </tr>
        </thead>
        <tbody>
          {votes.map((v) => (
            <tr data-dowod={evidence ? '' : undefined}>
              <td class="nw hide-s">{formatDate(v.data)}</td>
              <td class="title">
                <VoteLink ctx={ctx} vote={v} />
                <div class="muted">
                  <span class="show-s">{formatDate(v.data)} · </span>
                  {v.organ} · temat: <TopicLink ctx={ctx} temat={v.temat} />
                  <TallyOnlyMark vote={v} />
                  {ballot && <span class="show-s"> · {v.wynik}</span>}
                </div>
              </td>
              {ballot && <td>{BALLOT_LABEL[ballotOf(v.glos ?? '')]}</td>}
              <td class={ballot ? 'hide-s' : undefined}>
                <ResultBadge wynik={v.wynik} />
              </td>
              <td class="num">
                <Tally vote={v} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** "Page n of m" navigation; `link` is the address of page n (undefined: the first, which has no `strona`). */
export function Pager({
  page,
  pages,
  link,
}: {
  page: number;
  pages: number;
  link: (page: number | undefined) => string;
}) {
  if (pages <= 1) return null;
  const to = (n: number) => link(n === 1 ? undefined : n);
  const shown = [...new Set([1, page - 2, page - 1, page, page + 1, page + 2, pages])]
    .filter((n) => n >= 1 && n <= pages)
    .sort((a, b) => a - b);
  const items: ComponentChildren[] = [];
  if (page > 1)
    items.push(
      <li>
        <a href={to(page - 1)} rel="prev">
          ‹ Poprzednia
        </a>
      </li>,
    );
  shown.forEach((n, i) => {
    if (i > 0 && n - shown[i - 1]! > 1) items.push(<li aria-hidden="true">…</li>);
    items.push(
      <li>
        {n === page ? (
          <span aria-current="page">
            <span class="vh">Strona </span>
            {n}
          </span>
        ) : (
          <a href={to(n)}>
            <span class="vh">Strona </span>
            {n}
          </a>
        )}
      </li>,
    );
  });
  if (page < pages)
    items.push(
      <li>
        <a href={to(page + 1)} rel="next">
          Następna ›
        </a>
      </li>,
    );
  return (
    <nav class="pager" aria-label="Strony wyników">
      <ul>{items}</ul>
    </nav>
  );
}

/**
 * The download of a list: exactly its rows, every page (`href`: src/urls/paths.ts `listHref`), for a
 * spreadsheet first (what a reader double-clicks) and as RFC 4180 CSV for programs.
 */
export function CsvLink({ href, what }: { href: string; what: string }) {
  return (
    <p class="dl">
      Pobierz {what}:{' '}
      <a href={href.replace(/\.csv(?=\?|$)/, '.arkusz.csv')} download="">
        do arkusza
      </a>{' '}
      ·{' '}
      <a href={href} download="">
        CSV
      </a>
    </p>
  );
}

/** Says that a section covers every body although the page is scoped to one. */
export function ScopeNote({ ctx, scoped }: { ctx: PageContext; scoped: Scoped<unknown> }) {
  if (ctx.organ === undefined || scoped.organ) return null;
  return (
    <p class="note">
      Ta sekcja obejmuje wszystkie organy, nie tylko: {bodyName(ctx, ctx.organ) ?? `organ ${ctx.organ}`}.
    </p>
  );
}

/** A GET filter form over the current page (or `action`); keeps the council scope unless it has its own organ field. */
export function FilterForm({
  ctx,
  children,
  label,
  ownOrgan = false,
  action = ctx.path,
}: {
  ctx: PageContext;
  children: ComponentChildren;
  label: string;
  ownOrgan?: boolean;
  action?: string;
}) {
  return (
    <form class="filters" method="get" action={action} aria-label={label}>
      {!ownOrgan && ctx.organ !== undefined && <input type="hidden" name="organ" value={String(ctx.organ)} />}
      {children}
      <button type="submit">Pokaż</button>
    </form>
  );
}

export function TermSelect({
  terms,
  value,
  id = 'f-kadencja',
}: {
  terms: Term[];
  value: string | undefined;
  id?: string;
}) {
  return (
    <label for={id}>
      Kadencja
      <select id={id} name="kadencja">
        <option value="">Wszystkie</option>
        {terms.map((t) => (
          <option value={t.kadencja} selected={t.kadencja === value}>
            {formatTerm(t.kadencja)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** `required`: a body must be chosen (no „Wszystkie”). None when the snapshot has one body: nothing to choose (issue 46). */
export function BodySelect({
  bodies,
  value,
  required = false,
}: {
  bodies: Body[];
  value: number | undefined;
  required?: boolean;
}) {
  if (bodies.length < 2 && !required) return null;
  return (
    <label for="f-organ">
      Organ
      <select id="f-organ" name="organ" required={required}>
        {!required && <option value="">Wszystkie</option>}
        {bodies.map((b) => (
          <option value={String(b.id_organu)} selected={b.id_organu === value}>
            {b.nazwa}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The group picker: each group by the name a reader knows (its full name where there is one), in that name's order. */
export function GroupSelect({ ctx, groups, value }: { ctx: PageContext; groups: Group[]; value: number | undefined }) {
  const named = groups
    .map((g) => ({ id: g.id_ugrupowania, name: groupName(ctx, g.nazwa) }))
    .sort((a, b) => a.name.localeCompare(b.name, 'pl') || a.id - b.id);
  return (
    <label for="f-ugrupowanie">
      {ctx.wording.groupHeader}
      <select id="f-ugrupowanie" name="ugrupowanie">
        <option value="">Wszystkie</option>
        {named.map((g) => (
          <option value={String(g.id)} selected={g.id === value}>
            {g.name}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A month `YYYY-MM` as a running month number, for placing it on the calendar axis. */
function monthIndex(yyyyMm: string): number {
  const [y, m] = yyyyMm.split('-').map(Number);
  return (y ?? 0) * 12 + (m ?? 1) - 1;
}

/** The month of a running month number, as `YYYY-MM`. */
const monthOf = (index: number): string => `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;

/**
 * The labels of a chart's month axis over `span` months from `start`: few enough to stay apart on a
 * phone (about 300 px of plot): each month up to 6 months, each quarter up to 2 years (January as its
 * year, the rest as „kwi”), else every year or every few years (as the year).
 */
function monthTicks(start: number, span: number): Array<{ at: number; text: string }> {
  const years = Math.ceil(span / 96);
  const ticks: Array<{ at: number; text: string }> = [];
  for (let i = start; i < start + span; i++) {
    const month = monthOf(i);
    const year = month.slice(0, 4);
    const short = formatMonthShort(month).split(' ')[0]!;
    if (span <= 6) ticks.push({ at: i - start, text: short });
    else if (span <= 24 && i % 3 === 0) ticks.push({ at: i - start, text: i % 12 === 0 ? year : short });
    else if (span > 24 && i % 12 === 0 && (i / 12) % years === 0) ticks.push({ at: i - start, text: year });
  }
  return ticks;
}

/** A share per month with what it is a share of (its base), for MonthlyChart. */
export interface MonthShare {
  miesiac: string;
  procent: number;
  /** How many the share is of (records, votes) in that month. */
  z: number;
}

/**
 * A percent per month (attendance, agreement, cohesion) as bars on a calendar axis, drawn server-side
 * as inline SVG: a month without any record is a gap, a month with 0 % a flat mark. The plot stretches
 * to the page's width at a fixed height (the bars are one path, the grid lines keep their width); the
 * axes are outside the stretched drawing so their labels keep their size: 0–100 % on y (HTML), the
 * months on x (SVG text placed in percent of the width). Its text alternative: a summary for screen
 * readers, and every month's figure with its base in a table under it.
 */
export function MonthlyChart({
  months,
  caption,
  label,
  of,
  empty,
}: {
  months: readonly MonthShare[];
  caption: string;
  /** The figure's name (the table's column). */
  label: string;
  /** What its base counts, in the genitive plural: „posiedzeń”, „wspólnych głosowań”. */
  of: string;
  empty: string;
}) {
  if (months.length === 0) return <p class="muted">{empty}</p>;
  const first = months[0]!;
  const last = months[months.length - 1]!;
  const start = monthIndex(first.miesiac);
  const span = monthIndex(last.miesiac) - start + 1;
  const step = 10;
  const width = span * step;
  const low = months.reduce((a, m) => (m.procent < a.procent ? m : a));
  const high = months.reduce((a, m) => (m.procent > a.procent ? m : a));
  const summary =
    `${caption}: od ${formatMonthGen(first.miesiac)} do ${formatMonthGen(last.miesiac)}, ` +
    `najniższa ${formatPercent(low.procent)} (z ${formatNumber(low.z)}), ` +
    `najwyższa ${formatPercent(high.procent)} (z ${formatNumber(high.z)}); każdy miesiąc w tabeli pod wykresem.`;
  const bars = months
    .map((m) => {
      const h = round(Math.max(m.procent, 1));
      return `M${(monthIndex(m.miesiac) - start) * step + 1} ${round(100 - h)}h${step - 2}v${h}h-${step - 2}z`;
    })
    .join('');
  return (
    <figure class="monthly">
      <div class="plot">
        <div class="yax" aria-hidden="true" data-definicja="">
          <span>100%</span>
          <span>50%</span>
          <span>0%</span>
        </div>
        <svg class="chart" viewBox={`0 0 ${width} 100`} preserveAspectRatio="none" role="img" aria-label={summary}>
          <path class="ax" d={`M0 0H${width}M0 50H${width}M0 100H${width}`} vector-effect="non-scaling-stroke" />
          <path class="c" d={bars} />
        </svg>
        <svg class="xax" aria-hidden="true" data-definicja="">
          {monthTicks(start, span).map((t) => (
            <text x={`${round(((t.at + 0.5) / span) * 100)}%`} y="12">
              {t.text}
            </text>
          ))}
        </svg>
      </div>
      <figcaption>
        {caption}, {formatMonth(first.miesiac)} – {formatMonth(last.miesiac)}
      </figcaption>
      <details>
        <summary>Dane wykresu</summary>
        <div class="tw">
          <table>
            <caption class="vh">{caption}</caption>
            <thead>
              <tr>
                <th scope="col">Miesiąc</th>
                <th scope="col" class="num">
                  {label} (z ilu {of})
                </th>
              </tr>
            </thead>
            <tbody>
              {months.map((m) => (
                <tr>
                  <td>{formatMonth(m.miesiac)}</td>
                  <td class="num">
                    {formatPercent(m.procent)} z {formatNumber(m.z)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

/** Ballot value → colour class of the legend / ballot lists. */
export const ballotClass = (glos: string): string => `k-${ballotOf(glos) satisfies Ballot}`;
