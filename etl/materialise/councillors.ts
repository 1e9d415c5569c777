// Phase 6 of materialise: one row per councillor and scope (`radny_stat`), per councillor, scope and
// body (`radny_organ`, CONTRACT §7), per month (`radny_miesiac`), with the ranking positions of §4
// computed here so a ranking request reads rows in a stored order.

import type Database from 'better-sqlite3';
import { compareRatio } from '../../core/contract.ts';
import { assignTokens, compareNames, compareSurnames, foldText } from '../../core/text.ts';
import { BatchInsert } from '../batch-insert.ts';
import type { Attendance } from './attendance.ts';
import { type Dimensions, monthText } from './dimensions.ts';
import { BodyField, type BodySlot, type BodyTally, Field, type PersonTally } from './tally.ts';

/**
 * Token (URL slug), position in name order (CONTRACT §2) and in surname order, and the folded name of
 * every person; returns each one's position in name order (name_rank), by person index.
 */
export function writePeople(db: Database.Database, dims: Dimensions): Int32Array {
  const named = dims.people.map((p) => ({ id_osoby: p.id, imie_nazwisko: p.name }));
  const tokens = assignTokens(named);
  const nameRank = new Map([...named].sort(compareNames).map((p, i) => [p.id_osoby, i + 1]));
  const surnameRank = new Map([...named].sort(compareSurnames).map((p, i) => [p.id_osoby, i + 1]));
  const update = db.prepare(
    'UPDATE radny SET token = ?, name_rank = ?, surname_rank = ?, name_folded = ? WHERE id_osoby = ?',
  );
  // One transaction, not one per councillor: each commit cost ~0.1 ms (all of Poland's 50,000: ~6 s).
  db.transaction(() => {
    for (const p of dims.people)
      update.run(tokens.get(p.id), nameRank.get(p.id), surnameRank.get(p.id), foldText(p.name), p.id);
  })();
  return Int32Array.from(dims.people, (p) => nameRank.get(p.id)!);
}

interface Ranked {
  person: number;
  records: number;
  present: number;
  withMajority: number;
  minority: number;
}
interface Positions {
  frekwencja: number;
  buntownik: number;
  lojalista: number;
}

/**
 * Positions in the three councillor rankings of §4, by the exact ratio (an empty denominator counts
 * as 0/1), then the count, then id (person indexes are in id order).
 */
export function rankCouncillors(population: Ranked[]): Positions[] {
  const byRate = (num: (r: Ranked) => number, den: (r: Ranked) => number) => (a: Ranked, b: Ranked) =>
    -compareRatio(den(a) ? num(a) : 0, den(a) || 1, den(b) ? num(b) : 0, den(b) || 1);
  const majorityShare = (r: Ranked) => r.withMajority - r.minority;
  const positions = (compare: (a: Ranked, b: Ranked) => number) => {
    const order = population.map((_, i) => i).sort((a, b) => compare(population[a]!, population[b]!));
    const position = new Int32Array(population.length);
    order.forEach((i, k) => {
      position[i] = k + 1;
    });
    return position;
  };
  const frekwencja = positions(
    (a, b) =>
      byRate(
        (r) => r.present,
        (r) => r.records,
      )(a, b) ||
      b.records - a.records ||
      a.person - b.person,
  );
  const buntownik = positions(
    (a, b) =>
      byRate(
        (r) => r.minority,
        (r) => r.withMajority,
      )(a, b) ||
      b.minority - a.minority ||
      a.person - b.person,
  );
  const lojalista = positions(
    (a, b) =>
      byRate(majorityShare, (r) => r.withMajority)(a, b) || majorityShare(b) - majorityShare(a) || a.person - b.person,
  );
  return population.map((_, i) => ({ frekwencja: frekwencja[i]!, buntownik: buntownik[i]!, lojalista: lojalista[i]! }));
}

export function writeCouncillors(db: Database.Database, dims: Dimensions, tally: PersonTally): number {
  const insertStat = db.prepare(`INSERT INTO radny_stat (kadencja, id_osoby, przynaleznosc_id, kadencja_biezaca,
    id_ugrupowania, ugrupowanie, aktywny, za, przeciw, wstrzymujacy, nieobecny, brak_glosu, liczba_posiedzen, obecnosci,
    zg_wszystkie, zg_zgodne, glosowania_z_wiekszoscia, w_mniejszosci, liczba_glosowan, liczba_samotnych,
    liczba_kluczowych, liczba_buntowniczych, rank_frekwencja, rank_buntownik, rank_lojalista)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insertGroup = db.prepare(
    'INSERT INTO ugrupowanie_stat (kadencja, id_ugrupowania, liczba_radnych) VALUES (?, ?, ?)',
  );
  let rows = 0;
  db.transaction(() => {
    for (let s = 0; s < dims.S; s++) {
      // In scope: a display membership, or any ballot or attendance record in it.
      const inScope = Array.from({ length: dims.P }, (_, p) => p).filter(
        (p) =>
          dims.display(p, s) !== null ||
          tally.get(s, p, Field.glosowania) > 0 ||
          tally.get(s, p, Field.liczba_posiedzen) > 0,
      );
      const population = inScope.map((p): Ranked => ({
        person: p,
        records: tally.get(s, p, Field.liczba_posiedzen),
        present: tally.get(s, p, Field.obecnosci),
        withMajority: tally.get(s, p, Field.z_wiekszoscia),
        minority: tally.get(s, p, Field.w_mniejszosci),
      }));
      const positions = rankCouncillors(population);
      const activeMembers = new Map<number, number>();
      population.forEach((r, i) => {
        const p = r.person;
        const shown = dims.display(p, s);
        const group = shown?.membership.group ?? null;
        const groupName =
          shown && shown.membership.groupIndex >= 0 ? dims.groupNames[shown.membership.groupIndex]! : null;
        if (shown && group !== null && shown.membership.active === 1)
          activeMembers.set(group, (activeMembers.get(group) ?? 0) + 1);
        const at = (field: number) => tally.get(s, p, field);
        insertStat.run(
          dims.scopes[s],
          dims.people[p]!.id,
          shown?.membership.id ?? null,
          shown?.term ?? null,
          group,
          groupName,
          shown?.membership.active ?? 0,
          at(Field.za),
          at(Field.przeciw),
          at(Field.wstrzymujacy),
          at(Field.nieobecny),
          at(Field.brak_glosu),
          r.records,
          r.present,
          at(Field.zg_wszystkie),
          at(Field.zg_zgodne),
          r.withMajority,
          r.minority,
          at(Field.glosowania),
          at(Field.samotne),
          at(Field.kluczowe),
          at(Field.buntownicze),
          positions[i]!.frekwencja,
          positions[i]!.buntownik,
          positions[i]!.lojalista,
        );
        rows++;
      });
      for (const [group, count] of activeMembers) insertGroup.run(dims.scopes[s], group, count);
    }
  })();
  return rows;
}

/** Per (scope, body): everyone with a ballot or an attendance record there, ranked within that body (§7). */
export function writeBodyCouncillors(
  db: Database.Database,
  dims: Dimensions,
  bodyTally: BodyTally,
  cells: Map<number, BodySlot[]>,
): number {
  const insert = new BatchInsert<
    [
      kadencja: string,
      id_organu: number,
      id_osoby: number,
      liczba_glosowan: number,
      liczba_posiedzen: number,
      obecnosci: number,
      z_wiekszoscia: number,
      w_mniejszosci: number,
      rank_frekwencja: number,
      rank_buntownik: number,
      rank_lojalista: number,
    ]
  >(db, 'radny_organ', [
    'kadencja',
    'id_organu',
    'id_osoby',
    'liczba_glosowan',
    'liczba_posiedzen',
    'obecnosci',
    'glosowania_z_wiekszoscia',
    'w_mniejszosci',
    'rank_frekwencja',
    'rank_buntownik',
    'rank_lojalista',
  ]);
  let rows = 0;
  db.transaction(() => {
    for (const slots of cells.values()) {
      const population = slots.map((c): Ranked => ({
        person: c.person,
        records: bodyTally.get(c.slot, BodyField.liczba_posiedzen),
        present: bodyTally.get(c.slot, BodyField.obecnosci),
        withMajority: bodyTally.get(c.slot, BodyField.z_wiekszoscia),
        minority: bodyTally.get(c.slot, BodyField.w_mniejszosci),
      }));
      const positions = rankCouncillors(population);
      slots.forEach((c, i) => {
        const r = population[i]!;
        insert.add(
          dims.scopes[c.scope]!,
          dims.bodies[c.body]!,
          dims.people[c.person]!.id,
          bodyTally.get(c.slot, BodyField.glosowania),
          r.records,
          r.present,
          r.withMajority,
          r.minority,
          positions[i]!.frekwencja,
          positions[i]!.buntownik,
          positions[i]!.lojalista,
        );
        rows++;
      });
    }
    insert.flush();
  })();
  return rows;
}

export function writeCouncillorMonths(db: Database.Database, dims: Dimensions, attendance: Attendance): void {
  // Batched, one statement binding 64 rows (a tenth of Poland has 187,034; docs/PERFORMANCE.md, issue 47).
  const insert = new BatchInsert<
    [kadencja: string, id_osoby: number, miesiac: string, liczba_posiedzen: number, obecnosci: number]
  >(db, 'radny_miesiac', ['kadencja', 'id_osoby', 'miesiac', 'liczba_posiedzen', 'obecnosci']);
  const { personMonths } = attendance;
  db.transaction(() => {
    for (let slot = 0; slot < personMonths.size; slot++) {
      const { owner: scopePerson, month } = attendance.split(personMonths.key(slot));
      const p = scopePerson % dims.P;
      insert.add(
        dims.scopes[(scopePerson - p) / dims.P]!,
        dims.people[p]!.id,
        monthText(month),
        personMonths.get(slot, 'records'),
        personMonths.get(slot, 'present'),
      );
    }
    insert.flush();
  })();
}
