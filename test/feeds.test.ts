// The Atom feeds (src/feeds/): valid Atom 1.0 read by a strict XML parser and checked for RFC 4287's
// required elements, their entries counted on paper on the hand council, Warsaw's offset in every
// timestamp, links from PUBLIC_URL only (relative without it), and entry ids that survive a Radoskop
// re-import that renumbers the votes.

import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RADOSKOP_CREDIT, UNDESCRIBED_CSV_CREDIT } from '../core/credit.ts';
import { runEtl } from '../etl/run.ts';
import { ATOM_NS, atomXml, warsawDateTime } from '../src/feeds/atom.ts';
import { Feeds, feedId } from '../src/feeds/feeds.ts';
import { writeBundle } from './support/bundle.ts';
import { buildDatabase, removeDir, tempDir } from './support/fixture.ts';
import { HAND_COUNCIL } from './support/hand-council.ts';
import { RADOSKOP_ALFA_BETA, RADOSKOP_HAND, writeRadoskopHand } from './support/radoskop-hand.ts';
import { childText, children, parseXml } from './support/xml.ts';

const BASE = 'https://rada.example.org';
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const ABSOLUTE_IRI = /^[a-z][a-z0-9+.-]*:\S+$/;
/** A name-based (version 5) UUID as a URN (RFC 9562). */
const UUID_URN = /^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

interface ParsedEntry {
  id: string;
  title: string;
  updated: string;
  link: string;
  summary: string;
  categories: string[];
}

/** Parses a feed and checks what RFC 4287 requires of it and of every entry; returns the entries. */
function validAtom(xml: string): {
  id: string;
  updated: string;
  self: string;
  alternate: string;
  rights: string | undefined;
  entries: ParsedEntry[];
} {
  const feed = parseXml(xml).documentElement!;
  expect(feed.namespaceURI).toBe(ATOM_NS);
  expect(feed.localName).toBe('feed');
  const one = (parent: typeof feed, name: string) => {
    const found = children(parent, ATOM_NS, name);
    expect(found, `exactly one atom:${name} in ${parent.localName}`).toHaveLength(1);
    return found[0]!.textContent!;
  };
  const linkOf = (parent: typeof feed, rel: string) => {
    const links = children(parent, ATOM_NS, 'link').filter((l) => (l.getAttribute('rel') ?? 'alternate') === rel);
    expect(links.length, `atom:link rel=${rel}`).toBeLessThanOrEqual(1);
    return links[0]?.getAttribute('href') ?? undefined;
  };
  const id = one(feed, 'id');
  expect(id).toMatch(ABSOLUTE_IRI); // §4.2.6: an IRI, never relative
  expect(one(feed, 'title')).not.toBe('');
  const updated = one(feed, 'updated');
  expect(updated).toMatch(RFC3339);
  const authors = children(feed, ATOM_NS, 'author');
  expect(authors.length).toBeGreaterThan(0); // §4.1.1: the entries have none, so the feed must
  expect(childText(authors[0]!, ATOM_NS, 'name')).toBeTruthy();
  const self = linkOf(feed, 'self')!;
  const alternate = linkOf(feed, 'alternate')!;
  expect(self).toBeTruthy();
  const entries = children(feed, ATOM_NS, 'entry').map((entry): ParsedEntry => {
    const e = {
      id: one(entry, 'id'),
      title: one(entry, 'title'),
      updated: one(entry, 'updated'),
      link: linkOf(entry, 'alternate')!,
      summary: one(entry, 'summary'),
      categories: children(entry, ATOM_NS, 'category').map((c) => c.getAttribute('term')!),
    };
    expect(e.id).toMatch(ABSOLUTE_IRI);
    expect(e.updated).toMatch(RFC3339);
    expect(e.link, 'an entry without content must have an alternate link (§4.1.1.1)').toBeTruthy();
    return e;
  });
  expect(new Set(entries.map((e) => e.id)).size).toBe(entries.length);
  return { id, updated, self, alternate, rights: childText(feed, ATOM_NS, 'rights'), entries };
}

const dirs: string[] = [];
let hand: Database.Database;

beforeAll(async () => {
  const dir = tempDir();
  dirs.push(dir);
  await writeBundle(dir, HAND_COUNCIL);
  hand = new Database(await buildDatabase(dir), { readonly: true });
});
afterAll(() => {
  hand?.close();
  dirs.forEach(removeDir);
});

describe('Warsaw time in RFC 3339', () => {
  it("carries the day's offset, across both changes of it", () => {
    expect(warsawDateTime('2019-01-15T09:00:00')).toBe('2019-01-15T09:00:00+01:00');
    expect(warsawDateTime('2019-07-01T09:00:00')).toBe('2019-07-01T09:00:00+02:00');
    expect(warsawDateTime('2019-03-31T01:30:00')).toBe('2019-03-31T01:30:00+01:00'); // clocks go forward at 02:00
    expect(warsawDateTime('2019-03-31T03:30:00')).toBe('2019-03-31T03:30:00+02:00');
    expect(warsawDateTime('2019-10-27T03:30:00')).toBe('2019-10-27T03:30:00+01:00'); // and back at 03:00
    expect(() => warsawDateTime('2019-10-27')).toThrow(RangeError);
  });
});

describe('the newest votes of a council', () => {
  it("lists the council body's votes newest first, as valid Atom, with absolute links under PUBLIC_URL", () => {
    const xml = new Feeds(hand, { base: BASE, siteName: 'Rada Miasta', credit: UNDESCRIBED_CSV_CREDIT }).votes(1)!;
    const feed = validAtom(atomXml(xml));
    // Body 1 holds S1, S2, S4 (V8, V9 are the committee's); date order V14, V13, V12, V11, V10, V7, V6, V5, V3, V2, V1, V4.
    expect(feed.entries.map((e) => e.link)).toEqual(
      [14, 13, 12, 11, 10, 7, 6, 5, 3, 2, 1, 4].map((id) => `${BASE}/glosowania/${id}`),
    );
    // V14 has no roll call: its tally is the one the council stated, never „0 : 0”.
    expect(feed.entries[0]).toMatchObject({
      updated: '2019-02-01T13:00:00+01:00',
      summary: 'przyjęto 4 : 0, wstrzymało się 1 · Rada Miasta, posiedzenie LXXIV/2 · 1 lutego 2019, 13:00',
    });
    expect(feed.entries[1]).toMatchObject({
      updated: '2019-02-01T12:00:00+01:00',
      summary: 'odrzucono 1 : 0 · Rada Miasta, posiedzenie LXXIV/2 · 1 lutego 2019, 12:00',
    });
    expect(feed.updated).toBe('2019-02-01T13:00:00+01:00'); // the newest entry's, not the build's
    expect(feed.self).toBe(`${BASE}/glosowania/kanal.atom?organ=1`);
    expect(feed.alternate).toBe(`${BASE}/glosowania?organ=1`);
    // Ids are name-based UUIDs of the data's identity, whatever PUBLIC_URL says (see 'entry ids across snapshots').
    expect(feed.id).toBe(feedId('glosowania/rada-miasta'));
    expect(feed.entries[1]!.id).toBe(feedId('glosowanie/rada-miasta/2019-02-01T12:00:00/LXXIV%2F2/4')); // V13: number 4 of S4
    expect(feed.entries.every((e) => UUID_URN.test(e.id))).toBe(true);
    expect(feed.rights).toBe(UNDESCRIBED_CSV_CREDIT.text);
  });

  it("of a snapshot of several councils: titled by their names, not by the site's name for many (issue 36)", async () => {
    const dir = tempDir();
    dirs.push(dir);
    await writeRadoskopHand(join(dir, 'source'), RADOSKOP_ALFA_BETA);
    const dbPath = join(dir, 'councils.db');
    await runEtl({ source: join(dir, 'source'), format: 'radoskop', dbPath });
    const db = new Database(dbPath, { readonly: true });
    try {
      const councils = db
        .prepare("SELECT nazwa FROM organ WHERE typ = 'rada' ORDER BY id_organu")
        .pluck()
        .all() as string[];
      expect(councils).toHaveLength(2);
      // The site calls a snapshot of several councils „Głosowania rad” (src/site/data.ts siteNameOf).
      const xml = atomXml(new Feeds(db, { base: null, siteName: 'Głosowania rad', credit: RADOSKOP_CREDIT }).votes()!);
      expect(validAtom(xml).entries.length).toBeGreaterThan(0);
      expect(childText(parseXml(xml).documentElement!, ATOM_NS, 'title')).toBe(`Głosowania: ${councils.join(', ')}`);
    } finally {
      db.close();
    }
  });

  it('of the whole snapshot, and limited; an unknown body has none', () => {
    const feeds = new Feeds(hand, { base: BASE, siteName: 'Rada Miasta', credit: RADOSKOP_CREDIT, entries: 3 });
    const feed = validAtom(atomXml(feeds.votes()!));
    expect(feed.entries.map((e) => e.link)).toEqual([14, 13, 12].map((id) => `${BASE}/glosowania/${id}`));
    expect(feed.rights).toBe('Dane: Radoskop, na podstawie Biuletynów Informacji Publicznej rad, CC BY 4.0');
    expect(feeds.votes(99)).toBeUndefined();
  });

  it('without PUBLIC_URL: links relative to the feed, ids still absolute', () => {
    const feed = validAtom(
      atomXml(new Feeds(hand, { base: null, siteName: 'Rada Miasta', credit: UNDESCRIBED_CSV_CREDIT }).votes()!),
    );
    expect(feed.self).toBe('/glosowania/kanal.atom');
    expect(feed.entries[0]!.link).toBe('/glosowania/14');
    expect(feed.id).toBe(feedId('rada-miasta/glosowania')); // the whole snapshot's, not its council's feed
    expect(feed.entries.every((e) => !e.link.includes('//'))).toBe(true);
  });
});

describe("a councillor's feed", () => {
  it('holds their votes against their group and their decisive votes, newest first', () => {
    const feeds = new Feeds(hand, { base: BASE, siteName: 'Rada Miasta', credit: UNDESCRIBED_CSV_CREDIT });
    const feed = validAtom(atomXml(feeds.councillor('lucja-wrobel')!));
    // Łucja Wróbel (3): kluczowe V12, V8, V7; buntownicze V10 (hand-council.ts).
    expect(feed.entries.map((e) => e.link)).toEqual([12, 10, 8, 7].map((id) => `${BASE}/glosowania/${id}`));
    expect(feed.entries.map((e) => e.categories)).toEqual([
      ['głos decydujący'],
      ['wbrew ugrupowaniu'],
      ['głos decydujący'],
      ['głos decydujący'],
    ]);
    expect(feed.entries[1]!.summary).toBe(
      'Łucja Wróbel głosowała przeciw: wbrew większości swojego ugrupowania (Forum Samorządowe). ' +
        'Wynik: przyjęto 4 : 1 · Rada Miasta · 1 lutego 2019, 10:00',
    );
    expect(feed.entries[2]!.summary).toMatch(
      /^Łucja Wróbel głosowała za: ten głos przesądził o wyniku\. Wynik: przyjęto 2 : 1 · Komisja Budżetowa · 31 stycznia 2019$/,
    );
    expect(feed.self).toBe(`${BASE}/radni/lucja-wrobel/kanal.atom`);
    expect(feed.id).toBe(feedId('rada-miasta/radny/lucja-wrobel'));
    expect(feeds.councillor('nikt-taki')).toBeUndefined();
  });

  it('is empty but valid for someone who always voted with their group and never decided a vote', () => {
    // Anna Nowak (5): no group, so never against it; no decisive vote in hand-council.ts.
    const feed = validAtom(
      atomXml(
        new Feeds(hand, { base: BASE, siteName: 'Rada Miasta', credit: UNDESCRIBED_CSV_CREDIT }).councillor(
          'anna-nowak-2',
        )!,
      ),
    );
    expect(feed.entries).toEqual([]);
    expect(feed.updated).toMatch(RFC3339);
  });
});

describe('escaping', () => {
  it('writes any text as XML text, dropping what XML cannot hold', () => {
    const xml = atomXml({
      id: 'tag:x,2026:a',
      title: 'Tytuł <b>&amp; "cudzysłów"</b>\u0001',
      updated: '2026-01-01T00:00:00Z',
      self: '/a?b=1&c=2',
      alternate: '/',
      author: 'Rada & Co',
      entries: [
        {
          id: 'tag:x,2026:e',
          title: ']]> <![CDATA[',
          updated: '2026-01-01T00:00:00Z',
          link: '/e',
          summary: '<script>',
        },
      ],
    });
    const feed = validAtom(xml);
    expect(feed.self).toBe('/a?b=1&c=2');
    expect(feed.entries[0]).toMatchObject({ title: ']]> <![CDATA[', summary: '<script>' });
    expect(childText(parseXml(xml).documentElement!, ATOM_NS, 'title')).toBe('Tytuł <b>&amp; "cudzysłów"</b>');
  });
});

describe('entry ids across snapshots', () => {
  it('do not change when PUBLIC_URL is set or changed: readers would see every entry as new (issue 36)', () => {
    const idsUnder = (base: string | null) => {
      const feeds = new Feeds(hand, { base, siteName: 'Rada Miasta', credit: UNDESCRIBED_CSV_CREDIT });
      const votes = validAtom(atomXml(feeds.votes()!));
      const councillor = validAtom(atomXml(feeds.councillor('lucja-wrobel')!));
      return [votes.id, ...votes.entries.map((e) => e.id), councillor.id, ...councillor.entries.map((e) => e.id)];
    };
    const withoutAddress = idsUnder(null);
    expect(withoutAddress[0]).toBe(feedId('rada-miasta/glosowania'));
    expect(idsUnder(BASE)).toEqual(withoutAddress);
    expect(idsUnder('https://example.org/rada')).toEqual(withoutAddress);
  });

  it('are valid URIs (urn:uuid:, version 5) that differ between deployments of different data (issue 46)', async () => {
    // RFC 4151 wants a tagging authority the minter holds: „localhost” is none, and every deployment shared it.
    const dir = tempDir();
    dirs.push(dir);
    await writeRadoskopHand(join(dir, 'source'), RADOSKOP_HAND);
    await runEtl({ source: join(dir, 'source'), format: 'radoskop', dbPath: join(dir, 'other.db') });
    const other = new Database(join(dir, 'other.db'), { readonly: true });
    try {
      const idsOf = (db: Database.Database) => {
        const feeds = new Feeds(db, { base: BASE, siteName: 'x', credit: UNDESCRIBED_CSV_CREDIT });
        const votes = validAtom(atomXml(feeds.votes()!));
        const token = db.prepare('SELECT token FROM radny ORDER BY id_osoby LIMIT 1').pluck().get() as string;
        const councillor = validAtom(atomXml(feeds.councillor(token)!));
        return [votes.id, ...votes.entries.map((e) => e.id), councillor.id, ...councillor.entries.map((e) => e.id)];
      };
      const [here, there] = [idsOf(hand), idsOf(other)];
      for (const id of [...here, ...there]) expect(id).toMatch(UUID_URN);
      expect(here[0]).not.toBe(there[0]);
      expect(here.filter((id) => there.includes(id))).toEqual([]);
    } finally {
      other.close();
    }
  });

  it("survive a Radoskop re-import that renumbers every later council's votes", async () => {
    const dir = tempDir();
    dirs.push(dir);
    const build = async (files: Record<string, unknown>, name: string) => {
      const source = join(dir, `${name}-source`);
      await writeRadoskopHand(source, files);
      const dbPath = join(dir, `${name}.db`);
      await runEtl({ source, format: 'radoskop', dbPath });
      return new Database(dbPath, { readonly: true });
    };
    const before = await build(RADOSKOP_HAND, 'before');
    const term = RADOSKOP_HAND['alfa-city/kadencja-2024-2029.json'] as { votes: Array<Record<string, unknown>> };
    const added = {
      ...RADOSKOP_HAND,
      'alfa-city/kadencja-2024-2029.json': {
        ...term,
        votes: [...term.votes, { ...term.votes[0], id: 'b9', session_date: '2024-05-21', topic: 'Nowe' }],
      },
    };
    const after = await build(added, 'after');
    try {
      const betaFeed = (db: Database.Database) => {
        const beta = db.prepare("SELECT id_organu FROM organ WHERE nazwa LIKE '%Beta%'").pluck().get() as number;
        return validAtom(atomXml(new Feeds(db, { base: BASE, siteName: 'x', credit: RADOSKOP_CREDIT }).votes(beta)!))
          .entries;
      };
      const [was, is] = [betaFeed(before), betaFeed(after)];
      expect(is.map((e) => e.link)).not.toEqual(was.map((e) => e.link)); // the votes were renumbered…
      expect(is.map((e) => e.id)).toEqual(was.map((e) => e.id)); // …and keep their entries' ids
      expect(is).toHaveLength(3);
    } finally {
      before.close();
      after.close();
    }
  });
});
