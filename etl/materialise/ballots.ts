// Phase 2 of materialise: one pass over the ballots in vote order, a chunk of votes at a time (memory
// stays bounded by the chunk, never by all ballots). Per vote it derives the figures of CONTRACT §2
// and the flags of §3, counts into the tallies, sets the pair bitsets, notes presence for sessions
// whose attendance is derived from ballots, and hands each councillor's ballot row (`radny_glos`) to
// the spill that puts them in the table's order (councillor-ballots.ts).

import type Database from 'better-sqlite3';
import {
  NIEOBECNY,
  ODRZUCONO,
  PRZECIW,
  PRZYJETO,
  WSTRZYMUJACY,
  ZA,
  derivedWynik,
  isActive,
  kontrowersyjnosc,
  percent,
  strictMax,
} from '../../core/contract.ts';
import type { Findings, Location } from '../findings.ts';
import { Flag, ballotValue } from './ballot-value.ts';
import type { CouncillorBallots } from './councillor-ballots.ts';
import { doubled } from './keyed-counts.ts';
import { BallotBlock } from './pair-bitsets.ts';
import { type Dimensions, WYNIK } from './dimensions.ts';
import { BodyField, type BodyTally, Field, type PersonTally } from './tally.ts';

/**
 * Ballots read per chunk, about: few enough that a chunk's rows (an array each) die young. A chunk of 400
 * Sejm votes (184,000 rows) outlived the young generation and was promoted and collected again: 2.6 of the
 * Sejm term's 4.5 CPU s in this stage were the garbage collector (docs/PERFORMANCE.md, issue 47).
 */
const BALLOTS_PER_CHUNK = 16_384;
/** Votes per chunk at most (a council's votes have few ballots each), and in the first chunk, before a vote's ballots are known. */
const VOTES_PER_CHUNK = 400;
const FIRST_CHUNK_VOTES = 16;

/**
 * A ballot read as one number, `id_glosowania × span + id_osoby × 8 + glos`, when every id is a
 * non-negative integer and the largest fit (below 2^53 in all, a person and a code below 2^31): the span, a
 * power of two above every `id_osoby × 8 + glos`; undefined when they do not fit (then each ballot is read
 * as a row of three). A chunk of plain numbers, not an array a ballot: reading a tenth of Poland's 10
 * million ballots 6.1 → 2.7–3.6 CPU s (issue 47). A ballot's code is 0–4 (the load refuses any other).
 */
export function packedSpan(dims: Pick<Dimensions, 'people' | 'votes'>): number | undefined {
  const fits = (id: number) => Number.isInteger(id) && id >= 0;
  let maxPerson = 0;
  for (const { id } of dims.people) {
    if (!fits(id)) return undefined;
    maxPerson = Math.max(maxPerson, id);
  }
  let maxVote = 0;
  for (const id of dims.votes.id) {
    if (!fits(id)) return undefined;
    maxVote = Math.max(maxVote, id);
  }
  let span = 8;
  while (span <= maxPerson * 8 + 7) span *= 2;
  return span <= 2 ** 31 && (maxVote + 1) * span <= 2 ** 53 ? span : undefined;
}

/** The figures of each vote (by vote index), written by the votes phase. */
export class VoteFigures {
  /** Code in WYNIK: stated, else derived. */
  readonly wynik: Uint8Array;
  readonly za: Int32Array;
  readonly przeciw: Int32Array;
  readonly wstrzymujacy: Int32Array;
  readonly nieobecni: Int32Array;
  readonly brakGlosu: Int32Array;
  readonly kontrowersyjnosc: Int32Array;
  /** 0 for a vote without active ballots (it has no jednomyslne rank). */
  readonly jednomyslnosc: Float64Array;
  /** 1: the vote has ballots; 0: its counts are the stated ones (a tally-only vote, CONTRACT §10) or none. */
  readonly imienne: Uint8Array;

  constructor(votes: number) {
    this.wynik = new Uint8Array(votes);
    this.za = new Int32Array(votes);
    this.przeciw = new Int32Array(votes);
    this.wstrzymujacy = new Int32Array(votes);
    this.nieobecni = new Int32Array(votes);
    this.brakGlosu = new Int32Array(votes);
    this.kontrowersyjnosc = new Int32Array(votes);
    this.jednomyslnosc = new Float64Array(votes);
    this.imienne = new Uint8Array(votes);
  }

  active(v: number): number {
    return this.za[v]! + this.przeciw[v]! + this.wstrzymujacy[v]!;
  }
  largest(v: number): number {
    return Math.max(this.za[v]!, this.przeciw[v]!, this.wstrzymujacy[v]!);
  }
}

/** A (session, person)'s note packs: bit 0 present, then its ballots and its `nieobecny` ones. */
const BALLOT_UNIT = 2;
const ABSENT_UNIT = 2 ** 16; // ballots of one person in one session < 2 ** 15: the note stays a small integer

/**
 * Per (session, person) with a ballot there: presence derived from the ballots (present when any is
 * not `nieobecny`; the attendance of sessions without given attendance) and the ballots and
 * `nieobecny` ones among them (obecnosci's glosowania and nieobecny_w_glosowaniach, CONTRACT §5, §10).
 * A session's is held in a map until its last vote has passed, then kept as rows in typed columns.
 */
export class DerivedPresence {
  private readonly open = new Map<number, Map<number, number>>(); // session -> person -> packed note
  private readonly votesLeft: Int32Array;
  session = new Int32Array(1024);
  person = new Int32Array(1024);
  present = new Uint8Array(1024);
  ballots = new Int32Array(1024);
  absent = new Int32Array(1024);
  size = 0;

  constructor(dims: Dimensions) {
    this.votesLeft = new Int32Array(dims.sessions.count);
    for (let v = 0; v < dims.votes.count; v++) this.votesLeft[dims.votes.session[v]!]!++;
  }

  note(session: number, p: number, code: number): void {
    let people = this.open.get(session);
    if (!people) this.open.set(session, (people = new Map()));
    const absent = code === NIEOBECNY;
    const note = people.get(p) ?? 0;
    people.set(p, (note | (absent ? 0 : 1)) + BALLOT_UNIT + (absent ? ABSENT_UNIT : 0));
  }

  /** Vote of `session` passed: after its last one the session's presence is final. */
  votePassed(session: number): void {
    if (--this.votesLeft[session]! > 0) return;
    const people = this.open.get(session);
    if (!people) return;
    this.open.delete(session);
    for (const [p, note] of people) {
      if (this.size === this.session.length) this.grow();
      this.session[this.size] = session;
      this.person[this.size] = p;
      this.present[this.size] = note & 1;
      this.ballots[this.size] = Math.floor(note / BALLOT_UNIT) % (ABSENT_UNIT / BALLOT_UNIT);
      this.absent[this.size++] = Math.floor(note / ABSENT_UNIT);
    }
  }

  /**
   * Lets go of the rows once the attendance stage has read them (all of Poland: ~3 million, ~100 MB
   * with their doubling), not at the end of materialise with the rest of the pass.
   */
  release(): void {
    this.session = new Int32Array(0);
    this.person = new Int32Array(0);
    this.present = new Uint8Array(0);
    this.ballots = new Int32Array(0);
    this.absent = new Int32Array(0);
    this.size = 0;
  }

  private grow(): void {
    this.session = doubled(this.session);
    this.person = doubled(this.person);
    this.present = doubled(this.present);
    this.ballots = doubled(this.ballots);
    this.absent = doubled(this.absent);
  }
}

export interface BallotPass {
  figures: VoteFigures;
  /** Bitsets per block (term × body), for the pairs phase. */
  blocks: BallotBlock[];
  derivedPresence: DerivedPresence;
  ballots: number;
}

/**
 * Sees each vote once its ballots are counted: its n voters (person indexes), their ballot codes, each
 * voter's group index at the vote (-1: none) and each ballot's §3 flags (ballot-value.ts Flag), in the
 * first n slots of each array (the arrays are reused for the next vote). For phases that need more
 * from the same pass.
 */
export type VoteObserver = (
  v: number,
  n: number,
  voters: Int32Array,
  codes: Int32Array,
  groups: Int32Array,
  flags: Int32Array,
) => void;

export function passBallots(
  db: Database.Database,
  dims: Dimensions,
  tally: PersonTally,
  bodyTally: BodyTally,
  findings: Findings,
  rows: CouncillorBallots,
  observe?: VoteObserver,
): BallotPass {
  const { votes, sessions } = dims;
  const pass: BallotPass = {
    figures: new VoteFigures(votes.count),
    blocks: dims.blocks.map((b) => new BallotBlock(b.size)),
    derivedPresence: new DerivedPresence(dims),
    ballots: 0,
  };
  const readChunk = db
    .prepare('SELECT id_glosowania, id_osoby, glos FROM glos WHERE id_glosowania BETWEEN ? AND ?')
    .raw();
  const voteSource = db.prepare('SELECT file, line FROM temp.zrodlo_glosowania WHERE id_glosowania = ?');
  // Only a vote without ballots reads its stated tallies (few do): held for every vote they would cost
  // 20 bytes a vote, 140 MB for all of Poland.
  const statedTallies = db
    .prepare(
      `SELECT za_podane, przeciw_podane, wstrzymujacy_podane, nieobecni_podane, brak_glosu_podane
    FROM glosowanie WHERE id_glosowania = ?`,
    )
    .raw();
  const groupCounts = new Int32Array(Math.max(dims.groupIds.length, 1) * 3);
  // One vote's ballots: person, code, group index (-1: none) and §3 flags of each.
  const voters = new Int32Array(dims.P);
  const codes = new Int32Array(dims.P);
  const groups = new Int32Array(dims.P);
  const flagsOf = new Int32Array(dims.P);
  const counts = [0, 0, 0, 0, 0];

  const processVote = (v: number, n: number) => {
    const session = votes.session[v]!;
    const scope = sessions.scope[session]!;
    const body = sessions.body[session]!;
    const day = votes.date(v);
    counts.fill(0);
    for (let i = 0; i < n; i++) counts[codes[i]!]!++;
    pass.figures.imienne[v] = n > 0 ? 1 : 0;
    if (n === 0) {
      // A tally-only vote takes the stated counts, a count not stated being 0 (CONTRACT §2, §10).
      const stated = statedTallies.get(votes.id[v]) as Array<number | null>;
      stated.forEach((count, c) => {
        counts[c] = count ?? 0;
      });
    }
    const wynik = recordFigures(pass.figures, v, votes.statedWynik[v]!, counts, (message) =>
      findings.warn(voteSource.get(votes.id[v]) as Location, 'wynik', `vote ${votes.id[v]}: ${message}`),
    );
    const majority = strictMax(counts[ZA]!, counts[PRZECIW]!, counts[WSTRZYMUJACY]!);

    groupCounts.fill(0);
    for (let i = 0; i < n; i++) {
      const g = dims.groupAt(voters[i]!, scope, day);
      groups[i] = g;
      if (g >= 0 && isActive(codes[i]!)) groupCounts[g * 3 + codes[i]!]!++;
    }

    const block = pass.blocks[votes.block[v]!]!;
    const position = votes.position[v]!;
    for (let i = 0; i < n; i++) {
      const p = voters[i]!;
      const c = codes[i]!;
      const g = groups[i]!;
      const flags = ballotFlags(c, counts, wynik, groupCounts, g);
      flagsOf[i] = flags;
      if (isActive(c)) block.set(p, position, c);
      // In its term and in all terms.
      countBallot(tally, bodyTally, scope, body, p, c, majority, flags);
      countBallot(tally, bodyTally, 0, body, p, c, majority, flags);
      rows.add(p, v, g, ballotValue(c, flags));
      pass.derivedPresence.note(session, p, c);
    }
    pass.derivedPresence.votePassed(session);
    pass.ballots += n;
    observe?.(v, n, voters, codes, groups, flagsOf);
  };

  // Each chunk's votes from the ballots per vote read so far (a parliament's ~460, a council's ~20).
  const span = packedSpan(dims);
  const readPacked =
    span === undefined
      ? undefined
      : db
          .prepare(`SELECT id_glosowania * ${span} + id_osoby * 8 + glos FROM glos WHERE id_glosowania BETWEEN ? AND ?`)
          .pluck();
  let chunkVotes = FIRST_CHUNK_VOTES;
  for (let start = 0; start < votes.count; start += chunkVotes) {
    if (start > 0)
      chunkVotes = Math.max(
        1,
        Math.min(VOTES_PER_CHUNK, Math.floor((BALLOTS_PER_CHUNK * start) / Math.max(1, pass.ballots))),
      );
    const end = Math.min(start + chunkVotes, votes.count) - 1;
    if (readPacked) {
      // In key order, so a vote's ballots are the numbers from its id × span up to the next id's.
      const chunk = readPacked.all(votes.id[start], votes.id[end]) as number[];
      let r = 0;
      for (let v = start; v <= end; v++) {
        const base = votes.id[v]! * span!;
        const limit = base + span!;
        let n = 0;
        for (; r < chunk.length && chunk[r]! >= base && chunk[r]! < limit; r++, n++) {
          const ballot = chunk[r]! - base; // id_osoby × 8 + glos, below 2^31
          voters[n] = dims.personIndex.get(ballot >>> 3)!;
          codes[n] = ballot & 7;
        }
        processVote(v, n);
      }
      continue;
    }
    const chunk = readChunk.all(votes.id[start], votes.id[end]) as Array<[number, number, number]>;
    let r = 0;
    for (let v = start; v <= end; v++) {
      const id = votes.id[v]!;
      let n = 0;
      for (; r < chunk.length && chunk[r]![0] === id; r++, n++) {
        voters[n] = dims.personIndex.get(chunk[r]![1])!;
        codes[n] = chunk[r]![2];
      }
      processVote(v, n);
    }
  }
  return pass;
}

/** Stores vote v's counts and figures; returns its wynik code (stated, else derived; a disagreement is reported). */
function recordFigures(
  figures: VoteFigures,
  v: number,
  stated: number,
  counts: number[],
  warn: (message: string) => void,
): number {
  const [za, przeciw, wstrzymujacy, nieobecni, brakGlosu] = counts as [number, number, number, number, number];
  const derived = WYNIK.indexOf(derivedWynik(za, przeciw) as (typeof WYNIK)[number]);
  const wynik = stated >= 0 ? stated : derived;
  if (wynik !== derived) warn(`stated ${WYNIK[wynik]} but za ${za}, przeciw ${przeciw}`);
  const active = za + przeciw + wstrzymujacy;
  figures.wynik[v] = wynik;
  figures.za[v] = za;
  figures.przeciw[v] = przeciw;
  figures.wstrzymujacy[v] = wstrzymujacy;
  figures.nieobecni[v] = nieobecni;
  figures.brakGlosu[v] = brakGlosu;
  figures.kontrowersyjnosc[v] = kontrowersyjnosc(za, przeciw);
  figures.jednomyslnosc[v] = active > 0 ? percent(Math.max(za, przeciw, wstrzymujacy), active) : 0;
  return wynik;
}

/**
 * The §3 flags (Flag bits) of a ballot `c` at a vote with these `counts` and `wynik` (a WYNIK code);
 * the active counts of the voter's group g at the vote are groupCounts[3g..3g+2] (g = -1: no group).
 */
function ballotFlags(c: number, counts: number[], wynik: number, groupCounts: Int32Array, g: number): number {
  if (!isActive(c)) return 0;
  const za = counts[ZA]!;
  const przeciw = counts[PRZECIW]!;
  const active = za + przeciw + counts[WSTRZYMUJACY]!;
  let flags = 0;
  if (counts[c] === 1 && active >= 2) flags |= Flag.samotny;
  if (
    (WYNIK[wynik] === PRZYJETO && c === ZA && za - przeciw === 1) ||
    (WYNIK[wynik] === ODRZUCONO && c === PRZECIW && przeciw - za === 1)
  ) {
    flags |= Flag.kluczowy;
  }
  if (g >= 0) {
    const gz = groupCounts[g * 3]!;
    const gp = groupCounts[g * 3 + 1]!;
    const gw = groupCounts[g * 3 + 2]!;
    const position = strictMax(gz, gp, gw);
    // The group has a position and another member cast an active ballot.
    if (position >= 0 && gz + gp + gw >= 2)
      flags |= c === position ? Flag.withGroup | Flag.agrees : Flag.withGroup | Flag.buntowniczy;
  }
  return flags;
}

function countBallot(
  tally: PersonTally,
  bodyTally: BodyTally,
  s: number,
  body: number,
  p: number,
  c: number,
  majority: number,
  flags: number,
): void {
  const slot = bodyTally.slot(s, body, p);
  tally.add(s, p, c);
  tally.add(s, p, Field.glosowania);
  bodyTally.add(slot, BodyField.glosowania);
  if (!isActive(c)) return;
  if (majority >= 0) {
    tally.add(s, p, Field.z_wiekszoscia);
    bodyTally.add(slot, BodyField.z_wiekszoscia);
    if (c !== majority) {
      tally.add(s, p, Field.w_mniejszosci);
      bodyTally.add(slot, BodyField.w_mniejszosci);
    }
  }
  if (flags & Flag.withGroup) {
    tally.add(s, p, Field.zg_wszystkie);
    if (flags & Flag.agrees) tally.add(s, p, Field.zg_zgodne);
  }
  if (flags & Flag.samotny) tally.add(s, p, Field.samotne);
  if (flags & Flag.kluczowy) tally.add(s, p, Field.kluczowe);
  if (flags & Flag.buntowniczy) tally.add(s, p, Field.buntownicze);
}
