import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const here = dirname(fileURLToPath(import.meta.url));

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

interface Variable<S extends z.ZodType> {
  schema: S;
  /** What it does, with an example where the form is not obvious (Markdown). */
  description: string;
  /** The default in words when the schema has none of its own (computed, or none at all). */
  otherwise?: string;
}

const variable = <S extends z.ZodType>(
  schema: S,
  description: string,
  otherwise?: string,
): Variable<S> => ({ schema, description, otherwise });

/**
 * Every environment variable Kora reads: how it is checked and what it means. loadConfig reads
 * them through this table and README.md's configuration table is written from it
 * (`npm run docs:config`).
 */
export const CONFIG_VARIABLES = {
  NODE_ENV: variable(
    z.enum(['development', 'production', 'test']).default('development'),
    '`production` turns off `/dev/outbox` and requires `JWT_SECRET`',
  ),
  PORT: variable(
    z.coerce.number().int().min(1).max(65535).default(3000),
    'the one port for the API and the web app',
  ),
  HOST: variable(z.string().default('0.0.0.0'), 'the address to listen on'),
  DATA_DIR: variable(
    z.string().min(1).default('./data'),
    'PGlite database (`DATA_DIR/db`), uploads (`DATA_DIR/uploads`) and the development JWT secret',
  ),
  DATABASE_URL: variable(
    optionalString.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
        .optional(),
    ),
    '`postgres://user:pass@host:5432/db` switches to a PostgreSQL server',
    '(none: PGlite)',
  ),
  DATABASE_MIGRATION_URL: variable(
    optionalString.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
        .optional(),
    ),
    "PostgreSQL: the same database as the tables' owner, which applies the migrations and grants `DATABASE_URL`'s role (which should own nothing) what the API needs; the audit trail is then safe from the API's own role (see Running on PostgreSQL)",
    '(none: `DATABASE_URL` migrates and owns the tables)',
  ),
  DATABASE_POOL_MAX: variable(
    z.coerce.number().int().min(1).max(500).default(10),
    'connections per instance in the PostgreSQL pool; about 2 to 4 per CPU of the database server (on 2 CPUs, 10 answered the member list a quarter faster than 20: fewer busy backends, less switching between them)',
  ),
  JWT_SECRET: variable(
    optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
    'signs access tokens and e-mailed links; at least 32 characters; required in production',
    'generated once into `DATA_DIR/.jwt-secret`',
  ),
  APP_URL: variable(
    optionalString.pipe(z.url('must be a URL such as https://app.example.com').optional()),
    'the public address, used in e-mailed links (`APP_URL/set-password?token=…`)',
    '`http://localhost:$PORT`',
  ),
  SMTP_URL: variable(
    optionalString.pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
        .optional(),
    ),
    '`smtp://user:pass@host:587` or `smtps://…:465`; without it e-mails stay in the outbox',
    '(none: local outbox)',
  ),
  MAIL_FROM: variable(
    z.string().min(3).default('Kora <no-reply@kora.ng>'),
    "sender of Kora's own e-mails; e-mails to members use its address with the gym's name",
  ),
  TERMII_API_KEY: variable(
    optionalString,
    'Termii key for SMS and WhatsApp delivery',
    '(none: local outbox)',
  ),
  TERMII_SENDER_ID: variable(
    z.string().max(11).default('Kora'),
    'Termii sender ID (at most 11 characters)',
  ),
  TERMII_BASE_URL: variable(z.url().default('https://api.ng.termii.com'), 'Termii API base'),
  TERMII_ROUTE: variable(
    z.enum(['generic', 'dnd'], { error: 'TERMII_ROUTE must be generic or dnd' }).default('generic'),
    "Termii's SMS route: `generic`, or `dnd` to reach numbers on Do-Not-Disturb (needs the route enabled on the Termii account)",
  ),
  PAYSTACK_BASE_URL: variable(
    z.url('must be a URL').default('https://api.paystack.co'),
    "Paystack's API; tests and staging point it at a loopback server",
  ),
  SECRETS_ENCRYPTION_KEY: variable(
    optionalString.pipe(
      z
        .string()
        .regex(
          /^[A-Za-z0-9+/_=-]{43,}$|^[0-9a-fA-F]{64}$/,
          'must be 32 random bytes, base64 or hex',
        )
        .optional(),
    ),
    "32 random bytes, base64 or hex (`openssl rand -base64 32`): seals each business's Paystack secret key in the database (AES-256-GCM). In production without it, online payments cannot be connected. Keep it: changing it makes every connected business connect again",
    'generated once into `DATA_DIR/.secrets-key` (not in production)',
  ),
  SALES_EMAIL: variable(
    optionalString.pipe(z.email('must be an e-mail address').optional()),
    "where contact-form requests (sales tickets) are e-mailed, with Reply-To the visitor's business e-mail; set it in production so requests reach your sales team",
    '`sales@kora.local` in development; in production the address of `MAIL_FROM`',
  ),
  S3_BUCKET: variable(
    optionalString,
    'store uploads in an S3-compatible bucket (AWS S3, Cloudflare R2, DigitalOcean Spaces, MinIO)',
    '(none: local folder)',
  ),
  S3_REGION: variable(z.string().default('auto'), 'bucket region'),
  S3_ENDPOINT: variable(
    optionalString.pipe(z.url('must be a URL').optional()),
    'endpoint URL for R2, Spaces, MinIO…',
    '(AWS)',
  ),
  S3_ACCESS_KEY_ID: variable(optionalString, "the bucket's access key", '(instance credentials)'),
  S3_SECRET_ACCESS_KEY: variable(
    optionalString,
    "the bucket's secret key",
    '(instance credentials)',
  ),
  S3_PUBLIC_URL: variable(
    optionalString.pipe(z.url('must be a URL').optional()),
    'public base URL of the bucket (e.g. a CDN) used in answered file URLs',
    'derived',
  ),
  S3_FORCE_PATH_STYLE: variable(
    bool.default(false),
    '`true` for MinIO and other path-style endpoints',
  ),
  LOG_LEVEL: variable(
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    '`fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`',
  ),
  TRUST_PROXY: variable(
    bool.default(false),
    '`true` behind a load balancer or reverse proxy (client IPs for rate limits)',
  ),
  API_RATE_LIMIT_PER_MINUTE: variable(
    z.coerce.number().int().min(1).default(1200),
    'API calls per minute for one signed-in user, wherever they call from (429 past it)',
  ),
  API_RATE_LIMIT_ANONYMOUS_PER_MINUTE: variable(
    z.coerce.number().int().min(1).default(300),
    'API calls per minute per IP without a valid sign-in',
  ),
  AUTH_RATE_LIMIT_PER_IP: variable(
    z.coerce.number().int().min(1).default(30),
    'sign-in, registration, verification and reset attempts per IP per window',
  ),
  AUTH_RATE_LIMIT_PER_EMAIL: variable(
    z.coerce.number().int().min(1).default(10),
    'the same per e-mail address',
  ),
  AUTH_RATE_LIMIT_WINDOW_MINUTES: variable(
    z.coerce.number().int().min(1).max(1440).default(15),
    'the rate-limit window',
  ),
  WEB_DIST: variable(optionalString, 'the built web app to serve', '`apps/web/dist`'),
  HTTP_COMPRESSION: variable(
    z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
    "`off` stops compressing the API's answers on the fly (behind a proxy that compresses them itself); files and site pages are compressed ahead of time either way",
  ),
};

type Variables = typeof CONFIG_VARIABLES;

const envSchema = z.object(
  Object.fromEntries(Object.entries(CONFIG_VARIABLES).map(([name, v]) => [name, v.schema])) as {
    [K in keyof Variables]: Variables[K]['schema'];
  },
);

type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  uploadsDir: string;
  databaseUrl?: string;
  /** The tables' owner, which migrates (PostgreSQL); without it databaseUrl migrates. */
  databaseMigrationUrl?: string;
  databasePoolMax: number;
  jwtSecret: string;
  appUrl: string;
  smtpUrl?: string;
  mailFrom: string;
  logLevel: Env['LOG_LEVEL'];
  trustProxy: boolean;
  rateLimit: { perIp: number; perEmail: number; windowMinutes: number };
  /** Requests per minute per IP across the whole API. */
  /** The general API limit: per signed-in user, and per IP for calls without a sign-in. */
  apiRateLimit: { enabled: boolean; perUserPerMinute: number; perIpPerMinute: number };
  /** Compress the API's answers (and the blog's pages) over 1 kB on the fly. */
  httpCompression: boolean;
  s3?: {
    bucket: string;
    region: string;
    endpoint?: string;
    accessKeyId?: string;
    secretAccessKey?: string;
    publicUrl?: string;
    forcePathStyle: boolean;
  };
  /** `route`: Termii's SMS route, `generic` or `dnd` (reaches numbers on Do-Not-Disturb). */
  termii?: { apiKey: string; senderId: string; baseUrl: string; route?: 'generic' | 'dnd' };
  /** Paystack's API (a loopback server in tests and staging). */
  paystackBaseUrl: string;
  /**
   * The 32-byte key that encrypts stored secrets (each business's Paystack secret key);
   * undefined in production when SECRETS_ENCRYPTION_KEY is not set (online payments are off).
   */
  secretsKey?: Buffer;
  /** Where contact-form requests are e-mailed (see salesEmailOf). */
  salesEmail: string;
  webDist: string;
  /** Run the background dispatcher (off in tests, which run it by hand). */
  runJobs: boolean;
}

export class ConfigError extends Error {}

/** Where contact requests go in development and tests when SALES_EMAIL is not set. */
const DEVELOPMENT_SALES_EMAIL = 'sales@kora.local';

/** The address of a From header: `Kora <hello@kora.ng>` or `hello@kora.ng`. */
const addressOf = (from: string): string | undefined => {
  const candidate = (/<([^<>]+)>\s*$/.exec(from)?.[1] ?? from).trim();
  return z.email().safeParse(candidate).success ? candidate : undefined;
};

/**
 * SALES_EMAIL when set; otherwise `sales@kora.local` in development and tests (the local
 * outbox), and in production the address of MAIL_FROM (so a deployment without it still
 * starts; set SALES_EMAIL so requests reach the sales team).
 */
const salesEmailOf = (e: Env, isProduction: boolean): string => {
  if (e.SALES_EMAIL) return e.SALES_EMAIL;
  if (!isProduction) return DEVELOPMENT_SALES_EMAIL;
  const fromAddress = addressOf(e.MAIL_FROM);
  if (fromAddress) return fromAddress;
  throw new ConfigError(
    'Invalid configuration:\n  SALES_EMAIL: required when NODE_ENV=production and MAIL_FROM has no e-mail address',
  );
};

/** In development the secret is generated once and kept in DATA_DIR, so a restart keeps sessions. */
const developmentSecret = (dataDir: string): string => {
  const file = join(dataDir, '.jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
};

/** SECRETS_ENCRYPTION_KEY as 32 bytes; a wrong length names the variable. */
const secretsKeyOf = (value: string): Buffer => {
  const key = /^[0-9a-fA-F]{64}$/.test(value)
    ? Buffer.from(value, 'hex')
    : Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  if (key.length !== 32)
    throw new ConfigError(
      'Invalid configuration:\n  SECRETS_ENCRYPTION_KEY: must be 32 random bytes, base64 or hex (openssl rand -base64 32)',
    );
  return key;
};

/**
 * The key that encrypts stored secrets: SECRETS_ENCRYPTION_KEY; in development and tests one is
 * generated once and kept in DATA_DIR (like the JWT secret); in production none without it.
 */
const secretsKeyFor = (e: Env, isProduction: boolean, dataDir: string): Buffer | undefined => {
  if (e.SECRETS_ENCRYPTION_KEY) return secretsKeyOf(e.SECRETS_ENCRYPTION_KEY);
  if (isProduction) return undefined;
  const file = join(dataDir, '.secrets-key');
  if (existsSync(file)) return secretsKeyOf(readFileSync(file, 'utf8').trim());
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32).toString('base64');
  writeFileSync(file, key, { mode: 0o600 });
  return secretsKeyOf(key);
};

/** The only reader of process.env. Throws ConfigError naming every wrong variable. */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  if (isProduction && !e.JWT_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  JWT_SECRET: required when NODE_ENV=production (at least 32 characters)',
    );
  }
  if (e.DATABASE_MIGRATION_URL && !e.DATABASE_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  DATABASE_MIGRATION_URL: needs DATABASE_URL (the role the API runs as)',
    );
  }
  const dataDir = resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    uploadsDir: join(dataDir, 'uploads'),
    databaseUrl: e.DATABASE_URL,
    databaseMigrationUrl: e.DATABASE_MIGRATION_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    jwtSecret: e.JWT_SECRET ?? developmentSecret(dataDir),
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    rateLimit: {
      perIp: e.AUTH_RATE_LIMIT_PER_IP,
      perEmail: e.AUTH_RATE_LIMIT_PER_EMAIL,
      windowMinutes: e.AUTH_RATE_LIMIT_WINDOW_MINUTES,
    },
    httpCompression: e.HTTP_COMPRESSION === 'on',
    apiRateLimit: {
      enabled: e.NODE_ENV !== 'test',
      perUserPerMinute: e.API_RATE_LIMIT_PER_MINUTE,
      perIpPerMinute: e.API_RATE_LIMIT_ANONYMOUS_PER_MINUTE,
    },
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          publicUrl: e.S3_PUBLIC_URL,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    termii: e.TERMII_API_KEY
      ? {
          apiKey: e.TERMII_API_KEY,
          senderId: e.TERMII_SENDER_ID,
          baseUrl: e.TERMII_BASE_URL,
          route: e.TERMII_ROUTE,
        }
      : undefined,
    paystackBaseUrl: e.PAYSTACK_BASE_URL.replace(/\/$/, ''),
    secretsKey: secretsKeyFor(e, isProduction, dataDir),
    salesEmail: salesEmailOf(e, isProduction),
    webDist: e.WEB_DIST ? resolve(e.WEB_DIST) : resolve(here, '../../web/dist'),
    runJobs: e.NODE_ENV !== 'test',
  };
};
