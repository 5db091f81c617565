import { addDays, lagosDay, type Freeze } from '@kora/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../context';
import { businesses, freezes } from '../../db/schema';
import { call } from '../../test/app';
import { useTenants, useTestApp } from '../../test/hooks';
import { addMember, addPlan } from '../../test/tenants';
import { pay, paymentBody, setSubscriptionDates, subscriptionsOf } from '../../test/payments';
import { freezesOfMember, frozenUntil, requestFreeze } from '.';

const t = useTestApp();
const { owner, staff, other } = useTenants(t, {
  owner: { code: 'FRZ' },
  staff: { role: 'staff', of: 'owner' },
  other: { code: 'OTHF' },
});
/** What the fronts need of the app's context (the database). */
const ctx = () => ({ db: t.db, database: t.database, config: t.config }) as unknown as AppContext;
const today = lagosDay();
const day = (n: number) => addDays(today, n);

const RULES = {
  freeze_allowed: true,
  freeze_min_days: 7,
  freeze_max_days: 30,
  freeze_max_days_per_year: 40,
  freeze_max_per_year: 2,
};
let monthly: { id: number };
let noFreezing: { id: number };

beforeAll(async () => {
  monthly = await addPlan(t, owner.token, { name: 'Monthly', amount: 25000, ...RULES });
  noFreezing = await addPlan(t, owner.token, { name: 'Walk-in Month', amount: 20000 });
});

/** A member of `plan` whose subscription runs from `start` to `end`. */
const memberWith = async (planId = monthly.id, start = day(-5), end = day(25), first = 'Ada') => {
  const member = await addMember(t, owner.token, { first_name: first });
  const p = await pay(
    t,
    owner,
    paymentBody(member.id, planId, planId === monthly.id ? 25000 : 20000),
  );
  await setSubscriptionDates(t, p.subscription.id, start, end);
  return { id: member.id as number, subscription: p.subscription.id as number };
};

const freeze = (
  memberId: number,
  body: Record<string, unknown>,
  opts: { token?: string; key?: string } = {},
) =>
  call(t.app, 'POST', `/v1/member/${memberId}/freeze`, {
    token: opts.token ?? owner.token,
    body,
    headers: opts.key ? { 'idempotency-key': opts.key } : {},
  });

describe('POST /v1/member/:id/freeze', () => {
  it('freezes at once and moves the end of the running subscription by the days frozen', async () => {
    const m = await memberWith();
    const res = await freeze(m.id, { start_date: day(2), end_date: day(11), reason: 'Travel' });
    expect(res.statusCode).toBe(201);
    const f: Freeze = res.json().data;
    expect(f).toMatchObject({
      member_id: m.id,
      start_date: day(2),
      end_date: day(11),
      days: 10,
      reason: 'Travel',
      status: 'approved',
      requested_by: 'staff',
    });
    expect(f.decided_by).toBeTruthy();
    const [sub] = await subscriptionsOf(t, m.id);
    expect(sub).toMatchObject({ startDate: day(-5), expiryDate: day(35) });
    expect((await freezesOfMember(t.db, owner.businessId, m.id)).map((x) => x.id)).toEqual([f.id]);
    expect(await frozenUntil(t.db, owner.businessId, m.id, day(5))).toBe(day(11));
    expect(await frozenUntil(t.db, owner.businessId, m.id, day(12))).toBeNull();
  });

  it('answers the first freeze again for a repeated Idempotency-Key and freezes once', async () => {
    const m = await memberWith();
    const body = { start_date: day(1), end_date: day(8) };
    const first = await freeze(m.id, body, { key: 'frz-once' });
    const again = await freeze(m.id, body, { key: 'frz-once' });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(first.json().data.id);
    expect(await t.db.select().from(freezes).where(eq(freezes.memberId, m.id))).toHaveLength(1);
    expect((await subscriptionsOf(t, m.id))[0]!.expiryDate).toBe(day(33));
  });

  it("answers 404 for another business's member, exactly like a missing one", async () => {
    const m = await memberWith();
    const theirs = await freeze(
      m.id,
      { start_date: day(1), end_date: day(8) },
      { token: other.token },
    );
    const missing = await freeze(999999, { start_date: day(1), end_date: day(8) });
    expect(theirs.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(theirs.json().message).toBe(missing.json().message);
    const list = await call(t.app, 'GET', `/v1/member/${m.id}/freeze`, { token: other.token });
    expect(list.statusCode).toBe(404);
    expect((await subscriptionsOf(t, m.id))[0]!.expiryDate).toBe(day(25));
  });

  it('lets staff freeze a member', async () => {
    const m = await memberWith();
    const res = await freeze(
      m.id,
      { start_date: day(0), end_date: day(6) },
      { token: staff.token },
    );
    expect(res.statusCode).toBe(201);
  });
});

describe('requestFreeze (the member page)', () => {
  it('waits for approval, then staff approve and the subscription moves', async () => {
    const m = await memberWith();
    const asked = await requestFreeze(ctx(), owner.businessId, m.id, {
      start_date: day(3),
      end_date: day(9),
      reason: 'Exams',
    });
    expect(asked).toMatchObject({ status: 'requested', requested_by: 'member', days: 7 });
    expect((await subscriptionsOf(t, m.id))[0]!.expiryDate).toBe(day(25));
    const pending = await call(t.app, 'GET', '/v1/freeze-request', { token: staff.token });
    expect(pending.json().data.map((r: Freeze) => r.id)).toContain(asked.id);
    const res = await call(t.app, 'POST', `/v1/member/${m.id}/freeze/${asked.id}/approve`, {
      token: staff.token,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'approved' });
    expect((await subscriptionsOf(t, m.id))[0]!.expiryDate).toBe(day(32));
  });

  it('is approved at once when the business approves requests within the rules', async () => {
    await t.db
      .update(businesses)
      .set({ freezeAutoApprove: true })
      .where(eq(businesses.id, owner.businessId));
    try {
      const m = await memberWith();
      const f = await requestFreeze(ctx(), owner.businessId, m.id, {
        start_date: day(1),
        end_date: day(7),
        reason: null,
      });
      expect(f.status).toBe('approved');
      expect((await subscriptionsOf(t, m.id))[0]!.expiryDate).toBe(day(32));
    } finally {
      await t.db
        .update(businesses)
        .set({ freezeAutoApprove: false })
        .where(eq(businesses.id, owner.businessId));
    }
  });
});

void noFreezing;
