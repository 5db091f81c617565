import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { businesses, outbox } from '../../db/schema';
import { call, json } from '../../test/app';
import { storedActor, storedAuditEntries } from '../../test/audit';
import { useTestApp, useTenants } from '../../test/hooks';
import { paymentBody, postPayment } from '../../test/payments';
import { addDayPassPlan, addMember, addPlan } from '../../test/tenants';

/*
 * "Send receipts automatically": the setting (owners and admins change it, everyone reads it,
 * each change in the audit trail) and the receipt queued after each desk payment while it is
 * on: by the member's preferred channel, once, never again for a replayed payment.
 */

const t = useTestApp();
const { owner, staff, other } = useTenants(t, {
  owner: { code: 'IRON', name: 'Iron Paradise Gym' },
  staff: { role: 'staff', of: 'owner' },
  other: { code: 'FLEX' },
});

const setAutoSend = (token: string, auto_send: unknown) =>
  call(t.app, 'PUT', '/v1/business/receipt-settings', { token, body: { auto_send } });

const receiptsTo = (memberId: number) =>
  t.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.memberId, memberId), eq(outbox.ref, 'receipts:receipt')));

describe('receipt settings', () => {
  it('is off for a new business; owners turn it on and off, each change audited', async () => {
    const read = await call(t.app, 'GET', '/v1/business/receipt-settings', { token: staff.token });
    expect(json(read).data).toEqual({ auto_send: false });

    const on = await setAutoSend(owner.token, true);
    expect(on.statusCode).toBe(200);
    expect(json(on).data).toEqual({ auto_send: true });
    // Saving the same value again changes nothing and records nothing.
    await setAutoSend(owner.token, true);
    const row = (
      await t.db.select().from(businesses).where(eq(businesses.id, owner.businessId))
    )[0]!;
    expect(row.autoSendReceipts).toBe(true);
    const entries = await storedAuditEntries(t, {
      businessId: owner.businessId,
      action: 'business.settings',
    });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      ...storedActor(owner),
      recordKind: 'business',
      changes: { auto_send_receipts: { from: false, to: true } },
    });
    // The other business is untouched.
    const theirs = await call(t.app, 'GET', '/v1/business/receipt-settings', {
      token: other.token,
    });
    expect(json(theirs).data).toEqual({ auto_send: false });
    await setAutoSend(owner.token, false);
  });

  it('refuses staff (403) and anything but true or false (400), changing nothing', async () => {
    const forbidden = await setAutoSend(staff.token, true);
    expect(forbidden.statusCode).toBe(403);
    for (const bad of ['yes', 1, null]) {
      const res = await setAutoSend(owner.token, bad);
      expect(res.statusCode).toBe(400);
      expect(json(res).errors).toEqual({
        auto_send: 'Send receipts automatically must be on or off',
      });
    }
    const read = await call(t.app, 'GET', '/v1/business/receipt-settings', { token: owner.token });
    expect(json(read).data).toEqual({ auto_send: false });
  });
});

describe('receipts sent automatically', () => {
  it('queues one receipt by WhatsApp after each desk payment while on, none when off', async () => {
    const plan = await addPlan(t, owner.token, { amount: 25000 });
    const member = await addMember(t, owner.token);

    await setAutoSend(owner.token, false);
    const off = await postPayment(t, staff, paymentBody(member.id, plan.id, 25000), 'off-1');
    expect(off.statusCode).toBe(201);
    expect(await receiptsTo(member.id)).toHaveLength(0);

    await setAutoSend(owner.token, true);
    const body = paymentBody(member.id, plan.id, 25000, { method: 'Cash' });
    const first = await postPayment(t, staff, body, 'on-1');
    expect(first.statusCode).toBe(201);
    const queued = await receiptsTo(member.id);
    expect(queued).toHaveLength(1);
    // The member's preferred channel, as reminders choose it: WhatsApp to their phone.
    expect(queued[0]).toMatchObject({ channel: 'whatsapp', to: member.mobile_number });
    expect(queued[0]!.text).toContain(json(first).data.receipt_number);

    // The same payment sent again (same Idempotency-Key) sends nothing more.
    const again = await postPayment(t, staff, body, 'on-1');
    expect(json(again).data.id).toBe(json(first).data.id);
    expect(await receiptsTo(member.id)).toHaveLength(1);

    const entries = await storedAuditEntries(t, {
      paymentId: json(first).data.id,
      action: 'receipt.send',
    });
    expect(entries).toHaveLength(1);
    expect(entries[0]!.detail).toMatchObject({ channel: 'whatsapp', automatic: true });

    // A second payment gets its own receipt.
    await postPayment(t, staff, body, 'on-2');
    expect(await receiptsTo(member.id)).toHaveLength(2);
    await setAutoSend(owner.token, false);
  });

  it('sends nothing for a payment that was refused', async () => {
    const plan = await addPlan(t, owner.token, { amount: 25000 });
    const member = await addMember(t, owner.token);
    await setAutoSend(owner.token, true);
    const wrong = await postPayment(t, staff, paymentBody(member.id, plan.id, 1000));
    expect(wrong.statusCode).toBe(400);
    expect(await receiptsTo(member.id)).toHaveLength(0);
    await setAutoSend(owner.token, false);
  });

  it("sends the receipt of a day pass sold at the desk, in the sale's transaction", async () => {
    await addDayPassPlan(t, owner.token);
    await setAutoSend(owner.token, true);
    const sold = await call(t.app, 'POST', '/v1/day-pass', {
      token: staff.token,
      body: {
        first_name: 'Emeka',
        last_name: 'Obi',
        mobile_number: '08094449876',
        method: 'Cash',
        check_in: false,
      },
      headers: { 'idempotency-key': 'day-pass-1' },
    });
    expect(sold.statusCode).toBe(201);
    const memberId = json(sold).data.payment.member_id;
    const queued = await receiptsTo(memberId);
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ channel: 'whatsapp', to: '+2348094449876' });
    await setAutoSend(owner.token, false);
  });
});
