// What a fetch run shares between sources: the folder it mirrors into, the validators remembered
// from earlier runs (for conditional requests), the files it kept because upstream sent a broken
// one, and the summary it reports.

import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type PoliteClient, UnusableBodyError, type Validators } from './polite-client.ts';
import { removePartials, syncFolder, writeFileAtomic } from './files.ts';

/** A file upstream sent broken (cut off, not JSON, not of its shape): reported, and the mirrored one kept. */
export interface Rejected {
  url: string;
  problem: string;
}

export interface FetchSummary {
  /** Files written because they were new or changed. */
  newFiles: number;
  /** Files checked and found unchanged (304, or already mirrored). */
  unchanged: number;
  /** Files not written: upstream's was broken (the previous good file, if any, stays). */
  rejected: Rejected[];
  bytes: number;
  requests: number;
  retries: number;
  seconds: number;
}

export type Progress = (line: string) => void;

const STATE_FILE = '.fetch-state.json';

export class Mirror {
  private readonly validators: Record<string, Validators>;
  readonly counts = { newFiles: 0, unchanged: 0 };
  readonly rejected: Rejected[] = [];
  private readonly started = performance.now();

  constructor(
    readonly folder: string,
    readonly client: PoliteClient,
  ) {
    mkdirSync(folder, { recursive: true });
    removePartials(folder);
    const statePath = join(folder, STATE_FILE);
    this.validators = existsSync(statePath)
      ? (JSON.parse(readFileSync(statePath, 'utf8')) as Record<string, Validators>)
      : {};
  }

  /**
   * Fetches `url` (conditionally when it was fetched before) into `path` when `check` accepts it
   * (validJson: JSON of the reader's schema). A body that keeps failing the check leaves the mirrored
   * file as it was, and is reported.
   */
  async file(url: string, path: string, check: (body: Buffer) => unknown): Promise<void> {
    const known = existsSync(path) ? this.validators[url] : undefined;
    let result: Awaited<ReturnType<PoliteClient['get']>>;
    try {
      result = await this.client.get(url, known ?? {}, check);
    } catch (error) {
      if (!(error instanceof UnusableBodyError)) throw error;
      this.reject(url, error.problem);
      return;
    }
    if (result.status === 'unchanged') {
      this.counts.unchanged++;
      return;
    }
    const previous = existsSync(path) ? readFileSync(path) : undefined;
    if (previous?.equals(result.body)) this.counts.unchanged++;
    else {
      writeFileAtomic(path, result.body);
      this.counts.newFiles++;
    }
    this.validators[url] = result.validators;
  }

  reject(url: string, problem: string): void {
    this.rejected.push({ url, problem });
  }

  /** Makes the run durable and returns its summary. */
  finish(): FetchSummary {
    writeFileAtomic(join(this.folder, STATE_FILE), JSON.stringify(this.validators));
    syncFolder(this.folder);
    const { requests, retries, bytes } = this.client.stats;
    return {
      ...this.counts,
      rejected: this.rejected,
      bytes,
      requests,
      retries,
      seconds: (performance.now() - this.started) / 1000,
    };
  }
}

export const summaryLine = (s: FetchSummary) =>
  `${s.newFiles.toLocaleString('en')} new or changed file(s), ${s.unchanged.toLocaleString('en')} unchanged, ` +
  `${s.rejected.length > 0 ? `${s.rejected.length.toLocaleString('en')} rejected, ` : ''}` +
  `${(s.bytes / 2 ** 20).toFixed(1)} MiB in ${s.requests.toLocaleString('en')} request(s), ${s.retries} retried, ${s.seconds.toFixed(1)} s`;

/** One line per rejected file, for the command's output. */
export const rejectedLines = (s: FetchSummary) =>
  s.rejected.map(({ url, problem }) => `  rejected ${url}: ${problem} (the file mirrored before, if any, stays)`);
