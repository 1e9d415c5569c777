// Councils for the website's tests (test/site.test.ts, test/site-browser.test.ts): the hand council
// with hostile text in every field a page shows, and the hand council as two councils.

import type { Bundle } from './bundle.ts';
import { HAND_COUNCIL } from './hand-council.ts';

export const HOSTILE_TITLE = '<script>alert(1)</script>';
export const HOSTILE_NAME = '"><img src=x onerror=alert(2)>';

/** Hostile values by where they go; each must reach the reader as text, never as markup. */
export const HOSTILE = {
  title: HOSTILE_TITLE, // vote 1
  name: HOSTILE_NAME, // councillor 1
  group: '<b onmouseover=alert(3)>RdM</b>', // group 1
  body: 'Rada </title><script>alert(4)</script>', // body 1 (a council)
  point: '<iframe src=javascript:alert(5)>', // agenda point 11
  attachmentName: '<a href=javascript:alert(6)>plik</a>', // attachment 1
  attachmentUrl: 'javascript:alert(7)', // attachment 1
  session: '<svg onload=alert(8)>', // session 1
};

const copy = (bundle: Bundle): Bundle => JSON.parse(JSON.stringify(bundle)) as Bundle;

function edit(bundle: Bundle, file: string, key: string, id: number, values: Record<string, string>): void {
  const row = bundle[file]!.find((r) => r[key] === id);
  if (!row) throw new Error(`${file}: no row ${key} = ${id}`);
  Object.assign(row, values);
}

export function hostileCouncil(): Bundle {
  const b = copy(HAND_COUNCIL);
  edit(b, 'glosowania.csv', 'id_glosowania', 1, { tytul: HOSTILE.title });
  edit(b, 'radni.csv', 'id_osoby', 1, { imie_nazwisko: HOSTILE.name });
  edit(b, 'ugrupowania.csv', 'id_ugrupowania', 1, { nazwa: HOSTILE.group });
  edit(b, 'organy.csv', 'id_organu', 1, { nazwa: HOSTILE.body });
  edit(b, 'punkty.csv', 'id_punktu', 11, { tytul: HOSTILE.point });
  edit(b, 'zalaczniki.csv', 'id_zalacznika', 1, { nazwa: HOSTILE.attachmentName, url: HOSTILE.attachmentUrl });
  edit(b, 'posiedzenia.csv', 'id_posiedzenia', 1, { nazwa: HOSTILE.session });
  return b;
}

/** Body 2 (the Budget Committee of the hand council) made a council of its own: votes 8 and 9, session 3. */
export const SECOND_COUNCIL = 'Rada Gminy Lipno';

export function twoCouncils(): Bundle {
  const b = copy(HAND_COUNCIL);
  edit(b, 'organy.csv', 'id_organu', 2, { nazwa: SECOND_COUNCIL, typ: 'rada' });
  return b;
}

/** HTML with its five escapes undone: what a reader sees of the text (tags are left in place). */
export const decodeEntities = (html: string): string =>
  html
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#(?:39|x27);/g, "'")
    .replace(/&amp;/g, '&');
