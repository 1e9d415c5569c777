// The council a person sits in, as every list of persons names it (issue 36): materialised by the ETL
// as radny.id_rady (etl/materialise/councils.ts), read with one join. Its own module: the lists of
// votes, sessions and statistics read it too, and the councillors' queries import the votes'.

/** The person's council (a body of typ rada, or the Sejm); null for none or several. */
export interface CouncilOf {
  id_organu: number | null;
  organ: string | null;
}

/** The columns of CouncilOf for a query over `radny r` joined with COUNCIL_JOIN. */
export const COUNCIL_COLUMNS = 'r.id_rady AS id_organu, c.nazwa AS organ';
export const COUNCIL_JOIN = 'LEFT JOIN organ c ON c.id_organu = r.id_rady';
