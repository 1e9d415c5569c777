// A replica never builds: it follows a builder's published snapshot (`council serve --follow <manifest
// URL>`). Every FOLLOW_INTERVAL_S it reads the manifest (core/snapshot/manifest.ts); when the builder
// has a newer snapshot it downloads the file beside the served one (`<db>.download-<digest>`), resuming
// a cut-off download with Range/If-Range, checks its size and SHA-256 and that it opens as a snapshot
// this version serves, then publishes it the way `council etl` does (under the build lock, fsync,
// rename over the database). The snapshot store swaps to it like to any published file, so no request
// fails during the swap; a partial or corrupt download is never at the served path.
//
// Nothing replaces good served data silently: a snapshot older than the one served, from another
// source, or of another schema version is refused (and said so in /health and the log) and the served
// one stays. A builder that cannot be reached is retried with exponential backoff (to 5 minutes).

import { readdirSync, rmSync, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { Logger } from 'pino';
import {
  type SnapshotManifest,
  type SnapshotMeta,
  sha256Of,
  snapshotManifest,
  snapshotMetaOf,
} from '../../core/snapshot/manifest.ts';
import { SCHEMA_VERSION } from '../../core/snapshot/schema.ts';
import { diskFull, isDiskFull } from '../../core/disk-full.ts';
import type { BackgroundJob } from '../process/background-job.ts';
import { Snapshot } from '../snapshot/snapshot.ts';
import { fieldOf, messageOf } from '../../core/errors.ts';

/** What /health reports of a replica (`replika`). */
export interface FollowStatus {
  /** The manifest URL followed (without credentials). */
  follows: string;
  /** The builder's newest snapshot, from the last manifest read. */
  builder: { snapshot: string; builtAt: string } | null;
  /** When the builder last answered. */
  lastContact: string | null;
  /** A download in progress. */
  download: { snapshot: string; bytes: number; size: number } | null;
  /** Why the last poll did not bring the builder's snapshot into service (unreachable, refused, corrupt). */
  error: string | null;
}

/** The status before the first poll: `url` without its credentials, nothing known yet. */
export function initialFollowStatus(url: string): FollowStatus {
  const shown = new URL(url);
  shown.username = '';
  shown.password = '';
  return { follows: shown.toString(), builder: null, lastContact: null, download: null, error: null };
}

/**
 * How far behind the builder the served snapshot is: 0 when it is the builder's newest, else the seconds
 * since the builder built the one not served yet; null while the builder has never answered.
 */
export function behindSeconds(status: FollowStatus, servedId: string | undefined, now = Date.now()): number | null {
  if (!status.builder) return null;
  if (status.builder.snapshot === servedId) return 0;
  return Math.max(0, Math.round((now - Date.parse(status.builder.builtAt)) / 1000));
}

export interface FollowerOptions {
  url: string;
  dbPath: string;
  intervalMs: number;
  /** A request gets this long to answer, and a download this long without a byte, before it is cut off. */
  timeoutMs: number;
  logger: Logger;
  /** Puts the verified download in place of `dbPath` (the ETL's publish, under its build lock). */
  publish: (downloadPath: string, dbPath: string, manifest: SnapshotManifest) => void;
  /**
   * Why the served file is not in service (SnapshotStore.refusal: its bytes are not its manifest's), or
   * null: a refused file counts as none, so the builder's snapshot is downloaded again, even the same one.
   */
  servedRefusal?: () => string | null;
  /** After a publish: the snapshot store swaps now rather than at its next poll. */
  onPublished?: () => void;
  /** Told of every change of `status` (a cluster primary passes it on to its workers). */
  onStatus?: (status: FollowStatus) => void;
}

const MAX_BACKOFF_MS = 5 * 60_000;

/** A poll that failed in a way worth retrying sooner or later (the builder, the network, a corrupt file). */
class FollowError extends Error {
  override name = 'FollowError';
}

/** Credentials in the URL become a Basic Authorization header (fetch refuses URLs that carry them). */
function splitCredentials(url: string): { url: URL; headers: Record<string, string> } {
  const parsed = new URL(url);
  if (!parsed.username && !parsed.password) return { url: parsed, headers: {} };
  const basic = Buffer.from(`${decodeURIComponent(parsed.username)}:${decodeURIComponent(parsed.password)}`).toString(
    'base64',
  );
  parsed.username = '';
  parsed.password = '';
  return { url: parsed, headers: { authorization: `Basic ${basic}` } };
}

/** Why the snapshot described by `next` must not replace the one served (`served`), or undefined. */
export function refusalOf(
  next: Pick<SnapshotMeta, 'snapshot' | 'builtAt' | 'source' | 'schemaVersion'>,
  served: SnapshotMeta | undefined,
): string | undefined {
  if (next.schemaVersion !== SCHEMA_VERSION) {
    return `the builder's snapshot ${next.snapshot} has schema version ${next.schemaVersion} and this replica serves version ${SCHEMA_VERSION}: upgrade the builder and the replicas together; the served snapshot stays`;
  }
  if (!served || served.schemaVersion !== SCHEMA_VERSION) return undefined; // nothing this version could serve yet
  if (next.source !== served.source) {
    return (
      `the builder's snapshot ${next.snapshot} is built from another source (${next.source}) than the one served (${served.snapshot}, from ${served.source}); ` +
      "a replica never replaces its data with another source's: remove the replica's database to follow the new source"
    );
  }
  if (next.builtAt <= served.builtAt) {
    return `the builder's snapshot ${next.snapshot} (built ${next.builtAt}) is not newer than the one served (${served.snapshot}, built ${served.builtAt}); the served snapshot stays`;
  }
  return undefined;
}

export class SnapshotFollower implements BackgroundJob {
  readonly status: FollowStatus;
  private readonly manifestUrl: URL;
  private readonly auth: Record<string, string>;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private aborter: AbortController | null = null;
  private failures = 0;
  private stopped = false;
  /** The last refusal logged, so that a builder that stays older is logged once, not every poll. */
  private refusalLogged: string | null = null;
  /** The file's validator (ETag, else Last-Modified) for the download in progress: resumes only that file. */
  private validator: { sha256: string; value: string } | null = null;

  constructor(private readonly options: FollowerOptions) {
    const { url, headers } = splitCredentials(options.url);
    this.manifestUrl = url;
    this.auth = headers;
    this.status = initialFollowStatus(options.url);
  }

  start(): void {
    this.options.logger.info(
      { follows: this.status.follows, everyS: this.options.intervalMs / 1000 },
      "following the builder's snapshot; this replica never builds",
    );
    this.schedule(0);
  }

  /** One poll now (SIGHUP, tests); the one in progress when there is one. */
  runNow(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.running ??= this.poll().finally(() => {
      this.running = null;
      this.schedule(this.delay());
    });
    return this.running;
  }

  /** Stops polling; a download in progress is cut off (its partial file stays, to be resumed). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.aborter?.abort();
    await this.running;
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.runNow(), ms);
    this.timer.unref();
  }

  /** The interval, or after failures an exponential backoff with ±20 % jitter (replicas do not retry in step). */
  private delay(): number {
    const { intervalMs } = this.options;
    if (this.failures === 0) return intervalMs;
    return Math.min(MAX_BACKOFF_MS, intervalMs * 2 ** this.failures) * (0.8 + Math.random() * 0.4);
  }

  private changed(): void {
    this.options.onStatus?.(this.status);
  }

  /** What the served file says of itself; undefined when there is none, or it is refused (servedRefusal). */
  private servedMeta(): SnapshotMeta | undefined {
    return this.options.servedRefusal?.() ? undefined : snapshotMetaOf(this.options.dbPath);
  }

  private async poll(): Promise<void> {
    const { logger, dbPath } = this.options;
    try {
      const manifest = await this.fetchManifest();
      const served = this.servedMeta();
      if (served?.snapshot === manifest.snapshot) {
        this.succeeded();
        return;
      }
      const refusal = refusalOf(metaOf(manifest), served);
      if (refusal) {
        this.refused(refusal);
        return;
      }
      const { path, manifest: verified } = await this.download(manifest);
      // The bytes are the builder's; what they are is the file's own word, checked again.
      const meta = snapshotMetaOf(path);
      if (meta?.snapshot !== verified.snapshot) {
        rmSync(path, { force: true });
        throw new FollowError(
          `the downloaded file is not the builder's snapshot ${verified.snapshot} (${meta ? `it holds ${meta.snapshot}` : 'it is not a council snapshot'}): discarded`,
        );
      }
      const refusedFile = refusalOf(meta, this.servedMeta());
      if (refusedFile) {
        rmSync(path, { force: true });
        this.refused(refusedFile);
        return;
      }
      try {
        Snapshot.open(path).retire(); // opens as this version serves it, or throws
      } catch (error) {
        rmSync(path, { force: true });
        throw new FollowError(`the downloaded snapshot ${verified.snapshot} cannot be served: ${messageOf(error)}`);
      }
      this.options.publish(path, dbPath, verified);
      this.validator = null;
      this.status.download = null;
      this.options.onPublished?.();
      logger.info(
        {
          snapshot: verified.snapshot,
          builtAt: verified.built_at,
          bytes: verified.size,
          previous: served?.snapshot ?? null,
        },
        'followed the builder: snapshot published',
      );
      this.succeeded();
    } catch (error) {
      this.failures++;
      this.status.download = null;
      this.status.error = messageOf(error);
      this.changed();
      if (!this.stopped)
        logger.warn(
          {
            follows: this.status.follows,
            failures: this.failures,
            retryInS: Math.round(this.delay() / 1000),
            err: error,
          },
          'following the builder failed; the served snapshot stays',
        );
    }
  }

  private succeeded(): void {
    this.failures = 0;
    this.status.error = null;
    this.refusalLogged = null;
    this.changed();
  }

  private refused(reason: string): void {
    this.failures = 0;
    this.status.error = reason;
    this.changed();
    if (this.refusalLogged !== reason) this.options.logger.error({ follows: this.status.follows }, reason);
    this.refusalLogged = reason;
  }

  private async request(url: URL, headers: Record<string, string>): Promise<Response> {
    this.aborter = new AbortController();
    const timer = setTimeout(
      () => this.aborter?.abort(new FollowError(`no answer from ${url} within ${this.options.timeoutMs} ms`)),
      this.options.timeoutMs,
    );
    try {
      return await fetch(url, {
        headers: { ...this.auth, 'accept-encoding': 'identity', ...headers },
        signal: this.aborter.signal,
        redirect: 'follow',
      });
    } catch (error) {
      throw new FollowError(`the builder cannot be reached at ${url}: ${causeOf(error)}`);
    } finally {
      clearTimeout(timer);
    }
  }

  private async fetchManifest(): Promise<SnapshotManifest> {
    const res = await this.request(this.manifestUrl, { 'cache-control': 'no-cache' });
    if (!res.ok) {
      await res.body?.cancel();
      throw new FollowError(`the builder answered ${res.status} for the manifest ${this.status.follows}`);
    }
    let parsed: ReturnType<typeof snapshotManifest.safeParse>;
    try {
      parsed = snapshotManifest.safeParse(await res.json());
    } catch (error) {
      throw new FollowError(`the manifest at ${this.status.follows} is not JSON: ${causeOf(error)}`);
    }
    if (!parsed.success) {
      throw new FollowError(
        `the manifest at ${this.status.follows} is not a snapshot manifest: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
      );
    }
    const manifest = parsed.data;
    this.status.lastContact = new Date().toISOString();
    this.status.builder = { snapshot: manifest.snapshot, builtAt: manifest.built_at };
    return manifest;
  }

  /**
   * Downloads the manifest's file into `<db>.download-<digest prefix>`, resuming what an earlier attempt
   * left there; resolves once it has the manifest's size and digest (or those of the builder's manifest
   * read again: the builder may have published while the file was on its way).
   */
  private async download(manifest: SnapshotManifest): Promise<{ path: string; manifest: SnapshotManifest }> {
    const { dbPath } = this.options;
    const path = `${dbPath}.download-${manifest.sha256.slice(0, 16)}`;
    removeOtherDownloads(dbPath, path);
    let have = sizeOf(path);
    if (have > manifest.size) {
      rmSync(path, { force: true });
      have = 0;
    }
    this.status.download = { snapshot: manifest.snapshot, bytes: have, size: manifest.size };
    this.changed();
    if (have < manifest.size) have = await this.fetchFile(manifest, path, have);
    const digest = await sha256Of(path);
    if (digest === manifest.sha256) return { path, manifest };
    // Published meanwhile? The builder's manifest now may describe exactly these bytes.
    const now = await this.fetchManifest();
    if (now.sha256 === digest && now.size === have) return { path, manifest: now };
    rmSync(path, { force: true });
    throw new FollowError(
      `the download of ${manifest.snapshot} does not have the manifest's SHA-256 (${manifest.sha256.slice(0, 12)}…, got ${digest.slice(0, 12)}…): discarded`,
    );
  }

  /** Fetches the file from byte `have` (the whole file when the builder will not resume); returns the size on disk. */
  private async fetchFile(manifest: SnapshotManifest, path: string, have: number): Promise<number> {
    const fileUrl = new URL(manifest.file, this.manifestUrl);
    // The manifest's check keeps `file` a bare name; this keeps the download on the followed host whatever it says.
    if (fileUrl.origin !== this.manifestUrl.origin)
      throw new FollowError(
        `the manifest's file ${JSON.stringify(manifest.file)} resolves to ${fileUrl.origin}, not the followed ${this.manifestUrl.origin}: not fetched`,
      );
    // If-Range: the rest only if the file is still the one the first bytes came from, else all of it.
    const resume =
      have === 0
        ? {}
        : {
            range: `bytes=${have}-`,
            ...(this.validator?.sha256 === manifest.sha256 ? { 'if-range': this.validator.value } : {}),
          };
    const res = await this.request(fileUrl, resume);
    let from = 0;
    if (res.status === 206 && have > 0) {
      const range = /^bytes (\d+)-\d+\/(\d+|\*)$/.exec(res.headers.get('content-range') ?? '');
      if (!range || Number(range[1]) !== have || (range[2] !== '*' && Number(range[2]) !== manifest.size)) {
        await res.body?.cancel();
        rmSync(path, { force: true });
        throw new FollowError(
          `the builder resumed the download with the range ${res.headers.get('content-range')}, not from byte ${have} of ${manifest.size}: it starts again`,
        );
      }
      from = have;
    } else if (res.status !== 200) {
      await res.body?.cancel();
      if (res.status === 416) rmSync(path, { force: true });
      throw new FollowError(`the builder answered ${res.status} for ${fileUrl}`);
    }
    const validator = res.headers.get('etag') ?? res.headers.get('last-modified');
    this.validator = validator ? { sha256: manifest.sha256, value: validator } : null;
    return this.receive(res, path, from, manifest);
  }

  /** Writes the body at byte `from` of the file; returns its size. Cut off, it keeps what came, to be resumed. */
  private async receive(res: Response, path: string, from: number, manifest: SnapshotManifest): Promise<number> {
    const file = await open(path, from > 0 ? 'a' : 'w');
    let bytes = from;
    let told = Date.now();
    let idle: NodeJS.Timeout | undefined;
    const aborter = this.aborter!;
    const arm = () => {
      clearTimeout(idle);
      idle = setTimeout(
        () => aborter.abort(new FollowError(`no byte from the builder for ${this.options.timeoutMs} ms`)),
        this.options.timeoutMs,
      );
    };
    try {
      arm();
      // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- fetch's web stream and node:stream/web's are one class with two declarations
      for await (const chunk of Readable.fromWeb(res.body! as WebReadableStream<Uint8Array>)) {
        arm();
        if (!(chunk instanceof Uint8Array)) throw new FollowError('the builder sent something other than bytes');
        const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
        if (bytes + buffer.length > manifest.size) {
          rmSync(path, { force: true });
          throw new FollowError(
            `the builder sent more than the manifest's ${manifest.size} bytes of ${manifest.snapshot}: discarded`,
          );
        }
        await file.write(buffer);
        bytes += buffer.length;
        this.status.download!.bytes = bytes;
        if (Date.now() - told > 1000) {
          told = Date.now();
          this.changed();
        }
      }
      await file.sync();
    } catch (error) {
      if (error instanceof FollowError) throw error;
      if (isDiskFull(error)) {
        throw new FollowError(
          diskFull(
            error,
            `the download of ${manifest.snapshot} (${manifest.size} bytes) stopped at ${bytes} bytes writing ${path}` +
              '; the served snapshot stays, and the next attempt resumes it',
            [{ dir: dirname(path), role: 'the snapshot and its download' }],
          ).message,
        );
      }
      throw new FollowError(
        `the download of ${manifest.snapshot} was cut off at ${bytes} of ${manifest.size} bytes (${causeOf(error)}); the next attempt resumes it`,
      );
    } finally {
      clearTimeout(idle);
      await file.close();
    }
    if (bytes !== manifest.size) {
      throw new FollowError(
        `the download of ${manifest.snapshot} stopped at ${bytes} of ${manifest.size} bytes; the next attempt resumes it`,
      );
    }
    return bytes;
  }
}

const metaOf = (m: SnapshotManifest) => ({
  snapshot: m.snapshot,
  builtAt: m.built_at,
  source: m.source,
  schemaVersion: m.schema_version,
});

function causeOf(error: unknown): string {
  const reason = fieldOf(error, 'cause') ?? error;
  return reason instanceof Error ? reason.message : String(reason);
}

function sizeOf(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

/** Downloads of snapshots the builder no longer offers (only the newest is worth resuming). */
function removeOtherDownloads(dbPath: string, keep: string): void {
  const prefix = `${basename(dbPath)}.download-`;
  for (const name of readdirSync(dirname(dbPath))) {
    if (name.startsWith(prefix) && join(dirname(dbPath), name) !== keep)
      rmSync(join(dirname(dbPath), name), { force: true });
  }
}
