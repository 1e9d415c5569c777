// What a caught value says, without asserting it is an Error: anything can be thrown (a string, a
// driver's plain object), and a cast would read `undefined` where a message was meant.

/** An Error's message, else the thrown value as text. */
export const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** A field of a thrown object (`code`, `status`, `cause`), else undefined. */
export const fieldOf = (error: unknown, name: string): unknown =>
  typeof error === 'object' && error !== null && name in error ? Reflect.get(error, name) : undefined;

/** A system or driver error's `code` (ENOENT, SQLITE_BUSY, a PostgreSQL SQLSTATE), else undefined. */
export const codeOf = (error: unknown): unknown => fieldOf(error, 'code');
