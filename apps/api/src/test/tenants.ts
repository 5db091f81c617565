import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Role } from '@kora/shared';
import { businesses, users } from '../db/schema';
import { hashPassword } from '../lib/passwords';
import { call, json, logIn, type SignedIn, type TestApp, uniqueEmail } from './app';

export interface Tenant extends SignedIn {
  businessId: number;
  code: string;
  role: Role;
  /** A fresh access token that carries the business and role. */
  token: string;
}

const randomCode = (): string =>
  Array.from(randomBytes(6), (b) => String.fromCharCode(65 + (b % 26))).join('');

/** Every tenant's password; its argon2 hash is made once per worker (hashing costs ~20 ms). */
const TENANT_PASSWORD = 'correct-horse-42';
let tenantPasswordHash: Promise<string> | undefined;

/**
 * A signed-in user with a business, created straight in the database (independent of the
 * sign-up and business setup calls, which their own tests cover; signUp goes through them):
 * a verified account, then a real sign-in. With `businessId`, the user joins that business in
 * `role`.
 */
export const createTenant = async (
  t: TestApp,
  opts: { role?: Role; code?: string; businessId?: number; name?: string } = {},
): Promise<Tenant> => {
  const role = opts.role ?? 'owner';
  let businessId = opts.businessId;
  if (businessId === undefined) {
    const inserted = await t.db
      .insert(businesses)
      .values({
        name: opts.name ?? 'Iron Paradise Gym',
        code: opts.code ?? randomCode(),
        address: '12 Allen Avenue',
        city: 'Ikeja',
        state: 'Lagos',
      })
      .returning({ id: businesses.id });
    businessId = inserted[0]!.id;
  }
  const business = (await t.db.select().from(businesses).where(eq(businesses.id, businessId)))[0]!;
  const email = uniqueEmail();
  tenantPasswordHash ??= hashPassword(TENANT_PASSWORD);
  const user = await t.db
    .insert(users)
    .values({
      email,
      passwordHash: await tenantPasswordHash,
      firstName: 'Ada',
      lastName: 'Okafor',
      phoneNumber: '08031234567',
      emailVerified: true,
      role,
      businessId,
    })
    .returning({ id: users.id });
  const login = await logIn(t, email, TENANT_PASSWORD);
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  const { access_token: access, refresh_token: refresh } = json(login).data as {
    access_token: string;
    refresh_token: string;
  };
  return {
    email,
    password: TENANT_PASSWORD,
    userId: user[0]!.id,
    access,
    refresh,
    businessId,
    code: business.code,
    role,
    token: access,
  };
};

/** The data GET `url` answers a new business that has nothing yet (its empty summary…). */
export const dataOfNewBusiness = async (t: TestApp, url: string) => {
  const none = await createTenant(t);
  return json(await call(t.app, 'GET', url, { token: none.token })).data;
};

let n = 0;

/** A valid new-member body; override any field. */
export const memberBody = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'Chiamaka',
  last_name: 'Eze',
  mobile_number: `0803${String(1000000 + n++).padStart(7, '0')}`,
  email_address: `member${n}@example.com`,
  city: 'Ikeja',
  state: 'Lagos',
  ...overrides,
});

/** Creates a member through the API and answers its data; fails loudly otherwise. */
export const addMember = async (
  t: TestApp,
  token: string,
  overrides: Record<string, unknown> = {},
) => {
  const res = await call(t.app, 'POST', '/v1/member', { token, body: memberBody(overrides) });
  if (res.statusCode !== 201) throw new Error(`create member failed: ${res.body}`);
  return res.json().data;
};

/** Members named `firstNames` (each with `lastName`), created in that order; by first name. */
export const addMembersNamed = async (
  t: TestApp,
  token: string,
  firstNames: string[],
  lastName = 'Okafor',
) => {
  const people: Record<string, { id: number }> = {};
  for (const name of firstNames)
    people[name] = await addMember(t, token, { first_name: name, last_name: lastName });
  return people;
};

/** The first names of the members a list answered, sorted. */
export const firstNamesOf = (res: { json: () => { data: { first_name: string }[] } }) =>
  res
    .json()
    .data.map((m) => m.first_name)
    .sort();

/** Creates a plan through the API and answers its data. */
export const addPlan = async (
  t: TestApp,
  token: string,
  overrides: Record<string, unknown> = {},
) => {
  const res = await call(t.app, 'POST', '/v1/subscription-type', {
    token,
    body: { name: 'Monthly', amount: 25000, duration: 1, duration_type: 'month', ...overrides },
  });
  if (res.statusCode !== 201) throw new Error(`create plan failed: ${res.body}`);
  return res.json().data;
};

/**
 * A plan of 1 day ("Day pass", ₦3,000 unless overridden), named the business's day-pass plan in its
 * settings; answers the plan. Fails loudly when either call fails.
 */
export const addDayPassPlan = async (
  t: TestApp,
  token: string,
  overrides: Record<string, unknown> = {},
) => {
  const plan = await addPlan(t, token, {
    name: 'Day pass',
    amount: 3000,
    duration: 1,
    duration_type: 'day',
    ...overrides,
  });
  const set = await call(t.app, 'PATCH', '/v1/business/profile', {
    token,
    body: { day_pass_plan_id: plan.id },
  });
  if (set.statusCode !== 200) throw new Error(`day-pass plan failed: ${set.body}`);
  return plan;
};

/** A group plan "Up to `limit` members" (the payer included), created through the API. */
export const addGroupPlan = (
  t: TestApp,
  token: string,
  limit: number,
  overrides: Record<string, unknown> = {},
) =>
  addPlan(t, token, {
    name: 'Duo',
    amount: 30000,
    ...overrides,
    is_grouped: 1,
    group_limit: limit,
  });
