// Where the service's log lines go when they are not for a terminal: standard output, through pino's
// SonicBoom, written once a turn of the event loop. SonicBoom measures the UTF-8 length of everything it
// holds unwritten at each write: on a busy server every request's line measured again all the lines
// waiting for the write in flight (a rope, flattened each time). The lines of one turn go to it as one
// write: a live request's line went from 7.7 to 5.6 µs (docs/PERFORMANCE.md, issue 47's twenty-second
// session).

import { pino } from 'pino';

type SonicBoom = ReturnType<typeof pino.destination>;

/** The batches not yet written when the process exits: written then, synchronously. */
const unwritten = new Set<TurnBatch>();
let exitHooked = false;

/** pino's destination: the lines of a turn of the event loop, joined, to `sink`. */
export class TurnBatch {
  private lines: string[] = [];

  constructor(private readonly sink: SonicBoom) {
    if (!exitHooked) {
      // Before the SonicBoom's own exit hook (pino flushes it on exit): the lines of the last turn first.
      process.prependListener('exit', () => {
        for (const batch of unwritten)
          try {
            batch.flushSync();
          } catch {
            // Its stream is closed or gone: at exit there is nowhere else to write them.
          }
      });
      exitHooked = true;
    }
  }

  write(line: string): boolean {
    if (this.lines.push(line) === 1) {
      unwritten.add(this);
      setImmediate(this.writeTurn);
    }
    return true;
  }

  private readonly writeTurn = (): void => {
    if (this.lines.length === 0) return;
    const text = this.lines.length === 1 ? this.lines[0]! : this.lines.join('');
    this.lines = [];
    unwritten.delete(this);
    this.sink.write(text);
  };

  /** pino's `logger.flush(cb)`. */
  flush(done?: (error?: Error) => void): void {
    this.writeTurn();
    this.sink.flush(done);
  }

  flushSync(): void {
    this.writeTurn();
    this.sink.flushSync();
  }
}

/** Standard output for JSON lines, asynchronously, a turn's lines in one write. */
export const stdoutLines = (): TurnBatch => new TurnBatch(pino.destination({ dest: 1, sync: false }));
