import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { formatNaira } from '@kora/shared';
import { escapeHtml } from '../lib/html';

/*
 * Paystack on 127.0.0.1, for tests: the calls Kora makes with a gym's secret key (check the key,
 * initialise and verify a transaction, create a customer and its dedicated transfer account), a
 * checkout page a browser can pay on, and signed webhooks. Answers take Paystack's documented
 * shape: `{ status: true|false, message, data }`. Each secret key is an account of its own:
 * what one key made, another key never sees.
 */

/** Two test accounts (a gym each), unless `secretKeys` says otherwise. */
export const LOOPBACK_PAYSTACK_KEYS = [
  'sk_test_loopbackA0000000000000000000000',
  'sk_test_loopbackB0000000000000000000000',
] as const;

/** A call the loopback received on its API (the checkout pages, a browser's, are not recorded). */
interface PaystackRequest {
  method: string;
  /** The path without its query string, e.g. `/transaction/verify/REF`. */
  path: string;
  query: Record<string, string>;
  /** The bearer secret key sent (valid or not); null without an Authorization header. */
  key: string | null;
  /** The parsed JSON (or form) body; {} without one. */
  body: Record<string, unknown>;
}

/**
 * How the loopback answers the next API call: `ok` as Paystack would, `error` a 500, `hang`
 * never (until the server closes). Taken in order, one per API call; `ok` once they run out.
 */
type PaystackBehaviour = 'ok' | 'error' | 'hang';

interface PaystackCustomer {
  id: number;
  customer_code: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  metadata: unknown;
  risk_action: 'default';
}

/** A transaction as verify answers it and a `charge.success` webhook carries it. */
interface PaystackTransaction {
  id: number;
  domain: 'test' | 'live';
  /** `abandoned` until paid, then `success`. */
  status: string;
  reference: string;
  /** Kobo paid (or asked, until paid). */
  amount: number;
  requested_amount: number;
  currency: string;
  channel: string;
  gateway_response: string;
  message: string | null;
  paid_at: string | null;
  paidAt: string | null;
  created_at: string;
  createdAt: string;
  ip_address: string | null;
  fees: number | null;
  metadata: unknown;
  customer: PaystackCustomer;
  authorization: Record<string, unknown>;
  log: null;
  plan: null;
}

/** A webhook the loopback sent (or tried to). */
interface WebhookDelivery {
  key: string;
  /** The registered URL, `'(function)'` for a function endpoint, null when none was set. */
  url: string | null;
  event: string;
  /** The exact raw body sent. */
  body: string;
  signature: string;
  /** The endpoint's HTTP status; null when nothing answered. */
  status: number | null;
  error: string | null;
}

/**
 * Where an account's webhooks go: a URL (POSTed over HTTP), or a function standing in for the
 * receiver, e.g. `(hook) => t.app.inject({ method: 'POST', url, headers: hook.headers,
 * payload: hook.body })` for an app that does not listen.
 */
type WebhookEndpoint =
  | string
  | ((hook: {
      headers: Record<string, string>;
      body: string;
    }) => Promise<number | { statusCode: number }> | number | { statusCode: number });

interface PayOptions {
  /** Kobo actually paid, when it differs from the amount asked. */
  amount?: number;
  /** `card` by default; e.g. `bank_transfer`, `ussd`. */
  channel?: string;
  /** false: no webhook (a lost webhook, found only by verify). Default true. */
  sendWebhook?: boolean;
  /** Which account, when several hold the same reference. */
  secretKey?: string;
}

interface SaleOptions {
  /** `card` by default; e.g. `bank_transfer`, `ussd`. */
  channel?: string;
  /** What the gym's own checkout put in the transaction's metadata; none by default. */
  metadata?: unknown;
  /** false: no webhook. Default true. */
  sendWebhook?: boolean;
}

interface TransferOptions {
  /** The sender's name as the bank reports it. */
  senderName?: string;
  /** false: no webhook. Default true. */
  sendWebhook?: boolean;
}

export interface LoopbackPaystack {
  /** e.g. `http://127.0.0.1:41234`: Paystack's `https://api.paystack.co`. */
  baseUrl: string;
  secretKeys: string[];
  /** Each account's webhook URL, as pasted in the dashboard: set it before payments happen. */
  webhooks: Map<string, WebhookEndpoint>;
  /** Every API call received, in order. */
  received: PaystackRequest[];
  /** Every webhook sent, in order. */
  deliveries: WebhookDelivery[];
  /** Behaviours for the next API calls (see PaystackBehaviour). */
  script: PaystackBehaviour[];
  /** A transaction as verify would answer it (any account, or `secretKey`'s), or undefined. */
  transaction(reference: string, secretKey?: string): PaystackTransaction | undefined;
  /** The checkout URL of an initialised transaction (what authorization_url answered). */
  checkoutUrl(reference: string, secretKey?: string): string;
  /** Completes a transaction as if the customer paid on the checkout; sends charge.success. */
  pay(reference: string, opts?: PayOptions): Promise<PaystackTransaction>;
  /**
   * A bank transfer of `amountKobo` into a dedicated account: a new successful transaction
   * (channel `dedicated_nuban`, a Paystack reference) of the account's customer; sends
   * charge.success.
   */
  transferTo(
    accountNumber: string,
    amountKobo: number,
    opts?: TransferOptions,
  ): Promise<PaystackTransaction>;
  /**
   * A sale the gym makes on its own Paystack account without Kora (a payment page made in the
   * dashboard, its online shop, a POS): a new successful transaction with a Paystack reference,
   * paid by `email`'s customer (Paystack keeps one customer per e-mail, so a member's own when
   * the e-mail is the member's), by card unless told; sends charge.success.
   */
  sell(
    secretKey: string,
    email: string,
    amountKobo: number,
    opts?: SaleOptions,
  ): Promise<PaystackTransaction>;
  /**
   * Generates a new secret key for the account of `secretKey`, as the dashboard's "Generate new
   * secret key" does: the old key stops working, the account (its transactions, customers,
   * dedicated accounts, webhook URL) stays, and its events are signed with the new key.
   */
  rollKey(secretKey: string): string;
  /** Sends any event to the account's webhook endpoint, signed with its key. */
  sendEvent(secretKey: string, event: unknown): Promise<WebhookDelivery>;
  /** Paystack's `x-paystack-signature`: HMAC-SHA512 of the raw body with the secret key, hex. */
  sign(secretKey: string, rawBody: string | Buffer): string;
  close(): Promise<void>;
}

interface Transaction {
  id: number;
  reference: string;
  accessCode: string | null;
  amount: number;
  requestedAmount: number;
  currency: string;
  status: string;
  channel: string;
  gatewayResponse: string;
  paidAt: string | null;
  createdAt: string;
  metadata: unknown;
  callbackUrl: string | null;
  customer: PaystackCustomer;
  authorization: Record<string, unknown>;
}

interface DedicatedAccount {
  id: number;
  accountNumber: string;
  accountName: string;
  bank: { name: string; id: number; slug: string };
  customer: PaystackCustomer;
  createdAt: string;
}

interface Account {
  key: string;
  domain: 'test' | 'live';
  transactions: Map<string, Transaction>;
  customers: PaystackCustomer[];
  dedicated: DedicatedAccount[];
}

/** The banks a dedicated account can be opened at (test mode answers Test Bank by default). */
const BANKS: Record<string, { name: string; id: number; slug: string }> = {
  'test-bank': { name: 'Test Bank', id: 1, slug: 'test-bank' },
  'wema-bank': { name: 'Wema Bank', id: 20, slug: 'wema-bank' },
  'titan-paystack': { name: 'Titan Paystack', id: 67, slug: 'titan-paystack' },
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Paystack allows only these characters in a reference. */
const REFERENCE = /^[A-Za-z0-9.=-]+$/;
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

const randomCode = (length: number) =>
  Array.from(randomBytes(length), (b) => ALPHABET[b % ALPHABET.length]).join('');

const now = () => new Date().toISOString();

/** Paystack's local fee: 1.5%, plus ₦100 from ₦2,500, capped at ₦2,000 (kobo). */
const feeOf = (kobo: number) =>
  Math.min(200_000, Math.round(kobo * 0.015) + (kobo >= 250_000 ? 10_000 : 0));

/** A positive whole number of kobo, given as a number or a numeric string; else undefined. */
const koboOf = (value: unknown): number | undefined => {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\d+$/.test(value.trim())
        ? Number(value.trim())
        : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
};
const fail = (res: ServerResponse, status: number, message: string) =>
  json(res, status, { status: false, message });

const html = (res: ServerResponse, status: number, title: string, body: string) => {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  res.end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
      `<meta name="viewport" content="width=device-width,initial-scale=1">` +
      `<title>${escapeHtml(title)}</title></head><body><main>${body}</main></body></html>`,
  );
};

const parseBody = (
  raw: string,
  contentType: string | undefined,
): Record<string, unknown> | null => {
  if (!raw.trim()) return {};
  if (contentType?.startsWith('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(raw));
  }
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
};

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value.trim() : null;

/**
 * Starts the loopback on 127.0.0.1 (`port`, or a free one). `secretKeys`: the valid keys, one
 * Paystack account each (default LOOPBACK_PAYSTACK_KEYS); any other key is answered 401.
 */
export const startLoopbackPaystack = async (
  opts: { secretKeys?: readonly string[]; port?: number } = {},
): Promise<LoopbackPaystack> => {
  const secretKeys = [...(opts.secretKeys ?? LOOPBACK_PAYSTACK_KEYS)];
  const accounts = new Map<string, Account>(
    secretKeys.map((key) => [
      key,
      {
        key,
        domain: key.startsWith('sk_live_') ? 'live' : 'test',
        transactions: new Map(),
        customers: [],
        dedicated: [],
      },
    ]),
  );
  const byAccessCode = new Map<string, { account: Account; tx: Transaction }>();
  const byAccountNumber = new Map<string, { account: Account; dva: DedicatedAccount }>();
  const webhooks = new Map<string, WebhookEndpoint>();
  const received: PaystackRequest[] = [];
  const deliveries: WebhookDelivery[] = [];
  const script: PaystackBehaviour[] = [];
  let nextTransactionId = 4_099_260_000;
  let nextCustomerId = 92_312_000;
  let nextDedicatedId = 250;
  let nextAccountNumber = 9_930_000_000;
  let baseUrl = '';

  const sign = (secretKey: string, rawBody: string | Buffer) =>
    createHmac('sha512', secretKey).update(rawBody).digest('hex');

  const dataOf = (account: Account, tx: Transaction): PaystackTransaction => ({
    id: tx.id,
    domain: account.domain,
    status: tx.status,
    reference: tx.reference,
    amount: tx.amount,
    requested_amount: tx.requestedAmount,
    currency: tx.currency,
    channel: tx.channel,
    gateway_response: tx.gatewayResponse,
    message: null,
    paid_at: tx.paidAt,
    paidAt: tx.paidAt,
    created_at: tx.createdAt,
    createdAt: tx.createdAt,
    ip_address: tx.paidAt ? '197.210.45.12' : null,
    fees: tx.status === 'success' ? feeOf(tx.amount) : null,
    metadata: tx.metadata,
    customer: { ...tx.customer },
    authorization: { ...tx.authorization },
    log: null,
    plan: null,
  });

  /** The account's customer with this e-mail, made if new (Paystack keeps one per e-mail). */
  const customerFor = (
    account: Account,
    email: string,
    details: {
      first_name?: unknown;
      last_name?: unknown;
      phone?: unknown;
      metadata?: unknown;
    } = {},
  ): PaystackCustomer => {
    const lower = email.toLowerCase();
    let customer = account.customers.find((c) => c.email === lower);
    if (!customer) {
      customer = {
        id: nextCustomerId++,
        customer_code: `CUS_${randomCode(15)}`,
        email: lower,
        first_name: null,
        last_name: null,
        phone: null,
        metadata: null,
        risk_action: 'default',
      };
      account.customers.push(customer);
    }
    customer.first_name = text(details.first_name) ?? customer.first_name;
    customer.last_name = text(details.last_name) ?? customer.last_name;
    customer.phone = text(details.phone) ?? customer.phone;
    if (details.metadata !== undefined) customer.metadata = details.metadata;
    return customer;
  };

  const find = (reference: string, secretKey?: string) => {
    for (const account of accounts.values()) {
      if (secretKey && account.key !== secretKey) continue;
      const tx = account.transactions.get(reference);
      if (tx) return { account, tx };
    }
    return undefined;
  };

  const deliver = async (account: Account, event: unknown): Promise<WebhookDelivery> => {
    const body = JSON.stringify(event);
    const signature = sign(account.key, body);
    const endpoint = webhooks.get(account.key);
    const delivery: WebhookDelivery = {
      key: account.key,
      url: endpoint === undefined ? null : typeof endpoint === 'string' ? endpoint : '(function)',
      event: String((event as { event?: unknown } | null)?.event ?? ''),
      body,
      signature,
      status: null,
      error: null,
    };
    deliveries.push(delivery);
    if (endpoint === undefined) {
      delivery.error = 'no webhook URL set for this account';
      return delivery;
    }
    const headers = { 'content-type': 'application/json', 'x-paystack-signature': signature };
    try {
      if (typeof endpoint === 'string') {
        const res = await fetch(endpoint, {
          method: 'POST',
          headers,
          body,
          signal: AbortSignal.timeout(10_000),
        });
        delivery.status = res.status;
        await res.arrayBuffer().catch(() => undefined);
      } else {
        const answer = await endpoint({ headers: { ...headers }, body });
        delivery.status = typeof answer === 'number' ? answer : answer.statusCode;
      }
    } catch (error) {
      delivery.error = error instanceof Error ? error.message : String(error);
    }
    return delivery;
  };

  const chargeSuccess = (account: Account, tx: Transaction) =>
    deliver(account, { event: 'charge.success', data: dataOf(account, tx) });

  /** Marks a transaction paid (Paystack's card authorization unless another channel). */
  const complete = (tx: Transaction, amount: number, channel: string) => {
    tx.status = 'success';
    tx.amount = amount;
    tx.channel = channel;
    tx.gatewayResponse = 'Successful';
    tx.paidAt = now();
    tx.authorization =
      channel === 'card'
        ? {
            authorization_code: `AUTH_${randomCode(10)}`,
            bin: '408408',
            last4: '4081',
            exp_month: '12',
            exp_year: '2030',
            channel: 'card',
            card_type: 'visa ',
            bank: 'TEST BANK',
            country_code: 'NG',
            brand: 'visa',
            reusable: true,
            signature: `SIG_${randomCode(20)}`,
            account_name: null,
            receiver_bank_account_number: null,
            receiver_bank: null,
          }
        : { authorization_code: `AUTH_${randomCode(10)}`, channel, reusable: false };
  };

  // ---- The API ----------------------------------------------------------------------------

  const initialize = (account: Account, body: Record<string, unknown>, res: ServerResponse) => {
    const email = text(body.email);
    if (!email || !EMAIL.test(email)) return fail(res, 400, 'Invalid Email Address Passed');
    const amount = koboOf(body.amount);
    if (amount === undefined) return fail(res, 400, 'Invalid Amount Sent');
    const currency = body.currency === undefined ? 'NGN' : body.currency;
    if (currency !== 'NGN') return fail(res, 400, 'Currency not supported by merchant');
    let reference = body.reference === undefined ? null : text(body.reference);
    if (body.reference !== undefined && (!reference || !REFERENCE.test(reference))) {
      return fail(res, 400, 'Only -, ., = and alphanumeric characters allowed in reference');
    }
    if (reference && account.transactions.has(reference)) {
      return fail(res, 400, 'Duplicate Transaction Reference');
    }
    reference ??= randomCode(10);
    const accessCode = randomCode(15);
    const createdAt = now();
    const tx: Transaction = {
      id: nextTransactionId++,
      reference,
      accessCode,
      amount,
      requestedAmount: amount,
      currency: 'NGN',
      status: 'abandoned',
      channel: 'card',
      gatewayResponse: 'The transaction was not completed',
      paidAt: null,
      createdAt,
      metadata: body.metadata ?? '',
      callbackUrl: text(body.callback_url),
      customer: customerFor(account, email),
      authorization: {},
    };
    account.transactions.set(reference, tx);
    byAccessCode.set(accessCode, { account, tx });
    return json(res, 200, {
      status: true,
      message: 'Authorization URL created',
      data: {
        authorization_url: `${baseUrl}/checkout/${accessCode}`,
        access_code: accessCode,
        reference,
      },
    });
  };

  const list = (account: Account, query: Record<string, string>, res: ServerResponse) => {
    const perPage = Math.min(200, Math.max(1, Number.parseInt(query.perPage ?? '50', 10) || 50));
    const page = Math.max(1, Number.parseInt(query.page ?? '1', 10) || 1);
    const all = [...account.transactions.values()]
      .filter((tx) => !query.status || tx.status === query.status)
      .reverse();
    const slice = all.slice((page - 1) * perPage, page * perPage);
    return json(res, 200, {
      status: true,
      message: 'Transactions retrieved',
      data: slice.map((tx) => dataOf(account, tx)),
      meta: {
        total: all.length,
        total_volume: all.filter((t) => t.status === 'success').reduce((s, t) => s + t.amount, 0),
        skipped: (page - 1) * perPage,
        perPage,
        page,
        pageCount: Math.max(1, Math.ceil(all.length / perPage)),
      },
    });
  };

  const createCustomer = (account: Account, body: Record<string, unknown>, res: ServerResponse) => {
    const email = text(body.email);
    if (!email || !EMAIL.test(email)) return fail(res, 400, 'Invalid Email Address Passed');
    const customer = customerFor(account, email, body);
    const at = now();
    return json(res, 200, {
      status: true,
      message: 'Customer created',
      data: {
        ...customer,
        integration: 100_032,
        domain: account.domain,
        identified: false,
        identifications: null,
        createdAt: at,
        updatedAt: at,
      },
    });
  };

  const dedicatedData = (account: Account, dva: DedicatedAccount) => ({
    bank: { ...dva.bank },
    account_name: dva.accountName,
    account_number: dva.accountNumber,
    assigned: true,
    currency: 'NGN',
    metadata: null,
    active: true,
    id: dva.id,
    created_at: dva.createdAt,
    updated_at: dva.createdAt,
    assignment: {
      integration: 100_032,
      assignee_id: dva.customer.id,
      assignee_type: 'Customer',
      expired: false,
      account_type: 'PAY-WITH-TRANSFER-RECURRING',
      assigned_at: dva.createdAt,
    },
    customer: { ...dva.customer },
    domain: account.domain,
  });

  const createDedicated = (
    account: Account,
    body: Record<string, unknown>,
    res: ServerResponse,
  ) => {
    const ref = body.customer;
    const customer = account.customers.find(
      (c) =>
        (typeof ref === 'string' && (c.customer_code === ref || String(c.id) === ref)) ||
        (typeof ref === 'number' && c.id === ref),
    );
    if (ref === undefined || ref === null || ref === '') {
      return fail(res, 400, 'Customer is required');
    }
    if (!customer) return fail(res, 404, 'Customer not found');
    const slug = text(body.preferred_bank) ?? 'test-bank';
    const bank = BANKS[slug];
    if (!bank) return fail(res, 400, 'Preferred bank is not supported');
    customer.first_name = text(body.first_name) ?? customer.first_name;
    customer.last_name = text(body.last_name) ?? customer.last_name;
    customer.phone = text(body.phone) ?? customer.phone;
    const existing = account.dedicated.find((d) => d.customer.id === customer.id);
    if (existing) {
      return json(res, 200, {
        status: true,
        message: 'Assigned Managed Account',
        data: dedicatedData(account, existing),
      });
    }
    if (!customer.first_name || !customer.last_name) {
      return fail(res, 400, "The customer's first name and last name are required");
    }
    const createdAt = now();
    const dva: DedicatedAccount = {
      id: nextDedicatedId++,
      accountNumber: String(nextAccountNumber++),
      accountName: `KORA/${customer.first_name} ${customer.last_name}`.toUpperCase(),
      bank,
      customer,
      createdAt,
    };
    account.dedicated.push(dva);
    byAccountNumber.set(dva.accountNumber, { account, dva });
    return json(res, 200, {
      status: true,
      message: 'NUBAN successfully created',
      data: dedicatedData(account, dva),
    });
  };

  const api = (
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    query: Record<string, string>,
    raw: string,
  ) => {
    const auth = req.headers.authorization;
    const key = auth?.match(/^Bearer\s+(.+)$/i)?.[1]?.trim() ?? null;
    const body = parseBody(raw, req.headers['content-type']);
    received.push({ method: req.method ?? 'GET', path, query, key, body: body ?? {} });
    switch (script.shift() ?? 'ok') {
      case 'hang':
        return; // no answer: the client gives up
      case 'error':
        return fail(res, 500, 'An error occurred');
      case 'ok':
        break;
    }
    if (!auth) return fail(res, 401, 'No Authorization Header was found');
    const account = key ? accounts.get(key) : undefined;
    if (!account) return fail(res, 401, 'Invalid key');
    if (body === null) return fail(res, 400, 'Invalid JSON body');

    const verify = path.match(/^\/transaction\/verify\/([^/]+)$/);
    if (req.method === 'GET' && verify) {
      const reference = decodeURIComponent(verify[1]!);
      const tx = account.transactions.get(reference);
      if (!tx) {
        return json(res, 400, {
          status: false,
          message: 'Transaction reference not found',
          type: 'validation_error',
          code: 'transaction_not_found',
        });
      }
      return json(res, 200, {
        status: true,
        message: 'Verification successful',
        data: dataOf(account, tx),
      });
    }
    if (req.method === 'GET' && path === '/transaction') return list(account, query, res);
    if (req.method === 'POST' && path === '/transaction/initialize') {
      return initialize(account, body, res);
    }
    if (req.method === 'POST' && path === '/customer') return createCustomer(account, body, res);
    if (req.method === 'POST' && path === '/dedicated_account') {
      return createDedicated(account, body, res);
    }
    return fail(res, 404, 'Not found');
  };

  // ---- The checkout (what the member's browser sees) ---------------------------------------

  const checkout = async (req: IncomingMessage, res: ServerResponse, path: string) => {
    const match = path.match(/^\/checkout\/([a-z0-9]+)(\/pay)?$/);
    const found = match ? byAccessCode.get(match[1]!) : undefined;
    if (!match || !found) {
      return html(res, 404, 'Not found', '<h1>This checkout does not exist</h1>');
    }
    const { account, tx } = found;
    const code = match[1]!;
    if (!match[2]) {
      if (req.method !== 'GET' && req.method !== 'HEAD')
        return fail(res, 405, 'Method not allowed');
      const amount = escapeHtml(formatNaira(tx.requestedAmount / 100));
      if (tx.status === 'success') {
        return html(
          res,
          200,
          'Paystack Checkout',
          `<h1>Payment complete</h1><p class="amount">${amount}</p>`,
        );
      }
      return html(
        res,
        200,
        'Paystack Checkout',
        `<h1>Paystack Checkout (loopback)</h1>` +
          `<p class="email">${escapeHtml(tx.customer.email)}</p>` +
          `<p class="amount">Pay <strong>${amount}</strong></p>` +
          `<form method="post" action="/checkout/${code}/pay"><button type="submit">Pay</button></form>`,
      );
    }
    if (req.method !== 'POST') return fail(res, 405, 'Method not allowed');
    if (tx.status !== 'success') {
      complete(tx, tx.requestedAmount, 'card');
      await chargeSuccess(account, tx);
    }
    if (tx.callbackUrl) {
      try {
        const back = new URL(tx.callbackUrl);
        back.searchParams.set('trxref', tx.reference);
        back.searchParams.set('reference', tx.reference);
        res.writeHead(302, { location: back.toString() });
        return res.end();
      } catch {
        // not a URL: fall through to Paystack's own success page
      }
    }
    return html(res, 200, 'Paystack Checkout', '<h1>Payment successful</h1>');
  };

  const server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://loopback');
      const query = Object.fromEntries(url.searchParams);
      if (url.pathname.startsWith('/checkout/')) {
        checkout(req, res, url.pathname).catch((error: unknown) =>
          fail(res, 500, error instanceof Error ? error.message : 'checkout failed'),
        );
        return;
      }
      api(req, res, url.pathname, query, raw);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`;

  const accountOf = (secretKey: string) => {
    const account = accounts.get(secretKey);
    if (!account) throw new Error(`loopback Paystack: ${secretKey} is not one of its keys`);
    return account;
  };

  return {
    baseUrl,
    secretKeys,
    webhooks,
    received,
    deliveries,
    script,
    transaction: (reference, secretKey) => {
      const found = find(reference, secretKey);
      return found ? dataOf(found.account, found.tx) : undefined;
    },
    checkoutUrl: (reference, secretKey) => {
      const found = find(reference, secretKey);
      if (!found?.tx.accessCode) throw new Error(`loopback Paystack: no checkout for ${reference}`);
      return `${baseUrl}/checkout/${found.tx.accessCode}`;
    },
    pay: async (reference, payOpts = {}) => {
      const found = find(reference, payOpts.secretKey);
      if (!found) throw new Error(`loopback Paystack: no transaction ${reference}`);
      const { account, tx } = found;
      if (tx.status === 'success') throw new Error(`loopback Paystack: ${reference} is paid`);
      const amount = payOpts.amount ?? tx.requestedAmount;
      if (!Number.isSafeInteger(amount) || amount <= 0) {
        throw new Error('loopback Paystack: amount is a positive whole number of kobo');
      }
      complete(tx, amount, payOpts.channel ?? 'card');
      if (payOpts.sendWebhook ?? true) await chargeSuccess(account, tx);
      return dataOf(account, tx);
    },
    transferTo: async (accountNumber, amountKobo, transferOpts = {}) => {
      const found = byAccountNumber.get(accountNumber);
      if (!found) throw new Error(`loopback Paystack: no dedicated account ${accountNumber}`);
      if (!Number.isSafeInteger(amountKobo) || amountKobo <= 0) {
        throw new Error('loopback Paystack: amount is a positive whole number of kobo');
      }
      const { account, dva } = found;
      const at = now();
      const senderName = transferOpts.senderName ?? 'ADA OBI';
      const tx: Transaction = {
        id: nextTransactionId++,
        reference: `${Date.now()}${randomCode(6)}`,
        accessCode: null,
        amount: amountKobo,
        requestedAmount: amountKobo,
        currency: 'NGN',
        status: 'success',
        channel: 'dedicated_nuban',
        gatewayResponse: 'Approved',
        paidAt: at,
        createdAt: at,
        metadata: {
          receiver_account_number: dva.accountNumber,
          receiver_bank: dva.bank.name,
          custom_fields: [
            {
              display_name: 'Receiver Account',
              variable_name: 'receiver_account_number',
              value: dva.accountNumber,
            },
          ],
        },
        callbackUrl: null,
        customer: dva.customer,
        authorization: {
          authorization_code: `AUTH_${randomCode(10)}`,
          bin: '008XXX',
          last4: 'X553',
          exp_month: String(new Date().getUTCMonth() + 1).padStart(2, '0'),
          exp_year: String(new Date().getUTCFullYear()),
          channel: 'dedicated_nuban',
          card_type: 'transfer',
          bank: 'First City Monument Bank',
          country_code: 'NG',
          brand: 'Managed Account',
          reusable: false,
          signature: null,
          sender_bank: 'First City Monument Bank',
          sender_bank_account_number: 'XXXXXX4553',
          sender_country: 'NG',
          sender_name: senderName,
          narration: `NIP: ${senderName} -${dva.accountNumber}`,
          receiver_bank_account_number: dva.accountNumber,
          receiver_bank: dva.bank.name,
        },
      };
      account.transactions.set(tx.reference, tx);
      if (transferOpts.sendWebhook ?? true) await chargeSuccess(account, tx);
      return dataOf(account, tx);
    },
    sell: async (secretKey, email, amountKobo, saleOpts = {}) => {
      const account = accountOf(secretKey);
      if (!EMAIL.test(email)) throw new Error(`loopback Paystack: ${email} is not an e-mail`);
      if (!Number.isSafeInteger(amountKobo) || amountKobo <= 0) {
        throw new Error('loopback Paystack: amount is a positive whole number of kobo');
      }
      const at = now();
      const tx: Transaction = {
        id: nextTransactionId++,
        reference: `T${randomCode(15)}`,
        accessCode: null,
        amount: amountKobo,
        requestedAmount: amountKobo,
        currency: 'NGN',
        status: 'abandoned',
        channel: 'card',
        gatewayResponse: 'The transaction was not completed',
        paidAt: null,
        createdAt: at,
        metadata: saleOpts.metadata ?? '',
        callbackUrl: null,
        customer: customerFor(account, email),
        authorization: {},
      };
      complete(tx, amountKobo, saleOpts.channel ?? 'card');
      account.transactions.set(tx.reference, tx);
      if (saleOpts.sendWebhook ?? true) await chargeSuccess(account, tx);
      return dataOf(account, tx);
    },
    rollKey: (secretKey) => {
      const account = accountOf(secretKey);
      const next = `${secretKey.slice(0, 8)}${randomCode(32)}`;
      accounts.delete(secretKey);
      accounts.set(next, account);
      account.key = next;
      secretKeys.splice(secretKeys.indexOf(secretKey), 1, next);
      const endpoint = webhooks.get(secretKey);
      webhooks.delete(secretKey);
      if (endpoint !== undefined) webhooks.set(next, endpoint);
      return next;
    },
    sendEvent: (secretKey, event) => deliver(accountOf(secretKey), event),
    sign,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
