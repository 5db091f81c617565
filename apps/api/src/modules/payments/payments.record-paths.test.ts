import { describe, expect, it } from 'vitest';
import { useTestApp, useTenants } from '../../test/hooks';
import { addMember, addPlan } from '../../test/tenants';
import { recordPayment, type PaymentToRecord } from './payments.repository';

/*
 * A desk payment runs `record_payment` as a prepared statement compiled once (on the database
 * itself); inside a caller's transaction (a day pass) the same call goes through Drizzle. Both
 * must read the function's answer the same way: every field, its type and its value.
 */

const t = useTestApp();
const { owner } = useTenants(t, { owner: {} });

/** The same answer with what differs between two payments (ids, keys, moments) set apart. */
const comparable = (outcome: Awaited<ReturnType<typeof recordPayment>>) => {
  if (outcome.status !== 'recorded') throw new Error(`not recorded: ${outcome.status}`);
  const { payment, subscription, member, plan, recordedByName } = outcome.recorded;
  const kinds = (o: object) =>
    Object.fromEntries(
      Object.entries(o).map(([k, v]) => [
        k,
        v instanceof Date ? 'Date' : v === null ? 'null' : typeof v,
      ]),
    );
  return {
    kinds: [kinds(payment), kinds(subscription), kinds(member), kinds(plan)],
    values: {
      payment: {
        ...payment,
        id: 'id',
        memberId: 'member',
        idempotencyKey: 'key',
        receiptSeq: 'seq',
        receiptNumber: 'number',
        receiptToken: 'token',
        createdAt: 'moment',
      },
      subscription: {
        ...subscription,
        id: 'id',
        memberId: 'member',
        paymentId: 'id',
        createdAt: 'moment',
      },
      member: {
        ...member,
        id: 'member',
        firstName: 'first',
        lastName: 'last',
        emailAddress: 'email',
      },
      plan,
      recordedByName,
    },
  };
};

describe('record_payment read from a prepared statement and through Drizzle', () => {
  it('answers the same payment, subscription, member and plan, field for field', async () => {
    const plan = await addPlan(t, owner.token, { amount: 12500.5 });
    const [a, b] = [await addMember(t, owner.token), await addMember(t, owner.token)];
    const payment = (memberId: number, key: string): PaymentToRecord => ({
      businessId: owner.businessId,
      memberId,
      planId: plan.id,
      duration: 2,
      amountKobo: 2_500_100,
      method: 'Transfer',
      purpose: 'Membership',
      idempotencyKey: key,
      recordedBy: owner.userId,
      today: '2026-11-30',
      recordedAt: new Date('2026-11-30T08:15:30.250Z'),
      groupMemberIds: [],
      actorKind: 'user',
      discount: undefined,
    });
    const prepared = await recordPayment(t.db, payment(a.id, 'paths-prepared'));
    const drizzle = await t.db.transaction((tx) =>
      recordPayment(tx, payment(b.id, 'paths-drizzle')),
    );
    expect(comparable(prepared)).toEqual(comparable(drizzle));
    if (prepared.status !== 'recorded') return;
    const { payment: paid, subscription } = prepared.recorded;
    expect(paid.amountKobo).toBe(2_500_100);
    expect(paid.recordedAt).toEqual(new Date('2026-11-30T08:15:30.250Z'));
    expect(paid.paidOn).toBe('2026-11-30');
    expect(paid.createdAt).toBeInstanceOf(Date);
    expect(subscription.startDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(subscription.amountKobo).toBe(2_500_100);
  });
});
