import { lagosDay } from '@kora/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { memberCover, payments } from '../../db/schema';
import { call } from '../../test/app';
import { useTenants, useTestApp } from '../../test/hooks';
import { addMember, addPlan, type Tenant } from '../../test/tenants';
import { pay, paymentBody, postPayment, subscriptionsOf } from '../../test/payments';

const t = useTestApp();
const { owner, staff, other, fresh } = useTenants(t, {
  owner: { code: 'GRP' },
  staff: { role: 'staff', of: 'owner' },
  other: { code: 'GROT' },
  fresh: { code: 'GRFR' },
});

/** A group plan "Up to `limit` members" of this tenant. */
const groupPlan = (tenant: Tenant, limit = 2, amount = 40000) =>
  addPlan(t, tenant.token, {
    name: `Couple ${limit}`,
    amount,
    is_grouped: 1,
    group_limit: limit,
  });

const memberOf = async (tenant: Tenant, id: number) =>
  (await call(t.app, 'GET', `/v1/member/${id}`, { token: tenant.token })).json().data;

const paymentsOf = (memberId: number) =>
  t.db.select().from(payments).where(eq(payments.memberId, memberId));

describe('POST /v1/payment for a group plan', () => {
  it('covers the payer and the members named, with the same days; the money counts once', async () => {
    const plan = await groupPlan(fresh, 2, 40000);
    const ada = await addMember(t, fresh.token, { first_name: 'Ada', last_name: 'Obi' });
    const chidi = await addMember(t, fresh.token, { first_name: 'Chidi', last_name: 'Obi' });
    const res = await postPayment(
      t,
      fresh,
      paymentBody(ada.id, plan.id, 40000, { group_member_ids: [chidi.id] }),
    );
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data.amount).toBe(40000);
    expect(data.covered_members.map((m: { first_name: string }) => m.first_name)).toEqual([
      'Chidi',
    ]);
    expect(data.subscription.covered_members).toHaveLength(1);

    // Both are Active on the plan, to the same last day.
    const [adaNow, chidiNow] = [await memberOf(fresh, ada.id), await memberOf(fresh, chidi.id)];
    for (const m of [adaNow, chidiNow]) {
      expect(m.subscription_status_label).toBe('Active');
      expect(m.subscription_type).toMatchObject({ name: 'Couple 2' });
    }
    const [adaSub] = await subscriptionsOf(t, ada.id);
    const [chidiSub] = await subscriptionsOf(t, chidi.id);
    expect(chidiSub).toMatchObject({
      startDate: adaSub!.startDate,
      expiryDate: adaSub!.expiryDate,
      groupSubscriptionId: adaSub!.id,
      paymentId: null,
      amountKobo: 0,
    });
    // One payment, by the payer; none for the covered member.
    expect(await paymentsOf(ada.id)).toHaveLength(1);
    expect(await paymentsOf(chidi.id)).toHaveLength(0);

    // The dashboard counts two members covered and the money once.
    const dash = (await call(t.app, 'GET', '/v1/dashboard', { token: fresh.token })).json().data;
    expect(dash.cards.active_subscriptions).toBe(2);
    expect(dash.cards.revenue_this_month).toBe(40000);
    const summary = (await call(t.app, 'GET', '/v1/payment/summary', { token: fresh.token })).json()
      .data;
    expect(summary).toMatchObject({ count: 1, today: 40000 });
    const list = (await call(t.app, 'GET', '/v1/payment', { token: fresh.token })).json();
    expect(list.total).toBe(1);
    expect(list.data[0].covered_members.map((m: { id: number }) => m.id)).toEqual([chidi.id]);

    // The members list shows Chidi active on the plan too.
    const listed = (
      await call(t.app, 'GET', '/v1/member?per_page=50', { token: fresh.token })
    ).json().data as { id: number; subscription_status_label: string }[];
    expect(listed.find((m) => m.id === chidi.id)?.subscription_status_label).toBe('Active');

    // The subscriptions list says who covers whom.
    const subs = (
      await call(t.app, 'GET', `/v1/subscription?member_id=${chidi.id}`, { token: fresh.token })
    ).json().data;
    expect(subs).toHaveLength(1);
    expect(subs[0].covered_by).toMatchObject({
      subscription_id: adaSub!.id,
      member: { id: ada.id, first_name: 'Ada', last_name: 'Obi' },
    });
    expect(subs[0].subscription_amount).toBe(0);
    const paid = (
      await call(t.app, 'GET', `/v1/subscription?member_id=${ada.id}`, { token: fresh.token })
    ).json().data;
    expect(paid[0].covered_by).toBeNull();
    expect(paid[0].covered_members.map((m: { id: number }) => m.id)).toEqual([chidi.id]);
  });

  it('refuses more members than the plan covers, and any for an individual plan, in words', async () => {
    const plan = await groupPlan(owner, 3);
    const [a, b, c, d] = await Promise.all(
      [1, 2, 3, 4].map((i) => addMember(t, owner.token, { first_name: `M${i}` })),
    );
    const tooMany = await postPayment(
      t,
      owner,
      paymentBody(a.id, plan.id, 40000, { group_member_ids: [b.id, c.id, d.id] }),
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(
      'This group plan covers up to 3 members, the payer included: choose at most 2 others.',
    );
    expect(tooMany.json().errors.group_member_ids).toBe(tooMany.json().message);

    const single = await addPlan(t, owner.token, { name: 'Solo', amount: 10000 });
    const solo = await postPayment(
      t,
      owner,
      paymentBody(a.id, single.id, 10000, { group_member_ids: [b.id] }),
    );
    expect(solo.statusCode).toBe(400);
    expect(solo.json().message).toBe(
      'This plan covers one member only: choose a group plan to cover other members.',
    );

    const payerTwice = await postPayment(
      t,
      owner,
      paymentBody(a.id, plan.id, 40000, { group_member_ids: [a.id] }),
    );
    expect(payerTwice.statusCode).toBe(400);
    expect(payerTwice.json().errors.group_member_ids).toBe(
      'The payer is already covered: choose other members',
    );
    const twice = await postPayment(
      t,
      owner,
      paymentBody(a.id, plan.id, 40000, { group_member_ids: [b.id, b.id] }),
    );
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors.group_member_ids).toBe('Each member can be covered only once');
    for (const bad of [['x'], [0], 'abc', [{ __proto__: 1 }]]) {
      const res = await postPayment(
        t,
        owner,
        paymentBody(a.id, plan.id, 40000, { group_member_ids: bad }),
      );
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    for (const m of [a, b, c, d]) {
      expect(await subscriptionsOf(t, m.id)).toEqual([]);
      expect(await paymentsOf(m.id)).toEqual([]);
    }
  });

  it("answers 404 for another business's or a missing member, and 400 for a deactivated one; nothing written", async () => {
    const plan = await groupPlan(owner, 2);
    const payer = await addMember(t, owner.token);
    const theirs = await addMember(t, other.token);
    for (const id of [theirs.id, 2_000_000_000]) {
      const res = await postPayment(
        t,
        staff,
        paymentBody(payer.id, plan.id, 40000, { group_member_ids: [id] }),
      );
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Member not found.');
    }
    const off = await addMember(t, owner.token);
    await call(t.app, 'PATCH', `/v1/member/${off.id}`, {
      token: owner.token,
      body: { is_active: false },
    });
    const inactive = await postPayment(
      t,
      staff,
      paymentBody(payer.id, plan.id, 40000, { group_member_ids: [off.id] }),
    );
    expect(inactive.statusCode).toBe(400);
    expect(inactive.json().message).toBe(
      'This member is deactivated. Reactivate them before recording a payment.',
    );
    expect(await subscriptionsOf(t, payer.id)).toEqual([]);
    expect(await subscriptionsOf(t, theirs.id)).toEqual([]);
    expect(await subscriptionsOf(t, off.id)).toEqual([]);
    expect(await paymentsOf(payer.id)).toEqual([]);
  });

  it('the same Idempotency-Key twice records one payment and one cover', async () => {
    const plan = await groupPlan(owner, 2);
    const payer = await addMember(t, owner.token);
    const partner = await addMember(t, owner.token);
    const body = paymentBody(payer.id, plan.id, 40000, { group_member_ids: [partner.id] });
    const [first, second] = await Promise.all([
      postPayment(t, owner, body, 'group-key-1'),
      postPayment(t, owner, body, 'group-key-1'),
    ]);
    const again = await postPayment(t, owner, body, 'group-key-1');
    for (const res of [first, second, again]) expect(res.statusCode).toBe(201);
    expect(again.json().data.id).toBe(first.json().data.id);
    expect(again.json().data.covered_members.map((m: { id: number }) => m.id)).toEqual([
      partner.id,
    ]);
    expect(await paymentsOf(payer.id)).toHaveLength(1);
    expect(await subscriptionsOf(t, payer.id)).toHaveLength(1);
    expect(await subscriptionsOf(t, partner.id)).toHaveLength(1);
  });

  it('a renewal renews the group it names; a member it leaves out is covered to the first period’s end only', async () => {
    const plan = await groupPlan(owner, 3);
    const payer = await addMember(t, owner.token);
    const stays = await addMember(t, owner.token);
    const leaves = await addMember(t, owner.token);
    const first = await pay(
      t,
      owner,
      paymentBody(payer.id, plan.id, 40000, { group_member_ids: [stays.id, leaves.id] }),
    );
    const renewal = await pay(
      t,
      owner,
      paymentBody(payer.id, plan.id, 40000, { group_member_ids: [stays.id] }),
    );
    const firstEnd = first.subscription.expiry_date;
    expect(first.subscription.start_date).toBe(lagosDay());
    // The renewal chains after the running period, as an individual renewal does.
    expect(renewal.subscription.start_date > firstEnd).toBe(true);
    const secondEnd = renewal.subscription.expiry_date;

    const staysSubs = await subscriptionsOf(t, stays.id);
    expect(staysSubs.map((s) => [s.startDate, s.expiryDate])).toEqual([
      [first.subscription.start_date, firstEnd],
      [renewal.subscription.start_date, secondEnd],
    ]);
    const leavesSubs = await subscriptionsOf(t, leaves.id);
    expect(leavesSubs.map((s) => s.expiryDate)).toEqual([firstEnd]);
    const cover = async (id: number) =>
      (await t.db.select().from(memberCover).where(eq(memberCover.memberId, id)))[0]?.paidThrough;
    expect(await cover(leaves.id)).toBe(firstEnd);
    expect(await cover(stays.id)).toBe(secondEnd);
    expect(await cover(payer.id)).toBe(secondEnd);
    // Still covered now (the first period runs), by the payer's group.
    expect((await memberOf(owner, leaves.id)).subscription_status_label).toBe('Active');
  });

  it('an individual payment answers no covered members', async () => {
    const plan = await addPlan(t, owner.token, { name: 'Single', amount: 5000 });
    const m = await addMember(t, owner.token);
    const data = await pay(t, owner, paymentBody(m.id, plan.id, 5000, { group_member_ids: [] }));
    expect(data.covered_members).toEqual([]);
    expect(data.subscription.covered_members).toEqual([]);
    expect(data.subscription.covered_by).toBeNull();
  });
});
