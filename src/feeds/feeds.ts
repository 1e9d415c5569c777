// The site's Atom feeds: the newest votes (of one council, or of the whole snapshot) and, per
// councillor, their votes against their group's majority and their decisive votes (CONTRACT §3
// buntownicze and kluczowe). Read from the snapshot with a few indexed reads per feed.
//
// Identity: ids are name-based UUIDs (`urn:uuid:`, RFC 9562 version 5) of what identifies an entry in the
// data — a vote by its body's name, date and time, session's and vote's numbers, not by id_glosowania,
// which a Radoskop import numbers in file order (a vote added to an earlier council renumbers every later
// one); a feed by its council(s); a councillor by the councils and their token. So an entry keeps its id
// across snapshots and whatever PUBLIC_URL says (setting or moving the address must not make readers see
// every entry as new, issue 36), while two deployments of different councils mint different ids. (They
// were tag:localhost URIs: „localhost” is no tagging authority (RFC 4151) and every deployment minted the
// same ids, issue 46.)
// Links: absolute under PUBLIC_URL; without it, references relative to the feed's own address, which
// RFC 4287 allows for links (ids must be absolute, links need not be) and feed readers resolve.

import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';
import { GLOS_VALUES } from '../../core/contract.ts';
import { type DataCredit, creditLine } from '../../core/credit.ts';
import { slugify } from '../../core/text.ts';
import { PLENARY_TYPES } from '../../core/snapshot/schema.ts';
import { plucked, type Statement } from '../snapshot/statement.ts';
import { chambersSlug } from '../exports/names.ts';
import { type PublicUrl, absoluteUrl } from '../public-url.ts';
import { ballotSentence, formatDateTime, genderedAs, shownTitle } from '../text/format.ts';
import { PAGES, feedPaths, linkTo, pagePath } from '../urls/paths.ts';
import { type Wording, groupLabel, wordingOf } from '../text/wording.ts';
import { type AtomEntry, type AtomFeed, warsawDateTime } from './atom.ts';

/** Entries per feed. */
export const FEED_ENTRIES = 50;
/** The namespace of the feeds' name-based UUIDs: this project's own, fixed (a new one would renew every id). */
const ID_NAMESPACE = Buffer.from('5b0f6c1e-8a4d-4f3b-9c2e-7d1a0e6b4c58'.replace(/-/g, ''), 'hex');

/** The version 5 (SHA-1, name-based) UUID of `name` in the feeds' namespace, as a URN (RFC 9562 §5.5). */
export function feedId(name: string): string {
  const hash = createHash('sha1').update(ID_NAMESPACE).update(name, 'utf8').digest().subarray(0, 16);
  hash[6] = (hash[6]! & 0x0f) | 0x50; // version 5
  hash[8] = (hash[8]! & 0x3f) | 0x80; // the RFC's variant
  const hex = hash.toString('hex');
  return `urn:uuid:${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
/** A whole-snapshot feed names up to this many councils in its title, else counts them. */
const NAMED_COUNCILS = 3;

export interface FeedOptions {
  /** PUBLIC_URL (null: relative links). */
  base: PublicUrl;
  /** The site's name, the feeds' author. */
  siteName: string;
  credit: DataCredit;
  /** The lengths at which the snapshot's source cuts titles (src/titles.ts): entry titles are shown tidy, a cut one ends in „…”. */
  titleCuts?: readonly number[];
  entries?: number;
}

interface VoteRow {
  id_glosowania: number;
  data_czas: string;
  data: string;
  godzina: string | null;
  tytul: string;
  numer: number;
  organ: string;
  posiedzenie: string;
  wynik: string;
  za: number;
  przeciw: number;
  wstrzymujacy: number;
}

const VOTE_COLUMNS = `g.id_glosowania, g.data_czas, g.data, g.godzina, g.tytul, g.numer, o.nazwa AS organ, s.numer AS posiedzenie,
  g.wynik, g.za, g.przeciw, g.wstrzymujacy`;
const VOTE_FROM =
  'glosowanie g JOIN organ o ON o.id_organu = g.id_organu JOIN posiedzenie s ON s.id_posiedzenia = g.id_posiedzenia';

/** What a reader of a cut title is told (the site's /jak-liczymy#tytuly explains). */
const CUT_NOTE = ' · Tytuł ucięty przez źródło.';

/** A councillor's vote against their group or decisive: the vote, their ballot and group at it. */
type FlaggedRow = VoteRow & {
  glos: number;
  buntowniczy: number;
  kluczowy: number;
  ugrupowanie: string | null;
  pelna_nazwa: string | null;
};

const outcome = (v: VoteRow) =>
  `${v.wynik} ${v.za} : ${v.przeciw}${v.wstrzymujacy ? `, wstrzymało się ${v.wstrzymujacy}` : ''}`;

export class Feeds {
  private readonly newest: Statement<[number], VoteRow>;
  private readonly newestOfBody: Statement<[number, number], VoteRow>;
  private readonly body: Statement<[number], { nazwa: string; typ: string }>;
  private readonly person: Statement<[string], { id_osoby: number; imie_nazwisko: string; token: string }>;
  private readonly flagged: Statement<[number, number, number], FlaggedRow>;
  private readonly builtAt: string;
  private readonly bodies: Array<{ nazwa: string; typ: string }>;
  /** The snapshot's words: a council's, or the Sejm's (src/text/wording.ts). */
  private readonly wording: Wording;

  constructor(
    db: Database.Database,
    private readonly options: FeedOptions,
  ) {
    this.newest = db.prepare(`SELECT ${VOTE_COLUMNS} FROM ${VOTE_FROM} ORDER BY g.ord LIMIT ?`);
    this.newestOfBody = db.prepare(
      `SELECT ${VOTE_COLUMNS} FROM ${VOTE_FROM} WHERE g.id_organu = ? ORDER BY g.ord LIMIT ?`,
    );
    this.body = db.prepare('SELECT nazwa, typ FROM organ WHERE id_organu = ?');
    this.person = db.prepare('SELECT id_osoby, imie_nazwisko, token FROM radny WHERE token = ?');
    // Each flag has its partial index on (id_osoby, ord): the union reads only flagged ballots.
    this.flagged = db.prepare(`WITH f AS (
        SELECT ord, id_glosowania, glos, id_ugrupowania, buntowniczy, kluczowy FROM radny_glos WHERE id_osoby = ? AND buntowniczy = 1
        UNION SELECT ord, id_glosowania, glos, id_ugrupowania, buntowniczy, kluczowy FROM radny_glos WHERE id_osoby = ? AND kluczowy = 1
        ORDER BY ord LIMIT ?)
      SELECT ${VOTE_COLUMNS}, f.glos, f.buntowniczy, f.kluczowy, u.nazwa AS ugrupowanie, u.pelna_nazwa
      FROM f JOIN glosowanie g ON g.id_glosowania = f.id_glosowania JOIN organ o ON o.id_organu = g.id_organu
      JOIN posiedzenie s ON s.id_posiedzenia = g.id_posiedzenia LEFT JOIN ugrupowanie u ON u.id_ugrupowania = f.id_ugrupowania
      ORDER BY f.ord`);
    this.builtAt =
      plucked<[], string>(db, "SELECT value FROM meta WHERE key = 'built_at'").get() ?? '1970-01-01T00:00:00Z';
    this.bodies = db
      .prepare<[], { nazwa: string; typ: string }>('SELECT nazwa, typ FROM organ ORDER BY id_organu')
      .all();
    this.wording = wordingOf(this.bodies);
  }

  private get limit(): number {
    return this.options.entries ?? FEED_ENTRIES;
  }

  /** A vote's title as the site shows it (the API keeps the raw one). */
  private title(v: VoteRow) {
    return shownTitle(v.tytul, this.options.titleCuts ?? []);
  }

  private id(name: string): string {
    return feedId(name);
  }

  private url(path: string): string {
    return this.options.base === null ? path : absoluteUrl(this.options.base, path);
  }

  /** What identifies a vote in its source: the name of its entry's id. */
  private voteKey(v: VoteRow): string {
    return `glosowanie/${slugify(v.organ)}/${v.data_czas}/${encodeURIComponent(v.posiedzenie)}/${v.numer}`;
  }

  private feed(parts: Omit<AtomFeed, 'updated' | 'author' | 'rights'>): AtomFeed {
    const { credit, siteName } = this.options;
    return {
      ...parts,
      // The newest entry's time: the feed changes when its entries do, not with every rebuild.
      updated: parts.entries[0]?.updated ?? this.builtAt,
      author: siteName,
      rights: `${creditLine(credit)}${credit.synthetic ? '. Dane syntetyczne: przykład, nie prawdziwa rada.' : ''}`,
    };
  }

  /** The newest votes of one council (any body id), or of the whole snapshot; undefined for a body that does not exist. */
  votes(organ?: number): AtomFeed | undefined {
    const body = organ === undefined ? undefined : this.body.get(organ);
    if (organ !== undefined && !body) return undefined;
    const rows = organ === undefined ? this.newest.all(this.limit) : this.newestOfBody.all(organ, this.limit);
    return this.feed({
      // The whole snapshot's feed is named after all its councils, apart from its one council's feed.
      id: this.id(body ? `glosowania/${slugify(body.nazwa)}` : `${chambersSlug(this.bodies)}/glosowania`),
      title: `Głosowania: ${body?.nazwa ?? this.snapshotScope()}`,
      subtitle: `Najnowsze głosowania (${this.limit} ostatnich)`,
      self: this.url(feedPaths.votes(organ)),
      alternate: this.url(linkTo({ organ }, PAGES.votes)),
      entries: rows.map((v): AtomEntry => {
        const title = this.title(v);
        return {
          id: this.id(this.voteKey(v)),
          title: title.text,
          updated: warsawDateTime(v.data_czas),
          link: this.url(pagePath(PAGES.vote, { id: v.id_glosowania })),
          summary: `${outcome(v)} · ${v.organ}, posiedzenie ${v.posiedzenie} · ${formatDateTime(v.data, v.godzina)}${title.cut ? CUT_NOTE : ''}`,
        };
      }),
    });
  }

  /**
   * What the whole snapshot's feed covers: its councils (bodies that are a whole chamber; without one,
   * its bodies) by name, or how many there are; the site's name when there is nothing to name. Not the
   * site's name itself, which for several councils is „Głosowania rad” (the title read „Głosowania:
   * Głosowania rad”).
   */
  private snapshotScope(): string {
    const councils = this.bodies.filter((b) => PLENARY_TYPES.includes(b.typ));
    const named = councils.length > 0 ? councils : this.bodies;
    if (named.length === 0) return this.options.siteName;
    if (named.length <= NAMED_COUNCILS) return named.map((b) => b.nazwa).join(', ');
    return `${named.length} ${councils.length > 0 ? 'rad' : 'organów'}`;
  }

  /** A councillor's votes against their group and decisive votes, newest first; undefined for an unknown token. */
  councillor(token: string): AtomFeed | undefined {
    const person = this.person.get(token);
    if (!person) return undefined;
    const rows = this.flagged.all(person.id_osoby, person.id_osoby, this.limit);
    const name = person.imie_nazwisko;
    const w = this.wording;
    const group = (v: FlaggedRow) =>
      groupLabel(w, new Map(v.ugrupowanie && v.pelna_nazwa ? [[v.ugrupowanie, v.pelna_nazwa]] : []), v.ugrupowanie);
    return this.feed({
      id: this.id(`${chambersSlug(this.bodies)}/radny/${person.token}`),
      title: `${name}: głosy wbrew ${w.groupDat} i głosy decydujące`,
      subtitle: `Głosowania, w których ${name} ${genderedAs(name, 'głosował', 'głosowała')} inaczej niż większość swojego ${w.groupGen} albo ${genderedAs(name, 'przesądził', 'przesądziła')} o wyniku`,
      self: this.url(feedPaths.councillor(person.token)),
      alternate: this.url(pagePath(PAGES.councillor, { token: person.token })),
      entries: rows.map((v): AtomEntry => {
        const what = [
          v.buntowniczy ? `wbrew większości swojego ${w.groupGen}${v.ugrupowanie ? ` (${group(v)})` : ''}` : '',
          v.kluczowy ? 'ten głos przesądził o wyniku' : '',
        ]
          .filter(Boolean)
          .join('; ');
        const title = this.title(v);
        return {
          id: this.id(`${this.voteKey(v)}/radny/${person.token}`),
          title: title.text,
          updated: warsawDateTime(v.data_czas),
          link: this.url(pagePath(PAGES.vote, { id: v.id_glosowania })),
          categories: [...(v.buntowniczy ? [`wbrew ${w.groupDat}`] : []), ...(v.kluczowy ? ['głos decydujący'] : [])],
          summary: `${ballotSentence(name, GLOS_VALUES[v.glos] ?? 'brak_glosu')}: ${what}. Wynik: ${outcome(v)} · ${v.organ} · ${formatDateTime(v.data, v.godzina)}${title.cut ? CUT_NOTE : ''}`,
        };
      }),
    });
  }
}
