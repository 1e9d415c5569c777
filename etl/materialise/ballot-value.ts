// A councillor's ballot as one small integer: its code and its CONTRACT §3 flags, as the ballots pass
// (ballots.ts) hands it to the spill that writes `radny_glos` (councillor-ballots.ts).

/** The §3 flags of a ballot, as bits. */
export const Flag = {
  samotny: 1,
  kluczowy: 2,
  buntowniczy: 4,
  /** Counted in zgodnosc-grupa (the group has a position and another member voted)… */
  withGroup: 8,
  /** …and the ballot agrees with the group's position. */
  agrees: 16,
} as const;

/** The value kept with a councillor's ballot: its code (0–4) and its flags above. */
export const ballotValue = (code: number, flags: number) => code | (flags << 3);
export const codeOf = (value: number) => value & 7;
export const flagsOf = (value: number) => value >> 3;
