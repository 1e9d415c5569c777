// Phase 1 of materialise: the small things (people, terms, groups, bodies, memberships, sessions,
// votes) read once into arrays, each addressed by a dense index. Later phases index typed arrays
// with these numbers instead of building string keys.
//
// Index spaces: person p ∈ [0, P), scope s ∈ [0, S) with 0 = all terms and s ≥ 1 the terms in
// start order, body b ∈ [0, B), session and vote indexes in id order, block = one term × one body.

import type Database from 'better-sqlite3';
import { ALL_TERMS } from '../../core/snapshot/schema.ts';

export interface Person { id: number; name: string }

export interface Membership {
  id: number;
  group: number | null;
  from: string | null;
  to: string | null;
  active: number;
}

export interface Session {
  id: number;
  bodyId: number;
  body: number;
  scope: number;
  date: string;
  /** Calendar month as a number (year × 12 + month − 1), see monthText. */
  month: number;
}

export interface Vote {
  id: number;
  session: number;
  point: number | null;
  dateTime: string;
  date: string;
  statedWynik: string | null;
  /** 1-based position in date order (data_czas desc, id desc). */
  ord: number;
  /** The vote's block (term × body) and its position inside it, for the pair bitsets. */
  block: number;
  position: number;
}

export interface Block { scope: number; body: number; size: number }

/** The membership shown for a person in a scope (CONTRACT §2 current group) and the term it is from. */
export interface DisplayMembership { membership: Membership; term: string }

/** Code-unit order: the right order for ISO dates and timestamps, and far cheaper than localeCompare. */
export const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export const monthOf = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;
export const monthText = (month: number) => `${Math.floor(month / 12)}-${String((month % 12) + 1).padStart(2, '0')}`;

const byRecency = (a: Membership, b: Membership) => compareText(b.from ?? '', a.from ?? '') || b.id - a.id;

export class Dimensions {
  readonly people: Person[];
  readonly personIndex: Map<number, number>;
  /** Scope names: ALL_TERMS, then the terms by start date. */
  readonly scopes: string[];
  readonly bodies: number[];
  readonly groupNames: Map<number, string>;
  readonly groupIndex: Map<number, number>;
  readonly sessions: Session[];
  readonly sessionIndex: Map<number, number>;
  /** Sessions whose attendance the source gave (the others derive it from ballots). */
  readonly givenAttendance: Set<number>;
  readonly votes: Vote[];
  readonly blocks: Block[];
  /** memberships[p * S + s]: person p's memberships in term s, most recent first. */
  private readonly memberships: Membership[][];
  private readonly displayed: Array<DisplayMembership | null>;

  constructor(db: Database.Database) {
    this.people = (db.prepare('SELECT id_osoby AS id, imie_nazwisko AS name FROM radny ORDER BY id_osoby').all() as Person[]);
    this.personIndex = new Map(this.people.map((p, i) => [p.id, i]));

    const terms = db.prepare('SELECT kadencja FROM kadencja ORDER BY data_od, kadencja').pluck().all() as string[];
    this.scopes = [ALL_TERMS, ...terms];
    const scopeOf = new Map(terms.map((t, i) => [t, i + 1]));

    const groups = db.prepare('SELECT id_ugrupowania AS id, nazwa FROM ugrupowanie').all() as Array<{ id: number; nazwa: string }>;
    this.groupNames = new Map(groups.map((g) => [g.id, g.nazwa]));
    this.groupIndex = new Map(groups.map((g, i) => [g.id, i]));
    this.bodies = db.prepare('SELECT id_organu FROM organ ORDER BY id_organu').pluck().all() as number[];
    const bodyIndex = new Map(this.bodies.map((b, i) => [b, i]));

    this.memberships = this.readMemberships(db, scopeOf);
    this.displayed = Array.from({ length: this.S * this.P }, (_, i) => this.findDisplay(i % this.P, Math.floor(i / this.P)));

    const sessions = db.prepare('SELECT id_posiedzenia, id_organu, kadencja, data FROM posiedzenie ORDER BY id_posiedzenia')
      .all() as Array<{ id_posiedzenia: number; id_organu: number; kadencja: string; data: string }>;
    this.sessions = sessions.map((s) => ({
      id: s.id_posiedzenia, bodyId: s.id_organu, body: bodyIndex.get(s.id_organu)!, scope: scopeOf.get(s.kadencja)!,
      date: s.data, month: monthOf(s.data),
    }));
    this.sessionIndex = new Map(this.sessions.map((s, i) => [s.id, i]));
    this.givenAttendance = new Set(db.prepare('SELECT DISTINCT id_posiedzenia FROM temp.obecnosc_podana').pluck().all() as number[]);

    const { votes, blocks } = this.readVotes(db);
    this.votes = votes;
    this.blocks = blocks;
  }

  get P(): number { return this.people.length; }
  get S(): number { return this.scopes.length; }
  get B(): number { return this.bodies.length; }

  /** The scopes a session's figures count in: its term and all terms. */
  scopesOf(session: Session): [number, number] {
    return [session.scope, 0];
  }

  /** The group of person p at a date in term s (CONTRACT §2), or null. */
  groupAt(p: number, s: number, date: string): number | null {
    for (const m of this.memberships[p * this.S + s]!) {
      if ((m.from === null || m.from <= date) && (m.to === null || m.to >= date)) return m.group;
    }
    return null;
  }

  display(p: number, s: number): DisplayMembership | null {
    return this.displayed[s * this.P + p]!;
  }

  displayGroup(p: number, s: number): number | null {
    return this.displayed[s * this.P + p]?.membership.group ?? null;
  }

  private readMemberships(db: Database.Database, scopeOf: Map<string, number>): Membership[][] {
    const lists: Membership[][] = Array.from({ length: this.P * this.S }, () => []);
    const rows = db.prepare(`SELECT przynaleznosc_id AS id, id_osoby, kadencja, id_ugrupowania AS "group",
      data_od AS "from", data_do AS "to", aktywny AS active FROM przynaleznosc`).all() as
      Array<Membership & { id_osoby: number; kadencja: string }>;
    for (const { id_osoby, kadencja, ...m } of rows) lists[this.personIndex.get(id_osoby)! * this.S + scopeOf.get(kadencja)!]!.push(m);
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

  private readVotes(db: Database.Database): { votes: Vote[]; blocks: Block[] } {
    const rows = db.prepare(`SELECT id_glosowania, id_posiedzenia, id_punktu, data_czas, data, wynik_podany
      FROM glosowanie ORDER BY id_glosowania`).raw().all() as
      Array<[number, number, number | null, string, string, string | null]>;
    const blocks: Block[] = [];
    const blockOf = new Map<number, number>(); // scope × B + body -> block
    const votes = rows.map(([id, sessionId, point, dateTime, date, statedWynik]): Vote => {
      const session = this.sessionIndex.get(sessionId)!;
      const { scope, body } = this.sessions[session]!;
      const key = scope * this.B + body;
      let block = blockOf.get(key);
      if (block === undefined) {
        block = blocks.push({ scope, body, size: 0 }) - 1;
        blockOf.set(key, block);
      }
      return { id, session, point, dateTime, date, statedWynik, ord: 0, block, position: blocks[block]!.size++ };
    });
    const dateOrder = votes.map((_, i) => i).sort((a, b) =>
      compareText(votes[b]!.dateTime, votes[a]!.dateTime) || votes[b]!.id - votes[a]!.id);
    dateOrder.forEach((v, i) => { votes[v]!.ord = i + 1; });
    return { votes, blocks };
  }
}
