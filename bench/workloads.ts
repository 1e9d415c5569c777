// The request lists bench:api drives, taken from a built snapshot:
// - walk: every resource URL of the snapshot once, in a fixed shuffled order — what a crawler, a link
//   preview service or a site generator does; far larger than any response cache;
// - zipf: requests drawn from the walk with Zipf-distributed popularity (a few pages are hot, most are
//   rare), in a fixed order;
// - hot: a small mix over every GET endpoint with filters and pages (fits in the response cache).

import Database from 'better-sqlite3';

/** A deterministic PRNG (mulberry32): the same lists on every run. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled<T>(items: T[], seed: number): T[] {
  const out = [...items];
  const random = prng(seed);
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const COUNCILLOR_PATHS = [
  '',
  '/glosowania',
  '/profil-glosowania',
  '/frekwencja',
  '/frekwencja-czas',
  '/zgodnosc-grupa',
  '/koalicje',
  '/oponenci',
  '/glosowania-samotne',
  '/glosowania-kluczowe',
  '/glosowania-buntownicze',
  '/obecnosci',
];
/** The evidence of a councillor's figures that is answered live (CONTRACT §9): one ballot value, and a comparison. */
const EVIDENCE_PATHS = ['/glosowania?glos=przeciw', '/porownanie/:next'];
const VOTE_PATHS = ['', '/glosy', '/glosy?ugrupowanie=true', '/zalaczniki'];
const SESSION_PATHS = ['', '/punkty', '/obecnosci'];
const SEARCHES = [
  'budzet',
  'uchwala',
  'ustawy',
  'wniosek',
  'zmiana',
  'sprawozdanie',
  'porzadek',
  'miasta',
  'projekt',
  'skarga',
];
const GLOBAL_PATHS = [
  '/api/radni',
  '/api/statystyki/dashboard',
  '/api/statystyki/ranking-frekwencji',
  '/api/statystyki/ranking-buntownikow',
  '/api/statystyki/ranking-lojalistow',
  '/api/statystyki/najbardziej-kontrowersyjne',
  '/api/statystyki/najbardziej-jednomyslne',
  '/api/statystyki/aktywnosc-organow',
  '/api/statystyki/frekwencja-czas',
  '/api/statystyki/top-koalicje',
  '/api/posiedzenia',
  '/api/utils/ugrupowania',
  '/api/utils/organy',
  '/api/utils/kadencje',
  '/api/utils/stats',
  '/api/statystyki/spojnosc-ugrupowan',
];

/**
 * Every resource URL of the snapshot (the councillor's page is also reached by token), fixed shuffle.
 * With `sample`, about that many: every k-th councillor, token, vote, session and list page (k the
 * same for all, so the kinds keep their proportions), plus the searches and the global lists; for a
 * snapshot whose full walk would not fit in memory (all of Poland: ~33 million URLs).
 */
export function walkUrls(
  dbPath: string,
  { seed = 20261122, sample }: { seed?: number; sample?: number } = {},
): string[] {
  const db = new Database(dbPath, { readonly: true });
  try {
    const count = (table: string) => db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;
    const [people, votes, sessions] = [count('radny'), count('glosowanie'), count('posiedzenie')];
    const votePages = Math.ceil(votes / 20);
    const sessionPages = Math.ceil(sessions / 20);
    const total =
      people * (COUNCILLOR_PATHS.length + EVIDENCE_PATHS.length + 1) +
      votes * VOTE_PATHS.length +
      sessions * SESSION_PATHS.length +
      votePages +
      sessionPages -
      1;
    const stride = sample === undefined || sample >= total ? 1 : Math.ceil(total / sample);
    // Every stride-th row in id order: the same picks on every run.
    const pluck = <T>(sql: string) => {
      const picked: T[] = [];
      let row = 0;
      for (const value of db.prepare(sql).pluck().iterate()) if (++row % stride === 0) picked.push(value as T);
      return picked;
    };
    const pages = (n: number) => Array.from({ length: Math.floor(n / stride) }, (_, i) => (i + 1) * stride);
    const urls = [
      ...pluck<number>('SELECT id_osoby FROM radny ORDER BY id_osoby').flatMap((id) =>
        COUNCILLOR_PATHS.map((p) => `/api/radni/${id}${p}`),
      ),
      // Each councillor compared with the next in id order (the last with the first).
      ...pluck<string>(`SELECT json_array(id_osoby, coalesce(lead(id_osoby) OVER (ORDER BY id_osoby), (SELECT min(id_osoby) FROM radny)))
        FROM radny ORDER BY id_osoby`).flatMap((pair) => {
        const [id, next] = JSON.parse(pair) as [number, number];
        return EVIDENCE_PATHS.map((p) => `/api/radni/${id}${p.replace(':next', String(next))}`);
      }),
      ...pluck<string>('SELECT token FROM radny ORDER BY id_osoby').map((token) => `/api/radni/${token}`),
      ...pluck<number>('SELECT id_glosowania FROM glosowanie ORDER BY id_glosowania').flatMap((id) =>
        VOTE_PATHS.map((p) => `/api/glosowania/${id}${p}`),
      ),
      ...pluck<number>('SELECT id_posiedzenia FROM posiedzenie ORDER BY id_posiedzenia').flatMap((id) =>
        SESSION_PATHS.map((p) => `/api/posiedzenia/${id}${p}`),
      ),
      ...pages(votePages).map((page) => (page === 1 ? '/api/glosowania' : `/api/glosowania?page=${page}`)),
      ...pages(sessionPages)
        .filter((page) => page > 1)
        .map((page) => `/api/posiedzenia?page=${page}`),
      ...SEARCHES.map((s) => `/api/glosowania?search=${s}`),
      ...GLOBAL_PATHS,
    ];
    return shuffled([...new Set(urls)], seed);
  } finally {
    db.close();
  }
}

/**
 * `count` requests drawn from `urls` with Zipf popularity (exponent 1: the k-th most popular URL is
 * asked k times less often than the first); which URL is how popular is itself shuffled.
 */
export function zipfUrls(urls: string[], count: number, seed = 7): string[] {
  const random = prng(seed);
  const byPopularity = shuffled(urls, seed + 1);
  const cumulative = new Float64Array(byPopularity.length);
  let sum = 0;
  for (let k = 0; k < byPopularity.length; k++) cumulative[k] = sum += 1 / (k + 1);
  const pick = () => {
    const target = random() * sum;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cumulative[mid]! < target) lo = mid + 1;
      else hi = mid;
    }
    return byPopularity[lo]!;
  };
  return Array.from({ length: count }, pick);
}

/** A mix over every GET endpoint with ids, filters and pages from the data (the old bench's workload). */
export function hotUrls(dbPath: string): string[] {
  const db = new Database(dbPath, { readonly: true });
  const pluck = <T>(sql: string) => db.prepare(sql).pluck().all() as T[];
  const people = pluck<number>(
    `SELECT id_osoby FROM radny_stat WHERE kadencja = '*' ORDER BY liczba_glosowan DESC LIMIT 20`,
  );
  const tokens = pluck<string>(`SELECT token FROM radny WHERE id_osoby IN (${people.slice(0, 5).join(',')})`);
  const votes = pluck<number>('SELECT id_glosowania FROM glosowanie ORDER BY ord LIMIT 200');
  const sessions = pluck<number>('SELECT id_posiedzenia FROM posiedzenie ORDER BY ord LIMIT 20');
  const terms = pluck<string>('SELECT kadencja FROM kadencja');
  const bodies = pluck<number>('SELECT id_organu FROM organ LIMIT 5');
  db.close();
  const at = <T>(list: T[], i: number) => list[i % list.length]!;
  const urls: string[] = [];
  for (let i = 0; i < 20; i++) {
    const who = i % 4 === 0 ? at(tokens, i) : at(people, i);
    const term = at(terms, i);
    urls.push(
      ...COUNCILLOR_PATHS.map(
        (p) => `/api/radni/${who}${p}${p.includes('koalicje') && i % 2 ? `?kadencja=${term}` : ''}`,
      ),
      `/api/radni/${who}/glosowania?page=2&kadencja=${term}`,
      ...VOTE_PATHS.map((p) => `/api/glosowania/${at(votes, i * 7)}${p}`),
      ...SESSION_PATHS.map((p) => `/api/posiedzenia/${at(sessions, i)}${p}`),
      [
        `/api/glosowania?page=${1 + (i % 5)}`,
        `/api/glosowania?kadencja=${term}&limit=50`,
        `/api/glosowania?search=${at(SEARCHES, i)}`,
        `/api/glosowania?organ=${at(bodies, i)}&wynik=przyjeto`,
        '/api/glosowania?kontrowersyjnosc_min=50',
      ][i % 5]!,
      ...GLOBAL_PATHS.map((p) => (p.includes('ranking') && i % 2 ? `${p}?kadencja=${term}` : p)),
    );
  }
  return urls;
}

/** The kind of a URL for per-kind figures: its path with ids and tokens replaced. */
export function kindOf(url: string): string {
  const [path, query] = url.split('?') as [string, string | undefined];
  const shape = path.replace(/^\/api\/(radni|glosowania|posiedzenia)\/[^/]+/, '/api/$1/:id');
  if (query?.startsWith('ugrupowanie=')) return `${shape}?ugrupowanie=true`;
  if (query?.startsWith('search=')) return `${shape}?search=…`;
  if (query?.startsWith('page=')) return `${shape}?page=N`;
  if (query?.startsWith('glos=')) return `${shape}?glos=…`;
  if (shape.includes('/porownanie/')) return shape.replace(/\/porownanie\/[^/]+$/, '/porownanie/:id2');
  return shape;
}

/**
 * The website's walk (issue 43): every councillor's, vote's and session's page and the list pages
 * (the dashboard, the councillors, the rankings, every page of the votes and of the sessions), each
 * once, in a fixed shuffled order. `votesPage`, `sessionsPage`: the site's page sizes.
 */
export function sitePageUrls(
  dbPath: string,
  { votesPage, sessionsPage, seed = 20261129 }: { votesPage: number; sessionsPage: number; seed?: number },
): string[] {
  const db = new Database(dbPath, { readonly: true });
  try {
    const column = <T>(sql: string) => db.prepare(sql).pluck().all() as T[];
    const votes = column<number>('SELECT id_glosowania FROM glosowanie ORDER BY id_glosowania');
    const sessions = column<number>('SELECT id_posiedzenia FROM posiedzenie ORDER BY id_posiedzenia');
    const pages = (n: number, size: number) => Array.from({ length: Math.ceil(n / size) }, (_, i) => i + 1);
    const urls = [
      '/',
      '/radni',
      '/rankingi',
      ...pages(votes.length, votesPage).map((p) => `/glosowania?strona=${p}`),
      ...pages(sessions.length, sessionsPage).map((p) => `/posiedzenia?strona=${p}`),
      ...column<string>('SELECT token FROM radny ORDER BY id_osoby').map((token) => `/radni/${token}`),
      ...votes.map((id) => `/glosowania/${id}`),
      ...sessions.map((id) => `/posiedzenia/${id}`),
    ];
    return shuffled(urls, seed);
  } finally {
    db.close();
  }
}
