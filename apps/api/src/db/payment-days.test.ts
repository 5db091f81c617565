import { addDays, lagosDay } from '@kora/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { paymentRollupState } from './schema';
import { call } from '../test/app';
import { useTenants, useTestApp } from '../test/hooks';
import { addMember, addPlan, type Tenant } from '../test/tenants';
import { paymentSummary, recordPayment, refundPayment, voidPayment } from '../modules/payments';
import { AppError } from '../lib/errors';
import { closePaymentDays, rowsOf } from './payment-days';

const t = useTestApp();
const { gym, rival } = useTenants(t, { gym: { code: 'RUP' }, rival: { code: 'RIV' } });

/** A seeded pseudo-random sequence, so a failure can be replayed. */
const random = (seed: number) => () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
};

const plansOf: Record<string, { id: number; amount: number }[]> = {};
const membersOf: Record<string, number[]> = {};

beforeAll(async () => {
  for (const [name, tenant] of [
    ['gym', gym],
    ['rival', rival],
  ] as const) {
    plansOf[name] = [
      { ...(await addPlan(t, tenant.token, { amount: 15000 })), amount: 15000 },
      {
        ...(await addPlan(t, tenant.token, { amount: 2500.5, duration_type: 'day', duration: 3 })),
        amount: 2500.5,
      },
    ];
    membersOf[name] = [];
    for (let i = 0; i < 4; i++) membersOf[name].push((await addMember(t, tenant.token)).id);
  }
});

const pay = (tenant: Tenant, name: string, day: string, pick: () => number) => {
  const plan = plansOf[name]![Math.floor(pick() * 2)]!;
  const duration = 1 + Math.floor(pick() * 2);
  return recordPayment(
    t.app.ctx,
    { businessId: tenant.businessId, userId: tenant.userId },
    {
      member_id: membersOf[name]![Math.floor(pick() * 4)]!,
      subscription_type_id: plan.id,
      amount: plan.amount * duration,
      method: (['Cash', 'Card', 'Transfer'] as const)[Math.floor(pick() * 3)]!,
      duration,
      purpose: 'Subscription payment',
    },
    { today: day },
  );
};

type Row = { b: number; d: string; plan: number; m: string; n: number; kobo: number };
const norm = (rows: Record<string, unknown>[]): Row[] =>
  rows
    .map((r) => ({
      b: Number(r.b),
      d: String(r.d),
      plan: Number(r.plan),
      m: String(r.m),
      n: Number(r.n),
      kobo: Number(r.kobo),
    }))
    .sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y)));

/** Every closed day of the roll-up against the same sums counted from the raw rows. */
const expectRollUpExact = async () => {
  const q = async (query: ReturnType<typeof sql>) => norm(rowsOf(await t.db.execute(query)));
  const closed = sql`(select closed_through from payment_rollup_state)`;
  const rolled = (column: string, kobo: string) =>
    q(sql`select business_id b, to_char(day, 'YYYY-MM-DD') d, subscription_type_id plan, method m,
      ${sql.raw(column)} n, ${sql.raw(kobo)} kobo from payment_days
      where ${sql.raw(column)} <> 0 or ${sql.raw(kobo)} <> 0`);
  // Payments (voided ones left out) and their kobo by the Lagos day they were recorded on, less
  // the refunds by the day they were made (under the refund's method).
  expect(await rolled('payments', 'amount_kobo')).toEqual(
    await q(sql`select b, d, plan, m, sum(n) n, sum(kobo) kobo from (
        select business_id b, to_char(paid_on, 'YYYY-MM-DD') d, subscription_type_id plan,
          method m, 1 n, amount_kobo kobo
        from payments where paid_on <= ${closed} and voided_at is null
        union all
        select business_id, to_char(refunded_on, 'YYYY-MM-DD'), subscription_type_id, method, 0,
          -amount_kobo
        from refunds where refunded_on <= ${closed}
      ) x group by 1, 2, 3, 4 having sum(n) <> 0 or sum(kobo) <> 0`),
  );
  // Members' first subscriptions, on their payment's day (withdrawn ones left out).
  expect(await rolled('first_subscriptions', '0')).toEqual(
    await q(sql`select p.business_id b, to_char(p.paid_on, 'YYYY-MM-DD') d, p.subscription_type_id plan,
      p.method m, count(*) n, 0 kobo from payments p join subscriptions s on s.payment_id = p.id
      where s.is_first and s.is_active and p.paid_on <= ${closed} group by 1, 2, 3, 4`),
  );
  // Subscriptions ended, on their last day (withdrawn ones left out).
  expect(await rolled('ended_subscriptions', '0')).toEqual(
    await q(sql`select s.business_id b, to_char(s.expiry_date, 'YYYY-MM-DD') d,
      s.subscription_type_id plan, p.method m, count(*) n, 0 kobo
      from subscriptions s join payments p on p.id = s.payment_id
      where s.is_active and s.expiry_date <= ${closed} group by 1, 2, 3, 4`),
  );
  // Each member's cover: the last day paid for, and the last closed day a subscription ended,
  // over their active subscriptions.
  const covers = rowsOf(
    await t.db.execute(sql`select c.member_id, c.paid_through = s.paid as paid_ok,
      c.last_ended is not distinct from s.ended as ended_ok
      from member_cover c full join (
        select member_id, max(expiry_date) paid, max(expiry_date) filter (where expiry_date <= ${closed}) ended
        from subscriptions where is_active group by 1) s on s.member_id = c.member_id
      where not (c.paid_through = s.paid and c.last_ended is not distinct from s.ended)
        or c.member_id is null or s.member_id is null`),
  );
  expect(covers).toEqual([]);
};

describe('the daily roll-up of payments', () => {
  it('a payment at 23:30 UTC belongs to the next Lagos day', () => {
    expect(lagosDay(new Date('2026-05-31T23:30:00Z'))).toBe('2026-06-01');
    expect(lagosDay(new Date('2026-05-31T22:59:59Z'))).toBe('2026-05-31');
  });

  it('equals the raw sums after random payments across midnights, closes and late payments', async () => {
    // Start with nothing closed after 30 April (Lagos); 40 days of payments follow.
    await t.db.execute(sql`delete from payment_days`);
    await t.db.update(paymentRollupState).set({ closedThrough: '2026-04-30' });
    const pick = random(20261123);
    let instant = Date.parse('2026-05-01T06:00:00Z');
    for (let i = 0; i < 120; i++) {
      // Between 2 and 10 hours later; many land between 23:00 and 24:00 UTC.
      instant += (2 + pick() * 8) * 3_600_000;
      const day = lagosDay(new Date(instant));
      await pay(gym, 'gym', day, pick);
      if (pick() < 0.3) await pay(rival, 'rival', day, pick);
      // Now and then the day before closes, twice at once (two instances) …
      if (pick() < 0.15)
        await Promise.all([closePaymentDays(t.db, day), closePaymentDays(t.db, day)]);
      // … and a payment whose transaction began before midnight lands on a closed day.
      if (pick() < 0.1) await pay(gym, 'gym', addDays(day, -1), pick);
    }
    await expectRollUpExact();
    const lastDay = lagosDay(new Date(instant));
    await closePaymentDays(t.db, addDays(lastDay, 1));
    await expectRollUpExact();

    // The payment summary (closed days from the roll-up, the others live) equals the sums over
    // every payment, whichever day is today.
    for (const today of ['2026-05-20', lastDay, addDays(lastDay, 40)]) {
      await t.db.update(paymentRollupState).set({ closedThrough: addDays(today, -1) });
      const raw = rowsOf<Record<string, unknown>>(
        await t.db.execute(sql`select count(*) n,
          coalesce(sum(amount_kobo) filter (where paid_on = ${today}), 0) as today,
          coalesce(sum(amount_kobo) filter (where paid_on between ${today.slice(0, 8) + '01'} and ${today}), 0) as month,
          coalesce(sum(amount_kobo) filter (where paid_on between '2026-01-01' and ${today}), 0) as year
          from payments where business_id = ${gym.businessId}`),
      )[0]!;
      const s = await paymentSummary(t.app.ctx, gym.businessId, today);
      expect(s.count).toBeGreaterThan(100);
      expect(s).toMatchObject({
        count: Number(raw.n),
        today: Number(raw.today) / 100,
        this_month: Number(raw.month) / 100,
        year_to_date: Number(raw.year) / 100,
      });
    }
  });

  it('the payment list total follows its filters, from the roll-up as from the payments', async () => {
    const raw = async (where: ReturnType<typeof sql>) =>
      Number(
        rowsOf<{ n: unknown }>(
          await t.db.execute(
            sql`select count(*) n from payments where business_id = ${gym.businessId} and ${where}`,
          ),
        )[0]!.n,
      );
    const plan = plansOf.gym![1]!.id;
    const total = async (query: string) =>
      (await call(t.app, 'GET', `/v1/payment?${query}`, { token: gym.token })).json().total;
    for (const closedThrough of ['2026-05-15', '2026-04-01']) {
      await t.db.execute(sql`delete from payment_days`);
      await t.db.update(paymentRollupState).set({ closedThrough: '2000-01-01' });
      await closePaymentDays(t.db, addDays(closedThrough, 1));
      expect(await total('')).toBe(await raw(sql`true`));
      expect(await total('method=Card')).toBe(await raw(sql`method = 'Card'`));
      expect(await total(`subscription_type_id=${plan}&method=Cash`)).toBe(
        await raw(sql`subscription_type_id = ${plan} and method = 'Cash'`),
      );
      expect(await total('start_date=2026-05-10&end_date=2026-05-20')).toBe(
        await raw(sql`paid_on between '2026-05-10' and '2026-05-20'`),
      );
      expect(await total(`member_id=${membersOf.gym![0]}`)).toBe(
        await raw(sql`member_id = ${membersOf.gym![0]}`),
      );
    }
  });
});

describe('the roll-up with voids and refunds', () => {
  /** The owner of the gym, correcting a payment. */
  const corrector = () => ({
    businessId: gym.businessId,
    userId: gym.userId,
    role: 'owner' as const,
  });
  /** A refusal by the rules (a renewal chained after it, nothing left to refund) is expected. */
  const refusedOrDone = async (work: Promise<unknown>) => {
    try {
      await work;
    } catch (err) {
      if (!(err instanceof AppError) || err.status >= 500) throw err;
    }
  };

  /** Count and kobo of the gym's payments counted from the raw rows, as the summary reads them. */
  const rawSummary = async (today: string) =>
    rowsOf<Record<string, unknown>>(
      await t.db.execute(sql`select
          (select count(*) from payments where business_id = ${gym.businessId} and voided_at is null) n,
          sum(kobo) filter (where d = ${today}) as today,
          sum(kobo) filter (where d between ${today.slice(0, 8) + '01'} and ${today}) as month,
          sum(kobo) filter (where d between ${today.slice(0, 4) + '-01-01'} and ${today}) as year
        from (
          select paid_on d, amount_kobo kobo from payments
          where business_id = ${gym.businessId} and voided_at is null
          union all
          select refunded_on, -amount_kobo from refunds where business_id = ${gym.businessId}
        ) x`),
    )[0]!;

  it('equals the raw sums after random payments, voids and refunds across midnights and closes', async () => {
    // The earlier payments rolled up from scratch, through 31 July; 40 days of payments follow.
    await t.db.execute(sql`delete from payment_days`);
    await t.db.update(paymentRollupState).set({ closedThrough: '2000-01-01' });
    await closePaymentDays(t.db, '2026-08-01');
    const pick = random(20261127);
    const recorded: { id: number; day: string; amount: number }[] = [];
    let instant = Date.parse('2026-08-01T06:00:00Z');
    let voids = 0;
    let refunds = 0;
    for (let i = 0; i < 140; i++) {
      // Between 2 and 10 hours later; many land between 23:00 and 24:00 UTC.
      instant += (2 + pick() * 8) * 3_600_000;
      const day = lagosDay(new Date(instant));
      const paid = await pay(gym, 'gym', day, pick);
      recorded.push({ id: paid.id, day, amount: paid.amount });
      if (pick() < 0.3) await pay(rival, 'rival', day, pick);
      // A payment of today or an earlier (perhaps closed) day is voided …
      if (pick() < 0.2) {
        const target = recorded[Math.floor(pick() * recorded.length)]!;
        await refusedOrDone(
          voidPayment(t.app.ctx, corrector(), target.id, { reason: 'Wrong member' }),
        );
        voids++;
      }
      // … or partly refunded today, its subscription kept, ended or shortened.
      if (pick() < 0.25) {
        const target = recorded[Math.floor(pick() * recorded.length)]!;
        const action = (['keep', 'end', 'shorten'] as const)[Math.floor(pick() * 3)]!;
        await refusedOrDone(
          refundPayment(
            t.app.ctx,
            corrector(),
            target.id,
            {
              amount: Math.max(0.01, Math.round(target.amount * pick() * 40) / 100),
              method: (['Cash', 'Card', 'Transfer'] as const)[Math.floor(pick() * 3)]!,
              reason: 'Member moved away',
              subscription: action,
              ...(action === 'shorten' ? { expiry_date: target.day } : {}),
            },
            { today: day },
          ),
        );
        refunds++;
      }
      if (pick() < 0.15)
        await Promise.all([closePaymentDays(t.db, day), closePaymentDays(t.db, day)]);
      if (pick() < 0.1) await pay(gym, 'gym', addDays(day, -1), pick);
    }
    expect(voids).toBeGreaterThan(10);
    expect(refunds).toBeGreaterThan(10);
    const counted = rowsOf<Record<string, unknown>>(
      await t.db.execute(sql`select
        (select count(*) from payments where business_id = ${gym.businessId} and voided_at is not null) voided,
        (select count(*) from refunds where business_id = ${gym.businessId}) refunded`),
    )[0]!;
    // Enough of both really happened (not only refusals).
    expect(Number(counted.voided)).toBeGreaterThan(5);
    expect(Number(counted.refunded)).toBeGreaterThan(5);
    await expectRollUpExact();
    const lastDay = lagosDay(new Date(instant));
    await closePaymentDays(t.db, addDays(lastDay, 1));
    await expectRollUpExact();

    // The list's totals, by status, from the roll-up and the partial indexes alike.
    const listTotal = async (query: string) =>
      (await call(t.app, 'GET', `/v1/payment?${query}`, { token: gym.token })).json().total;
    const rawCount = async (where: ReturnType<typeof sql>) =>
      Number(
        rowsOf<{ n: unknown }>(
          await t.db.execute(
            sql`select count(*) n from payments where business_id = ${gym.businessId} and ${where}`,
          ),
        )[0]!.n,
      );
    expect(await listTotal('')).toBe(await rawCount(sql`true`));
    expect(await listTotal('status=valid')).toBe(await rawCount(sql`voided_at is null`));
    expect(await listTotal('status=voided')).toBe(await rawCount(sql`voided_at is not null`));
    expect(await listTotal('status=refunded')).toBe(
      await rawCount(sql`refunded_kobo > 0 and voided_at is null`),
    );
    expect(await listTotal('method=Cash&start_date=2026-08-10')).toBe(
      await rawCount(sql`method = 'Cash' and paid_on >= '2026-08-10'`),
    );
    expect(await listTotal('status=valid&method=Card')).toBe(
      await rawCount(sql`method = 'Card' and voided_at is null`),
    );

    for (const today of ['2026-08-20', lastDay, addDays(lastDay, 40)]) {
      await t.db.update(paymentRollupState).set({ closedThrough: addDays(today, -1) });
      const raw = await rawSummary(today);
      const s = await paymentSummary(t.app.ctx, gym.businessId, today);
      expect(s).toMatchObject({
        count: Number(raw.n),
        today: Number(raw.today ?? 0) / 100,
        this_month: Number(raw.month ?? 0) / 100,
        year_to_date: Number(raw.year ?? 0) / 100,
      });
    }
  });
});
