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

/** Every environment variable Kora reads. The README's configuration table lists the same. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(500).default(20),
  JWT_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  APP_URL: optionalString.pipe(z.url('must be a URL such as https://app.example.com').optional()),
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  MAIL_FROM: z.string().min(3).default('Kora <no-reply@kora.ng>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool.default(false),
  API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
  API_RATE_LIMIT_ANONYMOUS_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  HTTP_COMPRESSION: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
  AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
  AUTH_RATE_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).default(10),
  AUTH_RATE_LIMIT_WINDOW_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  S3_BUCKET: optionalString,
  S3_REGION: z.string().default('auto'),
  S3_ENDPOINT: optionalString.pipe(z.url('must be a URL').optional()),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_PUBLIC_URL: optionalString.pipe(z.url('must be a URL').optional()),
  S3_FORCE_PATH_STYLE: bool.default(false),
  TERMII_API_KEY: optionalString,
  TERMII_SENDER_ID: z.string().max(11).default('Kora'),
  TERMII_BASE_URL: z.url().default('https://api.ng.termii.com'),
  TERMII_ROUTE: z
    .enum(['generic', 'dnd'], { error: 'TERMII_ROUTE must be generic or dnd' })
    .default('generic'),
  PAYSTACK_BASE_URL: z.url('must be a URL').default('https://api.paystack.co'),
  SECRETS_ENCRYPTION_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9+/_=-]{43,}$|^[0-9a-fA-F]{64}$/, 'must be 32 random bytes, base64 or hex')
      .optional(),
  ),
  SALES_EMAIL: optionalString.pipe(z.email('must be an e-mail address').optional()),
  WEB_DIST: optionalString,
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  uploadsDir: string;
  databaseUrl?: string;
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
export const DEVELOPMENT_SALES_EMAIL = 'sales@kora.local';

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
  const dataDir = resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    uploadsDir: join(dataDir, 'uploads'),
    databaseUrl: e.DATABASE_URL,
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
