// The bulk files of `/dane/`: for the whole snapshot, or one council (a body of type `rada`) in one term —
// votes, every ballot with the councillor's group at the vote, councillors with their figures, sessions
// with their attendance, each attendance record, groups. Each file is read in batches by an indexed key
// (a vote's or session's `ord`, chronological), never all at once and never holding a statement open
// between batches, and written through writeCsv. Every column has a description, and the files a note
// on their source and licence (bulkDescription).

import type { Writable } from 'node:stream';
import Database from 'better-sqlite3';
import { GLOS_VALUES, percentString } from '../../core/contract.ts';
import { type DataCredit, creditLine } from '../../core/credit.ts';
import { ALL_BODIES, ALL_TERMS } from '../../core/snapshot/schema.ts';
import { polishCollator } from '../../core/text.ts';
import { voteSummary } from '../answers/schemas.ts';
import { ballotEntry } from '../glosowania/schemas.ts';
import { agendaPoint, attendanceEntry, session } from '../posiedzenia/schemas.ts';
import { attendance, councillorListItem, groupAgreement, voteListTotals, votingProfile } from '../radni/schemas.ts';
import { COUNCIL_COLUMNS, COUNCIL_JOIN } from '../radni/council.ts';
import { policyCouncillor, policyItem } from '../polityki/schemas.ts';
import { FilteredStatements } from '../snapshot/filtered-statements.ts';
import { plucked, rawRows, type Statement } from '../snapshot/statement.ts';
import { rebelRankingItem } from '../statystyki/schemas.ts';
import { group } from '../utils/schemas.ts';
import { columnAs, columnsOf, descriptionOf, ownColumn, voteRecordColumns } from './columns.ts';
import { type ColumnType, type CsvColumn, type CsvDialect, FORMULA_GUARD, RFC4180_CSV, writeCsv } from './csv.ts';

/** How the files keep a spreadsheet from running a text as a formula (csvField), for /dane/ and opis.txt. */
export const FORMULA_NOTE =
  `Tekst zaczynający się od =, +, -, @, tabulatora lub powrotu karetki ma na początku apostrof (${FORMULA_GUARD}), ` +
  'dodany przez serwis, aby arkusz kalkulacyjny pokazał go jako tekst, a nie wykonał jako formułę; oryginał to tekst bez tego apostrofu. ' +
  'Liczby zapisujemy bez zmian.';

export const BULK_FILES = [
  'glosowania',
  'glosy',
  'radni',
  'posiedzenia',
  'obecnosci',
  'ugrupowania',
  'polityki',
] as const;
export type BulkFile = (typeof BULK_FILES)[number];

/** The whole snapshot ({}), or one council in one term ({ organ, kadencja }). */
export interface BulkScope {
  organ?: number | undefined;
  kadencja?: string | undefined;
}

/** A scope that names no body or term of the snapshot. */
export class BulkScopeError extends Error {
  override name = 'BulkScopeError';
}

/** Rows per batch; sessions per batch of attendance records. */
const BATCH_ROWS = 2000;
const BATCH_VOTES = 8;
const BEFORE_FIRST = Number.MAX_SAFE_INTEGER; // `ord` counts down in time: the keyset starts above every ord

/** A row of a bulk file's read: its columns by name, as the file's columns read them. */
type Row = Record<string, string | number | null>;
/** A column every read of that file has as an integer (its keyset, a count), read as one. */
function num(r: Row, k: string): number {
  const value = r[k];
  if (typeof value !== 'number') throw new Error(`bulk file: column ${k} is ${JSON.stringify(value)}, not a number`);
  return value;
}
/** A text column that may be null (a name to sort by). */
const text = (r: Row, k: string): string => String(r[k] ?? '');
const glos = (r: Row) => GLOS_VALUES[num(r, 'glos')] ?? null;

// Each column is a field of the API's answer of the same thing, described by its response schema
// (src/exports/columns.ts); a file's own columns are those the API has no field for.

const VOTE_COLUMNS: CsvColumn<Row>[] = columnsOf<Row>(
  voteSummary,
  [
    'id_glosowania',
    'data',
    'godzina',
    'kadencja',
    'id_organu',
    'organ',
    'id_posiedzenia',
    'posiedzenie_numer',
    'id_punktu',
    'punkt_numer',
    'numer',
    'tytul',
    'wynik',
    'za',
    'przeciw',
    'wstrzymujacy',
    'nieobecni',
    'brak_glosu',
    'kontrowersyjnosc',
    'jednomyslnosc_procent',
  ],
  {
    posiedzenie_numer: { description: descriptionOf(session.shape.numer)! },
    punkt_numer: { description: descriptionOf(agendaPoint.shape.numer)! },
  },
).concat(
  // the stated tallies are the snapshot's `<name>_podane` columns (CONTRACT §10)
  voteRecordColumns<Row>((r, column) =>
    column === 'imienne' ? r['imienne'] === 1 : (r[column.replace(/_zrodla$/, '_podane')] ?? null),
  ),
);

/** A column of the file's own, valued by the row's field of that name. */
const own = (name: string, description: string, type: ColumnType = 'integer') =>
  ownColumn<Row>(name, description, (r) => r[name] ?? null, type);

const BALLOT_COLUMNS: CsvColumn<Row>[] = [
  ...columnsOf<Row>(voteSummary, ['id_glosowania', 'data']),
  ...columnsOf<Row>(ballotEntry, ['id_osoby', 'imie_nazwisko', 'glos'], { glos: { value: glos } }),
  own('id_ugrupowania', 'Identyfikator ugrupowania radnego w dniu głosowania; puste: niezrzeszony'),
  ...columnsOf<Row>(ballotEntry, ['ugrupowanie']),
];

const councillorColumns = (withinBody: boolean): CsvColumn<Row>[] => {
  const where = withinBody ? 'wśród radnych tej rady w tej kadencji' : 'wśród wszystkich radnych w tym zakresie';
  const percentOf = (part: string, whole: string) => (r: Row) => percentString(num(r, part), num(r, whole));
  return [
    ...columnsOf<Row>(
      councillorListItem,
      [
        'id_osoby',
        'imie_nazwisko',
        'token',
        'id_organu',
        'organ',
        'kadencja',
        'id_ugrupowania',
        'ugrupowanie',
        'aktywny',
      ],
      { kadencja: { description: 'Kadencja przynależności pokazywanej przy radnym' } },
    ),
    ...columnsOf<Row>(votingProfile, ['za', 'przeciw', 'wstrzymujacy', 'nieobecny', 'brak_glosu']),
    own('liczba_glosowan', 'Wszystkie głosowania radnego (suma pięciu powyższych)'),
    ...columnsOf<Row>(attendance, ['liczba_posiedzen', 'obecnosci', 'frekwencja_procent'], {
      frekwencja_procent: { value: percentOf('obecnosci', 'liczba_posiedzen') },
    }),
    columnAs('zgodnosc_glosowania', groupAgreement, 'wszystkie_glosowania', (r) => r['zg_wszystkie'] ?? null),
    columnAs('zgodnosc_zgodne', groupAgreement, 'zgodne', (r) => r['zg_zgodne'] ?? null),
    columnAs('zgodnosc_procent', groupAgreement, 'zgodnosc_procent', percentOf('zg_zgodne', 'zg_wszystkie')),
    columnAs('glosowania_z_wiekszoscia', rebelRankingItem, 'glosowania', (r) => r['glosowania_z_wiekszoscia'] ?? null),
    ...columnsOf<Row>(rebelRankingItem, ['w_mniejszosci']),
    ownColumn(
      'buntownik_procent',
      'w_mniejszosci / glosowania_z_wiekszoscia (procent, dwa miejsca po przecinku)',
      percentOf('w_mniejszosci', 'glosowania_z_wiekszoscia'),
      'number',
    ),
    columnAs('liczba_samotnych', voteListTotals, 'samotne', (r) => r['liczba_samotnych'] ?? null),
    columnAs('liczba_kluczowych', voteListTotals, 'kluczowe', (r) => r['liczba_kluczowych'] ?? null),
    columnAs('liczba_buntowniczych', voteListTotals, 'buntownicze', (r) => r['liczba_buntowniczych'] ?? null),
    own('pozycja_frekwencja', `Miejsce w rankingu frekwencji ${where}`),
    own('pozycja_buntownik', `Miejsce w rankingu głosujących w mniejszości ${where}`),
    own('pozycja_lojalista', `Miejsce w rankingu głosujących z większością ${where}`),
  ];
};

const SESSION_COLUMNS: CsvColumn<Row>[] = columnsOf(session, [
  'id_posiedzenia',
  'id_organu',
  'organ',
  'kadencja',
  'numer',
  'data',
  'nazwa',
  'liczba_punktow',
  'liczba_glosowan',
  'obecni',
  'liczba_obecnosci',
  'frekwencja_procent',
]);

const ATTENDANCE_COLUMNS: CsvColumn<Row>[] = [
  ...columnsOf<Row>(session, ['id_posiedzenia', 'data']),
  ...columnsOf<Row>(attendanceEntry, ['id_osoby', 'imie_nazwisko', 'obecny'], {
    obecny: { description: '1: obecny, 0: nieobecny' },
  }),
  own('id_ugrupowania', 'Identyfikator ugrupowania radnego w dniu posiedzenia; puste: niezrzeszony'),
  ...columnsOf<Row>(attendanceEntry, ['ugrupowanie', 'glosowania', 'nieobecny_w_glosowaniach']),
];

const GROUP_COLUMNS: CsvColumn<Row>[] = columnsOf(group, [
  'id_ugrupowania',
  'nazwa',
  'skrot',
  'pelna_nazwa',
  'liczba_radnych',
]);

/** What each file holds, for the description beside the files and for the /dane/ page. */
/**
 * Every councillor's agreement with each policy of the policy file (CONTRACT §13), as
 * /api/polityki/:id's `radni` gives it: the policy, the councillor, the counts and the words. Empty
 * when the snapshot was built without a policy file.
 */
const POLICY_COLUMNS: CsvColumn<Row>[] = [
  columnAs<Row>('polityka', policyItem, 'id', (r) => r['polityka'] ?? null),
  columnAs<Row>('nazwa_polityki', policyItem, 'nazwa', (r) => r['nazwa_polityki'] ?? null),
  ...columnsOf<Row>(policyCouncillor, [
    'id_osoby',
    'imie_nazwisko',
    'zgodne',
    'przeciwne',
    'wstrzymane',
    'nieobecne',
    'punkty',
    'mozliwe',
    'zgodnosc_procent',
    'ocena',
  ]),
];

export const BULK_FILE_TITLES: Readonly<Record<BulkFile, string>> = {
  glosowania: 'głosowania z wynikiem i liczbą głosów, od najstarszego',
  glosy:
    'każdy głos każdego radnego, z jego ugrupowaniem w dniu głosowania; głosowania od najstarszego, radni alfabetycznie',
  radni: 'radni ze wszystkimi wskaźnikami, w kolejności nazwisk',
  posiedzenia: 'posiedzenia z frekwencją, od najstarszego',
  obecnosci: 'każdy zapis obecności, z ugrupowaniem radnego w dniu posiedzenia',
  ugrupowania: 'ugrupowania z liczbą radnych',
  polityki:
    'zgodność każdego radnego z każdą polityką z pliku polityk (punkty, ocena słowna), polityki w kolejności pliku, radni od najzgodniejszego',
};

/** The columns of a file (for one council, the ranking columns say they rank within it). */
export function bulkColumns(file: BulkFile, scope: BulkScope = {}): ReadonlyArray<CsvColumn<Row>> {
  switch (file) {
    case 'glosowania':
      return VOTE_COLUMNS;
    case 'glosy':
      return BALLOT_COLUMNS;
    case 'radni':
      return councillorColumns(scope.organ !== undefined);
    case 'posiedzenia':
      return SESSION_COLUMNS;
    case 'obecnosci':
      return ATTENDANCE_COLUMNS;
    case 'ugrupowania':
      return GROUP_COLUMNS;
    case 'polityki':
      return POLICY_COLUMNS;
  }
}

// --- reading --------------------------------------------------------------------------------------

const VOTE_SELECT = `g.id_glosowania, g.data, g.godzina, g.kadencja, g.id_organu, o.nazwa AS organ, g.id_posiedzenia,
  s.numer AS posiedzenie_numer, g.id_punktu, p.numer AS punkt_numer, g.numer, g.tytul, g.wynik, g.za, g.przeciw,
  g.wstrzymujacy, g.nieobecni, g.brak_glosu, g.kontrowersyjnosc, g.jednomyslnosc_procent, g.imienne, g.za_podane,
  g.przeciw_podane, g.wstrzymujacy_podane, g.nieobecni_podane, g.brak_glosu_podane, g.temat`;

/** The prepared reads of one snapshot; build once per snapshot (`new BulkExports(db)`) and reuse. */
export class BulkExports {
  private readonly votes: FilteredStatements<Statement<unknown[], Row>>;
  private readonly voteKeys: FilteredStatements<Statement<unknown[], Row>>;
  /** One vote's ballots (by its ord and id): the person, the ballot's code and the group at the vote. */
  private readonly voteBallots: Statement<[number, number], [number, number, number | null]>;
  /** The names and alphabetical ranks of the councillors, and the names of the groups, for the ballots. */
  private ballotNames: { people: Map<number, { name: string; rank: number }>; groups: Map<number, string> } | undefined;
  private readonly sessions: FilteredStatements<Statement<unknown[], Row>>;
  private readonly sessionKeys: FilteredStatements<Statement<unknown[], Row>>;
  private readonly attendance: Statement<[string], Row>;
  private readonly councillors: Statement<[string, number, number], Row>;
  private readonly bodyCouncillors: Statement<[string, number | undefined, number, number], Row>;
  private readonly groups: Statement<[string], Row>;
  private readonly bodyGroups: Statement<[string | undefined, number], Row>;
  private readonly bodyOf: Statement<[number], { nazwa: string; typ: string }>;
  private readonly termOf: Statement<[string], number>;
  private readonly councilTerms: Statement<[], { id_organu: number; nazwa: string; kadencja: string }>;
  private readonly policies: Statement<[string, number], Row>;

  constructor(private readonly db: Database.Database) {
    const andWhere = (where: string) => where.replace(/^WHERE/, 'AND');
    this.votes = new FilteredStatements((where) =>
      db.prepare(`SELECT g.ord, ${VOTE_SELECT}
      FROM glosowanie g JOIN organ o ON o.id_organu = g.id_organu JOIN posiedzenie s ON s.id_posiedzenia = g.id_posiedzenia
      LEFT JOIN punkt p ON p.id_punktu = g.id_punktu
      WHERE g.ord < ? ${andWhere(where)} ORDER BY g.ord DESC LIMIT ?`),
    );
    this.voteKeys = new FilteredStatements((where) =>
      db.prepare(`SELECT g.ord, g.id_glosowania, g.data FROM glosowanie g
      WHERE g.ord < ? ${andWhere(where)} ORDER BY g.ord DESC LIMIT ?`),
    );
    // The group at the vote is radny_glos's (CONTRACT §2), found by (person, the vote's ord) in its index.
    // The names and the order by name come from ballotNamesOf: joined and sorted here they made the read
    // 2.3 times slower (1.4 million Sejm ballots: 6.2 s against 2.7, docs/PERFORMANCE.md issue 41).
    this.voteBallots = rawRows(
      db,
      `SELECT b.id_osoby, b.glos, rg.id_ugrupowania
      FROM glos b JOIN radny_glos rg ON rg.id_osoby = b.id_osoby AND rg.ord = ? WHERE b.id_glosowania = ?`,
    );
    this.sessions = new FilteredStatements((where) =>
      db.prepare(`SELECT s.ord, s.id_posiedzenia, s.id_organu, o.nazwa AS organ, s.kadencja,
        s.numer, s.data, s.nazwa, s.liczba_punktow, s.liczba_glosowan, s.obecni, s.liczba_obecnosci, s.frekwencja_procent
      FROM posiedzenie s JOIN organ o ON o.id_organu = s.id_organu
      WHERE s.ord < ? ${andWhere(where)} ORDER BY s.ord DESC LIMIT ?`),
    );
    this.sessionKeys = new FilteredStatements((where) =>
      db.prepare(`SELECT s.ord, s.id_posiedzenia FROM posiedzenie s
      WHERE s.ord < ? ${andWhere(where)} ORDER BY s.ord DESC LIMIT ?`),
    );
    this.attendance =
      db.prepare(`SELECT s.id_posiedzenia, s.data, a.id_osoby, r.imie_nazwisko, a.obecny, a.id_ugrupowania, u.nazwa AS ugrupowanie,
        a.glosowania, a.nieobecny_w_glosowaniach
      FROM json_each(?) k JOIN posiedzenie s ON s.id_posiedzenia = k.value
      JOIN obecnosc a ON a.id_posiedzenia = s.id_posiedzenia JOIN radny r ON r.id_osoby = a.id_osoby
      LEFT JOIN ugrupowanie u ON u.id_ugrupowania = a.id_ugrupowania
      ORDER BY s.ord DESC, r.name_rank`);
    const councillor = `SELECT r.surname_rank, s.id_osoby, r.imie_nazwisko, r.token, ${COUNCIL_COLUMNS}, s.kadencja_biezaca AS kadencja, s.id_ugrupowania,
        s.ugrupowanie, s.aktywny, s.za, s.przeciw, s.wstrzymujacy, s.nieobecny, s.brak_glosu,
        s.za + s.przeciw + s.wstrzymujacy + s.nieobecny + s.brak_glosu AS liczba_glosowan, s.liczba_posiedzen, s.obecnosci,
        s.zg_wszystkie, s.zg_zgodne, s.glosowania_z_wiekszoscia, s.w_mniejszosci, s.liczba_samotnych, s.liczba_kluczowych,
        s.liczba_buntowniczych`;
    this.councillors =
      db.prepare(`${councillor}, s.rank_frekwencja AS pozycja_frekwencja, s.rank_buntownik AS pozycja_buntownik,
        s.rank_lojalista AS pozycja_lojalista
      FROM radny_stat s JOIN radny r ON r.id_osoby = s.id_osoby ${COUNCIL_JOIN}
      WHERE s.kadencja = ? AND r.surname_rank > ? ORDER BY r.surname_rank LIMIT ?`);
    // One council: everyone with a ballot or an attendance record there (radny_organ), ranked within it.
    this.bodyCouncillors =
      db.prepare(`${councillor}, b.rank_frekwencja AS pozycja_frekwencja, b.rank_buntownik AS pozycja_buntownik,
        b.rank_lojalista AS pozycja_lojalista
      FROM radny_organ b JOIN radny_stat s ON s.kadencja = b.kadencja AND s.id_osoby = b.id_osoby JOIN radny r ON r.id_osoby = b.id_osoby
      ${COUNCIL_JOIN}
      WHERE b.kadencja = ? AND b.id_organu = ? AND r.surname_rank > ? ORDER BY r.surname_rank LIMIT ?`);
    this.groups =
      db.prepare(`SELECT u.id_ugrupowania, u.nazwa, u.skrot, u.pelna_nazwa, coalesce(us.liczba_radnych, 0) AS liczba_radnych
      FROM ugrupowanie u LEFT JOIN ugrupowanie_stat us ON us.kadencja = ? AND us.id_ugrupowania = u.id_ugrupowania`);
    // One council: the groups shown at its councillors, counted as `ugrupowanie_stat` counts (aktywny).
    this.bodyGroups =
      db.prepare(`SELECT u.id_ugrupowania, u.nazwa, u.skrot, u.pelna_nazwa, sum(s.aktywny) AS liczba_radnych
      FROM radny_organ b JOIN radny_stat s ON s.kadencja = b.kadencja AND s.id_osoby = b.id_osoby
      JOIN ugrupowanie u ON u.id_ugrupowania = s.id_ugrupowania
      WHERE b.kadencja = ? AND b.id_organu = ? GROUP BY u.id_ugrupowania`);
    // The scores as materialised per term and body (ALL_TERMS, ALL_BODIES for the whole snapshot), in each policy's order.
    this.policies = db.prepare(`SELECT p.id AS polityka, p.nazwa AS nazwa_polityki, s.id_osoby, r.imie_nazwisko,
        s.zgodne, s.przeciwne, s.wstrzymane, s.nieobecne, s.punkty, s.mozliwe, s.zgodnosc_procent, s.ocena
      FROM polityka_radny s JOIN polityka p ON p.nr = s.nr JOIN radny r ON r.id_osoby = s.id_osoby
      WHERE s.kadencja = ? AND s.id_organu = ? ORDER BY s.nr, s.pozycja`);
    this.bodyOf = db.prepare('SELECT nazwa, typ FROM organ WHERE id_organu = ?');
    this.termOf = plucked(db, 'SELECT 1 FROM kadencja WHERE kadencja = ?');
    this.councilTerms =
      db.prepare(`SELECT DISTINCT o.id_organu, o.nazwa, s.kadencja FROM posiedzenie s JOIN organ o ON o.id_organu = s.id_organu
      WHERE o.typ = 'rada'`);
  }

  /** The scopes `/dane/` offers: the whole snapshot, then each council in each term it sat in (council name, newest term first). */
  scopes(): Array<{ scope: BulkScope; label: string }> {
    const pairs = this.councilTerms.all();
    pairs.sort(
      (a, b) =>
        polishCollator.compare(a.nazwa, b.nazwa) || a.id_organu - b.id_organu || b.kadencja.localeCompare(a.kadencja),
    );
    return [
      { scope: {}, label: 'Wszystkie dane' },
      ...pairs.map((p) => ({
        scope: { organ: p.id_organu, kadencja: p.kadencja },
        label: `${p.nazwa}, kadencja ${p.kadencja}`,
      })),
    ];
  }

  /**
   * Writes one file for one scope to `out` (not ended) and returns its data rows. A scope is the whole
   * snapshot or a council (a body of type `rada`) with a term; anything else throws a BulkScopeError.
   */
  async write(file: BulkFile, scope: BulkScope, out: Writable, dialect: CsvDialect = RFC4180_CSV): Promise<number> {
    this.check(scope);
    return writeCsv(out, bulkColumns(file, scope), this.batches(file, scope), dialect);
  }

  /** The name of a body (for the file names of its downloads), or undefined. */
  bodyName(organ: number): string | undefined {
    return this.bodyOf.get(organ)?.nazwa;
  }

  private check(scope: BulkScope): void {
    if (scope.organ === undefined && scope.kadencja === undefined) return;
    if (scope.organ === undefined || scope.kadencja === undefined)
      throw new BulkScopeError('a council file needs both the council (organ) and the term (kadencja)');
    const body = this.bodyOf.get(scope.organ);
    if (!body) throw new BulkScopeError(`no body ${scope.organ}`);
    if (body.typ !== 'rada') throw new BulkScopeError(`body ${scope.organ} is a ${body.typ}, not a council (rada)`);
    if (this.termOf.get(scope.kadencja) === undefined) throw new BulkScopeError(`no term ${scope.kadencja}`);
  }

  /** One vote's ballot rows, councillors in alphabetical order (`name_rank`); a ballot of no known councillor is left out, as a join would. */
  private ballotsOf(ord: number, id: number, data: string | number): Row[] {
    const { people, groups } = (this.ballotNames ??= this.ballotNamesOf());
    const rows: Array<Row & { rank: number }> = [];
    for (const [person, glos, group] of this.voteBallots.all(ord, id)) {
      const who = people.get(person);
      if (who === undefined) continue;
      const ugrupowanie = group === null ? null : (groups.get(group) ?? null);
      rows.push({
        id_glosowania: id,
        data,
        id_osoby: person,
        imie_nazwisko: who.name,
        glos,
        id_ugrupowania: group,
        ugrupowanie,
        rank: who.rank,
      });
    }
    return rows.sort((a, b) => a.rank - b.rank);
  }

  private ballotNamesOf() {
    const people = new Map<number, { name: string; rank: number }>();
    for (const [id, name, rank] of rawRows<[], [number, string, number]>(
      this.db,
      'SELECT id_osoby, imie_nazwisko, name_rank FROM radny',
    ).iterate())
      people.set(id, { name, rank });
    const groups = new Map(
      rawRows<[], [number, string]>(this.db, 'SELECT id_ugrupowania, nazwa FROM ugrupowanie').all(),
    );
    return { people, groups };
  }

  private *batches(file: BulkFile, scope: BulkScope): Generator<Row[]> {
    const filters = (alias: string) =>
      [
        [`${alias}.id_organu = ?`, scope.organ],
        [`${alias}.kadencja = ?`, scope.kadencja],
      ] as const;
    switch (file) {
      case 'glosowania': {
        const { statements, params } = this.votes.select(filters('g'));
        yield* byOrd((after) => statements.all(after, ...params, BATCH_ROWS));
        return;
      }
      case 'glosy': {
        const { statements, params } = this.voteKeys.select(filters('g'));
        // A vote's ballots a batch: what is alive at a collection is one vote's rows, not eight votes'
        // (the Sejm term's export: the process's peak 38–42 MiB over where it started, 24–26 with one vote).
        for (const votes of byOrd((after) => statements.all(after, ...params, BATCH_ROWS)))
          for (const vote of votes) yield this.ballotsOf(num(vote, 'ord'), num(vote, 'id_glosowania'), vote['data']!);
        return;
      }
      case 'posiedzenia': {
        const { statements, params } = this.sessions.select(filters('s'));
        yield* byOrd((after) => statements.all(after, ...params, BATCH_ROWS));
        return;
      }
      case 'obecnosci': {
        const { statements, params } = this.sessionKeys.select(filters('s'));
        for (const sessions of byOrd((after) => statements.all(after, ...params, BATCH_VOTES))) {
          yield this.attendance.all(JSON.stringify(sessions.map((s) => s['id_posiedzenia'])));
        }
        return;
      }
      case 'radni': {
        const kadencja = scope.kadencja ?? ALL_TERMS;
        const page =
          scope.organ === undefined
            ? (after: number) => this.councillors.all(kadencja, after, BATCH_ROWS)
            : (after: number) => this.bodyCouncillors.all(kadencja, scope.organ, after, BATCH_ROWS);
        for (let after = 0; ;) {
          const rows = page(after);
          if (rows.length === 0) return;
          yield rows;
          after = num(rows[rows.length - 1]!, 'surname_rank');
        }
      }
      case 'polityki': {
        // A policy has a row per councillor: one read of all (policies are a handful; a council's councillors, dozens to hundreds).
        yield this.policies.all(scope.kadencja ?? ALL_TERMS, scope.organ ?? ALL_BODIES);
        return;
      }
      case 'ugrupowania': {
        const rows =
          scope.organ === undefined ? this.groups.all(ALL_TERMS) : this.bodyGroups.all(scope.kadencja, scope.organ);
        yield rows.sort(
          (a, b) =>
            polishCollator.compare(text(a, 'nazwa'), text(b, 'nazwa')) ||
            num(a, 'id_ugrupowania') - num(b, 'id_ugrupowania'),
        );
      }
    }
  }
}

/**
 * The bulk files for one download, over a connection of its own without mmap: a bulk file reads most of
 * the snapshot, and mapped pages would stay in the server's resident memory (1.4 million ballots: the
 * whole file), where the page cache of a plain connection is bounded. It must read the snapshot the
 * request holds: when a new file was published under `path` since, the held connection serves.
 */
export function downloadExports(
  path: string,
  held: { id: string; db: Database.Database },
): { exports: BulkExports; close: () => void } {
  try {
    const db = new Database(path, { readonly: true, fileMustExist: true });
    db.pragma('query_only = ON');
    const snapshot = db.prepare("SELECT value FROM meta WHERE key = 'snapshot'").pluck().get();
    if (snapshot === held.id) return { exports: new BulkExports(db), close: () => db.close() };
    db.close();
  } catch {
    // no file at the path (being replaced): the held connection serves
  }
  return { exports: new BulkExports(held.db), close: () => {} };
}

/** Batches of rows in `ord` descending (chronological) order: each read starts below the last row's ord. */
function* byOrd(read: (after: number) => Row[]): Generator<Row[]> {
  for (let after = BEFORE_FIRST; ;) {
    const rows = read(after);
    if (rows.length === 0) return;
    yield rows;
    after = num(rows[rows.length - 1]!, 'ord');
  }
}

/**
 * The description that goes beside the files (`opis.txt` of /dane/): where the data comes from and its
 * licence, then each file and each column.
 */
export function bulkDescription(credit: DataCredit, builtAt: string, newestVote: string | null): string {
  const lines = [
    'Dane do pobrania — opis plików',
    '',
    `Źródło: ${creditLine(credit)}${credit.url ? ` (${credit.url})` : ''}.`,
    credit.licence
      ? `Licencja danych: ${credit.licence}${credit.licenceUrl ? ` (${credit.licenceUrl})` : ''}. Publikując te dane lub liczby z nich wyliczone, podaj źródło tak jak wyżej.`
      : 'Źródło nie podaje licencji danych; publikując je, podaj źródło tak jak wyżej.',
    ...(credit.synthetic
      ? [
          'UWAGA: to przykład syntetyczny. Rada, radni, ugrupowania i głosowania są wymyślone i nie opisują żadnej prawdziwej rady.',
        ]
      : []),
    `Stan danych: zbudowane ${builtAt}; najnowsze głosowanie: ${newestVote ?? 'brak'}.`,
    '',
    'Pliki CSV: UTF-8, przecinek jako separator, pierwszy wiersz to nagłówek, końce wierszy CRLF (RFC 4180).',
    'Ułamki z kropką dziesiętną. Puste pole: brak wartości. Pliki są dla całej bazy albo dla jednej rady w jednej kadencji.',
    FORMULA_NOTE,
  ];
  for (const file of BULK_FILES) {
    lines.push('', `${file}.csv — ${BULK_FILE_TITLES[file]}`);
    for (const column of bulkColumns(file)) lines.push(`  ${column.name}: ${column.description}`);
  }
  return `${lines.join('\n')}\n`;
}
