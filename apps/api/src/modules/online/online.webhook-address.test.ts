import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentLinks, payments, paystackCharges, paystackKeptEvents } from '../../db/schema';
import { call, json } from '../../test/app';
import { useTenants } from '../../test/hooks';
import { addMember, addPlan } from '../../test/tenants';
import type { Tenant } from '../../test/tenants';
import { MAX_KEPT_EVENT_BYTES, MAX_KEPT_EVENTS, applyKeptEvents } from './online.events';
import { connectPaystack, createLink, KEY_A, KEY_B, useOnlineApp } from './online.fixtures';

/*
 * The webhook address is the business's own: it survives disconnecting, reconnecting and a new
 * key, and what reaches it while disconnected is kept and applied after reconnecting.
 */

const { t, paystack } = useOnlineApp();
const { owner, other, third } = useTenants(t, {
  owner: { code: 'WHA', name: 'Iron Paradise Gym' },
  other: { code: 'WHB', name: 'Other Gym' },
  third: { code: 'WHC', name: 'Third Gym' },
});

const connection = async (tenant: Tenant) =>
  json(await call(t.app, 'GET', '/v1/business/paystack', { token: tenant.token })).data as {
    connected: boolean;
    webhook_url: string | null;
    webhook_paste_needed: boolean;
  };
const connectKey = (tenant: Tenant, key: string) =>
  call(t.app, 'PUT', '/v1/business/paystack', { token: tenant.token, body: { secret_key: key } });
const disconnect = (tenant: Tenant) =>
  call(t.app, 'DELETE', '/v1/business/paystack', { token: tenant.token });
const paymentsOf = (memberId: number) =>
  t.db.select().from(payments).where(eq(payments.memberId, memberId));
const keptOf = (businessId: number) =>
  t.db.select().from(paystackKeptEvents).where(eq(paystackKeptEvents.businessId, businessId));
const linkState = async (reference: string) =>
  (await t.db.select().from(paymentLinks).where(eq(paymentLinks.reference, reference)))[0]!.state;
/** A signed POST of `body` to a webhook path, as Paystack sends it. */
const post = (path: string, body: string, key: string) =>
  t.app.inject({
    method: 'POST',
    url: path,
    headers: {
      'content-type': 'application/json',
      'x-paystack-signature': paystack.sign(key, body),
    },
    payload: body,
  });

const newLink = async (tenant: Tenant) => {
  const member = await addMember(t, tenant.token, { first_name: 'Tunde' });
  const plan = await addPlan(t, tenant.token, { name: 'Monthly', amount: 25000 });
  const link = json(await createLink(t, tenant, member.id, { subscription_type_id: plan.id }))
    .data as { reference: string };
  return { member, plan, link };
};

describe('the webhook address', () => {
  it('stays the same across disconnecting, reconnecting and a new key of the same account', async () => {
    const path = await connectPaystack(t, paystack, owner, KEY_A);
    const first = await connection(owner);
    expect(first.webhook_paste_needed).toBe(false);
    await newLink(owner);

    expect(json(await disconnect(owner)).data).toMatchObject({ connected: false });
    const again = json(await connectKey(owner, KEY_A)).data;
    expect(again.webhook_url).toBe(first.webhook_url);
    expect(again.webhook_paste_needed).toBe(false);
    expect(new URL(again.webhook_url).pathname).toBe(path);

    // The gym generates a new secret key on Paystack and pastes it: same account, same address.
    const rolled = paystack.rollKey(KEY_A);
    const replaced = json(await connectKey(owner, rolled)).data;
    expect(replaced).toMatchObject({ key_last4: rolled.slice(-4), webhook_paste_needed: false });
    expect(replaced.webhook_url).toBe(first.webhook_url);
    // Paystack's events (signed with the new key) still land at the address pasted before.
    const { member, link } = await newLink(owner);
    await paystack.pay(link.reference, { secretKey: rolled });
    expect(paystack.deliveries.at(-1)!.status).toBe(200);
    expect(await paymentsOf(member.id)).toHaveLength(1);
  });

  it("asks to paste it into another Paystack account's dashboard, until that account's first event", async () => {
    await connectPaystack(t, paystack, other, KEY_B);
    const before = await connection(other);
    await newLink(other);
    await disconnect(other);
    // A key of another Paystack account (the owner's, in this loopback): the address is the same,
    // but it must be pasted into that account's dashboard.
    const res = await connectKey(other, paystack.secretKeys[0]!);
    expect(json(res).data).toMatchObject({
      webhook_url: before.webhook_url,
      webhook_paste_needed: true,
    });
    const path = new URL(before.webhook_url!).pathname;
    const ping = await post(
      path,
      '{"event":"transfer.success","data":{}}',
      paystack.secretKeys[0]!,
    );
    expect(ping.statusCode).toBe(200);
    expect((await connection(other)).webhook_paste_needed).toBe(false);
    // Back to its own account, which knows its latest link: the address is still pasted there.
    await disconnect(other);
    expect(json(await connectKey(other, KEY_B)).data.webhook_paste_needed).toBe(false);
  });
});

describe('events received while disconnected', () => {
  it('are kept, and applied once after reconnecting, however often they are delivered', async () => {
    const path = await connectPaystack(t, paystack, third, KEY_B);
    const { member, link } = await newLink(third);
    await disconnect(third);
    expect(await linkState(link.reference)).toBe('cancelled');

    // The member had the checkout open: they pay after the disconnect.
    await paystack.pay(link.reference, { secretKey: KEY_B });
    const delivered = paystack.deliveries.at(-1)!;
    expect(delivered.status).toBe(200);
    const retried = await post(path, delivered.body, KEY_B);
    expect(retried.statusCode).toBe(200);
    const businessId = third.businessId;
    expect(await keptOf(businessId)).toHaveLength(1);
    expect(await paymentsOf(member.id)).toHaveLength(0);

    const res = await connectKey(third, KEY_B);
    expect(json(res).data.connected).toBe(true);
    const paid = await paymentsOf(member.id);
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({
      amountKobo: 2_500_000,
      idempotencyKey: `paystack:${link.reference}`,
    });
    expect(await linkState(link.reference)).toBe('paid');
    expect(await keptOf(businessId)).toHaveLength(0);

    // Delivered once more after reconnecting, and the job's pass: still one payment.
    expect((await post(path, delivered.body, KEY_B)).statusCode).toBe(200);
    await applyKeptEvents(t.app.ctx);
    expect(await paymentsOf(member.id)).toHaveLength(1);
  });

  it("for another business's address do nothing to this one", async () => {
    const { member, link } = await newLink(owner);
    const ownerKey = paystack.secretKeys[0]!;
    const tx = await paystack.pay(link.reference, { secretKey: ownerKey, sendWebhook: false });
    const body = JSON.stringify({ event: 'charge.success', data: tx });
    // The third gym is disconnected: an event of the owner's charge sent to its address is kept
    // for the third gym, never applied to the owner.
    const thirdPath = new URL((await connection(third)).webhook_url!).pathname;
    await disconnect(third);
    expect((await post(thirdPath, body, ownerKey)).statusCode).toBe(200);
    expect(await paymentsOf(member.id)).toHaveLength(0);
    expect(await linkState(link.reference)).toBe('sent');
    // Reconnected with its own key: the event is not signed by it, so it is dropped unapplied.
    await connectKey(third, KEY_B);
    expect(await keptOf(third.businessId)).toHaveLength(0);
    expect(await paymentsOf(member.id)).toHaveLength(0);
    expect(
      await t.db.select().from(paystackCharges).where(eq(paystackCharges.reference, tx.reference)),
    ).toEqual([]);
    // An address nobody has: 404.
    expect((await post(`/v1/paystack/webhook/${'0'.repeat(48)}`, body, ownerKey)).statusCode).toBe(
      404,
    );
  });

  it('wait when Paystack cannot be reached at reconnection, and the next pass applies them', async () => {
    const { member, link } = await newLink(third);
    await disconnect(third);
    await paystack.pay(link.reference, { secretKey: KEY_B });
    expect(paystack.deliveries.at(-1)!.status).toBe(200);
    // The key is checked, then Paystack fails the verify call.
    paystack.script.push('ok', 'error');
    expect(json(await connectKey(third, KEY_B)).data.connected).toBe(true);
    expect(await paymentsOf(member.id)).toHaveLength(0);
    expect(await keptOf(third.businessId)).toHaveLength(1);
    await applyKeptEvents(t.app.ctx);
    expect(await paymentsOf(member.id)).toHaveLength(1);
    expect(await linkState(link.reference)).toBe('paid');
    expect(await keptOf(third.businessId)).toHaveLength(0);
  });

  it('are kept within bounds: signed-looking, a charge, at most 64 KB each and 500 a business', async () => {
    const path = new URL((await connection(third)).webhook_url!).pathname;
    await disconnect(third);
    const businessId = third.businessId;
    const charge = (reference: string, pad = '') =>
      JSON.stringify({ event: 'charge.success', data: { reference, pad } });
    const unsigned = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/json' },
      payload: charge('nosig'),
    });
    expect(unsigned.statusCode).toBe(401);
    const big = await post(path, charge('big', 'x'.repeat(MAX_KEPT_EVENT_BYTES)), KEY_B);
    expect(big.statusCode).toBe(413);
    const nul = await post(path, charge('nul', '\u0000').replace('\\u0000', '\u0000'), KEY_B);
    expect(nul.statusCode).toBe(400);
    expect((await post(path, '{"event":"transfer.success"}', KEY_B)).statusCode).toBe(200);
    expect((await post(path, 'not json', KEY_B)).statusCode).toBe(400);
    expect(await keptOf(businessId)).toHaveLength(0);

    await t.db.insert(paystackKeptEvents).values(
      Array.from({ length: MAX_KEPT_EVENTS }, (_, i) => ({
        businessId,
        signature: i.toString(16).padStart(128, '0'),
        body: charge(`filler-${i}`),
      })),
    );
    const full = await post(path, charge('one-too-many'), KEY_B);
    expect(full.statusCode).toBe(503);
    expect(await keptOf(businessId)).toHaveLength(MAX_KEPT_EVENTS);
  });

  it('stay within 500 a business when many arrive at once', async () => {
    await connectKey(third, KEY_B);
    const path = new URL((await connection(third)).webhook_url!).pathname;
    await disconnect(third);
    const businessId = third.businessId;
    await t.db.delete(paystackKeptEvents).where(eq(paystackKeptEvents.businessId, businessId));
    const charge = (reference: string) =>
      JSON.stringify({ event: 'charge.success', data: { reference } });
    await t.db.insert(paystackKeptEvents).values(
      Array.from({ length: MAX_KEPT_EVENTS - 1 }, (_, i) => ({
        businessId,
        signature: i.toString(16).padStart(128, '0'),
        body: charge(`filler-${i}`),
      })),
    );
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => post(path, charge(`at-once-${i}`), KEY_B)),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 503)).toHaveLength(19);
    expect(await keptOf(businessId)).toHaveLength(MAX_KEPT_EVENTS);
  });
});
