// What a card shows, read from the snapshot: a vote (with a highlighted councillor's ballot for a share
// link) or a councillor. Plain data for renderCard; the cache key of each (CardCache, per snapshot).
// Worded for what the snapshot holds (a council's or the Sejm's words, src/text/wording.ts).
//
// A councillor's card shows their figures over all terms, as their page does when opened (the card is
// that page's preview), and says so with the terms named: a reader who sees the card where it is shared
// learns what the figures cover, and one who follows it finds the same figures on the page.

import type Database from 'better-sqlite3';
import { GLOS_VALUES, percent } from '../../core/contract.ts';
import { type DataCredit, creditLine } from '../../core/credit.ts';
import { ALL_TERMS } from '../../core/snapshot/schema.ts';
import {
  ballotOf,
  ballotSentence,
  formatDateTime,
  formatNumber,
  formatPercent,
  formatTerm,
  participationPercent,
  requiredMajority,
  shownTitle,
} from '../text/format.ts';
import { type Wording, capital, groupLabel, memberOf } from '../text/wording.ts';
import type { CardData } from './card.ts';
import { plucked, type Statement } from '../snapshot/statement.ts';

export const cardKeys = {
  vote: (id: number, highlighted?: number | null): string =>
    highlighted == null ? `glosowanie/${id}` : `glosowanie/${id}/radny/${highlighted}`,
  councillor: (token: string): string => `radny/${token}`,
};

export class CardQueries {
  private readonly vote: Statement<
    [number],
    {
      tytul: string;
      data: string;
      godzina: string | null;
      wynik: string;
      za: number;
      przeciw: number;
      wstrzymujacy: number;
      organ: string;
      wiekszosc: string | null;
      wiekszosc_glosow: number | null;
    }
  >;
  private readonly ballot: Statement<[number, number], { glos: number; imie_nazwisko: string }>;
  /** A councillor's figures over all terms: null where they have no radny_stat row. */
  private readonly person: Statement<
    [string, string],
    {
      id_osoby: number;
      imie_nazwisko: string;
      ugrupowanie: string | null;
      pelna_nazwa: string | null;
      liczba_posiedzen: number | null;
      obecnosci: number | null;
      zg_wszystkie: number | null;
      zg_zgodne: number | null;
      glosowania: number | null;
      nieobecny: number | null;
    }
  >;
  private readonly terms: Statement<[number], string>;
  private readonly mainCouncil: Statement<[string, number], string>;

  constructor(
    db: Database.Database,
    private readonly credit: DataCredit,
    private readonly wording: Wording,
    /** The lengths at which the snapshot's source cuts titles (src/titles.ts): a card shows the tidy title, „…” where cut. */
    private readonly titleCuts: readonly number[] = [],
  ) {
    this.vote =
      db.prepare(`SELECT g.tytul, g.data, g.godzina, g.wynik, g.za, g.przeciw, g.wstrzymujacy, o.nazwa AS organ,
        g.wiekszosc, g.wiekszosc_glosow
      FROM glosowanie g JOIN organ o ON o.id_organu = g.id_organu WHERE g.id_glosowania = ?`);
    this.ballot = db.prepare(`SELECT b.glos, r.imie_nazwisko FROM glos b JOIN radny r ON r.id_osoby = b.id_osoby
      WHERE b.id_glosowania = ? AND b.id_osoby = ?`);
    this.person =
      db.prepare(`SELECT r.id_osoby, r.imie_nazwisko, s.ugrupowanie, u.pelna_nazwa, s.liczba_posiedzen, s.obecnosci,
        s.zg_wszystkie, s.zg_zgodne, s.za + s.przeciw + s.wstrzymujacy + s.nieobecny + s.brak_glosu AS glosowania,
        s.nieobecny
      FROM radny r LEFT JOIN radny_stat s ON s.kadencja = ? AND s.id_osoby = r.id_osoby
      LEFT JOIN ugrupowanie u ON u.id_ugrupowania = s.id_ugrupowania WHERE r.token = ?`);
    // The terms the all-terms figures cover: those with the person's figures.
    this.terms = plucked(
      db,
      `SELECT kadencja FROM radny_stat WHERE id_osoby = ? AND kadencja <> '${ALL_TERMS}' ORDER BY kadencja`,
    );
    // The body a councillor voted in most, councils before committees.
    this.mainCouncil = plucked(
      db,
      `SELECT o.nazwa FROM radny_organ b JOIN organ o ON o.id_organu = b.id_organu
      WHERE b.kadencja = ? AND b.id_osoby = ? ORDER BY o.typ <> 'rada', b.liczba_glosowan DESC, b.liczba_posiedzen DESC, o.id_organu LIMIT 1`,
    );
  }

  private get footer() {
    return { credit: creditLine(this.credit), synthetic: this.credit.synthetic };
  }

  /** A vote's card, with `highlighted`'s ballot when given; undefined when the vote (or that ballot) does not exist. */
  voteCard(id: number, highlighted?: number | null): CardData | undefined {
    const v = this.vote.get(id);
    if (!v) return undefined;
    const needed = requiredMajority(v.wiekszosc, v.wiekszosc_glosow);
    let highlight: CardData['highlight'];
    if (highlighted != null) {
      const b = this.ballot.get(id, highlighted);
      if (!b) return undefined;
      const glos = GLOS_VALUES[b.glos] ?? 'brak_glosu';
      highlight = { sentence: ballotSentence(b.imie_nazwisko, glos), ballot: ballotOf(glos) };
    }
    return {
      council: v.organ,
      // The majority it needed, where more than a simple one: „ODRZUCONO 246 : 202” alone reads wrong (issue 46).
      kicker: `Głosowanie · ${formatDateTime(v.data, v.godzina)}${needed ? ` · ${needed}` : ''}`,
      title: shownTitle(v.tytul, this.titleCuts).text,
      tally: { wynik: v.wynik, za: v.za, przeciw: v.przeciw, wstrzymujacy: v.wstrzymujacy },
      highlight,
      ...this.footer,
    };
  }

  /** A councillor's card (all terms, named): group, attendance, agreement with the group, votes; undefined for an unknown token. */
  councillorCard(token: string): CardData | undefined {
    const p = this.person.get(ALL_TERMS, token);
    if (!p) return undefined;
    const votes = p.glosowania ?? 0;
    const w = this.wording;
    const fullNames = new Map(p.ugrupowanie && p.pelna_nazwa ? [[p.ugrupowanie, p.pelna_nazwa]] : []);
    const group = groupLabel(w, fullNames, p.ugrupowanie, `bez ${w.groupGen}`);
    return {
      council: this.mainCouncil.get(ALL_TERMS, p.id_osoby) ?? '',
      kicker: `${capital(memberOf(w, p.imie_nazwisko))} · ${group}`,
      title: p.imie_nazwisko,
      scope: termsCovered(this.terms.all(p.id_osoby)),
      // Each percent with its base beside it, and no bare count of votes that reads as the base of the
      // attendance (issue 46: „66,07% frekwencja … 3078 głosowania”); the participation in votes beside the
      // attendance (CONTRACT §10), its base the ballots.
      facts: [
        {
          label: `frekwencja: ${ofBase(p.obecnosci ?? 0, p.liczba_posiedzen ?? 0, 'posiedzenia', 'posiedzeń')}`,
          value: formatPercent(percent(p.obecnosci ?? 0, p.liczba_posiedzen ?? 0)),
        },
        votes
          ? {
              label: `udział w głosowaniach: ${ofBase(votes - (p.nieobecny ?? 0), votes, 'głosowania', 'głosowań')}`,
              value: formatPercent(participationPercent(percent(p.nieobecny ?? 0, votes))),
            }
          : { label: 'udział w głosowaniach', value: '—' },
        p.zg_wszystkie
          ? {
              label: `zgodność z ${w.groupInst}: ${ofBase(p.zg_zgodne ?? 0, p.zg_wszystkie, 'głosowania', 'głosowań')}`,
              value: formatPercent(percent(p.zg_zgodne ?? 0, p.zg_wszystkie)),
            }
          : { label: `zgodność z ${w.groupInst}`, value: '—' },
      ],
      ...this.footer,
    };
  }
}

/** A percent's base: „52 z 78 posiedzeń”, „1 z 1 posiedzenia” (after „z”, the genitive). */
const ofBase = (part: number, whole: number, one: string, many: string): string =>
  `${formatNumber(part)} z ${formatNumber(whole)} ${whole === 1 ? one : many}`;

/** What all-terms figures cover: „Kadencja 2023–2027”, „Wszystkie kadencje (2): 2014–2018, 2018–2023”. */
export function termsCovered(terms: readonly string[]): string {
  if (terms.length === 0) return 'Wszystkie kadencje';
  if (terms.length === 1) return `Kadencja ${formatTerm(terms[0]!)}`;
  const named =
    terms.length <= 3
      ? terms.map(formatTerm).join(', ')
      : `${formatTerm(terms[0]!)} … ${formatTerm(terms[terms.length - 1]!)}`;
  return `Wszystkie kadencje (${terms.length}): ${named}`;
}
