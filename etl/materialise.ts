// Stage "materialise": every figure of CONTRACT §2–§4, computed once per build and stored in tables.
//
// Shape of the computation: small things (people, memberships, sessions, votes) are held in arrays;
// ballots are streamed from the `glos` table in vote order, a chunk of votes at a time, and every
// per-ballot figure is accumulated into typed arrays indexed by (scope, person). A scope is one term
// or all terms together (index 0, `*`). Pair agreement uses per-block bitsets (pairs.ts).

import type Database from 'better-sqlite3';
import type { Findings, Location } from './findings.ts';
import { BRAK_GLOSU, NIEOBECNY, ODRZUCONO, PRZECIW, PRZYJETO, WSTRZYMUJACY, ZA, compareRatio, derivedWynik, isActive, kontrowersyjnosc, percent, strictMax } from '../core/contract.ts';
import { assignTokens, compareNames, compareNatural, foldText } from '../core/text.ts';
import { BatchInsert } from './batch-insert.ts';
import { type Partner, packPartners } from '../core/snapshot/partners.ts';
import { BallotBlock, PairTotals } from './pairs.ts';
import { ALL_BODIES, ALL_TERMS, INDEX_SQL } from '../core/snapshot/schema.ts';

export type StageReporter = (stage: string, rows: number, ms: number) => void;

interface Membership {
  id: number;
  group: number | null;
  from: string | null;
  to: string | null;
  active: number;
}

/** Per (scope, person) counters, one Int32Array slot each. */
const F = {
  za: ZA, przeciw: PRZECIW, wstrzymujacy: WSTRZYMUJACY, nieobecny: NIEOBECNY, brak_glosu: BRAK_GLOSU,
  liczba_posiedzen: 5, obecnosci: 6, zg_wszystkie: 7, zg_zgodne: 8, z_wiekszoscia: 9, w_mniejszosci: 10,
  samotne: 11, kluczowe: 12, buntownicze: 13, glosowania: 14,
} as const;
const FIELDS = 15;

/** Votes read per chunk: bounds memory to a few hundred thousand ballots at a time. */
const VOTES_PER_CHUNK = 400;

/** Code-unit order: the right order for ISO dates and timestamps, and far cheaper than localeCompare. */
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const byMembershipRecency = (a: Membership, b: Membership) => compareText(b.from ?? '', a.from ?? '') || b.id - a.id;

export function materialise(db: Database.Database, findings: Findings, report: StageReporter): void {
  const timer = stageTimer(report);

  // --- Dimensions ------------------------------------------------------------------------------
  const people = db.prepare('SELECT id_osoby, imie_nazwisko FROM radny ORDER BY id_osoby').all() as
    Array<{ id_osoby: number; imie_nazwisko: string }>;
  const P = people.length;
  const personIndex = new Map(people.map((p, i) => [p.id_osoby, i]));
  const tokens = assignTokens(people);
  const nameRank = new Map([...people].sort(compareNames).map((p, i) => [p.id_osoby, i + 1]));
  const updatePerson = db.prepare('UPDATE radny SET token = ?, name_rank = ? WHERE id_osoby = ?');
  for (const p of people) updatePerson.run(tokens.get(p.id_osoby), nameRank.get(p.id_osoby), p.id_osoby);

  const terms = db.prepare('SELECT kadencja, data_od FROM kadencja ORDER BY data_od, kadencja').all() as
    Array<{ kadencja: string; data_od: string }>;
  const scopes = [ALL_TERMS, ...terms.map((t) => t.kadencja)];
  const S = scopes.length;
  const scopeOf = new Map(terms.map((t, i) => [t.kadencja, i + 1]));

  const groupNames = new Map(
    (db.prepare('SELECT id_ugrupowania, nazwa FROM ugrupowanie').all() as Array<{ id_ugrupowania: number; nazwa: string }>)
      .map((g) => [g.id_ugrupowania, g.nazwa]),
  );
  const groupIds = [...groupNames.keys()];
  const groupIndex = new Map(groupIds.map((g, i) => [g, i]));
  const bodies = db.prepare('SELECT id_organu FROM organ ORDER BY id_organu').pluck().all() as number[];
  const bodyIndex = new Map(bodies.map((b, i) => [b, i]));
  const B = bodies.length;

  // memberships[p * S + s]: person p's memberships in term s, most recent first (CONTRACT §2).
  const memberships: Membership[][] = Array.from({ length: P * S }, () => []);
  const membershipRows = db.prepare(`SELECT przynaleznosc_id AS id, id_osoby, kadencja, id_ugrupowania AS "group",
    data_od AS "from", data_do AS "to", aktywny AS active FROM przynaleznosc`).all() as
    Array<Membership & { id_osoby: number; kadencja: string }>;
  for (const { id_osoby, kadencja, ...m } of membershipRows) {
    memberships[personIndex.get(id_osoby)! * S + scopeOf.get(kadencja)!]!.push(m);
  }
  for (const list of memberships) list.sort(byMembershipRecency);

  const groupAt = (p: number, s: number, date: string): number | null => {
    for (const m of memberships[p * S + s]!) {
      if ((m.from === null || m.from <= date) && (m.to === null || m.to >= date)) return m.group;
    }
    return null;
  };

  /** Display membership (CONTRACT §2 "current group"): in a term its latest row, overall the latest term's. */
  const displayMembership = (p: number, s: number): { m: Membership; term: string } | null => {
    if (s !== 0) {
      const m = memberships[p * S + s]![0];
      return m ? { m, term: scopes[s]! } : null;
    }
    for (let t = S - 1; t >= 1; t--) {
      const m = memberships[p * S + t]![0];
      if (m) return { m, term: scopes[t]! };
    }
    return null;
  };

  const sessions = db.prepare('SELECT id_posiedzenia, id_organu, kadencja, data FROM posiedzenie ORDER BY id_posiedzenia')
    .all() as Array<{ id_posiedzenia: number; id_organu: number; kadencja: string; data: string }>;
  const sessionIndex = new Map(sessions.map((s, i) => [s.id_posiedzenia, i]));
  const sessionScope = sessions.map((s) => scopeOf.get(s.kadencja)!);
  const sessionVotes = new Int32Array(sessions.length);
  const withGivenAttendance = new Set(
    db.prepare('SELECT DISTINCT id_posiedzenia FROM temp.obecnosc_podana').pluck().all() as number[],
  );

  const votes = db.prepare(`SELECT id_glosowania, id_posiedzenia, id_punktu, data_czas, data, tytul, wynik_podany
    FROM glosowanie ORDER BY id_glosowania`).all() as Array<{
    id_glosowania: number; id_posiedzenia: number; id_punktu: number | null; data_czas: string; data: string; tytul: string;
    wynik_podany: string | null;
  }>;
  const V = votes.length;
  const voteOrd = new Int32Array(V); // 1-based position in date order
  const dateOrder = votes.map((_, i) => i).sort((a, b) =>
    compareText(votes[b]!.data_czas, votes[a]!.data_czas) || votes[b]!.id_glosowania - votes[a]!.id_glosowania);
  dateOrder.forEach((v, i) => { voteOrd[v] = i + 1; });

  // Blocks (term × body) for pair bitsets, and each vote's position inside its block.
  const blockOf = new Map<number, number>();
  const blockScope: number[] = [];
  const blockSizes: number[] = [];
  const votePosition = new Int32Array(V);
  const voteBlock = new Int32Array(V);
  votes.forEach((v, i) => {
    const si = sessionIndex.get(v.id_posiedzenia)!;
    const key = sessionScope[si]! * B + bodyIndex.get(sessions[si]!.id_organu)!;
    let block = blockOf.get(key);
    if (block === undefined) {
      block = blockSizes.length;
      blockOf.set(key, block);
      blockScope.push(sessionScope[si]!);
      blockSizes.push(0);
    }
    voteBlock[i] = block;
    votePosition[i] = blockSizes[block]!++;
    sessionVotes[si]!++;
  });
  const blocks = blockSizes.map((n) => new BallotBlock(n));
  timer('materialise: dimensions', P + sessions.length + V);

  // --- Ballots, vote by vote -------------------------------------------------------------------
  const stat = new Int32Array(S * P * FIELDS);
  const bump = (s: number, p: number, field: number, by = 1) => { stat[(s * P + p) * FIELDS + field]! += by; };
  const bodyBallots = new Map<number, number>(); // (s, p, body) -> ballots, for /glosowania?organ= totals
  const derivedPresence = new Map<number, number>(); // session * P + person -> 1 present / 0 absent
  const voteFigures: Array<[string, number, number, number, number, number, number, number | null]> = new Array(V);
  const voteSource = db.prepare('SELECT file, line FROM temp.zrodlo_glosowania WHERE id_glosowania = ?');

  const insertPersonVote = new BatchInsert(db, 'radny_glos',
    ['id_osoby', 'ord', 'id_glosowania', 'glos', 'kadencja', 'id_organu', 'id_ugrupowania', 'samotny', 'kluczowy', 'buntowniczy']);
  const readChunk = db.prepare('SELECT id_glosowania, id_osoby, glos FROM glos WHERE id_glosowania BETWEEN ? AND ?').raw();

  const G = groupIds.length;
  const groupCounts = new Int32Array(Math.max(G, 1) * 3);
  let ballotRows = 0;

  const processVote = (v: number, voters: number[], codes: number[]) => {
    const vote = votes[v]!;
    const si = sessionIndex.get(vote.id_posiedzenia)!;
    const s = sessionScope[si]!;
    const body = sessions[si]!.id_organu;
    const counts = [0, 0, 0, 0, 0];
    for (const c of codes) counts[c]!++;
    const [za, przeciw, wstrzymujacy] = counts as [number, number, number];
    const active = za + przeciw + wstrzymujacy;
    const wynik = vote.wynik_podany ?? derivedWynik(za, przeciw);
    if (vote.wynik_podany !== null && vote.wynik_podany !== derivedWynik(za, przeciw)) {
      const at = voteSource.get(vote.id_glosowania) as Location;
      findings.warn(at, 'wynik', `vote ${vote.id_glosowania}: stated ${wynik} but za ${za}, przeciw ${przeciw}`);
    }
    const majority = strictMax(za, przeciw, wstrzymujacy);

    const groups = voters.map((p) => groupAt(p, s, vote.data));
    groupCounts.fill(0);
    voters.forEach((_, i) => {
      const g = groups[i];
      if (g !== null && isActive(codes[i]!)) groupCounts[groupIndex.get(g!)! * 3 + codes[i]!]!++;
    });

    const block = blocks[voteBlock[v]!]!;
    const position = votePosition[v]!;
    const derive = !withGivenAttendance.has(vote.id_posiedzenia);
    const bodyKey = bodyIndex.get(body)!;
    for (let i = 0; i < voters.length; i++) {
      const p = voters[i]!;
      const c = codes[i]!;
      const g = groups[i]!;
      let samotny = 0;
      let kluczowy = 0;
      let buntowniczy = 0;
      let withGroup = -1; // -1: not counted in zgodnosc-grupa; else 1 agrees / 0 differs
      if (isActive(c)) {
        samotny = counts[c] === 1 && active >= 2 ? 1 : 0;
        kluczowy = (wynik === PRZYJETO && c === ZA && za - przeciw === 1)
          || (wynik === ODRZUCONO && c === PRZECIW && przeciw - za === 1) ? 1 : 0;
        if (g !== null) {
          const gi = groupIndex.get(g)! * 3;
          const gz = groupCounts[gi]!;
          const gp = groupCounts[gi + 1]!;
          const gw = groupCounts[gi + 2]!;
          const groupPosition = strictMax(gz, gp, gw);
          if (groupPosition >= 0 && gz + gp + gw >= 2) withGroup = c === groupPosition ? 1 : 0;
        }
        buntowniczy = withGroup === 0 ? 1 : 0;
        block.set(p, position, c);
      }
      // Every ballot counts in its term's scope and in the all-terms scope (0).
      for (let pass = 0; pass < 2; pass++) {
        const scope = pass === 0 ? s : 0;
        bump(scope, p, c);
        bump(scope, p, F.glosowania);
        const key = (scope * P + p) * B + bodyKey;
        bodyBallots.set(key, (bodyBallots.get(key) ?? 0) + 1);
        if (isActive(c)) {
          if (majority >= 0) {
            bump(scope, p, F.z_wiekszoscia);
            if (c !== majority) bump(scope, p, F.w_mniejszosci);
          }
          if (withGroup >= 0) {
            bump(scope, p, F.zg_wszystkie);
            bump(scope, p, F.zg_zgodne, withGroup);
          }
          bump(scope, p, F.samotne, samotny);
          bump(scope, p, F.kluczowe, kluczowy);
          bump(scope, p, F.buntownicze, buntowniczy);
        }
      }
      insertPersonVote.add(
        people[p]!.id_osoby, voteOrd[v], vote.id_glosowania, c, scopes[s], body, g, samotny, kluczowy, buntowniczy,
      );
      if (derive) {
        const key = si * P + p;
        derivedPresence.set(key, (derivedPresence.get(key) ?? 0) | (c === NIEOBECNY ? 0 : 1));
      }
    }
    const maxCount = Math.max(za, przeciw, wstrzymujacy);
    voteFigures[v] = [
      wynik, za, przeciw, wstrzymujacy, counts[NIEOBECNY]!, counts[BRAK_GLOSU]!,
      kontrowersyjnosc(za, przeciw), active > 0 ? percent(maxCount, active) : null,
    ];
    ballotRows += voters.length;
  };

  const ballotPass = db.transaction(() => {
    for (let start = 0; start < V; start += VOTES_PER_CHUNK) {
      const end = Math.min(start + VOTES_PER_CHUNK, V) - 1;
      const rows = readChunk.all(votes[start]!.id_glosowania, votes[end]!.id_glosowania) as Array<[number, number, number]>;
      let r = 0;
      for (let v = start; v <= end; v++) {
        const id = votes[v]!.id_glosowania;
        const voters: number[] = [];
        const codes: number[] = [];
        for (; r < rows.length && rows[r]![0] === id; r++) {
          voters.push(personIndex.get(rows[r]![1])!);
          codes.push(rows[r]![2]);
        }
        processVote(v, voters, codes);
      }
    }
    insertPersonVote.flush();
  });
  ballotPass();
  timer('materialise: ballots', ballotRows);

  // --- Votes: figures and orderings -----------------------------------------------------------
  const rankKontrowersyjne = new Int32Array(V);
  votes.map((_, i) => i).sort((a, b) => {
    const fa = voteFigures[a]!;
    const fb = voteFigures[b]!;
    return fb[6] - fa[6] || (fb[1] + fb[2]) - (fa[1] + fa[2]) || voteOrd[a]! - voteOrd[b]!;
  }).forEach((v, i) => { rankKontrowersyjne[v] = i + 1; });
  const rankJednomyslne = new Int32Array(V);
  const activeOf = (f: (typeof voteFigures)[number]) => f[1] + f[2] + f[3];
  const maxOf = (f: (typeof voteFigures)[number]) => Math.max(f[1], f[2], f[3]);
  votes.map((_, i) => i).filter((v) => activeOf(voteFigures[v]!) > 0).sort((a, b) => {
    const fa = voteFigures[a]!;
    const fb = voteFigures[b]!;
    return -compareRatio(maxOf(fa), activeOf(fa), maxOf(fb), activeOf(fb))
      || activeOf(fb) - activeOf(fa) || voteOrd[a]! - voteOrd[b]!;
  }).forEach((v, i) => { rankJednomyslne[v] = i + 1; });

  const updateVote = db.prepare(`UPDATE glosowanie SET tytul_folded = ?, kadencja = ?, id_organu = ?, wynik = ?,
    za = ?, przeciw = ?, wstrzymujacy = ?, nieobecni = ?, brak_glosu = ?, kontrowersyjnosc = ?,
    jednomyslnosc_procent = ?, ord = ?, rank_kontrowersyjne = ?, rank_jednomyslne = ? WHERE id_glosowania = ?`);
  db.transaction(() => {
    votes.forEach((vote, v) => {
      const f = voteFigures[v]!;
      const si = sessionIndex.get(vote.id_posiedzenia)!;
      updateVote.run(
        foldText(vote.tytul), scopes[sessionScope[si]!], sessions[si]!.id_organu, f[0], f[1], f[2], f[3], f[4], f[5], f[6],
        f[7] ?? 0, voteOrd[v], rankKontrowersyjne[v], rankJednomyslne[v] || null, vote.id_glosowania,
      );
    });
  })();
  timer('materialise: votes', V);

  // --- Attendance (given or derived), with the group at the session ------------------------------
  const sessionPresent = new Int32Array(sessions.length);
  const sessionRecords = new Int32Array(sessions.length);
  const personMonths = new Map<string, [number, number]>(); // `${s}|${p}|${month}` -> [records, present]
  const globalMonths = new Map<string, [number, number, number]>(); // `${s}|${body}|${month}` -> [sessions, present, absent]
  const bodyTotals = new Map<string, { present: number; records: number; people: Set<number> }>(); // `${s}|${body}`
  const scopesOfSession = (si: number) => (sessionScope[si] === 0 ? [0] : [sessionScope[si]!, 0]);
  const bodyTotal = (key: string) => {
    let t = bodyTotals.get(key);
    if (!t) bodyTotals.set(key, (t = { present: 0, records: 0, people: new Set() }));
    return t;
  };
  sessions.forEach((session, si) => {
    for (const s of scopesOfSession(si)) {
      for (const body of [session.id_organu, ALL_BODIES]) {
        const key = `${s}|${body}|${session.data.slice(0, 7)}`;
        const m = globalMonths.get(key) ?? [0, 0, 0];
        m[0]++;
        globalMonths.set(key, m);
      }
    }
  });

  const insertAttendance = db.prepare(
    'INSERT INTO obecnosc (id_posiedzenia, id_osoby, obecny, id_ugrupowania) VALUES (?, ?, ?, ?)');
  let attendanceRows = 0;
  const recordAttendance = (si: number, p: number, present: number) => {
    const session = sessions[si]!;
    const month = session.data.slice(0, 7);
    insertAttendance.run(session.id_posiedzenia, people[p]!.id_osoby, present, groupAt(p, sessionScope[si]!, session.data));
    attendanceRows++;
    sessionRecords[si]!++;
    sessionPresent[si]! += present;
    for (const s of scopesOfSession(si)) {
      bump(s, p, F.liczba_posiedzen);
      bump(s, p, F.obecnosci, present);
      const pm = `${s}|${p}|${month}`;
      const pmv = personMonths.get(pm) ?? [0, 0];
      pmv[0]++;
      pmv[1] += present;
      personMonths.set(pm, pmv);
      for (const body of [session.id_organu, ALL_BODIES]) {
        const gm = globalMonths.get(`${s}|${body}|${month}`)!;
        gm[present ? 1 : 2]++;
        const total = bodyTotal(`${s}|${body}`);
        total.records++;
        total.present += present;
        total.people.add(p);
      }
    }
  };
  db.transaction(() => {
    for (const row of db.prepare('SELECT id_posiedzenia, id_osoby, obecny FROM temp.obecnosc_podana').raw().all() as Array<[number, number, number]>) {
      recordAttendance(sessionIndex.get(row[0])!, personIndex.get(row[1])!, row[2]);
    }
    for (const [key, present] of derivedPresence) recordAttendance(Math.floor(key / P), key % P, present);
  })();
  timer('materialise: attendance', attendanceRows);

  // --- Pairs ------------------------------------------------------------------------------------
  const pairTotals = scopes.map(() => new PairTotals(P));
  blocks.forEach((block, b) => {
    const s = blockScope[b]!;
    block.forEachPair((x, y, shared, equal) => {
      pairTotals[s]!.add(x, y, shared, equal);
      if (s !== 0) pairTotals[0]!.add(x, y, shared, equal);
    });
  });
  const display = Array.from({ length: S * P }, (_, i) => displayMembership(i % P, Math.floor(i / P)));
  const displayGroup = (s: number, p: number) => display[s * P + p]?.m.group ?? null;
  const insertPartners = db.prepare('INSERT INTO radny_partnerzy (kadencja, id_osoby, koalicje, oponenci) VALUES (?, ?, ?, ?)');
  const insertTopPair = new BatchInsert(db, 'para_top',
    ['kadencja', 'rank', 'id_osoby_1', 'id_osoby_2', 'wspolne', 'zgodne', 'miedzy_ugrupowaniami']);
  let pairRows = 0;
  db.transaction(() => {
    pairTotals.forEach((totals, s) => {
      const { shared, equal, first, second } = totals;
      const slots = Array.from({ length: totals.size }, (_, i) => i);
      const agreementDesc = (a: number, b: number) => -compareRatio(equal[a]!, shared[a]!, equal[b]!, shared[b]!);
      slots.sort((a, b) => agreementDesc(a, b) || shared[b]! - shared[a]! || first[a]! - first[b]! || second[a]! - second[b]!);
      slots.forEach((slot, i) => {
        const a = first[slot]!;
        const b = second[slot]!;
        const between = displayGroup(s, a) !== displayGroup(s, b) ? 1 : 0;
        insertTopPair.add(scopes[s], i + 1, people[a]!.id_osoby, people[b]!.id_osoby, shared[slot], equal[slot], between);
      });
      // Each person's partners, in koalicje order and in oponenci order (CONTRACT §3).
      const slotOf: number[][] = Array.from({ length: P }, () => []);
      for (let slot = 0; slot < totals.size; slot++) {
        slotOf[first[slot]!]!.push(slot);
        slotOf[second[slot]!]!.push(slot);
      }
      slotOf.forEach((slots, p) => {
        if (slots.length === 0) return;
        const list = slots.map((slot) => ({
          id_osoby: people[first[slot] === p ? second[slot]! : first[slot]!]!.id_osoby, wspolne: shared[slot]!, zgodne: equal[slot]!,
        }));
        const ratio = (x: Partner, y: Partner) => compareRatio(x.zgodne, x.wspolne, y.zgodne, y.wspolne);
        const koalicje = [...list].sort((x, y) => -ratio(x, y) || y.wspolne - x.wspolne || x.id_osoby - y.id_osoby);
        const oponenci = list.sort((x, y) => ratio(x, y) || y.wspolne - x.wspolne || x.id_osoby - y.id_osoby);
        insertPartners.run(scopes[s], people[p]!.id_osoby, packPartners(koalicje), packPartners(oponenci));
        pairRows += slots.length;
      });
    });
    insertTopPair.flush();
  })();
  timer('materialise: pairs', pairRows);

  // --- Councillors: one row per person and scope, with ranking positions ------------------------
  const at = (s: number, p: number, field: number) => stat[(s * P + p) * FIELDS + field]!;
  const insertStat = db.prepare(`INSERT INTO radny_stat (kadencja, id_osoby, przynaleznosc_id, kadencja_biezaca,
    id_ugrupowania, ugrupowanie, aktywny, za, przeciw, wstrzymujacy, nieobecny, brak_glosu, liczba_posiedzen, obecnosci,
    zg_wszystkie, zg_zgodne, glosowania_z_wiekszoscia, w_mniejszosci, liczba_glosowan, liczba_samotnych,
    liczba_kluczowych, liczba_buntowniczych, rank_frekwencja, rank_buntownik, rank_lojalista)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insertMonth = db.prepare('INSERT INTO radny_miesiac (kadencja, id_osoby, miesiac, liczba_posiedzen, obecnosci) VALUES (?, ?, ?, ?, ?)');
  const insertBodyCount = db.prepare('INSERT INTO radny_organ (kadencja, id_osoby, id_organu, liczba_glosowan) VALUES (?, ?, ?, ?)');
  const insertGroupStat = db.prepare('INSERT INTO ugrupowanie_stat (kadencja, id_ugrupowania, liczba_radnych) VALUES (?, ?, ?)');
  let councillorRows = 0;
  const membersWithTerm = scopes.map(() => 0);
  db.transaction(() => {
    for (let s = 0; s < S; s++) {
      const inScope: number[] = [];
      for (let p = 0; p < P; p++) {
        if (display[s * P + p] !== null || at(s, p, F.glosowania) > 0 || at(s, p, F.liczba_posiedzen) > 0) inScope.push(p);
        if (display[s * P + p] !== null) membersWithTerm[s]!++;
      }
      const rank = (compare: (a: number, b: number) => number) =>
        new Map([...inScope].sort(compare).map((p, i) => [p, i + 1]));
      // Rate descending by the exact ratio; an empty denominator counts as 0/1 (CONTRACT §2).
      const byRate = (num: (p: number) => number, den: (p: number) => number) => (a: number, b: number) =>
        -compareRatio(den(a) ? num(a) : 0, den(a) || 1, den(b) ? num(b) : 0, den(b) || 1);
      const present = (p: number) => at(s, p, F.obecnosci);
      const records = (p: number) => at(s, p, F.liczba_posiedzen);
      const minority = (p: number) => at(s, p, F.w_mniejszosci);
      const withMajority = (p: number) => at(s, p, F.z_wiekszoscia);
      const majorityShare = (p: number) => withMajority(p) - minority(p);
      const frekwencja = rank((a, b) => byRate(present, records)(a, b) || records(b) - records(a) || a - b);
      const buntownik = rank((a, b) => byRate(minority, withMajority)(a, b) || minority(b) - minority(a) || a - b);
      const lojalista = rank((a, b) => byRate(majorityShare, withMajority)(a, b) || majorityShare(b) - majorityShare(a) || a - b);
      const activeMembers = new Map<number, number>();
      for (const p of inScope) {
        const shown = display[s * P + p];
        const group = shown?.m.group ?? null;
        if (shown && group !== null && shown.m.active === 1) activeMembers.set(group, (activeMembers.get(group) ?? 0) + 1);
        insertStat.run(
          scopes[s], people[p]!.id_osoby, shown?.m.id ?? null, shown?.term ?? null, group,
          group === null ? null : groupNames.get(group), shown?.m.active ?? 0,
          at(s, p, F.za), at(s, p, F.przeciw), at(s, p, F.wstrzymujacy), at(s, p, F.nieobecny), at(s, p, F.brak_glosu),
          records(p), present(p), at(s, p, F.zg_wszystkie), at(s, p, F.zg_zgodne), withMajority(p), minority(p),
          at(s, p, F.glosowania), at(s, p, F.samotne), at(s, p, F.kluczowe), at(s, p, F.buntownicze),
          frekwencja.get(p), buntownik.get(p), lojalista.get(p),
        );
        councillorRows++;
      }
      for (const [group, count] of activeMembers) insertGroupStat.run(scopes[s], group, count);
    }
    for (const [key, [records, present]] of personMonths) {
      const [s, p, month] = key.split('|') as [string, string, string];
      insertMonth.run(scopes[Number(s)], people[Number(p)]!.id_osoby, month, records, present);
    }
    for (const [key, count] of bodyBallots) {
      const body = key % B;
      const sp = (key - body) / B;
      insertBodyCount.run(scopes[Math.floor(sp / P)], people[sp % P]!.id_osoby, bodies[body], count);
    }
  })();
  timer('materialise: councillors', councillorRows);

  // --- Global figures ---------------------------------------------------------------------------
  db.transaction(() => {
    const points = db.prepare('SELECT id_punktu, id_posiedzenia, numer FROM punkt').all() as
      Array<{ id_punktu: number; id_posiedzenia: number; numer: string }>;
    const votesPerPoint = new Map<number, number>();
    for (const v of votes) if (v.id_punktu !== null) votesPerPoint.set(v.id_punktu, (votesPerPoint.get(v.id_punktu) ?? 0) + 1);
    const pointsPerSession = new Int32Array(sessions.length);
    for (const point of points) pointsPerSession[sessionIndex.get(point.id_posiedzenia)!]!++;
    points.sort((a, b) => a.id_posiedzenia - b.id_posiedzenia || compareNatural(a.numer, b.numer) || a.id_punktu - b.id_punktu);
    const updatePoint = db.prepare('UPDATE punkt SET ord = ?, liczba_glosowan = ? WHERE id_punktu = ?');
    points.forEach((point, i) => updatePoint.run(i + 1, votesPerPoint.get(point.id_punktu) ?? 0, point.id_punktu));

    const sessionOrder = sessions.map((_, i) => i).sort((a, b) =>
      compareText(sessions[b]!.data, sessions[a]!.data) || sessions[b]!.id_posiedzenia - sessions[a]!.id_posiedzenia);
    const updateSession = db.prepare(`UPDATE posiedzenie SET ord = ?, liczba_glosowan = ?, obecni = ?, liczba_obecnosci = ?,
      frekwencja_procent = ?, liczba_punktow = ? WHERE id_posiedzenia = ?`);
    sessionOrder.forEach((si, i) => {
      updateSession.run(i + 1, sessionVotes[si], sessionPresent[si], sessionRecords[si],
        percent(sessionPresent[si]!, sessionRecords[si]!), pointsPerSession[si], sessions[si]!.id_posiedzenia);
    });

    const insertSummary = db.prepare(`INSERT INTO zestawienie (kadencja, id_organu, liczba_posiedzen, liczba_glosow,
      liczba_radnych, obecnosci, liczba_obecnosci) VALUES (?, ?, ?, ?, ?, ?, ?)`);
    const sessionsIn = new Map<string, number>();
    const votesIn = new Map<string, number>();
    const countInto = (map: Map<string, number>, si: number, by: number) => {
      for (const s of scopesOfSession(si)) {
        for (const body of [sessions[si]!.id_organu, ALL_BODIES]) map.set(`${s}|${body}`, (map.get(`${s}|${body}`) ?? 0) + by);
      }
    };
    sessions.forEach((_, si) => {
      countInto(sessionsIn, si, 1);
      countInto(votesIn, si, sessionVotes[si]!);
    });
    for (let s = 0; s < S; s++) {
      for (const body of [ALL_BODIES, ...bodies]) {
        const key = `${s}|${body}`;
        const totals = bodyTotals.get(key);
        const people = body === ALL_BODIES ? membersWithTerm[s]! : totals?.people.size ?? 0;
        insertSummary.run(scopes[s], body, sessionsIn.get(key) ?? 0, votesIn.get(key) ?? 0, people,
          totals?.present ?? 0, totals?.records ?? 0);
      }
    }

    const insertMonthTotal = db.prepare(`INSERT INTO miesiac (kadencja, id_organu, miesiac, liczba_posiedzen, obecnosci, nieobecnosci)
      VALUES (?, ?, ?, ?, ?, ?)`);
    for (const [key, [count, present, absent]] of globalMonths) {
      const [s, body, month] = key.split('|') as [string, string, string];
      insertMonthTotal.run(scopes[Number(s)], Number(body), month, count, present, absent);
    }

    const insertTerm = db.prepare('INSERT INTO kadencja_stat (kadencja, liczba_radnych, liczba_posiedzen, liczba_glosowan) VALUES (?, ?, ?, ?)');
    for (let s = 1; s < S; s++) {
      const key = `${s}|${ALL_BODIES}`;
      insertTerm.run(scopes[s], membersWithTerm[s], sessionsIn.get(key) ?? 0, votesIn.get(key) ?? 0);
    }
  })();
  timer('materialise: global', sessions.length);

  db.exec(INDEX_SQL);
  timer('indexes', 0);
}

function stageTimer(report: StageReporter) {
  let last = performance.now();
  return (stage: string, rows: number) => {
    const now = performance.now();
    report(stage, rows, now - last);
    last = now;
  };
}
