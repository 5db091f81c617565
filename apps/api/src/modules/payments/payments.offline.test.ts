import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, payments } from '../../db/schema';
import { json } from '../../test/app';
import { useFixedClock, useTenants, useTestApp } from '../../test/hooks';
import { pay, paymentBody, payForPeriod, postPayment } from '../../test/payments';
import { addMember, addPlan } from '../../test/tenants';

/*
 * A cash payment taken while the desk was offline reaches the server later with `recorded_at`:
 * its day (paid_on) and the subscription's first day are that Lagos day, a renewal still
 * chains on the running period, and the payment keeps both times. The server's clock is fixed
 * at 07:42 in Lagos on 27 November 2026.
 */
const NOW = new Date('2026-11-27T07:42:00+01:00');
const DAY = 24 * 60 * 60 * 1000;
useFixedClock(NOW);

const t = useTestApp();
const g = useTenants(t, { owner: { code: 'OPA' }, other: { code: 'OPB' } });

let plan: { id: number; amount: number };
beforeAll(async () => {
  plan = await addPlan(t, g.owner.token, { name: 'Monthly', amount: 25000 });
});

const YESTERDAY_EVENING = '2026-11-26T19:05:00+01:00';
const cash = (memberId: number, recordedAt?: string) =>
  paymentBody(memberId, plan.id, plan.amount, {
    method: 'Cash',
    ...(recordedAt ? { recorded_at: recordedAt } : {}),
  });
const paymentsOf = (memberId: number) =>
  t.db.select().from(payments).where(eq(payments.memberId, memberId));

describe('recorded_at on POST /v1/payment', () => {
  it('a payment taken yesterday starts yesterday, is counted on yesterday, and keeps its arrival', async () => {
    const m = await addMember(t, g.owner.token);
    const res = await postPayment(t, g.owner, cash(m.id, YESTERDAY_EVENING), 'cash-1');
    expect(res.statusCode).toBe(201);
    expect(json(res).data).toMatchObject({
      paid_on: '2026-11-26',
      recorded_at: '2026-11-26T18:05:00.000Z',
      subscription: { start_date: '2026-11-26', expiry_date: '2026-12-25' },
    });
    const [stored] = await paymentsOf(m.id);
    expect(stored!.paidOn).toBe('2026-11-26');
    expect(stored!.recordedAt.toISOString()).toBe('2026-11-26T18:05:00.000Z');
    // created_at: when it reached the server (the database's clock).
    expect(stored!.createdAt.getTime()).toBeGreaterThan(stored!.recordedAt.getTime());
    const [entry] = await t.db
      .select()
      .from(auditEntries)
      .where(
        and(eq(auditEntries.action, 'payment.record'), eq(auditEntries.paymentId, stored!.id)),
      );
    expect(entry!.detail).toMatchObject({ start_date: '2026-11-26' });
    expect(new Date((entry!.detail as { recorded_at: string }).recorded_at).toISOString()).toBe(
      '2026-11-26T18:05:00.000Z',
    );
  });

  it('without recorded_at the payment is today’s and recorded_at equals its arrival', async () => {
    const m = await addMember(t, g.owner.token);
    const data = await pay(t, g.owner, cash(m.id));
    expect(data.paid_on).toBe('2026-11-27');
    expect(data.recorded_at).toBe(data.created_at);
    const [entry] = await t.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.action, 'payment.record'), eq(auditEntries.paymentId, data.id)));
    expect(entry!.detail).not.toHaveProperty('recorded_at');
  });

  it('a renewal taken yesterday still starts the day after the running period ends', async () => {
    const m = await addMember(t, g.owner.token);
    await payForPeriod(t, g.owner, m.id, plan, ['2026-11-11', '2026-12-10'], { method: 'Cash' });
    const res = await postPayment(t, g.owner, cash(m.id, YESTERDAY_EVENING));
    expect(res.statusCode).toBe(201);
    expect(json(res).data).toMatchObject({
      paid_on: '2026-11-26',
      subscription: { start_date: '2026-12-11', expiry_date: '2027-01-10' },
    });
  });

  it('refuses a time out of bounds (422) and records nothing', async () => {
    const m = await addMember(t, g.owner.token);
    for (const [at, message] of [
      [
        new Date(NOW.getTime() + 6 * 60 * 1000).toISOString(),
        'Recorded at cannot be in the future',
      ],
      [
        new Date(NOW.getTime() - 7 * DAY - 1000).toISOString(),
        'Recorded at must be within the last 7 days',
      ],
    ] as const) {
      const res = await postPayment(t, g.owner, cash(m.id, at), `bounds-${at}`);
      expect(res.statusCode).toBe(422);
      expect(json(res)).toMatchObject({ message, errors: { recorded_at: message } });
    }
    for (const at of ['not a time', '2026-11-27T07:00:00Z\u0000', 'x'.repeat(100_000)]) {
      const res = await postPayment(t, g.owner, cash(m.id, at));
      expect(res.statusCode).toBe(400);
      expect(json(res).errors.recorded_at).toBe('Recorded at must be a date and time');
    }
    expect(await paymentsOf(m.id)).toHaveLength(0);
    // Exactly 7 days old is still within the week.
    const week = await postPayment(
      t,
      g.owner,
      cash(m.id, new Date(NOW.getTime() - 7 * DAY).toISOString()),
    );
    expect(week.statusCode).toBe(201);
    expect(json(week).data.paid_on).toBe('2026-11-20');
  });

  it('answers the first payment when the key comes again with another time, even one now too old', async () => {
    const m = await addMember(t, g.owner.token);
    const first = await postPayment(t, g.owner, cash(m.id, YESTERDAY_EVENING), 'cash-replay');
    expect(first.statusCode).toBe(201);
    for (const at of ['2026-11-27T07:00:00+01:00', '2026-11-01T07:00:00+01:00']) {
      const again = await postPayment(t, g.owner, cash(m.id, at), 'cash-replay');
      // A payment's retry answers the first payment with 201, as it always has.
      expect(again.statusCode, at).toBe(201);
      expect(json(again).data).toMatchObject({
        id: json(first).data.id,
        paid_on: '2026-11-26',
        recorded_at: '2026-11-26T18:05:00.000Z',
      });
    }
    expect(await paymentsOf(m.id)).toHaveLength(1);
  });

  it('answers another business’s member as not found', async () => {
    const theirs = await addMember(t, g.other.token);
    const res = await postPayment(t, g.owner, cash(theirs.id, YESTERDAY_EVENING));
    expect(res.statusCode).toBe(404);
    expect(await paymentsOf(theirs.id)).toHaveLength(0);
  });
});
