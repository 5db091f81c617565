import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  LOOPBACK_PAYSTACK_KEYS,
  startLoopbackPaystack,
  type LoopbackPaystack,
} from './loopback-paystack';

const [KEY_A, KEY_B] = LOOPBACK_PAYSTACK_KEYS;

/** A webhook receiver: what the loopback POSTed, raw. */
interface Hook {
  headers: Record<string, string | string[] | undefined>;
  raw: string;
}

let paystack: LoopbackPaystack;
let receiver: Server;
let receiverUrl: string;
const hooks: Hook[] = [];

beforeAll(async () => {
  paystack = await startLoopbackPaystack();
  receiver = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (raw += c));
    req.on('end', () => {
      hooks.push({ headers: req.headers, raw });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/webhook`;
});

afterAll(async () => {
  await paystack.close();
  await new Promise((resolve) => receiver.close(resolve));
});

beforeEach(() => {
  hooks.length = 0;
  paystack.webhooks.clear();
  paystack.script.length = 0;
});

/** Calls the loopback as Kora's client does. */
const call = async (
  method: string,
  path: string,
  opts: { key?: string | null; body?: unknown; signal?: AbortSignal } = {},
) => {
  const key = opts.key === undefined ? KEY_A : opts.key;
  const res = await fetch(`${paystack.baseUrl}${path}`, {
    method,
    headers: {
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      ...(opts.body ? { 'content-type': 'application/json' } : {}),
    },
    body: opts.body ? JSON.stringify(opts.body) : undefined,
    signal: opts.signal,
    redirect: 'manual',
  });
  return { status: res.status, body: (await res.json()) as any };
};

let sequence = 0;
const newReference = () => `KORA-T-${Date.now()}-${++sequence}`;

const initialize = (body: Record<string, unknown>, key: string = KEY_A) =>
  call('POST', '/transaction/initialize', { key, body });

/** How Kora checks a webhook: HMAC-SHA512 of the raw body with the secret key, in constant time. */
const signatureValid = (raw: string, signature: unknown, key: string) => {
  if (typeof signature !== 'string' || !/^[0-9a-f]{128}$/.test(signature)) return false;
  const expected = createHmac('sha512', key).update(raw).digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
};

describe('the loopback Paystack', () => {
  it('initialises, verifies abandoned, takes a payment on its checkout, verifies success', async () => {
    paystack.webhooks.set(KEY_A, receiverUrl);
    const reference = newReference();
    const init = await initialize({
      email: 'ada@example.com',
      amount: '2500000',
      reference,
      callback_url: 'http://kora.test/pay/' + reference + '?x=1',
      metadata: { link_id: 7 },
    });
    expect(init.status).toBe(200);
    expect(init.body).toMatchObject({ status: true, message: 'Authorization URL created' });
    const { authorization_url, access_code } = init.body.data;
    expect(init.body.data.reference).toBe(reference);
    expect(authorization_url).toBe(`${paystack.baseUrl}/checkout/${access_code}`);
    expect(paystack.checkoutUrl(reference)).toBe(authorization_url);

    const before = await call('GET', `/transaction/verify/${reference}`);
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({
      status: true,
      message: 'Verification successful',
      data: {
        status: 'abandoned',
        reference,
        amount: 2_500_000,
        currency: 'NGN',
        domain: 'test',
        paid_at: null,
        metadata: { link_id: 7 },
        customer: { email: 'ada@example.com' },
      },
    });
    expect(before.body.data.customer.customer_code).toMatch(/^CUS_[a-z0-9]{15}$/);

    // The member's browser: the page shows the amount and e-mail, and its form pays.
    const page = await fetch(authorization_url);
    const html = await page.text();
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(html).toContain('₦25,000');
    expect(html).toContain('ada@example.com');
    expect(html).toContain(`<form method="post" action="/checkout/${access_code}/pay">`);
    expect(html).toContain('>Pay</button>');
    const paid = await fetch(`${authorization_url}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(302);
    const back = new URL(paid.headers.get('location')!);
    expect(back.pathname).toBe(`/pay/${reference}`);
    expect(back.searchParams.get('x')).toBe('1');
    expect(back.searchParams.get('trxref')).toBe(reference);
    expect(back.searchParams.get('reference')).toBe(reference);

    // The webhook arrived before the redirect, signed with the account's key.
    expect(hooks).toHaveLength(1);
    const hook = hooks[0]!;
    expect(hook.headers['content-type']).toBe('application/json');
    expect(signatureValid(hook.raw, hook.headers['x-paystack-signature'], KEY_A)).toBe(true);
    expect(signatureValid(hook.raw, hook.headers['x-paystack-signature'], KEY_B)).toBe(false);
    const event = JSON.parse(hook.raw);
    expect(event.event).toBe('charge.success');
    expect(event.data).toMatchObject({
      status: 'success',
      reference,
      amount: 2_500_000,
      channel: 'card',
      metadata: { link_id: 7 },
      authorization: { channel: 'card' },
    });
    expect(paystack.deliveries.at(-1)).toMatchObject({ key: KEY_A, status: 200, error: null });

    const after = await call('GET', `/transaction/verify/${reference}`);
    expect(after.body.data).toMatchObject({
      status: 'success',
      gateway_response: 'Successful',
      channel: 'card',
    });
    expect(after.body.data.paid_at).toEqual(expect.any(String));
    expect(after.body.data).toEqual(event.data);

    // Paying again changes nothing and sends nothing.
    const again = await fetch(`${authorization_url}/pay`, { method: 'POST', redirect: 'manual' });
    expect(again.status).toBe(302);
    expect(hooks).toHaveLength(1);
  });

  it('keeps each key an account of its own, and refuses unknown keys', async () => {
    const reference = newReference();
    expect(
      (await initialize({ email: 'bola@example.com', amount: 100_000, reference })).status,
    ).toBe(200);
    const fromB = await call('GET', `/transaction/verify/${reference}`, { key: KEY_B });
    expect(fromB.status).toBe(400);
    expect(fromB.body).toMatchObject({ status: false, message: 'Transaction reference not found' });
    // B's list does not show it; A's does.
    const listA = await call('GET', '/transaction?perPage=1');
    expect(listA.status).toBe(200);
    expect(listA.body).toMatchObject({
      status: true,
      message: 'Transactions retrieved',
      meta: { perPage: 1, page: 1 },
    });
    expect(listA.body.data.map((t: { reference: string }) => t.reference)).toEqual([reference]);
    const listB = await call('GET', '/transaction?perPage=1', { key: KEY_B });
    expect(listB.body.data.some((t: { reference: string }) => t.reference === reference)).toBe(
      false,
    );
    // The same reference is free on the other account.
    expect(
      (await initialize({ email: 'bola@example.com', amount: 5000, reference }, KEY_B)).status,
    ).toBe(200);

    const wrong = await call('GET', '/transaction?perPage=1', {
      key: 'sk_test_notAKeyOfThisLoopback0000000000',
    });
    expect(wrong).toEqual({ status: 401, body: { status: false, message: 'Invalid key' } });
    const none = await call('GET', '/transaction?perPage=1', { key: null });
    expect(none.status).toBe(401);
    expect(none.body.status).toBe(false);
    expect(paystack.received.at(-2)).toMatchObject({
      method: 'GET',
      path: '/transaction',
      query: { perPage: '1' },
      key: 'sk_test_notAKeyOfThisLoopback0000000000',
    });
  });

  it('validates an initialisation like Paystack', async () => {
    const reference = newReference();
    expect((await initialize({ email: 'c@example.com', amount: 5000, reference })).status).toBe(
      200,
    );
    const duplicate = await initialize({ email: 'c@example.com', amount: 5000, reference });
    expect(duplicate).toEqual({
      status: 400,
      body: { status: false, message: 'Duplicate Transaction Reference' },
    });
    for (const amount of [0, -100, 12.5, '12.5', 'abc', null]) {
      const res = await initialize({ email: 'c@example.com', amount });
      expect(res.status, String(amount)).toBe(400);
      expect(res.body).toEqual({ status: false, message: 'Invalid Amount Sent' });
    }
    for (const email of [undefined, '', 'not-an-email']) {
      const res = await initialize({ email, amount: 5000 });
      expect(res.status).toBe(400);
      expect(res.body.status).toBe(false);
    }
    expect(
      (await initialize({ email: 'c@example.com', amount: 5000, reference: 'a b' })).status,
    ).toBe(400);
    // Without a reference, Paystack makes one.
    const generated = await initialize({ email: 'c@example.com', amount: 5000 });
    expect(generated.body.data.reference).toMatch(/^[a-z0-9]{10}$/);
  });

  it('pays by helper: another amount or channel, and a lost webhook', async () => {
    const log: { headers: Record<string, string>; body: string }[] = [];
    paystack.webhooks.set(KEY_A, (hook) => {
      log.push(hook);
      return { statusCode: 200 };
    });
    const short = newReference();
    await initialize({ email: 'd@example.com', amount: 1_000_000, reference: short });
    const data = await paystack.pay(short, { amount: 900_000, channel: 'bank_transfer' });
    expect(data).toMatchObject({
      status: 'success',
      amount: 900_000,
      requested_amount: 1_000_000,
      channel: 'bank_transfer',
      authorization: { channel: 'bank_transfer' },
    });
    expect(log).toHaveLength(1);
    expect(signatureValid(log[0]!.body, log[0]!.headers['x-paystack-signature'], KEY_A)).toBe(true);
    await expect(paystack.pay(short)).rejects.toThrow(/is paid/);

    const lost = newReference();
    await initialize({ email: 'd@example.com', amount: 500_000, reference: lost });
    await paystack.pay(lost, { sendWebhook: false });
    expect(log).toHaveLength(1);
    expect((await call('GET', `/transaction/verify/${lost}`)).body.data.status).toBe('success');
  });

  it('creates customers and dedicated accounts; a transfer into one sends charge.success', async () => {
    paystack.webhooks.set(KEY_B, receiverUrl);
    const created = await call('POST', '/customer', {
      key: KEY_B,
      body: {
        email: 'Emeka@Example.com',
        first_name: 'Emeka',
        last_name: 'Obi',
        phone: '+2348031234567',
      },
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      status: true,
      message: 'Customer created',
      data: { email: 'emeka@example.com', first_name: 'Emeka', last_name: 'Obi' },
    });
    const { customer_code, id } = created.body.data;
    expect(customer_code).toMatch(/^CUS_/);
    // The same e-mail answers the same customer.
    const again = await call('POST', '/customer', {
      key: KEY_B,
      body: { email: 'emeka@example.com' },
    });
    expect(again.body.data).toMatchObject({ customer_code, id });
    // Another account does not know the customer.
    const elsewhere = await call('POST', '/dedicated_account', {
      key: KEY_A,
      body: { customer: customer_code },
    });
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.status).toBe(false);

    const dva = await call('POST', '/dedicated_account', {
      key: KEY_B,
      body: { customer: customer_code, preferred_bank: 'test-bank' },
    });
    expect(dva.status).toBe(200);
    expect(dva.body).toMatchObject({
      status: true,
      message: 'NUBAN successfully created',
      data: {
        bank: { name: 'Test Bank', id: 1, slug: 'test-bank' },
        account_name: 'KORA/EMEKA OBI',
        assigned: true,
        currency: 'NGN',
        active: true,
        customer: { customer_code },
      },
    });
    const accountNumber: string = dva.body.data.account_number;
    expect(accountNumber).toMatch(/^\d{10}$/);
    const byId = await call('POST', '/dedicated_account', { key: KEY_B, body: { customer: id } });
    expect(byId.body.data.account_number).toBe(accountNumber);

    const transfer = await paystack.transferTo(accountNumber, 1_500_000);
    expect(transfer).toMatchObject({
      status: 'success',
      amount: 1_500_000,
      channel: 'dedicated_nuban',
      customer: { customer_code },
      authorization: { channel: 'dedicated_nuban', receiver_bank_account_number: accountNumber },
    });
    expect(hooks).toHaveLength(1);
    expect(signatureValid(hooks[0]!.raw, hooks[0]!.headers['x-paystack-signature'], KEY_B)).toBe(
      true,
    );
    expect(JSON.parse(hooks[0]!.raw)).toEqual({ event: 'charge.success', data: transfer });
    const verified = await call('GET', `/transaction/verify/${transfer.reference}`, { key: KEY_B });
    expect(verified.body.data.channel).toBe('dedicated_nuban');
    await expect(paystack.transferTo('0000000000', 100)).rejects.toThrow(/no dedicated account/);

    // The gym sells on its own Paystack to the same e-mail: the same customer, paid by card.
    const sale = await paystack.sell(KEY_B, 'emeka@example.com', 700_000);
    expect(sale).toMatchObject({
      status: 'success',
      amount: 700_000,
      channel: 'card',
      customer: { customer_code },
      authorization: { channel: 'card', receiver_bank_account_number: null },
    });
    expect(sale.reference).not.toBe(transfer.reference);
    expect(JSON.parse(hooks[1]!.raw)).toEqual({ event: 'charge.success', data: sale });
    const sold = await call('GET', `/transaction/verify/${sale.reference}`, { key: KEY_B });
    expect(sold.body.data).toMatchObject({ status: 'success', channel: 'card' });
  });

  it('follows its script: a 500, a call that never answers, then as usual', async () => {
    paystack.script.push('error', 'hang');
    const failed = await call('GET', '/transaction?perPage=1');
    expect(failed.status).toBe(500);
    expect(failed.body.status).toBe(false);
    await expect(
      call('GET', '/transaction?perPage=1', { signal: AbortSignal.timeout(200) }),
    ).rejects.toThrow();
    expect((await call('GET', '/transaction?perPage=1')).status).toBe(200);
  });

  it('sends crafted events signed, and records when no endpoint is set', async () => {
    const raw = '{"event":"charge.success","data":{"reference":"x"}}';
    expect(paystack.sign(KEY_A, raw)).toBe(createHmac('sha512', KEY_A).update(raw).digest('hex'));
    const nowhere = await paystack.sendEvent(KEY_A, { event: 'charge.success', data: {} });
    expect(nowhere).toMatchObject({ url: null, status: null });
    paystack.webhooks.set(KEY_A, receiverUrl);
    const sent = await paystack.sendEvent(KEY_A, { event: 'transfer.success', data: { id: 1 } });
    expect(sent).toMatchObject({ url: receiverUrl, status: 200, event: 'transfer.success' });
    expect(hooks[0]!.raw).toBe(sent.body);
    expect(hooks[0]!.headers['x-paystack-signature']).toBe(sent.signature);
  });

  it('rolls a key: the old one stops working, the account and its webhook stay, signed with the new one', async () => {
    const reference = newReference();
    await initialize({ email: 'roll@example.com', amount: 100_000, reference }, KEY_B);
    paystack.webhooks.set(KEY_B, receiverUrl);
    const rolled = paystack.rollKey(KEY_B);
    expect(rolled).toMatch(/^sk_test_[a-z0-9]{32}$/);
    expect(paystack.secretKeys).toContain(rolled);
    expect(paystack.secretKeys).not.toContain(KEY_B);
    expect((await call('GET', `/transaction/verify/${reference}`, { key: KEY_B })).status).toBe(
      401,
    );
    const known = await call('GET', `/transaction/verify/${reference}`, { key: rolled });
    expect(known.body.data.reference).toBe(reference);
    await paystack.pay(reference, { secretKey: rolled });
    expect(signatureValid(hooks[0]!.raw, hooks[0]!.headers['x-paystack-signature'], rolled)).toBe(
      true,
    );
  });
});
