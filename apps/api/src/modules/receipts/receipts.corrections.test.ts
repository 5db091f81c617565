import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { formatDay, lagosDay } from '@kora/shared';
import { outbox, payments } from '../../db/schema';
import { call, json } from '../../test/app';
import { useTestApp, useTenants } from '../../test/hooks';
import { pay, paymentBody } from '../../test/payments';
import { addMember, addPlan } from '../../test/tenants';
import { pdfText } from './receipts.fixtures';

/*
 * A receipt after a correction: a voided payment's receipt (page, PDF on both papers, message)
 * says when it was voided and that it was cancelled, never thanks; a refunded one shows each
 * refund and what the gym kept.
 */

const t = useTestApp();
const { owner, other } = useTenants(t, {
  owner: { code: 'IRON', name: 'Iron Paradise Gym' },
  other: { code: 'FLEX', name: 'Flex Gym' },
});

const today = formatDay(lagosDay());

const paid = async () => {
  const plan = await addPlan(t, owner.token, { name: 'Monthly', amount: 25000 });
  const member = await addMember(t, owner.token, {
    first_name: 'Ngozi',
    last_name: 'Obi',
    mobile_number: '08031234567',
  });
  const payment = await pay(t, owner, paymentBody(member.id, plan.id, 25000, { method: 'Cash' }));
  const row = (await t.db.select().from(payments).where(eq(payments.id, payment.id)))[0]!;
  return { payment, token: row.receiptToken };
};

const post = (url: string, body: unknown, token = owner.token) =>
  call(t.app, 'POST', url, { token, body });
const refund = (id: number, amount: number, method = 'Cash') =>
  post(`/v1/payment/${id}/refund`, { amount, method, reason: 'Moved away', subscription: 'keep' });

const words = (pieces: string[]) => pieces.join(' ').replace(/\s+/g, ' ');

/** Everything a member can see of the receipt: its page, both PDFs, the message sent. */
const everything = async (id: number, token: string) => {
  const page = (await t.app.inject({ method: 'GET', url: `/r/${token}` })).body;
  const pdfs: string[] = [];
  for (const size of ['a4', '80mm']) {
    const pub = await t.app.inject({ method: 'GET', url: `/r/${token}.pdf?size=${size}` });
    // Pieces drawn on lines of their own (a wrapped line) read as one text.
    pdfs.push(words(pdfText(pub.rawPayload)));
    const desk = await call(t.app, 'GET', `/v1/payment/${id}/receipt.pdf?size=${size}`, {
      token: owner.token,
    });
    pdfs.push(words(pdfText(desk.rawPayload)));
  }
  expect((await post(`/v1/payment/${id}/receipt/send`, { channel: 'whatsapp' })).statusCode).toBe(
    200,
  );
  const sent = await t.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.ref, 'receipts:receipt'), eq(outbox.memberId, await memberOf(id))));
  return { page, pdfs, message: sent.at(-1)!.text };
};
const memberOf = async (id: number) =>
  (await t.db.select().from(payments).where(eq(payments.id, id)))[0]!.memberId;

describe('the receipt of a voided payment', () => {
  it('says "Voided on …, this payment was cancelled" everywhere, and no thanks', async () => {
    const { payment, token } = await paid();
    const before = await everything(payment.id, token);
    expect(before.page).toContain('Thank you for your payment to Iron Paradise Gym.');
    expect(before.message).toContain('thank you for your payment of ₦25,000');
    const voided = await post(`/v1/payment/${payment.id}/void`, { reason: 'Wrong member' });
    expect(voided.statusCode, voided.body).toBe(200);
    const after = await everything(payment.id, token);
    const line = `Voided on ${today} — this payment was cancelled.`;
    for (const text of [after.page, ...after.pdfs, after.message]) {
      expect(text).toContain(`Voided on ${today} — this payment was cancelled`);
      expect(text.toLowerCase()).not.toContain('thank you');
    }
    expect(after.page).toContain(line);
    expect(after.pdfs.join('\n')).toContain('VOIDED');
    expect(after.message).toContain(payment.receipt_number);
    // The staff's reason is theirs: never on what the member sees.
    expect(after.page).not.toContain('Wrong member');
    const data = json(
      await call(t.app, 'GET', `/v1/payment/${payment.id}/receipt`, { token: owner.token }),
    ).data;
    expect(data).toMatchObject({ voided: true, voided_on: lagosDay() });
  });
});

describe('the receipt of a refunded payment', () => {
  it('shows each refund and what was kept (page, PDFs, message)', async () => {
    const { payment, token } = await paid();
    expect((await refund(payment.id, 5000)).statusCode).toBe(201);
    expect((await refund(payment.id, 2500.25, 'Transfer')).statusCode).toBe(201);
    const r = await everything(payment.id, token);
    for (const text of [r.page, ...r.pdfs]) {
      expect(text).toContain(`Refunded on ${today} (Cash)`);
      expect(text).toContain('₦5,000');
      expect(text).toContain(`Refunded on ${today} (Transfer)`);
      expect(text).toContain('₦2,500.25');
      expect(text).toContain('Kept');
      expect(text).toContain('₦17,499.75');
      expect(text).toContain('REFUNDED ₦7,500.25');
    }
    expect(r.message).toContain('₦7,500.25 of it was refunded to you');
    expect(r.message).toContain('Iron Paradise Gym kept ₦17,499.75');
    const data = json(
      await call(t.app, 'GET', `/v1/payment/${payment.id}/receipt`, { token: owner.token }),
    ).data;
    expect(data).toMatchObject({
      refunded: 7500.25,
      kept: 17499.75,
      refunds: [
        { amount: 5000, refunded_on: lagosDay(), method: 'Cash' },
        { amount: 2500.25, refunded_on: lagosDay(), method: 'Transfer' },
      ],
    });
    // Another business's payment stays a missing one.
    const theirs = await call(t.app, 'GET', `/v1/payment/${payment.id}/receipt`, {
      token: other.token,
    });
    expect(theirs.statusCode).toBe(404);
  });

  it('says a payment refunded in full was refunded in full, nothing kept', async () => {
    const { payment, token } = await paid();
    expect((await refund(payment.id, 25000)).statusCode).toBe(201);
    const r = await everything(payment.id, token);
    for (const text of [r.page, ...r.pdfs]) {
      expect(text).toContain('Kept');
      expect(text).toContain('₦0');
      expect(text).toContain('This payment was refunded in full.');
      expect(text).not.toContain('Thank you');
    }
    expect(r.message).toContain('was refunded in full (₦25,000); nothing was kept');
  });
});
