// Share links: the one thing the service writes at run time, in a store of its own that no refresh
// touches. SQLite beside the snapshot by default (nothing to set up); PostgreSQL when
// SHARES_DATABASE_URL is set, for replicas on several machines that must see the same links.

import type { Logger } from 'pino';
import { type Config, sharesPathOf } from '../config.ts';
import { SqliteShareStore } from './sqlite.ts';
import type { ShareStore } from './store.ts';

export { SHARE_MIGRATIONS } from './migrations.ts';
export { SqliteShareStore } from './sqlite.ts';
export { type Share, type ShareStore, SHARES_DISK_FULL, SHARES_UNAVAILABLE, SharesUnavailableError } from './store.ts';

/** The store the configuration names; throws (naming the database) when it cannot be used at all. */
export async function openShareStore(
  config: Pick<Config, 'DB_PATH' | 'SHARES_DB_PATH' | 'SHARES_DATABASE_URL'>,
  logger?: Logger,
): Promise<ShareStore> {
  if (!config.SHARES_DATABASE_URL) return new SqliteShareStore(sharesPathOf(config), logger ? { logger } : {});
  // pg is loaded only by a server that uses it (a tenth of a second of every other server's start).
  const { PostgresShareStore } = await import('./postgresql.ts');
  return PostgresShareStore.open(config.SHARES_DATABASE_URL, logger);
}
