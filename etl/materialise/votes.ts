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
    all.filter((v) => figures.active(v) > 0),
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

/** 1-based positions of `members` sorted by `compare`, by vote index; 0 for a vote not ranked. */
function ranks(votes: number, members: Int32Array, compare: (a: number, b: number) => number): Int32Array {
  const rank = new Int32Array(votes);
  members
    .slice()
    .sort(compare)
    .forEach((v, i) => {
      rank[v] = i + 1;
    });
  return rank;
}
