// Stage "load": the one gate every source passes through. Readers (CSV bundle, Sejm API files) hand
// typed rows here in dependency order; the loader checks what a single row cannot show — duplicate
// ids, references, repeated ballots — and inserts the raw tables. It never throws on bad data: every
// problem is collected so that a rejected bundle lists all of them at once.

import type Database from 'better-sqlite3';
import { Findings, type Location } from './findings.ts';
import { foldText } from '../core/text.ts';

export interface KadencjaRow { kadencja: string; data_od: string; data_do: string | null }
export interface OrganRow { id_organu: number; nazwa: string; typ: string }
export interface UgrupowanieRow { id_ugrupowania: number; nazwa: string; skrot: string | null; pelna_nazwa?: string | null }
export interface RadnyRow { id_osoby: number; imie_nazwisko: string }
export interface PrzynaleznoscRow {
  przynaleznosc_id: number; id_osoby: number; kadencja: string; id_ugrupowania: number | null;
  data_od: string | null; data_do: string | null; aktywny: number;
}
export interface PosiedzenieRow {
  id_posiedzenia: number; id_organu: number; kadencja: string; numer: string; data: string; nazwa: string | null;
}
export interface PunktRow { id_punktu: number; id_posiedzenia: number; numer: string; tytul: string }
export interface GlosowanieRow {
  id_glosowania: number; id_posiedzenia: number; id_punktu: number | null; numer: number;
  data_czas: string; tytul: string; wynik: string | null;
}
export interface GlosRow { id_glosowania: number; id_osoby: number; glos: number }
export interface ObecnoscRow { id_posiedzenia: number; id_osoby: number; obecny: number }
export interface ZalacznikRow { id_zalacznika: number; id_glosowania: number; nazwa: string; url: string | null }

/** What the loader needs to know of a session to check the votes and ballots that follow it. */
interface SessionRef { kadencja: string; data: string }

/**
 * Normalises `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM[:SS]` to `YYYY-MM-DDTHH:MM:SS` and reports whether a
 * time was given. Format and calendar validity are the reader's job (see sources/csv.ts).
 */
export function normaliseDateTime(value: string): { data_czas: string; data: string; godzina: string | null } {
  const data = value.slice(0, 10);
  if (value.length === 10) return { data_czas: `${data}T00:00:00`, data, godzina: null };
  const time = value.slice(11);
  const full = time.length === 5 ? `${time}:00` : time;
  return { data_czas: `${data}T${full}`, data, godzina: time.slice(0, 5) };
}

export class Loader {
  readonly findings = new Findings();
  private readonly terms = new Map<string, KadencjaRow>();
  private readonly bodies = new Set<number>();
  private readonly groups = new Set<number>();
  private readonly people = new Set<number>();
  private readonly memberships = new Set<number>();
  private readonly sessions = new Map<number, SessionRef>();
  private readonly points = new Map<number, number>(); // id_punktu -> id_posiedzenia
  private readonly votes = new Map<number, number>(); // id_glosowania -> id_posiedzenia
  private readonly attachments = new Set<number>();
  /** Ids of rows that failed their checks: references to them are reported as such. */
  private readonly rejectedSessions = new Set<number>();
  private readonly rejectedPoints = new Set<number>();
  private readonly rejectedVotes = new Set<number>();
  private readonly termsOfPerson = new Map<number, Set<string>>(); // terms with a membership, per councillor
  private readonly ballotsWithoutMembership = new Map<string, { at: Location; count: number }>();
  private ballotCount = 0;
  private attendanceCount = 0;

  private readonly insert: Record<string, Database.Statement>;

  constructor(private readonly db: Database.Database) {
    // Given attendance is staged: the final table (with the group at the session) is written by
    // materialise, which also derives attendance for sessions without any rows.
    db.exec(`CREATE TEMP TABLE obecnosc_podana (
      id_posiedzenia INTEGER NOT NULL, id_osoby INTEGER NOT NULL, obecny INTEGER NOT NULL,
      PRIMARY KEY (id_posiedzenia, id_osoby)) WITHOUT ROWID`);
    // Where each vote was read, so that findings of later stages (a stated wynik that contradicts the
    // ballots) name the source file and line too.
    db.exec('CREATE TEMP TABLE zrodlo_glosowania (id_glosowania INTEGER PRIMARY KEY, file TEXT NOT NULL, line INTEGER NOT NULL)');
    const prepare = (sql: string) => db.prepare(sql);
    this.insert = {
      kadencja: prepare('INSERT INTO kadencja (kadencja, data_od, data_do) VALUES (?, ?, ?)'),
      organ: prepare('INSERT INTO organ (id_organu, nazwa, typ) VALUES (?, ?, ?)'),
      ugrupowanie: prepare('INSERT INTO ugrupowanie (id_ugrupowania, nazwa, skrot, pelna_nazwa) VALUES (?, ?, ?, ?)'),
      // The token and name order need every name; materialise assigns them. The placeholder keeps UNIQUE.
      radny: prepare('INSERT INTO radny (id_osoby, imie_nazwisko, token, name_rank) VALUES (?, ?, ?, 0)'),
      przynaleznosc: prepare(`INSERT INTO przynaleznosc
        (przynaleznosc_id, id_osoby, kadencja, id_ugrupowania, data_od, data_do, aktywny) VALUES (?, ?, ?, ?, ?, ?, ?)`),
      posiedzenie: prepare(`INSERT INTO posiedzenie (id_posiedzenia, id_organu, kadencja, numer, data, nazwa)
        VALUES (?, ?, ?, ?, ?, ?)`),
      punkt: prepare('INSERT INTO punkt (id_punktu, id_posiedzenia, numer, tytul) VALUES (?, ?, ?, ?)'),
      glosowanie: prepare(`INSERT INTO glosowanie
        (id_glosowania, id_posiedzenia, id_punktu, numer, data_czas, data, godzina, tytul, tytul_folded, wynik_podany)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
      glos: prepare('INSERT OR IGNORE INTO glos (id_glosowania, id_osoby, glos) VALUES (?, ?, ?)'),
      obecnosc: prepare('INSERT OR IGNORE INTO temp.obecnosc_podana (id_posiedzenia, id_osoby, obecny) VALUES (?, ?, ?)'),
      zalacznik: prepare('INSERT INTO zalacznik (id_zalacznika, id_glosowania, nazwa, url) VALUES (?, ?, ?, ?)'),
      zrodlo: prepare('INSERT INTO temp.zrodlo_glosowania (id_glosowania, file, line) VALUES (?, ?, ?)'),
    };
  }

  private unique(ids: Set<number> | Map<number, unknown>, id: number, at: Location, column: string): boolean {
    if (ids.has(id)) {
      this.findings.error(at, column, `duplicate id ${id}`);
      return false;
    }
    return true;
  }

  /**
   * Whether `id` is known. A reference to a row that was itself rejected says so, so that one bad row
   * does not read as thousands of unrelated problems downstream.
   */
  private exists(ids: Set<number> | Map<number, unknown>, id: number, at: Location, column: string, what: string, rejected?: Set<number>): boolean {
    if (ids.has(id)) return true;
    this.findings.error(at, column, rejected?.has(id) ? `${what} ${id} was rejected (see the problems of its own row)` : `unknown ${what} ${id}`);
    return false;
  }

  private termExists(kadencja: string, at: Location): boolean {
    if (this.terms.has(kadencja)) return true;
    this.findings.error(at, 'kadencja', `unknown term ${kadencja}`);
    return false;
  }

  private rangeOrdered(from: string | null, to: string | null, at: Location): boolean {
    if (from !== null && to !== null && from > to) {
      this.findings.error(at, 'data_do', `data_do ${to} is before data_od ${from}`);
      return false;
    }
    return true;
  }

  kadencja(row: KadencjaRow, at: Location): void {
    if (this.terms.has(row.kadencja)) {
      this.findings.error(at, 'kadencja', `duplicate term ${row.kadencja}`);
      return;
    }
    if (!this.rangeOrdered(row.data_od, row.data_do, at)) return;
    this.terms.set(row.kadencja, row);
    this.insert.kadencja!.run(row.kadencja, row.data_od, row.data_do);
  }

  organ(row: OrganRow, at: Location): void {
    if (!this.unique(this.bodies, row.id_organu, at, 'id_organu')) return;
    this.bodies.add(row.id_organu);
    this.insert.organ!.run(row.id_organu, row.nazwa, row.typ);
  }

  ugrupowanie(row: UgrupowanieRow, at: Location): void {
    if (!this.unique(this.groups, row.id_ugrupowania, at, 'id_ugrupowania')) return;
    this.groups.add(row.id_ugrupowania);
    this.insert.ugrupowanie!.run(row.id_ugrupowania, row.nazwa, row.skrot, row.pelna_nazwa ?? null);
  }

  radny(row: RadnyRow, at: Location): void {
    if (!this.unique(this.people, row.id_osoby, at, 'id_osoby')) return;
    this.people.add(row.id_osoby);
    this.insert.radny!.run(row.id_osoby, row.imie_nazwisko, `#${row.id_osoby}`);
  }

  przynaleznosc(row: PrzynaleznoscRow, at: Location): void {
    let ok = this.unique(this.memberships, row.przynaleznosc_id, at, 'przynaleznosc_id');
    ok = this.exists(this.people, row.id_osoby, at, 'id_osoby', 'councillor') && ok;
    ok = this.termExists(row.kadencja, at) && ok;
    if (row.id_ugrupowania !== null) ok = this.exists(this.groups, row.id_ugrupowania, at, 'id_ugrupowania', 'group') && ok;
    ok = this.rangeOrdered(row.data_od, row.data_do, at) && ok;
    if (!ok) return;
    this.memberships.add(row.przynaleznosc_id);
    let terms = this.termsOfPerson.get(row.id_osoby);
    if (!terms) this.termsOfPerson.set(row.id_osoby, (terms = new Set()));
    terms.add(row.kadencja);
    this.insert.przynaleznosc!.run(
      row.przynaleznosc_id, row.id_osoby, row.kadencja, row.id_ugrupowania, row.data_od, row.data_do, row.aktywny,
    );
  }

  posiedzenie(row: PosiedzenieRow, at: Location): void {
    let ok = this.unique(this.sessions, row.id_posiedzenia, at, 'id_posiedzenia');
    ok = this.exists(this.bodies, row.id_organu, at, 'id_organu', 'body') && ok;
    ok = this.termExists(row.kadencja, at) && ok;
    if (!ok) {
      if (!this.sessions.has(row.id_posiedzenia)) this.rejectedSessions.add(row.id_posiedzenia);
      return;
    }
    const term = this.terms.get(row.kadencja)!;
    if (row.data < term.data_od || (term.data_do !== null && row.data > term.data_do)) {
      this.findings.warn(at, 'data', `session date ${row.data} lies outside term ${row.kadencja}`);
    }
    this.sessions.set(row.id_posiedzenia, { kadencja: row.kadencja, data: row.data });
    this.insert.posiedzenie!.run(row.id_posiedzenia, row.id_organu, row.kadencja, row.numer, row.data, row.nazwa);
  }

  punkt(row: PunktRow, at: Location): void {
    let ok = this.unique(this.points, row.id_punktu, at, 'id_punktu');
    ok = this.exists(this.sessions, row.id_posiedzenia, at, 'id_posiedzenia', 'session', this.rejectedSessions) && ok;
    if (!ok) {
      if (!this.points.has(row.id_punktu)) this.rejectedPoints.add(row.id_punktu);
      return;
    }
    this.points.set(row.id_punktu, row.id_posiedzenia);
    this.insert.punkt!.run(row.id_punktu, row.id_posiedzenia, row.numer, row.tytul);
  }

  glosowanie(row: GlosowanieRow, at: Location): void {
    let ok = this.unique(this.votes, row.id_glosowania, at, 'id_glosowania');
    ok = this.exists(this.sessions, row.id_posiedzenia, at, 'id_posiedzenia', 'session', this.rejectedSessions) && ok;
    if (row.id_punktu !== null && this.exists(this.points, row.id_punktu, at, 'id_punktu', 'agenda point', this.rejectedPoints)) {
      const pointSession = this.points.get(row.id_punktu);
      if (ok && pointSession !== row.id_posiedzenia) {
        this.findings.error(at, 'id_punktu', `agenda point ${row.id_punktu} belongs to session ${pointSession}, not ${row.id_posiedzenia}`);
        ok = false;
      }
    } else if (row.id_punktu !== null) {
      ok = false;
    }
    if (!ok) {
      if (!this.votes.has(row.id_glosowania)) this.rejectedVotes.add(row.id_glosowania);
      return;
    }
    this.votes.set(row.id_glosowania, row.id_posiedzenia);
    this.insert.zrodlo!.run(row.id_glosowania, at.file, at.line);
    const { data_czas, data, godzina } = normaliseDateTime(row.data_czas);
    this.insert.glosowanie!.run(
      row.id_glosowania, row.id_posiedzenia, row.id_punktu, row.numer, data_czas, data, godzina, row.tytul, foldText(row.tytul), row.wynik,
    );
  }

  glos(row: GlosRow, at: Location): void {
    const sessionId = this.votes.get(row.id_glosowania);
    let ok = this.exists(this.votes, row.id_glosowania, at, 'id_glosowania', 'vote', this.rejectedVotes);
    ok = this.exists(this.people, row.id_osoby, at, 'id_osoby', 'councillor') && ok;
    if (!ok) return;
    const result = this.insert.glos!.run(row.id_glosowania, row.id_osoby, row.glos);
    if (result.changes === 0) {
      this.findings.error(at, 'id_osoby', `repeated ballot of councillor ${row.id_osoby} in vote ${row.id_glosowania}`);
      return;
    }
    this.ballotCount++;
    const kadencja = this.sessions.get(sessionId!)!.kadencja;
    if (!this.termsOfPerson.get(row.id_osoby)?.has(kadencja)) {
      const key = `${row.id_osoby}|${kadencja}`;
      const seen = this.ballotsWithoutMembership.get(key);
      if (seen) seen.count++;
      else this.ballotsWithoutMembership.set(key, { at, count: 1 });
    }
  }

  obecnosc(row: ObecnoscRow, at: Location): void {
    let ok = this.exists(this.sessions, row.id_posiedzenia, at, 'id_posiedzenia', 'session', this.rejectedSessions);
    ok = this.exists(this.people, row.id_osoby, at, 'id_osoby', 'councillor') && ok;
    if (!ok) return;
    const result = this.insert.obecnosc!.run(row.id_posiedzenia, row.id_osoby, row.obecny);
    if (result.changes === 0) {
      this.findings.error(at, 'id_osoby', `repeated attendance of councillor ${row.id_osoby} at session ${row.id_posiedzenia}`);
      return;
    }
    this.attendanceCount++;
  }

  zalacznik(row: ZalacznikRow, at: Location): void {
    let ok = this.unique(this.attachments, row.id_zalacznika, at, 'id_zalacznika');
    ok = this.exists(this.votes, row.id_glosowania, at, 'id_glosowania', 'vote', this.rejectedVotes) && ok;
    if (!ok) return;
    this.attachments.add(row.id_zalacznika);
    this.insert.zalacznik!.run(row.id_zalacznika, row.id_glosowania, row.nazwa, row.url);
  }

  /** Ends the load: the cross-row warnings that need the whole source, the raw row counts; lets go of the id lookups. */
  finish(): LoadCounts {
    for (const [key, { at, count }] of this.ballotsWithoutMembership) {
      const [person, term] = key.split('|');
      this.findings.warn(at, 'id_osoby', `councillor ${person} has ${count} ballot(s) in term ${term} but no membership in it`);
    }
    const counts = {
      kadencje: this.terms.size,
      organy: this.bodies.size,
      ugrupowania: this.groups.size,
      radni: this.people.size,
      przynaleznosci: this.memberships.size,
      posiedzenia: this.sessions.size,
      punkty: this.points.size,
      glosowania: this.votes.size,
      glosy: this.ballotCount,
      obecnosci: this.attendanceCount,
      zalaczniki: this.attachments.size,
    };
    // The loader stays referenced while materialise runs, which does not need its maps of every vote,
    // point and attachment id: kept, they pushed all of Poland's heap to V8's limit (docs/PERFORMANCE.md).
    for (const lookup of [this.votes, this.points, this.attachments, this.sessions, this.memberships, this.termsOfPerson,
      this.rejectedSessions, this.rejectedPoints, this.rejectedVotes, this.ballotsWithoutMembership]) lookup.clear();
    return counts;
  }
}

export interface LoadCounts {
  kadencje: number;
  organy: number;
  ugrupowania: number;
  radni: number;
  przynaleznosci: number;
  posiedzenia: number;
  punkty: number;
  glosowania: number;
  glosy: number;
  obecnosci: number;
  zalaczniki: number;
}
