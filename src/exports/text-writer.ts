// Text out to a writable stream (an HTTP response, a compressor, a file) in chunks, waiting whenever the
// stream says it is full: with a slow reader the producer pauses instead of buffering, so a download of
// millions of rows holds one chunk at a time. Shared by the CSV exports and the sitemap.

import type { Writable } from 'node:stream';

/** The reader went away (or the stream failed) before everything was written. */
export class OutputClosedError extends Error {
  override name = 'OutputClosedError';
}

export class TextWriter {
  private buffer = '';

  /** `chunkChars`: text gathered before it is handed to the stream. */
  constructor(
    private readonly out: Writable,
    private readonly chunkChars = 64 * 1024,
  ) {}

  /** Adds text; resolves at once unless a chunk went out and the stream asked to wait. */
  async write(text: string): Promise<void> {
    this.buffer += text;
    if (this.buffer.length >= this.chunkChars) await this.flush();
  }

  /** Hands what is gathered to the stream and waits until it can take more. Does not end the stream. */
  async flush(): Promise<void> {
    const { out } = this;
    if (out.destroyed || out.writableEnded) throw new OutputClosedError('the output closed before the export ended');
    if (this.buffer === '') return;
    const chunk = this.buffer;
    this.buffer = '';
    if (out.write(chunk)) return;
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
