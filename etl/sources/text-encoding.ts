// A CSV bundle's files must be UTF-8 (CONTRACT §1). A file saved in another encoding decodes to
// U+FFFD where its letters were, silently: „Zażółć” becomes „Za���”. The readers check the bytes
// before decoding them and refuse such a file, naming the line and the encoding it most likely is. The
// Polish ones: ISO-8859-2 (Latin-2) and Windows-1250 share most letters' bytes (ł ó ę ż ć ń), differ in
// ą ś ź Ą Ś Ź, and Windows-1250 uses 0x80–0x9F, which ISO-8859-2 leaves to control codes.

import { isUtf8 } from 'node:buffer';

const LF = 0x0a;

/** ą ś ź Ą Ś Ź in ISO-8859-2 (in Windows-1250: ± ¶ Ľ ˇ ¦ ¬, unlikely in a council's names and titles). */
const LATIN2_ONLY = new Set([0xb1, 0xb6, 0xbc, 0xa1, 0xa6, 0xac]);

/** The encoding a text that is not UTF-8 most likely is, by its bytes. */
export function likelyEncoding(bytes: Buffer): { name: string; decoder: string } | null {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))
    return { name: 'UTF-16', decoder: bytes[0] === 0xff ? 'utf-16le' : 'utf-16be' };
  let windows = 0;
  let latin2 = 0;
  let high = 0;
  for (const byte of bytes) {
    if (byte < 0x80) continue;
    high++;
    if (byte < 0xa0) windows++;
    else if (LATIN2_ONLY.has(byte)) latin2++;
  }
  if (high === 0) return null;
  if (windows > 0) return { name: 'Windows-1250', decoder: 'windows-1250' };
  if (latin2 > 0) return { name: 'ISO-8859-2 (Latin-2)', decoder: 'iso-8859-2' };
  return {
    name: 'ISO-8859-2 (Latin-2) or Windows-1250 (its Polish letters are the same in both)',
    decoder: 'iso-8859-2',
  };
}

const shown = (text: string) => (text.length > 60 ? `${text.slice(0, 60)}…` : text);

/**
 * Where `bytes[start, end)` (whole lines, the first of them `line`) stops being UTF-8, and what to say:
 * undefined when it is UTF-8. Only called once a check of the whole range failed, so the scan per line
 * costs nothing on a good file.
 */
export function firstLineNotUtf8(
  bytes: Buffer,
  start: number,
  end: number,
  line: number,
): { line: number; message: string } | undefined {
  for (let at = start, n = line; at < end; n++) {
    const lf = bytes.indexOf(LF, at);
    const lineEnd = lf < 0 || lf >= end ? end : lf + 1;
    const text = bytes.subarray(at, lineEnd);
    if (!isUtf8(text)) return { line: n, message: notUtf8Message(text, bytes.subarray(start, end)) };
    at = lineEnd;
  }
  return undefined;
}

/** The refusal for `line` (its bytes), with the encoding `sample` (the file's bytes around it) most likely is. */
export function notUtf8Message(line: Buffer, sample: Buffer): string {
  const encoding = likelyEncoding(sample.length > 0 ? sample : line);
  const reads = encoding ? new TextDecoder(encoding.decoder).decode(line).replace(/\r?\n$/, '') : '';
  return (
    `is not UTF-8 text${encoding ? `: it looks like ${encoding.name}, in which this line reads "${shown(reads)}"` : ''}; ` +
    'save the file as UTF-8 and run again (nothing of the source is published meanwhile)'
  );
}

/**
 * Checks a stream of chunks (any cut) for UTF-8, counting lines from `line`: a sequence cut between
 * two chunks is checked whole with the next one. For the files csv-parse reads.
 */
export class Utf8Guard {
  private carry: Buffer | null = null;

  constructor(private line: number) {}

  /** The refusal, when the bytes so far stop being UTF-8; `last`: the stream ended. */
  check(chunk: Buffer, last = false): { line: number; message: string } | undefined {
    let bytes = this.carry ? Buffer.concat([this.carry, chunk]) : chunk;
    this.carry = null;
    let cut = bytes.length;
    if (!last) {
      // Up to three bytes of a character begun at the end are checked with the next chunk.
      let back = 0;
      while (back < 3 && back < bytes.length && (bytes[bytes.length - 1 - back]! & 0xc0) === 0x80) back++;
      const lead = bytes[bytes.length - 1 - back];
      if (lead !== undefined && lead >= 0xc0) cut = bytes.length - 1 - back;
      this.carry = cut < bytes.length ? Buffer.from(bytes.subarray(cut)) : null;
      bytes = bytes.subarray(0, cut);
    }
    if (!isUtf8(bytes))
      return (
        firstLineNotUtf8(bytes, 0, bytes.length, this.line) ?? {
          line: this.line,
          message: notUtf8Message(bytes, bytes),
        }
      );
    for (let at = bytes.indexOf(LF); at >= 0; at = bytes.indexOf(LF, at + 1)) this.line++;
    return undefined;
  }
}
