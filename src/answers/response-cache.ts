// Answers kept serialized in this process's memory, per snapshot: the first of the answer sources
// (./sources.ts). An answer is a pure function of (snapshot, code, URL), so the bytes of a 200 can be
// sent again as they are; the cache belongs to its snapshot's sources (a swap drops it with the old
// data) and is bounded in bytes.

import { LRUCache } from 'lru-cache';
import type { Representations } from '../http/delivery.ts';
import type { AnswerSource } from './sources.ts';

/** Serialized answers of one snapshot, least recently used dropped first past `maxBytes` (lru-cache keeps the byte count exact, also when an entry is replaced). */
export class ResponseCache implements AnswerSource {
  readonly name = 'memory';
  /** It keeps the compressed forms too: nothing is compressed twice. */
  readonly keepsEncoded = true;
  private readonly entries: LRUCache<string, Representations>;

  /** `keepsPages`: whether it keeps pages of the website made live (not when an answer store keeps them: ./sources.ts). */
  constructor(
    maxBytes: number,
    readonly keepsPages = true,
  ) {
    this.entries = new LRUCache<string, Representations>({
      maxSize: maxBytes,
      // One huge answer must not flush the rest: anything over a 16th of the budget is not kept.
      maxEntrySize: Math.max(1, Math.floor(maxBytes / 16)),
      sizeCalculation: (entry) =>
        Math.max(entry.body.length + (entry.encoded.br?.length ?? 0) + (entry.encoded.gzip?.length ?? 0), 1),
    });
  }

  find(url: string): { entry: Representations } | undefined {
    const entry = this.entries.get(url);
    return entry && { entry };
  }

  /** Keeps `entry` (again, after it grew a compressed form, so that its size is counted). */
  keep(url: string, entry: Representations): void {
    this.entries.set(url, entry);
  }

  /** Bytes held now. */
  get size(): number {
    return this.entries.calculatedSize;
  }
}
