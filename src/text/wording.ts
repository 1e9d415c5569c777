// The words of the website for what the snapshot holds: a council's (radni, ugrupowania, the rada) or
// the Sejm's (posłowie, kluby i koła, the Sejm). One vocabulary per snapshot, chosen from its bodies
// (`wordingOf`) and handed to every page on its frame (PageContext.wording) and to the preview cards,
// so that the templates say `w.members` where they said „radni” and no page tests the chamber itself.
// A snapshot of several councils, or of a council and the Sejm, keeps the council's words. Pure: no
// markup here (the templates escape what these return).

import { isFeminine, plural } from './format.ts';

export type Chamber = 'rada' | 'sejm';

export interface Wording {
  chamber: Chamber;
  /** A member: „radny” / „poseł” (nominative). */
  member: string;
  /** Of a member: „radnego” / „posła”. */
  memberGen: string;
  /** With a member: „radnym” / „posłem”. */
  memberInst: string;
  /** Members: „radni” / „posłowie”. */
  members: string;
  /** Of members (and whom: „wybierz dwóch …”): „radnych” / „posłów”. */
  membersGen: string;
  /** With members: „radnymi” / „posłami”. */
  membersInst: string;
  /** A group: „ugrupowanie” / „klub” (a Sejm's koło is a club in everyday speech and in its own rules). */
  group: string;
  /** Of a group: „ugrupowania” / „klubu”. */
  groupGen: string;
  /** Against a group: „ugrupowaniu” / „klubowi”. */
  groupDat: string;
  /** With a group: „ugrupowaniem” / „klubem”. */
  groupInst: string;
  /** Groups: „ugrupowania” / „kluby i koła”. */
  groups: string;
  /** Of groups: „ugrupowań” / „klubów i kół”. */
  groupsGen: string;
  /** With groups: „ugrupowaniami” / „klubami oraz kołami” (it follows an „i”: „posiedzeniami i …”). */
  groupsInst: string;
  /** A table's or a field's header for a group: „Ugrupowanie” / „Klub lub koło”. */
  groupHeader: string;
  /** Every group: „każde ugrupowanie” / „każdy klub” (the adjective agrees with the noun). */
  everyGroup: string;
  /** The chamber: „rada” / „Sejm”. */
  body: string;
  /** Of the chamber: „rady” / „Sejmu”. */
  bodyGen: string;
  /** The chamber as an object: „radę” / „Sejm”. */
  bodyAcc: string;
  /** Sessions as a heading: „Posiedzenia” / „Posiedzenia Sejmu”. */
  sessions: string;
  /**
   * What the bulk files' own names mean here, where they are not this chamber's words (the files and
   * their columns are one format for councils and the Sejm: `radni.csv`, `ugrupowanie`); none for a council.
   */
  fileWords: string | undefined;
}

const COUNCIL: Wording = {
  chamber: 'rada',
  member: 'radny',
  memberGen: 'radnego',
  memberInst: 'radnym',
  members: 'radni',
  membersGen: 'radnych',
  membersInst: 'radnymi',
  group: 'ugrupowanie',
  groupGen: 'ugrupowania',
  groupDat: 'ugrupowaniu',
  groupInst: 'ugrupowaniem',
  groups: 'ugrupowania',
  groupsGen: 'ugrupowań',
  groupsInst: 'ugrupowaniami',
  groupHeader: 'Ugrupowanie',
  everyGroup: 'każde ugrupowanie',
  body: 'rada',
  bodyGen: 'rady',
  bodyAcc: 'radę',
  sessions: 'Posiedzenia',
  fileWords: undefined,
};

const SEJM: Wording = {
  chamber: 'sejm',
  member: 'poseł',
  memberGen: 'posła',
  memberInst: 'posłem',
  members: 'posłowie',
  membersGen: 'posłów',
  membersInst: 'posłami',
  group: 'klub',
  groupGen: 'klubu',
  groupDat: 'klubowi',
  groupInst: 'klubem',
  groups: 'kluby i koła',
  groupsGen: 'klubów i kół',
  groupsInst: 'klubami oraz kołami',
  groupHeader: 'Klub lub koło',
  everyGroup: 'każdy klub',
  body: 'Sejm',
  bodyGen: 'Sejmu',
  bodyAcc: 'Sejm',
  sessions: 'Posiedzenia Sejmu',
  fileWords:
    'Pliki i ich kolumny mają jeden układ dla rad i dla Sejmu, więc nazwy mówią o radach: ' +
    '„radni” to posłowie, „ugrupowanie” to klub lub koło, „organ” i „rada” to Sejm.',
};

export const WORDINGS: Readonly<Record<Chamber, Wording>> = { rada: COUNCIL, sejm: SEJM };

/** The words for a snapshot of these bodies: the Sejm's when it holds the Sejm and no council, else a council's. */
export function wordingOf(bodies: ReadonlyArray<{ typ: string }>): Wording {
  const sejm = bodies.some((b) => b.typ === 'sejm') && !bodies.some((b) => b.typ === 'rada');
  return sejm ? SEJM : COUNCIL;
}

/** `Posłowie` from `posłowie`: a word at the start of a heading or a sentence. */
export const capital = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** A count of members, declined: „1 radny”, „3 radnych”; „1 poseł”, „498 posłów”. */
export const memberCount = (w: Wording, n: number, formatted: string = String(n)): string =>
  `${formatted} ${plural(n, w.member, w.membersGen, w.membersGen)}`;

/** One person's noun, by their first name (format.ts isFeminine): radny / radna, poseł / posłanka. */
export function memberOf(w: Wording, name: string): string {
  if (!isFeminine(name)) return w.member;
  return w.chamber === 'sejm' ? 'posłanka' : 'radna';
}

/**
 * A group as a reader should meet it: its full name where the source gives one (the Sejm's clubs), else
 * its name — for the Sejm a club code with `_` read as a space (`Nowa_Lewica`: a club that had ceased
 * before the source's list of clubs was written, so the list does not name it); no group: „niezrzeszony”.
 */
export function groupLabel(
  w: Wording,
  fullNames: ReadonlyMap<string, string>,
  name: string | null | undefined,
  none = 'niezrzeszony',
): string {
  if (!name) return none;
  const full = fullNames.get(name);
  if (full) return full;
  return w.chamber === 'sejm' ? name.replace(/_/g, ' ') : name;
}

// The words of the council's file names and their Sejm's: a download names what it holds.
const SEJM_FILE_WORDS: Readonly<Record<string, string>> = {
  radni: 'poslowie',
  radnego: 'posla',
  radnych: 'poslow',
  ugrupowan: 'klubow',
  ugrupowania: 'kluby',
};

/** A download's name in these words: `radni` → `poslowie`, `obecnosci-radnego` → `obecnosci-posla`. */
export const fileName = (w: Wording, file: string): string =>
  w.chamber === 'sejm'
    ? file
        .split('-')
        .map((word) => SEJM_FILE_WORDS[word] ?? word)
        .join('-')
    : file;
