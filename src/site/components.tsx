// Pieces shared by the page families: result badges, count bars, vote tables, filters, paging, the
// monthly attendance chart. All drawing is inline SVG with presentation attributes and classes from
// the style sheet (no style attributes: the CSP forbids inline styles).

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
  formatMonthShort,
  formatNumber,
  formatPercent,
  formatTerm,
} from './format.ts';
import { type PageContext, bodyName } from './layout.tsx';
import { PAGES, linkTo } from './paths.ts';
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
 * The download of a list: exactly its rows, every page (`href`: src/site/paths.ts `listHref`), for a
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

/** `required`: a body must be chosen (no „Wszystkie”). */
export function BodySelect({
  bodies,
  value,
  required = false,
}: {
  bodies: Body[];
  value: number | undefined;
  required?: boolean;
}) {
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

export function GroupSelect({ groups, value }: { groups: Group[]; value: number | undefined }) {
  return (
    <label for="f-ugrupowanie">
      Ugrupowanie
      <select id="f-ugrupowanie" name="ugrupowanie">
        <option value="">Wszystkie</option>
        {groups.map((g) => (
          <option value={String(g.id_ugrupowania)} selected={g.id_ugrupowania === value}>
            {g.nazwa}
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

/**
 * Monthly attendance as inline SVG bars (0–100 %) on a calendar axis: a month without any session
 * is a gap, a month with 0 % a flat mark. The figures are also given as a table.
 */
export function MonthlyChart({
  months,
  caption,
  label = 'Frekwencja',
  empty = 'Brak zapisów obecności.',
}: {
  months: ReadonlyArray<{ miesiac: string; frekwencja_procent: number }>;
  caption: string;
  label?: string;
  empty?: string;
}) {
  if (months.length === 0) return <p class="muted">{empty}</p>;
  const first = months[0]!;
  const last = months[months.length - 1]!;
  const start = monthIndex(first.miesiac);
  const span = monthIndex(last.miesiac) - start + 1;
  const step = 10;
  const width = Math.max(span * step, 120);
  const values = months.map((m) => m.frekwencja_procent);
  const summary =
    `${caption}: od ${formatMonth(first.miesiac)} do ${formatMonth(last.miesiac)}, ` +
    `najniższa ${formatPercent(Math.min(...values))}, najwyższa ${formatPercent(Math.max(...values))}.`;
  return (
    <figure>
      <svg class="chart" viewBox={`0 0 ${width} 104`} preserveAspectRatio="none" role="img" aria-label={summary}>
        <line class="ax" x1="0" y1="2" x2={width} y2="2" />
        <line class="ax" x1="0" y1="52" x2={width} y2="52" />
        <line class="ax" x1="0" y1="102" x2={width} y2="102" />
        {months.map((m) => {
          const h = Math.max(m.frekwencja_procent, 1);
          return (
            <rect
              class="c"
              x={(monthIndex(m.miesiac) - start) * step + 1}
              y={round(102 - h)}
              width={step - 2}
              height={round(h)}
            >
              <title>{`${formatMonth(m.miesiac)}: ${formatPercent(m.frekwencja_procent)}`}</title>
            </rect>
          );
        })}
      </svg>
      <figcaption>
        <span>{formatMonthShort(first.miesiac)}</span>
        <span>{caption} (0–100%)</span>
        <span>{formatMonthShort(last.miesiac)}</span>
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
                  {label}
                </th>
              </tr>
            </thead>
            <tbody>
              {months.map((m) => (
                <tr>
                  <td>{formatMonth(m.miesiac)}</td>
                  <td class="num">{formatPercent(m.frekwencja_procent)}</td>
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
