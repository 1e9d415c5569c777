// Where the bytes of an answer may be already, before any handler runs: an answer is a function of
// (snapshot, code, URL), so once made it can be sent again as it is. For one snapshot (and this code)
// the sources are consulted in order, each once: the memory of this process (./response-cache.ts), the
// answers stored with the snapshot (./stored.ts), the answer store on disk (./answer-store.ts). What
// none has is made live by the endpoint's handler and kept by every source that keeps answers.

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
  /** Keeps an answer again when it grows a compressed form (the memory, which counts its bytes). */
  readonly keepsEncoded: boolean;
  /** An answer found here is kept by the sources before it (read from disk, kept in memory for the next request). */
  readonly promote: boolean;
}

/** The sources of one snapshot, in the order they are consulted. */
export class AnswerSources {
  constructor(readonly sources: readonly AnswerSource[]) {}

  /** The answer for `url` from the first source that has it. */
  find(url: string, asked: Asked): Found | undefined {
    for (let i = 0; i < this.sources.length; i++) {
      const source = this.sources[i]!;
      const found = source.find(url, asked);
      if (!found) continue;
      if (source.promote && 'entry' in found)
        for (let before = 0; before < i; before++) this.sources[before]!.keep?.(url, found.entry);
      return found;
    }
    return undefined;
  }

  /** An answer just made by its handler: kept by every source that keeps answers. */
  made(url: string, entry: Representations): void {
    for (const source of this.sources) source.keep?.(url, entry);
  }

  /** An answer that grew a compressed form while being sent. */
  grew(url: string, entry: Representations): void {
    for (const source of this.sources) if (source.keepsEncoded) source.keep?.(url, entry);
  }
}
