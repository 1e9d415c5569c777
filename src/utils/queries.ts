// Lookups: groups, bodies, terms, topics and the system counts.

import type Database from 'better-sqlite3';
import { polishCollator } from '../../core/text.ts';
import { ALL_BODIES, ALL_TERMS } from '../../core/snapshot/schema.ts';
import { TOPICS_META, type TopicEntry, parseVocabulary, topicsOf } from '../../core/topics.ts';
import { plucked, rawRows, type Statement } from '../snapshot/statement.ts';

export interface Body {
  id_organu: number;
  nazwa: string;
  typ: string;
}
export interface Term {
  kadencja: string;
  data_od: string;
  data_do: string | null;
  liczba_radnych: number;
  liczba_posiedzen: number;
  liczba_glosowan: number;
}
export interface Group {
  id_ugrupowania: number;
  nazwa: string;
  skrot: string | null;
  pelna_nazwa: string | null;
  liczba_radnych: number;
  /** The group's council (materialised ugrupowanie.id_rady), null for none or several (issue 36). */
  id_organu: number | null;
  organ: string | null;
}
/** A topic of the snapshot's vocabulary (CONTRACT §11), `inne` last. */
export interface Topic {
  temat: string;
  nazwa: string;
}
export interface TopicCount extends Topic {
  liczba_glosowan: number;
}

/** What one body's record disagrees about in a scope (CONTRACT §12). */
export interface Quality {
  id_organu: number;
  organ: string;
  glosowania: number;
  imienne: number;
  tylko_liczby: number;
  rozbiezne_liczby: number;
  wynik_wbrew_liczbom: number;
  posiedzenia: number;
  z_lista_obecnosci: number;
  obecni_bez_glosu: number;
}

/** How many councillors, votes, sessions and attachments the snapshot has. */
export interface SystemCounts {
  radni: number;
  glosowania: number;
  posiedzenia: number;
  zalaczniki: number;
}

export class UtilsQueries {
  private readonly qualityRows: Statement<[{ kadencja: string; organ: number | null }], Quality>;
  private readonly groups: Statement<[string], Group>;
  private readonly bodies: Statement<[], Body>;
  private readonly terms: Statement<[], Term>;
  private readonly counts: Statement<[], SystemCounts>;
  private countsRead: SystemCounts | undefined;
  private readonly body: Statement<[number], number>;
  /** Each topic with a vote in scope, and its votes. */
  private readonly topicVotes: Statement<[string, number], [string, number]>;
  /** The vocabulary the snapshot was built with (meta), read once. */
  readonly vocabulary: TopicEntry[];
  private readonly topicList: Topic[];
  private readonly topicIds: Set<string>;

  constructor(db: Database.Database) {
    const recorded = plucked<[string], string>(db, 'SELECT value FROM meta WHERE key = ?').get(TOPICS_META.vocabulary);
    // Checked when the ETL read it; parsed by the same rules here (a few entries, once per snapshot).
    this.vocabulary = parseVocabulary(
      recorded ?? '',
      `the snapshot's topic vocabulary (meta ${TOPICS_META.vocabulary})`,
    );
    this.topicList = topicsOf(this.vocabulary).map(({ id, nazwa }) => ({ temat: id, nazwa }));
    this.topicIds = new Set(this.topicList.map((t) => t.temat));
    this.topicVotes = rawRows(db, 'SELECT temat, liczba_glosowan FROM temat_stat WHERE kadencja = ? AND id_organu = ?');
    this.groups = db.prepare(`SELECT u.id_ugrupowania, u.nazwa, u.skrot, u.pelna_nazwa,
        coalesce(s.liczba_radnych, 0) AS liczba_radnych,
        u.id_rady AS id_organu, c.nazwa AS organ
      FROM ugrupowanie u LEFT JOIN ugrupowanie_stat s ON s.id_ugrupowania = u.id_ugrupowania AND s.kadencja = ?
      LEFT JOIN organ c ON c.id_organu = u.id_rady`);
    this.bodies = db.prepare('SELECT id_organu, nazwa, typ FROM organ ORDER BY id_organu');
    this.qualityRows = db.prepare(`SELECT j.id_organu, o.nazwa AS organ, j.glosowania, j.imienne, j.tylko_liczby,
        j.rozbiezne_liczby, j.wynik_wbrew_liczbom, j.posiedzenia, j.z_lista_obecnosci, j.obecni_bez_glosu
      FROM jakosc_stat j JOIN organ o ON o.id_organu = j.id_organu
      WHERE j.kadencja = @kadencja AND (@organ IS NULL OR j.id_organu = @organ) ORDER BY j.id_organu`);
    this.body = plucked(db, 'SELECT 1 FROM organ WHERE id_organu = ?');
    this.terms =
      db.prepare(`SELECT k.kadencja, k.data_od, k.data_do, t.liczba_radnych, t.liczba_posiedzen, t.liczba_glosowan
      FROM kadencja k JOIN kadencja_stat t ON t.kadencja = k.kadencja ORDER BY k.data_od DESC, k.kadencja DESC`);
    this.counts =
      db.prepare(`SELECT (SELECT count(*) FROM radny) AS radni, (SELECT count(*) FROM glosowanie) AS glosowania,
      (SELECT count(*) FROM posiedzenie) AS posiedzenia, (SELECT count(*) FROM zalacznik) AS zalaczniki`);
  }

  groupsOf(kadencja: string | undefined): Group[] {
    const rows = this.groups.all(kadencja ?? ALL_TERMS);
    return rows.sort((a, b) => polishCollator.compare(a.nazwa, b.nazwa) || a.id_ugrupowania - b.id_ugrupowania);
  }

  hasBody(id: number): boolean {
    return this.body.get(id) !== undefined;
  }

  bodiesList(): Body[] {
    return this.bodies.all();
  }

  termsList(): Term[] {
    return this.terms.all();
  }

  /** Every topic (CONTRACT §11): the vocabulary's entries in file order, then `inne`. */
  topics(): Topic[] {
    return this.topicList;
  }

  hasTopic(id: string): boolean {
    return this.topicIds.has(id);
  }

  /** Every topic with its votes in scope, 0 included (`/api/utils/tematy`). */
  topicCounts({ kadencja, organ }: { kadencja?: string | undefined; organ?: number | undefined }): TopicCount[] {
    const votes = new Map(this.topicVotes.all(kadencja ?? ALL_TERMS, organ ?? ALL_BODIES));
    return this.topicList.map((t) => ({ ...t, liczba_glosowan: votes.get(t.temat) ?? 0 }));
  }

  /** Per body with a session in scope, what its record disagrees about (`/api/utils/jakosc`). */
  quality({ kadencja, organ }: { kadencja?: string | undefined; organ?: number | undefined }): Quality[] {
    return this.qualityRows.all({ kadencja: kadencja ?? ALL_TERMS, organ: organ ?? null });
  }

  /**
   * Four counts: always one row, fixed for the snapshot, so counted once (each count visits every row of
   * its table: 15 ms a request on a tenth of Poland, docs/PERFORMANCE.md, issue 47's eleventh session).
   */
  systemCounts(): SystemCounts {
    return (this.countsRead ??= this.counts.get()!);
  }
}
