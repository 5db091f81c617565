import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { plans } from '../../db/schema';
import { call, expectFieldErrors, expectSetupAskedFor, signUp } from '../../test/app';
import { useTenants, useTestApp } from '../../test/hooks';
import { addMember, addPlan } from '../../test/tenants';

const t = useTestApp();
const { owner, admin, staff, other } = useTenants(t, {
  owner: { code: 'PLAN' },
  admin: { role: 'admin', of: 'owner' },
  staff: { role: 'staff', of: 'owner' },
  other: { code: 'OTHR' },
});

const rowOf = async (id: number) => (await t.db.select().from(plans).where(eq(plans.id, id)))[0];
const url = (id: number | string) => `/v1/subscription-type/${id}`;

describe('PATCH /v1/subscription-type/:id', () => {
  it('changes only the given fields', async () => {
    const plan = await addPlan(t, owner.token, { name: 'Monthly', amount: 20000 });
    const res = await call(t.app, 'PATCH', url(plan.id), {
      token: admin.token,
      body: { amount: 22500.75, is_active: 0 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      name: 'Monthly',
      amount: 22500.75,
      duration: 1,
      duration_type: 'month',
      is_active: 0,
    });
    expect((await rowOf(plan.id))!.amountKobo).toBe(2250075);
  });

  it('makes a plan grouped and back to individual (group limit 1)', async () => {
    const plan = await addPlan(t, owner.token);
    const grouped = await call(t.app, 'PATCH', url(plan.id), {
      token: owner.token,
      body: { is_grouped: 1, group_limit: 5 },
    });
    expect(grouped.json().data).toMatchObject({ is_grouped: 1, group_limit: 5 });
    const solo = await call(t.app, 'PATCH', url(plan.id), {
      token: owner.token,
      body: { is_grouped: false },
    });
    expect(solo.json().data).toMatchObject({ is_grouped: 0, group_limit: 1 });
    const noLimit = await call(t.app, 'PATCH', url(plan.id), {
      token: owner.token,
      body: { is_grouped: 1, group_limit: null },
    });
    expect(noLimit.statusCode).toBe(400);
    expect(noLimit.json().errors.group_limit).toBe('Group limit is required for group plans');
  });

  it('validates what it changes', async () => {
    const plan = await addPlan(t, owner.token);
    const res = await call(t.app, 'PATCH', url(plan.id), {
      token: owner.token,
      body: { name: 'X', amount: 0 },
    });
    expectFieldErrors(res, {
      name: 'Plan name must be at least 2 characters',
      amount: 'Amount must be greater than 0',
    });
  });
});

describe('DELETE /v1/subscription-type/:id', () => {
  it('deletes a plan without history (404 afterwards)', async () => {
    const plan = await addPlan(t, owner.token);
    const res = await call(t.app, 'DELETE', url(plan.id), { token: owner.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Subscription plan deleted successfully.');
    expect((await call(t.app, 'GET', url(plan.id), { token: owner.token })).statusCode).toBe(404);
    expect(await rowOf(plan.id)).toBeUndefined();
  });

  it('refuses with 409 while a member has the plan, and keeps it', async () => {
    const plan = await addPlan(t, owner.token);
    await addMember(t, staff.token, { subscription_type_id: plan.id });
    const res = await call(t.app, 'DELETE', url(plan.id), { token: owner.token });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This plan has subscriptions; deactivate it instead.');
    expect(await rowOf(plan.id)).toBeDefined();
  });
});

describe('who may change plans', () => {
  it('staff may read plans but not create, edit or delete them', async () => {
    const plan = await addPlan(t, owner.token, { name: 'Kept' });
    expect(
      (await call(t.app, 'GET', '/v1/subscription-type', { token: staff.token })).statusCode,
    ).toBe(200);
    expect((await call(t.app, 'GET', url(plan.id), { token: staff.token })).statusCode).toBe(200);
    const attempts = [
      call(t.app, 'POST', '/v1/subscription-type', { token: staff.token, body: { name: 'X' } }),
      call(t.app, 'PATCH', url(plan.id), { token: staff.token, body: { name: 'Changed' } }),
      call(t.app, 'DELETE', url(plan.id), { token: staff.token }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Only the business owner or an admin can do this.');
    }
    expect((await rowOf(plan.id))!.name).toBe('Kept');
  });

  it("answers 404 for another business's plan on every route and leaves it unchanged", async () => {
    const theirs = await addPlan(t, other.token, { name: 'Theirs' });
    const before = await rowOf(theirs.id);
    const attempts = [
      call(t.app, 'GET', url(theirs.id), { token: owner.token }),
      call(t.app, 'PATCH', url(theirs.id), { token: owner.token, body: { name: 'Mine now' } }),
      call(t.app, 'DELETE', url(theirs.id), { token: owner.token }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Subscription plan not found.');
    }
    expect(await rowOf(theirs.id)).toEqual(before);
  });

  it('asks for business setup first without a business, and sign-in without a token', async () => {
    const loner = await signUp(t);
    await expectSetupAskedFor(t, loner.access, [
      ['GET', '/v1/subscription-type'],
      ['GET', '/v1/subscription-type/presets'],
      ['POST', '/v1/subscription-type'],
      ['DELETE', url(1)],
    ]);
    expect((await call(t.app, 'GET', '/v1/subscription-type')).statusCode).toBe(401);
  });
});
