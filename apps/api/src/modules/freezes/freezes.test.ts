import {
  addDays,
  dayAndMonth,
  formatDay,
  frozenUntilText,
  lagosDay,
  type Freeze,
} from '@kora/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../context';
import { businesses, freezes } from '../../db/schema';
import { call } from '../../test/app';
import { useTenants, useTestApp } from '../../test/hooks';
import { settleHorizon } from '../../test/horizon';
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
/** How a refusal names another freeze's days: "3 to 10 March", "28 February to 3 March". */
const span = (from: string, to: string) =>
  from.slice(0, 7) === to.slice(0, 7) && from.slice(0, 4) === today.slice(0, 4)
    ? `${Number(from.slice(8, 10))} to ${dayAndMonth(to, today)}`
    : `${dayAndMonth(from, today)} to ${dayAndMonth(to, today)}`;

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
      body: {},
    });
    expect(res.statusCode, res.body).toBe(200);
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

describe("the plan's rules, refused with their words (422)", () => {
  it('refuses each rule on its field and moves nothing', async () => {
    const m = await memberWith(monthly.id, day(-5), day(25), 'Bisi');
    const refusal = async (body: Record<string, unknown>, memberId = m.id) => {
      const res = await freeze(memberId, body);
      expect(res.statusCode, res.body).toBe(422);
      return res.json();
    };
    expect(await refusal({ start_date: day(-1), end_date: day(8) })).toMatchObject({
      code: 'FREEZE_REFUSED',
      message: 'A freeze cannot start in the past.',
      errors: { start_date: 'A freeze cannot start in the past.' },
    });
    expect((await refusal({ start_date: day(1), end_date: day(3) })).errors).toEqual({
      end_date: 'A freeze on Monthly must be at least 7 days.',
    });
    expect((await refusal({ start_date: day(1), end_date: day(31) })).errors).toEqual({
      end_date: 'A freeze on Monthly must be at most 30 days.',
    });
    const walkIn = await memberWith(noFreezing.id);
    expect((await refusal({ start_date: day(1), end_date: day(8) }, walkIn.id)).message).toBe(
      'This plan does not allow freezing.',
    );
    const lapsed = await memberWith(monthly.id, day(-40), day(-10));
    expect((await refusal({ start_date: day(1), end_date: day(8) }, lapsed.id)).message).toBe(
      'The member has no running subscription to freeze.',
    );
    // Two freezes, 14 + 20 days: the third is refused by the count; a longer second by the days.
    expect((await freeze(m.id, { start_date: day(1), end_date: day(14) })).statusCode).toBe(201);
    expect((await refusal({ start_date: day(10), end_date: day(20) })).errors).toEqual({
      start_date: `It overlaps a freeze from ${span(day(1), day(14))}.`,
    });
    expect((await refusal({ start_date: day(20), end_date: day(46) })).errors).toEqual({
      end_date: 'Monthly allows at most 40 frozen days a year; 26 are left.',
    });
    expect((await freeze(m.id, { start_date: day(20), end_date: day(39) })).statusCode).toBe(201);
    expect((await refusal({ start_date: day(50), end_date: day(56) })).message).toBe(
      `Monthly allows at most 2 freezes a year; Bisi has had 2 since ${formatDay(day(1))}.`,
    );
    // 25 days + 14 + 20 frozen.
    expect((await subscriptionsOf(t, m.id))[0]!.expiryDate).toBe(day(59));
  });

  it('refuses a deactivated member', async () => {
    const m = await memberWith();
    const off = await call(t.app, 'PATCH', `/v1/member/${m.id}`, {
      token: owner.token,
      body: { is_active: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    const res = await freeze(m.id, { start_date: day(1), end_date: day(8) });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('This member is deactivated. Reactivate them before freezing.');
  });

  it('validates the dates in words before any rule', async () => {
    const m = await memberWith();
    const res = await freeze(m.id, { start_date: 'soon', end_date: day(1) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.start_date).toBe('Choose the first day of the freeze');
    const backwards = await freeze(m.id, { start_date: day(5), end_date: day(1) });
    expect(backwards.json().errors.end_date).toBe('The last day cannot be before the first day');
  });
});

describe('a frozen member at the desk, in the list and on the dashboard', () => {
  it('says "Frozen until …" at the lookup and refuses the check-in without a reason', async () => {
    const m = await memberWith(monthly.id, day(-5), day(25), 'Chidi');
    await freeze(m.id, { start_date: day(0), end_date: day(9) });
    const member = (await call(t.app, 'GET', `/v1/member/${m.id}`, { token: owner.token })).json()
      .data;
    expect(member.frozen_until).toBe(day(9));
    const words = frozenUntilText(day(9), today);
    const lookup = await call(t.app, 'GET', `/v1/check-in/lookup?q=${member.member_id}`, {
      token: staff.token,
    });
    expect(lookup.json().data[0].verdict).toMatchObject({
      status: 'frozen',
      tone: 'red',
      text: words,
    });
    const refused = await call(t.app, 'POST', '/v1/check-in', {
      token: staff.token,
      body: { member_id: m.id },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(words);
  });

  it("gives the desk's roster the freeze running today, else the next one", async () => {
    const now = await memberWith();
    const soon = await memberWith();
    await freeze(now.id, { start_date: day(0), end_date: day(9) });
    await freeze(soon.id, { start_date: day(3), end_date: day(12) });
    // The roster reads below the oldest running transaction of the server (other test files').
    await settleHorizon(t);
    const roster = await call(t.app, 'GET', '/v1/check-in/roster?limit=2000', {
      token: staff.token,
    });
    expect(roster.statusCode, roster.body).toBe(200);
    const copy = (id: number) =>
      roster.json().data.find((m: { id: number }) => m.id === id) as Record<string, unknown>;
    expect(copy(now.id)).toMatchObject({ frozen_from: day(0), frozen_until: day(9) });
    expect(copy(soon.id)).toMatchObject({ frozen_from: day(3), frozen_until: day(12) });
    const plain = await memberWith();
    await settleHorizon(t);
    const again = await call(t.app, 'GET', '/v1/check-in/roster?limit=2000', {
      token: staff.token,
    });
    expect(again.json().data.find((m: { id: number }) => m.id === plain.id)).toMatchObject({
      frozen_from: null,
      frozen_until: null,
    });
  });

  it('lists only the frozen members with ?frozen=true and counts them on the dashboard', async () => {
    const before = (await call(t.app, 'GET', '/v1/dashboard', { token: owner.token })).json().data
      .cards.frozen_members as number;
    const frozenNow = await memberWith();
    const later = await memberWith();
    await freeze(frozenNow.id, { start_date: day(0), end_date: day(7) });
    await freeze(later.id, { start_date: day(3), end_date: day(10) });
    const list = await call(t.app, 'GET', '/v1/member?frozen=true&per_page=100', {
      token: owner.token,
    });
    expect(list.statusCode).toBe(200);
    const ids = list.json().data.map((x: { id: number }) => x.id);
    expect(ids).toContain(frozenNow.id);
    expect(ids).not.toContain(later.id);
    expect(list.json().meta.total).toBe(ids.length);
    expect(list.json().data.every((x: { frozen_until: string | null }) => x.frozen_until)).toBe(
      true,
    );
    const dash = (await call(t.app, 'GET', '/v1/dashboard', { token: owner.token })).json().data;
    expect(dash.cards.frozen_members).toBe(before + 1);
    const theirs = await call(t.app, 'GET', '/v1/member?frozen=true', { token: other.token });
    expect(theirs.json().data).toEqual([]);
  });
});

describe('requests: decline and the once-only decisions', () => {
  it('declines a request (nothing moves) and refuses a second decision', async () => {
    const m = await memberWith();
    const asked = await requestFreeze(ctx(), owner.businessId, m.id, {
      start_date: day(2),
      end_date: day(9),
      reason: 'Travel',
    });
    const res = await call(t.app, 'POST', `/v1/member/${m.id}/freeze/${asked.id}/decline`, {
      token: owner.token,
      body: { reason: 'Busy season' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('declined');
    const again = await call(t.app, 'POST', `/v1/member/${m.id}/freeze/${asked.id}/approve`, {
      token: owner.token,
      body: {},
    });
    expect(again.statusCode).toBe(409);
    expect((await subscriptionsOf(t, m.id))[0]!.expiryDate).toBe(day(25));
    // Another business's staff cannot see or decide it.
    const foreign = await call(t.app, 'POST', `/v1/member/${m.id}/freeze/${asked.id}/approve`, {
      token: other.token,
      body: {},
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('refuses a member request that breaks a rule with its words, and records nothing', async () => {
    const m = await memberWith();
    await expect(
      requestFreeze(ctx(), owner.businessId, m.id, {
        start_date: today,
        end_date: day(8),
        reason: '',
      }),
    ).rejects.toMatchObject({
      status: 422,
      message: 'A freeze can start tomorrow at the earliest.',
    });
    expect(await freezesOfMember(t.db, owner.businessId, m.id)).toEqual([]);
  });
});

describe('plan rules and the automatic approval setting', () => {
  it('answers the rules and refuses a minimum above the maximum in words', async () => {
    const plan = (
      await call(t.app, 'GET', `/v1/subscription-type/${monthly.id}`, { token: owner.token })
    ).json().data;
    expect(plan).toMatchObject({ ...RULES, available_online: false, freeze_fee: null });
    const bad = await call(t.app, 'PATCH', `/v1/subscription-type/${monthly.id}`, {
      token: owner.token,
      body: { freeze_min_days: 45 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      freeze_min_days: 'Minimum days cannot be more than maximum days',
    });
    const online = await call(t.app, 'PATCH', `/v1/subscription-type/${monthly.id}`, {
      token: owner.token,
      body: { available_online: true },
    });
    expect(online.json().data).toMatchObject({ available_online: true, freeze_min_days: 7 });
  });

  it('turns automatic approval on in the business settings', async () => {
    const res = await call(t.app, 'PATCH', '/v1/business/profile', {
      token: owner.token,
      body: { freeze_auto_approve: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.freeze_auto_approve).toBe(true);
    const off = await call(t.app, 'PATCH', '/v1/business/profile', {
      token: owner.token,
      body: { freeze_auto_approve: false },
    });
    expect(off.json().data.freeze_auto_approve).toBe(false);
    const bad = await call(t.app, 'PATCH', '/v1/business/profile', {
      token: owner.token,
      body: { freeze_auto_approve: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      freeze_auto_approve: 'Automatic approval must be true or false',
    });
    const asStaff = await call(t.app, 'PATCH', '/v1/business/profile', {
      token: staff.token,
      body: { freeze_auto_approve: true },
    });
    expect(asStaff.statusCode).toBe(403);
  });
});

describe('the freeze fee', () => {
  it('staff say how the member paid the plan’s fee; it is kept in kobo with the freeze', async () => {
    const paid = await addPlan(t, owner.token, {
      name: 'Premium',
      amount: 20000,
      freeze_allowed: true,
      freeze_fee: 2500.5,
    });
    const m = await memberWith(paid.id);
    const words = 'This plan charges ₦2,500.5 for a freeze: choose how the member paid it.';
    const without = await freeze(m.id, { start_date: day(1), end_date: day(7) });
    expect(without.statusCode).toBe(422);
    expect(without.json().errors).toEqual({ fee_method: words });
    expect((await subscriptionsOf(t, m.id))[0]!.expiryDate).toBe(day(25));
    const res = await freeze(m.id, { start_date: day(1), end_date: day(7), fee_method: 'Cash' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ fee: 2500.5, fee_method: 'Cash' });
    const [row] = await t.db.select().from(freezes).where(eq(freezes.id, res.json().data.id));
    expect(row).toMatchObject({ feeKobo: 250050, feeMethod: 'Cash' });
  });

  it('a request on a plan with a fee waits for the staff even with automatic approval', async () => {
    const paid = await addPlan(t, owner.token, {
      name: 'Premium Two',
      amount: 20000,
      freeze_allowed: true,
      freeze_fee: 1000,
    });
    await t.db
      .update(businesses)
      .set({ freezeAutoApprove: true })
      .where(eq(businesses.id, owner.businessId));
    try {
      const m = await memberWith(paid.id);
      const asked = await requestFreeze(ctx(), owner.businessId, m.id, {
        start_date: day(2),
        end_date: day(8),
        reason: null,
      });
      expect(asked).toMatchObject({ status: 'requested', fee_due: 1000 });
      const pending = await call(t.app, 'GET', '/v1/freeze-request', { token: staff.token });
      expect(pending.json().data.find((r: Freeze) => r.id === asked.id).fee_due).toBe(1000);
      const url = `/v1/member/${m.id}/freeze/${asked.id}/approve`;
      const without = await call(t.app, 'POST', url, { token: staff.token, body: {} });
      expect(without.statusCode).toBe(422);
      expect(without.json().errors.fee_method).toMatch(/charges ₦1,000 for a freeze/);
      const res = await call(t.app, 'POST', url, {
        token: staff.token,
        body: { fee_method: 'Transfer' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        status: 'approved',
        fee: 1000,
        fee_method: 'Transfer',
      });
    } finally {
      await t.db
        .update(businesses)
        .set({ freezeAutoApprove: false })
        .where(eq(businesses.id, owner.businessId));
    }
  });
});

describe('requestFreeze checks what it is given, whoever calls it', () => {
  it('refuses dates that are not days, a last day before the first, and hostile reasons', async () => {
    const m = await memberWith();
    await expect(
      requestFreeze(ctx(), owner.businessId, m.id, {
        start_date: day(5),
        end_date: day(2),
        reason: null,
      }),
    ).rejects.toMatchObject({
      status: 400,
      fields: { end_date: 'The last day cannot be before the first day' },
    });
    await expect(
      requestFreeze(ctx(), owner.businessId, m.id, {
        start_date: '2027-02-30',
        end_date: day(9),
        reason: null,
      }),
    ).rejects.toMatchObject({
      status: 400,
      fields: { start_date: 'Choose the first day of the freeze' },
    });
    await expect(
      requestFreeze(ctx(), owner.businessId, m.id, {
        start_date: day(2),
        end_date: day(9),
        reason: 'Away\u0000',
      }),
    ).rejects.toMatchObject({ status: 400 });
    expect(await freezesOfMember(t.db, owner.businessId, m.id)).toEqual([]);
  });
});
