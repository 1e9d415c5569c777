// What a fetch run shares between sources: the folder it mirrors into, the validators remembered
// from earlier runs (for conditional requests), and the summary it reports.

import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PoliteClient, Validators } from './polite-client.ts';
import { parseJson } from './polite-client.ts';
import { removePartials, syncFolder, writeFileAtomic } from './files.ts';

export interface FetchSummary {
  /** Files written because they were new or changed. */
  newFiles: number;
  /** Files checked and found unchanged (304, or already mirrored). */
  unchanged: number;
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
  private readonly started = performance.now();

  constructor(readonly folder: string, readonly client: PoliteClient) {
    mkdirSync(folder, { recursive: true });
    removePartials(folder);
    const statePath = join(folder, STATE_FILE);
    this.validators = existsSync(statePath) ? (JSON.parse(readFileSync(statePath, 'utf8')) as Record<string, Validators>) : {};
  }

  /** Fetches `url` (conditionally when it was fetched before) into `path` if it parses as JSON. */
  async file(url: string, path: string): Promise<void> {
    const known = existsSync(path) ? this.validators[url] : undefined;
    const result = await this.client.get(url, known ?? {}, parseJson);
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

  /** Makes the run durable and returns its summary. */
  finish(): FetchSummary {
    writeFileAtomic(join(this.folder, STATE_FILE), JSON.stringify(this.validators));
    syncFolder(this.folder);
    const { requests, retries, bytes } = this.client.stats;
    return { ...this.counts, bytes, requests, retries, seconds: (performance.now() - this.started) / 1000 };
  }
}

export const summaryLine = (s: FetchSummary) =>
  `${s.newFiles.toLocaleString('en')} new or changed file(s), ${s.unchanged.toLocaleString('en')} unchanged, `
  + `${(s.bytes / 2 ** 20).toFixed(1)} MiB in ${s.requests.toLocaleString('en')} request(s), ${s.retries} retried, ${s.seconds.toFixed(1)} s`;
