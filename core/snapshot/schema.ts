// The one definition of the snapshot database. The ETL builds a fresh file from it on every run,
// so there are no migrations: a reader checks SCHEMA_VERSION and refuses a file built by another.
// SCHEMA_VERSION is derived from this SQL (schemaVersionOf, at the end): any change to a table or an
// index is a new version, with nothing kept by hand.
// Naming: Polish for the domain (matching the API), `*_stat`/`*_rank` for materialised figures.
// Ballot values are stored as small integers (GLOS_VALUES index) to keep 1.4M-row tables compact.

import { hash } from 'node:crypto';
import type Database from 'better-sqlite3';
import { reversedText, titlePairs } from '../title-words.ts';

/** `PRAGMA application_id` of every snapshot: tells our files from any other SQLite file. */
export const APPLICATION_ID = 0x43564131; // "CVA1"

/**
 * What a vote's record disagrees about (CONTRACT §12), bits of glosowanie.jakosc, by the names of
 * /api/utils/jakosc's counts and of the `jakosc` filter on /api/glosowania.
 */
export const JAKOSC = { tylko_liczby: 1, rozbiezne_liczby: 2, wynik_wbrew_liczbom: 4 } as const;
export type JakoscKind = keyof typeof JAKOSC;
export const JAKOSC_KINDS = [
  'tylko_liczby',
  'rozbiezne_liczby',
  'wynik_wbrew_liczbom',
] as const satisfies readonly JakoscKind[];

/**
 * A ballot in a row of glosowanie_glosy, two little-endian int32 (see the table): the voter's name_rank,
 * then the voter's group place (-1: none) and the ballot's value (0–4) as one number. The one definition
 * of that number, for the ETL that writes it and the answer that reads it.
 */
export const VOTE_BALLOT_BYTES = 8;
export const groupAndValue = (groupPlace: number, glos: number): number => (groupPlace + 1) * 8 + glos;
export const groupPlaceOf = (packed: number): number => (packed >> 3) - 1;
export const valueOf = (packed: number): number => packed & 7;

/** All-terms scope in materialised tables keyed by kadencja. */
export const ALL_TERMS = '*';
/** All-bodies scope in materialised tables keyed by id_organu. */
export const ALL_BODIES = 0;

/** Body types (`organ.typ`) that are a whole chamber, every member voting: a council and the Sejm (not a committee). */
export const PLENARY_TYPES: readonly string[] = ['rada', 'sejm'];
/** `o.typ IN ('rada', 'sejm')` for a query over organ `o` (the types are constants, not input). */
export const isPlenarySql = (alias: string) => `${alias}.typ IN (${PLENARY_TYPES.map((t) => `'${t}'`).join(', ')})`;

export const SCHEMA_SQL = `
CREATE TABLE meta (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

-- Raw data, as loaded and validated -------------------------------------------------------------

CREATE TABLE kadencja (
  kadencja TEXT PRIMARY KEY,
  data_od  TEXT NOT NULL,
  data_do  TEXT
);

CREATE TABLE organ (
  id_organu INTEGER PRIMARY KEY,
  nazwa     TEXT NOT NULL,
  typ       TEXT NOT NULL
);

CREATE TABLE ugrupowanie (
  id_ugrupowania INTEGER PRIMARY KEY,
  nazwa          TEXT NOT NULL,
  skrot          TEXT,
  pelna_nazwa    TEXT,                -- full name where a source has one (Sejm clubs)
  id_rady        INTEGER              -- its members' council (etl/materialise/councils.ts); null: none, several
);

CREATE TABLE radny (
  id_osoby      INTEGER PRIMARY KEY,
  imie_nazwisko TEXT NOT NULL,
  token         TEXT NOT NULL UNIQUE,
  name_rank     INTEGER NOT NULL,     -- position in Polish collation order, then id_osoby
  surname_rank  INTEGER NOT NULL DEFAULT 0,  -- position in surname order (core/text.ts compareSurnames)
  name_folded   TEXT NOT NULL DEFAULT '',    -- lower case, diacritics folded: the name search column
  id_rady       INTEGER                      -- their council (etl/materialise/councils.ts); null: none, several
);

CREATE TABLE przynaleznosc (
  przynaleznosc_id INTEGER PRIMARY KEY,
  id_osoby         INTEGER NOT NULL,
  kadencja         TEXT NOT NULL,
  id_ugrupowania   INTEGER,
  data_od          TEXT,
  data_do          TEXT,
  aktywny          INTEGER NOT NULL
);
CREATE INDEX przynaleznosc_osoba ON przynaleznosc (id_osoby);

CREATE TABLE posiedzenie (
  id_posiedzenia INTEGER PRIMARY KEY,
  id_organu      INTEGER NOT NULL,
  kadencja       TEXT NOT NULL,
  numer          TEXT NOT NULL,       -- as the council writes it: 7, XXII, LXXIV/2 (CONTRACT §1)
  data           TEXT NOT NULL,
  nazwa          TEXT,
  lista_obecnosci INTEGER NOT NULL DEFAULT 0, -- 1: attendance from the source's own list (CONTRACT §10), 0: from the ballots
  ord            INTEGER NOT NULL DEFAULT 0,  -- list order: data desc, id desc
  liczba_punktow   INTEGER NOT NULL DEFAULT 0,
  liczba_glosowan  INTEGER NOT NULL DEFAULT 0,
  obecni           INTEGER NOT NULL DEFAULT 0,
  liczba_obecnosci INTEGER NOT NULL DEFAULT 0,
  frekwencja_procent REAL NOT NULL DEFAULT 0
);

CREATE TABLE punkt (
  id_punktu      INTEGER PRIMARY KEY,
  id_posiedzenia INTEGER NOT NULL,
  numer          TEXT NOT NULL,
  tytul          TEXT NOT NULL,
  ord             INTEGER NOT NULL DEFAULT 0,  -- natural order of numer within the session
  liczba_glosowan INTEGER NOT NULL DEFAULT 0
);  -- its (id_posiedzenia, ord) index is built once ord is set (INDEX_SQL)

CREATE TABLE glosowanie (
  id_glosowania  INTEGER PRIMARY KEY,
  id_posiedzenia INTEGER NOT NULL,
  id_punktu      INTEGER,
  numer          INTEGER NOT NULL,
  data_czas      TEXT NOT NULL,       -- normalised YYYY-MM-DDTHH:MM:SS (date-only input: T00:00:00)
  data           TEXT NOT NULL,
  godzina        TEXT,                -- HH:MM, null when the input had no time
  tytul          TEXT NOT NULL,
  tytul_folded   TEXT NOT NULL DEFAULT '',  -- lower case, diacritics folded: the search column
  wynik_podany   TEXT,
  -- The tallies the source states (CONTRACT §10), each null when not stated; counted ones are below.
  za_podane           INTEGER,
  przeciw_podane      INTEGER,
  wstrzymujacy_podane INTEGER,
  nieobecni_podane    INTEGER,
  brak_glosu_podane   INTEGER,
  wiekszosc           TEXT,            -- the majority the source says the vote needed (the Sejm's majorityType)
  wiekszosc_glosow    INTEGER,         -- and the votes it took (majorityVotes)
  -- What identifies the vote in its source when its ids and numbers do not (Radoskop: positions), as the
  -- reader states it plus its occurrence among the body's votes stated alike: a JSON array. Null: the
  -- session's and vote's numbers identify it (GlosowaniaQueries.keyOf).
  klucz_zrodla   TEXT,
  -- materialised
  imienne             INTEGER NOT NULL DEFAULT 0,  -- 1: the vote has ballots (a roll call); 0: tally-only or empty
  kadencja            TEXT NOT NULL DEFAULT '',
  id_organu           INTEGER NOT NULL DEFAULT 0,
  wynik               TEXT NOT NULL DEFAULT '',
  za                  INTEGER NOT NULL DEFAULT 0,
  przeciw             INTEGER NOT NULL DEFAULT 0,
  wstrzymujacy        INTEGER NOT NULL DEFAULT 0,
  nieobecni           INTEGER NOT NULL DEFAULT 0,
  brak_glosu          INTEGER NOT NULL DEFAULT 0,
  kontrowersyjnosc    INTEGER NOT NULL DEFAULT 0,
  jednomyslnosc_procent REAL NOT NULL DEFAULT 0,
  ord                 INTEGER NOT NULL DEFAULT 0,  -- date order: data_czas desc, id desc
  rank_kontrowersyjne INTEGER NOT NULL DEFAULT 0,
  rank_jednomyslne    INTEGER,                     -- null: no active ballot
  temat               TEXT NOT NULL DEFAULT '',    -- its topic's id (CONTRACT §11; the vocabulary is in meta)
  jakosc              INTEGER NOT NULL DEFAULT 0   -- what its record disagrees about (CONTRACT §12): JAKOSC bits
);

CREATE TABLE zalacznik (
  id_zalacznika INTEGER PRIMARY KEY,
  id_glosowania INTEGER NOT NULL,
  nazwa         TEXT NOT NULL,
  url           TEXT
);
CREATE INDEX zalacznik_glosowanie ON zalacznik (id_glosowania, id_zalacznika);

-- Ballots as loaded, by vote.
CREATE TABLE glos (
  id_glosowania  INTEGER NOT NULL,
  id_osoby       INTEGER NOT NULL,
  glos           INTEGER NOT NULL,
  PRIMARY KEY (id_glosowania, id_osoby)
) WITHOUT ROWID;

-- Each vote with ballots, its ballots as /api/glosowania/:id/glosy reads them: in name order, each as
-- two little-endian int32, the voter's name_rank and (group + 1) × 8 + glos, group being the voter's
-- group at the vote (CONTRACT §2) as its place among ugrupowanie by id_ugrupowania, -1 for none
-- (etl/materialise/vote-ballots.ts).
CREATE TABLE glosowanie_glosy (
  id_glosowania INTEGER PRIMARY KEY,
  glosy         BLOB NOT NULL
);

-- Final attendance (given, or derived from ballots), with the group at the session date and the
-- person's ballots in the session's votes: all, and those \`nieobecny\` (CONTRACT §5, §10).
CREATE TABLE obecnosc (
  id_posiedzenia INTEGER NOT NULL,
  id_osoby       INTEGER NOT NULL,
  obecny         INTEGER NOT NULL,
  id_ugrupowania INTEGER,
  glosowania     INTEGER NOT NULL DEFAULT 0,
  nieobecny_w_glosowaniach INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (id_posiedzenia, id_osoby)
) WITHOUT ROWID;

-- Materialised statistics -----------------------------------------------------------------------

-- One councillor's ballots in date order, with the per-vote flags of CONTRACT §3. Keyed by
-- (id_osoby, ord) and written in that order (etl/materialise/councillor-ballots.ts): the table is its
-- own index, a page of a councillor's votes is a range of it, and no index over every ballot is sorted.
CREATE TABLE radny_glos (
  id_osoby      INTEGER NOT NULL,
  ord           INTEGER NOT NULL,
  id_glosowania INTEGER NOT NULL,
  glos          INTEGER NOT NULL,
  kadencja      TEXT NOT NULL,
  id_organu     INTEGER NOT NULL,
  id_ugrupowania INTEGER,             -- the group at this vote (CONTRACT §2)
  samotny       INTEGER NOT NULL,
  kluczowy      INTEGER NOT NULL,
  buntowniczy   INTEGER NOT NULL,
  z_grupa       INTEGER NOT NULL,     -- counted in zgodnosc-grupa and equal to the group position (the site's evidence)
  PRIMARY KEY (id_osoby, ord)
) WITHOUT ROWID;
-- The flagged lists are short: one small index each instead of scanning all of a councillor's votes.
-- Created with the table: rows arrive in key order, so each index is written in order too.
CREATE INDEX radny_glos_samotne ON radny_glos (id_osoby, ord, kadencja, id_glosowania, glos) WHERE samotny = 1;
CREATE INDEX radny_glos_kluczowe ON radny_glos (id_osoby, ord, kadencja, id_glosowania, glos) WHERE kluczowy = 1;
CREATE INDEX radny_glos_buntownicze ON radny_glos (id_osoby, ord, kadencja, id_glosowania, glos) WHERE buntowniczy = 1;

-- Per councillor and scope (kadencja or '*'): every count behind the councillor endpoints and rankings.
CREATE TABLE radny_stat (
  kadencja         TEXT NOT NULL,
  id_osoby         INTEGER NOT NULL,
  przynaleznosc_id INTEGER,            -- display membership (CONTRACT §2 current group), null: none
  kadencja_biezaca TEXT,
  id_ugrupowania   INTEGER,
  ugrupowanie      TEXT,
  aktywny          INTEGER NOT NULL,
  za               INTEGER NOT NULL,
  przeciw          INTEGER NOT NULL,
  wstrzymujacy     INTEGER NOT NULL,
  nieobecny        INTEGER NOT NULL,
  brak_glosu       INTEGER NOT NULL,
  liczba_posiedzen INTEGER NOT NULL,   -- attendance records
  obecnosci        INTEGER NOT NULL,
  zg_wszystkie     INTEGER NOT NULL,   -- zgodnosc-grupa denominator
  zg_zgodne        INTEGER NOT NULL,
  glosowania_z_wiekszoscia INTEGER NOT NULL,  -- active ballots in votes with a majority position
  w_mniejszosci    INTEGER NOT NULL,
  liczba_glosowan  INTEGER NOT NULL,   -- all ballots (the length of /glosowania)
  liczba_samotnych INTEGER NOT NULL,
  liczba_kluczowych INTEGER NOT NULL,
  liczba_buntowniczych INTEGER NOT NULL,
  rank_frekwencja  INTEGER NOT NULL,
  rank_buntownik   INTEGER NOT NULL,
  rank_lojalista   INTEGER NOT NULL,
  PRIMARY KEY (kadencja, id_osoby)
) WITHOUT ROWID;
CREATE INDEX radny_stat_frekwencja ON radny_stat (kadencja, rank_frekwencja);
CREATE INDEX radny_stat_buntownik ON radny_stat (kadencja, rank_buntownik);
CREATE INDEX radny_stat_lojalista ON radny_stat (kadencja, rank_lojalista);

-- Per councillor, scope and body (CONTRACT §7 organ): everyone with a ballot or an attendance record in
-- that body's votes and sessions, with the ranking positions within the body. Also the page total of
-- /radni/:id/glosowania?organ=.
CREATE TABLE radny_organ (
  kadencja  TEXT NOT NULL,
  id_organu INTEGER NOT NULL,
  id_osoby  INTEGER NOT NULL,
  liczba_glosowan  INTEGER NOT NULL,  -- all ballots in the body's votes
  liczba_posiedzen INTEGER NOT NULL,  -- attendance records of the body's sessions
  obecnosci        INTEGER NOT NULL,
  glosowania_z_wiekszoscia INTEGER NOT NULL,
  w_mniejszosci    INTEGER NOT NULL,
  rank_frekwencja  INTEGER NOT NULL,
  rank_buntownik   INTEGER NOT NULL,
  rank_lojalista   INTEGER NOT NULL,
  PRIMARY KEY (kadencja, id_organu, id_osoby)
) WITHOUT ROWID;

CREATE TABLE radny_miesiac (
  kadencja  TEXT NOT NULL,
  id_osoby  INTEGER NOT NULL,
  miesiac   TEXT NOT NULL,
  liczba_posiedzen INTEGER NOT NULL,
  obecnosci INTEGER NOT NULL,
  PRIMARY KEY (kadencja, id_osoby, miesiac)
) WITHOUT ROWID;

-- Partners of each councillor per scope, packed: little-endian int32 triples
-- (id_partnera, wspolne, zgodne) in koalicje order and in oponenci order (see core/snapshot/partners.ts).
-- One row per councillor instead of one per pair: a koalicje request reads one row.
CREATE TABLE radny_partnerzy (
  kadencja TEXT NOT NULL,
  id_osoby INTEGER NOT NULL,
  koalicje BLOB NOT NULL,
  oponenci BLOB NOT NULL,
  PRIMARY KEY (kadencja, id_osoby)
) WITHOUT ROWID;

-- Unordered pairs (id_1 < id_2) in top-koalicje order, per scope and body (id or 0 = all).
CREATE TABLE para_top (
  kadencja  TEXT NOT NULL,
  id_organu INTEGER NOT NULL,
  rank      INTEGER NOT NULL,
  id_osoby_1 INTEGER NOT NULL,
  id_osoby_2 INTEGER NOT NULL,
  wspolne   INTEGER NOT NULL,
  zgodne    INTEGER NOT NULL,
  miedzy_ugrupowaniami INTEGER NOT NULL,  -- current groups (in scope) differ
  PRIMARY KEY (kadencja, id_organu, rank)
) WITHOUT ROWID;

-- Global figures per scope (kadencja or '*') and body (id or 0 = all).
CREATE TABLE zestawienie (
  kadencja  TEXT NOT NULL,
  id_organu INTEGER NOT NULL,
  liczba_posiedzen INTEGER NOT NULL,
  liczba_glosow    INTEGER NOT NULL,
  liczba_radnych   INTEGER NOT NULL,
  obecnosci        INTEGER NOT NULL,
  liczba_obecnosci INTEGER NOT NULL,
  PRIMARY KEY (kadencja, id_organu)
) WITHOUT ROWID;

CREATE TABLE miesiac (
  kadencja  TEXT NOT NULL,
  id_organu INTEGER NOT NULL,
  miesiac   TEXT NOT NULL,
  liczba_posiedzen INTEGER NOT NULL,
  obecnosci    INTEGER NOT NULL,
  nieobecnosci INTEGER NOT NULL,
  PRIMARY KEY (kadencja, id_organu, miesiac)
) WITHOUT ROWID;

-- Active members per group and scope (current membership in scope, aktywny = 1).
CREATE TABLE ugrupowanie_stat (
  kadencja       TEXT NOT NULL,
  id_ugrupowania INTEGER NOT NULL,
  liczba_radnych INTEGER NOT NULL,
  PRIMARY KEY (kadencja, id_ugrupowania)
) WITHOUT ROWID;

-- The evidence behind a figure, comparison and group cohesion (CONTRACT §9) ----------------------

-- Per councillor, scope and body: ballots by value, the page total of /radni/:id/glosowania?glos=&organ=
-- (over all bodies, radny_stat holds the same counts).
CREATE TABLE radny_organ_glosy (
  kadencja  TEXT NOT NULL,
  id_organu INTEGER NOT NULL,
  id_osoby  INTEGER NOT NULL,
  za           INTEGER NOT NULL,
  przeciw      INTEGER NOT NULL,
  wstrzymujacy INTEGER NOT NULL,
  nieobecny    INTEGER NOT NULL,
  brak_glosu   INTEGER NOT NULL,
  PRIMARY KEY (kadencja, id_organu, id_osoby)
) WITHOUT ROWID;

-- A councillor's attendance records in session list order (/radni/:id/obecnosci).
CREATE TABLE radny_obecnosc (
  id_osoby       INTEGER NOT NULL,
  ord            INTEGER NOT NULL,  -- posiedzenie.ord: session date desc, id desc
  id_posiedzenia INTEGER NOT NULL,
  kadencja       TEXT NOT NULL,
  id_organu      INTEGER NOT NULL,
  obecny         INTEGER NOT NULL,
  PRIMARY KEY (id_osoby, ord)
) WITHOUT ROWID;

-- Group cohesion per scope and body (0 = all) in ranking order: the Agreement Index as a ratio of
-- integer sums over the votes where the group's members cast T ≥ 2 active ballots.
CREATE TABLE ugrupowanie_spojnosc (
  kadencja       TEXT NOT NULL,
  id_organu      INTEGER NOT NULL,
  rank           INTEGER NOT NULL,  -- licznik/mianownik desc, liczba_glosowan desc, id asc
  id_ugrupowania INTEGER NOT NULL,
  liczba_glosowan INTEGER NOT NULL,
  licznik        INTEGER NOT NULL,  -- Σ (3·max(Y, N, A) − T)
  mianownik      INTEGER NOT NULL,  -- Σ 2·T
  PRIMARY KEY (kadencja, id_organu, rank)
) WITHOUT ROWID;

-- The same per calendar month of the vote date (YYYY-MM), for the site's chart.
CREATE TABLE ugrupowanie_spojnosc_miesiac (
  kadencja       TEXT NOT NULL,
  id_organu      INTEGER NOT NULL,
  id_ugrupowania INTEGER NOT NULL,
  miesiac        TEXT NOT NULL,
  liczba_glosowan INTEGER NOT NULL,
  licznik        INTEGER NOT NULL,
  mianownik      INTEGER NOT NULL,
  PRIMARY KEY (kadencja, id_organu, id_ugrupowania, miesiac)
) WITHOUT ROWID;

-- Topics (CONTRACT §11) ------------------------------------------------------------------------

-- Per scope and body with a session in it: what the record disagrees about (CONTRACT §12).
CREATE TABLE jakosc_stat (
  kadencja  TEXT NOT NULL,
  id_organu INTEGER NOT NULL,
  glosowania          INTEGER NOT NULL,
  imienne             INTEGER NOT NULL,
  tylko_liczby        INTEGER NOT NULL,
  rozbiezne_liczby    INTEGER NOT NULL,
  wynik_wbrew_liczbom INTEGER NOT NULL,
  posiedzenia         INTEGER NOT NULL,
  z_lista_obecnosci   INTEGER NOT NULL,
  obecni_bez_glosu    INTEGER NOT NULL,
  PRIMARY KEY (kadencja, id_organu)
) WITHOUT ROWID;

-- Per scope, body (0 = all) and topic with a vote: the votes, their results and Σ kontrowersyjnosc.
CREATE TABLE temat_stat (
  kadencja  TEXT NOT NULL,
  id_organu INTEGER NOT NULL,
  temat     TEXT NOT NULL,
  liczba_glosowan INTEGER NOT NULL,
  przyjete        INTEGER NOT NULL,
  odrzucone       INTEGER NOT NULL,
  suma_kontrowersyjnosci INTEGER NOT NULL,
  PRIMARY KEY (kadencja, id_organu, temat)
) WITHOUT ROWID;

-- Per councillor, scope, body (0 = all) and topic with a ballot of theirs: ballots by value (profil-glosowania)
-- and zgodnosc-grupa's counts over that topic's votes; rank_niezgodni orders the councillors of one
-- (scope, body, topic) by votes against their group (/api/statystyki/tematy/:temat/buntownicy).
CREATE TABLE radny_temat (
  id_osoby  INTEGER NOT NULL,
  kadencja  TEXT NOT NULL,
  id_organu INTEGER NOT NULL,
  temat     TEXT NOT NULL,
  za           INTEGER NOT NULL,
  przeciw      INTEGER NOT NULL,
  wstrzymujacy INTEGER NOT NULL,
  nieobecny    INTEGER NOT NULL,
  brak_glosu   INTEGER NOT NULL,
  zg_wszystkie INTEGER NOT NULL,
  zg_zgodne    INTEGER NOT NULL,
  rank_niezgodni INTEGER NOT NULL,
  PRIMARY KEY (id_osoby, kadencja, id_organu, temat)
) WITHOUT ROWID;

-- The council map per term and plenary body (a council, the Sejm): councillors placed by classical
-- multidimensional scaling of 1 − agreement (core/embedding.ts, etl/materialise/council-map.ts).
CREATE TABLE mapa (
  kadencja   TEXT NOT NULL,
  id_organu  INTEGER NOT NULL,
  prog       INTEGER NOT NULL,  -- shared votes every placed pair has at least
  umieszczeni INTEGER NOT NULL, -- councillors placed
  pominieci  INTEGER NOT NULL,  -- councillors with a ballot there left out (too few shared votes)
  PRIMARY KEY (kadencja, id_organu)
) WITHOUT ROWID;

CREATE TABLE mapa_radny (
  kadencja  TEXT NOT NULL,
  id_organu INTEGER NOT NULL,
  id_osoby  INTEGER NOT NULL,
  x         REAL,              -- null (with y): left out
  y         REAL,
  PRIMARY KEY (kadencja, id_organu, id_osoby)
) WITHOUT ROWID;

-- Stored answers: the bytes of every default-parameter resource answer (a councillor's endpoints, a
-- vote's, a session's, the lists and statistics without parameters), rendered once per snapshot by the
-- API's own handlers (src/answers/render.ts), with their brotli form for answers over 1 KB (gzip is
-- left empty: the server makes it when a client asks, docs/PERFORMANCE.md).
-- A rowid table on purpose: WITHOUT ROWID keeps these large rows in the key's B-tree, which made
-- a point read twice as slow (29 µs against 14 µs per read on the Sejm term's answers).
CREATE TABLE odpowiedz (
  sciezka TEXT NOT NULL UNIQUE, -- the request path (and query) the answer is for
  tresc   BLOB NOT NULL,        -- the JSON envelope, as the live path would send it
  br      BLOB,                 -- brotli of tresc, null for small answers
  gzip    BLOB                  -- gzip of tresc, null for small answers
);

CREATE TABLE kadencja_stat (
  kadencja TEXT PRIMARY KEY,
  liczba_radnych  INTEGER NOT NULL,
  liczba_posiedzen INTEGER NOT NULL,
  liczba_glosowan INTEGER NOT NULL
);

-- Policies (CONTRACT §13, etl/materialise/policies.ts): the file's policies in file order (nr), the
-- votes each entry matched (a vote once per policy, the first entry's stanowisko and waga), the entries
-- left out, and every councillor's score per scope and body (id_organu 0: all), ranked (pozycja).
CREATE TABLE polityka (
  nr    INTEGER PRIMARY KEY,  -- 1-based position in the file
  id    TEXT NOT NULL UNIQUE,
  nazwa TEXT NOT NULL,
  opis  TEXT NOT NULL
);
CREATE TABLE polityka_glosowanie (
  nr            INTEGER NOT NULL,
  id_glosowania INTEGER NOT NULL,
  stanowisko    TEXT NOT NULL,  -- za / przeciw: the ballot that supports the position
  waga          TEXT NOT NULL,  -- silna / zwykla
  PRIMARY KEY (nr, id_glosowania)
) WITHOUT ROWID;
CREATE TABLE polityka_niedopasowane (
  nr    INTEGER NOT NULL,
  wpis  INTEGER NOT NULL,       -- 1-based position of the entry in the policy's glosowania
  data  TEXT NOT NULL,
  tytul TEXT NOT NULL,
  organ TEXT,
  powod TEXT NOT NULL,          -- brak / wiele
  PRIMARY KEY (nr, wpis)
) WITHOUT ROWID;
CREATE TABLE polityka_radny (
  nr         INTEGER NOT NULL,
  kadencja   TEXT NOT NULL,
  id_organu  INTEGER NOT NULL,
  id_osoby   INTEGER NOT NULL,
  zgodne     INTEGER NOT NULL,
  przeciwne  INTEGER NOT NULL,
  wstrzymane INTEGER NOT NULL,
  nieobecne  INTEGER NOT NULL,
  punkty     INTEGER NOT NULL,
  mozliwe    INTEGER NOT NULL,
  zgodnosc_procent REAL,        -- null when mozliwe is 0
  ocena      TEXT NOT NULL,
  pozycja    INTEGER NOT NULL,  -- zgodnosc (exact ratio) desc, null last, mozliwe desc, id_osoby asc
  PRIMARY KEY (nr, kadencja, id_organu, id_osoby)
) WITHOUT ROWID;
CREATE INDEX polityka_radny_pozycja ON polityka_radny (nr, kadencja, id_organu, pozycja);
CREATE INDEX polityka_radny_osoba ON polityka_radny (id_osoby, kadencja, id_organu, nr);
`;

/**
 * A contentless FTS5 index over the votes' titles (`columns`: its column and options), filled with
 * `values` (rowid first) in ord order, as FTS5 builds fastest from ascending rowids. Built as a bulk
 * load: 8 MiB of pending terms per segment instead of 1 MiB, no merging while filling, then one merge
 * into a single segment (all of Poland's trigram index: 98 s -> 83 s, and a search reads one segment).
 * Not more: each term's pending list is appended to at random, and a hash larger than the processor's
 * cache misses it at every token (0.3 of Poland's trigram fill: 79 CPU s with 64 MiB, 59 with 8; the
 * one merge of ~8 times as many segments costs about the same; 70 MiB less memory).
 */
function ftsBulkLoad(table: string, columns: string, values: string): string {
  const column = columns.split(',')[0]!;
  return `CREATE VIRTUAL TABLE ${table} USING fts5(${columns});
INSERT INTO ${table} (${table}, rank) VALUES ('hashsize', 8388608);
INSERT INTO ${table} (${table}, rank) VALUES ('automerge', 0);
INSERT INTO ${table} (${table}, rank) VALUES ('crisismerge', 1000);
INSERT INTO ${table} (rowid, ${column}) SELECT ${values} FROM glosowanie ORDER BY ord;
INSERT INTO ${table} (${table}) VALUES ('optimize');`;
}

/** Fills `table` (`table`, glosowan) with every term of the FTS5 index and how many titles hold it, in term order. */
function vocabularyOf(index: string, table: string): string {
  return `CREATE VIRTUAL TABLE temp.${index}_vocab USING fts5vocab(main, ${index}, row);
INSERT INTO ${table} (${table}, glosowan) SELECT term, doc FROM temp.${index}_vocab ORDER BY term;
DROP TABLE temp.${index}_vocab;`;
}

/** Indexes created after the bulk load and the materialised columns they cover: cheaper than maintaining them row by row. */
export const TABLE_INDEX_SQL = `
CREATE INDEX punkt_posiedzenie ON punkt (id_posiedzenia, ord);
-- Any pair's agreement in a scope and body (CONTRACT §9 porownanie), covering.
CREATE UNIQUE INDEX para_top_para ON para_top (kadencja, id_organu, id_osoby_1, id_osoby_2, wspolne, zgodne);
CREATE INDEX radny_organ_frekwencja ON radny_organ (kadencja, id_organu, rank_frekwencja);
CREATE INDEX radny_organ_osoba ON radny_organ (id_osoby, kadencja);
CREATE INDEX radny_organ_buntownik ON radny_organ (kadencja, id_organu, rank_buntownik);
CREATE INDEX radny_organ_lojalista ON radny_organ (kadencja, id_organu, rank_lojalista);
CREATE UNIQUE INDEX glosowanie_ord ON glosowanie (ord);
CREATE INDEX glosowanie_kadencja ON glosowanie (kadencja, ord);
CREATE INDEX glosowanie_organ ON glosowanie (id_organu, ord);
-- A topic's votes in list order (CONTRACT §11 temat), alone and within one body.
CREATE INDEX glosowanie_temat ON glosowanie (temat, ord);
CREATE INDEX glosowanie_organ_temat ON glosowanie (id_organu, temat, ord);
CREATE INDEX radny_temat_niezgodni ON radny_temat (kadencja, id_organu, temat, rank_niezgodni);
CREATE INDEX glosowanie_kontrowersyjne ON glosowanie (rank_kontrowersyjne);
CREATE INDEX glosowanie_jednomyslne ON glosowanie (rank_jednomyslne) WHERE rank_jednomyslne IS NOT NULL;
CREATE INDEX glosowanie_posiedzenie ON glosowanie (id_posiedzenia);
-- No index on glosowanie (id_punktu): every read joins a vote's agenda point from the vote (LEFT JOIN
-- punkt, its primary key), none looks votes up by point (issue 47: 0.67 of the tenth's ~110 CPU s).
CREATE INDEX glosowanie_klucz_zrodla ON glosowanie (klucz_zrodla) WHERE klucz_zrodla IS NOT NULL;
CREATE UNIQUE INDEX posiedzenie_ord ON posiedzenie (ord);
CREATE INDEX posiedzenie_kadencja ON posiedzenie (kadencja, ord);
CREATE INDEX posiedzenie_organ ON posiedzenie (id_organu, ord);
`;

/**
 * The title search's tables, which read nothing of glosowanie but (ord, tytul_folded): the ETL builds
 * them in a worker thread on a database of their own, as TITLE_INPUT_SQL, beside the materialise
 * stages, and copies them in (etl/title-indexes.ts).
 */
export const TITLE_INDEX_SQL = `-- Title search (CONTRACT §6 search): a trigram index answers a substring query without reading every
-- title (a scan of all of Poland's 7 million took 4-6 s). Contentless, rowid = ord so matches come
-- out in list order; case-sensitive because the indexed text and the query are both folded already.
-- Filled in ord order (ftsBulkLoad).
${ftsBulkLoad('glosowanie_szukaj', "tytul_folded, content='', tokenize='trigram case_sensitive 1', detail=full", 'ord, tytul_folded')}
-- The titles' words (src/glosowania/title-search.ts): a phrase whose trigrams are all common but which
-- is itself rare ('uchwala' among millions of 'uchwały') is answered from the few words that contain
-- it instead of intersecting millions of trigram positions. The ascii tokenizer splits on ASCII
-- punctuation and spaces only, so a word is a run of the folded title without them; detail=none: the
-- words' doclists are only rowids. slowo lists every word with how many titles hold it, and its
-- trigrams find the words that contain a typed fragment.
${ftsBulkLoad('glosowanie_slowa', "tytul_folded, content='', tokenize='ascii', detail=none", 'ord, tytul_folded')}
CREATE TABLE slowo (id INTEGER PRIMARY KEY, slowo TEXT NOT NULL, glosowan INTEGER NOT NULL);
${vocabularyOf('glosowanie_slowa', 'slowo')}
CREATE VIRTUAL TABLE slowo_szukaj USING fts5(slowo, content='', tokenize='trigram case_sensitive 1', detail=full);
INSERT INTO slowo_szukaj (rowid, slowo) SELECT id, slowo FROM slowo;
-- Neighbouring words as one term (core/title-words.ts, title_pairs_with_ends() registered by the ETL): a
-- phrase of common words that is itself rare ('poprawka projektu uchwały') is the few titles holding its
-- pairs. The title's start and end are in a pair with its first and last word, so a phrase beginning or
-- ending with a separator (' w sprawie n') is pairs too. para lists every pair term with how many titles
-- hold it: which pairs exist, and which begin so. detail=full: a phrase of three words or more is its
-- pairs at consecutive positions, answered from the index without reading a title (all of Poland: the
-- pair index 120 MB with rowids only).
${ftsBulkLoad('glosowanie_pary', "pary, content='', tokenize='ascii', detail=full", 'ord, title_pairs_with_ends(tytul_folded)')}
CREATE TABLE para (para TEXT PRIMARY KEY, glosowan INTEGER NOT NULL) WITHOUT ROWID;
${vocabularyOf('glosowanie_pary', 'para')}
-- Every pair term reversed (reversed_text(), registered by the ETL): which pairs end so, for a phrase
-- whose first part ends too many words to list ('a 2024 r': the pairs ending 'a 2024').
CREATE TABLE para_od_konca (odwrocona TEXT PRIMARY KEY) WITHOUT ROWID;
INSERT INTO para_od_konca SELECT reversed_text(para) FROM para ORDER BY 1;
-- The forms of the titles' words (etl/title-lemmas.ts, filled after these): a one-word search also
-- finds the titles holding another form of the same dictionary word (ustawa: ustaw, ustawie).
-- lemat: the dictionary entries (folded, with their .dic lines) the titles' words are forms of;
-- lemat_slowa: which words of slowo are forms of each; odmiana: the dictionary's suffix rules of the
-- flags those entries take (one row, deflated), with which a typed word's lemmas are found in lemat.
CREATE TABLE lemat (lemat TEXT PRIMARY KEY, id INTEGER NOT NULL, wpisy TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE lemat_slowa (lemat INTEGER NOT NULL, id_slowa INTEGER NOT NULL, PRIMARY KEY (lemat, id_slowa)) WITHOUT ROWID;
CREATE TABLE odmiana (reguly BLOB NOT NULL);
`;

/** Registers on `db` the functions TITLE_INDEX_SQL calls (title_pairs_with_ends, reversed_text): before running it. */
export function addTitleIndexFunctions(db: Database.Database): void {
  db.function('title_pairs_with_ends', { deterministic: true }, titlePairs);
  db.function('reversed_text', { deterministic: true }, reversedText);
}

/** What TITLE_INDEX_SQL reads, in the title indexes' own database: each vote's list position and folded title. */
export const TITLE_INPUT_SQL = 'CREATE TABLE glosowanie (ord INTEGER PRIMARY KEY, tytul_folded TEXT NOT NULL);';

/** Every index and index-stage table, in the order the stage creates them (the schema's version covers them). */
export const INDEX_SQL = `${TABLE_INDEX_SQL}${TITLE_INDEX_SQL}`;

/** The SQL without its comments and with its spacing collapsed: what the statements say. */
export const normalisedSql = (sql: string): string =>
  sql
    .replace(/--[^\n]*/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/\s*([(),;])\s*/g, '$1')
    .trim();

/**
 * The version of a schema: the first 48 bits of the SHA-256 of its normalised SQL (tables, then
 * indexes), as a number. A number, as the hand-kept versions 1-13 were: meta `schema_version` and a
 * manifest's `schema_version` keep their form, so a server or replica of an older release still reads
 * a newer file's version and refuses it by name. 48 bits: a safe integer, and never one of 1-13.
 */
export const schemaVersionOf = (tables: string, indexes: string): number =>
  Number.parseInt(hash('sha256', `${normalisedSql(tables)}\n${normalisedSql(indexes)}`, 'hex').slice(0, 12), 16);

/** The version of this schema, which a server, a replica and the refresh check before they trust a snapshot file. */
export const SCHEMA_VERSION = schemaVersionOf(SCHEMA_SQL, INDEX_SQL);

export function createSchema(db: Database.Database): void {
  db.pragma(`application_id = ${APPLICATION_ID}`);
  db.exec(SCHEMA_SQL);
  db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)').run('schema_version', String(SCHEMA_VERSION));
}
