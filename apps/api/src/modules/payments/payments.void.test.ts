import { lagosDay, PAYMENT_MESSAGES, renewalChainedMessage } from '@kora/shared';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, cashUps, memberCover, payments, subscriptions } from '../../db/schema';
import { call } from '../../test/app';
import { storedActor, storedAuditEntries } from '../../test/audit';
import { snapshot } from '../../test/contract-matrix';
import { useTenants, useTestApp } from '../../test/hooks';
import { addGroupPlan, addMember, addPlan, type Tenant } from '../../test/tenants';
import { pay, paymentBody, postPayment, subscriptionsOf } from '../../test/payments';
import { voidPayment } from './payments.corrections';

/* Voiding a payment recorded by mistake: who may, when, and what it takes out of the figures. */

const t = useTestApp();
const { owner, admin, staff, otherStaff, other } = useTenants(t, {
  owner: { code: 'VOID' },
  admin: { role: 'admin', of: 'owner' },
  staff: { role: 'staff', of: 'owner' },
  otherStaff: { role: 'staff', of: 'owner' },
  other: { code: 'OTHV' },
});

let monthly: { id: number };
let weekly: { id: number };

beforeAll(async () => {
  monthly = await addPlan(t, owner.token, { name: 'Monthly', amount: 25000 });
  weekly = await addPlan(t, owner.token, { name: 'Weekly', amount: 8000, duration_type: 'week' });
});

const voidIt = (tenant: Tenant, id: number, reason: unknown = 'Wrong member') =>
  call(t.app, 'POST', `/v1/payment/${id}/void`, { token: tenant.token, body: { reason } });

const details = (tenant: Tenant, id: number) =>
  call(t.app, 'GET', `/v1/payment/${id}`, { token: tenant.token });

/** A new member's payment of the monthly plan, recorded by `tenant`. */
const payFor = async (tenant: Tenant, method = 'Cash', plan = monthly, amount = 25000) => {
  const member = await addMember(t, owner.token, { first_name: 'Ada', last_name: 'Obi' });
  const paid = await pay(t, tenant, paymentBody(member.id, plan.id, amount, { method }));
  return { member, paid };
};

const paymentRow = async (id: number) =>
  (await t.db.select().from(payments).where(eq(payments.id, id)))[0]!;

const auditOf = (paymentId: number, action: string) => storedAuditEntries(t, { paymentId, action });

/** Moves when a payment was recorded `minutes` into the past. */
const recordedAgo = (id: number, minutes: number) =>
  t.db
    .update(payments)
    .set({ createdAt: sql`now() - make_interval(mins => ${minutes})` })
    .where(eq(payments.id, id));

const summary = async () =>
  (await call(t.app, 'GET', '/v1/payment/summary', { token: owner.token })).json().data;

describe('POST /v1/payment/:id/void', () => {
  it('marks the payment voided, withdraws its subscription, and takes it out of every figure', async () => {
    const { member, paid } = await payFor(owner, 'Card');
    const before = await summary();

    const res = await voidIt(owner, paid.id, '  Recorded for the wrong member  ');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      id: paid.id,
      receipt_number: paid.receipt_number,
      voided: true,
      void_reason: 'Recorded for the wrong member',
      needs_confirmation: false,
      can_void: false,
      void_blocked_reason: null,
    });
    expect(data.voided_by_name).toBe('Ada Okafor');
    expect(data.subscriptions).toHaveLength(1);
    expect(data.subscriptions[0]).toMatchObject({ id: paid.subscription.id, is_active: false });

    // In the database: the payment stays, marked; its subscription is withdrawn, not removed.
    const row = await paymentRow(paid.id);
    expect(row.voidedAt).not.toBeNull();
    expect(row.voidedBy).toBe(owner.userId);
    expect(row.amountKobo).toBe(2_500_000);
    const subs = await subscriptionsOf(t, member.id);
    expect(subs.map((s) => s.isActive)).toEqual([false]);
    // The member has no cover left (their only subscription was withdrawn).
    expect(
      await t.db.select().from(memberCover).where(eq(memberCover.memberId, member.id)),
    ).toEqual([]);

    // The summary: one payment and ₦25,000 fewer today.
    const after = await summary();
    expect(after.count).toBe(before.count - 1);
    expect(after.today).toBe(before.today - 25000);

    // The list still shows it, marked; the status filter finds it.
    const list = (
      await call(t.app, 'GET', `/v1/payment?member_id=${member.id}`, { token: owner.token })
    ).json();
    expect(list.data.map((p: { voided: boolean }) => p.voided)).toEqual([true]);
    const voided = (
      await call(t.app, 'GET', '/v1/payment?status=voided', { token: owner.token })
    ).json();
    expect(voided.data.map((p: { id: number }) => p.id)).toContain(paid.id);
    const valid = (
      await call(t.app, 'GET', '/v1/payment?status=valid&per_page=100', { token: owner.token })
    ).json();
    expect(valid.data.map((p: { id: number }) => p.id)).not.toContain(paid.id);

    // One audit entry, written with it: who, the reason, the amount and the member.
    const entries = await auditOf(paid.id, 'payment.void');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      ...storedActor(owner),
      recordKind: 'payment',
      recordLabel: paid.receipt_number,
      memberId: member.id,
      paymentId: paid.id,
    });
    expect(entries[0]!.detail).toMatchObject({
      reason: 'Recorded for the wrong member',
      amount_kobo: 2_500_000,
    });
  });

  it('answers a voided payment as it is and writes nothing the second time (double click)', async () => {
    const { paid } = await payFor(owner);
    const first = await voidIt(admin, paid.id, 'Typo');
    expect(first.statusCode, first.body).toBe(200);
    const voidedAt = (await paymentRow(paid.id)).voidedAt;
    const dbBefore = await snapshot(t);
    const second = await voidIt(owner, paid.id, 'Another reason');
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data).toMatchObject({ voided: true, void_reason: 'Typo' });
    expect((await paymentRow(paid.id)).voidedAt).toEqual(voidedAt);
    expect(await snapshot(t)).toEqual(dbBefore);
    expect(await auditOf(paid.id, 'payment.void')).toHaveLength(1);
  });

  it('requires a reason of 1 to 200 characters, and stores nothing without one', async () => {
    const { paid } = await payFor(owner);
    for (const reason of ['', '   ', '\u200b\u200b', 'x'.repeat(201), null]) {
      const res = await voidIt(owner, paid.id, reason);
      expect(res.statusCode, String(reason)).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(['reason']);
    }
    expect((await paymentRow(paid.id)).voidedAt).toBeNull();
    expect(await auditOf(paid.id, 'payment.void')).toHaveLength(0);
  });

  it('lets staff void their own Cash payment within 30 minutes, and nothing else', async () => {
    // Their own Cash payment, just recorded.
    const own = await payFor(staff, 'Cash');
    expect((await details(staff, own.paid.id)).json().data).toMatchObject({
      can_void: true,
      void_blocked_reason: null,
    });
    const ok = await voidIt(staff, own.paid.id);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await auditOf(own.paid.id, 'payment.void'))[0]).toMatchObject({ actorRole: 'staff' });

    // 29 minutes after recording it: still theirs to void.
    const recent = await payFor(staff, 'Cash');
    await recordedAgo(recent.paid.id, 29);
    expect((await voidIt(staff, recent.paid.id)).statusCode).toBe(200);

    const refusals: [string, number][] = [];
    // 31 minutes after recording it.
    const late = await payFor(staff, 'Cash');
    await recordedAgo(late.paid.id, 31);
    refusals.push(['31 minutes later', late.paid.id]);
    // Their own Card or Transfer payment.
    refusals.push(['a Card payment', (await payFor(staff, 'Card')).paid.id]);
    refusals.push(['a Transfer payment', (await payFor(staff, 'Transfer')).paid.id]);
    // Another person's Cash payment.
    refusals.push(["the owner's", (await payFor(owner, 'Cash')).paid.id]);
    refusals.push(["another staff member's", (await payFor(otherStaff, 'Cash')).paid.id]);
    for (const [what, id] of refusals) {
      const shown = (await details(staff, id)).json().data;
      expect(shown, what).toMatchObject({
        can_void: false,
        void_blocked_reason: PAYMENT_MESSAGES.staffVoidOwnCash,
      });
      const res = await voidIt(staff, id);
      expect(res.statusCode, what).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'VOID_NOT_ALLOWED',
        message: PAYMENT_MESSAGES.staffVoidOwnCash,
      });
      expect((await paymentRow(id)).voidedAt, what).toBeNull();
      expect(await auditOf(id, 'payment.void'), what).toHaveLength(0);
      // An owner or admin may void it.
      expect((await details(admin, id)).json().data.can_void, what).toBe(true);
    }
    expect((await voidIt(admin, late.paid.id)).statusCode).toBe(200);
  });

  it('counts the 30 minutes from the moment the payment was recorded, to the millisecond', async () => {
    const staffOf = { businessId: staff.businessId, userId: staff.userId, role: 'staff' as const };
    const { paid } = await payFor(staff, 'Cash');
    const recordedAt = (await paymentRow(paid.id)).createdAt.getTime();
    const at = (ms: number) => ({ now: new Date(recordedAt + ms) });
    await expect(
      voidPayment(t.app.ctx, staffOf, paid.id, { reason: 'Late' }, at(30 * 60_000 + 1)),
    ).rejects.toMatchObject({ status: 403, code: 'VOID_NOT_ALLOWED' });
    expect((await paymentRow(paid.id)).voidedAt).toBeNull();
    const done = await voidPayment(
      t.app.ctx,
      staffOf,
      paid.id,
      { reason: 'Just in time' },
      at(30 * 60_000),
    );
    expect(done).toMatchObject({ voided: true, void_reason: 'Just in time' });
  });

  it('refuses staff a payment their cash-up counted; an owner or admin may still void it', async () => {
    const { paid } = await payFor(otherStaff, 'Cash');
    // Their cash-up, a moment after the payment.
    await t.db.insert(cashUps).values({
      businessId: owner.businessId,
      userId: otherStaff.userId,
      expectedKobo: 2_500_000,
      countedKobo: 2_500_000,
      differenceKobo: 0,
      lagosDay: lagosDay(),
      recordedBy: otherStaff.userId,
      createdAt: new Date(Date.now() + 1000),
      receiptSeqThrough: (await paymentRow(paid.id)).receiptSeq,
    });
    const res = await voidIt(otherStaff, paid.id);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'COUNTED_IN_CASH_UP',
      message: PAYMENT_MESSAGES.cashedUp,
    });
    expect((await details(otherStaff, paid.id)).json().data.void_blocked_reason).toBe(
      PAYMENT_MESSAGES.cashedUp,
    );
    expect((await paymentRow(paid.id)).voidedAt).toBeNull();
    // A payment recorded after the cash-up is theirs to void again.
    const later = await payFor(otherStaff, 'Cash');
    await t.db
      .update(payments)
      .set({ createdAt: new Date(Date.now() + 5000) })
      .where(eq(payments.id, later.paid.id));
    expect((await voidIt(otherStaff, later.paid.id)).statusCode).toBe(200);
    expect((await voidIt(owner, paid.id)).statusCode).toBe(200);
  });

  it('refuses a payment made through Paystack, for everyone', async () => {
    // Recorded without a desk user (online), and assigned by a team user (its Paystack key).
    const online = await payFor(owner, 'Transfer');
    await t.db.update(payments).set({ recordedBy: null }).where(eq(payments.id, online.paid.id));
    // A held Paystack payment a team user assigned carries Paystack's reference as its key (a
    // client cannot send such a key: the online module records it).
    const member = await addMember(t, owner.token);
    const assigned = (await postPayment(t, owner, paymentBody(member.id, monthly.id, 25000))).json()
      .data;
    await t.db
      .update(payments)
      .set({ idempotencyKey: 'paystack:ref-1234' })
      .where(eq(payments.id, assigned.id));
    for (const id of [online.paid.id, assigned.id])
      for (const tenant of [owner, admin]) {
        const res = await voidIt(tenant, id);
        expect(res.statusCode).toBe(409);
        expect(res.json()).toMatchObject({
          code: 'PAYSTACK_PAYMENT',
          message: PAYMENT_MESSAGES.paystackVoid,
        });
        expect((await paymentRow(id)).voidedAt).toBeNull();
      }
  });

  it('refuses to void a payment whose renewal is chained after it, naming the renewal', async () => {
    const member = await addMember(t, owner.token, { first_name: 'Bola' });
    const first = await pay(
      t,
      owner,
      paymentBody(member.id, monthly.id, 25000, { method: 'Card' }),
    );
    const renewal = await pay(t, owner, paymentBody(member.id, monthly.id, 25000));
    expect(renewal.subscription.start_date > first.subscription.expiry_date).toBe(true);

    const res = await voidIt(owner, first.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'RENEWAL_CHAINED',
      message: renewalChainedMessage(renewal.receipt_number),
    });
    expect(res.json().message).toBe(
      `Void payment ${renewal.receipt_number} first: its renewal starts after this one.`,
    );
    expect((await details(owner, first.id)).json().data.void_blocked_reason).toBe(
      renewalChainedMessage(renewal.receipt_number),
    );
    // Another plan's payment does not chain; voiding the renewal first frees the first one.
    expect((await voidIt(owner, renewal.id)).statusCode).toBe(200);
    expect((await voidIt(owner, first.id)).statusCode).toBe(200);
    expect((await subscriptionsOf(t, member.id)).map((s) => s.isActive)).toEqual([false, false]);
    // A payment after both voids starts today again and is the member's first.
    const again = await pay(t, owner, paymentBody(member.id, monthly.id, 25000));
    expect(again.subscription.start_date).toBe(lagosDay());
    const row = (
      await t.db.select().from(subscriptions).where(eq(subscriptions.id, again.subscription.id))
    )[0]!;
    expect(row.isFirst).toBe(true);
  });

  it('never leaves a renewal chained onto a payment voided at the same moment', async () => {
    const outcomes = new Set<number>();
    for (let i = 0; i < 6; i++) {
      const member = await addMember(t, owner.token, { first_name: `Race${i}` });
      const first = await pay(
        t,
        owner,
        paymentBody(member.id, monthly.id, 25000, { method: 'Card' }),
      );
      const [voided, renewal] = await Promise.all([
        voidIt(owner, first.id),
        postPayment(t, owner, paymentBody(member.id, monthly.id, 25000)),
      ]);
      expect(renewal.statusCode, renewal.body).toBe(201);
      outcomes.add(voided.statusCode);
      const renewed = renewal.json().data.subscription;
      if (voided.statusCode === 200) {
        // Voided first: the payment after it starts today, on nothing withdrawn.
        expect(renewed.start_date).toBe(lagosDay());
      } else {
        // Renewed first: the void is refused and the first payment stays whole.
        expect(voided.statusCode).toBe(409);
        expect(voided.json().message).toBe(
          renewalChainedMessage(renewal.json().data.receipt_number),
        );
        expect(renewed.start_date > first.subscription.expiry_date).toBe(true);
        expect((await paymentRow(first.id)).voidedAt).toBeNull();
      }
      const subs = await subscriptionsOf(t, member.id);
      const active = subs.filter((s) => s.isActive);
      // The member's cover is exactly their active subscriptions'.
      const cover = (
        await t.db.select().from(memberCover).where(eq(memberCover.memberId, member.id))
      )[0]!;
      expect(cover.paidThrough).toBe(
        active
          .map((s) => s.expiryDate)
          .sort()
          .at(-1),
      );
    }
    expect(outcomes.size).toBeGreaterThan(0);
  });

  it("gives the member's next subscription the place of the first when the first is voided", async () => {
    const member = await addMember(t, owner.token, { first_name: 'Chidi' });
    const first = await pay(t, owner, paymentBody(member.id, monthly.id, 25000));
    const other = await pay(t, owner, paymentBody(member.id, weekly.id, 8000));
    expect((await voidIt(owner, first.id)).statusCode).toBe(200);
    const subs = await subscriptionsOf(t, member.id);
    const byId = new Map(subs.map((s) => [s.id, s]));
    expect(byId.get(first.subscription.id)).toMatchObject({ isActive: false });
    expect(byId.get(other.subscription.id)).toMatchObject({ isActive: true, isFirst: true });
    // Their cover is the weekly plan's only.
    const cover = (
      await t.db.select().from(memberCover).where(eq(memberCover.memberId, member.id))
    )[0]!;
    expect(cover.paidThrough).toBe(other.subscription.expiry_date);
  });

  it('withdraws the subscriptions of the members a group plan covered', async () => {
    const group = await addGroupPlan(t, owner.token, 3, { amount: 60000 });
    const payer = await addMember(t, owner.token, { first_name: 'Payer' });
    const a = await addMember(t, owner.token, { first_name: 'Covered' });
    const b = await addMember(t, owner.token, { first_name: 'Also' });
    const paid = await pay(
      t,
      owner,
      paymentBody(payer.id, group.id, 60000, { group_member_ids: [a.id, b.id] }),
    );
    const shown = (await details(owner, paid.id)).json().data;
    expect(shown.subscriptions.map((s: { member_id: number }) => s.member_id)).toEqual([
      payer.id,
      a.id,
      b.id,
    ]);
    const res = await voidIt(owner, paid.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.subscriptions.map((s: { is_active: boolean }) => s.is_active)).toEqual([
      false,
      false,
      false,
    ]);
    for (const m of [payer, a, b]) {
      expect((await subscriptionsOf(t, m.id)).map((s) => s.isActive)).toEqual([false]);
      expect(await t.db.select().from(memberCover).where(eq(memberCover.memberId, m.id))).toEqual(
        [],
      );
      // The check-in reads no cover for them any more.
      const cover = await t.db.execute(
        sql`select kora_member_cover(${owner.businessId}, ${m.id})::text as c`,
      );
      expect((cover as unknown as { rows: { c: string }[] }).rows[0]!.c).toBe('[]');
    }
    // Each covered member's history tells their subscription was withdrawn, and why.
    for (const m of [a, b]) {
      const entries = await t.db
        .select()
        .from(auditEntries)
        .where(and(eq(auditEntries.memberId, m.id), eq(auditEntries.paymentId, paid.id)));
      expect(entries.map((e) => [e.action, e.recordKind, e.detail.reason])).toEqual([
        ['subscription.withdraw', 'subscription', 'Wrong member'],
      ]);
    }
  });
});

describe("another business's payment, and no way to delete money", () => {
  it('answers 404 "Payment not found" on every payment route, and changes nothing', async () => {
    const { paid } = await payFor(owner, 'Transfer');
    const dbBefore = await snapshot(t);
    const calls: [string, string, unknown][] = [
      ['GET', `/v1/payment/${paid.id}`, undefined],
      ['POST', `/v1/payment/${paid.id}/void`, { reason: 'Mine now' }],
      [
        'POST',
        `/v1/payment/${paid.id}/refund`,
        { amount: 100, method: 'Cash', reason: 'Mine', subscription: 'keep' },
      ],
      ['POST', `/v1/payment/${paid.id}/confirm`, undefined],
    ];
    for (const [method, url, body] of calls) {
      const res = await call(t.app, method as 'GET', url, { token: other.token, body });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().message).toBe(PAYMENT_MESSAGES.notFound);
      // A missing payment answers exactly the same.
      const missing = await call(t.app, method as 'GET', url.replace(String(paid.id), '999999'), {
        token: owner.token,
        body,
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual(res.json());
    }
    expect(await snapshot(t)).toEqual(dbBefore);
  });

  it('has no route that deletes a payment or a subscription', async () => {
    const { paid } = await payFor(owner);
    const dbBefore = await snapshot(t);
    for (const url of [
      `/v1/payment/${paid.id}`,
      `/v1/subscription/${paid.subscription.id}`,
      `/v1/payment/${paid.id}/refund`,
    ]) {
      const res = await call(t.app, 'DELETE', url, { token: owner.token });
      expect([404, 405], url).toContain(res.statusCode);
    }
    expect(await snapshot(t)).toEqual(dbBefore);
    expect((await paymentRow(paid.id)).voidedAt).toBeNull();
  });
});
