// Share links in PostgreSQL (SHARES_DATABASE_URL), for more than one machine: every replica reads and
// writes the same links, so a link made through one is found through any other, and none lives on a
// machine that can be lost. The schema is migrated on first contact, under an advisory lock so that
// replicas starting together apply each step once.
//
// A database that is down or unreachable is not fatal: the server starts (its snapshot reads do not
// need it), link requests answer 503 until it is back, and the migration is retried on each use.

import { LogThrottle } from '../../core/log-throttle.ts';
import pg from 'pg';
import type { Logger } from 'pino';
import { NewerShareSchemaError, SHARE_MIGRATIONS, refuseNewerSchema } from './migrations.ts';
import {
  NO_NAME,
  NO_PERSON,
  SHARE_COLUMNS,
  type Share,
  type ShareRow,
  type ShareStore,
  type ShareTarget,
  SharesUnavailableError,
  newLink,
  shareOf,
} from './store.ts';
import { codeOf, messageOf } from '../../core/errors.ts';

/** pg_advisory_xact_lock key of the migration: any constant the other users of the database do not pick. */
const MIGRATION_LOCK = 0x636f756e63696c; // "council"

const BIGINT_OID = 20;
/** SQLSTATE disk_full: the server could not extend a file. */
const DISK_FULL = '53100';
/** Link writes are rare and short: a few connections per process are plenty, and spare the server's limit. */
const POOL_SIZE = 4;
const CONNECT_TIMEOUT_MS = 3000;
const QUERY_TIMEOUT_MS = 5000;

/** The URL without its password: what the log and /health may show. */
export function describeDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = '';
    return parsed.toString();
  } catch {
    return 'the PostgreSQL database of SHARES_DATABASE_URL';
  }
}

/**
 * Whether an error means the database cannot answer now (rather than a mistake in a statement): no
 * SQLSTATE at all (a refused or cut connection, a timeout), or a class of connection exceptions (08),
 * insufficient resources (53), operator intervention such as a shutdown (57), system errors (58).
 */
function isOutage(error: unknown): boolean {
  if (error instanceof NewerShareSchemaError) return false;
  const code = codeOf(error);
  return typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code) || /^(08|53|57|58)/.test(code);
}

/** The server answered and refused us (wrong password or user, no such database): a configuration mistake. */
const isRefusal = (error: unknown): boolean => /^(28|3D)/.test(String(codeOf(error) ?? ''));

export class PostgresShareStore implements ShareStore {
  readonly where: string;
  private readonly pool: pg.Pool;
  private migration: Promise<void> | null = null;
  private readonly unavailableLog = new LogThrottle(10_000);

  private constructor(
    url: string,
    private readonly logger?: Logger,
  ) {
    this.where = describeDatabaseUrl(url);
    this.pool = new pg.Pool({
      connectionString: url,
      max: POOL_SIZE,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      query_timeout: QUERY_TIMEOUT_MS,
      application_name: 'council-voting-analytics',
      // Ids are BIGINT; every id the API accepts is a safe integer, so a number is exact.
      types: {
        // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- pg's overloaded parser type; this one function serves both of its forms
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === BIGINT_OID ? Number : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    // An idle connection that breaks (the server restarted) is dropped by the pool; it must not crash us.
    this.pool.on('error', (error) =>
      this.logger?.warn({ err: error, db: this.where }, 'an idle share-link database connection failed'),
    );
  }

  /**
   * Connects and migrates. A database that cannot be reached is logged and tried again on first use; one
   * that refuses us (credentials, missing database) or has a newer schema stops the start.
   */
  static async open(url: string, logger?: Logger): Promise<PostgresShareStore> {
    const store = new PostgresShareStore(url, logger);
    try {
      await store.withConnection((client) => store.migrate(client));
      store.migration = Promise.resolve();
    } catch (error) {
      if (error instanceof SharesUnavailableError && !isRefusal(error.cause)) {
        logger?.warn(
          { db: store.where },
          'serving anyway: share links answer 503 until the share-link database is back',
        );
        return store;
      }
      await store.close();
      throw error instanceof SharesUnavailableError ? new Error(error.message, { cause: error.cause }) : error;
    }
    return store;
  }

  async linkFor(target: ShareTarget): Promise<{ link: string; created: boolean }> {
    const { id_glosowania, klucz, id_osoby, osoba_nr } = target;
    const name = target.osoba ?? NO_NAME;
    return this.withClient(async (client) => {
      // A link made before the present identities, for this vote and person, is taken over first.
      const unpinned = await client.query<{ link: string }>({
        name: 'shares-pin-for',
        text: `UPDATE udostepnienie SET klucz = $3, osoba = $4, osoba_nr = $5 WHERE link = (
            SELECT link FROM udostepnienie WHERE osoba_nr IS NULL AND (
              (klucz IS NULL AND id_glosowania = $1 AND id_osoby = $2)
              OR (klucz = $6 AND osoba = $4 AND (id_osoby = $2 OR $7))) LIMIT 1)
          AND NOT EXISTS (SELECT 1 FROM udostepnienie WHERE klucz = $3 AND osoba = $4 AND osoba_nr = $5) RETURNING link`,
        values: [
          id_glosowania,
          id_osoby ?? NO_PERSON,
          klucz,
          name,
          osoba_nr,
          target.dawny_klucz,
          target.osoba_jednoznaczna,
        ],
      });
      if (unpinned.rows[0]) return { link: unpinned.rows[0].link, created: false };
      // The insert, or the existing link when the target has one, in one round trip. A link inserted by
      // another connection after this statement's snapshot was taken is in neither half: read it after.
      const { rows } = await client.query<{ link: string; created: boolean }>({
        name: 'shares-link-for',
        text: `WITH inserted AS (
            INSERT INTO udostepnienie (${SHARE_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7)
            ON CONFLICT (klucz, osoba, osoba_nr) WHERE osoba_nr IS NOT NULL DO NOTHING RETURNING link)
          SELECT link, true AS created FROM inserted
          UNION ALL SELECT link, false FROM udostepnienie WHERE klucz = $4 AND osoba = $5 AND osoba_nr = $6`,
        values: [newLink(), id_glosowania, id_osoby ?? NO_PERSON, klucz, name, osoba_nr, new Date().toISOString()],
      });
      if (rows[0]) return rows[0];
      const again = await client.query<{ link: string }>({
        name: 'shares-find-target',
        text: 'SELECT link FROM udostepnienie WHERE klucz = $1 AND osoba = $2 AND osoba_nr = $3',
        values: [klucz, name, osoba_nr],
      });
      return { link: again.rows[0]!.link, created: false };
    });
  }

  async find(link: string): Promise<Share | undefined> {
    return this.withClient(async (client) => {
      const { rows } = await client.query<ShareRow>({
        name: 'shares-find',
        text: `SELECT ${SHARE_COLUMNS} FROM udostepnienie WHERE link = $1`,
        values: [link],
      });
      return rows[0] && shareOf(rows[0]);
    });
  }

  async pin(link: string, { klucz, osoba, osoba_nr }: ShareTarget): Promise<void> {
    await this.withClient((client) =>
      client.query({
        name: 'shares-pin',
        text: `UPDATE udostepnienie SET klucz = $2, osoba = $3, osoba_nr = $4 WHERE link = $1 AND osoba_nr IS NULL
        AND NOT EXISTS (SELECT 1 FROM udostepnienie WHERE klucz = $2 AND osoba = $3 AND osoba_nr = $4)`,
        values: [link, klucz, osoba ?? NO_NAME, osoba_nr],
      }),
    );
  }

  async close(): Promise<void> {
    await this.pool.end();
  }

  /** The migration, run once it succeeds; after a failure the next use tries again. */
  private migrated(): Promise<void> {
    this.migration ??= this.withConnection((client) => this.migrate(client)).catch((error: unknown) => {
      this.migration = null;
      if (error instanceof SharesUnavailableError) throw error;
      // The database came back with a newer schema (or the migration failed): still no links, say why.
      this.logger?.error({ err: error, db: this.where }, 'the share-link database cannot be used');
      throw new SharesUnavailableError(messageOf(error), { cause: error });
    });
    return this.migration;
  }

  private async migrate(client: pg.PoolClient): Promise<void> {
    await client.query('BEGIN');
    try {
      await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      await client.query('CREATE TABLE IF NOT EXISTS udostepnienie_wersja (wersja INTEGER NOT NULL)');
      const { rows } = await client.query<{ wersja: number }>('SELECT wersja FROM udostepnienie_wersja');
      const version = rows[0]?.wersja ?? 0;
      refuseNewerSchema(version, this.where);
      for (const { postgresql } of SHARE_MIGRATIONS.slice(version)) await client.query(postgresql);
      if (version < SHARE_MIGRATIONS.length) {
        await client.query('DELETE FROM udostepnienie_wersja');
        await client.query('INSERT INTO udostepnienie_wersja (wersja) VALUES ($1)', [SHARE_MIGRATIONS.length]);
        this.logger?.info({ db: this.where, from: version, to: SHARE_MIGRATIONS.length }, 'share-link schema migrated');
      }
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  }

  private async withClient<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    await this.migrated();
    return this.withConnection(work);
  }

  /** A pooled connection for `work`; an outage (here or during `work`) becomes SharesUnavailableError. */
  private async withConnection<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (error) {
      throw this.unavailable(error);
    }
    // While checked out a connection has no listener of the pool's: one cut under us (the server restarted
    // or crashed) emits 'error' on the client, which with no listener would end the process. Ours keeps it.
    let broken: Error | undefined;
    const onError = (error: Error) => {
      broken ??= error;
      this.logger?.warn({ err: error, db: this.where }, 'a share-link database connection in use failed');
    };
    client.on('error', onError);
    try {
      return await work(client);
    } catch (error) {
      if (!isOutage(error)) throw error;
      broken ??= error instanceof Error ? error : new Error(messageOf(error));
      throw this.unavailable(error);
    } finally {
      client.release(broken); // a broken connection is destroyed, not returned to the pool
      // After release the pool's own listener is back on it (and a destroyed one is never handed out).
      client.removeListener('error', onError);
    }
  }

  private unavailable(error: unknown): SharesUnavailableError {
    if (codeOf(error) === DISK_FULL) {
      const message = `the disk of the share-link database ${this.where} is full (PostgreSQL ${DISK_FULL}: ${messageOf(error)})`;
      this.logger?.error({ err: error, db: this.where }, `${message}: new links answer 503 until space is freed`);
      return new SharesUnavailableError(message, { cause: error, diskFull: true });
    }
    const failure = new SharesUnavailableError(
      `the share-link database ${this.where} is unavailable: ${messageOf(error)}`,
      { cause: error },
    );
    // Every request during an outage comes here: one line per interval, with how many were left out.
    const taken = this.unavailableLog.take();
    if (taken.write)
      this.logger?.warn(
        { err: error, db: this.where, ...(taken.suppressed > 0 ? { suppressed: taken.suppressed } : {}) },
        'share-link database unavailable',
      );
    return failure;
  }
}
