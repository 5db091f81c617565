import { COVER_MESSAGES } from '@kora/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentLinks, payments } from '../../db/schema';
import { call, expectFieldErrors, json } from '../../test/app';
import { memberTokenFor } from '../../test/portal';
import { addMember, addPlan } from '../../test/tenants';
import { paymentBody, postPayment } from '../../test/payments';
import { connectPaystack, createLink, KEY_A, useOnlineGyms } from './online.fixtures';

/*
 * Paid online, a payment covers at most 10 years too: a payment link or the members' page
 * refuses more before the member is asked for money; a transfer that would cover more is held
 * for staff, who cannot assign it to more either.
 */

const { t, paystack, owner, staff } = useOnlineGyms({ owner: 'OCOV', other: 'OCOO' });

const initializations = () =>
  paystack.received.filter((r) => r.path === '/transaction/initialize').length;

const annualPlan = () =>
  addPlan(t, owner.token, {
    name: 'Annual',
    amount: 1000,
    duration_type: 'year',
    available_online: true,
  });

describe('paying online for more than 10 years', () => {
  it('a payment link of 11 years is refused before Paystack is asked; 10 years is made', async () => {
    await connectPaystack(t, paystack, owner, KEY_A);
    const member = await addMember(t, owner.token);
    const annual = await annualPlan();
    const before = initializations();
    const refused = await createLink(t, staff, member.id, {
      subscription_type_id: annual.id,
      duration: 11,
    });
    expectFieldErrors(refused, { duration: COVER_MESSAGES.payment });
    expect(initializations()).toBe(before);
    expect(
      await t.db.select().from(paymentLinks).where(eq(paymentLinks.memberId, member.id)),
    ).toEqual([]);
    const made = await createLink(t, staff, member.id, {
      subscription_type_id: annual.id,
      duration: 10,
    });
    expect(made.statusCode, made.body).toBe(201);
  });

  it("the members' page refuses 11 periods of a yearly plan, in the API and in the page's form", async () => {
    const member = await addMember(t, owner.token);
    const annual = await annualPlan();
    const token = await memberTokenFor(t, owner.businessId, member.id);
    const before = initializations();
    const res = await call(t.app, 'POST', `/v1/portal/${owner.code}/pay`, {
      token,
      body: { subscription_type_id: annual.id, duration: 11 },
    });
    expectFieldErrors(res, { duration: COVER_MESSAGES.payment });
    const page = await t.app.inject({
      method: 'POST',
      url: `/m/${owner.code}/renew`,
      cookies: { [`kora_member_${owner.code.toLowerCase()}`]: token },
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: t.config.appUrl,
      },
      payload: new URLSearchParams({
        subscription_type_id: String(annual.id),
        duration: '11',
      }).toString(),
    });
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain(COVER_MESSAGES.payment);
    expect(initializations()).toBe(before);
  });

  it('holds a transfer that would cover more than 10 years; staff cannot assign it to more either', async () => {
    const member = await addMember(t, owner.token);
    const annual = await annualPlan();
    const monthly = await addPlan(t, owner.token, { name: 'Monthly', amount: 1000 });
    await postPayment(t, staff, paymentBody(member.id, annual.id, 1000));
    await call(t.app, 'PATCH', '/v1/business/paystack', {
      token: owner.token,
      body: { transfer_accounts: true },
    });
    const account = json(
      await call(t.app, 'POST', `/v1/member/${member.id}/transfer-account`, {
        token: staff.token,
      }),
    ).data;
    // ₦11,000: 11 periods of the member's yearly plan.
    const tx = await paystack.transferTo(account.account_number, 1_100_000);
    const held = (
      json(await call(t.app, 'GET', '/v1/held-payment?state=held', { token: staff.token }))
        .data as { id: number; reference: string; reason: string }[]
    ).find((h) => h.reference === tx.reference)!;
    expect(held.reason).toBe(
      '₦11,000 would cover Annual for more than 10 years: assign it to another plan or refund it.',
    );
    const assign = (body: Record<string, unknown>) =>
      call(t.app, 'POST', `/v1/held-payment/${held.id}/assign`, { token: staff.token, body });
    expectFieldErrors(await assign({ subscription_type_id: annual.id, duration: 11 }), {
      duration: COVER_MESSAGES.payment,
    });
    const paid = () => t.db.select().from(payments).where(eq(payments.memberId, member.id));
    expect(await paid()).toHaveLength(1);
    // 11 months of the monthly plan cost the same: assigned.
    expect((await assign({ subscription_type_id: monthly.id, duration: 11 })).statusCode).toBe(200);
    expect(await paid()).toHaveLength(2);
  });
});
