// Two small councils in Radoskop's shape (CONTRACT §8), written by hand to exercise every rule and
// quirk, and the ids and figures they must produce, worked out on paper from §8 (not by running code).
//
// ── The source (folders in byte order: alfa-city, then beta-city) ───────────────────────────
// alfa-city/ (files directly in the folder)
//   config.json: city_name Alfa, city_genitive Alfy, kadencje 2018-2023 start 2018-11-20
//   kadencja-2018-2023.json
//     councilor_index: [0 Ewa Zając, 1 "Jan  Kowalski " (collapsed: Jan Kowalski), 2 Adam Nowak, 3 Piotr Lis]
//     councilors (another order): Adam Nowak KO · Jan Kowalski " PiS " · Ewa Zając niezrzeszona · Zofia Wójcik KO
//       → Piotr Lis has no club (only in the index); Zofia Wójcik is named only in councilors
//     votes in FILE order (date, session_number, topic, named_votes by index):
//       a1  2019-01-10 "II"   "  Budżet   2019 "  za [1,2] przeciw [0] wstrzymal_sie [3]; counts za 3 (list has 2)
//       a0  2018-12-05 "I"    "Porządek obrad"    za [0,1,2] przeciw [3]
//       a2  2019-01-10 ""     ""                  za [0,1] przeciw [2] nieobecni [3, 7] (7: outside the list)
//       a3  2019-02-01 ""     "Skarga"            za [0,2,0] (Ewa twice) przeciw [1] brak_glosu [3]
//       a4  2019-02-01 "IV"   "Wniosek"           no named_votes
//   kadencja-2024-2029.json (no councilor_index: indexes point into councilors)
//     councilors: [0 Adam Nowak KO, 1 Marta Sowa "-", 2 Jan Kowalski Razem]
//       b0 2024-05-20 "I" "Ślubowanie"              za [0,1,2]
//       b1 2024-05-20 "I" "Wybór przewodniczącego"  za [0,2] przeciw [1]
// beta-city/docs/ (the layout of Radoskop's per-council repositories)
//   config.json: city_name Beta (no genitive), kadencje 2024-2029 start 2024-05-07
//   kadencja-2024-2029.json
//     councilor_index: [0 Tomasz Bąk, 1 Jan Kowalski, 2 Olga Kruk]; councilors: Olga Kruk KO · Jan Kowalski NIEZRZESZENI · Tomasz Bąk "?"
//       c0 2024-06-03 "LXXIV/2" "Budżet"        za [0,1] przeciw [2]
//       c1 2024-06-03 "LXXIV/2" "Uchwała"       za [2] przeciw [0,1] wstrzymal_sie []; counts wstrzymal_sie 1 (list has 0)
//       c2 2024-06-20 null      "Absolutorium"  za [0,1,2]
//
// ── What §8 makes of it ───────────────────────────────────────────────────────────────────────
// organy   1 Rada Miasta Alfy (rada) · 2 Rada Miasta Beta (rada: no genitive, city_name)
// kadencje 2018-2023 from 2018-11-20 (Alfa's config) · 2024-2029 from 2024-05-07 (min of Alfa's first vote
//          2024-05-20 and Beta's config 2024-05-07)
// persons  Alfa 2018-2023 in index order: 1 Ewa Zając, 2 Jan Kowalski, 3 Adam Nowak, 4 Piotr Lis, then only in
//          councilors: 5 Zofia Wójcik; Alfa 2024-2029 (councilors order): Adam (3), 6 Marta Sowa, Jan (2);
//          Beta (index order): 7 Tomasz Bąk, 8 Jan Kowalski (a second person: another council), 9 Olga Kruk
// groups   first appearance in person order: Ewa niezrzeszona → none; Jan "PiS" → 1 PiS; Adam → 2 KO;
//          Piotr none; Zofia KO (2); 2024: Adam KO, Marta "-" none, Jan → 3 Razem; Beta: Tomasz "?" none,
//          Jan NIEZRZESZENI none, Olga KO (2, the same string as Alfa's)
// memberships by (person, term): m1 Ewa 2018 none · m2 Jan 2018 PiS · m3 Jan 2024 Razem · m4 Adam 2018 KO ·
//          m5 Adam 2024 KO · m6 Piotr 2018 none · m7 Zofia 2018 KO · m8 Marta 2024 none · m9 Tomasz 2024 none ·
//          m10 Jan(B) 2024 none · m11 Olga 2024 KO
// sessions Alfa 2018: 1 2018-12-05 "I" · 2 2019-01-10 "II" (a1 is that date's first vote in file order) ·
//          3 2019-02-01 "3" (a3, its first vote, has no number: the position; a4's "IV" is not used)
//          Alfa 2024: 4 2024-05-20 "I" · Beta: 5 2024-06-03 "LXXIV/2" · 6 2024-06-20 "2" (null: position)
// votes    sorted stably by date: 1 a0 · 2 a1 · 3 a2 · 4 a3 · 5 a4 · 6 b0 · 7 b1 · 8 c0 · 9 c1 · 10 c2
//          numer in session: V1 1 · V2 1 · V3 2 · V4 1 · V5 2 · V6 1 · V7 2 · V8 1 · V9 2 · V10 1
//          tytul: V2 "Budżet 2019" (collapsed) · V3 "Głosowanie 2" (empty topic)
// ballots  V1 Ewa Z, Jan Z, Adam Z, Piotr P · V2 Jan Z, Adam Z, Ewa P, Piotr W · V3 Ewa Z, Jan Z, Adam P, Piotr N
//          V4 Adam Z, Jan P, Piotr B (Ewa's two entries dropped) · V5 none · V6 Adam Z, Marta Z, Jan Z
//          V7 Adam Z, Jan Z, Marta P · V8 Tomasz Z, Jan(B) Z, Olga P · V9 Olga Z, Tomasz P, Jan(B) P
//          V10 Tomasz Z, Jan(B) Z, Olga Z — 30 ballots
// attachments only for a non-empty source_url: 1 → V1, 2 → V2, 3 → V5, 4 → V8
// warnings (file, vote id): a1 counts.za · a2 index 7 · a3 Ewa listed twice · a4 no named votes · c1 counts.wstrzymal_sie

import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const vote = (id: string, session_date: string, session_number: string | null, topic: string, named: Record<string, number[]> | null,
  extra: Record<string, unknown> = {}) => ({
  id, session_date, session_number, topic, ...(named === null ? {} : { named_votes: named }), ...extra,
});

export const RADOSKOP_HAND: Record<string, unknown> = {
  'alfa-city/config.json': { city_name: 'Alfa', city_genitive: 'Alfy', kadencje: { '2018-2023': { label: 'VIII kadencja', start: '2018-11-20' } } },
  'alfa-city/kadencja-2018-2023.json': {
    id: '2018-2023',
    councilor_index: ['Ewa Zając', 'Jan  Kowalski ', 'Adam Nowak', 'Piotr Lis'],
    councilors: [
      { name: 'Adam Nowak', club: 'KO' }, { name: 'Jan Kowalski', club: ' PiS ' },
      { name: 'Ewa Zając', club: 'niezrzeszona' }, { name: 'Zofia Wójcik', club: 'KO' },
    ],
    votes: [
      vote('a1', '2019-01-10', 'II', '  Budżet   2019 ', { za: [1, 2], przeciw: [0], wstrzymal_sie: [3], brak_glosu: [], nieobecni: [] },
        { counts: { za: 3, przeciw: 1, wstrzymal_sie: 1, brak_glosu: 0, nieobecni: 0 }, source_url: 'https://bip.alfa.example/2019-01-10.pdf' }),
      vote('a0', '2018-12-05', 'I', 'Porządek obrad', { za: [0, 1, 2], przeciw: [3] },
        { counts: { za: 3, przeciw: 1, wstrzymal_sie: 0, brak_glosu: 0, nieobecni: 0 }, source_url: 'https://bip.alfa.example/2018-12-05.pdf' }),
      vote('a2', '2019-01-10', '', '', { za: [0, 1], przeciw: [2], nieobecni: [3, 7] },
        { counts: { za: 2, przeciw: 1, wstrzymal_sie: 0, brak_glosu: 0, nieobecni: 2 } }),
      vote('a3', '2019-02-01', '', 'Skarga', { za: [0, 2, 0], przeciw: [1], brak_glosu: [3] },
        { counts: { za: 3, przeciw: 1, wstrzymal_sie: 0, brak_glosu: 1, nieobecni: 0 }, source_url: '' }),
      vote('a4', '2019-02-01', 'IV', 'Wniosek', null, { counts: { za: 4 }, source_url: 'https://bip.alfa.example/2019-02-01.pdf' }),
    ],
  },
  'alfa-city/kadencja-2024-2029.json': {
    id: '2024-2029',
    councilors: [{ name: 'Adam Nowak', club: 'KO' }, { name: 'Marta Sowa', club: '-' }, { name: 'Jan Kowalski', club: 'Razem' }],
    votes: [
      vote('b0', '2024-05-20', 'I', 'Ślubowanie', { za: [0, 1, 2] }),
      vote('b1', '2024-05-20', 'I', 'Wybór przewodniczącego', { za: [0, 2], przeciw: [1] }),
    ],
  },
  'beta-city/docs/config.json': { city_name: 'Beta', kadencje: { '2024-2029': { start: '2024-05-07' } } },
  'beta-city/docs/kadencja-2024-2029.json': {
    id: '2024-2029',
    councilor_index: ['Tomasz Bąk', 'Jan Kowalski', 'Olga Kruk'],
    councilors: [{ name: 'Olga Kruk', club: 'KO' }, { name: 'Jan Kowalski', club: 'NIEZRZESZENI' }, { name: 'Tomasz Bąk', club: '?' }],
    votes: [
      vote('c0', '2024-06-03', 'LXXIV/2', 'Budżet', { za: [0, 1], przeciw: [2] },
        { counts: { za: 2, przeciw: 1, wstrzymal_sie: 0, brak_glosu: 0, nieobecni: 0 }, source_url: 'https://bip.beta.example/c0.pdf' }),
      vote('c1', '2024-06-03', 'LXXIV/2', 'Uchwała', { za: [2], przeciw: [0, 1], wstrzymal_sie: [] },
        { counts: { za: 1, przeciw: 2, wstrzymal_sie: 1, brak_glosu: 0, nieobecni: 0 } }),
      vote('c2', '2024-06-20', null, 'Absolutorium', { za: [0, 1, 2] }),
    ],
  },
};

/** Writes the hand source into `dir` (created if missing). */
export async function writeRadoskopHand(dir: string, files: Record<string, unknown> = RADOSKOP_HAND): Promise<void> {
  for (const [path, content] of Object.entries(files)) {
    await mkdir(join(dir, path, '..'), { recursive: true });
    await writeFile(join(dir, path), typeof content === 'string' ? content : JSON.stringify(content, null, 1));
  }
}
