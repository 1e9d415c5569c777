// Stage "read" for Radoskop's council data (CONTRACT §8): one council folder (`config.json` and one
// `kadencja-<YYYY-YYYY>.json` per term, directly or under `docs/`, the layout of Radoskop's
// per-council repositories), or a folder of council folders taken in byte order of their names.
//
// Every id follows from the order of the data alone (councils, then terms, then names or dates), so
// an independent implementation of §8 numbers everything the same way. Real data has quirks (an index
// outside the list, a councillor listed twice in one vote, `counts` that disagree with the named
// lists): each is a warning naming the file and the vote `id`, never a crash. A file that is not JSON,
// or a term file without a `votes` array, rejects the whole source.
//
// Councils are read one at a time (a pass over every term file first fixes the terms' start dates),
// so memory holds one council, not all of Poland.

import { existsSync, readdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { BRAK_GLOSU, NIEOBECNY, PRZECIW, WSTRZYMUJACY, ZA } from '../../core/contract.ts';
import { isDateTime } from '../../core/dates.ts';
import type { Findings, Location } from '../findings.ts';
import type { Loader } from '../load.ts';
import type { SourcePart } from './part.ts';

/** `named_votes` keys → glos codes (CONTRACT §8). */
const NAMED_VOTE_CODE: ReadonlyMap<string, number> = new Map([
  ['za', ZA], ['przeciw', PRZECIW], ['wstrzymal_sie', WSTRZYMUJACY], ['brak_glosu', BRAK_GLOSU], ['nieobecni', NIEOBECNY],
]);
/** `club` values that mean "no group" (compared in lower case, after trimming). */
const NO_GROUP = new Set(['', '?', '-', 'niezrzeszeni', 'niezrzeszony', 'niezrzeszona', 'niezrzeszone']);
const TERM_FILE = /^kadencja-(\d{4}-\d{4})\.json$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
/** Names and topics: trimmed, inner whitespace collapsed to one space. */
const collapse = (text: string): string => text.trim().replace(/\s+/g, ' ');

/** One council folder of the source. */
interface Council {
  /** The folder's name: the council's label in messages, and its last-resort name. */
  name: string;
  /** Where its files are (the folder itself or its `docs/`). */
  dir: string;
  /** Its files as named in findings: `gdansk/kadencja-2018-2023.json`. */
  label: (file: string) => string;
  terms: Array<{ term: string; file: string }>;
}

/** A term file, parsed and checked enough to be read. */
interface TermFile {
  term: string;
  at: Location;
  /** Names in person order (CONTRACT §8): councilor_index order (else councilors), then names only in councilors. */
  names: string[];
  /** The list `named_votes` indexes point into: councilor_index, else councilors' names. */
  indexed: string[];
  clubOf: Map<string, string>;
  votes: Json[];
}

/** Finds the council folders of a source: the folder itself, or its subfolders in byte order. */
function councilsOf(path: string, findings: Findings): Council[] {
  const asCouncil = (dir: string, name: string, prefix: string): Council | null => {
    for (const [filesDir, sub] of [[dir, ''], [join(dir, 'docs'), 'docs/']] as const) {
      if (!existsSync(filesDir) || !statSync(filesDir).isDirectory()) continue;
      const names = readdirSync(filesDir);
      const terms = names.flatMap((f) => {
        const m = TERM_FILE.exec(f);
        return m ? [{ term: m[1]!, file: f }] : [];
      }).sort((a, b) => (a.term < b.term ? -1 : a.term > b.term ? 1 : 0));
      if (terms.length > 0 || names.includes('config.json')) {
        return { name, dir: filesDir, label: (file) => `${prefix}${sub}${file}`, terms };
      }
    }
    return null;
  };
  const single = asCouncil(path, basename(path), `${basename(path)}/`);
  if (single) return [single];
  const councils: Council[] = [];
  const subfolders = readdirSync(path, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)); // byte order (code units), not locale order
  for (const name of subfolders) {
    const council = asCouncil(join(path, name), name, `${name}/`);
    if (council) councils.push(council);
  }
  if (councils.length === 0) {
    findings.error({ file: basename(path), line: 0 }, '(source)',
      'holds no Radoskop council: a council folder has config.json and kadencja-<YYYY-YYYY>.json (directly or under docs/)');
  }
  return councils;
}

async function readJson(dir: string, file: string, at: Location, findings: Findings): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(join(dir, file), 'utf8');
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

/** The council's config.json (an empty object when absent: names fall back to the folder's). */
async function readConfig(council: Council, findings: Findings): Promise<Json> {
  if (!existsSync(join(council.dir, 'config.json'))) {
    findings.warn({ file: council.label('config.json'), line: 0 }, '(file)', `is missing: the council is named after its folder "${council.name}"`);
    return {};
  }
  const at = { file: council.label('config.json'), line: 0 };
  const config = await readJson(council.dir, 'config.json', at, findings);
  if (config === undefined) return {};
  if (!isObject(config)) {
    findings.error(at, '(file)', 'must be a JSON object');
    return {};
  }
  return config;
}

/** Parses one term file; null (with an error) when it cannot be read as one. */
async function readTermFile(council: Council, term: string, file: string, findings: Findings): Promise<TermFile | null> {
  const at = { file: council.label(file), line: 0 };
  const json = await readJson(council.dir, file, at, findings);
  if (json === undefined) return null;
  if (!isObject(json) || !Array.isArray(json['votes'])) {
    findings.error(at, 'votes', 'the file has no "votes" array');
    return null;
  }
  const councilors = Array.isArray(json['councilors']) ? json['councilors'].filter(isObject) : [];
  const councilorNames = councilors.flatMap((c) => (typeof c['name'] === 'string' && collapse(c['name']) !== '' ? [collapse(c['name'])] : []));
  const index = Array.isArray(json['councilor_index']) ? json['councilor_index'] : null;
  const indexed = index === null ? councilorNames : index.map((n) => (typeof n === 'string' ? collapse(n) : ''));
  const clubOf = new Map<string, string>();
  for (const c of councilors) {
    if (typeof c['name'] !== 'string') continue;
    const name = collapse(c['name']);
    if (!clubOf.has(name)) clubOf.set(name, typeof c['club'] === 'string' ? c['club'].trim() : '');
  }
  const names = [...new Set([...indexed, ...councilorNames].filter((n) => n !== ''))];
  return { term, at, names, indexed, clubOf, votes: json['votes'] as unknown[] as Json[] };
}

/** `session_date` of a vote, or null when it is not a calendar date. */
const sessionDateOf = (vote: Json): string | null => {
  const date = vote['session_date'];
  return typeof date === 'string' && DATE.test(date) && isDateTime(date) ? date : null;
};
const voteLabel = (vote: Json, position: number): string => (typeof vote['id'] === 'string' || typeof vote['id'] === 'number' ? String(vote['id']) : `#${position + 1}`);

/** The term files' start dates (CONTRACT §8 kadencje): per council config `kadencje[term].start`, else its earliest vote. */
async function termStarts(councils: Council[], configs: Json[], findings: Findings): Promise<Map<string, string>> {
  const starts = new Map<string, string>();
  for (const [c, council] of councils.entries()) {
    const configTerms = isObject(configs[c]!['kadencje']) ? configs[c]!['kadencje'] : {};
    for (const { term, file } of council.terms) {
      const configured = isObject(configTerms[term]) ? configTerms[term]['start'] : undefined;
      let start = typeof configured === 'string' && DATE.test(configured) && isDateTime(configured) ? configured : null;
      if (start === null) {
        const parsed = await readTermFile(council, term, file, findings);
        for (const vote of parsed?.votes ?? []) {
          const date = isObject(vote) ? sessionDateOf(vote) : null;
          if (date !== null && (start === null || date < start)) start = date;
        }
      }
      // A term with neither a configured start nor a dated vote starts with its first year.
      start ??= `${term.slice(0, 4)}-01-01`;
      const known = starts.get(term);
      if (known === undefined || start < known) starts.set(term, start);
    }
  }
  return starts;
}

/** Numbering shared by all councils of the source (ids run on across councils). */
class Ids {
  person = 0;
  membership = 0;
  session = 0;
  vote = 0;
  attachment = 0;
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
    findings.error({ file: path, line: 0 }, '(source)', 'is a file, not a directory: a Radoskop source is a council folder or a folder of them');
    return [];
  }
  const councils = councilsOf(path, findings);
  const configs = await Promise.all(councils.map((c) => readConfig(c, findings)));
  const starts = await termStarts(councils, configs, findings);
  if (findings.errorCount > 0) return [];

  const first: Location = { file: basename(path), line: 0 };
  for (const [term, start] of [...starts].sort((a, b) => (a[0] < b[0] ? -1 : 1))) loader.kadencja({ kadencja: term, data_od: start, data_do: null }, first);
  councils.forEach((council, c) => loader.organ({ id_organu: c + 1, nazwa: councilName(council, configs[c]!), typ: 'rada' }, first));

  const ids = new Ids();
  const parts: SourcePart[] = [];
  for (const [c, council] of councils.entries()) {
    const files: TermFile[] = [];
    for (const { term, file } of council.terms) {
      const parsed = await readTermFile(council, term, file, findings);
      if (parsed) files.push(parsed);
    }
    if (findings.errorCount > 0) return parts;
    parts.push(readCouncil(council, c + 1, files, ids, loader));
  }
  return parts;
}

/** `Rada Miasta ` + the city's genitive (else its name, else the folder's name). */
function councilName(council: Council, config: Json): string {
  const pick = (key: string) => (typeof config[key] === 'string' && collapse(config[key]) !== '' ? collapse(config[key]) : null);
  return `Rada Miasta ${pick('city_genitive') ?? pick('city_name') ?? council.name}`;
}

/** Emits one council's persons, groups, memberships, sessions, votes, ballots and attachments. */
function readCouncil(council: Council, body: number, files: TermFile[], ids: Ids, loader: Loader): SourcePart {
  const warningsBefore = warningsByKind(loader.findings);
  const personOf = new Map<string, number>(); // identity = the name, within this council
  const memberships: Array<{ person: number; term: string; group: number | null; at: Location }> = [];
  for (const file of files) {
    for (const name of file.names) {
      let person = personOf.get(name);
      if (person === undefined) {
        personOf.set(name, (person = ++ids.person));
        loader.radny({ id_osoby: person, imie_nazwisko: name }, file.at);
      }
      memberships.push({ person, term: file.term, group: groupOf(file.clubOf.get(name), ids, loader, file.at), at: file.at });
    }
  }
  // przynaleznosc_id by (id_osoby, term): a council's persons all come after the previous council's.
  memberships.sort((a, b) => a.person - b.person || (a.term < b.term ? -1 : a.term > b.term ? 1 : 0));
  for (const m of memberships) {
    loader.przynaleznosc({
      przynaleznosc_id: ++ids.membership, id_osoby: m.person, kadencja: m.term, id_ugrupowania: m.group,
      data_od: null, data_do: null, aktywny: 1,
    }, m.at);
  }
  let sessions = 0;
  let votes = 0;
  let ballots = 0;
  for (const file of files) {
    const counted = readTermVotes(file, body, personOf, ids, loader);
    sessions += counted.sessions;
    votes += counted.votes;
    ballots += counted.ballots;
  }
  return {
    name: council.name,
    counts: { kadencje: files.length, radni: personOf.size, posiedzenia: sessions, glosowania: votes, glosy: ballots },
    warnings: countsSince(warningsBefore, warningsByKind(loader.findings)),
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

const countsSince = (before: Map<string, number>, now: Map<string, number>): Record<string, number> =>
  Object.fromEntries([...now].flatMap(([key, n]) => (n > (before.get(key) ?? 0) ? [[key, n - (before.get(key) ?? 0)]] : [])));

/** The group id of a club string (CONTRACT §8 groups), numbered on first appearance; null: no group. */
function groupOf(club: string | undefined, ids: Ids, loader: Loader, at: Location): number | null {
  if (club === undefined || NO_GROUP.has(club.toLowerCase())) return null;
  let group = ids.groups.get(club);
  if (group === undefined) {
    ids.groups.set(club, (group = ids.groups.size + 1));
    loader.ugrupowanie({ id_ugrupowania: group, nazwa: club, skrot: club }, at);
  }
  return group;
}

/** One term file's sessions (one per vote date), votes in date order, their ballots and attachments. */
function readTermVotes(file: TermFile, body: number, personOf: ReadonlyMap<string, number>, ids: Ids, loader: Loader) {
  const { findings } = loader;
  const dated: Array<{ vote: Json; date: string; position: number }> = [];
  file.votes.forEach((vote, position) => {
    const date = isObject(vote) ? sessionDateOf(vote) : null;
    if (date === null) {
      findings.error(file.at, 'session_date', `vote ${isObject(vote) ? voteLabel(vote, position) : `#${position + 1}`}: must be a date YYYY-MM-DD`);
      return;
    }
    dated.push({ vote, date, position });
  });
  dated.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.position - b.position)); // stable by date

  let ballots = 0;
  let sessionOrdinal = 0;
  for (let start = 0; start < dated.length;) {
    const date = dated[start]!.date;
    let end = start;
    while (end < dated.length && dated[end]!.date === date) end++;
    sessionOrdinal++;
    // The number the council wrote on that date's first vote in file order (the sort kept file order).
    const written = dated[start]!.vote['session_number'];
    const numer = (typeof written === 'string' || typeof written === 'number') && String(written).trim() !== ''
      ? String(written).trim() : String(sessionOrdinal);
    const session = ++ids.session;
    loader.posiedzenie({ id_posiedzenia: session, id_organu: body, kadencja: file.term, numer, data: date, nazwa: `Sesja ${numer}` }, file.at);
    for (let i = start; i < end; i++) {
      const { vote, position } = dated[i]!;
      const id = ++ids.vote;
      const numerInSession = i - start + 1;
      const topic = typeof vote['topic'] === 'string' ? collapse(vote['topic']) : '';
      loader.glosowanie({
        id_glosowania: id, id_posiedzenia: session, id_punktu: null, numer: numerInSession, data_czas: date,
        tytul: topic === '' ? `Głosowanie ${numerInSession}` : topic, wynik: null,
      }, file.at);
      ballots += readBallots(file, vote, voteLabel(vote, position), id, personOf, loader);
      const url = vote['source_url'];
      if (typeof url === 'string' && url.trim() !== '') {
        loader.zalacznik({ id_zalacznika: ++ids.attachment, id_glosowania: id, nazwa: 'Źródło', url: url.trim() }, file.at);
      }
    }
    start = end;
  }
  return { sessions: sessionOrdinal, votes: dated.length, ballots };
}

/** One vote's ballots from `named_votes`, with the §8 quirks reported as warnings; returns how many were loaded. */
function readBallots(file: TermFile, vote: Json, label: string, voteId: number, personOf: ReadonlyMap<string, number>, loader: Loader): number {
  const { findings } = loader;
  const named = vote['named_votes'];
  const warn = (column: string, problem: string) => findings.warn(file.at, column, `vote ${label}: ${problem}`);
  if (!isObject(named) || Object.keys(named).length === 0) {
    warn('named_votes', 'no named votes: the vote has no ballots');
    return 0;
  }
  const entries: Array<{ person: number; code: number }> = [];
  const listed = new Map<number, { name: string; times: number }>(); // person → entries in this vote
  const namedCounts = new Map<string, number>();
  for (const [key, list] of Object.entries(named)) {
    const code = NAMED_VOTE_CODE.get(key);
    if (code === undefined) {
      warn(`named_votes.${key}`, 'unknown option, ignored');
      continue;
    }
    if (!Array.isArray(list)) {
      warn(`named_votes.${key}`, 'is not a list, ignored');
      continue;
    }
    namedCounts.set(key, list.length);
    for (const index of list) {
      const name = Number.isInteger(index) && (index as number) >= 0 ? file.indexed[index as number] : undefined;
      const person = name === undefined ? undefined : personOf.get(name);
      if (person === undefined) {
        warn(`named_votes.${key}`, `index ${JSON.stringify(index)} points to no councillor of the list (${file.indexed.length} names); skipped`);
        continue;
      }
      entries.push({ person, code });
      const seen = listed.get(person);
      if (seen) seen.times++;
      else listed.set(person, { name: name!, times: 1 });
    }
  }
  for (const { name, times } of listed.values()) {
    if (times > 1) warn('named_votes', `${JSON.stringify(name)} is listed ${times} times; all of their entries in this vote are dropped`);
  }
  const counts = vote['counts'];
  if (isObject(counts)) {
    for (const key of NAMED_VOTE_CODE.keys()) {
      const stated = counts[key];
      const lists = namedCounts.get(key) ?? 0;
      if (typeof stated === 'number' && stated !== lists) warn(`counts.${key}`, `states ${stated} but the named list has ${lists}; the named lists are used`);
    }
  }
  let loaded = 0;
  for (const { person, code } of entries) {
    if (listed.get(person)!.times > 1) continue;
    loader.glos({ id_glosowania: voteId, id_osoby: person, glos: code }, file.at);
    loaded++;
  }
  return loaded;
}
