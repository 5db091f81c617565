import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import { ARTICLE_NOT_FOUND, BLOG_LIMITS, ONLINE_MESSAGES, addDays, lagosDay } from '@kora/shared';
import { publishArticle } from './modules/blog';
import { call } from './test/app';
import { useTestApp, useTenants } from './test/hooks';
import { memberTokenFor } from './test/portal';
import { addMember, addPlan, memberBody } from './test/tenants';

/*
 * The OpenAPI document is exactly as strict as the server: each example below is valid for both
 * or refused by both (the document checked with a standard validator, the server with the
 * request). A 204 declares no body, a path parameter is as long as the longest blog slug, and a
 * gym without Paystack hears the same status from every call that needs it.
 */

const t = useTestApp();
const { owner } = useTenants(t, { owner: {} });

type Schema = Record<string, unknown>;
type Operation = {
  parameters?: { in: string; name: string; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: unknown }>;
};
let doc: { paths: Record<string, Record<string, Operation>> };
let memberToken: string;
let ids: { member: number; plan: number };
/** A valid desk payment: one period of the plan (₦25,000), in cash. */
/** A message to every member by e-mail. */
const MESSAGE = { group: 'all_members', channel: 'email', message: '<p>See you at the gym</p>' };
const YEAR = Number(lagosDay().slice(0, 4));
const payment = () => ({
  member_id: ids.member,
  subscription_type_id: ids.plan,
  amount: 25000,
  method: 'Cash',
  duration: 1,
});

beforeAll(async () => {
  doc = (await call(t.app, 'GET', '/docs/json')).json();
  const plan = await addPlan(t, owner.token, { available_online: true });
  const member = await addMember(t, owner.token);
  ids = { member: member.id, plan: plan.id };
  memberToken = await memberTokenFor(t, owner.businessId, member.id);
});

const operation = (method: string, path: string): Operation => {
  const op = doc.paths[path]?.[method];
  if (!op) throw new Error(`${method} ${path} is not in the document`);
  return op;
};

/**
 * OpenAPI 3.0's `exclusiveMinimum: true` (beside `minimum`) and `nullable: true` in the JSON
 * Schema draft the validator reads: `exclusiveMinimum: <minimum>`, `anyOf: [schema, null]`.
 */
const asDraft7 = (node: unknown): unknown => {
  if (Array.isArray(node)) return node.map(asDraft7);
  if (!node || typeof node !== 'object') return node;
  const out = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, asDraft7(v)]));
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const)
    if (out[flag] === true) {
      out[flag] = out[bound];
      delete out[bound];
    } else if (out[flag] === false) delete out[flag];
  if (out.nullable !== true) return out;
  delete out.nullable;
  return { anyOf: [out, { type: 'null' }] };
};

// The document's formats (date, date-time, email) are checked as a standard validator does.
const ajv = addFormats(new Ajv({ strict: false, validateSchema: false, allErrors: true }));
const documentAccepts = (schema: Schema, value: unknown) =>
  ajv.validate(asDraft7(schema) as Schema, value);

describe('the document says what the server takes', () => {
  /** [what, method, document path, url, JSON body, valid?] */
  const BODIES: [string, string, string, () => string, () => unknown, boolean][] = [
    ['a check-in naming nobody', 'post', '/v1/check-in', () => '/v1/check-in', () => ({}), false],
    [
      'a check-in naming a member and a card',
      'post',
      '/v1/check-in',
      () => '/v1/check-in',
      () => ({ member_id: ids.member, card_code: 'abc' }),
      false,
    ],
    [
      'a cash-up of null',
      'post',
      '/v1/cash-up',
      () => '/v1/cash-up',
      () => ({ counted: null }),
      false,
    ],
    [
      'a cash-up counted as text',
      'post',
      '/v1/cash-up',
      () => '/v1/cash-up',
      () => ({ counted: '2500.50' }),
      true,
    ],
    [
      'a plan of 0.001 naira',
      'post',
      '/v1/subscription-type',
      () => '/v1/subscription-type',
      () => ({ name: 'Gold', amount: 0.001, duration: 1, duration_type: 'month' }),
      false,
    ],
    [
      'a plan of true naira',
      'post',
      '/v1/subscription-type',
      () => '/v1/subscription-type',
      () => ({ name: 'Gold', amount: true, duration: 1, duration_type: 'month' }),
      false,
    ],
    [
      'a plan of 1.5 months',
      'post',
      '/v1/subscription-type',
      () => '/v1/subscription-type',
      () => ({ name: 'Gold', amount: 5000, duration: '1.5', duration_type: 'month' }),
      false,
    ],
    [
      'a plan of ₦5,000.50 a month',
      'post',
      '/v1/subscription-type',
      () => '/v1/subscription-type',
      () => ({ name: 'Gold Plus', amount: 5000.5, duration: '1', duration_type: 'month' }),
      true,
    ],
    [
      'a member without a first name',
      'post',
      '/v1/member',
      () => '/v1/member',
      () => memberBody({ first_name: '' }),
      false,
    ],
    [
      'a member with an e-mail that is not one',
      'post',
      '/v1/member',
      () => '/v1/member',
      () => memberBody({ email_address: 'chiamaka.example.com' }),
      false,
    ],
    [
      'a member without an e-mail or a date of birth',
      'post',
      '/v1/member',
      () => '/v1/member',
      () => memberBody({ email_address: '', date_of_birth: '' }),
      true,
    ],
    [
      'a member born on 30 February',
      'post',
      '/v1/member',
      () => '/v1/member',
      () => memberBody({ date_of_birth: '1990-02-30' }),
      false,
    ],
    [
      'a plan without a name',
      'post',
      '/v1/subscription-type',
      () => '/v1/subscription-type',
      () => ({ name: '', amount: 5000, duration: 1, duration_type: 'month' }),
      false,
    ],
    [
      'a freeze from 30 February',
      'post',
      '/v1/member/{id}/freeze',
      () => `/v1/member/${ids.member}/freeze`,
      () => ({ start_date: '2026-02-30', end_date: '2026-03-10' }),
      false,
    ],
    [
      'a payment paid on the 13th month',
      'post',
      '/v1/payment',
      () => '/v1/payment',
      () => ({ ...payment(), paid_on: '2026-13-01' }),
      false,
    ],
    [
      'a payment paid today',
      'post',
      '/v1/payment',
      () => '/v1/payment',
      () => ({ ...payment(), paid_on: lagosDay() }),
      true,
    ],
    [
      'a payment recorded "yesterday"',
      'post',
      '/v1/payment',
      () => '/v1/payment',
      () => ({ ...payment(), recorded_at: 'yesterday' }),
      false,
    ],
    [
      'a payment recorded at a time without its seconds',
      'post',
      '/v1/payment',
      () => '/v1/payment',
      () => ({ ...payment(), recorded_at: '2026-12-01T10:00Z' }),
      false,
    ],
    [
      'a payment recorded a minute ago, to the second',
      'post',
      '/v1/payment',
      () => '/v1/payment',
      () => ({ ...payment(), recorded_at: new Date(Date.now() - 60_000).toISOString() }),
      true,
    ],
    [
      'a message scheduled for 30 February',
      'post',
      '/v1/comms',
      () => '/v1/comms',
      () => ({ ...MESSAGE, is_scheduled: true, schedule_date: `${YEAR + 1}-02-30T10:00` }),
      false,
    ],
    [
      'a message sent now, with a send time that is not one',
      'post',
      '/v1/comms',
      () => '/v1/comms',
      () => ({ ...MESSAGE, is_scheduled: false, schedule_date: 'next week' }),
      false,
    ],
    [
      'a message sent now, with a blank send time',
      'post',
      '/v1/comms',
      () => '/v1/comms',
      () => ({ ...MESSAGE, is_scheduled: false, schedule_date: '' }),
      true,
    ],
    [
      'a message scheduled for tomorrow, in Lagos time',
      'post',
      '/v1/comms',
      () => '/v1/comms',
      () => ({ ...MESSAGE, is_scheduled: true, schedule_date: `${addDays(lagosDay(), 1)}T10:00` }),
      true,
    ],
    [
      'a sign-up with an e-mail that is not one',
      'post',
      '/v1/auth/register',
      () => '/v1/auth/register',
      () => ({
        first_name: 'Ada',
        last_name: 'Obi',
        email: 'ada-at-example.com',
        password: 'Strong-Passw0rd!',
      }),
      false,
    ],
    [
      "a member's page change of nothing",
      'patch',
      '/v1/portal/{business_code}/me',
      () => `/v1/portal/${owner.code}/me`,
      () => ({}),
      false,
    ],
  ];

  it.each(BODIES)('%s: the same for both', async (_, method, path, url, body, valid) => {
    const schema = operation(method, path).requestBody?.content['application/json']?.schema;
    expect(schema).toBeDefined();
    expect(documentAccepts(schema!, body())).toBe(valid);
    const res = await call(t.app, method.toUpperCase() as 'POST', url(), {
      token: path.startsWith('/v1/portal/') ? memberToken : owner.token,
      body: body(),
    });
    if (valid) expect(res.statusCode, res.body).toBeLessThan(300);
    else expect(res.statusCode, res.body).toBe(400);
  });

  /** [what, path, parameter, value, valid?]: a list filter, alone in the query string. */
  const FILTERS: [string, string, string, string, boolean][] = [
    ['payments of any method (blank)', '/v1/payment', 'method', '', true],
    ['payments of any method (all)', '/v1/payment', 'method', 'all', true],
    ['payments of an unknown method', '/v1/payment', 'method', 'Cheque', false],
    ['payments from a blank day', '/v1/payment', 'start_date', '', true],
    ['payments of any member (blank)', '/v1/payment', 'member_id', '', true],
    ['payments of any plan (blank)', '/v1/payment', 'subscription_type_id', '', true],
    ['trail entries by anyone (blank)', '/v1/audit', 'user_id', '', true],
    ['trail entries of any member (blank)', '/v1/audit', 'member_id', '', true],
    ['cash-ups by anyone (blank)', '/v1/cash-up', 'user_id', '', true],
    ['payments from 30 February', '/v1/payment', 'start_date', '2026-02-30', false],
    ['subscriptions of any status', '/v1/subscription', 'status', 'all', true],
    ['members of any account status', '/v1/member', 'account_status', '', true],
    ['members frozen or not', '/v1/member', 'frozen', 'all', true],
    ['members of the default kind (blank)', '/v1/member', 'kind', '', true],
    ['visits of today (blank day)', '/v1/check-in', 'date', '', true],
    ['visits of 31 April', '/v1/check-in', 'date', '2026-04-31', false],
    ['visits found any way', '/v1/check-in', 'found_by', 'all', true],
    ['visits let in or not (blank)', '/v1/check-in', 'overrides', '', true],
    ['trail entries of any kind', '/v1/audit', 'record_kind', 'all', true],
    ['cash-ups short or not (blank)', '/v1/cash-up', 'short_only', '', true],
  ];

  it.each(FILTERS)('%s: the same for both', async (_, path, name, value, valid) => {
    const param = operation('get', path).parameters?.find((p) => p.name === name);
    expect(param, `${path} ?${name}`).toBeDefined();
    expect(documentAccepts(param!.schema, value)).toBe(valid);
    const res = await call(t.app, 'GET', `${path}?${name}=${encodeURIComponent(value)}`, {
      token: owner.token,
    });
    expect(res.statusCode, res.body).toBe(valid ? 200 : 400);
  });

  it("takes a message's deliveries of any status ('' or all), as documented", async () => {
    const status = operation('get', '/v1/comms/{id}/deliveries').parameters?.find(
      (p) => p.name === 'status',
    );
    for (const value of ['', 'all']) {
      expect(documentAccepts(status!.schema, value)).toBe(true);
      // No such message: the filter is taken, the message is not found.
      const res = await call(t.app, 'GET', `/v1/comms/999999/deliveries?status=${value}`, {
        token: owner.token,
      });
      expect(res.statusCode, res.body).toBe(404);
    }
  });

  it('documents days, instants and e-mails with their formats, names with their least length', () => {
    const body = (method: string, path: string) =>
      operation(method, path).requestBody!.content['application/json']!.schema.properties as Record<
        string,
        Schema
      >;
    const member = body('post', '/v1/member');
    expect(member.first_name).toMatchObject({ type: 'string', minLength: 2 });
    expect(member.email_address).toMatchObject({
      anyOf: [{ format: 'email' }, { pattern: '^\\s*$' }],
    });
    expect(member.date_of_birth).toMatchObject({ anyOf: [{ format: 'date' }, { maxLength: 0 }] });
    expect(body('post', '/v1/business').address).toMatchObject({ minLength: 5 });
    expect(body('post', '/v1/auth/register').email).toMatchObject({ format: 'email' });
    expect(body('post', '/v1/payment').paid_on).toMatchObject({ format: 'date' });
    expect(body('post', '/v1/payment').recorded_at).toMatchObject({ format: 'date-time' });
    expect(body('post', '/v1/member/{id}/freeze').end_date).toMatchObject({ format: 'date' });
  });

  it('documents a search at the length the server takes (100 characters)', async () => {
    const search = operation('get', '/v1/member').parameters?.find((p) => p.name === 'search');
    expect(search?.schema.maxLength).toBe(100);
    for (const [text, status] of [
      ['a'.repeat(100), 200],
      ['a'.repeat(101), 400],
    ] as const) {
      expect(documentAccepts(search!.schema, text)).toBe(status === 200);
      const res = await call(t.app, 'GET', `/v1/member?search=${text}`, { token: owner.token });
      expect(res.statusCode).toBe(status);
    }
  });

  it('documents money with its bounds and cents, ids as whole numbers (or their digits)', () => {
    const body = operation('post', '/v1/payment').requestBody!.content['application/json']!.schema;
    const props = body.properties as Record<string, { anyOf: Schema[] }>;
    expect(props.amount!.anyOf[0]).toMatchObject({
      type: 'number',
      minimum: 0,
      exclusiveMinimum: true,
      maximum: 1_000_000_000,
      multipleOf: 0.01,
    });
    expect(props.member_id!.anyOf).toEqual([
      { type: 'integer', minimum: 1, maximum: 2_147_483_647 },
      { type: 'string', pattern: '^\\d+$' },
    ]);
  });

  it('declares no body for the 204 of signing out', () => {
    const signOut = operation('post', '/v1/portal/{business_code}/sign-out');
    expect(signOut.responses['204']).toBeDefined();
    expect(signOut.responses['204']!.content).toBeUndefined();
    expect(signOut.requestBody).toBeUndefined();
  });
});

describe('what the router takes', () => {
  it('loads a blog article whose slug is as long as the publish rules allow', async () => {
    const slug = `${'a'.repeat(BLOG_LIMITS.slug - 2)}-b`;
    expect(slug).toHaveLength(BLOG_LIMITS.slug);
    await publishArticle(t.db, {
      slug,
      title: 'Keep members longer',
      excerpt: 'What keeps members coming back, in a sentence.',
      content: 'Plain text.',
    });
    const res = await call(t.app, 'GET', `/v1/blog_articles/slug/${slug}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.slug).toBe(slug);
    const missing = await call(
      t.app,
      'GET',
      `/v1/blog_articles/slug/${'c'.repeat(BLOG_LIMITS.slug)}`,
    );
    expect(missing.json()).toMatchObject({ message: ARTICLE_NOT_FOUND });
    // Longer than any slug: refused by the router, in the error's shape.
    const long = await call(
      t.app,
      'GET',
      `/v1/blog_articles/slug/${'c'.repeat(BLOG_LIMITS.slug + 1)}`,
    );
    expect(long.statusCode).toBe(414);
    expect(long.json().message).toEqual(expect.any(String));
  });
});

describe('a gym without Paystack', () => {
  it('hears 409 PAYSTACK_NOT_CONNECTED from every call that needs it', async () => {
    const link = await call(t.app, 'POST', `/v1/member/${ids.member}/payment-link`, {
      token: owner.token,
      body: { subscription_type_id: ids.plan, duration: 1, channel: 'copy' },
    });
    const portal = await call(t.app, 'POST', `/v1/portal/${owner.code}/pay`, {
      token: memberToken,
      body: { subscription_type_id: ids.plan, duration: 1 },
    });
    const transfers = await call(t.app, 'PATCH', '/v1/business/paystack', {
      token: owner.token,
      body: { transfer_accounts: true },
    });
    for (const res of [link, portal, transfers]) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().code).toBe('PAYSTACK_NOT_CONNECTED');
    }
    expect(link.json().message).toBe(ONLINE_MESSAGES.notConnected);
  });
});
