import type {
  CreateBusinessForm,
  CreateMemberInput,
  CreatePlanInput,
  PageMeta,
  RegisterInput,
  TokenPair,
} from '@kora/shared';

/** The server e2e/run.mjs started, without a trailing slash. */
export const BASE_URL = (() => {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run the specs through e2e/run.mjs');
  return url.replace(/\/$/, '');
})();

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

/**
 * Registers the owner, verifies the e-mail with the code from the outbox, signs in, sets the
 * business up and refreshes (so the tokens carry the business). Answers the fresh pair.
 */
export const signUpOwner = async (
  owner: RegisterInput,
  business: CreateBusinessForm,
): Promise<TokenPair> => {
  const { email, password } = owner;
  await api('POST', '/v1/auth/register', owner);
  const code = await waitForVerificationCode(email);
  await api('POST', '/v1/auth/verify-email/validate', { email, code });
  const login = await api<TokenPair>('POST', '/v1/auth/login', {
    email,
    password,
    remember_me: true,
  });
  await api('POST', '/v1/business', business, login.data.access_token);
  return (await api<TokenPair>('POST', '/v1/auth/refresh', { token: login.data.refresh_token }))
    .data;
};

type NewPlan = Pick<CreatePlanInput, 'name' | 'amount' | 'duration' | 'duration_type'>;
type NewMember = Pick<
  CreateMemberInput,
  'first_name' | 'last_name' | 'mobile_number' | 'email_address' | 'city' | 'state'
>;

/** Creates a subscription plan as the signed-in owner; answers its id. */
export const createPlan = async (token: string, plan: NewPlan) =>
  (await api<{ id: number }>('POST', '/v1/subscription-type', plan, token)).data;

/** Creates a member as the signed-in owner; answers its id. */
export const createMember = async (token: string, member: NewMember) =>
  (await api<{ id: number }>('POST', '/v1/member', member, token)).data;
