import { paymentContracts } from '@kora/shared';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../db/schema';
import { answerSerializerCompiler } from '../../lib/contract-route';
import { call } from '../../test/app';
import { useTenants, useTestApp } from '../../test/hooks';
import { pay, paymentBody } from '../../test/payments';
import { addMember, addPlan } from '../../test/tenants';
import { coveredMembersOf } from '../subscriptions';
import { toPayment } from './payments.mapper';
import { findPaymentRow } from './payments.repository';

/*
 * The payments list's page is written as JSON by PostgreSQL (payments.list-json.ts). It must be,
 * byte for byte, what each payment's row mapped by toPayment and written by the answer's
 * serializer gives: the same keys in the same order, the same escapes, moments, days and naira.
 */

const t = useTestApp();
const { owner, other } = useTenants(t, { owner: { code: 'PJSN' }, other: { code: 'PJOT' } });

const serialize = answerSerializerCompiler({
  schema: paymentContracts.list.answer,
} as never) as (answer: unknown) => string;

/** What the list answered before: each payment read by its id, mapped and serialised. */
const expectedPage = async (
  businessId: number,
  ids: number[],
  meta: { total: number; pages: number },
): Promise<string> => {
  const data = [];
  for (const id of ids) {
    const row = (await findPaymentRow(t.db, businessId, id))!;
    const group = row.plan.isGrouped && row.subscription ? row.subscription.id : null;
    const covered = await coveredMembersOf(t.db, businessId, group ? [group] : []);
    data.push(toPayment(row, group ? covered.get(group) : undefined));
  }
  return serialize({
    message: 'Payments loaded.',
    data,
    meta,
    total: meta.total,
    pages: meta.pages,
  });
};

const list = (query: string, token = owner.token) =>
  call(t.app, 'GET', `/v1/payment?${query}`, { token });

describe('the payments list written by PostgreSQL', () => {
  beforeAll(async () => {
    const plan = await addPlan(t, owner.token, { name: 'Half "Month" \\ ₦', amount: 2500.5 });
    const couple = await addPlan(t, owner.token, {
      name: 'Couple',
      amount: 40000,
      is_grouped: 1,
      group_limit: 3,
    });
    const odd = await addMember(t, owner.token, {
      first_name: 'Ọlá',
      last_name: "O'Neil",
      email_address: 'ola@example.com',
    });
    const plain = await addMember(t, owner.token, { first_name: 'Plain', last_name: 'Payer' });
    const partner = await addMember(t, owner.token, { first_name: 'Zoë', last_name: 'Partner' });
    const third = await addMember(t, owner.token, { first_name: 'Third', last_name: 'One' });
    const theirs = await addMember(t, other.token, { first_name: 'Other', last_name: 'Gym' });
    const theirPlan = await addPlan(t, other.token);

    // A desk transfer waiting to be ticked, with a naira discount.
    const transfer = await pay(
      t,
      owner,
      paymentBody(odd.id, plan.id, 2500.5, {
        discount: { type: 'naira', value: 500, reason: 'Loyal "member" \\ ₦' },
      }),
    );
    // Cash with a percent discount, then refunded in part.
    const cash = await pay(
      t,
      owner,
      paymentBody(plain.id, plan.id, 2500.5, {
        method: 'Cash',
        discount: { type: 'percent', value: 12.5, reason: 'Student' },
      }),
    );
    // A group plan covering two other members.
    await pay(
      t,
      owner,
      paymentBody(plain.id, couple.id, 40000, {
        method: 'Card',
        group_member_ids: [partner.id, third.id],
      }),
    );
    // Voided, with a reason full of odd characters.
    const voided = await pay(t, owner, paymentBody(partner.id, plan.id, 2500.5));
    await pay(t, other, paymentBody(theirs.id, theirPlan.id, 25000));

    const refund = await call(t.app, 'POST', `/v1/payment/${cash.id}/refund`, {
      token: owner.token,
      body: { amount: 100.25, method: 'Cash', reason: 'Left early', subscription: 'keep' },
    });
    expect(refund.statusCode, refund.body).toBe(201);
    const voiding = await call(t.app, 'POST', `/v1/payment/${voided.id}/void`, {
      token: owner.token,
      body: { reason: 'Wrong member' },
    });
    expect(voiding.statusCode, voiding.body).toBe(200);
    // Values the API's own checks would clean, written straight into the rows, and a payment
    // made online (nobody recorded it).
    await t.db
      .update(payments)
      .set({
        voidReason: 'Q"uo\\te \t\n\r\u0001\u001f\u007f\u2028\u2029 😀 </script>',
        createdAt: sql`created_at + interval '0.000999 s'`,
      })
      .where(eq(payments.id, voided.id));
    await t.db.update(payments).set({ recordedBy: null }).where(eq(payments.id, transfer.id));
  });

  it('answers every page and filter byte for byte as the rows mapped and serialised would', async () => {
    const queries = [
      'page=1&per_page=10',
      'page=1&per_page=2',
      'page=2&per_page=2',
      'page=1&per_page=3',
      'page=9&per_page=10',
      'page=1&per_page=10&status=voided',
      'page=1&per_page=10&status=valid',
      'page=1&per_page=10&status=refunded',
      'page=1&per_page=10&status=unconfirmed',
      'page=1&per_page=10&method=Cash',
      'page=1&per_page=10&start_date=2020-01-01&end_date=2099-12-31',
    ];
    for (const query of queries) {
      const res = await list(query);
      expect(res.statusCode, query).toBe(200);
      const answer = res.json();
      const ids = answer.data.map((p: { id: number }) => p.id);
      const expected = await expectedPage(owner.businessId, ids, answer.meta);
      expect(res.body, query).toBe(expected);
    }
    // Every kind of value was on a page.
    const all = (await list('page=1&per_page=10')).json();
    expect(all.total).toBe(4);
    const [voided, group, cash, transfer] = all.data;
    expect(voided).toMatchObject({ voided: true, needs_confirmation: false });
    expect(voided.void_reason).toContain('\u2028');
    expect(group.covered_members.map((m: { first_name: string }) => m.first_name)).toEqual([
      'Zoë',
      'Third',
    ]);
    expect(cash).toMatchObject({ refunded: 100.25, discount: { percent: 12.5 } });
    expect(transfer).toMatchObject({
      amount: 2000.5,
      recorded_by_name: null,
      needs_confirmation: true,
      discount: { amount: 500, percent: null },
    });
  });

  it('never shows another business its payments', async () => {
    const theirs = (await list('page=1&per_page=10', other.token)).json();
    expect(theirs.data.map((p: { member: { first_name: string } }) => p.member.first_name)).toEqual(
      ['Other'],
    );
    expect(theirs.total).toBe(1);
  });
});
