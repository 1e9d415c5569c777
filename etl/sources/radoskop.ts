// Stage "read" for Radoskop's council data (CONTRACT §8): one council folder, or a folder of council
// folders taken in byte order of their names. A council folder holds `config.json` and one
// `kadencja-<YYYY-YYYY>.json` per term, directly or under `docs/` (Radoskop's per-council
// repositories); without term files it is read in Radoskop's older single-file layout, a `data.json`
// whose `kadencje` list holds whole terms (with names, not indexes, in `named_votes`).
//
// Every id follows from the order of the data alone (councils, then terms, then names or dates), so
// an independent implementation of §8 numbers everything the same way. Real data has gaps and quirks:
// a term without a `votes` array is skipped and a council with no votes left out, each with a warning;
// an index or name outside the list, a councillor listed twice in one vote, `counts` that disagree
// with the named lists are warnings naming the file and the vote `id`. Only a file that is not JSON
// rejects the source. The zod schemas below are the one definition of a term file and an index,
// shared with the fetcher (etl/fetch/radoskop.ts), which mirrors only files that pass them.
//
// Councils are read one at a time, twice: a first pass finds each council's terms with votes (and
// fixes the terms' start dates, which span councils), the second emits the rows. Memory holds one
// council, not all of Poland.

import { existsSync, readdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { z } from 'zod';
import { BRAK_GLOSU, NIEOBECNY, ODRZUCONO, PRZECIW, PRZYJETO, WSTRZYMUJACY, ZA } from '../../core/contract.ts';
import { isDateTime } from '../../core/dates.ts';
import { columnOf, type Findings, type Location } from '../findings.ts';
import type { Loader, StatedTallies } from '../load.ts';
import { otherFormatHint } from './layout.ts';
import type { SourcePart } from './part.ts';

/** `named_votes` keys → glos codes (CONTRACT §8). */
const NAMED_VOTE_CODE: ReadonlyMap<string, number> = new Map([
  ['za', ZA],
  ['przeciw', PRZECIW],
  ['wstrzymal_sie', WSTRZYMUJACY],
  ['brak_glosu', BRAK_GLOSU],
  ['nieobecni', NIEOBECNY],
]);
/** `club` values that mean "no group" (compared in lower case, after trimming). */
const NO_GROUP = new Set(['', '?', '-', 'niezrzeszeni', 'niezrzeszony', 'niezrzeszona', 'niezrzeszone']);
const TERM = /^\d{4}-\d{4}$/;
const TERM_FILE = /^kadencja-(\d{4}-\d{4})\.json$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Topics: trimmed, inner whitespace collapsed to one space. */
const collapse = (text: string): string => text.trim().replace(/\s+/g, ' ');
/**
 * Names (CONTRACT §8 persons): collapsed, and no whitespace beside a hyphen — the Silesian assembly
 * spells „Julia Kloc- Kondracka” and „Julia Kloc-Kondracka” for one councillor.
 */
const nameOf = (text: string): string => collapse(text).replace(/ ?- ?/g, '-');
const shown = (value: unknown): string => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
};

// ── Schemas ──────────────────────────────────────────────────────────────────────────────────────
// Lenient where §8 is: a value of the wrong kind in an optional field counts as absent (`catch`).

const list = z.array(z.unknown(), {
  error: (iss) => (iss.input === undefined ? 'is missing' : `must be a list (got ${shown(iss.input)})`),
});

/** A term file (or a term object of the older layout): an object with a `votes` list. */
export const termFileSchema = z
  .object(
    {
      votes: list,
      councilors: list.optional(),
      councilor_index: list.optional(),
      sessions: list.optional(),
    },
    { error: (iss) => `must be a JSON object (got ${shown(iss.input)})` },
  )
  .loose();

/** Radoskop's `data.json`: the list of terms (whole term objects in the older layout). */
export const indexSchema = z
  .object({ kadencje: list }, { error: (iss) => `must be a JSON object (got ${shown(iss.input)})` })
  .loose();
/** One entry of the index's `kadencje`: a term id, the name of its term file. */
export const indexEntrySchema = z
  .object(
    {
      id: z
        .string({
          error: (iss) =>
            iss.input === undefined ? 'is missing' : `must be a term like 2024-2029 (got ${shown(iss.input)})`,
        })
        .regex(TERM, { error: (iss) => `must be a term like 2024-2029 (got ${shown(iss.input)})` }),
    },
    { error: 'must be an object' },
  )
  .loose();

const optionalText = z.string().optional().catch(undefined);
const councilorSchema = z.object({
  name: z.string().transform(nameOf),
  club: z
    .string()
    .transform((c) => c.trim())
    .catch(''),
});
const configSchema = z
  .object({
    rada_name: optionalText,
    city_genitive: optionalText,
    city_name: optionalText,
    kadencje: z
      .record(z.string(), z.object({ start: z.string().optional().catch(undefined) }).catch({}))
      .optional()
      .catch(undefined),
    // A club's full name (CONTRACT §8 groups): `pelna_nazwa`, and „Niezrzeszeni” means no group.
    clubs: z
      .record(
        z.string(),
        z
          .object({ name: z.string().optional().catch(undefined) })
          .loose()
          .catch({}),
      )
      .optional()
      .catch(undefined),
  })
  .loose();

const voteSchema = z
  .object(
    {
      id: z.union([z.string(), z.number()]).optional().catch(undefined),
      session_date: z
        .string({
          error: (iss) =>
            iss.input === undefined ? 'is missing' : `must be a date YYYY-MM-DD (got ${shown(iss.input)})`,
        })
        .refine((d) => DATE.test(d) && isDateTime(d), {
          error: (iss) => `must be a date YYYY-MM-DD (got ${shown(iss.input)})`,
        }),
      session_number: z
        .union([z.string(), z.number()])
        .nullish()
        .catch(null)
        .transform((n) => (n === null || n === undefined || String(n).trim() === '' ? null : String(n).trim())),
      topic: z.string().catch('').transform(collapse),
      source_url: z
        .string()
        .catch('')
        .transform((url) => url.trim()),
      named_votes: z.record(z.string(), z.unknown()).optional().catch(undefined),
      counts: z.record(z.string(), z.unknown()).optional().catch(undefined),
      resolution: z.unknown().optional(),
    },
    { error: 'must be an object' },
  )
  .loose();
type Vote = z.output<typeof voteSchema>;

/** A term's `sessions` entry: the official attendance list of one sitting (CONTRACT §8 attendance). */
const sessionListSchema = z
  .object({
    date: z.string(),
    number: z
      .union([z.string(), z.number()])
      .nullish()
      .catch(null)
      .transform((n) => (n === null || n === undefined ? '' : String(n).trim())),
    attendees: z
      .array(z.unknown())
      .catch([])
      .transform((names) => names.flatMap((n) => (typeof n === 'string' && nameOf(n) !== '' ? [nameOf(n)] : []))),
  })
  .loose();
type SessionList = z.output<typeof sessionListSchema>;
type Config = z.output<typeof configSchema>;

// ── Councils and their terms ─────────────────────────────────────────────────────────────────────

/** One council folder of the source. */
interface Council {
  /** The folder's name: the council's label in messages, and its last-resort name. */
  name: string;
  /** Where its files are (the folder itself or its `docs/`). */
  dir: string;
  /** Its files as named in findings: `gdansk/kadencja-2018-2023.json`. */
  label: (file: string) => string;
  /** Its term files in term order; none: the older single-file layout (`data.json`). */
  termFiles: Array<{ term: string; file: string }>;
}

/** A term with a `votes` list, parsed and checked enough to be read. */
interface Term {
  term: string;
  at: Location;
  /** Names in person order (CONTRACT §8): councilor_index order (else councilors), then names only in councilors. */
  names: string[];
  /** The list `named_votes` point into (by index, or by name in the older layout): councilor_index, else councilors' names. */
  indexed: string[];
  /** Names of `indexed` that are no person (not in a non-empty `councilors`: street names in Gdańsk's index). */
  notCouncillors: Set<string>;
  /** Each name's clubs, one per `councilors` entry in file order (two spellings of one person: two entries). */
  clubsOf: Map<string, string[]>;
  votes: unknown[];
  /** The official attendance lists (`sessions` entries that parse). */
  attendanceLists: SessionList[];
}

/** Finds the council folders of a source: the folder itself, or its subfolders in byte order. */
function councilsOf(path: string, findings: Findings): Council[] {
  const asCouncil = (dir: string, name: string): Council | null => {
    for (const [filesDir, sub] of [
      [dir, ''],
      [join(dir, 'docs'), 'docs/'],
    ] as const) {
      if (!existsSync(filesDir) || !statSync(filesDir).isDirectory()) continue;
      const names = readdirSync(filesDir);
      const termFiles = names
        .flatMap((f) => {
          const m = TERM_FILE.exec(f);
          return m ? [{ term: m[1]!, file: f }] : [];
        })
        .sort((a, b) => (a.term < b.term ? -1 : a.term > b.term ? 1 : 0));
      if (termFiles.length > 0 || names.includes('config.json') || names.includes('data.json')) {
        return { name, dir: filesDir, label: (file) => `${name}/${sub}${file}`, termFiles };
      }
    }
    return null;
  };
  const single = asCouncil(path, basename(path));
  if (single) return [single];
  const councils: Council[] = [];
  const subfolders = readdirSync(path, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)); // byte order (code units), not locale order
  for (const name of subfolders) {
    const council = asCouncil(join(path, name), name);
    if (council) councils.push(council);
  }
  if (councils.length === 0) {
    findings.error(
      { file: basename(path), line: 0 },
      '(source)',
      `holds no Radoskop council${
        otherFormatHint(path, 'radoskop') ||
        ': a council folder has config.json and kadencja-<YYYY-YYYY>.json or data.json (directly or under docs/)'
      }`,
    );
  }
  return councils;
}

/** A JSON file's value; undefined (with an error: it rejects the source) when it cannot be read or is not JSON. */
async function readJson(path: string, at: Location, findings: Findings): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    findings.error(at, '(file)', `cannot be read: ${(error as Error).message}`);
    return undefined;
  }
  try {
    return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (error) {
    findings.error(at, '(file)', `is not JSON: ${(error as Error).message}`);
    return undefined;
  }
}

/** The council's config.json (empty when absent or not an object: names fall back to the folder's). */
async function readConfig(council: Council, findings: Findings): Promise<Config> {
  const at = { file: council.label('config.json'), line: 0 };
  if (!existsSync(join(council.dir, 'config.json'))) {
    findings.warn(at, '(file)', `is missing: the council is named after its folder "${council.name}"`);
    return {};
  }
  const json = await readJson(join(council.dir, 'config.json'), at, findings);
  if (json === undefined) return {};
  const config = configSchema.safeParse(json);
  if (!config.success) {
    findings.warn(
      at,
      '(file)',
      `must be a JSON object (got ${shown(json)}): the council is named after its folder "${council.name}"`,
    );
    return {};
  }
  return config.data;
}

/** What a term without a `votes` list holds instead, for the warning that skips it. */
function holdsInstead(json: unknown): string {
  if (Array.isArray(json)) return `a list of ${json.length}, not a term object`;
  if (typeof json !== 'object' || json === null) return `${shown(json)}, not a term object`;
  const record = json as Record<string, unknown>;
  const sessions = record['sessions'];
  if (
    Array.isArray(sessions) &&
    sessions.some((s) => typeof s === 'object' && s !== null && Array.isArray((s as Record<string, unknown>)['votes']))
  ) {
    return `votes nested in ${sessions.length} session${sessions.length === 1 ? '' : 's'}: a scraper's session-nested output`;
  }
  const keys = Object.keys(record);
  if (keys.length === 0) return 'an empty object';
  return `only ${keys.slice(0, 8).join(', ')}${keys.length > 8 ? `, … (${keys.length} keys)` : ''}`;
}

/**
 * One term (a term file's content, or a term object of the older layout) as a Term, or null when it
 * has no `votes` list (or another list of the wrong kind): then, when `report`, a warning that skips it.
 */
function termOf(
  json: unknown,
  term: string,
  at: Location,
  where: { column: string; holder: string },
  findings: Findings | null,
): Term | null {
  const parsed = termFileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    if (issue.path.length === 0 || issue.path[0] === 'votes') {
      findings?.warn(
        at,
        `${where.column}votes`,
        `no "votes" array (${where.holder} holds ${holdsInstead(json)}); the term is skipped`,
      );
    } else {
      findings?.warn(at, `${where.column}${columnOf(issue.path)}`, `${issue.message}; the term is skipped`);
    }
    return null;
  }
  const file = parsed.data;
  const councilors = (file.councilors ?? []).flatMap((c) => {
    const councilor = councilorSchema.safeParse(c);
    return councilor.success && councilor.data.name !== '' ? [councilor.data] : [];
  });
  const councilorNames = councilors.map((c) => c.name);
  const indexed =
    file.councilor_index === undefined
      ? councilorNames
      : file.councilor_index.map((n) => (typeof n === 'string' ? nameOf(n) : ''));
  const clubsOf = new Map<string, string[]>();
  for (const { name, club } of councilors) clubsOf.set(name, [...(clubsOf.get(name) ?? []), club]);
  // With a list of councillors, an index name outside it is no person (CONTRACT §8 persons).
  const notCouncillors = new Set(councilorNames.length === 0 ? [] : indexed.filter((n) => n !== '' && !clubsOf.has(n)));
  const names = [...new Set([...indexed, ...councilorNames].filter((n) => n !== '' && !notCouncillors.has(n)))];
  const attendanceLists = (file.sessions ?? []).flatMap((entry) => {
    const parsed = sessionListSchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
  return { term, at, names, indexed, notCouncillors, clubsOf, votes: file.votes, attendanceLists };
}

/**
 * A council's terms that have a `votes` list, in term order. With `findings`, the terms skipped are
 * reported (the first pass); a file that is not JSON is reported either way (it rejects the source).
 */
async function termsOf(council: Council, findings: Findings, report: boolean): Promise<Term[]> {
  const warnings = report ? findings : null;
  if (council.termFiles.length > 0) {
    const terms: Term[] = [];
    for (const { term, file } of council.termFiles) {
      const at = { file: council.label(file), line: 0 };
      const json = await readJson(join(council.dir, file), at, findings);
      const parsed = json === undefined ? null : termOf(json, term, at, { column: '', holder: 'the file' }, warnings);
      if (parsed) terms.push(parsed);
    }
    return terms;
  }
  // The older single-file layout: data.json's `kadencje` holds the whole terms.
  if (!existsSync(join(council.dir, 'data.json'))) return [];
  const at = { file: council.label('data.json'), line: 0 };
  const json = await readJson(join(council.dir, 'data.json'), at, findings);
  if (json === undefined) return [];
  const index = indexSchema.safeParse(json);
  if (!index.success) {
    const issue = index.error.issues[0]!;
    warnings?.warn(at, columnOf(issue.path), `${issue.message}: the file lists no terms`);
    return [];
  }
  const terms = new Map<string, Term>();
  index.data.kadencje.forEach((entry, i) => {
    const column = `kadencje[${i}]`;
    const id = indexEntrySchema.safeParse(entry);
    if (!id.success) {
      const issue = id.error.issues[0]!;
      warnings?.warn(at, columnOf(['kadencje', i, ...issue.path]), `${issue.message}; the term is skipped`);
      return;
    }
    const term = id.data.id;
    if (terms.has(term)) {
      warnings?.warn(at, `${column}.id`, `term ${term} is listed again; only its first entry is read`);
      return;
    }
    const parsed = termOf(entry, term, at, { column: `${column}.`, holder: `term ${term}` }, warnings);
    if (parsed) terms.set(term, parsed);
  });
  return [...terms.values()].sort((a, b) => (a.term < b.term ? -1 : 1));
}

/** Numbering shared by all councils of the source (ids run on across councils). */
class Ids {
  person = 0;
  membership = 0;
  session = 0;
  vote = 0;
  attachment = 0;
  /** Group ids by council and club string: a club is a body of one council (KO of Gdańsk is not KO of Katowice). */
  readonly groups = new Map<string, number>();
}

/**
 * Reads a Radoskop source into the loader; returns what each council contributed. Throws only when
 * `path` cannot be read at all; every problem with the data goes to loader.findings.
 */
export async function readRadoskop(path: string, loader: Loader): Promise<SourcePart[]> {
  const { findings } = loader;
  if (!existsSync(path)) {
    findings.error({ file: path, line: 0 }, '(source)', 'does not exist');
    return [];
  }
  if (!statSync(path).isDirectory()) {
    const what = otherFormatHint(path, 'radoskop') || ': a Radoskop source is a council folder or a folder of them';
    findings.error({ file: path, line: 0 }, '(source)', `is a file, not a directory${what}`);
    return [];
  }

  // First pass: which councils have votes, their names, and every term's start (CONTRACT §8 kadencje).
  const councils: Array<{ council: Council; config: Config; warnings: Map<string, number> }> = [];
  const leftOut: SourcePart[] = [];
  const starts = new Map<string, string>();
  for (const council of councilsOf(path, findings)) {
    const before = warningsByKind(findings);
    const config = await readConfig(council, findings);
    const terms = await termsOf(council, findings, true);
    if (terms.length === 0) {
      findings.warn(
        { file: council.name, line: 0 },
        '(council)',
        'no term with a "votes" array; the council is left out',
      );
      leftOut.push({
        name: council.name,
        counts: { kadencje: 0, radni: 0, posiedzenia: 0, glosowania: 0, glosy: 0 },
        warnings: Object.fromEntries(countsSince(before, warningsByKind(findings))),
      });
      continue;
    }
    councils.push({ council, config, warnings: countsSince(before, warningsByKind(findings)) });
    for (const { term, votes } of terms) {
      const configured = config.kadencje?.[term]?.start;
      let start = configured !== undefined && DATE.test(configured) && isDateTime(configured) ? configured : null;
      if (start === null) {
        for (const vote of votes) {
          const date = voteSchema.shape.session_date.safeParse(
            (vote as Record<string, unknown> | null)?.['session_date'],
          );
          if (date.success && (start === null || date.data < start)) start = date.data;
        }
      }
      // A term with neither a configured start nor a dated vote starts with its first year.
      start ??= `${term.slice(0, 4)}-01-01`;
      const known = starts.get(term);
      if (known === undefined || start < known) starts.set(term, start);
    }
  }
  if (findings.errorCount > 0) return [];
  if (councils.length === 0) {
    if (leftOut.length > 0)
      findings.error(
        { file: basename(path), line: 0 },
        '(source)',
        'no council with votes: every council was left out (see the warnings)',
      );
    return leftOut;
  }

  const first: Location = { file: basename(path), line: 0 };
  for (const [term, start] of [...starts].sort((a, b) => (a[0] < b[0] ? -1 : 1)))
    loader.kadencja({ kadencja: term, data_od: start, data_do: null }, first);
  councils.forEach(({ council, config }, c) =>
    loader.organ({ id_organu: c + 1, nazwa: councilName(council, config), typ: 'rada' }, first),
  );

  // Second pass: each council's rows, in folder order (a council left out keeps its place in the report).
  const ids = new Ids();
  const parts: SourcePart[] = [];
  for (const [c, { council, config, warnings }] of councils.entries()) {
    const terms = await termsOf(council, findings, false);
    const part = readCouncil(council, config, c + 1, terms, ids, loader);
    for (const [kind, n] of warnings) part.warnings[kind] = (part.warnings[kind] ?? 0) + n;
    parts.push(part);
  }
  return [...parts, ...leftOut].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** config `rada_name` (sejmiki, powiaty), else `Rada Miasta ` + the city's genitive (else its name, else the folder's name). */
function councilName(council: Council, config: Config): string {
  if (config.rada_name !== undefined && config.rada_name.trim() !== '') return config.rada_name.trim();
  const pick = (value: string | undefined) => (value !== undefined && collapse(value) !== '' ? collapse(value) : null);
  return `Rada Miasta ${pick(config.city_genitive) ?? pick(config.city_name) ?? council.name}`;
}

/** Emits one council's persons, groups, memberships, sessions, votes, ballots and attachments. */
function readCouncil(
  council: Council,
  config: Config,
  body: number,
  terms: Term[],
  ids: Ids,
  loader: Loader,
): SourcePart {
  const warningsBefore = warningsByKind(loader.findings);
  const clubs = new Clubs(config);
  const personOf = new Map<string, number>(); // identity = the name, within this council
  const memberships: Array<{ person: number; term: string; group: number | null; at: Location }> = [];
  for (const term of terms) {
    for (const name of term.names) {
      let person = personOf.get(name);
      if (person === undefined) {
        personOf.set(name, (person = ++ids.person));
        loader.radny({ id_osoby: person, imie_nazwisko: name }, term.at);
      }
      memberships.push({
        person,
        term: term.term,
        // Several entries (two spellings of one person): the first club that is a group (CONTRACT §8).
        group: groupOf(body, term.clubsOf.get(name)?.find(clubs.isGroup), clubs, ids, loader, term.at),
        at: term.at,
      });
    }
  }
  // przynaleznosc_id by (id_osoby, term): a council's persons all come after the previous council's.
  memberships.sort((a, b) => a.person - b.person || (a.term < b.term ? -1 : a.term > b.term ? 1 : 0));
  for (const m of memberships) {
    loader.przynaleznosc(
      {
        przynaleznosc_id: ++ids.membership,
        id_osoby: m.person,
        kadencja: m.term,
        id_ugrupowania: m.group,
        data_od: null,
        data_do: null,
        aktywny: 1,
      },
      m.at,
    );
  }
  let sessions = 0;
  let votes = 0;
  let ballots = 0;
  let attendance = 0;
  for (const term of terms) {
    const counted = readTermVotes(term, body, personOf, ids, loader);
    sessions += counted.sessions;
    votes += counted.votes;
    ballots += counted.ballots;
    attendance += counted.attendance;
  }
  return {
    name: council.name,
    counts: {
      kadencje: terms.length,
      radni: personOf.size,
      posiedzenia: sessions,
      glosowania: votes,
      glosy: ballots,
      obecnosci: attendance,
    },
    warnings: Object.fromEntries(countsSince(warningsBefore, warningsByKind(loader.findings))),
  };
}

/** Warnings so far per kind, named by column and wording (the vote's id left out: it differs per vote). */
function warningsByKind(findings: Findings): Map<string, number> {
  const counts = new Map<string, number>();
  for (const kind of findings.kindsOf('warning')) {
    const key = `${kind.column}: ${kind.pattern.replace(/^vote …: /, '')}`;
    counts.set(key, (counts.get(key) ?? 0) + kind.count);
  }
  return counts;
}

const countsSince = (before: Map<string, number>, now: Map<string, number>): Map<string, number> =>
  new Map(
    [...now].flatMap(([key, n]) => (n > (before.get(key) ?? 0) ? [[key, n - (before.get(key) ?? 0)] as const] : [])),
  );

/** A council's clubs as its config names them (CONTRACT §8 groups): which are groups, and their full names. */
class Clubs {
  constructor(private readonly config: Config) {}

  /** The config's full name of a club, trimmed; undefined when absent or empty. */
  fullName(club: string): string | undefined {
    const name = Object.hasOwn(this.config.clubs ?? {}, club) ? this.config.clubs![club]!.name?.trim() : undefined;
    return name === '' ? undefined : name;
  }

  /** Not a no-group word, nor a club whose full name is one (the Silesian assembly's `NZ`: „Niezrzeszeni”). */
  readonly isGroup = (club: string): boolean => {
    const fullName = this.fullName(club);
    return !NO_GROUP.has(club.toLowerCase()) && (fullName === undefined || !NO_GROUP.has(fullName.toLowerCase()));
  };
}

/** The group id of a council's club string (CONTRACT §8 groups), numbered on first appearance; null: no group. */
function groupOf(
  body: number,
  club: string | undefined,
  clubs: Clubs,
  ids: Ids,
  loader: Loader,
  at: Location,
): number | null {
  if (club === undefined || !clubs.isGroup(club)) return null;
  const key = `${body}\u0000${club}`;
  let group = ids.groups.get(key);
  if (group === undefined) {
    ids.groups.set(key, (group = ids.groups.size + 1));
    loader.ugrupowanie(
      { id_ugrupowania: group, nazwa: club, skrot: club, pelna_nazwa: clubs.fullName(club) ?? null },
      at,
    );
  }
  return group;
}

const voteLabel = (vote: unknown, position: number): string => {
  const id = (vote as Record<string, unknown> | null)?.['id'];
  return typeof id === 'string' || typeof id === 'number' ? String(id) : `#${position + 1}`;
};

/** `resolution` → wynik (CONTRACT §8): a text beginning `przyj` or `odrzuc`; anything else (a resolution number) states none. */
function wynikOf(resolution: unknown): string | null {
  if (typeof resolution !== 'string') return null;
  const text = resolution.trim().toLowerCase();
  return text.startsWith('przyj') ? PRZYJETO : text.startsWith('odrzuc') ? ODRZUCONO : null;
}

/** `counts` → the stated tallies (CONTRACT §8, §10): a key missing or not a non-negative integer is not stated. */
function statedTallies(counts: Record<string, unknown> | undefined): StatedTallies | null {
  if (counts === undefined) return null;
  const stated = (key: string) => {
    const value = counts[key];
    return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null;
  };
  const tallies = {
    za: stated('za'),
    przeciw: stated('przeciw'),
    wstrzymujacy: stated('wstrzymal_sie'),
    nieobecni: stated('nieobecni'),
    brak_glosu: stated('brak_glosu'),
  };
  return Object.values(tallies).some((n) => n !== null) ? tallies : null;
}

/**
 * A `votes` entry that records no vote (CONTRACT §8): no entry in any `named_votes` list, no `counts`
 * value above 0 and no `resolution` (Gdańsk's „Włączenie druku nr 1433” beside the real vote).
 */
function isEmptyRecord(vote: Vote): boolean {
  const named = Object.values(vote.named_votes ?? {}).some((entries) => Array.isArray(entries) && entries.length > 0);
  const counted = Object.values(vote.counts ?? {}).some((value) => typeof value === 'number' && value > 0);
  const resolved =
    vote.resolution !== undefined &&
    vote.resolution !== null &&
    !(typeof vote.resolution === 'string' && vote.resolution.trim() === '');
  return !named && !counted && !resolved;
}

/** A session of one term: one per distinct (date, session_number as published) of its votes. */
interface TermSession {
  id: number;
  date: string;
  /** `session_number` trimmed, '' when empty: what the attendance lists are matched by. */
  published: string;
  /** The persons with a ballot in its votes: 1 when one of their ballots is not `nieobecny`, else 0. */
  voters: Map<number, number>;
}

/**
 * One term: its sessions (one per distinct (date, session_number)), votes in date order (a vote
 * published twice skipped), their ballots and attachments, and the attendance of every session that
 * has an official list.
 */
function readTermVotes(term: Term, body: number, personOf: ReadonlyMap<string, number>, ids: Ids, loader: Loader) {
  const { findings } = loader;
  const dated: Array<{ vote: Vote; label: string; position: number }> = [];
  term.votes.forEach((raw, position) => {
    const label = voteLabel(raw, position);
    const vote = voteSchema.safeParse(raw);
    if (!vote.success) {
      const issue = vote.error.issues[0]!;
      findings.warn(
        term.at,
        issue.path.length > 0 ? columnOf(issue.path) : '(vote)',
        `vote ${label}: ${issue.message}; the vote is skipped`,
      );
      return;
    }
    dated.push({ vote: vote.data, label, position });
  });
  dated.sort((a, b) =>
    a.vote.session_date < b.vote.session_date
      ? -1
      : a.vote.session_date > b.vote.session_date
        ? 1
        : a.position - b.position,
  );

  // A vote whose (id, date, session number) repeats an earlier one is the same vote published twice;
  // an empty record is no vote (read first, so that it never stands for a real vote of the same id).
  const published = new Set<string>();
  const votes = dated.filter(({ vote, label }) => {
    if (isEmptyRecord(vote)) {
      findings.warn(
        term.at,
        '(vote)',
        `vote ${label}: an empty record (no named votes, no count above zero, no resolution) is no vote; skipped`,
      );
      return false;
    }
    const id = vote.id === undefined ? '' : String(vote.id).trim();
    if (id === '') return true;
    const key = `${id}\u0000${vote.session_date}\u0000${vote.session_number ?? ''}`;
    if (!published.has(key)) return published.add(key);
    findings.warn(
      term.at,
      'id',
      `vote ${label}: repeats an earlier vote of ${vote.session_date}${vote.session_number === null ? '' : `, session ${vote.session_number}`}; the copy is skipped`,
    );
    return false;
  });

  // Sessions by date, then by the first appearance of their (date, number) among the votes in file order.
  const sessions: TermSession[] = [];
  const sessionOf = new Map<string, TermSession>();
  const sessionOfVote = votes.map(({ vote }) => {
    const key = `${vote.session_date}\u0000${vote.session_number ?? ''}`;
    let session = sessionOf.get(key);
    if (session === undefined) {
      session = { id: ++ids.session, date: vote.session_date, published: vote.session_number ?? '', voters: new Map() };
      sessionOf.set(key, session);
      sessions.push(session);
      const numer = session.published === '' ? String(sessions.length) : session.published;
      loader.posiedzenie(
        {
          id_posiedzenia: session.id,
          id_organu: body,
          kadencja: term.term,
          numer,
          data: session.date,
          nazwa: `Sesja ${numer}`,
        },
        term.at,
      );
    }
    return session;
  });

  let ballots = 0;
  const votesIn = new Map<TermSession, number>();
  votes.forEach(({ vote, label }, i) => {
    const session = sessionOfVote[i]!;
    const id = ++ids.vote;
    const numer = (votesIn.get(session) ?? 0) + 1;
    votesIn.set(session, numer);
    loader.glosowanie(
      {
        id_glosowania: id,
        id_posiedzenia: session.id,
        id_punktu: null,
        numer,
        data_czas: session.date,
        tytul: vote.topic === '' ? `Głosowanie ${numer}` : vote.topic,
        wynik: wynikOf(vote.resolution),
        liczby: statedTallies(vote.counts),
        klucz: [session.date, vote.session_number, vote.topic], // not positions: what stays when Radoskop adds votes or sessions
      },
      term.at,
    );
    ballots += readBallots(term, vote, label, id, session, personOf, loader);
    if (vote.source_url !== '')
      loader.zalacznik(
        { id_zalacznika: ++ids.attachment, id_glosowania: id, nazwa: 'Źródło', url: vote.source_url },
        term.at,
      );
  });
  const attendance = readAttendanceLists(term, sessions, personOf, loader);
  return { sessions: sessions.length, votes: votes.length, ballots, attendance };
}

/**
 * The attendance of the sessions that have an official list naming at least one councillor of the
 * term (CONTRACT §8 attendance): a record for every person of the term whose tenure covers the session,
 * present when on the list or holding a ballot other than `nieobecny` there. Returns the records written.
 */
function readAttendanceLists(
  term: Term,
  sessions: TermSession[],
  personOf: ReadonlyMap<string, number>,
  loader: Loader,
): number {
  const { findings } = loader;
  const councillors = new Set(term.names);
  const listsOf = new Map<string, SessionList[]>();
  for (const list of term.attendanceLists) {
    const key = `${list.date}\u0000${list.number}`;
    listsOf.set(key, [...(listsOf.get(key) ?? []), list]);
  }
  // Per session: the persons its list names (null: no list naming a councillor of the term).
  const listed = sessions.map((session) => {
    const lists = listsOf.get(`${session.date}\u0000${session.published}`) ?? [];
    listsOf.delete(`${session.date}\u0000${session.published}`);
    const names = lists.flatMap((list) => list.attendees);
    if (!names.some((name) => councillors.has(name))) {
      if (lists.length > 0)
        findings.warn(
          term.at,
          'sessions.attendees',
          `session ${sessionLabel(session)}: the attendance list names no councillor of this term; attendance is derived from the ballots`,
        );
      return null;
    }
    const present = new Set<number>();
    for (const name of names) {
      if (councillors.has(name)) present.add(personOf.get(name)!);
      else
        findings.warn(
          term.at,
          'sessions.attendees',
          `session ${sessionLabel(session)}: ${JSON.stringify(name)} is not a councillor of this term; skipped`,
        );
    }
    return present;
  });
  for (const lists of listsOf.values()) {
    const { date, number } = lists[0]!;
    findings.warn(
      term.at,
      'sessions',
      `the attendance list of ${date}${number === '' ? '' : `, session ${number}`} matches no session with votes; ignored`,
    );
  }
  if (listed.every((present) => present === null)) return 0;

  // Tenure: from the first to the last session (in session order) that names the person in a ballot or a list.
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  const named = (person: number, i: number) => {
    if (!first.has(person)) first.set(person, i);
    last.set(person, i);
  };
  sessions.forEach((session, i) => {
    for (const person of session.voters.keys()) named(person, i);
    for (const person of listed[i] ?? []) named(person, i);
  });
  let records = 0;
  sessions.forEach((session, i) => {
    const present = listed[i];
    if (present === null || present === undefined) return;
    for (const name of term.names) {
      const person = personOf.get(name)!;
      if (!first.has(person) || first.get(person)! > i || last.get(person)! < i) continue;
      const obecny = present.has(person) || session.voters.get(person) === 1 ? 1 : 0;
      loader.obecnosc({ id_posiedzenia: session.id, id_osoby: person, obecny }, term.at);
      records++;
    }
  });
  return records;
}

const sessionLabel = (session: TermSession) =>
  `${session.date}${session.published === '' ? '' : ` ${session.published}`}`;

/** One vote's ballots from `named_votes`, with the §8 quirks reported as warnings; returns how many were loaded. */
function readBallots(
  term: Term,
  vote: Vote,
  label: string,
  voteId: number,
  session: TermSession,
  personOf: ReadonlyMap<string, number>,
  loader: Loader,
): number {
  const { findings } = loader;
  const named = vote.named_votes;
  const warn = (column: string, problem: string) => findings.warn(term.at, column, `vote ${label}: ${problem}`);
  // No list, or only empty ones (a roll call the source did not publish): the vote has no ballots.
  if (named === undefined || Object.values(named).every((entries) => Array.isArray(entries) && entries.length === 0)) {
    warn(
      'named_votes',
      `no named votes: the vote has no ballots${statedTallies(vote.counts) === null ? '' : ' (its stated counts are kept)'}`,
    );
    return 0;
  }
  const entries: Array<{ person: number; code: number }> = [];
  const listed = new Map<number, { name: string; times: number }>(); // person → entries in this vote
  const namedCounts = new Map<string, number>();
  for (const [key, entriesOfKey] of Object.entries(named)) {
    const code = NAMED_VOTE_CODE.get(key);
    if (code === undefined) {
      warn(`named_votes.${key}`, 'unknown option, ignored');
      continue;
    }
    if (!Array.isArray(entriesOfKey)) {
      warn(`named_votes.${key}`, 'is not a list, ignored');
      continue;
    }
    namedCounts.set(key, entriesOfKey.length);
    for (const entry of entriesOfKey) {
      // An index into the list, or (the older layout) a name that stands for its position in it.
      const name =
        typeof entry === 'string'
          ? term.indexed.includes(nameOf(entry))
            ? nameOf(entry)
            : undefined
          : Number.isInteger(entry) && (entry as number) >= 0
            ? term.indexed[entry as number]
            : undefined;
      if (name !== undefined && term.notCouncillors.has(name)) {
        warn(`named_votes.${key}`, `${JSON.stringify(name)} is in the index but not among the councillors; skipped`);
        continue;
      }
      const person = name === undefined ? undefined : personOf.get(name);
      if (person === undefined) {
        warn(
          `named_votes.${key}`,
          typeof entry === 'string'
            ? `name ${JSON.stringify(nameOf(entry))} is not in the list of councillors (${term.indexed.length} names); skipped`
            : `index ${JSON.stringify(entry)} points to no councillor of the list (${term.indexed.length} names); skipped`,
        );
        continue;
      }
      entries.push({ person, code });
      const seen = listed.get(person);
      if (seen) seen.times++;
      else listed.set(person, { name: name!, times: 1 });
    }
  }
  for (const { name, times } of listed.values()) {
    if (times > 1)
      warn(
        'named_votes',
        `${JSON.stringify(name)} is listed ${times} times; all of their entries in this vote are dropped`,
      );
  }
  if (vote.counts !== undefined) {
    for (const key of NAMED_VOTE_CODE.keys()) {
      const stated = vote.counts[key];
      const lists = namedCounts.get(key) ?? 0;
      if (typeof stated === 'number' && stated !== lists)
        warn(
          `counts.${key}`,
          `states ${stated} but the named list has ${lists}; the named lists are used for the ballots, both are served`,
        );
    }
  }
  let loaded = 0;
  for (const { person, code } of entries) {
    if (listed.get(person)!.times > 1) continue;
    loader.glos({ id_glosowania: voteId, id_osoby: person, glos: code }, term.at);
    session.voters.set(person, (session.voters.get(person) ?? 0) | (code === NIEOBECNY ? 0 : 1));
    loaded++;
  }
  return loaded;
}
