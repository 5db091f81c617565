import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lagosDay } from '@kora/shared';
import { untouchedPayment } from '@kora/shared/test-fixtures';
import { auditEntries, payments, receiptCounters, users } from '../../db/schema';
import { call, json } from '../../test/app';
import { useTenants, useTestApp } from '../../test/hooks';
import { pay, paymentBody, postPayment } from '../../test/payments';
import { addGroupPlan, addMember, addPlan, type Tenant } from '../../test/tenants';
import * as repo from './payments.repository';

/*
 * Every payment gets the next receipt number of its business (CODE-000001, CODE-000002, …):
 * gapless and in order, also when payments arrive together, some refused, some retried with
 * the same Idempotency-Key and some rolled back; and exactly one `payment.record` entry in the
 * audit trail, written by the same statement, naming who recorded it.
 */

const t = useTestApp();
const { owner, staff, other } = useTenants(t, {
  owner: { code: 'RCPT', name: 'Receipt Gym' },
  staff: { role: 'staff', of: 'owner' },
  other: { code: 'RCPX' },
});

const businessPayments = (tenant: Tenant) =>
  t.db
    .select()
    .from(payments)
    .where(eq(payments.businessId, tenant.businessId))
    .orderBy(asc(payments.id));

const recordEntries = (tenant: Tenant) =>
  t.db
    .select()
    .from(auditEntries)
    .where(
      and(
        eq(auditEntries.businessId, tenant.businessId),
        eq(auditEntries.action, 'payment.record'),
      ),
    )
    .orderBy(asc(auditEntries.id));

const counterOf = async (tenant: Tenant) =>
  (
    await t.db
      .select()
      .from(receiptCounters)
      .where(eq(receiptCounters.businessId, tenant.businessId))
  )[0]?.lastSeq ?? 0;

/** The business's receipts are 1 … n, each once, in the order the payments were inserted. */
const expectGapless = async (tenant: Tenant) => {
  const rows = await businessPayments(tenant);
  expect(rows.map((p) => p.receiptSeq)).toEqual(rows.map((_, i) => i + 1));
  expect(rows.map((p) => p.receiptNumber)).toEqual(
    rows.map((_, i) => `${tenant.code}-${String(i + 1).padStart(6, '0')}`),
  );
  expect(await counterOf(tenant)).toBe(rows.length);
  return rows;
};

describe('receipt numbers', () => {
  it('number each business from IRON-000001, answer them, and tell desk transfers apart', async () => {
    await t.db
      .update(users)
      .set({ firstName: 'Chidi', lastName: 'Eze' })
      .where(eq(users.id, staff.userId));
    const member = await addMember(t, owner.token, { first_name: 'Ada', last_name: 'Obi' });
    const plan = await addPlan(t, owner.token, { amount: 25000 });
    const cash = await pay(t, staff, paymentBody(member.id, plan.id, 25000, { method: 'Cash' }));
    const transfer = await pay(t, staff, paymentBody(member.id, plan.id, 25000));
    const theirs = await pay(
      t,
      other,
      paymentBody((await addMember(t, other.token)).id, (await addPlan(t, other.token)).id, 25000, {
        method: 'Cash',
      }),
    );
    expect(cash).toMatchObject({
      receipt_number: 'RCPT-000001',
      ...untouchedPayment,
      recorded_by_name: 'Chidi Eze',
    });
    expect(transfer).toMatchObject({
      receipt_number: 'RCPT-000002',
      method: 'Transfer',
      confirmed: false,
      needs_confirmation: true,
    });
    expect(theirs.receipt_number).toBe('RCPX-000001');

    const listed = json(
      await call(t.app, 'GET', `/v1/payment?member_id=${member.id}`, { token: owner.token }),
    ).data;
    expect(
      listed.map((p: Record<string, unknown>) => [
        p.receipt_number,
        p.confirmed,
        p.needs_confirmation,
        p.recorded_by_name,
        p.voided,
        p.refunded,
      ]),
    ).toEqual([
      ['RCPT-000002', false, true, 'Chidi Eze', false, 0],
      ['RCPT-000001', true, false, 'Chidi Eze', false, 0],
    ]);
    const stored = await businessPayments(owner);
    expect(stored.map((p) => [p.receiptNumber, p.confirmedAt === null])).toEqual([
      ['RCPT-000001', false],
      ['RCPT-000002', true],
    ]);
    for (const p of stored) expect(p.receiptToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(stored[0]!.receiptToken).not.toBe(stored[1]!.receiptToken);
  });

  it('stay gapless and in order under 64 payments at once, refused, retried and rolled back ones among them', async () => {
    const members = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((i) => addMember(t, owner.token, { first_name: `Runner${i}` })),
    );
    const plan = await addPlan(t, owner.token, {
      name: 'Weekly',
      amount: 5000,
      duration_type: 'week',
    });
    const startedWith = (await businessPayments(owner)).length;
    const entriesBefore = (await recordEntries(owner)).length;
    const outcomes = await Promise.all(
      Array.from({ length: 64 }, async (_, i) => {
        const member = members[i % members.length]!;
        const body = paymentBody(member.id, plan.id, 5000, { method: 'Cash' });
        switch (i % 8) {
          case 0:
            // Recorded, then its transaction fails: the number goes back.
            return t.db
              .transaction(async (tx) => {
                const outcome = await repo.recordPayment(tx, {
                  businessId: owner.businessId,
                  memberId: member.id,
                  planId: plan.id,
                  duration: 1,
                  amountKobo: 500_000,
                  method: 'Cash',
                  purpose: 'Subscription payment',
                  idempotencyKey: null,
                  recordedBy: staff.userId,
                  today: lagosDay(),
                  actorKind: 'user',
                });
                expect(outcome.status).toBe('recorded');
                throw new Error('the sale failed after the payment');
              })
              .then(
                () => 'committed',
                () => 'rolled back',
              );
          case 1:
            // Refused: the amount is not the plan's.
            return (await postPayment(t, staff, { ...body, amount: 4000 })).statusCode;
          case 2:
          case 3:
            // The same request twice at once: one payment.
            return (await postPayment(t, staff, body, `double-${Math.floor(i / 8)}`)).statusCode;
          default:
            return (await postPayment(t, i % 2 ? staff : owner, body)).statusCode;
        }
      }),
    );
    expect(outcomes.filter((o) => o === 'rolled back')).toHaveLength(8);
    expect(outcomes.filter((o) => o === 400)).toHaveLength(8);
    expect(outcomes.filter((o) => o === 201)).toHaveLength(48);

    // 32 plain payments and one for each of the 8 doubled keys.
    const rows = await expectGapless(owner);
    expect(rows.length - startedWith).toBe(40);
    // One entry per payment, naming its receipt, none for the refused, repeated or rolled back.
    const entries = (await recordEntries(owner)).slice(entriesBefore);
    expect(entries).toHaveLength(40);
    expect(entries.map((e) => e.paymentId).sort()).toEqual(
      rows
        .slice(startedWith)
        .map((p) => p.id)
        .sort(),
    );
    const byPayment = new Map(rows.map((p) => [p.id, p.receiptNumber]));
    for (const e of entries) expect(e.recordLabel).toBe(byPayment.get(e.paymentId!));
  });
});

describe("a payment's audit entry", () => {
  it('names the desk user and their role, the member, plan, days, amount and covered members', async () => {
    await t.db
      .update(users)
      .set({ firstName: 'Funke', lastName: 'Ade' })
      .where(eq(users.id, owner.userId));
    const payer = await addMember(t, owner.token, { first_name: 'Tolu', last_name: 'Bello' });
    const friend = await addMember(t, owner.token, { first_name: 'Kemi', last_name: 'Bello' });
    const duo = await addGroupPlan(t, owner.token, 2, { name: 'Duo', amount: 30000 });
    const paid = await pay(
      t,
      owner,
      paymentBody(payer.id, duo.id, 60000, { duration: 2, group_member_ids: [friend.id] }),
    );
    const [entry] = (await recordEntries(owner)).filter((e) => e.paymentId === paid.id);
    expect(entry).toMatchObject({
      actorKind: 'user',
      actorUserId: owner.userId,
      actorName: 'Funke Ade',
      actorRole: 'owner',
      recordKind: 'payment',
      recordId: paid.id,
      recordLabel: paid.receipt_number,
      memberId: payer.id,
      paymentId: paid.id,
      changes: {},
      detail: {
        amount_kobo: 6_000_000,
        method: 'Transfer',
        plan: 'Duo',
        periods: 2,
        start_date: paid.subscription.start_date,
        expiry_date: paid.subscription.expiry_date,
        covered_member_ids: [friend.id],
        member_name: 'Tolu Bello',
      },
    });
  });

  it('is written once: a retry with the same key writes none and answers the same receipt', async () => {
    const member = await addMember(t, owner.token);
    const plan = await addPlan(t, owner.token, { amount: 25000 });
    const body = paymentBody(member.id, plan.id, 25000, { method: 'Card' });
    const first = await pay(t, staff, body, 'once-only');
    const entries = (await recordEntries(owner)).length;
    const counter = await counterOf(owner);
    const again = await postPayment(t, staff, body, 'once-only');
    expect(again.statusCode).toBe(201);
    expect(json(again).data).toMatchObject({
      id: first.id,
      receipt_number: first.receipt_number,
      recorded_by_name: first.recorded_by_name,
      confirmed: true,
    });
    expect((await recordEntries(owner)).length).toBe(entries);
    expect(await counterOf(owner)).toBe(counter);
  });

  it('is not written for a refused payment, which takes no number either', async () => {
    const member = await addMember(t, owner.token);
    const plan = await addPlan(t, owner.token, { amount: 25000 });
    const entries = (await recordEntries(owner)).length;
    const counter = await counterOf(owner);
    for (const body of [
      paymentBody(member.id, plan.id, 20000),
      paymentBody(member.id, 2_000_000, 25000),
      paymentBody(2_000_000, plan.id, 25000),
      paymentBody(member.id, plan.id, 25000, { group_member_ids: [member.id + 1] }),
    ])
      expect((await postPayment(t, staff, body)).statusCode).toBeGreaterThanOrEqual(400);
    expect((await recordEntries(owner)).length).toBe(entries);
    expect(await counterOf(owner)).toBe(counter);
    const next = await pay(t, staff, paymentBody(member.id, plan.id, 25000));
    expect(next.receipt_number).toBe(`RCPT-${String(counter + 1).padStart(6, '0')}`);
    await expectGapless(owner);
  });
});

describe('the payment answer', () => {
  it('says when a payment was voided, how much was refunded, and that a voided transfer needs no confirming', async () => {
    const member = await addMember(t, owner.token, { first_name: 'Uche', last_name: 'Nwosu' });
    const plan = await addPlan(t, owner.token, { amount: 25000 });
    const voided = await pay(t, staff, paymentBody(member.id, plan.id, 25000));
    const refunded = await pay(
      t,
      staff,
      paymentBody(member.id, plan.id, 25000, { method: 'Card' }),
    );
    const at = new Date('2026-11-27T10:15:00.000Z');
    await t.db
      .update(payments)
      .set({ voidedAt: at, voidedBy: owner.userId, voidReason: 'Wrong member' })
      .where(eq(payments.id, voided.id));
    await t.db
      .update(payments)
      .set({ refundedKobo: 1_250_050 })
      .where(eq(payments.id, refunded.id));
    const listed = json(
      await call(t.app, 'GET', `/v1/payment?member_id=${member.id}`, { token: staff.token }),
    ).data as Record<string, unknown>[];
    expect(listed.find((p) => p.id === voided.id)).toMatchObject({
      voided: true,
      voided_at: at.toISOString(),
      void_reason: 'Wrong member',
      refunded: 0,
      confirmed: false,
      needs_confirmation: false,
    });
    expect(listed.find((p) => p.id === refunded.id)).toMatchObject({
      voided: false,
      voided_at: null,
      void_reason: null,
      refunded: 12500.5,
      confirmed: true,
      needs_confirmation: false,
    });
  });
});
