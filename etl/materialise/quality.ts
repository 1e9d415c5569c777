// Phase of materialise after the votes and sessions: what each council's record disagrees about
// (CONTRACT §12). Each vote's disagreements as bits of glosowanie.jakosc, then the counts per (scope,
// body) in jakosc_stat. Set operations over the vote and session rows and the list sessions'
// attendance: no pass over the ballots (the attendance records already carry their ballot counts).

import type Database from 'better-sqlite3';
import { ODRZUCONO, PRZYJETO } from '../../core/contract.ts';
import { ALL_TERMS, JAKOSC } from '../../core/snapshot/schema.ts';

const STATED = ['za', 'przeciw', 'wstrzymujacy', 'nieobecni', 'brak_glosu'] as const;

/** The bits of one vote row (CONTRACT §12); the counts are §2's (stated ones for a tally-only vote). */
const FLAGS_SQL = `(
  CASE WHEN imienne = 0 AND (${STATED.map((c) => `${c}_podane IS NOT NULL`).join(' OR ')})
    THEN ${JAKOSC.tylko_liczby} ELSE 0 END
  | CASE WHEN imienne = 1 AND (${STATED.map((c) => `coalesce(${c}_podane != ${c}, 0)`).join(' OR ')})
    THEN ${JAKOSC.rozbiezne_liczby} ELSE 0 END
  | CASE WHEN (wynik_podany = @przyjeto AND za <= przeciw) OR (wynik_podany = @odrzucono AND za > przeciw)
    THEN ${JAKOSC.wynik_wbrew_liczbom} ELSE 0 END)`;

const has = (bit: number) => `sum((jakosc & ${bit}) != 0)`;

/** Writes glosowanie.jakosc and jakosc_stat; returns the rows of jakosc_stat. */
export function writeQuality(db: Database.Database): number {
  const wynik = { przyjeto: PRZYJETO, odrzucono: ODRZUCONO };
  // Only the votes with a disagreement are written; the rest keep the default 0.
  db.prepare(`UPDATE glosowanie SET jakosc = ${FLAGS_SQL} WHERE ${FLAGS_SQL} != 0`).run(wynik);
  db.prepare(
    `INSERT INTO jakosc_stat (kadencja, id_organu, glosowania, imienne, tylko_liczby, rozbiezne_liczby,
      wynik_wbrew_liczbom, posiedzenia, z_lista_obecnosci, obecni_bez_glosu)
    WITH sessions AS (
      SELECT kadencja, id_organu, count(*) AS posiedzenia, sum(lista_obecnosci) AS z_lista_obecnosci
      FROM posiedzenie GROUP BY kadencja, id_organu),
    votes AS (
      SELECT kadencja, id_organu, count(*) AS glosowania, sum(imienne) AS imienne,
        ${has(JAKOSC.tylko_liczby)} AS tylko_liczby, ${has(JAKOSC.rozbiezne_liczby)} AS rozbiezne_liczby,
        ${has(JAKOSC.wynik_wbrew_liczbom)} AS wynik_wbrew_liczbom
      FROM glosowanie GROUP BY kadencja, id_organu),
    -- Present by a list, with ballots there, every one nieobecny (only the list sessions' records are read).
    silent AS (
      SELECT s.kadencja, s.id_organu, count(*) AS obecni_bez_glosu
      FROM posiedzenie s JOIN obecnosc a ON a.id_posiedzenia = s.id_posiedzenia
      WHERE s.lista_obecnosci = 1 AND a.obecny = 1 AND a.glosowania > 0 AND a.nieobecny_w_glosowaniach = a.glosowania
      GROUP BY s.kadencja, s.id_organu),
    terms AS (
      SELECT s.kadencja, s.id_organu, coalesce(v.glosowania, 0) AS glosowania, coalesce(v.imienne, 0) AS imienne,
        coalesce(v.tylko_liczby, 0) AS tylko_liczby, coalesce(v.rozbiezne_liczby, 0) AS rozbiezne_liczby,
        coalesce(v.wynik_wbrew_liczbom, 0) AS wynik_wbrew_liczbom, s.posiedzenia, s.z_lista_obecnosci,
        coalesce(a.obecni_bez_glosu, 0) AS obecni_bez_glosu
      FROM sessions s
      LEFT JOIN votes v ON v.kadencja = s.kadencja AND v.id_organu = s.id_organu
      LEFT JOIN silent a ON a.kadencja = s.kadencja AND a.id_organu = s.id_organu)
    SELECT * FROM terms
    UNION ALL
    SELECT @all, id_organu, sum(glosowania), sum(imienne), sum(tylko_liczby), sum(rozbiezne_liczby),
      sum(wynik_wbrew_liczbom), sum(posiedzenia), sum(z_lista_obecnosci), sum(obecni_bez_glosu)
    FROM terms GROUP BY id_organu`,
  ).run({ all: ALL_TERMS });
  return db.prepare('SELECT count(*) FROM jakosc_stat').pluck().get() as number;
}
