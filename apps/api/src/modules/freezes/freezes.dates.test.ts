import { addDays, lagosDay, type Freeze } from '@kora/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../../db/schema';
import { call } from '../../test/app';
import { useTenants, useTestApp } from '../../test/hooks';
import { addGroupPlan, addMember, addPlan } from '../../test/tenants';
import { pay, paymentBody, setSubscriptionDates, subscriptionsOf } from '../../test/payments';

/*
 * The date arithmetic of a freeze: the days frozen are added to the end of the running
 * subscription (plain days, never months) and every renewal already paid moves with it, so it
 * still starts the day after the first ends; ending early gives back exactly the days not used.
 * The subscriptions are set in years ahead (2027, 2028), so each freeze starts in the future.
 */

const t = useTestApp();
const { owner } = useTenants(t, { owner: { code: 'FRZD' } });
let monthly: { id: number };
let duo: { id: number };

beforeAll(async () => {
  monthly = await addPlan(t, owner.token, { name: 'Monthly', amount: 25000, freeze_allowed: true });
  duo = await addGroupPlan(t, owner.token, 2, { freeze_allowed: true });
});

/** A member whose own subscription of Monthly runs from `start` to `end`. */
const memberWith = async (start: string, end: string) => {
  const member = await addMember(t, owner.token);
  const p = await pay(t, owner, paymentBody(member.id, monthly.id, 25000));
  await setSubscriptionDates(t, p.subscription.id, start, end);
  return { id: member.id as number, subscription: p.subscription.id as number };
};

const freeze = async (memberId: number, start: string, end: string): Promise<Freeze> => {
  const res = await call(t.app, 'POST', `/v1/member/${memberId}/freeze`, {
    token: owner.token,
    body: { start_date: start, end_date: end },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
};

const endFreeze = async (memberId: number, freezeId: number, on: string) => {
  const res = await call(t.app, 'POST', `/v1/member/${memberId}/freeze/${freezeId}/end`, {
    token: owner.token,
    body: { on },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Freeze;
};

const datesOf = async (memberId: number) =>
  (await subscriptionsOf(t, memberId)).map((s) => [s.startDate, s.expiryDate]);

describe('a freeze moves the end of what the member paid for', () => {
  it('10 days from 25 January move the end from 31 January to 10 February', async () => {
    const m = await memberWith('2027-01-01', '2027-01-31');
    const f = await freeze(m.id, '2027-01-25', '2027-02-03');
    expect(f.days).toBe(10);
    expect(await datesOf(m.id)).toEqual([['2027-01-01', '2027-02-10']]);
  });

  it('adds plain days across February: 28 Feb + 3 days is 2 March in 2028, 3 March in 2027', async () => {
    const leap = await memberWith('2028-02-01', '2028-02-28');
    await freeze(leap.id, '2028-02-10', '2028-02-12');
    expect(await datesOf(leap.id)).toEqual([['2028-02-01', '2028-03-02']]);

    const common = await memberWith('2027-02-01', '2027-02-28');
    await freeze(common.id, '2027-02-10', '2027-02-12');
    expect(await datesOf(common.id)).toEqual([['2027-02-01', '2027-03-03']]);

    // A freeze over 29 February counts it as a frozen day.
    const over29 = await memberWith('2028-02-01', '2028-03-31');
    const f = await freeze(over29.id, '2028-02-27', '2028-03-02');
    expect(f.days).toBe(5);
    expect(await datesOf(over29.id)).toEqual([['2028-02-01', '2028-04-05']]);
  });

  it('moves a renewal already paid by the same days: it still starts the day after the first ends', async () => {
    const m = await memberWith('2027-01-01', '2027-01-31');
    const renewal = await pay(t, owner, paymentBody(m.id, monthly.id, 25000));
    await setSubscriptionDates(t, renewal.subscription.id, '2027-02-01', '2027-02-28');
    await freeze(m.id, '2027-01-25', '2027-02-03');
    expect(await datesOf(m.id)).toEqual([
      ['2027-01-01', '2027-02-10'],
      ['2027-02-11', '2027-03-10'],
    ]);
  });

  it('ending early gives back exactly the days not used, renewal included', async () => {
    const m = await memberWith('2027-01-01', '2027-01-31');
    const renewal = await pay(t, owner, paymentBody(m.id, monthly.id, 25000));
    await setSubscriptionDates(t, renewal.subscription.id, '2027-02-01', '2027-02-28');
    const f = await freeze(m.id, '2027-01-25', '2027-02-03');
    // Back on 29 January: 25–28 January frozen (4 days), 6 days given back.
    const ended = await endFreeze(m.id, f.id, '2027-01-29');
    expect(ended).toMatchObject({ status: 'ended', end_date: '2027-01-28', days: 4 });
    expect(await datesOf(m.id)).toEqual([
      ['2027-01-01', '2027-02-04'],
      ['2027-02-05', '2027-03-04'],
    ]);
  });

  it('ended on its first day, the freeze is cancelled and every date is as before', async () => {
    const m = await memberWith('2027-01-01', '2027-01-31');
    const f = await freeze(m.id, '2027-01-25', '2027-02-03');
    const ended = await endFreeze(m.id, f.id, '2027-01-25');
    expect(ended).toMatchObject({ status: 'cancelled', days: 0 });
    expect(await datesOf(m.id)).toEqual([['2027-01-01', '2027-01-31']]);
  });

  it('refuses a return day outside the freeze', async () => {
    const m = await memberWith('2027-01-01', '2027-01-31');
    const f = await freeze(m.id, '2027-01-25', '2027-02-03');
    const res = await call(t.app, 'POST', `/v1/member/${m.id}/freeze/${f.id}/end`, {
      token: owner.token,
      body: { on: '2027-02-10' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.on).toMatch(/between the first day of the freeze/);
    expect(await datesOf(m.id)).toEqual([['2027-01-01', '2027-02-10']]);
  });

  it('moves the group cover rows the payer’s subscription pays for, and back when ended early', async () => {
    const payer = await addMember(t, owner.token, { first_name: 'Payer' });
    const partner = await addMember(t, owner.token, { first_name: 'Partner' });
    const paid = await pay(
      t,
      owner,
      paymentBody(payer.id, duo.id, 30000, { group_member_ids: [partner.id] }),
    );
    await t.db
      .update(subscriptions)
      .set({ startDate: '2027-01-01', expiryDate: '2027-01-31' })
      .where(eq(subscriptions.groupSubscriptionId, paid.subscription.id));
    await setSubscriptionDates(t, paid.subscription.id, '2027-01-01', '2027-01-31');
    const f = await freeze(payer.id, '2027-01-25', '2027-02-03');
    expect(await datesOf(payer.id)).toEqual([['2027-01-01', '2027-02-10']]);
    expect(await datesOf(partner.id)).toEqual([['2027-01-01', '2027-02-10']]);
    await endFreeze(payer.id, f.id, '2027-01-30');
    expect(await datesOf(payer.id)).toEqual([['2027-01-01', '2027-02-05']]);
    expect(await datesOf(partner.id)).toEqual([['2027-01-01', '2027-02-05']]);
  });

  it('a freeze starting today (staff) moves the running end and ends a day after it is ended', async () => {
    const today = lagosDay();
    const m = await memberWith(addDays(today, -10), addDays(today, 20));
    const f = await freeze(m.id, today, addDays(today, 6));
    expect(await datesOf(m.id)).toEqual([[addDays(today, -10), addDays(today, 27)]]);
    // Ended with no day given: the member is back today, the freeze is cancelled.
    const res = await call(t.app, 'POST', `/v1/member/${m.id}/freeze/${f.id}/end`, {
      token: owner.token,
      body: {},
    });
    expect(res.json().data).toMatchObject({ status: 'cancelled' });
    expect(await datesOf(m.id)).toEqual([[addDays(today, -10), addDays(today, 20)]]);
  });
});
