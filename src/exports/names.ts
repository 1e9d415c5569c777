// Which council (or the Sejm) a snapshot's downloads are of, as a file name's word and as a title's words
// (issue 46: two councils' files, or a list and a bulk file, downloaded under one name overwrote each
// other). A council's committees go with it: the chambers are the bodies of type rada or sejm.

import { slugify } from '../../core/text.ts';

export interface NamedBody {
  nazwa: string;
  typ: string;
}

/** The snapshot's chambers (councils, the Sejm), in the order given. */
export const chambersOf = (bodies: readonly NamedBody[]): NamedBody[] =>
  bodies.filter((b) => b.typ === 'rada' || b.typ === 'sejm');

/**
 * The chambers as a file name's word: `rada-miasta-gdanska`, `sejm-rzeczypospolitej-polskiej`; several
 * joined with `-` (up to three, beyond that `rady` and their count: a name stays short).
 */
export function chambersSlug(bodies: readonly NamedBody[]): string {
  const chambers = chambersOf(bodies);
  if (chambers.length === 0) return 'rada';
  if (chambers.length > 3) return `rady-${chambers.length}`;
  return chambers.map((b) => slugify(b.nazwa)).join('-');
}

/**
 * The whole snapshot in a download's name: its chambers, and `i-komisje` where it holds other bodies too
 * (a list of every body's votes is not the council's own list, `?organ=`, which is named after the body).
 */
export const snapshotSlug = (bodies: readonly NamedBody[]): string =>
  chambersSlug(bodies) + (chambersOf(bodies).length < bodies.length ? '-i-komisje' : '');

/** The chambers' names for a title: „Rada Miasta Gdańska”, „Rada A, Rada B”. */
export const chambersNames = (bodies: readonly NamedBody[]): string =>
  chambersOf(bodies)
    .map((b) => b.nazwa)
    .join(', ');
