// Text out to a writable stream (an HTTP response, a compressor, a file) in chunks, waiting whenever the
// stream says it is full: with a slow reader the producer pauses instead of buffering, so a download of
// millions of rows holds one chunk at a time. Shared by the CSV exports and the sitemap.

import type { Writable } from 'node:stream';

/** The reader went away (or the stream failed) before everything was written. */
export class OutputClosedError extends Error {
  override name = 'OutputClosedError';
}

/** UTF-8 takes at most three bytes for each UTF-16 code unit of a string. */
const MAX_UTF8_BYTES_PER_UNIT = 3;

/**
 * Text encoded as it is written into a chunk of bytes (`Buffer.write`), not gathered into a string and
 * encoded when the chunk goes out: a chunk gathered by `+=` from a million rows' short strings, some with
 * Polish letters, is a rope V8 must flatten before it encodes it — 1.9 s of CPU for 78 MB of rows against
 * 0.33 s written row by row into bytes (issue 41: the Sejm term's ballots file; the same bytes either way).
 */
export class TextWriter {
  private chunk: Buffer;
  private used = 0;

  /** `chunkBytes`: bytes gathered before they are handed to the stream. */
  constructor(
    private readonly out: Writable,
    private readonly chunkBytes = 64 * 1024,
  ) {
    this.chunk = this.newChunk();
  }

  /** Room for a full chunk and a long text after it, so that a text rarely sends a chunk early. */
  private newChunk(): Buffer {
    return Buffer.allocUnsafe(2 * this.chunkBytes);
  }

  /** Adds text; resolves at once unless a chunk went out and the stream asked to wait. */
  async write(text: string): Promise<void> {
    const most = text.length * MAX_UTF8_BYTES_PER_UNIT;
    if (this.used + most > this.chunk.length) {
      await this.flush();
      // Longer than any chunk (never a row in practice): out on its own.
      if (most > this.chunk.length) return this.send(Buffer.from(text, 'utf8'));
    }
    this.used += this.chunk.write(text, this.used, 'utf8');
    if (this.used >= this.chunkBytes) await this.flush();
  }

  /** Hands what is gathered to the stream and waits until it can take more. Does not end the stream. */
  async flush(): Promise<void> {
    const { out } = this;
    if (out.destroyed || out.writableEnded) throw new OutputClosedError('the output closed before the export ended');
    if (this.used === 0) return;
    // The stream may hold the bytes it was given until they are sent: the next text goes into a new chunk.
    const bytes = this.chunk.subarray(0, this.used);
    this.chunk = this.newChunk();
    this.used = 0;
    return this.send(bytes);
  }

  private async send(bytes: Buffer): Promise<void> {
    const { out } = this;
    if (out.destroyed || out.writableEnded) throw new OutputClosedError('the output closed before the export ended');
    if (out.write(bytes)) return;
    await new Promise<void>((resolve, reject) => {
      const done = (error?: Error) => {
        out.off('drain', onDrain);
        out.off('close', onClose);
        out.off('error', done);
        if (error) reject(new OutputClosedError(`the output failed: ${error.message}`));
        else resolve();
      };
      const onDrain = () => done();
      const onClose = () => done(new Error('closed'));
      out.on('drain', onDrain);
      out.on('close', onClose);
      out.on('error', done);
    });
  }
}
