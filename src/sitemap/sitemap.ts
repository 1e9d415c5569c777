// robots.txt and the sitemaps (sitemaps.org protocol 0.9): an index naming files of at most 50,000 URLs
// each, which list the main lists, then every councillor, session and vote page. A file is written
// straight from the snapshot in batches: councillors by name_rank, sessions and votes by ord, each of
// which numbers its rows 1..n, so file k is a range of them without counting through the earlier ones
// (all of Poland: 7 million votes, 140 files). Sitemaps need absolute URLs, so they exist only with
// PUBLIC_URL; robots.txt names the index only then.

import type { Writable } from 'node:stream';
import type Database from 'better-sqlite3';
import { TextWriter } from '../exports/text-writer.ts';
import { plucked } from '../snapshot/statement.ts';
import { absoluteUrl } from '../public-url.ts';
import { FILES, PAGES, pagePath, sitemapPath } from '../urls/paths.ts';

export { sitemapPath };

/** The protocol's limit of URLs per file. */
export const SITEMAP_URL_LIMIT = 50_000;
export const SITEMAP_INDEX_PATH = FILES.sitemapIndex;
/** The lists every visitor starts from, first in the first file. */
export const SITE_LISTS: readonly string[] = [
  PAGES.home,
  PAGES.councillors,
  PAGES.votes,
  PAGES.sessions,
  PAGES.rankings,
  PAGES.topics,
].map((page) => pagePath(page));

export const XML_MEDIA_TYPE = 'application/xml; charset=utf-8';

const BATCH = 5000;

const escapeXml = (text: string): string =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[ch]!);

/** robots.txt: everything but the API may be crawled; the sitemap index is named when there is a public URL. */
export function robotsTxt(base: string | null): string {
  const lines = ['User-agent: *', 'Disallow: /api/'];
  if (base !== null) lines.push('', `Sitemap: ${absoluteUrl(base, SITEMAP_INDEX_PATH)}`);
  return `${lines.join('\n')}\n`;
}

interface Section {
  /** Rows in the section; their ranks are 1..count. */
  count: number;
  /** Paths of the rows with rank in [from, to], in rank order. */
  paths: (from: number, to: number) => string[];
}

/** The sitemaps of one snapshot; build once per snapshot and reuse. */
export class Sitemaps {
  private readonly sections: Section[];

  constructor(
    db: Database.Database,
    private readonly urlsPerFile = SITEMAP_URL_LIMIT,
    lists: readonly string[] = SITE_LISTS,
  ) {
    if (!Number.isInteger(urlsPerFile) || urlsPerFile < 1 || urlsPerFile > SITEMAP_URL_LIMIT) {
      throw new RangeError(`sitemap: urlsPerFile must be an integer in 1..${SITEMAP_URL_LIMIT}, got ${urlsPerFile}`);
    }
    const count = (table: string) => plucked<[], number>(db, `SELECT count(*) FROM ${table}`).get()!;
    const councillors = plucked<[number, number], string>(
      db,
      'SELECT token FROM radny WHERE name_rank BETWEEN ? AND ? ORDER BY name_rank',
    );
    const sessions = plucked<[number, number], number>(
      db,
      'SELECT id_posiedzenia FROM posiedzenie WHERE ord BETWEEN ? AND ? ORDER BY ord',
    );
    const votes = plucked<[number, number], number>(
      db,
      'SELECT id_glosowania FROM glosowanie WHERE ord BETWEEN ? AND ? ORDER BY ord',
    );
    const councillor = (token: string) => pagePath(PAGES.councillor, { token });
    const session = (id: number) => pagePath(PAGES.session, { id });
    const vote = (id: number) => pagePath(PAGES.vote, { id });
    this.sections = [
      { count: lists.length, paths: (from, to) => lists.slice(from - 1, to) },
      {
        count: count('radny'),
        paths: (from, to) => councillors.all(from, to).map((token) => councillor(token)),
      },
      {
        count: count('posiedzenie'),
        paths: (from, to) => sessions.all(from, to).map((id) => session(id)),
      },
      { count: count('glosowanie'), paths: (from, to) => votes.all(from, to).map((id) => vote(id)) },
    ];
  }

  /** URLs in all files. */
  get urls(): number {
    return this.sections.reduce((sum, s) => sum + s.count, 0);
  }

  /** Sitemap files (at least one). */
  get files(): number {
    return Math.max(1, Math.ceil(this.urls / this.urlsPerFile));
  }

  /** The sitemap index: one entry per file. */
  index(base: string): string {
    const entries = Array.from(
      { length: this.files },
      (_, i) => `<sitemap><loc>${escapeXml(absoluteUrl(base, sitemapPath(i + 1)))}</loc></sitemap>\n`,
    );
    return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('')}</sitemapindex>\n`;
  }

  /**
   * Writes sitemap file `n` (1-based) to `out` (not ended) and returns its URL count; a RangeError for a
   * file that does not exist.
   */
  async write(n: number, base: string, out: Writable): Promise<number> {
    if (!Number.isInteger(n) || n < 1 || n > this.files)
      throw new RangeError(`no sitemap file ${n} (there are ${this.files})`);
    const writer = new TextWriter(out);
    await writer.write(
      '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n',
    );
    // The file's URLs are positions [first, last] of the sections laid end to end.
    const first = (n - 1) * this.urlsPerFile + 1;
    const last = Math.min(n * this.urlsPerFile, this.urls);
    let written = 0;
    let offset = 0;
    for (const section of this.sections) {
      const from = Math.max(first - offset, 1);
      const to = Math.min(last - offset, section.count);
      for (let start = from; start <= to; start += BATCH) {
        const paths = section.paths(start, Math.min(start + BATCH - 1, to));
        await writer.write(
          paths.map((path) => `<url><loc>${escapeXml(absoluteUrl(base, path))}</loc></url>\n`).join(''),
        );
        written += paths.length;
      }
      offset += section.count;
    }
    await writer.write('</urlset>\n');
    await writer.flush();
    return written;
  }
}
