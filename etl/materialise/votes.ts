// Phase 3 of materialise: each vote's figures, its scope and body, and its positions in the two
// global vote rankings (CONTRACT §4), so a ranking request is an indexed read in a fixed order.

import type Database from 'better-sqlite3';
import { compareRatio } from '../../core/contract.ts';
import type { VoteFigures } from './ballots.ts';
import type { Dimensions } from './dimensions.ts';

export function writeVotes(db: Database.Database, dims: Dimensions, figures: VoteFigures): number {
  const { votes } = dims;
  const order = votes.map((_, v) => v);
  const rankKontrowersyjne = ranks(votes.length, order, (a, b) =>
    figures.kontrowersyjnosc[b]! - figures.kontrowersyjnosc[a]!
    || (figures.za[b]! + figures.przeciw[b]!) - (figures.za[a]! + figures.przeciw[a]!)
    || votes[a]!.ord - votes[b]!.ord);
  const rankJednomyslne = ranks(votes.length, order.filter((v) => figures.active(v) > 0), (a, b) =>
    -compareRatio(figures.largest(a), figures.active(a), figures.largest(b), figures.active(b))
    || figures.active(b) - figures.active(a) || votes[a]!.ord - votes[b]!.ord);

  const update = db.prepare(`UPDATE glosowanie SET kadencja = ?, id_organu = ?, wynik = ?,
    za = ?, przeciw = ?, wstrzymujacy = ?, nieobecni = ?, brak_glosu = ?, kontrowersyjnosc = ?,
    jednomyslnosc_procent = ?, ord = ?, rank_kontrowersyjne = ?, rank_jednomyslne = ? WHERE id_glosowania = ?`);
  db.transaction(() => {
    votes.forEach((vote, v) => {
      const session = dims.sessions[vote.session]!;
      update.run(
        dims.scopes[session.scope], session.bodyId, figures.wynik[v], figures.za[v], figures.przeciw[v], figures.wstrzymujacy[v],
        figures.nieobecni[v], figures.brakGlosu[v], figures.kontrowersyjnosc[v], figures.jednomyslnosc[v], vote.ord,
        rankKontrowersyjne[v], rankJednomyslne[v] || null, vote.id,
      );
    });
  })();
  return votes.length;
}

/** 1-based positions of `members` sorted by `compare`, by vote index; 0 for a vote not ranked. */
function ranks(votes: number, members: number[], compare: (a: number, b: number) => number): Int32Array {
  const rank = new Int32Array(votes);
  [...members].sort(compare).forEach((v, i) => { rank[v] = i + 1; });
  return rank;
}
