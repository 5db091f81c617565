import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { plans } from '../../db/schema';
import { call, expectFieldErrors } from '../../test/app';
import { useTenants, useTestApp } from '../../test/hooks';
import { addPlan, createTenant } from '../../test/tenants';

const t = useTestApp();
const { owner, staff, other } = useTenants(t, {
  owner: { code: 'PLAN' },
  staff: { role: 'staff', of: 'owner' },
  other: { code: 'OTHR' },
});

const rowOf = async (id: number) => (await t.db.select().from(plans).where(eq(plans.id, id)))[0];
const create = (token: string, body: unknown) =>
  call(t.app, 'POST', '/v1/subscription-type', { token, body });

describe('POST /v1/subscription-type', () => {
  it('creates a plan, answers entity_id and stores the amount in kobo', async () => {
    const quarterly = {
      name: 'Quarterly',
      amount: 70000.5,
      duration: 3,
      duration_type: 'month',
      is_grouped: 0,
      group_limit: 1,
    };
    const res = await create(owner.token, quarterly);
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({ entity_id: data.id, ...quarterly, is_active: 1 });
    expect((await rowOf(data.id))!.amountKobo).toBe(7000050);
  });

  it('accepts booleans for the flags and keeps the group limit of a group plan', async () => {
    const plan = await addPlan(t, owner.token, {
      is_grouped: true,
      group_limit: 4,
      is_active: false,
    });
    expect(plan).toMatchObject({ is_grouped: 1, group_limit: 4, is_active: 0 });
  });

  it("answers the screens' texts for each invalid field", async () => {
    const res = await create(owner.token, {
      name: 'A',
      amount: 0,
      duration: 0,
      duration_type: 'fortnight',
      is_grouped: 1,
      group_limit: 0,
    });
    expectFieldErrors(res, {
      name: 'Plan name must be at least 2 characters',
      amount: 'Amount must be greater than 0',
      duration: 'Duration must be at least 1',
      duration_type: 'Duration type is required',
      group_limit: 'Group limit must be at least 1',
    });
  });

  it.each([
    [{ is_grouped: 1 }, 'group_limit', 'Group limit is required for group plans'],
    [
      { is_grouped: 1, group_limit: null },
      'group_limit',
      'Group limit is required for group plans',
    ],
    [{ amount: 100.255 }, 'amount', 'Amount can have at most two decimals'],
    [{ amount: -5 }, 'amount', 'Amount must be greater than 0'],
    [{ duration: 1.5 }, 'duration', 'Duration must be a whole number'],
    [{ name: 'x'.repeat(101) }, 'name', 'Plan name must be at most 100 characters'],
    [{ is_grouped: 2 }, 'is_grouped', 'Group plan must be 0 or 1'],
  ])('refuses %j', async (override, field, message) => {
    const body = {
      name: 'Monthly',
      amount: 25000,
      duration: 1,
      duration_type: 'month',
      ...override,
    };
    const res = await create(owner.token, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
  });
});

describe('GET /v1/subscription-type', () => {
  it("lists this business's plans newest first, filtered by is_active", async () => {
    const b = await createTenant(t, { code: 'LST' });
    const first = await addPlan(t, b.token, { name: 'Weekly' });
    const second = await addPlan(t, b.token, { name: 'Old Plan', is_active: 0 });
    const third = await addPlan(t, b.token, { name: 'Annual' });
    await addPlan(t, other.token, { name: 'Theirs' });
    const all = await call(t.app, 'GET', '/v1/subscription-type', { token: b.token });
    expect(all.statusCode).toBe(200);
    expect(all.json().data.map((p: { id: number }) => p.id)).toEqual([
      third.id,
      second.id,
      first.id,
    ]);
    const active = await call(t.app, 'GET', '/v1/subscription-type?is_active=1', {
      token: b.token,
    });
    expect(active.json().data.map((p: { name: string }) => p.name)).toEqual(['Annual', 'Weekly']);
    const inactive = await call(t.app, 'GET', '/v1/subscription-type?is_active=0', {
      token: b.token,
    });
    expect(inactive.json().data.map((p: { name: string }) => p.name)).toEqual(['Old Plan']);
    const bad = await call(t.app, 'GET', '/v1/subscription-type?is_active=yes', { token: b.token });
    expect(bad.statusCode).toBe(400);
  });

  it('answers the six presets', async () => {
    const res = await call(t.app, 'GET', '/v1/subscription-type/presets', { token: staff.token });
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .data.map(
          (p: { name: string; duration: number; duration_type: string }) =>
            `${p.name} ${p.duration} ${p.duration_type}`,
        ),
    ).toEqual([
      'Daily Pass 1 day',
      'Weekly 1 week',
      'Monthly 1 month',
      'Quarterly 3 month',
      'Bi-Annual 6 month',
      'Annual 1 year',
    ]);
  });

  it("answers one plan, and 404 for a missing plan or another business's plan", async () => {
    const mine = await addPlan(t, owner.token, { name: 'Student' });
    const res = await call(t.app, 'GET', `/v1/subscription-type/${mine.id}`, {
      token: owner.token,
    });
    expect(res.json().data).toMatchObject({ id: mine.id, name: 'Student', amount: 25000 });
    const theirs = await addPlan(t, other.token);
    for (const id of [theirs.id, 999999]) {
      const miss = await call(t.app, 'GET', `/v1/subscription-type/${id}`, { token: owner.token });
      expect(miss.statusCode).toBe(404);
      expect(miss.json().message).toBe('Subscription plan not found.');
    }
    for (const id of ['abc', '-1', '0'])
      expect(
        (await call(t.app, 'GET', `/v1/subscription-type/${id}`, { token: owner.token }))
          .statusCode,
      ).toBe(400);
  });
});
