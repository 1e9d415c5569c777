// Where the bytes of an answer may be already, before any handler runs: an answer is a function of
// (snapshot, code, URL), so once made it can be sent again as it is. For one snapshot (and this code)
// the sources are consulted in order, each once: the memory of this process (./response-cache.ts), the
// answers stored with the snapshot (./stored.ts), the answer store on disk (./answer-store.ts). What
// none has is made live by the endpoint's handler and kept by every source that keeps answers.
//
// What is found in a later source is not copied into the memory: the stored answers are one indexed
// read, and the answer store is read through a memory map, a copy out of the OS's page cache. Copying
// each answer read there into the memory cost more than the read it saved (the site walk: every page
// held until the LRU dropped it, and the garbage collector's work with it; docs/PERFORMANCE.md, issue
// 43's fourth session). What the memory keeps is what costs work to make again: answers made live, and
// compressed forms (`grew`), so a page asked for in brotli is compressed once. A page of the website
// made live is kept by the memory only when no answer store keeps it: pages are large (116 KB on the
// Sejm term), and 64 MB of them held in the memory made V8 collect the old generation in place of the
// young one on every walk past them (mark-compacts 8 times as often, the GC's share of a page 20 %
// against 9 %; docs/PERFORMANCE.md, issue 43's fifth session), while the store reads one back at the
// cost of a copy out of its map. The memory's budget stays with the API's answers.

import type { Encoding, Representations } from '../http/delivery.ts';
import type { AnyEndpoint } from './endpoint.ts';

/** What a source found. */
export type Found =
  /** The answer's JSON, with its compressed forms as far as they were made. */
  | { entry: Representations }
  /** Bytes in their final form: in `encoding` (null: the JSON itself). */
  | { bytes: Buffer; encoding: Encoding | null };

/**
 * What is asked for besides the URL: the encoding the client takes, and the endpoint and path
 * parameters (as sent) it is for; no endpoint: a page of the website (kept, never stored with the snapshot).
 */
export interface Asked {
  wanted: Encoding | null;
  endpoint?: AnyEndpoint;
  params: Record<string, string>;
}

export interface AnswerSource {
  readonly name: string;
  find(url: string, asked: Asked): Found | undefined;
  /** Keeps an answer for `url` (made live, or found in a later source); absent: the source is only read. */
  keep?(url: string, entry: Representations): void;
  /** Keeps an answer when it grows a compressed form (the memory, which counts its bytes). */
  readonly keepsEncoded: boolean;
  /** False: keeps no page of the website made live (the memory, beside an answer store that keeps them). */
  readonly keepsPages?: boolean;
}

/** The sources of one snapshot, in the order they are consulted. */
export class AnswerSources {
  constructor(readonly sources: readonly AnswerSource[]) {}

  /** The answer for `url` from the first source that has it. */
  find(url: string, asked: Asked): Found | undefined {
    for (const source of this.sources) {
      const found = source.find(url, asked);
      if (found) return found;
    }
    return undefined;
  }

  /** An answer just made by its handler (`page`: a page of the website): kept by every source that keeps answers (of its kind). */
  made(url: string, entry: Representations, { page = false } = {}): void {
    for (const source of this.sources) if (!page || source.keepsPages !== false) source.keep?.(url, entry);
  }

  /** An answer that grew a compressed form while being sent. */
  grew(url: string, entry: Representations): void {
    for (const source of this.sources) if (source.keepsEncoded) source.keep?.(url, entry);
  }
}
