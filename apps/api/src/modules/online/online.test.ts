import { addDays, addMonths, lagosDay, ONLINE_MESSAGES } from '@kora/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  outbox,
  paymentLinks,
  payments,
  paystackAccounts,
  paystackCharges,
  subscriptions,
} from '../../db/schema';
import { call, expectFieldErrors, json } from '../../test/app';
import { addGroupPlan, addMember, addPlan } from '../../test/tenants';
import {
  connectPaystack,
  createLink,
  expectGroupCover,
  KEY_A,
  KEY_B,
  useOnlineGyms,
} from './online.fixtures';
import { reconcileLinks } from './online.job';

const { t, paystack, owner, staff, other } = useOnlineGyms({ owner: 'ONL', other: 'OTH' });

/** Paystack's webhook call: `payload` at `url`, carrying `signature`. */
const postHook = (url: string, signature: string, payload: string) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
    payload,
  });

const paymentsOf = (memberId: number) =>
  t.db.select().from(payments).where(eq(payments.memberId, memberId));
const subscriptionsOf = (memberId: number) =>
  t.db.select().from(subscriptions).where(eq(subscriptions.memberId, memberId));
const linkRow = async (reference: string) =>
  (await t.db.select().from(paymentLinks).where(eq(paymentLinks.reference, reference)))[0]!;

describe('connecting Paystack', () => {
  it('starts disconnected, with nothing online offered', async () => {
    const res = await call(t.app, 'GET', '/v1/business/paystack', { token: other.token });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({
      connected: false,
      key_last4: null,
      webhook_url: null,
      held_payments: 0,
    });
    const member = await addMember(t, other.token);
    const plan = await addPlan(t, other.token);
    const link = await createLink(t, other, member.id, { subscription_type_id: plan.id });
    expect(link.statusCode).toBe(409);
    expect(json(link)).toMatchObject({
      message: ONLINE_MESSAGES.notConnected,
      code: 'PAYSTACK_NOT_CONNECTED',
    });
  });

  it('refuses a key Paystack does not accept, and a malformed one, keeping nothing', async () => {
    const refused = await call(t.app, 'PUT', '/v1/business/paystack', {
      token: other.token,
      body: { secret_key: 'sk_test_notakeypaystackknows000000' },
    });
    expectFieldErrors(refused, { secret_key: ONLINE_MESSAGES.keyRefused });
    const malformed = await call(t.app, 'PUT', '/v1/business/paystack', {
      token: other.token,
      body: { secret_key: 'pk_test_public\u0000key' },
    });
    expectFieldErrors(malformed, { secret_key: ONLINE_MESSAGES.secretKey });
    expect(await t.db.select().from(paystackAccounts)).toHaveLength(0);
  });

  it('keeps the key sealed, answers only its last four characters and the webhook URL', async () => {
    const staffTry = await call(t.app, 'PUT', '/v1/business/paystack', {
      token: staff.token,
      body: { secret_key: KEY_A },
    });
    expect(staffTry.statusCode).toBe(403);
    await connectPaystack(t, paystack, owner, KEY_A);
    const res = await call(t.app, 'GET', '/v1/business/paystack', { token: staff.token });
    const data = json(res).data;
    expect(data).toMatchObject({ connected: true, mode: 'test', key_last4: KEY_A.slice(-4) });
    expect(data.webhook_url).toMatch(/^http:\/\/kora\.test\/v1\/paystack\/webhook\/[0-9a-f]{48}$/);
    expect(res.body).not.toContain(KEY_A);
    const row = (await t.db.select().from(paystackAccounts))[0]!;
    expect(row.secretKeyEnc).not.toContain(KEY_A.slice(8));
  });
});

describe('payment links', () => {
  it('creates a link for the server-computed amount and sends it by WhatsApp', async () => {
    const member = await addMember(t, owner.token, { first_name: 'Ngozi' });
    const plan = await addPlan(t, owner.token, { name: 'Quarterly', amount: 60000, duration: 3 });
    const res = await createLink(
      t,
      staff,
      member.id,
      { subscription_type_id: plan.id, duration: 2, channel: 'whatsapp', amount: 1 },
      { 'idempotency-key': 'link-twice' },
    );
    expect(res.statusCode).toBe(201);
    const link = json(res).data;
    expect(link).toMatchObject({
      amount: 120000,
      duration: 2,
      state: 'sent',
      channel: 'whatsapp',
      sent_to: member.mobile_number,
      subscription_type: { id: plan.id, name: 'Quarterly' },
    });
    expect(link.url).toBe(`http://kora.test/pay/${link.reference}`);
    // Paystack was asked for exactly that amount in kobo, with our reference and callback.
    const init = paystack.received.find((r) => r.path === '/transaction/initialize')!;
    expect(init.key).toBe(KEY_A);
    expect(init.body).toMatchObject({
      amount: 12_000_000,
      reference: link.reference,
      callback_url: link.url,
      currency: 'NGN',
    });
    const sent = await t.db.select().from(outbox).where(eq(outbox.ref, 'online:link'));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ channel: 'whatsapp', to: member.mobile_number });
    expect(sent[0]!.text).toContain(link.url);
    expect(sent[0]!.text).toContain('Ngozi');

    // A double click: the same link, nothing sent again.
    const again = await createLink(
      t,
      staff,
      member.id,
      { subscription_type_id: plan.id, duration: 2, channel: 'whatsapp' },
      { 'idempotency-key': 'link-twice' },
    );
    expect(json(again).data.reference).toBe(link.reference);
    expect(await t.db.select().from(outbox).where(eq(outbox.ref, 'online:link'))).toHaveLength(1);
  });

  it('a member without an e-mail gets a link by SMS; Paystack is given a stable address of Kora', async () => {
    const member = await addMember(t, owner.token, {
      first_name: 'Musa',
      email_address: undefined,
    });
    expect(member.email_address).toBeNull();
    const plan = await addPlan(t, owner.token, { name: 'Phone Only Monthly', amount: 15000 });
    const byEmail = await createLink(t, staff, member.id, {
      subscription_type_id: plan.id,
      duration: 1,
      channel: 'email',
    });
    expectFieldErrors(byEmail, { channel: ONLINE_MESSAGES.noEmail });
    const res = await createLink(t, staff, member.id, {
      subscription_type_id: plan.id,
      duration: 1,
      channel: 'sms',
    });
    expect(res.statusCode, res.body).toBe(201);
    const init = paystack.received.findLast((r) => r.path === '/transaction/initialize')!;
    expect(init.body).toMatchObject({
      reference: json(res).data.reference,
      email: `member-${owner.businessId}-${member.id}@members.kora.ng`,
    });
  });

  it("refuses another business's member (404) and plan (400), and a deactivated member", async () => {
    const mine = await addMember(t, owner.token);
    const plan = await addPlan(t, owner.token);
    const theirs = await addMember(t, other.token);
    const theirPlan = await addPlan(t, other.token);
    expect(
      (await createLink(t, owner, theirs.id, { subscription_type_id: plan.id })).statusCode,
    ).toBe(404);
    expectFieldErrors(await createLink(t, owner, mine.id, { subscription_type_id: theirPlan.id }), {
      subscription_type_id: 'Subscription plan not found.',
    });
    const gone = await addMember(t, owner.token);
    await call(t.app, 'PATCH', `/v1/member/${gone.id}`, {
      token: owner.token,
      body: { is_active: false },
    });
    const refused = await createLink(t, owner, gone.id, { subscription_type_id: plan.id });
    expect(refused.statusCode).toBe(400);
    expect(json(refused).message).toBe(
      'This member is deactivated. Reactivate them before recording a payment.',
    );
  });

  it('lists and cancels links; another business sees neither', async () => {
    const member = await addMember(t, owner.token);
    const plan = await addPlan(t, owner.token);
    const link = json(
      await createLink(t, owner, member.id, { subscription_type_id: plan.id }),
    ).data;
    const list = await call(t.app, 'GET', `/v1/member/${member.id}/payment-link`, {
      token: staff.token,
    });
    expect(json(list).data.map((l: { id: number }) => l.id)).toEqual([link.id]);
    expect(json(list).meta.total).toBe(1);
    expect(
      (await call(t.app, 'GET', `/v1/member/${member.id}/payment-link`, { token: other.token }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(t.app, 'POST', `/v1/payment-link/${link.id}/cancel`, { token: other.token }))
        .statusCode,
    ).toBe(404);
    const cancelled = await call(t.app, 'POST', `/v1/payment-link/${link.id}/cancel`, {
      token: staff.token,
    });
    expect(json(cancelled).data.state).toBe('cancelled');
    const twice = await call(t.app, 'POST', `/v1/payment-link/${link.id}/cancel`, {
      token: staff.token,
    });
    expect(twice.statusCode).toBe(400);
    expect(json(twice).message).toBe(ONLINE_MESSAGES.linkNotCancellable);
    const page = await call(t.app, 'GET', `/v1/pay/${link.reference}`);
    expect(json(page).data).toMatchObject({ state: 'cancelled', pay_url: null });
  });
});

describe('the webhook', () => {
  const setup = async () => {
    const member = await addMember(t, owner.token, { first_name: 'Tunde' });
    const plan = await addPlan(t, owner.token, { name: 'Monthly', amount: 25000 });
    const link = json(
      await createLink(t, owner, member.id, { subscription_type_id: plan.id, channel: 'sms' }),
    ).data;
    return { member, plan, link };
  };
  const chargeSuccess = (reference: string) => ({
    event: 'charge.success',
    data: paystack.transaction(reference, KEY_A),
  });

  it('records the payment and its subscription once, however often it is delivered', async () => {
    const { member, plan, link } = await setup();
    await paystack.pay(link.reference);
    const delivered = paystack.deliveries.at(-1)!;
    expect(delivered.status).toBe(200);
    // Delivered again (Paystack retries), and the payer's return to the page at the same time.
    const [again, page] = await Promise.all([
      paystack.sendEvent(KEY_A, chargeSuccess(link.reference)),
      call(t.app, 'GET', `/v1/pay/${link.reference}?reference=${link.reference}`),
    ]);
    expect(again.status).toBe(200);
    const paid = await paymentsOf(member.id);
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({
      amountKobo: 2_500_000,
      method: 'Card',
      subscriptionTypeId: plan.id,
      idempotencyKey: `paystack:${link.reference}`,
      recordedBy: null,
    });
    const bought = await subscriptionsOf(member.id);
    expect(bought).toHaveLength(1);
    expect(bought[0]).toMatchObject({ paymentId: paid[0]!.id, startDate: lagosDay() });
    expect(bought[0]!.expiryDate).toBe(addDays(addMonths(lagosDay(), 1), -1));
    expect(await linkRow(link.reference)).toMatchObject({ state: 'paid', paymentId: paid[0]!.id });
    expect(json(page).data).toMatchObject({ state: 'paid', expiry_date: bought[0]!.expiryDate });
    // One receipt, by SMS (the link's channel), with the new expiry.
    const receipts = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.ref, 'online:receipt'), eq(outbox.memberId, member.id)));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({ channel: 'sms', to: member.mobile_number });
    expect(receipts[0]!.text).toContain('₦25,000');
    const events = json(await call(t.app, 'GET', '/v1/business/paystack', { token: owner.token }));
    expect(events.data.events_received).toBeGreaterThanOrEqual(2);
    expect(events.data.last_event_at).not.toBeNull();
  });

  it("a group plan's link covers the members it names once paid; a wrong group is refused up front", async () => {
    const duo = await addGroupPlan(t, owner.token, 2);
    const payer = await addMember(t, owner.token, { first_name: 'Kemi' });
    const partner = await addMember(t, owner.token, { first_name: 'Femi' });
    const third = await addMember(t, owner.token);
    const theirs = await addMember(t, other.token);
    const tooMany = await createLink(t, owner, payer.id, {
      subscription_type_id: duo.id,
      group_member_ids: [partner.id, third.id],
    });
    expect(tooMany.statusCode).toBe(400);
    expect(json(tooMany).message).toBe(
      'This group plan covers up to 2 members, the payer included: choose at most 1 other.',
    );
    const elsewhere = await createLink(t, owner, payer.id, {
      subscription_type_id: duo.id,
      group_member_ids: [theirs.id],
    });
    expect(elsewhere.statusCode).toBe(404);
    expect(
      await t.db.select().from(paymentLinks).where(eq(paymentLinks.memberId, payer.id)),
    ).toEqual([]);

    const created = await createLink(t, owner, payer.id, {
      subscription_type_id: duo.id,
      group_member_ids: [partner.id],
    });
    expect(created.statusCode).toBe(201);
    const link = json(created).data;
    expect(link.group_member_ids).toEqual([partner.id]);
    await paystack.pay(link.reference);
    await paystack.sendEvent(KEY_A, chargeSuccess(link.reference));
    const paid = await paymentsOf(payer.id);
    expect(paid).toHaveLength(1);
    await expectGroupCover(t, payer.id, partner.id);
  });

  it('refuses a wrong signature with 401 and records nothing', async () => {
    const { member, link } = await setup();
    const tx = await paystack.pay(link.reference, { sendWebhook: false });
    const body = JSON.stringify({ event: 'charge.success', data: tx });
    const webhookUrl = json(
      await call(t.app, 'GET', '/v1/business/paystack', { token: owner.token }),
    ).data.webhook_url as string;
    const path = new URL(webhookUrl).pathname;
    for (const signature of [paystack.sign(KEY_B, body), 'f'.repeat(128), '', 'nothex']) {
      const res = await postHook(path, signature, body);
      expect(res.statusCode).toBe(401);
    }
    expect(await paymentsOf(member.id)).toHaveLength(0);
    // The signature is over the exact bytes: the same event re-serialised is refused too.
    const reordered = JSON.stringify({ data: tx, event: 'charge.success' });
    const res = await postHook(path, paystack.sign(KEY_A, body), reordered);
    expect(res.statusCode).toBe(401);
    expect(await paymentsOf(member.id)).toHaveLength(0);
    expect((await linkRow(link.reference)).state).toBe('sent');
  });

  it("refuses this business's event at another business's webhook URL", async () => {
    await connectPaystack(t, paystack, other, KEY_B);
    const { member, link } = await setup();
    const tx = await paystack.pay(link.reference, { sendWebhook: false });
    const body = JSON.stringify({ event: 'charge.success', data: tx });
    const otherPath = new URL(
      json(await call(t.app, 'GET', '/v1/business/paystack', { token: other.token })).data
        .webhook_url,
    ).pathname;
    // Signed with A's key at B's URL: B's key does not verify it.
    const res = await postHook(otherPath, paystack.sign(KEY_A, body), body);
    expect(res.statusCode).toBe(401);
    // Signed with B's key at B's URL: B's Paystack account knows no such charge; nothing recorded.
    const signed = await postHook(otherPath, paystack.sign(KEY_B, body), body);
    expect(signed.statusCode).toBe(200);
    expect(await paymentsOf(member.id)).toHaveLength(0);
    expect(
      (await call(t.app, 'POST', '/v1/paystack/webhook/' + '0'.repeat(48), { body: {} }))
        .statusCode,
    ).toBe(404);
  });

  it('holds a payment whose amount differs, with the reason, once', async () => {
    const { member, link } = await setup();
    await paystack.pay(link.reference, { amount: 2_000_000 });
    await paystack.sendEvent(KEY_A, chargeSuccess(link.reference));
    expect(await paymentsOf(member.id)).toHaveLength(0);
    const held = await t.db
      .select()
      .from(paystackCharges)
      .where(eq(paystackCharges.reference, link.reference));
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({ state: 'held', amountKobo: 2_000_000, memberId: member.id });
    expect(held[0]!.reason).toBe('₦20,000 was paid but the link asked for ₦25,000.');
    expect((await linkRow(link.reference)).state).toBe('held');
    const list = json(await call(t.app, 'GET', '/v1/held-payment', { token: staff.token }));
    expect(list.data.some((h: { reference: string }) => h.reference === link.reference)).toBe(true);
    const other_ = json(await call(t.app, 'GET', '/v1/held-payment', { token: other.token }));
    expect(other_.data.some((h: { reference: string }) => h.reference === link.reference)).toBe(
      false,
    );
  });

  it('applies a link whose webhook never came, by reconciliation after 30 minutes', async () => {
    const { member, link } = await setup();
    await paystack.pay(link.reference, { sendWebhook: false, channel: 'bank_transfer' });
    // Not yet 30 minutes: left alone.
    await reconcileLinks(t.app.ctx);
    expect(await paymentsOf(member.id)).toHaveLength(0);
    await t.db
      .update(paymentLinks)
      .set({ createdAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(paymentLinks.reference, link.reference));
    await reconcileLinks(t.app.ctx);
    const paid = await paymentsOf(member.id);
    expect(paid).toHaveLength(1);
    expect(paid[0]!.method).toBe('Transfer');
    expect((await linkRow(link.reference)).state).toBe('paid');
  });

  it('expires an unpaid link past its lifetime when reconciling', async () => {
    const { link } = await setup();
    await t.db
      .update(paymentLinks)
      .set({
        createdAt: new Date(Date.now() - 8 * 86_400_000),
        expiresAt: new Date(Date.now() - 86_400_000),
      })
      .where(eq(paymentLinks.reference, link.reference));
    await reconcileLinks(t.app.ctx);
    expect((await linkRow(link.reference)).state).toBe('expired');
    const page = json(await call(t.app, 'GET', `/v1/pay/${link.reference}`)).data;
    expect(page).toMatchObject({ state: 'expired', pay_url: null });
  });

  it('answers the public page without another business or any secret', async () => {
    const { link } = await setup();
    const res = await call(t.app, 'GET', `/v1/pay/${link.reference}`);
    expect(json(res).data).toMatchObject({
      business: { name: 'Iron Paradise Gym' },
      first_name: 'Tunde',
      plan_name: 'Monthly',
      amount: 25000,
      state: 'sent',
      pay_url: paystack.checkoutUrl(link.reference, KEY_A),
    });
    expect(res.body).not.toContain('last_name');
    expect((await call(t.app, 'GET', '/v1/pay/kora-000000000000000000000000')).statusCode).toBe(
      404,
    );
  });
});
