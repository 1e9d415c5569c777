// The test oracle: a deliberately naive implementation of every read endpoint, straight from
// CONTRACT.md and docs/DESIGN.md. Each answer is recomputed from the raw bundle with plain loops
// over ballots (only the attendance is worked out once per answer, as many rows ask for it); nothing
// else is cached, and nothing indexed or shared with the ETL except the pure helpers of core/
// (contract.ts: percent, rounding; text.ts: collation, tokens, folding). Slow on purpose: it only
// has to be obviously right on small councils. Topics (CONTRACT §11) are assigned here by §11's own
// words, not by core/topics.ts: fold each title and pattern, look for the pattern at every word start.

import { readFileSync } from 'node:fs';
import { kontrowersyjnosc, percent, percentString, ratio2 } from '../../core/contract.ts';
import { assignTokens, compareNames, compareNatural, foldText } from '../../core/text.ts';
import type { Bundle, Cell } from './bundle.ts';

/** A topic vocabulary as §11 writes it: entries in file order. */
export type ReferenceVocabulary = ReadonlyArray<{ id: string; nazwa: string; wzorce: readonly string[] }>;

/**
 * A policy file as §13 writes it (JSON, already valid): policies in file order, each entry's `waga`
 * absent meaning `zwykla` and `organ` absent meaning any body.
 */
export type ReferencePolicies = ReadonlyArray<{
  id: string;
  nazwa: string;
  opis: string;
  glosowania: ReadonlyArray<{ data: string; tytul: string; stanowisko: string; waga?: string; organ?: string }>;
}>;

/** The project's default vocabulary, read as the file is (what a build without `--topics` uses). */
export const DEFAULT_VOCABULARY: ReferenceVocabulary = JSON.parse(
  readFileSync(new URL('../../data/tematy.json', import.meta.url), 'utf8'),
);

/** §11 fold: ł→l, Ł→L, NFKD, combining marks (Mn) removed, lower case, whitespace runs → one space, trimmed. */
function topicFold(s: string): string {
  return s
    .replace(/ł/g, 'l')
    .replace(/Ł/g, 'L')
    .normalize('NFKD')
    .replace(/\p{Mn}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** §11: the first entry with a pattern at a word start of the folded title. */
function topicOfTitle(vocabulary: ReferenceVocabulary, title: string): string {
  const folded = topicFold(title);
  for (const entry of vocabulary) {
    for (const pattern of entry.wzorce) {
      const p = topicFold(pattern);
      if (p === '') continue;
      for (let i = 0; i + p.length <= folded.length; i++) {
        if (folded.slice(i, i + p.length) !== p) continue;
        const before = Array.from(folded.slice(0, i)).pop();
        if (before === undefined || !/[\p{L}\p{N}]/u.test(before)) return entry.id;
      }
    }
  }
  return 'inne';
}

// ---------------------------------------------------------------------------------------------
// The raw data, parsed from the bundle's cells

type Glos = 'za' | 'przeciw' | 'wstrzymujacy' | 'nieobecny' | 'brak_glosu';
const ACTIVE_OPTIONS: readonly Glos[] = ['za', 'przeciw', 'wstrzymujacy'];
const PRZYJETO = 'przyjęto';
const ODRZUCONO = 'odrzucono';
const NO_GROUP_KEY = 'Niezrzeszeni';
/** Body types that are a whole council (or the Sejm): a person's council is one of these (issue 36). */
const PLENARY_TYPES = ['rada', 'sejm'];
const POLISH = new Intl.Collator('pl');

interface Person {
  id_osoby: number;
  imie_nazwisko: string;
  token: string;
}
interface Group {
  id_ugrupowania: number;
  nazwa: string;
  skrot: string | null;
}
interface Body {
  id_organu: number;
  nazwa: string;
  typ: string;
}
interface Term {
  kadencja: string;
  data_od: string;
  data_do: string | null;
}
interface Membership {
  przynaleznosc_id: number;
  id_osoby: number;
  kadencja: string;
  id_ugrupowania: number | null;
  data_od: string | null;
  data_do: string | null;
  aktywny: number;
}
interface Session {
  id_posiedzenia: number;
  id_organu: number;
  kadencja: string;
  numer: string;
  data: string;
  nazwa: string | null;
}
interface Punkt {
  id_punktu: number;
  id_posiedzenia: number;
  numer: string;
  tytul: string;
}
interface Vote {
  id_glosowania: number;
  id_posiedzenia: number;
  id_punktu: number | null;
  numer: number;
  data_czas: string; // normalised YYYY-MM-DDTHH:MM:SS
  data: string;
  godzina: string | null;
  tytul: string;
  wynik_podany: string | null;
  /** The tallies the source states (glosowania.csv za … brak_glosu), each null when not stated. */
  stated: Record<'za' | 'przeciw' | 'wstrzymujacy' | 'nieobecni' | 'brak_glosu', number | null>;
}
interface Ballot {
  id_glosowania: number;
  id_osoby: number;
  glos: Glos;
}
interface GivenAttendance {
  id_posiedzenia: number;
  id_osoby: number;
  obecny: number;
}
interface Attachment {
  id_zalacznika: number;
  id_glosowania: number;
  nazwa: string;
  url: string | null;
}
interface AttendanceRecord {
  id_posiedzenia: number;
  id_osoby: number;
  obecny: boolean;
}

interface Council {
  vocabulary: ReferenceVocabulary;
  persons: Person[];
  groups: Group[];
  bodies: Body[];
  terms: Term[];
  memberships: Membership[];
  sessions: Session[];
  punkty: Punkt[];
  votes: Vote[];
  ballots: Ballot[];
  givenAttendance: GivenAttendance[];
  attachments: Attachment[];
}

type Row = Record<string, Cell>;

function text(row: Row, key: string): string | null {
  const value = row[key];
  if (value === null || value === undefined) return null;
  const s = String(value);
  return s === '' ? null : s;
}

function requiredText(row: Row, key: string): string {
  const value = text(row, key);
  if (value === null) throw new Error(`reference: missing ${key} in ${JSON.stringify(row)}`);
  return value;
}

function int(row: Row, key: string): number {
  return Number(requiredText(row, key));
}

function optionalInt(row: Row, key: string): number | null {
  const value = text(row, key);
  return value === null ? null : Number(value);
}

function rows(bundle: Bundle, file: string): Row[] {
  return bundle[file] ?? [];
}

/** data_czas → normalised value, date part and HH:MM (null for a date-only value). */
function normaliseDataCzas(raw: string): { data_czas: string; data: string; godzina: string | null } {
  const data = raw.slice(0, 10);
  if (raw.length === 10) return { data_czas: `${data}T00:00:00`, data, godzina: null };
  const time = raw.slice(11);
  const full = time.length === 5 ? `${time}:00` : time;
  return { data_czas: `${data}T${full}`, data, godzina: time.slice(0, 5) };
}

function parseCouncil(bundle: Bundle, vocabulary: ReferenceVocabulary): Council {
  const people = rows(bundle, 'radni.csv').map((r) => ({
    id_osoby: int(r, 'id_osoby'),
    imie_nazwisko: requiredText(r, 'imie_nazwisko'),
  }));
  const tokens = assignTokens(people);
  return {
    vocabulary,
    persons: people.map((p) => ({ ...p, token: tokens.get(p.id_osoby)! })),
    groups: rows(bundle, 'ugrupowania.csv').map((r) => ({
      id_ugrupowania: int(r, 'id_ugrupowania'),
      nazwa: requiredText(r, 'nazwa'),
      skrot: text(r, 'skrot'),
    })),
    bodies: rows(bundle, 'organy.csv').map((r) => ({
      id_organu: int(r, 'id_organu'),
      nazwa: requiredText(r, 'nazwa'),
      typ: requiredText(r, 'typ'),
    })),
    terms: rows(bundle, 'kadencje.csv').map((r) => ({
      kadencja: requiredText(r, 'kadencja'),
      data_od: requiredText(r, 'data_od'),
      data_do: text(r, 'data_do'),
    })),
    memberships: rows(bundle, 'przynaleznosci.csv').map((r) => ({
      przynaleznosc_id: int(r, 'przynaleznosc_id'),
      id_osoby: int(r, 'id_osoby'),
      kadencja: requiredText(r, 'kadencja'),
      id_ugrupowania: optionalInt(r, 'id_ugrupowania'),
      data_od: text(r, 'data_od'),
      data_do: text(r, 'data_do'),
      aktywny: int(r, 'aktywny'),
    })),
    sessions: rows(bundle, 'posiedzenia.csv').map((r) => ({
      id_posiedzenia: int(r, 'id_posiedzenia'),
      id_organu: int(r, 'id_organu'),
      kadencja: requiredText(r, 'kadencja'),
      numer: requiredText(r, 'numer'),
      data: requiredText(r, 'data'),
      nazwa: text(r, 'nazwa'),
    })),
    punkty: rows(bundle, 'punkty.csv').map((r) => ({
      id_punktu: int(r, 'id_punktu'),
      id_posiedzenia: int(r, 'id_posiedzenia'),
      numer: requiredText(r, 'numer'),
      tytul: requiredText(r, 'tytul'),
    })),
    votes: rows(bundle, 'glosowania.csv').map((r) => ({
      id_glosowania: int(r, 'id_glosowania'),
      id_posiedzenia: int(r, 'id_posiedzenia'),
      id_punktu: optionalInt(r, 'id_punktu'),
      numer: int(r, 'numer'),
      ...normaliseDataCzas(requiredText(r, 'data_czas')),
      tytul: requiredText(r, 'tytul'),
      wynik_podany: text(r, 'wynik'),
      stated: {
        za: optionalInt(r, 'za'),
        przeciw: optionalInt(r, 'przeciw'),
        wstrzymujacy: optionalInt(r, 'wstrzymujacy'),
        nieobecni: optionalInt(r, 'nieobecni'),
        brak_glosu: optionalInt(r, 'brak_glosu'),
      },
    })),
    ballots: rows(bundle, 'glosy.csv').map((r) => ({
      id_glosowania: int(r, 'id_glosowania'),
      id_osoby: int(r, 'id_osoby'),
      glos: requiredText(r, 'glos') as Glos,
    })),
    givenAttendance: rows(bundle, 'obecnosci.csv').map((r) => ({
      id_posiedzenia: int(r, 'id_posiedzenia'),
      id_osoby: int(r, 'id_osoby'),
      obecny: int(r, 'obecny'),
    })),
    attachments: rows(bundle, 'zalaczniki.csv').map((r) => ({
      id_zalacznika: int(r, 'id_zalacznika'),
      id_glosowania: int(r, 'id_glosowania'),
      nazwa: requiredText(r, 'nazwa'),
      url: text(r, 'url'),
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// Small naive helpers

function isActive(glos: Glos): boolean {
  return glos === 'za' || glos === 'przeciw' || glos === 'wstrzymujacy';
}

/** The active option with the strictly largest count; null on a tie for the largest or no active ballot. */
function strictLargest(ballots: Ballot[]): Glos | null {
  const counts = ACTIVE_OPTIONS.map((option) => ballots.filter((b) => b.glos === option).length);
  const max = Math.max(...counts);
  if (max === 0) return null;
  const winners = ACTIVE_OPTIONS.filter((_, i) => counts[i] === max);
  return winners.length === 1 ? winners[0]! : null;
}

/** Exact comparison of a/b with c/d, where x/0 counts as 0. Negative when a/b < c/d. */
function compareRatio(a: number, b: number, c: number, d: number): number {
  const [a1, b1] = b === 0 ? [0, 1] : [a, b];
  const [c1, d1] = d === 0 ? [0, 1] : [c, d];
  return a1 * d1 - c1 * b1;
}

function dateOrder(a: Vote, b: Vote): number {
  if (a.data_czas > b.data_czas) return -1;
  if (a.data_czas < b.data_czas) return 1;
  return b.id_glosowania - a.id_glosowania;
}

function sessionOrder(a: Session, b: Session): number {
  if (a.data > b.data) return -1;
  if (a.data < b.data) return 1;
  return b.id_posiedzenia - a.id_posiedzenia;
}

function paged<T>(
  items: T[],
  page: number,
  limit: number,
): { data: T[]; pagination: { page: number; limit: number; total: number; totalPages: number } } {
  return {
    data: items.slice((page - 1) * limit, page * limit),
    pagination: { page, limit, total: items.length, totalPages: Math.ceil(items.length / limit) },
  };
}

type Query = Record<string, string>;

function qInt(query: Query, key: string, fallback: number): number {
  const value = query[key];
  return value === undefined ? fallback : Number(value);
}

function qOptInt(query: Query, key: string): number | null {
  const value = query[key];
  return value === undefined ? null : Number(value);
}

function qBool(query: Query, key: string): boolean | null {
  const value = query[key];
  if (value === undefined) return null;
  return value === 'true' || value === '1';
}

// ---------------------------------------------------------------------------------------------
// Lookups over the raw data

class Reference {
  constructor(
    private readonly c: Council,
    private readonly policies: ReferencePolicies = [],
  ) {}

  person(id: number): Person | undefined {
    return this.c.persons.find((p) => p.id_osoby === id);
  }

  personByRouteId(raw: string): Person | undefined {
    if (/^\d+$/.test(raw)) return this.person(Number(raw));
    return this.c.persons.find((p) => p.token === raw);
  }

  session(id: number): Session {
    const s = this.c.sessions.find((x) => x.id_posiedzenia === id);
    if (!s) throw new Error(`reference: unknown session ${id}`);
    return s;
  }

  body(id: number): Body {
    const b = this.c.bodies.find((x) => x.id_organu === id);
    if (!b) throw new Error(`reference: unknown body ${id}`);
    return b;
  }

  groupName(id: number | null): string | null {
    if (id === null) return null;
    const g = this.c.groups.find((x) => x.id_ugrupowania === id);
    return g ? g.nazwa : null;
  }

  termStart(kadencja: string): string {
    const t = this.c.terms.find((x) => x.kadencja === kadencja);
    return t ? t.data_od : '';
  }

  voteTerm(v: Vote): string {
    return this.session(v.id_posiedzenia).kadencja;
  }

  voteBody(v: Vote): number {
    return this.session(v.id_posiedzenia).id_organu;
  }

  ballotsOf(v: Vote): Ballot[] {
    const out: Ballot[] = [];
    for (const b of this.c.ballots) if (b.id_glosowania === v.id_glosowania) out.push(b);
    return out;
  }

  ballotOf(v: Vote, personId: number): Ballot | undefined {
    return this.c.ballots.find((b) => b.id_glosowania === v.id_glosowania && b.id_osoby === personId);
  }

  countOf(ballots: Ballot[], glos: Glos): number {
    let n = 0;
    for (const b of ballots) if (b.glos === glos) n++;
    return n;
  }

  /** Whether the source states any tally of the vote (CONTRACT §10). */
  statesTallies(v: Vote): boolean {
    return Object.values(v.stated).some((n) => n !== null);
  }

  /**
   * The vote's counts (CONTRACT §2): from its ballots; a vote without ballots whose source states
   * tallies (a tally-only vote) takes the stated ones, a count not stated being 0.
   */
  voteCounts(v: Vote): { za: number; przeciw: number; wstrzymujacy: number; nieobecni: number; brak_glosu: number } {
    const ballots = this.ballotsOf(v);
    if (ballots.length === 0 && this.statesTallies(v)) {
      const { za, przeciw, wstrzymujacy, nieobecni, brak_glosu } = v.stated;
      return {
        za: za ?? 0,
        przeciw: przeciw ?? 0,
        wstrzymujacy: wstrzymujacy ?? 0,
        nieobecni: nieobecni ?? 0,
        brak_glosu: brak_glosu ?? 0,
      };
    }
    return {
      za: this.countOf(ballots, 'za'),
      przeciw: this.countOf(ballots, 'przeciw'),
      wstrzymujacy: this.countOf(ballots, 'wstrzymujacy'),
      nieobecni: this.countOf(ballots, 'nieobecny'),
      brak_glosu: this.countOf(ballots, 'brak_glosu'),
    };
  }

  wynik(v: Vote): string {
    if (v.wynik_podany !== null) return v.wynik_podany;
    const { za, przeciw } = this.voteCounts(v);
    return za > przeciw ? PRZYJETO : ODRZUCONO;
  }

  /** Membership row that decides a person's group on a date in a term (CONTRACT §2), or null. */
  membershipAt(personId: number, kadencja: string, date: string): Membership | null {
    let best: Membership | null = null;
    for (const m of this.c.memberships) {
      if (m.id_osoby !== personId || m.kadencja !== kadencja) continue;
      if (m.data_od !== null && m.data_od > date) continue;
      if (m.data_do !== null && m.data_do < date) continue;
      if (best === null || laterMembership(m, best)) best = m;
    }
    return best;
  }

  groupAtVote(personId: number, v: Vote): number | null {
    const m = this.membershipAt(personId, this.voteTerm(v), v.data);
    return m === null ? null : m.id_ugrupowania;
  }

  groupAtSession(personId: number, s: Session): number | null {
    const m = this.membershipAt(personId, s.kadencja, s.data);
    return m === null ? null : m.id_ugrupowania;
  }

  /** Display ("current") membership: latest term by start, latest data_od, highest id; within one term when given. */
  displayMembership(personId: number, kadencja: string | null): Membership | null {
    let best: Membership | null = null;
    for (const m of this.c.memberships) {
      if (m.id_osoby !== personId) continue;
      if (kadencja !== null && m.kadencja !== kadencja) continue;
      if (best === null) {
        best = m;
        continue;
      }
      const ta = this.termStart(m.kadencja);
      const tb = this.termStart(best.kadencja);
      if (ta > tb || (ta === tb && laterMembership(m, best))) best = m;
    }
    return best;
  }

  displayGroupName(personId: number, kadencja: string | null): string | null {
    const m = this.displayMembership(personId, kadencja);
    return m === null ? null : this.groupName(m.id_ugrupowania);
  }

  votesIn(kadencja: string | null, organ: number | null): Vote[] {
    return this.c.votes.filter(
      (v) => (kadencja === null || this.voteTerm(v) === kadencja) && (organ === null || this.voteBody(v) === organ),
    );
  }

  sessionsIn(kadencja: string | null, organ: number | null): Session[] {
    return this.c.sessions.filter(
      (s) => (kadencja === null || s.kadencja === kadencja) && (organ === null || s.id_organu === organ),
    );
  }

  /** This request's attendance, worked out once: many answers ask for it per row (a person's council, issue 36). */
  private attendanceRecords: readonly AttendanceRecord[] | undefined;

  /** Final attendance: given rows where a session has any, else derived from its ballots (CONTRACT §1). */
  attendance(): readonly AttendanceRecord[] {
    return (this.attendanceRecords ??= this.workOutAttendance());
  }

  private workOutAttendance(): AttendanceRecord[] {
    const out: AttendanceRecord[] = [];
    for (const s of this.c.sessions) {
      const given = this.c.givenAttendance.filter((r) => r.id_posiedzenia === s.id_posiedzenia);
      if (given.length > 0) {
        for (const r of given)
          out.push({ id_posiedzenia: s.id_posiedzenia, id_osoby: r.id_osoby, obecny: r.obecny === 1 });
        continue;
      }
      const derived: AttendanceRecord[] = [];
      for (const v of this.c.votes) {
        if (v.id_posiedzenia !== s.id_posiedzenia) continue;
        for (const b of this.ballotsOf(v)) {
          let record = derived.find((r) => r.id_osoby === b.id_osoby);
          if (!record) {
            record = { id_posiedzenia: s.id_posiedzenia, id_osoby: b.id_osoby, obecny: false };
            derived.push(record);
          }
          if (b.glos !== 'nieobecny') record.obecny = true;
        }
      }
      out.push(...derived);
    }
    return out;
  }

  attendanceIn(kadencja: string | null, organ: number | null): AttendanceRecord[] {
    const sessions = this.sessionsIn(kadencja, organ);
    return this.attendance().filter((r) => sessions.some((s) => s.id_posiedzenia === r.id_posiedzenia));
  }

  /**
   * Persons a ranking looks at: with a membership, a ballot or an attendance record in scope; with a
   * body (§7), with a ballot in its votes or a record of its sessions.
   */
  personsInScope(kadencja: string | null, organ: number | null = null): Person[] {
    const votes = this.votesIn(kadencja, organ);
    const records = this.attendanceIn(kadencja, organ);
    return this.c.persons.filter(
      (p) =>
        (organ === null &&
          this.c.memberships.some(
            (m) => m.id_osoby === p.id_osoby && (kadencja === null || m.kadencja === kadencja),
          )) ||
        votes.some((v) => this.ballotOf(v, p.id_osoby) !== undefined) ||
        records.some((r) => r.id_osoby === p.id_osoby),
    );
  }

  /** The bodies where a person has a ballot or an attendance record, in a term (null: any). */
  bodiesOf(personId: number, kadencja: string | null): Set<number> {
    const bodies = new Set<number>();
    for (const b of this.c.ballots) {
      if (b.id_osoby !== personId) continue;
      const v = this.c.votes.find((x) => x.id_glosowania === b.id_glosowania)!;
      if (kadencja === null || this.voteTerm(v) === kadencja) bodies.add(this.voteBody(v));
    }
    for (const r of this.attendance()) {
      const s = this.session(r.id_posiedzenia);
      if (r.id_osoby === personId && (kadencja === null || s.kadencja === kadencja)) bodies.add(s.id_organu);
    }
    return bodies;
  }

  /** The one council (typ rada, or the Sejm) among `bodies`, else nulls (issue 36). */
  councilAmong(bodies: Iterable<number>): { id_organu: number | null; organ: string | null } {
    const councils = [...new Set(bodies)].filter((id) => PLENARY_TYPES.includes(this.body(id).typ));
    return councils.length === 1
      ? { id_organu: councils[0]!, organ: this.body(councils[0]!).nazwa }
      : { id_organu: null, organ: null };
  }

  /** A person's council: where they have a ballot or an attendance record. */
  councilOf(personId: number): { id_organu: number | null; organ: string | null } {
    return this.councilAmong(this.bodiesOf(personId, null));
  }

  /** A group's council: where its members have a ballot or a record in the terms of their memberships of it. */
  groupCouncilOf(groupId: number): { id_organu: number | null; organ: string | null } {
    return this.councilAmong(
      this.c.memberships
        .filter((m) => m.id_ugrupowania === groupId)
        .flatMap((m) => [...this.bodiesOf(m.id_osoby, m.kadencja)]),
    );
  }

  // -------------------------------------------------------------------------------------------
  // Shapes

  voteSummary(v: Vote): Record<string, unknown> {
    const s = this.session(v.id_posiedzenia);
    const { za, przeciw, wstrzymujacy, nieobecni, brak_glosu } = this.voteCounts(v);
    return {
      id_glosowania: v.id_glosowania,
      numer: v.numer,
      tytul: v.tytul,
      data: v.data,
      godzina: v.godzina,
      kadencja: s.kadencja,
      id_organu: s.id_organu,
      organ: this.body(s.id_organu).nazwa,
      id_posiedzenia: v.id_posiedzenia,
      id_punktu: v.id_punktu,
      wynik: this.wynik(v),
      za,
      przeciw,
      wstrzymujacy,
      nieobecni,
      brak_glosu,
      kontrowersyjnosc: kontrowersyjnosc(za, przeciw),
      jednomyslnosc_procent: percent(Math.max(za, przeciw, wstrzymujacy), za + przeciw + wstrzymujacy),
      imienne: this.ballotsOf(v).length > 0,
      liczby_zrodla: this.statesTallies(v) ? { ...v.stated } : null,
      temat: this.topicOf(v),
    };
  }

  topicOf(v: Vote): string {
    return topicOfTitle(this.c.vocabulary, v.tytul);
  }

  /** Every topic: the vocabulary's entries in file order, then inne. */
  topics(): Array<{ temat: string; nazwa: string }> {
    return [...this.c.vocabulary.map((e) => ({ temat: e.id, nazwa: e.nazwa })), { temat: 'inne', nazwa: 'Inne' }];
  }

  /** §11 /api/utils/tematy: every topic with its votes in scope. */
  utilsTematy(query: Query): unknown {
    const votes = this.votesIn(query.kadencja ?? null, qOptInt(query, 'organ'));
    const data = this.topics().map((t) => ({
      ...t,
      liczba_glosowan: votes.filter((v) => this.topicOf(v) === t.temat).length,
    }));
    return { success: true, data };
  }

  /** §11 /api/statystyki/tematy: topics with a vote; the mean controversy: §2's percent of Σk over 100·n. */
  statystykiTematy(query: Query): unknown {
    const votes = this.votesIn(query.kadencja ?? null, qOptInt(query, 'organ'));
    const data = this.topics().flatMap((t) => {
      const mine = votes.filter((v) => this.topicOf(v) === t.temat);
      if (mine.length === 0) return [];
      const przyjete = mine.filter((v) => this.wynik(v) === PRZYJETO).length;
      const sum = mine.reduce((acc, v) => acc + (this.voteSummary(v).kontrowersyjnosc as number), 0);
      return [
        {
          ...t,
          liczba_glosowan: mine.length,
          przyjete,
          odrzucone: mine.length - przyjete,
          srednia_kontrowersyjnosc: percent(sum, 100 * mine.length),
        },
      ];
    });
    return { success: true, data };
  }

  /** §11 /api/radni/:id/tematy: per topic with a ballot of X in scope, profil-glosowania and zgodnosc-grupa on it. */
  radnyTematy(p: Person, query: Query): unknown {
    const kadencja = query.kadencja ?? null;
    const organ = qOptInt(query, 'organ');
    const agreement = this.groupAgreementVotes(p, kadencja, organ);
    const data = this.topics().flatMap((t) => {
      const votes = this.votesIn(kadencja, organ).filter((v) => this.topicOf(v) === t.temat);
      const counts: Record<Glos, number> = { za: 0, przeciw: 0, wstrzymujacy: 0, nieobecny: 0, brak_glosu: 0 };
      for (const v of votes) {
        const b = this.ballotOf(v, p.id_osoby);
        if (b) counts[b.glos]++;
      }
      const total = counts.za + counts.przeciw + counts.wstrzymujacy + counts.nieobecny + counts.brak_glosu;
      if (total === 0) return [];
      const counted = agreement.filter((x) => this.topicOf(x.vote) === t.temat);
      const zgodne = counted.filter((x) => x.agrees).length;
      return [
        {
          ...t,
          ...counts,
          za_procent: percent(counts.za, total),
          przeciw_procent: percent(counts.przeciw, total),
          wszystkie_glosowania: counted.length,
          zgodne,
          zgodnosc_procent: percent(zgodne, counted.length),
        },
      ];
    });
    return { success: true, data };
  }

  /**
   * /api/statystyki/tematy-buntownicy: per topic with a vote in scope (or the one asked for), the
   * councillors with a ballot in its votes and ≥ min_glosowan of them counted by zgodnosc-grupa, by the
   * share against their group desc (0/1 when none is counted), that count desc, id asc; `limit` per topic.
   */
  tematyBuntownicy(query: Query): unknown {
    const kadencja = query.kadencja ?? null;
    const organ = qOptInt(query, 'organ');
    const min = qInt(query, 'min_glosowan', 10);
    const limit = qInt(query, 'limit', 5);
    const votes = this.votesIn(kadencja, organ);
    const data = this.topics().flatMap((t) => {
      if (query.temat !== undefined && query.temat !== t.temat) return [];
      const mine = votes.filter((v) => this.topicOf(v) === t.temat);
      if (mine.length === 0) return [];
      const people = this.c.persons.filter((p) => mine.some((v) => this.ballotOf(v, p.id_osoby)));
      const items = people
        .map((p) => {
          const counted = this.groupAgreementVotes(p, kadencja, organ).filter((x) => this.topicOf(x.vote) === t.temat);
          return { p, all: counted.length, against: counted.filter((x) => !x.agrees).length };
        })
        .filter((x) => x.all >= min);
      items.sort(
        (x, y) =>
          compareRatio(y.against, y.all || 1, x.against, x.all || 1) ||
          y.against - x.against ||
          x.p.id_osoby - y.p.id_osoby,
      );
      const radni = items.slice(0, limit).map((x, i) => ({
        pozycja: i + 1,
        id_osoby: x.p.id_osoby,
        imie_nazwisko: x.p.imie_nazwisko,
        ugrupowanie: this.displayGroupName(x.p.id_osoby, kadencja),
        wszystkie_glosowania: x.all,
        niezgodne: x.against,
        procent: percent(x.against, x.all),
        ...this.councilOf(x.p.id_osoby),
      }));
      return [{ ...t, radni }];
    });
    return { success: true, data };
  }

  voteDetail(v: Vote): Record<string, unknown> {
    const s = this.session(v.id_posiedzenia);
    const p = v.id_punktu === null ? undefined : this.c.punkty.find((x) => x.id_punktu === v.id_punktu);
    return {
      ...this.voteSummary(v),
      posiedzenie: { id_posiedzenia: s.id_posiedzenia, numer: s.numer, data: s.data, nazwa: s.nazwa },
      punkt: p ? { id_punktu: p.id_punktu, numer: p.numer, tytul: p.tytul } : null,
      liczba_zalacznikow: this.c.attachments.filter((a) => a.id_glosowania === v.id_glosowania).length,
      wymagana_wiekszosc: null, // a CSV bundle states no majority
    };
  }

  personVoteItems(person: Person, votes: Vote[]): Array<Record<string, unknown>> {
    return [...votes]
      .sort(dateOrder)
      .map((v) => ({ ...this.voteSummary(v), glos: this.ballotOf(v, person.id_osoby)!.glos }));
  }

  sessionItem(s: Session): Record<string, unknown> {
    const records = this.attendance().filter((r) => r.id_posiedzenia === s.id_posiedzenia);
    const obecni = records.filter((r) => r.obecny).length;
    return {
      id_posiedzenia: s.id_posiedzenia,
      numer: s.numer,
      nazwa: s.nazwa,
      data: s.data,
      kadencja: s.kadencja,
      id_organu: s.id_organu,
      organ: this.body(s.id_organu).nazwa,
      liczba_punktow: this.c.punkty.filter((p) => p.id_posiedzenia === s.id_posiedzenia).length,
      liczba_glosowan: this.c.votes.filter((v) => v.id_posiedzenia === s.id_posiedzenia).length,
      obecni,
      liczba_obecnosci: records.length,
      frekwencja_procent: percent(obecni, records.length),
      lista_obecnosci: this.hasGivenAttendance(s),
    };
  }

  /** The session's attendance is the source's (obecnosci.csv rows), not derived from the ballots. */
  hasGivenAttendance(s: Session): boolean {
    return this.c.givenAttendance.some((a) => a.id_posiedzenia === s.id_posiedzenia);
  }

  // -------------------------------------------------------------------------------------------
  // Councillors

  radniList(query: Query): unknown {
    const kadencja = query.kadencja ?? null;
    const ugrupowanie = qOptInt(query, 'ugrupowanie');
    const aktywny = qBool(query, 'aktywny');
    const organ = qOptInt(query, 'organ');
    const records = organ === null ? [] : this.attendanceIn(kadencja, organ);
    const items: Array<{ person: Person; m: Membership }> = [];
    for (const p of this.c.persons) {
      const m = this.displayMembership(p.id_osoby, kadencja);
      if (m === null) continue;
      if (organ !== null && !records.some((r) => r.id_osoby === p.id_osoby)) continue;
      if (ugrupowanie !== null && m.id_ugrupowania !== ugrupowanie) continue;
      if (aktywny !== null && (m.aktywny === 1) !== aktywny) continue;
      items.push({ person: p, m });
    }
    items.sort((a, b) => compareNames(a.person, b.person));
    const data = items.map(({ person, m }) => ({
      id_osoby: person.id_osoby,
      imie_nazwisko: person.imie_nazwisko,
      kadencja: m.kadencja,
      przynaleznosc_id: m.przynaleznosc_id,
      id_ugrupowania: m.id_ugrupowania,
      ugrupowanie: this.groupName(m.id_ugrupowania),
      aktywny: m.aktywny,
      token: person.token,
      ...this.councilOf(person.id_osoby),
    }));
    return { success: true, data, count: data.length };
  }

  radnyProfile(p: Person, query: Query): unknown {
    const kadencja = query.kadencja ?? null;
    const m = this.displayMembership(p.id_osoby, kadencja);
    let liczbaGlosow = 0;
    for (const v of this.votesIn(kadencja, null)) {
      const b = this.ballotOf(v, p.id_osoby);
      if (b && isActive(b.glos)) liczbaGlosow++;
    }
    const records = this.attendanceIn(kadencja, null).filter((r) => r.id_osoby === p.id_osoby);
    return {
      success: true,
      data: {
        id_osoby: p.id_osoby,
        imie_nazwisko: p.imie_nazwisko,
        token: p.token,
        kadencja: m === null ? null : m.kadencja,
        id_ugrupowania: m === null ? null : m.id_ugrupowania,
        ugrupowanie: m === null ? null : this.groupName(m.id_ugrupowania),
        aktywny: m === null ? 0 : m.aktywny,
        liczba_glosow: liczbaGlosow,
        liczba_posiedzen: records.length,
        ...this.councilOf(p.id_osoby),
      },
    };
  }

  radnyGlosowania(p: Person, query: Query): unknown {
    // §9: `glos` keeps the votes where X's ballot has that value.
    const glos = query.glos ?? null;
    const temat = query.temat ?? null; // §11
    const votes = this.votesIn(query.kadencja ?? null, qOptInt(query, 'organ')).filter((v) => {
      const mine = this.ballotOf(v, p.id_osoby);
      return (
        mine !== undefined && (glos === null || mine.glos === glos) && (temat === null || this.topicOf(v) === temat)
      );
    });
    return {
      success: true,
      ...paged(this.personVoteItems(p, votes), qInt(query, 'page', 1), qInt(query, 'limit', 20)),
    };
  }

  /** §9: X's attendance records in scope, by session date desc, then id desc. */
  obecnosciRadnego(p: Person, query: Query): unknown {
    const records = this.attendanceIn(query.kadencja ?? null, qOptInt(query, 'organ'))
      .filter((r) => r.id_osoby === p.id_osoby)
      .map((r) => ({ r, s: this.session(r.id_posiedzenia) }))
      .sort((x, y) => sessionOrder(x.s, y.s))
      .map(({ r, s }) => ({
        id_posiedzenia: s.id_posiedzenia,
        id_organu: s.id_organu,
        numer: s.numer,
        data: s.data,
        obecny: r.obecny ? 1 : 0,
        lista_obecnosci: this.hasGivenAttendance(s),
      }));
    return { success: true, ...paged(records, qInt(query, 'page', 1), qInt(query, 'limit', 20)) };
  }

  /** §9: X beside Y over the votes in scope where both cast an active ballot; no threshold. */
  porownanie(p: Person, other: Person, query: Query): unknown {
    const kadencja = query.kadencja ?? null;
    const shared = this.votesIn(kadencja, qOptInt(query, 'organ')).filter((v) => {
      const a = this.ballotOf(v, p.id_osoby);
      const b = this.ballotOf(v, other.id_osoby);
      return a !== undefined && b !== undefined && isActive(a.glos) && isActive(b.glos);
    });
    const differing = shared
      .filter((v) => this.ballotOf(v, p.id_osoby)!.glos !== this.ballotOf(v, other.id_osoby)!.glos)
      .sort(dateOrder);
    const zgodne = shared.length - differing.length;
    const who = (x: Person) => ({
      id_osoby: x.id_osoby,
      imie_nazwisko: x.imie_nazwisko,
      ugrupowanie: this.displayGroupName(x.id_osoby, kadencja),
      ...this.councilOf(x.id_osoby),
    });
    // Issue 36: whether both have a ballot or an attendance record in one body in scope.
    const organ = qOptInt(query, 'organ');
    const bodies = (x: Person) => [...this.bodiesOf(x.id_osoby, kadencja)].filter((b) => organ === null || b === organ);
    const otherBodies = bodies(other);
    const rozbiezne = differing.map((v) => ({
      id_glosowania: v.id_glosowania,
      data_czas: v.data_czas,
      tytul: v.tytul,
      wynik: this.wynik(v),
      glos: this.ballotOf(v, p.id_osoby)!.glos,
      glos_drugiego: this.ballotOf(v, other.id_osoby)!.glos,
    }));
    const { data, pagination } = paged(rozbiezne, qInt(query, 'page', 1), qInt(query, 'limit', 20));
    return {
      success: true,
      data: {
        radny: who(p),
        drugi: who(other),
        wspolne_glosowania: shared.length,
        zgodne,
        zgodnosc_procent: percent(zgodne, shared.length),
        rozbiezne: data,
        wspolny_organ: bodies(p).some((b) => otherBodies.includes(b)),
      },
      pagination,
    };
  }

  profil(p: Person, query: Query): unknown {
    const counts: Record<Glos, number> = { za: 0, przeciw: 0, wstrzymujacy: 0, nieobecny: 0, brak_glosu: 0 };
    for (const v of this.votesIn(query.kadencja ?? null, null)) {
      const b = this.ballotOf(v, p.id_osoby);
      if (b) counts[b.glos]++;
    }
    const total = counts.za + counts.przeciw + counts.wstrzymujacy + counts.nieobecny + counts.brak_glosu;
    return {
      success: true,
      data: {
        za: counts.za,
        przeciw: counts.przeciw,
        wstrzymujacy: counts.wstrzymujacy,
        nieobecny: counts.nieobecny,
        brak_glosu: counts.brak_glosu,
        za_procent: percent(counts.za, total),
        przeciw_procent: percent(counts.przeciw, total),
        wstrzymujacy_procent: percent(counts.wstrzymujacy, total),
        nieobecny_procent: percent(counts.nieobecny, total),
        brak_glosu_procent: percent(counts.brak_glosu, total),
      },
    };
  }

  frekwencja(p: Person, query: Query): unknown {
    const records = this.attendanceIn(query.kadencja ?? null, null).filter((r) => r.id_osoby === p.id_osoby);
    const obecnosci = records.filter((r) => r.obecny).length;
    return {
      success: true,
      data: {
        liczba_posiedzen: records.length,
        obecnosci,
        nieobecnosci: records.length - obecnosci,
        frekwencja_procent: percent(obecnosci, records.length),
      },
    };
  }

  frekwencjaCzas(p: Person, query: Query): unknown {
    const records = this.attendanceIn(query.kadencja ?? null, null).filter((r) => r.id_osoby === p.id_osoby);
    const months: string[] = [];
    for (const r of records) {
      const month = this.session(r.id_posiedzenia).data.slice(0, 7);
      if (!months.includes(month)) months.push(month);
    }
    months.sort();
    const data = months.map((miesiac) => {
      const inMonth = records.filter((r) => this.session(r.id_posiedzenia).data.slice(0, 7) === miesiac);
      const obecnosci = inMonth.filter((r) => r.obecny).length;
      return {
        miesiac,
        liczba_posiedzen: inMonth.length,
        obecnosci,
        frekwencja_procent: percent(obecnosci, inMonth.length),
      };
    });
    return { success: true, data };
  }

  /** The votes counted by zgodnosc-grupa (CONTRACT §3), each with whether X agreed with the group. */
  groupAgreementVotes(
    p: Person,
    kadencja: string | null,
    organ: number | null = null,
  ): Array<{ vote: Vote; agrees: boolean }> {
    const out: Array<{ vote: Vote; agrees: boolean }> = [];
    for (const v of this.votesIn(kadencja, organ)) {
      const mine = this.ballotOf(v, p.id_osoby);
      if (!mine || !isActive(mine.glos)) continue;
      const group = this.groupAtVote(p.id_osoby, v);
      if (group === null) continue;
      const groupBallots = this.ballotsOf(v).filter((b) => this.groupAtVote(b.id_osoby, v) === group);
      const position = strictLargest(groupBallots);
      if (position === null) continue;
      const otherActive = groupBallots.some((b) => b.id_osoby !== p.id_osoby && isActive(b.glos));
      if (!otherActive) continue;
      out.push({ vote: v, agrees: mine.glos === position });
    }
    return out;
  }

  zgodnoscGrupa(p: Person, query: Query): unknown {
    const counted = this.groupAgreementVotes(p, query.kadencja ?? null);
    const zgodne = counted.filter((x) => x.agrees).length;
    return {
      success: true,
      data: { wszystkie_glosowania: counted.length, zgodne, zgodnosc_procent: percent(zgodne, counted.length) },
    };
  }

  buntownicze(p: Person, query: Query): unknown {
    const votes = this.groupAgreementVotes(p, query.kadencja ?? null, qOptInt(query, 'organ'))
      .filter((x) => !x.agrees && (query.temat === undefined || this.topicOf(x.vote) === query.temat))
      .map((x) => x.vote);
    return {
      success: true,
      ...paged(this.personVoteItems(p, votes), qInt(query, 'page', 1), qInt(query, 'limit', 20)),
    };
  }

  /** The votes counted in zgodnosc-grupa where X voted as the group: its `zgodne`, listed. */
  zgodneGlosowania(p: Person, query: Query): unknown {
    const votes = this.groupAgreementVotes(p, query.kadencja ?? null, qOptInt(query, 'organ'))
      .filter((x) => x.agrees && (query.temat === undefined || this.topicOf(x.vote) === query.temat))
      .map((x) => x.vote);
    const items = this.personVoteItems(p, votes);
    return { success: true, ...paged(items, qInt(query, 'page', 1), qInt(query, 'limit', 20)) };
  }

  /** The total of each of X's vote lists: the pagination total each list endpoint gives. */
  glosowaniaLiczby(p: Person, query: Query): unknown {
    const scope: Query = query.kadencja === undefined ? {} : { kadencja: query.kadencja };
    const total = (body: unknown) => (body as { pagination: { total: number } }).pagination.total;
    return {
      success: true,
      data: {
        wszystkie: total(this.radnyGlosowania(p, scope)),
        zgodne: total(this.zgodneGlosowania(p, scope)),
        buntownicze: total(this.buntownicze(p, scope)),
        samotne: total(this.samotne(p, scope)),
        kluczowe: total(this.kluczowe(p, scope)),
      },
    };
  }

  /** The bodies of the sessions where X has an attendance record in scope, by id. */
  organyRadnego(p: Person, query: Query): unknown {
    const bodies = new Set(
      this.attendanceIn(query.kadencja ?? null, null)
        .filter((r) => r.id_osoby === p.id_osoby)
        .map((r) => this.session(r.id_posiedzenia).id_organu),
    );
    const data = [...bodies]
      .sort((a, b) => a - b)
      .map((id) => {
        const b = this.body(id);
        return { id_organu: b.id_organu, nazwa: b.nazwa, typ: b.typ };
      });
    return { success: true, data };
  }

  /** X beside Y per calendar month of the vote date: the shared active votes of that month and the equal ones. */
  zgodnoscCzas(p: Person, other: Person, query: Query): unknown {
    const votes = this.votesIn(query.kadencja ?? null, qOptInt(query, 'organ'));
    const months = [...new Set(votes.map((v) => v.data.slice(0, 7)))].sort();
    const data = months.flatMap((miesiac) => {
      let wspolne = 0;
      let zgodne = 0;
      for (const v of votes.filter((x) => x.data.slice(0, 7) === miesiac)) {
        const a = this.ballotOf(v, p.id_osoby);
        const b = this.ballotOf(v, other.id_osoby);
        if (!a || !b || !isActive(a.glos) || !isActive(b.glos)) continue;
        wspolne++;
        if (a.glos === b.glos) zgodne++;
      }
      if (wspolne === 0) return [];
      return [{ miesiac, wspolne_glosowania: wspolne, zgodne, zgodnosc_procent: percent(zgodne, wspolne) }];
    });
    return { success: true, data };
  }

  /** Shared active votes and agreements of two persons in scope. */
  pair(
    a: number,
    b: number,
    kadencja: string | null,
    organ: number | null = null,
  ): { wspolne: number; zgodne: number } {
    let wspolne = 0;
    let zgodne = 0;
    for (const v of this.votesIn(kadencja, organ)) {
      const ba = this.ballotOf(v, a);
      const bb = this.ballotOf(v, b);
      if (!ba || !bb || !isActive(ba.glos) || !isActive(bb.glos)) continue;
      wspolne++;
      if (ba.glos === bb.glos) zgodne++;
    }
    return { wspolne, zgodne };
  }

  partners(p: Person, query: Query, lowestFirst: boolean): unknown {
    const kadencja = query.kadencja ?? null;
    const minWspolne = Math.max(1, qInt(query, 'min_wspolne', 10));
    const limit = qInt(query, 'limit', 10);
    const found: Array<{ other: Person; wspolne: number; zgodne: number }> = [];
    for (const other of this.c.persons) {
      if (other.id_osoby === p.id_osoby) continue;
      const { wspolne, zgodne } = this.pair(p.id_osoby, other.id_osoby, kadencja);
      if (wspolne >= minWspolne) found.push({ other, wspolne, zgodne });
    }
    found.sort((x, y) => {
      const byAgreement = compareRatio(y.zgodne, y.wspolne, x.zgodne, x.wspolne);
      return (lowestFirst ? -byAgreement : byAgreement) || y.wspolne - x.wspolne || x.other.id_osoby - y.other.id_osoby;
    });
    const data = found.slice(0, limit).map((x, i) => ({
      pozycja: i + 1,
      id_osoby: x.other.id_osoby,
      imie_nazwisko: x.other.imie_nazwisko,
      ugrupowanie: this.displayGroupName(x.other.id_osoby, kadencja),
      wspolne_glosowania: x.wspolne,
      zgodne: x.zgodne,
      zgodnosc_procent: percent(x.zgodne, x.wspolne),
      ...this.councilOf(x.other.id_osoby),
    }));
    return { success: true, data };
  }

  samotne(p: Person, query: Query): unknown {
    const votes: Vote[] = [];
    for (const v of this.votesIn(query.kadencja ?? null, null)) {
      const mine = this.ballotOf(v, p.id_osoby);
      if (!mine || !isActive(mine.glos)) continue;
      const ballots = this.ballotsOf(v);
      const active = ballots.filter((b) => isActive(b.glos)).length;
      if (active >= 2 && this.countOf(ballots, mine.glos) === 1) votes.push(v);
    }
    return {
      success: true,
      ...paged(this.personVoteItems(p, votes), qInt(query, 'page', 1), qInt(query, 'limit', 20)),
    };
  }

  kluczowe(p: Person, query: Query): unknown {
    const votes: Vote[] = [];
    for (const v of this.votesIn(query.kadencja ?? null, null)) {
      const mine = this.ballotOf(v, p.id_osoby);
      if (!mine) continue;
      const ballots = this.ballotsOf(v);
      const za = this.countOf(ballots, 'za');
      const przeciw = this.countOf(ballots, 'przeciw');
      const wynik = this.wynik(v);
      if (
        (wynik === PRZYJETO && mine.glos === 'za' && za - przeciw === 1) ||
        (wynik === ODRZUCONO && mine.glos === 'przeciw' && przeciw - za === 1)
      ) {
        votes.push(v);
      }
    }
    return {
      success: true,
      ...paged(this.personVoteItems(p, votes), qInt(query, 'page', 1), qInt(query, 'limit', 20)),
    };
  }

  // -------------------------------------------------------------------------------------------
  // Votes

  glosowaniaList(query: Query): unknown {
    const dataOd = query.data_od ?? null;
    const dataDo = query.data_do ?? null;
    const wynikRaw = query.wynik ?? null;
    const wynik = wynikRaw === 'przyjeto' ? PRZYJETO : wynikRaw;
    const kontrMin = qOptInt(query, 'kontrowersyjnosc_min');
    const search = query.search === undefined ? null : foldText(query.search);
    const temat = query.temat ?? null; // §11
    const jakosc = (query.jakosc ?? null) as 'tylko_liczby' | 'rozbiezne_liczby' | 'wynik_wbrew_liczbom' | null; // §12
    const votes = this.votesIn(query.kadencja ?? null, qOptInt(query, 'organ')).filter((v) => {
      if (temat !== null && this.topicOf(v) !== temat) return false;
      if (jakosc !== null && !this.jakoscOf(v)[jakosc]) return false;
      if (dataOd !== null && v.data < dataOd) return false;
      if (dataDo !== null && v.data > dataDo) return false;
      if (wynik !== null && this.wynik(v) !== wynik) return false;
      if (kontrMin !== null && (this.voteSummary(v).kontrowersyjnosc as number) < kontrMin) return false;
      if (search !== null && !foldText(v.tytul).includes(search)) return false;
      return true;
    });
    votes.sort(dateOrder);
    return {
      success: true,
      ...paged(
        votes.map((v) => this.voteSummary(v)),
        qInt(query, 'page', 1),
        qInt(query, 'limit', 20),
      ),
    };
  }

  glosy(v: Vote, query: Query): unknown {
    const entries = this.ballotsOf(v)
      .map((b) => ({ b, person: this.person(b.id_osoby)!, group: this.groupAtVote(b.id_osoby, v) }))
      .sort((x, y) => compareNames(x.person, y.person))
      .map((x) => ({
        glos: x.b.glos,
        id_osoby: x.person.id_osoby,
        imie_nazwisko: x.person.imie_nazwisko,
        ugrupowanie: this.groupName(x.group),
        ...this.councilOf(x.person.id_osoby),
      }));
    if (qBool(query, 'ugrupowanie') !== true) return { success: true, data: entries, grouped: false };
    const keys: string[] = [];
    for (const e of entries) {
      const key = e.ugrupowanie ?? NO_GROUP_KEY;
      if (!keys.includes(key)) keys.push(key);
    }
    const size = (key: string): number => entries.filter((e) => (e.ugrupowanie ?? NO_GROUP_KEY) === key).length;
    keys.sort((a, b) => size(b) - size(a) || POLISH.compare(a, b));
    const data: Record<string, unknown[]> = {};
    for (const key of keys) data[key] = entries.filter((e) => (e.ugrupowanie ?? NO_GROUP_KEY) === key);
    return { success: true, data, grouped: true };
  }

  // -------------------------------------------------------------------------------------------
  // Statistics

  dashboard(query: Query): unknown {
    const kadencja = query.kadencja ?? null;
    const organ = qOptInt(query, 'organ');
    const records = this.attendanceIn(kadencja, organ);
    const people: number[] = [];
    if (organ === null) {
      for (const m of this.c.memberships) {
        if ((kadencja === null || m.kadencja === kadencja) && !people.includes(m.id_osoby)) people.push(m.id_osoby);
      }
    } else {
      for (const r of records) if (!people.includes(r.id_osoby)) people.push(r.id_osoby);
    }
    return {
      success: true,
      data: {
        liczba_posiedzen: this.sessionsIn(kadencja, organ).length,
        liczba_glosow: this.votesIn(kadencja, organ).length,
        liczba_radnych: people.length,
        srednia_frekwencja: percentString(records.filter((r) => r.obecny).length, records.length),
      },
    };
  }

  rankingFrekwencji(query: Query): unknown {
    const kadencja = query.kadencja ?? null;
    const min = qInt(query, 'min_posiedzen', 1);
    const organ = qOptInt(query, 'organ');
    const records = this.attendanceIn(kadencja, organ);
    const items = this.personsInScope(kadencja, organ)
      .map((p) => {
        const mine = records.filter((r) => r.id_osoby === p.id_osoby);
        return { p, liczba: mine.length, obecnosci: mine.filter((r) => r.obecny).length };
      })
      .filter((x) => x.liczba >= min);
    items.sort(
      (x, y) =>
        compareRatio(y.obecnosci, y.liczba, x.obecnosci, x.liczba) ||
        y.liczba - x.liczba ||
        x.p.id_osoby - y.p.id_osoby,
    );
    const data = items.slice(0, qInt(query, 'limit', 20)).map((x, i) => ({
      pozycja: i + 1,
      id_osoby: x.p.id_osoby,
      imie_nazwisko: x.p.imie_nazwisko,
      ugrupowanie: this.displayGroupName(x.p.id_osoby, kadencja),
      liczba_posiedzen: x.liczba,
      obecnosci: x.obecnosci,
      nieobecnosci: x.liczba - x.obecnosci,
      frekwencja_procent: percent(x.obecnosci, x.liczba),
      ...this.councilOf(x.p.id_osoby),
    }));
    return { success: true, data };
  }

  /** Per person: active ballots in votes with a majority position, and how many differ from it. */
  majorityCounts(
    kadencja: string | null,
    organ: number | null,
  ): Array<{ p: Person; glosowania: number; mniejszosc: number }> {
    const votes = this.votesIn(kadencja, organ);
    return this.personsInScope(kadencja, organ).map((p) => {
      let glosowania = 0;
      let mniejszosc = 0;
      for (const v of votes) {
        const majority = strictLargest(this.ballotsOf(v));
        if (majority === null) continue;
        const mine = this.ballotOf(v, p.id_osoby);
        if (!mine || !isActive(mine.glos)) continue;
        glosowania++;
        if (mine.glos !== majority) mniejszosc++;
      }
      return { p, glosowania, mniejszosc };
    });
  }

  rankingBuntownikow(query: Query, loyal: boolean): unknown {
    const kadencja = query.kadencja ?? null;
    const min = qInt(query, 'min_glosowan', 10);
    const items = this.majorityCounts(kadencja, qOptInt(query, 'organ'))
      .filter((x) => x.glosowania >= min)
      .map((x) => ({ ...x, n: loyal ? x.glosowania - x.mniejszosc : x.mniejszosc }));
    items.sort(
      (x, y) => compareRatio(y.n, y.glosowania, x.n, x.glosowania) || y.n - x.n || x.p.id_osoby - y.p.id_osoby,
    );
    const data = items.slice(0, qInt(query, 'limit', 20)).map((x, i) => ({
      pozycja: i + 1,
      id_osoby: x.p.id_osoby,
      imie_nazwisko: x.p.imie_nazwisko,
      ugrupowanie: this.displayGroupName(x.p.id_osoby, kadencja),
      glosowania: x.glosowania,
      ...(loyal ? { w_wiekszosci: x.n } : { w_mniejszosci: x.n }),
      procent: percent(x.n, x.glosowania),
      ...this.councilOf(x.p.id_osoby),
    }));
    return { success: true, data };
  }

  najbardziejKontrowersyjne(query: Query): unknown {
    const votes = this.votesIn(query.kadencja ?? null, qOptInt(query, 'organ'));
    const summaries = votes.map((v) => ({ v, s: this.voteSummary(v) }));
    summaries.sort((x, y) => {
      const kx = x.s.kontrowersyjnosc as number;
      const ky = y.s.kontrowersyjnosc as number;
      const tx = (x.s.za as number) + (x.s.przeciw as number);
      const ty = (y.s.za as number) + (y.s.przeciw as number);
      return ky - kx || ty - tx || dateOrder(x.v, y.v);
    });
    const data = summaries.slice(0, qInt(query, 'limit', 20)).map((x, i) => ({ pozycja: i + 1, ...x.s }));
    return { success: true, data };
  }

  najbardziejJednomyslne(query: Query): unknown {
    const items = this.votesIn(query.kadencja ?? null, qOptInt(query, 'organ'))
      .map((v) => {
        const { za, przeciw, wstrzymujacy } = this.voteCounts(v);
        return { v, top: Math.max(za, przeciw, wstrzymujacy), active: za + przeciw + wstrzymujacy };
      })
      .filter((x) => x.active >= 1);
    items.sort((x, y) => compareRatio(y.top, y.active, x.top, x.active) || y.active - x.active || dateOrder(x.v, y.v));
    const data = items.slice(0, qInt(query, 'limit', 20)).map((x, i) => ({ pozycja: i + 1, ...this.voteSummary(x.v) }));
    return { success: true, data };
  }

  aktywnoscOrganow(query: Query): unknown {
    const kadencja = query.kadencja ?? null;
    const organ = qOptInt(query, 'organ');
    const items = this.c.bodies
      .filter((b) => organ === null || b.id_organu === organ)
      .map((b) => {
        const posiedzenia = this.sessionsIn(kadencja, b.id_organu).length;
        const glosy = this.votesIn(kadencja, b.id_organu).length;
        return {
          id_organu: b.id_organu,
          nazwa: b.nazwa,
          typ: b.typ,
          liczba_posiedzen: posiedzenia,
          liczba_glosow: glosy,
          srednia_glosow_na_posiedzenie: ratio2(glosy, posiedzenia),
        };
      });
    items.sort((x, y) => y.liczba_glosow - x.liczba_glosow || x.id_organu - y.id_organu);
    return { success: true, data: items };
  }

  frekwencjaCzasGlobal(query: Query): unknown {
    const sessions = this.sessionsIn(query.kadencja ?? null, qOptInt(query, 'organ'));
    const records = this.attendance();
    const months: string[] = [];
    for (const s of sessions) if (!months.includes(s.data.slice(0, 7))) months.push(s.data.slice(0, 7));
    months.sort();
    const data = months.map((miesiac) => {
      const inMonth = sessions.filter((s) => s.data.slice(0, 7) === miesiac);
      const mine = records.filter((r) => inMonth.some((s) => s.id_posiedzenia === r.id_posiedzenia));
      const obecnosci = mine.filter((r) => r.obecny).length;
      return {
        miesiac,
        liczba_posiedzen: inMonth.length,
        obecnosci,
        nieobecnosci: mine.length - obecnosci,
        frekwencja_procent: percent(obecnosci, mine.length),
      };
    });
    return { success: true, data };
  }

  topKoalicje(query: Query): unknown {
    const kadencja = query.kadencja ?? null;
    const minWspolne = Math.max(1, qInt(query, 'min_wspolne', 10));
    const onlyBetween = qBool(query, 'tylko_miedzy_ugrupowaniami') === true;
    const organ = qOptInt(query, 'organ');
    const pairs: Array<{ a: Person; b: Person; wspolne: number; zgodne: number }> = [];
    for (const a of this.c.persons) {
      for (const b of this.c.persons) {
        if (a.id_osoby >= b.id_osoby) continue;
        const { wspolne, zgodne } = this.pair(a.id_osoby, b.id_osoby, kadencja, organ);
        if (wspolne < minWspolne) continue;
        if (onlyBetween) {
          const ga = this.displayMembership(a.id_osoby, kadencja)?.id_ugrupowania ?? null;
          const gb = this.displayMembership(b.id_osoby, kadencja)?.id_ugrupowania ?? null;
          if (ga === gb) continue;
        }
        pairs.push({ a, b, wspolne, zgodne });
      }
    }
    pairs.sort(
      (x, y) =>
        compareRatio(y.zgodne, y.wspolne, x.zgodne, x.wspolne) ||
        y.wspolne - x.wspolne ||
        x.a.id_osoby - y.a.id_osoby ||
        x.b.id_osoby - y.b.id_osoby,
    );
    const who = (p: Person) => ({
      id_osoby: p.id_osoby,
      imie_nazwisko: p.imie_nazwisko,
      ugrupowanie: this.displayGroupName(p.id_osoby, kadencja),
      ...this.councilOf(p.id_osoby),
    });
    const data = pairs.slice(0, qInt(query, 'limit', 20)).map((x, i) => ({
      pozycja: i + 1,
      radny_1: who(x.a),
      radny_2: who(x.b),
      wspolne_glosowania: x.wspolne,
      zgodne: x.zgodne,
      zgodnosc_procent: percent(x.zgodne, x.wspolne),
    }));
    return { success: true, data };
  }

  /**
   * §9: per group, over the votes in scope where the group's members at the vote cast T = Y + N + A ≥ 2
   * active ballots: the number of such votes and the percent of Σ(3·max(Y, N, A) − T) over Σ(2·T).
   */
  spojnoscUgrupowan(query: Query): unknown {
    const votes = this.votesIn(query.kadencja ?? null, qOptInt(query, 'organ'));
    const items = this.c.groups
      .map((g) => {
        let liczba = 0;
        let licznik = 0;
        let mianownik = 0;
        for (const v of votes) {
          const members = this.ballotsOf(v).filter(
            (b) => isActive(b.glos) && this.groupAtVote(b.id_osoby, v) === g.id_ugrupowania,
          );
          const [y, n, a] = ACTIVE_OPTIONS.map((option) => this.countOf(members, option)) as [number, number, number];
          const t = y + n + a;
          if (t < 2) continue;
          liczba++;
          licznik += 3 * Math.max(y, n, a) - t;
          mianownik += 2 * t;
        }
        return { g, liczba, licznik, mianownik };
      })
      .filter((x) => x.liczba > 0);
    items.sort(
      (x, y) =>
        compareRatio(y.licznik, y.mianownik, x.licznik, x.mianownik) ||
        y.liczba - x.liczba ||
        x.g.id_ugrupowania - y.g.id_ugrupowania,
    );
    const data = items.slice(0, qInt(query, 'limit', 20)).map((x, i) => ({
      pozycja: i + 1,
      id_ugrupowania: x.g.id_ugrupowania,
      nazwa: x.g.nazwa,
      liczba_glosowan: x.liczba,
      spojnosc_procent: percent(x.licznik, x.mianownik),
      ...this.groupCouncilOf(x.g.id_ugrupowania),
    }));
    return { success: true, data };
  }

  /** One group's Agreement Index sums over the votes in `votes` where its members cast T ≥ 2 active ballots. */
  cohesionOver(g: Group, votes: Vote[]): { liczba: number; licznik: number; mianownik: number } {
    let liczba = 0;
    let licznik = 0;
    let mianownik = 0;
    for (const v of votes) {
      const inGroup = (b: Ballot) => isActive(b.glos) && this.groupAtVote(b.id_osoby, v) === g.id_ugrupowania;
      const members = this.ballotsOf(v).filter(inGroup);
      const [y, n, a] = ACTIVE_OPTIONS.map((option) => this.countOf(members, option)) as [number, number, number];
      const t = y + n + a;
      if (t < 2) continue;
      liczba++;
      licznik += 3 * Math.max(y, n, a) - t;
      mianownik += 2 * t;
    }
    return { liczba, licznik, mianownik };
  }

  /** The groups of spojnosc-ugrupowan (or the one asked for), each with its cohesion over each month's votes alone. */
  spojnoscCzas(query: Query): unknown {
    const votes = this.votesIn(query.kadencja ?? null, qOptInt(query, 'organ'));
    type Ranked = { data: Array<{ pozycja: number; id_ugrupowania: number; nazwa: string }> };
    const ranked = (this.spojnoscUgrupowan({ ...query, limit: String(this.c.groups.length + 1) }) as Ranked).data;
    const only = qOptInt(query, 'ugrupowanie');
    const months = [...new Set(votes.map((v) => v.data.slice(0, 7)))].sort();
    const shown = ranked.filter((r) => only === null || r.id_ugrupowania === only).slice(0, qInt(query, 'limit', 20));
    const data = shown.map((r) => {
      const g = this.c.groups.find((x) => x.id_ugrupowania === r.id_ugrupowania)!;
      const miesiace = months.flatMap((miesiac) => {
        const inMonth = votes.filter((v) => v.data.slice(0, 7) === miesiac);
        const { liczba, licznik, mianownik } = this.cohesionOver(g, inMonth);
        if (liczba === 0) return [];
        return [{ miesiac, liczba_glosowan: liczba, spojnosc_procent: percent(licznik, mianownik) }];
      });
      return { pozycja: r.pozycja, id_ugrupowania: r.id_ugrupowania, nazwa: r.nazwa, miesiace };
    });
    return { success: true, data };
  }

  /** The rankings' largest samples in scope: most attendance records, most active ballots in votes with a majority. */
  najwiekszeProby(query: Query): unknown {
    const kadencja = query.kadencja ?? null;
    const organ = qOptInt(query, 'organ');
    const records = this.attendanceIn(kadencja, organ);
    let posiedzenia = 0;
    for (const p of this.c.persons) {
      posiedzenia = Math.max(posiedzenia, records.filter((r) => r.id_osoby === p.id_osoby).length);
    }
    const majority = this.majorityCounts(kadencja, organ);
    const glosowania = Math.max(0, ...majority.map((x) => x.glosowania));
    // Without organ, the same per council of the persons (councilOf), councils with a non-zero figure, by id.
    const rady = new Map<number, { id_organu: number; max_posiedzen: number; max_glosowan: number }>();
    if (organ === null) {
      for (const p of this.c.persons) {
        const council = this.councilOf(p.id_osoby).id_organu;
        if (council === null) continue;
        const own = records.filter((r) => r.id_osoby === p.id_osoby).length;
        const votes = majority.find((x) => x.p.id_osoby === p.id_osoby)?.glosowania ?? 0;
        const seen = rady.get(council) ?? { id_organu: council, max_posiedzen: 0, max_glosowan: 0 };
        rady.set(council, {
          id_organu: council,
          max_posiedzen: Math.max(seen.max_posiedzen, own),
          max_glosowan: Math.max(seen.max_glosowan, votes),
        });
      }
    }
    const councils = [...rady.values()]
      .filter((c) => c.max_posiedzen > 0 || c.max_glosowan > 0)
      .sort((a, b) => a.id_organu - b.id_organu);
    return { success: true, data: { max_posiedzen: posiedzenia, max_glosowan: glosowania, rady: councils } };
  }

  // -------------------------------------------------------------------------------------------
  // Sessions

  posiedzeniaList(query: Query): unknown {
    const dataOd = query.data_od ?? null;
    const dataDo = query.data_do ?? null;
    const sessions = this.sessionsIn(query.kadencja ?? null, qOptInt(query, 'organ'))
      .filter((s) => (dataOd === null || s.data >= dataOd) && (dataDo === null || s.data <= dataDo))
      .sort(sessionOrder);
    return {
      success: true,
      ...paged(
        sessions.map((s) => this.sessionItem(s)),
        qInt(query, 'page', 1),
        qInt(query, 'limit', 20),
      ),
    };
  }

  /** The session's votes in the order they were taken: date order reversed. */
  glosowaniaPosiedzenia(s: Session): unknown {
    const votes = this.c.votes
      .filter((v) => v.id_posiedzenia === s.id_posiedzenia)
      .sort(dateOrder)
      .reverse();
    return { success: true, data: votes.map((v) => this.voteSummary(v)) };
  }

  punkty(s: Session): unknown {
    const data = this.c.punkty
      .filter((p) => p.id_posiedzenia === s.id_posiedzenia)
      .sort((a, b) => compareNatural(a.numer, b.numer) || a.id_punktu - b.id_punktu)
      .map((p) => ({
        id_punktu: p.id_punktu,
        numer: p.numer,
        tytul: p.tytul,
        liczba_glosowan: this.c.votes.filter((v) => v.id_punktu === p.id_punktu).length,
      }));
    return { success: true, data };
  }

  obecnosci(s: Session): unknown {
    const data = this.attendance()
      .filter((r) => r.id_posiedzenia === s.id_posiedzenia)
      .map((r) => ({ r, person: this.person(r.id_osoby)! }))
      .sort((x, y) => compareNames(x.person, y.person))
      .map((x) => ({
        id_osoby: x.person.id_osoby,
        imie_nazwisko: x.person.imie_nazwisko,
        ugrupowanie: this.groupName(this.groupAtSession(x.person.id_osoby, s)),
        obecny: x.r.obecny,
        ...this.ballotsAtSession(x.person.id_osoby, s),
        ...this.councilOf(x.person.id_osoby),
      }));
    return { success: true, data };
  }

  /** §5 obecnosci: the person's ballots in the session's votes, and those nieobecny. */
  ballotsAtSession(personId: number, s: Session): { glosowania: number; nieobecny_w_glosowaniach: number } {
    let glosowania = 0;
    let nieobecny = 0;
    for (const v of this.c.votes) {
      if (v.id_posiedzenia !== s.id_posiedzenia) continue;
      const b = this.ballotOf(v, personId);
      if (!b) continue;
      glosowania++;
      if (b.glos === 'nieobecny') nieobecny++;
    }
    return { glosowania, nieobecny_w_glosowaniach: nieobecny };
  }

  /** §12: which of the three disagreements of a vote's record hold. */
  jakoscOf(v: Vote): { tylko_liczby: boolean; rozbiezne_liczby: boolean; wynik_wbrew_liczbom: boolean } {
    const imienne = this.ballotsOf(v).length > 0;
    const counts = this.voteCounts(v);
    const stated = v.stated;
    const keys = ['za', 'przeciw', 'wstrzymujacy', 'nieobecni', 'brak_glosu'] as const;
    return {
      tylko_liczby: !imienne && this.statesTallies(v),
      rozbiezne_liczby: imienne && keys.some((k) => stated[k] !== null && stated[k] !== counts[k]),
      wynik_wbrew_liczbom:
        (v.wynik_podany === PRZYJETO && counts.za <= counts.przeciw) ||
        (v.wynik_podany === ODRZUCONO && counts.za > counts.przeciw),
    };
  }

  /** §12 /api/utils/jakosc: per body with a vote or a session in scope, by id_organu. */
  utilsJakosc(query: Query): unknown {
    const kadencja = query.kadencja ?? null;
    const organ = qOptInt(query, 'organ');
    const data = [...this.c.bodies]
      .sort((a, b) => a.id_organu - b.id_organu)
      .flatMap((body) => {
        if (organ !== null && body.id_organu !== organ) return [];
        const votes = this.votesIn(kadencja, body.id_organu);
        const sessions = this.sessionsIn(kadencja, body.id_organu);
        if (votes.length === 0 && sessions.length === 0) return [];
        const flagged = (k: 'tylko_liczby' | 'rozbiezne_liczby' | 'wynik_wbrew_liczbom') =>
          votes.filter((v) => this.jakoscOf(v)[k]).length;
        const listed = sessions.filter((s) => this.hasGivenAttendance(s));
        let silent = 0;
        for (const s of listed) {
          for (const r of this.attendance()) {
            if (r.id_posiedzenia !== s.id_posiedzenia || !r.obecny) continue;
            const { glosowania, nieobecny_w_glosowaniach } = this.ballotsAtSession(r.id_osoby, s);
            if (glosowania > 0 && nieobecny_w_glosowaniach === glosowania) silent++;
          }
        }
        return [
          {
            id_organu: body.id_organu,
            organ: body.nazwa,
            glosowania: votes.length,
            imienne: votes.filter((v) => this.ballotsOf(v).length > 0).length,
            tylko_liczby: flagged('tylko_liczby'),
            rozbiezne_liczby: flagged('rozbiezne_liczby'),
            wynik_wbrew_liczbom: flagged('wynik_wbrew_liczbom'),
            posiedzenia: sessions.length,
            z_lista_obecnosci: listed.length,
            obecni_bez_glosu: silent,
          },
        ];
      });
    return { success: true, data };
  }

  // -------------------------------------------------------------------------------------------
  // Lookups

  ugrupowania(query: Query): unknown {
    const kadencja = query.kadencja ?? null;
    const data = [...this.c.groups]
      .sort((a, b) => POLISH.compare(a.nazwa, b.nazwa) || a.id_ugrupowania - b.id_ugrupowania)
      .map((g) => {
        let members = 0;
        for (const p of this.c.persons) {
          const m = this.displayMembership(p.id_osoby, kadencja);
          if (m !== null && m.id_ugrupowania === g.id_ugrupowania && m.aktywny === 1) members++;
        }
        return {
          id_ugrupowania: g.id_ugrupowania,
          nazwa: g.nazwa,
          skrot: g.skrot,
          pelna_nazwa: null,
          liczba_radnych: members,
          ...this.groupCouncilOf(g.id_ugrupowania),
        };
      });
    return { success: true, data };
  }

  organy(): unknown {
    const data = [...this.c.bodies]
      .sort((a, b) => a.id_organu - b.id_organu)
      .map((b) => ({ id_organu: b.id_organu, nazwa: b.nazwa, typ: b.typ }));
    return { success: true, data };
  }

  kadencje(): unknown {
    const data = [...this.c.terms]
      .sort((a, b) => (a.data_od < b.data_od ? 1 : a.data_od > b.data_od ? -1 : 0))
      .map((t) => {
        const people: number[] = [];
        for (const m of this.c.memberships)
          if (m.kadencja === t.kadencja && !people.includes(m.id_osoby)) people.push(m.id_osoby);
        return {
          kadencja: t.kadencja,
          data_od: t.data_od,
          data_do: t.data_do,
          liczba_radnych: people.length,
          liczba_posiedzen: this.sessionsIn(t.kadencja, null).length,
          liczba_glosowan: this.votesIn(t.kadencja, null).length,
        };
      });
    return { success: true, data };
  }

  stats(): unknown {
    return {
      success: true,
      data: {
        radni: this.c.persons.length,
        glosowania: this.c.votes.length,
        posiedzenia: this.c.sessions.length,
        zalaczniki: this.c.attachments.length,
      },
    };
  }

  // -------------------------------------------------------------------------------------------
  // Routing

  // -------------------------------------------------------------------------------------------
  // §13 policies, read to the letter: every answer matches every entry again and loops over ballots.

  /** The votes one entry matches: the date of data_czas, fold(fragment) inside fold(title), the body's name. */
  policyMatches(entry: ReferencePolicies[number]['glosowania'][number]): Vote[] {
    const fragment = topicFold(entry.tytul);
    return this.c.votes.filter(
      (v) =>
        v.data_czas.slice(0, 10) === entry.data &&
        topicFold(v.tytul).includes(fragment) &&
        (entry.organ === undefined || this.body(this.voteBody(v)).nazwa === entry.organ),
    );
  }

  /** A policy's counted votes (first entry wins for a vote matched twice) and its left-out entries. */
  policyVotes(policy: ReferencePolicies[number]): {
    counted: Array<{ vote: Vote; stanowisko: string; waga: string }>;
    leftOut: Array<{ data: string; tytul: string; organ: string | null; powod: string }>;
  } {
    const counted: Array<{ vote: Vote; stanowisko: string; waga: string }> = [];
    const leftOut: Array<{ data: string; tytul: string; organ: string | null; powod: string }> = [];
    for (const entry of policy.glosowania) {
      const found = this.policyMatches(entry);
      if (found.length !== 1) {
        leftOut.push({
          data: entry.data,
          tytul: entry.tytul,
          organ: entry.organ ?? null,
          powod: found.length === 0 ? 'brak' : 'wiele',
        });
      } else if (!counted.some((c) => c.vote === found[0])) {
        counted.push({ vote: found[0]!, stanowisko: entry.stanowisko, waga: entry.waga ?? 'zwykla' });
      }
    }
    return { counted, leftOut };
  }

  /** X's score on a policy over its counted votes in scope; null when X has no ballot in them. */
  policyScore(
    p: Person,
    counted: Array<{ vote: Vote; stanowisko: string; waga: string }>,
  ): Record<string, number | string | null> | null {
    let zgodne = 0;
    let przeciwne = 0;
    let wstrzymane = 0;
    let nieobecne = 0;
    let punkty = 0;
    let mozliwe = 0;
    let strong = 0;
    let strongAbsent = 0;
    for (const { vote, stanowisko, waga } of counted) {
      const b = this.ballotOf(vote, p.id_osoby);
      if (!b) continue;
      const w = waga === 'silna' ? 10 : 2;
      if (waga === 'silna') strong++;
      if (b.glos === stanowisko) {
        zgodne++;
        mozliwe += w;
      } else if (b.glos === 'za' || b.glos === 'przeciw') {
        przeciwne++;
        punkty += w;
        mozliwe += w;
      } else if (b.glos === 'wstrzymujacy') {
        wstrzymane++;
        punkty += w / 2;
        mozliwe += w;
      } else {
        nieobecne++;
        if (waga === 'silna') strongAbsent++;
      }
    }
    if (zgodne + przeciwne + wstrzymane + nieobecne === 0) return null;
    const a = mozliwe === 0 ? null : percent(mozliwe - punkty, mozliwe);
    let ocena: string;
    if (a === null) ocena = 'brak-danych';
    else if (a >= 95) ocena = 'zawsze-za';
    else if (a >= 85) ocena = 'prawie-zawsze-za';
    else if (a >= 60) ocena = 'zwykle-za';
    else if (a > 40) ocena = 'roznie';
    else if (a > 15) ocena = 'zwykle-przeciw';
    else if (a > 5) ocena = 'prawie-zawsze-przeciw';
    else ocena = 'zawsze-przeciw';
    if (strongAbsent >= 2) {
      if (ocena === 'zawsze-za') ocena = 'prawie-zawsze-za';
      if (ocena === 'zawsze-przeciw') ocena = 'prawie-zawsze-przeciw';
    }
    if (strongAbsent >= 1 && strongAbsent * 3 >= strong) {
      if (ocena === 'zawsze-za' || ocena === 'prawie-zawsze-za') ocena = 'zwykle-za';
      if (ocena === 'zawsze-przeciw' || ocena === 'prawie-zawsze-przeciw') ocena = 'zwykle-przeciw';
    }
    return { zgodne, przeciwne, wstrzymane, nieobecne, punkty, mozliwe, zgodnosc_procent: a, ocena };
  }

  /** The counted votes of a policy within kadencja and organ. */
  scopedPolicyVotes(policy: ReferencePolicies[number], query: Query) {
    const kadencja = query.kadencja ?? null;
    const organ = qOptInt(query, 'organ');
    return this.policyVotes(policy).counted.filter(
      ({ vote }) =>
        (kadencja === null || this.voteTerm(vote) === kadencja) && (organ === null || this.voteBody(vote) === organ),
    );
  }

  polityki(query: Query): unknown {
    const organ = qOptInt(query, 'organ');
    const data = this.policies.map((policy) => {
      const { counted, leftOut } = this.policyVotes(policy);
      const mine = counted.filter(({ vote }) => organ === null || this.voteBody(vote) === organ);
      return {
        id: policy.id,
        nazwa: policy.nazwa,
        opis: policy.opis,
        liczba_glosowan: mine.length,
        silne: mine.filter((c) => c.waga === 'silna').length,
        niedopasowane: leftOut.length,
      };
    });
    return { success: true, data };
  }

  polityka(id: string, query: Query): unknown {
    const policy = this.policies.find((x) => x.id === id);
    if (!policy) return NOT_FOUND;
    const counted = this.scopedPolicyVotes(policy, query);
    const kadencja = query.kadencja ?? null;
    const radni = this.c.persons.flatMap((p): Array<Record<string, unknown> & { id_osoby: number }> => {
      const score = this.policyScore(p, counted);
      return score === null
        ? []
        : [
            {
              id_osoby: p.id_osoby,
              imie_nazwisko: p.imie_nazwisko,
              ugrupowanie: this.displayGroupName(p.id_osoby, kadencja),
              ...score,
            },
          ];
    });
    radni.sort((x, y) => {
      const mx = x.mozliwe as number;
      const my = y.mozliwe as number;
      if (mx === 0 || my === 0) return mx === my ? x.id_osoby - y.id_osoby : mx === 0 ? 1 : -1;
      const byRatio = compareRatio(my - (y.punkty as number), my, mx - (x.punkty as number), mx);
      return byRatio || my - mx || x.id_osoby - y.id_osoby;
    });
    const glosowania = [...counted]
      .sort((x, y) => dateOrder(x.vote, y.vote))
      .map(({ vote, stanowisko, waga }) => ({ ...this.voteSummary(vote), stanowisko, waga }));
    return {
      success: true,
      data: {
        id: policy.id,
        nazwa: policy.nazwa,
        opis: policy.opis,
        glosowania,
        niedopasowane: this.policyVotes(policy).leftOut,
        radni,
      },
    };
  }

  radnyPolityki(p: Person, query: Query): unknown {
    const data = this.policies.flatMap((policy) => {
      const score = this.policyScore(p, this.scopedPolicyVotes(policy, query));
      return score === null ? [] : [{ id: policy.id, nazwa: policy.nazwa, opis: policy.opis, ...score }];
    });
    return { success: true, data };
  }

  get(path: string, query: Query): unknown {
    const parts = path.replace(/\/+$/, '').split('/').slice(1);
    if (parts[0] !== 'api' || parts.length < 2) throw new Error(`reference: not covered: ${path}`);
    const [, resource, id, sub, extra, more] = parts;
    const pairMonths = resource === 'radni' && sub === 'porownanie' && more === 'zgodnosc-czas';
    if (more !== undefined && !pairMonths) return NOT_FOUND;
    if (extra !== undefined && !(resource === 'radni' && sub === 'porownanie')) return NOT_FOUND;
    // Every list and aggregate taking `organ` answers 404 for a body the council does not have (§7).
    const organ = qOptInt(query, 'organ');
    const takesOrgan =
      resource === 'statystyki' ||
      (id === undefined && resource !== 'utils') ||
      sub === 'glosowania' ||
      sub === 'glosowania-buntownicze' ||
      sub === 'glosowania-zgodne' ||
      (resource === 'radni' && (sub === 'obecnosci' || sub === 'porownanie' || sub === 'tematy')) ||
      (resource === 'utils' && (id === 'tematy' || id === 'jakosc')) ||
      resource === 'polityki' ||
      (resource === 'radni' && sub === 'polityki');
    if (takesOrgan && organ !== null && !this.c.bodies.some((b) => b.id_organu === organ)) return NOT_FOUND;
    // §11: a topic not in the vocabulary and not inne is a 400 (after a 404 for an unknown body, as the API checks).
    if (query.temat !== undefined && !this.topics().some((t) => t.temat === query.temat)) {
      if (resource === 'radni' && id !== undefined && !this.personByRouteId(id)) return NOT_FOUND;
      return BAD_REQUEST;
    }

    if (resource === 'radni') {
      if (id === undefined) return this.radniList(query);
      const p = this.personByRouteId(id);
      if (!p) return NOT_FOUND;
      if (sub === 'porownanie') {
        // §9: either unknown: 404; the same councillor twice (by id or token): 400.
        const other = extra === undefined ? undefined : this.personByRouteId(extra);
        if (!other) return NOT_FOUND;
        if (other.id_osoby === p.id_osoby) return BAD_REQUEST;
        return pairMonths ? this.zgodnoscCzas(p, other, query) : this.porownanie(p, other, query);
      }
      switch (sub) {
        case undefined:
          return this.radnyProfile(p, query);
        case 'glosowania':
          return this.radnyGlosowania(p, query);
        case 'profil-glosowania':
          return this.profil(p, query);
        case 'frekwencja':
          return this.frekwencja(p, query);
        case 'frekwencja-czas':
          return this.frekwencjaCzas(p, query);
        case 'zgodnosc-grupa':
          return this.zgodnoscGrupa(p, query);
        case 'koalicje':
          return this.partners(p, query, false);
        case 'oponenci':
          return this.partners(p, query, true);
        case 'glosowania-samotne':
          return this.samotne(p, query);
        case 'glosowania-kluczowe':
          return this.kluczowe(p, query);
        case 'glosowania-buntownicze':
          return this.buntownicze(p, query);
        case 'glosowania-zgodne':
          return this.zgodneGlosowania(p, query);
        case 'glosowania-liczby':
          return this.glosowaniaLiczby(p, query);
        case 'organy':
          return this.organyRadnego(p, query);
        case 'obecnosci':
          return this.obecnosciRadnego(p, query);
        case 'tematy':
          return this.radnyTematy(p, query);
        case 'polityki':
          return this.radnyPolityki(p, query);
        default:
          return NOT_FOUND;
      }
    }

    if (resource === 'glosowania') {
      if (id === undefined) return this.glosowaniaList(query);
      if (id === 'share' || id === 'openapi.json') throw new Error(`reference: not covered: ${path}`);
      const v = this.c.votes.find((x) => x.id_glosowania === Number(id));
      if (!v) return NOT_FOUND;
      switch (sub) {
        case undefined:
          return { success: true, data: this.voteDetail(v) };
        case 'glosy':
          return this.glosy(v, query);
        case 'zalaczniki': {
          const data = this.c.attachments
            .filter((a) => a.id_glosowania === v.id_glosowania)
            .sort((a, b) => a.id_zalacznika - b.id_zalacznika)
            .map((a) => ({ id_zalacznika: a.id_zalacznika, nazwa: a.nazwa, url: a.url }));
          return { success: true, data };
        }
        default:
          return NOT_FOUND;
      }
    }

    if (resource === 'statystyki' && sub === undefined) {
      switch (id) {
        case 'dashboard':
          return this.dashboard(query);
        case 'ranking-frekwencji':
          return this.rankingFrekwencji(query);
        case 'ranking-buntownikow':
          return this.rankingBuntownikow(query, false);
        case 'ranking-lojalistow':
          return this.rankingBuntownikow(query, true);
        case 'najbardziej-kontrowersyjne':
          return this.najbardziejKontrowersyjne(query);
        case 'najbardziej-jednomyslne':
          return this.najbardziejJednomyslne(query);
        case 'aktywnosc-organow':
          return this.aktywnoscOrganow(query);
        case 'frekwencja-czas':
          return this.frekwencjaCzasGlobal(query);
        case 'top-koalicje':
          return this.topKoalicje(query);
        case 'spojnosc-ugrupowan':
          return this.spojnoscUgrupowan(query);
        case 'spojnosc-czas':
          return this.spojnoscCzas(query);
        case 'najwieksze-proby':
          return this.najwiekszeProby(query);
        case 'tematy':
          return this.statystykiTematy(query);
        case 'tematy-buntownicy':
          return this.tematyBuntownicy(query);
        // No second eigen-solver for the map's coordinates (core/embedding.ts): checked by hand in evidence.test.ts.
        case 'mapa':
          throw new Error(`reference: not covered: ${path}`);
        default:
          return NOT_FOUND;
      }
    }

    if (resource === 'polityki') {
      if (sub !== undefined) return NOT_FOUND;
      return id === undefined ? this.polityki(query) : this.polityka(id, query);
    }

    if (resource === 'posiedzenia') {
      if (id === undefined) return this.posiedzeniaList(query);
      const s = this.c.sessions.find((x) => x.id_posiedzenia === Number(id));
      if (!s) return NOT_FOUND;
      switch (sub) {
        case undefined:
          return { success: true, data: this.sessionItem(s) };
        case 'punkty':
          return this.punkty(s);
        case 'obecnosci':
          return this.obecnosci(s);
        case 'glosowania':
          return this.glosowaniaPosiedzenia(s);
        default:
          return NOT_FOUND;
      }
    }

    if (resource === 'utils' && sub === undefined) {
      switch (id) {
        case 'ugrupowania':
          return this.ugrupowania(query);
        case 'organy':
          return this.organy();
        case 'kadencje':
          return this.kadencje();
        case 'stats':
          return this.stats();
        case 'tematy':
          return this.utilsTematy(query);
        case 'jakosc':
          return this.utilsJakosc(query);
        default:
          return NOT_FOUND;
      }
    }

    return NOT_FOUND;
  }
}

/** The later of two membership rows: latest data_od (a missing one counts as earliest), then highest id. */
function laterMembership(a: Membership, b: Membership): boolean {
  const da = a.data_od ?? '';
  const db = b.data_od ?? '';
  if (da !== db) return da > db;
  return a.przynaleznosc_id > b.przynaleznosc_id;
}

const NOT_FOUND: { notFound: true } = Object.freeze({ notFound: true });
const BAD_REQUEST: { badRequest: true } = Object.freeze({ badRequest: true });

/**
 * The body the API must answer for `GET path?query` over the council in `bundle`:
 * `{ success: true, data, … }` (with `count`, `grouped`, `pagination` where the contract puts them),
 * or `{ notFound: true }` for an id or token that matches nothing (status 404), or `{ badRequest: true }`
 * for a request the contract refuses with 400 although its values are valid (a councillor compared with themself).
 * A query string inside `path` is merged with `query`. Query values are assumed valid. Votes get their
 * topics from `vocabulary` (default: data/tematy.json, as a build without `--topics`).
 */
export function referenceGet(
  bundle: Bundle,
  path: string,
  query: Record<string, string> = {},
  vocabulary = DEFAULT_VOCABULARY,
  policies: ReferencePolicies = [],
): unknown {
  const [pathname = '', search] = path.split('?', 2);
  const merged: Query = {};
  if (search !== undefined) for (const [k, v] of new URLSearchParams(search)) merged[k] = v;
  Object.assign(merged, query);
  return new Reference(parseCouncil(bundle, vocabulary), policies).get(pathname, merged);
}
