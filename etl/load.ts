// Stage "load": the one gate every source passes through. Readers (CSV bundle, Sejm API files) hand
// typed rows here in dependency order; the loader checks what a single row cannot show — duplicate
// ids, references, repeated ballots — and inserts the raw tables. It never throws on bad data: every
// problem is collected so that a rejected bundle lists all of them at once.

import type Database from 'better-sqlite3';
import { Findings, type Location } from './findings.ts';
import { foldText, visibleName } from '../core/text.ts';
import { BatchInsert } from './batch-insert.ts';
import { IdIndex } from './id-index.ts';

export interface KadencjaRow {
  kadencja: string;
  data_od: string;
  data_do: string | null;
}
export interface OrganRow {
  id_organu: number;
  nazwa: string;
  typ: string;
}
export interface UgrupowanieRow {
  id_ugrupowania: number;
  nazwa: string;
  skrot: string | null;
  pelna_nazwa?: string | null;
}
export interface RadnyRow {
  id_osoby: number;
  imie_nazwisko: string;
}
export interface PrzynaleznoscRow {
  przynaleznosc_id: number;
  id_osoby: number;
  kadencja: string;
  id_ugrupowania: number | null;
  data_od: string | null;
  data_do: string | null;
  aktywny: number;
}
export interface PosiedzenieRow {
  id_posiedzenia: number;
  id_organu: number;
  kadencja: string;
  numer: string;
  data: string;
  nazwa: string | null;
}
export interface PunktRow {
  id_punktu: number;
  id_posiedzenia: number;
  numer: string;
  tytul: string;
}
/** The tallies a source states for a vote (CONTRACT §10), each null when not stated. */
export interface StatedTallies {
  za: number | null;
  przeciw: number | null;
  wstrzymujacy: number | null;
  nieobecni: number | null;
  brak_glosu: number | null;
}
export interface GlosowanieRow {
  id_glosowania: number;
  id_posiedzenia: number;
  id_punktu: number | null;
  numer: number;
  data_czas: string;
  tytul: string;
  wynik: string | null;
  /** foldText(tytul), when the reader has it already (the CSV reader folds in its worker thread). */
  tytul_folded?: string;
  /** The stated tallies; absent or all null: the source states none. */
  liczby?: StatedTallies | null;
  /** The majority the source says the vote needed, and its threshold in votes (the Sejm's majorityType, majorityVotes). */
  wiekszosc?: string | null;
  wiekszosc_glosow?: number | null;
  /**
   * What identifies the vote in its source, when its ids and numbers are positions that move as the source
   * grows (Radoskop): stable parts such as the session's date and published number and the title. Votes of
   * one body stated alike are told apart by their order: the loader appends the occurrence (1, 2, …).
   */
  klucz?: ReadonlyArray<string | number | null>;
}
export interface GlosRow {
  id_glosowania: number;
  id_osoby: number;
  glos: number;
}
export interface ObecnoscRow {
  id_posiedzenia: number;
  id_osoby: number;
  obecny: number;
}
export interface ZalacznikRow {
  id_zalacznika: number;
  id_glosowania: number;
  nazwa: string;
  url: string | null;
}

/** What the loader needs to know of a session to check the votes and ballots that follow it. */
interface SessionRef {
  kadencja: string;
  data: string;
  id_organu: number;
}

/** The vote whose ballots are arriving: ballots of one vote usually come together (a run). */
interface BallotRun {
  /** The vote's id; NaN before the first ballot. */
  id: number;
  /** Its index in the loader's vote arrays; -1: not a vote that was loaded. */
  vote: number;
  term: string;
  /** Marks the councillors seen in this run (seenInRun). */
  stamp: number;
  /** The vote had an earlier run: its ballots so far are in the table, so a repeat is found there. */
  reopened: boolean;
}

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
  /** id_osoby -> index into the per-councillor arrays. */
  private readonly people = new Map<number, number>();
  private readonly memberships = new Set<number>();
  private readonly sessions = new Map<number, SessionRef>();
  /** The big ones (millions in a national bundle) compactly: id -> position in the typed columns beside. */
  private readonly points = new IdIndex();
  private pointSession = new Float64Array(1024);
  private readonly votes = new IdIndex();
  private voteSession = new Float64Array(1024);
  /** Per vote: 1 once a run of its ballots has begun. */
  private ballotsBegun = new Uint8Array(1024);
  private readonly attachments = new IdIndex();
  /** Ids of rows that failed their checks: references to them are reported as such. */
  private readonly rejectedSessions = new Set<number>();
  private readonly rejectedPoints = new Set<number>();
  private readonly rejectedVotes = new Set<number>();
  private termsOfPerson: string[][] = []; // terms with a membership, per councillor
  /** Per councillor: the stamp of the last ballot run it had a ballot in. */
  private seenInRun = new Int32Array(1024);
  private run: BallotRun = { id: Number.NaN, vote: -1, term: '', stamp: 0, reopened: false };
  private readonly ballotsWithoutMembership = new Map<string, { at: Location; count: number }>();
  /** Votes per (body, stated source identity) so far: the occurrence appended to the next one (GlosowanieRow.klucz). */
  private readonly statedKeys = new Map<string, number>();
  private ballotCount = 0;
  private attendanceCount = 0;

  private readonly insertKadencja: Database.Statement<[string, string, string | null]>;
  private readonly insertOrgan: Database.Statement<[number, string, string]>;
  private readonly insertUgrupowanie: Database.Statement<[number, string, string | null, string | null]>;
  private readonly insertRadny: Database.Statement<[number, string, string]>;
  private readonly insertPrzynaleznosc: Database.Statement<
    [number, number, string, number | null, string | null, string | null, number]
  >;
  private readonly insertPosiedzenie: Database.Statement<[number, number, string, string, string, string | null]>;
  private readonly insertPunkt: BatchInsert<[number, number, string, string]>;
  private readonly insertGlosowanie: BatchInsert<
    [
      number,
      number,
      number | null,
      number,
      string,
      string,
      string | null,
      string,
      string,
      string | null,
      number | null,
      number | null,
      number | null,
      number | null,
      number | null,
      string | null,
      number | null,
      string | null,
    ]
  >;
  private readonly insertZrodlo: BatchInsert<[number, string, number]>;
  private readonly insertGlos: BatchInsert<[number, number, number]>;
  /** A ballot of a vote whose run was interrupted: inserted alone, so that a repeat is caught by the primary key. */
  private readonly insertGlosChecked: Database.Statement<[number, number, number]>;
  private readonly insertObecnosc: Database.Statement<[number, number, number]>;
  private readonly insertZalacznik: BatchInsert<[number, number, string, string | null]>;

  constructor(private readonly db: Database.Database) {
    // Given attendance is staged: the final table (with the group at the session) is written by
    // materialise, which also derives attendance for sessions without any rows.
    db.exec(`CREATE TEMP TABLE obecnosc_podana (
      id_posiedzenia INTEGER NOT NULL, id_osoby INTEGER NOT NULL, obecny INTEGER NOT NULL,
      PRIMARY KEY (id_posiedzenia, id_osoby)) WITHOUT ROWID`);
    // Where each vote was read, so that findings of later stages (a stated wynik that contradicts the
    // ballots) name the source file and line too.
    db.exec(
      'CREATE TEMP TABLE zrodlo_glosowania (id_glosowania INTEGER PRIMARY KEY, file TEXT NOT NULL, line INTEGER NOT NULL)',
    );
    this.insertKadencja = db.prepare('INSERT INTO kadencja (kadencja, data_od, data_do) VALUES (?, ?, ?)');
    this.insertOrgan = db.prepare('INSERT INTO organ (id_organu, nazwa, typ) VALUES (?, ?, ?)');
    this.insertUgrupowanie = db.prepare(
      'INSERT INTO ugrupowanie (id_ugrupowania, nazwa, skrot, pelna_nazwa) VALUES (?, ?, ?, ?)',
    );
    // The token and name order need every name; materialise assigns them. The placeholder keeps UNIQUE.
    this.insertRadny = db.prepare('INSERT INTO radny (id_osoby, imie_nazwisko, token, name_rank) VALUES (?, ?, ?, 0)');
    this.insertPrzynaleznosc = db.prepare(`INSERT INTO przynaleznosc
      (przynaleznosc_id, id_osoby, kadencja, id_ugrupowania, data_od, data_do, aktywny) VALUES (?, ?, ?, ?, ?, ?, ?)`);
    this.insertPosiedzenie =
      db.prepare(`INSERT INTO posiedzenie (id_posiedzenia, id_organu, kadencja, numer, data, nazwa)
      VALUES (?, ?, ?, ?, ?, ?)`);
    // The checks above every insert make each row valid, so the big tables are written in batches.
    this.insertPunkt = new BatchInsert(db, 'punkt', ['id_punktu', 'id_posiedzenia', 'numer', 'tytul']);
    this.insertGlosowanie = new BatchInsert(db, 'glosowanie', [
      'id_glosowania',
      'id_posiedzenia',
      'id_punktu',
      'numer',
      'data_czas',
      'data',
      'godzina',
      'tytul',
      'tytul_folded',
      'wynik_podany',
      'za_podane',
      'przeciw_podane',
      'wstrzymujacy_podane',
      'nieobecni_podane',
      'brak_glosu_podane',
      'wiekszosc',
      'wiekszosc_glosow',
      'klucz_zrodla',
    ]);
    this.insertZrodlo = new BatchInsert(db, 'temp.zrodlo_glosowania', ['id_glosowania', 'file', 'line']);
    this.insertGlos = new BatchInsert(db, 'glos', ['id_glosowania', 'id_osoby', 'glos'], 256);
    this.insertGlosChecked = db.prepare('INSERT OR IGNORE INTO glos (id_glosowania, id_osoby, glos) VALUES (?, ?, ?)');
    this.insertObecnosc = db.prepare(
      'INSERT OR IGNORE INTO temp.obecnosc_podana (id_posiedzenia, id_osoby, obecny) VALUES (?, ?, ?)',
    );
    this.insertZalacznik = new BatchInsert(db, 'zalacznik', ['id_zalacznika', 'id_glosowania', 'nazwa', 'url']);
  }

  private unique(ids: { has(id: number): boolean }, id: number, at: Location, column: string): boolean {
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
  private exists(
    ids: { has(id: number): boolean },
    id: number,
    at: Location,
    column: string,
    what: string,
    rejected?: Set<number>,
  ): boolean {
    if (ids.has(id)) return true;
    this.findings.error(
      at,
      column,
      rejected?.has(id) ? `${what} ${id} was rejected (see the problems of its own row)` : `unknown ${what} ${id}`,
    );
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
    this.insertKadencja.run(row.kadencja, row.data_od, row.data_do);
  }

  /**
   * A name as shown (core/text.ts visibleName): invisible characters removed, NFC; a warning when it
   * changed, since two names that differ only so look the same.
   */
  private visible(name: string, at: Location, column: string): string;
  private visible(name: string | null, at: Location, column: string): string | null;
  private visible(name: string | null, at: Location, column: string): string | null {
    if (name === null) return null;
    const shown = visibleName(name);
    if (shown.changed !== null) this.findings.warn(at, column, `${shown.changed}; read as "${shown.name}"`);
    return shown.name;
  }

  organ(row: OrganRow, at: Location): void {
    if (!this.unique(this.bodies, row.id_organu, at, 'id_organu')) return;
    this.bodies.add(row.id_organu);
    this.insertOrgan.run(row.id_organu, this.visible(row.nazwa, at, 'nazwa'), row.typ);
  }

  ugrupowanie(row: UgrupowanieRow, at: Location): void {
    if (!this.unique(this.groups, row.id_ugrupowania, at, 'id_ugrupowania')) return;
    this.groups.add(row.id_ugrupowania);
    this.insertUgrupowanie.run(
      row.id_ugrupowania,
      this.visible(row.nazwa, at, 'nazwa'),
      this.visible(row.skrot, at, 'skrot'),
      this.visible(row.pelna_nazwa ?? null, at, 'pelna_nazwa'),
    );
  }

  radny(row: RadnyRow, at: Location): void {
    if (!this.unique(this.people, row.id_osoby, at, 'id_osoby')) return;
    const person = this.people.size;
    this.people.set(row.id_osoby, person);
    this.termsOfPerson.push([]);
    if (person === this.seenInRun.length) this.seenInRun = grown(this.seenInRun);
    this.insertRadny.run(row.id_osoby, this.visible(row.imie_nazwisko, at, 'imie_nazwisko'), `#${row.id_osoby}`);
  }

  przynaleznosc(row: PrzynaleznoscRow, at: Location): void {
    let ok = this.unique(this.memberships, row.przynaleznosc_id, at, 'przynaleznosc_id');
    ok = this.exists(this.people, row.id_osoby, at, 'id_osoby', 'councillor') && ok;
    ok = this.termExists(row.kadencja, at) && ok;
    if (row.id_ugrupowania !== null)
      ok = this.exists(this.groups, row.id_ugrupowania, at, 'id_ugrupowania', 'group') && ok;
    ok = this.rangeOrdered(row.data_od, row.data_do, at) && ok;
    if (!ok) return;
    this.memberships.add(row.przynaleznosc_id);
    const terms = this.termsOfPerson[this.people.get(row.id_osoby)!]!;
    if (!terms.includes(row.kadencja)) terms.push(row.kadencja);
    this.insertPrzynaleznosc.run(
      row.przynaleznosc_id,
      row.id_osoby,
      row.kadencja,
      row.id_ugrupowania,
      row.data_od,
      row.data_do,
      row.aktywny,
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
    this.sessions.set(row.id_posiedzenia, { kadencja: row.kadencja, data: row.data, id_organu: row.id_organu });
    this.insertPosiedzenie.run(row.id_posiedzenia, row.id_organu, row.kadencja, row.numer, row.data, row.nazwa);
  }

  punkt(row: PunktRow, at: Location): void {
    let ok = this.unique(this.points, row.id_punktu, at, 'id_punktu');
    ok = this.exists(this.sessions, row.id_posiedzenia, at, 'id_posiedzenia', 'session', this.rejectedSessions) && ok;
    if (!ok) {
      if (!this.points.has(row.id_punktu)) this.rejectedPoints.add(row.id_punktu);
      return;
    }
    const point = this.points.add(row.id_punktu);
    if (point === this.pointSession.length) this.pointSession = grown(this.pointSession);
    this.pointSession[point] = row.id_posiedzenia;
    this.insertPunkt.add(row.id_punktu, row.id_posiedzenia, row.numer, this.visible(row.tytul, at, 'tytul'));
  }

  glosowanie(row: GlosowanieRow, at: Location): void {
    let ok = this.unique(this.votes, row.id_glosowania, at, 'id_glosowania');
    ok = this.exists(this.sessions, row.id_posiedzenia, at, 'id_posiedzenia', 'session', this.rejectedSessions) && ok;
    if (
      row.id_punktu !== null &&
      this.exists(this.points, row.id_punktu, at, 'id_punktu', 'agenda point', this.rejectedPoints)
    ) {
      const pointSession = this.pointSession[this.points.indexOf(row.id_punktu)];
      if (ok && pointSession !== row.id_posiedzenia) {
        this.findings.error(
          at,
          'id_punktu',
          `agenda point ${row.id_punktu} belongs to session ${pointSession}, not ${row.id_posiedzenia}`,
        );
        ok = false;
      }
    } else if (row.id_punktu !== null) {
      ok = false;
    }
    if (!ok) {
      if (!this.votes.has(row.id_glosowania)) this.rejectedVotes.add(row.id_glosowania);
      return;
    }
    const vote = this.votes.add(row.id_glosowania);
    if (vote === this.voteSession.length) {
      this.voteSession = grown(this.voteSession);
      this.ballotsBegun = grown(this.ballotsBegun);
    }
    this.voteSession[vote] = row.id_posiedzenia;
    this.insertZrodlo.add(row.id_glosowania, at.file, at.line);
    const { data_czas, data, godzina } = normaliseDateTime(row.data_czas);
    let key: string | null = null;
    if (row.klucz !== undefined) {
      const statedKey = `${this.sessions.get(row.id_posiedzenia)!.id_organu}\u0000${JSON.stringify(row.klucz)}`;
      const occurrence = (this.statedKeys.get(statedKey) ?? 0) + 1;
      this.statedKeys.set(statedKey, occurrence);
      key = JSON.stringify([...row.klucz, occurrence]);
    }
    const stated = row.liczby;
    // Titles as names (issue 42): an override or a zero-width character shows a title for another string.
    const tytul = this.visible(row.tytul, at, 'tytul');
    this.insertGlosowanie.add(
      row.id_glosowania,
      row.id_posiedzenia,
      row.id_punktu,
      row.numer,
      data_czas,
      data,
      godzina,
      tytul,
      tytul === row.tytul ? (row.tytul_folded ?? foldText(tytul)) : foldText(tytul),
      row.wynik,
      stated?.za ?? null,
      stated?.przeciw ?? null,
      stated?.wstrzymujacy ?? null,
      stated?.nieobecni ?? null,
      stated?.brak_glosu ?? null,
      row.wiekszosc ?? null,
      row.wiekszosc_glosow ?? null,
      key,
    );
  }

  glos(row: GlosRow, at: Location): void {
    this.ballot(row.id_glosowania, row.id_osoby, row.glos, at.file, at.line);
  }

  /** Ballots `from` ≤ i < `to` of a batch read from `file` (the CSV reader's typed columns). */
  glosy(
    file: string,
    ballots: { vote: Float64Array; person: Float64Array; glos: Uint8Array },
    lines: Float64Array,
    from: number,
    to: number,
  ): void {
    for (let i = from; i < to; i++)
      this.ballot(ballots.vote[i]!, ballots.person[i]!, ballots.glos[i]!, file, lines[i]!);
  }

  /**
   * One ballot. A repeated (vote, councillor) is caught in memory while the vote's ballots arrive
   * together, so those are inserted in batches; the ballots of a vote met again later are inserted one
   * at a time, and the primary key catches a repeat.
   */
  private ballot(voteId: number, personId: number, glos: number, file: string, line: number): void {
    if (voteId !== this.run.id) this.beginRun(voteId);
    const { vote, term } = this.run;
    const person = this.people.get(personId);
    if (vote < 0 || person === undefined) {
      const at = { file, line };
      if (vote < 0) this.exists(this.votes, voteId, at, 'id_glosowania', 'vote', this.rejectedVotes);
      if (person === undefined) this.exists(this.people, personId, at, 'id_osoby', 'councillor');
      return;
    }
    let repeated: boolean;
    if (this.run.reopened) {
      this.insertGlos.flush();
      repeated = this.insertGlosChecked.run(voteId, personId, glos).changes === 0;
    } else {
      repeated = this.seenInRun[person] === this.run.stamp;
      if (!repeated) {
        this.seenInRun[person] = this.run.stamp;
        this.insertGlos.add(voteId, personId, glos);
      }
    }
    if (repeated) {
      this.findings.error({ file, line }, 'id_osoby', `repeated ballot of councillor ${personId} in vote ${voteId}`);
      return;
    }
    this.ballotCount++;
    if (!this.termsOfPerson[person]!.includes(term)) {
      const key = `${personId}|${term}`;
      const seen = this.ballotsWithoutMembership.get(key);
      if (seen) seen.count++;
      else this.ballotsWithoutMembership.set(key, { at: { file, line }, count: 1 });
    }
  }

  private beginRun(voteId: number): void {
    const vote = this.votes.indexOf(voteId);
    const run = this.run;
    run.id = voteId;
    run.vote = vote;
    run.stamp++;
    if (vote < 0) return;
    run.term = this.sessions.get(this.voteSession[vote]!)!.kadencja;
    run.reopened = this.ballotsBegun[vote] === 1;
    this.ballotsBegun[vote] = 1;
  }

  obecnosc(row: ObecnoscRow, at: Location): void {
    let ok = this.exists(this.sessions, row.id_posiedzenia, at, 'id_posiedzenia', 'session', this.rejectedSessions);
    ok = this.exists(this.people, row.id_osoby, at, 'id_osoby', 'councillor') && ok;
    if (!ok) return;
    const result = this.insertObecnosc.run(row.id_posiedzenia, row.id_osoby, row.obecny);
    if (result.changes === 0) {
      this.findings.error(
        at,
        'id_osoby',
        `repeated attendance of councillor ${row.id_osoby} at session ${row.id_posiedzenia}`,
      );
      return;
    }
    this.attendanceCount++;
  }

  zalacznik(row: ZalacznikRow, at: Location): void {
    let ok = this.unique(this.attachments, row.id_zalacznika, at, 'id_zalacznika');
    ok = this.exists(this.votes, row.id_glosowania, at, 'id_glosowania', 'vote', this.rejectedVotes) && ok;
    if (!ok) return;
    this.attachments.add(row.id_zalacznika);
    this.insertZalacznik.add(row.id_zalacznika, row.id_glosowania, row.nazwa, row.url);
  }

  /**
   * Ends the load: writes what is queued, the cross-row warnings that need the whole source, the raw
   * row counts; lets go of the id lookups.
   */
  finish(): LoadCounts {
    for (const insert of [
      this.insertPunkt,
      this.insertGlosowanie,
      this.insertZrodlo,
      this.insertGlos,
      this.insertZalacznik,
    ])
      insert.flush();
    for (const [key, { at, count }] of this.ballotsWithoutMembership) {
      const [person, term] = key.split('|');
      this.findings.warn(
        at,
        'id_osoby',
        `councillor ${person} has ${count} ballot(s) in term ${term} but no membership in it`,
      );
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
    for (const lookup of [
      this.votes,
      this.points,
      this.attachments,
      this.sessions,
      this.memberships,
      this.rejectedSessions,
      this.rejectedPoints,
      this.rejectedVotes,
      this.ballotsWithoutMembership,
    ])
      lookup.clear();
    this.voteSession = new Float64Array(0);
    this.pointSession = new Float64Array(0);
    this.termsOfPerson = [];
    this.ballotsBegun = new Uint8Array(0);
    return counts;
  }
}

/** A typed array of twice the length, with the same start. */
function grown<T extends Uint8Array | Int32Array | Float64Array>(array: T): T {
  const wider = new (array.constructor as new (length: number) => T)(array.length * 2);
  wider.set(array);
  return wider;
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
