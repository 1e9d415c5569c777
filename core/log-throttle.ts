// At most one log line per interval for a message that an outage repeats on every request (issue 42: a
// PostgreSQL outage wrote 2,357 error lines in 24 s, one per 503). The first line is written at once;
// the others within the interval are counted, and the next line written carries that count.

export class LogThrottle {
  private last = Number.NEGATIVE_INFINITY;
  private skipped = 0;

  constructor(
    private readonly intervalMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Whether to write this line; when yes, how many were left out since the last one written. */
  take(): { write: false } | { write: true; suppressed: number } {
    const at = this.now();
    if (at - this.last < this.intervalMs) {
      this.skipped++;
      return { write: false };
    }
    this.last = at;
    const suppressed = this.skipped;
    this.skipped = 0;
    return { write: true, suppressed };
  }
}
