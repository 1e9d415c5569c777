// CONTRACT §13: each policy's entries matched to votes, and every councillor's score on it per scope
// (each term and all terms) and body (each body and all bodies). Reads only the votes of the entries'
// dates and the ballots of the matched votes, so a build without policies costs nothing here.

import type Database from 'better-sqlite3';
import { GLOS_VALUES } from '../../core/contract.ts';
import {
  type IgnoredKeys,
  type MatchableVote,
  type Policy,
  type PolicyCounts,
  type Stanowisko,
  type Waga,
  addBallot,
  agreementHundredths,
  emptyCounts,
  matchesOf,
  ocenaOf,
} from '../../core/policies.ts';
import { ALL_BODIES, ALL_TERMS } from '../../core/snapshot/schema.ts';
import { foldBySteps } from '../../core/topics.ts';
import type { Findings } from '../findings.ts';

interface CountedVote {
  id_glosowania: number;
  kadencja: string;
  id_organu: number;
  stanowisko: Stanowisko;
  waga: Waga;
}

/** Order of §13's radni: exact agreement desc (none last), mozliwe desc, id_osoby asc. */
function byAgreement(a: [number, PolicyCounts], b: [number, PolicyCounts]): number {
  const [ia, ca] = a;
  const [ib, cb] = b;
  if (ca.mozliwe === 0 || cb.mozliwe === 0) {
    if (ca.mozliwe !== cb.mozliwe) return ca.mozliwe === 0 ? 1 : -1;
    return ia - ib;
  }
  // (m_b − p_b)/m_b against (m_a − p_a)/m_a, exactly
  const ratio = (cb.mozliwe - cb.punkty) * ca.mozliwe - (ca.mozliwe - ca.punkty) * cb.mozliwe;
  return ratio || cb.mozliwe - ca.mozliwe || ia - ib;
}

/**
 * Matches and scores `policies` (file order) into the polityka tables; an entry that matches no vote
 * or several is warned about, naming `file`, the policy and the entry, and left out.
 */
export function materialisePolicies(
  db: Database.Database,
  policies: readonly Policy[],
  file: string,
  findings: Findings,
  ignored: readonly IgnoredKeys[] = [],
): number {
  for (const { where, keys } of ignored)
    findings.warn(
      { file, line: 0 },
      where,
      `${keys.length > 1 ? 'keys' : 'key'} ${keys.map((k) => JSON.stringify(k)).join(', ')} not in CONTRACT §13: ignored`,
    );
  if (policies.length === 0) return 0;
  const dates = [...new Set(policies.flatMap((p) => p.glosowania.map((e) => e.data)))];
  const byDate = new Map<string, Array<MatchableVote & { kadencja: string; id_organu: number }>>();
  const candidates = db
    .prepare(
      `SELECT g.id_glosowania, g.data, g.tytul, g.kadencja, g.id_organu, o.nazwa AS organ
       FROM glosowanie g JOIN organ o ON o.id_organu = g.id_organu
       WHERE g.data IN (SELECT value FROM json_each(?)) ORDER BY g.id_glosowania`,
    )
    .all(JSON.stringify(dates)) as Array<{
    id_glosowania: number;
    data: string;
    tytul: string;
    kadencja: string;
    id_organu: number;
    organ: string;
  }>;
  for (const v of candidates) {
    const list = byDate.get(v.data) ?? [];
    list.push({ ...v, folded: foldBySteps(v.tytul) });
    byDate.set(v.data, list);
  }

  const insertPolicy = db.prepare('INSERT INTO polityka (nr, id, nazwa, opis) VALUES (?, ?, ?, ?)');
  const insertVote = db.prepare(
    'INSERT INTO polityka_glosowanie (nr, id_glosowania, stanowisko, waga) VALUES (?, ?, ?, ?)',
  );
  const insertLeftOut = db.prepare(
    'INSERT INTO polityka_niedopasowane (nr, wpis, data, tytul, organ, powod) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const insertScore = db.prepare(
    `INSERT INTO polityka_radny (nr, kadencja, id_organu, id_osoby, zgodne, przeciwne, wstrzymane, nieobecne,
       punkty, mozliwe, zgodnosc_procent, ocena, pozycja) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const ballotsOf = db.prepare('SELECT id_osoby, glos FROM glos WHERE id_glosowania = ?').raw();
  let rows = 0;
  db.transaction(() => {
    policies.forEach((policy, index) => {
      const nr = index + 1;
      insertPolicy.run(nr, policy.id, policy.nazwa, policy.opis);
      const counted = new Map<number, CountedVote>();
      policy.glosowania.forEach((entry, e) => {
        const found = matchesOf(entry, byDate.get(entry.data) ?? []);
        if (found.length === 1) {
          const v = found[0]! as MatchableVote & { kadencja: string; id_organu: number };
          // A vote matched again counts once, as its first entry says.
          if (!counted.has(v.id_glosowania))
            counted.set(v.id_glosowania, { ...v, stanowisko: entry.stanowisko, waga: entry.waga });
          return;
        }
        const powod = found.length === 0 ? 'brak' : 'wiele';
        const what =
          found.length === 0
            ? 'matches no vote'
            : `matches ${found.length} votes (${found.map((v) => v.id_glosowania).join(', ')})`;
        findings.warn(
          { file, line: 0 },
          `policy "${policy.id}", entry ${e + 1}`,
          `${entry.data} "${entry.tytul}"${entry.organ === null ? '' : ` (${entry.organ})`} ${what}: left out`,
        );
        insertLeftOut.run(nr, e + 1, entry.data, entry.tytul, entry.organ, powod);
      });

      // Scores per (scope, body, person): each ballot counts in its term and all terms, its body and all bodies.
      const scores = new Map<string, Map<number, PolicyCounts>>();
      const countsOf = (kadencja: string, organ: number, person: number) => {
        const key = `${kadencja}\u0000${organ}`;
        let people = scores.get(key);
        if (!people) scores.set(key, (people = new Map()));
        let counts = people.get(person);
        if (!counts) people.set(person, (counts = emptyCounts()));
        return counts;
      };
      for (const vote of counted.values()) {
        insertVote.run(nr, vote.id_glosowania, vote.stanowisko, vote.waga);
        for (const [person, code] of ballotsOf.all(vote.id_glosowania) as Array<[number, number]>) {
          const glos = GLOS_VALUES[code]!;
          for (const kadencja of [vote.kadencja, ALL_TERMS])
            for (const organ of [vote.id_organu, ALL_BODIES])
              addBallot(countsOf(kadencja, organ, person), glos, vote.stanowisko, vote.waga);
        }
      }
      for (const [key, people] of scores) {
        const [kadencja, organ] = key.split('\u0000') as [string, string];
        [...people].sort(byAgreement).forEach(([person, c], i) => {
          const a = agreementHundredths(c);
          insertScore.run(
            nr,
            kadencja,
            Number(organ),
            person,
            c.zgodne,
            c.przeciwne,
            c.wstrzymane,
            c.nieobecne,
            c.punkty,
            c.mozliwe,
            a === null ? null : a / 100,
            ocenaOf(c),
            i + 1,
          );
          rows++;
        });
      }
    });
  })();
  return rows;
}
