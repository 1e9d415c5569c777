// What tells a Radoskop vote apart from the body's other votes stated alike (issue 42). The reader states
// a vote by (session date, session number, title); votes stated alike are numbered by their order
// (GlosowanieRow.klucz), and that order moves when Radoskop inserts or withdraws one of them: a share
// link kept by (…, n-th) would open another vote. So a link also records what the source says of the
// vote itself — its stated tallies and result and who voted how — and of its neighbours in the session;
// among the votes stated alike, the one that matches opens, none is gone, and several is "cannot tell".

import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';
import { z } from 'zod';
import { foldText } from '../../core/text.ts';
import { plucked, rawRows, type Statement } from '../snapshot/statement.ts';

/** What glosowanie states of a vote (contentOf), with its place in the session. */
interface ContentRow {
  id_posiedzenia: number;
  numer: number;
  wynik_podany: string | null;
  za_podane: number | null;
  przeciw_podane: number | null;
  wstrzymujacy_podane: number | null;
  nieobecni_podane: number | null;
  brak_glosu_podane: number | null;
}

/**
 * The fingerprint part of a link's identity: the vote's content, its previous and next vote's, how many
 * votes stated alike had that content (twins: only their neighbours tell them apart), and how many votes
 * were stated alike at all (1: the title was unique in its session).
 */
export const voteFingerprint = z.tuple([z.string(), z.string(), z.string(), z.number(), z.number()]);
export type VoteFingerprint = [content: string, previous: string, next: string, alike: number, stated: number];

/** A vote found for a link, or why none is given: gone from the data, or not one vote that can be told. */
export type Located = { id: number } | { gone: 'withdrawn' | 'ambiguous' };

const digest = (value: unknown): string =>
  createHash('sha256').update(JSON.stringify(value)).digest('base64url').slice(0, 16);

/**
 * A name as a bag of its letters, folded: a ballot is matched by who cast it without depending on how the
 * reader spaces, cases or orders a name (issue 40 normalises names; links must outlive that).
 */
const nameLetters = (name: string): string =>
  [...foldText(name).replace(/[^\p{L}]/gu, '')].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).join('');

export class ShareIdentity {
  private readonly contentStatement: Statement<[number], ContentRow>;
  /** Each ballot's voter's name and its glos code. */
  private readonly ballotsStatement: Statement<[number], [string, number]>;
  private readonly neighbourStatement: Statement<[number, number], number>;
  private readonly alikeStatement: Statement<[string, string, string], number>;

  constructor(db: Database.Database) {
    this.contentStatement = db.prepare(`SELECT id_posiedzenia, numer, wynik_podany, za_podane, przeciw_podane,
      wstrzymujacy_podane, nieobecni_podane, brak_glosu_podane FROM glosowanie WHERE id_glosowania = ?`);
    this.ballotsStatement = rawRows(
      db,
      'SELECT r.imie_nazwisko, b.glos FROM glos b JOIN radny r ON r.id_osoby = b.id_osoby WHERE b.id_glosowania = ?',
    );
    this.neighbourStatement = plucked(
      db,
      'SELECT id_glosowania FROM glosowanie WHERE id_posiedzenia = ? AND numer = ?',
    );
    // The body's votes stated alike: their klucz_zrodla is the stated part's JSON with another occurrence.
    this.alikeStatement = plucked(
      db,
      `SELECT g.id_glosowania FROM glosowanie g JOIN organ o ON o.id_organu = g.id_organu
        WHERE o.nazwa = ? AND g.klucz_zrodla > ? AND g.klucz_zrodla < ? ORDER BY g.id_glosowania`,
    );
  }

  /** The fingerprint of a vote of this snapshot (which must exist) stated as `stated` by `body`. */
  fingerprintOf(id: number, body: string, stated: ReadonlyArray<unknown>): VoteFingerprint {
    const [content, previous, next] = this.placeOf(id);
    const statedAlike = this.alike(body, stated);
    const alike = statedAlike.filter((other) => this.contentOf(other) === content).length;
    return [content, previous, next, alike, statedAlike.length];
  }

  /**
   * The vote of `body` stated as `stated` (its stated parts, without the occurrence) whose fingerprint is
   * `recorded`: the one whose content matches; among twins (then or now) only the one whose neighbours
   * both match, since a withdrawn twin's link would otherwise open the other. A vote whose title was unique
   * in its session then and is now is that vote even when its content changed (a tally or a ballot
   * corrected upstream): only a repeated title needs the content to tell its votes apart.
   */
  locate(body: string, stated: ReadonlyArray<unknown>, recorded: VoteFingerprint): Located {
    const alike = this.alike(body, stated);
    if (recorded[4] === 1 && alike.length === 1) return { id: alike[0]! };
    const same = alike.filter((id) => this.contentOf(id) === recorded[0]);
    if (same.length === 0) return { gone: 'withdrawn' };
    if (same.length === 1 && recorded[3] === 1) return { id: same[0]! };
    const placed = same.filter((id) => {
      const [, previous, next] = this.placeOf(id);
      return previous === recorded[1] && next === recorded[2];
    });
    return placed.length === 1 ? { id: placed[0]! } : { gone: 'ambiguous' };
  }

  /** The vote's content and its session neighbours' ('' for none). */
  private placeOf(id: number): [string, string, string] {
    const row = this.contentStatement.get(id)!;
    const neighbour = (numer: number) => {
      const other = this.neighbourStatement.get(row.id_posiedzenia, numer);
      return other === undefined ? '' : this.contentOf(other);
    };
    return [this.contentOf(id), neighbour(row.numer - 1), neighbour(row.numer + 1)];
  }

  /**
   * A link recorded before fingerprints (stated parts and occurrence only): its vote while it is the only
   * one stated so; when several are, the occurrence may have moved and nothing tells which was meant.
   */
  locateUnprinted(body: string, stated: ReadonlyArray<unknown>, occurrence: unknown): Located {
    const alike = this.alike(body, stated);
    if (alike.length === 0) return { gone: 'withdrawn' };
    return alike.length === 1 && occurrence === 1 ? { id: alike[0]! } : { gone: 'ambiguous' };
  }

  private alike(body: string, stated: ReadonlyArray<unknown>): number[] {
    // `["date","number","title",` then the occurrence: every occurrence sorts between these two bounds.
    const prefix = `${JSON.stringify(stated).slice(0, -1)},`;
    return this.alikeStatement.all(body, prefix, `${prefix}\uffff`);
  }

  /**
   * What the source states of the vote itself: its result and tallies, and each name's ballot (not the title,
   * which is in the stated parts already and which the reader tidies).
   */
  private contentOf(id: number): string {
    const { id_posiedzenia: _s, numer: _n, ...stated } = this.contentStatement.get(id)!;
    const ballots = this.ballotsStatement
      .all(id)
      .map(([name, glos]) => `${nameLetters(name)}:${glos}`)
      .sort();
    return digest([stated, ballots]);
  }
}
