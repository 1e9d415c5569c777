// Finding things by what people type: councillors by name (diacritics-insensitive, in surname order;
// a word typed whole also by another form of it: „Kowalskiego” finds Kowalski) and the site-wide
// search over councillors and vote titles. Reads the columns the ETL stores for it:
// `radny.name_folded` and `radny.surname_rank` (etl/materialise/councillors.ts); votes are found by the
// vote list's own title search (src/glosowania/title-search.ts), with its bounded count.

import type Database from 'better-sqlite3';
import { foldText } from '../../core/text.ts';
import { nameWordsOf } from '../../core/title-words.ts';
import { snapshotLemmatiser } from '../glosowania/title-search.ts';
import { ALL_TERMS } from '../../core/snapshot/schema.ts';
import { COUNCIL_COLUMNS, COUNCIL_JOIN, type CouncilOf } from '../radni/council.ts';
import { type Condition, FilteredStatements } from '../snapshot/filtered-statements.ts';
import type { GlosowaniaQueries, VoteSummary } from '../glosowania/queries.ts';
import { plucked, rawRows, type Statement } from '../snapshot/statement.ts';

/** Words of a typed query, folded like the stored names: "  Łódź  kow" → ["lodz", "kow"]. At most MAX_WORDS. */
export function queryWords(query: string): string[] {
  return foldText(query).split(/\s+/).filter(Boolean).slice(0, MAX_WORDS);
}
const MAX_WORDS = 6;

/** Whether a name contains a typed query: every word of it occurs in the folded name, in any order (no other forms). */
export function nameMatches(name: string, query: string): boolean {
  const folded = foldText(name);
  return queryWords(query).every((word) => folded.includes(word));
}

/** An item of `/radni` (the same fields as `GET /api/radni`), found by name. */
export interface CouncillorFound extends CouncilOf {
  id_osoby: number;
  imie_nazwisko: string;
  kadencja: string;
  przynaleznosc_id: number;
  id_ugrupowania: number | null;
  ugrupowanie: string | null;
  aktywny: number;
  token: string;
}

export interface CouncillorSearch {
  /** Typed name (any part, any order of words, with or without Polish letters); empty or absent: everyone. */
  nazwa?: string | undefined;
  kadencja?: string | undefined;
  organ?: number | undefined;
  ugrupowanie?: number | undefined;
  /** `nazwisko`: surname order (default); `imie`: the name as written (CONTRACT §2 name order). */
  kolejnosc?: 'nazwisko' | 'imie' | undefined;
}

export interface SiteSearchResult {
  radni: { items: CouncillorFound[]; total: number };
  /** `exact` false: there are at least `total` (the vote list's search bound). */
  glosowania: { items: VoteSummary[]; total: number; exact: boolean };
}

const COUNCILLOR_COLUMNS = `s.id_osoby, r.imie_nazwisko, s.kadencja_biezaca AS kadencja, s.przynaleznosc_id,
  s.id_ugrupowania, s.ugrupowanie, s.aktywny, r.token, ${COUNCIL_COLUMNS}`;
const NAME_WORD = 'instr(r.name_folded, ?) > 0';
/** A typed word that names also hold in other forms: the persons whose name contains it or holds such a form. */
const NAME_WORD_OR_FORM = 'r.id_osoby IN (SELECT value FROM json_each(?))';

export class FindQueries {
  private readonly councillorLists: FilteredStatements<{
    byName: Statement<unknown[], CouncillorFound>;
    bySurname: Statement<unknown[], CouncillorFound>;
    count: Statement<unknown[], number>;
  }>;

  /** Per lemma, the persons whose name holds a form of it (made at the first search by name). */
  private namesByLemma: Map<string, number[]> | undefined;
  private readonly containingName: Statement<[string], number>;

  constructor(
    private readonly db: Database.Database,
    private readonly glosowania: GlosowaniaQueries,
  ) {
    this.containingName = plucked(db, 'SELECT id_osoby FROM radny WHERE instr(name_folded, ?) > 0');
    this.councillorLists = new FilteredStatements((where) => {
      const from = `FROM radny_stat s JOIN radny r ON r.id_osoby = s.id_osoby ${COUNCIL_JOIN} ${where}`;
      return {
        byName: db.prepare(`SELECT ${COUNCILLOR_COLUMNS} ${from} ORDER BY r.name_rank LIMIT ? OFFSET ?`),
        bySurname: db.prepare(`SELECT ${COUNCILLOR_COLUMNS} ${from} ORDER BY r.surname_rank LIMIT ? OFFSET ?`),
        count: plucked(db, `SELECT count(*) ${from}`),
      };
    });
  }

  /**
   * Councillors as `/radni` lists them (a display membership in scope; CONTRACT §7 for `organ`), narrowed
   * to a typed name, in surname order unless asked otherwise; at most `limit` after the first `offset`, with the total.
   */
  councillors(
    search: CouncillorSearch,
    limit = Number.MAX_SAFE_INTEGER,
    offset = 0,
  ): { items: CouncillorFound[]; total: number } {
    const words = search.nazwa === undefined ? [] : queryWords(search.nazwa);
    const { statements, params } = this.councillorLists.select(
      [
        ['s.kadencja = ?', search.kadencja ?? ALL_TERMS],
        [
          `EXISTS (SELECT 1 FROM radny_organ b
        WHERE b.kadencja = s.kadencja AND b.id_organu = ? AND b.id_osoby = s.id_osoby AND b.liczba_posiedzen > 0)`,
          search.organ,
        ],
        ['s.id_ugrupowania = ?', search.ugrupowanie],
        ...words.map((word) => this.nameCondition(word)),
      ],
      ['s.przynaleznosc_id IS NOT NULL'],
    );
    const list = search.kolejnosc === 'imie' ? statements.byName : statements.bySurname;
    return {
      items: list.all(...params, limit, offset),
      total: statements.count.get(...params)!,
    };
  }

  /**
   * The condition of one typed word on a name: it occurs in the folded name (§6's containment, as
   * before); and when it is a word the dictionary knows, typed whole, a name holding another form of
   * the same dictionary word matches too (a person's surname in the genitive of a title or a press
   * text: „Kowalskiego”, „Nowaka”). The forms come from the snapshot's lemmas (etl/title-lemmas.ts
   * keeps those of the names' words); a name word the dictionary does not know matches as typed only.
   */
  private nameCondition(word: string): Condition {
    if (!/^[a-z]{2,}$/.test(word)) return [NAME_WORD, word];
    const lemmatiser = snapshotLemmatiser(this.db);
    const byLemma = (this.namesByLemma ??= this.readNamesByLemma());
    const lemmas = lemmatiser === null ? [] : lemmatiser.lemmasOf(word);
    const others = lemmas.flatMap((lemma) => byLemma.get(lemma) ?? []);
    if (others.length === 0) return [NAME_WORD, word];
    const containing = new Set(this.containingName.all(word));
    if (others.every((id) => containing.has(id))) return [NAME_WORD, word]; // the forms add nobody
    return [NAME_WORD_OR_FORM, JSON.stringify([...new Set([...containing, ...others])])];
  }

  /** The persons by the lemmas of their names' words (a few thousand names: read once per snapshot). */
  private readNamesByLemma(): Map<string, number[]> {
    const lemmatiser = snapshotLemmatiser(this.db);
    const byLemma = new Map<string, number[]>();
    if (lemmatiser === null) return byLemma;
    const names = rawRows<[], [number, string]>(this.db, 'SELECT id_osoby, name_folded FROM radny').all();
    for (const [id, name] of names) {
      for (const word of nameWordsOf(name)) {
        if (!/^[a-z]{2,}$/.test(word)) continue;
        for (const lemma of lemmatiser.lemmasOf(word)) {
          const ids = byLemma.get(lemma);
          if (ids === undefined) byLemma.set(lemma, [id]);
          else if (ids.at(-1) !== id) ids.push(id);
        }
      }
    }
    return byLemma;
  }

  /** The search box of every page: councillors by name (all terms) and votes by title, the first `limit` of each. */
  site(query: string, scope: { organ?: number | undefined }, limit: number): SiteSearchResult {
    if (queryWords(query).length === 0)
      return { radni: { items: [], total: 0 }, glosowania: { items: [], total: 0, exact: true } };
    return {
      radni: this.councillors({ nazwa: query, organ: scope.organ }, limit),
      glosowania: this.glosowania.list({ search: query.trim(), organ: scope.organ, page: 1, limit }),
    };
  }
}
