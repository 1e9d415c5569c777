// Cards rendered once per (snapshot, card): a card is a pure function of the snapshot's data, so its
// PNG is kept under that key until the cache is full (least recently used go first) or the snapshot is
// replaced. Concurrent requests for a card being rendered share the one rendering.

import { LRUCache } from 'lru-cache';
import { type CardData, renderCard } from './card.ts';

export interface CardCacheOptions {
  /** Bytes of PNG kept (a card is 20–60 KB). */
  maxBytes?: number;
  /** The renderer (tests count its calls). */
  render?: (card: CardData) => Promise<Buffer>;
}

export class CardCache {
  private readonly cards: LRUCache<string, Buffer>;
  private readonly pending = new Map<string, Promise<Buffer>>();
  private readonly render: (card: CardData) => Promise<Buffer>;
  /** Cards rendered (not served from the cache) since this cache was made. */
  rendered = 0;

  constructor(options: CardCacheOptions = {}) {
    this.cards = new LRUCache({ maxSize: options.maxBytes ?? 32 * 1024 * 1024, sizeCalculation: (png) => png.length });
    this.render = options.render ?? renderCard;
  }

  /**
   * The PNG of card `key` in `snapshot`; `data` is called only when it must be rendered, and may return
   * undefined (no such vote or councillor), which resolves to undefined and is not kept.
   */
  async get(snapshot: string, key: string, data: () => CardData | undefined): Promise<Buffer | undefined> {
    const id = `${snapshot}\0${key}`;
    const kept = this.cards.get(id);
    if (kept) return kept;
    const running = this.pending.get(id);
    if (running) return running;
    const card = data();
    if (card === undefined) return undefined;
    const rendering = this.render(card)
      .then((png) => {
        this.rendered++;
        this.cards.set(id, png);
        return png;
      })
      .finally(() => this.pending.delete(id));
    this.pending.set(id, rendering);
    return rendering;
  }

  /** Forgets every card of snapshots other than `current` (call when a new snapshot goes into service). */
  keepOnly(current: string): void {
    for (const id of this.cards.keys()) if (!id.startsWith(`${current}\0`)) this.cards.delete(id);
  }
}
