import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { buildApp, type BuildOptions } from '../app';
import { loadConfig, type Config } from '../config';
import type { Database, Db } from '../db/client';
import { outbox, users } from '../db/schema';
import { checkAnswers, type AnswerChecker } from './answer-check';
import { openTestDatabase } from './database';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  database: Database;
  config: Config;
  /**
   * Throws when an answer given so far did not match the OpenAPI document (see
   * answer-check.ts), naming each; `close` checks too.
   */
  expectAnswersDocumented(): void;
  close(): Promise<void>;
}

export const testConfig = (overrides: Partial<Config> = {}): Config => {
  const dataDir = mkdtempSync(join(tmpdir(), 'kora-test-'));
  return {
    ...loadConfig({
      NODE_ENV: 'test',
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      DATA_DIR: dataDir,
      // No built web app, whether or not apps/web/dist exists: the API tests run while the
      // build writes it (`npm test`), and the web plugin's tests give theirs (plugins/web.test.ts).
      WEB_DIST: join(dataDir, 'no-web-build'),
      APP_URL: 'http://kora.test',
    }),
    ...overrides,
  };
};

/** Builds the real app on a fresh database (`build.logStream`: where its log lines go). */
export const createTestApp = async (
  overrides: Partial<Config> = {},
  build: Omit<BuildOptions, 'database'> = {},
): Promise<TestApp> => {
  const database = await openTestDatabase();
  const config = testConfig(overrides);
  let checker: AnswerChecker | undefined;
  const app = await buildApp(config, {
    ...build,
    database,
    instrument: (bare) => {
      build.instrument?.(bare);
      checker = checkAnswers(bare);
    },
  });
  await app.ready();
  const expectAnswersDocumented = () => {
    const mismatches = checker?.take() ?? [];
    if (mismatches.length) throw new Error(mismatches.join('\n'));
  };
  return {
    app,
    db: database.db,
    database,
    config,
    expectAnswersDocumented,
    close: async () => {
      await app.close();
      await database.close();
      expectAnswersDocumented();
    },
  };
};

/** Runs `fn` on an app of its own, built with `overrides` and closed afterwards. */
export const withTestApp = async (
  overrides: Partial<Config>,
  fn: (t: TestApp) => Promise<void>,
): Promise<void> => {
  const t = await createTestApp(overrides);
  try {
    await fn(t);
  } finally {
    await t.close();
  }
};

export const json = <T = any>(res: LightMyRequestResponse): T => res.json() as T;

/** A 400 that names exactly these fields, each with its message. */
export const expectFieldErrors = (res: LightMyRequestResponse, errors: Record<string, string>) => {
  expect(res.statusCode).toBe(400);
  expect(json(res).errors).toEqual(errors);
};

/**
 * A public page limited to 3 opens a minute per IP address: the first 3 from one address answer
 * `status`, the next answers 429 with a page saying how long to wait, and another address is not
 * affected.
 */
export const expectPageLimitedPerIp = async (
  open: (ip: string) => Promise<LightMyRequestResponse>,
  status: number,
) => {
  for (let i = 0; i < 3; i++) expect((await open('10.7.7.7')).statusCode).toBe(status);
  const blocked = await open('10.7.7.7');
  expect(blocked.statusCode).toBe(429);
  expect(blocked.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(blocked.headers['retry-after']).toEqual(expect.any(String));
  expect(blocked.body).toMatch(/Please wait \d+ (seconds?|minutes?) and open the link again\./);
  // Another address is not affected.
  expect((await open('10.7.7.8')).statusCode).toBe(status);
};

/** Sends a JSON request, with a bearer token when given. */
export const call = (
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  opts: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
) =>
  app.inject({
    method,
    url,
    payload: opts.body as InjectOptions['payload'],
    headers: {
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...opts.headers,
    },
  });

/** Each of these calls asks a signed-in user without a business to set one up first (403). */
export const expectSetupAskedFor = async (
  t: TestApp,
  token: string,
  calls: readonly (readonly [InjectOptions['method'], string])[],
  body: unknown = {},
) => {
  for (const [method, url] of calls) {
    const res = await call(t.app, method, url, { token, body });
    expect(res.statusCode, `${method} ${url}`).toBe(403);
    expect(json(res).message).toBe('Complete your business setup first.');
  }
};

/** The newest message in the outbox sent to `to`. */
export const lastMessageTo = async (db: Db, to: string) =>
  (await db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id)).limit(1))[0];

export const codeFromOutbox = async (db: Db, email: string): Promise<string> => {
  const msg = await lastMessageTo(db, email);
  const code = msg?.text.match(/\b(\d{7})\b/)?.[1];
  if (!code) throw new Error(`no verification code in the outbox for ${email}`);
  return code;
};

export const linkTokenFromOutbox = async (db: Db, email: string): Promise<string> => {
  const msg = await lastMessageTo(db, email);
  const token = msg?.text.match(/token=([^\s&]+)/)?.[1];
  if (!token) throw new Error(`no link in the outbox for ${email}`);
  return decodeURIComponent(token);
};

let counter = 0;
export const uniqueEmail = (prefix = 'user') =>
  `${prefix}.${Date.now().toString(36)}${(counter++).toString(36)}@example.com`;

export interface SignedIn {
  email: string;
  password: string;
  userId: number;
  access: string;
  refresh: string;
}

/** POST /v1/auth/register: Ada Okafor (or `first_name` Okafor) with a Lagos mobile number. */
export const register = (t: TestApp, email: string, password: string, first_name = 'Ada') =>
  call(t.app, 'POST', '/v1/auth/register', {
    body: { first_name, last_name: 'Okafor', email, phone_number: '08031234567', password },
  });

/** POST /v1/auth/login. */
export const logIn = (t: TestApp, email: string, password: string, remember_me = false) =>
  call(t.app, 'POST', '/v1/auth/login', { body: { email, password, remember_me } });

/** Registers, verifies through the outbox and signs in: a person's first minutes with Kora. */
export const signUp = async (
  t: TestApp,
  opts: { email?: string; password?: string; first_name?: string; remember_me?: boolean } = {},
): Promise<SignedIn> => {
  const email = opts.email ?? uniqueEmail();
  const password = opts.password ?? 'correct-horse-42';
  const reg = await register(t, email, password, opts.first_name);
  if (reg.statusCode !== 201) throw new Error(`register failed: ${reg.body}`);
  const code = await codeFromOutbox(t.db, email);
  const ver = await call(t.app, 'POST', '/v1/auth/verify-email/validate', {
    body: { email, code, password },
  });
  if (ver.statusCode !== 200) throw new Error(`verify failed: ${ver.body}`);
  const login = await logIn(t, email, password, opts.remember_me);
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  const user = (await t.db.select().from(users).where(eq(users.email, email)))[0]!;
  return {
    email,
    password,
    userId: user.id,
    access: json(login).data.access_token,
    refresh: json(login).data.refresh_token,
  };
};
