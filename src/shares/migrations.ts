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
  // Step 2: a link records what identifies its vote in the source and its councillor's name, and is
  // unique by those; the old pair constraint goes (a rebuild may give another vote the same id). Rows
  // made before keep klucz null until their first read pins them. SQLite cannot drop a table
  // constraint, so its table is rebuilt with the rows as they are.
  {
    sqlite: `CREATE TABLE udostepnienie_2 (
    link          TEXT PRIMARY KEY,
    id_glosowania INTEGER NOT NULL,
    id_osoby      INTEGER NOT NULL,
    klucz         TEXT,
    osoba         TEXT NOT NULL DEFAULT '',
    utworzono     TEXT NOT NULL
  );
  INSERT INTO udostepnienie_2 (link, id_glosowania, id_osoby, utworzono) SELECT link, id_glosowania, id_osoby, utworzono FROM udostepnienie;
  DROP TABLE udostepnienie;
  ALTER TABLE udostepnienie_2 RENAME TO udostepnienie;
  CREATE UNIQUE INDEX udostepnienie_klucz ON udostepnienie (klucz, osoba) WHERE klucz IS NOT NULL;
  CREATE INDEX udostepnienie_para ON udostepnienie (id_glosowania, id_osoby) WHERE klucz IS NULL`,
    postgresql: `ALTER TABLE udostepnienie DROP CONSTRAINT IF EXISTS udostepnienie_id_glosowania_id_osoby_key;
  ALTER TABLE udostepnienie ADD COLUMN klucz TEXT, ADD COLUMN osoba TEXT NOT NULL DEFAULT '';
  CREATE UNIQUE INDEX udostepnienie_klucz ON udostepnienie (klucz, osoba) WHERE klucz IS NOT NULL;
  CREATE INDEX udostepnienie_para ON udostepnienie (id_glosowania, id_osoby) WHERE klucz IS NULL`,
  },
  // Step 3: two councillors may share a name, so a link also records which of the vote's voters of that
  // name it highlights (osoba_nr, in id order), and is unique by the three. Rows made before keep it null
  // (with a klucz that may be of an older kind, a Radoskop vote's session and vote numbers) until their
  // first use pins them to the present identity.
  {
    sqlite: `ALTER TABLE udostepnienie ADD COLUMN osoba_nr INTEGER;
  DROP INDEX udostepnienie_klucz;
  CREATE UNIQUE INDEX udostepnienie_tozsamosc ON udostepnienie (klucz, osoba, osoba_nr) WHERE osoba_nr IS NOT NULL;
  CREATE INDEX udostepnienie_dawne ON udostepnienie (klucz, osoba) WHERE osoba_nr IS NULL AND klucz IS NOT NULL`,
    postgresql: `ALTER TABLE udostepnienie ADD COLUMN osoba_nr INTEGER;
  DROP INDEX IF EXISTS udostepnienie_klucz;
  CREATE UNIQUE INDEX udostepnienie_tozsamosc ON udostepnienie (klucz, osoba, osoba_nr) WHERE osoba_nr IS NOT NULL;
  CREATE INDEX udostepnienie_dawne ON udostepnienie (klucz, osoba) WHERE osoba_nr IS NULL AND klucz IS NOT NULL`,
  },
];

/** A database from a newer version of the service: this one must not write to it. */
export class NewerShareSchemaError extends Error {
  override name = 'NewerShareSchemaError';
}

/** Throws when the database at `where` has more steps applied than this service knows. */
export function refuseNewerSchema(version: number, where: string): void {
  if (version > SHARE_MIGRATIONS.length) {
    throw new NewerShareSchemaError(
      `the share-link database ${where} has schema version ${version}, newer than this service knows (${SHARE_MIGRATIONS.length}); upgrade the service`,
    );
  }
}
