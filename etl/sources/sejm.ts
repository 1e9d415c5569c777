// Stage "read" for the Polish Sejm, in the shape of the official Sejm API (api.sejm.gov.pl): a directory
// — or a .tar.gz of one, streamed without unpacking — holding one `{sitting}_{votingNumber}.json` per
// vote plus `mps.json` and `clubs.json`. Each vote file is parsed once; its ballots are kept as typed
// arrays (MP id, club, code) because memberships need every vote's clubs before the loader may take a
// single ballot. At the end every row goes to the loader in dependency order.
//
// Mapping (issue 7): ids stay stable across re-imports — id_osoby = MP id, id_posiedzenia =
// term·1000 + sitting, id_glosowania = term·1,000,000 + sitting·1000 + votingNumber, id_punktu =
// id_posiedzenia·1000 + position of the title within the sitting, przynaleznosc_id = MP id·100 + n.
// Bad data never throws: it lands in loader.findings as `<file>.json:1: column: problem`. The zod
// schemas below are the one definition of a valid voting file, MP list and club list, shared with the
// fetcher (etl/fetch/sejm.ts), which mirrors only files that pass them.

import { constants, createReadStream } from 'node:fs';
import { access, readFile, readdir, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { createGunzip } from 'node:zlib';
import tar from 'tar-stream';
import { z } from 'zod';
import { columnOf, type Findings, type Location } from '../findings.ts';
import type { Loader, StatedTallies } from '../load.ts';
import { otherFormatHint } from './layout.ts';
import { GLOS_CODE, ODRZUCONO, PRZYJETO } from '../../core/contract.ts';
import { isDateTime } from '../../core/dates.ts';

export const SEJM_BODY = { id_organu: 1, nazwa: 'Sejm RP', typ: 'sejm' } as const;
export const ATTACHMENT_NAME = 'Wyniki głosowania (PDF)';

/** Sejm API ballot values → canonical glos codes (CONTRACT §1). */
export const SEJM_VOTE_CODE: ReadonlyMap<string, number> = new Map([
  ['YES', GLOS_CODE.get('za')!],
  ['NO', GLOS_CODE.get('przeciw')!],
  ['ABSTAIN', GLOS_CODE.get('wstrzymujacy')!],
  ['ABSENT', GLOS_CODE.get('nieobecny')!],
  ['PRESENT', GLOS_CODE.get('brak_glosu')!],
  ['VOTE_VALID', GLOS_CODE.get('brak_glosu')!],
]);
const SEJM_VOTE_VALUES = [...SEJM_VOTE_CODE.keys()].join(', ');

export const sessionId = (term: number, sitting: number): number => term * 1_000 + sitting;
export const voteId = (term: number, sitting: number, votingNumber: number): number =>
  term * 1_000_000 + sitting * 1_000 + votingNumber;

/** `Pkt. 7 …`, `Pkt. 7. …`, `Pkt 12 …` (also `Pkt. 7.3 …`) → the point number; null without one. */
export function pointNumber(title: string): string | null {
  const m = /^\s*Pkt\.?\s*(\d+(?:\.\d+)*)/i.exec(title);
  return m ? m[1]! : null;
}

const VOTE_FILE = /^(\d+)_(\d+)\.json$/;
/** A sitting's titles and an MP's memberships are numbered inside the id; these bound the numbering. */
const MAX_POINTS_PER_SITTING = 999;
const MAX_MEMBERSHIPS_PER_MP = 99;
const NO_CLUB = 0;
/** The club of the non-attached MPs (posłowie niezrzeszeni): no group (CONTRACT §10). */
const NON_ATTACHED = 'niez.';

interface Vote {
  file: string;
  term: number;
  sitting: number;
  votingNumber: number;
  id: number;
  dataCzas: string;
  date: string; // YYYY-MM-DD
  title: string;
  tytul: string;
  wynik: string | null;
  liczby: StatedTallies;
  wiekszosc: string | null;
  wiekszoscGlosow: number | null;
  pdf: string | null;
  // One entry per ballot: MP id, interned club (NO_CLUB = none) and glos code.
  mps: Int32Array;
  clubs: Uint16Array;
  codes: Uint8Array;
}

interface Mp {
  id: number;
  name: string;
  club: number; // interned
  active: boolean;
}

/** One period of an MP in one club (or without one) while the membership is being traced. */
interface Segment {
  club: number;
  from: string;
  file: string;
}

const isPositiveInt = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;
const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;
const describe = (value: unknown): string => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
};

// ── Schemas ──────────────────────────────────────────────────────────────────────────────────────

/** A message for a value that is absent (`missing`) or not `what` it must be. */
const problem = (what: string, missing = 'required field is missing') => ({
  error: (iss: { input?: unknown }) =>
    iss.input === undefined || iss.input === null ? missing : `${what} (got ${describe(iss.input)})`,
});
const positiveInt = (what: string, below = Number.MAX_SAFE_INTEGER, missing?: string) =>
  z.number(problem(what, missing)).refine((n) => isPositiveInt(n) && n < below, problem(what, missing));
const count = z
  .number(problem('must be a non-negative integer'))
  .refine(isCount, problem('must be a non-negative integer'))
  .nullish();
const optionalString = z.string(problem('must be a string')).nullish();

/** One ballot of a voting: its MP, the value (checked with the MP named), and the club at the time. */
const ballotSchema = z
  .object(
    {
      MP: positiveInt('must be a positive integer'),
      vote: z.unknown().optional(),
      club: optionalString,
      firstName: z.unknown().optional(),
      lastName: z.unknown().optional(),
    },
    { error: 'must be an object' },
  )
  .superRefine((ballot, ctx) => {
    if (!isPositiveInt(ballot.MP) || (typeof ballot.vote === 'string' && SEJM_VOTE_CODE.has(ballot.vote))) return;
    ctx.addIssue({
      code: 'custom',
      path: ['vote'],
      message:
        ballot.vote === undefined || ballot.vote === null
          ? `required field is missing (MP ${ballot.MP})`
          : `unknown vote value ${describe(ballot.vote)} of MP ${ballot.MP} (expected one of ${SEJM_VOTE_VALUES})`,
    });
  });

/** `{sitting}_{votingNumber}.json`: one voting as the API serves it. */
export const votingFileSchema = z.object(
  {
    term: positiveInt('must be a positive integer'),
    sitting: positiveInt('must be a positive integer below 1000', 1_000),
    votingNumber: positiveInt('must be a positive integer below 1000', 1_000),
    date: z
      .string(problem('must be a date-time YYYY-MM-DDTHH:MM:SS'))
      .refine(isDateTime, problem('must be a date-time YYYY-MM-DDTHH:MM:SS')),
    title: z
      .string(problem('must be a non-empty string'))
      .refine((t) => t.trim() !== '', problem('must be a non-empty string')),
    votes: z.array(ballotSchema, problem('must be an array of ballots')),
    // Stated totals are optional: without them wynik is derived from the ballots and nothing is checked.
    yes: count,
    no: count,
    abstain: count,
    notParticipating: count,
    present: count,
    majorityVotes: count,
    majorityType: z.string().nullish().catch(null),
    topic: optionalString,
    links: z.array(z.unknown()).optional().catch(undefined),
  },
  { error: 'must be a JSON object (one vote)' },
);
/** The link to a voting's result PDF, among its `links`. */
const pdfLink = z.object({ rel: z.literal('pdf'), href: z.string() });

const mpSchema = z.object(
  {
    id: positiveInt('must be a positive integer', Number.MAX_SAFE_INTEGER, 'is missing'),
    firstLastName: z.unknown().optional(),
    firstName: z.unknown().optional(),
    lastName: z.unknown().optional(),
    club: optionalString,
    active: z.boolean(problem('must be true or false')).nullish(),
  },
  { error: 'must be an object' },
);
/** `mps.json`: the term's MPs. */
export const mpsSchema = z.array(mpSchema, { error: 'must be a JSON array of MPs' });

const clubSchema = z.object(
  {
    id: z.string({ error: 'must be a non-empty string' }).min(1, { error: 'must be a non-empty string' }),
    name: z.string({ error: 'must be a string' }).nullish(),
  },
  { error: 'must be an object' },
);
/** `clubs.json`: the term's clubs (id = the short name used in ballots). */
export const clubsSchema = z.array(clubSchema, { error: 'must be a JSON array of clubs' });

/** The calendar day before `YYYY-MM-DD`. */
export function dayBefore(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/** Problems of one file, located at the file. */
class FileProblems {
  readonly at: Location;
  constructor(
    private readonly findings: Findings,
    file: string,
  ) {
    this.at = { file, line: 1 };
  }
  error(column: string, problem: string): void {
    this.findings.error(this.at, column, problem);
  }
}

/** Collects the files of one source (in any order) and emits the rows once all are read. */
class SejmSource {
  private readonly findings: Findings;
  private readonly votes: Vote[] = [];
  private mps: Mp[] | null = null;
  private clubFullNames: Map<string, string | null> | null = null;
  private readonly clubNames: string[] = ['']; // index NO_CLUB = no club
  private readonly clubIndex = new Map<string, number>();
  private readonly voteNames = new Map<number, { name: string; file: string }>(); // names of MPs seen in ballots
  private readonly files = new Set<string>();
  /** `sourcePath`: the path given, whose files a message may say are of another format. */
  constructor(
    private readonly loader: Loader,
    private readonly sourceName: string,
    private readonly sourcePath: string,
  ) {
    this.findings = loader.findings;
  }

  private intern(club: string): number {
    if (club === '' || club === NON_ATTACHED) return NO_CLUB;
    let index = this.clubIndex.get(club);
    if (index === undefined) {
      index = this.clubNames.length;
      this.clubNames.push(club);
      this.clubIndex.set(club, index);
    }
    return index;
  }

  /** Hands over one file of the source; names other than vote files, mps.json and clubs.json are ignored. */
  addFile(name: string, content: Buffer): void {
    const isVote = VOTE_FILE.test(name);
    if (!isVote && name !== 'mps.json' && name !== 'clubs.json') return;
    if (this.files.has(name)) {
      this.findings.error({ file: name, line: 1 }, '(file)', 'the file appears twice in the source');
      return;
    }
    this.files.add(name);
    const problems = new FileProblems(this.findings, name);
    let json: unknown;
    try {
      let text = content.toString('utf8');
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      json = JSON.parse(text);
    } catch (err) {
      problems.error('(file)', `unparsable JSON: ${(err as Error).message}`);
      return;
    }
    if (name === 'mps.json') this.readMps(json, problems);
    else if (name === 'clubs.json') this.readClubs(json, problems);
    else this.readVote(name, json, problems);
  }

  /** Each entry of a list through its schema, with its position; entries with problems are reported and left out. */
  private entries<T>(json: unknown, list: z.ZodArray<z.ZodType<T>>, problems: FileProblems): Array<[number, T]> {
    if (!Array.isArray(json)) {
      problems.error('(file)', list.safeParse(json).error!.issues[0]!.message);
      return [];
    }
    return json.flatMap((entry: unknown, i): Array<[number, T]> => {
      const parsed = list.element.safeParse(entry);
      if (parsed.success) return [[i, parsed.data]];
      for (const issue of parsed.error.issues) problems.error(columnOf([i, ...issue.path]), issue.message);
      return [];
    });
  }

  private readMps(json: unknown, problems: FileProblems): void {
    const mps: Mp[] = [];
    const seen = new Set<number>();
    for (const [i, entry] of this.entries(json, mpsSchema, problems)) {
      const col = `[${i}]`;
      if (seen.has(entry.id)) {
        problems.error(`${col}.id`, `duplicate MP id ${entry.id}`);
        continue;
      }
      const name =
        typeof entry.firstLastName === 'string' && entry.firstLastName.trim() !== ''
          ? entry.firstLastName.trim()
          : [entry.firstName, entry.lastName].filter((p) => typeof p === 'string' && p !== '').join(' ');
      if (name === '') {
        problems.error(`${col}.firstLastName`, `MP ${entry.id} has no name`);
        continue;
      }
      seen.add(entry.id);
      mps.push({ id: entry.id, name, club: this.intern(entry.club ?? ''), active: entry.active ?? true });
    }
    if (Array.isArray(json)) this.mps = mps;
  }

  private readClubs(json: unknown, problems: FileProblems): void {
    const clubs = new Map<string, string | null>();
    for (const [i, entry] of this.entries(json, clubsSchema, problems)) {
      if (clubs.has(entry.id)) {
        problems.error(`[${i}].id`, `duplicate club ${entry.id}`);
        continue;
      }
      clubs.set(entry.id, entry.name || null);
      this.intern(entry.id);
    }
    if (Array.isArray(json)) this.clubFullNames = clubs;
  }

  private readVote(file: string, json: unknown, problems: FileProblems): void {
    const parsed = votingFileSchema.safeParse(json);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) problems.error(columnOf(issue.path), issue.message);
      return;
    }
    const vote = parsed.data;
    const { term, sitting, votingNumber } = vote;
    const named = VOTE_FILE.exec(file)!;
    if (Number(named[1]) !== sitting || Number(named[2]) !== votingNumber) {
      this.findings.warn(
        problems.at,
        '(file)',
        `the name says sitting ${named[1]}, vote ${named[2]} but the content is sitting ${sitting}, vote ${votingNumber}`,
      );
    }

    // Ballots, compactly.
    const ballots = vote.votes;
    const mps = new Int32Array(ballots.length);
    const clubs = new Uint16Array(ballots.length);
    const codes = new Uint8Array(ballots.length);
    const counted = [0, 0, 0]; // za, przeciw, wstrzymujacy
    for (const [i, ballot] of ballots.entries()) {
      const code = SEJM_VOTE_CODE.get(ballot.vote as string)!; // the schema checked it
      if (!this.voteNames.has(ballot.MP)) {
        const name = [ballot.firstName, ballot.lastName].filter((p) => typeof p === 'string' && p !== '').join(' ');
        this.voteNames.set(ballot.MP, { name, file });
      }
      mps[i] = ballot.MP;
      clubs[i] = this.intern(ballot.club ?? '');
      codes[i] = code;
      if (code < 3) counted[code]!++;
    }

    const check = (column: string, value: number | null | undefined, count: number) => {
      if (value !== null && value !== undefined && value !== count)
        this.findings.warn(problems.at, column, `stated ${value} but ballots count ${count}`);
    };
    check('yes', vote.yes, counted[0]!);
    check('no', vote.no, counted[1]!);
    check('abstain', vote.abstain, counted[2]!);

    const title = vote.title.trim();
    const topic = vote.topic?.trim() ?? '';
    const pdf = vote.links?.map((link) => pdfLink.safeParse(link)).find((link) => link.success)?.data.href ?? null;
    const { yes, majorityVotes } = vote;
    const stated = (value: number | null | undefined) => value ?? null;
    this.votes.push({
      file,
      term,
      sitting,
      votingNumber,
      id: voteId(term, sitting, votingNumber),
      dataCzas: vote.date,
      date: vote.date.slice(0, 10),
      title,
      tytul: topic === '' ? title : `${title} — ${topic}`,
      wynik:
        yes === null || yes === undefined || majorityVotes === null || majorityVotes === undefined
          ? null
          : yes >= majorityVotes
            ? PRZYJETO
            : ODRZUCONO,
      liczby: {
        za: stated(vote.yes),
        przeciw: stated(vote.no),
        wstrzymujacy: stated(vote.abstain),
        nieobecni: stated(vote.notParticipating),
        brak_glosu: stated(vote.present),
      },
      wiekszosc: vote.majorityType?.trim() || null,
      wiekszoscGlosow: stated(majorityVotes),
      pdf,
      mps,
      clubs,
      codes,
    });
  }

  /** Every file is in: emits all rows in dependency order. */
  finish(): void {
    const { loader, findings } = this;
    const sourceAt: Location = { file: this.sourceName, line: 0 };
    if (this.votes.length === 0) {
      // Vote files that were all rejected have said why already.
      const sawVoteFiles = [...this.files].some((name) => VOTE_FILE.test(name));
      const hint = otherFormatHint(this.sourcePath, 'sejm');
      if (!sawVoteFiles) {
        findings.error(sourceAt, '(source)', `no vote files ({sitting}_{votingNumber}.json) found${hint}`);
      }
      return;
    }
    if (this.mps === null)
      findings.warn({ file: 'mps.json', line: 0 }, '(file)', 'mps.json is missing: MPs are taken from the ballots');
    if (this.clubFullNames === null)
      findings.warn({ file: 'clubs.json', line: 0 }, '(file)', 'clubs.json is missing: clubs have no full names');

    const votes = this.orderedVotes();
    const term = votes[0]!.term;
    const firstAt: Location = { file: votes[0]!.file, line: 1 };
    const termStart = votes.reduce((min, v) => (v.date < min ? v.date : min), votes[0]!.date);
    const year = Number(termStart.slice(0, 4));
    const kadencja = `${year}-${year + 4}`;
    loader.kadencja({ kadencja, data_od: termStart, data_do: null }, firstAt);
    loader.organ({ ...SEJM_BODY }, firstAt);
    const groupOf = this.emitGroups(votes);
    const mpById = this.emitPersons();
    this.emitMemberships(votes, mpById, groupOf, kadencja, termStart);
    const pointOf = this.emitSessions(votes, term, kadencja);
    this.emitVotes(votes, term, pointOf);
  }

  /** Votes in (sitting, votingNumber) order; one term per source (mps.json and clubs.json describe one). */
  private orderedVotes(): Vote[] {
    const { findings } = this;
    this.votes.sort((a, b) => a.sitting - b.sitting || a.votingNumber - b.votingNumber);
    const term = this.votes[0]!.term;
    const votes: Vote[] = [];
    for (const vote of this.votes) {
      const last = votes.at(-1);
      if (vote.term !== term) {
        findings.error(
          { file: vote.file, line: 1 },
          'term',
          `term ${vote.term} differs from the source's term ${term} (one term per source)`,
        );
      } else if (last && last.id === vote.id) {
        findings.error(
          { file: vote.file, line: 1 },
          'votingNumber',
          `vote ${vote.sitting}/${vote.votingNumber} is also in ${last.file}`,
        );
      } else {
        votes.push(vote);
      }
    }
    return votes;
  }

  /** Groups: every club of clubs.json, mps.json and the ballots, numbered in sorted order of club id. */
  private emitGroups(votes: Vote[]): Int32Array {
    const { loader } = this;
    const clubNames = this.clubNames.slice(1).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const groupOf = new Int32Array(this.clubNames.length); // interned club → id_ugrupowania (0 = none)
    clubNames.forEach((club, i) => {
      groupOf[this.clubIndex.get(club)!] = i + 1;
      const known = this.clubFullNames?.has(club) ?? false;
      loader.ugrupowanie(
        { id_ugrupowania: i + 1, nazwa: club, skrot: club, pelna_nazwa: known ? this.clubFullNames!.get(club)! : null },
        { file: known ? 'clubs.json' : this.clubSeenIn(club, votes), line: 1 },
      );
    });

    return groupOf;
  }

  /** Persons: mps.json, then anyone seen only in the ballots. */
  private emitPersons(): Map<number, Mp> {
    const { loader, findings } = this;
    const mpById = new Map<number, Mp>();
    for (const mp of [...(this.mps ?? [])].sort((a, b) => a.id - b.id)) {
      mpById.set(mp.id, mp);
      loader.radny({ id_osoby: mp.id, imie_nazwisko: mp.name }, { file: 'mps.json', line: 1 });
    }
    for (const [id, { name, file }] of [...this.voteNames].sort((a, b) => a[0] - b[0])) {
      if (mpById.has(id)) continue;
      if (name === '')
        findings.error(
          { file, line: 1 },
          'votes.firstName',
          `MP ${id} is not in mps.json and has no name in the ballots`,
        );
      else loader.radny({ id_osoby: id, imie_nazwisko: name }, { file, line: 1 });
    }

    return mpById;
  }

  /** Memberships follow each MP's club through the votes in date order, then by id. */
  private emitMemberships(
    votes: Vote[],
    mpById: Map<number, Mp>,
    groupOf: Int32Array,
    kadencja: string,
    termStart: string,
  ): void {
    const { loader, findings } = this;
    const byDate = [...votes].sort((a, b) =>
      a.dataCzas < b.dataCzas ? -1 : a.dataCzas > b.dataCzas ? 1 : a.id - b.id,
    );
    const segments = new Map<number, Segment[]>();
    for (const vote of byDate) {
      const { mps, clubs } = vote;
      for (let i = 0; i < mps.length; i++) {
        const mp = mps[i]!;
        const club = clubs[i]!;
        const list = segments.get(mp);
        if (list === undefined) {
          segments.set(mp, [{ club, from: termStart, file: vote.file }]);
          continue;
        }
        const last = list[list.length - 1]!;
        if (last.club === club) continue;
        if (last.from === vote.date) {
          // A second change on one day: the day's last club wins (merging back into an equal predecessor).
          const before = list[list.length - 2];
          if (before !== undefined && before.club === club) list.pop();
          else {
            last.club = club;
            last.file = vote.file;
          }
        } else {
          list.push({ club, from: vote.date, file: vote.file });
        }
      }
    }
    for (const mp of mpById.values()) {
      if (!segments.has(mp.id)) segments.set(mp.id, [{ club: mp.club, from: termStart, file: 'mps.json' }]);
    }
    for (const [id, list] of [...segments].sort((a, b) => a[0] - b[0])) {
      if (list.length > MAX_MEMBERSHIPS_PER_MP) {
        findings.error(
          { file: list[0]!.file, line: 1 },
          'club',
          `MP ${id} changes club more than ${MAX_MEMBERSHIPS_PER_MP - 1} times`,
        );
        continue;
      }
      const active = mpById.get(id)?.active ?? true;
      list.forEach((segment, k) => {
        const next = list[k + 1];
        loader.przynaleznosc(
          {
            przynaleznosc_id: id * 100 + k + 1,
            id_osoby: id,
            kadencja,
            id_ugrupowania: segment.club === NO_CLUB ? null : groupOf[segment.club]!,
            data_od: segment.from,
            data_do: next ? dayBefore(next.from) : null,
            aktywny: next !== undefined || active ? 1 : 0, // closed periods were active ones
          },
          { file: segment.file, line: 1 },
        );
      });
    }
  }

  /** Sessions (one per sitting, dated by its first vote) and their agenda points (distinct titles). */
  private emitSessions(votes: Vote[], term: number, kadencja: string): Map<Vote, number> {
    const { loader, findings } = this;
    const pointOf = new Map<Vote, number>();
    for (let start = 0; start < votes.length;) {
      const sitting = votes[start]!.sitting;
      let end = start;
      while (end < votes.length && votes[end]!.sitting === sitting) end++;
      const id_posiedzenia = sessionId(term, sitting);
      const first = votes[start]!;
      loader.posiedzenie(
        {
          id_posiedzenia,
          id_organu: SEJM_BODY.id_organu,
          kadencja,
          numer: String(sitting),
          data: first.date,
          nazwa: `${sitting}. posiedzenie Sejmu RP`,
        },
        { file: first.file, line: 1 },
      );
      const points = new Map<string, number>();
      for (let i = start; i < end; i++) {
        const vote = votes[i]!;
        let id_punktu = points.get(vote.title);
        if (id_punktu === undefined) {
          const position = points.size + 1;
          if (position > MAX_POINTS_PER_SITTING) {
            findings.error(
              { file: vote.file, line: 1 },
              'title',
              `sitting ${sitting} has more than ${MAX_POINTS_PER_SITTING} distinct titles`,
            );
            continue;
          }
          id_punktu = id_posiedzenia * 1_000 + position;
          points.set(vote.title, id_punktu);
          loader.punkt(
            { id_punktu, id_posiedzenia, numer: pointNumber(vote.title) ?? String(position), tytul: vote.title },
            { file: vote.file, line: 1 },
          );
        }
        pointOf.set(vote, id_punktu);
      }
      start = end;
    }

    return pointOf;
  }

  /** Votes, their ballots and their result PDFs. */
  private emitVotes(votes: Vote[], term: number, pointOf: Map<Vote, number>): void {
    const { loader } = this;
    for (const vote of votes) {
      loader.glosowanie(
        {
          id_glosowania: vote.id,
          id_posiedzenia: sessionId(term, vote.sitting),
          id_punktu: pointOf.get(vote) ?? null,
          numer: vote.votingNumber,
          data_czas: vote.dataCzas,
          tytul: vote.tytul,
          wynik: vote.wynik,
          liczby: vote.liczby,
          wiekszosc: vote.wiekszosc,
          wiekszosc_glosow: vote.wiekszoscGlosow,
        },
        { file: vote.file, line: 1 },
      );
    }
    for (const vote of votes) {
      const at: Location = { file: vote.file, line: 1 };
      const { id, mps, codes } = vote;
      for (let i = 0; i < mps.length; i++) loader.glos({ id_glosowania: id, id_osoby: mps[i]!, glos: codes[i]! }, at);
    }
    for (const vote of votes) {
      if (vote.pdf === null) continue;
      loader.zalacznik(
        { id_zalacznika: vote.id, id_glosowania: vote.id, nazwa: ATTACHMENT_NAME, url: vote.pdf },
        { file: vote.file, line: 1 },
      );
    }
  }

  /** The first vote file whose ballots name a club (or mps.json), for locating a group row. */
  private clubSeenIn(club: string, votes: Vote[]): string {
    const index = this.clubIndex.get(club)!;
    for (const vote of votes) if (vote.clubs.includes(index)) return vote.file;
    return 'mps.json';
  }
}

/**
 * Reads a Sejm source — a directory of API files or a .tar.gz of one (streamed) — into the loader.
 * Throws only when `path` cannot be read at all; every problem with the data goes to loader.findings.
 */
export async function readSejm(path: string, loader: Loader): Promise<void> {
  const info = await stat(path); // throws for a missing path
  await access(path, constants.R_OK); // … and for an unreadable one
  const isArchive = /\.(tar\.gz|tgz)$/i.test(path);
  const source = new SejmSource(loader, basename(path), path);
  if (info.isDirectory()) {
    await readDirectory(path, source, loader.findings);
  } else if (info.isFile() && isArchive) {
    await readArchive(path, source, loader.findings);
  } else {
    loader.findings.error(
      { file: basename(path), line: 0 },
      '(source)',
      'a Sejm source must be a directory or a .tar.gz of one',
    );
    return;
  }
  source.finish();
}

async function readDirectory(dir: string, source: SejmSource, findings: Findings): Promise<void> {
  const entries = await readdir(dir, { withFileTypes: true });
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (!entry.isFile() || !entry.name.endsWith('.json')) continue;
    let content: Buffer;
    try {
      content = await readFile(join(dir, entry.name));
    } catch (err) {
      findings.error({ file: entry.name, line: 1 }, '(file)', `cannot be read: ${(err as Error).message}`);
      continue;
    }
    source.addFile(entry.name, content);
  }
}

async function readArchive(path: string, source: SejmSource, findings: Findings): Promise<void> {
  const extract = tar.extract();
  const input = createReadStream(path, { highWaterMark: 1 << 20 });
  const gunzip = createGunzip({ chunkSize: 1 << 20 });
  input.on('error', (err) => extract.destroy(err));
  gunzip.on('error', (err) => extract.destroy(err));
  input.pipe(gunzip).pipe(extract);
  try {
    for await (const entry of extract) {
      const name = basename(entry.header.name);
      if (entry.header.type !== 'file' || !name.endsWith('.json')) {
        entry.resume();
        continue;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of entry) chunks.push(chunk as Buffer);
      source.addFile(name, chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
    }
  } catch (err) {
    findings.error(
      { file: basename(path), line: 0 },
      '(archive)',
      `cannot be read as a .tar.gz: ${(err as Error).message}`,
    );
  } finally {
    input.destroy();
  }
}
