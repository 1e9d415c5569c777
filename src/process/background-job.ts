// What a server process does besides answering requests — a builder's refresh (src/refresh.ts) and
// publisher (src/replication/publisher.ts), a replica's follower (src/replication/follower.ts) — seen
// the same way by whoever runs them (src/process/jobs.ts chooses them once, from the configuration).

export interface BackgroundJob {
  /** Opens what can fail (a port) before the process serves; nothing is scheduled yet. */
  open?(): Promise<void>;
  /** Starts its schedule, once the process serves: a start that fails schedules nothing. */
  start?(): void;
  /** Its work now, out of its schedule (SIGHUP): a refresh, a poll of the builder. */
  runNow?(): Promise<unknown>;
  /** Stops it; resolves once work in progress has ended. */
  stop(): Promise<void>;
}
