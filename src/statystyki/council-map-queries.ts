// The council map (issue 25): the councillors of a council's term placed in two dimensions by how
// alike they vote, as the ETL computed them (etl/materialise/council-map.ts), with each one's name
// and group for colouring, and those left out for too few shared votes.

import type Database from 'better-sqlite3';

export interface MapPoint {
  id_osoby: number; imie_nazwisko: string; id_ugrupowania: number | null; ugrupowanie: string | null; x: number; y: number;
}
export interface LeftOut { id_osoby: number; imie_nazwisko: string; id_ugrupowania: number | null; ugrupowanie: string | null }

export interface CouncilMap {
  id_organu: number;
  kadencja: string;
  /** Shared votes every pair of placed councillors has at least. */
  prog: number;
  /** Placed councillors in name order; x and y in units of 1 − agreement, centroid at the origin. */
  radni: MapPoint[];
  /** Councillors with a ballot in the council's votes of the term, not placed, in name order. */
  pominieci: LeftOut[];
}

export class CouncilMapQueries {
  private readonly header: Database.Statement;
  private readonly places: Database.Statement;
  private readonly terms: Database.Statement;

  constructor(db: Database.Database) {
    this.terms = db.prepare(`SELECT m.kadencja FROM mapa m JOIN kadencja k ON k.kadencja = m.kadencja
      WHERE m.id_organu = ? ORDER BY k.data_od DESC`).pluck();
    this.header = db.prepare('SELECT prog FROM mapa WHERE kadencja = ? AND id_organu = ?').pluck();
    // The group is the councillor's current group in that term (CONTRACT §2), as every list shows it.
    this.places = db.prepare(`SELECT m.id_osoby, r.imie_nazwisko, s.id_ugrupowania, s.ugrupowanie, m.x, m.y
      FROM mapa_radny m JOIN radny r ON r.id_osoby = m.id_osoby
      LEFT JOIN radny_stat s ON s.kadencja = m.kadencja AND s.id_osoby = m.id_osoby
      WHERE m.kadencja = ? AND m.id_organu = ? ORDER BY r.name_rank`);
  }

  /** The terms with a map of this body, newest first (empty: not a council, or no ballots). */
  termsOf(organ: number): string[] {
    return this.terms.all(organ) as string[];
  }

  /** The map of a council in a term (absent: its newest term with one); undefined when there is none. */
  councilMap(organ: number, kadencja?: string): CouncilMap | undefined {
    const term = kadencja ?? this.termsOf(organ)[0];
    if (term === undefined) return undefined;
    const prog = this.header.get(term, organ) as number | undefined;
    if (prog === undefined) return undefined;
    const rows = this.places.all(term, organ) as Array<Omit<MapPoint, 'x' | 'y'> & { x: number | null; y: number | null }>;
    const radni: MapPoint[] = [];
    const pominieci: LeftOut[] = [];
    for (const { x, y, ...who } of rows) {
      if (x === null || y === null) pominieci.push(who);
      else radni.push({ ...who, x, y });
    }
    return { id_organu: organ, kadencja: term, prog, radni, pominieci };
  }
}
