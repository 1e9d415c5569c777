// Phase 1 of materialise: the small things (people, terms, groups, bodies, memberships) and the big
// ones (sessions, votes) read once, each addressed by a dense index. Sessions and votes are held as
// typed arrays, a column each (struct of arrays): all of Poland has 7.2 million votes, which as one
// object each with two date strings took 2.2 GB of heap; as columns they take about 40 bytes a vote.
// Dates are numbers that order as the normalised text does: 20240507 for 2024-05-07, and
// 20240507102100 for 2024-05-07T10:21:00.
//
// Index spaces: person p ∈ [0, P), scope s ∈ [0, S) with 0 = all terms and s ≥ 1 the terms in
// start order, body b ∈ [0, B), group g ∈ [0, G), session and vote indexes in id order, block = one
// term × one body.

import type Database from 'better-sqlite3';
import { ODRZUCONO, PRZYJETO } from '../../core/contract.ts';
import { byRecency, dateNumber, membershipAt, spanFrom, spanTo } from '../../core/membership.ts';
import { ALL_TERMS } from '../../core/snapshot/schema.ts';

export interface Person {
  id: number;
  name: string;
}

export interface Membership {
  id: number;
  group: number | null;
  /** Index of `group`, -1 for none. */
  groupIndex: number;
  /** Day numbers; 0 and Infinity when open. */
  from: number;
  to: number;
  active: number;
}

export interface Block {
  scope: number;
  body: number;
  size: number;
}

/** The membership shown for a person in a scope (CONTRACT §2 current group) and the term it is from. */
export interface DisplayMembership {
  membership: Membership;
  term: string;
}

/** The outcomes a vote may state, by code (the index); -1 where none is stated. */
export const WYNIK = [PRZYJETO, ODRZUCONO] as const;

/**
 * A column the build's worker threads read too (radny_glos's: the votes' ids, sessions and list
 * positions, the sessions' scopes and bodies; the title indexes': the list positions), in a
 * SharedArrayBuffer: handed to a worker it is shared, not copied (all of Poland: ~115 MB a copy, held
 * beside the main thread's from the votes stage to the indexes; issue 47). Read and written as any other.
 */
function shared<T extends Float64Array | Int32Array>(Column: new (buffer: SharedArrayBuffer) => T, count: number): T {
  const bytes = (Column as unknown as { BYTES_PER_ELEMENT: number }).BYTES_PER_ELEMENT;
  return new Column(new SharedArrayBuffer(count * bytes));
}

/** Sessions by index, a typed column each. */
export class Sessions {
  readonly id: Float64Array;
  readonly bodyId: Float64Array;
  readonly body: Int32Array;
  readonly scope: Int32Array;
  /** Day number of the session's date. */
  readonly date: Int32Array;
  /** Calendar month as a number (year × 12 + month − 1), see monthText. */
  readonly month: Int32Array;
  /** 1: the source gave the session's attendance (else it is derived from ballots). */
  readonly givenAttendance: Uint8Array;

  constructor(readonly count: number) {
    this.id = new Float64Array(count);
    this.bodyId = shared(Float64Array, count);
    this.body = new Int32Array(count);
    this.scope = shared(Int32Array, count);
    this.date = new Int32Array(count);
    this.month = new Int32Array(count);
    this.givenAttendance = new Uint8Array(count);
  }
}

/** Votes by index, a typed column each. */
export class Votes {
  readonly id: Float64Array;
  readonly session: Int32Array;
  /** id_punktu, NaN for none. */
  readonly point: Float64Array;
  /** data_czas as a number: 20240507102100. */
  readonly dateTime: Float64Array;
  /** Code in WYNIK of the stated outcome, -1 for none. */
  readonly statedWynik: Int8Array;
  /** 1-based position in date order (data_czas desc, id desc). */
  readonly ord: Int32Array;
  /** The vote's block (term × body) and its position inside it, for the pair bitsets. */
  readonly block: Int32Array;
  readonly position: Int32Array;

  constructor(readonly count: number) {
    this.id = shared(Float64Array, count);
    this.session = shared(Int32Array, count);
    this.point = new Float64Array(count);
    this.dateTime = new Float64Array(count);
    this.statedWynik = new Int8Array(count);
    this.ord = shared(Int32Array, count);
    this.block = new Int32Array(count);
    this.position = new Int32Array(count);
  }

  /** Day number of vote v's date. */
  date(v: number): number {
    return Math.floor(this.dateTime[v]! / 1e6);
  }
}

/** Code-unit order: the right order for ISO dates and timestamps, and far cheaper than localeCompare. */
export const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Month numbers are below this (year 9999): a key × MONTH_SPAN + month holds both. */
export const MONTH_SPAN = 12 * 10_000;
export const monthOf = (day: number) => Math.floor(day / 10000) * 12 + (Math.floor(day / 100) % 100) - 1;
export const monthText = (month: number) => `${Math.floor(month / 12)}-${String((month % 12) + 1).padStart(2, '0')}`;

export class Dimensions {
  readonly people: Person[];
  readonly personIndex: Map<number, number>;
  /** Scope names: ALL_TERMS, then the terms by start date. */
  readonly scopes: string[];
  readonly bodies: number[];
  /** Group ids and names by group index. */
  readonly groupIds: number[];
  readonly groupNames: string[];
  readonly groupIndex: Map<number, number>;
  readonly sessions: Sessions;
  readonly sessionIndex: Map<number, number>;
  readonly votes: Votes;
  readonly blocks: Block[];
  /** memberships[p * S + s]: person p's memberships in term s, most recent first. */
  private readonly memberships: Membership[][];
  private readonly displayed: Array<DisplayMembership | null>;

  constructor(db: Database.Database) {
    this.people = db
      .prepare('SELECT id_osoby AS id, imie_nazwisko AS name FROM radny ORDER BY id_osoby')
      .all() as Person[];
    this.personIndex = new Map(this.people.map((p, i) => [p.id, i]));

    const terms = db.prepare('SELECT kadencja FROM kadencja ORDER BY data_od, kadencja').pluck().all() as string[];
    this.scopes = [ALL_TERMS, ...terms];
    const scopeOf = new Map(terms.map((t, i) => [t, i + 1]));

    const groups = db.prepare('SELECT id_ugrupowania AS id, nazwa FROM ugrupowanie').all() as Array<{
      id: number;
      nazwa: string;
    }>;
    this.groupIds = groups.map((g) => g.id);
    this.groupNames = groups.map((g) => g.nazwa);
    this.groupIndex = new Map(groups.map((g, i) => [g.id, i]));
    this.bodies = db.prepare('SELECT id_organu FROM organ ORDER BY id_organu').pluck().all() as number[];

    this.memberships = this.readMemberships(db, scopeOf);
    this.displayed = Array.from({ length: this.S * this.P }, (_, i) =>
      this.findDisplay(i % this.P, Math.floor(i / this.P)),
    );

    this.sessions = this.readSessions(db, scopeOf);
    this.sessionIndex = new Map();
    for (let si = 0; si < this.sessions.count; si++) this.sessionIndex.set(this.sessions.id[si]!, si);
    for (const id of db
      .prepare('SELECT DISTINCT id_posiedzenia FROM temp.obecnosc_podana')
      .pluck()
      .iterate() as Iterable<number>) {
      this.sessions.givenAttendance[this.sessionIndex.get(id)!] = 1;
    }

    const { votes, blocks } = this.readVotes(db);
    this.votes = votes;
    this.blocks = blocks;
  }

  get P(): number {
    return this.people.length;
  }
  get S(): number {
    return this.scopes.length;
  }
  get B(): number {
    return this.bodies.length;
  }

  /** The group index (-1: none) of person p at a day number in term s (CONTRACT §2). */
  groupAt(p: number, s: number, day: number): number {
    return membershipAt(this.memberships[p * this.S + s]!, day)?.groupIndex ?? -1;
  }

  display(p: number, s: number): DisplayMembership | null {
    return this.displayed[s * this.P + p]!;
  }

  displayGroup(p: number, s: number): number | null {
    return this.displayed[s * this.P + p]?.membership.group ?? null;
  }

  private readMemberships(db: Database.Database, scopeOf: Map<string, number>): Membership[][] {
    const lists: Membership[][] = Array.from({ length: this.P * this.S }, () => []);
    const rows = db
      .prepare(
        `SELECT przynaleznosc_id AS id, id_osoby, kadencja, id_ugrupowania AS "group",
      data_od AS "from", data_do AS "to", aktywny AS active FROM przynaleznosc`,
      )
      .all() as Array<{
      id: number;
      id_osoby: number;
      kadencja: string;
      group: number | null;
      from: string | null;
      to: string | null;
      active: number;
    }>;
    for (const { id_osoby, kadencja, from, to, ...m } of rows) {
      lists[this.personIndex.get(id_osoby)! * this.S + scopeOf.get(kadencja)!]!.push({
        ...m,
        groupIndex: m.group === null ? -1 : this.groupIndex.get(m.group)!,
        from: spanFrom(from),
        to: spanTo(to),
      });
    }
    for (const list of lists) list.sort(byRecency);
    return lists;
  }

  /** In a term its latest membership; over all terms the latest term's (CONTRACT §2). */
  private findDisplay(p: number, s: number): DisplayMembership | null {
    const latestIn = (t: number) => this.memberships[p * this.S + t]![0];
    if (s !== 0) {
      const m = latestIn(s);
      return m ? { membership: m, term: this.scopes[s]! } : null;
    }
    for (let t = this.S - 1; t >= 1; t--) {
      const m = latestIn(t);
      if (m) return { membership: m, term: this.scopes[t]! };
    }
    return null;
  }

  private readSessions(db: Database.Database, scopeOf: Map<string, number>): Sessions {
    const sessions = new Sessions(db.prepare('SELECT count(*) FROM posiedzenie').pluck().get() as number);
    const bodyIndex = new Map(this.bodies.map((b, i) => [b, i]));
    const rows = db
      .prepare('SELECT id_posiedzenia, id_organu, kadencja, data FROM posiedzenie ORDER BY id_posiedzenia')
      .raw()
      .iterate() as Iterable<[number, number, string, string]>;
    let si = 0;
    for (const [id, bodyId, kadencja, date] of rows) {
      sessions.id[si] = id;
      sessions.bodyId[si] = bodyId;
      sessions.body[si] = bodyIndex.get(bodyId)!;
      sessions.scope[si] = scopeOf.get(kadencja)!;
      sessions.date[si] = dateNumber(date);
      sessions.month[si] = monthOf(sessions.date[si]!);
      si++;
    }
    return sessions;
  }

  private readVotes(db: Database.Database): { votes: Votes; blocks: Block[] } {
    // Counted in the loader's table of where each vote was read (one row per vote, etl/load.ts), not in
    // glosowanie: from about a third of Poland glosowanie outgrows the build's page cache, and counting
    // it read all of it once more from the file (a tenth of Poland: 0.4 CPU s against 0.04, 11 times
    // fewer pages).
    const votes = new Votes(db.prepare('SELECT count(*) FROM temp.zrodlo_glosowania').pluck().get() as number);
    const blocks: Block[] = [];
    const blockOf = new Map<number, number>(); // scope × B + body -> block
    let v = 0;
    for (const rows of voteBatches(db)) {
      for (const [id, sessionId, point, dateTime, statedWynik] of rows) {
        const session = this.sessionIndex.get(sessionId)!;
        const scope = this.sessions.scope[session]!;
        const body = this.sessions.body[session]!;
        const key = scope * this.B + body;
        let block = blockOf.get(key);
        if (block === undefined) {
          block = blocks.push({ scope, body, size: 0 }) - 1;
          blockOf.set(key, block);
        }
        votes.id[v] = id;
        votes.session[v] = session;
        votes.point[v] = point ?? Number.NaN;
        votes.dateTime[v] = dateNumber(dateTime);
        const wynik = statedWynik === null ? -1 : WYNIK.indexOf(statedWynik as (typeof WYNIK)[number]);
        if (wynik < 0 && statedWynik !== null)
          throw new Error(`materialise: vote ${id} states wynik "${statedWynik}", not one of ${WYNIK.join(', ')}`);
        votes.statedWynik[v] = wynik;
        votes.block[v] = block;
        votes.position[v] = blocks[block]!.size++;
        v++;
      }
    }
    // The loader writes a vote's row and where it was read together; a count that differs would leave
    // votes unread or read past the arrays' end.
    if (v !== votes.count)
      throw new Error(`materialise: ${v} votes read of ${votes.count} counted where they were read`);
    // Vote indexes are in id order, so "id desc" is "index desc".
    const { dateTime } = votes;
    const dateOrder = Int32Array.from({ length: votes.count }, (_, i) => i).sort(
      (a, b) => dateTime[b]! - dateTime[a]! || b - a,
    );
    dateOrder.forEach((vote, i) => {
      votes.ord[vote] = i + 1;
    });
    return { votes, blocks };
  }
}

/** A row of `voteBatches`. */
type VoteRow = [id: number, session: number, point: number | null, dateTime: string, statedWynik: string | null];
const VOTES_PER_READ = 8192;

/**
 * glosowanie's rows in id order, a batch at a time (`all`, the next batch after the last id read): a
 * quarter less CPU than a row at a time through `iterate` (a tenth of Poland: 1.3 against 1.8 s).
 */
function* voteBatches(db: Database.Database): Generator<VoteRow[]> {
  const columns = 'SELECT id_glosowania, id_posiedzenia, id_punktu, data_czas, wynik_podany FROM glosowanie';
  const first = db.prepare(`${columns} ORDER BY id_glosowania LIMIT ${VOTES_PER_READ}`).raw();
  const next = db.prepare(`${columns} WHERE id_glosowania > ? ORDER BY id_glosowania LIMIT ${VOTES_PER_READ}`).raw();
  for (let rows = first.all() as VoteRow[]; ; rows = next.all(rows[rows.length - 1]![0]) as VoteRow[]) {
    yield rows;
    if (rows.length < VOTES_PER_READ) return;
  }
}
