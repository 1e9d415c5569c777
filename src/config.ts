// Configuration: one zod schema over the environment, parsed once at start-up. Each key has its
// default and description here; the README's table is checked against this list by a test.

import { isIP } from 'node:net';
import cron from 'node-cron';
import proxyaddr from 'proxy-addr';
import { z } from 'zod';
import { SOURCE_FORMATS } from '../core/sources.ts';
import { publicUrlSchema } from './public-url.ts';

// Every message says what the variable accepts; loadConfig adds the variable's name and the value given.

const integer = (fallback: number, min: number, max = Number.MAX_SAFE_INTEGER) => {
  const accepted =
    max === Number.MAX_SAFE_INTEGER
      ? `must be a whole number, at least ${min}`
      : `must be a whole number from ${min} to ${max}`;
  return z
    .string()
    .trim()
    .regex(/^\d+$/, accepted)
    .transform(Number)
    .refine((n) => n >= min && n <= max, accepted)
    .default(fallback);
};

const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', ''], { error: 'must be true or false (or 1 or 0; empty: the default)' })
    .transform((v) => v === 'true' || v === '1')
    .default(fallback);

const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: `must be one of ${values.join(', ')}` });

const list = z.string().transform((v) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);

/** Whether proxy-addr reads `entry` as an address, a subnet or one of its names (loopback, linklocal, uniquelocal). */
const isProxyAddress = (entry: string) => {
  try {
    proxyaddr.compile(entry);
    return true;
  } catch {
    return false;
  }
};

/**
 * TRUST_PROXY: false; true (one hop, from whoever connects); or the proxies' addresses, comma-separated,
 * so that X-Forwarded-* is believed only from them — a server reached directly as well stays honest.
 */
const trustProxySchema = z
  .string()
  .trim()
  .default('false')
  .transform((v, ctx): boolean | string[] => {
    if (['true', '1'].includes(v)) return true;
    if (['false', '0', ''].includes(v)) return false;
    const addresses = v
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean);
    const bad = addresses.filter((a) => !isProxyAddress(a));
    if (bad.length === 0) return addresses;
    ctx.addIssue({
      code: 'custom',
      message:
        "must be true or false, or the proxies' addresses or subnets, comma-separated (e.g. 127.0.0.1,10.0.0.0/8, loopback); " +
        `not an address: ${bad.join(', ')}`,
    });
    return z.NEVER;
  });

const HOST_NAME = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i;

const isHost = (host: string) => host === '' || isIP(host) !== 0 || HOST_NAME.test(host);
/** HOST: an address to listen on, nothing else (`localhost:3000` surfaced as a bad ALLOWED_ORIGINS default). */
const hostSchema = z
  .string()
  .trim()
  .default('127.0.0.1')
  .refine(isHost, {
    error: ({ input }) =>
      /:\d+$/.test(String(input)) && isIP(String(input)) === 0
        ? 'must be a host name or an IP address without the port: put the port in PORT (e.g. HOST=localhost, PORT=3000)'
        : 'must be a host name or an IP address, without scheme, port or brackets (e.g. 127.0.0.1, 0.0.0.0, ::, localhost)',
  });

/** An origin as browsers send it, `scheme://host[:port]` (src/http/guards.ts serialises them the same way). */
export function isOrigin(entry: string): boolean {
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    return false;
  }
  return (
    url.origin !== 'null' &&
    url.username === '' &&
    url.password === '' &&
    (url.pathname === '/' || url.pathname === '') &&
    url.search === '' &&
    url.hash === ''
  );
}

const originsSchema = list.refine((entries) => entries.every(isOrigin), {
  error: ({ input }) =>
    'must be comma-separated origins, scheme://host[:port] ' +
    '(e.g. https://rada.example.org,http://localhost:8080); ' +
    `not an origin: ${(Array.isArray(input) ? input : [])
      .filter((e) => typeof e !== 'string' || !isOrigin(e))
      .map((e) => JSON.stringify(e))
      .join(', ')}`,
});

const cronSchema = z
  .string()
  .trim()
  .default('0 3 * * *')
  .refine((v) => v === '' || cron.validate(v), {
    message:
      'must be a cron expression of 5 fields (minute hour day-of-month month day-of-week, e.g. "0 3 * * *"; ' +
      'a 6th, leading field counts seconds), or empty to disable the scheduled refresh',
  });

export const CONFIG_KEYS = {
  PORT: { schema: integer(3000, 0, 65535), description: 'HTTP port of the API' },
  HOST: { schema: hostSchema, description: 'address the API listens on' },
  DB_PATH: {
    schema: z.string().min(1, 'must be the path of the snapshot file, e.g. var/council.db').default('var/council.db'),
    description: 'published snapshot database (rebuilt by the ETL)',
  },
  SHARES_DB_PATH: {
    schema: z.string().default(''),
    description: 'share-link database; empty: `shares.db` beside DB_PATH',
  },
  SHARES_DATABASE_URL: {
    schema: z
      .string()
      .trim()
      .regex(/^(postgres(ql)?:\/\/.*)?$/, 'must be a postgresql:// (or postgres://) URL, or empty')
      .default(''),
    description:
      'PostgreSQL URL of the share-link store (e.g. `postgresql://council@db/council`), for several replicas; empty: the SQLite file of SHARES_DB_PATH',
  },
  SOURCE_DIR: {
    schema: z.string().default(''),
    description:
      'source the refresh reads (CSV bundle directory, Sejm directory / .tar.gz, Radoskop council folders); a live source is fetched into it. Empty: the source the published snapshot was built from (the bundled `data/sample` for the first build)',
  },
  SOURCE_FORMAT: {
    schema: z.preprocess((v) => (v === '' ? undefined : v), oneOf(SOURCE_FORMATS).optional()),
    description:
      "`csv` (CONTRACT §1 bundle), `sejm` (Sejm API files) or `radoskop` (CONTRACT §8); empty: `csv` when SOURCE_DIR is set, else the snapshot's own",
  },
  SEJM_TERM: {
    schema: integer(0, 0, 99),
    description: 'with SOURCE_FORMAT=sejm: the term each refresh fetches from the Sejm API first; 0: no fetch',
  },
  RADOSKOP_COUNCILS: {
    schema: list.default([]),
    description: 'with SOURCE_FORMAT=radoskop: comma-separated council slugs each refresh fetches from Radoskop first',
  },
  SOURCE_API: {
    schema: z.string().default(''),
    description:
      'base URL replacing the official API of the live source (a mirror, a stand-in); empty: the official one',
  },
  TOPICS_PATH: {
    schema: z.string().default(''),
    description:
      'topic vocabulary (CONTRACT §11, a JSON file like `data/tematy.json`) the ETL classifies votes with; ' +
      'empty: the refresh keeps the one the published snapshot was built with, else the bundled `data/tematy.json`',
  },
  POLICIES_PATH: {
    schema: z.string().default(''),
    description:
      'policy file (CONTRACT §13, a JSON file like `data/polityki.json`) the ETL scores councillors on; ' +
      'empty: the refresh keeps the one the published snapshot was built with, else `data/polityki.json` ' +
      'for the bundled sample council, else no policies',
  },
  REPLACE_SOURCE: {
    schema: flag(false),
    description:
      'let the refresh rebuild from the configured source when the snapshot was built from another (otherwise it refuses)',
  },
  REFRESH_MAX_VOTES_LOST: {
    schema: integer(20, 0, 100),
    description: 'percent of the published votes a build may lose before it is refused as a collapse',
  },
  REFRESH_MAX_COUNCILS_LOST: {
    schema: integer(0, 0, 100),
    description:
      'percent of the councils with votes that may end up with none before a build is refused (0: any one is refused)',
  },
  FETCH_TIMEOUT_MS: {
    schema: integer(30_000, 100, 600_000),
    description: 'timeout of one fetch request (milliseconds), retried with backoff',
  },
  PUBLIC_URL: {
    schema: publicUrlSchema,
    description:
      "the site's public address (`https://rada.example.org`), the only source of absolute URLs (canonical links, preview images, feeds, sitemaps); empty: links are relative, pages carry no preview image and there is no sitemap",
  },
  ALLOWED_ORIGINS: {
    schema: originsSchema.optional(),
    description:
      "comma-separated origins allowed to call the API; empty: this server's own (`http://HOST:PORT`, `localhost` and `127.0.0.1` for a loopback or any-address HOST) and PUBLIC_URL's",
  },
  API_SECRET_KEY: {
    schema: z.string().default(''),
    description: 'required `X-API-Key` value; empty disables the key check',
  },
  JWT_SECRET: {
    schema: z.string().default(''),
    description: 'HS256 secret for Bearer tokens accepted in place of the key; empty disables',
  },
  JWT_MAX_AGE_S: {
    schema: integer(86_400, 60),
    description:
      'longest life of a Bearer token in seconds: one whose `exp` is further away, or whose `iat` is in the future, is refused',
  },
  RATE_LIMIT_WINDOW_MS: { schema: integer(900_000, 1000), description: 'rate-limit window in milliseconds' },
  RATE_LIMIT_MAX_REQUESTS: {
    schema: integer(100, 1),
    description: 'API requests (`/api`) per client address per window',
  },
  SITE_RATE_LIMIT_MAX_REQUESTS: {
    schema: integer(1000, 1),
    description:
      'website requests (pages, downloads, feeds, preview images; not the style sheet or script, not 304s) per client address per window',
  },
  TRUST_PROXY: {
    schema: trustProxySchema,
    description:
      "behind a reverse proxy: `true` takes the client address from the entry the nearest proxy adds to `X-Forwarded-For`, from whoever connects; the proxies' addresses or subnets (comma-separated, or `loopback`) believe `X-Forwarded-*` only from them",
  },
  WEB_CONCURRENCY: {
    schema: integer(1, 1, 64),
    description: 'HTTP worker processes (node:cluster), rate limit shared between them; 1 serves from one process',
  },
  STORED_ANSWERS: {
    schema: flag(true),
    description:
      'serve the answers rendered with the snapshot (default-parameter resources) from the snapshot; false answers everything live',
  },
  RESPONSE_CACHE_MB: {
    schema: integer(64, 0, 4096),
    description: 'serialized responses kept per snapshot (MiB); 0 disables',
  },
  ANSWER_STORE_MB: {
    schema: integer(1024, 0, 1_048_576),
    description:
      'answers made live kept on disk for the next request, per snapshot and code (MiB; src/answers/answer-store.ts); 0 disables',
  },
  ANSWER_STORE_PATH: {
    schema: z.string().default(''),
    description: 'file of the answer store; empty: `answers.db` beside DB_PATH',
  },
  CRON_SCHEDULE: {
    schema: cronSchema,
    description: 'when the nightly refresh runs (cron syntax, Europe/Warsaw); empty disables',
  },
  FOLLOW_URL: {
    schema: z
      .string()
      .trim()
      .regex(/^(https?:\/\/.+)?$/, 'must be an http:// or https:// URL, or empty')
      .default(''),
    description:
      "a replica: the builder's snapshot manifest URL (`http://builder:3100/council.db.manifest.json`) to follow instead of building; empty: this server builds (`council serve --follow URL` sets it)",
  },
  FOLLOW_INTERVAL_S: {
    schema: integer(10, 1, 86_400),
    description:
      "how often a replica reads the builder's manifest (seconds); after failures it backs off, to 5 minutes",
  },
  PUBLISH_PORT: {
    schema: integer(0, 0, 65535),
    description:
      'a builder: port (on HOST) serving the published snapshot and its manifest to replicas; 0: not published',
  },
  LOG_LEVEL: {
    schema: oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    description: 'pino log level',
  },
  NODE_ENV: {
    schema: oneOf(['development', 'production', 'test']).default('development'),
    description: '`production` also rejects requests with neither Origin nor Referer',
  },
} as const;

type Keys = typeof CONFIG_KEYS;

/**
 * What this server is, decided once from FOLLOW_URL and PUBLISH_PORT: a standalone server builds its
 * own snapshot; a builder builds it and publishes it to replicas on `publishPort`; a replica follows a
 * builder's manifest at `followUrl` and never builds. A replica that publishes cannot be written down.
 */
export type Role =
  | { kind: 'standalone' }
  | { kind: 'builder'; publishPort: number }
  | { kind: 'replica'; followUrl: string; intervalS: number };

/** The role of settled settings; a replica with a PUBLISH_PORT is refused (named by the issue's path). */
const roleSchema = z
  .object({ FOLLOW_URL: z.string(), PUBLISH_PORT: z.number(), FOLLOW_INTERVAL_S: z.number() })
  .superRefine(({ FOLLOW_URL, PUBLISH_PORT }, context) => {
    if (FOLLOW_URL && PUBLISH_PORT)
      context.addIssue({
        code: 'custom',
        path: ['PUBLISH_PORT'],
        message: 'a replica (FOLLOW_URL, --follow) does not publish: PUBLISH_PORT is for the builder; set one of them',
      });
  })
  .transform(({ FOLLOW_URL, PUBLISH_PORT, FOLLOW_INTERVAL_S }): Role => {
    if (FOLLOW_URL) return { kind: 'replica', followUrl: FOLLOW_URL, intervalS: FOLLOW_INTERVAL_S };
    return PUBLISH_PORT ? { kind: 'builder', publishPort: PUBLISH_PORT } : { kind: 'standalone' };
  });

/** Every setting as parsed. */
type Settings = { [K in keyof Keys]: z.output<Keys[K]['schema']> };

/** The settings a role is decided from: read once, into ROLE, and not part of the configuration after. */
type RoleSetting = 'FOLLOW_URL' | 'PUBLISH_PORT' | 'FOLLOW_INTERVAL_S';

export type Config = Omit<Settings, RoleSetting> & {
  ALLOWED_ORIGINS: string[];
  /**
   * The server's role (see Role), from FOLLOW_URL, PUBLISH_PORT and FOLLOW_INTERVAL_S: the configuration
   * holds only this, so nothing can ask the settings again (and come to another answer).
   */
  ROLE: Role;
};

/** What a caller may set over the environment (a test, `--follow`): any setting, the role's included. */
export type ConfigOverrides = Partial<Omit<Config, 'ROLE'> & Pick<Settings, RoleSetting>>;

const schema = z.object(
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- Object.fromEntries loses the keys: each is its CONFIG_KEYS schema
  Object.fromEntries(Object.entries(CONFIG_KEYS).map(([key, { schema }]) => [key, schema])) as {
    [K in keyof Keys]: Keys[K]['schema'];
  },
);

/** Values an error message must not repeat. */
const SECRETS = new Set(['API_SECRET_KEY', 'JWT_SECRET', 'SHARES_DATABASE_URL', 'FOLLOW_URL']);

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment; a bad value throws a ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: ConfigOverrides = {}): Config {
  const picked = Object.fromEntries(
    Object.keys(CONFIG_KEYS).flatMap((k) => (env[k] === undefined ? [] : [[k, env[k]]])),
  );
  const parsed = schema.safeParse(picked);
  const refuse = (issues: z.core.$ZodIssue[], given: Record<string, unknown>): never => {
    const lines = issues.map((i) => {
      const key = String(i.path[0]);
      return `${key}: ${i.message} (got ${SECRETS.has(key) ? 'a value not shown here: it may hold a password' : `"${String(given[key])}"`})`;
    });
    throw new ConfigError(`invalid configuration:\n${lines.join('\n')}`);
  };
  if (!parsed.success) return refuse(parsed.error.issues, env);
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- the schema built from CONFIG_KEYS (above) parses to these keys
  const config = parsed.data as Omit<Settings, 'ALLOWED_ORIGINS'> & { ALLOWED_ORIGINS?: string[] | undefined };
  const settled = { ...config, ...overrides };
  // After the overrides (`--follow` comes as FOLLOW_URL): the role of what is finally served.
  const role = roleSchema.safeParse(settled);
  if (!role.success) return refuse(role.error.issues, settled);
  const { FOLLOW_URL: _followUrl, PUBLISH_PORT: _publishPort, FOLLOW_INTERVAL_S: _followInterval, ...rest } = settled;
  return {
    ...rest,
    ROLE: role.data,
    ALLOWED_ORIGINS:
      overrides.ALLOWED_ORIGINS ?? (config.ALLOWED_ORIGINS?.length ? config.ALLOWED_ORIGINS : ownOrigins(settled)),
  };
}

const LOOPBACK_OR_ANY = new Set(['127.0.0.1', 'localhost', '0.0.0.0', '::', '::1', '']);

/**
 * The origins a browser reaches this server at, as ALLOWED_ORIGINS' default: `HOST:PORT` itself (for
 * a loopback or any-address HOST, as `localhost` and `127.0.0.1`), and PUBLIC_URL's origin.
 */
export function ownOrigins({ HOST, PORT, PUBLIC_URL }: Pick<Config, 'HOST' | 'PORT' | 'PUBLIC_URL'>): string[] {
  const hosts = LOOPBACK_OR_ANY.has(HOST) ? ['localhost', '127.0.0.1'] : [HOST.includes(':') ? `[${HOST}]` : HOST];
  const origins = hosts.map((host) => `http://${host}:${PORT}`);
  if (PUBLIC_URL !== null) origins.push(new URL(PUBLIC_URL).origin);
  return [...new Set(origins)];
}

/** A file named `name` in the snapshot's folder. */
const besideSnapshot = (dbPath: string, name: string) => dbPath.replace(/[^/\\]+$/, name);

export const sharesPathOf = (config: Pick<Config, 'DB_PATH' | 'SHARES_DB_PATH'>): string =>
  config.SHARES_DB_PATH || besideSnapshot(config.DB_PATH, 'shares.db');

export const answerStorePathOf = (config: Pick<Config, 'DB_PATH' | 'ANSWER_STORE_PATH'>): string =>
  config.ANSWER_STORE_PATH || besideSnapshot(config.DB_PATH, 'answers.db');
