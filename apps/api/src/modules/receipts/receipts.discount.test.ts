import { describe, expect, it } from 'vitest';
import { call, json, lastMessageTo } from '../../test/app';
import { useFixedClock, useTenants, useTestApp } from '../../test/hooks';
import { pay, paymentBody } from '../../test/payments';
import { addMember, addPlan } from '../../test/tenants';
import { pdfText } from './receipts.fixtures';

/*
 * A discounted payment's receipt shows the price, the discount and its reason; one an owner
 * dated earlier says the day it was paid. The page, the PDF and the message all say so.
 */
useFixedClock(new Date('2026-11-27T07:42:00+01:00'));
const t = useTestApp();
const { owner, other } = useTenants(t, { owner: { code: 'RDS' }, other: { code: 'RDO' } });

describe('the receipt of a discounted payment dated earlier', () => {
  it('shows the price, the discount with its reason and the day paid, everywhere', async () => {
    const plan = await addPlan(t, owner.token, { name: 'Monthly', amount: 25000 });
    const member = await addMember(t, owner.token, { first_name: 'Chioma' });
    const paid = await pay(
      t,
      owner,
      paymentBody(member.id, plan.id, 25000, {
        method: 'Transfer',
        discount: { type: 'percent', value: 10, reason: 'Student' },
        paid_on: '2026-11-20',
      }),
    );
    const receipt = await call(t.app, 'GET', `/v1/payment/${paid.id}/receipt`, {
      token: owner.token,
    });
    expect(json(receipt).data).toMatchObject({
      amount: 22500,
      paid_on: '2026-11-20',
      paid_on_source: 'entered',
      discount: { amount: 2500, percent: 10, reason: 'Student' },
    });

    const url: string = json(receipt).data.receipt_url;
    const page = await call(t.app, 'GET', new URL(url).pathname);
    expect(page.statusCode).toBe(200);
    for (const text of ['Price', '₦25,000', 'Discount (10%)', '−₦2,500 · Student', 'Paid on'])
      expect(page.body).toContain(text);
    expect(page.body).toContain('20 Nov 2026');

    const pdf = await call(t.app, 'GET', `/v1/payment/${paid.id}/receipt.pdf`, {
      token: owner.token,
    });
    const lines = pdfText(pdf.rawPayload).join('\n');
    expect(lines).toContain('Discount (10%)');
    expect(lines).toContain('Paid on');

    const sent = await call(t.app, 'POST', `/v1/payment/${paid.id}/receipt/send`, {
      token: owner.token,
      body: { channel: 'sms' },
    });
    expect(sent.statusCode).toBe(200);
    const message = await lastMessageTo(t.db, json(sent).data.to);
    expect(message!.text).toContain(
      'thank you for your payment of ₦22,500 (after a ₦2,500 discount), paid on 20 Nov 2026',
    );

    // Another business's payment answers as a missing one.
    const theirs = await call(t.app, 'GET', `/v1/payment/${paid.id}/receipt`, {
      token: other.token,
    });
    expect(theirs.statusCode).toBe(404);
  });
});
