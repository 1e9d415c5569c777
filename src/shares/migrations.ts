// The share-link schema's history, the same numbered steps for both stores. Unlike the rebuilt
// snapshot, the link database lives for years, so its schema changes by migrations, never by
// rebuilding it. Each store records how many steps are applied (SQLite: PRAGMA user_version;
// PostgreSQL: the one row of `udostepnienie_wersja`), applies the pending ones once, in one
// transaction, and refuses a database from a newer version of the service.

/** One step, written in each dialect where they differ. */
export interface Migration {
  sqlite: string;
  postgresql: string;
}

/**
 * Oldest first; append only: a database in service has run the earlier ones. Step 1 adopts SQLite
 * files made before versioning (version 0, the same table created with IF NOT EXISTS) without touching
 * their rows. Ids are up to 2^53 (the API accepts any safe integer): BIGINT in PostgreSQL, where
 * INTEGER is 32 bits; SQLite's INTEGER is 64 bits already.
 */
export const SHARE_MIGRATIONS: readonly Migration[] = [
  {
    sqlite: `CREATE TABLE IF NOT EXISTS udostepnienie (
    link          TEXT PRIMARY KEY,
    id_glosowania INTEGER NOT NULL,
    id_osoby      INTEGER NOT NULL,
    utworzono     TEXT NOT NULL,
    UNIQUE (id_glosowania, id_osoby)
  )`,
    postgresql: `CREATE TABLE IF NOT EXISTS udostepnienie (
    link          TEXT PRIMARY KEY,
    id_glosowania BIGINT NOT NULL,
    id_osoby      BIGINT NOT NULL,
    utworzono     TEXT NOT NULL,
    UNIQUE (id_glosowania, id_osoby)
  )`,
  },
];

/** A database from a newer version of the service: this one must not write to it. */
export class NewerShareSchemaError extends Error {
  override name = 'NewerShareSchemaError';
}

/** Throws when the database at `where` has more steps applied than this service knows. */
export function refuseNewerSchema(version: number, where: string): void {
  if (version > SHARE_MIGRATIONS.length) {
    throw new NewerShareSchemaError(`the share-link database ${where} has schema version ${version}, newer than this service knows (${SHARE_MIGRATIONS.length}); upgrade the service`);
  }
}
