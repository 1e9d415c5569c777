// What the website reads from a snapshot besides the endpoints' answers: the data's credit, name
// search, the bulk files, preview cards' data, feeds and sitemaps (src/credit.ts, src/find/,
// src/exports/, src/cards/, src/feeds/, src/sitemap/): renderings of the whole snapshot rather than
// answers of the API. Each is made on first use and kept with the snapshot (its statements are
// prepared once), and dropped with it. The website reaches the snapshot through these and the
// endpoints only (test/architecture.test.ts).

import { readCredit } from '../credit.ts';
import type { DataCredit } from '../../core/credit.ts';
import type { Vocabulary } from '../../core/topics.ts';
import { CardQueries } from '../cards/data.ts';
import { BulkExports } from '../exports/bulk.ts';
import { Feeds } from '../feeds/feeds.ts';
import { FindQueries } from '../find/queries.ts';
import type { PublicUrl } from '../public-url.ts';
import { Sitemaps } from '../sitemap/sitemap.ts';
import { wordingOf } from '../text/wording.ts';
import { titleCutsOf } from '../titles.ts';
import type { Snapshot } from './snapshot.ts';

export class SiteReaders {
  private creditRead: DataCredit | undefined;
  private titleCutsRead: readonly number[] | undefined;
  private findQueries: FindQueries | undefined;
  private cardQueries: CardQueries | undefined;
  private sitemapFiles: Sitemaps | undefined;
  private bulkFiles: BulkExports | undefined;
  private readonly feedsByBase = new Map<string, Feeds>();

  constructor(private readonly snapshot: Snapshot) {}

  get credit(): DataCredit {
    return (this.creditRead ??= readCredit(this.snapshot.db));
  }

  /** The snapshot's bodies (councils, their committees, the Sejm): what its downloads are named after. */
  get bodies(): ReadonlyArray<{ id_organu: number; nazwa: string; typ: string }> {
    return this.snapshot.queries.utils.bodiesList();
  }

  /** The lengths at which the snapshot's source cuts vote titles (src/titles.ts). */
  get titleCuts(): readonly number[] {
    return (this.titleCutsRead ??= titleCutsOf(this.snapshot.db));
  }

  get find(): FindQueries {
    return (this.findQueries ??= new FindQueries(this.snapshot.db, this.snapshot.queries.glosowania));
  }

  get cards(): CardQueries {
    return (this.cardQueries ??= new CardQueries(
      this.snapshot.db,
      this.credit,
      wordingOf(this.snapshot.queries.utils.bodiesList()),
      this.titleCuts,
    ));
  }

  /** The bulk files over the snapshot's own connection (a download opens its own: `BulkExports.forDownload`). */
  get bulk(): BulkExports {
    return (this.bulkFiles ??= new BulkExports(this.snapshot.db));
  }

  /** The topic vocabulary the snapshot was built with (CONTRACT §11): ids, names and patterns, in file order. */
  get vocabulary(): Vocabulary {
    return this.snapshot.queries.utils.vocabulary;
  }

  get sitemaps(): Sitemaps {
    return (this.sitemapFiles ??= new Sitemaps(this.snapshot.db));
  }

  /** The feeds under this public address, by this site's name. */
  feeds(base: PublicUrl, siteName: string): Feeds {
    const key = `${base ?? ''}\0${siteName}`;
    let feeds = this.feedsByBase.get(key);
    if (!feeds)
      this.feedsByBase.set(
        key,
        (feeds = new Feeds(this.snapshot.db, { base, siteName, credit: this.credit, titleCuts: this.titleCuts })),
      );
    return feeds;
  }
}

const readers = new WeakMap<Snapshot, SiteReaders>();

/** The readers of `snapshot`, made once. */
export function readersOf(snapshot: Snapshot): SiteReaders {
  let found = readers.get(snapshot);
  if (!found) readers.set(snapshot, (found = new SiteReaders(snapshot)));
  return found;
}
