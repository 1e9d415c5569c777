// Preview cards (og:image): a 1200×630 PNG drawn from plain data — an SVG laid out here (lines measured
// and wrapped in the bundled font) and rendered by resvg with that font only, so the same data always
// gives the same bytes and no system font or browser is involved. Rendering runs on libuv's thread pool
// (renderAsync), off the event loop.

import { renderAsync } from '@resvg/resvg-js';
import { FONT_FAMILY, FONT_FILES, type Weight, textWidth, wrapText } from './text-layout.ts';

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;
export const PNG_MEDIA_TYPE = 'image/png';

export type Ballot = 'za' | 'przeciw' | 'wstrzymujacy' | 'nieobecny' | 'brak_glosu';

export interface CardData {
  /** The council (or other body) the card is about: the top line. */
  council: string;
  /** A short line above the title: „Głosowanie · 15 stycznia 2019”, „Radna · Sojusz Wspólnego Miasta”. */
  kicker: string;
  /** The vote's title or the councillor's name; wrapped, and ellipsised past its lines. */
  title: string;
  /** A vote's result and tally. */
  tally?: { wynik: string; za: number; przeciw: number; wstrzymujacy: number } | undefined;
  /** The highlighted councillor's ballot: „Jan Kowalski głosował przeciw”. */
  highlight?: { sentence: string; ballot: Ballot } | undefined;
  /** Figures in large type (a councillor's card): „Frekwencja” „95,2%”. */
  facts?: ReadonlyArray<{ label: string; value: string }> | undefined;
  /** What the facts cover, on a line above them: „Wszystkie kadencje (2): 2014–2018, 2018–2023”. */
  scope?: string | undefined;
  /** The data's credit line, at the bottom. */
  credit: string;
  /** Invented data: a badge says so. */
  synthetic: boolean;
}

const MARGIN = 80;
/** The height the facts' scope line takes from the title. */
const SCOPE_LINE = 44;
const TEXT_WIDTH = CARD_WIDTH - 2 * MARGIN;
const INK = '#14213d';
const MUTED = '#5c6677';
const ACCENT = '#1d4ed8';
const BALLOT_COLOUR: Record<Ballot, string> = {
  za: '#15803d',
  przeciw: '#b91c1c',
  wstrzymujacy: '#b45309',
  nieobecny: '#52525b',
  brak_glosu: '#52525b',
};

const escapeXml = (text: string): string =>
  text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')
    .replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch]!);

function text(
  x: number,
  y: number,
  content: string,
  size: number,
  weight: Weight,
  fill: string,
  anchor: 'start' | 'end' = 'start',
): string {
  return `<text x="${x}" y="${y}" font-family="${FONT_FAMILY}" font-size="${size}" font-weight="${weight === 'bold' ? 700 : 400}" fill="${fill}"${anchor === 'end' ? ' text-anchor="end"' : ''}>${escapeXml(content)}</text>`;
}

/** One line that must fit: ellipsised when it would not. */
const oneLine = (content: string, width: number, size: number, weight: Weight) =>
  wrapText(content, width, size, weight, 1)[0] ?? '';

function tallyBar(tally: NonNullable<CardData['tally']>, top: number): string {
  const parts: Array<[Ballot, number, string]> = [
    ['za', tally.za, 'Za'],
    ['przeciw', tally.przeciw, 'Przeciw'],
    ['wstrzymujacy', tally.wstrzymujacy, 'Wstrzymało się'],
  ];
  const total = tally.za + tally.przeciw + tally.wstrzymujacy;
  const out: string[] = [text(MARGIN, top + 36, tally.wynik.toUpperCase(), 36, 'bold', INK)];
  let legendX = MARGIN + textWidth(tally.wynik.toUpperCase(), 36, 'bold') + 36;
  for (const [ballot, count, label] of parts) {
    const item = `${label} ${count}`;
    out.push(
      `<rect x="${legendX.toFixed(1)}" y="${top + 12}" width="22" height="22" rx="4" fill="${BALLOT_COLOUR[ballot]}"/>`,
    );
    out.push(text(legendX + 32, top + 32, item, 28, 'regular', INK));
    legendX += 32 + textWidth(item, 28, 'regular') + 32;
  }
  const barTop = top + 60;
  out.push(`<rect x="${MARGIN}" y="${barTop}" width="${TEXT_WIDTH}" height="28" rx="6" fill="#e5e7eb"/>`);
  let x = MARGIN;
  for (const [ballot, count] of parts) {
    if (total === 0 || count === 0) continue;
    const width = (TEXT_WIDTH * count) / total;
    out.push(
      `<rect x="${x.toFixed(1)}" y="${barTop}" width="${width.toFixed(1)}" height="28" fill="${BALLOT_COLOUR[ballot]}"/>`,
    );
    x += width;
  }
  return out.join('');
}

/** The card as SVG (for tests and for debugging a layout; renderCard renders it). */
export function cardSvg(card: CardData): string {
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}">`,
    `<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="#ffffff"/>`,
    `<rect width="16" height="${CARD_HEIGHT}" fill="${ACCENT}"/>`,
  ];
  const badge = card.synthetic ? 'PRZYKŁAD SYNTETYCZNY' : '';
  const badgeWidth = badge ? textWidth(badge, 22, 'bold') + 32 : 0;
  if (badge) {
    parts.push(
      `<rect x="${(CARD_WIDTH - MARGIN - badgeWidth).toFixed(1)}" y="42" width="${badgeWidth.toFixed(1)}" height="40" rx="20" fill="#fde68a"/>`,
    );
    parts.push(text(CARD_WIDTH - MARGIN - 16, 70, badge, 22, 'bold', '#78350f', 'end'));
  }
  parts.push(text(MARGIN, 72, oneLine(card.council, TEXT_WIDTH - badgeWidth - 24, 28, 'bold'), 28, 'bold', ACCENT));
  parts.push(text(MARGIN, 122, oneLine(card.kicker, TEXT_WIDTH, 26, 'regular'), 26, 'regular', MUTED));

  // The title takes the lines the rest of the card leaves it.
  const scoped = card.scope !== undefined && card.facts?.length;
  const below =
    (card.highlight ? 76 : 0) + (card.tally ? 110 : 0) + (card.facts?.length ? 110 : 0) + (scoped ? SCOPE_LINE : 0);
  const titleSize = 50;
  const lineHeight = 62;
  const titleTop = 186;
  const room = 540 - below - titleTop;
  const lines = wrapText(
    card.title,
    TEXT_WIDTH,
    titleSize,
    'bold',
    Math.max(1, Math.min(4, Math.floor(room / lineHeight) + 1)),
  );
  lines.forEach((line, i) => parts.push(text(MARGIN, titleTop + i * lineHeight, line, titleSize, 'bold', INK)));

  let y = titleTop + (lines.length - 1) * lineHeight + 36;
  if (card.highlight) {
    const sentence = oneLine(card.highlight.sentence, TEXT_WIDTH - 40, 32, 'bold');
    const width = textWidth(sentence, 32, 'bold') + 40;
    parts.push(
      `<rect x="${MARGIN}" y="${y}" width="${width.toFixed(1)}" height="56" rx="12" fill="${BALLOT_COLOUR[card.highlight.ballot]}"/>`,
    );
    parts.push(text(MARGIN + 20, y + 39, sentence, 32, 'bold', '#ffffff'));
    y += 76;
  }
  if (card.tally) {
    parts.push(tallyBar(card.tally, Math.max(y, 540 - 110 - (card.facts?.length ? 110 : 0))));
  }
  if (card.facts?.length) {
    const top = 540 - 110;
    if (scoped)
      parts.push(text(MARGIN, top - 8, oneLine(card.scope!, TEXT_WIDTH, 24, 'regular'), 24, 'regular', MUTED));
    const column = TEXT_WIDTH / card.facts.length;
    card.facts.forEach((fact, i) => {
      const x = MARGIN + i * column;
      parts.push(text(x, top + 52, oneLine(fact.value, column - 24, 52, 'bold'), 52, 'bold', INK));
      parts.push(text(x, top + 92, oneLine(fact.label, column - 24, 24, 'regular'), 24, 'regular', MUTED));
    });
  }
  parts.push(`<rect x="${MARGIN}" y="556" width="${TEXT_WIDTH}" height="2" fill="#e5e7eb"/>`);
  parts.push(text(MARGIN, 596, oneLine(card.credit, TEXT_WIDTH, 22, 'regular'), 22, 'regular', MUTED));
  parts.push('</svg>');
  return parts.join('');
}

/** The card as PNG. */
export async function renderCard(card: CardData): Promise<Buffer> {
  const image = await renderAsync(cardSvg(card), {
    font: { loadSystemFonts: false, fontFiles: [FONT_FILES.regular, FONT_FILES.bold], defaultFontFamily: FONT_FAMILY },
    fitTo: { mode: 'original' },
    logLevel: 'off',
  });
  return image.asPng();
}
