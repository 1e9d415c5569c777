// The packed partner lists of `radny_partnerzy` (core/snapshot/schema.ts): written by the ETL, read by
// the API. One row per councillor and scope instead of one per pair: a koalicje request reads one row.

/** One partner of a councillor: the figures of koalicje/oponenci before names are attached. */
export interface Partner {
  id_osoby: number;
  wspolne: number;
  zgodne: number;
}

const TRIPLE = 12;

/** The `radny_partnerzy` blob: little-endian int32 triples (id_osoby, wspolne, zgodne), in list order. */
export function packPartners(partners: Partner[]): Buffer {
  const blob = Buffer.allocUnsafe(partners.length * TRIPLE);
  partners.forEach((p, i) => {
    blob.writeInt32LE(p.id_osoby, i * TRIPLE);
    blob.writeInt32LE(p.wspolne, i * TRIPLE + 4);
    blob.writeInt32LE(p.zgodne, i * TRIPLE + 8);
  });
  return blob;
}

/** The first `limit` partners of a packed list with at least `minShared` shared votes, in list order. */
export function unpackPartners(blob: Buffer, minShared: number, limit: number): Partner[] {
  const partners: Partner[] = [];
  for (let offset = 0; offset < blob.length && partners.length < limit; offset += TRIPLE) {
    const wspolne = blob.readInt32LE(offset + 4);
    if (wspolne >= minShared) {
      partners.push({ id_osoby: blob.readInt32LE(offset), wspolne, zgodne: blob.readInt32LE(offset + 8) });
    }
  }
  return partners;
}
