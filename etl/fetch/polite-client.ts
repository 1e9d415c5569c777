// An HTTP client that is polite to public APIs and robust against them: a bounded number of requests
// in flight, a timeout per attempt, retries with exponential backoff and jitter on network errors,
// 5xx, 429 (honouring Retry-After) and bodies that arrive cut off or fail their check (not JSON, not
// of the shape expected), conditional requests where the server gave validators, and a User-Agent
// naming the service.

import { setTimeout as sleep } from 'node:timers/promises';
import type { z } from 'zod';
import { columnOf } from '../findings.ts';

export interface ClientOptions {
  userAgent: string;
  /** Requests in flight at once. */
  concurrency?: number;
  /** Per attempt, including reading the body. */
  timeoutMs?: number;
  /** Attempts per URL before giving up. */
  attempts?: number;
  /** First backoff; doubled per retry, with jitter, capped at 30 s. */
  backoffMs?: number;
}

/** Validators from an earlier answer: sent back so an unchanged resource answers 304. */
export interface Validators {
  etag?: string;
  lastModified?: string;
}

export type Fetched = { status: 'ok'; body: Buffer; validators: Validators } | { status: 'unchanged' };

export class FetchFailedError extends Error {
  constructor(
    readonly url: string,
    reason: string,
  ) {
    super(`could not fetch ${url}: ${reason}`);
    this.name = 'FetchFailedError';
  }
}

/** Every attempt answered, but with a body that was cut off or failed its check: the file upstream is broken. */
export class UnusableBodyError extends FetchFailedError {
  constructor(
    url: string,
    readonly problem: string,
    attempts: number,
  ) {
    super(url, `unusable body: ${problem} (after ${attempts} attempts)`);
    this.name = 'UnusableBodyError';
  }
}

/** A failure worth another attempt (the server or the network may do better next time). */
class Retryable extends Error {
  constructor(
    message: string,
    readonly retryAfterMs?: number,
    readonly unusableBody = false,
  ) {
    super(message);
  }
}

export class PoliteClient {
  readonly stats = { requests: 0, retries: 0, bytes: 0 };
  private readonly concurrency: number;
  private readonly timeoutMs: number;
  private readonly attempts: number;
  private readonly backoffMs: number;
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly options: ClientOptions) {
    this.concurrency = options.concurrency ?? 4;
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.attempts = options.attempts ?? 6;
    this.backoffMs = options.backoffMs ?? 500;
  }

  /** GET `url`; `check` validates the body (e.g. parses it) and throws when it is not acceptable. */
  async get(
    url: string,
    validators: Validators = {},
    check: (body: Buffer) => void = () => undefined,
  ): Promise<Fetched> {
    await this.slot();
    try {
      for (let attempt = 1; ; attempt++) {
        try {
          return await this.attempt(url, validators, check);
        } catch (error) {
          if (!(error instanceof Retryable)) throw error;
          if (attempt >= this.attempts) {
            throw error.unusableBody
              ? new UnusableBodyError(url, error.message, attempt)
              : new FetchFailedError(url, `${error.message} (after ${attempt} attempts)`);
          }
          this.stats.retries++;
          const backoff = Math.min(30_000, this.backoffMs * 2 ** (attempt - 1));
          await sleep(error.retryAfterMs ?? backoff / 2 + (Math.random() * backoff) / 2);
        }
      }
    } finally {
      this.release();
    }
  }

  /** GET JSON of the shape `check` accepts (validJson); a body that fails is retried like a cut-off one. */
  async getJson<T>(url: string, check: (body: Buffer) => T): Promise<T> {
    let parsed: T | undefined;
    const result = await this.get(url, {}, (body) => {
      parsed = check(body);
    });
    if (result.status === 'unchanged') throw new Error(`unexpected 304 for ${url}`);
    return parsed as T;
  }

  private async attempt(url: string, validators: Validators, check: (body: Buffer) => void): Promise<Fetched> {
    this.stats.requests++;
    const headers: Record<string, string> = { 'User-Agent': this.options.userAgent, Accept: 'application/json' };
    if (validators.etag) headers['If-None-Match'] = validators.etag;
    if (validators.lastModified) headers['If-Modified-Since'] = validators.lastModified;
    let response: Response;
    let body: Buffer;
    try {
      response = await fetch(url, { headers, signal: AbortSignal.timeout(this.timeoutMs) });
      if (response.status === 304) {
        await response.body?.cancel();
        return { status: 'unchanged' };
      }
      if (response.status === 429 || response.status >= 500) {
        await response.body?.cancel();
        throw new Retryable(`HTTP ${response.status}`, retryAfterMs(response.headers.get('retry-after')));
      }
      if (response.status !== 200) {
        await response.body?.cancel();
        throw new FetchFailedError(url, `HTTP ${response.status}`);
      }
      body = Buffer.from(await response.arrayBuffer());
    } catch (error) {
      if (error instanceof Retryable || error instanceof FetchFailedError) throw error;
      // Network errors, resets, timeouts and bodies cut off mid-way all land here.
      throw new Retryable(describe(error));
    }
    const length = response.headers.get('content-length');
    if (length !== null && Number(length) !== body.length)
      throw new Retryable(`cut off (${body.length} of ${length} bytes)`, undefined, true);
    try {
      check(body);
    } catch (error) {
      throw new Retryable((error as Error).message, undefined, true);
    }
    this.stats.bytes += body.length;
    const next: Validators = {};
    const etag = response.headers.get('etag');
    const lastModified = response.headers.get('last-modified');
    if (etag) next.etag = etag;
    if (lastModified) next.lastModified = lastModified;
    return { status: 'ok', body, validators: next };
  }

  private async slot(): Promise<void> {
    if (this.active < this.concurrency) {
      this.active++;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next)
      next(); // the slot passes straight to the next request
    else this.active--;
  }
}

/**
 * A check of a body: JSON that `schema` accepts (`what` it must be, for the message), returned
 * parsed; throws with what is wrong: `not JSON: …`, or `not a Radoskop term file: votes: is missing`.
 */
export function validJson<T>(schema: z.ZodType<T>, what: string): (body: Buffer) => T {
  return (body) => {
    let json: unknown;
    try {
      json = JSON.parse(body.toString('utf8'));
    } catch (error) {
      throw new Error(`not JSON: ${(error as Error).message}`, { cause: error });
    }
    const parsed = schema.safeParse(json);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0]!;
    throw new Error(`not ${what}: ${issue.path.length > 0 ? `${columnOf(issue.path)}: ` : ''}${issue.message}`);
  };
}

/** Retry-After as seconds or as an HTTP date; capped at a minute. */
function retryAfterMs(header: string | null): number | undefined {
  if (header === null) return undefined;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - Date.now();
  return Number.isFinite(ms) ? Math.min(Math.max(ms, 0), 60_000) : undefined;
}

function describe(error: unknown): string {
  const e = error as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (e.name === 'TimeoutError') return 'timed out';
  return e.cause?.code ?? e.cause?.message ?? e.message ?? String(error);
}
