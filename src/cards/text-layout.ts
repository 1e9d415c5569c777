// Measuring and wrapping text in the card's font, so lines break where the rendered glyphs would
// overflow: widths come from the font's own advances and kerning (fontkit's layout, which the renderer's
// shaping matches), not from a guess per character.

import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type * as Fontkit from 'fontkit';

/** Inter (SIL Open Font License), bundled in its npm package: full Polish coverage, no system fonts. */
const require = createRequire(import.meta.url);
const INTER_DIR = dirname(require.resolve('@expo-google-fonts/inter/package.json'));
export const FONT_FAMILY = 'Inter';
export const FONT_FILES = {
  regular: join(INTER_DIR, '400Regular', 'Inter_400Regular.ttf'),
  bold: join(INTER_DIR, '700Bold', 'Inter_700Bold.ttf'),
} as const;
export type Weight = keyof typeof FONT_FILES;

const fonts = new Map<Weight, Fontkit.Font>();
/** fontkit, loaded with the first card (a third of a second of every server's start, for a card most never draw). */
let fontkit: typeof Fontkit | undefined;
function font(weight: Weight): Fontkit.Font {
  let loaded = fonts.get(weight);
  if (!loaded) {
    if (fontkit === undefined) {
      const loaded: typeof Fontkit = require('fontkit');
      fontkit = loaded;
    }
    const opened = fontkit.openSync(FONT_FILES[weight]);
    if (!('layout' in opened)) throw new Error(`${FONT_FILES[weight]} is a font collection, not one font`);
    fonts.set(weight, (loaded = opened));
  }
  return loaded;
}

/** The advance width of `text` at `size` pixels. */
export function textWidth(text: string, size: number, weight: Weight): number {
  const f = font(weight);
  return (f.layout(text).advanceWidth / f.unitsPerEm) * size;
}

const ELLIPSIS = '…';

/**
 * Characters of `text` that can matter to `lines` lines of `width` at `size`: no glyph of the font that
 * advances at all is narrower than an eighth of an em, so more characters than this could never be shown.
 * A title of any length (a hostile source's megabyte) is measured no further: the layout's time is bounded.
 */
const shownAtMost = (width: number, size: number, lines: number): number => lines * Math.ceil((width / size) * 8) + 16;

/**
 * The longest prefix of `chars` (at least one character) for which `fits` holds, found by bisection: a
 * logarithmic number of measurements of one line's text, not one per character.
 */
function longestFitting(chars: readonly string[], fits: (prefix: string) => boolean): number {
  let low = 1; // fits, or the least a line may take
  let high = chars.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (fits(chars.slice(0, mid).join(''))) low = mid;
    else high = mid - 1;
  }
  return low;
}

/** `text` cut at a character so that it and an ellipsis fit in `width`. */
function ellipsise(text: string, width: number, size: number, weight: Weight): string {
  const chars = [...text.trimEnd()];
  const withEllipsis = (prefix: string) => `${prefix.trimEnd()}${ELLIPSIS}`;
  if (textWidth(withEllipsis(chars.join('')), size, weight) <= width) return withEllipsis(chars.join(''));
  const cut = longestFitting(chars, (prefix) => textWidth(withEllipsis(prefix), size, weight) <= width);
  const prefix = chars.slice(0, cut).join('');
  return textWidth(withEllipsis(prefix), size, weight) <= width ? withEllipsis(prefix) : ELLIPSIS;
}

/**
 * Breaks `text` into at most `maxLines` lines no wider than `width`: at spaces, inside a word only when
 * the word alone is too wide; the last line ends in an ellipsis when text is left over. Time grows with
 * what fits on the lines, not with the text's length.
 */
export function wrapText(text: string, width: number, size: number, weight: Weight, maxLines: number): string[] {
  const limit = shownAtMost(width, size, maxLines);
  // Code units, not code points, for the cut: a surrogate pair split at the limit is dropped with the rest.
  const cutShort = text.length > limit;
  const words = (cutShort ? text.slice(0, limit) : text).trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let current = '';
  const fits = (candidate: string) => textWidth(candidate, size, weight) <= width;
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const candidate = current ? `${current} ${word}` : word;
    if (fits(candidate)) {
      current = candidate;
      continue;
    }
    if (current) {
      lines.push(current);
      current = '';
      i--; // the word starts the next line
    } else {
      // One word wider than the line: as many characters as fit, the rest on the next line.
      const chars = [...word];
      const cut = longestFitting(chars.slice(0, Math.min(chars.length - 1, shownAtMost(width, size, 1))), fits);
      lines.push(chars.slice(0, cut).join(''));
      words[i] = chars.slice(cut).join('');
      i--;
    }
    if (lines.length === maxLines) {
      lines.push(ellipsise(lines.pop()!, width, size, weight)); // text is left over: the last line says so
      return lines;
    }
  }
  if (current) lines.push(current);
  // Text past the limit is left over too (only zero-width characters could have let more of it show).
  if (cutShort && lines.length > 0 && !lines.at(-1)!.endsWith(ELLIPSIS))
    lines.push(ellipsise(lines.pop()!, width, size, weight));
  return lines;
}
