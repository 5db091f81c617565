import {
  authContracts,
  businessContracts,
  memberContracts,
  pathOf,
  planContracts,
  type Contract,
  type CreateBusinessForm,
  type CreateMemberInput,
  type CreatePlanInput,
  type PageMeta,
  type RegisterInput,
  type TokenPair,
} from '@kora/shared';
import type { z } from 'zod';

/**
 * The server the helpers call and browsers open, without a trailing slash: the one e2e/run.mjs
 * started, unless a file runs its own (`setBaseUrl`).
 */
export let BASE_URL = (() => {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run the specs through e2e/run.mjs');
  return url.replace(/\/$/, '');
})();

/** Points the helpers, and the browsers launched after, at another server (a file's own). */
export const setBaseUrl = (url: string) => {
  BASE_URL = url.replace(/\/$/, '');
};

export interface Answer<T> {
  message: string;
  data: T;
  meta?: PageMeta;
}

/**
 * A JSON call against the API: the whole answer `{ message, data, meta? }`; throws on an
 * error status. With a token it sends `Authorization: Bearer <token>`.
 */
export const api = async <T = unknown>(
  method: string,
  path: string,
  body?: unknown,
  token = '',
): Promise<Answer<T>> => {
  const res = await fetch(`${BASE_URL}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as Answer<T>;
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${json.message}`);
  return json;
};

interface OutboxMessage {
  channel: string;
  to: string;
  subject: string | null;
  text: string | null;
}

/** Waits for the newest message to `to` whose text matches `pattern`; answers the match. */
export const waitForMessage = async (to: string, pattern: RegExp, timeoutMs = 20_000) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const res = await fetch(`${BASE_URL}/dev/outbox`);
    const { data } = (await res.json()) as { data: OutboxMessage[] };
    for (const message of data) {
      const match = message.to === to ? pattern.exec(message.text ?? '') : null;
      if (match) return match;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no message to ${to} matching ${pattern} within ${timeoutMs / 1000} s`);
};

/** The 7-digit code of the newest verification e-mail to `email`. */
export const waitForVerificationCode = async (email: string) =>
  (await waitForMessage(email, /verification code is (\d{7})/))[1]!;

/** The token of the newest set-password link e-mailed to `email`. */
export const waitForSetPasswordToken = async (email: string) =>
  (await waitForMessage(email, /\/set-password\?token=([\w.%-]+)/))[1]!;

/** Calls a contract of the API: its method and path, the params filled in; answers its answer. */
export const call = async <C extends Contract>(
  c: C,
  opts: { params?: Record<string, string | number>; body?: unknown; token?: string } = {},
): Promise<z.infer<C['answer']>> =>
  (await api(c.method, pathOf(c.path, opts.params), opts.body, opts.token)) as z.infer<C['answer']>;

/**
 * Registers the owner, verifies the e-mail with the code from the outbox, signs in, sets the
 * business up and refreshes (so the tokens carry the business). Answers the fresh pair.
 */
export const signUpOwner = async (
  owner: RegisterInput,
  business: CreateBusinessForm,
): Promise<TokenPair> => {
  const { email, password } = owner;
  await call(authContracts.register, { body: owner });
  const code = await waitForVerificationCode(email);
  await call(authContracts.verifyEmail, { body: { email, code, password } });
  const login = await call(authContracts.login, {
    body: { email, password, remember_me: true },
  });
  await call(businessContracts.create, { body: business, token: login.data.access_token });
  const refreshed = await call(authContracts.refresh, {
    body: { token: login.data.refresh_token },
  });
  return refreshed.data as TokenPair;
};

type NewPlan = Pick<CreatePlanInput, 'name' | 'amount' | 'duration' | 'duration_type'> &
  Partial<Pick<CreatePlanInput, 'is_grouped' | 'group_limit'>>;
type NewMember = Pick<
  CreateMemberInput,
  'first_name' | 'last_name' | 'mobile_number' | 'email_address' | 'city' | 'state'
>;

/** Creates a subscription plan as the signed-in owner; answers its id. */
export const createPlan = async (token: string, plan: NewPlan) =>
  (await call(planContracts.create, { body: plan, token })).data;

/** Creates a plan of one month at `amount` naira as the signed-in owner; answers it. */
export const createMonthlyPlan = (token: string, name: string, amount: number) =>
  createPlan(token, { name, amount, duration: 1, duration_type: 'month' });

/** Creates a member as the signed-in owner; answers its id. */
export const createMember = async (token: string, member: NewMember) =>
  (await call(memberContracts.create, { body: member, token })).data;
