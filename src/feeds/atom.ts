// An Atom 1.0 document (RFC 4287) from plain data: the feed's id, title, updated, author and links, and
// each entry's id, title, updated, link and summary. Text is escaped here and nowhere else.

export const ATOM_MEDIA_TYPE = 'application/atom+xml; charset=utf-8';
export const ATOM_NS = 'http://www.w3.org/2005/Atom';

export interface AtomEntry {
  /** A permanent, absolute IRI (a name-based urn:uuid: here): the same entry keeps it in every snapshot. */
  id: string;
  title: string;
  /** RFC 3339 date-time with an offset. */
  updated: string;
  /** The entry's page: absolute with PUBLIC_URL, else a reference relative to the feed's own address. */
  link: string;
  summary: string;
  categories?: readonly string[] | undefined;
}

export interface AtomFeed {
  id: string;
  title: string;
  subtitle?: string | undefined;
  updated: string;
  /** The feed's own address (rel="self"); relative without PUBLIC_URL. */
  self: string;
  /** The page the feed follows (rel="alternate"). */
  alternate: string;
  author: string;
  /** The data's credit and licence. */
  rights?: string | undefined;
  entries: readonly AtomEntry[];
}

const escapeXml = (text: string): string =>
  // Characters XML 1.0 forbids (C0 controls but tab and line ends) cannot be escaped: they are dropped.
  text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch]!);

const element = (name: string, text: string) => `<${name}>${escapeXml(text)}</${name}>`;
const link = (rel: string, href: string, type?: string) =>
  `<link rel="${rel}" href="${escapeXml(href)}"${type ? ` type="${type}"` : ''}/>`;

export function atomXml(feed: AtomFeed): string {
  const lines = [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="${ATOM_NS}" xml:lang="pl">`,
    `  ${element('id', feed.id)}`,
    `  ${element('title', feed.title)}`,
    ...(feed.subtitle ? [`  ${element('subtitle', feed.subtitle)}`] : []),
    `  ${element('updated', feed.updated)}`,
    `  ${link('self', feed.self, 'application/atom+xml')}`,
    `  ${link('alternate', feed.alternate, 'text/html')}`,
    `  <author>${element('name', feed.author)}</author>`,
    ...(feed.rights ? [`  ${element('rights', feed.rights)}`] : []),
  ];
  for (const entry of feed.entries) {
    lines.push(
      '  <entry>',
      `    ${element('id', entry.id)}`,
      `    ${element('title', entry.title)}`,
      `    ${element('updated', entry.updated)}`,
      `    ${link('alternate', entry.link, 'text/html')}`,
      ...(entry.categories ?? []).map((term) => `    <category term="${escapeXml(term)}"/>`),
      `    ${element('summary', entry.summary)}`,
      '  </entry>',
    );
  }
  lines.push('</feed>');
  return `${lines.join('\n')}\n`;
}

const WARSAW_OFFSET = new Intl.DateTimeFormat('en', { timeZone: 'Europe/Warsaw', timeZoneName: 'longOffset' });

/** The offset of Warsaw time at an instant, e.g. `+01:00`. */
function warsawOffsetAt(instant: number): string {
  const name = WARSAW_OFFSET.formatToParts(instant).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  return name === 'GMT' ? '+00:00' : name.slice(3);
}

const minutesOf = (offset: string) =>
  (offset.startsWith('-') ? -1 : 1) * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6)));

/**
 * A vote's `data_czas` (`YYYY-MM-DDTHH:MM:SS`, Warsaw local time as the councils record it) as RFC 3339
 * with Warsaw's offset of that day: `2019-01-15T09:00:00+01:00`, `2019-07-01T09:00:00+02:00`.
 */
export function warsawDateTime(dataCzas: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/.exec(dataCzas);
  if (!m) throw new RangeError(`not a normalised data_czas: ${dataCzas}`);
  const asUtc = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]));
  // The offset at the local time read as UTC is off by an hour only around a change of offset; the
  // offset at the instant it gives is the local time's own.
  const offset = warsawOffsetAt(asUtc - minutesOf(warsawOffsetAt(asUtc)) * 60_000);
  return `${dataCzas}${offset}`;
}
