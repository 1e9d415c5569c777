// Phase 2 of materialise: one pass over the ballots in vote order, a chunk of votes at a time (memory
// stays bounded by the chunk, never by all ballots). Per vote it derives the figures of CONTRACT §2
// and the flags of §3, writes each councillor's ballot row (`radny_glos`), counts into the tallies,
// sets the pair bitsets, and notes presence for sessions whose attendance is derived from ballots.

import type Database from 'better-sqlite3';
import {
  NIEOBECNY, ODRZUCONO, PRZECIW, PRZYJETO, WSTRZYMUJACY, ZA, derivedWynik, isActive, kontrowersyjnosc, percent, strictMax,
} from '../../core/contract.ts';
import { BatchInsert } from '../batch-insert.ts';
import type { Findings, Location } from '../findings.ts';
import { BallotBlock } from './pair-bitsets.ts';
import type { Dimensions, Vote } from './dimensions.ts';
import { BodyField, type BodyTally, Field, type PersonTally } from './tally.ts';

/** Votes read per chunk: bounds memory to a few hundred thousand ballots at a time. */
const VOTES_PER_CHUNK = 400;

/** The figures of each vote (by vote index), written by the votes phase. */
export class VoteFigures {
  readonly wynik: string[];
  readonly za: Int32Array;
  readonly przeciw: Int32Array;
  readonly wstrzymujacy: Int32Array;
  readonly nieobecni: Int32Array;
  readonly brakGlosu: Int32Array;
  readonly kontrowersyjnosc: Int32Array;
  /** 0 for a vote without active ballots (it has no jednomyslne rank). */
  readonly jednomyslnosc: Float64Array;

  constructor(votes: number) {
    this.wynik = new Array<string>(votes);
    this.za = new Int32Array(votes);
    this.przeciw = new Int32Array(votes);
    this.wstrzymujacy = new Int32Array(votes);
    this.nieobecni = new Int32Array(votes);
    this.brakGlosu = new Int32Array(votes);
    this.kontrowersyjnosc = new Int32Array(votes);
    this.jednomyslnosc = new Float64Array(votes);
  }

  active(v: number): number { return this.za[v]! + this.przeciw[v]! + this.wstrzymujacy[v]!; }
  largest(v: number): number { return Math.max(this.za[v]!, this.przeciw[v]!, this.wstrzymujacy[v]!); }
}

export interface BallotPass {
  figures: VoteFigures;
  /** Bitsets per block (term × body), for the pairs phase. */
  blocks: BallotBlock[];
  /** session × P + person -> 1 present / 0 absent, for sessions without given attendance. */
  derivedPresence: Map<number, number>;
  ballots: number;
}

/**
 * Sees each vote once its ballots are counted: the voters (person indexes), their ballot codes and
 * each voter's group at the vote (group id, null: none). For phases that need more from the same pass.
 */
export type VoteObserver = (v: number, voters: readonly number[], codes: readonly number[], groups: ReadonlyArray<number | null>) => void;

/** The per-ballot facts of one councillor at one vote. */
interface BallotFlags { samotny: number; kluczowy: number; buntowniczy: number; withGroup: number }
const INACTIVE: BallotFlags = Object.freeze({ samotny: 0, kluczowy: 0, buntowniczy: 0, withGroup: -1 });

export function passBallots(
  db: Database.Database, dims: Dimensions, tally: PersonTally, bodyTally: BodyTally, findings: Findings, observe?: VoteObserver,
): BallotPass {
  const pass: BallotPass = {
    figures: new VoteFigures(dims.votes.length),
    blocks: dims.blocks.map((b) => new BallotBlock(b.size)),
    derivedPresence: new Map(),
    ballots: 0,
  };
  const insertPersonVote = new BatchInsert(db, 'radny_glos',
    ['id_osoby', 'ord', 'id_glosowania', 'glos', 'kadencja', 'id_organu', 'id_ugrupowania', 'samotny', 'kluczowy', 'buntowniczy', 'z_grupa']);
  const readChunk = db.prepare('SELECT id_glosowania, id_osoby, glos FROM glos WHERE id_glosowania BETWEEN ? AND ?').raw();
  const voteSource = db.prepare('SELECT file, line FROM temp.zrodlo_glosowania WHERE id_glosowania = ?');
  const groupCounts = new Int32Array(Math.max(dims.groupIndex.size, 1) * 3);

  const processVote = (v: number, voters: number[], codes: number[]) => {
    const vote = dims.votes[v]!;
    const session = dims.sessions[vote.session]!;
    const counts = [0, 0, 0, 0, 0];
    for (const c of codes) counts[c]!++;
    const wynik = recordFigures(pass.figures, v, vote, counts, (message) =>
      findings.warn(voteSource.get(vote.id) as Location, 'wynik', `vote ${vote.id}: ${message}`));
    const majority = strictMax(counts[ZA]!, counts[PRZECIW]!, counts[WSTRZYMUJACY]!);

    const groups = voters.map((p) => dims.groupAt(p, session.scope, vote.date));
    groupCounts.fill(0);
    voters.forEach((_, i) => {
      const g = groups[i];
      if (g !== null && isActive(codes[i]!)) groupCounts[dims.groupIndex.get(g!)! * 3 + codes[i]!]!++;
    });

    const block = pass.blocks[vote.block]!;
    const derive = !dims.givenAttendance.has(session.id);
    for (let i = 0; i < voters.length; i++) {
      const p = voters[i]!;
      const c = codes[i]!;
      const g = groups[i]!;
      const flags = ballotFlags(c, counts, wynik, groupCounts, g === null ? -1 : dims.groupIndex.get(g)! * 3);
      if (isActive(c)) block.set(p, vote.position, c);
      for (const s of dims.scopesOf(session)) {
        countBallot(tally, s, p, c, majority, flags);
        const slot = bodyTally.slot(s, session.body, p);
        bodyTally.add(slot, BodyField.glosowania);
        if (isActive(c) && majority >= 0) {
          bodyTally.add(slot, BodyField.z_wiekszoscia);
          if (c !== majority) bodyTally.add(slot, BodyField.w_mniejszosci);
        }
      }
      insertPersonVote.add(dims.people[p]!.id, vote.ord, vote.id, c, dims.scopes[session.scope], session.bodyId, g,
        flags.samotny, flags.kluczowy, flags.buntowniczy, flags.withGroup === 1 ? 1 : 0);
      if (derive) {
        const key = vote.session * dims.P + p;
        pass.derivedPresence.set(key, (pass.derivedPresence.get(key) ?? 0) | (c === NIEOBECNY ? 0 : 1));
      }
    }
    pass.ballots += voters.length;
    observe?.(v, voters, codes, groups);
  };

  db.transaction(() => {
    const V = dims.votes.length;
    for (let start = 0; start < V; start += VOTES_PER_CHUNK) {
      const end = Math.min(start + VOTES_PER_CHUNK, V) - 1;
      const rows = readChunk.all(dims.votes[start]!.id, dims.votes[end]!.id) as Array<[number, number, number]>;
      let r = 0;
      for (let v = start; v <= end; v++) {
        const id = dims.votes[v]!.id;
        const voters: number[] = [];
        const codes: number[] = [];
        for (; r < rows.length && rows[r]![0] === id; r++) {
          voters.push(dims.personIndex.get(rows[r]![1])!);
          codes.push(rows[r]![2]);
        }
        processVote(v, voters, codes);
      }
    }
    insertPersonVote.flush();
  })();
  return pass;
}

/** Stores vote v's counts and figures; returns its wynik (stated, else derived; a disagreement is reported). */
function recordFigures(figures: VoteFigures, v: number, vote: Vote, counts: number[], warn: (message: string) => void): string {
  const [za, przeciw, wstrzymujacy, nieobecni, brakGlosu] = counts as [number, number, number, number, number];
  const derived = derivedWynik(za, przeciw);
  const wynik = vote.statedWynik ?? derived;
  if (wynik !== derived) warn(`stated ${wynik} but za ${za}, przeciw ${przeciw}`);
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
 * The §3 flags of a ballot `c` at a vote with these `counts` and `wynik`; the active counts of the
 * voter's group at the vote are groupCounts[at..at+2] (at = -1: no group). withGroup: -1 not counted
 * in zgodnosc-grupa, else 1 agrees with the group position / 0 differs.
 */
function ballotFlags(c: number, counts: number[], wynik: string, groupCounts: Int32Array, at: number): BallotFlags {
  if (!isActive(c)) return INACTIVE;
  const za = counts[ZA]!;
  const przeciw = counts[PRZECIW]!;
  const active = za + przeciw + counts[WSTRZYMUJACY]!;
  const samotny = counts[c] === 1 && active >= 2 ? 1 : 0;
  const kluczowy = (wynik === PRZYJETO && c === ZA && za - przeciw === 1)
    || (wynik === ODRZUCONO && c === PRZECIW && przeciw - za === 1) ? 1 : 0;
  let withGroup = -1;
  if (at >= 0) {
    const gz = groupCounts[at]!;
    const gp = groupCounts[at + 1]!;
    const gw = groupCounts[at + 2]!;
    const position = strictMax(gz, gp, gw);
    // The group has a position and another member cast an active ballot.
    if (position >= 0 && gz + gp + gw >= 2) withGroup = c === position ? 1 : 0;
  }
  return { samotny, kluczowy, buntowniczy: withGroup === 0 ? 1 : 0, withGroup };
}

function countBallot(tally: PersonTally, s: number, p: number, c: number, majority: number, flags: BallotFlags): void {
  tally.add(s, p, c);
  tally.add(s, p, Field.glosowania);
  if (!isActive(c)) return;
  if (majority >= 0) {
    tally.add(s, p, Field.z_wiekszoscia);
    if (c !== majority) tally.add(s, p, Field.w_mniejszosci);
  }
  if (flags.withGroup >= 0) {
    tally.add(s, p, Field.zg_wszystkie);
    tally.add(s, p, Field.zg_zgodne, flags.withGroup);
  }
  tally.add(s, p, Field.samotne, flags.samotny);
  tally.add(s, p, Field.kluczowe, flags.kluczowy);
  tally.add(s, p, Field.buntownicze, flags.buntowniczy);
}
