import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEntries, payments } from '../../db/schema';
import { call, json } from '../../test/app';
import { useTenants, useTestApp } from '../../test/hooks';
import { LOOPBACK_PAYSTACK_KEYS } from '../../test/loopback-paystack';
import {
  addHeldPayment,
  addPaymentLink,
  addTransferAccount,
  connectPaystack,
  useLoopbackPaystack,
} from '../../test/online';
import { pay, paymentBody } from '../../test/payments';
import { addMember, addPlan } from '../../test/tenants';

/*
 * Payments received through Paystack are recorded by the same record_payment as desk payments,
 * each with its audit entry naming who acted: the member (a payment link they paid), Paystack
 * (a transfer into the member's account) or the team user who assigned a held payment. None of
 * them waits for a transfer confirmation: Paystack's verify call confirmed them.
 */

const { paystack, config } = useLoopbackPaystack();
const t = useTestApp(config);
const { owner, staff } = useTenants(t, {
  owner: { code: 'ONLA', name: 'Online Gym' },
  staff: { role: 'staff', of: 'owner' },
});
const [KEY] = LOOPBACK_PAYSTACK_KEYS;

const paymentsOf = (memberId: number) =>
  t.db.select().from(payments).where(eq(payments.memberId, memberId)).orderBy(asc(payments.id));

const entryOf = async (paymentId: number) =>
  t.db
    .select()
    .from(auditEntries)
    .where(and(eq(auditEntries.paymentId, paymentId), eq(auditEntries.action, 'payment.record')));

describe('payments received online', () => {
  it('name the member, Paystack or the assigning user as the actor, and are confirmed', async () => {
    await connectPaystack(t, paystack, owner.token, KEY!);
    const plan = await addPlan(t, owner.token, { name: 'Monthly', amount: 25000 });

    // A payment link the member paid by bank transfer.
    const ada = await addMember(t, owner.token, { first_name: 'Ada', last_name: 'Obi' });
    const link = await addPaymentLink(t, owner.token, { member: ada.id, plan: plan.id });
    await paystack.pay(link.reference, { secretKey: KEY, channel: 'bank_transfer' });
    const [viaLink] = await paymentsOf(ada.id);
    expect(viaLink).toMatchObject({ method: 'Transfer', recordedBy: null });
    expect(viaLink!.confirmedAt).not.toBeNull();
    expect(await entryOf(viaLink!.id)).toMatchObject([
      { actorKind: 'member', actorUserId: null, actorName: null, actorRole: null },
    ]);

    // A transfer into the member's own account renews the plan they paid at the desk.
    const bola = await addMember(t, owner.token, { first_name: 'Bola', last_name: 'Ade' });
    await pay(t, staff, paymentBody(bola.id, plan.id, 25000, { method: 'Cash' }));
    const account = await addTransferAccount(t, owner.token, bola.id);
    await paystack.transferTo(account.account_number, 2_500_000);
    const [, intoAccount] = await paymentsOf(bola.id);
    expect(intoAccount).toMatchObject({ method: 'Transfer', recordedBy: null });
    expect(intoAccount!.confirmedAt).not.toBeNull();
    expect(await entryOf(intoAccount!.id)).toMatchObject([
      { actorKind: 'paystack', actorUserId: null, actorName: null },
    ]);

    // A held payment staff assigned: they acted, yet Paystack's verify confirmed the money.
    const kemi = await addMember(t, owner.token, { first_name: 'Kemi', last_name: 'Bello' });
    const held = await addHeldPayment(t, paystack, owner.token, {
      member: kemi.id,
      plan: plan.id,
      secretKey: KEY!,
      periods: 2,
    });
    const assigned = await call(t.app, 'POST', `/v1/held-payment/${held.id}/assign`, {
      token: staff.token,
      body: { subscription_type_id: plan.id, duration: 2 },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const [byStaff] = await paymentsOf(kemi.id);
    expect(byStaff).toMatchObject({ recordedBy: staff.userId });
    expect(byStaff!.confirmedAt).not.toBeNull();
    expect(await entryOf(byStaff!.id)).toMatchObject([
      { actorKind: 'user', actorUserId: staff.userId, actorName: 'Ada Okafor', actorRole: 'staff' },
    ]);

    // The list says who recorded each, and that none waits for confirmation.
    const listed = json(await call(t.app, 'GET', '/v1/payment', { token: owner.token })).data;
    const byId = new Map(listed.map((p: { id: number }) => [p.id, p]));
    expect(byId.get(viaLink!.id)).toMatchObject({ recorded_by_name: null, confirmed: true });
    expect(byId.get(intoAccount!.id)).toMatchObject({ recorded_by_name: null, confirmed: true });
    expect(byId.get(byStaff!.id)).toMatchObject({
      recorded_by_name: 'Ada Okafor',
      confirmed: true,
      needs_confirmation: false,
    });
  });
});
