// Phase 3 of materialise: each vote's figures, its scope and body, its topic (CONTRACT §11) and its
// positions in the two global vote rankings (CONTRACT §4), so a ranking request is an indexed read in
// a fixed order.

import type Database from 'better-sqlite3';
import { compareRatio } from '../../core/contract.ts';
import type { VoteFigures } from './ballots.ts';
import { type Dimensions, WYNIK } from './dimensions.ts';

export function writeVotes(
  db: Database.Database,
  dims: Dimensions,
  figures: VoteFigures,
  topicOf: (v: number) => string,
): number {
  const { votes, sessions } = dims;
  const { ord } = votes;
  const all = Int32Array.from({ length: votes.count }, (_, v) => v);
  const withActive = all.filter((v) => figures.active(v) > 0);
  const rankKontrowersyjne = ranks(
    votes.count,
    all,
    (a, b) =>
      figures.kontrowersyjnosc[b]! - figures.kontrowersyjnosc[a]! ||
      figures.za[b]! + figures.przeciw[b]! - (figures.za[a]! + figures.przeciw[a]!) ||
      ord[a]! - ord[b]!,
  );
  const rankJednomyslne = ranks(
    votes.count,
    withActive,
    (a, b) =>
      -compareRatio(figures.largest(a), figures.active(a), figures.largest(b), figures.active(b)) ||
      figures.active(b) - figures.active(a) ||
      ord[a]! - ord[b]!,
  );

  const update = db.prepare<
    [
      string,
      number,
      string,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number | null,
      number,
      string,
      number,
    ]
  >(
    `UPDATE glosowanie SET kadencja = ?, id_organu = ?, wynik = ?,
    za = ?, przeciw = ?, wstrzymujacy = ?, nieobecni = ?, brak_glosu = ?, kontrowersyjnosc = ?,
    jednomyslnosc_procent = ?, ord = ?, rank_kontrowersyjne = ?, rank_jednomyslne = ?, imienne = ?, temat = ?
    WHERE id_glosowania = ?`,
  );
  db.transaction(() => {
    for (let v = 0; v < votes.count; v++) {
      const session = votes.session[v]!;
      update.run(
        dims.scopes[sessions.scope[session]!]!,
        sessions.bodyId[session]!,
        WYNIK[figures.wynik[v]!]!,
        figures.za[v]!,
        figures.przeciw[v]!,
        figures.wstrzymujacy[v]!,
        figures.nieobecni[v]!,
        figures.brakGlosu[v]!,
        figures.kontrowersyjnosc[v]!,
        figures.jednomyslnosc[v]!,
        ord[v]!,
        rankKontrowersyjne[v]!,
        rankJednomyslne[v] || null,
        figures.imienne[v]!,
        topicOf(v),
        votes.id[v]!,
      );
    }
  })();
  return votes.count;
}

/**
 * 1-based positions of `members` sorted by `compare` (a total order: ties end on `ord`), by vote index;
 * 0 for a vote not ranked. Sorts `members` (or a scratch array of its length) in place.
 */
function ranks(votes: number, members: Int32Array, compare: (a: number, b: number) => number): Int32Array {
  const rank = new Int32Array(votes);
  const sorted = sortIndexes(members, compare);
  for (let i = 0; i < sorted.length; i++) rank[sorted[i]!] = i + 1;
  return rank;
}

/** Sorted runs of this many, then merged. */
const RUN = 32;

/**
 * `values` sorted by `compare`: a merge sort between `values` and one scratch Int32Array, returning
 * whichever holds the result. V8's own sort of a typed array with a comparator copies it into two arrays of
 * tagged numbers (8 bytes an element each): for all of Poland's 7.2 million votes 115 MB beside the
 * stage, a third of what the votes stage added to the build's peak (issue 47). With a total order
 * every correct sort gives the same ranks.
 */
export function sortIndexes(values: Int32Array, compare: (a: number, b: number) => number): Int32Array {
  const n = values.length;
  for (let low = 0; low < n; low += RUN) {
    const high = Math.min(low + RUN, n);
    for (let i = low + 1; i < high; i++) {
      const value = values[i]!;
      let j = i - 1;
      for (; j >= low && compare(values[j]!, value) > 0; j--) values[j + 1] = values[j]!;
      values[j + 1] = value;
    }
  }
  if (n <= RUN) return values;
  let from: Int32Array = values;
  let to: Int32Array = new Int32Array(n);
  for (let width = RUN; width < n; width *= 2) {
    for (let low = 0; low < n; low += 2 * width) {
      const middle = Math.min(low + width, n);
      const high = Math.min(low + 2 * width, n);
      let i = low;
      let j = middle;
      let k = low;
      while (i < middle && j < high) to[k++] = compare(from[j]!, from[i]!) < 0 ? from[j++]! : from[i++]!;
      while (i < middle) to[k++] = from[i++]!;
      while (j < high) to[k++] = from[j++]!;
    }
    [from, to] = [to, from];
  }
  return from;
}
