import { addDays, addMonths, lagosDay, ONLINE_MESSAGES } from '@kora/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outbox, paymentLinks, payments, paystackCharges, subscriptions } from '../../db/schema';
import { call, expectFieldErrors, json } from '../../test/app';
import { addGroupPlan, addMember, addPlan } from '../../test/tenants';
import { postPayment, paymentBody } from '../../test/payments';
import {
  connectPaystack,
  createLink,
  expectGroupCover,
  KEY_A,
  KEY_B,
  useOnlineGyms,
} from './online.fixtures';
import { reconcileLinks } from './online.job';

const { t, paystack, owner, staff, other } = useOnlineGyms({ owner: 'TRF', other: 'TRO' });

const paymentsOf = (memberId: number) =>
  t.db.select().from(payments).where(eq(payments.memberId, memberId)).orderBy(payments.id);

const accountOf = (memberId: number, token = staff.token) =>
  call(t.app, 'POST', `/v1/member/${memberId}/transfer-account`, { token });

const heldList = async (state = 'held', token = staff.token) =>
  json(await call(t.app, 'GET', `/v1/held-payment?state=${state}`, { token })).data as {
    id: number;
    reference: string;
    reason: string;
    state: string;
    member: { id: number } | null;
    payment_id: number | null;
  }[];

describe('dedicated transfer accounts', () => {
  it('are offered only once turned on, then created once per member', async () => {
    await connectPaystack(t, paystack, owner, KEY_A);
    const member = await addMember(t, owner.token, { first_name: 'Bola', last_name: 'Ade' });
    const off = await accountOf(member.id);
    expect(off.statusCode).toBe(400);
    expect(json(off).message).toBe(ONLINE_MESSAGES.transfersOff);
    const staffToggle = await call(t.app, 'PATCH', '/v1/business/paystack', {
      token: staff.token,
      body: { transfer_accounts: true },
    });
    expect(staffToggle.statusCode).toBe(403);
    await call(t.app, 'PATCH', '/v1/business/paystack', {
      token: owner.token,
      body: { transfer_accounts: true },
    });
    const created = await accountOf(member.id);
    expect(created.statusCode).toBe(201);
    const account = json(created).data;
    expect(account.account_number).toMatch(/^\d{10}$/);
    expect(account.bank_name).not.toBe('');
    const again = await accountOf(member.id);
    expect(json(again).data.account_number).toBe(account.account_number);
    expect(paystack.received.filter((r) => r.path === '/dedicated_account')).toHaveLength(1);
    const read = await call(t.app, 'GET', `/v1/member/${member.id}/transfer-account`, {
      token: staff.token,
    });
    expect(json(read).data.account_number).toBe(account.account_number);
    expect(
      (await call(t.app, 'GET', `/v1/member/${member.id}/transfer-account`, { token: other.token }))
        .statusCode,
    ).toBe(404);
    expect((await accountOf(member.id, other.token)).statusCode).toBe(404);
  });

  it("sends the details by e-mail in the gym's frame, from the gym's name", async () => {
    const member = await addMember(t, owner.token, {
      first_name: 'Femi',
      email_address: 'femi@example.com',
    });
    const account = json(await accountOf(member.id)).data;
    const sent = await call(t.app, 'POST', `/v1/member/${member.id}/transfer-account/send`, {
      token: staff.token,
      body: { channel: 'email' },
    });
    expect(sent.statusCode).toBe(200);
    const [message] = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.ref, 'online:account'), eq(outbox.memberId, member.id)));
    expect(message).toMatchObject({
      channel: 'email',
      to: 'femi@example.com',
      subject: 'Your account number for Iron Paradise Gym',
      fromName: 'Iron Paradise Gym',
    });
    expect(message!.text).toContain(account.account_number);
    expect(message!.html).toContain(account.account_number);
    expect(message!.html).toContain('You received this e-mail as a member of Iron Paradise Gym.');
    // Nothing of Kora (the account's name is Paystack's, KORA/… on the loopback, aside).
    expect(message!.html!.replaceAll(account.account_name, '')).not.toMatch(/Kora/i);
  });

  it('sends the details by WhatsApp, and a transfer of two periods renews the plan after the running one', async () => {
    const member = await addMember(t, owner.token, { first_name: 'Kemi' });
    const plan = await addPlan(t, owner.token, { name: 'Monthly', amount: 25000 });
    await postPayment(t, staff, paymentBody(member.id, plan.id, 25000));
    const account = json(await accountOf(member.id)).data;
    const sent = await call(t.app, 'POST', `/v1/member/${member.id}/transfer-account/send`, {
      token: staff.token,
      body: { channel: 'whatsapp' },
    });
    expect(sent.statusCode).toBe(200);
    const message = (
      await t.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.ref, 'online:account'), eq(outbox.memberId, member.id)))
    )[0]!;
    expect(message).toMatchObject({ channel: 'whatsapp', to: member.mobile_number });
    expect(message.text).toContain(account.account_number);

    await paystack.transferTo(account.account_number, 5_000_000);
    const paid = await paymentsOf(member.id);
    expect(paid).toHaveLength(2);
    expect(paid[1]).toMatchObject({ method: 'Transfer', duration: 2, amountKobo: 5_000_000 });
    const renewal = (
      await t.db.select().from(subscriptions).where(eq(subscriptions.paymentId, paid[1]!.id))
    )[0]!;
    const firstEnds = addDays(addMonths(lagosDay(), 1), -1);
    expect(renewal.startDate).toBe(addDays(firstEnds, 1));
    const receipt = (
      await t.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.ref, 'online:receipt'), eq(outbox.memberId, member.id)))
    )[0]!;
    expect(receipt.channel).toBe('whatsapp');
  });
});

describe('a group payer’s transfer', () => {
  it('renews the group their latest subscription covers', async () => {
    const duo = await addGroupPlan(t, owner.token, 2, { name: 'Duo by transfer' });
    const payer = await addMember(t, owner.token, { first_name: 'Kemi' });
    const partner = await addMember(t, owner.token, { first_name: 'Femi' });
    const first = await postPayment(
      t,
      staff,
      paymentBody(payer.id, duo.id, 30000, { group_member_ids: [partner.id] }),
    );
    expect(first.statusCode).toBe(201);
    const account = json(await accountOf(payer.id)).data;
    await paystack.transferTo(account.account_number, 3_000_000);
    const paid = await paymentsOf(payer.id);
    expect(paid).toHaveLength(2);
    // The renewal covers the partner too: their second period, linked to the payer's.
    await expectGroupCover(t, payer.id, partner.id, 2);
  });
});

describe('held payments', () => {
  it('holds a transfer matching no whole number of periods; staff assign it to a plan costing exactly that', async () => {
    const member = await addMember(t, owner.token);
    const plan = await addPlan(t, owner.token, { name: 'Monthly', amount: 25000 });
    const weekly = await addPlan(t, owner.token, {
      name: 'Weekly',
      amount: 10000,
      duration_type: 'week',
    });
    await postPayment(t, staff, paymentBody(member.id, plan.id, 25000));
    const account = json(await accountOf(member.id)).data;
    const tx = await paystack.transferTo(account.account_number, 3_000_000);
    expect(await paymentsOf(member.id)).toHaveLength(1);
    const held = (await heldList()).find((h) => h.reference === tx.reference)!;
    expect(held.reason).toBe('₦30,000 is not a whole number of Monthly periods (₦25,000 each).');
    expect(held.member?.id).toBe(member.id);
    const connection = json(
      await call(t.app, 'GET', '/v1/business/paystack', { token: staff.token }),
    ).data;
    expect(connection.held_payments).toBeGreaterThanOrEqual(1);

    // Another business cannot see or touch it.
    expect(
      (
        await call(t.app, 'POST', `/v1/held-payment/${held.id}/assign`, {
          token: other.token,
          body: { subscription_type_id: weekly.id, duration: 3 },
        })
      ).statusCode,
    ).toBe(404);

    // The payer is known: the payment cannot go to somebody else.
    const stranger = await addMember(t, owner.token);
    expectFieldErrors(
      await call(t.app, 'POST', `/v1/held-payment/${held.id}/assign`, {
        token: staff.token,
        body: { member_id: stranger.id, subscription_type_id: weekly.id, duration: 3 },
      }),
      { member_id: ONLINE_MESSAGES.otherPayer },
    );

    const wrong = await call(t.app, 'POST', `/v1/held-payment/${held.id}/assign`, {
      token: staff.token,
      body: { subscription_type_id: weekly.id, duration: 2 },
    });
    expectFieldErrors(wrong, {
      duration: 'This payment was ₦30,000: choose a plan and duration that cost exactly that.',
    });
    const right = await call(t.app, 'POST', `/v1/held-payment/${held.id}/assign`, {
      token: staff.token,
      body: { subscription_type_id: weekly.id, duration: 3 },
    });
    expect(right.statusCode).toBe(200);
    expect(json(right).data).toMatchObject({ state: 'assigned' });
    const paid = await paymentsOf(member.id);
    expect(paid).toHaveLength(2);
    expect(paid[1]).toMatchObject({
      subscriptionTypeId: weekly.id,
      duration: 3,
      amountKobo: 3_000_000,
      recordedBy: staff.userId,
      idempotencyKey: `paystack:${tx.reference}`,
    });
    const twice = await call(t.app, 'POST', `/v1/held-payment/${held.id}/assign`, {
      token: staff.token,
      body: { subscription_type_id: weekly.id, duration: 3 },
    });
    expect(json(twice).message).toBe(ONLINE_MESSAGES.heldResolved);
    const dismissed = await call(t.app, 'POST', `/v1/held-payment/${held.id}/dismiss`, {
      token: staff.token,
      body: { note: 'Too late' },
    });
    expect(json(dismissed).message).toBe(ONLINE_MESSAGES.heldResolved);
    expect(await paymentsOf(member.id)).toHaveLength(2);
    expect((await heldList('assigned')).map((h) => h.id)).toContain(held.id);
  });

  it('marks a held payment handled with a note, which is required', async () => {
    const member = await addMember(t, owner.token);
    const account = json(await accountOf(member.id)).data;
    const tx = await paystack.transferTo(account.account_number, 700_000);
    const held = (await heldList()).find((h) => h.reference === tx.reference)!;
    expect(held.reason).toBe('₦7,000 received: the member has no plan to renew yet.');
    expectFieldErrors(
      await call(t.app, 'POST', `/v1/held-payment/${held.id}/dismiss`, {
        token: staff.token,
        body: { note: ' \u200b ' },
      }),
      { note: ONLINE_MESSAGES.note },
    );
    const done = await call(t.app, 'POST', `/v1/held-payment/${held.id}/dismiss`, {
      token: staff.token,
      body: { note: 'Refunded by transfer' },
    });
    expect(json(done).data).toMatchObject({ state: 'dismissed', note: 'Refunded by transfer' });
    expect((await heldList()).map((h) => h.id)).not.toContain(held.id);
    expect(await paymentsOf(member.id)).toHaveLength(0);
  });

  it('assigns a held link payment once the amount matches, marking the link paid', async () => {
    const member = await addMember(t, owner.token);
    const plan = await addPlan(t, owner.token, {
      name: 'Daily',
      amount: 2000,
      duration_type: 'day',
    });
    const link = json(
      await createLink(t, owner, member.id, { subscription_type_id: plan.id, duration: 5 }),
    ).data;
    await paystack.pay(link.reference, { amount: 600_000 });
    const held = (await heldList()).find((h) => h.reference === link.reference)!;
    const res = await call(t.app, 'POST', `/v1/held-payment/${held.id}/assign`, {
      token: staff.token,
      body: { subscription_type_id: plan.id, duration: 3 },
    });
    expect(res.statusCode).toBe(200);
    const row = (
      await t.db.select().from(paymentLinks).where(eq(paymentLinks.reference, link.reference))
    )[0]!;
    expect(row.state).toBe('paid');
    expect(row.paymentId).toBe(json(res).data.payment_id);
  });
  it("assigns a held payment of a group plan's link to its plan: the members the link named are covered", async () => {
    const duo = await addGroupPlan(t, owner.token, 2);
    const payer = await addMember(t, owner.token, { first_name: 'Kemi' });
    const partner = await addMember(t, owner.token, { first_name: 'Femi' });
    const link = json(
      await createLink(t, owner, payer.id, {
        subscription_type_id: duo.id,
        group_member_ids: [partner.id],
      }),
    ).data;
    // Twice the link's amount: held, then assigned to two periods of the same plan.
    await paystack.pay(link.reference, { amount: 6_000_000 });
    const held = (await heldList()).find((h) => h.reference === link.reference)!;
    expect(await paymentsOf(payer.id)).toEqual([]);
    const res = await call(t.app, 'POST', `/v1/held-payment/${held.id}/assign`, {
      token: staff.token,
      body: { subscription_type_id: duo.id, duration: 2 },
    });
    expect(res.statusCode).toBe(200);
    await expectGroupCover(t, payer.id, partner.id);
  });
});

describe('charges Kora did not start', () => {
  it("leaves alone a card sale the gym made on its own Paystack to a member with a transfer account, and still records the member's transfer", async () => {
    const member = await addMember(t, owner.token, { first_name: 'Sade' });
    const plan = await addPlan(t, owner.token, { name: 'Monthly', amount: 25000 });
    await postPayment(t, staff, paymentBody(member.id, plan.id, 25000));
    const account = json(await accountOf(member.id)).data;
    const customer = paystack.received.filter((r) => r.path === '/customer').at(-1)!;
    expect(customer.body.email).toBe(member.email_address);

    // The gym sells a bottle of water and a month's plan on its own Paystack (not through Kora)
    // to the same e-mail, so to the same Paystack customer: by card, and by Pay with Transfer.
    const card = await paystack.sell(KEY_A, member.email_address, 2_500_000);
    const checkout = await paystack.sell(KEY_A, member.email_address, 5_000_000, {
      channel: 'bank_transfer',
    });
    expect(card.customer.customer_code).toBe(checkout.customer.customer_code);
    const hooks = paystack.deliveries.slice(-2);
    expect(hooks.map((h) => h.status)).toEqual([200, 200]);
    // Paystack retries: still 200, still nothing.
    const again = await paystack.sendEvent(KEY_A, { event: 'charge.success', data: card });
    expect(again.status).toBe(200);
    await reconcileLinks(t.app.ctx);

    expect(await paymentsOf(member.id)).toHaveLength(1);
    const charges = await t.db
      .select()
      .from(paystackCharges)
      .where(inArray(paystackCharges.reference, [card.reference, checkout.reference]));
    expect(charges).toEqual([]);
    expect((await heldList()).map((h) => h.reference)).not.toContain(card.reference);

    // A transfer into the member's own dedicated account still renews them.
    const transfer = await paystack.transferTo(account.account_number, 2_500_000);
    const paid = await paymentsOf(member.id);
    expect(paid).toHaveLength(2);
    expect(paid[1]).toMatchObject({
      method: 'Transfer',
      amountKobo: 2_500_000,
      idempotencyKey: `paystack:${transfer.reference}`,
    });
  });
});

describe('disconnecting', () => {
  it('deletes the key and cancels the links still waiting', async () => {
    await connectPaystack(t, paystack, other, KEY_B);
    const member = await addMember(t, other.token);
    const plan = await addPlan(t, other.token);
    const link = json(
      await createLink(t, other, member.id, { subscription_type_id: plan.id }),
    ).data;
    const res = await call(t.app, 'DELETE', '/v1/business/paystack', { token: other.token });
    expect(json(res).data).toMatchObject({ connected: false, key_last4: null });
    const row = (
      await t.db.select().from(paymentLinks).where(eq(paymentLinks.reference, link.reference))
    )[0]!;
    expect(row.state).toBe('cancelled');
    // Owner's connection is untouched.
    const mine = json(await call(t.app, 'GET', '/v1/business/paystack', { token: owner.token }));
    expect(mine.data.connected).toBe(true);
  });
});
