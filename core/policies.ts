// CONTRACT §13: policies, an editor's stated positions and the votes that test them. The file's rules
// (checked strictly: a broken file publishes nothing), the matching of an entry to a vote, and the
// score of one councillor on one policy. Pure: the ETL matches and scores, the API and site read.

import { z } from 'zod';
import { percentHundredths } from './contract.ts';
import { foldBySteps } from './topics.ts';
import { fieldOf } from './errors.ts';

/** The snapshot's meta keys: the file's SHA-256 ('' without a file) and the file (empty: the bundled one or none). */
export const POLICIES_META = { sha256: 'polityki_sha256', path: 'polityki_plik' } as const;

export const POLICY_ID = /^[a-z0-9-]{1,60}$/;
export const STANOWISKA = ['za', 'przeciw'] as const;
export const WAGI = ['silna', 'zwykla'] as const;
export type Stanowisko = (typeof STANOWISKA)[number];
export type Waga = (typeof WAGI)[number];
/** §13's weight of a vote: 10 for a strong one, 2 for an ordinary one. */
export const WEIGHT: Readonly<Record<Waga, number>> = { silna: 10, zwykla: 2 };

export const OCENY = [
  'zawsze-za',
  'prawie-zawsze-za',
  'zwykle-za',
  'roznie',
  'zwykle-przeciw',
  'prawie-zawsze-przeciw',
  'zawsze-przeciw',
  'brak-danych',
] as const;
export type Ocena = (typeof OCENY)[number];

export interface PolicyEntry {
  data: string;
  tytul: string;
  stanowisko: Stanowisko;
  waga: Waga;
  /** A body's nazwa; null: any body. */
  organ: string | null;
}
export interface Policy {
  id: string;
  nazwa: string;
  opis: string;
  glosowania: PolicyEntry[];
}

/** A policy file that breaks §13's rules; the message names the file, the policy and the entry. */
export class PolicyError extends Error {
  override name = 'PolicyError';
}

const string = { error: 'must be a string' };
const nonEmpty = z.string(string).refine((s) => s.trim() !== '', 'must not be empty');
/** A real calendar date YYYY-MM-DD (2023-02-30 is refused). */
const calendarDate = z
  .string(string)
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')
  .refine((d) => {
    const t = new Date(`${d}T00:00:00Z`);
    return !Number.isNaN(t.getTime()) && t.toISOString().slice(0, 10) === d;
  }, 'is not a calendar date');

// §13 names the keys but does not refuse others (a newsroom's file may carry its own notes): an unknown
// key is ignored with a warning naming it, so a misspelt `waga` read as `zwykla` is seen at once.
const entrySchema = z.object(
  {
    data: calendarDate,
    tytul: nonEmpty.refine((s) => foldBySteps(s) !== '', 'must hold a letter or a digit'),
    stanowisko: z.enum(STANOWISKA, { error: 'must be "za" or "przeciw" (the ballot that supports the position)' }),
    waga: z.enum(WAGI, { error: 'must be "silna" or "zwykla"' }).default('zwykla'),
    organ: nonEmpty.optional(),
  },
  { error: 'must be an object {"data", "tytul", "stanowisko", "waga", "organ"}' },
);
const policySchema = z.object(
  {
    id: z.string(string).regex(POLICY_ID, `must match ${POLICY_ID.source}`),
    nazwa: nonEmpty,
    opis: nonEmpty,
    glosowania: z.array(z.unknown(), { error: 'must be an array of votes {"data", "tytul", "stanowisko"}' }),
  },
  { error: 'must be an object {"id", "nazwa", "opis", "glosowania"}' },
);

const issueText = (issue: z.core.$ZodIssue): string => {
  const path = issue.path
    .map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`))
    .join('')
    .replace(/^\./, '');
  return `${path ? `${path}: ` : ''}${issue.message}`;
};

/** A key §13 does not name, ignored: where it stands (the policy, the entry) and which keys. */
export interface IgnoredKeys {
  where: string;
  keys: string[];
}

/** The keys of `raw` (an object) that `schema` does not name. */
const unknownKeys = (raw: unknown, schema: z.ZodObject): string[] =>
  raw !== null && typeof raw === 'object' && !Array.isArray(raw)
    ? Object.keys(raw).filter((key) => !(key in schema.shape))
    : [];

/**
 * The policies in `text` (JSON), checked against §13. Throws a PolicyError naming `source`, the
 * policy (1-based, with its id when it has one) and the entry of its `glosowania` that breaks a rule;
 * keys §13 does not name are left in `ignored` (the ETL warns about them).
 */
export function parsePolicies(text: string, source: string, ignored: IgnoredKeys[] = []): Policy[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new PolicyError(`${source}: is not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!Array.isArray(value)) {
    throw new PolicyError(`${source}: must be a JSON array of policies {"id", "nazwa", "opis", "glosowania"}`);
  }
  const seen = new Map<string, number>();
  return value.map((raw: unknown, i) => {
    const id = fieldOf(raw, 'id');
    const where = `${source}: policy ${i + 1}${typeof id === 'string' ? ` (${JSON.stringify(id)})` : ''}`;
    const parsed = policySchema.safeParse(raw);
    if (!parsed.success) throw new PolicyError(`${where}: ${issueText(parsed.error.issues[0]!)}`);
    const policy = parsed.data;
    const policyKeys = unknownKeys(raw, policySchema);
    if (policyKeys.length > 0) ignored.push({ where: `policy ${i + 1} ("${policy.id}")`, keys: policyKeys });
    const earlier = seen.get(policy.id);
    if (earlier !== undefined) throw new PolicyError(`${where}: id: repeats policy ${earlier}`);
    seen.set(policy.id, i + 1);
    const glosowania = policy.glosowania.map((entry, j) => {
      const checked = entrySchema.safeParse(entry);
      if (!checked.success)
        throw new PolicyError(`${where}, entry ${j + 1} of glosowania: ${issueText(checked.error.issues[0]!)}`);
      const entryKeys = unknownKeys(entry, entrySchema);
      if (entryKeys.length > 0)
        ignored.push({ where: `policy ${i + 1} ("${policy.id}"), entry ${j + 1} of glosowania`, keys: entryKeys });
      const { data, tytul, stanowisko, waga, organ } = checked.data;
      return { data, tytul, stanowisko, waga, organ: organ ?? null };
    });
    return { id: policy.id, nazwa: policy.nazwa, opis: policy.opis, glosowania };
  });
}

/** A vote as matching sees it: its date (of data_czas), title and body's nazwa. */
export interface MatchableVote {
  id_glosowania: number;
  data: string;
  /** §11's fold of the title. */
  folded: string;
  organ: string;
}

/** §13: the votes an entry matches (same date, the folded fragment in the folded title, the body when named). */
export function matchesOf(entry: PolicyEntry, votesOfDate: readonly MatchableVote[]): MatchableVote[] {
  const fragment = foldBySteps(entry.tytul);
  return votesOfDate.filter(
    (v) => v.data === entry.data && v.folded.includes(fragment) && (entry.organ === null || v.organ === entry.organ),
  );
}

/** The integer counts of one councillor on one policy in one scope, from which the score follows. */
export interface PolicyCounts {
  zgodne: number;
  przeciwne: number;
  wstrzymane: number;
  nieobecne: number;
  punkty: number;
  mozliwe: number;
  /** Strong votes in which the councillor has a ballot, and those of them `nieobecne` (the caps). */
  silne: number;
  silne_nieobecne: number;
}

export const emptyCounts = (): PolicyCounts => ({
  zgodne: 0,
  przeciwne: 0,
  wstrzymane: 0,
  nieobecne: 0,
  punkty: 0,
  mozliwe: 0,
  silne: 0,
  silne_nieobecne: 0,
});

/** Adds one ballot (a GLOS_VALUES value) on a counted vote to `counts`. */
export function addBallot(counts: PolicyCounts, glos: string, stanowisko: Stanowisko, waga: Waga): void {
  const w = WEIGHT[waga];
  if (waga === 'silna') counts.silne++;
  if (glos === stanowisko) {
    counts.zgodne++;
    counts.mozliwe += w;
  } else if (glos === 'za' || glos === 'przeciw') {
    counts.przeciwne++;
    counts.punkty += w;
    counts.mozliwe += w;
  } else if (glos === 'wstrzymujacy') {
    counts.wstrzymane++;
    counts.punkty += w / 2; // w is even: points stay integers
    counts.mozliwe += w;
  } else {
    counts.nieobecne++;
    if (waga === 'silna') counts.silne_nieobecne++;
  }
}

/** zgodnosc_procent in hundredths (§2's rounding of (mozliwe − punkty) / mozliwe), null when mozliwe is 0. */
export function agreementHundredths(c: Pick<PolicyCounts, 'punkty' | 'mozliwe'>): number | null {
  return c.mozliwe === 0 ? null : percentHundredths(c.mozliwe - c.punkty, c.mozliwe);
}

const CAP_TWO_STRONG: Partial<Record<Ocena, Ocena>> = {
  'zawsze-za': 'prawie-zawsze-za',
  'zawsze-przeciw': 'prawie-zawsze-przeciw',
};
const CAP_THIRD: Partial<Record<Ocena, Ocena>> = {
  'zawsze-za': 'zwykle-za',
  'prawie-zawsze-za': 'zwykle-za',
  'zawsze-przeciw': 'zwykle-przeciw',
  'prawie-zawsze-przeciw': 'zwykle-przeciw',
};

/** §13's ocena from the rounded agreement (hundredths), then the two absence caps. */
export function ocenaOf(c: PolicyCounts): Ocena {
  const a = agreementHundredths(c);
  if (a === null) return 'brak-danych';
  let ocena: Ocena =
    a >= 9500
      ? 'zawsze-za'
      : a >= 8500
        ? 'prawie-zawsze-za'
        : a >= 6000
          ? 'zwykle-za'
          : a > 4000
            ? 'roznie'
            : a > 1500
              ? 'zwykle-przeciw'
              : a > 500
                ? 'prawie-zawsze-przeciw'
                : 'zawsze-przeciw';
  if (c.silne_nieobecne >= 2) ocena = CAP_TWO_STRONG[ocena] ?? ocena;
  if (c.silne_nieobecne >= 1 && 3 * c.silne_nieobecne >= c.silne) ocena = CAP_THIRD[ocena] ?? ocena;
  return ocena;
}
